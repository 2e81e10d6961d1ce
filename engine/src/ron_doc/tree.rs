//! The value tree over a RON text: each value's byte span, each group's elements with their
//! keys and commas. Nodes hold offsets into the text (never copies), so the text stays the one
//! source of truth and every byte between nodes (comments, blank lines) is still there.
//!
//! Parsing can be shallow: groups deeper than a budget are skipped (their span is known, their
//! elements are not read), which is how a save finds one card in a 10,000-card file quickly.

use super::lex::{LexError, Lexer, Token, TokenKind};

pub use super::lex::MAX_DEPTH;

/// Which brackets a group uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bracket {
    /// `( )`: structs, tuples, enum variants.
    Paren,
    /// `[ ]`: lists.
    Square,
    /// `{ }`: maps.
    Brace,
}

impl Bracket {
    /// The opening character.
    #[must_use]
    pub fn open(self) -> char {
        match self {
            Bracket::Paren => '(',
            Bracket::Square => '[',
            Bracket::Brace => '{',
        }
    }

    /// The closing character.
    #[must_use]
    pub fn close(self) -> char {
        match self {
            Bracket::Paren => ')',
            Bracket::Square => ']',
            Bracket::Brace => '}',
        }
    }

    fn of(kind: TokenKind) -> Option<Bracket> {
        match kind {
            TokenKind::OpenParen => Some(Bracket::Paren),
            TokenKind::OpenBracket => Some(Bracket::Square),
            TokenKind::OpenBrace => Some(Bracket::Brace),
            _ => None,
        }
    }
}

/// One value: where it is and what it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Byte offset of its first character (the name, for `Some(…)`).
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// A leaf or a group.
    pub kind: NodeKind,
}

/// A leaf or a bracketed group.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// A number, string, character or bare identifier (`true`, `None`, `Static`).
    Atom,
    /// Something in brackets, maybe named (`Some(…)`, `CardSet(…)`, `[…]`).
    Group(Box<Group>),
}

/// A bracketed group.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The identifier written before the bracket, if any (`Some`, `Triggered`, `CardSet`).
    pub name: Option<(usize, usize)>,
    /// The kind of bracket.
    pub bracket: Bracket,
    /// Offset of the opening bracket.
    pub open: usize,
    /// Offset of the closing bracket.
    pub close: usize,
    /// The elements; `None` when a shallow parse skipped this group.
    pub elems: Option<Vec<Elem>>,
}

/// One element of a group: a struct field, a map entry, or a list or tuple item.
#[derive(Debug, Clone, PartialEq)]
pub struct Elem {
    /// The field name or map key, if any.
    pub key: Option<Key>,
    /// The value.
    pub value: Node,
    /// Offset of the comma after it, if one is written.
    pub comma: Option<usize>,
}

impl Elem {
    /// Offset where the element starts (its key, or its value).
    #[must_use]
    pub fn start(&self) -> usize {
        match &self.key {
            Some(Key::Field { start, .. }) => *start,
            Some(Key::Value(node)) => node.start,
            None => self.value.start,
        }
    }

    /// Offset just past the element (its comma included when written).
    #[must_use]
    pub fn end_with_comma(&self) -> usize {
        self.comma.map_or(self.value.end, |c| c + 1)
    }

    /// The field name, for a struct field.
    #[must_use]
    pub fn field_name<'t>(&self, text: &'t str) -> Option<&'t str> {
        match &self.key {
            Some(Key::Field { start, end }) => text.get(*start..*end),
            _ => None,
        }
    }
}

/// What comes before the `:` of an element.
#[derive(Debug, Clone, PartialEq)]
pub enum Key {
    /// A struct field name.
    Field {
        /// Offset of the name.
        start: usize,
        /// Offset just past it.
        end: usize,
    },
    /// A map key.
    Value(Node),
}

