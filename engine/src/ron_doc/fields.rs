//! A three-way merge inside one item, field by field: an outside edit of a card's life and an
//! unsaved edit of its attack are two fields, not one conflict. The same merge lets an undo
//! step go back on the fields it changed when the merge changed others (see `parts::apply`).
//!
//! Works on the compact RON text of one item (`(id:"wolf",attack:2,life:3)`, or a named struct
//! `Card(...)`); anything else (a text, a list, an enum variant that changed) is one value and
//! is left to the caller as a whole-item conflict.

use super::tree::{self, Key};

/// Which side a conflict is resolved to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The unsaved edit made in the editor.
    Mine,
    /// The change found on disk.
    Theirs,
}

/// A struct's text split into its fields.
struct Fields {
    /// What opens the struct: `(` or `Name(`.
    open: String,
    /// `(name, compact value)` per field, in the order written.
    fields: Vec<(String, String)>,
}

impl Fields {
    /// The fields of a struct's compact text (`None` for anything that is not a struct with
    /// named fields).
    fn read(text: &str) -> Option<Fields> {
        let doc = tree::parse(text, 1).ok()?;
        let group = doc.root.group()?;
        if group.bracket != tree::Bracket::Paren {
            return None;
        }
        let open = text.get(doc.root.start..=group.open)?.to_owned();
        let mut fields = Vec::new();
        for elem in doc.root.elems().unwrap_or(&[]) {
            let Some(Key::Field { .. }) = elem.key else {
                return None;
            };
            let name = elem.field_name(text)?.to_owned();
            let end = elem.value.end;
            let value = text.get(elem.value.start..end)?.to_owned();
            fields.push((name, value));
        }
        Some(Fields { open, fields })
    }

    fn get(&self, name: &str) -> Option<&String> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    fn text(&self) -> String {
        let body: Vec<String> = self
            .fields
            .iter()
            .map(|(n, v)| format!("{n}:{v}"))
            .collect();
        format!("{}{})", self.open, body.join(","))
    }
}

/// One field changed on both sides, differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldConflict {
    /// The field's name.
    pub field: String,
    /// Its value here (`None`: left out here).
    pub mine: Option<String>,
    /// Its value on the other side (`None`: left out there).
    pub theirs: Option<String>,
}

/// The result of merging one item field by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldMerge {
    /// The merged item's compact text (each conflicting field from the preferred side).
    pub text: String,
    /// Fields changed on both sides, differently.
    pub conflicts: Vec<FieldConflict>,
}

