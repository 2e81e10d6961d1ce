//! Runtime state of an encounter: combatants, status stacks, pending Slow Actions, the log.

use std::collections::BTreeMap;

use serde::Serialize;

use super::ability::{AbilityDef, Expiry};
use super::space::{Cell, ShapePlacement};
use crate::model::StatBlock;

/// What happened that Reactions may answer.
#[derive(Debug, Clone, Copy)]
pub(super) enum TriggerEvent<'a> {
    /// `user` started `def` against `targets`.
    Starts {
        user: usize,
        def: &'a AbilityDef,
        targets: &'a [usize],
    },
    /// `who` took damage from `by`'s ability.
    Damaged { who: usize, by: usize },
    /// `who` dropped.
    Drops { who: usize },
    /// `who`'s turn started.
    TurnStarts { who: usize },
    /// `who`'s turn is ending.
    TurnEnds { who: usize },
    /// `who` moved from `from`: its own Move, or a Push, Pull or Shift (a forced move).
    Moved { who: usize, from: Cell },
    /// `who` is about to move (its own Move) to `to`; it has not gone yet.
    Leaving { who: usize, to: Cell },
    /// `who` would take `amount` damage from `by`'s ability, whose Test has been made.
    WouldTakeDamage { who: usize, by: usize, amount: i32 },
}

/// Stacks of one status condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Stacks {
    /// Total stacks.
    pub stacks: u32,
    /// Stacks gained during the bearer's current turn (a Fleeting stack gained on its own turn
    /// is first removed at the end of its next turn).
    pub fresh: u32,
}

/// An active Concentration effect (one stack of Concentrating each).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConcentrationEffect {
    /// The ability that keeps it going.
    pub ability: String,
    /// What it is (the ability's effect notes).
    pub what: String,
    /// The targets it took effect on (its Components may name them).
    pub targets: Vec<usize>,
    /// Its Components missing at the last look: one that goes missing while the effect lasts
    /// is "interrupted" and forces a Focus Save.
    pub missing: Vec<String>,
}

/// An ability made usable for a while by another ability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PreparedAbility {
    /// Ability id.
    pub ability: String,
    /// When it expires.
    pub expires: Expiry,
    /// Uses left (for `Expiry::Uses`).
    pub uses_left: u32,
    /// Last round it lasts through (for `Expiry::Rounds`).
    pub until_round: u32,
    /// The ability that prepared it (for `Expiry::Concentration`).
    pub prepared_by: String,
}

/// An ability started but not yet tested (a Slow Action, or an Action made slow by Delay).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PendingAbility {
    /// Ability id.
    pub ability: String,
    /// Chosen target indices.
    pub targets: Vec<usize>,
    /// A Shape's fixed origin and orientation.
    pub shape: Option<ShapePlacement>,
    /// Chosen Bonuses.
    pub bonuses: Option<Vec<String>>,
    /// The log entry of its start.
    pub cause: usize,
    /// Wards (Dodge) raised against it by its targets' Reactions: (combatant, points). Kept with
    /// the ability so they still apply when a Delay makes it wait.
    pub wards: Vec<(usize, i32)>,
}

/// One creature in the encounter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Combatant {
    /// Id in the encounter.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Side.
    pub side: String,
    /// Cell.
    pub position: Cell,
    /// Health now.
    pub health: i32,
    /// Maximum health.
    pub max_health: i32,
    /// Beats left this turn.
    pub beats: u32,
    /// Extra Beats this turn usable only to start the abilities in `bound_to` (Multi-Attack's
    /// Beats for Melee Attacks).
    pub bound_beats: u32,
    /// The abilities (ids) `bound_beats` may start.
    pub bound_to: Vec<String>,
    /// Statuses other than Concentrating, by name.
    pub statuses: BTreeMap<String, Stacks>,
    /// Active Concentration effects.
    pub concentration: Vec<ConcentrationEffect>,
    /// Resource points.
    pub resources: BTreeMap<String, i32>,
    /// Prepared abilities.
    pub prepared: Vec<PreparedAbility>,
    /// Behind cover (until it moves or its next turn starts).
    pub in_cover: bool,
    /// Damage reduction against the ability being resolved (Dodge).
    pub ward: i32,
    /// Started abilities waiting for their Test.
    pub pending: Vec<PendingAbility>,
    /// Answers Reaction Triggers by itself.
    pub reacts: bool,
    /// The stat block.
    #[serde(skip)]
    pub block: StatBlock,
}

impl Combatant {
    /// The ids of the abilities it has: known first, then Prepared; each once, in that order.
    #[must_use]
    pub fn ability_ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = Vec::new();
        for id in (self.block.abilities.iter().map(|k| k.id.as_str()))
            .chain(self.prepared.iter().map(|p| p.ability.as_str()))
        {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        ids
    }

    /// The Beats it may spend to start ability `id`: its own, plus those bound to `id`.
    #[must_use]
    pub fn beats_for(&self, id: &str) -> u32 {
        if self.bound_to.iter().any(|b| b == id) {
            self.beats.saturating_add(self.bound_beats)
        } else {
            self.beats
        }
    }

    /// Still in the fight.
    #[must_use]
    pub fn standing(&self) -> bool {
        self.health > 0
    }

