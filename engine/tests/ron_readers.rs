//! One RON reader: every reader that looks into RON text (where a string literal is written,
//! where a value ends, where a top-level field or list item starts, how deep brackets nest,
//! what tag a file starts with) reads it as the tokenizer does, on random text full of what
//! naive scanners get wrong: raw strings with quotes and hashes, nested block comments holding
//! quotes and brackets, escaped quotes and backslashes. `ron` itself must read the same text,
//! so the tokenizer is checked against the deserializer too. And no depth of nesting, however
//! hidden among comments and strings, overflows the stack.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::fmt::Write as _;
use std::path::Path;

use proptest::prelude::*;
use sigilforge_engine::diag::{Diagnostics, Location, locate_literal, locate_literal_after};
use sigilforge_engine::locate;
use sigilforge_engine::ron_doc::lex::{MAX_DEPTH, first_too_deep, value_end};
use sigilforge_engine::ron_doc::tree;
use sigilforge_engine::ron_io;

/// A RON value to write out.
#[derive(Debug, Clone)]
enum Value {
    Str(String),
    Num(i32),
    List(Vec<Value>),
    Struct(Vec<Value>),
}

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        "[a-c\"\\\\/*#()\\[\\],: ]{0,6}".prop_map(Value::Str),
        any::<i32>().prop_map(Value::Num),
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::List),
            proptest::collection::vec(inner, 0..4).prop_map(Value::Struct),
        ]
    })
}

/// Trivia a naive scanner trips on: comments holding quotes, brackets and commas, nested.
const TRIVIA: [&str; 7] = [
    "",
    " ",
    "\n  ",
    "// \"a\" ( [ , \n",
    "/* \"a\" ] */",
    "/* x /* \"a\", ) */ r#\" */ ",
    "/**/\n",
];

/// Writes values, recording where each string literal starts (and what it holds).
struct Writer {
    out: String,
    trivia: Vec<usize>,
    next: usize,
    strings: Vec<(usize, String)>,
}

impl Writer {
    fn new(trivia: Vec<usize>) -> Self {
        Self {
            out: String::new(),
            trivia,
            next: 0,
            strings: Vec::new(),
        }
    }

    fn trivia(&mut self) {
        let pick = self.trivia.get(self.next % self.trivia.len().max(1));
        self.next += 1;
        self.out
            .push_str(TRIVIA[pick.copied().unwrap_or(0) % TRIVIA.len()]);
    }

    fn value(&mut self, v: &Value) {
        match v {
            Value::Str(s) => {
                self.strings.push((self.out.len(), s.clone()));
                if self.next.is_multiple_of(2) {
                    // Raw, with one more `#` than the longest run of `#` inside.
                    let hashes = "#".repeat(longest_run(s, '#') + 1);
                    write!(self.out, "r{hashes}\"{s}\"{hashes}").unwrap();
                } else {
                    let escaped = s.replace('\\', "\\\\").replace('"', "\\\"");
                    write!(self.out, "\"{escaped}\"").unwrap();
                }
                self.next += 1;
            }
            Value::Num(n) => self.out.push_str(&n.to_string()),
            Value::List(items) => self.group('[', ']', items, false),
            Value::Struct(fields) => self.group('(', ')', fields, true),
        }
    }

    fn group(&mut self, open: char, close: char, items: &[Value], named: bool) {
        self.out.push(open);
        for (i, item) in items.iter().enumerate() {
            self.trivia();
            if named {
                write!(self.out, "f{i}:").unwrap();
                self.trivia();
            }
            self.value(item);
            self.trivia();
            self.out.push(',');
        }
        self.trivia();
        self.out.push(close);
    }
}

fn longest_run(s: &str, c: char) -> usize {
    s.split(|x| x != c).map(str::len).max().unwrap_or(0)
}

