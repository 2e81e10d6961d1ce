//! What designers take out of the editor (issue #15): File → Export pack…, Import pack…,
//! Export card images…, Print sheet
//! (PDF)…, Tabletop Simulator deck…, Export CSV… and Import CSV…, with the command line's
//! options. Each draws the pack as edited (not as last saved) with `sigilforge_render`, the
//! same code as `sigilforge render`, `print` and `tts`. Paths come from the one file dialog
//! (`crate::dialogs`); long jobs run on a background thread with a progress bar and Cancel,
//! and end with a message naming what was written and "Open folder". Import CSV shows what
//! will change and applies it as one undoable edit through `apply` (saved like any edit: only
//! the changed cards' lines).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use sigilforge_engine::cards_csv::ImportPlan;
use sigilforge_render::cli::PrintArgs;
use sigilforge_render::{Progress, Report};

pub use super::output_command::{OutputCommand, OutputKind};

/// The options, as on the command line (kept between jobs).
#[derive(Debug, Clone, PartialEq)]
pub struct OutputOptions {
    /// `render --dpi`.
    pub dpi: f32,
    /// `render --cards` (empty: every card).
    pub cards: String,
    /// `render --bleed`.
    pub bleed: String,
    /// `render --card` (empty: each template's size).
    pub card: String,
    /// `print`'s options.
    pub print: PrintArgs,
    /// `tts --dpi`.
    pub tts_dpi: f32,
}

impl Default for OutputOptions {
    fn default() -> Self {
        Self {
            dpi: 300.0,
            cards: String::new(),
            bleed: "0mm".into(),
            card: String::new(),
            print: PrintArgs::default(),
            tts_dpi: 150.0,
        }
    }
}

/// A job running on its thread.
pub(crate) struct Job {
    pub(crate) kind: OutputKind,
    pub(crate) progress: Arc<Progress>,
    pub(crate) result: Receiver<anyhow::Result<Report>>,
    pub(crate) dest: PathBuf,
}

/// The message about the last job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// What happened (what was written, or why nothing was).
    pub text: String,
    /// The folder to open, when something was written.
    pub folder: Option<PathBuf>,
}

/// An import read and checked, waiting for the designer's yes.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingImport {
    /// The CSV file.
    pub path: PathBuf,
    /// What it would change.
    pub plan: ImportPlan,
}

/// The outputs' state in the editor.
#[derive(Default)]
pub struct Outputs {
    /// The options the windows edit.
    pub options: OutputOptions,
    /// The output whose options window is open.
    pub asking: Option<OutputKind>,
    pub(crate) job: Option<Job>,
    /// The message about the last job.
    pub finished: Option<Finished>,
    /// The import waiting to be applied.
    pub import: Option<PendingImport>,
    /// Import pack…: the archive chosen, while the folder to unpack it into is asked for.
    pub pack_archive: Option<PathBuf>,
    /// Why "Open folder" failed after its program started (it is awaited on a thread).
    pub(crate) open_failed: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

impl Outputs {
    /// Whether a job is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Picks up a finished job; returns how soon to look again (`None`: nothing running, so
    /// an idle editor does not redraw).
    pub fn poll(&mut self) -> Option<Duration> {
        let job = self.job.as_ref()?;
        let Some(outcome) = crate::jobs::finished(&job.result, "job") else {
            return Some(Duration::from_millis(100));
        };
        let folder = if matches!(job.kind, OutputKind::Images | OutputKind::Tts) {
            job.dest.clone()
        } else {
            job.dest
                .parent()
                .map_or_else(|| PathBuf::from("."), Path::to_owned)
        };
        self.finished = Some(match outcome {
            Ok(report) => Finished {
                text: summary(job.kind, &report, &job.dest),
                folder: Some(folder),
            },
            Err(e) => Finished {
                text: format!("Nothing more was written: {e:#}"),
                folder: None,
            },
        });
        self.job = None;
        None
    }
}

/// "Wrote 63 card images (63 files) to /x", with warnings.
fn summary(kind: OutputKind, report: &Report, dest: &Path) -> String {
    let what = match kind {
        OutputKind::Images => format!("{} card images", report.cards),
        OutputKind::Print => format!(
            "a print sheet of {} cards on {} pages",
            report.cards, report.pages
        ),
        OutputKind::Tts => format!(
            "a Tabletop Simulator deck of {} cards ({} sheets)",
            report.cards, report.pages
        ),
        OutputKind::CsvExport
        | OutputKind::CsvImport
        | OutputKind::PackExport
        | OutputKind::PackImport => format!("{} cards", report.cards),
    };
    let mut text = format!(
        "Wrote {what} ({} files) to {}.",
        report.files.len(),
        dest.display()
    );
    for w in &report.warnings {
        text.push_str("\nwarning: ");
        text.push_str(w);
    }
    text
}
