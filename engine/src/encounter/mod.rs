//! The tabletop encounter engine (seed 004, section 1.8): ability headers as data, the eight
//! Ability Times, Tests and Saves, status conditions, space and Shapes, encounter files, a CLI
//! command, a difficulty estimate by simulation (careful and simple play, with a band word), the A/B of an encounter change and a printable
//! sheet.
//!
//! ```text
//! let (encounter, content) = encounter::load(path, &mut diags)?;
//! let mut run = EncounterRun::new(&content, &encounter, seed)?;
//! while let Some(entries) = run.step() { /* one script action or policy decision */ }
//! ```
//! Readings of the loose parts of the seed are listed in `docs/rules/encounters.md`.

pub mod ab;
pub mod ability;
pub mod asking;
mod careful;
pub mod change;
pub mod check;
mod check_status;
pub mod cli;
pub mod damage_dice;
pub mod dice;
pub mod difficulty;
mod effects;
pub mod file;
#[cfg(test)]
mod fixtures;
pub mod load;
pub mod policy;
pub mod progression;
mod reactions;
mod replay;
mod resolve;
pub mod run;
pub mod sheet;
pub mod space;
pub mod state;
pub mod status;
pub mod table;
pub mod table_error;
mod table_gm;
pub mod table_log;
mod table_play;
pub mod table_reactions;
mod targets;
mod terms;
mod turns;
pub mod waiting;
pub mod words;

pub use ability::{AbilityDef, AbilityLibrary, AbilityTime, Distance, ShapeKind};
pub use asking::{ReactionChoice, ReactionDecider, ReactionOption, ReactionQuestion};
pub use change::{KnownAbilityChange, StatBlockChange};
pub use check::{check, check_content, check_pack};
pub use dice::{Band, DiceRule, SaveMod, save_mod};
pub use difficulty::{
    Difficulty, DifficultyBand, ESTIMATE_RUNS, EstimatePlan, PlayStyle, estimate_difficulty,
};
pub use file::{EditedTexts, Encounter, EncounterContent, EncounterExpect, ScriptAction};
pub use load::{load, load_source, load_source_as_edited};
pub use policy::{SimulationReport, simulate, simulate_table, wilson_interval};
pub use progression::{
    FlavorError, KnownField, KnownProblem, UpgradeError, known_ability_problems, series_of,
};
pub use run::{EncounterError, EncounterRun, Mode, Policy, Table};
pub use state::{EncounterAbility, EncounterCause, LogEntry, LogKind, Outcome, StateView};
pub use status::StatusTestMods;
pub use table::{TableAction, TableError, TableSession};
pub use table_log::{TableLog, TableLogError, encounter_fingerprint, table_log_text};
pub use table_play::TableAbility;
pub use waiting::WaitingAction;
