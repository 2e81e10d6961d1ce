//! Cards: creatures, artifacts, spells and the other card kinds of the seed games.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::ability::Ability;
use super::is_default;

/// What kind of card this is. The battle line uses Creature, Artifact and Spell; the rules
/// sandbox (ChiAxis, Grand Archive) uses the others.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    Serialize,
    Deserialize,
    crate::reflect::Reflect,
)]
pub enum CardKind {
    /// A creature that stands in a battle line (or a beast in a city).
    #[default]
    Creature,
    /// An artifact that attaches to a creature.
    Artifact,
    /// A one-off or timed effect.
    Spell,
    /// A ruler's champion (Grand Archive), with level, classes and element.
    Champion,
    /// A ChiAxis beast.
    Beast,
    /// A ChiAxis item (forged onto a beast).
    Item,
    /// A ChiAxis structure (built in a city).
    Structure,
    /// A ChiAxis relic.
    Relic,
    /// A ChiAxis clade.
    Clade,
    /// A Grand Archive ally.
    Ally,
    /// A Grand Archive action.
    Action,
    /// A token created by an effect.
    Token,
}

impl CardKind {
    /// Every kind, in declaration order (for pickers and filters).
    pub const ALL: [CardKind; 12] = [
        CardKind::Creature,
        CardKind::Artifact,
        CardKind::Spell,
        CardKind::Champion,
        CardKind::Beast,
        CardKind::Item,
        CardKind::Structure,
        CardKind::Relic,
        CardKind::Clade,
        CardKind::Ally,
        CardKind::Action,
        CardKind::Token,
    ];

    /// The kind's name as written in files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            CardKind::Creature => "Creature",
            CardKind::Artifact => "Artifact",
            CardKind::Spell => "Spell",
            CardKind::Champion => "Champion",
            CardKind::Beast => "Beast",
            CardKind::Item => "Item",
            CardKind::Structure => "Structure",
            CardKind::Relic => "Relic",
            CardKind::Clade => "Clade",
            CardKind::Ally => "Ally",
            CardKind::Action => "Action",
            CardKind::Token => "Token",
        }
    }
}

/// When a card may be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardSpeed {
    /// Only by the turn player, in the profile's `slow_phase`, with an empty stack.
    Slow,
    /// Whenever its player has priority, in response too.
    Fast,
}

/// The rarities a card's tags may name, commonest first.
pub const RARITIES: [&str; 4] = ["common", "uncommon", "rare", "mythic"];

/// A card. In a pack it lives in a `CardSet` file; in a battle scenario it is written inline
/// under its id (where `id` may be left out: the map key is the id).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Stable id other files refer to, e.g. `"grunt"`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Card kind; default Creature.
    #[serde(default, skip_serializing_if = "is_default")]
    pub kind: CardKind,
    /// Play cost (resource cost, reserve cost).
    #[serde(default, skip_serializing_if = "is_default")]
    pub cost: i32,
    /// Printed attack (ATK, power).
    #[serde(default, skip_serializing_if = "is_default")]
    pub attack: i32,
    /// Printed life (health, durability).
    #[serde(default, skip_serializing_if = "is_default")]
    pub life: i32,
    /// Other named stats: `{"INT": 3, "level": 2}`. Sorted, so files diff cleanly.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stats: BTreeMap<String, i32>,
    /// Tribes / creature types / subtypes: `["Warrior", "Undead"]`, Grand Archive's
    /// `["Human"]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tribes: Vec<String>,
    /// Classes (Grand Archive: `["Warrior", "Mage"]`): what a champion is and what a Class
    /// Bonus restriction matches. Kept apart from `tribes`, so a "Human" subtype never
    /// satisfies a Human class bonus.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<String>,
    /// The card's element (Grand Archive: `"Fire"`, `"Water"`, ...), read by element
    /// restrictions and element conditions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub element: Option<String>,
    /// When the card may be played (Grand Archive: Slow or Fast); none: whenever its player
    /// has priority. The game profile's `slow_phase` says when a Slow card is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<CardSpeed>,
    /// Free tags for filtering and for rules that name them (classes, elements, sets).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Keywords with their values, as written: `["Armor 2", "Fury"]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    /// Abilities written out in full (beyond keywords).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
    /// Extra rules or flavour text printed on the card, after the generated text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// Art image, a path relative to the pack's `assets/` folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub art: Option<String>,
}

