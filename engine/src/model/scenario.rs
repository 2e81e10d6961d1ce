//! Battle scenario files, exactly as `docs/formats/battle-scenario.md` fixes them (a contract).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::card::Card;

/// A battle-line scenario: two starting lines, scheduled plays, a seed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleScenario {
    /// What the scenario shows.
    pub name: String,
    /// The battle's random generator seed.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub seed: u64,
    /// The game ends with no winner after this turn.
    #[serde(
        default = "default_max_turns",
        skip_serializing_if = "is_default_max_turns"
    )]
    pub max_turns: u32,
    /// Both players' starting life.
    #[serde(default = "default_life", skip_serializing_if = "is_default_life")]
    pub life: i32,
    /// Battle line length.
    #[serde(default = "default_slots", skip_serializing_if = "is_default_slots")]
    pub slots: u32,
    /// A content pack (relative to this file) whose cards the scenario may name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<String>,
    /// Cards defined inline, by id (override the pack's card of the same id).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cards: BTreeMap<String, Card>,
    /// A's starting line, slot 1 first.
    #[serde(default)]
    pub a: Vec<String>,
    /// B's starting line, slot 1 first.
    #[serde(default)]
    pub b: Vec<String>,
    /// Scheduled plays (Deploy phase of the given turn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plays: Vec<ScheduledPlay>,
    /// Expected result, checked by `cargo test` for starter scenarios (project extension).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Expectation>,
}

/// What a scenario should end with (project extension to the spec, optional).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// `"A"`, `"B"`, `"draw"` or `"none"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// Life totals at the end, A then B.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life: Option<(i32, i32)>,
    /// Card ids in each discard pile at the end, A then B.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard: Option<(Vec<String>, Vec<String>)>,
    /// Free-form notes on why (for the reader).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub because: String,
}

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Player {
    /// Player A: goes first in every ordering.
    A,
    /// Player B.
    B,
}

impl Player {
    /// The other player.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// 0 for A, 1 for B: an index into per-player arrays.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Player::A => 0,
            Player::B => 1,
        }
    }
}

/// A play scheduled for a turn's Deploy phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduledPlay {
    /// The turn (from 1).
    pub turn: u32,
    /// Who plays it.
    pub player: Player,
    /// The card id.
    pub card: String,
    /// For artifacts and spells: the slot of the player's own creature (default: slot 1).
    /// Written bare as in the spec (`target: 1`); `Some(1)` is read too.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "bare_or_some",
        serialize_with = "bare"
    )]
    pub target: Option<u32>,
}

/// Reads `1`, `Some(1)` or `None`.
fn bare_or_some<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    struct V;
    impl<'de> serde::de::Visitor<'de> for V {
        type Value = Option<u32>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a slot number such as 1")
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
            u32::try_from(v).map(Some).map_err(E::custom)
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
            u32::try_from(v).map(Some).map_err(E::custom)
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D2: serde::Deserializer<'de>>(self, d: D2) -> Result<Self::Value, D2::Error> {
            d.deserialize_any(V)
        }
    }
    d.deserialize_any(V)
}

/// Writes `Some(1)` as the spec's bare `1`.
#[allow(clippy::ref_option, clippy::trivially_copy_pass_by_ref)] // serde's `serialize_with` passes a reference.
fn bare<S: serde::Serializer>(v: &Option<u32>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(n) => s.serialize_u32(*n),
        None => s.serialize_none(),
    }
}

fn default_max_turns() -> u32 {
    30
}
fn default_life() -> i32 {
    20
}
fn default_slots() -> u32 {
    7
}
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_zero_u64(v: &u64) -> bool {
    *v == 0
}
#[allow(clippy::trivially_copy_pass_by_ref)] // as above
fn is_default_max_turns(v: &u32) -> bool {
    *v == default_max_turns()
}
#[allow(clippy::trivially_copy_pass_by_ref)] // as above
fn is_default_life(v: &i32) -> bool {
    *v == default_life()
}
#[allow(clippy::trivially_copy_pass_by_ref)] // as above
fn is_default_slots(v: &u32) -> bool {
    *v == default_slots()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_target_reads_bare_and_some_and_writes_bare() {
        let bare: ScheduledPlay =
            ron::from_str("(turn: 1, player: B, card: \"blade\", target: 2)").unwrap();
        assert_eq!(bare.target, Some(2));
        let some: ScheduledPlay =
            ron::from_str("(turn: 1, player: B, card: \"blade\", target: Some(3))").unwrap();
        assert_eq!(some.target, Some(3));
        let none: ScheduledPlay = ron::from_str("(turn: 1, player: B, card: \"blade\")").unwrap();
        assert_eq!(none.target, None);
        let text = ron::to_string(&bare).unwrap();
        assert!(text.contains("target:2"), "{text}");
    }
}
