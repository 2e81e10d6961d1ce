//! Decks in a pack: finding one by the name a command is given, its cards with their copies,
//! and `validate`'s checks of every deck file (each card id known, counts above zero).

use std::collections::{BTreeMap, BTreeSet};

use super::{Content, Pack, PackFile};
use crate::content_check::nearest;
use crate::diag::{Diagnostics, Location};
use crate::locate;
use crate::model::{Ability, Card, DeckList};
use crate::reflect::{Refers, visit_texts_mut};

/// Why a deck cannot be played or printed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// No deck of the pack has this id or name.
    #[error("no deck `{name}` in the pack{hint}")]
    Unknown {
        /// The name asked for.
        name: String,
        /// "; did you mean `x`?", or the decks there are, or that there are none.
        hint: String,
    },
    /// The deck names a card the pack does not have (`validate` reports it, located).
    #[error("deck `{deck}` lists card `{card}`, which is not in the pack")]
    UnknownCard {
        /// The deck's id.
        deck: String,
        /// The card id it lists.
        card: String,
    },
    /// A card file cut down to the deck's cards cannot be written.
    #[error("cannot write {file} with the deck's cards only: {message}")]
    Cut {
        /// The card file.
        file: String,
        /// Why.
        message: String,
    },
}

impl Pack {
    /// Every deck list in the pack with its file, in file order.
    pub fn decks(&self) -> impl Iterator<Item = (&PackFile, &DeckList)> {
        self.files.iter().filter_map(|f| match &f.content {
            Content::Deck(deck) => Some((f, deck)),
            _ => None,
        })
    }

    /// The deck `name` names: its id, else its printed name (in any case).
    pub fn deck(&self, name: &str) -> Result<&DeckList, DeckError> {
        let decks: Vec<&DeckList> = self.decks().map(|(_, d)| d).collect();
        if let Some(deck) = decks
            .iter()
            .find(|d| d.id == name)
            .or_else(|| decks.iter().find(|d| d.name.eq_ignore_ascii_case(name)))
        {
            return Ok(deck);
        }
        let ids: Vec<&str> = decks.iter().map(|d| d.id.as_str()).collect();
        let hint = match nearest(name, ids.clone()) {
            Some(near) => format!("; did you mean `{near}`?"),
            None if ids.is_empty() => " (it has none: a deck is a `Deck(...)` file)".to_owned(),
            None => format!(" (its decks: {})", ids.join(", ")),
        };
        Err(DeckError::Unknown {
            name: name.to_owned(),
            hint,
        })
    }

    /// The cards of deck `name`, each as many times as the deck has copies of it, in the
    /// deck's order: what printing the deck prints.
    pub fn deck_cards(&self, name: &str) -> Result<Vec<&Card>, DeckError> {
        let deck = self.deck(name)?;
        let mut cards = Vec::new();
        for entry in &deck.cards {
            let card = self
                .card(&entry.card)
                .ok_or_else(|| DeckError::UnknownCard {
                    deck: deck.id.clone(),
                    card: entry.card.clone(),
                })?;
            cards.extend(std::iter::repeat_n(card, entry.count as usize));
        }
        Ok(cards)
    }

    /// A battle line drawn from deck `name`: its creature copies shuffled with `seed`, then up
    /// to `slots` of them taken, a card at most once (a line holds distinct cards), as a
    /// player draws a starting line. The same deck and seed always draw the same line.
    pub fn draw_line(&self, name: &str, seed: u64, slots: usize) -> Result<Vec<String>, DeckError> {
        use rand::SeedableRng as _;
        use rand::seq::SliceRandom as _;
        let mut copies: Vec<&str> = self
            .deck_cards(name)?
            .into_iter()
            .filter(|c| c.kind == crate::model::CardKind::Creature)
            .map(|c| c.id.as_str())
            .collect();
        copies.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
        let mut line: Vec<String> = Vec::with_capacity(slots);
        for id in copies {
            if line.len() == slots {
                break;
            }
            if !line.iter().any(|c| c == id) {
                line.push(id.to_owned());
            }
        }
        Ok(line)
    }
}

