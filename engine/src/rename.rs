//! Renaming a keyword or a card id everywhere a pack uses it (issue #13, item 3): a card's
//! keyword list and every ability field that names a keyword or a card ([`Refers`]), found by
//! walking the model's shapes ([`Reflect`]), so a field added to the model is renamed too.
//! Scenario files name cards and keywords in plain strings: [`Rename::in_text`] rewrites those
//! strings in the file's text and keeps every other byte, comments included.

use crate::model::card::KeywordRef;
use crate::model::keyword::normalise;
use crate::model::{Card, KeywordDef};
use crate::reflect::{Refers, Reflect, ValueMut};
use crate::ron_doc::lex::{TokenKind, tokenize};

/// What is renamed: a keyword (case-insensitively, a value it carries kept) or a card id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rename {
    /// A keyword's name.
    Keyword {
        /// The name now.
        from: String,
        /// The new name.
        to: String,
    },
    /// A card's id.
    Card {
        /// The id now.
        from: String,
        /// The new id.
        to: String,
    },
}

impl Rename {
    /// What a field of this kind reads after the rename, if the rename changes it.
    fn renamed(&self, refers: Refers, text: &str) -> Option<String> {
        match (self, refers) {
            (Rename::Keyword { from, to }, Refers::Keyword) => {
                let r = KeywordRef::parse(text)?;
                (normalise(&r.name) == normalise(from)).then(|| {
                    KeywordRef {
                        name: to.clone(),
                        value: r.value,
                    }
                    .to_text()
                })
            }
            (Rename::Card { from, to }, Refers::Card) => (text == from).then(|| to.clone()),
            _ => None,
        }
    }

    /// Renames in a card (its id, keyword list and abilities); how many places changed.
    pub fn card(&self, card: &mut Card) -> usize {
        let mut n = 0;
        if let Some(id) = self.renamed(Refers::Card, &card.id) {
            card.id = id;
            n += 1;
        }
        for keyword in &mut card.keywords {
            if let Some(k) = self.renamed(Refers::Keyword, keyword) {
                *keyword = k;
                n += 1;
            }
        }
        for ability in &mut card.abilities {
            n += self.walk(ability, Refers::Nothing);
        }
        n
    }

    /// Renames in a keyword definition (its name and abilities); how many places changed.
    pub fn keyword(&self, def: &mut KeywordDef) -> usize {
        let mut n = 0;
        if let Rename::Keyword { from, to } = self
            && def.matches(from)
        {
            def.name.clone_from(to);
            n += 1;
        }
        for ability in &mut def.abilities {
            n += self.walk(ability, Refers::Nothing);
        }
        n
    }

    /// Renames in a file's text (battle and rules scenarios: lines, hands, plays, expectations):
    /// every plain string that is exactly the card id, or the keyword with or without a value,
    /// is rewritten where it stands, and every other byte stays. `None` when nothing changes or
    /// the text cannot be read as RON (the file is then left for the user).
    #[must_use]
    pub fn in_text(&self, text: &str) -> Option<String> {
        let refers = match self {
            Rename::Keyword { .. } => Refers::Keyword,
            Rename::Card { .. } => Refers::Card,
        };
        let mut out = String::with_capacity(text.len());
        let mut copied = 0;
        for token in tokenize(text).ok()? {
            if token.kind != TokenKind::Str {
                continue;
            }
            // Raw, byte and escaped strings are not names the editor writes.
            let literal = &text[token.start..token.end];
            let Some(inner) = literal.strip_prefix('"').and_then(|s| s.strip_suffix('"')) else {
                continue;
            };
            if inner.contains('\\') {
                continue;
            }
            let renamed = match self {
                Rename::Card { from, to } => instance_renamed(inner, from, to),
                Rename::Keyword { .. } => self.renamed(refers, inner),
            };
            let Some(new) = renamed else {
                continue;
            };
            out.push_str(&text[copied..token.start]);
            out.push_str(&ron::to_string(&new).ok()?);
            copied = token.end;
        }
        (copied > 0).then(|| out + &text[copied..])
    }

    /// Renames every text under `value` whose field refers to what is renamed.
    fn walk(&self, value: &mut dyn Reflect, refers: Refers) -> usize {
        match value.value_mut() {
            ValueMut::Text(text) => match self.renamed(refers, text) {
                Some(new) => {
                    *text = new;
                    1
                }
                None => 0,
            },
            ValueMut::Bool(_) | ValueMut::Int(_) => 0,
            ValueMut::Option(o) => o.inner_mut().map_or(0, |v| self.walk(v, refers)),
            ValueMut::List(list) => (0..list.len())
                .map(|i| list.item_mut(i).map_or(0, |v| self.walk(v, refers)))
                .sum(),
            ValueMut::Map(map) => (0..map.len())
                .map(|i| map.value_mut(i).map_or(0, |v| self.walk(v, refers)))
                .sum(),
            ValueMut::Tuple(items) => items.into_iter().map(|v| self.walk(v, refers)).sum(),
            ValueMut::Struct(info, fields) => info
                .fields
                .iter()
                .zip(fields)
                .map(|(f, v)| self.walk(v, f.refers))
                .sum(),
            ValueMut::Enum(e) => {
                let info = e.info();
                let variant = e.variant();
                let fields: Vec<_> = info
                    .variants
                    .get(variant)
                    .map(|v| v.fields.iter().map(|f| f.refers).collect())
                    .unwrap_or_default();
                e.fields_mut()
                    .into_iter()
                    .zip(fields)
                    .map(|(v, r)| self.walk(v, r))
                    .sum()
            }
        }
    }
}

