//! Filling a template: the card's values go into the slots (text laid out to fit, the art
//! cropped to its box, the rarity gem), and the template is placed on a canvas of the card's
//! size plus bleed. The result is one SVG document; every output (PNG, PDF, Tabletop Simulator
//! sheets, the editor's preview) draws that same document.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::sync::OnceLock;

use sigilforge_engine::markup::escape;
use sigilforge_engine::rules::card_text::CardTextLine;
use usvg::roxmltree;

use crate::fonts::Fonts;
use crate::paper::PT_PER_MM;
use crate::template::{ICONS, Piece, Slot, SlotKind, Template};
use crate::text_fit::{self, Layout, Paragraph, Placed, Rect, TextStyle};

/// What goes into one slot.
#[derive(Debug, Clone, PartialEq)]
pub enum SlotValue {
    /// One line of text (name, cost, type line, a stat).
    Text(String),
    /// The rules text, paragraph by paragraph (keyword heads are set bold).
    Rules(Vec<CardTextLine>),
    /// An image, by the key the image resolver knows it by, and its size in pixels.
    Image {
        /// The key (`href`).
        key: String,
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// A gem in this colour (the rarity mark).
    Gem(String),
}

/// The values of one face (a card's front, or a back).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FaceData {
    /// Slot name → value. A slot with no value is left empty.
    pub values: BTreeMap<String, SlotValue>,
    /// The fields this face has, for `data-show-if` (`attack` only when attack is not 0, …).
    pub present: BTreeSet<String>,
    /// Names set bold wherever they appear in rules text (the pack's keywords).
    pub bold_names: Vec<String>,
}

/// Where a face is drawn: the card's trimmed size and the bleed around it, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Card width (the cut line).
    pub width_mm: f32,
    /// Card height.
    pub height_mm: f32,
    /// Extra margin printed around the cut line on every side.
    pub bleed_mm: f32,
}

impl Frame {
    /// The template's own size, without bleed.
    #[must_use]
    pub fn of(template: &Template) -> Self {
        Self {
            width_mm: template.width_mm,
            height_mm: template.height_mm,
            bleed_mm: 0.0,
        }
    }

    /// Width including bleed.
    #[must_use]
    pub fn outer_width(&self) -> f32 {
        self.width_mm + 2.0 * self.bleed_mm
    }

    /// Height including bleed.
    #[must_use]
    pub fn outer_height(&self) -> f32 {
        self.height_mm + 2.0 * self.bleed_mm
    }
}

/// How art is fitted to its box (cropped to the box's shape either way).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ArtFit {
    /// The drawing clips the image (for vector output: the PDF keeps the whole image).
    Clip,
    /// The image is cropped, and scaled to the box's size in pixels, before it is drawn (for
    /// pixels: a clip would cost resvg a card-sized mask, and scaling every card again a
    /// third of its time).
    Crop {
        /// Output pixels per millimetre.
        px_per_mm: f32,
    },
}

/// A filled template.
#[derive(Debug, Clone, PartialEq)]
pub struct Composed {
    /// The SVG document, in millimetres, its origin at the bleed's top-left corner.
    pub svg: String,
    /// Things the designer should know (text cut short).
    pub warnings: Vec<String>,
    /// Where in `svg` the template's first slot (or `data-show-if` part) begins, when the
    /// template is drawn whole, in one pass: what comes before it is the same for every card
    /// of that template and frame, and raster outputs keep it drawn (`crate::layers`).
    pub static_end: Option<usize>,
}

/// How a template is laid out on a card of another shape: scaled uniformly (a circle stays a
/// circle) to fit the card's narrower side, and the extra length along the other side given to
/// the art, cut across its middle. The template is drawn in three clipped pieces: the part
/// before the cut, the part after it moved by the extra length, and between them a thin strip
/// at the cut stretched along (only the art window's plain frame is there, stretching a line
/// of it changes no shape). The art box grows by the extra length and its image is cropped to
/// the box's new shape. A template with no art (a back) has nothing that may grow: it is
/// centred on the card, and its drawing past its edges (its bleed) fills the rest.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SizeLayout {
    /// Millimetres per template unit, the same both ways.
    pub scale: f32,
    /// The extra length in millimetres and the axis it runs along, when the card's shape is
    /// not the template's and the template has art to grow.
    pub stretch: Option<Stretch>,
    /// Where the template's box sits on the card (its top-left corner, in millimetres):
    /// centred, so (0, 0) unless a template with no art is laid out on another shape.
    pub offset_mm: (f32, f32),
}

