//! Outside edits: a file changed on disk while the editor holds unsaved edits is merged item
//! by item with them (base = the text last loaded), and item-level edits for any kind of file.

use std::collections::BTreeMap;
use std::path::Path;

use super::item_edit_error::ItemEditError;
use super::list_edits::{self, ListElement as _};
use super::{Content, PackFile};
use crate::diag::Diagnostics;
use crate::model::{Card, KeywordDef};
use crate::ron_doc::parts::{self, Conflict, ItemEdit, ItemKey, Parts, Side};
use crate::ron_doc::splice::SpliceError;

impl Content {
    /// The content split into items (`None` for a file that could not be read).
    pub fn parts(&self) -> Result<Parts, SpliceError> {
        match self {
            Content::Cards(v) => Parts::of(v),
            Content::Keywords(v) => Parts::of(v),
            Content::BattleScenario(v) => Parts::of(v),
            Content::GlyphNetwork(v) => Parts::of(v),
            Content::StatBlocks(v) => Parts::of(v),
            Content::AbilityLibrary(v) => Parts::of(v),
            Content::StatusLibrary(v) => Parts::of(v),
            Content::Encounter(v) => Parts::of(v.as_ref()),
            Content::RulesScenario(v) => Parts::of(v.as_ref()),
            Content::GameProfile(v) => Parts::of(v.as_ref()),
            Content::Deck(v) => Parts::of(v),
            Content::Unread { .. } => Err(SpliceError::Mismatch),
        }
    }

    /// Content of the same kind as `self` built from items.
    pub fn with_parts(&self, parts: &Parts, file: &Path) -> Result<Content, SpliceError> {
        let tag = self.tag().ok_or(SpliceError::Mismatch)?;
        let text = parts.to_text(tag);
        let mut diags = Diagnostics::new();
        match Content::parse(&text, file, &mut diags) {
            Content::Unread { .. } => Err(SpliceError::Mismatch),
            content if diags.is_empty() => Ok(content),
            _ => Err(SpliceError::Mismatch),
        }
    }

    /// The item edits that turn `self` into `new` (one `File` edit when either is unreadable).
    #[must_use]
    pub fn item_edits(&self, new: &Content) -> Vec<ItemEdit> {
        match (self.parts(), new.parts()) {
            (Ok(a), Ok(b)) if self.tag() == new.tag() => parts::diff(&a, &b),
            _ => Vec::new(),
        }
    }

    /// Applies item edits, all or nothing: refused when an item no longer holds what the edit
    /// expects (someone else changed it). Cards and keywords of their files change on the typed
    /// list, item by item ([`list_edits`](super::list_edits)); any other edit reads the file
    /// into its items and back.
    pub fn apply_item_edits(
        &mut self,
        edits: &[ItemEdit],
        file: &Path,
    ) -> Result<(), ItemEditError> {
        match self {
            Content::Cards(set) if list_edits::only_elements(edits, Card::FIELD) => {
                return list_edits::apply(&mut set.cards, edits);
            }
            Content::Keywords(set) if list_edits::only_elements(edits, KeywordDef::FIELD) => {
                return list_edits::apply(&mut set.keywords, edits);
            }
            _ => {}
        }
        let mut p = self.parts().map_err(|_| ItemEditError::Unreadable)?;
        parts::apply(&mut p, edits)?;
        *self = self
            .with_parts(&p, file)
            .map_err(|_| ItemEditError::Unreadable)?;
        Ok(())
    }
}

/// What merging a file with its new text on disk found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FileMerge {
    /// Items changed both here and on disk; empty when the merge is done.
    pub conflicts: Vec<Conflict>,
    /// Items taken from disk.
    pub taken: Vec<ItemKey>,
}

