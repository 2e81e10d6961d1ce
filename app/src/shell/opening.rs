//! Opening a pack without stopping the window (issue #29): the pack given on the command line,
//! or chosen with File > Open once the window is up, is read on a thread of its own, which
//! wakes the UI when it is done; the window says "Opening …" meanwhile. Then the pack is
//! adopted (a big pack is checked on the validation thread, the status bar saying so).
//!
//! `SIGILFORGE_STARTUP_LOG=1` prints to stderr when the first frame ran, the pack was read and
//! its problems were in, in milliseconds since the editor started and as Unix time (so a
//! script can time from before it started the process).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{BackgroundValidation, read_pack};

use super::document::Document;

/// A pack folder being read.
#[derive(Debug)]
pub(super) struct Opening {
    /// The folder (canonical).
    pub dir: PathBuf,
    /// Whether this is the start-up's pack: once read, the editor lands on its first card and
    /// scenario (a pack opened from the menu keeps the tabs that were open).
    pub at_start: bool,
    read: Receiver<Opened>,
}

/// A pack read, made a document, and (a big one) given its validation thread, all on the
/// reading thread: for 30,000 cards the document's census and the validation thread's copy
/// of the pack took 65 ms of the frame that took the pack.
pub(super) struct Opened {
    /// The document, not checked yet.
    pub doc: Document,
    /// A validation thread holding a copy of the pack as read, when it is too big to check in
    /// a frame (see [`super::validation::worker_for`]).
    pub validation: Option<BackgroundValidation>,
}

impl Opening {
    /// Starts reading `dir` (canonical, with a `pack.ron`); `ctx` is woken when it is read.
    /// A thread that cannot start reads it here.
    pub(super) fn start(dir: &Path, ctx: &egui::Context, at_start: bool) -> Self {
        let (tx, read) = channel();
        let (folder, wake) = (dir.to_owned(), ctx.clone());
        let job = move || {
            let mut diags = Diagnostics::new();
            let doc = Document::unchecked(read_pack(&folder, &mut diags), &diags);
            let checked_wakes = wake.clone();
            let validation = super::validation::worker_for(&doc, move || {
                checked_wakes.request_repaint();
            });
            // The editor may have gone (closed while reading): nothing waits for the pack.
            if tx.send(Opened { doc, validation }).is_ok() {
                wake.request_repaint();
            }
        };
        let spawned = std::thread::Builder::new()
            .name("open pack".into())
            .spawn(job.clone());
        if spawned.is_err() {
            job();
        }
        Self {
            dir: dir.to_owned(),
            at_start,
            read,
        }
    }

    /// The pack, once read (`None` while reading, and after it was taken).
    pub(super) fn poll(&self) -> Option<Opened> {
        self.read.try_recv().ok()
    }
}

/// When the editor started, for the start-up log.
static STARTED: OnceLock<Instant> = OnceLock::new();

/// Marks the editor's start (the first call wins).
pub(super) fn mark_start() {
    STARTED.get_or_init(Instant::now);
}

/// Prints a start-up milestone when `SIGILFORGE_STARTUP_LOG` is set.
pub(super) fn log_startup(what: &str) {
    static ON: OnceLock<bool> = OnceLock::new();
    if !*ON.get_or_init(|| std::env::var_os("SIGILFORGE_STARTUP_LOG").is_some()) {
        return;
    }
    let since = STARTED
        .get()
        .map_or(0.0, |t| t.elapsed().as_secs_f64() * 1000.0);
    let unix_ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    eprintln!("startup: {what} at {since:.0} ms (unix {unix_ms} ms)");
}