/// The extra length a card of another shape gives the art (see [`SizeLayout`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stretch {
    /// Along the height (a taller card) or else the width.
    pub vertical: bool,
    /// Where the template is cut, in millimetres from the card's edge (left or top), before
    /// the extra length.
    pub cut_mm: f32,
    /// The extra length, in millimetres.
    pub extra_mm: f32,
}

/// Rules text set smaller than this (in points, on the card as printed) gets a warning.
pub const MIN_RULES_PT: f32 = 6.0;

/// Below this difference (in millimetres) a card has its template's shape.
const SAME_SHAPE_MM: f32 = 0.01;
/// The length of template stretched across the extra length, in millimetres on the card.
const STRIP_MM: f32 = 0.2;
/// How far the stretched strip reaches under each part, in millimetres on the card. Each
/// part's clipped edge is anti-aliased: where the strip's edge fell in the same pixel the two
/// partial coverages left the row see-through (a light hairline across the frame at 100 dpi,
/// and in PDF viewers). Half a millimetre is more than a pixel at 72 dpi; the strip there is
/// hidden under the parts, which are opaque frame at the cut.
const SEAM_MM: f32 = 0.5;

impl SizeLayout {
    /// The layout of `template` on a `frame`-sized card.
    #[must_use]
    pub fn new(template: &Template, frame: Frame) -> Self {
        let (uw, uh) = template.units;
        let scale = (frame.width_mm / uw).min(frame.height_mm / uh);
        let (extra_w, extra_h) = (frame.width_mm - uw * scale, frame.height_mm - uh * scale);
        let vertical = extra_h >= extra_w;
        let extra_mm = extra_w.max(extra_h);
        if extra_mm < SAME_SHAPE_MM {
            return Self {
                scale,
                stretch: None,
                offset_mm: (0.0, 0.0),
            };
        }
        // Stretching a strip of a template with no art would stretch what is there (a back's
        // emblem and its pattern): centre it instead.
        let Some(art) = template.art_slot() else {
            return Self {
                scale,
                stretch: None,
                offset_mm: (extra_w / 2.0, extra_h / 2.0),
            };
        };
        let (origin, length) = if vertical {
            (template.origin.1, uh)
        } else {
            (template.origin.0, uw)
        };
        let centre = if vertical {
            art.rect.y + art.rect.height / 2.0
        } else {
            art.rect.x + art.rect.width / 2.0
        };
        Self {
            scale,
            stretch: Some(Stretch {
                vertical,
                cut_mm: ((centre - origin) * scale).clamp(0.0, length * scale),
                extra_mm,
            }),
            offset_mm: (0.0, 0.0),
        }
    }
}

/// Which part of the template one pass of the pieces draws (see [`SizeLayout`]).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Band {
    /// All of it (the card has the template's shape).
    All,
    /// The slots before the cut (in template units along the stretch's axis).
    Before(f32),
    /// The slots after the cut.
    After(f32),
    /// No slots: the strip stretched across the extra length.
    Strip,
}

/// Fills `template` with `face` and places it in `frame`, fitting art as `fit` says, with the
/// bundled fonts.
#[must_use]
pub fn compose(template: &Template, face: &FaceData, frame: Frame, fit: ArtFit) -> Composed {
    compose_with(Fonts::bundled(), template, face, frame, fit)
}

