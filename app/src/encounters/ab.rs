//! The A/B of an encounter change (issue #16, item 4), beside the difficulty estimate in the
//! sandbox: "Compare with saved" plays the encounter as edited and as saved on the same seeds
//! with the policies (the engine's `encounter::ab::compare`, on a background thread,
//! cancellable) and shows the change in the heroes' win rate with its paired 95% interval and
//! the seeds whose result flipped. Where the saved version comes from is the host's: it hands
//! [`AbSection::compare`] a loader (the editor reads the file on disk).

use crate::jobs::Job;

use anyhow::Context as _;
use egui::{RichText, Ui};
use sigilforge_engine::balance::stats::Change;
use sigilforge_engine::encounter::ab::{EncounterAb, compare};
use sigilforge_engine::encounter::{Encounter, EncounterContent};

/// Reads the version to compare with (on the comparison's thread): the encounter as saved and
/// the content it uses, or why it cannot be read.
pub type SavedLoader =
    Box<dyn FnOnce() -> anyhow::Result<(Encounter, EncounterContent)> + Send + 'static>;

/// Flipped seeds listed (the count says how many flipped in all).
pub const LISTED_SEEDS: usize = 12;

/// What the user asked the section for (the sandbox turns it into its command).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbAsk {
    /// Compare with the encounter as saved.
    Compare,
    /// Stop the comparison running.
    Cancel,
}

/// The A/B section's state: the comparison running, the last one's report.
#[derive(Default)]
pub struct AbSection {
    job: Option<Job<Option<EncounterAb>>>,
    report: Option<EncounterAb>,
    error: Option<String>,
}

impl std::fmt::Debug for AbSection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AbSection")
            .field("running", &self.job.is_some())
            .field("report", &self.report)
            .field("error", &self.error)
            .finish()
    }
}

impl AbSection {
    /// Compares `edited` (after) with what `saved` reads (before) over seeds 0..runs−1, on a
    /// background thread.
    pub fn compare(
        &mut self,
        saved: SavedLoader,
        edited: (Encounter, EncounterContent),
        runs: u32,
    ) {
        self.cancel();
        self.error = None;
        self.job = Some(Job::spawn(move |_, stop| {
            saved().and_then(|(enc, content)| {
                compare((&content, &enc), (&edited.1, &edited.0), runs, stop)
                    .context("the encounter cannot be played")
            })
        }));
    }

    /// Stops the comparison in progress (the last report stays).
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
    }

    /// Whether a comparison runs.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// The last comparison's report.
    #[must_use]
    pub fn report(&self) -> Option<&EncounterAb> {
        self.report.as_ref()
    }

    /// Why the last comparison failed.
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Picks up a finished comparison; true while one runs (keep repainting).
    pub fn poll(&mut self) -> bool {
        let Some(job) = &self.job else {
            return false;
        };
        let Some(outcome) = job.finished("comparison") else {
            return true;
        };
        match outcome {
            Ok(Some(report)) => self.report = Some(report),
            Ok(None) => {}
            Err(e) => self.error = Some(format!("{e:#}")),
        }
        self.job = None;
        false
    }

    /// Draws the section: the button (or the running comparison with Cancel), then the report.
    pub fn ui(&self, ui: &mut Ui, runs: u32) -> Option<AbAsk> {
        let mut asked = None;
        ui.horizontal_wrapped(|ui| {
            if self.running() {
                ui.spinner();
                ui.label(format!("Comparing: {runs} seeds, each in both versions…"));
                if ui.button("Cancel comparison").clicked() {
                    asked = Some(AbAsk::Cancel);
                }
            } else if ui
                .button("Compare with saved")
                .on_hover_text(format!(
                    "Play the encounter as edited and as saved with the policies on the same seeds (0 to {}): the change in the heroes' win rate",
                    runs.saturating_sub(1)
                ))
                .clicked()
            {
                asked = Some(AbAsk::Compare);
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {error}"));
        }
        if let Some(report) = &self.report {
            report_ui(ui, report);
        }
        asked
    }
}

/// "Heroes' win rate: +25.0 points (was 40.0%, now 65.0%; 95% interval +15.2 to +34.8)".
#[must_use]
pub fn change_text(r: &EncounterAb) -> String {
    let change = Change {
        change: r.change,
        ci95: r.ci95,
    };
    format!("Heroes' win rate: {}", change.describe(r.before.win_rate))
}

fn report_ui(ui: &mut Ui, r: &EncounterAb) {
    let text = RichText::new(change_text(r));
    ui.label(if r.significant { text.strong() } else { text })
        .on_hover_text("From the encounter as saved to as edited, the same seeds played by both; the interval pairs them seed by seed");
    if r.flipped == 0 {
        ui.label(format!("No seed of {} changed its result.", r.runs));
        return;
    }
    let mut seeds: Vec<String> = r
        .flips
        .iter()
        .take(LISTED_SEEDS)
        .map(|(seed, won)| format!("{seed} ({})", if *won { "now won" } else { "now lost" }))
        .collect();
    if (r.flipped as usize) > seeds.len() {
        seeds.push("…".to_owned());
    }
    ui.label(format!(
        "{} of {} seeds flipped: {}",
        r.flipped,
        r.runs,
        seeds.join(", ")
    ))
    .on_hover_text("Load a seed in the sandbox (Policies play) to step through it");
}
