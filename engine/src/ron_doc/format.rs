//! Two ways to lay RON out, one set of spacing rules:
//! - [`format_text`] (what `sigilforge fmt` runs) normalises a person's file without moving a
//!   line break: indentation from bracket depth, one space after `,` and `:`, none inside
//!   brackets, a trailing comma exactly where the closing bracket starts its own line, at most one
//!   blank line in a row. Comments stay where they are. Like gofmt, the author's choice of one
//!   line or several is kept, so a file's canonical form is a small diff from what they wrote.
//! - [`pretty`] and [`one_line`] write a value that has no text yet (a new file, an added card):
//!   structs one field a line, short lists and tuples on one line when they fit in
//!   [`LINE_WIDTH`]. The output of `pretty` is a fixed point of `format_text`.

use super::lex::{Token, TokenKind, tokenize};
use super::tree::{Bracket, Key, Node, ParseError, parse};

/// Lists and tuples are written on one line when that line stays this short.
pub const LINE_WIDTH: usize = 100;
/// One level of indentation.
pub const INDENT: &str = "    ";

/// Normalises the layout of a RON text, keeping every comment and line break choice.
pub fn format_text(text: &str) -> Result<String, ParseError> {
    parse(text, usize::MAX)?;
    let tokens = tokenize(text)?;
    let mut out = String::with_capacity(text.len() + 64);
    // For each open bracket: the indentation level of the line it was opened on.
    let mut stack: Vec<usize> = Vec::new();
    let mut line_level = 0usize;
    // Where in `out` the last value-ish token ended (to insert a missing trailing comma).
    let mut last_significant: Option<(TokenKind, usize)> = None;
    let mut prev: Option<Token> = None;
    for (k, t) in tokens.iter().enumerate() {
        let gap = prev.map_or("", |p| text.get(p.end..t.start).unwrap_or(""));
        let newlines = gap.matches('\n').count();
        let starts_line = prev.is_some()
            && (newlines > 0 || prev.is_some_and(|p| p.kind == TokenKind::LineComment));
        if t.kind == TokenKind::Comma && comma_is_dropped(text, &tokens, k) {
            prev = Some(*t);
            continue;
        }
        if t.kind.is_close()
            && starts_line
            && let Some((kind, at)) = last_significant
            && kind != TokenKind::Comma
            && !kind.is_open()
        {
            out.insert(at, ',');
        }
        if starts_line {
            let after_open = prev.is_some_and(|p| p.kind.is_open());
            let blank = newlines >= 2 && !after_open && !t.kind.is_close();
            out.push('\n');
            if blank {
                out.push('\n');
            }
            line_level = if t.kind.is_close() {
                stack.last().copied().unwrap_or(0)
            } else {
                stack.last().map_or(0, |l| l + 1)
            };
            for _ in 0..line_level {
                out.push_str(INDENT);
            }
        } else if let Some(p) = prev {
            out.push_str(&same_line_space(p, *t, gap));
        }
        let token_text = text.get(t.start..t.end).unwrap_or("");
        if t.kind == TokenKind::LineComment {
            out.push_str(token_text.trim_end());
        } else {
            out.push_str(token_text);
        }
        if t.kind.is_open() {
            stack.push(line_level);
        } else if t.kind.is_close() {
            stack.pop();
        }
        if !t.kind.is_comment() {
            last_significant = Some((t.kind, out.len()));
        }
        prev = Some(*t);
    }
    out.push('\n');
    Ok(out)
}

/// A comma right before a closing bracket on the same line is dropped (`[1, 2,]` → `[1, 2]`).
fn comma_is_dropped(text: &str, tokens: &[Token], k: usize) -> bool {
    let Some(comma) = tokens.get(k) else {
        return false;
    };
    let mut last_end = comma.end;
    for t in tokens.iter().skip(k + 1) {
        let gap = text.get(last_end..t.start).unwrap_or("");
        if gap.contains('\n') {
            return false;
        }
        if t.kind == TokenKind::LineComment {
            return false;
        }
        if t.kind.is_comment() {
            last_end = t.end;
            continue;
        }
        return t.kind.is_close();
    }
    false
}

/// The space between two tokens on one line.
fn same_line_space(prev: Token, t: Token, gap: &str) -> String {
    use TokenKind as K;
    if t.kind.is_comment() || prev.kind == K::BlockComment {
        return if gap.is_empty() {
            " ".to_owned()
        } else {
            gap.to_owned()
        };
    }
    if prev.kind.is_open() || t.kind.is_close() || matches!(t.kind, K::Comma | K::Colon) {
        return String::new();
    }
    if prev.kind == K::Ident && t.kind.is_open() && t.kind != K::OpenBracket {
        return String::new();
    }
    " ".to_owned()
}

/// A value's text on one line: `(id: "a", tribes: ["B"])`.
#[must_use]
pub fn one_line(text: &str, node: &Node) -> String {
    let mut out = String::new();
    write_one_line(text, node, &mut out);
    out
}

fn write_one_line(text: &str, node: &Node, out: &mut String) {
    let Some(group) = node.group() else {
        out.push_str(node.text(text));
        return;
    };
    if let Some((s, e)) = group.name {
        out.push_str(text.get(s..e).unwrap_or(""));
    }
    out.push(group.bracket.open());
    match &group.elems {
        Some(elems) => {
            for (i, elem) in elems.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_key(text, elem.key.as_ref(), out);
                write_one_line(text, &elem.value, out);
            }
        }
        None => out.push_str(text.get(group.open + 1..group.close).unwrap_or("")),
    }
    out.push(group.bracket.close());
}

