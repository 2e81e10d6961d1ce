//! The bundled fonts (`assets/fonts/`, SIL Open Font License) and text measurement.
//!
//! Every render uses these faces and nothing from the system, so a card lays out the same on
//! every machine. Measuring shapes text with the same shaper (rustybuzz) and the same font
//! query (fontdb) that usvg uses when it draws the text, so a line measured to fit does fit.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use usvg::fontdb::{self, Database, Family, Query, Stretch, Style, Weight};

/// The font files compiled into the binary: (file name, bytes). The first four are the faces
/// templates name; the rest are the fallback chain, tried in order for a character those lack
/// (arrows, stars, suits, check marks, shapes, maths).
const BUNDLED: [(&str, &[u8]); 6] = [
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
    (
        "NotoSansSymbols2-Regular.ttf",
        include_bytes!("../../assets/fonts/NotoSansSymbols2-Regular.ttf"),
    ),
    (
        "NotoSansMath-Regular.ttf",
        include_bytes!("../../assets/fonts/NotoSansMath-Regular.ttf"),
    ),
];

/// The fallback faces' family names, in the order they are tried.
pub const FALLBACK_FAMILIES: [&str; 2] = ["Noto Sans Symbols 2", "Noto Sans Math"];

/// The bundled fallback faces (symbols, then maths) as `(file name, bytes)`: what the card
/// writers try after Noto Sans, and what the editor adds after egui's own fonts so "→ ≥ ★"
/// in its labels are drawn, not boxes.
#[must_use]
pub fn fallback_faces() -> [(&'static str, &'static [u8]); 2] {
    [BUNDLED[4], BUNDLED[5]]
}

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

