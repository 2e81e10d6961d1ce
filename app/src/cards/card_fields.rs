//! The fields each kind of card has in the card editor (issue #13, item 2): a battle-line
//! creature has cost, attack, life and tribes; a Grand Archive champion cost, level, life,
//! element, classes and subtypes; a ChiAxis beast cost, ATK, life, INT and tribes; and so on. A field the
//! kind does not use still shows while it holds a value, so switching kinds hides nothing.

use egui::Ui;
use sigilforge_engine::model::{Card, CardKind, CardSpeed};

/// A field the card editor shows by kind (the rest — name, id, keywords, text, art,
/// abilities — every card has).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KindField {
    /// What it costs to play.
    Cost,
    /// Attack (ATK, power).
    Attack,
    /// Life (health, durability).
    Life,
    /// A champion's level (`stats["level"]`), read by level restrictions.
    Level,
    /// A beast's INT (`stats["INT"]`), summed by Ritual abilities.
    Int,
    /// The card's element, read by element restrictions.
    Element,
    /// Tribes, subtypes or clades (`tribes`).
    Tribes,
    /// Grand Archive's classes (`classes`), apart from its subtypes.
    Classes,
    /// When it may be played: Slow or Fast (`speed`).
    Speed,
}

/// The fields a kind of card has, in the form's order.
#[must_use]
pub fn kind_fields(kind: CardKind) -> &'static [KindField] {
    use KindField as F;
    match kind {
        CardKind::Creature => &[F::Cost, F::Attack, F::Life, F::Tribes],
        CardKind::Artifact => &[F::Cost, F::Attack, F::Life],
        CardKind::Spell | CardKind::Relic | CardKind::Clade => &[F::Cost],
        CardKind::Champion => &[
            F::Cost,
            F::Level,
            F::Life,
            F::Element,
            F::Classes,
            F::Tribes,
        ],
        CardKind::Beast => &[F::Cost, F::Attack, F::Life, F::Int, F::Tribes],
        CardKind::Item => &[F::Cost, F::Attack],
        CardKind::Structure => &[F::Cost, F::Life],
        CardKind::Ally => &[
            F::Cost,
            F::Attack,
            F::Life,
            F::Element,
            F::Classes,
            F::Tribes,
        ],
        CardKind::Action => &[F::Cost, F::Speed, F::Element, F::Classes, F::Tribes],
        CardKind::Token => &[F::Attack, F::Life, F::Tribes],
    }
}

/// What the kind's game calls its tribes: Grand Archive's champions, allies and actions have
/// subtypes (their classes are a field of their own).
#[must_use]
pub fn tribes_word(kind: CardKind) -> &'static str {
    match kind {
        CardKind::Champion | CardKind::Ally | CardKind::Action => "Subtypes",
        _ => "Tribes",
    }
}

/// The stat a field keeps in `Card::stats`, if it is one.
#[must_use]
pub fn stat_key(field: KindField) -> Option<&'static str> {
    match field {
        KindField::Level => Some("level"),
        KindField::Int => Some("INT"),
        _ => None,
    }
}

/// Whether the editor shows `field` for `card`: the kind has it, or it holds a value.
#[must_use]
pub fn shows(card: &Card, field: KindField) -> bool {
    kind_fields(card.kind).contains(&field)
        || match field {
            KindField::Cost => card.cost != 0,
            KindField::Attack => card.attack != 0,
            KindField::Life => card.life != 0,
            KindField::Level | KindField::Int => false,
            KindField::Element => card.element.is_some(),
            KindField::Tribes => !card.tribes.is_empty(),
            KindField::Classes => !card.classes.is_empty(),
            KindField::Speed => card.speed.is_some(),
        }
}

