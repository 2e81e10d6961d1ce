//! The Balance panel (issue #16): a balance run over the pack as edited (the engine's
//! `balance::run_balance`) on a background thread with progress and cancel; a sortable table of
//! each card's impact on the win rate with outliers flagged by a margin the user sets; a chart
//! of the differences with their intervals; a click on a card opens it. The last run is saved
//! beside the pack (`balance::saved`) and shown again when the pack is reopened, saying what
//! changed since.

use std::path::PathBuf;
use std::sync::atomic::Ordering;

use crate::jobs;
use std::time::Duration;

use anyhow::Context as _;
use egui::{Color32, Ui};
use egui_extras::{Column, TableBuilder};
use egui_plot::{Bar, BarChart, Line, Plot, PlotPoints};
use sigilforge_engine::balance::saved::{self, SavedResults};
use sigilforge_engine::balance::stats::is_outlier;
use sigilforge_engine::balance::{BalanceConfig, BalanceReport, Control, Impact, run_balance};

use crate::shell::commands::{BalanceCommand, EditCommand};
use crate::shell::document::Document;

/// A column the table sorts by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortKey {
    /// The card's name.
    Name,
    /// Side-games with the card.
    Games,
    /// Win rate with it minus without it (the default, strongest first).
    #[default]
    Delta,
    /// Mean damage its creature dealt.
    Dealt,
    /// Mean damage its creature took.
    Taken,
    /// How often its creature was alive at the end.
    Survival,
}

struct Job {
    total: u64,
    work: jobs::Job<Option<SavedResults>>,
}

/// The Balance panel's state.
pub struct BalancePanel {
    /// The settings of the next run (the margin also flags the shown report's cards).
    pub config: BalanceConfig,
    /// The column the table is sorted by, and whether largest first.
    pub sort: (SortKey, bool),
    job: Option<Job>,
    /// The last finished run with the content it was made on (this session's, or the one
    /// saved beside the pack).
    shown: Option<SavedResults>,
    /// What changed in the pack since the shown run was made (empty: nothing).
    changes: Vec<String>,
    /// The document generation `changes` was worked out for.
    changes_for: Option<u64>,
    /// The pack folder whose saved results were looked for.
    loaded_for: Option<PathBuf>,
    /// Why the last run or reading the saved results failed.
    pub error: Option<String>,
    /// The A/B of the pack as edited against the pack as saved.
    pub ab: super::balance_ab::AbPanel,
    /// The suggested fixes of flagged cards.
    pub suggest: super::balance_suggest::SuggestPanel,
}

impl Default for BalancePanel {
    fn default() -> Self {
        Self {
            config: BalanceConfig {
                runs: 20_000,
                ..BalanceConfig::default()
            },
            sort: (SortKey::Delta, true),
            job: None,
            shown: None,
            changes: Vec::new(),
            changes_for: None,
            loaded_for: None,
            error: None,
            ab: super::balance_ab::AbPanel::default(),
            suggest: super::balance_suggest::SuggestPanel::default(),
        }
    }
}

impl BalancePanel {
    /// Starts a run over the pack as edited, on a background thread (it saves its report beside
    /// the pack when it finishes).
    pub fn run(&mut self, doc: &Document) {
        self.cancel();
        let pack = doc.pack().clone();
        let config = self.config.clone();
        let work = jobs::Job::spawn(move |counter, stop| {
            let control = Control {
                progress: &|done| counter.store(done, Ordering::Relaxed),
                cancel: stop,
                threads: None,
            };
            match run_balance(&pack, &config, control) {
                Ok(Some(report)) => {
                    saved::save(&pack.root, &pack, &report)
                        .context("the run finished but its results were not saved")?;
                    let fingerprint =
                        saved::fingerprint(&pack, report.cards.iter().map(|c| c.id.clone()))?;
                    Ok(Some(SavedResults {
                        format: saved::FORMAT,
                        fingerprint,
                        report,
                    }))
                }
                Ok(None) => Ok(None),
                Err(e) => Err(e.into()),
            }
        });
        self.error = None;
        self.job = Some(Job {
            total: self.config.matches() * 2,
            work,
        });
    }

