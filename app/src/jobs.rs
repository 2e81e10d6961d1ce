//! Background jobs' results, picked up in one way: every panel that runs work on a thread
//! (balance runs, A/B comparisons, live odds, card images and print sheets) polls its channel
//! through [`finished`].

use std::sync::mpsc::{Receiver, TryRecvError};

/// The job's result once it has ended (`None` while it runs). A job whose thread ended
/// without sending (it panicked) is reported as "the {what} stopped unexpectedly".
#[must_use]
pub fn finished<T>(result: &Receiver<Result<T, String>>, what: &str) -> Option<Result<T, String>> {
    match result.try_recv() {
        Ok(outcome) => Some(outcome),
        Err(TryRecvError::Empty) => None,
        Err(TryRecvError::Disconnected) => Some(Err(format!("the {what} stopped unexpectedly"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_then_sent_or_dropped() {
        let (tx, rx) = std::sync::mpsc::channel::<Result<u8, String>>();
        assert_eq!(finished(&rx, "job"), None);
        tx.send(Ok(3)).unwrap();
        assert_eq!(finished(&rx, "job"), Some(Ok(3)));
        drop(tx);
        assert_eq!(
            finished(&rx, "job"),
            Some(Err("the job stopped unexpectedly".into()))
        );
    }
}
