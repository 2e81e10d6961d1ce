//! Card templates as data: an SVG drawn in any editor (Inkscape, a text editor), whose size is
//! in millimetres and whose slots are `<rect>`s with a known `id` (`name`, `cost`, `type`,
//! `rules`, `art`, `attack`, `life`, `rarity`, `set`, `pack`, `stat-NAME`). A slot's `data-*`
//! attributes say how its text is set; an element with `data-show-if="attack"` is dropped when
//! the card has no attack. The format is documented in `docs/formats/templates.md`.
//!
//! A template is parsed once into literal SVG text with holes where the slots were, so filling
//! it for a card is string concatenation.

use std::path::{Path, PathBuf};

use usvg::roxmltree;

use crate::fonts::{DEFAULT_FAMILY, Fonts};
use crate::text_fit::{Align, Rect, TextStyle, VAlign};

/// A template could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct TemplateError {
    /// The template file (a built-in one is named by its path in the repository).
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

/// The slot names a template may use (besides `stat-NAME`).
pub const SLOT_NAMES: [&str; 10] = [
    "name", "cost", "type", "rules", "art", "attack", "life", "rarity", "set", "pack",
];

/// What a slot is.
#[derive(Debug, Clone, PartialEq)]
pub enum SlotKind {
    /// Text (all slots but `art` and `rarity`).
    Text(TextStyle),
    /// The card's art, cropped to fill the box.
    Art,
    /// The rarity mark (a gem coloured by the card's rarity tag).
    Rarity,
}

/// A named box in a template.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// Its id (`rules`, `stat-level`, …).
    pub name: String,
    /// Where it is, in the template's units (of the slot's parent group).
    pub rect: Rect,
    /// What goes there.
    pub kind: SlotKind,
}

/// A piece of a parsed template.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// SVG text copied as it is.
    Literal(String),
    /// Where the root `<svg>`'s placement goes (`x`, `y`, `width`, `height`, aspect and
    /// overflow, taken out of the template so the card can be drawn at any size with bleed).
    RootPlacement,
    /// A slot to fill.
    Slot(Slot),
    /// Pieces kept only when the card has `field` (`data-show-if`).
    ShowIf {
        /// The field (a slot name).
        field: String,
        /// What to keep.
        body: Vec<Piece>,
    },
}

/// A parsed template.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    /// Where it came from (for messages).
    pub file: String,
    /// Its width in millimetres.
    pub width_mm: f32,
    /// Its height in millimetres.
    pub height_mm: f32,
    /// The viewBox's width and height: how many template units span the card.
    pub units: (f32, f32),
    /// The `viewBox`'s top-left corner, in template units.
    pub origin: (f32, f32),
    /// The root `<svg>` element, cut at its slots.
    pub pieces: Vec<Piece>,
    /// Every `id` defined in the template (so built-in icons it redefines are not added).
    pub ids: Vec<String>,
}

