//! Creatures and characters of the tabletop game (seed 004): stat blocks and status conditions.
//! The encounter engine (`crate::encounter`) runs them.

use serde::{Deserialize, Serialize};

use crate::reflect::Reflect;
use std::collections::BTreeMap;

use super::is_default;

/// A creature's or character's stat block.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct StatBlock {
    /// Stable id encounters refer to.
    pub id: String,
    /// Display name ("The Hag", "#Bob").
    pub name: String,
    /// Level, checked by Upgrade requirements.
    #[serde(default, skip_serializing_if = "is_default")]
    pub level: u32,
    /// Maximum health.
    #[serde(default, skip_serializing_if = "is_default")]
    pub health: i32,
    /// Beats at the start of each turn (the seed's default is 2).
    #[serde(default = "two", skip_serializing_if = "is_two")]
    pub beats: u32,
    /// Units moved by one Move (a Beat); the seed leaves movement to chapter 2, 4 is our reading.
    #[serde(default = "four", skip_serializing_if = "is_four")]
    pub speed: u32,
    /// Modifiers: `{"Fighter": 2, "Rogue": 0, "Mage": 3, "Grit": 1, "Edge": 0, "Focus": 2}`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stats: BTreeMap<String, i32>,
    /// Creature tags for target filters (`"Undead"`, `"Construct"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// The abilities it knows (from the pack's ability library), with the Flavors chosen when
    /// each was gained and the Upgrades taken.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<KnownAbility>,
    /// Points of named resources (`{"Dodge Point": 1}`), used by Components and Bonus costs.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub resources: BTreeMap<String, i32>,
    /// Status conditions it starts with, by name with stacks.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub conditions: BTreeMap<String, u32>,
}

/// An ability on a character sheet: which one, the Flavors fixed when it was gained, and the
/// Upgrades taken (in the order taken).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct KnownAbility {
    /// Ability id in the library.
    #[reflect(ability, label = "Ability")]
    pub id: String,
    /// Flavor names chosen when the ability was gained; fixed from then on.
    #[reflect(flavor)]
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flavors: Vec<String>,
    /// Upgrade names taken, e.g. `["Powerful(1)", "Powerful(2)"]`.
    #[reflect(upgrade)]
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrades: Vec<String>,
    /// Those of `upgrades` bought with a Prestige Upgrade: they ignore the Upgrade's level, and
    /// an Upgrade the ability lists as a Prestige Upgrade must be one of them.
    #[reflect(upgrade)]
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prestige: Vec<String>,
}

fn two() -> u32 {
    2
}

fn four() -> u32 {
    4
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_two(v: &u32) -> bool {
    *v == 2
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_four(v: &u32) -> bool {
    *v == 4
}

impl StatBlock {
    /// A modifier by name (0 when the sheet does not list it).
    #[must_use]
    pub fn stat(&self, name: &str) -> i32 {
        self.stats.get(name).copied().unwrap_or(0)
    }
}

/// A file of stat blocks: `StatBlockSet(creatures: [ ... ])`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatBlockSet {
    /// The stat blocks.
    pub creatures: Vec<StatBlock>,
}

/// How a status condition's stacks go away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum StatusKind {
    /// Loses one stack at the end of the bearer's turn (Strained, Vulnerable); a stack gained
    /// during the bearer's own turn is first removed at the end of its next turn.
    #[default]
    Fleeting,
    /// Lost at the end of the episode (Exhausted).
    Persistent,
    /// One stack per active Concentration effect (Concentrating).
    Concentrating,
}

/// A status condition definition, as data.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct StatusCondition {
    /// Its name ("Strained").
    pub name: String,
    /// How its stacks go.
    #[serde(default, skip_serializing_if = "is_default")]
    pub kind: StatusKind,
    /// Disadvantages per stack on Tests that name it (`Test: Fighter Stat Strained`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub disadvantage_per_stack: u32,
    /// Extra damage taken per stack from each damage effect (Vulnerable).
    #[serde(default, skip_serializing_if = "is_default")]
    pub extra_damage_taken_per_stack: i32,
    /// Disadvantages per stack on every Test the bearer makes, Saves included, whatever the
    /// Test names (Frightened); the seed is silent, this is our reading of a broad status.
    #[serde(default, skip_serializing_if = "is_default")]
    pub disadvantage_on_every_test: u32,
    /// Advantages per stack on the Test of an ability aimed at the bearer (Marked). One Test
    /// covers all its targets, so the most among them counts.
    #[serde(default, skip_serializing_if = "is_default")]
    pub advantage_against: u32,
    /// Beats lost per stack at the start of the bearer's turn (Slowed); never below 0.
    #[serde(default, skip_serializing_if = "is_default")]
    pub beats_lost: u32,
    /// Extra Beats per stack at the start of the bearer's turn, before any are lost (Hasted).
    #[serde(default, skip_serializing_if = "is_default")]
    pub beats_gained: u32,
    /// When its last stack goes (at the end of a turn, or a Save ends it), the bearer gains
    /// these stacks of another status (Hasted, then Stunned).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when_gone: Option<(String, u32)>,
    /// While it has a stack, the bearer answers no Reaction Trigger (Stunned).
    #[serde(default, skip_serializing_if = "is_default")]
    pub no_reactions: bool,
    /// Damage per stack the bearer takes at the start of its turn (Burning).
    #[serde(default, skip_serializing_if = "is_default")]
    pub damage_at_turn_start: i32,
    /// The damage type of `damage_at_turn_start` ("Fire").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_kind: Option<String>,
    /// A Save (by its modifier, "Grit") the bearer makes at the end of its turn; passing it
    /// ends every stack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_ends: Option<String>,
    /// The most stacks a creature can have (0 = no limit); stacks beyond it are not gained.
    #[serde(default, skip_serializing_if = "is_default")]
    pub max_stacks: u32,
    /// What it does, for the sheet.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub summary: String,
}

/// A file of status condition definitions: `StatusLibrary(conditions: [ ... ])`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusLibrary {
    /// The definitions.
    pub conditions: Vec<StatusCondition>,
}