/// [`compose`] with `fonts` (a pack's: the bundled ones and its own).
#[must_use]
pub fn compose_with(
    fonts: &Fonts,
    template: &Template,
    face: &FaceData,
    frame: Frame,
    fit: ArtFit,
) -> Composed {
    let b = frame.bleed_mm;
    let (ow, oh) = (frame.outer_width(), frame.outer_height());
    let mut svg = String::with_capacity(16 * 1024);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{}" height="{}" viewBox="{} {} {} {}"><defs>"#,
        num(ow),
        num(oh),
        num(-b),
        num(-b),
        num(ow),
        num(oh)
    );
    let icons = builtin_icons();
    for (name, symbol) in icons {
        if !template.ids.iter().any(|id| id == &format!("icon-{name}")) {
            svg.push_str(symbol);
        }
    }
    let size = SizeLayout::new(template, frame);
    if let Some(stretch) = size.stretch {
        clip_paths(&mut svg, frame, stretch);
    }
    // No clip otherwise: every output draws a card on a canvas of exactly its bleed box (a
    // PNG, a Tabletop Simulator cell copied onto its sheet) or clips to it (krilla-svg in the
    // PDF). A clip group would cost resvg two extra full-size layers per card.
    svg.push_str("</defs>");
    let is_icon = |name: &str| {
        icons.iter().any(|(n, _)| n == name)
            || template
                .ids
                .iter()
                .any(|id| id.strip_prefix("icon-") == Some(name))
    };
    let (tw, th) = (template.units.0 * size.scale, template.units.1 * size.scale);
    let mut ctx = Context {
        svg,
        warnings: Vec::new(),
        fonts,
        face,
        is_icon: &is_icon,
        fit,
        unit_mm: size.scale,
        band: Band::All,
        vertical: size.stretch.is_none_or(|st| st.vertical),
        placement: (0.0, 0.0, tw, th),
    };
    let mut static_end = None;
    match size.stretch {
        None => {
            ctx.placement = if size.offset_mm == (0.0, 0.0) {
                // Exact: the template's own shape fills the frame.
                (0.0, 0.0, frame.width_mm, frame.height_mm)
            } else {
                // No art to grow: the template centred, at its own shape.
                (size.offset_mm.0, size.offset_mm.1, tw, th)
            };
            let first_filled = template
                .pieces
                .iter()
                .position(|p| matches!(p, Piece::Slot(_) | Piece::ShowIf { .. }))
                .unwrap_or(template.pieces.len());
            ctx.pieces(&template.pieces[..first_filled]);
            static_end = Some(ctx.svg.len());
            ctx.pieces(&template.pieces[first_filled..]);
        }
        Some(stretch) => {
            let cut_units = stretch.cut_mm / size.scale
                + if stretch.vertical {
                    template.origin.1
                } else {
                    template.origin.0
                };
            let extra = stretch.extra_mm;
            let along = |v: f32| if stretch.vertical { (0.0, v) } else { (v, 0.0) };
            // The strip first, so the two parts' anti-aliased edges lie over it.
            let factor = (extra + STRIP_MM) / STRIP_MM;
            let (sx, sy) = if stretch.vertical {
                (1.0, factor)
            } else {
                (factor, 1.0)
            };
            let (cx, cy) = along(stretch.cut_mm - STRIP_MM / 2.0);
            let _ = write!(
                ctx.svg,
                r#"<g clip-path="url(#sf-strip)"><g transform="translate({} {}) scale({} {}) translate({} {})">"#,
                num(cx),
                num(cy),
                num(sx),
                num(sy),
                num(-cx),
                num(-cy),
            );
            ctx.band = Band::Strip;
            ctx.pieces(&template.pieces);
            ctx.svg.push_str("</g></g>");
            ctx.svg.push_str(r#"<g clip-path="url(#sf-before)">"#);
            ctx.band = Band::Before(cut_units);
            ctx.pieces(&template.pieces);
            ctx.svg.push_str(r#"</g><g clip-path="url(#sf-after)">"#);
            let (ax, ay) = along(extra);
            ctx.placement = (ax, ay, tw, th);
            ctx.band = Band::After(cut_units);
            ctx.pieces(&template.pieces);
            ctx.svg.push_str("</g>");
            // The art, over its grown box, in millimetres on the card.
            if let Some(art) = template.art_slot() {
                let scale = size.scale;
                let (ox, oy) = template.origin;
                let (gw, gh) = along(extra);
                let rect = Rect {
                    x: (art.rect.x - ox) * scale,
                    y: (art.rect.y - oy) * scale,
                    width: art.rect.width * scale + gw,
                    height: art.rect.height * scale + gh,
                };
                ctx.unit_mm = 1.0;
                ctx.band = Band::All;
                ctx.art(rect);
            }
        }
    }
    ctx.svg.push_str("</svg>");
    Composed {
        svg: ctx.svg,
        warnings: ctx.warnings,
        static_end,
    }
}

/// The clip paths of a stretched layout: before the cut, after it, and the strip between.
fn clip_paths(svg: &mut String, frame: Frame, stretch: Stretch) {
    let bleed = frame.bleed_mm;
    let (cut, extra) = (stretch.cut_mm, stretch.extra_mm);
    let (length, across) = if stretch.vertical {
        (frame.height_mm, frame.width_mm)
    } else {
        (frame.width_mm, frame.height_mm)
    };
    // (id, start, end) along the axis; the strip reaches under both parts.
    let parts = [
        ("sf-before", -bleed, cut),
        ("sf-after", cut + extra, length + bleed),
        ("sf-strip", cut - SEAM_MM, cut + extra + SEAM_MM),
    ];
    for (id, start, end) in parts {
        let (x, y, width, height) = if stretch.vertical {
            (-bleed, start, across + 2.0 * bleed, end - start)
        } else {
            (start, -bleed, end - start, across + 2.0 * bleed)
        };
        let _ = write!(
            svg,
            r#"<clipPath id="{id}"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath>"#,
            num(x),
            num(y),
            num(width),
            num(height)
        );
    }
}

struct Context<'a> {
    svg: String,
    warnings: Vec<String>,
    fonts: &'a Fonts,
    face: &'a FaceData,
    is_icon: &'a dyn Fn(&str) -> bool,
    fit: ArtFit,
    /// Millimetres on the card per unit of the coordinates slots are drawn in.
    unit_mm: f32,
    /// Which slots this pass draws.
    band: Band,
    /// The axis a stretched layout cuts across: along the height.
    vertical: bool,
    /// Where the template's root `<svg>` goes: x, y, width, height in millimetres.
    placement: (f32, f32, f32, f32),
}

