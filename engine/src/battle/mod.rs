//! The battle-line engine (seed 001 and `shared/rules/battle-line.md`).
//!
//! - [`content`]: the standard keyword library (embedded from `content/battle-line/`), pack
//!   folders and inline cards, compiled by [`compile`] into a [`program::Program`].
//! - [`setup`]: a scenario resolved against its content ([`BattleSetup`]), errors located.
//! - [`core`]: [`Battle`], the turn machine: `step()` one event at a time, `replay_to(n)`, `run()`.
//! - [`state`], [`query`]: the board and its queries (conditions, amounts, target selectors).
//! - [`rules`] (deaths, plays, attacks), [`effects`], [`damage`], [`board`] (line changes) and
//!   [`stats`]: resolution and stat recomputation.
//! - [`replay`]: the battle as the editor's sandbox (replay from the seed, the board at an event).
//! - [`event`]: the log's events and causes; [`view`]: board, outcome JSON and readable text.
//! - [`cli`], [`simulate`]: the `battle` and `simulate` commands.

pub mod board;
pub mod cli;
pub mod compile;
pub mod content;
pub mod core;
pub mod creature;
pub mod damage;
pub mod effects;
pub mod event;
pub mod origin;
pub mod program;
pub mod query;
pub mod replay;
pub mod rules;
pub mod setup;
pub mod simulate;
pub mod state;
pub mod stats;
#[cfg(test)]
mod test_boards;
pub mod view;

pub use cli::{expectation_failures, winner_name};
pub use content::BattleContent;
pub use core::{Battle, Winner};
pub use event::{Cause, Event, EventKind};
pub use setup::{BattleSetup, LoadError, load_scenario_file, prepare};
