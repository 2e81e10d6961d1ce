//! The board at any event. Every system makes a change before it logs the event that reports
//! it, so a copy of the board taken as an event is logged is exactly the moment right after
//! it. A run that keeps [`Moments`] takes that copy at each event; the sandbox then shows the
//! board at a selected event without replaying, and never ahead of the log.
//!
//! Copies cost time and memory, so only a sandbox run keeps them: a Monte Carlo run or a CLI
//! run never does, and its log is the same either way.

use super::sandbox::Sandbox;

/// Copies of a run's board, one per logged event (`get(i)` is the board right after event
/// `i`), kept only when asked for.
#[derive(Debug, PartialEq)]
pub struct Moments<M>(Option<Vec<M>>);

impl<M> Default for Moments<M> {
    fn default() -> Self {
        Self::off()
    }
}

impl<M: Clone> Clone for Moments<M> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl<M> Moments<M> {
    /// Keeps nothing (every run but the sandbox's).
    #[must_use]
    pub const fn off() -> Self {
        Self(None)
    }

    /// Keeps a copy per event from now on.
    #[must_use]
    pub const fn kept() -> Self {
        Self(Some(Vec::new()))
    }

    /// Whether copies are kept (check it before building a copy to record).
    #[inline]
    #[must_use]
    pub fn is_kept(&self) -> bool {
        self.0.is_some()
    }

    /// Records the board right after the event just logged; nothing when not kept.
    pub fn record(&mut self, board: M) {
        if let Some(list) = &mut self.0 {
            list.push(board);
        }
    }

    /// The board right after event `event`, if kept.
    #[must_use]
    pub fn get(&self, event: usize) -> Option<&M> {
        self.0.as_ref()?.get(event)
    }

    /// How many moments are recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, Vec::len)
    }

    /// Whether none is recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets the moments of events from `events` on (their events were taken back).
    pub fn truncate(&mut self, events: usize) {
        if let Some(list) = &mut self.0 {
            list.truncate(events);
        }
    }

    /// The same setting with nothing recorded: what a restarted run starts with.
    #[must_use]
    pub fn fresh(&self) -> Self {
        if self.is_kept() {
            Self::kept()
        } else {
            Self::off()
        }
    }
}

/// A sandbox run that can show its board right after any event it logged (the battle line,
/// glyph networks and encounters; the rules sandbox shows the board after the step instead).
pub trait AtEvent: Sandbox {
    /// What the system's board view reads at one moment.
    type Moment;

    /// This run, keeping a copy of the board at each event from its start on (its restarts,
    /// reseeds and replays keep them too). Only a run that has not stepped yet starts keeping
    /// them; it is returned unchanged otherwise.
    #[must_use]
    fn keep_moments(self) -> Self;

    /// The board right after event `event`: `None` unless the run keeps moments and has
    /// logged that event.
    fn at_event(&self, event: usize) -> Option<Self::Moment>;

    /// The board as the run stands: right after the last step (as set up before the first).
    /// A battle that keeps no moments may show work ahead of its log.
    fn moment(&self) -> Self::Moment;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_are_recorded_only_when_kept() {
        let mut off = Moments::<u8>::off();
        off.record(1);
        assert!(off.is_empty() && !off.is_kept());
        let mut kept = Moments::kept();
        for b in [3, 4, 5] {
            kept.record(b);
        }
        assert_eq!((kept.get(1), kept.get(3)), (Some(&4), None));
        kept.truncate(1);
        assert_eq!(kept.len(), 1);
        assert!(kept.fresh().is_kept() && kept.fresh().is_empty());
        assert!(!off.fresh().is_kept());
    }
}
