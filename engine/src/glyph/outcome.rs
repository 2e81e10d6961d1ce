//! What a run gives at its end: the contract JSON of `sigilforge glyph FILE --json`.

use super::event::{GlyphEnd, GlyphRound};

/// What a finished (or stopped) run gives: what `glyph --json` prints.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphOutcome {
    /// How it ended (`None` if stopped before the end).
    pub end: Option<GlyphEnd>,
    /// Every round played.
    pub rounds: Vec<GlyphRound>,
    /// Glyph ids in the order dismissed.
    pub dismissed: Vec<String>,
    /// Links still standing, in file order, as written.
    pub links: Vec<(String, String)>,
}

impl GlyphOutcome {
    /// The contract JSON (key order as in the spec).
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        let pairs = |v: &[(String, String)]| -> serde_json::Value {
            v.iter()
                .map(|(a, b)| serde_json::json!([a, b]))
                .collect::<Vec<_>>()
                .into()
        };
        let rounds: Vec<serde_json::Value> = self
            .rounds
            .iter()
            .map(|r| {
                let mut round = serde_json::json!({
                    "round": r.round,
                    "received": pairs(&r.received),
                    "sent": pairs(&r.sent),
                    "effects": pairs(&r.effects),
                    "skipped": pairs(&r.skipped),
                });
                if !r.noticed.is_empty() {
                    round["noticed"] = pairs(&r.noticed);
                }
                round
            })
            .collect();
        serde_json::json!({
            "end": self.end.map_or("unfinished", GlyphEnd::as_str),
            "rounds": rounds,
            "dismissed": self.dismissed,
            "links": pairs(&self.links),
        })
    }
}
