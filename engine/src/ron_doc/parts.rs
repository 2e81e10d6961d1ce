//! The items of a content file, by name: each top-level field is an item, except lists and
//! maps, whose elements are items (a card, a glyph, a link, a combatant, a rules-test step).
//! A list element is named by its `id` or `name` field, else by its own text.
//!
//! Item-level edits ([`ItemEdit`]) record each changed item's text before and after, so undo
//! can check that the item still holds what the edit left there; [`merge`] combines an outside
//! change with the user's unsaved edits item by item.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::fields;
pub use super::fields::Side;
use super::format::one_line;
use super::format::readable;
use super::splice::{SpliceError, Value};
use super::tree::{Bracket, Key, Node, parse};

/// Names one item of a file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ItemKey {
    /// A top-level field that is not a list or map (`name`, `map`, `max_rounds`).
    Field(String),
    /// An element of a top-level list or map: the field, and the element's name (its `id` or
    /// `name`, its map key, or its text).
    Element(String, String),
    /// The order of a list's elements.
    Order(String),
    /// The whole file (when one side cannot be read item by item).
    File,
}

impl ItemKey {
    /// How the item is named to a person: `field map`, `glyphs "plate_a"`.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            ItemKey::Field(f) => format!("field `{f}`"),
            ItemKey::Element(f, k) => format!("{f} {k}"),
            ItemKey::Order(f) => format!("the order of {f}"),
            ItemKey::File => "the whole file".to_owned(),
        }
    }
}

/// What a top-level field holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldValue {
    /// One value (compact RON).
    One(String),
    /// A list: `(name, compact RON)` per element, in order.
    List(Vec<(String, String)>),
    /// A map: `(key, compact RON of the value)` per entry, in order.
    Map(Vec<(String, String)>),
}

/// A content value split into items.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Parts {
    /// The top-level fields, in order.
    pub fields: Vec<(String, FieldValue)>,
}

