//! The cards to output, ready to draw: each card's face data (from the engine's model and its
//! rules-text generator) with the template it uses, and the back. Building a [`Deck`] reads
//! every template first, so a broken template stops a job before anything is written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use sigilforge_engine::diag::Location;
use sigilforge_engine::model::{Card, CardKind};
use sigilforge_engine::pack::{Content, MANIFEST_FILE, Pack};
use sigilforge_engine::rules::card_text::card_text_lines;

use crate::RenderError;
use crate::compose::{self, ArtFit, Composed, FaceData, Frame, SlotValue};
use crate::fonts::Fonts;
use crate::images::{self, ImageStore};
use crate::template::{self, Template, TemplateError};

/// What to print on the back of every card.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum BackChoice {
    /// The pack's `assets/templates/back.svg`, else the built-in back.
    #[default]
    Default,
    /// A template file.
    Template(PathBuf),
    /// An image file (PNG or JPEG), stretched to cover the card and its bleed.
    Image(PathBuf),
    /// No backs.
    None,
}

impl BackChoice {
    /// Reads `--backs`: `none`, a `.svg` template, or an image file.
    #[must_use]
    pub fn parse(text: &str) -> Self {
        if text.eq_ignore_ascii_case("none") {
            return BackChoice::None;
        }
        let path = PathBuf::from(text);
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
        {
            BackChoice::Template(path)
        } else {
            BackChoice::Image(path)
        }
    }
}

/// One card, ready to draw.
#[derive(Debug, Clone)]
pub struct DeckCard {
    /// The card's id (file names are made from it).
    pub id: String,
    /// Its printed name.
    pub name: String,
    /// The template it is drawn with.
    pub template: Arc<Template>,
    /// Its slot values.
    pub face: FaceData,
    /// Problems found while preparing it (missing art), reported with the render's warnings.
    pub notes: Vec<String>,
    /// Where the card is written (`cards/set.ron:12:5`), which its drawing's warnings name.
    pub location: String,
    /// Characters of its face no bundled font has, each with where it is written
    /// (`cards/set.ron:4:13: …`); also in `notes`. `--strict` makes them errors.
    pub missing_glyphs: Vec<String>,
}

impl DeckCard {
    /// The card's rules text as plain text, a paragraph a line.
    #[must_use]
    pub fn rules_plain(&self) -> String {
        match self.face.values.get("rules") {
            Some(SlotValue::Rules(lines)) => lines
                .iter()
                .map(sigilforge_engine::rules::card_text::CardTextLine::to_plain)
                .collect::<Vec<_>>()
                .join("\n"),
            _ => String::new(),
        }
    }
}

/// A face composed and parsed, ready for any output.
pub struct Drawn {
    /// The drawing, in millimetres with its origin at the bleed's corner.
    pub tree: usvg::Tree,
    /// Warnings from filling the template (text cut short) and preparing the card.
    pub warnings: Vec<String>,
}

/// The cards of a job and their back.
#[derive(Debug, Clone)]
pub struct Deck {
    /// The pack folder (art is read from its `assets/`).
    pub pack_root: PathBuf,
    /// The pack's name (printed on the built-in back).
    pub pack_name: String,
    /// The cards in pack order.
    pub cards: Vec<DeckCard>,
    /// The back's template and values; `None` when printing without backs.
    pub back: Option<(Arc<Template>, FaceData)>,
    images: ImageStore,
}

impl Deck {
    /// The cards of `pack` (all, or those whose ids are in `only`, in pack order) with the
    /// templates they use. An id in `only` that is not in the pack is an error.
    pub fn from_pack(
        pack: &Pack,
        only: Option<&[String]>,
        back: &BackChoice,
    ) -> Result<Deck, RenderError> {
        if let Some(ids) = only {
            let missing: Vec<&str> = ids
                .iter()
                .filter(|id| pack.card(id).is_none())
                .map(String::as_str)
                .collect();
            if !missing.is_empty() {
                return Err(RenderError::UnknownCards(missing.join(", ")));
            }
        }
        let chosen: Vec<&Card> = pack
            .cards()
            .map(|(_, c)| c)
            .filter(|c| only.is_none_or(|ids| ids.iter().any(|id| id == &c.id)))
            .collect();
        Self::from_cards(pack, &chosen, back)
    }

