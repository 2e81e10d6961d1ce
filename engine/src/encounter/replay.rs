//! An encounter run as the editor's sandbox drives it ([`crate::core::Sandbox`]): step back
//! and seek are replays from the seed; a run that keeps moments shows the state right after
//! any log entry ([`crate::core::AtEvent`]), in the middle of an action too.

use super::asking::TableAsking;
use super::run::EncounterRun;
use super::state::{LogEntry, Outcome, StateView};
use crate::core::{AtEvent, Moments, Sandbox};

/// An encounter in the editor's sandbox: a step is one action (a script action or one policy
/// decision).
impl Sandbox for EncounterRun {
    type Event = LogEntry;
    type Outcome = Outcome;

    fn restart(&self) -> Self {
        self.reseed(self.seed)
    }

    fn reseed(&self, seed: u64) -> Self {
        // These inputs started a run already, so they start one again; the fallback is never
        // taken.
        let moments = self.moments.fresh();
        // A table run starts again asking the GM, as it started.
        let asking = self.asking.as_ref().map(|_| TableAsking::default());
        Self::start(
            &self.content,
            &self.encounter,
            seed,
            self.mode,
            moments,
            asking,
        )
        .unwrap_or_else(|_| self.clone())
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn step(&mut self) -> bool {
        EncounterRun::step(self).is_some()
    }

    fn steps(&self) -> usize {
        self.steps
    }

    fn log(&self) -> &[LogEntry] {
        &self.log
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
}

/// The state at an entry is the view the sandbox draws ([`EncounterRun::state`]).
impl AtEvent for EncounterRun {
    type Moment = StateView;

    fn keep_moments(self) -> Self {
        if self.steps > 0 || self.moments.is_kept() {
            return self;
        }
        // Setting up logs entries already: start again, keeping them from the first.
        Self::start(
            &self.content,
            &self.encounter,
            self.seed,
            self.mode,
            Moments::kept(),
            self.asking.as_ref().map(|_| TableAsking::default()),
        )
        .unwrap_or(self)
    }

    fn at_event(&self, event: usize) -> Option<StateView> {
        self.moments.get(event).cloned()
    }

    fn moment(&self) -> StateView {
        self.state()
    }
}
