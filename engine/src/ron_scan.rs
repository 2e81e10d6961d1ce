//! Byte-level scanning of RON text that the parser cannot give us: where a value ends, where a
//! string closes, what is a comment. Used to recover from errors and to locate values.

/// Offset just past one value starting at `from` (to the next `,` or closing bracket at its
/// level), skipping strings and comments.
pub(crate) fn value_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = from;
    while i < bytes.len() {
        let next = skip_trivia(bytes, i);
        if next != i {
            i = next;
            continue;
        }
        match bytes[i] {
            b'"' => i = skip_string(bytes, i)?,
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                if depth == 0 {
                    return Some(i);
                }
                depth -= 1;
            }
            b',' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    Some(bytes.len())
}

/// Skips whitespace and comments (`//` and `/* */`) from `i`.
pub(crate) fn skip_trivia(bytes: &[u8], mut i: usize) -> usize {
    loop {
        match (bytes.get(i), bytes.get(i + 1)) {
            (Some(c), _) if c.is_ascii_whitespace() => i += 1,
            (Some(b'/'), Some(b'/')) => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            (Some(b'/'), Some(b'*')) => {
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i = (i + 2).min(bytes.len());
            }
            _ => return i,
        }
    }
}

/// Given the offset of an opening quote, the offset of the closing quote.
pub(crate) fn skip_string(bytes: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// Whether a byte can be part of a RON identifier.
pub(crate) fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_end_at_the_comma_of_their_level_past_strings_and_comments() {
        let src = b"[1, (2, \"a,b\")] /* , */ , next";
        assert_eq!(value_end(src, 0), Some(24));
        assert_eq!(skip_string(b"\"a\\\"b\" x", 0), Some(5));
        assert_eq!(skip_trivia(b"  // c\n x", 0), 8);
    }
}
