//! The bundled fonts (`assets/fonts/`, SIL Open Font License) and text measurement.
//!
//! Every render uses these faces and nothing from the system, so a card lays out the same on
//! every machine. Measuring shapes text with the same shaper (rustybuzz) and the same font
//! query (fontdb) that usvg uses when it draws the text, so a line measured to fit does fit.

use std::sync::{Arc, OnceLock};

use usvg::fontdb::{self, Database, Family, Query, Stretch, Style, Weight};

/// The font files compiled into the binary: (file name, bytes).
const BUNDLED: [(&str, &[u8]); 4] = [
    (
        "NotoSans-Regular.ttf",
        include_bytes!("../../assets/fonts/NotoSans-Regular.ttf"),
    ),
    (
        "NotoSans-Bold.ttf",
        include_bytes!("../../assets/fonts/NotoSans-Bold.ttf"),
    ),
    (
        "NotoSans-Italic.ttf",
        include_bytes!("../../assets/fonts/NotoSans-Italic.ttf"),
    ),
    (
        "NotoSerif-Bold.ttf",
        include_bytes!("../../assets/fonts/NotoSerif-Bold.ttf"),
    ),
];

/// The bytes of the bundled Noto Sans face in `bold` / `italic` (bold wins over italic: there
/// is no bold italic face), for writers that embed a face directly (the encounter sheet PDF).
#[must_use]
pub fn sans_face_bytes(bold: bool, italic: bool) -> &'static [u8] {
    match (bold, italic) {
        (true, _) => BUNDLED[1].1,
        (false, true) => BUNDLED[2].1,
        (false, false) => BUNDLED[0].1,
    }
}

/// The family text uses when a template names none.
pub const DEFAULT_FAMILY: &str = "Noto Sans";

/// Which face a piece of text is set in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FontSpec {
    /// The family name (`Noto Sans`, `Noto Serif`).
    pub family: String,
    /// Bold weight.
    pub bold: bool,
    /// Italic style.
    pub italic: bool,
}

impl FontSpec {
    /// The regular face of `family`.
    #[must_use]
    pub fn regular(family: &str) -> Self {
        Self {
            family: family.to_owned(),
            bold: false,
            italic: false,
        }
    }
}

/// One loaded face: its id in the database and a shaper over its bytes.
struct LoadedFace {
    id: fontdb::ID,
    face: rustybuzz::Face<'static>,
}

/// The font database usvg draws with, and shapers for measuring.
pub struct Fonts {
    db: Arc<Database>,
    faces: Vec<LoadedFace>,
}

impl std::fmt::Debug for Fonts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fonts")
            .field("faces", &self.faces.len())
            .finish_non_exhaustive()
    }
}

impl Fonts {
    /// The bundled fonts, loaded once per process.
    #[must_use]
    pub fn bundled() -> &'static Fonts {
        static FONTS: OnceLock<Fonts> = OnceLock::new();
        FONTS.get_or_init(|| {
            let mut db = Database::new();
            let mut faces = Vec::new();
            for (_, bytes) in BUNDLED {
                let ids = db.load_font_source(fontdb::Source::Binary(Arc::new(bytes)));
                for id in ids {
                    if let Some(face) = rustybuzz::Face::from_slice(bytes, 0) {
                        faces.push(LoadedFace { id, face });
                    }
                }
            }
            db.set_sans_serif_family("Noto Sans");
            db.set_serif_family("Noto Serif");
            Fonts {
                db: Arc::new(db),
                faces,
            }
        })
    }

    /// The database to hand to usvg.
    #[must_use]
    pub fn database(&self) -> Arc<Database> {
        Arc::clone(&self.db)
    }

    /// Whether a bundled face belongs to `family` (templates may name only these).
    #[must_use]
    pub fn has_family(&self, family: &str) -> bool {
        self.db
            .faces()
            .any(|f| f.families.iter().any(|(name, _)| name == family))
    }

    /// The face usvg picks for `spec`: the same query, with usvg's fallback to the serif family.
    fn face(&self, spec: &FontSpec) -> Option<&rustybuzz::Face<'static>> {
        let families = [Family::Name(&spec.family), Family::Serif];
        let query = Query {
            families: &families,
            weight: if spec.bold {
                Weight::BOLD
            } else {
                Weight::NORMAL
            },
            stretch: Stretch::Normal,
            style: if spec.italic {
                Style::Italic
            } else {
                Style::Normal
            },
        };
        let id = self.db.query(&query)?;
        self.faces.iter().find(|f| f.id == id).map(|f| &f.face)
    }

    /// The advance of `text` set in `spec`, in ems (multiply by the font size).
    #[must_use]
    pub fn advance_em(&self, spec: &FontSpec, text: &str) -> f32 {
        self.cluster_advances_em(spec, text)
            .iter()
            .map(|(_, advance)| advance)
            .sum()
    }

    /// `text` set in `spec` and shaped once: each glyph's cluster (the byte where the text it
    /// draws starts) and advance in ems, ordered by cluster, so a caller measures any slice of
    /// the text (a word, a word without its space) from the one shaping.
    #[must_use]
    pub fn cluster_advances_em(&self, spec: &FontSpec, text: &str) -> Vec<(usize, f32)> {
        let Some(face) = self.face(spec) else {
            // No face at all (cannot happen with the bundled fonts): a rough average width.
            return text.char_indices().map(|(i, _)| (i, 0.5)).collect();
        };
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        let shaped = rustybuzz::shape(face, &[], buffer);
        let per_em = face.units_per_em() as f32;
        let mut advances: Vec<(usize, f32)> = shaped
            .glyph_infos()
            .iter()
            .zip(shaped.glyph_positions())
            .map(|(info, pos)| (info.cluster as usize, pos.x_advance as f32 / per_em))
            .collect();
        // Right-to-left runs come back in visual order.
        advances.sort_by_key(|(cluster, _)| *cluster);
        advances
    }

    /// The ascender of `spec`'s face, in ems (how far the tallest letters rise above the
    /// baseline).
    #[must_use]
    pub fn ascender_em(&self, spec: &FontSpec) -> f32 {
        self.face(spec)
            .map_or(0.9, |f| f32::from(f.ascender()) / f.units_per_em() as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bold_is_wider_than_regular_and_widths_scale_with_length() {
        let fonts = Fonts::bundled();
        let regular = FontSpec::regular("Noto Sans");
        let bold = FontSpec {
            bold: true,
            ..regular.clone()
        };
        let a = fonts.advance_em(&regular, "Armor");
        assert!(a > 1.0 && a < 4.0, "{a}");
        assert!(fonts.advance_em(&bold, "Armor") > a);
        let twice = fonts.advance_em(&regular, "ArmorArmor");
        assert!((twice - 2.0 * a).abs() < 0.05, "{twice} vs {a}");
    }

    #[test]
    fn the_bundled_families_are_known() {
        let fonts = Fonts::bundled();
        assert!(fonts.has_family("Noto Sans"));
        assert!(fonts.has_family("Noto Serif"));
        assert!(!fonts.has_family("Comic Nonexistent"));
    }
}
