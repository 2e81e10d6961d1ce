//! Glyph networks (seed 004, "Glyphic Spell Ability Rules"; `docs/formats/glyph-network.md`).
//!
//! - [`model`]: the file format.
//! - [`check()`]/[`load`]: validation with located errors.
//! - [`run::GlyphRun`]: the round-by-round engine with its event log.
//! - [`replay`], [`moment`]: the run as the editor's sandbox (replay from the start, the glyphs
//!   right after any event).
//! - [`analyse()`]: what a network can do, found without running it.
//! - [`cli::glyph_command`]: the `glyph` subcommand.

pub mod analyse;
pub mod check;
pub mod cli;
pub mod event;
pub mod expect;
pub mod model;
pub mod moment;
pub mod outcome;
pub mod replay;
pub mod run;

pub use analyse::{GlyphAnalysis, PlayedOut, Reception, analyse};
pub use check::{check, load, load_file};
pub use event::{
    AbilityRef, GlyphCause, GlyphEnd, GlyphEvent, GlyphEventKind, GlyphRound, GlyphSource,
    LinkBreak,
};
pub use model::{
    GlyphAbility, GlyphAction, GlyphDef, GlyphExpect, GlyphNetwork, GlyphTime, GlyphTrigger,
    Injection, Move, Outside, OutsideEvent, Perceiver, Stimulus,
};
pub use moment::GlyphMoment;
pub use outcome::GlyphOutcome;
pub use run::{GlyphRun, GlyphRunError};