    /// Carries out what the panel asked for (`PickFolder` is the app's: a dialog).
    pub fn apply(&mut self, command: BalanceCommand, doc: Option<&Document>) {
        match command {
            BalanceCommand::Run => {
                if let Some(doc) = doc {
                    self.run(doc);
                }
            }
            BalanceCommand::Cancel => self.cancel(),
            BalanceCommand::Compare(against) => {
                if let Some(doc) = doc {
                    self.ab
                        .compare(doc.pack().clone(), self.config.clone(), against);
                }
            }
            BalanceCommand::CancelCompare => self.ab.cancel(),
            BalanceCommand::OpenFlip(index) => self.ab.open(index),
            BalanceCommand::FlipStep { after, command } => self.ab.step(after, &command),
            BalanceCommand::Suggest(id) => {
                if let Some(doc) = doc {
                    self.suggest
                        .start(doc.pack().clone(), self.config.clone(), id);
                }
            }
            BalanceCommand::PickFolder => {}
        }
    }

    /// Stops the run in progress.
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.work.cancel();
        }
    }

    /// The report shown: the last run's, this session's or the one saved beside the pack.
    #[must_use]
    pub fn report(&self) -> Option<&BalanceReport> {
        self.shown.as_ref().map(|s| &s.report)
    }

    /// The shown report's cards in the table's order.
    #[must_use]
    pub fn rows(&self) -> Vec<&Impact> {
        self.report()
            .map(|r| sorted(r, self.sort))
            .unwrap_or_default()
    }

    /// Whether a run is in progress.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Picks up a finished run; returns how soon to look again (`None`: nothing running, so an
    /// idle editor does not redraw).
    pub fn poll(&mut self) -> Option<Duration> {
        let comparing = self
            .ab
            .poll()
            .then_some(Duration::from_millis(50))
            .or(self.suggest.poll());
        let Some(job) = self.job.as_ref() else {
            return comparing;
        };
        let Some(outcome) = job.work.finished("balance run") else {
            return Some(Duration::from_millis(50));
        };
        match outcome {
            Ok(Some(results)) => {
                self.shown = Some(results);
                self.changes_for = None;
            }
            Ok(None) => {}
            Err(e) => self.error = Some(format!("{e:#}")),
        }
        self.job = None;
        comparing
    }

    /// Reads the results saved beside this pack the first time the panel sees it (a view
    /// of the pack folder, like the file watcher's), and works out what changed since the
    /// shown run whenever the document changed.
    fn refresh(&mut self, doc: &Document) {
        if self.loaded_for.as_deref() != Some(doc.pack().root.as_path()) {
            self.loaded_for = Some(doc.pack().root.clone());
            self.changes_for = None;
            self.shown = match saved::load(&doc.pack().root) {
                Ok(results) => results,
                Err(e) => {
                    self.error = Some(e.to_string());
                    None
                }
            };
        }
        if let Some(shown) = &self.shown
            && self.changes_for != Some(doc.generation())
        {
            self.changes_for = Some(doc.generation());
            self.changes = saved::changes_since(shown, doc.pack())
                .unwrap_or_else(|e| vec![format!("cannot tell what changed: {e}")]);
        }
    }

    /// Draws the panel.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
        self.refresh(doc);
        let mut push = |c: BalanceCommand| commands.push(EditCommand::Balance(c));
        self.settings_ui(ui, &mut push);
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {error}"));
        }
        egui::CollapsingHeader::new("A/B: what the edits change")
            .id_salt("balance-ab")
            .default_open(true)
            .show(ui, |ui| self.ab.ui(ui, &mut push));
        ui.separator();
        let Some(report) = self.shown.as_ref().map(|s| &s.report) else {
            ui.weak("Run a balance: line-ups drawn from the pack's creatures play each other (each match both ways), and each card's effect on the win rate is measured.");
            return;
        };
        ui.label(format!(
            "{} battles ({} matches), pool of {} cards, lines of {}; first player wins {:.1}%.",
            report.runs,
            report.matches,
            report.cards.len(),
            report.config.line_size,
            100.0 * report.overall.first_player
        ));
        if !self.changes.is_empty() {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!(
                    "The pack changed since this run: {}",
                    self.changes.join("; ")
                ),
            );
        }
        let margin = self.config.margin;
        let outliers = report
            .cards
            .iter()
            .filter(|c| is_outlier(c.ci95, margin))
            .count();
        ui.label(format!(
            "{outliers} outlier(s): the 95% interval of the difference clears zero by more than {:.1} points.",
            100.0 * margin
        ));
        let rows = sorted(report, self.sort);
        let flagged: Vec<&Impact> = rows
            .iter()
            .copied()
            .filter(|c| is_outlier(c.ci95, margin))
            .collect();
        self.suggest.ui(ui, &flagged, doc, commands);
        chart_ui(ui, &rows, margin);
        let mut open = None;
        table_ui(ui, &rows, margin, &mut self.sort, &mut open);
        if let Some(id) = open
            && let Some(addr) = doc.card_addr(&id)
        {
            commands.push(EditCommand::Open { addr, field: None });
        }
    }

    /// The settings row, Run or Cancel, and the progress bar.
    fn settings_ui(&mut self, ui: &mut Ui, push: &mut impl FnMut(BalanceCommand)) {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Pool");
            ui.add(
                egui::TextEdit::singleline(&mut self.config.filter)
                    .hint_text("all creatures")
                    .desired_width(180.0),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "Which creatures: tribe:Beast keyword:Bolt tag:x file:dir/ id:a,b -term text",
            );
            let label = ui.label("Battles");
            ui.add(
                egui::DragValue::new(&mut self.config.runs)
                    .range(2..=10_000_000)
                    .speed(1000),
            )
            .labelled_by(label.id)
            .on_hover_text("How many battles (two per match: the sides swapped)");
            let label = ui.label("Line size");
            ui.add(egui::DragValue::new(&mut self.config.line_size).range(1..=16))
                .labelled_by(label.id)
                .on_hover_text("Creatures per line");
            let label = ui.label("Margin");
            ui.add(
                egui::DragValue::new(&mut self.config.margin)
                    .range(0.0..=0.5)
                    .speed(0.005)
                    .fixed_decimals(3),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "Flag a card when its interval clears zero by more than this (0.03 = 3 points)",
            );
            if let Some(job) = &self.job {
                let done = job.work.done();
                ui.add(
                    egui::ProgressBar::new(done as f32 / job.total.max(1) as f32)
                        .desired_width(160.0)
                        .text(format!("{done} of {}", job.total)),
                );
                if ui
                    .button("Cancel")
                    .on_hover_text("Stop the run; the last results stay")
                    .clicked()
                {
                    push(BalanceCommand::Cancel);
                }
            } else if ui
                .button("Run balance")
                .on_hover_text(
                    "Play the battles on every core; the results are saved beside the pack",
                )
                .clicked()
            {
                push(BalanceCommand::Run);
            }
        });
    }
}