impl Card {
    /// The keywords parsed into name and value. Bad entries come back as `Err` with the text.
    pub fn keyword_refs(&self) -> impl Iterator<Item = Result<KeywordRef, BadKeywordRef>> + '_ {
        self.keywords
            .iter()
            .map(|k| KeywordRef::parse(k).ok_or_else(|| BadKeywordRef(k.clone())))
    }

    /// The card's rarity, from a `common`, `uncommon`, `rare` or `mythic` tag (in any case),
    /// as that lowercase word: what the rarity gem and the set statistics read.
    #[must_use]
    pub fn rarity(&self) -> Option<&'static str> {
        self.tags
            .iter()
            .find_map(|t| RARITIES.iter().find(|r| t.eq_ignore_ascii_case(r)).copied())
    }

    /// The value of a stat by name: `attack`, `life`, `cost` or one of `stats` (case-insensitive).
    #[must_use]
    pub fn stat(&self, name: &str) -> Option<i32> {
        match name.to_ascii_lowercase().as_str() {
            "attack" | "atk" => Some(self.attack),
            "life" | "health" => Some(self.life),
            "cost" => Some(self.cost),
            _ => self
                .stats
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| *v),
        }
    }
}

/// A file of cards: `CardSet(cards: [ ... ])`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSet {
    /// The cards, in the order the designer keeps them.
    pub cards: Vec<Card>,
}

/// A keyword as written on a card, split into its name and optional value: `"Soul Drain 2"`
/// is `Soul Drain` with value 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeywordRef {
    /// The keyword's name as written (match it case-insensitively).
    pub name: String,
    /// The value, if one was written.
    pub value: Option<i32>,
}

/// A card's keyword entry that names no keyword (empty, or a value with no name).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a keyword: write its name, then a value if it takes one (`Armor 2`)")]
pub struct BadKeywordRef(pub String);

impl KeywordRef {
    /// Parses `"Name"` or `"Name N"`. Returns `None` for an empty string.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        if let Some((name, last)) = text.rsplit_once(char::is_whitespace)
            && let Ok(value) = last.parse::<i32>()
        {
            let name = name.trim_end();
            if name.is_empty() {
                return None;
            }
            return Some(Self {
                name: name.to_owned(),
                value: Some(value),
            });
        }
        Some(Self {
            name: text.to_owned(),
            value: None,
        })
    }

    /// Formats back to the written form.
    #[must_use]
    pub fn to_text(&self) -> String {
        match self.value {
            Some(v) => format!("{} {v}", self.name),
            None => self.name.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_ref_parses_name_and_value() {
        let k = KeywordRef::parse("Soul Drain 2").unwrap();
        assert_eq!(k.name, "Soul Drain");
        assert_eq!(k.value, Some(2));
        let k = KeywordRef::parse("Warrior's Oath").unwrap();
        assert_eq!(k.name, "Warrior's Oath");
        assert_eq!(k.value, None);
        assert_eq!(KeywordRef::parse("  "), None);
        assert_eq!(KeywordRef::parse("Armor -1").unwrap().value, Some(-1));
    }

    #[test]
    fn stat_lookup_is_case_insensitive() {
        let mut card = Card {
            attack: 3,
            ..Card::default()
        };
        card.stats.insert("INT".into(), 4);
        assert_eq!(card.stat("ATTACK"), Some(3));
        assert_eq!(card.stat("int"), Some(4));
        assert_eq!(card.stat("dex"), None);
    }
}
