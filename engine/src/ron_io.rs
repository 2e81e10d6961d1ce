//! Reading and writing RON the way Sigilforge needs it: located, plain-English errors; recovery
//! past unknown fields so one file reports every typo; limits on size and nesting (never a stack
//! overflow); a canonical pretty form so saves are deterministic and diffs minimal; atomic writes.

use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use crate::atomic::{WriteError, write_atomic};
use crate::diag::{Diagnostic, Diagnostics, Location, Severity};
use crate::ron_doc::lex::{
    TokenKind, first_too_deep, is_ident_byte as is_ident, next_significant, ron_options, value_end,
};

/// Files larger than this are refused before parsing.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;
pub use crate::ron_doc::lex::MAX_DEPTH;
/// How many unknown fields one file may report before the loader gives up on it.
const MAX_RECOVERIES: usize = 64;

/// Parses `source` (the text of `file`) as `T`, recording every problem in `diags`.
///
/// Unknown fields are reported and skipped, so a file with several typos reports them all and
/// still yields a value. Any other syntax or type error stops this file (reported once).
pub fn parse<T: DeserializeOwned>(source: &str, file: &Path, diags: &mut Diagnostics) -> Option<T> {
    if source.len() > MAX_FILE_BYTES {
        diags.error(
            file,
            Location::START,
            format!(
                "file is {} bytes; the limit is {} bytes (split it into several files)",
                source.len(),
                MAX_FILE_BYTES
            ),
        );
        return None;
    }
    if let Some(offset) = first_too_deep(source) {
        diags.error(
            file,
            Location::of_offset(source, offset),
            format!("brackets nest more than {MAX_DEPTH} deep here; no Sigilforge file needs that"),
        );
        return None;
    }
    let options = ron_options();
    let mut text = std::borrow::Cow::Borrowed(source);
    for _ in 0..MAX_RECOVERIES {
        match options.from_str::<T>(&text) {
            Ok(value) => return Some(value),
            Err(err) => {
                let location = Location {
                    line: err.span.start.line,
                    column: err.span.start.col,
                };
                if !matches!(err.code, ron::Error::NoSuchStructField { .. }) {
                    // A bracket left open: ron notices at the next bracket (often a line
                    // later); say where the close was due and which bracket it closes.
                    match crate::ron_doc::tree::parse(&text, usize::MAX) {
                        Err(e) if e.unclosed.is_some() => {
                            diags.error(file, Location::of_offset(&text, e.offset), e.message);
                        }
                        _ if matches!(err.code, ron::Error::IntegerOutOfBounds) => diags.error(
                            file,
                            location,
                            out_of_bounds(&text, err.span.start.line, err.span.start.col),
                        ),
                        _ => diags.error(file, location, describe(&err.code)),
                    }
                    return None;
                }
                diags.error(file, location, describe(&err.code));
                let blanked = blank_field(&text, err.span.start, err.span.end)?;
                text = std::borrow::Cow::Owned(blanked);
            }
        }
    }
    None
}

/// Parses without collecting diagnostics; the first problem is returned (it displays as
/// `file:line:col: message`).
pub fn parse_one<T: DeserializeOwned>(source: &str, file: &Path) -> Result<T, Diagnostic> {
    let mut diags = Diagnostics::new();
    let value = parse::<T>(source, file, &mut diags);
    match (value, diags.into_vec().into_iter().next()) {
        (Some(v), None) => Ok(v),
        (_, Some(first)) => Err(first),
        (None, None) => Err(Diagnostic {
            file: file.to_owned(),
            location: Location::START,
            severity: Severity::Error,
            message: "could not be read".to_owned(),
        }),
    }
}

/// The identifier a file starts with (after comments and whitespace), e.g. `"CardSet"` for a
/// file that begins `CardSet(`. This is how the loader tells what a file holds.
#[must_use]
pub fn leading_tag(source: &str) -> Option<&str> {
    let token = next_significant(source, 0)?;
    let tag = source.get(token.start..token.end)?;
    (token.kind == TokenKind::Ident && tag.starts_with(|c: char| c.is_ascii_alphabetic()))
        .then_some(tag)
}

/// " in Card" / " for Keyword": where a field or value sits, when RON says.
fn within(outer: Option<&str>, preposition: &str) -> String {
    outer
        .map(|o| format!(" {preposition} {o}"))
        .unwrap_or_default()
}

/// "; did you mean `attack`?" when a near name exists, else nothing.
fn did_you_mean(found: &str, expected: &[&str]) -> String {
    closest(found, expected)
        .map(|c| format!("; did you mean `{c}`?"))
        .unwrap_or_default()
}

