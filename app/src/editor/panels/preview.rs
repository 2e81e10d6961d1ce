//! The live card preview: the card as it would print, on a frame image from `assets/`, and an
//! inspector listing its generated rules text.

use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Stroke, Ui, Vec2};
use sigilforge_engine::model::{Card, CardKind};

use crate::editor::document::{Document, ItemAddr, ItemKind};
use crate::editor::rules_text::{ability_text, card_rules_text};

/// The frame image's size in pixels; layout coordinates below are in this space.
const FRAME: Vec2 = Vec2::new(250.0, 350.0);

/// Draws the preview of the item last shown in an editor.
pub fn ui(ui: &mut Ui, doc: &Document, item: Option<&ItemAddr>) {
    let Some(addr) = item else {
        ui.weak("Open a card from the Library to see it here as it will print.");
        return;
    };
    match addr.kind {
        ItemKind::Card => match doc.card(addr) {
            Some(card) => card_ui(ui, doc, card),
            None => {
                ui.weak("The card shown here was deleted.");
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
                ui.weak("The keyword shown here was deleted.");
            }
        },
    }
}

fn frame_image(kind: CardKind) -> egui::ImageSource<'static> {
    match kind {
        CardKind::Creature | CardKind::Beast | CardKind::Ally | CardKind::Champion => {
            egui::include_image!("../../../../assets/frames/creature.png")
        }
        CardKind::Artifact | CardKind::Item | CardKind::Relic => {
            egui::include_image!("../../../../assets/frames/artifact.png")
        }
        CardKind::Spell | CardKind::Action => {
            egui::include_image!("../../../../assets/frames/spell.png")
        }
        _ => egui::include_image!("../../../../assets/frames/other.png"),
    }
}

/// A one-line description of what the preview shows (also its accessibility label).
#[must_use]
pub fn summary(card: &Card) -> String {
    format!(
        "Card preview: {}, cost {}, attack {}, life {}",
        card.name, card.cost, card.attack, card.life
    )
}

fn card_ui(ui: &mut Ui, doc: &Document, card: &Card) {
    let rules = card_rules_text(doc, card);
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let scale = (ui.available_width() / FRAME.x).clamp(0.6, 1.4);
            let (rect, response) = ui.allocate_exact_size(FRAME * scale, egui::Sense::hover());
            let label = summary(card);
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::WidgetType::Other, true, label.clone())
            });
            let at = |x: f32, y: f32| rect.min + Vec2::new(x, y) * scale;
            let painter = ui.painter_at(rect);
            egui::Image::new(frame_image(card.kind)).paint_at(ui, rect);
            let ink = Color32::from_rgb(30, 24, 18);
            let light = Color32::from_rgb(250, 244, 228);
            painter.text(
                at(54.0, 33.0),
                Align2::LEFT_CENTER,
                &card.name,
                FontId::proportional(15.0 * scale),
                ink,
            );
            stat_badge(
                &painter,
                at(30.0, 33.0),
                scale,
                card.cost,
                Color32::from_rgb(60, 110, 190),
            );
            let art = Rect::from_min_max(at(18.0, 54.0), at(232.0, 194.0));
            egui::Image::new(egui::include_image!(
                "../../../../assets/art/placeholder.png"
            ))
            .paint_at(ui, art);
            if let Some(path) = &card.art {
                painter.text(
                    art.center_bottom() - Vec2::new(0.0, 8.0 * scale),
                    Align2::CENTER_BOTTOM,
                    path,
                    FontId::proportional(9.0 * scale),
                    light,
                );
            }
            let type_line = if card.tribes.is_empty() {
                card.kind.name().to_owned()
            } else {
                format!("{} — {}", card.kind.name(), card.tribes.join(" "))
            };
            painter.text(
                at(24.0, 206.0),
                Align2::LEFT_TOP,
                type_line,
                FontId::proportional(11.0 * scale),
                ink,
            );
            let galley = painter.layout(
                rules.join("\n"),
                FontId::proportional(10.5 * scale),
                ink,
                200.0 * scale,
            );
            painter.galley(at(24.0, 224.0), galley, ink);
            if matches!(
                card.kind,
                CardKind::Creature
                    | CardKind::Beast
                    | CardKind::Ally
                    | CardKind::Token
                    | CardKind::Champion
            ) || card.attack != 0
                || card.life != 0
            {
                stat_badge(
                    &painter,
                    at(30.0, 322.0),
                    scale,
                    card.attack,
                    Color32::from_rgb(190, 80, 40),
                );
                stat_badge(
                    &painter,
                    at(220.0, 322.0),
                    scale,
                    card.life,
                    Color32::from_rgb(60, 150, 70),
                );
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

fn stat_badge(painter: &egui::Painter, center: Pos2, scale: f32, value: i32, color: Color32) {
    painter.circle(
        center,
        13.0 * scale,
        color,
        Stroke::new(2.0 * scale, Color32::from_gray(240)),
    );
    painter.text(
        center,
        Align2::CENTER_CENTER,
        value.to_string(),
        FontId::proportional(15.0 * scale),
        Color32::WHITE,
    );
}
