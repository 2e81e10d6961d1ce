//! Creatures and characters of the tabletop game (seed 004): stat blocks and status conditions.
//! The encounter engine (`crate::encounter`) runs them.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::is_default;

/// A creature's or character's stat block.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatBlock {
    /// Stable id encounters refer to.
    pub id: String,
    /// Display name ("The Hag", "#Bob").
    pub name: String,
    /// Maximum health.
    #[serde(default, skip_serializing_if = "is_default")]
    pub health: i32,
    /// Beats at the start of each turn (the seed's default is 2).
    #[serde(default = "two", skip_serializing_if = "is_two")]
    pub beats: u32,
    /// Modifiers: `{"Fighter": 2, "Rogue": 0, "Mage": 3, "Grit": 1, "Edge": 0, "Focus": 2}`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stats: BTreeMap<String, i32>,
    /// Creature tags for target filters (`"Undead"`, `"Construct"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Ids of the abilities it knows (from the pack's ability library).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    /// Points of named resources (`{"Dodge Point": 1}`), used by Components.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub resources: BTreeMap<String, i32>,
    /// Status conditions it starts with, by name with stacks.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub conditions: BTreeMap<String, u32>,
}

fn two() -> u32 {
    2
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_two(v: &u32) -> bool {
    *v == 2
}

/// A file of stat blocks: `StatBlockSet(creatures: [ ... ])`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatBlockSet {
    /// The stat blocks.
    pub creatures: Vec<StatBlock>,
}

/// How a status condition's stacks go away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum StatusKind {
    /// Loses one stack at the end of the bearer's turn (Strained, Vulnerable).
    #[default]
    Fleeting,
    /// Lost at the end of the episode (Exhausted).
    Persistent,
    /// One stack per active Concentration effect (Concentrating).
    Concentrating,
}

/// A status condition definition, as data.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusCondition {
    /// Its name ("Strained").
    pub name: String,
    /// How its stacks go.
    #[serde(default, skip_serializing_if = "is_default")]
    pub kind: StatusKind,
    /// Disadvantages per stack on Tests that name it.
    #[serde(default, skip_serializing_if = "is_default")]
    pub disadvantage_per_stack: u32,
    /// What it does, for the sheet.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub summary: String,
}
