//! The rules text printed on a card: one paragraph per keyword (its name and what it does, from
//! the pack's definition), then the card's own abilities, then its free text. The editor's
//! preview, the card renderer (PNG, PDF, Tabletop Simulator) and the CSV export all read it
//! from here, so what prints is what the sandbox runs.

use crate::model::{Card, KeywordDef, KeywordRef};

use super::text::{Words, card_ability_text_in};

/// One paragraph of a card's printed rules text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardTextLine {
    /// The keyword this paragraph explains, as written on the card (`Armor 2`); printed bold.
    pub keyword: Option<String>,
    /// What follows the keyword (or the whole paragraph when there is none).
    pub body: String,
    /// The keyword is not defined in the pack: the body only says so.
    pub unknown_keyword: bool,
}

impl CardTextLine {
    /// The paragraph as plain text: `Armor 2: Takes 2 less damage.`
    #[must_use]
    pub fn to_plain(&self) -> String {
        match &self.keyword {
            Some(k) if self.body.is_empty() => k.clone(),
            Some(k) if self.unknown_keyword => format!("{k} {}", self.body),
            Some(k) => format!("{k}: {}", self.body),
            None => self.body.clone(),
        }
    }
}

/// The card's rules text, paragraph by paragraph. `keyword_def` finds a keyword's definition by
/// name (case-insensitively, as [`KeywordDef::matches`]); a keyword it does not know is printed
/// as `Name (unknown keyword)`.
pub fn card_text_lines<'a>(
    card: &Card,
    keyword_def: impl Fn(&str) -> Option<&'a KeywordDef>,
) -> Vec<CardTextLine> {
    card_text_lines_in(&Words::default(), card, keyword_def)
}

/// [`card_text_lines`] in a game's words (its profile's stat names and trigger words, card
/// names for the ids abilities name).
pub fn card_text_lines_in<'a>(
    words: &Words<'_>,
    card: &Card,
    keyword_def: impl Fn(&str) -> Option<&'a KeywordDef>,
) -> Vec<CardTextLine> {
    // The card's own name where its text names it: in a cost ("Banish Chalice of Blood") and,
    // in a game's words, as the subject ("Blazing Bowman gets +2 POWER"; a champion by the
    // name before its title: "Tristan has"), as printed cards do.
    let own = |id: &str| {
        let subject = id == super::text::words_self_id() && words.profile.is_some();
        if id == super::text::THIS_CARD || subject {
            let name = if card.kind == crate::model::CardKind::Champion {
                card.name.split(',').next().unwrap_or(&card.name).trim()
            } else {
                card.name.as_str()
            };
            Some(name.to_owned())
        } else {
            words.card_name.and_then(|f| f(id))
        }
    };
    let words = &Words {
        profile: words.profile,
        card_name: Some(&own),
    };
    let mut lines = Vec::new();
    for written in &card.keywords {
        let Some(kref) = KeywordRef::parse(written) else {
            continue;
        };
        match keyword_def(&kref.name) {
            Some(def) => {
                let body = if def.summary.trim().is_empty() {
                    def.abilities
                        .iter()
                        .map(|a| card_ability_text_in(words, card.kind, a, kref.value))
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    substitute_value(&def.summary, def.param.as_deref(), kref.value)
                };
                lines.push(CardTextLine {
                    keyword: Some(kref.to_text()),
                    body,
                    unknown_keyword: false,
                });
            }
            None => lines.push(CardTextLine {
                keyword: Some(kref.to_text()),
                body: "(unknown keyword)".to_owned(),
                unknown_keyword: true,
            }),
        }
    }
    for ability in &card.abilities {
        lines.push(CardTextLine {
            keyword: None,
            body: card_ability_text_in(words, card.kind, ability, None),
            unknown_keyword: false,
        });
    }
    if !card.text.trim().is_empty() {
        lines.push(CardTextLine {
            keyword: None,
            body: card.text.trim().to_owned(),
            unknown_keyword: false,
        });
    }
    lines
}

/// Puts the keyword's value in place of its parameter name (`N` → `2`).
fn substitute_value(summary: &str, param: Option<&str>, value: Option<i32>) -> String {
    match (param, value) {
        (Some(p), Some(v)) if !p.is_empty() => summary
            .split(' ')
            .map(|w| {
                let core = w.trim_end_matches(['.', ',', ';', ':', ')']);
                if core == p {
                    format!("{v}{}", &w[core.len()..])
                } else {
                    w.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join(" "),
        _ => summary.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_take_the_keyword_value() {
        assert_eq!(
            substitute_value("Takes N less damage.", Some("N"), Some(2)),
            "Takes 2 less damage."
        );
        assert_eq!(substitute_value("Flies.", None, None), "Flies.");
    }

    #[test]
    fn keywords_come_first_then_abilities_then_free_text() {
        let armor = KeywordDef {
            name: "Armor".into(),
            param: Some("N".into()),
            summary: "Takes N less damage.".into(),
            ..KeywordDef::default()
        };
        let card = Card {
            name: "Wall".into(),
            keywords: vec!["Armor 2".into(), "Mystery".into()],
            text: "  Sturdy.  ".into(),
            ..Card::default()
        };
        let lines = card_text_lines(&card, |name| armor.matches(name).then_some(&armor));
        let plain: Vec<String> = lines.iter().map(CardTextLine::to_plain).collect();
        assert_eq!(
            plain,
            [
                "Armor 2: Takes 2 less damage.",
                "Mystery (unknown keyword)",
                "Sturdy."
            ]
        );
        assert_eq!(lines[0].keyword.as_deref(), Some("Armor 2"));
        assert_eq!(lines[2].keyword, None);
    }
}
