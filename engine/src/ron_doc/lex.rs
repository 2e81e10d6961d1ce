//! The tokenizer: RON text as tokens with byte spans. Whitespace is not a token (it is the gap
//! between two tokens), but comments are, so nothing a person wrote is lost: the text between
//! consecutive tokens is always whitespace only.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// `(`
    OpenParen,
    /// `)`
    CloseParen,
    /// `[`
    OpenBracket,
    /// `]`
    CloseBracket,
    /// `{`
    OpenBrace,
    /// `}`
    CloseBrace,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// An identifier (`name`, `Some`, `true`, `r#type`).
    Ident,
    /// A number (`-3`, `0x1F`, `1.5e3`).
    Number,
    /// A string (`"a"`, `r#"a"#`, `b"a"`).
    Str,
    /// A character (`'a'`).
    Char,
    /// `// ...` up to (not including) the end of the line.
    LineComment,
    /// `/* ... */` (nested comments allowed).
    BlockComment,
    /// An extension attribute: `#![enable(implicit_some)]`.
    Attribute,
}

impl TokenKind {
    /// Whether this is a comment.
    #[must_use]
    pub fn is_comment(self) -> bool {
        matches!(self, TokenKind::LineComment | TokenKind::BlockComment)
    }

    /// Whether this opens a group.
    #[must_use]
    pub fn is_open(self) -> bool {
        matches!(
            self,
            TokenKind::OpenParen | TokenKind::OpenBracket | TokenKind::OpenBrace
        )
    }

    /// Whether this closes a group.
    #[must_use]
    pub fn is_close(self) -> bool {
        matches!(
            self,
            TokenKind::CloseParen | TokenKind::CloseBracket | TokenKind::CloseBrace
        )
    }
}

/// One token: its kind and byte range in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Byte offset of its first character.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
}

/// Text the tokenizer cannot read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct LexError {
    /// Byte offset of the problem.
    pub offset: usize,
    /// What is wrong, in plain English.
    pub message: String,
}