    /// The cards of deck list `name` (`Pack::deck`), each copy a card of its own in the
    /// deck's order: a 40-card deck prints 40 cards.
    pub fn from_deck_list(pack: &Pack, name: &str, back: &BackChoice) -> Result<Deck, RenderError> {
        let chosen = pack.deck_cards(name)?;
        Self::from_cards(pack, &chosen, back)
    }

    /// These cards of `pack` (the editor's preview passes the one it shows), numbered by
    /// their place in the pack.
    pub fn from_cards(
        pack: &Pack,
        chosen: &[&Card],
        back: &BackChoice,
    ) -> Result<Deck, RenderError> {
        // Each card file's cards and the number of its first card: a chosen card's place is
        // found in its own file, without listing a 30,000-card pack for every preview.
        let mut total = 0;
        let mut card_files = Vec::new();
        for file in &pack.files {
            if let Content::Cards(set) = &file.content {
                card_files.push((file, set.cards.as_slice(), total));
                total += set.cards.len();
            }
        }
        let place_of = |card: &Card| {
            card_files.iter().find_map(|&(file, cards, first)| {
                cards
                    .as_ptr_range()
                    .contains(&std::ptr::from_ref(card))
                    .then(|| cards.iter().position(|c| std::ptr::eq(c, card)))
                    .flatten()
                    .map(|at| (file, first + at))
            })
        };
        let bold_names: Vec<String> = pack.keywords().map(|(_, k)| k.name.clone()).collect();
        let mut templates = TemplateCache::new(&pack.root);
        let images = ImageStore::new(&pack.root);
        let fonts = images.fonts();
        let mut cards = Vec::new();
        for card in chosen {
            let place = place_of(card);
            let number = place.map_or(1, |(_, i)| i + 1);
            let template = templates.for_kind(card.kind)?;
            let (face, mut notes) = card_face(pack, card, number, total, &bold_names);
            let anchor = format!("\"{}\"", card.id);
            let missing_glyphs = place.map_or_else(Vec::new, |(file, _)| {
                missing_glyphs(fonts, &face, &file.path, &file.source, &anchor)
            });
            let location = place.map_or_else(String::new, |(file, _)| {
                let at = sigilforge_engine::diag::locate_literal(&file.source, &card.id, 0);
                format!("{}:{}:{}", file.path, at.line, at.column)
            });
            notes.extend(missing_glyphs.iter().cloned());
            cards.push(DeckCard {
                id: card.id.clone(),
                name: card.name.clone(),
                template,
                face,
                notes,
                location,
                missing_glyphs,
            });
        }
        let mut deck = Deck {
            pack_root: pack.root.clone(),
            pack_name: pack.manifest.name.clone(),
            cards,
            back: None,
            images,
        };
        deck.set_back(back, &mut templates)?;
        Ok(deck)
    }