impl Node {
    /// The node's text.
    #[must_use]
    pub fn text<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.start..self.end).unwrap_or("")
    }

    /// The group, if this is one.
    #[must_use]
    pub fn group(&self) -> Option<&Group> {
        match &self.kind {
            NodeKind::Group(g) => Some(g),
            NodeKind::Atom => None,
        }
    }

    /// The group's elements, if this is a group that was read.
    #[must_use]
    pub fn elems(&self) -> Option<&[Elem]> {
        self.group().and_then(|g| g.elems.as_deref())
    }

    /// The group's elements, to change them (see [`Node::elems`]).
    pub fn elems_mut(&mut self) -> Option<&mut Vec<Elem>> {
        match &mut self.kind {
            NodeKind::Group(g) => g.elems.as_mut(),
            NodeKind::Atom => None,
        }
    }

    /// The value of a struct field by name.
    #[must_use]
    pub fn field<'n>(&'n self, text: &str, name: &str) -> Option<&'n Elem> {
        self.elems()?
            .iter()
            .find(|e| e.field_name(text) == Some(name))
    }

    /// Whether the group has named fields (a struct or struct variant).
    #[must_use]
    pub fn has_fields(&self) -> bool {
        self.elems()
            .is_some_and(|e| e.iter().any(|e| matches!(e.key, Some(Key::Field { .. }))))
    }

    /// Moves every offset at or after `from` by `by` bytes: the text changed before them
    /// (`by` may be negative; offsets before `from` stay).
    pub fn shift_from(&mut self, from: usize, by: isize) {
        if self.end < from {
            return; // every offset inside a node is at most its end
        }
        let moved = |at: &mut usize| {
            if *at >= from {
                *at = at.saturating_add_signed(by);
            }
        };
        moved(&mut self.start);
        moved(&mut self.end);
        if let NodeKind::Group(g) = &mut self.kind {
            if let Some((s, e)) = &mut g.name {
                moved(s);
                moved(e);
            }
            moved(&mut g.open);
            moved(&mut g.close);
            for elem in g.elems.iter_mut().flatten() {
                match &mut elem.key {
                    Some(Key::Field { start, end }) => {
                        moved(start);
                        moved(end);
                    }
                    Some(Key::Value(node)) => node.shift_from(from, by),
                    None => {}
                }
                elem.value.shift_from(from, by);
                if let Some(c) = &mut elem.comma {
                    moved(c);
                }
            }
        }
    }
}

/// A parsed document: the root value, with any attributes and comments around it left in the
/// text.
#[derive(Debug, Clone, PartialEq)]
pub struct Doc {
    /// The root value.
    pub root: Node,
}

/// Text that is not valid RON.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    /// Byte offset of the problem.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
    /// For a bracket left open: the offset of that opening bracket (the problem's offset is
    /// then where its close was expected).
    pub unclosed: Option<usize>,
}

impl From<LexError> for ParseError {
    fn from(e: LexError) -> Self {
        Self {
            offset: e.offset,
            message: e.message,
            unclosed: None,
        }
    }
}

/// Parses a whole document, reading groups down to `depth` levels (`usize::MAX` for all).
pub fn parse(text: &str, depth: usize) -> Result<Doc, ParseError> {
    let mut parser = Parser {
        text,
        lexer: Lexer::new(text),
        peeked: None,
    };
    let first = parser.peek_significant()?;
    let Some(first) = first else {
        return Err(ParseError {
            offset: text.len(),
            message: "the file holds no value".to_owned(),
            unclosed: None,
        });
    };
    let _ = first;
    let root = parser.value(depth, 0)?;
    if let Some(extra) = parser.peek_significant()? {
        return Err(ParseError {
            offset: extra.start,
            message: "there is more after the file's value ended (a bracket closes too early?)"
                .to_owned(),
            unclosed: None,
        });
    }
    Ok(Doc { root })
}

/// Parses the one value that starts at `offset` (e.g. a group a shallow parse skipped).
pub fn parse_at(text: &str, offset: usize, depth: usize) -> Result<Node, ParseError> {
    let mut parser = Parser {
        text,
        lexer: Lexer::at(text, offset),
        peeked: None,
    };
    parser.value(depth, 0)
}

struct Parser<'a> {
    text: &'a str,
    lexer: Lexer<'a>,
    peeked: Option<Token>,
}

