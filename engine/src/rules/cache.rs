//! The static effects worked out for one state of a game (`statics.rs` works them out), kept
//! until something they read changes. Apart from the game so that the game can hold it.

use std::sync::{Arc, Mutex, PoisonError};

use super::state::ContinuousEffect;

/// The static effects in force, and notes on how they were worked out.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Statics {
    /// Every static effect, in the order it was worked out.
    pub(crate) effects: Vec<ContinuousEffect>,
    /// Cycles and other things worth a log line.
    pub(crate) notes: Vec<String>,
}

/// The static effects worked out for the game as it stands, kept until something changes (the
/// game clears it in every method that changes what static abilities read). A copy of a game
/// starts with an empty cache.
#[derive(Debug, Default)]
pub(crate) struct StaticsCache {
    worked_out: Mutex<Option<Arc<Statics>>>,
    /// Check every cached answer against a fresh one (tests of the cache itself).
    pub(crate) verify: bool,
}

impl Clone for StaticsCache {
    fn clone(&self) -> Self {
        Self {
            worked_out: Mutex::new(None),
            verify: self.verify,
        }
    }
}

impl StaticsCache {
    /// Forgets the worked-out effects.
    pub(crate) fn clear(&mut self) {
        *self
            .worked_out
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner) = None;
    }

    /// The static effects of the game as it stands: kept ones, or `work_out()` now.
    pub(crate) fn get(&self, work_out: impl Fn() -> Statics) -> Arc<Statics> {
        let mut slot = self
            .worked_out
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(known) = slot.as_ref() {
            if self.verify {
                let fresh = work_out();
                assert_eq!(
                    **known, fresh,
                    "the cached static effects differ from fresh ones: a change did not clear the cache"
                );
            }
            return Arc::clone(known);
        }
        let fresh = Arc::new(work_out());
        *slot = Some(Arc::clone(&fresh));
        fresh
    }
}
