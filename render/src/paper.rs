//! Paper and card sizes, and the length options of the commands (`3mm`, `63.5x88.9mm`,
//! `1,-0.5`).

/// A paper, card size or length option that cannot be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OptionError {
    /// Not a paper the commands know.
    #[error("unknown paper `{0}` (use a4 or letter)")]
    UnknownPaper(String),
    /// Not a card size name nor `WxHmm`.
    #[error(
        "unknown card size `{0}` (use poker, bridge, tarot or WIDTHxHEIGHTmm, e.g. 63.5x88.9mm)"
    )]
    UnknownCardSize(String),
    /// A card side out of range.
    #[error("card size {0}: each side must be 10 to 400 mm")]
    CardSideOutOfRange(String),
    /// Not a length.
    #[error("`{0}` is not a length (e.g. 3mm or 0.125in)")]
    NotALength(String),
    /// Not `X,Y`.
    #[error("`{0}` is not an offset (write X,Y in mm, e.g. 1,-0.5)")]
    NotAnOffset(String),
    /// A duplex offset over 20 mm.
    #[error("duplex offset {0}: at most 20 mm each way")]
    OffsetTooLarge(String),
}

/// Millimetres per inch.
pub const MM_PER_INCH: f32 = 25.4;
/// PDF points per millimetre.
pub const PT_PER_MM: f32 = 72.0 / MM_PER_INCH;

/// A sheet of paper, portrait.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paper {
    /// Width in millimetres.
    pub width_mm: f32,
    /// Height in millimetres.
    pub height_mm: f32,
}

impl Paper {
    /// ISO A4.
    pub const A4: Paper = Paper {
        width_mm: 210.0,
        height_mm: 297.0,
    };
    /// US Letter.
    pub const LETTER: Paper = Paper {
        width_mm: 215.9,
        height_mm: 279.4,
    };

    /// The papers the commands and the editor offer, by the name `--paper` takes.
    pub const CHOICES: [(&'static str, Paper); 2] = [("a4", Paper::A4), ("letter", Paper::LETTER)];

    /// Reads `a4` or `letter`.
    pub fn parse(text: &str) -> Result<Paper, OptionError> {
        let name = text.trim().to_ascii_lowercase();
        Self::CHOICES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, paper)| *paper)
            .ok_or(OptionError::UnknownPaper(name))
    }

    /// Its name as `--paper` takes it (`a4`, `letter`), or its size in millimetres.
    #[must_use]
    pub fn name(self) -> String {
        Self::CHOICES.iter().find(|(_, p)| *p == self).map_or_else(
            || format!("{}x{}mm", self.width_mm, self.height_mm),
            |(n, _)| (*n).to_owned(),
        )
    }
}

impl Default for Paper {
    /// A4, the default of every command that prints.
    fn default() -> Self {
        Paper::A4
    }
}

/// A card's trimmed size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardSize {
    /// Width in millimetres.
    pub width_mm: f32,
    /// Height in millimetres.
    pub height_mm: f32,
}

impl CardSize {
    /// Poker size, 2.5 × 3.5 in = 63.5 × 88.9 mm (the size of the built-in templates).
    pub const POKER: CardSize = CardSize {
        width_mm: 2.5 * MM_PER_INCH,
        height_mm: 3.5 * MM_PER_INCH,
    };
    /// Bridge size, 2.25 × 3.5 in = 57.15 × 88.9 mm.
    pub const BRIDGE: CardSize = CardSize {
        width_mm: 2.25 * MM_PER_INCH,
        height_mm: 3.5 * MM_PER_INCH,
    };
    /// Tarot size, 2.75 × 4.75 in = 69.85 × 120.65 mm.
    pub const TAROT: CardSize = CardSize {
        width_mm: 2.75 * MM_PER_INCH,
        height_mm: 4.75 * MM_PER_INCH,
    };

