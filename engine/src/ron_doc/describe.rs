//! Item edits in words, for a person deciding whether to take them (the restore prompt):
//! `Grey Wolf: attack 2 → 9`, `added Ash Hound`, `field max_rounds 10 → 12`,
//! `keywords added Flying`. Values read as a person writes them, not as RON: a string without
//! its quotes, a list of plain values as `Beast, Wolf`.

use super::parts::{ItemEdit, ItemKey};
use super::tree::{Bracket, Node, NodeKind, parse};

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
        ItemKey::Field(field) => {
            let field = field_words(field);
            match (&edit.before, &edit.after) {
                (None, Some(after)) => format!("{field} set to {}", words(after)),
                (Some(_), None) => format!("{field} removed"),
                (Some(before), Some(after)) => format!("{field} {}", change(before, after)),
                (None, None) => format!("{field} unchanged"),
            }
        }
        ItemKey::Order(field) => format!("new order of {}", field_words(field)),
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
/// (`attack 2 → 9`, `art set to x.png`, `keywords added Flying`, `tags removed`); empty when
/// the values are the same. A value that is not a struct is one entry, `old → new`.
#[must_use]
pub fn value_changes(before: &str, after: &str) -> Vec<String> {
    let (Ok(b), Ok(a)) = (parse(before, usize::MAX), parse(after, usize::MAX)) else {
        return vec![format!("{} → {}", short(before), short(after))];
    };
    if !(b.root.has_fields() && a.root.has_fields()) {
        return if before.trim() == after.trim() {
            Vec::new()
        } else {
            vec![change(before, after)]
        };
    }
    let old = fields(&b.root, before);
    let new = fields(&a.root, after);
    let mut out = Vec::new();
    for (name, value) in &new {
        let field = field_words(name);
        match old.iter().find(|(n, _)| n == name) {
            Some((_, was)) if was == value => {}
            Some((_, was)) => out.push(format!("{field} {}", change(was, value))),
            None => out.push(format!("{field} set to {}", words(value))),
        }
    }
    for (name, _) in &old {
        if !new.iter().any(|(n, _)| n == name) {
            out.push(format!("{} removed", field_words(name)));
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

/// How one value changed: what a list of plain values gained and lost (`added Flying,
/// removed Bolt`, or `reordered`), else `old → new` in words.
fn change(before: &str, after: &str) -> String {
    let (Some(mut gone), Some(after_items)) = (plain_list(before), plain_list(after)) else {
        return format!("{} → {}", words(before), words(after));
    };
    // Counted as multisets: a value written twice and now once was removed once.
    let mut added = Vec::new();
    for item in after_items {
        match gone.iter().position(|g| *g == item) {
            Some(at) => {
                gone.remove(at);
            }
            None => added.push(item),
        }
    }
    let parts: Vec<String> = [("added", added), ("removed", gone)]
        .into_iter()
        .filter(|(_, items)| !items.is_empty())
        .map(|(what, items)| format!("{what} {}", short(&items.join(", "))))
        .collect();
    if parts.is_empty() {
        "reordered".to_owned()
    } else {
        parts.join(", ")
    }
}

/// A value in words: a list of plain values as `a, b` (`none` when empty), a string without
/// its quotes, an optional value as the value (`none` when there is none), anything else as
/// written; cut to [`VALUE_CHARS`] characters.
fn words(text: &str) -> String {
    let text = text.trim();
    if text == "None" {
        return "none".to_owned();
    }
    if let Some(inner) = some_value(text) {
        return words(inner);
    }
    match plain_list(text) {
        Some(items) if items.is_empty() => "none".to_owned(),
        Some(items) => short(&items.join(", ")),
        None => short(&unquote(text)),
    }
}

/// The text inside `Some(…)`, if `text` is that.
fn some_value(text: &str) -> Option<&str> {
    let doc = parse(text, 1).ok()?;
    let NodeKind::Group(group) = &doc.root.kind else {
        return None;
    };
    let named_some = group
        .name
        .is_some_and(|(from, to)| &text[from..to] == "Some");
    (named_some && group.bracket == Bracket::Paren)
        .then(|| text[group.open + 1..group.close].trim())
}

/// The items of a list whose items are all plain values (strings, numbers, names), each in
/// words; `None` for anything else.
fn plain_list(text: &str) -> Option<Vec<String>> {
    let doc = parse(text, usize::MAX).ok()?;
    let NodeKind::Group(group) = &doc.root.kind else {
        return None;
    };
    if group.bracket != Bracket::Square || group.name.is_some() {
        return None;
    }
    group
        .elems
        .as_ref()?
        .iter()
        .map(|e| {
            (e.key.is_none() && matches!(e.value.kind, NodeKind::Atom))
                .then(|| unquote(e.value.text(text)))
        })
        .collect()
}

/// A field's name in words, in the middle of a sentence: `max_rounds` → `max rounds`.
fn field_words(name: &str) -> String {
    crate::reflect::words(name).to_lowercase()
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
        assert_eq!(describe(&e), "Grey Wolf: attack 2 → 9, tribes set to Beast");
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
    fn values_read_as_written_by_a_person() {
        let e = edit(
            card("\"a\""),
            Some(r#"(id:"a",name:"Ash",keywords:["Bolt","Armor 1"],tribes:["Beast"],art:None)"#),
            Some(
                r#"(id:"a",name:"Ash",keywords:["Armor 1","Flying"],tribes:[],art:Some("ash.png"),text:"Hot.")"#,
            ),
        );
        assert_eq!(
            describe(&e),
            "Ash: keywords added Flying, removed Bolt, tribes removed Beast, art none → ash.png, \
             text set to Hot."
        );
        let reordered = edit(
            card("\"a\""),
            Some(r#"(id:"a",name:"Ash",tags:["x","y"])"#),
            Some(r#"(id:"a",name:"Ash",tags:["y","x"])"#),
        );
        assert_eq!(describe(&reordered), "Ash: tags reordered");
        let twice = edit(
            card("\"a\""),
            Some(r#"(id:"a",name:"Ash",tags:["x","x"])"#),
            Some(r#"(id:"a",name:"Ash",tags:["x"])"#),
        );
        assert_eq!(describe(&twice), "Ash: tags removed x");
        // A list of structs is not a list of plain values: shown as written.
        assert_eq!(change("[(a:1)]", "[(a:2)]"), "[(a:1)] → [(a:2)]");
    }

    #[test]
    fn fields_and_long_values() {
        let e = edit(ItemKey::Field("max_rounds".into()), Some("10"), Some("12"));
        assert_eq!(describe(&e), "max rounds 10 → 12");
        let long = format!("\"{}\"", "a".repeat(60));
        let e = edit(ItemKey::Field("text".into()), Some("\"b\""), Some(&long));
        let text = describe(&e);
        assert!(text.ends_with('…'), "{text}");
        assert!(text.chars().count() < 60, "{text}");
    }
}
