//! Finding where a top-level field or list item of a RON file is written (`links: [..]` of a
//! `GlyphNetwork(...)`, `script: [..]` of a `RulesScenario(...)`), so problems found after
//! parsing (a link too long, an unknown glyph, a failed expectation) point at the right item
//! even when the same id appears many times in the file.

use crate::ron_scan::{is_ident, skip_string, skip_trivia, value_end};

use crate::diag::{Location, locate_literal};

/// Byte offsets where each item of the top-level list field `key` starts (e.g. each `(..)` of
/// `links: [..]`). Empty if the field is absent or not a list.
#[must_use]
pub fn list_items(source: &str, key: &str) -> Vec<usize> {
    let Some(value) = top_level_field(source, key) else {
        return Vec::new();
    };
    let bytes = source.as_bytes();
    if bytes.get(value) != Some(&b'[') {
        return Vec::new();
    }
    let mut items = Vec::new();
    let mut i = value + 1;
    loop {
        i = skip_trivia(bytes, i);
        match bytes.get(i) {
            None | Some(b']') => return items,
            Some(b',') => i += 1,
            Some(_) => {
                items.push(i);
                match value_end(bytes, i) {
                    Some(end) if end > i => i = end,
                    _ => return items,
                }
            }
        }
    }
}

/// Where a quoted literal is written inside the `n`-th item of list `key`; falls back to the
/// item's start, then to the first occurrence anywhere.
#[must_use]
pub fn literal_in_item(source: &str, key: &str, n: usize, text: &str) -> Location {
    let items = list_items(source, key);
    let Some(&start) = items.get(n) else {
        return locate_literal(source, text, 0);
    };
    let end = value_end(source.as_bytes(), start).unwrap_or(source.len());
    let item = source.get(start..end).unwrap_or("");
    let escaped = text.replace('\\', "\\\\").replace('"', "\\\"");
    match item.find(&format!("\"{escaped}\"")) {
        Some(i) => Location::of_offset(source, start + i),
        None => Location::of_offset(source, start),
    }
}

/// The start of the `n`-th item of list `key`, or the field itself, or the start of the file.
#[must_use]
pub fn item(source: &str, key: &str, n: usize) -> Location {
    match list_items(source, key).get(n) {
        Some(&i) => Location::of_offset(source, i),
        None => field(source, key),
    }
}

/// Where the top-level field `key` is written (its name), or the start of the file.
#[must_use]
pub fn field(source: &str, key: &str) -> Location {
    match top_level_key(source, key) {
        Some(i) => Location::of_offset(source, i),
        None => Location::START,
    }
}

/// Offset of the value of a field written directly inside the outermost brackets.
fn top_level_field(source: &str, key: &str) -> Option<usize> {
    let bytes = source.as_bytes();
    let at = top_level_key(source, key)?;
    let mut i = skip_trivia(bytes, at + key.len());
    if bytes.get(i) != Some(&b':') {
        return None;
    }
    i = skip_trivia(bytes, i + 1);
    Some(i)
}

/// Offset of the name of the field `key` at depth 1.
fn top_level_key(source: &str, key: &str) -> Option<usize> {
    let bytes = source.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let next = skip_trivia(bytes, i);
        if next != i {
            i = next;
            continue;
        }
        match bytes[i] {
            b'"' => i = skip_string(bytes, i)?,
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            c if depth == 1 && is_ident(c) && (i == 0 || !is_ident(bytes[i - 1])) => {
                let mut end = i;
                while end < bytes.len() && is_ident(bytes[end]) {
                    end += 1;
                }
                if source.get(i..end) == Some(key)
                    && bytes.get(skip_trivia(bytes, end)) == Some(&b':')
                {
                    return Some(i);
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "GlyphNetwork(\n  name: \"links: [x]\", // links: no\n  links: [(\"a\", \"b\"),\n    (\"b\", \"c\")],\n)";

    #[test]
    fn items_of_a_top_level_list_are_found_past_strings_and_comments() {
        let items = list_items(SRC, "links");
        assert_eq!(items.len(), 2);
        assert_eq!(
            Location::of_offset(SRC, items[1]),
            Location { line: 4, column: 5 }
        );
        assert_eq!(
            literal_in_item(SRC, "links", 1, "b"),
            Location { line: 4, column: 6 }
        );
        assert_eq!(field(SRC, "links"), Location { line: 3, column: 3 });
        assert!(list_items(SRC, "moves").is_empty());
    }
}