/// A report's cards in the table's order (ties by id, so the order is stable).
fn sorted(report: &BalanceReport, (key, descending): (SortKey, bool)) -> Vec<&Impact> {
    let mut rows: Vec<&Impact> = report.cards.iter().collect();
    let value = |c: &Impact| match key {
        SortKey::Name | SortKey::Delta => c.delta.unwrap_or(f64::NEG_INFINITY),
        SortKey::Games => c.games as f64,
        SortKey::Dealt => c.damage_dealt,
        SortKey::Taken => c.damage_taken,
        SortKey::Survival => c.survival,
    };
    rows.sort_by(|a, b| {
        let order = if key == SortKey::Name {
            a.name.to_lowercase().cmp(&b.name.to_lowercase())
        } else {
            value(a).total_cmp(&value(b))
        };
        let order = if descending { order.reverse() } else { order };
        order.then_with(|| a.id.cmp(&b.id))
    });
    rows
}

/// The differences as bars in the table's order, each with its interval; outliers in red.
fn chart_ui(ui: &mut Ui, rows: &[&Impact], margin: f64) {
    let mut bars = Vec::with_capacity(rows.len());
    let mut whiskers = Vec::with_capacity(rows.len());
    for (i, c) in rows.iter().enumerate() {
        let Some(delta) = c.delta else { continue };
        let x = i as f64;
        let fill = if is_outlier(c.ci95, margin) {
            Color32::from_rgb(200, 70, 60)
        } else {
            Color32::from_rgb(110, 140, 180)
        };
        bars.push(
            Bar::new(x, 100.0 * delta)
                .name(&c.name)
                .width(0.7)
                .fill(fill),
        );
        if let Some([lo, hi]) = c.ci95 {
            whiskers.push(
                Line::new(
                    format!("{} 95%", c.name),
                    PlotPoints::from(vec![[x, 100.0 * lo], [x, 100.0 * hi]]),
                )
                .color(Color32::GRAY),
            );
        }
    }
    let names: Vec<String> = rows.iter().map(|c| c.name.clone()).collect();
    Plot::new("balance-chart")
        .height(160.0)
        .allow_scroll(false)
        .y_axis_label("win rate with − without (points)")
        // Card names under the bars (those the axis has room for; zoom in for the rest).
        .x_axis_formatter(move |mark, _| card_at(&names, mark.value).to_owned())
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("difference", bars));
            for line in whiskers {
                plot.line(line);
            }
        });
}

