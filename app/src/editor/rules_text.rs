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

/// A value's RON text (for variants the describer has no words for).
pub fn ron_text<T: serde::Serialize>(value: &T) -> String {
    ron::to_string(value).unwrap_or_default()
}

/// The variant name of an enum value, from its RON text: `Damage(Value)` → `Damage`.
pub fn variant_name<T: serde::Serialize>(value: &T) -> String {
    let text = ron_text(value);
    text.split(['(', ' ']).next().unwrap_or("").to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names_are_the_ron_names() {
        use sigilforge_engine::model::{Amount, Effect};
        assert_eq!(variant_name(&Effect::Damage(Amount::Value)), "Damage");
    }
}
