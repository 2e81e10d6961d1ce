//! [`PendingMerge`]: a file whose outside change waits in the conflict dialog (a leaf module:
//! the app holds the waiting merges without depending on how `reload` makes them).

use std::collections::{BTreeMap, BTreeSet};

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::Content;
use sigilforge_engine::ron_doc::parts::{Conflict, ItemKey, Side};

/// A file whose outside change conflicts with unsaved edits here, waiting for the user.
#[derive(Debug, Clone)]
pub struct PendingMerge {
    /// The file (relative path).
    pub path: String,
    /// Its text on disk (`None`: it was deleted there).
    pub disk: Option<(String, Content, Diagnostics)>,
    /// The items changed on both sides.
    pub conflicts: Vec<Conflict>,
    /// What the user picked so far, per item.
    pub choices: BTreeMap<ItemKey, Side>,
    /// Items shown side by side.
    pub side_by_side: BTreeSet<ItemKey>,
}
