//! The live card preview: the card drawn by the same template render that makes the PNGs, the
//! print PDF and the Tabletop Simulator sheets (`sigilforge_render`), so what you see is what
//! prints; and an inspector listing its generated rules text.
//!
//! The drawing is made only when what it shows can have changed (the card, its place in the
//! pack, its rules text, any file but the other card files) or the panel's width did, and kept
//! as a texture: an idle editor does not redraw it, nor does an edit of another card (issue
//! #29). It is rasterised off the UI thread: the frame that applies an edit starts the drawing
//! and goes on showing the previous one of that card until the new one is in (the drawing
//! thread asks for a frame then). A drawing in flight counts as an image being loaded
//! (`Context::has_pending_images`), so whatever waits for images (a screenshot, a GUI test's
//! `run`) waits for the preview too.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};

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
    /// The drawing being made off the UI thread.
    pending: Option<Pending>,
    /// Says a drawing is in flight to the context's image loaders (registered on first use).
    in_flight: Option<Arc<InFlight>>,
}

/// What a drawing shows, and for what.
struct Shown {
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
    /// The template file the card is drawn with (its kind's frame), e.g. `beast.svg`.
    frame: String,
    /// Its file changed while it was drawn, so the place its warnings name may be out of date:
    /// drawn again.
    outdated: bool,
}

/// A drawing made, as a texture.
struct Drawing {
    shown: Shown,
    result: anyhow::Result<(egui::TextureHandle, Vec<String>)>,
}

/// A drawing being made on a thread of its own.
struct Pending {
    /// What it will show (`location` is filled in when it is in).
    shown: Shown,
    /// Its pixels and warnings, sent once.
    arrives: Receiver<anyhow::Result<(egui::ColorImage, Vec<String>)>>,
}

/// The image loader that tells the context a preview drawing is in flight; it loads nothing.
/// The panel marks each pass in which it waits for a drawing, and the loader reports the last
/// finished pass's mark: a closed preview waits for nothing.
#[derive(Default)]
struct InFlight {
    this_pass: AtomicBool,
    last_pass: AtomicBool,
}

impl egui::load::ImageLoader for InFlight {
    fn id(&self) -> &'static str {
        concat!(module_path!(), "::InFlight")
    }

    fn load(
        &self,
        _ctx: &egui::Context,
        _uri: &str,
        _size_hint: egui::SizeHint,
    ) -> egui::load::ImageLoadResult {
        Err(egui::load::LoadError::NotSupported)
    }

    fn forget(&self, _uri: &str) {}

    fn forget_all(&self) {}

    fn end_pass(&self, _pass_index: u64) {
        self.last_pass.store(
            self.this_pass.swap(false, Ordering::Relaxed),
            Ordering::Relaxed,
        );
    }

    fn byte_size(&self) -> usize {
        0
    }

    fn has_pending(&self) -> bool {
        self.last_pass.load(Ordering::Relaxed)
    }
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
                self.receive(ui.ctx(), doc);
                let fresh = self
                    .drawn
                    .as_mut()
                    .is_some_and(|d| d.shown.still_right(doc, &key, card, place, &rules))
                    || self
                        .pending
                        .as_mut()
                        .is_some_and(|p| p.shown.still_right(doc, &key, card, place, &rules));
                if !fresh {
                    let frame = sigilforge_render::template::frame_for_kind(
                        Some(&doc.pack().root),
                        card.kind,
                    );
                    let shown = Shown {
                        key,
                        card: card.clone(),
                        place,
                        rules: rules.clone(),
                        location: None,
                        seen: doc.revision(),
                        frame,
                        outdated: false,
                    };
                    self.start(ui.ctx(), doc, card, px, shown);
                }
                if let Some(in_flight) = &self.in_flight
                    && self.pending.is_some()
                {
                    in_flight.this_pass.store(true, Ordering::Relaxed);
                }
                // The drawing of this card, even if it is not the latest yet; another card's
                // is not shown while this one's is made.
                let shown = self.drawn.as_ref().filter(|d| d.shown.key.0 == *addr);
                let label = shown.map_or_else(
                    || format!("{}, being drawn", summary(card)),
                    |d| format!("{}, frame {}", summary(&d.shown.card), d.shown.frame),
                );
                match shown.map(|d| &d.result) {
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
                    None => {
                        let response = ui.add(egui::Spinner::new());
                        response.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::WidgetType::Other, true, label.clone())
                        });
                    }
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