/// Reads tokens one at a time (no allocation), so a caller can stop early or skip fast.
#[derive(Debug, Clone)]
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    #[must_use]
    pub fn new(text: &'a str) -> Self {
        Self { text, pos: 0 }
    }

    /// A lexer starting at byte `pos`.
    #[must_use]
    pub fn at(text: &'a str, pos: usize) -> Self {
        Self { text, pos }
    }

    /// The byte offset the next token is looked for from.
    #[must_use]
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The next token, `Ok(None)` at the end of the text.
    pub fn next_token(&mut self) -> Result<Option<Token>, LexError> {
        let bytes = self.text.as_bytes();
        let mut i = self.pos;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            self.pos = i;
            return Ok(None);
        }
        let start = i;
        let single = |kind| (kind, start + 1);
        let (kind, end) = match bytes[i] {
            b'(' => single(TokenKind::OpenParen),
            b')' => single(TokenKind::CloseParen),
            b'[' => single(TokenKind::OpenBracket),
            b']' => single(TokenKind::CloseBracket),
            b'{' => single(TokenKind::OpenBrace),
            b'}' => single(TokenKind::CloseBrace),
            b',' => single(TokenKind::Comma),
            b':' => single(TokenKind::Colon),
            b'"' => (TokenKind::Str, self.quoted(start, b'"')?),
            b'\'' => (TokenKind::Char, self.quoted(start, b'\'')?),
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = line_end(bytes, i);
                (TokenKind::LineComment, end)
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                (TokenKind::BlockComment, self.block_comment(start)?)
            }
            b'#' => (TokenKind::Attribute, self.attribute(start)?),
            b'r' if matches!(bytes.get(i + 1), Some(b'"' | b'#'))
                && !(bytes.get(i + 1) == Some(&b'#')
                    && bytes.get(i + 2).is_some_and(|b| is_ident_start(*b))) =>
            {
                (TokenKind::Str, self.raw_string(start, i + 1)?)
            }
            b'b' if bytes.get(i + 1) == Some(&b'"') => (TokenKind::Str, self.quoted(i + 1, b'"')?),
            b'b' if bytes.get(i + 1) == Some(&b'\'') => {
                (TokenKind::Char, self.quoted(i + 1, b'\'')?)
            }
            b'b' if bytes.get(i + 1) == Some(&b'r')
                && matches!(bytes.get(i + 2), Some(b'"' | b'#')) =>
            {
                (TokenKind::Str, self.raw_string(start, i + 2)?)
            }
            b'0'..=b'9' | b'.' => (TokenKind::Number, number_end(bytes, i)),
            b'+' | b'-'
                if bytes
                    .get(i + 1)
                    .is_some_and(|b| b.is_ascii_digit() || *b == b'.') =>
            {
                (TokenKind::Number, number_end(bytes, i + 1))
            }
            b'+' | b'-' if bytes.get(i + 1).is_some_and(|b| is_ident_start(*b)) => {
                // `-inf`, `+NaN`
                (TokenKind::Number, ident_end(self.text, i + 1))
            }
            b'r' if bytes.get(i + 1) == Some(&b'#') => {
                (TokenKind::Ident, ident_end(self.text, i + 2))
            }
            b if is_ident_start(b) => (TokenKind::Ident, ident_end(self.text, i)),
            _ => {
                let ch = self
                    .text
                    .get(i..)
                    .and_then(|s| s.chars().next())
                    .unwrap_or('?');
                if ch.is_alphabetic() {
                    (TokenKind::Ident, ident_end(self.text, i))
                } else {
                    return Err(LexError {
                        offset: i,
                        message: format!("unexpected character `{ch}`"),
                    });
                }
            }
        };
        self.pos = end;
        Ok(Some(Token { kind, start, end }))
    }

    /// End of a `"…"` or `'…'` literal whose opening quote is at `open`.
    fn quoted(&self, open: usize, quote: u8) -> Result<usize, LexError> {
        let bytes = self.text.as_bytes();
        let mut i = open + 1;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' => i += 2,
                b if b == quote => return Ok(i + 1),
                _ => i += 1,
            }
        }
        Err(LexError {
            offset: open,
            message: if quote == b'"' {
                "this string is never closed (a `\"` is missing)".to_owned()
            } else {
                "this character is never closed (a `'` is missing)".to_owned()
            },
        })
    }

    /// End of a raw string `r#"…"#`; `after_r` is the offset just past the `r`.
    fn raw_string(&self, start: usize, after_r: usize) -> Result<usize, LexError> {
        let bytes = self.text.as_bytes();
        let mut i = after_r;
        let mut hashes = 0;
        while bytes.get(i) == Some(&b'#') {
            hashes += 1;
            i += 1;
        }
        let unclosed = || LexError {
            offset: start,
            message: "this raw string is never closed".to_owned(),
        };
        if bytes.get(i) != Some(&b'"') {
            return Err(unclosed());
        }
        i += 1;
        while i < bytes.len() {
            if bytes[i] == b'"'
                && bytes.len() >= i + 1 + hashes
                && bytes[i + 1..i + 1 + hashes].iter().all(|b| *b == b'#')
            {
                return Ok(i + 1 + hashes);
            }
            i += 1;
        }
        Err(unclosed())
    }

    fn block_comment(&self, start: usize) -> Result<usize, LexError> {
        let bytes = self.text.as_bytes();
        let mut depth = 0usize;
        let mut i = start;
        while i + 1 < bytes.len() {
            if bytes[i] == b'/' && bytes[i + 1] == b'*' {
                depth += 1;
                i += 2;
            } else if bytes[i] == b'*' && bytes[i + 1] == b'/' {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Ok(i);
                }
            } else {
                i += 1;
            }
        }
        Err(LexError {
            offset: start,
            message: "this comment is never closed (a `*/` is missing)".to_owned(),
        })
    }

    fn attribute(&self, start: usize) -> Result<usize, LexError> {
        let bytes = self.text.as_bytes();
        let mut depth = 0usize;
        let mut i = start + 1;
        while i < bytes.len() {
            match bytes[i] {
                b'[' => depth += 1,
                b']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Ok(i + 1);
                    }
                }
                b'\n' if depth == 0 => break,
                _ => {}
            }
            i += 1;
        }
        Err(LexError {
            offset: start,
            message: "an attribute must look like `#![enable(implicit_some)]`".to_owned(),
        })
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<Token, LexError>;
    fn next(&mut self) -> Option<Self::Item> {
        match self.next_token() {
            Ok(Some(t)) => Some(Ok(t)),
            Ok(None) => None,
            Err(e) => {
                // Stop after an error: the rest cannot be read reliably.
                self.pos = self.text.len();
                Some(Err(e))
            }
        }
    }
}

/// Every token of `text` (comments included), or the first problem.
pub fn tokenize(text: &str) -> Result<Vec<Token>, LexError> {
    Lexer::new(text).collect()
}

/// Brackets nested deeper than this are refused before any parser sees the text: the one
/// nesting limit of every reader (the tokenizer's [`first_too_deep`], the span tree, and the
/// `ron` deserializer through [`ron_options`]), so no input can exhaust the stack.
pub const MAX_DEPTH: usize = 64;

/// The `ron` reader options every load and read-back uses. `ron` counts a recursion level for
/// an enum variant and another for its contents, so two levels a bracket: a text that passed
/// [`first_too_deep`] never reaches this limit, which only guards text that skipped the check.
#[must_use]
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_recursion_limit(MAX_DEPTH * 2)
}

/// Offset of the first bracket that opens deeper than [`MAX_DEPTH`], if any (strings, raw
/// strings and comments, nested ones included, are read as the parser reads them). Text that
/// does not tokenize is the parser's to report: `None`.
#[must_use]
pub fn first_too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for token in Lexer::new(text) {
        let token = token.ok()?;
        if token.kind.is_open() {
            depth += 1;
            if depth > MAX_DEPTH {
                return Some(token.start);
            }
        } else if token.kind.is_close() {
            depth = depth.saturating_sub(1);
        }
    }
    None
}

