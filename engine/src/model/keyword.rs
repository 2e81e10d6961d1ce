//! Keywords as data: a named, optionally parameterised bundle of abilities. A designer adds a
//! keyword ("Thorns N: when attacked, deal N to the attacker") in RON without touching Rust.

use serde::{Deserialize, Serialize};

use super::ability::Ability;
use super::is_default;

/// A keyword definition.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeywordDef {
    /// The name as printed, e.g. `"Soul Drain"`. Cards match it case-insensitively.
    pub name: String,
    /// Whether the keyword takes a value (`Armor 2`): the value's name for rules text, e.g. `"N"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub param: Option<String>,
    /// Reminder text shown in the editor; the rules text itself is generated from `abilities`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub summary: String,
    /// What the keyword does, built from engine primitives. `Amount::Value` is the keyword's value.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
    /// Rule flags the engine checks directly (e.g. `"Mindless"`, `"Bastion"`): a keyword with a
    /// flag and no abilities is a pure rules modifier.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
    /// Hidden keywords are engine-internal (the Wall of Ice's Melt) and not offered in pickers.
    #[serde(default, skip_serializing_if = "is_default")]
    pub hidden: bool,
}

impl KeywordDef {
    /// Whether `name` names this keyword (case-insensitive, ignoring surrounding spaces and
    /// treating a typographic apostrophe like a plain one).
    #[must_use]
    pub fn matches(&self, name: &str) -> bool {
        normalise(&self.name) == normalise(name)
    }
}

/// Lowercase, trimmed, with `’` as `'`: the form keyword names are compared in.
#[must_use]
pub fn normalise(name: &str) -> String {
    name.trim().replace('\u{2019}', "'").to_lowercase()
}

/// A file of keywords: `KeywordSet(keywords: [ ... ])`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeywordSet {
    /// The keyword definitions.
    pub keywords: Vec<KeywordDef>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_names_match_any_case_and_apostrophe() {
        let k = KeywordDef {
            name: "Warrior's Oath".into(),
            ..KeywordDef::default()
        };
        assert!(k.matches("warrior\u{2019}s oath"));
        assert!(k.matches(" WARRIOR'S OATH "));
        assert!(!k.matches("Warriors Oath"));
    }
}