impl Parts {
    /// Splits a value (a struct) into its items.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Result<Parts, SpliceError> {
        let value = Value::of(value)?;
        let text = value.text.as_str();
        let mut fields = Vec::new();
        for elem in value.root.elems().ok_or(SpliceError::Mismatch)? {
            let name = elem
                .field_name(text)
                .ok_or(SpliceError::Mismatch)?
                .to_owned();
            let node = &elem.value;
            let group = node.group().filter(|g| g.name.is_none());
            let field = match group.map(|g| g.bracket) {
                Some(Bracket::Square) => {
                    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
                    let items = node
                        .elems()
                        .unwrap_or(&[])
                        .iter()
                        .map(|e| {
                            let body = e.value.text(text).to_owned();
                            let base = element_name(&e.value, text);
                            let n = seen.entry(base.clone()).or_default();
                            *n += 1;
                            let key = if *n == 1 {
                                base
                            } else {
                                format!("{base} #{n}")
                            };
                            (key, body)
                        })
                        .collect();
                    FieldValue::List(items)
                }
                Some(Bracket::Brace) => FieldValue::Map(
                    node.elems()
                        .unwrap_or(&[])
                        .iter()
                        .map(|e| {
                            let key = match &e.key {
                                Some(Key::Value(k)) => k.text(text).to_owned(),
                                _ => String::new(),
                            };
                            (key, e.value.text(text).to_owned())
                        })
                        .collect(),
                ),
                _ => FieldValue::One(node.text(text).to_owned()),
            };
            fields.push((name, field));
        }
        Ok(Parts { fields })
    }

    /// The compact RON text of the whole value, `Tag(...)`.
    #[must_use]
    pub fn to_text(&self, tag: &str) -> String {
        let mut out = format!("{tag}(");
        for (i, (name, value)) in self.fields.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(name);
            out.push(':');
            match value {
                FieldValue::One(v) => out.push_str(v),
                FieldValue::List(items) => {
                    out.push('[');
                    out.push_str(
                        &items
                            .iter()
                            .map(|(_, v)| v.as_str())
                            .collect::<Vec<_>>()
                            .join(","),
                    );
                    out.push(']');
                }
                FieldValue::Map(entries) => {
                    out.push('{');
                    let body: Vec<String> =
                        entries.iter().map(|(k, v)| format!("{k}:{v}")).collect();
                    out.push_str(&body.join(","));
                    out.push('}');
                }
            }
        }
        out.push(')');
        out
    }

    /// Every item with its text.
    #[must_use]
    pub fn items(&self) -> BTreeMap<ItemKey, String> {
        let mut out = BTreeMap::new();
        for (name, value) in &self.fields {
            match value {
                FieldValue::One(v) => {
                    out.insert(ItemKey::Field(name.clone()), v.clone());
                }
                FieldValue::List(items) | FieldValue::Map(items) => {
                    for (k, v) in items {
                        out.insert(ItemKey::Element(name.clone(), k.clone()), v.clone());
                    }
                    let order: Vec<&str> = items.iter().map(|(k, _)| k.as_str()).collect();
                    out.insert(ItemKey::Order(name.clone()), order.join("\u{1f}"));
                }
            }
        }
        out
    }

    fn field_mut(&mut self, name: &str) -> Option<&mut FieldValue> {
        self.fields
            .iter_mut()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    /// The current text of an item, if it exists.
    #[must_use]
    pub fn get(&self, key: &ItemKey) -> Option<String> {
        self.items().remove(key)
    }

    /// Sets (or with `None` removes) one item; a new list element goes to `index`.
    fn set(&mut self, key: &ItemKey, value: Option<&str>, index: usize) {
        match key {
            ItemKey::Field(name) => match (self.field_mut(name), value) {
                (Some(slot), Some(v)) => *slot = FieldValue::One(v.to_owned()),
                (None, Some(v)) => self
                    .fields
                    .push((name.clone(), FieldValue::One(v.to_owned()))),
                (Some(_), None) => self.fields.retain(|(n, _)| n != name),
                (None, None) => {}
            },
            ItemKey::Element(field, k) => {
                if self.field_mut(field).is_none() {
                    self.fields
                        .push((field.clone(), FieldValue::List(Vec::new())));
                }
                let Some(FieldValue::List(items) | FieldValue::Map(items)) = self.field_mut(field)
                else {
                    return;
                };
                let at = items.iter().position(|(name, _)| name == k);
                match (at, value) {
                    (Some(i), Some(v)) => v.clone_into(&mut items[i].1),
                    (None, Some(v)) => {
                        items.insert(index.min(items.len()), (k.clone(), v.to_owned()));
                    }
                    (Some(i), None) => {
                        items.remove(i);
                    }
                    (None, None) => {}
                }
            }
            ItemKey::Order(field) => {
                let Some(FieldValue::List(items) | FieldValue::Map(items)) = self.field_mut(field)
                else {
                    return;
                };
                let Some(order) = value else { return };
                let mut sorted = Vec::with_capacity(items.len());
                for k in order.split('\u{1f}') {
                    if let Some(i) = items.iter().position(|(n, _)| n == k) {
                        sorted.push(items.remove(i));
                    }
                }
                sorted.append(items);
                *items = sorted;
            }
            ItemKey::File => {}
        }
    }

    /// Where a list element is (for re-inserting it at the same place).
    fn index_of(&self, key: &ItemKey) -> usize {
        if let ItemKey::Element(field, k) = key
            && let Some((_, FieldValue::List(items) | FieldValue::Map(items))) =
                self.fields.iter().find(|(n, _)| n == field)
        {
            return items
                .iter()
                .position(|(n, _)| n == k)
                .unwrap_or(items.len());
        }
        0
    }
}

/// The name a list element goes by among a file's items: its `id` or `name` field's text, else
/// its own text (a repeated name gets ` #2`, ` #3`, … in [`Parts`]).
fn element_name(node: &Node, text: &str) -> String {
    node.field(text, "id")
        .or_else(|| node.field(text, "name"))
        .map_or_else(|| node.text(text), |f| f.value.text(text))
        .to_owned()
}

