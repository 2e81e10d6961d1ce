//! The rules sandbox's log: one line per step, each with its typed cause (which ability of which
//! card, in reply to which earlier line), so the editor's "why" can walk back from any line.

use std::fmt;

use serde::{Serialize, Serializer};

/// Which ability of which card acted (the typed part of a [`RulesCause`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RulesAbility {
    /// The card instance (`wolf#2`), or `script`.
    pub card: String,
    /// What the log calls it (`wolf#2: Howl`, or the card for a spell).
    pub label: String,
}

impl fmt::Display for RulesAbility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

/// Why a line was logged: the ability resolving or triggering, and the line it answers.
pub type RulesCause = crate::core::Cause<RulesAbility>;

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesEvent {
    /// The turn it happened in.
    pub turn: u32,
    /// The phase it happened in.
    pub phase: String,
    /// The line as printed: `t1 main: wolf enters the city @3`.
    pub text: String,
    /// Why.
    pub cause: RulesCause,
}

impl crate::core::Caused for RulesEvent {
    type Ability = RulesAbility;

    fn cause(&self) -> &RulesCause {
        &self.cause
    }
}

impl fmt::Display for RulesEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The JSON's `log` is the lines as printed.
impl Serialize for RulesEvent {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}