impl Template {
    /// Parses a template's text. `file` names it in messages.
    pub fn parse(file: &str, text: &str) -> Result<Self, TemplateError> {
        let doc = roxmltree::Document::parse(text).map_err(|e| {
            let pos = e.pos();
            TemplateError {
                file: file.to_owned(),
                line: pos.row,
                column: pos.col,
                message: format!("not a readable SVG file: {e}"),
            }
        })?;
        let err = |node: roxmltree::Node, message: String| {
            let pos = doc.text_pos_at(node.range().start);
            TemplateError {
                file: file.to_owned(),
                line: pos.row,
                column: pos.col,
                message,
            }
        };
        let root = doc.root_element();
        if root.tag_name().name() != "svg" || !text[root.range().start..].starts_with("<svg") {
            return Err(err(root, "a template's root element must be <svg>".into()));
        }
        let size = |attr: &str| -> Result<f32, TemplateError> {
            let value = root.attribute(attr).ok_or_else(|| {
                err(
                    root,
                    format!("the <svg> needs a `{attr}` in millimetres, e.g. {attr}=\"63mm\""),
                )
            })?;
            value
                .trim()
                .strip_suffix("mm")
                .and_then(|n| n.trim().parse::<f32>().ok())
                .filter(|v| v.is_finite() && *v > 0.0 && *v <= 1000.0)
                .ok_or_else(|| {
                    err(
                        root,
                        format!(
                            "`{attr}=\"{value}\"`: a template's size must be in millimetres, e.g. \"63mm\" (at most 1000mm)"
                        ),
                    )
                })
        };
        let width_mm = size("width")?;
        let height_mm = size("height")?;
        let view_box: Vec<f32> = root
            .attribute("viewBox")
            .unwrap_or("")
            .split([' ', ','])
            .filter(|p| !p.is_empty())
            .filter_map(|p| p.parse::<f32>().ok())
            .collect();
        let &[vb_x, vb_y, vb_width, vb_height] = view_box.as_slice() else {
            return Err(err(
                root,
                "the <svg> needs a `viewBox` of four numbers (e.g. viewBox=\"0 0 63 88\" to draw in millimetres)"
                    .into(),
            ));
        };
        if !(vb_width > 0.0 && vb_height > 0.0) {
            return Err(err(root, "the `viewBox` has no area".into()));
        }
        let mut ids = Vec::new();
        for node in root.descendants().filter(roxmltree::Node::is_element) {
            if let Some(id) = node.attribute("id") {
                ids.push(id.to_owned());
            }
        }
        let range = root.range();
        let mut cursor = Cursor {
            text,
            pos: range.start,
            out: Vec::new(),
        };
        // `<svg` then the placement, then the root's other attributes as written.
        cursor.literal_to(range.start + "<svg".len());
        cursor.out.push(Piece::RootPlacement);
        for attr in root.attributes() {
            if ROOT_PLACEMENT_ATTRS.contains(&attr.name()) && attr.namespace().is_none() {
                let r = attr.range();
                cursor.literal_to(r.start);
                cursor.pos = r.end;
            }
        }
        walk(&mut cursor, root, &err)?;
        cursor.literal_to(range.end);
        Ok(Template {
            file: file.to_owned(),
            width_mm,
            height_mm,
            units: (vb_width, vb_height),
            origin: (vb_x, vb_y),
            pieces: cursor.out,
            ids,
        })
    }

    /// The `art` slot, if the template has one.
    #[must_use]
    pub fn art_slot(&self) -> Option<&Slot> {
        self.slots().into_iter().find(|s| s.kind == SlotKind::Art)
    }

    /// Every slot, in document order.
    #[must_use]
    pub fn slots(&self) -> Vec<&Slot> {
        fn collect<'a>(pieces: &'a [Piece], out: &mut Vec<&'a Slot>) {
            for piece in pieces {
                match piece {
                    Piece::Slot(s) => out.push(s),
                    Piece::ShowIf { body, .. } => collect(body, out),
                    Piece::Literal(_) | Piece::RootPlacement => {}
                }
            }
        }
        let mut out = Vec::new();
        collect(&self.pieces, &mut out);
        out
    }
}

/// The root attributes replaced by [`Piece::RootPlacement`].
const ROOT_PLACEMENT_ATTRS: [&str; 6] = [
    "x",
    "y",
    "width",
    "height",
    "preserveAspectRatio",
    "overflow",
];

struct Cursor<'t> {
    text: &'t str,
    pos: usize,
    out: Vec<Piece>,
}

impl Cursor<'_> {
    fn literal_to(&mut self, end: usize) {
        if end > self.pos {
            let piece = &self.text[self.pos..end];
            if let Some(Piece::Literal(last)) = self.out.last_mut() {
                last.push_str(piece);
            } else {
                self.out.push(Piece::Literal(piece.to_owned()));
            }
        }
        self.pos = self.pos.max(end);
    }
}

fn walk<'a, 'i, E>(
    cursor: &mut Cursor<'_>,
    node: roxmltree::Node<'a, 'i>,
    err: &E,
) -> Result<(), TemplateError>
where
    E: Fn(roxmltree::Node<'a, 'i>, String) -> TemplateError,
{
    for child in node.children().filter(roxmltree::Node::is_element) {
        let range = child.range();
        if let Some(field) = child.attribute("data-show-if") {
            cursor.literal_to(range.start);
            let mut inner = Cursor {
                text: cursor.text,
                pos: range.start,
                out: Vec::new(),
            };
            if let Some(slot) = slot_of(child, err)? {
                inner.out.push(Piece::Slot(slot));
            } else {
                walk(&mut inner, child, err)?;
                inner.literal_to(range.end);
            }
            cursor.out.push(Piece::ShowIf {
                field: field.trim().to_owned(),
                body: inner.out,
            });
            cursor.pos = range.end;
        } else if let Some(slot) = slot_of(child, err)? {
            cursor.literal_to(range.start);
            cursor.out.push(Piece::Slot(slot));
            cursor.pos = range.end;
        } else {
            walk(cursor, child, err)?;
        }
    }
    Ok(())
}

