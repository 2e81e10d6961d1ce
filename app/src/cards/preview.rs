//! The live card preview: the card drawn by the same template render that makes the PNGs, the
//! print PDF and the Tabletop Simulator sheets (`sigilforge_render`), so what you see is what
//! prints; and an inspector listing its generated rules text.
//!
//! The drawing is made only when what it shows can have changed (the card, its place in the
//! pack, its rules text, any file but the other card files) or the panel's width did, and kept
//! as a texture: an idle editor does not redraw it, nor does an edit of another card (issue
//! #29).

use egui::{RichText, Ui};
use sigilforge_engine::diag::Location;
use sigilforge_engine::model::Card;
use sigilforge_engine::pack::Content;
use sigilforge_render::raster::rasterize_card;
use sigilforge_render::{BackChoice, Deck};

use crate::cards::rules_text::{ability_text, card_rules_text};
use crate::shell::document::{Document, ItemAddr, ItemKind, Revision};

/// Widths are rounded to this many pixels before drawing, so resizing the panel redraws the
/// card a few times, not every frame.
const WIDTH_STEP_PX: f32 = 24.0;

/// The preview's kept drawing.
#[derive(Default)]
pub struct PreviewPanel {
    drawn: Option<Drawing>,
}

/// What was drawn, and for what.
struct Drawing {
    /// The card's address and the width drawn, in pixels.
    key: (ItemAddr, u32),
    /// The card as drawn.
    card: Card,
    /// Its number in the pack and the pack's number of cards (the render prints both).
    place: (usize, usize),
    /// Its rules text as drawn (it names other cards, whose names may change).
    rules: Vec<String>,
    /// Where its id is written in its file, which the render's warnings and errors say; `None`
    /// when the drawing shows neither (finding it reads the whole file, so it is not looked for
    /// then).
    location: Option<Location>,
    /// The document revision the drawing is known to be right for.
    seen: Revision,
    result: anyhow::Result<(egui::TextureHandle, Vec<String>)>,
    /// The template file the card is drawn with (its kind's frame), e.g. `beast.svg`.
    frame: String,
}

impl PreviewPanel {
    /// Draws the preview of the item last shown in an editor.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, item: Option<&ItemAddr>) {
        let Some(addr) = item else {
            ui.weak("Open a card from the Library to see it here as it will print.");
            return;
        };
        match addr.kind {
            ItemKind::Card => match doc.card(addr) {
                Some(card) => self.card_ui(ui, doc, addr, card),
                None => {
                    ui.weak(doc.missing_item_reason(addr));
                }
            },
            ItemKind::Keyword => match doc.keyword(addr) {
                Some(k) => {
                    ui.heading(&k.name);
                    if !k.summary.is_empty() {
                        ui.label(RichText::new(&k.summary).italics());
                    }
                    ui.separator();
                    ui.strong("Rules text");
                    for ability in &k.abilities {
                        ui.label(ability_text(ability, None));
                    }
                }
                None => {
                    ui.weak(doc.missing_item_reason(addr));
                }
            },
        }
    }

    fn card_ui(&mut self, ui: &mut Ui, doc: &Document, addr: &ItemAddr, card: &Card) {
        let rules = card_rules_text(doc, &addr.file, card);
        // The whole card in view: as wide as the panel, unless the panel is too low for a
        // card that wide (a poker card is 63 by 88 mm); the inspector below scrolls.
        let fits_height = ui.available_height() * 63.0 / 88.0;
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let width = ui.available_width().min(fits_height).clamp(150.0, 420.0);
                let ppp = ui.ctx().pixels_per_point();
                let px = ((width * ppp / WIDTH_STEP_PX).round() * WIDTH_STEP_PX).max(WIDTH_STEP_PX);
                let key = (addr.clone(), px as u32);
                let place = place_of(doc, addr);
                let fresh = self
                    .drawn
                    .as_mut()
                    .is_some_and(|d| d.still_right(doc, &key, card, place, &rules));
                if !fresh {
                    let result = draw(ui.ctx(), doc, card, px);
                    let says_where = !result.as_ref().is_ok_and(|(_, w)| w.is_empty());
                    let frame = sigilforge_render::template::frame_for_kind(
                        Some(&doc.pack().root),
                        card.kind,
                    );
                    self.drawn = Some(Drawing {
                        key,
                        card: card.clone(),
                        place,
                        rules: rules.clone(),
                        location: says_where.then(|| id_location(doc, addr, card)),
                        seen: doc.revision(),
                        result,
                        frame,
                    });
                }
                let frame = self.drawn.as_ref().map_or("", |d| d.frame.as_str());
                let label = format!("{}, frame {frame}", summary(card));
                match self.drawn.as_ref().map(|d| &d.result) {
                    Some(Ok((texture, warnings))) => {
                        let size = texture.size_vec2();
                        let height = width * size.y / size.x.max(1.0);
                        let response = ui.add(
                            egui::Image::from_texture(texture)
                                .fit_to_exact_size(egui::vec2(width, height)),
                        );
                        response.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::WidgetType::Other, true, label.clone())
                        });
                        for w in warnings {
                            ui.colored_label(ui.visuals().warn_fg_color, w);
                        }
                    }
                    Some(Err(error)) => {
                        let response =
                            ui.colored_label(ui.visuals().error_fg_color, format!("{error:#}"));
                        response.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::WidgetType::Other, true, label.clone())
                        });
                    }
                    None => {}
                }
                ui.add_space(8.0);
                ui.strong("Inspector");
                egui::Grid::new("inspector").num_columns(2).show(ui, |ui| {
                    ui.label("Id");
                    ui.monospace(&card.id);
                    ui.end_row();
                    ui.label("Stats");
                    ui.label(format!(
                        "cost {} · attack {} · life {}",
                        card.cost, card.attack, card.life
                    ));
                    ui.end_row();
                    for (name, value) in &card.stats {
                        ui.label(name);
                        ui.label(value.to_string());
                        ui.end_row();
                    }
                });
                if !rules.is_empty() {
                    ui.strong("Rules text");
                    for line in &rules {
                        ui.label(line);
                    }
                }
            });
    }
}

