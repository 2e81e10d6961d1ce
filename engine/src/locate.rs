//! Finding where a top-level field or list item of a RON file is written (`links: [..]` of a
//! `GlyphNetwork(...)`, `script: [..]` of a `RulesScenario(...)`), so problems found after
//! parsing (a link too long, an unknown glyph, a failed expectation) point at the right item
//! even when the same id appears many times in the file.

use crate::diag::{Location, locate_literal};
use crate::ron_doc::lex::strings_from;
use crate::ron_doc::tree::{self, Elem};

/// The spans `[start, end)` of each item of the top-level list field `key` (e.g. each `(..)` of
/// `links: [..]`). Empty if the field is absent, not a list, or the text is not RON.
fn item_spans(source: &str, key: &str) -> Vec<(usize, usize)> {
    top_level(source, key)
        .and_then(|field| {
            field
                .value
                .elems()
                .map(|items| items.iter().map(|e| (e.start(), e.value.end)).collect())
        })
        .unwrap_or_default()
}

/// Byte offsets where each item of the top-level list field `key` starts.
#[must_use]
pub fn list_items(source: &str, key: &str) -> Vec<usize> {
    item_spans(source, key)
        .into_iter()
        .map(|(start, _)| start)
        .collect()
}

/// Where a string literal holding `text` is written inside the `n`-th item of list `key`;
/// falls back to the item's start, then to the first occurrence anywhere.
#[must_use]
pub fn literal_in_item(source: &str, key: &str, n: usize, text: &str) -> Location {
    let Some(&(start, end)) = item_spans(source, key).get(n) else {
        return locate_literal(source, text, 0);
    };
    let found = strings_from(source, start)
        .take_while(|(offset, _)| *offset < end)
        .find(|(_, value)| value == text);
    Location::of_offset(source, found.map_or(start, |(offset, _)| offset))
}

/// The start of the `n`-th item of list `key`, or the field itself, or the start of the file.
#[must_use]
pub fn item(source: &str, key: &str, n: usize) -> Location {
    match list_items(source, key).get(n) {
        Some(&i) => Location::of_offset(source, i),
        None => field(source, key),
    }
}

/// The items of a list file's top-level list (`cards: [..]`), read once, to tell which item
/// and which of its fields a problem points at (the editor shows it beside that field).
#[derive(Debug, Clone, Default)]
pub struct ListItems {
    /// Each item's span, in order.
    spans: Vec<(usize, usize)>,
}

impl ListItems {
    /// The items of the top-level list field `key` of `source` (none when it does not parse).
    #[must_use]
    pub fn read(source: &str, key: &str) -> Self {
        Self {
            spans: item_spans(source, key),
        }
    }

    /// The item written at or before byte `offset` (the first item when `offset` comes before
    /// every item), and the field of that item whose text holds `offset`, if one does.
    /// `source` is the text the items were read from.
    #[must_use]
    pub fn at(&self, source: &str, offset: usize) -> Option<(usize, Option<String>)> {
        let index = self
            .spans
            .partition_point(|(start, _)| *start <= offset)
            .saturating_sub(1);
        let &(start, end) = self.spans.get(index)?;
        let field = (start..end)
            .contains(&offset)
            .then(|| tree::parse_at(source, start, 1).ok())
            .flatten()
            .and_then(|item| {
                item.elems()?
                    .iter()
                    .find(|e| (e.start()..e.value.end).contains(&offset))
                    .and_then(|e| e.field_name(source))
                    .map(str::to_owned)
            });
        Some((index, field))
    }
}

/// Where the top-level field `key` is written (its name), or the start of the file.
#[must_use]
pub fn field(source: &str, key: &str) -> Location {
    top_level(source, key).map_or(Location::START, |e| Location::of_offset(source, e.start()))
}

/// The field `key` written directly inside the file's outermost brackets, read two levels deep
/// (its value's items have spans; nothing deeper is read).
fn top_level(source: &str, key: &str) -> Option<Elem> {
    let doc = tree::parse(source, 2).ok()?;
    doc.root.field(source, key).cloned()
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

    #[test]
    fn a_problem_belongs_to_the_field_whose_text_holds_it_not_to_a_word_in_its_message() {
        let src = "CardSet(cards: [\n (id: \"a\", start: \"art\"),\n (id: \"b\", art: Some(\"x\"), keywords: [\"Armr\"]),\n])";
        let items = ListItems::read(src, "cards");
        let at = |needle: &str| items.at(src, src.find(needle).unwrap());
        assert_eq!(at("\"art\""), Some((0, Some("start".to_owned()))));
        assert_eq!(at("\"x\""), Some((1, Some("art".to_owned()))));
        assert_eq!(at("\"Armr\""), Some((1, Some("keywords".to_owned()))));
        assert_eq!(at("(id: \"b\""), Some((1, None)));
        assert_eq!(
            items.at(src, 0),
            Some((0, None)),
            "before every item: the first"
        );
    }
}
