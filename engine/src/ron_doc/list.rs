//! Where each item of a list file lies (`CardSet(cards: [...])`), kept between saves.
//!
//! Reading a 10,000-card file's structure again costs a pass over its megabyte of text; one
//! edited card should cost that card. [`ListIndex`] keeps the shallow tree of the file (each
//! item's span, not its fields) from one save to the next: a save with a few edited items
//! reads only those items, splices them, checks that each reads back as its new value, and
//! moves the spans after them by the change in length. Anything else (added, removed or moved
//! items, many changes, a text the index does not fit) takes the whole-list diff of
//! [`splice_list_field`] and the index is read again on the next save.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::lex::ron_options;
use super::splice::{SpliceError, Splicer, Value, splice_list_field};
use super::tree::{Doc, parse, parse_at};

/// At most this many changed items take the item-by-item path (an edit changes one or two;
/// a bulk change is cheaper as one diff of the list).
const FEW_CHANGES: usize = 32;

/// The shallow tree of a list file's text, kept between saves (see the module doc).
///
/// A cache of what the text says: two indexes always compare equal, so a file's equality does
/// not depend on whether its index was read yet.
#[derive(Debug, Clone, Default)]
pub struct ListIndex {
    /// The tree (items not read) and the length of the text it was read from.
    doc: Option<(Doc, usize)>,
}

/// What a splice through a [`ListIndex`] made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListSplice {
    /// No item differs: the text stays as it is.
    Unchanged,
    /// These items (indices) changed in place; the new text.
    Items(String, Vec<usize>),
    /// The new text, from the whole-list diff (items added, removed, moved or many changed).
    Whole(String),
}

impl ListSplice {
    /// The new text (`None`: unchanged).
    #[must_use]
    pub fn text(&self) -> Option<&str> {
        match self {
            ListSplice::Unchanged => None,
            ListSplice::Items(text, _) | ListSplice::Whole(text) => Some(text),
        }
    }
}

impl PartialEq for ListIndex {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl ListIndex {
    /// Reads the tree of `text` now (at load, so the first save is as quick as the next); a
    /// text that does not parse gives an empty index.
    #[must_use]
    pub fn read(text: &str) -> Self {
        Self {
            doc: parse(text, 2).ok().map(|doc| (doc, text.len())),
        }
    }

    /// Forgets the tree: the text was replaced some other way.
    pub fn clear(&mut self) {
        self.doc = None;
    }

    /// Rewrites `text` (which holds `old` under `field`) so that it holds `new`, touching only
    /// the items that differ (see [`splice_list_field`]), in time proportional to the edited
    /// items when only a few changed in place.
    pub fn splice<T: Serialize + DeserializeOwned + PartialEq>(
        &mut self,
        text: &str,
        field: &str,
        old: &[T],
        new: &[T],
    ) -> Result<ListSplice, SpliceError> {
        if let Some(out) = self.splice_in_place(text, field, old, new) {
            return Ok(out);
        }
        self.doc = None;
        splice_list_field(text, field, old, new).map(ListSplice::Whole)
    }