/// Offset just past the one value starting at `from`: the `,` or closing bracket that ends it
/// at its own level, or the end of the text. `None` when the text from there does not tokenize.
#[must_use]
pub fn value_end(text: &str, from: usize) -> Option<usize> {
    let mut depth = 0usize;
    for token in Lexer::at(text, from) {
        let token = token.ok()?;
        if token.kind.is_open() {
            depth += 1;
        } else if token.kind.is_close() {
            if depth == 0 {
                return Some(token.start);
            }
            depth -= 1;
        } else if token.kind == TokenKind::Comma && depth == 0 {
            return Some(token.start);
        }
    }
    Some(text.len())
}

/// The first token at or after `from` that is not a comment or attribute.
#[must_use]
pub fn next_significant(text: &str, from: usize) -> Option<Token> {
    Lexer::at(text, from)
        .map_while(Result::ok)
        .find(|t| !t.kind.is_comment() && t.kind != TokenKind::Attribute)
}

/// The string a `Str` token holds, escapes and raw strings read as `ron` reads them (`None`
/// for a byte string or anything else).
#[must_use]
pub fn string_value(text: &str, token: Token) -> Option<std::borrow::Cow<'_, str>> {
    if token.kind != TokenKind::Str {
        return None;
    }
    let written = text.get(token.start..token.end)?;
    let plain = written
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .filter(|inner| !inner.contains('\\'));
    match plain {
        Some(inner) => Some(std::borrow::Cow::Borrowed(inner)),
        None if written.starts_with('b') => None,
        None => ron::from_str::<String>(written)
            .ok()
            .map(std::borrow::Cow::Owned),
    }
}

/// Every string value written in `text` from byte `from` on (comments skipped, escapes and raw
/// strings read), with the offset of its opening quote; stops where the text stops tokenizing.
pub fn strings_from(
    text: &str,
    from: usize,
) -> impl Iterator<Item = (usize, std::borrow::Cow<'_, str>)> {
    Lexer::at(text, from)
        .map_while(Result::ok)
        .filter_map(move |t| string_value(text, t).map(|value| (t.start, value)))
}

/// Whether a byte can be part of a RON identifier.
#[must_use]
pub fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn ident_end(text: &str, from: usize) -> usize {
    text.get(from..)
        .and_then(|rest| {
            rest.char_indices()
                .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
                .map(|(i, _)| from + i)
        })
        .unwrap_or(text.len())
}

fn number_end(bytes: &[u8], from: usize) -> usize {
    let hex = bytes.get(from) == Some(&b'0') && matches!(bytes.get(from + 1), Some(b'x' | b'X'));
    let mut i = from;
    while i < bytes.len() {
        let b = bytes[i];
        let exponent_sign =
            matches!(b, b'+' | b'-') && !hex && i > from && matches!(bytes[i - 1], b'e' | b'E');
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || exponent_sign {
            i += 1;
        } else {
            break;
        }
    }
    i
}

fn line_end(bytes: &[u8], from: usize) -> usize {
    let newline = bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|b| *b == b'\n'))
        .map_or(bytes.len(), |p| from + p);
    // A `\r\n` line ending leaves the `\r` out of the comment.
    if newline > from && bytes[newline - 1] == b'\r' {
        newline - 1
    } else {
        newline
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, &str)> {
        tokenize(text)
            .unwrap()
            .into_iter()
            .map(|t| (t.kind, &text[t.start..t.end]))
            .collect()
    }

    #[test]
    fn tokens_keep_comments_strings_and_numbers() {
        use TokenKind::*;
        let got = kinds(
            "// hi\nA(x: -1.5e-3, s: \"a\\\"b\", r: r#\"q\"#, c: '\\'', /* n /* m */ */ k: r#type)",
        );
        assert_eq!(
            got,
            vec![
                (LineComment, "// hi"),
                (Ident, "A"),
                (OpenParen, "("),
                (Ident, "x"),
                (Colon, ":"),
                (Number, "-1.5e-3"),
                (Comma, ","),
                (Ident, "s"),
                (Colon, ":"),
                (Str, "\"a\\\"b\""),
                (Comma, ","),
                (Ident, "r"),
                (Colon, ":"),
                (Str, "r#\"q\"#"),
                (Comma, ","),
                (Ident, "c"),
                (Colon, ":"),
                (Char, "'\\''"),
                (Comma, ","),
                (BlockComment, "/* n /* m */ */"),
                (Ident, "k"),
                (Colon, ":"),
                (Ident, "r#type"),
                (CloseParen, ")"),
            ]
        );
    }

    #[test]
    fn unclosed_things_are_errors_not_panics() {
        assert!(tokenize("\"abc").is_err());
        assert!(tokenize("/* x").is_err());
        assert!(tokenize("r#\"x").is_err());
        assert!(tokenize("a @ b").is_err());
        assert_eq!(kinds("x // c\r\n").last().unwrap().1, "// c");
    }
}