    fn set_back(
        &mut self,
        back: &BackChoice,
        templates: &mut TemplateCache,
    ) -> Result<(), RenderError> {
        let mut face = FaceData::default();
        face.values
            .insert("pack".into(), SlotValue::Text(self.pack_name.clone()));
        face.present.insert("pack".into());
        self.back = match back {
            BackChoice::None => None,
            BackChoice::Default => Some((templates.named("back.svg")?, face)),
            BackChoice::Template(path) => Some((Arc::new(template::load_file(path)?), face)),
            BackChoice::Image(path) => {
                let bytes = std::fs::read(path).map_err(|e| RenderError::Read {
                    path: path.clone(),
                    message: e.to_string(),
                })?;
                let bytes = Arc::new(bytes);
                if images::image_kind(Arc::clone(&bytes)).is_none() {
                    return Err(RenderError::Read {
                        path: path.clone(),
                        message: "not a PNG, JPEG, GIF or WebP image (or an .svg template)".into(),
                    });
                }
                let size = imagesize::blob_size(&bytes).map_err(|e| RenderError::Read {
                    path: path.clone(),
                    message: format!("cannot read the image's size: {e}"),
                })?;
                self.images.set_back(bytes);
                // The image covers the card's cut size; a copy of it, enlarged, fills the
                // bleed around it (the edges' colours carry on past the cut).
                let (w, h) = self.cards.first().map_or((63.0, 88.0), |c| {
                    (c.template.width_mm, c.template.height_mm)
                });
                let text = format!(
                    r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}"><rect id="art" x="-10" y="-10" width="{}" height="{}"/><rect id="art" x="0" y="0" width="{w}" height="{h}"/></svg>"#,
                    w + 20.0,
                    h + 20.0
                );
                let template = Template::parse(&path.display().to_string(), &text)?;
                face.values.insert(
                    "art".into(),
                    SlotValue::Image {
                        key: images::BACK_KEY.into(),
                        width: size.width as u32,
                        height: size.height as u32,
                    },
                );
                Some((Arc::new(template), face))
            }
        };
        Ok(())
    }

    /// Draws card `index` in `frame`, its art fitted for `fit`.
    pub fn draw_card(&self, index: usize, frame: Frame, fit: ArtFit) -> Result<Drawn, RenderError> {
        let composed = self.compose_card(index, frame, fit);
        let mut drawn = self.parse(&composed, &self.cards[index].id)?;
        drawn.warnings = self.card_warnings(index, drawn.warnings);
        Ok(drawn)
    }

    /// Card `index`'s template filled with its face, in `frame`.
    pub(crate) fn compose_card(&self, index: usize, frame: Frame, fit: ArtFit) -> Composed {
        let card = &self.cards[index];
        compose::compose_with(self.images.fonts(), &card.template, &card.face, frame, fit)
    }

    /// A drawing's warnings for card `index`: its notes first, then each warning placed at
    /// where the card is written.
    pub(crate) fn card_warnings(&self, index: usize, mut warnings: Vec<String>) -> Vec<String> {
        let card = &self.cards[index];
        if !card.location.is_empty() {
            for w in &mut warnings {
                *w = format!("{}: {w}", card.location);
            }
        }
        warnings.splice(0..0, card.notes.iter().cloned());
        warnings
    }

    /// Where the deck's drawings get their fonts and images.
    pub(crate) fn images(&self) -> &ImageStore {
        &self.images
    }

    /// Characters of the back's text (the pack's name) no bundled font has, located in
    /// `pack.ron` (see [`missing_glyphs`]).
    #[must_use]
    pub fn back_missing_glyphs(&self, pack: &Pack) -> Vec<String> {
        let Some((_, face)) = &self.back else {
            return Vec::new();
        };
        // Only for the location: an unreadable manifest leaves the message at 1:1.
        let source = std::fs::read_to_string(pack.root.join(MANIFEST_FILE)).unwrap_or_default();
        missing_glyphs(self.images.fonts(), face, MANIFEST_FILE, &source, "name")
            .into_iter()
            .map(|m| format!("back: {m}"))
            .collect()
    }

    /// Draws the back in `frame`, if the deck has one.
    pub fn draw_back(&self, frame: Frame, fit: ArtFit) -> Result<Option<Drawn>, RenderError> {
        let Some((template, face)) = &self.back else {
            return Ok(None);
        };
        let composed = compose::compose_with(self.images.fonts(), template, face, frame, fit);
        self.parse(&composed, "back").map(Some)
    }

    /// The frame a card is drawn in at its template's size, with `bleed_mm`.
    #[must_use]
    pub fn natural_frame(&self, index: usize, bleed_mm: f32) -> Frame {
        Frame {
            bleed_mm,
            ..Frame::of(&self.cards[index].template)
        }
    }

    pub(crate) fn parse(&self, composed: &Composed, what: &str) -> Result<Drawn, RenderError> {
        let tree = usvg::Tree::from_str(&composed.svg, &self.images.options()).map_err(|e| {
            RenderError::Svg {
                what: what.to_owned(),
                message: e.to_string(),
            }
        })?;
        let mut warnings = composed.warnings.clone();
        warnings.extend(bare_edge(&tree));
        Ok(Drawn { tree, warnings })
    }
}

/// A warning when a card's drawing stops short of its canvas (the card and its bleed): that
/// edge prints white, and a cut a little off shows it. Happens when a template draws too
/// little past its edges for the bleed asked for, or for a card of another shape (a back is
/// centred on it). The canvas is in millimetres, as `compose` writes it.
fn bare_edge(tree: &usvg::Tree) -> Option<String> {
    let drawn = tree.root().abs_bounding_box();
    bare_edge_of(
        tree.size(),
        [drawn.left(), drawn.top(), drawn.right(), drawn.bottom()],
    )
}

