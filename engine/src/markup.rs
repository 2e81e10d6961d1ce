//! Escaping text for markup: the one escape for every HTML and SVG/XML file Sigilforge writes
//! (the encounter sheet, the card templates `render` fills), so content text can never break
//! out of an element or an attribute in either.

/// Escapes `text` for element content and attribute values in HTML and XML alike: `&`, `<`,
/// `>`, `"` and `'` become references (`&#39;` is understood by both), and control characters
/// neither format may carry (all below U+0020 but tab, newline and carriage return) are dropped
/// rather than breaking the file.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_characters_become_references_and_control_characters_go() {
        assert_eq!(
            escape("A & <B> \"c\" 'd'\u{1}\n"),
            "A &amp; &lt;B&gt; &quot;c&quot; &#39;d&#39;\n"
        );
    }
}
