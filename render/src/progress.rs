//! Progress of a long job, shared between the worker and whoever shows it (a terminal bar, the
//! editor's progress bar), with a way to cancel.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Counts steps done out of a total; safe to read from another thread while a job runs.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicUsize,
    total: AtomicUsize,
    cancelled: AtomicBool,
}

impl Progress {
    /// A fresh counter.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets how many steps the job has (and resets the count).
    pub fn start(&self, total: usize) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }

    /// One more step done.
    pub fn step(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    /// (done, total).
    #[must_use]
    pub fn get(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }

    /// Done as a fraction in 0..=1 (0 before the job starts).
    #[must_use]
    pub fn fraction(&self) -> f32 {
        let (done, total) = self.get();
        if total == 0 {
            0.0
        } else {
            (done as f32 / total as f32).min(1.0)
        }
    }

    /// Asks the job to stop at its next step.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`Progress::cancel`] was called.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_cancels() {
        let p = Progress::new();
        assert!((p.fraction() - 0.0).abs() < f32::EPSILON);
        p.start(4);
        p.step();
        assert_eq!(p.get(), (1, 4));
        assert!((p.fraction() - 0.25).abs() < f32::EPSILON);
        assert!(!p.is_cancelled());
        p.cancel();
        assert!(p.is_cancelled());
    }
}
