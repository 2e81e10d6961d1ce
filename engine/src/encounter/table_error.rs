//! Why the engine refused a table action: its own module, so the run's table state (which
//! keeps a wrong answer to a Reaction question) and table mode's actions share it without
//! depending on each other.

/// Why the engine refused a table action (nothing changed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The creature has no stacks of the status to clear.
    #[error("{0} has no {1} to clear")]
    NoStacks(String, String),
    /// No creature has this id in the encounter.
    #[error("no creature `{0}` in this encounter")]
    UnknownCreature(String),
    /// The creature has dropped: it takes no more damage, healing or statuses.
    #[error("{0} has dropped")]
    Dropped(String),
    /// The content defines no status of this name.
    #[error("no status `{0}` in this pack's statuses")]
    UnknownStatus(String),
    /// Concentrating stacks come and go with Concentration effects only.
    #[error("`{0}` comes and goes with Concentration effects; it cannot be given")]
    ConcentrationStatus(String),
    /// An amount or a number of stacks of zero.
    #[error("nothing to apply: the amount is 0")]
    Nothing,
    /// The creature has no such resource.
    #[error("{0} has no resource `{1}`")]
    UnknownResource(String, String),
    /// Spending more points of a resource than the creature has.
    #[error("{0} has only {2} {1}")]
    NotEnough(String, String, i32),
    /// The creature whose turn it is has no Beats left.
    #[error("{0} has no Beats left")]
    NoBeats(String),
    /// The encounter is over.
    #[error("the encounter is over")]
    Over,
    /// The engine refused an ability or a move; the text is its reason, as the log would say
    /// it ("archer cannot move: x 3, y 4 is occupied").
    #[error("{0}")]
    Refused(String),
    /// A typed Score the dice cannot make (2d6 + 1 makes 3 to 13).
    #[error("a Score of {score} cannot come from {dice}d{sides} {modifier:+} ({low} to {high})")]
    ImpossibleScore {
        /// The Score typed.
        score: i32,
        /// Dice kept.
        dice: u32,
        /// Faces per die.
        sides: u32,
        /// The Test's modifier.
        modifier: i32,
        /// The lowest Score possible.
        low: i32,
        /// The highest Score possible.
        high: i32,
    },
    /// A Score was typed for an ability that has no Test.
    #[error("{0} has no Test (it takes an automatic Mixed Score): type no Score")]
    NoTest(String),
    /// A Reaction question waits for the GM's answer: nothing else happens before it.
    #[error("first answer the Reaction question of {0} (Use or Skip)")]
    Unanswered(String),
    /// An answer was given with no Reaction question waiting.
    #[error("no Reaction question waits for an answer")]
    NoQuestion,
    /// Replaying the session from its start, the engine refused an action it had taken.
    #[error("action {number} ({action}) no longer applies: {reason}")]
    Replay {
        /// The action's number, from 1.
        number: usize,
        /// The action in words.
        action: String,
        /// Why the engine refused it.
        reason: Box<TableError>,
    },
}
