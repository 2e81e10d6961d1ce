//! The glyph network file format, exactly as `docs/formats/glyph-network.md` fixes it.

use serde::{Deserialize, Serialize};

/// A network of glyphs with links, injected commands and scheduled moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlyphNetwork {
    /// What the network is.
    pub name: String,
    /// The run stops after this round at the latest.
    #[serde(
        default = "default_max_rounds",
        skip_serializing_if = "is_default_max_rounds"
    )]
    pub max_rounds: u32,
    /// The glyphs, in file order (the order they are handled in each round).
    pub glyphs: Vec<GlyphDef>,
    /// Links between glyphs, by id, as written.
    #[serde(default)]
    pub links: Vec<(String, String)>,
    /// Commands from outside (a creature, a GM).
    #[serde(default)]
    pub inject: Vec<Injection>,
    /// Scheduled moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<Move>,
}

fn default_max_rounds() -> u32 {
    20
}
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_default_max_rounds(v: &u32) -> bool {
    *v == default_max_rounds()
}

/// One glyph.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlyphDef {
    /// Unique id within the network.
    pub id: String,
    /// Position in units (1u = Swinging Distance).
    pub pos: (f64, f64),
    /// Its glyph abilities, in listed order.
    #[serde(default)]
    pub abilities: Vec<GlyphAbility>,
    /// Built-in: a Free Reaction to this command dismisses the glyph.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dismiss_on: Option<String>,
    /// Built-in: a Free Reaction to this command disables it for N rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disable_on: Option<(String, u32)>,
    /// The colour it shines in when it sends (creator's choice), `"#rrggbb"` (project extension).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
}

/// A glyph ability: on a command, at a time, do actions in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlyphAbility {
    /// The command that triggers it.
    pub on: String,
    /// Reaction (costs the round's Beat) or FreeReaction.
    pub time: GlyphTime,
    /// What it does, in order.
    pub does: Vec<GlyphAction>,
}

/// When a glyph ability may fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GlyphTime {
    /// Costs the glyph's one Beat of the round.
    Reaction,
    /// Costs nothing.
    FreeReaction,
}

/// One thing a glyph ability does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GlyphAction {
    /// Send a command: delivered next round to this glyph and every glyph linked to it then.
    Send(String),
    /// A named effect (ring, spikes).
    Effect(String),
    /// Remove this glyph and its links at once.
    Dismiss,
    /// Disable this glyph for N rounds.
    Disable(u32),
}

/// A command injected from outside.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Injection {
    /// The round it arrives.
    pub round: u32,
    /// The glyph it arrives at.
    pub glyph: String,
    /// The command.
    pub command: String,
}

/// A glyph moved in a round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The round it happens (before delivery).
    pub round: u32,
    /// Which glyph.
    pub glyph: String,
    /// Its new position.
    pub to: (f64, f64),
}
