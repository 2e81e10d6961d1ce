//! Table mode's Reactions as data: who decides each side's, the GM's answers, the question the
//! session holds, and the state a run keeps of them while a table action plays (what
//! [`super::table_reactions`] reads and writes). Apart from the run, so the run can hold it.

use std::collections::VecDeque;

use super::ability::AbilityTime;
use super::table_error::TableError;

/// Who decides one side's Reactions at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ReactionDecider {
    /// The GM (for the players, or the monsters): each Reaction is a question to answer.
    Table,
    /// The engine, by the side's policy (as in a simulation), each logged.
    Engine,
}

/// The GM's answer to a Reaction question.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ReactionChoice {
    /// The creature answers with this Reaction (its id).
    Use {
        /// The Reaction's id, one the question offers.
        ability: String,
        /// The Score the table rolled for its Test; `None`: the engine rolls.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        score: Option<i32>,
    },
    /// The creature lets the trigger pass (nothing is spent).
    Skip,
}

/// One Reaction a question offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReactionOption {
    /// The ability's id.
    pub ability: String,
    /// Its name, as the creature has it.
    pub name: String,
    /// Reaction or Free Reaction.
    pub time: AbilityTime,
    /// What using it costs, in words ("a Beat (2 left); 1 Dodge Point (has 0)").
    pub cost: String,
    /// The Scores its Test can have (lowest, highest); `None`: it has no Test.
    pub score_range: Option<(i32, i32)>,
}

/// A Reaction the session holds for the GM to answer before anything else happens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReactionQuestion {
    /// The creature that may react (its id).
    pub creature: String,
    /// What triggered it, in words ("archer starts Aimed Shot on alice").
    pub trigger: String,
    /// The Reactions it could answer with, each usable now.
    pub options: Vec<ReactionOption>,
}

/// Table mode's state of Reactions inside a run (`None` outside table mode).
#[derive(Debug, Clone, Default)]
pub(super) struct TableAsking {
    /// Sides whose Reactions the engine decides; every other side is asked.
    pub(super) engine_sides: Vec<String>,
    /// The GM's answers still to take, in the order the questions come.
    pub(super) answers: VecDeque<(String, ReactionChoice)>,
    /// The first question with no answer left: the rest of the action is played as if
    /// skipped and then dropped.
    pub(super) question: Option<ReactionQuestion>,
    /// An answer that does not fit its question (another creature, a Reaction not offered).
    pub(super) wrong: Option<TableError>,
}

/// How playing a table action with the GM's answers ended.
pub(super) enum Answered {
    /// Every question was answered: the run is the new state.
    Done,
    /// A question has no answer yet.
    Asked(ReactionQuestion),
}
