//! When the pack is checked (issue #29). A pack of up to [`BACKGROUND_VALIDATION_CARDS`] cards
//! is validated in the frame that asks, as before; a bigger one is handed to the engine's
//! [`BackgroundValidation`] thread (which is sent only the files whose text changed) and the
//! editor keeps drawing: the problems of the document as it stands replace the shown ones when
//! that check is done, and the thread wakes the UI then (nothing polls while it works, so an
//! idle editor is not redrawn). An older check's problems are never shown over a newer document.
//! Opening a big pack is the same: the window shows the pack at once, the status bar says it is
//! being checked.

use std::sync::{Arc, OnceLock};

use sigilforge_engine::pack::BackgroundValidation;

use super::apply::key::ApplyKey;
use super::document::{Document, Revision};

/// Packs with more cards than this are checked off the UI thread (a check of a pack that size
/// takes longer than a frame).
const BACKGROUND_VALIDATION_CARDS: usize = 2_000;

/// Whether `doc` is checked on a thread of its own: it has more than
/// [`BACKGROUND_VALIDATION_CARDS`] cards.
pub(super) fn checked_in_background(doc: &Document) -> bool {
    doc.census().total().cards > BACKGROUND_VALIDATION_CARDS
}

/// The validation thread of the open pack, and the check whose problems are awaited.
#[derive(Debug, Default)]
pub(super) struct ValidationScheduler {
    worker: Option<BackgroundValidation>,
    /// The document generation handed over and not answered yet, and its number of cards.
    awaited: Option<(u64, usize)>,
    /// The document as the thread last had it: a hand-over names the files changed since,
    /// so the thread's copy is brought up to date without comparing the whole pack's text.
    handed: Option<Revision>,
    /// The UI the thread wakes when a check is done (set by the first frame).
    waker: Arc<OnceLock<egui::Context>>,
}

/// A validation thread for `doc` when it is too big to check in a frame (it holds a copy of the
/// pack as it stands; `wake` is called after each check it answers). Made where the pack is
/// read, off the UI thread, and given to the scheduler with [`ValidationScheduler::adopt`].
pub(super) fn worker_for(
    doc: &Document,
    wake: impl Fn() + Send + 'static,
) -> Option<BackgroundValidation> {
    checked_in_background(doc).then(|| BackgroundValidation::with_waker(doc.pack(), wake))
}

impl ValidationScheduler {
    /// Checks `doc` on `worker` from now on: a thread [`worker_for`] made for `doc` as it
    /// stands (its copy of the pack is that document's).
    pub(super) fn adopt(&mut self, worker: BackgroundValidation, doc: &Document) {
        self.worker = Some(worker);
        self.awaited = None;
        self.handed = Some(doc.revision());
    }

    /// Checks `doc`: at once when it is small, else on the thread (started on first use with a
    /// copy of the pack).
    pub(super) fn start(&mut self, doc: &mut Document, key: &ApplyKey) {
        if !checked_in_background(doc) {
            self.awaited = None;
            doc.revalidate(key);
            return;
        }
        let waker = Arc::clone(&self.waker);
        let handed = &mut self.handed;
        let worker = self.worker.get_or_insert_with(|| {
            // The thread starts with a copy of the pack as it stands.
            *handed = Some(doc.revision());
            BackgroundValidation::with_waker(doc.pack(), move || {
                if let Some(ctx) = waker.get() {
                    ctx.request_repaint();
                }
            })
        });
        match handed.and_then(|seen| doc.files_changed_since(seen)) {
            Some(changed) => worker.submit_changed(doc.pack(), doc.generation(), &changed),
            // Files appeared or went since: compare them all.
            None => worker.submit(doc.pack(), doc.generation()),
        }
        *handed = Some(doc.revision());
        self.awaited = Some((doc.generation(), doc.census().total().cards));
    }

    /// The number of cards being checked, while a check runs.
    pub(super) fn checking(&self) -> Option<usize> {
        self.awaited.map(|(_, cards)| cards)
    }

    /// Lets the thread wake this UI when a check is done (the first call wins).
    pub(super) fn wake(&self, ctx: &egui::Context) {
        self.waker.get_or_init(|| ctx.clone());
    }

    /// Shows a finished check's problems if it checked the document as it stands; true when
    /// the document's problems changed.
    pub(super) fn poll(&mut self, doc: &mut Document) -> bool {
        let Some(done) = self.worker.as_mut().and_then(BackgroundValidation::poll) else {
            return false;
        };
        if self.awaited.map(|(generation, _)| generation) != Some(done.generation) {
            // An older check, answered after a newer one was handed over.
            return false;
        }
        self.awaited = None;
        // A document changed since (reloaded from disk) was validated by what changed it.
        if done.generation != doc.generation() {
            return false;
        }
        doc.set_validation(done.problems);
        true
    }

    /// Forgets the awaited check (the document was validated at once, or replaced); true if
    /// one was awaited.
    pub(super) fn forget(&mut self) -> bool {
        self.awaited.take().is_some()
    }

    /// A new document: the old one's thread ends (its pack is another).
    pub(super) fn reset(&mut self) {
        self.worker = None;
        self.awaited = None;
        self.handed = None;
    }
}

/// A count with its thousands grouped by commas (`30,000`), as the status bar says it.
pub(super) fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(2_001), "2,001");
        assert_eq!(grouped(30_000), "30,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }
}
