//! The one loop guard: a chain of resolutions that never lets the game move on (two abilities
//! that answer each other for ever) is cut after [`LOOP_LIMIT`] resolutions, and the system logs
//! one [`LoopLimit`] event that says so in the same words everywhere.

/// How many resolutions may run without the game moving on (the turn, the stack emptying)
/// before what is pending is dropped.
pub const LOOP_LIMIT: u32 = 2_000;

/// Counts resolutions since the game last moved on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoopGuard {
    count: u32,
}

/// The loop guard stopped a chain: the event every system logs for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "loop limit: {resolutions} resolutions without the turn moving on; pending abilities dropped"
)]
pub struct LoopLimit {
    /// How many resolutions ran.
    pub resolutions: u32,
}

impl LoopGuard {
    /// A guard with nothing counted.
    #[must_use]
    pub const fn new() -> Self {
        Self { count: 0 }
    }

    /// Counts one resolution. Past the limit it returns the [`LoopLimit`] to log and starts
    /// counting again.
    #[inline]
    pub fn tick(&mut self) -> Result<(), LoopLimit> {
        self.count += 1;
        if self.count > LOOP_LIMIT {
            let resolutions = self.count;
            self.count = 0;
            return Err(LoopLimit { resolutions });
        }
        Ok(())
    }

    /// The game moved on: the count starts again.
    #[inline]
    pub fn progress(&mut self) {
        self.count = 0;
    }

    /// Resolutions counted since the game last moved on.
    #[must_use]
    pub fn count(&self) -> u32 {
        self.count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guard_trips_once_past_the_limit_and_starts_again() {
        let mut guard = LoopGuard::new();
        for _ in 0..LOOP_LIMIT {
            assert!(guard.tick().is_ok());
        }
        let hit = guard.tick().unwrap_err();
        assert_eq!(hit.resolutions, LOOP_LIMIT + 1);
        assert!(hit.to_string().starts_with("loop limit: 2001 resolutions"));
        assert_eq!(guard.count(), 0);
        guard.tick().unwrap();
        guard.progress();
        assert_eq!(guard.count(), 0);
    }
}
