//! Rules text for the card preview, generated from the pack's keyword definitions.

use sigilforge_engine::model::{Card, KeywordRef};
// Rules text comes from the engine's generator, the same one the rules sandbox prints, so the
// preview can never drift from behaviour.
pub use sigilforge_engine::rules::text::{ability_text, card_ability_text};

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
                        .map(|a| card_ability_text(card.kind, a, kref.value))
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
        lines.push(card_ability_text(card.kind, ability, None));
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
}