fn is_slot_name(id: &str) -> bool {
    SLOT_NAMES.contains(&id) || id.strip_prefix("stat-").is_some_and(|s| !s.is_empty())
}

fn slot_of<'a, 'i, E>(node: roxmltree::Node<'a, 'i>, err: &E) -> Result<Option<Slot>, TemplateError>
where
    E: Fn(roxmltree::Node<'a, 'i>, String) -> TemplateError,
{
    let Some(id) = node.attribute("id").filter(|id| is_slot_name(id)) else {
        return Ok(None);
    };
    if node.tag_name().name() != "rect" {
        return Err(err(
            node,
            format!(
                "slot `{id}` must be a <rect> (its box), not <{}>",
                node.tag_name().name()
            ),
        ));
    }
    let number = |attr: &str, default: Option<f32>| -> Result<f32, TemplateError> {
        match node.attribute(attr) {
            Some(v) => v
                .trim()
                .parse::<f32>()
                .ok()
                .filter(|n| n.is_finite())
                .ok_or_else(|| {
                    err(
                        node,
                        format!("slot `{id}`: `{attr}=\"{v}\"` is not a number (in the template's units, no unit suffix)"),
                    )
                }),
            None => default.ok_or_else(|| err(node, format!("slot `{id}` needs `{attr}`"))),
        }
    };
    let rect = Rect {
        x: number("x", Some(0.0))?,
        y: number("y", Some(0.0))?,
        width: number("width", None)?,
        height: number("height", None)?,
    };
    if rect.width <= 0.0 || rect.height <= 0.0 {
        return Err(err(node, format!("slot `{id}` has no area")));
    }
    let kind = match id {
        "art" => SlotKind::Art,
        "rarity" => SlotKind::Rarity,
        _ => {
            let fonts = Fonts::bundled();
            let family = node.attribute("data-font").unwrap_or(DEFAULT_FAMILY);
            if !fonts.has_family(family) {
                return Err(err(
                    node,
                    format!(
                        "slot `{id}`: font `{family}` is not bundled (use \"Noto Sans\" or \"Noto Serif\")"
                    ),
                ));
            }
            let size = number("data-size", Some(rect.height * 0.7))?;
            let min_size = number("data-min-size", Some(size * 0.6))?.min(size);
            if size <= 0.0 || min_size <= 0.0 {
                return Err(err(node, format!("slot `{id}`: sizes must be above 0")));
            }
            let align = match node.attribute("data-align").unwrap_or("start") {
                "start" | "left" => Align::Start,
                "middle" | "center" => Align::Middle,
                "end" | "right" => Align::End,
                other => {
                    return Err(err(
                        node,
                        format!("slot `{id}`: `data-align=\"{other}\"` (use start, middle or end)"),
                    ));
                }
            };
            let valign = match node.attribute("data-valign").unwrap_or("middle") {
                "top" => VAlign::Top,
                "middle" | "center" => VAlign::Middle,
                "bottom" => VAlign::Bottom,
                other => {
                    return Err(err(
                        node,
                        format!(
                            "slot `{id}`: `data-valign=\"{other}\"` (use top, middle or bottom)"
                        ),
                    ));
                }
            };
            SlotKind::Text(TextStyle {
                family: family.to_owned(),
                bold: node.attribute("data-weight") == Some("bold"),
                italic: node.attribute("data-style") == Some("italic"),
                size,
                min_size,
                line_height: number("data-line-height", Some(1.2))?.clamp(0.8, 3.0),
                align,
                valign,
                color: node.attribute("data-color").unwrap_or("#1e1812").to_owned(),
                wrap: id == "rules",
            })
        }
    };
    Ok(Some(Slot {
        name: id.to_owned(),
        rect,
        kind,
    }))
}

