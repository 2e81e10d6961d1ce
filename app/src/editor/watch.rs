//! Live reload: a file watcher on the pack folder whose events reach the frame loop through a
//! channel. The app compares what changed with what it holds, so its own saves are ignored.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use notify::{RecursiveMode, Watcher};

/// How often the frame loop looks for file events while idle.
pub const POLL_INTERVAL: Duration = Duration::from_millis(500);

/// Watches a pack folder.
pub struct PackWatcher {
    root: PathBuf,
    // Kept alive for as long as events are wanted.
    _watcher: notify::RecommendedWatcher,
    events: Receiver<notify::Result<notify::Event>>,
}

impl PackWatcher {
    /// Starts watching `root` recursively.
    pub fn new(root: &Path) -> notify::Result<Self> {
        let (tx, events) = channel();
        let mut watcher = notify::recommended_watcher(move |event| {
            // The app may be gone; a closed channel just drops the event.
            let _ = tx.send(event);
        })?;
        watcher.watch(root, RecursiveMode::Recursive)?;
        Ok(Self {
            root: root.canonicalize().unwrap_or_else(|_| root.to_owned()),
            _watcher: watcher,
            events,
        })
    }

    /// The `.ron` files (relative paths) that changed since the last poll.
    pub fn poll(&mut self) -> Vec<String> {
        let mut changed = Vec::new();
        while let Ok(event) = self.events.try_recv() {
            let Ok(event) = event else { continue };
            if !(event.kind.is_modify() || event.kind.is_create() || event.kind.is_remove()) {
                continue;
            }
            for path in event.paths {
                let path = path.canonicalize().unwrap_or(path);
                let Ok(rel) = path.strip_prefix(&self.root) else {
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
        }
        changed
    }
}
