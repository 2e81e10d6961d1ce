//! Background jobs, started and picked up in one way: work with progress and cancel runs as a
//! [`Job`] (balance runs, A/B comparisons, live odds); every channel of a result, card images
//! and print sheets included, is polled through [`finished`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// Work running on its own thread with a progress counter and a cancel flag: the one shape of
/// the balance run, the card and encounter A/B comparisons and live odds.
pub struct Job<T> {
    progress: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    result: Receiver<anyhow::Result<T>>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a new thread; it is given the progress counter to store into and the
    /// cancel flag to check.
    pub fn spawn(
        work: impl FnOnce(&AtomicU64, &AtomicBool) -> anyhow::Result<T> + Send + 'static,
    ) -> Self {
        let progress = Arc::new(AtomicU64::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, result) = channel();
        let (counter, stop) = (Arc::clone(&progress), Arc::clone(&cancel));
        std::thread::spawn(move || {
            // The panel may have moved on (a newer job, the editor closing): nobody to tell.
            tx.send(work(&counter, &stop)).ok();
        });
        Job {
            progress,
            cancel,
            result,
        }
    }
}

impl<T> std::fmt::Debug for Job<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("progress", &self.done())
            .finish_non_exhaustive()
    }
}

impl<T> Job<T> {
    /// What the work has stored as its progress so far.
    #[must_use]
    pub fn done(&self) -> u64 {
        self.progress.load(Ordering::Relaxed)
    }

    /// Asks the work to stop; its result, if it still sends one, is not wanted.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The result once the work has ended (`None` while it runs); see [`finished`].
    #[must_use]
    pub fn finished(&self, what: &str) -> Option<anyhow::Result<T>> {
        finished(&self.result, what)
    }
}

/// The job's result once it has ended (`None` while it runs). A job whose thread ended
/// without sending (it panicked) is reported as "the {what} stopped unexpectedly".
#[must_use]
pub fn finished<T>(result: &Receiver<anyhow::Result<T>>, what: &str) -> Option<anyhow::Result<T>> {
    match result.try_recv() {
        Ok(outcome) => Some(outcome),
        Err(TryRecvError::Empty) => None,
        Err(TryRecvError::Disconnected) => {
            Some(Err(anyhow::anyhow!("the {what} stopped unexpectedly")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_reports_progress_sees_cancel_and_sends_its_result() {
        let (go_tx, go_rx) = std::sync::mpsc::channel::<()>();
        let job = Job::spawn(move |progress, cancel| {
            progress.store(7, Ordering::Relaxed);
            go_rx.recv()?;
            Ok(cancel.load(Ordering::Relaxed))
        });
        while job.done() != 7 {
            std::thread::yield_now();
        }
        assert!(job.finished("job").is_none());
        job.cancel();
        go_tx.send(()).unwrap();
        let outcome = loop {
            if let Some(outcome) = job.finished("job") {
                break outcome;
            }
            std::thread::yield_now();
        };
        assert!(outcome.unwrap(), "the work saw the cancel");
    }

    #[test]
    fn running_then_sent_or_dropped() {
        let (tx, rx) = std::sync::mpsc::channel::<anyhow::Result<u8>>();
        assert!(finished(&rx, "job").is_none());
        tx.send(Ok(3)).unwrap();
        assert_eq!(finished(&rx, "job").unwrap().unwrap(), 3);
        drop(tx);
        assert_eq!(
            finished(&rx, "job").unwrap().unwrap_err().to_string(),
            "the job stopped unexpectedly"
        );
    }
}
