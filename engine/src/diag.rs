//! Diagnostics: every problem found in content, with file, line and column, collected rather
//! than stopping at the first (the validator prints them all; the editor's Problems panel lists them).

use std::fmt;
use std::path::{Path, PathBuf};

use crate::ron_doc::lex::{Lexer, TokenKind, string_value, strings_from};

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The content is wrong: it cannot run as written.
    Error,
    /// Suspicious but usable.
    Warning,
}

/// A 1-based line and column in a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1 (in characters).
    pub column: usize,
}

impl Location {
    /// The start of a file.
    pub const START: Location = Location { line: 1, column: 1 };

    /// The line and column of a byte offset in `source` (clamped to the end).
    #[must_use]
    pub fn of_offset(source: &str, offset: usize) -> Location {
        let offset = offset.min(source.len());
        let before = source.get(..offset).unwrap_or(source);
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
        Location { line, column }
    }

    /// The byte offset of this line and column in `source` (clamped to the line's end, then
    /// to the text's end): the inverse of [`Location::of_offset`].
    #[must_use]
    pub fn offset_in(self, source: &str) -> usize {
        let mut line_start = 0;
        for _ in 1..self.line {
            match source.get(line_start..).and_then(|rest| rest.find('\n')) {
                Some(i) => line_start += i + 1,
                None => return source.len(),
            }
        }
        let line = source.get(line_start..).unwrap_or("");
        let line = line.split('\n').next().unwrap_or("");
        let within: usize = line
            .chars()
            .take(self.column.saturating_sub(1))
            .map(char::len_utf8)
            .sum();
        line_start + within
    }
}

/// One problem.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Diagnostic {
    /// The file it is in.
    pub file: PathBuf,
    /// Where in the file.
    pub location: Location,
    /// How bad.
    pub severity: Severity,
    /// A plain-English message.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "",
            Severity::Warning => "warning: ",
        };
        write!(
            f,
            "{}:{}:{}: {sev}{}",
            self.file.display(),
            self.location.line,
            self.location.column,
            self.message
        )
    }
}

/// A list of problems, in the order found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    /// No problems.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Records an error.
    pub fn error(&mut self, file: &Path, location: Location, message: impl Into<String>) {
        self.record(file, location, Severity::Error, message);
    }

    /// Records a warning.
    pub fn warning(&mut self, file: &Path, location: Location, message: impl Into<String>) {
        self.record(file, location, Severity::Warning, message);
    }

    fn record(
        &mut self,
        file: &Path,
        location: Location,
        severity: Severity,
        message: impl Into<String>,
    ) {
        self.0.push(Diagnostic {
            file: file.to_owned(),
            location,
            severity,
            message: message.into(),
        });
    }

    /// Appends one problem as it is.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    /// Drops repeats of a problem (same file, place, severity and words) that follow each
    /// other: after [`Diagnostics::sort`], every repeat.
    pub fn dedup(&mut self) {
        self.0.dedup();
    }

    /// Appends all of another list.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// Whether any error (not warning) was recorded.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| d.severity == Severity::Error)
    }

    /// Number of problems.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The problems.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// Sorts by file, then position, so output is stable whatever order files were read in.
    pub fn sort(&mut self) {
        self.0.sort_by(|a, b| {
            (&a.file, a.location, a.severity, &a.message)
                .cmp(&(&b.file, b.location, b.severity, &b.message))
        });
        self.0.dedup();
    }

    /// Consumes the list.
    #[must_use]
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Finds where a string value is written in RON source, so a problem found after parsing
/// (an unknown keyword, a dangling id) can still be reported at its line and column.
///
/// Looks for a string literal holding `text` (escaped or raw, never inside a comment);
/// `occurrence` picks the n-th (0-based) match, which is how callers disambiguate repeated
/// values. Falls back to the first match, then to the start.
#[must_use]
pub fn locate_literal(source: &str, text: &str, occurrence: usize) -> Location {
    let mut found = strings_from(source, 0)
        .filter(|(_, value)| value == text)
        .map(|(offset, _)| offset);
    let first = found.next();
    let nth = if occurrence == 0 {
        first
    } else {
        found.nth(occurrence - 1).or(first)
    };
    nth.map_or(Location::START, |offset| {
        Location::of_offset(source, offset)
    })
}

