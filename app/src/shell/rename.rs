//! Renaming a keyword or a card id everywhere the pack uses it as one undoable edit: the
//! engine's [`Rename`] applied to every card and keyword definition, each changed item one
//! `Change::Items` (built by `Change::item_replaced`), and to the text of every battle and rules scenario (one `Change::Text`
//! each, comments kept); the same list is the preview of the files it touches.

use sigilforge_engine::pack::Content;
use sigilforge_engine::rename::Rename;
use sigilforge_engine::ron_doc::lex::strings_from;

use super::document::{Change, ChangeError, Document, Item};

/// The item changes a rename makes, in file order (empty: nothing uses the name).
pub fn rename_changes(doc: &Document, rename: &Rename) -> Result<Vec<Change>, ChangeError> {
    let mut changes = Vec::new();
    for file in &doc.pack().files {
        match &file.content {
            Content::Cards(set) => {
                for (i, card) in set.cards.iter().enumerate() {
                    let mut after = card.clone();
                    if rename.card(&mut after) > 0 {
                        changes.push(Change::card_replaced(&file.path, i, card, &after)?);
                    }
                }
            }
            Content::Keywords(set) => {
                for (i, def) in set.keywords.iter().enumerate() {
                    let mut after = def.clone();
                    if rename.keyword(&mut after) > 0 {
                        changes.push(Change::item_replaced(
                            &file.path,
                            i,
                            &Item::Keyword(def.clone()),
                            &Item::Keyword(after),
                        )?);
                    }
                }
            }
            Content::BattleScenario(_) | Content::RulesScenario(_) => {
                if let Some(after) = rename.in_text(&file.source) {
                    changes.push(Change::Text {
                        path: file.path.clone(),
                        before: file.source.clone(),
                        after,
                    });
                }
            }
            _ => {}
        }
    }
    Ok(changes)
}

/// The files a rename touches, in file order, each with how many of its items change
/// (`None`: a scenario whose text is rewritten where it names the old name).
#[must_use]
pub fn rename_preview(changes: &[Change]) -> Vec<(String, Option<usize>)> {
    let mut files: Vec<(String, Option<usize>)> = Vec::new();
    for change in changes {
        match change {
            Change::Items { path: file, .. } => match files.last_mut() {
                Some((path, Some(n))) if path == file => *n += 1,
                _ => files.push((file.clone(), Some(1))),
            },
            Change::Text { path, .. } => files.push((path.clone(), None)),
            _ => {}
        }
    }
    files
}

/// Files the rename (its `changes`) does not rewrite that still name the old card id or keyword (their text
/// has a string `"from"` or, for a keyword, `"from N"`, read as the RON reader reads strings:
/// an encounter or glyph network that happens to, or a scenario whose text cannot be read), so
/// the user is told to edit them by hand. A comment naming it is no miss.
#[must_use]
pub fn rename_misses(doc: &Document, rename: &Rename, changes: &[Change]) -> Vec<String> {
    let from = match rename {
        Rename::Keyword { from, .. } | Rename::Card { from, .. } => from,
    };
    let keyword = matches!(rename, Rename::Keyword { .. });
    let names_it = |value: &str| {
        value == from
            || (keyword
                && value
                    .strip_prefix(from.as_str())
                    .is_some_and(|r| r.starts_with(' ')))
    };
    doc.pack()
        .files
        .iter()
        .filter(|f| !matches!(f.content, Content::Cards(_) | Content::Keywords(_)))
        .filter(|f| {
            !changes
                .iter()
                .any(|c| matches!(c, Change::Text { path, .. } if *path == f.path))
        })
        .filter(|f| strings_from(&f.source, 0).any(|(_, value)| names_it(&value)))
        .map(|f| f.path.clone())
        .collect()
}

/// The undo history's name for a rename.
#[must_use]
pub fn rename_label(rename: &Rename) -> String {
    match rename {
        Rename::Keyword { from, to } => format!("Rename keyword {from} to {to}"),
        Rename::Card { from, to } => format!("Rename card {from} to {to}"),
    }
}
