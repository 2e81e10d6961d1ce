//! Tabletop Simulator (`sigilforge tts`): deck sheets of at most 10 × 7 cells (the last cell
//! holds the hidden card TTS shows for cards in another player's hand, so 69 cards a sheet), a
//! back image, and a saved-object JSON deck that TTS loads from its Saved Objects folder.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::compose::ArtFit;
use crate::deck::Deck;
use crate::paper::MM_PER_INCH;
use crate::pixels::{check_dpi, encode_png, px};
use crate::raster::{rasterize, rasterize_card};
use crate::{Progress, RenderError, Report};

/// Most columns TTS reads from a sheet.
pub const MAX_COLUMNS: usize = 10;
/// Most rows TTS reads from a sheet.
pub const MAX_ROWS: usize = 7;
/// Cards per full sheet (the last cell is the hidden card).
pub const CARDS_PER_SHEET: usize = MAX_COLUMNS * MAX_ROWS - 1;
/// The largest sheet side we write (TTS is unreliable with larger images).
pub const MAX_SHEET_PX: u32 = 8192;
/// The largest sheet side Tabletop Simulator's guide recommends (its knowledge base, "Asset
/// Creation": keep images under 4096 × 4096); a larger sheet gets a warning.
pub const TTS_SHEET_PX: u32 = 4096;

/// Options of `sigilforge tts`.
#[derive(Debug, Clone, PartialEq)]
pub struct TtsOptions {
    /// Resolution of the card images on the sheets.
    pub dpi: f32,
    /// Where the sheets will be served from (`https://…/`); `None` = `file://` paths to the
    /// output folder, for playing on this computer.
    pub url_base: Option<String>,
}

impl Default for TtsOptions {
    fn default() -> Self {
        Self {
            dpi: 150.0,
            url_base: None,
        }
    }
}

/// The grid (columns, rows) of a sheet holding `cards` cards plus the hidden card.
#[must_use]
pub fn grid(cards: usize) -> (usize, usize) {
    let cells = cards + 1;
    let columns = cells.clamp(2, MAX_COLUMNS);
    let rows = cells.div_ceil(columns).clamp(2, MAX_ROWS);
    (columns, rows)
}

/// A TTS saved object (the parts of the format we write).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct SavedObject {
    /// Name shown in the Saved Objects browser.
    pub save_name: String,
    /// The objects: one deck.
    pub object_states: Vec<TtsObject>,
    /// The rest of what TTS's own saved objects hold, empty as TTS leaves them (no date, so
    /// the same pack gives the same bytes).
    #[serde(flatten)]
    pub save_fields: SaveFields,
}

/// The top-level fields of a TTS saved-object file besides the name and the objects.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
#[allow(missing_docs)] // TTS's own field names
pub struct SaveFields {
    #[serde(default)]
    pub date: String,
    #[serde(default)]
    pub version_number: String,
    #[serde(default)]
    pub game_mode: String,
    #[serde(default)]
    pub game_type: String,
    #[serde(default)]
    pub game_complexity: String,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub gravity: f32,
    #[serde(default)]
    pub play_area: f32,
    #[serde(default)]
    pub table: String,
    #[serde(default)]
    pub sky: String,
    #[serde(default)]
    pub note: String,
    #[serde(default)]
    pub tab_states: std::collections::BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    pub lua_script: String,
    #[serde(default)]
    pub lua_script_state: String,
    #[serde(rename = "XmlUI", default)]
    pub xml_ui: String,
}

impl Default for SaveFields {
    /// What TTS writes for a saved object: gravity and play area at their defaults.
    fn default() -> Self {
        Self {
            date: String::new(),
            version_number: String::new(),
            game_mode: String::new(),
            game_type: String::new(),
            game_complexity: String::new(),
            tags: Vec::new(),
            gravity: 0.5,
            play_area: 0.5,
            table: String::new(),
            sky: String::new(),
            note: String::new(),
            tab_states: std::collections::BTreeMap::new(),
            lua_script: String::new(),
            lua_script_state: String::new(),
            xml_ui: String::new(),
        }
    }
}

/// A deck or a card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct TtsObject {
    /// Object id, unique in the save.
    #[serde(rename = "GUID")]
    pub guid: String,
    /// `Deck` or `Card`.
    pub name: String,
    /// Where it lies.
    pub transform: TtsTransform,
    /// The name shown on hover.
    pub nickname: String,
    /// The text shown on hover (a card's rules text).
    pub description: String,
    /// A deck's cards, by card id (`sheet × 100 + cell`).
    #[serde(rename = "DeckIDs", default, skip_serializing_if = "Vec::is_empty")]
    pub deck_ids: Vec<u32>,
    /// A card's id.
    #[serde(rename = "CardID", default, skip_serializing_if = "Option::is_none")]
    pub card_id: Option<u32>,
    /// The sheets, keyed by sheet number as text.
    pub custom_deck: std::collections::BTreeMap<String, CustomDeck>,
    /// A deck's cards.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contained_objects: Vec<TtsObject>,
    /// The fields TTS writes itself for every object it saves.
    #[serde(flatten)]
    pub flags: ObjectFlags,
}

