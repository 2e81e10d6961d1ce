//! The difficulty estimate: "Simulate" plays N encounters (the engine's `simulate`, policies on
//! both sides, seeds 0..N−1) on a background thread, and shows the heroes' win rate with its 95%
//! interval, the average rounds and, as a bar chart, the chance each hero drops.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use egui::{RichText, Ui};
use egui_plot::{Bar, BarChart, Plot};
use sigilforge_engine::encounter::{Encounter, EncounterContent, SimulationReport, simulate};

/// Default number of runs.
pub const DEFAULT_RUNS: u32 = 1000;

/// The simulation job and its last result.
#[derive(Debug)]
pub struct SimulationPanel {
    /// How many encounters to play.
    pub runs: u32,
    job: Option<Receiver<Result<SimulationReport, String>>>,
    /// The last finished report (and the encounter it was for).
    result: Option<(Result<SimulationReport, String>, Encounter)>,
}

impl Default for SimulationPanel {
    fn default() -> Self {
        Self {
            runs: DEFAULT_RUNS,
            job: None,
            result: None,
        }
    }
}

/// "62.0% (95%: 58.9%–65.0%)".
#[must_use]
pub fn win_rate_text(r: &SimulationReport) -> String {
    format!(
        "Heroes' win rate: {:.1}% (95% interval {:.1}%–{:.1}%)",
        r.win_rate * 100.0,
        r.win_rate_low * 100.0,
        r.win_rate_high * 100.0
    )
}

impl SimulationPanel {
    /// Starts a job on a background thread (a running one is forgotten: its result is dropped).
    pub fn start(&mut self, enc: &Encounter, content: &EncounterContent) {
        let (tx, rx) = channel();
        let (enc, content, runs) = (enc.clone(), content.clone(), self.runs);
        std::thread::spawn(move || {
            let report = simulate(&content, &enc, runs).map_err(|e| e.to_string());
            // The receiver is gone when the user started another job: nothing to tell.
            let _ = tx.send(report);
        });
        self.job = Some(rx);
        self.result = None;
    }

    /// Whether a job is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// The last report, if one finished.
    #[must_use]
    pub fn report(&self) -> Option<&SimulationReport> {
        self.result.as_ref().and_then(|(r, _)| r.as_ref().ok())
    }

    fn poll(&mut self, enc: &Encounter) {
        let Some(rx) = &self.job else { return };
        match rx.try_recv() {
            Ok(result) => {
                self.result = Some((result, enc.clone()));
                self.job = None;
            }
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => {
                self.result = Some((
                    Err("the simulation stopped unexpectedly".to_owned()),
                    enc.clone(),
                ));
                self.job = None;
            }
        }
    }

    /// The panel: runs, Simulate, progress, the results and the drop chart.
    pub fn ui(&mut self, ui: &mut Ui, enc: &Encounter, content: &EncounterContent) {
        self.poll(enc);
        ui.horizontal(|ui| {
            ui.label("Runs").on_hover_text("How many encounters to play");
            ui.add(egui::DragValue::new(&mut self.runs).range(1..=100_000))
                .on_hover_text("How many encounters to play (seeds 0 to N−1)");
            if ui
                .add_enabled(!self.running(), egui::Button::new("Simulate"))
                .on_hover_text("Play the encounter N times with simple policies on both sides (the script is ignored)")
                .clicked()
            {
                self.start(enc, content);
            }
        });
        if self.running() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("Simulating {} encounters…", self.runs))
                    .on_hover_text("Running on a background thread; the editor stays usable");
            });
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
            return;
        }
        let Some((result, for_enc)) = &self.result else {
            ui.label("Press Simulate for a difficulty estimate.")
                .on_hover_text(
                    "Policies play both sides; the heroes are the encounter's `heroes` side",
                );
            return;
        };
        let report = match result {
            Ok(r) => r,
            Err(e) => {
                ui.colored_label(
                    egui::Color32::from_rgb(230, 90, 80),
                    format!("Cannot simulate: {e}"),
                );
                return;
            }
        };
        if for_enc != enc {
            ui.label(
                RichText::new("The encounter changed since this estimate: simulate again.")
                    .italics(),
            )
            .on_hover_text("The numbers below are for the encounter as it was");
        }
        ui.label(RichText::new(win_rate_text(report)).strong())
            .on_hover_text("Wilson score interval for the share of runs the heroes won");
        ui.label(format!(
            "{} runs: {} won by the heroes, {} draws; average {:.1} rounds",
            report.runs, report.hero_wins, report.draws, report.average_rounds
        ))
        .on_hover_text("A draw: time ran out or everyone dropped");
        for (id, chance) in &report.drop_chance {
            ui.label(format!("{id} drops in {:.1}% of runs", chance * 100.0))
                .on_hover_text("Share of runs in which this hero dropped");
        }
        let bars: Vec<Bar> = report
            .drop_chance
            .iter()
            .enumerate()
            .map(|(i, (id, chance))| Bar::new(i as f64, chance * 100.0).name(id).width(0.6))
            .collect();
        let names: Vec<String> = report.drop_chance.keys().cloned().collect();
        Plot::new("encounter_drop_chance")
            .height(180.0)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .include_y(0.0)
            .include_y(100.0)
            .y_axis_label("drop chance %")
            .x_axis_formatter(move |mark, _| {
                let i = mark.value.round();
                if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                    names.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .show(ui, |plot| {
                plot.bar_chart(BarChart::new("Drop chance", bars));
            });
    }
}
