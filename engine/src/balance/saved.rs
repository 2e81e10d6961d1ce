//! The results file beside the pack (`.sigilforge-balance.json` in the pack folder: hidden, so
//! loading, watching and exporting the pack pass it by). It keeps the last report and a
//! fingerprint of the content it was run on, so reopening shows the last run and says what
//! changed since.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::archive::{FingerprintError, fingerprint_of};
use crate::battle::BattleContent;
use crate::pack::Pack;
use crate::ron_io::{WriteError, write_atomic};

use super::report::BalanceReport;

/// The results file's name in the pack folder.
pub const RESULTS_FILE: &str = ".sigilforge-balance.json";
/// The results file's format version.
pub const FORMAT: u32 = 1;

/// What the content looked like when a run was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// Every card and keyword the battles could read.
    pub content: String,
    /// Each pool card's own definition.
    pub cards: BTreeMap<String, String>,
}

/// A saved run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedResults {
    /// [`FORMAT`].
    pub format: u32,
    /// The content it was run on.
    pub fingerprint: Fingerprint,
    /// The report.
    pub report: BalanceReport,
}

/// The results file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file system refused.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// It is not a results file this build reads.
    #[error("{path}: not a balance results file this version reads ({message})")]
    Format {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
}

/// The fingerprint of a pack's battle content and its pool cards.
pub fn fingerprint(
    pack: &Pack,
    pool: impl IntoIterator<Item = String>,
) -> Result<Fingerprint, FingerprintError> {
    let content = BattleContent::from_pack(pack);
    let cards_and_keywords = (
        content.cards.values().map(|(c, _)| c).collect::<Vec<_>>(),
        content.keywords.iter().map(|(k, _)| k).collect::<Vec<_>>(),
    );
    Ok(Fingerprint {
        content: fingerprint_of(&cards_and_keywords)?,
        cards: pool
            .into_iter()
            .map(|id| {
                let hash = match content.cards.get(&id) {
                    Some((c, _)) => fingerprint_of(c)?,
                    None => String::new(),
                };
                Ok((id, hash))
            })
            .collect::<Result<_, FingerprintError>>()?,
    })
}

/// Saves a report beside the pack.
pub fn save(root: &Path, pack: &Pack, report: &BalanceReport) -> Result<(), WriteError> {
    let saved = SavedResults {
        format: FORMAT,
        fingerprint: fingerprint(pack, report.cards.iter().map(|c| c.id.clone())).map_err(|e| {
            WriteError::Serialize {
                path: root.join(RESULTS_FILE).display().to_string(),
                message: e.to_string(),
            }
        })?,
        report: report.clone(),
    };
    let path = root.join(RESULTS_FILE);
    let text = serde_json::to_string_pretty(&saved).map_err(|e| WriteError::Serialize {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    write_atomic(&path, &text).map(|_| ())
}

/// The saved results beside a pack, if there are any.
pub fn load(root: &Path) -> Result<Option<SavedResults>, LoadError> {
    let path = root.join(RESULTS_FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(LoadError::Io {
                path: path.display().to_string(),
                source,
            });
        }
    };
    let format = |message: String| LoadError::Format {
        path: path.display().to_string(),
        message,
    };
    let saved: SavedResults = serde_json::from_str(&text).map_err(|e| format(e.to_string()))?;
    if saved.format != FORMAT {
        return Err(format(format!("format {}", saved.format)));
    }
    Ok(Some(saved))
}

/// What changed in the pack since a saved run, in words (empty: nothing did).
pub fn changes_since(saved: &SavedResults, pack: &Pack) -> Result<Vec<String>, FingerprintError> {
    let now = fingerprint(pack, saved.fingerprint.cards.keys().cloned())?;
    if now.content == saved.fingerprint.content {
        return Ok(Vec::new());
    }
    let mut changes: Vec<String> = saved
        .fingerprint
        .cards
        .iter()
        .filter_map(|(id, hash)| match now.cards.get(id).map(String::as_str) {
            Some("") | None => Some(format!("`{id}` was removed")),
            Some(h) if h != hash => Some(format!("`{id}` was edited")),
            _ => None,
        })
        .collect();
    if changes.is_empty() {
        changes.push("keywords or cards outside the pool changed".to_owned());
    }
    Ok(changes)
}
