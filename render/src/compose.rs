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
use crate::template::{ICONS, Piece, Slot, SlotKind, Template};
use crate::text_fit::{self, Layout, Paragraph, Placed, TextStyle};

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
}

/// Fills `template` with `face` and places it in `frame`, fitting art as `fit` says.
#[must_use]
pub fn compose(template: &Template, face: &FaceData, frame: Frame, fit: ArtFit) -> Composed {
    let fonts = Fonts::bundled();
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
    // No clip here: every output draws a card on a canvas of exactly its bleed box (a PNG, a
    // Tabletop Simulator cell copied onto its sheet) or clips to it (krilla-svg in the PDF).
    // A clip group would cost resvg two extra full-size layers per card.
    svg.push_str("</defs>");
    let is_icon = |name: &str| {
        icons.iter().any(|(n, _)| n == name)
            || template
                .ids
                .iter()
                .any(|id| id.strip_prefix("icon-") == Some(name))
    };
    let mut ctx = Context {
        svg,
        warnings: Vec::new(),
        fonts,
        face,
        frame,
        is_icon: &is_icon,
        fit,
        // Template units to millimetres on the card (the template is stretched to the frame).
        unit_mm: (
            frame.width_mm / template.units.0,
            frame.height_mm / template.units.1,
        ),
    };
    ctx.pieces(&template.pieces);
    ctx.svg.push_str("</svg>");
    Composed {
        svg: ctx.svg,
        warnings: ctx.warnings,
    }
}

struct Context<'a> {
    svg: String,
    warnings: Vec<String>,
    fonts: &'a Fonts,
    face: &'a FaceData,
    frame: Frame,
    is_icon: &'a dyn Fn(&str) -> bool,
    fit: ArtFit,
    unit_mm: (f32, f32),
}

impl Context<'_> {
    fn pieces(&mut self, pieces: &[Piece]) {
        for piece in pieces {
            match piece {
                Piece::Literal(text) => self.svg.push_str(text),
                Piece::RootPlacement => {
                    let _ = write!(
                        self.svg,
                        r#" x="0" y="0" width="{}" height="{}" preserveAspectRatio="none" overflow="visible""#,
                        num(self.frame.width_mm),
                        num(self.frame.height_mm)
                    );
                }
                Piece::Slot(slot) => self.slot(slot),
                Piece::ShowIf { field, body } => {
                    if self.face.present.contains(field) {
                        self.pieces(body);
                    }
                }
            }
        }
    }

    fn slot(&mut self, slot: &Slot) {
        let Some(value) = self.face.values.get(&slot.name) else {
            return;
        };
        let rect = slot.rect;
        match (&slot.kind, value) {
            (SlotKind::Text(style), SlotValue::Text(text)) if !text.is_empty() => {
                let layout = text_fit::layout(self.fonts, &[Paragraph::plain(text)], style, rect);
                self.text(slot, style, &layout);
            }
            (SlotKind::Text(style), SlotValue::Rules(lines)) => {
                let paragraphs: Vec<Paragraph> = lines
                    .iter()
                    .map(|line| {
                        Paragraph::markup(
                            line.keyword.as_deref(),
                            &line.body,
                            &self.face.bold_names,
                            self.is_icon,
                        )
                    })
                    .collect();
                let layout = text_fit::layout(self.fonts, &paragraphs, style, rect);
                self.text(slot, style, &layout);
            }
            (SlotKind::Art, SlotValue::Image { key, width, height }) => {
                let (href, aspect, quality) = match self.fit {
                    ArtFit::Clip => (key.clone(), "xMidYMid slice", "optimizeQuality"),
                    ArtFit::Crop { px_per_mm } => {
                        let (crop_x, crop_y, crop_w, crop_h) =
                            cover_crop(*width, *height, rect.width, rect.height);
                        // The box's size in output pixels (exact unless the slot sits in a
                        // scaled group; then the nearest-pixel draw resamples a little).
                        let out_w = (rect.width * self.unit_mm.0 * px_per_mm).round().max(1.0);
                        let out_h = (rect.height * self.unit_mm.1 * px_per_mm).round().max(1.0);
                        (
                            format!(
                                "{key}{CROP_MARK}{crop_x},{crop_y},{crop_w},{crop_h},{out_w},{out_h}"
                            ),
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

    fn text(&mut self, slot: &Slot, style: &TextStyle, layout: &Layout) {
        if layout.overflowed {
            self.warnings.push(format!(
                "the {} text does not fit its box even at size {}; it is cut short",
                slot.name,
                num(style.min_size)
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
        assert!(out.svg.contains(r#"viewBox="-3 -3 69 94""#));
        assert!(out.svg.contains(r##"xlink:href="#icon-ATK""##));
        assert!(out.svg.contains(r#"font-weight="bold">Armor 1</tspan>"#));
        // life is present, attack (0) is not: only life's badge is drawn.
        assert!(out.svg.contains(">3</tspan>"));
        assert!(!out.svg.contains(">0</tspan>"));
        roxmltree::Document::parse(&out.svg).unwrap();
    }
}