    /// The fast path: `None` when it does not apply (the caller takes the whole-list diff).
    fn splice_in_place<T: Serialize + DeserializeOwned + PartialEq>(
        &mut self,
        text: &str,
        field: &str,
        old: &[T],
        new: &[T],
    ) -> Option<ListSplice> {
        if old.len() != new.len() {
            return None;
        }
        let mut changed = Vec::new();
        for (i, (o, n)) in old.iter().zip(new).enumerate() {
            if o != n {
                if changed.len() == FEW_CHANGES {
                    return None;
                }
                changed.push(i);
            }
        }
        if changed.is_empty() {
            return Some(ListSplice::Unchanged);
        }
        let (doc, len) = match self.doc.take() {
            Some((doc, len)) if len == text.len() => (doc, len),
            _ => (parse(text, 2).ok()?, text.len()),
        };
        let _ = len; // the length only tells a stale index from a current one
        let items = doc.root.field(text, field)?.value.elems()?;
        if items.len() != old.len() {
            return None;
        }
        // Splice each changed item; every edit must stay inside its item.
        let mut splicer = Splicer::new(text);
        let mut deltas = Vec::with_capacity(changed.len());
        for &i in &changed {
            let (before, after) = (Value::of(&old[i]).ok()?, Value::of(&new[i]).ok()?);
            if before.identity() != after.identity() {
                return None; // another item took this place: a move, not an edit
            }
            let item = &items[i].value;
            let read = parse_at(text, item.start, usize::MAX).ok()?;
            if read.end != item.end {
                return None;
            }
            let from = splicer.edits().len();
            splicer.value(&read, &before, &after).ok()?;
            let mut delta = 0isize;
            for (start, end, with) in &splicer.edits()[from..] {
                if *start < item.start || *end > item.end || *start >= item.end {
                    return None;
                }
                delta += isize::try_from(with.len()).ok()? - isize::try_from(end - start).ok()?;
            }
            deltas.push((i, item.end, delta));
        }
        let out = splicer.finish();
        // Move the spans after each edited item (last first, so earlier offsets are still
        // the old text's), then read each edited item again and check it holds its value.
        let mut doc = doc;
        for &(_, end, delta) in deltas.iter().rev() {
            doc.root.shift_from(end, delta);
        }
        let list = doc
            .root
            .elems_mut()?
            .iter_mut()
            .find(|e| e.field_name(&out) == Some(field) && e.value.group().is_some())?;
        let items = list.value.elems_mut()?;
        for &(i, _, _) in &deltas {
            let item = items.get_mut(i)?;
            let read = parse_at(&out, item.value.start, 0).ok()?;
            if read.end != item.value.end || !reads_as(read.text(&out), &new[i]) {
                return None;
            }
            item.value = read;
        }
        self.doc = Some((doc, out.len()));
        Some(ListSplice::Items(out, changed))
    }
}

/// Whether an item's text reads back as `value` (the same reader options as loading).
fn reads_as<T: DeserializeOwned + PartialEq>(text: &str, value: &T) -> bool {
    ron_options()
        .from_str::<T>(text)
        .is_ok_and(|read| read == *value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ron_doc::splice::tests::card;

    const FILE: &str = "// The cards.\nCardSet(\n    cards: [\n        (id: \"a\", name: \"A\", attack: 1, life: 1),\n        // Bee's note.\n        (id: \"b\", name: \"B\", attack: 2, life: 1), // trailing\n        (\n            id: \"c\",\n            name: \"C\",\n            attack: 3,\n            life: 1,\n        ),\n    ],\n    // After the list.\n)\n";

    #[test]
    fn edits_in_a_row_move_the_spans_after_them() {
        let mut cards = vec![card("a", 1), card("b", 2), card("c", 3)];
        let mut index = ListIndex::read(FILE);
        let mut text = FILE.to_owned();
        // Each edit changes the length of its item, so the spans after it must move.
        for (i, attack) in [(0, 1000), (2, 42), (1, -7), (0, 5), (2, 123_456)] {
            let mut edited = cards.clone();
            edited[i].attack = attack;
            let slow = splice_list_field(&text, "cards", &cards, &edited).unwrap();
            let Some(ListSplice::Items(fast, items)) =
                index.splice_in_place(&text, "cards", &cards, &edited)
            else {
                panic!("the in-place path applies to one changed card");
            };
            assert_eq!(items, [i]);
            assert_eq!(fast, slow);
            assert_eq!(index, ListIndex::read(&fast)); // a cache: always equal
            let (doc, len) = index.doc.as_ref().unwrap();
            assert_eq!(*len, fast.len());
            assert_eq!(
                doc,
                &ListIndex::read(&fast).doc.unwrap().0,
                "spans after {i}"
            );
            text = fast;
            cards = edited;
        }
        assert!(text.contains("// Bee's note.") && text.contains("// After the list."));
    }

    #[test]
    fn moves_and_stale_indexes_take_the_whole_list_diff() {
        let cards = vec![card("a", 1), card("b", 2), card("c", 3)];
        let swapped = vec![card("b", 2), card("a", 1), card("c", 3)];
        let mut index = ListIndex::read(FILE);
        assert!(
            index
                .splice_in_place(FILE, "cards", &cards, &swapped)
                .is_none()
        );
        let out = index.splice(FILE, "cards", &cards, &swapped).unwrap();
        let whole = splice_list_field(FILE, "cards", &cards, &swapped).unwrap();
        assert_eq!(out, ListSplice::Whole(whole));
        // An index read from another text is not used for this one.
        let mut stale = ListIndex::read("CardSet(cards: [])");
        let mut edited = cards.clone();
        edited[1].attack = 9;
        let out = stale.splice(FILE, "cards", &cards, &edited).unwrap();
        assert_eq!(
            out.text(),
            Some(FILE.replace("attack: 2", "attack: 9").as_str())
        );
        assert_eq!(
            stale.splice(FILE, "cards", &cards, &cards).unwrap(),
            ListSplice::Unchanged
        );
    }
}
