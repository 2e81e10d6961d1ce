//! A glyph network run as the editor's sandbox drives it ([`crate::core::Sandbox`]): step back
//! and seek are replays from the start.

use super::event::{GlyphEnd, GlyphEvent};
use super::run::GlyphRun;
use crate::core::Sandbox;

/// A glyph network in the editor's sandbox: a step is one round. Networks draw no random
/// numbers, so the seed changes nothing.
impl Sandbox for GlyphRun {
    type Event = GlyphEvent;
    type Outcome = GlyphEnd;

    fn restart(&self) -> Self {
        GlyphRun::new(self.network())
    }

    fn reseed(&self, _seed: u64) -> Self {
        self.restart()
    }

    fn seed(&self) -> u64 {
        0
    }

    fn step(&mut self) -> bool {
        self.step_round().is_some()
    }

    fn steps(&self) -> usize {
        self.rounds().len()
    }

    fn log(&self) -> &[GlyphEvent] {
        GlyphRun::log(self)
    }

    fn outcome(&self) -> Option<GlyphEnd> {
        self.end()
    }
}
