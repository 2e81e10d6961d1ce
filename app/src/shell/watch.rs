//! Live reload: a file watcher on the pack folder. Its thread keeps only the `.ron` files that
//! changed (hidden files such as the recovery file and temporary files are ignored), sends
//! them through a channel and wakes the UI (`Context::request_repaint` is thread-safe), so an
//! idle editor is not redrawn to look for changes. The app compares what changed with what it
//! holds, so its own saves are ignored.

use std::path::Path;
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, OnceLock};

use notify::{RecursiveMode, Watcher};

/// Watches a pack folder.
pub struct PackWatcher {
    // Kept alive for as long as events are wanted.
    _watcher: notify::RecommendedWatcher,
    changes: Receiver<Vec<String>>,
    /// The UI to wake when something changed (set once the first frame runs).
    waker: Arc<OnceLock<egui::Context>>,
}

impl PackWatcher {
    /// Starts watching `root` recursively.
    pub fn new(root: &Path) -> notify::Result<Self> {
        let (tx, changes) = channel();
        let waker: Arc<OnceLock<egui::Context>> = Arc::default();
        let wake = Arc::clone(&waker);
        let canonical_root = root.canonicalize().unwrap_or_else(|_| root.to_owned());
        let mut watcher = notify::recommended_watcher(move |event| {
            let files = relevant_changes(&canonical_root, event);
            // The app may be gone; a closed channel just drops the change.
            if !files.is_empty()
                && tx.send(files).is_ok()
                && let Some(ctx) = wake.get()
            {
                ctx.request_repaint();
            }
        })?;
        watcher.watch(root, RecursiveMode::Recursive)?;
        Ok(Self {
            _watcher: watcher,
            changes,
            waker,
        })
    }

    /// Lets the watcher wake this UI when files change (the first call wins; later calls,
    /// one a frame, cost one atomic read).
    pub fn wake(&self, ctx: &egui::Context) {
        self.waker.get_or_init(|| ctx.clone());
    }

    /// The `.ron` files (relative paths) that changed since the last poll.
    pub fn poll(&mut self) -> Vec<String> {
        let mut changed: Vec<String> = Vec::new();
        while let Ok(batch) = self.changes.try_recv() {
            for rel in batch {
                if !changed.contains(&rel) {
                    changed.push(rel);
                }
            }
        }
        changed
    }
}

/// The visible `.ron` files under `root` (relative, `/`-separated) an event modified, created
/// or removed.
fn relevant_changes(root: &Path, event: notify::Result<notify::Event>) -> Vec<String> {
    let Ok(event) = event else {
        return Vec::new();
    };
    if !(event.kind.is_modify() || event.kind.is_create() || event.kind.is_remove()) {
        return Vec::new();
    }
    let mut changed = Vec::new();
    for path in event.paths {
        let path = path.canonicalize().unwrap_or(path);
        let Ok(rel) = path.strip_prefix(root) else {
            continue;
        };
        let rel = rel.to_string_lossy().replace('\\', "/");
        let hidden = rel.split('/').any(|part| part.starts_with('.'));
        let is_ron = Path::new(&rel)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"));
        if is_ron && !hidden && !changed.contains(&rel) {
            changed.push(rel);
        }
    }
    changed
}