/// A number that does not fit its field, in words: which field, and why (`beats_lost: -1`:
/// a count cannot be negative).
fn out_of_bounds(text: &str, line: usize, col: usize) -> String {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let rest = &text[line_start.min(text.len())..];
    let in_line = rest
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(rest.len(), |(i, _)| i);
    let mut offset = line_start.min(text.len()) + in_line;
    // The reader stops after a minus sign: the number starts at the sign.
    if text[..offset].ends_with('-') {
        offset -= 1;
    }
    let (before, after) = text.split_at(offset);
    let number: String = after
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '_' | '.'))
        .collect();
    let field: String = before
        .trim_end()
        .strip_suffix(':')
        .map(|b| {
            b.trim_end()
                .chars()
                .rev()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect()
        })
        .unwrap_or_default();
    let what = if field.is_empty() {
        format!("`{number}`")
    } else {
        format!("`{field}: {number}`")
    };
    if number.starts_with('-') {
        format!("{what}: this number counts something and cannot be below 0")
    } else {
        format!("{what}: the number is too large for this field")
    }
}

/// Turns a RON error into a plain-English message.
#[must_use]
pub fn describe(err: &ron::Error) -> String {
    match err {
        ron::Error::NoSuchStructField {
            expected,
            found,
            outer,
        } => {
            let within = within(outer.as_deref(), "in");
            let hint = did_you_mean(found, expected);
            format!(
                "unknown field `{found}`{within}{hint} (expected one of: {})",
                expected.join(", ")
            )
        }
        ron::Error::MissingStructField { field, outer } => {
            let within = within(outer.as_deref(), "in");
            format!("missing field `{field}`{within}: it has no default, so it must be written")
        }
        ron::Error::DuplicateStructField { field, outer } => {
            let within = within(outer.as_deref(), "in");
            format!("field `{field}` is written twice{within}")
        }
        ron::Error::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => {
            let within = within(outer.as_deref(), "for");
            let hint = did_you_mean(found, expected);
            format!(
                "unknown value `{found}`{within}{hint} (expected one of: {})",
                expected.join(", ")
            )
        }
        ron::Error::ExpectedDifferentStructName { expected, found } => {
            format!("this file should start with `{expected}(`, not `{found}(`")
        }
        ron::Error::ExceededRecursionLimit => {
            format!("brackets nest more than {MAX_DEPTH} deep here; no Sigilforge file needs that")
        }
        ron::Error::Eof => "the file ends too early: a bracket or quote is not closed".to_owned(),
        other => {
            let text = other.to_string();
            let mut chars = text.chars();
            chars
                .next()
                .map_or(text.clone(), |c| c.to_lowercase().chain(chars).collect())
        }
    }
}

/// The expected name nearest to a typo, if one is close (edit distance ≤ 2 or a prefix).
fn closest<'a>(found: &str, expected: &[&'a str]) -> Option<&'a str> {
    let found_lower = found.to_lowercase();
    expected
        .iter()
        .map(|e| (edit_distance(&found_lower, &e.to_lowercase()), *e))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, e)| e)
}

/// Levenshtein distance, for "did you mean" hints.
#[must_use]
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = Vec::with_capacity(b.len() + 1);
        cur.push(i + 1);
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Byte offset of a 1-based RON position.
fn offset_of(source: &str, line: usize, col: usize) -> Option<usize> {
    let mut offset = 0;
    for (i, l) in source.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let within: usize = l
                .chars()
                .take(col.saturating_sub(1))
                .map(char::len_utf8)
                .sum();
            return Some(offset + within);
        }
        offset += l.len();
    }
    None
}

/// Replaces the field starting at the error with spaces (newlines kept, so every later position
/// is unchanged): the identifier, its colon, its value and one trailing comma.
fn blank_field(
    source: &str,
    start: ron::error::Position,
    end: ron::error::Position,
) -> Option<String> {
    let error_start = offset_of(source, start.line, start.col)?;
    let error_end = offset_of(source, end.line, end.col).unwrap_or(error_start);
    // The span covers the identifier (ron reports it after reading the name); find the
    // identifier's start by walking back over identifier characters.
    let bytes = source.as_bytes();
    let mut ident_start = error_start.min(error_end);
    while ident_start > 0 && is_ident(bytes[ident_start - 1]) {
        ident_start -= 1;
    }
    let mut i = ident_start;
    while i < bytes.len() && is_ident(bytes[i]) {
        i += 1;
    }
    if i == ident_start {
        return None;
    }
    // Skip to the colon.
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    if bytes.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    let value_end = value_end(source, i)?;
    let mut stop = value_end;
    let mut j = value_end;
    while j < bytes.len() && bytes[j].is_ascii_whitespace() {
        j += 1;
    }
    if bytes.get(j) == Some(&b',') {
        stop = j + 1;
    }
    let mut out = String::with_capacity(source.len());
    out.push_str(source.get(..ident_start)?);
    out.extend(
        source
            .get(ident_start..stop)?
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' }),
    );
    out.push_str(source.get(stop..)?);
    Some(out)
}