impl Context<'_> {
    fn pieces(&mut self, pieces: &[Piece]) {
        for piece in pieces {
            match piece {
                Piece::Literal(text) => self.svg.push_str(text),
                Piece::RootPlacement => {
                    let (x, y, w, h) = self.placement;
                    let _ = write!(
                        self.svg,
                        r#" x="{}" y="{}" width="{}" height="{}" preserveAspectRatio="none" overflow="visible""#,
                        num(x),
                        num(y),
                        num(w),
                        num(h)
                    );
                }
                Piece::Slot(slot) => {
                    if self.draws(slot) {
                        self.slot(slot);
                    }
                }
                Piece::ShowIf { field, body } => {
                    if self.face.present.contains(field) {
                        self.pieces(body);
                    }
                }
            }
        }
    }

    /// Whether this pass draws `slot` (each slot is drawn by exactly one pass; a stretched
    /// layout draws the art apart, over its grown box).
    fn draws(&self, slot: &Slot) -> bool {
        let centre = |vertical: bool| {
            if vertical {
                slot.rect.y + slot.rect.height / 2.0
            } else {
                slot.rect.x + slot.rect.width / 2.0
            }
        };
        let vertical = self.vertical;
        match self.band {
            Band::All => true,
            Band::Strip => false,
            _ if slot.kind == SlotKind::Art => false,
            Band::Before(cut) => centre(vertical) < cut,
            Band::After(cut) => centre(vertical) >= cut,
        }
    }

    fn slot(&mut self, slot: &Slot) {
        let Some(value) = self.face.values.get(&slot.name) else {
            return;
        };
        let rect = slot.rect;
        match (&slot.kind, value) {
            (SlotKind::Text(style), SlotValue::Text(text)) if !text.is_empty() => {
                // A line break starts a new line where the slot wraps; a one-line slot
                // keeps it as a space.
                let paragraphs: Vec<Paragraph> = if style.wrap {
                    text.split('\n')
                        .map(|part| Paragraph::plain(part.trim_end_matches('\r')))
                        .collect()
                } else {
                    vec![Paragraph::plain(&text.replace(['\r', '\n'], " "))]
                };
                let layout = text_fit::layout(self.fonts, &paragraphs, style, rect);
                self.text(slot, style, &layout);
            }
            (SlotKind::Text(style), SlotValue::Rules(lines)) => {
                // The card's own line breaks stay on its face: each starts a paragraph, the
                // keyword head on the first.
                let (bold_names, is_icon) = (&self.face.bold_names, self.is_icon);
                let paragraphs: Vec<Paragraph> = lines
                    .iter()
                    .flat_map(|line| {
                        line.body.split('\n').enumerate().map(move |(i, part)| {
                            Paragraph::markup(
                                line.keyword.as_deref().filter(|_| i == 0),
                                part.trim_end_matches('\r'),
                                bold_names,
                                is_icon,
                            )
                        })
                    })
                    .collect();
                let layout = text_fit::layout(self.fonts, &paragraphs, style, rect);
                self.text(slot, style, &layout);
            }
            (SlotKind::Art, SlotValue::Image { .. }) => self.art(rect),
            (SlotKind::Rarity, SlotValue::Gem(color)) => {
                let (cx, cy) = (rect.x + rect.width / 2.0, rect.y + rect.height / 2.0);
                let (hw, hh) = (rect.width / 2.0, rect.height / 2.0);
                let _ = write!(
                    self.svg,
                    r##"<path d="M{} {} L{} {} L{} {} L{} {} Z" fill="{}" stroke="#f7f2e6" stroke-width="{}"/>"##,
                    num(cx),
                    num(cy - hh),
                    num(cx + hw),
                    num(cy),
                    num(cx),
                    num(cy + hh),
                    num(cx - hw),
                    num(cy),
                    escape(color),
                    num(rect.width.min(rect.height) * 0.08)
                );
            }
            // A value of the wrong kind for its slot (an image in a text slot): left empty.
            _ => {}
        }
    }

    /// The art (the face's `art` value) over `rect`, cropped to the box's shape, never
    /// stretched.
    fn art(&mut self, rect: Rect) {
        let Some(SlotValue::Image { key, width, height }) = self.face.values.get("art") else {
            return;
        };
        let (href, aspect, quality) = match self.fit {
            ArtFit::Clip => (key.clone(), "xMidYMid slice", "optimizeQuality"),
            ArtFit::Crop { px_per_mm } => {
                let (crop_x, crop_y, crop_w, crop_h) =
                    cover_crop(*width, *height, rect.width, rect.height);
                // The box's size in output pixels (exact unless the slot sits in a scaled
                // group; then the nearest-pixel draw resamples a little).
                let out_w = (rect.width * self.unit_mm * px_per_mm).round().max(1.0);
                let out_h = (rect.height * self.unit_mm * px_per_mm).round().max(1.0);
                (
                    format!("{key}{CROP_MARK}{crop_x},{crop_y},{crop_w},{crop_h},{out_w},{out_h}"),
                    "none",
                    "optimizeSpeed",
                )
            }
        };
        let _ = write!(
            self.svg,
            r#"<image xlink:href="{}" x="{}" y="{}" width="{}" height="{}" preserveAspectRatio="{aspect}" image-rendering="{quality}"/>"#,
            escape(&href),
            num(rect.x),
            num(rect.y),
            num(rect.width),
            num(rect.height),
        );
    }

    fn text(&mut self, slot: &Slot, style: &TextStyle, layout: &Layout) {
        if layout.overflowed {
            self.warnings.push(format!(
                "the {} text does not fit its box even at size {}; it is cut short with …",
                slot.name,
                num(style.min_size)
            ));
        }
        let points = layout.size * self.unit_mm * PT_PER_MM;
        if slot.name == "rules" && points < MIN_RULES_PT - 0.05 {
            self.warnings.push(format!(
                "the rules text is set at {points:.1} pt to fit its box, below {MIN_RULES_PT} pt: hard to read in print (shorten it, or give the slot more room)"
            ));
        }
        let _ = write!(
            self.svg,
            r#"<text font-family="{}" font-size="{}" fill="{}"{}{}>"#,
            escape(&style.family),
            num(layout.size),
            escape(&style.color),
            if style.bold {
                r#" font-weight="bold""#
            } else {
                ""
            },
            if style.italic {
                r#" font-style="italic""#
            } else {
                ""
            },
        );
        let mut icons = String::new();
        for line in &layout.lines {
            for piece in &line.pieces {
                match piece {
                    Placed::Text { x, text, bold } => {
                        let _ = write!(
                            self.svg,
                            r#"<tspan x="{}" y="{}"{}>{}</tspan>"#,
                            num(*x),
                            num(line.baseline),
                            if *bold && !style.bold {
                                r#" font-weight="bold""#
                            } else {
                                ""
                            },
                            escape(text)
                        );
                    }
                    Placed::Icon { x, name } => {
                        let s = layout.size;
                        let _ = write!(
                            icons,
                            r##"<use xlink:href="#icon-{}" x="{}" y="{}" width="{}" height="{}" color="{}" fill="{}"/>"##,
                            escape(name),
                            num(x + 0.075 * s),
                            num(line.baseline - 0.78 * s),
                            num(0.9 * s),
                            num(0.9 * s),
                            escape(&style.color),
                            escape(&style.color),
                        );
                    }
                }
            }
        }
        self.svg.push_str("</text>");
        self.svg.push_str(&icons);
    }
}