/// A file `Tag(items: [..], last: ..)`: the items' starts and ends (the offset of the comma that
/// follows each) are recorded as written.
fn file(items: &[Value], trivia: Vec<usize>) -> (Writer, Vec<(usize, usize)>) {
    let mut w = Writer::new(trivia);
    w.trivia();
    w.out.push_str("Tag(");
    w.trivia();
    w.out.push_str("items: [");
    let mut spans = Vec::new();
    for item in items {
        w.trivia();
        let start = w.out.len();
        w.value(item);
        w.trivia();
        spans.push((start, w.out.len()));
        w.out.push(',');
    }
    w.out.push_str("], last: \"end\")");
    w.trivia();
    (w, spans)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_reader_reads_as_the_tokenizer_does(
        items in proptest::collection::vec(value(), 0..6),
        trivia in proptest::collection::vec(0usize..TRIVIA.len(), 1..12),
    ) {
        let (writer, spans) = file(&items, trivia);
        let text = writer.out.clone();
        // The deserializer reads the same text (the tokenizer is not lenient where ron is strict).
        prop_assert!(ron::from_str::<ron::Value>(&text).is_ok(), "ron refuses: {text}");
        prop_assert!(tree::parse(&text, usize::MAX).is_ok(), "tree refuses: {text}");

        // Where each string literal is written: the first literal holding that value.
        for (_, value) in &writer.strings {
            let first = writer.strings.iter().find(|(_, v)| v == value).unwrap().0;
            prop_assert_eq!(
                locate_literal(&text, value, 0),
                Location::of_offset(&text, first),
                "{:?} in {}", value, text
            );
        }
        // Nothing generated holds `end` (no e, n or d): it is written once, as `last`'s value.
        prop_assert_eq!(
            locate_literal_after(&text, "last", "end"),
            Location::of_offset(&text, text.rfind("\"end\"").unwrap())
        );

        // Where each list item starts and ends.
        let starts = locate::list_items(&text, "items");
        prop_assert_eq!(starts, spans.iter().map(|s| s.0).collect::<Vec<_>>());
        for (n, (start, comma)) in spans.iter().enumerate() {
            prop_assert_eq!(value_end(&text, *start), Some(*comma), "item {} of {}", n, text);
            prop_assert_eq!(locate::item(&text, "items", n), Location::of_offset(&text, *start));
        }
        prop_assert_eq!(locate::field(&text, "last"), Location::of_offset(&text, text.find("last:").unwrap()));

        // The tag, past leading comments; and no bracket in a comment or string counts as depth.
        prop_assert_eq!(ron_io::leading_tag(&text), Some("Tag"));
        prop_assert_eq!(first_too_deep(&text), None);
    }

    #[test]
    fn depth_is_counted_on_brackets_only_and_never_overflows(
        depth in 1usize..400,
        trivia in proptest::collection::vec(0usize..TRIVIA.len(), 1..8),
    ) {
        let mut w = Writer::new(trivia);
        let mut opens = Vec::new();
        for _ in 0..depth {
            w.trivia();
            opens.push(w.out.len());
            w.out.push('[');
        }
        w.value(&Value::Str("[[(".into()));
        for _ in 0..depth {
            w.trivia();
            w.out.push(']');
        }
        let text = w.out;
        let expected = (depth > MAX_DEPTH).then(|| opens[MAX_DEPTH]);
        prop_assert_eq!(first_too_deep(&text), expected);
        // Every reader refuses or reads it without overflowing the stack.
        let mut diags = Diagnostics::new();
        let parsed = ron_io::parse::<ron::Value>(&text, Path::new("deep.ron"), &mut diags);
        prop_assert_eq!(parsed.is_some(), depth <= MAX_DEPTH, "{:?}", diags);
        prop_assert_eq!(tree::parse(&text, usize::MAX).is_ok(), depth <= MAX_DEPTH);
        let _ = locate::list_items(&text, "items");
        let _ = locate_literal(&text, "[[(", 0);
        prop_assert_eq!(value_end(&text, 0), Some(text.len()));
    }
}

#[test]
fn a_hundred_thousand_brackets_in_comments_and_strings_do_not_overflow() {
    let mut text = String::new();
    for i in 0..100_000 {
        text.push_str(if i % 3 == 0 { "(/* ) */" } else { "[r#\"]\"#," });
    }
    let mut diags = Diagnostics::new();
    assert!(ron_io::parse::<ron::Value>(&text, Path::new("deep.ron"), &mut diags).is_none());
    assert!(
        diags.iter().next().unwrap().message.contains("nest"),
        "{diags:?}"
    );
    assert!(tree::parse(&text, usize::MAX).is_err());
    assert!(first_too_deep(&text).is_some());
    assert_eq!(locate::field(&text, "x"), Location::START);
    assert_eq!(value_end(&text, 0), Some(text.len()));
}
