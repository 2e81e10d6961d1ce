//! Rules text for the card preview, generated from the pack's keyword definitions.

use sigilforge_engine::model::Card;
use sigilforge_engine::rules::card_text::{CardTextLine, card_text_lines};
// Rules text comes from the engine's generator, the same one the rules sandbox prints, so the
// preview can never drift from behaviour.
pub use sigilforge_engine::rules::text::{ability_text, card_ability_text};

use super::document::Document;

/// One line of rules text per keyword, then the card's abilities, then its own text (the
/// engine's [`card_text_lines`], the same the card renderer prints).
#[must_use]
pub fn card_rules_text(doc: &Document, card: &Card) -> Vec<String> {
    card_text_lines(card, |name| doc.keyword_def(name))
        .iter()
        .map(CardTextLine::to_plain)
        .collect()
}