/// The fields Tabletop Simulator writes for every object in its own saves, with the values it
/// gives a deck or card it spawns: a file without them loads, but mods and tools that read
/// saves (and TTS's own "Save Object") expect them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
#[allow(missing_docs)] // TTS's own field names
#[allow(clippy::struct_excessive_bools)] // TTS's own fields
pub struct ObjectFlags {
    #[serde(rename = "GMNotes", default)]
    pub gm_notes: String,
    #[serde(default)]
    pub color_diffuse: Rgb,
    #[serde(default)]
    pub locked: bool,
    #[serde(default = "yes")]
    pub grid: bool,
    #[serde(default = "yes")]
    pub snap: bool,
    #[serde(rename = "IgnoreFoW", default)]
    pub ignore_fow: bool,
    #[serde(default)]
    pub measure_movement: bool,
    #[serde(default = "yes")]
    pub drag_selectable: bool,
    #[serde(default = "yes")]
    pub autoraise: bool,
    #[serde(default = "yes")]
    pub sticky: bool,
    #[serde(default = "yes")]
    pub tooltip: bool,
    #[serde(default)]
    pub grid_projection: bool,
    #[serde(default = "yes")]
    pub hide_when_face_down: bool,
    /// A card goes into a player's hand; a deck does not.
    #[serde(default)]
    pub hands: bool,
    #[serde(default)]
    pub sideways_card: bool,
    #[serde(default)]
    pub lua_script: String,
    #[serde(default)]
    pub lua_script_state: String,
    #[serde(rename = "XmlUI", default)]
    pub xml_ui: String,
}

fn yes() -> bool {
    true
}

/// A colour as TTS saves it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Rgb {
    pub r: f32,
    pub g: f32,
    pub b: f32,
}

impl Default for Rgb {
    /// TTS's default tint for cards: none (white).
    fn default() -> Self {
        Self {
            r: 1.0,
            g: 1.0,
            b: 1.0,
        }
    }
}

impl ObjectFlags {
    /// A deck's (`hands: false`) or a card's (`hands: true`).
    #[must_use]
    pub fn new(hands: bool) -> Self {
        Self {
            gm_notes: String::new(),
            color_diffuse: Rgb::default(),
            locked: false,
            grid: true,
            snap: true,
            ignore_fow: false,
            measure_movement: false,
            drag_selectable: true,
            autoraise: true,
            sticky: true,
            tooltip: true,
            grid_projection: false,
            hide_when_face_down: true,
            hands,
            sideways_card: false,
            lua_script: String::new(),
            lua_script_state: String::new(),
            xml_ui: String::new(),
        }
    }
}

/// Position, rotation and scale.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)] // TTS's own field names
pub struct TtsTransform {
    #[serde(rename = "posX")]
    pub pos_x: f32,
    #[serde(rename = "posY")]
    pub pos_y: f32,
    #[serde(rename = "posZ")]
    pub pos_z: f32,
    #[serde(rename = "rotX")]
    pub rot_x: f32,
    #[serde(rename = "rotY")]
    pub rot_y: f32,
    #[serde(rename = "rotZ")]
    pub rot_z: f32,
    #[serde(rename = "scaleX")]
    pub scale_x: f32,
    #[serde(rename = "scaleY")]
    pub scale_y: f32,
    #[serde(rename = "scaleZ")]
    pub scale_z: f32,
}

impl TtsTransform {
    /// Face down on the table's centre.
    fn face_down() -> Self {
        Self {
            pos_x: 0.0,
            pos_y: 1.0,
            pos_z: 0.0,
            rot_x: 0.0,
            rot_y: 180.0,
            rot_z: 180.0,
            scale_x: 1.0,
            scale_y: 1.0,
            scale_z: 1.0,
        }
    }
}

/// One sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct CustomDeck {
    /// The sheet image.
    #[serde(rename = "FaceURL")]
    pub face_url: String,
    /// The back image.
    #[serde(rename = "BackURL")]
    pub back_url: String,
    /// Columns on the sheet.
    pub num_width: usize,
    /// Rows on the sheet.
    pub num_height: usize,
    /// The last cell is the hidden card.
    pub back_is_hidden: bool,
    /// One back for all cards.
    pub unique_back: bool,
    /// 0 = rectangular cards.
    #[serde(rename = "Type")]
    pub kind: u32,
}