impl Pack {
    /// The pack cut down to deck `name`, what `export --deck` archives: the manifest, every
    /// keyword file, the deck's own file, and each card file with only the cards the deck
    /// lists plus those their abilities, or any keyword's, name (a token a card creates), in
    /// transitive closure. The card files keep the person's text (cards removed by splice);
    /// scenarios, other decks and every other file are left out.
    pub fn deck_subset(&self, name: &str) -> Result<Pack, DeckError> {
        let deck = self.deck(name)?;
        for entry in &deck.cards {
            if self.card(&entry.card).is_none() {
                return Err(DeckError::UnknownCard {
                    deck: deck.id.clone(),
                    card: entry.card.clone(),
                });
            }
        }
        let mut keep: BTreeSet<String> = deck.cards.iter().map(|e| e.card.clone()).collect();
        let mut todo: Vec<String> = keep.iter().cloned().collect();
        for (_, keyword) in self.keywords() {
            for ability in &keyword.abilities {
                todo.extend(card_refs(ability));
            }
        }
        while let Some(id) = todo.pop() {
            keep.insert(id.clone());
            if let Some(card) = self.card(&id) {
                for ability in &card.abilities {
                    todo.extend(card_refs(ability).into_iter().filter(|r| !keep.contains(r)));
                }
            }
        }
        let mut subset = Pack::new(&self.root, self.manifest.clone());
        for file in &self.files {
            match &file.content {
                Content::Keywords(_) => subset.files.push(file.clone()),
                Content::Deck(d) if d.id == deck.id => subset.files.push(file.clone()),
                Content::Cards(set) if set.cards.iter().any(|c| keep.contains(&c.id)) => {
                    let mut kept = file.clone();
                    if let Content::Cards(set) = &mut kept.content {
                        set.cards.retain(|c| keep.contains(&c.id));
                    }
                    // When the person's text cannot take the cut, the canonical form of the
                    // cards kept is written instead (the archive is a copy, not their file).
                    if let Err(e) = kept.sync().or_else(|_| kept.rewrite_canonical()) {
                        return Err(DeckError::Cut {
                            file: file.path.clone(),
                            message: e.to_string(),
                        });
                    }
                    subset.files.push(kept);
                }
                _ => {}
            }
        }
        Ok(subset)
    }
}

/// The card ids an ability names (a token it creates, a card it looks for).
fn card_refs(ability: &Ability) -> Vec<String> {
    let mut ability = ability.clone();
    let mut found = Vec::new();
    visit_texts_mut(&mut ability, Refers::Card, &mut |text| {
        found.push(text.clone());
    });
    found
}