    /// The sizes the commands and the editor offer by name.
    pub const CHOICES: [(&'static str, CardSize); 3] = [
        ("poker", CardSize::POKER),
        ("bridge", CardSize::BRIDGE),
        ("tarot", CardSize::TAROT),
    ];

    /// Reads `poker`, `bridge`, `tarot` or `WxHmm` (`63.5x88.9mm`).
    pub fn parse(text: &str) -> Result<CardSize, OptionError> {
        let t = text.trim().to_ascii_lowercase();
        if let Some((_, size)) = Self::CHOICES.iter().find(|(n, _)| *n == t) {
            return Ok(*size);
        }
        let bad = || OptionError::UnknownCardSize(text.to_owned());
        let dims = t.strip_suffix("mm").ok_or_else(bad)?;
        let (w, h) = dims.split_once(['x', '×']).ok_or_else(bad)?;
        let w: f32 = w.trim().parse().map_err(|_| bad())?;
        let h: f32 = h.trim().parse().map_err(|_| bad())?;
        if !(10.0..=400.0).contains(&w) || !(10.0..=400.0).contains(&h) {
            return Err(OptionError::CardSideOutOfRange(text.to_owned()));
        }
        Ok(CardSize {
            width_mm: w,
            height_mm: h,
        })
    }
}

/// Reads a length in millimetres: `3mm`, `3` or `0.125in`.
pub fn parse_length_mm(text: &str) -> Result<f32, OptionError> {
    let t = text.trim().to_ascii_lowercase();
    let (number, scale) = if let Some(n) = t.strip_suffix("mm") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix("in") {
        (n, MM_PER_INCH)
    } else {
        (t.as_str(), 1.0)
    };
    number
        .trim()
        .parse::<f32>()
        .ok()
        .filter(|v| v.is_finite())
        .map(|v| v * scale)
        .ok_or_else(|| OptionError::NotALength(text.to_owned()))
}

/// Reads `X,Y` in millimetres (`1,-0.5` or `1mm,-0.5mm`).
pub fn parse_offset_mm(text: &str) -> Result<(f32, f32), OptionError> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| OptionError::NotAnOffset(text.to_owned()))?;
    let x = parse_length_mm(x)?;
    let y = parse_length_mm(y)?;
    if x.abs() > 20.0 || y.abs() > 20.0 {
        return Err(OptionError::OffsetTooLarge(text.to_owned()));
    }
    Ok((x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_lengths_parse() {
        assert_eq!(CardSize::parse("Poker"), Ok(CardSize::POKER));
        assert_eq!(
            CardSize::parse("63.5x88mm"),
            Ok(CardSize {
                width_mm: 63.5,
                height_mm: 88.0
            })
        );
        // The standard sizes, to the hundredth of a millimetre.
        let mm = |s: CardSize| {
            (
                (s.width_mm * 100.0).round() / 100.0,
                (s.height_mm * 100.0).round() / 100.0,
            )
        };
        assert_eq!(mm(CardSize::POKER), (63.5, 88.9));
        assert_eq!(mm(CardSize::BRIDGE), (57.15, 88.9));
        assert_eq!(mm(CardSize::TAROT), (69.85, 120.65));
        assert!(CardSize::parse("63x88").is_err());
        assert!(CardSize::parse("1x88mm").is_err());
        assert_eq!(Paper::parse("LETTER"), Ok(Paper::LETTER));
        assert!(Paper::parse("a3").is_err());
        assert_eq!(parse_length_mm("3mm"), Ok(3.0));
        assert_eq!(parse_length_mm("2"), Ok(2.0));
        assert!((parse_length_mm("0.125in").unwrap() - 3.175).abs() < 1e-4);
        assert!(parse_length_mm("three").is_err());
        assert_eq!(parse_offset_mm("1,-0.5"), Ok((1.0, -0.5)));
        assert!(parse_offset_mm("1").is_err());
        assert!(parse_offset_mm("50,0").is_err());
    }
}
