//! The zones a card can be in (ChiAxis and Grand Archive), as plain data: abilities name the
//! zones they work from, conditions and effects name zones, the rules sandbox keeps cards in them.

use serde::{Deserialize, Serialize};

/// Where a card is. Written `Hand`, `Graveyard`, … in files; scenario actions also accept the
/// lower-case names (`"hand"`) and Grand Archive's `"field"` for the city.
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
pub enum Zone {
    /// A ruler's hand.
    #[default]
    Hand,
    /// A ruler's city (Grand Archive: the field): cards here are in play, standing in the city
    /// itself or attached to a location (a structure) or to a beast.
    City,
    /// A ruler's den.
    Den,
    /// The ravine, shared by every ruler.
    Ravine,
    /// The market, shared by every ruler.
    Market,
    /// A ruler's deck, top first.
    Deck,
    /// A ruler's discard pile.
    Discard,
    /// A ruler's graveyard (where buried cards go).
    Graveyard,
    /// A ruler's memory (Grand Archive).
    Memory,
    /// A ruler's banishment (Grand Archive).
    Banishment,
    /// The effects stack (a card being played).
    Stack,
    /// The champion's own zone (in play: its abilities and level count).
    Champion,
}

impl Zone {
    /// Every zone, in the order the JSON lists them.
    pub const ALL: [Zone; 12] = [
        Zone::Champion,
        Zone::City,
        Zone::Hand,
        Zone::Den,
        Zone::Deck,
        Zone::Discard,
        Zone::Graveyard,
        Zone::Memory,
        Zone::Banishment,
        Zone::Ravine,
        Zone::Market,
        Zone::Stack,
    ];

    /// The zone's name as written in scenarios and shown in logs.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Zone::Hand => "hand",
            Zone::City => "city",
            Zone::Den => "den",
            Zone::Ravine => "ravine",
            Zone::Market => "market",
            Zone::Deck => "deck",
            Zone::Discard => "discard",
            Zone::Graveyard => "graveyard",
            Zone::Memory => "memory",
            Zone::Banishment => "banishment",
            Zone::Stack => "stack",
            Zone::Champion => "champion",
        }
    }

    /// Parses a zone name, any case (`"field"` is Grand Archive's name for the city).
    #[must_use]
    pub fn parse(name: &str) -> Option<Zone> {
        let name = name.trim().to_ascii_lowercase();
        if name == "field" {
            return Some(Zone::City);
        }
        Zone::ALL.into_iter().find(|z| z.name() == name)
    }

    /// Whether cards here are in play (their abilities work by default).
    #[must_use]
    pub fn in_play(self) -> bool {
        matches!(self, Zone::City | Zone::Champion)
    }

    /// Whether every ruler shares this zone (ChiAxis 22.3: "the ravine, or the market").
    #[must_use]
    pub fn shared(self) -> bool {
        matches!(self, Zone::Ravine | Zone::Market)
    }

    /// Whether continuous effects can modify cards here (ChiAxis 22.3: "cards in a ruler's hand,
    /// city, the ravine, or the market"; the champion stands in play beside the city).
    #[must_use]
    pub fn reached_by_continuous_effects(self) -> bool {
        matches!(
            self,
            Zone::Hand | Zone::City | Zone::Ravine | Zone::Market | Zone::Champion
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_field_is_the_city() {
        for z in Zone::ALL {
            assert_eq!(Zone::parse(z.name()), Some(z));
        }
        assert_eq!(Zone::parse("Field"), Some(Zone::City));
        assert_eq!(Zone::parse("GRAVEYARD"), Some(Zone::Graveyard));
        assert_eq!(Zone::parse("nowhere"), None);
    }

    #[test]
    fn continuous_effects_reach_the_zones_22_3_names() {
        let reached: Vec<&str> = Zone::ALL
            .into_iter()
            .filter(|z| z.reached_by_continuous_effects())
            .map(Zone::name)
            .collect();
        assert_eq!(reached, ["champion", "city", "hand", "ravine", "market"]);
    }
}