fn write_key(text: &str, key: Option<&Key>, out: &mut String) {
    match key {
        Some(Key::Field { start, end }) => {
            out.push_str(text.get(*start..*end).unwrap_or(""));
            out.push_str(": ");
        }
        Some(Key::Value(k)) => {
            write_one_line(text, k, out);
            out.push_str(": ");
        }
        None => {}
    }
}

/// A value's canonical multi-line text. `indent` is the indentation of the line the value
/// starts on (continuation lines get it plus [`INDENT`] per level); `column` is how many
/// characters stand before the value on that line.
#[must_use]
pub fn pretty(text: &str, node: &Node, indent: &str, column: usize) -> String {
    let mut out = String::new();
    write_pretty(text, node, indent, column, &mut out);
    out
}

fn write_pretty(text: &str, node: &Node, indent: &str, column: usize, out: &mut String) {
    let Some(group) = node.group() else {
        out.push_str(node.text(text));
        return;
    };
    let Some(elems) = group.elems.as_deref() else {
        out.push_str(node.text(text));
        return;
    };
    let name = group.name.and_then(|(s, e)| text.get(s..e)).unwrap_or("");
    if elems.is_empty() {
        out.push_str(name);
        out.push(group.bracket.open());
        out.push(group.bracket.close());
        return;
    }
    let keyed = elems.iter().any(|e| e.key.is_some());
    // A named wrapper of one group (`Some((…))`, `Delayed([…])`) hugs its child.
    if !keyed && elems.len() == 1 && !name.is_empty() && elems[0].value.group().is_some() {
        let inner = pretty(text, &elems[0].value, indent, column + name.len() + 1);
        if inner.contains('\n') {
            out.push_str(name);
            out.push(group.bracket.open());
            out.push_str(&inner);
            out.push(group.bracket.close());
            return;
        }
    }
    let inner_indent = format!("{indent}{INDENT}");
    if !keyed && group.bracket != Bracket::Brace {
        let children: Vec<String> = elems
            .iter()
            .map(|e| pretty(text, &e.value, &inner_indent, inner_indent.chars().count()))
            .collect();
        if children.iter().all(|c| !c.contains('\n')) {
            let flat = one_line(text, node);
            if column + flat.chars().count() < LINE_WIDTH {
                out.push_str(&flat);
                return;
            }
        }
        out.push_str(name);
        out.push(group.bracket.open());
        for child in children {
            out.push('\n');
            out.push_str(&inner_indent);
            out.push_str(&child);
            out.push(',');
        }
        out.push('\n');
        out.push_str(indent);
        out.push(group.bracket.close());
        return;
    }
    out.push_str(name);
    out.push(group.bracket.open());
    for elem in elems {
        out.push('\n');
        out.push_str(&inner_indent);
        let mut key = String::new();
        write_key(text, elem.key.as_ref(), &mut key);
        out.push_str(&key);
        let column = inner_indent.chars().count() + key.chars().count();
        write_pretty(text, &elem.value, &inner_indent, column, out);
        out.push(',');
    }
    out.push('\n');
    out.push_str(indent);
    out.push(group.bracket.close());
}

/// An item's text laid out one field a line, for reading side by side.
#[must_use]
pub fn readable(compact: &str) -> String {
    match parse(compact, usize::MAX) {
        Ok(doc) => pretty(compact, &doc.root, "", 0),
        Err(_) => compact.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_keeps_comments_and_line_breaks() {
        let text = "// head\n\n\nCardSet(\n  cards: [\n (id: \"a\" , attack:2,), // first\n\n\n   // above b\n  (id: \"b\")\n ]\n  )";
        let want = "// head\n\nCardSet(\n    cards: [\n        (id: \"a\", attack: 2), // first\n\n        // above b\n        (id: \"b\"),\n    ],\n)\n";
        assert_eq!(format_text(text).unwrap(), want);
        assert_eq!(format_text(want).unwrap(), want);
    }

    #[test]
    fn hugged_brackets_indent_once() {
        let text = "K(\n    abilities: [(\n        kind: Static,\n    )],\n)\n";
        assert_eq!(format_text(text).unwrap(), text);
    }

    #[test]
    fn pretty_is_a_fixed_point_of_format() {
        let text = "(cards:[(id:\"a\",tribes:[\"X\",\"Y\"],abilities:[(kind:Triggered(Summoned),effects:[Damage(Fixed(1))])],extra:Some((a:1)))],m:{\"k\":(1,2)})";
        let doc = parse(text, usize::MAX).unwrap();
        let out = format!("Tag{}\n", pretty(text, &doc.root, "", 3));
        assert_eq!(format_text(&out).unwrap(), out, "{out}");
        assert!(out.contains("tribes: [\"X\", \"Y\"],"), "{out}");
        assert!(out.contains("extra: Some((\n"), "{out}");
        assert_eq!(
            one_line(text, &doc.root.field(text, "m").unwrap().value),
            "{\"k\": (1, 2)}"
        );
    }
}
