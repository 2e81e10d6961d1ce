//! Crash recovery: a RON snapshot of the unsaved files, written every few seconds while the pack
//! has unsaved changes and offered back at the next start.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Content, Pack};
use sigilforge_engine::ron_doc::describe::describe;
use sigilforge_engine::ron_io;

use super::document::Change;

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
    pub fn write(&self, path: &Path) -> anyhow::Result<()> {
        use anyhow::Context as _;
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .context("cannot write the recovery file")?;
        ron_io::write_atomic(path, &text).context("cannot write the recovery file")?;
        Ok(())
    }

    /// Reads a recovery file, if there is a readable one.
    #[must_use]
    pub fn read(path: &Path) -> Option<Self> {
        let text = std::fs::read_to_string(path).ok()?;
        ron::from_str(&text).ok()
    }

    /// What restoring would change in `pack` as it is now, file by file: each file's unsaved
    /// edits as item edits (so undo checks each item, and the save after it rewrites those
    /// items only), in words for the prompt. Files that already hold the snapshot's text are
    /// left out. A file whose snapshot cannot be read item by item (a syntax error, or only
    /// comments and layout changed) comes back as its text.
    #[must_use]
    pub fn changes_against(&self, pack: &Pack) -> Vec<RestoredFile> {
        self.files
            .iter()
            .filter_map(|(path, text)| {
                // Problems in the text are the pack validator's to report once restored.
                let mut ignored = Diagnostics::new();
                let restored = Content::parse(text, &pack.root.join(path), &mut ignored);
                let Some(file) = pack.file(path) else {
                    return Some(RestoredFile {
                        path: path.clone(),
                        changes: vec!["a new file".to_owned()],
                        change: Change::CreateFile {
                            path: path.clone(),
                            content: restored,
                        },
                    });
                };
                if file.source == *text {
                    return None;
                }
                let edits = file.content.item_edits(&restored);
                // Item edits the file would refuse (say the snapshot has a field this version
                // does not read) come back as text instead, so a restore is never refused.
                let mut probe = file.content.clone();
                let fits = !edits.is_empty()
                    && probe
                        .apply_item_edits(&edits, &pack.root.join(path))
                        .is_ok();
                if !fits {
                    let what = if matches!(restored, Content::Unread { .. }) {
                        "its text as it was being typed (it does not read as RON yet)"
                    } else {
                        "comments or layout"
                    };
                    return Some(RestoredFile {
                        path: path.clone(),
                        changes: vec![what.to_owned()],
                        change: Change::Text {
                            path: path.clone(),
                            before: file.source.clone(),
                            after: text.clone(),
                        },
                    });
                }
                Some(RestoredFile {
                    path: path.clone(),
                    changes: edits.iter().map(describe).collect(),
                    change: Change::Items {
                        path: path.clone(),
                        edits,
                    },
                })
            })
            .collect()
    }
}

/// One file the restore prompt lists.
#[derive(Debug, Clone, PartialEq)]
pub struct RestoredFile {
    /// Relative path in the pack.
    pub path: String,
    /// Its unsaved changes in words (`Grey Wolf: attack 2 → 9`, `added Ash Hound`).
    pub changes: Vec<String>,
    /// The change that brings them back.
    pub change: Change,
}

/// A recovery snapshot offered at start, with what it would change (worked out once, for
/// the prompt; the restore works it out again against the pack as it is then).
#[derive(Debug, Clone, PartialEq)]
pub struct RecoveryOffer {
    /// The snapshot.
    pub snapshot: RecoverySnapshot,
    /// The files it would change, in snapshot order.
    pub files: Vec<RestoredFile>,
}

impl RecoveryOffer {
    /// The offer for `pack`, if the snapshot would change anything in it.
    #[must_use]
    pub fn of(snapshot: RecoverySnapshot, pack: &Pack) -> Option<Self> {
        let files = snapshot.changes_against(pack);
        (!files.is_empty()).then_some(Self { snapshot, files })
    }
}

/// Removes the recovery file (after a save or a discard). A missing file is fine.
pub fn remove(path: &Path) {
    // Nothing to do when it is already gone; any other failure only leaves a stale offer.
    let _ = std::fs::remove_file(path);
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use sigilforge_engine::diag::Diagnostics;
    use sigilforge_engine::model::PackManifest;
    use sigilforge_engine::pack::{Content, Pack, PackFile};

    use super::{Change, RecoverySnapshot};

    const CARDS: &str = "CardSet(cards: [(id: \"a\", name: \"A\", attack: 1)])\n";

    fn pack() -> Pack {
        let root = Path::new("/nowhere");
        let mut pack = Pack::new(root, PackManifest::new("t", "t"));
        let content = Content::parse(CARDS, &root.join("cards.ron"), &mut Diagnostics::new());
        pack.files
            .push(PackFile::loaded("cards.ron", CARDS.to_owned(), content));
        pack
    }

    fn restore(files: &[(&str, &str)]) -> Vec<Change> {
        RecoverySnapshot {
            pack_root: "/nowhere".into(),
            files: files
                .iter()
                .map(|(p, t)| ((*p).to_owned(), (*t).to_owned()))
                .collect(),
        }
        .changes_against(&pack())
        .into_iter()
        .map(|f| f.change)
        .collect()
    }

    #[test]
    fn edited_items_come_back_as_item_edits() {
        let edited = CARDS.replace("attack: 1", "attack: 5");
        let changes = restore(&[("cards.ron", &edited)]);
        assert!(
            matches!(&changes[..], [Change::Items { edits, .. }] if edits.len() == 1),
            "{changes:?}"
        );
    }

    #[test]
    fn unreadable_text_and_comments_come_back_as_text_new_files_as_files() {
        let typing = CARDS.replace("attack: 1", "attack: ");
        let commented = format!("// why\n{CARDS}");
        assert!(matches!(
            &restore(&[("cards.ron", &typing)])[..],
            [Change::Text { .. }]
        ));
        assert!(matches!(
            &restore(&[("cards.ron", &commented)])[..],
            [Change::Text { .. }]
        ));
        assert!(matches!(
            &restore(&[("new.ron", CARDS)])[..],
            [Change::CreateFile { .. }]
        ));
        assert!(restore(&[("cards.ron", CARDS)]).is_empty());
    }
}