/// A scenario's name of a card instance with the card id `from` renamed: rules scenarios write
/// `wolf`, `wolf#2` (the second copy), `sword@wolf` (attached to a wolf) and `wolf:Howl` (a
/// wolf's trigger); `None` when no part of it is that card.
fn instance_renamed(text: &str, from: &str, to: &str) -> Option<String> {
    let mut changed = false;
    let parts: Vec<String> = text
        .split('@')
        .map(|part| {
            let base_end = part.find(['#', ':']).unwrap_or(part.len());
            if &part[..base_end] == from {
                changed = true;
                format!("{to}{}", &part[base_end..])
            } else {
                part.to_owned()
            }
        })
        .collect();
    changed.then(|| parts.join("@"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        ron::from_str(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_keyword_is_renamed_in_keyword_lists_and_ability_fields_with_its_value_kept() {
        let mut c = card(
            r#"(id: "a", name: "A", keywords: ["Thorns 2", "Flight"], abilities: [(
                kind: Static, condition: Some(HasKeyword("thorns")),
                effects: [Grant("Thorns"), Grant("Flight")],
            )])"#,
        );
        let rename = Rename::Keyword {
            from: "Thorns".into(),
            to: "Spikes".into(),
        };
        assert_eq!(rename.card(&mut c), 3);
        assert_eq!(c.keywords, ["Spikes 2", "Flight"]);
        let text = ron::to_string(&c.abilities).unwrap_or_default();
        assert!(text.contains("HasKeyword(\"Spikes\")"), "{text}");
        assert!(text.contains("Grant(\"Spikes\")"), "{text}");
        assert!(text.contains("Grant(\"Flight\")"), "{text}");
        // Nothing left to rename: a second pass changes nothing.
        assert_eq!(rename.card(&mut c), 0);
    }

    #[test]
    fn a_card_id_is_renamed_in_its_card_and_where_abilities_name_it() {
        let mut c = card(
            r#"(id: "wolf", name: "Wolf", keywords: ["wolf"], abilities: [(
                kind: Static, condition: Some(IsCard("wolf")), effects: [Transform("wolf")],
            )])"#,
        );
        let rename = Rename::Card {
            from: "wolf".into(),
            to: "grey_wolf".into(),
        };
        assert_eq!(rename.card(&mut c), 3);
        assert_eq!(c.id, "grey_wolf");
        // A keyword that happens to read like the id is not a card reference.
        assert_eq!(c.keywords, ["wolf"]);
    }

    #[test]
    fn a_scenario_text_gets_the_new_card_id_and_keeps_every_other_byte() {
        let text = "// goblin_sapper opens: \"goblin_sapper\" in a comment stays\nBattleScenario(\n    \
                    line_a: [\"goblin_sapper\", \"goblin_sapper_2\"], // why\n    \
                    raw: r#\"goblin_sapper\"#,\n)\n";
        let rename = Rename::Card {
            from: "goblin_sapper".into(),
            to: "sapper".into(),
        };
        let after = rename.in_text(text).unwrap_or_default();
        assert_eq!(
            after,
            text.replacen("[\"goblin_sapper\",", "[\"sapper\",", 1),
            "only the string that is the id changes"
        );
        assert_eq!(rename.in_text(&after), None, "nothing left to rename");
        assert_eq!(
            rename
                .in_text(r#"(city: ["goblin_sapper#2", "axe@goblin_sapper"], order: ["goblin_sapper:Dig"])"#)
                .as_deref(),
            Some(r#"(city: ["sapper#2", "axe@sapper"], order: ["sapper:Dig"])"#),
            "copies, attachments and triggers name the card too"
        );
        assert_eq!(rename.in_text("BattleScenario(\"unclosed"), None);
    }

    #[test]
    fn a_scenario_text_gets_the_new_keyword_with_its_value() {
        let rename = Rename::Keyword {
            from: "Thorns".into(),
            to: "Spikes".into(),
        };
        assert_eq!(
            rename
                .in_text("(keywords: [\"thorns 2\", \"Flight\"])")
                .as_deref(),
            Some("(keywords: [\"Spikes 2\", \"Flight\"])")
        );
    }

    #[test]
    fn a_keyword_definition_takes_the_new_name() {
        let mut def: KeywordDef =
            ron::from_str(r#"(name: "Thorns")"#).unwrap_or_else(|e| panic!("{e}"));
        let rename = Rename::Keyword {
            from: "thorns".into(),
            to: "Spikes".into(),
        };
        assert_eq!(rename.keyword(&mut def), 1);
        assert_eq!(def.name, "Spikes");
    }
}