/// Where a pack keeps fonts of its own (`.ttf`, `.otf`, `.ttc`): tried after the bundled
/// fallback chain, for the characters no bundled font has (CJK, emoji).
pub const PACK_FONT_DIR: &str = "assets/fonts";

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
    /// One of the fallback chain (not a face templates name).
    fallback: bool,
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
        FONTS.get_or_init(|| Fonts::load(&[]))
    }

    /// The bundled fonts and those of the pack at `pack_root` (`PACK/assets/fonts/`, tried
    /// last), or the bundled ones alone when it has none. Loaded once per process for each
    /// set of font files (their names, sizes and times); a file that is not a font is left
    /// out, and the characters only it has are then reported as missing.
    #[must_use]
    pub fn for_pack(pack_root: &Path) -> &'static Fonts {
        type Key = (PathBuf, Vec<(PathBuf, u64, Option<std::time::SystemTime>)>);
        static PACKS: OnceLock<Mutex<BTreeMap<Key, &'static Fonts>>> = OnceLock::new();
        let dir = pack_root.join(PACK_FONT_DIR);
        let mut files: Vec<(PathBuf, u64, Option<std::time::SystemTime>)> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                p.extension().is_some_and(|e| {
                    ["ttf", "otf", "ttc"]
                        .iter()
                        .any(|x| e.eq_ignore_ascii_case(x))
                })
            })
            .filter_map(|p| {
                let meta = std::fs::metadata(&p).ok()?;
                Some((p, meta.len(), meta.modified().ok()))
            })
            .collect();
        if files.is_empty() {
            return Fonts::bundled();
        }
        files.sort();
        let key = (dir, files);
        let packs = PACKS.get_or_init(Mutex::default);
        // A panic while loading leaves the map usable: it only ever gains entries.
        let mut packs = packs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(fonts) = packs.get(&key).copied() {
            return fonts;
        }
        // The faces borrow their bytes for the life of the process, as the bundled ones do:
        // once per distinct set of files.
        let extra: Vec<&'static [u8]> = key
            .1
            .iter()
            .filter_map(|(path, _, _)| std::fs::read(path).ok())
            .map(|bytes| &*Box::leak(bytes.into_boxed_slice()))
            .collect();
        let fonts: &'static Fonts = Box::leak(Box::new(Fonts::load(&extra)));
        packs.insert(key, fonts);
        fonts
    }

    /// The bundled faces, then `extra` (a pack's) as further fallbacks.
    fn load(extra: &[&'static [u8]]) -> Fonts {
        let mut db = Database::new();
        let mut faces = Vec::new();
        let bundled = BUNDLED.iter().map(|(name, bytes)| {
            let fallback = FALLBACK_FAMILIES
                .iter()
                .any(|f| name.starts_with(&f.replace(' ', "")));
            (*bytes, fallback)
        });
        for (bytes, fallback) in bundled.chain(extra.iter().map(|b| (*b, true))) {
            let ids = db.load_font_source(fontdb::Source::Binary(Arc::new(bytes)));
            for (index, id) in ids.into_iter().enumerate() {
                if let Some(face) = rustybuzz::Face::from_slice(bytes, index as u32) {
                    faces.push(LoadedFace { id, face, fallback });
                }
            }
        }
        db.set_sans_serif_family("Noto Sans");
        db.set_serif_family("Noto Serif");
        Fonts {
            db: Arc::new(db),
            faces,
        }
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
            .map(|(info, pos)| {
                let cluster = info.cluster as usize;
                // A character the face lacks is drawn from the fallback chain: measure it
                // there (as the drawing will), not as the face's empty box.
                let fallback = (info.glyph_id == 0)
                    .then(|| text[cluster..].chars().next())
                    .flatten()
                    .and_then(|c| self.fallback_advance_em(c));
                (cluster, fallback.unwrap_or(pos.x_advance as f32 / per_em))
            })
            .collect();
        // Right-to-left runs come back in visual order.
        advances.sort_by_key(|(cluster, _)| *cluster);
        advances
    }

    /// The advance of `c` in the first fallback face that has it, in ems.
    fn fallback_advance_em(&self, c: char) -> Option<f32> {
        self.faces.iter().filter(|f| f.fallback).find_map(|f| {
            let glyph = f.face.glyph_index(c)?;
            let advance = f.face.glyph_hor_advance(glyph)?;
            Some(f32::from(advance) / f.face.units_per_em() as f32)
        })
    }

    /// The characters of `text` no bundled face has (each once, in order): they would print
    /// as empty boxes. Spaces and control characters are never missing.
    #[must_use]
    pub fn missing_chars(&self, text: &str) -> Vec<char> {
        let mut missing: Vec<char> = Vec::new();
        for c in text.chars() {
            if c.is_whitespace() || c.is_control() || missing.contains(&c) {
                continue;
            }
            // Joiners and variation selectors shape with their neighbours; no face draws them.
            if matches!(c, '\u{200B}'..='\u{200F}' | '\u{FE00}'..='\u{FE0F}') {
                continue;
            }
            if !self.faces.iter().any(|f| f.face.glyph_index(c).is_some()) {
                missing.push(c);
            }
        }
        missing
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
    fn symbols_come_from_the_fallback_chain_and_the_rest_is_missing() {
        let fonts = Fonts::bundled();
        // Noto Sans alone lacks the star, the check mark and the suits.
        let sans = FontSpec::regular("Noto Sans");
        assert!(fonts.missing_chars("★ → ≥ ♥ ✓ ● ■ — é").is_empty());
        // The star is measured in the fallback face, not as Noto Sans's empty box.
        let star = fonts.advance_em(&sans, "★");
        assert!(star > 0.5, "{star}");
        // CJK and emoji are per-pack additions, not bundled.
        assert_eq!(fonts.missing_chars("火 x 🔥 火"), ['火', '🔥']);
        assert!(fonts.missing_chars("a\tb\u{FE0F}").is_empty());
    }

    #[test]
    fn the_bundled_families_are_known() {
        let fonts = Fonts::bundled();
        assert!(fonts.has_family("Noto Sans"));
        assert!(fonts.has_family("Noto Serif"));
        assert!(!fonts.has_family("Comic Nonexistent"));
    }
}