/// [`bare_edge`] of a canvas of `size` on which the drawing covers `drawn` (left, top, right,
/// bottom), for a card drawn in layers.
pub(crate) fn bare_edge_of(size: usvg::Size, drawn: [f32; 4]) -> Option<String> {
    let [left, top, right, bottom] = drawn;
    let short = [left, top, size.width() - right, size.height() - bottom]
        .into_iter()
        .fold(0.0_f32, f32::max);
    (short > BARE_EDGE_MM).then(|| {
        format!(
            "the template draws nothing on the outer {short:.1} mm of the card at this size and bleed: it prints white there (let its background run further past its edges)"
        )
    })
}

/// How much of a card's edge may be left undrawn before it is said (anti-aliasing, rounding).
const BARE_EDGE_MM: f32 = 0.05;

/// Every character of `face` that no bundled font has, as a located message: where the
/// character is written in `source` (the text of the file at `path`) after `anchor` (the
/// card's quoted id), else where the anchor is (the character came from a keyword's or an
/// ability's text).
#[must_use]
pub fn missing_glyphs(
    fonts: &Fonts,
    face: &FaceData,
    path: &str,
    source: &str,
    anchor: &str,
) -> Vec<String> {
    let start = source.find(anchor).unwrap_or(0);
    let mut out = Vec::new();
    for (slot, value) in &face.values {
        let text = match value {
            SlotValue::Text(t) => t.clone(),
            SlotValue::Rules(lines) => lines
                .iter()
                .map(|l| format!("{} {}", l.keyword.as_deref().unwrap_or(""), l.body))
                .collect::<Vec<_>>()
                .join("\n"),
            SlotValue::Image { .. } | SlotValue::Gem(_) => continue,
        };
        for c in fonts.missing_chars(&text) {
            let at = source
                .get(start..)
                .and_then(|rest| rest.find(c))
                .map_or(start, |i| start + i);
            let loc = Location::of_offset(source, at);
            out.push(format!(
                "{}:{}:{}: the {slot} text has `{c}` (U+{:04X}), which no bundled font has: it prints as an empty box (put a font that has it in the pack's assets/fonts/; see docs/formats/templates.md, Fonts)",
                path,
                loc.line,
                loc.column,
                u32::from(c)
            ));
        }
    }
    out
}

/// The face data of one card: its values for every slot.
fn card_face(
    pack: &Pack,
    card: &Card,
    number: usize,
    total: usize,
    bold_names: &[String],
) -> (FaceData, Vec<String>) {
    // The pack's keywords and the card's own are bold wherever its text names them.
    let mut bold_names = bold_names.to_vec();
    for name in card.keyword_refs().filter_map(Result::ok).map(|k| k.name) {
        if !bold_names.contains(&name) {
            bold_names.push(name);
        }
    }
    let mut face = FaceData {
        bold_names,
        ..FaceData::default()
    };
    let mut notes = Vec::new();
    let mut text = |slot: &str, value: String, present: bool| {
        face.values.insert(slot.to_owned(), SlotValue::Text(value));
        if present {
            face.present.insert(slot.to_owned());
        }
    };
    text("name", card.name.clone(), !card.name.is_empty());
    text("cost", card.cost.to_string(), card.cost != 0);
    text("attack", card.attack.to_string(), card.attack != 0);
    text("life", card.life.to_string(), card.life != 0);
    text("type", type_line(card), true);
    text(
        "set",
        format!(
            "{} · {number:03}/{total:03}",
            pack.manifest.id.to_uppercase()
        ),
        true,
    );
    text("pack", pack.manifest.name.clone(), true);
    for (name, value) in &card.stats {
        text(&format!("stat-{name}"), value.to_string(), true);
    }
    let rules = card_text_lines(card, |name| pack.keyword_def(name));
    if !rules.is_empty() {
        face.present.insert("rules".into());
    }
    face.values.insert("rules".into(), SlotValue::Rules(rules));
    let placeholder = images::placeholder_value();
    let art = match card.art.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        Some(path) => match images::art_size(&pack.root, path) {
            Ok(size) => {
                face.present.insert("art".into());
                SlotValue::Image {
                    key: images::art_key(path),
                    width: size.0,
                    height: size.1,
                }
            }
            Err(why) => {
                notes.push(format!(
                    "art `{path}` {why}; the placeholder is drawn instead"
                ));
                placeholder
            }
        },
        None => placeholder,
    };
    face.values.insert("art".into(), art);
    if let Some(color) = rarity_color(card) {
        face.present.insert("rarity".into());
        face.values
            .insert("rarity".into(), SlotValue::Gem(color.to_owned()));
    }
    (face, notes)
}