/// A value as one element of a list among a file's items: its name (as [`Parts`] names it,
/// before any ` #2` a repeated name gets) and its compact text. What an [`ItemEdit`] of one
/// card or keyword is built from, one item serialized and never its whole file.
pub fn element<T: Serialize + ?Sized>(value: &T) -> Result<(String, String), SpliceError> {
    let value = Value::of(value)?;
    let name = element_name(&value.root, &value.text);
    let text = value.root.text(&value.text).to_owned();
    Ok((name, text))
}

/// An element's name split into the name its value gives and which of the elements of that
/// name it is (1 for the first; ` #2` is the second).
#[must_use]
pub fn element_ordinal(name: &str) -> (&str, usize) {
    if let Some((base, n)) = name.rsplit_once(" #")
        && let Ok(n) = n.parse::<usize>()
        && n >= 2
    {
        return (base, n);
    }
    (name, 1)
}

/// One item's change: its text before and after (`None`: absent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemEdit {
    /// Which item.
    pub key: ItemKey,
    /// Its text before the edit.
    pub before: Option<String>,
    /// Its text after the edit.
    pub after: Option<String>,
    /// For a list element: its position (where it is inserted, or was removed from).
    pub index: usize,
}

impl ItemEdit {
    /// The edit that undoes this one.
    #[must_use]
    pub fn inverse(&self) -> ItemEdit {
        ItemEdit {
            key: self.key.clone(),
            before: self.after.clone(),
            after: self.before.clone(),
            index: self.index,
        }
    }
}

/// The item edits that turn `old` into `new`.
#[must_use]
pub fn diff(old: &Parts, new: &Parts) -> Vec<ItemEdit> {
    let a = old.items();
    let b = new.items();
    let keys: BTreeSet<&ItemKey> = a.keys().chain(b.keys()).collect();
    let mut edits: Vec<ItemEdit> = keys
        .into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .filter(|k| {
            // An order that changed only because items came or went is not an edit of its own.
            if let ItemKey::Order(_) = k {
                let kept = |x: &str, y: &str| -> Vec<String> {
                    let other: BTreeSet<&str> = y.split('\u{1f}').collect();
                    x.split('\u{1f}')
                        .filter(|e| other.contains(e))
                        .map(str::to_owned)
                        .collect()
                };
                let (x, y) = (
                    a.get(*k).map_or("", String::as_str),
                    b.get(*k).map_or("", String::as_str),
                );
                kept(x, y) != kept(y, x)
            } else {
                true
            }
        })
        .map(|k| ItemEdit {
            key: k.clone(),
            before: a.get(k).cloned(),
            after: b.get(k).cloned(),
            index: if b.contains_key(k) {
                new.index_of(k)
            } else {
                old.index_of(k)
            },
        })
        .collect();
    // Orders last: they sort what the other edits put in place.
    edits.sort_by_key(|e| matches!(e.key, ItemKey::Order(_)));
    edits
}

/// An edit that no longer fits: the item does not hold what the edit expects.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} changed since (it no longer holds what this step expects)", key.describe())]
pub struct Stale {
    /// The item.
    pub key: ItemKey,
}

