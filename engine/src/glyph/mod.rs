//! Glyph networks (seed 004, "Glyphic Spell Ability Rules"; `shared/spec/glyph-network.md`).

pub mod model;

pub use model::{GlyphAbility, GlyphAction, GlyphDef, GlyphNetwork, GlyphTime, Injection, Move};