/// `Creature — Warrior Undead`; a card with an element ends with it: `Champion — Warrior · Fire`.
#[must_use]
pub fn type_line(card: &Card) -> String {
    let mut line = if card.tribes.is_empty() {
        card.kind.name().to_owned()
    } else {
        format!("{} — {}", card.kind.name(), card.tribes.join(" "))
    };
    if let Some(element) = card.element.as_deref().filter(|e| !e.trim().is_empty()) {
        line.push_str(" · ");
        line.push_str(element);
    }
    line
}

/// The rarity gem's colour, from the card's rarity tag ([`Card::rarity`]).
fn rarity_color(card: &Card) -> Option<&'static str> {
    match card.rarity()? {
        "common" => Some("#26221e"),
        "uncommon" => Some("#9fb0c4"),
        "rare" => Some("#d8ab3a"),
        "mythic" => Some("#dd5a26"),
        _ => None,
    }
}

/// Templates read once per job, by file name.
struct TemplateCache<'p> {
    pack_root: &'p Path,
    loaded: BTreeMap<String, Arc<Template>>,
}

impl<'p> TemplateCache<'p> {
    fn new(pack_root: &'p Path) -> Self {
        Self {
            pack_root,
            loaded: BTreeMap::new(),
        }
    }

    fn named(&mut self, name: &str) -> Result<Arc<Template>, TemplateError> {
        if let Some(t) = self.loaded.get(name) {
            return Ok(Arc::clone(t));
        }
        let t = template::load_named(Some(self.pack_root), name)?.ok_or_else(|| TemplateError {
            file: name.to_owned(),
            line: 1,
            column: 1,
            message: "no such template".into(),
        })?;
        let t = Arc::new(t);
        self.loaded.insert(name.to_owned(), Arc::clone(&t));
        Ok(t)
    }

    /// The template for `kind` ([`template::frame_for_kind`]).
    fn for_kind(&mut self, kind: CardKind) -> Result<Arc<Template>, TemplateError> {
        self.named(&template::frame_for_kind(Some(self.pack_root), kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sigilforge_engine::diag::Diagnostics;
    use sigilforge_engine::pack::load_pack;

    #[test]
    fn a_chosen_card_is_numbered_and_located_by_its_place_in_the_pack() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(
            root.join("pack.ron"),
            "Pack(id: \"two\", name: \"Two Files\", version: \"0.1.0\")\n",
        )
        .unwrap();
        let set = |ids: &[&str]| {
            let cards: Vec<String> = ids
                .iter()
                .map(|id| format!("        (id: \"{id}\", name: \"Card {id}\", life: 1),"))
                .collect();
            format!("CardSet(\n    cards: [\n{}\n    ],\n)\n", cards.join("\n"))
        };
        std::fs::write(root.join("a.ron"), set(&["a1", "a2"])).unwrap();
        std::fs::write(root.join("b.ron"), set(&["b1", "b2", "b3"])).unwrap();
        let mut diags = Diagnostics::new();
        let pack = load_pack(root, &mut diags);
        assert!(!diags.has_errors(), "{diags:?}");
        let b2 = pack.card("b2").unwrap();
        let deck = Deck::from_cards(&pack, &[b2], &BackChoice::None).unwrap();
        let card = &deck.cards[0];
        // The fourth of five cards, the second of b.ron's.
        assert!(
            matches!(card.face.values.get("set"), Some(SlotValue::Text(t)) if t == "TWO · 004/005"),
            "{:?}",
            card.face.values.get("set")
        );
        assert_eq!(card.location, "b.ron:4:14");
    }
}
