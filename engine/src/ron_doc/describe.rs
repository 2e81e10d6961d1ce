//! Item edits in words, for a person deciding whether to take them (the restore prompt):
//! `Grey Wolf: attack 2 → 9`, `added Ash Hound`, `field max_rounds 10 → 12`.

use super::parts::{ItemEdit, ItemKey};
use super::tree::{Node, parse};

/// Values longer than this many characters are cut (with `…`) in a description.
const VALUE_CHARS: usize = 40;

/// One item edit in words. A changed struct element names the fields that changed, each with
/// its value before and after; an added or removed element is named by its `name` (else its key).
#[must_use]
pub fn describe(edit: &ItemEdit) -> String {
    match &edit.key {
        ItemKey::Element(_, key) => {
            let name = edit
                .after
                .as_deref()
                .or(edit.before.as_deref())
                .and_then(name_field)
                .unwrap_or_else(|| unquote(key));
            match (&edit.before, &edit.after) {
                (None, _) => format!("added {name}"),
                (Some(_), None) => format!("removed {name}"),
                (Some(before), Some(after)) => format!("{name}: {}", field_changes(before, after)),
            }
        }
        ItemKey::Field(field) => match (&edit.before, &edit.after) {
            (None, Some(after)) => format!("{field} set to {}", short(after)),
            (Some(_), None) => format!("{field} removed"),
            (Some(before), Some(after)) => {
                format!("{field} {} → {}", short(before), short(after))
            }
            (None, None) => format!("{field} unchanged"),
        },
        ItemKey::Order(field) => format!("new order of {field}"),
        ItemKey::File => "the whole file".to_owned(),
    }
}

/// What changed between two texts of one item: `attack 2 → 9, life 3 → 4` for structs, the
/// values themselves otherwise.
fn field_changes(before: &str, after: &str) -> String {
    let changes = value_changes(before, after);
    if changes.is_empty() {
        // Same fields, same values: only the layout differs.
        "layout only".to_owned()
    } else {
        changes.join(", ")
    }
}

/// What changed between two RON texts of one value, one entry per changed field
/// (`attack 2 → 9`, `art set to "x.png"`, `tags removed`); empty when the values are the same.
/// A value that is not a struct is one entry, `old → new`.
#[must_use]
pub fn value_changes(before: &str, after: &str) -> Vec<String> {
    let (Ok(b), Ok(a)) = (parse(before, usize::MAX), parse(after, usize::MAX)) else {
        return vec![format!("{} → {}", short(before), short(after))];
    };
    if !(b.root.has_fields() && a.root.has_fields()) {
        return if before.trim() == after.trim() {
            Vec::new()
        } else {
            vec![format!("{} → {}", short(before), short(after))]
        };
    }
    let old = fields(&b.root, before);
    let new = fields(&a.root, after);
    let mut out = Vec::new();
    for (name, value) in &new {
        match old.iter().find(|(n, _)| n == name) {
            Some((_, was)) if was == value => {}
            Some((_, was)) => out.push(format!("{name} {} → {}", short(was), short(value))),
            None => out.push(format!("{name} set to {}", short(value))),
        }
    }
    for (name, _) in &old {
        if !new.iter().any(|(n, _)| n == name) {
            out.push(format!("{name} removed"));
        }
    }
    out
}

/// A struct's fields, `(name, value text)` in order.
fn fields<'t>(root: &Node, text: &'t str) -> Vec<(&'t str, &'t str)> {
    root.elems()
        .unwrap_or(&[])
        .iter()
        .filter_map(|e| Some((e.field_name(text)?, e.value.text(text))))
        .collect()
}

/// The `name` field of a struct text, unquoted.
fn name_field(text: &str) -> Option<String> {
    let doc = parse(text, usize::MAX).ok()?;
    let elem = doc.root.field(text, "name")?;
    Some(unquote(elem.value.text(text)))
}

/// A plain RON string without its quotes; anything else as written.
fn unquote(text: &str) -> String {
    text.strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .filter(|t| !t.contains(['"', '\\']))
        .unwrap_or(text)
        .to_owned()
}

/// A value cut to [`VALUE_CHARS`] characters.
fn short(text: &str) -> String {
    if text.chars().count() <= VALUE_CHARS {
        return text.to_owned();
    }
    let cut: String = text.chars().take(VALUE_CHARS - 1).collect();
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(key: ItemKey, before: Option<&str>, after: Option<&str>) -> ItemEdit {
        ItemEdit {
            key,
            before: before.map(str::to_owned),
            after: after.map(str::to_owned),
            index: 0,
        }
    }

    fn card(key: &str) -> ItemKey {
        ItemKey::Element("cards".into(), key.into())
    }

    #[test]
    fn a_changed_card_names_its_changed_fields() {
        let e = edit(
            card("\"grey_wolf\""),
            Some(r#"(id:"grey_wolf",name:"Grey Wolf",attack:2,life:3)"#),
            Some(r#"(id:"grey_wolf",name:"Grey Wolf",attack:9,life:3,tribes:["Beast"])"#),
        );
        assert_eq!(
            describe(&e),
            r#"Grey Wolf: attack 2 → 9, tribes set to ["Beast"]"#
        );
    }

    #[test]
    fn added_and_removed_elements_are_named() {
        let added = edit(
            card("\"ash_hound\""),
            None,
            Some(r#"(id:"ash_hound",name:"Ash Hound")"#),
        );
        assert_eq!(describe(&added), "added Ash Hound");
        let removed = edit(card("\"x\""), Some("(id:\"x\")"), None);
        assert_eq!(describe(&removed), "removed x");
    }

    #[test]
    fn fields_and_long_values() {
        let e = edit(ItemKey::Field("max_rounds".into()), Some("10"), Some("12"));
        assert_eq!(describe(&e), "max_rounds 10 → 12");
        let long = format!("\"{}\"", "a".repeat(60));
        let e = edit(ItemKey::Field("text".into()), Some("\"b\""), Some(&long));
        let text = describe(&e);
        assert!(text.ends_with('…'), "{text}");
        assert!(text.chars().count() < 60, "{text}");
    }
}