/// Writes a value as canonical RON: `Tag(` then the fields, 4-space indent, one field a line,
/// short lists and tuples kept on one line, a final newline. The same value always gives the
/// same bytes, and the result is already in the form `sigilforge fmt` writes.
pub fn to_canonical<T: Serialize>(tag: &str, value: &T) -> Result<String, ron::Error> {
    let value = crate::ron_doc::splice::Value::of(value).map_err(|e| match e {
        crate::ron_doc::splice::SpliceError::Serialize(e) => e,
        other => ron::Error::Message(other.to_string()),
    })?;
    let body = crate::ron_doc::format::pretty(&value.text, &value.root, "", tag.chars().count());
    let mut out = String::with_capacity(body.len() + tag.len() + 1);
    out.push_str(tag);
    out.push_str(&body);
    out.push('\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, CardSet};
    use std::path::PathBuf;

    fn file() -> PathBuf {
        PathBuf::from("cards.ron")
    }

    #[test]
    fn leading_tag_skips_comments() {
        assert_eq!(
            leading_tag("// hi\n/* x */ CardSet(cards: [])"),
            Some("CardSet")
        );
        assert_eq!(leading_tag("  (cards: [])"), None);
    }

    #[test]
    fn every_unknown_field_is_reported_and_the_rest_parses() {
        let src = "CardSet(cards: [\n  (id: \"a\", name: \"A\", atack: 3),\n  (id: \"b\", nmae: \"B\", name: \"B\", life: 2),\n])";
        let mut diags = Diagnostics::new();
        let set: CardSet = parse(src, &file(), &mut diags).unwrap();
        assert_eq!(set.cards.len(), 2);
        assert_eq!(set.cards[1].life, 2);
        let msgs: Vec<String> = diags.iter().map(ToString::to_string).collect();
        assert_eq!(msgs.len(), 2, "{msgs:?}");
        assert!(msgs[0].starts_with("cards.ron:2:"), "{}", msgs[0]);
        assert!(msgs[0].contains("unknown field `atack`"), "{}", msgs[0]);
        assert!(msgs[0].contains("did you mean `attack`"), "{}", msgs[0]);
        assert!(msgs[1].starts_with("cards.ron:3:"), "{}", msgs[1]);
    }

    #[test]
    fn syntax_errors_are_located() {
        let mut diags = Diagnostics::new();
        let r: Option<CardSet> = parse(
            "CardSet(cards: [\n (name: \"A\" attack: 1)])",
            &file(),
            &mut diags,
        );
        assert!(r.is_none());
        let d = diags.iter().next().unwrap();
        assert_eq!(d.location.line, 2);
    }

    #[test]
    fn deep_nesting_is_refused_without_overflow() {
        let src = format!(
            "CardSet(cards: {}{})",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        let mut diags = Diagnostics::new();
        assert!(parse::<CardSet>(&src, &file(), &mut diags).is_none());
        assert!(diags.iter().next().unwrap().message.contains("nest"));
    }

    #[test]
    fn oversized_files_are_refused() {
        let src = " ".repeat(MAX_FILE_BYTES + 1);
        let mut diags = Diagnostics::new();
        assert!(parse::<CardSet>(&src, &file(), &mut diags).is_none());
        assert!(diags.iter().next().unwrap().message.contains("limit"));
    }

    #[test]
    fn canonical_form_is_stable_and_compact() {
        let set = CardSet {
            cards: vec![Card {
                id: "g".into(),
                name: "Grunt".into(),
                attack: 3,
                tribes: vec!["Warrior".into(), "Orc".into()],
                ..Card::default()
            }],
        };
        let a = to_canonical("CardSet", &set).unwrap();
        let b = to_canonical("CardSet", &set).unwrap();
        assert_eq!(a, b);
        assert!(a.starts_with("CardSet(\n"), "{a}");
        assert!(a.contains("tribes: [\"Warrior\", \"Orc\"],"), "{a}");
        let back: CardSet = ron::from_str(&a).unwrap();
        assert_eq!(back, set);
    }

    #[test]
    fn atomic_write_skips_unchanged_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.ron");
        assert!(write_atomic(&path, "A()\n").unwrap());
        assert!(!write_atomic(&path, "A()\n").unwrap());
        assert!(write_atomic(&path, "B()\n").unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "B()\n");
    }
}