impl Parser<'_> {
    /// The next token that is not a comment or attribute, without consuming it.
    fn peek_significant(&mut self) -> Result<Option<Token>, ParseError> {
        if let Some(t) = self.peeked {
            return Ok(Some(t));
        }
        loop {
            let Some(t) = self.lexer.next_token()? else {
                return Ok(None);
            };
            if t.kind.is_comment() || t.kind == TokenKind::Attribute {
                continue;
            }
            self.peeked = Some(t);
            return Ok(Some(t));
        }
    }

    fn bump(&mut self) -> Result<Option<Token>, ParseError> {
        let t = self.peek_significant()?;
        self.peeked = None;
        Ok(t)
    }

    fn expect_any(&mut self, what: &str) -> Result<Token, ParseError> {
        self.bump()?.ok_or_else(|| ParseError {
            offset: self.text.len(),
            message: format!("the file ends too early: expected {what}"),
            unclosed: None,
        })
    }

    fn value(&mut self, depth: usize, level: usize) -> Result<Node, ParseError> {
        let t = self.expect_any("a value")?;
        match t.kind {
            TokenKind::Number | TokenKind::Str | TokenKind::Char => Ok(Node {
                start: t.start,
                end: t.end,
                kind: NodeKind::Atom,
            }),
            TokenKind::Ident => {
                let next = self.peek_significant()?;
                match next {
                    Some(n) if n.kind.is_open() && n.kind != TokenKind::OpenBracket => {
                        self.bump()?;
                        self.group(Some((t.start, t.end)), n, depth, level)
                    }
                    _ => Ok(Node {
                        start: t.start,
                        end: t.end,
                        kind: NodeKind::Atom,
                    }),
                }
            }
            k if k.is_open() => self.group(None, t, depth, level),
            _ => Err(ParseError {
                offset: t.start,
                message: format!(
                    "expected a value, found `{}`",
                    self.text.get(t.start..t.end).unwrap_or("?")
                ),
                unclosed: None,
            }),
        }
    }

    fn group(
        &mut self,
        name: Option<(usize, usize)>,
        open: Token,
        depth: usize,
        level: usize,
    ) -> Result<Node, ParseError> {
        let bracket = Bracket::of(open.kind).unwrap_or(Bracket::Paren);
        if level >= MAX_DEPTH {
            return Err(ParseError {
                offset: open.start,
                message: format!("brackets nest more than {MAX_DEPTH} deep here"),
                unclosed: None,
            });
        }
        let start = name.map_or(open.start, |(s, _)| s);
        if depth == 0 {
            let close = self.skip_group(open)?;
            return Ok(Node {
                start,
                end: close + 1,
                kind: NodeKind::Group(Box::new(Group {
                    name,
                    bracket,
                    open: open.start,
                    close,
                    elems: None,
                })),
            });
        }
        let mut elems = Vec::new();
        loop {
            let Some(t) = self.peek_significant()? else {
                return Err(Self::unclosed(open, bracket));
            };
            if t.kind.is_close() {
                self.bump()?;
                if t.kind != close_kind(bracket) {
                    let expected_at = elems.last().map_or(open.end, Elem::end_with_comma);
                    return Err(mismatch(self.text, open, t, bracket, expected_at));
                }
                return Ok(Node {
                    start,
                    end: t.end,
                    kind: NodeKind::Group(Box::new(Group {
                        name,
                        bracket,
                        open: open.start,
                        close: t.start,
                        elems: Some(elems),
                    })),
                });
            }
            let key = self.key(bracket, depth - 1, level + 1)?;
            if key.is_none()
                && bracket == Bracket::Paren
                && elems
                    .iter()
                    .any(|e| matches!(e.key, Some(Key::Field { .. })))
            {
                // A struct's fields all have names: a bare value after them is the next item,
                // so this struct's `)` is missing (it was due after its last field).
                let expected_at = elems.last().map_or(open.end, Elem::end_with_comma);
                return Err(mismatch(self.text, open, t, bracket, expected_at));
            }
            let value = self.value(depth - 1, level + 1)?;
            let after = self.peek_significant()?;
            let comma = match after {
                Some(c) if c.kind == TokenKind::Comma => {
                    self.bump()?;
                    Some(c.start)
                }
                Some(c) if c.kind.is_close() => None,
                Some(other) => {
                    return Err(ParseError {
                        offset: other.start,
                        message: format!(
                            "expected `,` or `{}` here (a comma is missing?)",
                            bracket.close()
                        ),
                        unclosed: None,
                    });
                }
                None => return Err(Self::unclosed(open, bracket)),
            };
            elems.push(Elem { key, value, comma });
        }
    }

    /// Reads `name:` (in parentheses) or `key:` (in braces) if present.
    fn key(
        &mut self,
        bracket: Bracket,
        depth: usize,
        level: usize,
    ) -> Result<Option<Key>, ParseError> {
        match bracket {
            Bracket::Square => Ok(None),
            Bracket::Paren => {
                let Some(t) = self.peek_significant()? else {
                    return Ok(None);
                };
                if t.kind != TokenKind::Ident {
                    return Ok(None);
                }
                // An identifier followed by `:` is a field name; look one token further.
                let saved = (self.lexer.clone(), self.peeked);
                self.bump()?;
                let next = self.peek_significant()?;
                if next.is_some_and(|n| n.kind == TokenKind::Colon) {
                    self.bump()?;
                    Ok(Some(Key::Field {
                        start: t.start,
                        end: t.end,
                    }))
                } else {
                    (self.lexer, self.peeked) = saved;
                    Ok(None)
                }
            }
            Bracket::Brace => {
                let key = self.value(depth, level)?;
                let colon = self.expect_any("`:` after a map key")?;
                if colon.kind != TokenKind::Colon {
                    return Err(ParseError {
                        offset: colon.start,
                        message: "expected `:` after a map key".to_owned(),
                        unclosed: None,
                    });
                }
                Ok(Some(Key::Value(key)))
            }
        }
    }

    /// Skips to the close matching `open` (already consumed); returns the close's offset.
    fn skip_group(&mut self, open: Token) -> Result<usize, ParseError> {
        let bracket = Bracket::of(open.kind).unwrap_or(Bracket::Paren);
        let mut stack: Vec<TokenKind> = vec![close_kind(bracket)];
        if let Some(p) = self.peeked.take() {
            // Only a significant token can be peeked; handle it like the loop below.
            if let Some(done) = skip_step(&mut stack, p, self.text)? {
                return Ok(done);
            }
        }
        loop {
            let Some(t) = self.lexer.next_token()? else {
                return Err(Self::unclosed(open, bracket));
            };
            if let Some(done) = skip_step(&mut stack, t, self.text)? {
                return Ok(done);
            }
        }
    }

    fn unclosed(open: Token, bracket: Bracket) -> ParseError {
        ParseError {
            offset: open.start,
            message: format!(
                "this `{}` is never closed (a `{}` is missing)",
                bracket.open(),
                bracket.close()
            ),
            unclosed: Some(open.start),
        }
    }
}

