//! Rules text for the card preview, generated from the pack's keyword definitions.

use sigilforge_engine::model::{Ability, AbilityKind, Amount, Card, KeywordRef, Target, Trigger};

use super::document::Document;

/// One line of rules text per keyword on the card, then the card's own text.
#[must_use]
pub fn card_rules_text(doc: &Document, card: &Card) -> Vec<String> {
    let mut lines = Vec::new();
    for written in &card.keywords {
        let Some(kref) = KeywordRef::parse(written) else {
            continue;
        };
        match doc.keyword_def(&kref.name) {
            Some(def) => {
                let body = if def.summary.trim().is_empty() {
                    def.abilities
                        .iter()
                        .map(|a| describe_ability(a, kref.value))
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    substitute_value(&def.summary, def.param.as_deref(), kref.value)
                };
                lines.push(format!("{}: {body}", kref.to_text()));
            }
            None => lines.push(format!("{} (unknown keyword)", kref.to_text())),
        }
    }
    for ability in &card.abilities {
        lines.push(describe_ability(ability, None));
    }
    if !card.text.trim().is_empty() {
        lines.push(card.text.trim().to_owned());
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

/// A plain-English sentence for an ability built from blocks (what the keyword editor shows).
#[must_use]
pub fn describe_ability(ability: &Ability, value: Option<i32>) -> String {
    let when = match &ability.kind {
        AbilityKind::Triggered(trigger) => format!("{}, ", trigger_text(trigger)),
        AbilityKind::Static => String::new(),
        AbilityKind::Activated { .. } => "Activate: ".to_owned(),
        AbilityKind::Replacement { replaces, .. } => {
            format!("Instead of {}, ", lower_first(&trigger_text(replaces)))
        }
    };
    let condition = ability
        .condition
        .as_ref()
        .map(|c| format!("if {} ", variant_words(&ron_text(c))))
        .unwrap_or_default();
    let effects = if ability.effects.is_empty() {
        "do nothing".to_owned()
    } else {
        ability
            .effects
            .iter()
            .map(|e| effect_text(&ron_text(e), value))
            .collect::<Vec<_>>()
            .join(", then ")
    };
    let target = target_text(&ability.target);
    let sentence = format!("{when}{condition}{effects}{target}.");
    upper_first(&sentence)
}

fn trigger_text(trigger: &Trigger) -> String {
    match trigger {
        Trigger::Summoned => "when summoned".to_owned(),
        Trigger::StartOfTurn => "at the start of each turn".to_owned(),
        Trigger::EndOfTurn => "at the end of each turn".to_owned(),
        Trigger::Attacks => "when it attacks".to_owned(),
        Trigger::Attacked => "when it is attacked".to_owned(),
        Trigger::Damaged => "when it is dealt damage".to_owned(),
        Trigger::Destroyed => "when it is destroyed".to_owned(),
        Trigger::AllyDestroyed => "when an ally is destroyed".to_owned(),
        other => format!("on {}", variant_words(&ron_text(other))),
    }
}

fn target_text(target: &Target) -> String {
    match target {
        Target::This => String::new(),
        Target::Controller => " (to its player)".to_owned(),
        Target::Opponent => " (to the opponent)".to_owned(),
        other => format!(" to {}", variant_words(&ron_text(other))),
    }
}

fn effect_text(ron: &str, value: Option<i32>) -> String {
    let amount = value.map_or_else(|| "N".to_owned(), |v| v.to_string());
    let words = variant_words(ron);
    words
        .replace("(value)", &amount)
        .replace("(fixed(", "(")
        .replace("))", ")")
}

/// `AllEnemies` → `all enemies`, `Damage(Fixed(2))` → `damage (fixed(2))`.
fn variant_words(ron: &str) -> String {
    let mut out = String::new();
    for (i, c) in ron.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 && !out.ends_with(['(', ' ']) {
                out.push(' ');
            }
            out.push(c.to_ascii_lowercase());
        } else if c == '(' {
            out.push_str(" (");
        } else {
            out.push(c);
        }
    }
    out.replace("  ", " ")
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

fn upper_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |f| {
        f.to_uppercase().collect::<String>() + chars.as_str()
    })
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |f| {
        f.to_lowercase().collect::<String>() + chars.as_str()
    })
}

/// Amount text used by the keyword editor's summary line.
#[must_use]
pub fn amount_text(amount: &Amount) -> String {
    match amount {
        Amount::Value => "N".to_owned(),
        Amount::Fixed(n) => n.to_string(),
        other => variant_words(&ron_text(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sigilforge_engine::model::Effect;

    #[test]
    fn summaries_take_the_keyword_value() {
        assert_eq!(
            substitute_value("Takes N less damage.", Some("N"), Some(2)),
            "Takes 2 less damage."
        );
        assert_eq!(substitute_value("Flies.", None, None), "Flies.");
    }

    #[test]
    fn abilities_read_as_sentences() {
        let ability = Ability {
            name: String::new(),
            kind: AbilityKind::Triggered(Trigger::Summoned),
            restrictions: Vec::new(),
            condition: None,
            target: Target::AllEnemies,
            effects: vec![Effect::Damage(Amount::Value)],
            duration: sigilforge_engine::model::Duration::Instant,
        };
        assert_eq!(
            describe_ability(&ability, Some(2)),
            "When summoned, damage 2 to all enemies."
        );
        assert_eq!(variant_name(&Effect::Damage(Amount::Value)), "Damage");
    }
}
