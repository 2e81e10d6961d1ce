//! Crash recovery: a RON snapshot of the unsaved files, written every few seconds while the pack
//! has unsaved changes and offered back at the next start.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Content, Pack, PackFile};
use sigilforge_engine::ron_io;

/// The recovery file's name inside a pack folder (hidden, so the pack loader skips it).
pub const RECOVERY_FILE: &str = ".sigilforge-recovery.ron";

/// Where and how often to autosave.
#[derive(Debug, Clone, PartialEq)]
pub struct AutosaveSettings {
    /// The recovery file.
    pub path: PathBuf,
    /// How long after the last autosave the next one is due.
    pub interval: std::time::Duration,
}

impl AutosaveSettings {
    /// Every 30 seconds, into the pack folder.
    #[must_use]
    pub fn in_pack(root: &Path) -> Self {
        Self {
            path: root.join(RECOVERY_FILE),
            interval: std::time::Duration::from_secs(30),
        }
    }
}

/// What the recovery file holds: the unsaved files' text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecoverySnapshot {
    /// The pack folder the edits belong to.
    pub pack_root: PathBuf,
    /// Unsaved files (relative path, their text with every edit).
    pub files: Vec<(String, String)>,
}

impl RecoverySnapshot {
    /// The dirty files of a pack.
    #[must_use]
    pub fn of(pack: &Pack) -> Self {
        let files = pack
            .files
            .iter()
            .filter(|f| f.is_dirty())
            .map(|f| (f.path.clone(), f.source.clone()))
            .collect();
        Self {
            pack_root: pack.root.clone(),
            files,
        }
    }

    /// Writes the snapshot atomically.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("cannot write the recovery file: {e}"))?;
        ron_io::write_atomic(path, &text)
            .map(|_| ())
            .map_err(|e| format!("cannot write the recovery file: {e}"))
    }

    /// Reads a recovery file, if there is a readable one.
    #[must_use]
    pub fn read(path: &Path) -> Option<Self> {
        let text = std::fs::read_to_string(path).ok()?;
        ron::from_str(&text).ok()
    }

    /// Puts the snapshot's files into the pack (they stay unsaved). Returns how many files.
    pub fn restore_into(&self, pack: &mut Pack) -> usize {
        let mut restored = 0;
        for (path, text) in &self.files {
            let mut diags = Diagnostics::new();
            let file_path = pack.root.join(path);
            if let Some(file) = pack.files.iter_mut().find(|f| &f.path == path) {
                // The text as it was, comments and layout included.
                file.set_text(text.clone(), &file_path, &mut diags);
            } else {
                let content = Content::parse(text, &file_path, &mut diags);
                let mut file = PackFile::new(path.clone(), content);
                file.set_text(text.clone(), &file_path, &mut diags);
                pack.files.push(file);
                pack.files.sort_by(|a, b| a.path.cmp(&b.path));
            }
            restored += 1;
        }
        restored
    }
}

/// Removes the recovery file (after a save or a discard). A missing file is fine.
pub fn remove(path: &Path) {
    // Nothing to do when it is already gone; any other failure only leaves a stale offer.
    let _ = std::fs::remove_file(path);
}
