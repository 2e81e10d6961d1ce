//! What a CSV file is before its cells are read: its encoding (UTF-8 with or without a byte
//! order mark, UTF-16 with one, else Windows-1252, what Excel writes as "CSV" on Windows) and
//! its delimiter (comma, semicolon where the comma is the decimal mark, or tab), each said in
//! words so a sheet that reads wrong names its cause.

/// The text encodings a sheet is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (what the export writes, with a byte order mark).
    Utf8,
    /// UTF-16 with a byte order mark (Excel's "Unicode text").
    Utf16,
    /// Windows-1252 (the bytes are not UTF-8).
    Windows1252,
}

impl Encoding {
    /// Its name as people know it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16 => "UTF-16",
            Encoding::Windows1252 => "Windows-1252",
        }
    }
}

/// A sheet's text and how it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The text, without a byte order mark.
    pub text: String,
    /// The encoding it was read in.
    pub encoding: Encoding,
    /// Whether it began with a byte order mark.
    pub bom: bool,
    /// The delimiter between cells.
    pub delimiter: u8,
}

impl Decoded {
    /// The delimiter in words (`semicolon`).
    #[must_use]
    pub fn delimiter_name(&self) -> &'static str {
        delimiter_name(self.delimiter)
    }
}

/// `comma`, `semicolon` or `tab`.
#[must_use]
pub fn delimiter_name(delimiter: u8) -> &'static str {
    match delimiter {
        b';' => "semicolon",
        b'\t' => "tab",
        _ => "comma",
    }
}

/// Reads a sheet's bytes: the encoding from its byte order mark, else UTF-8 when the bytes
/// are valid UTF-8, else Windows-1252; the delimiter from its first row.
#[must_use]
pub fn decode(bytes: &[u8]) -> Decoded {
    let (text, encoding, bom) = if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        (
            String::from_utf8_lossy(rest).into_owned(),
            Encoding::Utf8,
            true,
        )
    } else if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        let encoding = if bytes[0] == 0xFF {
            encoding_rs::UTF_16LE
        } else {
            encoding_rs::UTF_16BE
        };
        let (text, _) = encoding.decode_without_bom_handling(&bytes[2..]);
        (text.into_owned(), Encoding::Utf16, true)
    } else if let Ok(text) = std::str::from_utf8(bytes) {
        (text.to_owned(), Encoding::Utf8, false)
    } else {
        let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
        (text.into_owned(), Encoding::Windows1252, false)
    };
    let delimiter = sniff_delimiter(&text);
    Decoded {
        text,
        encoding,
        bom,
        delimiter,
    }
}

/// The delimiter of the first row: whichever of comma, semicolon and tab it has most of
/// outside quotes (comma when it has none).
#[must_use]
pub fn sniff_delimiter(text: &str) -> u8 {
    let mut counts = [(b',', 0usize), (b';', 0), (b'\t', 0)];
    let mut quoted = false;
    for b in text.bytes() {
        match b {
            b'"' => quoted = !quoted,
            b'\n' | b'\r' if !quoted => break,
            _ if !quoted => {
                if let Some(c) = counts.iter_mut().find(|(d, _)| *d == b) {
                    c.1 += 1;
                }
            }
            _ => {}
        }
    }
    // The first of the most frequent (comma wins a tie).
    let best = counts.iter().map(|(_, n)| *n).max().unwrap_or(0);
    counts
        .iter()
        .find(|(_, n)| *n == best && best > 0)
        .map_or(b',', |(d, _)| *d)
}

/// `text` as it was before a UTF-8 file was read as Windows-1252 and saved again (`GrÃ¼n` →
/// `Grün`), when it looks like that happened: `None` for text that is fine.
#[must_use]
pub fn unmangle(text: &str) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(text);
    if unmappable {
        return None;
    }
    let fixed = std::str::from_utf8(&bytes).ok()?;
    (fixed != text).then(|| fixed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_and_delimiters_are_recognised() {
        let d = decode("\u{feff}id;name\r\nx;Élan\r\n".as_bytes());
        assert_eq!(
            (d.encoding, d.bom, d.delimiter),
            (Encoding::Utf8, true, b';')
        );
        assert!(d.text.starts_with("id;name"));
        // Windows-1252: "é" is one byte, 0xE9.
        let d = decode(b"id\tname\r\nx\t\xC9lan\r\n");
        assert_eq!((d.encoding, d.delimiter), (Encoding::Windows1252, b'\t'));
        assert!(d.text.contains("Élan"));
        // UTF-16 with its mark.
        let mut bytes = vec![0xFF, 0xFE];
        for u in "id,name".encode_utf16() {
            bytes.extend(u.to_le_bytes());
        }
        let d = decode(&bytes);
        assert_eq!((d.encoding, d.text.as_str()), (Encoding::Utf16, "id,name"));
        // A comma inside quotes is not a delimiter.
        assert_eq!(sniff_delimiter("\"a,b,c\";d\n"), b';');
        assert_eq!(sniff_delimiter("id\n"), b',');
    }

    #[test]
    fn mojibake_is_recognised_and_undone() {
        assert_eq!(unmangle("GrÃ¼n").as_deref(), Some("Grün"));
        assert_eq!(unmangle("Grün"), None);
        assert_eq!(unmangle("plain"), None);
        assert_eq!(unmangle("★"), None);
    }
}
