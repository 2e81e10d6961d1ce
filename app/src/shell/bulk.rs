//! Bulk edits (issue #33): one field changed on every selected card, applied as one edit (one
//! undo step). The library's selection picks the cards; [`BulkEdit`] says what changes.

use sigilforge_engine::model::{Card, KeywordRef};

/// A field a bulk edit sets on every selected card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BulkField {
    /// Set the cost.
    #[default]
    Cost,
    /// Set the attack.
    Attack,
    /// Set the life.
    Life,
    /// Add a tribe (kept once).
    AddTribe,
    /// Add a tag (kept once).
    AddTag,
    /// Add a keyword (`Armor 2`), or set its value where the card has it.
    AddKeyword,
}

impl BulkField {
    /// Every field, in the picker's order.
    pub const ALL: [BulkField; 6] = [
        BulkField::Cost,
        BulkField::Attack,
        BulkField::Life,
        BulkField::AddTribe,
        BulkField::AddTag,
        BulkField::AddKeyword,
    ];

    /// How the picker shows it.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            BulkField::Cost => "Cost",
            BulkField::Attack => "Attack",
            BulkField::Life => "Life",
            BulkField::AddTribe => "Add tribe",
            BulkField::AddTag => "Add tag",
            BulkField::AddKeyword => "Add keyword",
        }
    }
}

/// Why a bulk edit's value does not read for its field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BulkValueError {
    /// Cost, attack and life take a whole number.
    #[error("{field} needs a whole number, not `{value}`")]
    NotANumber {
        /// The field's label.
        field: &'static str,
        /// The value as typed.
        value: String,
    },
    /// "Add keyword" takes a keyword with an optional value.
    #[error("write a keyword, e.g. `Armor 2`")]
    NotAKeyword,
    /// Tribes and tags take a name.
    #[error("{field} needs a value")]
    Empty {
        /// The field's label.
        field: &'static str,
    },
}

/// One bulk edit: a field and the value typed for it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BulkEdit {
    /// What changes.
    pub field: BulkField,
    /// The value as typed (a number for cost, attack and life).
    pub value: String,
}

impl BulkEdit {
    /// The value checked for the field: a whole number for cost, attack and life; a name
    /// (a keyword with an optional value) for the others.
    pub fn check(&self) -> Result<(), BulkValueError> {
        let value = self.value.trim();
        let field = self.field.label();
        match self.field {
            BulkField::Cost | BulkField::Attack | BulkField::Life => value
                .parse::<i32>()
                .map(|_| ())
                .map_err(|_| BulkValueError::NotANumber {
                    field,
                    value: value.to_owned(),
                }),
            BulkField::AddKeyword if KeywordRef::parse(value).is_none() => {
                Err(BulkValueError::NotAKeyword)
            }
            _ if value.is_empty() => Err(BulkValueError::Empty { field }),
            _ => Ok(()),
        }
    }

    /// `card` with the edit made (unchanged when the value does not read: see [`Self::check`]).
    #[must_use]
    pub fn apply(&self, card: &Card) -> Card {
        let mut card = card.clone();
        let value = self.value.trim();
        let number = value.parse::<i32>().ok();
        let add = |list: &mut Vec<String>| {
            if !list.iter().any(|t| t.eq_ignore_ascii_case(value)) {
                list.push(value.to_owned());
            }
        };
        match self.field {
            BulkField::Cost => card.cost = number.unwrap_or(card.cost),
            BulkField::Attack => card.attack = number.unwrap_or(card.attack),
            BulkField::Life => card.life = number.unwrap_or(card.life),
            BulkField::AddTribe if !value.is_empty() => add(&mut card.tribes),
            BulkField::AddTag if !value.is_empty() => add(&mut card.tags),
            BulkField::AddKeyword => {
                if let Some(new) = KeywordRef::parse(value) {
                    let existing = card.keywords.iter_mut().find(|k| {
                        KeywordRef::parse(k).is_some_and(|o| o.name.eq_ignore_ascii_case(&new.name))
                    });
                    match existing {
                        Some(written) => *written = new.to_text(),
                        None => card.keywords.push(new.to_text()),
                    }
                }
            }
            BulkField::AddTribe | BulkField::AddTag => {}
        }
        card
    }

    /// The undo step's name: "Set Attack to 3 on 12 cards".
    #[must_use]
    pub fn describe(&self, cards: usize) -> String {
        let value = self.value.trim();
        match self.field {
            BulkField::Cost | BulkField::Attack | BulkField::Life => {
                format!("Set {} to {value} on {cards} cards", self.field.label())
            }
            _ => format!("{} {value} on {cards} cards", self.field.label()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card() -> Card {
        Card {
            id: "c".into(),
            attack: 2,
            tribes: vec!["Beast".into()],
            keywords: vec!["Armor 1".into()],
            ..Card::default()
        }
    }

    fn edit(field: BulkField, value: &str) -> BulkEdit {
        BulkEdit {
            field,
            value: value.into(),
        }
    }

    #[test]
    fn numbers_set_and_lists_add_once() {
        assert_eq!(edit(BulkField::Attack, " 5 ").apply(&card()).attack, 5);
        assert_eq!(
            edit(BulkField::AddTribe, "beast").apply(&card()).tribes,
            ["Beast"]
        );
        assert_eq!(
            edit(BulkField::AddTag, "core").apply(&card()).tags,
            ["core"]
        );
        assert_eq!(
            edit(BulkField::AddKeyword, "Armor 3")
                .apply(&card())
                .keywords,
            ["Armor 3"]
        );
        assert_eq!(
            edit(BulkField::AddKeyword, "Fury").apply(&card()).keywords,
            ["Armor 1", "Fury"]
        );
    }

    #[test]
    fn a_bad_value_is_refused_and_changes_nothing() {
        let bad = edit(BulkField::Life, "lots");
        assert!(matches!(
            bad.check(),
            Err(BulkValueError::NotANumber { .. })
        ));
        assert_eq!(bad.apply(&card()), card());
        assert!(edit(BulkField::AddTag, " ").check().is_err());
    }
}
