//! Sigilforge engine: the content model, pack I/O and deterministic rules engines.
//!
//! No GUI dependency, no wall clock, no thread-local randomness: the same content and seed
//! always give the same event log. See `docs/architecture.md` for the module map.

// The derive names `::sigilforge_engine::reflect`; inside this crate that is `crate`.
extern crate self as sigilforge_engine;

pub mod archive;
pub mod atomic;
pub mod balance;
pub mod battle;
pub mod big_pack;
pub mod cards_csv;
pub mod command;
pub mod content_check;
pub mod core;
pub mod diag;
pub mod encounter;
pub mod glyph;
pub mod locate;
pub mod markup;
pub mod model;
pub mod pack;
pub mod reflect;
pub mod rename;
pub mod ron_doc;
pub mod ron_io;
pub mod rules;
pub mod set_stats;
pub mod wording;