/// The built-in templates (`assets/templates/`): (file name, text).
pub const BUILTIN: [(&str, &str); 12] = [
    (
        "creature.svg",
        include_str!("../../assets/templates/creature.svg"),
    ),
    (
        "artifact.svg",
        include_str!("../../assets/templates/artifact.svg"),
    ),
    (
        "spell.svg",
        include_str!("../../assets/templates/spell.svg"),
    ),
    (
        "other.svg",
        include_str!("../../assets/templates/other.svg"),
    ),
    ("back.svg", include_str!("../../assets/templates/back.svg")),
    (
        "champion.svg",
        include_str!("../../assets/templates/champion.svg"),
    ),
    (
        "beast.svg",
        include_str!("../../assets/templates/beast.svg"),
    ),
    ("item.svg", include_str!("../../assets/templates/item.svg")),
    (
        "relic.svg",
        include_str!("../../assets/templates/relic.svg"),
    ),
    (
        "structure.svg",
        include_str!("../../assets/templates/structure.svg"),
    ),
    (
        "clade.svg",
        include_str!("../../assets/templates/clade.svg"),
    ),
    (
        "action.svg",
        include_str!("../../assets/templates/action.svg"),
    ),
];

/// The built-in icons (`assets/templates/icons.svg`): `<symbol id="icon-NAME">`s.
pub const ICONS: &str = include_str!("../../assets/templates/icons.svg");

/// Where a pack keeps templates that replace the built-in ones.
pub const PACK_TEMPLATE_DIR: &str = "assets/templates";

/// Reads the template `name` (`creature.svg`): the pack's own
/// (`PACK/assets/templates/NAME`) if there is one, else the built-in one. `Ok(None)` when
/// neither exists.
pub fn load_named(pack_root: Option<&Path>, name: &str) -> Result<Option<Template>, TemplateError> {
    if let Some(root) = pack_root {
        let path = root.join(PACK_TEMPLATE_DIR).join(name);
        if path.is_file() {
            return load_file(&path).map(Some);
        }
    }
    BUILTIN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, text)| Template::parse(&format!("assets/templates/{n}"), text))
        .transpose()
}

/// Reads a template file.
pub fn load_file(path: &Path) -> Result<Template, TemplateError> {
    let file = path.display().to_string();
    let text = read_limited(path).map_err(|e| TemplateError {
        file: file.clone(),
        line: 1,
        column: 1,
        message: e.to_string(),
    })?;
    Template::parse(&file, &text)
}

/// Templates larger than this are refused before reading.
pub const MAX_TEMPLATE_BYTES: u64 = 8 * 1024 * 1024;

/// Why a template file could not be read as text.
#[derive(Debug, thiserror::Error)]
enum ReadError {
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    #[error("file is {0} bytes; a template may have at most {MAX_TEMPLATE_BYTES}")]
    TooLarge(u64),
}

fn read_limited(path: &Path) -> Result<String, ReadError> {
    let meta = std::fs::metadata(path)?;
    if meta.len() > MAX_TEMPLATE_BYTES {
        return Err(ReadError::TooLarge(meta.len()));
    }
    Ok(std::fs::read_to_string(path)?)
}

/// The template file names tried for a card kind, most specific first: `beast.svg`, then the
/// family's (`creature.svg`).
#[must_use]
pub fn names_for_kind(kind: sigilforge_engine::model::CardKind) -> [String; 2] {
    use sigilforge_engine::model::CardKind as K;
    let family = match kind {
        K::Creature | K::Beast | K::Ally | K::Champion | K::Token => "creature",
        K::Artifact | K::Item | K::Relic => "artifact",
        K::Spell | K::Action => "spell",
        K::Structure | K::Clade => "other",
    };
    [
        format!("{}.svg", kind.name().to_ascii_lowercase()),
        format!("{family}.svg"),
    ]
}

/// The template file a card of `kind` is drawn with: the pack's own for the kind
/// (`PACK/assets/templates/beast.svg`), else the pack's own for its family (`creature.svg`: a
/// pack that restyled its creatures keeps that look for beasts), else the built-in one for the
/// kind (beast, champion, item, relic, structure, clade and action have their own frames),
/// else the built-in family's.
#[must_use]
pub fn frame_for_kind(
    pack_root: Option<&Path>,
    kind: sigilforge_engine::model::CardKind,
) -> String {
    let [specific, family] = names_for_kind(kind);
    let in_pack =
        |name: &str| pack_root.is_some_and(|r| r.join(PACK_TEMPLATE_DIR).join(name).is_file());
    if in_pack(&specific) || (!in_pack(&family) && BUILTIN.iter().any(|(n, _)| *n == specific)) {
        specific
    } else {
        family
    }
}

/// A pack path for messages.
#[must_use]
pub fn pack_template_path(root: &Path, name: &str) -> PathBuf {
    root.join(PACK_TEMPLATE_DIR).join(name)
}

#[cfg(test)]
#[path = "template_tests.rs"]
mod tests;