fn skip_step(
    stack: &mut Vec<TokenKind>,
    t: Token,
    text: &str,
) -> Result<Option<usize>, ParseError> {
    if let Some(b) = Bracket::of(t.kind) {
        if stack.len() >= MAX_DEPTH {
            return Err(ParseError {
                offset: t.start,
                message: format!("brackets nest more than {MAX_DEPTH} deep here"),
                unclosed: None,
            });
        }
        stack.push(close_kind(b));
    } else if t.kind.is_close() {
        if stack.pop() != Some(t.kind) {
            // A shallow skip does not know where the inner bracket opened: a full parse of
            // the same text names it (see `mismatch`).
            return Err(ParseError {
                offset: t.start,
                message: format!(
                    "`{}` does not close the bracket it should (a bracket is missing or extra before it)",
                    text.get(t.start..t.end).unwrap_or("?")
                ),
                unclosed: None,
            });
        }
        if stack.is_empty() {
            return Ok(Some(t.start));
        }
    }
    Ok(None)
}

fn close_kind(bracket: Bracket) -> TokenKind {
    match bracket {
        Bracket::Paren => TokenKind::CloseParen,
        Bracket::Square => TokenKind::CloseBracket,
        Bracket::Brace => TokenKind::CloseBrace,
    }
}

/// A token the open group cannot hold (a close bracket of another kind, or a bare value after
/// a struct's named fields). `expected_at` is where the group's
/// own close was due (just past its last element), which is where the fix goes: the error
/// points there and names both brackets, rather than at the stray close on a later line.
fn mismatch(
    text: &str,
    open: Token,
    found: Token,
    bracket: Bracket,
    expected_at: usize,
) -> ParseError {
    let at = |offset: usize| {
        let l = crate::diag::Location::of_offset(text, offset);
        format!("line {}, column {}", l.line, l.column)
    };
    ParseError {
        offset: expected_at,
        message: format!(
            "a `{}` is missing here: the `{}` at {} is still open at the `{}` on {}",
            bracket.close(),
            bracket.open(),
            at(open.start),
            text.get(found.start..found.end).unwrap_or("?"),
            at(found.start),
        ),
        unclosed: Some(open.start),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_fields_and_commas_are_located() {
        let text = "// c\nCardSet(\n    cards: [\n        (id: \"a\", attack: 2), // x\n        (id: \"b\"),\n    ],\n)\n";
        let doc = parse(text, usize::MAX).unwrap();
        let root = doc.root.group().unwrap();
        assert_eq!(&text[root.name.unwrap().0..root.name.unwrap().1], "CardSet");
        let cards = doc.root.field(text, "cards").unwrap();
        let list = cards.value.elems().unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].value.text(text), "(id: \"a\", attack: 2)");
        assert!(list[1].comma.is_some());
        let attack = list[0].value.field(text, "attack").unwrap();
        assert_eq!(attack.value.text(text), "2");
    }

    #[test]
    fn shallow_parse_skips_deep_groups() {
        let text = "S(a: [(x: [1, 2]), (y: \")\")], b: Some((z: 1)))";
        let doc = parse(text, 2).unwrap();
        let a = doc.root.field(text, "a").unwrap();
        let items = a.value.elems().unwrap();
        assert!(items[0].value.elems().is_none());
        assert_eq!(items[1].value.text(text), "(y: \")\")");
        let deep = parse_at(text, items[0].value.start, usize::MAX).unwrap();
        assert_eq!(
            deep.field(text, "x").unwrap().value.elems().unwrap().len(),
            2
        );
    }

    #[test]
    fn broken_text_is_an_error() {
        assert!(parse("A(x: 1", usize::MAX).is_err());
        assert!(parse("A(x: 1 y: 2)", usize::MAX).is_err());
        assert!(parse("A(x: [1)", usize::MAX).is_err());
        assert!(parse("A(x: [1)", 1).is_err());
        assert!(parse("A() B()", usize::MAX).is_err());
        let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(parse(&deep, usize::MAX).is_err());
        assert!(parse(&deep, 0).is_err());
    }
}
