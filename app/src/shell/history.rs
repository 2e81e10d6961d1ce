//! Undo and redo: whole edits, with consecutive edits of one field merged into one step.

use super::document::{Change, ItemAddr};

/// One undoable edit: the changes it made, in order.
#[derive(Debug, Clone)]
pub struct Entry {
    /// What the user did ("Edit Attack", "New card").
    pub label: String,
    /// The changes, in the order they were applied.
    pub changes: Vec<Change>,
    /// Edits with the same key, one after another, merge into this entry.
    pub merge_key: Option<(ItemAddr, String)>,
}

/// The undo and redo stacks.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Entry>,
    redo: Vec<Entry>,
    /// Set when something other than an edit happened (save, undo, another field): the next
    /// edit starts a new step even if its key matches.
    sealed: bool,
}

/// How many steps are kept.
const MAX_STEPS: usize = 500;

impl History {
    /// Records an applied edit, merging it into the previous step when it edits the same field.
    pub fn record(&mut self, entry: Entry) {
        self.redo.clear();
        if !self.sealed
            && entry.merge_key.is_some()
            && let Some(last) = self.undo.last_mut()
            && last.merge_key == entry.merge_key
        {
            merge_into(last, entry);
            return;
        }
        self.sealed = false;
        self.undo.push(entry);
        if self.undo.len() > MAX_STEPS {
            self.undo.remove(0);
        }
    }

    /// Ends the current merge run: the next edit is a new step.
    pub fn seal(&mut self) {
        self.sealed = true;
    }

    /// Takes the step to undo; the caller applies its changes' inverses in reverse order.
    pub fn take_undo(&mut self) -> Option<Entry> {
        self.sealed = true;
        let entry = self.undo.pop()?;
        self.redo.push(entry.clone());
        Some(entry)
    }

    /// Takes the step to redo; the caller applies its changes in order.
    pub fn take_redo(&mut self) -> Option<Entry> {
        self.sealed = true;
        let entry = self.redo.pop()?;
        self.undo.push(entry.clone());
        Some(entry)
    }

    /// Drops a step whose undo was refused: what it changed was changed since by something
    /// else (an outside edit a merge took in), so it can never go back cleanly, and keeping it
    /// on top would block every older step. The next undo goes on with the step before.
    pub fn refused_undo(&mut self) {
        self.redo.pop();
    }

    /// Puts back a step whose redo was refused (it stays the next to redo).
    pub fn refused_redo(&mut self) {
        if let Some(entry) = self.undo.pop() {
            self.redo.push(entry);
        }
    }

    /// The label of the step Undo would revert.
    #[must_use]
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|e| e.label.as_str())
    }

    /// The label of the step Redo would re-apply.
    #[must_use]
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|e| e.label.as_str())
    }

    /// Forgets everything (a different pack was opened).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
        self.sealed = false;
    }
}

/// Merges a same-field edit into the previous step: keep the first `before`, take the new `after`.
fn merge_into(last: &mut Entry, entry: Entry) {
    use super::document::Change::Items;
    use super::document::Change::Text;
    if let ([Text { after, .. }], [Text { after: new, .. }]) =
        (last.changes.as_mut_slice(), entry.changes.as_slice())
    {
        after.clone_from(new);
    } else if let (
        [Items { path, edits }],
        [
            Items {
                path: new_path,
                edits: new_edits,
            },
        ],
    ) = (last.changes.as_mut_slice(), entry.changes.as_slice())
        && path == new_path
        && let ([edit], [new]) = (edits.as_mut_slice(), new_edits.as_slice())
        && edit.key == new.key
        && edit.index == new.index
    {
        // One item typed into again (a card's field, a tabletop form's): its first text
        // before, its last after, so undo checks and restores one edit.
        edit.after.clone_from(&new.after);
    } else {
        last.changes.extend(entry.changes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sigilforge_engine::model::Card;

    fn card(attack: i32) -> Card {
        Card {
            id: "wolf".into(),
            name: "Wolf".into(),
            attack,
            ..Card::default()
        }
    }

    fn edit(attack: i32, before: i32) -> Entry {
        let addr = ItemAddr::card("cards.ron", 0);
        Entry {
            label: "Edit Attack".into(),
            changes: vec![
                Change::card_replaced("cards.ron", 0, &card(before), &card(attack))
                    .expect("a card is written"),
            ],
            merge_key: Some((addr, "attack".into())),
        }
    }

    #[test]
    fn same_field_edits_merge_until_sealed() {
        let mut h = History::default();
        h.record(edit(2, 1));
        h.record(edit(3, 2));
        let step = h.take_undo().unwrap();
        let merged = Change::card_replaced("cards.ron", 0, &card(1), &card(3)).unwrap();
        assert_eq!(step.changes, [merged], "the first before, the last after");
        assert!(h.take_undo().is_none());
        h.take_redo().unwrap();
        h.seal();
        h.record(edit(4, 3));
        assert!(h.take_undo().is_some());
        assert!(h.take_undo().is_some());
    }
}
