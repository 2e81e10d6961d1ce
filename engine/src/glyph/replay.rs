//! A glyph network run as the editor's sandbox drives it ([`crate::core::Sandbox`]): step back
//! and seek are replays from the start; a run that keeps moments shows the glyphs right after
//! any event ([`crate::core::AtEvent`]), in the middle of a round too.

use super::event::{GlyphEnd, GlyphEvent, GlyphEventKind};
use super::model::GlyphNetwork;
use super::moment::{GlyphBoard, GlyphMoment};
use super::run::GlyphRun;
use crate::core::{AtEvent, Moments, Sandbox};

/// A glyph network in the editor's sandbox: a step is one round. Networks draw no random
/// numbers, so the seed changes nothing.
impl Sandbox for GlyphRun {
    type Event = GlyphEvent;
    type Outcome = GlyphEnd;

    fn restart(&self) -> Self {
        let mut fresh = GlyphRun::new(self.network());
        fresh.moments = self.moments.fresh();
        fresh
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

impl GlyphRun {
    /// Steps back one round: re-runs the same network (with its added injections) from the
    /// start to the previous round.
    pub fn step_back(&mut self) {
        Sandbox::step_back(self);
    }

    /// A fresh run of `net` stepped to `round` (or to its end, if earlier).
    #[must_use]
    pub fn replay(net: &GlyphNetwork, round: u32) -> GlyphRun {
        GlyphRun::new(net).seek(round as usize)
    }

    fn moment_of(&self, board: &GlyphBoard, round: u32, shining: Vec<String>) -> GlyphMoment {
        let links = self
            .links
            .iter()
            .zip(&board.standing)
            .filter(|(_, standing)| **standing)
            .map(|(l, _)| (self.id(l.a).to_owned(), self.id(l.b).to_owned()))
            .collect();
        GlyphMoment {
            round,
            positions: board.positions.clone(),
            present: board.present.clone(),
            disabled_until: board.disabled_until.clone(),
            links,
            shining,
        }
    }
}

impl AtEvent for GlyphRun {
    type Moment = GlyphMoment;

    fn keep_moments(mut self) -> Self {
        if self.log().is_empty() {
            self.moments = Moments::kept();
        }
        self
    }

    fn at_event(&self, event: usize) -> Option<GlyphMoment> {
        let board = self.moments.get(event)?;
        let log = self.log();
        let round = log.get(event)?.round;
        // Senders of this round up to the event, in file order (as a round's summary lists).
        let sent: Vec<&str> = log[..=event]
            .iter()
            .rev()
            .take_while(|e| e.round == round)
            .filter_map(|e| match &e.kind {
                GlyphEventKind::Sent { glyph, .. } => Some(glyph.as_str()),
                _ => None,
            })
            .collect();
        let shining = self
            .network()
            .glyphs
            .iter()
            .filter(|g| sent.contains(&g.id.as_str()))
            .map(|g| g.id.clone())
            .collect();
        Some(self.moment_of(board, round, shining))
    }

    fn moment(&self) -> GlyphMoment {
        let shining = self
            .rounds()
            .last()
            .map(|r| r.shining.clone())
            .unwrap_or_default();
        self.moment_of(&self.board(), self.round(), shining)
    }
}