impl PackFile {
    /// Merges the file's text on disk (`disk_text`, read as `disk_content` by the pack loader)
    /// into this file, item by item: base = the text last loaded. Items changed only on disk
    /// are taken, items changed only here kept; items changed on both sides are conflicts.
    /// When `choices` do not resolve every conflict, nothing changes and the conflicts are
    /// returned; otherwise the file holds the merge and its disk text becomes the new base.
    pub fn merge_from_disk(
        &mut self,
        disk_text: String,
        disk_content: Content,
        choices: &BTreeMap<ItemKey, Side>,
    ) -> FileMerge {
        let file = Path::new(&self.path).to_owned();
        if !self.is_dirty() {
            self.content = disk_content.clone();
            self.rebase(disk_text, disk_content);
            return FileMerge {
                conflicts: Vec::new(),
                taken: vec![ItemKey::File],
            };
        }
        let mut ignored = Diagnostics::new();
        let base = self
            .disk_text()
            .map(|t| Content::parse(t, &file, &mut ignored));
        let split = match &base {
            Some(b)
                if b.tag() == disk_content.tag() && self.content.tag() == disk_content.tag() =>
            {
                match (b.parts(), disk_content.parts(), self.content.parts()) {
                    (Ok(b), Ok(t), Ok(m)) => Some((b, t, m)),
                    _ => None,
                }
            }
            _ => None,
        };
        let Some((b, t, m)) = split else {
            // One side cannot be read item by item: the whole file is the item.
            let conflict = Conflict {
                key: ItemKey::File,
                mine: Some(self.source.clone()),
                theirs: Some(disk_text.clone()),
            };
            return match choices.get(&ItemKey::File) {
                Some(Side::Theirs) => {
                    self.content = disk_content.clone();
                    self.rebase(disk_text, disk_content);
                    FileMerge {
                        conflicts: Vec::new(),
                        taken: vec![ItemKey::File],
                    }
                }
                Some(Side::Mine) => {
                    let mine = self.content.clone();
                    self.rebase(disk_text, disk_content);
                    self.content = mine;
                    FileMerge::default()
                }
                None => FileMerge {
                    conflicts: vec![conflict],
                    taken: Vec::new(),
                },
            };
        };
        let merged = parts::merge(&b, &t, &m, choices);
        let unresolved: Vec<Conflict> = merged
            .conflicts
            .iter()
            .filter(|c| !choices.contains_key(&c.key))
            .cloned()
            .collect();
        if !unresolved.is_empty() {
            return FileMerge {
                conflicts: unresolved,
                taken: merged.taken,
            };
        }
        match disk_content.with_parts(&merged.parts, &file) {
            Ok(content) => {
                self.rebase(disk_text, disk_content);
                self.content = content;
                FileMerge {
                    conflicts: Vec::new(),
                    taken: merged.taken,
                }
            }
            Err(_) => FileMerge {
                conflicts: vec![Conflict {
                    key: ItemKey::File,
                    mine: Some(self.source.clone()),
                    theirs: Some(disk_text),
                }],
                taken: Vec::new(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Content {
        let mut d = Diagnostics::new();
        Content::parse(text, Path::new("cards.ron"), &mut d)
    }

    const BASE: &str = "// Cards.\nCardSet(\n    cards: [\n        (id: \"wolf\", name: \"Grey Wolf\", attack: 2, life: 3),\n        (id: \"bear\", name: \"Bear\", attack: 4, life: 6),\n    ],\n)\n";

    #[test]
    fn an_outside_edit_and_an_unsaved_edit_elsewhere_both_survive() {
        let mut file = PackFile::loaded("cards.ron", BASE.to_owned(), parse(BASE));
        if let Content::Cards(set) = &mut file.content {
            set.cards[1].life = 7;
        }
        let disk = BASE.replace("attack: 2", "attack: 9");
        let result = file.merge_from_disk(disk.clone(), parse(&disk), &BTreeMap::new());
        assert!(result.conflicts.is_empty());
        assert!(file.sync().unwrap());
        assert_eq!(file.source, disk.replace("life: 6", "life: 7"));
    }

    #[test]
    fn one_card_edited_on_both_sides_in_different_fields_keeps_both_edits() {
        let mut file = PackFile::loaded("cards.ron", BASE.to_owned(), parse(BASE));
        if let Content::Cards(set) = &mut file.content {
            set.cards[0].attack = 5;
        }
        let disk = BASE.replace("life: 3", "life: 8");
        let result = file.merge_from_disk(disk.clone(), parse(&disk), &BTreeMap::new());
        assert!(result.conflicts.is_empty(), "{:?}", result.conflicts);
        assert!(file.sync().unwrap());
        assert_eq!(file.source, disk.replace("attack: 2", "attack: 5"));
    }

    #[test]
    fn a_conflict_is_the_one_field_both_sides_changed() {
        let mut file = PackFile::loaded("cards.ron", BASE.to_owned(), parse(BASE));
        if let Content::Cards(set) = &mut file.content {
            set.cards[0].attack = 5;
        }
        let disk = BASE.replace("attack: 2, life: 3", "attack: 7, life: 8");
        let result = file.merge_from_disk(disk.clone(), parse(&disk), &BTreeMap::new());
        assert_eq!(result.conflicts.len(), 1);
        assert_eq!(result.conflicts[0].mine.as_deref(), Some("attack: 5"));
        assert_eq!(result.conflicts[0].theirs.as_deref(), Some("attack: 7"));
        let key = result.conflicts[0].key.clone();
        let result = file.merge_from_disk(
            disk.clone(),
            parse(&disk),
            &BTreeMap::from([(key, Side::Mine)]),
        );
        assert!(result.conflicts.is_empty());
        assert!(file.sync().unwrap());
        assert_eq!(
            file.source,
            disk.replace("attack: 7", "attack: 5"),
            "their life stays"
        );
    }

    #[test]
    fn an_undo_after_a_merge_goes_back_on_its_own_field_only() {
        let mut file = PackFile::loaded("cards.ron", BASE.to_owned(), parse(BASE));
        let before = file.content.clone();
        if let Content::Cards(set) = &mut file.content {
            set.cards[0].attack = 5;
        }
        let edits = before.item_edits(&file.content);
        let disk = BASE.replace("life: 3", "life: 8");
        let result = file.merge_from_disk(disk.clone(), parse(&disk), &BTreeMap::new());
        assert!(result.conflicts.is_empty());
        let undo: Vec<ItemEdit> = edits.iter().rev().map(ItemEdit::inverse).collect();
        file.content
            .apply_item_edits(&undo, Path::new("cards.ron"))
            .expect("the undo touches only the attack");
        file.sync().unwrap();
        assert_eq!(file.source, disk, "the attack is back, their life stays");
    }
}