/// The built-in icons: (name, `<symbol>` text), read once from `assets/templates/icons.svg`.
fn builtin_icons() -> &'static [(String, String)] {
    static ICON_SYMBOLS: OnceLock<Vec<(String, String)>> = OnceLock::new();
    ICON_SYMBOLS.get_or_init(|| {
        // The file is part of the build and checked by a test; an unreadable one means no icons.
        let Ok(doc) = roxmltree::Document::parse(ICONS) else {
            return Vec::new();
        };
        doc.root_element()
            .children()
            .filter(|n| n.has_tag_name("symbol"))
            .filter_map(|n| {
                let name = n.attribute("id")?.strip_prefix("icon-")?;
                // The namespace is declared on the file's root; the card's root declares it too.
                Some((name.to_owned(), ICONS[n.range()].to_owned()))
            })
            .collect()
    })
}

/// The names of the built-in icons (`ATK`, `LIFE`, `COST`).
#[must_use]
pub fn builtin_icon_names() -> Vec<String> {
    builtin_icons().iter().map(|(n, _)| n.clone()).collect()
}

/// A number for SVG: at most three decimals, no trailing zeros.
#[must_use]
pub fn num(v: f32) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// Separates a key from the crop wanted of it.
pub const CROP_MARK: &str = "#crop=";