/// Writes the sheets (`sheet-1.png`, …), `back.png` and `deck.json` into `dir`.
pub fn tts_export(
    deck: &Deck,
    dir: &Path,
    options: &TtsOptions,
    progress: &Progress,
) -> Result<Report, RenderError> {
    check_dpi(options.dpi)?;
    if deck.cards.is_empty() {
        return Err(RenderError::Option("the pack has no cards".into()));
    }
    let frame = deck.natural_frame(0, 0.0);
    let mut dpi = options.dpi;
    let mut report = Report::default();
    let widest = px(frame.width_mm, dpi) as usize * MAX_COLUMNS;
    let tallest = px(frame.height_mm, dpi) as usize * MAX_ROWS;
    if widest.max(tallest) > MAX_SHEET_PX as usize {
        let scale = MAX_SHEET_PX as f32 / widest.max(tallest) as f32;
        dpi = (dpi * scale).floor();
        report.warnings.push(format!(
            "sheets would exceed {MAX_SHEET_PX} pixels; cards drawn at {dpi} dpi instead of {}",
            options.dpi
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| RenderError::Write {
        path: dir.to_owned(),
        message: e.to_string(),
    })?;
    let url_of = |name: &str| -> String {
        match &options.url_base {
            Some(base) => format!("{}/{name}", base.trim_end_matches('/')),
            None => file_url(&dir.join(name)),
        }
    };
    let back_drawn = match deck.draw_back(
        frame,
        ArtFit::Crop {
            px_per_mm: dpi / MM_PER_INCH,
        },
    )? {
        Some(back) => back,
        None => deck.draw_card(
            0,
            frame,
            ArtFit::Crop {
                px_per_mm: dpi / MM_PER_INCH,
            },
        )?,
    };
    let back_pixmap = rasterize(&back_drawn, dpi)?;
    let back_path = dir.join("back.png");
    crate::write_file(&back_path, &encode_png(&back_pixmap, dpi)?)?;
    progress.start(deck.cards.len());
    let (cell_w, cell_h) = (back_pixmap.width(), back_pixmap.height());
    let mut custom = std::collections::BTreeMap::new();
    let mut contained = Vec::new();
    let mut deck_ids = Vec::new();
    let mut sheets = Vec::new();
    for (sheet_index, first) in (0..deck.cards.len()).step_by(CARDS_PER_SHEET).enumerate() {
        let last = (first + CARDS_PER_SHEET).min(deck.cards.len());
        let (columns, rows) = grid(last - first);
        let mut sheet = tiny_skia::Pixmap::new(columns as u32 * cell_w, rows as u32 * cell_h)
            .ok_or_else(|| RenderError::Option("cannot make the sheet image".into()))?;
        let cells: Vec<Result<(tiny_skia::Pixmap, Vec<String>), RenderError>> = (first..last)
            .into_par_iter()
            .map(|i| {
                if progress.is_cancelled() {
                    return Err(RenderError::Cancelled);
                }
                // Over the template's kept static layer: the same pixels, drawn faster.
                let (pixmap, warnings) = rasterize_card(deck, i, frame, dpi)?;
                progress.step();
                Ok((pixmap, warnings))
            })
            .collect();
        let sheet_number = sheet_index + 1;
        let name = format!("sheet-{sheet_number}.png");
        for (cell, result) in cells.into_iter().enumerate() {
            let (pixmap, warnings) = result?;
            let card = &deck.cards[first + cell];
            report
                .warnings
                .extend(warnings.into_iter().map(|w| format!("{}: {w}", card.id)));
            copy_cell(&mut sheet, &pixmap, cell, columns, (cell_w, cell_h));
            let card_id = (sheet_number * 100 + cell) as u32;
            deck_ids.push(card_id);
            contained.push(TtsObject {
                guid: format!("{:06x}", 0x5f_0000 + first + cell + 1),
                name: "Card".into(),
                transform: TtsTransform::face_down(),
                nickname: card.name.clone(),
                description: card.rules_plain(),
                deck_ids: Vec::new(),
                card_id: Some(card_id),
                custom_deck: std::collections::BTreeMap::new(),
                contained_objects: Vec::new(),
                flags: ObjectFlags::new(true),
            });
        }
        copy_cell(
            &mut sheet,
            &back_pixmap,
            columns * rows - 1,
            columns,
            (cell_w, cell_h),
        );
        let sheet_path = dir.join(&name);
        let longest = sheet.width().max(sheet.height());
        if longest > TTS_SHEET_PX {
            // The dpi that keeps the fullest sheet within the limit.
            let fits = (dpi * TTS_SHEET_PX as f32 / longest as f32).floor();
            report.warnings.push(format!(
                "{name} is {}×{} pixels; Tabletop Simulator recommends at most {TTS_SHEET_PX} a side (larger sheets load slowly, blurred or not at all on some graphics cards): use --dpi {fits} or less",
                sheet.width(),
                sheet.height()
            ));
        }
        crate::write_file(&sheet_path, &encode_png(&sheet, dpi)?)?;
        custom.insert(
            sheet_number.to_string(),
            CustomDeck {
                face_url: url_of(&name),
                back_url: url_of("back.png"),
                num_width: columns,
                num_height: rows,
                back_is_hidden: true,
                unique_back: false,
                kind: 0,
            },
        );
        sheets.push(sheet_path);
    }
    // Each card carries the sheet it is on, as TTS expects when cards leave the deck.
    for card in &mut contained {
        if let Some(id) = card.card_id {
            let key = (id / 100).to_string();
            if let Some(sheet) = custom.get(&key) {
                card.custom_deck.insert(key, sheet.clone());
            }
        }
    }
    let object = if contained.len() == 1 {
        contained.remove(0)
    } else {
        TtsObject {
            guid: "5f0000".into(),
            name: "Deck".into(),
            transform: TtsTransform::face_down(),
            nickname: deck.pack_name.clone(),
            description: String::new(),
            deck_ids,
            card_id: None,
            custom_deck: custom,
            contained_objects: contained,
            flags: ObjectFlags::new(false),
        }
    };
    let saved = SavedObject {
        save_name: deck.pack_name.clone(),
        object_states: vec![object],
        save_fields: SaveFields::default(),
    };
    let json = serde_json::to_string_pretty(&saved)
        .map_err(|e| RenderError::Option(format!("cannot write the deck JSON: {e}")))?;
    let json_path = dir.join("deck.json");
    crate::write_file(&json_path, json.as_bytes())?;
    report.pages = sheets.len();
    report.files = sheets;
    report.files.push(back_path);
    report.files.push(json_path);
    report.cards = deck.cards.len();
    Ok(report)
}

fn copy_cell(
    sheet: &mut tiny_skia::Pixmap,
    cell: &tiny_skia::Pixmap,
    index: usize,
    columns: usize,
    (w, h): (u32, u32),
) {
    let (col, row) = ((index % columns) as i32, (index / columns) as i32);
    sheet.draw_pixmap(
        col * w as i32,
        row * h as i32,
        cell.as_ref(),
        &tiny_skia::PixmapPaint::default(),
        tiny_skia::Transform::identity(),
        None,
    );
}

/// What a `file://` URL's path escapes: everything but letters, digits, `-._~` (unreserved,
/// RFC 3986), the path separator `/` and the drive's `:`. A `#` or `%` in a folder name would
/// otherwise end the path or start an escape.
const PATH_ESCAPES: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/')
    .remove(b':');

/// `file:///abs/path` for a local file (TTS loads those on this computer), percent-encoded.
#[must_use]
pub fn file_url(path: &Path) -> String {
    let abs: PathBuf = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let text = abs.to_string_lossy().replace('\\', "/");
    let text = percent_encoding::utf8_percent_encode(&text, PATH_ESCAPES).to_string();
    if text.starts_with('/') {
        format!("file://{text}")
    } else {
        format!("file:///{text}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_leave_the_last_cell_for_the_hidden_card() {
        assert_eq!(grid(1), (2, 2));
        assert_eq!(grid(9), (10, 2));
        assert_eq!(grid(10), (10, 2));
        assert_eq!(grid(20), (10, 3));
        assert_eq!(grid(CARDS_PER_SHEET), (10, 7));
        for n in 1..=CARDS_PER_SHEET {
            let (c, r) = grid(n);
            assert!(c * r > n, "{n}");
            assert!(c <= MAX_COLUMNS && r <= MAX_ROWS);
        }
    }

    #[test]
    fn file_urls_are_absolute_and_percent_encoded() {
        assert!(file_url(Path::new("/tmp/a b/sheet-1.png")).starts_with("file:///tmp/a%20b/"));
        assert_eq!(
            file_url(Path::new("/tmp/Deck #2 (100%)/Élan/sheet-1.png")),
            "file:///tmp/Deck%20%232%20%28100%25%29/%C3%89lan/sheet-1.png"
        );
    }

    #[test]
    fn objects_carry_the_fields_tts_writes() {
        let json = serde_json::to_value(ObjectFlags::new(true)).unwrap();
        for field in [
            "GMNotes",
            "ColorDiffuse",
            "Locked",
            "Grid",
            "Snap",
            "IgnoreFoW",
            "Tooltip",
            "Hands",
            "HideWhenFaceDown",
            "LuaScript",
            "XmlUI",
        ] {
            assert!(json.get(field).is_some(), "{field}");
        }
        assert_eq!(json["Hands"], true);
        assert_eq!(json["ColorDiffuse"]["r"], 1.0);
    }
}