/// The name of the card whose bar stands at `x` (bars are at 0, 1, 2, …), or nothing between
/// bars and beyond the last.
fn card_at(names: &[String], x: f64) -> &str {
    if x.fract() != 0.0 || x < 0.0 {
        return "";
    }
    names.get(x as usize).map_or("", String::as_str)
}

/// The table: a header button per column sorts by it (again: the other way); a card's name
/// opens it.
fn table_ui(
    ui: &mut Ui,
    rows: &[&Impact],
    margin: f64,
    sort: &mut (SortKey, bool),
    open: &mut Option<String>,
) {
    let columns = [
        ("Card", SortKey::Name),
        ("Games", SortKey::Games),
        ("Δ win rate", SortKey::Delta),
        ("Dealt", SortKey::Dealt),
        ("Taken", SortKey::Taken),
        ("Survival", SortKey::Survival),
    ];
    TableBuilder::new(ui)
        .id_salt("balance-table")
        .striped(true)
        .column(Column::auto().at_least(140.0))
        .columns(Column::auto().at_least(60.0), 2)
        .column(Column::auto().at_least(110.0))
        .columns(Column::auto().at_least(60.0), 3)
        .header(22.0, |mut header| {
            for (i, (name, key)) in columns.iter().enumerate() {
                header.col(|ui| {
                    let arrow = match *sort {
                        (k, true) if k == *key => " ⏷",
                        (k, false) if k == *key => " ⏶",
                        _ => "",
                    };
                    if ui
                        .button(format!("{name}{arrow}"))
                        .on_hover_text("Sort by this column (again: the other way)")
                        .clicked()
                    {
                        *sort = if sort.0 == *key {
                            (*key, !sort.1)
                        } else {
                            (*key, *key != SortKey::Name)
                        };
                    }
                });
                if i == 2 {
                    header.col(|ui| {
                        ui.strong("95% interval");
                    });
                }
            }
        })
        .body(|mut body| {
            for c in rows {
                body.row(20.0, |mut row| {
                    row.col(|ui| {
                        let flag = if is_outlier(c.ci95, margin) {
                            "⚠ "
                        } else {
                            ""
                        };
                        if ui
                            .link(format!("{flag}{}", c.name))
                            .on_hover_text(format!("Open `{}`", c.id))
                            .clicked()
                        {
                            *open = Some(c.id.clone());
                        }
                    });
                    row.col(|ui| {
                        ui.label(c.games.to_string());
                    });
                    row.col(|ui| {
                        ui.label(
                            c.delta
                                .map_or_else(|| "–".to_owned(), |d| format!("{:+.1}", 100.0 * d)),
                        );
                    });
                    row.col(|ui| {
                        ui.label(c.ci95.map_or_else(
                            || "–".to_owned(),
                            |[lo, hi]| format!("{:+.1} to {:+.1}", 100.0 * lo, 100.0 * hi),
                        ));
                    });
                    row.col(|ui| {
                        ui.label(format!("{:.1}", c.damage_dealt));
                    });
                    row.col(|ui| {
                        ui.label(format!("{:.1}", c.damage_taken));
                    });
                    row.col(|ui| {
                        ui.label(format!("{:.0}%", 100.0 * c.survival));
                    });
                });
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_axis_names_the_card_under_each_bar() {
        let names = vec!["Grunt".to_owned(), "Wolf".to_owned()];
        assert_eq!(card_at(&names, 1.0), "Wolf");
        assert_eq!(card_at(&names, 0.5), "");
        assert_eq!(card_at(&names, 2.0), "");
        assert_eq!(card_at(&names, -1.0), "");
    }
}
