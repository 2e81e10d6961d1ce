//! An encounter run as the editor's sandbox drives it ([`crate::core::Sandbox`]): step back
//! and seek are replays from the seed.

use super::run::EncounterRun;
use super::state::{LogEntry, Outcome};
use crate::core::Sandbox;

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
        Self::with_mode(&self.content, &self.encounter, seed, self.mode)
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
