//! The sandbox contract: step one resolution at a time, step back and seek by re-running from
//! the seed (so going back can never drift from going forward), reset, reseed, read the log and
//! the outcome. Each rule system implements the few required methods; replay is written once,
//! here.

use super::cause::{Caused, why};

/// A run of one rule system that the editor's sandbox can drive.
///
/// A "step" is one resolution in the system's own terms: an event of the battle line, a round
/// of a glyph network, an action of an encounter or a rules script. A step may log several
/// events.
pub trait Sandbox: Clone {
    /// One entry of the log.
    type Event: Caused;
    /// How a finished run ended.
    type Outcome;

    /// The same run from its start: same content, seed and inputs, nothing stepped.
    #[must_use]
    fn restart(&self) -> Self;

    /// The same run from its start with another seed.
    #[must_use]
    fn reseed(&self, seed: u64) -> Self;

    /// The seed this run draws from.
    fn seed(&self) -> u64;

    /// Resolves one step; false (and nothing changes) once the run is over.
    fn step(&mut self) -> bool;

    /// Steps taken since the start.
    fn steps(&self) -> usize;

    /// Every event so far, in order.
    fn log(&self) -> &[Self::Event];

    /// How the run ended, once it has.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// A fresh run stepped `steps` times (or to its end, if that comes first): seeking is
    /// replaying from the seed.
    #[must_use]
    fn seek(&self, steps: usize) -> Self {
        let mut run = self.restart();
        while run.steps() < steps && run.step() {}
        run
    }

    /// A fresh run stepped just far enough to have logged `event` (or to its end): the state
    /// right after the step that logged it.
    #[must_use]
    fn seek_event(&self, event: usize) -> Self {
        let mut run = self.restart();
        while run.log().len() <= event && run.step() {}
        run
    }

    /// Goes back one step by replaying from the start.
    fn step_back(&mut self) {
        *self = self.seek(self.steps().saturating_sub(1));
    }

    /// Back to the start.
    fn reset(&mut self) {
        *self = self.restart();
    }

    /// Steps until the run is over; returns how many steps that took.
    fn run_to_end(&mut self) -> usize {
        let before = self.steps();
        while self.step() {}
        self.steps() - before
    }

    /// The "why" of an event: it, then the event it answers, and so on (log indices).
    #[must_use]
    fn why(&self, event: usize) -> Vec<usize> {
        why(self.log(), event)
    }
}

#[cfg(test)]
mod tests {
    use super::super::cause::Cause;
    use super::*;

    /// A toy system: each step logs `seed % 3 + 1` events, each answering the one before.
    #[derive(Clone)]
    struct Counter {
        seed: u64,
        steps: usize,
        log: Vec<Cause<()>>,
    }

    impl Caused for Cause<()> {
        type Ability = ();
        fn cause(&self) -> &Cause<()> {
            self
        }
    }

    impl Sandbox for Counter {
        type Event = Cause<()>;
        type Outcome = usize;
        fn restart(&self) -> Self {
            self.reseed(self.seed)
        }
        fn reseed(&self, seed: u64) -> Self {
            Counter {
                seed,
                steps: 0,
                log: Vec::new(),
            }
        }
        fn seed(&self) -> u64 {
            self.seed
        }
        fn step(&mut self) -> bool {
            if self.steps == 5 {
                return false;
            }
            self.steps += 1;
            for _ in 0..=self.seed % 3 {
                let after = self.log.len().checked_sub(1).map(|i| i as u32);
                self.log.push(Cause::after_opt(after));
            }
            true
        }
        fn steps(&self) -> usize {
            self.steps
        }
        fn log(&self) -> &[Cause<()>] {
            &self.log
        }
        fn outcome(&self) -> Option<usize> {
            (self.steps == 5).then_some(self.log.len())
        }
    }

    #[test]
    fn seek_step_back_and_reset_agree_with_a_fresh_run() {
        let mut run = Counter {
            seed: 1,
            steps: 0,
            log: Vec::new(),
        };
        assert_eq!(run.run_to_end(), 5);
        assert_eq!(run.outcome(), Some(10));
        run.step_back();
        assert_eq!((run.steps(), run.log().len(), run.outcome()), (4, 8, None));
        assert_eq!(run.seek(2).log().len(), 4);
        assert_eq!(run.seek(99).steps(), 5);
        assert_eq!(run.seek_event(4).steps(), 3);
        assert_eq!(run.why(3), [3, 2, 1, 0]);
        run.reset();
        assert_eq!(run.steps(), 0);
        assert_eq!(run.reseed(2).run_to_end(), 5);
    }
}
