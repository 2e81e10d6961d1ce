//! The A/B of an encounter change (issue #16, item 4; issue #32, item 6), beside the difficulty
//! estimate in the sandbox: "Compare with saved" plays the encounter as edited and as saved on
//! the estimate's seeds with both of its tables (the engine's `encounter::ab::compare`, on a
//! background thread, cancellable) and shows, per table and labelled ("With careful play"), the
//! change in the heroes' win rate with its paired 95% interval and the seeds whose result
//! flipped. A comparison is for one version as edited: once the encounter changes (an edit, an
//! undo) it is cancelled or cleared, never shown for another version. Where the saved version comes from is the host's: it hands
//! [`AbSection::compare`] a loader (the editor reads the file on disk).

use crate::jobs::Job;

use anyhow::Context as _;
use egui::{RichText, Ui};
use sigilforge_engine::balance::stats::Change;
use sigilforge_engine::encounter::ab::{EncounterAb, TableAb, compare};
use sigilforge_engine::encounter::{Encounter, EncounterContent, EstimatePlan, PlayStyle};

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
    /// The version as edited that the running comparison or the report is for.
    made_for: Option<(Encounter, EncounterContent)>,
}

impl std::fmt::Debug for AbSection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AbSection")
            .field("running", &self.job.is_some())
            .field("report", &self.report)
            .field("error", &self.error)
            .field("made_for", &self.made_for.as_ref().map(|(e, _)| &e.name))
            .finish()
    }
}

impl AbSection {
    /// Compares `edited` (after) with what `saved` reads (before) over the plan's seeds, on a
    /// background thread.
    pub fn compare(
        &mut self,
        saved: SavedLoader,
        edited: (Encounter, EncounterContent),
        plan: EstimatePlan,
    ) {
        self.cancel();
        self.error = None;
        self.report = None;
        self.made_for = Some(edited.clone());
        self.job = Some(Job::spawn(move |_, stop| {
            saved().and_then(|(enc, content)| {
                compare((&content, &enc), (&edited.1, &edited.0), plan, stop)
                    .context("the encounter cannot be played")
            })
        }));
    }

    /// The encounter as edited is now `enc` with `content`: a comparison made or running for
    /// another version is dropped (its numbers would be stale), one for this version is kept.
    pub fn forget_unless_for(&mut self, enc: &Encounter, content: &EncounterContent) {
        let same = self
            .made_for
            .as_ref()
            .is_some_and(|(e, c)| e == enc && c == content);
        if !same {
            self.forget();
        }
    }

    /// Drops the comparison, running or made (the encounter as saved changed, or as edited).
    pub fn forget(&mut self) {
        self.cancel();
        self.report = None;
        self.error = None;
        self.made_for = None;
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
    pub fn ui(&self, ui: &mut Ui, plan: EstimatePlan) -> Option<AbAsk> {
        let runs = plan.runs;
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
                    "Play the encounter as edited and as saved on the difficulty estimate's seeds ({}), with careful play and with simple play: the change in the heroes' win rate",
                    plan.describe()
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

/// "With careful play, heroes' win rate: +25.0 points (was 40.0%, now 65.0%; 95% interval +15.2
/// to +34.8)".
#[must_use]
pub fn change_text(style: PlayStyle, t: &TableAb) -> String {
    let change = Change {
        change: t.change,
        ci95: t.ci95,
    };
    format!(
        "With {}, heroes' win rate: {}",
        style.label(),
        change.describe(t.before.win_rate)
    )
}

fn report_ui(ui: &mut Ui, r: &EncounterAb) {
    for style in PlayStyle::ALL {
        table_ui(ui, style, r.table(style), r.plan.runs);
    }
}

fn table_ui(ui: &mut Ui, style: PlayStyle, t: &TableAb, runs: u32) {
    let text = RichText::new(change_text(style, t));
    ui.label(if t.significant { text.strong() } else { text })
        .on_hover_text(format!("From the encounter as saved to as edited, the same seeds played by both, {}: {}; the interval pairs them seed by seed", style.label(), style.explanation()));
    if t.flipped == 0 {
        ui.label(format!(
            "With {}: no seed of {runs} changed its result.",
            style.label()
        ));
        return;
    }
    let mut seeds: Vec<String> = t
        .flips
        .iter()
        .take(LISTED_SEEDS)
        .map(|(seed, won)| format!("{seed} ({})", if *won { "now won" } else { "now lost" }))
        .collect();
    if (t.flipped as usize) > seeds.len() {
        seeds.push("…".to_owned());
    }
    ui.label(format!(
        "With {}: {} of {runs} seeds flipped: {}",
        style.label(),
        t.flipped,
        seeds.join(", ")
    ))
    .on_hover_text("Load a seed in the sandbox (Policies play: simple play) to step through it");
}