/// `validate`'s checks of the pack's decks: an id, one deck per id, every card id known (with
/// the nearest id as a hint), no zero count; a card listed twice and an empty deck are
/// warnings. Each problem is located at the value in the deck's file.
pub(crate) fn check_decks(pack: &Pack, diags: &mut Diagnostics) {
    let card_ids: Vec<&str> = pack.cards().map(|(_, c)| c.id.as_str()).collect();
    // A card file that does not read leaves its cards unknown: its syntax error is the root
    // problem, reported there, not once per deck line.
    let cards_unread = !pack.unread_files("CardSet").is_empty();
    let mut first_file: BTreeMap<&str, &str> = BTreeMap::new();
    for (file, deck) in pack.decks() {
        let path = pack.root.join(&file.path);
        let source = &file.source;
        if deck.id.trim().is_empty() {
            diags.error(&path, Location::START, "the deck has no `id`");
        } else if let Some(first) = first_file.insert(&deck.id, &file.path) {
            diags.error(
                &path,
                locate::field(source, "id"),
                format!("duplicate deck id `{}` (also in {first})", deck.id),
            );
        }
        if deck.cards.is_empty() {
            diags.warning(
                &path,
                locate::field(source, "cards"),
                format!("deck `{}` lists no cards", deck.id),
            );
        }
        let mut listed: BTreeMap<&str, usize> = BTreeMap::new();
        for (n, entry) in deck.cards.iter().enumerate() {
            let at = || locate::literal_in_item(source, "cards", n, &entry.card);
            if !cards_unread && !card_ids.contains(&entry.card.as_str()) {
                let hint = nearest(&entry.card, card_ids.clone())
                    .map(|k| format!("; did you mean `{k}`?"))
                    .unwrap_or_default();
                diags.error(
                    &path,
                    at(),
                    format!(
                        "deck `{}` lists unknown card `{}`{hint}",
                        deck.id, entry.card
                    ),
                );
            }
            if entry.count == 0 {
                diags.error(
                    &path,
                    locate::item(source, "cards", n),
                    format!(
                        "deck `{}` lists `{}` with count 0 (remove the line, or count 1 or more)",
                        deck.id, entry.card
                    ),
                );
            }
            if let Some(first) = listed.insert(&entry.card, n) {
                diags.warning(
                    &path,
                    at(),
                    format!(
                        "deck `{}` lists `{}` twice (lines {} and {} of its list): the copies add up",
                        deck.id,
                        entry.card,
                        first + 1,
                        n + 1
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::model::PackManifest;

    fn pack_with(deck: &str) -> Pack {
        let mut pack = Pack::new(Path::new("/p"), PackManifest::new("p", "P"));
        let mut diags = Diagnostics::new();
        let cards = r#"CardSet(cards: [(id: "grunt", name: "Grunt"), (id: "wolf", name: "Wolf")])"#;
        for (path, text) in [("cards.ron", cards), ("deck.ron", deck)] {
            let content = Content::parse(text, Path::new(path), &mut diags);
            pack.files
                .push(PackFile::loaded(path, text.to_owned(), content));
        }
        assert!(diags.is_empty(), "{diags:?}");
        pack
    }

    fn problems(pack: &Pack) -> Vec<String> {
        let mut diags = Diagnostics::new();
        check_decks(pack, &mut diags);
        diags
            .iter()
            .map(|d| format!("{}:{}: {}", d.location.line, d.location.column, d.message))
            .collect()
    }

    #[test]
    fn copies_come_in_deck_order() {
        let pack = pack_with(
            r#"Deck(id: "d", name: "My Deck", cards: [(card: "wolf", count: 2), (card: "grunt")])"#,
        );
        let ids: Vec<&str> = pack
            .deck_cards("my deck")
            .unwrap()
            .iter()
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(ids, ["wolf", "wolf", "grunt"]);
        assert!(problems(&pack).is_empty());
    }

    #[test]
    fn an_unknown_deck_names_the_nearest() {
        let pack = pack_with(r#"Deck(id: "starter", cards: [])"#);
        let err = pack.deck("starer").unwrap_err().to_string();
        assert!(err.contains("did you mean `starter`"), "{err}");
    }

    #[test]
    fn an_unknown_card_is_located_with_a_hint() {
        let pack = pack_with(
            "Deck(\n    id: \"d\",\n    cards: [\n        (card: \"grunt\"),\n        (card: \"wolff\", count: 0),\n    ],\n)",
        );
        let found = problems(&pack);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found[0].starts_with("5:16: deck `d` lists unknown card `wolff`; did you mean `wolf`?"),
            "{found:?}"
        );
        assert!(found[1].contains("count 0"), "{found:?}");
        assert!(matches!(
            pack.deck_cards("d"),
            Err(DeckError::UnknownCard { .. })
        ));
    }

    #[test]
    fn a_line_drawn_from_a_deck_holds_distinct_creatures_and_repeats_with_its_seed() {
        let pack = pack_with(
            r#"Deck(id: "d", cards: [(card: "wolf", count: 3), (card: "grunt", count: 2)])"#,
        );
        let mut line = pack.draw_line("d", 7, 5).unwrap();
        assert_eq!(line, pack.draw_line("d", 7, 5).unwrap());
        line.sort();
        assert_eq!(line, ["grunt", "wolf"]);
        assert_eq!(pack.draw_line("d", 7, 1).unwrap().len(), 1);
        let firsts: BTreeSet<String> = (0..32)
            .map(|seed| pack.draw_line("d", seed, 1).unwrap().remove(0))
            .collect();
        assert_eq!(firsts.len(), 2, "the seed decides which card comes first");
    }

    #[test]
    fn a_card_listed_twice_is_a_warning() {
        let pack = pack_with(r#"Deck(id: "d", cards: [(card: "wolf"), (card: "wolf")])"#);
        let found = problems(&pack);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("twice"), "{found:?}");
        assert_eq!(pack.deck_cards("d").unwrap().len(), 2);
    }
}