impl Drawing {
    /// Whether this drawing still shows the card as the document has it now. What the render
    /// reads besides the card: its number and the pack's count of cards, its rules text (other
    /// cards' names), where its id is written, and every file that is not a card file (keyword
    /// definitions, profiles). Right for `doc`, it remembers its revision, so the files changed
    /// are looked at once per change, not every frame.
    fn still_right(
        &mut self,
        doc: &Document,
        key: &(ItemAddr, u32),
        card: &Card,
        place: (usize, usize),
        rules: &[String],
    ) -> bool {
        if self.key != *key || self.place != place || self.card != *card || self.rules != rules {
            return false;
        }
        let revision = doc.revision();
        if self.seen == revision {
            return true;
        }
        let Some(changed) = doc.files_changed_since(self.seen) else {
            return false;
        };
        let right = changed.iter().all(|path| {
            doc.pack()
                .file(path)
                .is_some_and(|f| matches!(f.content, Content::Cards(_)))
                && (*path != key.0.file
                    || self
                        .location
                        .is_none_or(|at| id_location(doc, &key.0, card) == at))
        });
        if right {
            self.seen = revision;
        }
        right
    }
}

/// The card's number in the pack (counted in file order, from 1) and the pack's number of
/// cards, as the render prints them.
fn place_of(doc: &Document, addr: &ItemAddr) -> (usize, usize) {
    let before: usize = doc
        .pack()
        .files
        .iter()
        .take_while(|f| f.path != addr.file)
        .map(|f| match &f.content {
            Content::Cards(set) => set.cards.len(),
            _ => 0,
        })
        .sum();
    (before + addr.index + 1, doc.census().total().cards)
}

/// Where the card's id is written in its file.
fn id_location(doc: &Document, addr: &ItemAddr, card: &Card) -> Location {
    doc.pack().file(&addr.file).map_or(Location::START, |f| {
        sigilforge_engine::diag::locate_literal(&f.source, &card.id, 0)
    })
}

/// Draws `card` `px` pixels wide with its pack's template, as a texture; `Err` is what to show
/// instead (a broken template, with its place). Drawn as `sigilforge render` draws a card
/// (`rasterize_card`), so the template's static layer and the art's crop are kept between
/// draws for the process: an edit redraws only the card's own part (issue #29).
fn draw(
    ctx: &egui::Context,
    doc: &Document,
    card: &Card,
    px: f32,
) -> anyhow::Result<(egui::TextureHandle, Vec<String>)> {
    let deck = Deck::from_cards(doc.pack(), &[card], &BackChoice::None)?;
    let frame = deck.natural_frame(0, 0.0);
    let dpi = px / frame.width_mm * 25.4;
    let (pixmap, warnings) = rasterize_card(&deck, 0, frame, dpi)?;
    let image = egui::ColorImage::from_rgba_premultiplied(
        [pixmap.width() as usize, pixmap.height() as usize],
        pixmap.data(),
    );
    let texture = ctx.load_texture("card-preview", image, egui::TextureOptions::LINEAR);
    Ok((texture, warnings))
}

/// A one-line description of what the preview shows (also its accessibility label).
#[must_use]
pub fn summary(card: &Card) -> String {
    format!(
        "Card preview: {}, cost {}, attack {}, life {}",
        card.name, card.cost, card.attack, card.life
    )
}
