//! Why item edits of a file could not be applied: the one error of the item-level edit paths
//! (a card or keyword file's typed list, `list_edits`, and any other file read into its items,
//! `merge`), apart so neither depends on the other for it.

use crate::ron_doc::parts::{ItemKey, Stale};

/// Why item edits could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ItemEditError {
    /// An item changed since the edit was recorded.
    #[error(transparent)]
    Stale(#[from] Stale),
    /// The file cannot be read item by item (a syntax error).
    #[error("the file cannot be read item by item (does it have a syntax error?)")]
    Unreadable,
    /// An item's new text does not read as the kind of item its list holds.
    #[error("{} does not read: {source}", key.describe())]
    ItemText {
        /// The item.
        key: ItemKey,
        /// Why (boxed: the error is large, and rare).
        source: Box<ron::error::SpannedError>,
    },
}
