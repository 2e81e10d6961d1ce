//! "Preview sheet": the game master's sheet drawn in the editor with egui, from the same
//! content the HTML and PDF sheets are written from (`sheet::Sheet`), so what the GM reads here
//! is what prints.

use egui::text::LayoutJob;
use egui::{Align, Color32, FontSelection, RichText, Sense, Stroke, Ui, vec2};
use sigilforge_engine::encounter::sheet::{Block, Card, Line, MapGrid, Sheet, Span, list_item};

/// Width of an ability card's label column, in points.
const CARD_LABEL: f32 = 190.0;

/// Largest side of a map cell on screen, in points.
const MAP_CELL: f32 = 22.0;

fn rich(span: &Span) -> RichText {
    let mut text = RichText::new(&span.text);
    if span.strong {
        text = text.strong();
    }
    if span.em {
        text = text.italics();
    }
    text
}

/// One wrapped label for a line of spans (its accessible name is the whole line).
fn line_label(ui: &mut Ui, line: &Line) {
    let mut job = LayoutJob::default();
    for span in line {
        rich(span).append_to(&mut job, ui.style(), FontSelection::Default, Align::Min);
    }
    job.wrap.max_width = ui.available_width();
    ui.label(job);
}

/// Draws the whole sheet (the caller puts it in a scroll area).
pub fn sheet_ui(ui: &mut Ui, sheet: &Sheet) {
    ui.heading(&sheet.title);
    for (i, block) in sheet.blocks.iter().enumerate() {
        match block {
            Block::Heading { level, text } => {
                let size = match level {
                    1 => 22.0,
                    2 => 18.0,
                    _ => 15.0,
                };
                ui.add_space(6.0);
                ui.label(RichText::new(text).size(size).strong());
            }
            Block::Paragraph(line) => line_label(ui, line),
            Block::List { ordered, items } => {
                for (n, item) in items.iter().enumerate() {
                    let line = list_item(*ordered, n, item);
                    ui.horizontal(|ui| {
                        ui.add_space(12.0);
                        line_label(ui, &line);
                    });
                }
            }
            Block::Table { header, rows } => {
                egui::Grid::new(("sheet_table", i))
                    .striped(true)
                    .show(ui, |ui| {
                        for h in header {
                            ui.label(RichText::new(h).strong());
                        }
                        ui.end_row();
                        for row in rows {
                            for cell in row {
                                ui.label(rich(cell));
                            }
                            ui.end_row();
                        }
                    });
            }
            Block::Card(card) => card_ui(ui, card),
            Block::Map(map) => map_ui(ui, map),
            Block::Terms(terms) => {
                for (term, meaning) in terms {
                    line_label(
                        ui,
                        &vec![
                            Span {
                                text: format!("{term}: "),
                                strong: true,
                                ..Span::default()
                            },
                            Span::plain(meaning.clone()),
                        ],
                    );
                }
            }
        }
    }
}

fn card_ui(ui: &mut Ui, card: &Card) {
    ui.group(|ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new(&card.title).strong());
        for (label, value) in &card.rows {
            ui.horizontal_top(|ui| {
                ui.allocate_ui_with_layout(
                    vec2(CARD_LABEL, 0.0),
                    egui::Layout::top_down(Align::Min),
                    |ui| {
                        ui.set_width(CARD_LABEL);
                        ui.add(egui::Label::new(RichText::new(label).strong()).wrap());
                    },
                );
                ui.add(egui::Label::new(rich(value)).wrap());
            });
        }
        if !card.description.is_empty() {
            ui.label(RichText::new(&card.description).italics());
        }
    });
}

fn map_ui(ui: &mut Ui, map: &MapGrid) {
    let cols = usize::try_from(map.width).unwrap_or(0);
    if cols == 0 {
        return;
    }
    let rows = map.cells.len() / cols;
    let cell = (ui.available_width() / (cols as f32 + 1.0)).clamp(6.0, MAP_CELL);
    let (rect, _) = ui.allocate_exact_size(
        vec2((cols as f32 + 1.0) * cell, (rows as f32 + 1.0) * cell),
        Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let text_color = ui.visuals().text_color();
    let font = egui::FontId::proportional(cell * 0.5);
    let at = |x: f32, y: f32| rect.min + vec2(x * cell, y * cell);
    for x in 0..cols {
        painter.text(
            at(x as f32 + 1.5, 0.5),
            egui::Align2::CENTER_CENTER,
            x.to_string(),
            font.clone(),
            text_color,
        );
    }
    for (y, row) in map.cells.chunks(cols).enumerate() {
        painter.text(
            at(0.5, y as f32 + 1.5),
            egui::Align2::CENTER_CENTER,
            y.to_string(),
            font.clone(),
            text_color,
        );
        for (x, c) in row.iter().enumerate() {
            let r = egui::Rect::from_min_size(at(x as f32 + 1.0, y as f32 + 1.0), vec2(cell, cell));
            let fill = if c.wall {
                Color32::from_gray(70)
            } else if c.cover {
                Color32::from_gray(150)
            } else {
                Color32::TRANSPARENT
            };
            painter.rect_filled(r, 0.0, fill);
            painter.rect_stroke(
                r,
                0.0,
                Stroke::new(1.0, Color32::from_gray(120)),
                egui::StrokeKind::Inside,
            );
            if !c.label.is_empty() {
                painter.text(
                    r.center(),
                    egui::Align2::CENTER_CENTER,
                    &c.label,
                    font.clone(),
                    text_color,
                );
            }
        }
    }
}