/// Applies item edits, all or nothing: every edit's `before` must be what the item holds now.
pub fn apply(parts: &mut Parts, edits: &[ItemEdit]) -> Result<(), Stale> {
    let items = parts.items();
    let mut fitted = Vec::with_capacity(edits.len());
    for edit in edits {
        let now = items.get(&edit.key);
        if matches!(edit.key, ItemKey::Order(_)) || now == edit.before.as_ref() {
            fitted.push(edit.clone());
            continue;
        }
        // The item changed since, maybe in other fields (a merge took an outside edit): the
        // edit still applies to the fields it changes when nobody changed those.
        let on_other_fields = match (&edit.before, &edit.after, now) {
            (Some(before), Some(after), Some(now)) => {
                fields::merge_fields(before, after, now, Side::Mine)
                    .filter(|m| m.conflicts.is_empty())
            }
            _ => None,
        };
        let Some(merged) = on_other_fields else {
            return Err(Stale {
                key: edit.key.clone(),
            });
        };
        fitted.push(ItemEdit {
            before: Some(now.cloned().unwrap_or_default()),
            after: Some(merged.text),
            ..edit.clone()
        });
    }
    // Removals first, then changes and insertions in list order, then orders.
    let mut sorted: Vec<&ItemEdit> = fitted.iter().collect();
    sorted.sort_by_key(|e| {
        (
            e.after.is_some(),
            matches!(e.key, ItemKey::Order(_)),
            e.index,
        )
    });
    for edit in sorted {
        parts.set(&edit.key, edit.after.as_deref(), edit.index);
    }
    Ok(())
}

/// An item changed both in the editor and on disk, differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// Which item.
    pub key: ItemKey,
    /// Its text in the editor (`None`: deleted here), laid out for reading.
    pub mine: Option<String>,
    /// Its text on disk (`None`: deleted there), laid out for reading.
    pub theirs: Option<String>,
}

/// The result of a three-way merge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merged {
    /// The merged items (conflicts resolved as `choices` said, else to mine).
    pub parts: Parts,
    /// Items changed on both sides, differently.
    pub conflicts: Vec<Conflict>,
    /// Items taken from disk (changed there only).
    pub taken: Vec<ItemKey>,
}

/// Merges item by item: an item changed only on disk is taken, one changed only here is kept,
/// one changed on both sides differently is a conflict, resolved by `choices` (mine when
/// absent). List order follows the disk, with items added here after their predecessor.
#[must_use]
pub fn merge(
    base: &Parts,
    theirs: &Parts,
    mine: &Parts,
    choices: &BTreeMap<ItemKey, Side>,
) -> Merged {
    let b = base.items();
    let t = theirs.items();
    let m = mine.items();
    let mut merged = theirs.clone();
    let mut conflicts = Vec::new();
    let mut taken = Vec::new();
    let keys: BTreeSet<&ItemKey> = b.keys().chain(t.keys()).chain(m.keys()).collect();
    for key in keys {
        if matches!(key, ItemKey::Order(_)) {
            continue;
        }
        let (bv, tv, mv) = (b.get(key), t.get(key), m.get(key));
        let pick_mine = if mv == bv {
            if tv != bv {
                taken.push(key.clone());
            }
            false
        } else if tv == bv || tv == mv {
            true
        } else {
            let prefer = choices.get(key).copied().unwrap_or(Side::Mine);
            let by_field = match (bv, tv, mv) {
                (Some(b), Some(t), Some(m)) => fields::merge_fields(b, t, m, prefer),
                _ => None,
            };
            if let Some(by_field) = by_field {
                // Changed on both sides: merged field by field, a conflict only where one
                // field was changed on both sides differently.
                if by_field.conflicts.is_empty() {
                    taken.push(key.clone());
                } else {
                    conflicts.push(Conflict {
                        key: key.clone(),
                        mine: Some(by_field.side_text(Side::Mine)),
                        theirs: Some(by_field.side_text(Side::Theirs)),
                    });
                }
                let index = merged.index_of(key);
                merged.set(key, Some(&by_field.text), index);
                continue;
            }
            conflicts.push(Conflict {
                key: key.clone(),
                mine: mv.map(|v| readable(v)),
                theirs: tv.map(|v| readable(v)),
            });
            prefer == Side::Mine
        };
        if pick_mine {
            let index = if mv.is_some() {
                position_after(mine, &merged, key)
            } else {
                0
            };
            merged.set(key, mv.map(String::as_str), index);
        }
    }
    Merged {
        parts: merged,
        conflicts,
        taken,
    }
}

