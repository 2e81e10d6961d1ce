//! Deck lists: which cards of a pack, how many copies of each, for which game.
//!
//! A deck is a file of its own (`Deck(...)`), so a designer keeps several (a starter deck, a
//! constructed list, a print-and-play run) beside the cards they draw from, diffs them in git
//! and edits them by hand. Format: `docs/formats/deck.md`.

use serde::{Deserialize, Serialize};

/// The copies of a card a deck entry holds when `count` is left out.
fn one() -> u32 {
    1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_one(count: &u32) -> bool {
    *count == 1
}

/// One line of a deck list: a card of the pack, by id, and how many copies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    /// The id of a card of the pack (`"grunt"`).
    pub card: String,
    /// How many copies; 1 when left out. Zero is refused by `validate`.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: u32,
}

/// A deck list, written `Deck(id: .., name: .., game: .., cards: [(card: "grunt", count: 3)])`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Deck")]
pub struct DeckList {
    /// Stable id, what `--deck` names (`"starter_line"`).
    pub id: String,
    /// The deck's name as shown and printed (the TTS deck's nickname).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Which game the deck is built for, in the designer's words (`"battle-line"`); shown and
    /// kept, not resolved (see `docs/formats/deck.md`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub game: String,
    /// The cards, in the order the designer lists them.
    #[serde(default)]
    pub cards: Vec<DeckEntry>,
}

impl DeckList {
    /// How many cards the deck holds, copies counted.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.cards.iter().map(|e| u64::from(e.count)).sum()
    }

    /// The name to show: `name`, else the id.
    #[must_use]
    pub fn title(&self) -> &str {
        if self.name.trim().is_empty() {
            &self.id
        } else {
            &self.name
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_defaults_to_one_and_totals_copies() {
        let deck: DeckList =
            ron::from_str(r#"Deck(id: "d", cards: [(card: "grunt", count: 3), (card: "wolf")])"#)
                .unwrap();
        assert_eq!(deck.cards[1].count, 1);
        assert_eq!(deck.total(), 4);
        assert_eq!(deck.title(), "d");
    }

    #[test]
    fn a_count_of_one_is_not_written() {
        let deck = DeckList {
            id: "d".into(),
            cards: vec![DeckEntry {
                card: "wolf".into(),
                count: 1,
            }],
            ..DeckList::default()
        };
        let text = ron::to_string(&deck).unwrap();
        assert!(!text.contains("count"), "{text}");
        assert_eq!(ron::from_str::<DeckList>(&text).unwrap(), deck);
    }
}
