//! Paper and card sizes, and the length options of the commands (`3mm`, `63x88mm`, `1,-0.5`).

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
    pub fn parse(text: &str) -> Result<Paper, String> {
        let name = text.trim().to_ascii_lowercase();
        Self::CHOICES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, paper)| *paper)
            .ok_or_else(|| format!("unknown paper `{name}` (use a4 or letter)"))
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
    /// Poker size, 63 × 88 mm (2.5 × 3.5 in).
    pub const POKER: CardSize = CardSize {
        width_mm: 63.0,
        height_mm: 88.0,
    };
    /// Bridge size, 2.25 × 3.5 in.
    pub const BRIDGE: CardSize = CardSize {
        width_mm: 57.15,
        height_mm: 88.9,
    };
    /// Tarot size, 70 × 120 mm.
    pub const TAROT: CardSize = CardSize {
        width_mm: 70.0,
        height_mm: 120.0,
    };

    /// Reads `poker`, `bridge`, `tarot` or `WxHmm` (`63.5x88mm`).
    pub fn parse(text: &str) -> Result<CardSize, String> {
        let t = text.trim().to_ascii_lowercase();
        match t.as_str() {
            "poker" => return Ok(CardSize::POKER),
            "bridge" => return Ok(CardSize::BRIDGE),
            "tarot" => return Ok(CardSize::TAROT),
            _ => {}
        }
        let bad = || {
            format!(
                "unknown card size `{text}` (use poker, bridge, tarot or WIDTHxHEIGHTmm, e.g. 63x88mm)"
            )
        };
        let dims = t.strip_suffix("mm").ok_or_else(bad)?;
        let (w, h) = dims.split_once(['x', '×']).ok_or_else(bad)?;
        let w: f32 = w.trim().parse().map_err(|_| bad())?;
        let h: f32 = h.trim().parse().map_err(|_| bad())?;
        if !(10.0..=400.0).contains(&w) || !(10.0..=400.0).contains(&h) {
            return Err(format!("card size {text}: each side must be 10 to 400 mm"));
        }
        Ok(CardSize {
            width_mm: w,
            height_mm: h,
        })
    }
}

/// Reads a length in millimetres: `3mm`, `3` or `0.125in`.
pub fn parse_length_mm(text: &str) -> Result<f32, String> {
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
        .ok_or_else(|| format!("`{text}` is not a length (e.g. 3mm or 0.125in)"))
}

/// Reads `X,Y` in millimetres (`1,-0.5` or `1mm,-0.5mm`).
pub fn parse_offset_mm(text: &str) -> Result<(f32, f32), String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not an offset (write X,Y in mm, e.g. 1,-0.5)"))?;
    let x = parse_length_mm(x)?;
    let y = parse_length_mm(y)?;
    if x.abs() > 20.0 || y.abs() > 20.0 {
        return Err(format!("duplex offset {text}: at most 20 mm each way"));
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
