//! Renaming a keyword or a card id everywhere the pack uses it as one undoable edit: the
//! engine's [`Rename`] applied to every card and keyword definition, each changed item one
//! `Change::Replace` of one edit; the same list is the preview of the files it touches.

use sigilforge_engine::pack::Content;
use sigilforge_engine::rename::Rename;

use super::document::{Change, Document, Item, ItemAddr};

/// The item changes a rename makes, in file order (empty: nothing uses the name).
#[must_use]
pub fn rename_changes(doc: &Document, rename: &Rename) -> Vec<Change> {
    let mut changes = Vec::new();
    for file in &doc.pack.files {
        match &file.content {
            Content::Cards(set) => {
                for (i, card) in set.cards.iter().enumerate() {
                    let mut after = card.clone();
                    if rename.card(&mut after) > 0 {
                        changes.push(Change::Replace {
                            addr: ItemAddr::card(&file.path, i),
                            before: Item::Card(card.clone()),
                            after: Item::Card(after),
                        });
                    }
                }
            }
            Content::Keywords(set) => {
                for (i, def) in set.keywords.iter().enumerate() {
                    let mut after = def.clone();
                    if rename.keyword(&mut after) > 0 {
                        changes.push(Change::Replace {
                            addr: ItemAddr::keyword(&file.path, i),
                            before: Item::Keyword(def.clone()),
                            after: Item::Keyword(after),
                        });
                    }
                }
            }
            _ => {}
        }
    }
    changes
}

/// The files a rename touches, each with how many of its items change, in file order.
#[must_use]
pub fn rename_preview(changes: &[Change]) -> Vec<(String, usize)> {
    let mut files: Vec<(String, usize)> = Vec::new();
    for change in changes {
        let Change::Replace { addr, .. } = change else {
            continue;
        };
        match files.last_mut() {
            Some((path, n)) if *path == addr.file => *n += 1,
            _ => files.push((addr.file.clone(), 1)),
        }
    }
    files
}

/// The undo history's name for a rename.
#[must_use]
pub fn rename_label(rename: &Rename) -> String {
    match rename {
        Rename::Keyword { from, to } => format!("Rename keyword {from} to {to}"),
        Rename::Card { from, to } => format!("Rename card {from} to {to}"),
    }
}