    /// Stacks of a status (Concentrating counts active Concentration effects).
    #[must_use]
    pub fn stacks(&self, name: &str) -> u32 {
        if name == "Concentrating" {
            return self.concentration.len() as u32;
        }
        self.statuses.get(name).map_or(0, |s| s.stacks)
    }

    /// Statuses with stacks, Concentrating included, for display.
    #[must_use]
    pub fn condition_list(&self) -> BTreeMap<String, u32> {
        let mut out: BTreeMap<String, u32> = self
            .statuses
            .iter()
            .filter(|(_, s)| s.stacks > 0)
            .map(|(k, s)| (k.clone(), s.stacks))
            .collect();
        if !self.concentration.is_empty() {
            out.insert("Concentrating".to_owned(), self.concentration.len() as u32);
        }
        out
    }
}

/// What a log entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LogKind {
    /// A round begins.
    Round,
    /// A turn begins.
    TurnStart,
    /// A turn ends.
    TurnEnd,
    /// An ability starts.
    Start,
    /// A Reaction answers a trigger.
    Reaction,
    /// A Test is rolled.
    Test,
    /// A Save is rolled or decided.
    Save,
    /// Damage taken.
    Damage,
    /// Health restored.
    Healing,
    /// Status stacks change.
    Status,
    /// Beats change.
    Beats,
    /// Movement or cover.
    Move,
    /// Something was not allowed.
    Refused,
    /// A Slow Action lost its targets or requirements.
    Interrupted,
    /// Concentration starts or ends.
    Concentration,
    /// An ability is prepared or expires.
    Prepared,
    /// A creature drops.
    Drop,
    /// Anything else (notes, forced rolls).
    Note,
    /// An action the game master took at the table (table mode).
    Table,
    /// The encounter is over.
    End,
}

/// Which ability of which combatant was acting (the typed part of an [`EncounterCause`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct EncounterAbility {
    /// The combatant's id in the encounter.
    pub combatant: String,
    /// The ability's name.
    pub ability: String,
}

impl std::fmt::Display for EncounterAbility {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}'s {}", self.combatant, self.ability)
    }
}

/// Why a log entry happened: the ability being resolved, and the entry it answers.
pub type EncounterCause = crate::core::Cause<EncounterAbility>;

/// The JSON keeps printing only the earlier entry's index as `cause`.
fn cause_index<S: serde::Serializer>(cause: &EncounterCause, s: S) -> Result<S::Ok, S::Error> {
    cause.after.serialize(s)
}

fn no_earlier_entry(cause: &EncounterCause) -> bool {
    cause.after.is_none()
}

/// One line of the log, with its cause (an earlier entry's index).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogEntry {
    /// Position in the log.
    pub index: usize,
    /// Round.
    pub round: u32,
    /// Kind.
    pub kind: LogKind,
    /// Who acted or was affected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actor: Option<String>,
    /// Plain-English text.
    pub text: String,
    /// Why: the earlier entry it answers (the JSON's `cause`) and the ability acting.
    #[serde(
        serialize_with = "cause_index",
        skip_serializing_if = "no_earlier_entry"
    )]
    pub cause: EncounterCause,
}

impl crate::core::Caused for LogEntry {
    type Ability = EncounterAbility;

    fn cause(&self) -> &EncounterCause {
        &self.cause
    }
}

/// How the encounter ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The side left standing (`None` = draw or unfinished script).
    pub winner: Option<String>,
    /// Rounds played (the round it ended in).
    pub rounds: u32,
    /// Why it ended.
    pub reason: String,
}

/// A read-only view of one combatant, for the sandbox and `--json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CombatantView {
    /// Id.
    pub id: String,
    /// Side.
    pub side: String,
    /// Cell.
    pub position: Cell,
    /// Health.
    pub health: i32,
    /// Maximum health.
    pub max_health: i32,
    /// Beats left.
    pub beats: u32,
    /// Status conditions with stacks.
    pub conditions: BTreeMap<String, u32>,
    /// Resource points.
    pub resources: BTreeMap<String, i32>,
    /// Prepared ability ids.
    pub prepared: Vec<String>,
    /// Pending (slow) ability ids.
    pub pending: Vec<String>,
    /// Behind cover.
    pub in_cover: bool,
}

/// The state the sandbox reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StateView {
    /// Round.
    pub round: u32,
    /// Whose turn it is.
    pub turn: Option<String>,
    /// Every combatant.
    pub combatants: Vec<CombatantView>,
    /// The outcome, once over.
    pub outcome: Option<Outcome>,
}

impl CombatantView {
    /// The view of a combatant.
    #[must_use]
    pub fn of(c: &Combatant) -> Self {
        Self {
            id: c.id.clone(),
            side: c.side.clone(),
            position: c.position,
            health: c.health,
            max_health: c.max_health,
            beats: c.beats,
            conditions: c.condition_list(),
            resources: c.resources.clone(),
            prepared: c.prepared.iter().map(|p| p.ability.clone()).collect(),
            pending: c.pending.iter().map(|p| p.ability.clone()).collect(),
            in_cover: c.in_cover,
        }
    }
}