/// The part of an `iw × ih` image with the shape of a `bw × bh` box, centred: (x, y, w, h).
#[must_use]
pub fn cover_crop(iw: u32, ih: u32, bw: f32, bh: f32) -> (u32, u32, u32, u32) {
    let (image_w, image_h) = (iw.max(1) as f32, ih.max(1) as f32);
    let aspect = (bw / bh).max(1e-3);
    if image_w / image_h > aspect {
        let w = ((image_h * aspect).round() as u32).clamp(1, iw.max(1));
        ((iw.max(1) - w) / 2, 0, w, ih.max(1))
    } else {
        let h = ((image_w / aspect).round() as u32).clamp(1, ih.max(1));
        (0, (ih.max(1) - h) / 2, iw.max(1), h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::BUILTIN;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(2.0), "2");
        assert_eq!(num(2.6), "2.6");
        assert_eq!(num(-0.0001), "0");
    }

    #[test]
    fn the_builtin_icons_are_read() {
        assert_eq!(builtin_icon_names(), ["ATK", "LIFE", "COST"]);
    }

    #[test]
    fn a_filled_template_has_the_values_and_honours_show_if() {
        let template = Template::parse("artifact.svg", BUILTIN[1].1).unwrap();
        let mut face = FaceData::default();
        face.values
            .insert("name".into(), SlotValue::Text("Iron & Oak".into()));
        face.values
            .insert("attack".into(), SlotValue::Text("0".into()));
        face.values
            .insert("life".into(), SlotValue::Text("3".into()));
        face.present.insert("life".into());
        face.values.insert(
            "rules".into(),
            SlotValue::Rules(vec![CardTextLine {
                keyword: Some("Armor 1".into()),
                body: "Gains {ATK}.".into(),
                unknown_keyword: false,
            }]),
        );
        let out = compose(
            &template,
            &face,
            Frame {
                bleed_mm: 3.0,
                ..Frame::of(&template)
            },
            ArtFit::Crop { px_per_mm: 4.0 },
        );
        assert!(out.warnings.is_empty());
        assert!(out.svg.contains("Iron &amp; Oak"));
        // A poker card (63.5 × 88.9 mm) with 3 mm bleed all round.
        assert!(out.svg.contains(r#"viewBox="-3 -3 69.5 94.9""#));
        assert!(out.svg.contains(r##"xlink:href="#icon-ATK""##));
        assert!(out.svg.contains(r#"font-weight="bold">Armor 1</tspan>"#));
        // life is present, attack (0) is not: only life's badge is drawn.
        assert!(out.svg.contains(">3</tspan>"));
        assert!(!out.svg.contains(">0</tspan>"));
        roxmltree::Document::parse(&out.svg).unwrap();
    }
}
