//! Item edits of a card or keyword file, item by item on its typed list: each edited item is
//! found by its name (its id, else its name) with the edit's index as a hint, checked against
//! the text the edit expects, and only that item is read from its new text. A 30,000-card pack
//! pays for the items an edit names, never for reading a whole file again.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::item_edit_error::ItemEditError;
use crate::model::{Card, KeywordDef};
use crate::ron_doc::fields::{Side, merge_fields};
use crate::ron_doc::parts::{ItemEdit, ItemKey, Stale, element, element_ordinal};

/// An element of a card or keyword file's list: what [`ListElement::ident`] names it by is
/// what [`element`] names it by among the file's items (the `id` field, else the `name`).
pub trait ListElement: Clone + Serialize + DeserializeOwned {
    /// The list field of the file kind that holds it (`cards`, `keywords`).
    const FIELD: &'static str;
    /// The name it goes by among its file's items, unquoted.
    fn ident(&self) -> &str;
}

impl ListElement for Card {
    const FIELD: &'static str = "cards";
    fn ident(&self) -> &str {
        // An empty id is not written, so the card goes by its name.
        if self.id.is_empty() {
            &self.name
        } else {
            &self.id
        }
    }
}

impl ListElement for KeywordDef {
    const FIELD: &'static str = "keywords";
    fn ident(&self) -> &str {
        &self.name
    }
}

/// Whether every edit names an element of the list `field` (what [`apply`] handles).
pub(super) fn only_elements(edits: &[ItemEdit], field: &str) -> bool {
    edits
        .iter()
        .all(|e| matches!(&e.key, ItemKey::Element(f, _) if f == field))
}

/// An element's name among a file's items, unquoted, with which of the elements of that name
/// it is (1 for the first): `None` when the name is no string (an element named by its text).
#[must_use]
pub fn element_ident(name: &str) -> Option<(String, usize)> {
    let (base, ordinal) = element_ordinal(name);
    let ident: String = ron::from_str(base).ok()?;
    Some((ident, ordinal))
}

/// Where the item `edit` names is in `list` now: at the edit's index when the item there has
/// the name (a hint kept up to date by every edit), else the one of that name that holds the
/// text the edit expects, else the nth of that name (`"wolf" #2`, a repeated id).
pub fn position<T: ListElement>(list: &[T], edit: &ItemEdit) -> Option<usize> {
    let ItemKey::Element(_, name) = &edit.key else {
        return None;
    };
    let (ident, ordinal) = element_ident(name)?;
    if list.get(edit.index).is_some_and(|x| x.ident() == ident) {
        return Some(edit.index);
    }
    let mut named = list
        .iter()
        .enumerate()
        .filter(|(_, x)| x.ident() == ident)
        .map(|(i, _)| i);
    let holding = edit.before.as_ref().and_then(|before| {
        named
            .clone()
            .find(|&i| element(&list[i]).is_ok_and(|(_, text)| text == *before))
    });
    holding.or_else(|| named.nth(ordinal - 1))
}

/// What one applied edit did, to take it back when a later edit of the same step is refused.
enum Done<T> {
    Replaced(usize, T),
    Removed(usize, T),
    Inserted(usize),
}

/// Applies item edits to a list, all or nothing: removals first, then changes and insertions
/// in list order (as `parts::apply` orders them). Each edit's `before` must be what its item
/// holds now, or differ from it in other fields only (a merge took an outside edit there).
pub(super) fn apply<T: ListElement>(
    list: &mut Vec<T>,
    edits: &[ItemEdit],
) -> Result<(), ItemEditError> {
    let mut sorted: Vec<&ItemEdit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.after.is_some(), e.index));
    let mut done = Vec::with_capacity(sorted.len());
    for edit in sorted {
        match apply_one(list, edit) {
            Ok(Some(step)) => done.push(step),
            Ok(None) => {}
            Err(error) => {
                for step in done.into_iter().rev() {
                    match step {
                        Done::Replaced(at, was) => list[at] = was,
                        Done::Removed(at, was) => list.insert(at, was),
                        Done::Inserted(at) => {
                            list.remove(at);
                        }
                    }
                }
                return Err(error);
            }
        }
    }
    Ok(())
}