impl PreviewPanel {
    /// Starts drawing `card` `px` pixels wide on a thread of its own; a broken template (the
    /// deck cannot be made) is shown at once.
    fn start(&mut self, ctx: &egui::Context, doc: &Document, card: &Card, px: f32, shown: Shown) {
        let deck = match Deck::from_cards(doc.pack(), &[card], &BackChoice::None) {
            Ok(deck) => deck,
            Err(error) => {
                self.pending = None;
                self.finish(ctx, doc, shown, Err(error.into()));
                return;
            }
        };
        if self.in_flight.is_none() {
            let in_flight = Arc::new(InFlight::default());
            ctx.add_image_loader(Arc::clone(&in_flight) as Arc<_>);
            self.in_flight = Some(in_flight);
        }
        let (send, arrives) = std::sync::mpsc::channel();
        let waker = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("card preview".into())
            .spawn(move || {
                // The panel may have moved on to a newer drawing: then nobody waits for this one.
                if send.send(raster(&deck, px)).is_ok() {
                    waker.request_repaint();
                }
            });
        match spawned {
            Ok(_) => self.pending = Some(Pending { shown, arrives }),
            Err(error) => {
                self.pending = None;
                self.finish(ctx, doc, shown, Err(error.into()));
            }
        }
    }

    /// Takes the drawing in flight if it is in.
    fn receive(&mut self, ctx: &egui::Context, doc: &Document) {
        let Some(pending) = &self.pending else {
            return;
        };
        let result = match pending.arrives.try_recv() {
            Ok(result) => result,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => Err(anyhow::anyhow!(
                "the preview's drawing stopped before it was done"
            )),
        };
        if let Some(pending) = self.pending.take() {
            self.finish(ctx, doc, pending.shown, result);
        }
    }

    /// Keeps a finished drawing as a texture, with where the card's id is written when the
    /// drawing says it.
    fn finish(
        &mut self,
        ctx: &egui::Context,
        doc: &Document,
        mut shown: Shown,
        result: anyhow::Result<(egui::ColorImage, Vec<String>)>,
    ) {
        let says_where = !result.as_ref().is_ok_and(|(_, w)| w.is_empty());
        if says_where {
            // Where the id is now; the drawing was made from the document at `seen`.
            shown.location = Some(id_location(doc, &shown.key.0, &shown.card));
            shown.outdated = doc.revision() != shown.seen
                && doc
                    .files_changed_since(shown.seen)
                    .is_none_or(|changed| changed.contains(&shown.key.0.file.as_str()));
        }
        let result = result.map(|(image, warnings)| {
            let texture = ctx.load_texture("card-preview", image, egui::TextureOptions::LINEAR);
            (texture, warnings)
        });
        self.drawn = Some(Drawing { shown, result });
    }
}

impl Shown {
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
        if self.outdated
            || self.key != *key
            || self.place != place
            || self.card != *card
            || self.rules != rules
        {
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

/// The deck's one card `px` pixels wide with its pack's template, as an image; `Err` is what to
/// show instead. Drawn as `sigilforge render` draws a card (`rasterize_card`), so the
/// template's static layer and the art's crop are kept between draws for the process: an edit
/// redraws only the card's own part (issue #29).
fn raster(deck: &Deck, px: f32) -> anyhow::Result<(egui::ColorImage, Vec<String>)> {
    let frame = deck.natural_frame(0, 0.0);
    let dpi = px / frame.width_mm * 25.4;
    let (pixmap, warnings) = rasterize_card(deck, 0, frame, dpi)?;
    let image = egui::ColorImage::from_rgba_premultiplied(
        [pixmap.width() as usize, pixmap.height() as usize],
        pixmap.data(),
    );
    Ok((image, warnings))
}

/// A one-line description of what the preview shows (also its accessibility label).
#[must_use]
pub fn summary(card: &Card) -> String {
    format!(
        "Card preview: {}, cost {}, attack {}, life {}",
        card.name, card.cost, card.attack, card.life
    )
}