/// Where an element of `mine` goes in `merged`: after the element that precedes it in `mine`.
fn position_after(mine: &Parts, merged: &Parts, key: &ItemKey) -> usize {
    let ItemKey::Element(field, k) = key else {
        return 0;
    };
    let Some((_, FieldValue::List(items) | FieldValue::Map(items))) =
        mine.fields.iter().find(|(n, _)| n == field)
    else {
        return 0;
    };
    let Some(i) = items.iter().position(|(n, _)| n == k) else {
        return 0;
    };
    if i == 0 {
        return 0;
    }
    let before = ItemKey::Element(field.clone(), items[i - 1].0.clone());
    if merged.items().contains_key(&before) {
        merged.index_of(&before) + 1
    } else {
        merged.index_of(key)
    }
}

/// An item's text on one line.
#[must_use]
pub fn flat(compact: &str) -> String {
    match parse(compact, usize::MAX) {
        Ok(doc) => one_line(compact, &doc.root),
        Err(_) => compact.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, CardSet};

    fn set(cards: &[(&str, i32)]) -> Parts {
        let set = CardSet {
            cards: cards
                .iter()
                .map(|(id, attack)| Card {
                    id: (*id).into(),
                    name: id.to_uppercase(),
                    attack: *attack,
                    ..Card::default()
                })
                .collect(),
        };
        Parts::of(&set).unwrap()
    }

    #[test]
    fn disk_only_and_mine_only_changes_both_land() {
        let base = set(&[("a", 1), ("b", 2), ("c", 3)]);
        let theirs = set(&[("a", 9), ("b", 2), ("c", 3)]);
        let mine = set(&[("a", 1), ("b", 2), ("c", 7), ("d", 4)]);
        let m = merge(&base, &theirs, &mine, &BTreeMap::new());
        assert!(m.conflicts.is_empty());
        assert_eq!(m.parts, set(&[("a", 9), ("b", 2), ("c", 7), ("d", 4)]));
    }

    #[test]
    fn both_changed_is_a_conflict_resolved_by_choice() {
        let base = set(&[("a", 1)]);
        let theirs = set(&[("a", 9)]);
        let mine = set(&[("a", 5)]);
        let m = merge(&base, &theirs, &mine, &BTreeMap::new());
        assert_eq!(m.conflicts.len(), 1);
        assert_eq!(m.parts, mine);
        let choice = BTreeMap::from([(m.conflicts[0].key.clone(), Side::Theirs)]);
        assert_eq!(merge(&base, &theirs, &mine, &choice).parts, theirs);
    }

    #[test]
    fn deleted_on_disk_goes_unless_edited_here() {
        let base = set(&[("a", 1), ("b", 2)]);
        let theirs = set(&[("a", 1)]);
        assert_eq!(merge(&base, &theirs, &base, &BTreeMap::new()).parts, theirs);
        let mine = set(&[("a", 1), ("b", 5)]);
        let m = merge(&base, &theirs, &mine, &BTreeMap::new());
        assert_eq!(m.conflicts.len(), 1);
        assert_eq!(m.conflicts[0].theirs, None);
    }

    #[test]
    fn item_edits_apply_all_or_nothing_and_undo() {
        let old = set(&[("a", 1), ("b", 2)]);
        let new = set(&[("b", 3), ("c", 4)]);
        let edits = diff(&old, &new);
        let mut p = old.clone();
        apply(&mut p, &edits).unwrap();
        assert_eq!(p, new);
        let undo: Vec<ItemEdit> = edits.iter().map(ItemEdit::inverse).collect();
        apply(&mut p, &undo).unwrap();
        assert_eq!(p, old);
        // Someone changed b in between: the undo is refused and nothing changes.
        let mut moved_on = set(&[("b", 8), ("c", 4)]);
        let before = moved_on.clone();
        assert!(apply(&mut moved_on, &undo).is_err());
        assert_eq!(moved_on, before);
    }
}