/// Like [`locate_literal`] but only searches after the first place `anchor` is written (a
/// string holding it, e.g. the id of the card that holds the value, or a field of that name,
/// e.g. `turn_order`), which pins a repeated value to the right item.
#[must_use]
pub fn locate_literal_after(source: &str, anchor: &str, text: &str) -> Location {
    let start = anchor_offset(source, anchor).unwrap_or(0);
    match strings_from(source, start).find(|(_, value)| value == text) {
        Some((offset, _)) => Location::of_offset(source, offset),
        None => locate_literal(source, text, 0),
    }
}

/// Where `anchor` is first written as a string value or as a field name (`anchor:`).
fn anchor_offset(source: &str, anchor: &str) -> Option<usize> {
    let mut tokens = Lexer::new(source)
        .map_while(Result::ok)
        .filter(|t| !t.kind.is_comment())
        .peekable();
    while let Some(token) = tokens.next() {
        let is_anchor = match token.kind {
            TokenKind::Str => string_value(source, token).is_some_and(|v| v == anchor),
            TokenKind::Ident => {
                source.get(token.start..token.end) == Some(anchor)
                    && tokens.peek().is_some_and(|t| t.kind == TokenKind::Colon)
            }
            _ => false,
        };
        if is_anchor {
            return Some(token.start);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_to_one_based_lines_and_columns() {
        let src = "ab\ncdé\nf";
        assert_eq!(Location::of_offset(src, 0), Location { line: 1, column: 1 });
        assert_eq!(Location::of_offset(src, 3), Location { line: 2, column: 1 });
        assert_eq!(
            Location::of_offset(src, src.len()),
            Location { line: 3, column: 2 }
        );
        for offset in [0, 1, 3, 5, 8, src.len()] {
            assert_eq!(Location::of_offset(src, offset).offset_in(src), offset);
        }
    }

    #[test]
    fn literal_location_picks_the_nth_match() {
        let src = "(a: \"x\",\n b: \"x\")";
        assert_eq!(locate_literal(src, "x", 0), Location { line: 1, column: 5 });
        assert_eq!(locate_literal(src, "x", 1), Location { line: 2, column: 5 });
        assert_eq!(locate_literal(src, "missing", 0), Location::START);
    }

    #[test]
    fn literals_are_found_as_the_parser_reads_them() {
        // Escaped, raw, and not inside a (nested) comment.
        let src = "( /* \"q\" /* \"q\" */ */ a: r#\"q\"#,\n b: \"say \\\"hi\\\"\", c: \"q\")";
        assert_eq!(
            locate_literal(src, "q", 0),
            Location {
                line: 1,
                column: 26
            }
        );
        assert_eq!(
            locate_literal(src, "q", 1),
            Location {
                line: 2,
                column: 22
            }
        );
        assert_eq!(
            locate_literal(src, "say \"hi\"", 0),
            Location { line: 2, column: 5 }
        );
        assert_eq!(
            locate_literal_after(src, "b", "q"),
            Location {
                line: 2,
                column: 22
            },
            "a field name anchors too"
        );
    }

    #[test]
    fn diagnostics_display_as_file_line_col() {
        let mut d = Diagnostics::new();
        d.error(
            Path::new("cards.ron"),
            Location { line: 3, column: 7 },
            "unknown keyword `Armr`",
        );
        assert_eq!(
            d.iter().next().unwrap().to_string(),
            "cards.ron:3:7: unknown keyword `Armr`"
        );
        assert!(d.has_errors());
    }
}