impl FieldMerge {
    /// The conflicting fields of one side, one `name: value` a line, for reading side by side.
    #[must_use]
    pub fn side_text(&self, side: Side) -> String {
        self.conflicts
            .iter()
            .map(|c| {
                let value = match side {
                    Side::Mine => &c.mine,
                    Side::Theirs => &c.theirs,
                };
                match value {
                    Some(v) => format!("{}: {}", c.field, super::format::readable(v)),
                    None => format!("{}: (left out)", c.field),
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Merges one item field by field: base, their text and mine. A field changed on one side
/// only is taken from that side; a field changed on both sides differently is a conflict
/// and takes `prefer`'s value. `None` when the three are not structs of the same shape (then
/// the whole item is the unit of the merge).
#[must_use]
pub fn merge_fields(base: &str, theirs: &str, mine: &str, prefer: Side) -> Option<FieldMerge> {
    let (b, t, m) = (
        Fields::read(base)?,
        Fields::read(theirs)?,
        Fields::read(mine)?,
    );
    if b.open != t.open || b.open != m.open {
        return None;
    }
    let mut names: Vec<&str> = t.fields.iter().map(|(n, _)| n.as_str()).collect();
    for (i, (name, _)) in m.fields.iter().enumerate() {
        if !names.contains(&name.as_str()) {
            // A field only mine writes goes after the field it follows here.
            let at = i
                .checked_sub(1)
                .and_then(|p| names.iter().position(|n| *n == m.fields[p].0))
                .map_or(0, |p| p + 1);
            names.insert(at.min(names.len()), name);
        }
    }
    for (name, _) in &b.fields {
        if !names.contains(&name.as_str()) {
            names.push(name);
        }
    }
    let mut merged = Fields {
        open: t.open.clone(),
        fields: Vec::new(),
    };
    let mut conflicts = Vec::new();
    for name in names {
        let (bv, tv, mv) = (b.get(name), t.get(name), m.get(name));
        let value = if mv == bv || tv == mv {
            tv
        } else if tv == bv {
            mv
        } else {
            conflicts.push(FieldConflict {
                field: name.to_owned(),
                mine: mv.cloned(),
                theirs: tv.cloned(),
            });
            match prefer {
                Side::Mine => mv,
                Side::Theirs => tv,
            }
        };
        if let Some(v) = value {
            merged.fields.push((name.to_owned(), v.clone()));
        }
    }
    Some(FieldMerge {
        text: merged.text(),
        conflicts,
    })
}

/// A value's undo or redo on the fields it changed (`base` → `target`) when `now` has moved
/// on in other fields: `None` when the two touched one field, or a value does not split into
/// fields.
#[must_use]
pub fn reapply<T: serde::Serialize + serde::de::DeserializeOwned>(
    base: &T,
    target: &T,
    now: &T,
) -> Option<T> {
    let text = |v: &T| ron::to_string(v).ok();
    let merged = merge_fields(&text(base)?, &text(target)?, &text(now)?, Side::Mine)?;
    if !merged.conflicts.is_empty() {
        return None;
    }
    ron::from_str(&merged.text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = r#"(id:"wolf",name:"Grey Wolf",attack:2,life:3)"#;

    #[test]
    fn fields_changed_on_different_sides_both_stay() {
        let theirs = BASE.replace("life:3", "life:5");
        let mine = BASE.replace("attack:2", "attack:4");
        let merged = merge_fields(BASE, &theirs, &mine, Side::Mine).unwrap();
        assert!(merged.conflicts.is_empty());
        assert_eq!(
            merged.text,
            r#"(id:"wolf",name:"Grey Wolf",attack:4,life:5)"#
        );
    }

    #[test]
    fn one_field_changed_on_both_sides_is_the_only_conflict() {
        let theirs = BASE
            .replace("life:3", "life:5")
            .replace("attack:2", "attack:9");
        let mine = BASE.replace("attack:2", "attack:4");
        let merged = merge_fields(BASE, &theirs, &mine, Side::Theirs).unwrap();
        assert_eq!(merged.conflicts.len(), 1);
        assert_eq!(merged.conflicts[0].field, "attack");
        assert_eq!(merged.side_text(Side::Mine), "attack: 4");
        assert_eq!(
            merged.text,
            r#"(id:"wolf",name:"Grey Wolf",attack:9,life:5)"#
        );
    }

    #[test]
    fn a_field_added_here_and_one_left_out_there_both_count() {
        let theirs = r#"(id:"wolf",name:"Grey Wolf",attack:2)"#;
        let mine = r#"(id:"wolf",name:"Grey Wolf",attack:2,art:"w.png",life:3)"#;
        let merged = merge_fields(BASE, theirs, mine, Side::Mine).unwrap();
        assert!(merged.conflicts.is_empty());
        assert_eq!(
            merged.text,
            r#"(id:"wolf",name:"Grey Wolf",attack:2,art:"w.png")"#
        );
    }

    #[test]
    fn values_that_are_not_structs_of_one_shape_are_left_whole() {
        assert!(merge_fields(r#""a""#, r#""b""#, r#""c""#, Side::Mine).is_none());
        assert!(merge_fields("A(x:1)", "B(x:1)", "A(x:2)", Side::Mine).is_none());
    }
}
