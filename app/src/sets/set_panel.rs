//! The Set panel (issue #33): the set seen whole, for the pack's cards or a deck's copies,
//! narrowed by a filter: the cost curve and the attack and life spreads as bar charts
//! (`egui_plot`), and the keyword, tribe, kind and rarity counts. The numbers are the engine's
//! `set_stats::SetStats`, the same `sigilforge stats` prints.

use egui::Ui;
use egui_plot::{Bar, BarChart, Plot};
use sigilforge_engine::balance::pool::PoolFilter;
use sigilforge_engine::model::Card;
use sigilforge_engine::set_stats::{Histogram, SetStats};

use crate::shell::document::Document;

/// The Set panel's choices.
#[derive(Debug, Clone, Default)]
pub struct SetPanel {
    /// The deck counted (its id); `None`: the pack's cards, one of each.
    pub deck: Option<String>,
    /// Which cards: the balance pool's filter language (`tribe:Beast keyword:Bolt -tag:x`).
    pub filter: String,
}

impl SetPanel {
    /// The statistics of what the panel shows now: the chosen cards of the pack or the deck
    /// that pass the filter, or why there are none (a filter that does not read, a deck gone).
    pub fn stats(&self, doc: &Document) -> anyhow::Result<SetStats> {
        let filter = PoolFilter::parse(&self.filter)?;
        let keep = |path: &str, card: &Card| filter.matches(card, path);
        match &self.deck {
            None => Ok(SetStats::of(
                format!("pack {}", doc.pack().manifest.id),
                doc.pack()
                    .cards()
                    .filter(|(f, c)| keep(&f.path, c))
                    .map(|(_, c)| c),
            )),
            Some(name) => {
                let cards = doc.pack().deck_cards(name)?;
                let path_of = |id: &str| {
                    doc.pack()
                        .cards()
                        .find(|(_, c)| c.id == id)
                        .map(|(f, _)| f.path.clone())
                        .unwrap_or_default()
                };
                Ok(SetStats::of(
                    format!("deck {name}"),
                    cards.into_iter().filter(|c| keep(&path_of(&c.id), c)),
                ))
            }
        }
    }

    /// Draws the panel.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document) {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Count");
            let decks: Vec<(String, String)> = doc
                .pack()
                .decks()
                .map(|(_, d)| (d.id.clone(), d.title().to_owned()))
                .collect();
            let shown = self
                .deck
                .as_ref()
                .and_then(|id| decks.iter().find(|(d, _)| d == id))
                .map_or_else(
                    || "The pack's cards".to_owned(),
                    |(_, t)| format!("Deck {t}"),
                );
            egui::ComboBox::from_id_salt("set-source")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.deck, None, "The pack's cards");
                    for (id, title) in &decks {
                        ui.selectable_value(
                            &mut self.deck,
                            Some(id.clone()),
                            format!("Deck {title}"),
                        );
                    }
                })
                .response
                .labelled_by(label.id);
            let label = ui.label("Filter");
            ui.add(
                egui::TextEdit::singleline(&mut self.filter)
                    .hint_text("all cards")
                    .desired_width(200.0),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "Which cards: tribe:Beast keyword:Bolt tag:x file:dir/ id:a,b -term text",
            );
        });
        let stats = match self.stats(doc) {
            Ok(s) => s,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {e:#}"));
                return;
            }
        };
        ui.label(format!("{} cards ({})", stats.cards, stats.source));
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (title, histogram) in [
                    ("Cost curve", &stats.cost),
                    ("Attack", &stats.attack),
                    ("Life", &stats.life),
                ] {
                    ui.vertical(|ui| {
                        ui.strong(format!("{title} (mean {:.2})", SetStats::mean(histogram)));
                        histogram_ui(ui, title, histogram);
                    });
                }
            });
            ui.horizontal_wrapped(|ui| {
                for (title, counts) in [
                    ("Kinds", &stats.kinds),
                    ("Rarities", &stats.rarities),
                    ("Tribes", &stats.tribes),
                    ("Keywords", &stats.keywords),
                ] {
                    ui.vertical(|ui| {
                        ui.strong(title);
                        let mut rows: Vec<(&String, &u64)> = counts.iter().collect();
                        rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
                        egui::Grid::new(("set-counts", title))
                            .striped(true)
                            .show(ui, |ui| {
                                for (name, n) in rows {
                                    ui.label(name);
                                    ui.label(n.to_string());
                                    ui.end_row();
                                }
                            });
                    });
                    ui.add_space(16.0);
                }
            });
        });
    }
}

/// One histogram as a bar chart: a bar per value, its height the cards with it.
pub fn histogram_ui(ui: &mut Ui, title: &str, histogram: &Histogram) {
    let bars: Vec<Bar> = histogram
        .iter()
        .map(|(value, n)| Bar::new(f64::from(*value), *n as f64).width(0.8))
        .collect();
    Plot::new(("set-plot", title))
        .width(260.0)
        .height(160.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .show(ui, |plot| plot.bar_chart(BarChart::new(title, bars)));
}