fn apply_one<T: ListElement>(
    list: &mut Vec<T>,
    edit: &ItemEdit,
) -> Result<Option<Done<T>>, ItemEditError> {
    let stale = || {
        ItemEditError::Stale(Stale {
            key: edit.key.clone(),
        })
    };
    let Some(before) = &edit.before else {
        let Some(after) = &edit.after else {
            return Ok(None);
        };
        let value = read(after, edit)?;
        // An insertion past the end (the list got shorter since) goes last.
        let at = edit.index.min(list.len());
        list.insert(at, value);
        return Ok(Some(Done::Inserted(at)));
    };
    let at = position(list, edit).ok_or_else(stale)?;
    let (_, now) = element(&list[at]).map_err(|_| ItemEditError::Unreadable)?;
    let Some(after) = &edit.after else {
        if now != *before {
            return Err(stale());
        }
        return Ok(Some(Done::Removed(at, list.remove(at))));
    };
    let target = if now == *before {
        read(after, edit)?
    } else {
        // The item changed since, maybe in other fields only: the edit still applies to the
        // fields it changes when nobody changed those.
        let merged = merge_fields(before, after, &now, Side::Mine)
            .filter(|m| m.conflicts.is_empty())
            .ok_or_else(stale)?;
        read(&merged.text, edit)?
    };
    Ok(Some(Done::Replaced(
        at,
        std::mem::replace(&mut list[at], target),
    )))
}

/// An item read from its compact text.
fn read<T: ListElement>(text: &str, edit: &ItemEdit) -> Result<T, ItemEditError> {
    ron::from_str(text).map_err(|source| ItemEditError::ItemText {
        key: edit.key.clone(),
        source: Box::new(source),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: &str, attack: i32) -> Card {
        Card {
            id: id.into(),
            name: id.to_uppercase(),
            attack,
            ..Card::default()
        }
    }

    fn edit(index: usize, before: Option<&Card>, after: Option<&Card>) -> ItemEdit {
        let text = |c: Option<&Card>| c.map(|c| element(c).unwrap());
        let (before, after) = (text(before), text(after));
        let name = before.as_ref().or(after.as_ref()).unwrap().0.clone();
        ItemEdit {
            key: ItemKey::Element("cards".into(), name),
            before: before.map(|(_, t)| t),
            after: after.map(|(_, t)| t),
            index,
        }
    }

    #[test]
    fn an_item_is_found_by_its_id_when_its_index_is_stale() {
        let mut list = vec![card("a", 1), card("wolf", 2), card("b", 3)];
        // Recorded when the wolf was first.
        apply(
            &mut list,
            &[edit(0, Some(&card("wolf", 2)), Some(&card("wolf", 5)))],
        )
        .unwrap();
        assert_eq!(list[1], card("wolf", 5));
    }

    #[test]
    fn of_two_items_of_one_id_the_one_at_the_hint_or_holding_the_text_changes() {
        let mut list = vec![card("wolf", 1), card("wolf", 2)];
        apply(
            &mut list,
            &[edit(1, Some(&card("wolf", 2)), Some(&card("wolf", 7)))],
        )
        .unwrap();
        assert_eq!(list, [card("wolf", 1), card("wolf", 7)]);
        // A stale hint: the wolf holding the text the edit expects is taken.
        apply(&mut list, &[edit(5, Some(&card("wolf", 7)), None)]).unwrap();
        assert_eq!(list, [card("wolf", 1)]);
    }

    #[test]
    fn edits_apply_all_or_nothing() {
        let mut list = vec![card("a", 1), card("b", 2)];
        let kept = list.clone();
        let edits = [
            edit(0, Some(&card("a", 1)), Some(&card("a", 4))),
            edit(1, None, Some(&card("c", 3))),
            // b holds attack 2, not 9: refused, and the two before it are taken back.
            edit(2, Some(&card("b", 9)), Some(&card("b", 5))),
        ];
        assert!(matches!(
            apply(&mut list, &edits),
            Err(ItemEditError::Stale(_))
        ));
        assert_eq!(list, kept);
    }
}
