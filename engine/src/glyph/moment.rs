//! The glyphs at one moment of a run: what a run that keeps moments records as each event is
//! logged (`GlyphBoard`), and what the sandbox's board, map and graph read ([`GlyphMoment`]).

/// What a run records as each event is logged (the rest of a moment is read from the log).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GlyphBoard {
    pub(super) positions: Vec<(f64, f64)>,
    pub(super) present: Vec<bool>,
    pub(super) disabled_until: Vec<u32>,
    /// Whether each link of the run stands.
    pub(super) standing: Vec<bool>,
}

/// The glyphs at one moment of a run: what the sandbox's board, map and graph show.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphMoment {
    /// The round being played at that moment (the last one played, for the run as it stands;
    /// 0 before the first).
    pub round: u32,
    /// Where each glyph stands, in file order.
    pub positions: Vec<(f64, f64)>,
    /// Whether each glyph (file order) is still present.
    pub present: Vec<bool>,
    /// The last round each glyph (file order) is disabled in (0: not disabled).
    pub disabled_until: Vec<u32>,
    /// Links standing, in file order, as written.
    pub links: Vec<(String, String)>,
    /// Glyphs that have sent a command in `round` so far (they shine), in file order.
    pub shining: Vec<String>,
}

impl GlyphMoment {
    /// Whether glyph `i` (file order) is present.
    #[must_use]
    pub fn is_present(&self, i: usize) -> bool {
        self.present.get(i).copied().unwrap_or(false)
    }

    /// The last round glyph `i` (file order) is disabled in (0: not disabled).
    #[must_use]
    pub fn disabled_until(&self, i: usize) -> u32 {
        self.disabled_until.get(i).copied().unwrap_or(0)
    }
}