/// Draws the kind's number and element rows as grid rows (label, widget); returns the field
/// changed, if one was. `focus` is a field name to focus (from a Problems click).
pub fn kind_rows(ui: &mut Ui, card: &mut Card, focus: Option<&str>) -> Option<&'static str> {
    let mut changed = None;
    for field in [
        KindField::Cost,
        KindField::Level,
        KindField::Attack,
        KindField::Life,
        KindField::Int,
    ] {
        if !shows(card, field) {
            continue;
        }
        let stat = stat_key(field);
        let (name, key, tip) = match field {
            KindField::Cost => ("Cost", "cost", "What it costs to play"),
            KindField::Attack => ("Attack", "attack", "Damage it deals when it attacks (ATK)"),
            KindField::Life => (
                "Life",
                "life",
                "Damage it can take before it is destroyed (life, durability)",
            ),
            KindField::Level => (
                "Level",
                "stats",
                "The champion's level: level restrictions ([LV 2+]) read it",
            ),
            _ => ("INT", "stats", "The beast's INT: Ritual abilities sum it"),
        };
        let label = ui.label(name);
        let mut value = match field {
            KindField::Cost => card.cost,
            KindField::Attack => card.attack,
            KindField::Life => card.life,
            _ => stat
                .and_then(|s| card.stats.get(s).copied())
                .unwrap_or_default(),
        };
        let response = ui
            .add(egui::DragValue::new(&mut value).range(-99..=999))
            .labelled_by(label.id)
            .on_hover_text(tip);
        if focus == Some(key) {
            response.request_focus();
        }
        if response.changed() {
            match field {
                KindField::Cost => card.cost = value,
                KindField::Attack => card.attack = value,
                KindField::Life => card.life = value,
                _ => {
                    if let Some(s) = stat {
                        card.stats.insert(s.to_owned(), value);
                    }
                }
            }
            changed = Some(key);
        }
        ui.end_row();
    }
    if shows(card, KindField::Speed) {
        let label = ui.label("Speed");
        let word = |s: Option<CardSpeed>| match s {
            None => "Any time",
            Some(CardSpeed::Slow) => "Slow",
            Some(CardSpeed::Fast) => "Fast",
        };
        let before = card.speed;
        egui::ComboBox::from_id_salt("card-speed")
            .selected_text(word(card.speed))
            .show_ui(ui, |ui| {
                for s in [None, Some(CardSpeed::Slow), Some(CardSpeed::Fast)] {
                    ui.selectable_value(&mut card.speed, s, word(s));
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(
                "Slow: only on its player's turn with an empty stack; Fast: whenever its player has priority (games whose profile has a slow phase)",
            );
        if card.speed != before {
            changed = Some("speed");
        }
        ui.end_row();
    }
    if shows(card, KindField::Element) {
        let label = ui.label("Element");
        let mut element = card.element.clone().unwrap_or_default();
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut element)
                    .hint_text("Fire, Water, Wind, …")
                    .desired_width(140.0),
            )
            .labelled_by(label.id)
            .on_hover_text("The card's element: element restrictions read it");
        if response.changed() {
            card.element = (!element.trim().is_empty()).then(|| element.trim().to_owned());
            changed = Some("element");
        }
        ui.end_row();
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_shows_its_fields_and_a_value_it_does_not_use_stays_visible() {
        let mut card = Card {
            kind: CardKind::Champion,
            ..Card::default()
        };
        let shown = |c: &Card| -> Vec<KindField> {
            [
                KindField::Cost,
                KindField::Attack,
                KindField::Life,
                KindField::Level,
                KindField::Int,
                KindField::Element,
                KindField::Classes,
                KindField::Tribes,
            ]
            .into_iter()
            .filter(|f| shows(c, *f))
            .collect()
        };
        assert_eq!(
            shown(&card),
            [
                KindField::Cost,
                KindField::Life,
                KindField::Level,
                KindField::Element,
                KindField::Classes,
                KindField::Tribes
            ]
        );
        card.kind = CardKind::Spell;
        assert_eq!(shown(&card), [KindField::Cost]);
        card.attack = 2;
        assert_eq!(shown(&card), [KindField::Cost, KindField::Attack]);
        assert_eq!(tribes_word(CardKind::Champion), "Subtypes");
        assert_eq!(tribes_word(CardKind::Beast), "Tribes");
        for kind in CardKind::ALL {
            assert!(!kind_fields(kind).is_empty(), "{kind:?}");
        }
    }
}
