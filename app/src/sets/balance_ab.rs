//! The Balance panel's A/B (issue #16, item 2): "Compare with saved" plays the pack as edited
//! and the pack as saved on disk on the same matches (the engine's `balance::run_ab`, on a
//! background thread, cancellable), and shows the paired change in the win rate, overall and per
//! card, with its 95% interval, and the games whose result flipped. A click on a flipped game
//! opens it in both versions side by side, each in the one sandbox panel
//! (`crate::sandbox::sandbox_ui`), selected at the first event where the two logs differ, so
//! that event's Why shows on both sides.

use std::sync::atomic::Ordering;

use crate::jobs;

use egui::{RichText, Ui};
use sigilforge_engine::balance::ab::{AbReport, CardChange, Flip};
use sigilforge_engine::balance::baseline::{Against, load_folder};
use sigilforge_engine::balance::stats::Change;
use sigilforge_engine::balance::{BalanceConfig, Control, run_ab};
use sigilforge_engine::battle::{Battle, BattleContent};
use sigilforge_engine::pack::Pack;

use crate::sandbox::battle::BattleSandbox;
use crate::sandbox::{SandboxCommand, SystemSandbox as _, sandbox_ui};
use crate::shell::commands::BalanceCommand;

/// Flipped games listed, each a button (the count says how many flipped in all).
pub const LISTED_FLIPS: usize = 40;

/// A finished comparison with the two versions it played.
struct Compared {
    report: AbReport,
    before: Pack,
    after: Pack,
    config: BalanceConfig,
}

struct Job {
    total: u64,
    work: jobs::Job<Option<Compared>>,
}

/// A flipped game opened in both versions.
pub struct OpenedFlip {
    /// Which flip of the report.
    pub index: usize,
    /// The game as the pack as saved plays it.
    pub before: BattleSandbox,
    /// As the pack as edited plays it.
    pub after: BattleSandbox,
    /// The first event where the two logs differ.
    pub first_difference: usize,
}

/// The A/B part of the Balance panel.
#[derive(Default)]
pub struct AbPanel {
    job: Option<Job>,
    compared: Option<Compared>,
    /// The flipped game open side by side, if one is.
    pub opened: Option<OpenedFlip>,
    /// Why the last comparison or opening a game failed.
    pub error: Option<String>,
    /// The git revision typed to compare with.
    pub revision: String,
}

impl AbPanel {
    /// Compares `edited` with another version on a background thread: the pack as saved in its
    /// folder (`None`), another folder or a git revision of its folder.
    pub fn compare(&mut self, edited: Pack, config: BalanceConfig, against: Option<Against>) {
        self.cancel();
        let total = config.matches() * 2;
        let work = jobs::Job::spawn(move |counter, stop| {
            let control = Control {
                progress: &|done| counter.store(done, Ordering::Relaxed),
                cancel: stop,
                threads: None,
            };
            let (saved, label) = match &against {
                None => (load_folder(&edited.root), "as saved".to_owned()),
                Some(against) => (against.load(&edited.root), against.label()),
            };
            saved
                .and_then(|saved| {
                    let report = run_ab(&saved, &label, &edited, "as edited", &config, control)?;
                    Ok(report.map(|report| Compared {
                        report,
                        before: saved,
                        after: edited,
                        config,
                    }))
                })
                .map_err(anyhow::Error::from)
        });
        self.error = None;
        self.job = Some(Job { total, work });
    }

    /// Stops the comparison in progress.
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.work.cancel();
        }
    }

    /// Picks up a finished comparison; true while one runs (keep repainting).
    pub fn poll(&mut self) -> bool {
        let Some(job) = &self.job else {
            return false;
        };
        let Some(outcome) = job.work.finished("comparison") else {
            return true;
        };
        match outcome {
            Ok(Some(compared)) => {
                self.compared = Some(compared);
                self.opened = None;
            }
            Ok(None) => {}
            Err(e) => self.error = Some(format!("{e:#}")),
        }
        self.job = None;
        false
    }

    /// The last comparison's report.
    #[must_use]
    pub fn report(&self) -> Option<&AbReport> {
        self.compared.as_ref().map(|c| &c.report)
    }

    /// Opens flipped game `index` in both versions at the first event where their logs differ.
    pub fn open(&mut self, index: usize) {
        let Some(c) = &self.compared else { return };
        let Some(flip) = c.report.flips.get(index) else {
            return;
        };
        let (before, after) = (
            BattleContent::from_pack(&c.before),
            BattleContent::from_pack(&c.after),
        );
        match flip.replay(&before, &after, &c.config) {
            Ok(replay) => {
                let at = replay.first_difference;
                let side = |played: &Battle| {
                    let mut sandbox =
                        BattleSandbox::new(Battle::new(&played.battle_setup(), played.seed()));
                    sandbox.apply(&SandboxCommand::Seek(at + 1));
                    sandbox.apply(&SandboxCommand::Select(Some(at)));
                    sandbox
                };
                self.opened = Some(OpenedFlip {
                    index,
                    before: side(&replay.before),
                    after: side(&replay.after),
                    first_difference: at,
                });
                self.error = None;
            }
            Err(e) => self.error = Some(format!("cannot replay that game: {e}")),
        }
    }

    /// A control of one side of the opened game (`after`: the edited version's).
    pub fn step(&mut self, after: bool, command: &SandboxCommand) {
        if let Some(o) = &mut self.opened {
            let side = if after { &mut o.after } else { &mut o.before };
            side.apply(command);
        }
    }

    /// Draws the A/B section; what the user asks for is pushed.
    pub fn ui(&mut self, ui: &mut Ui, push: &mut impl FnMut(BalanceCommand)) {
        ui.horizontal_wrapped(|ui| {
            if let Some(job) = &self.job {
                let done = job.work.done();
                ui.add(
                    egui::ProgressBar::new(done as f32 / job.total.max(1) as f32)
                        .desired_width(220.0)
                        .text(format!(
                            "Comparing: {done} of {} games, each in both versions",
                            job.total
                        )),
                );
                if ui.button("Cancel comparison").clicked() {
                    push(BalanceCommand::CancelCompare);
                }
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(50));
            } else {
                self.start_ui(ui, push);
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {error}"));
        }
        let Some(report) = self.report() else { return };
        summary_ui(ui, report);
        changes_ui(ui, &report.cards);
        flips_ui(ui, report, push);
        if let Some(o) = &self.opened {
            opened_ui(ui, o, report, push);
        }
    }
}

impl AbPanel {
    /// The buttons that start a comparison: with the pack as saved, another folder, a git
    /// revision of the pack's folder.
    fn start_ui(&mut self, ui: &mut Ui, push: &mut impl FnMut(BalanceCommand)) {
        const SAME: &str =
            "on the same line-ups and seeds (the Pool, Line size and Battles settings)";
        if ui
            .button("Compare with saved")
            .on_hover_text(format!(
                "Play the pack as edited and as saved {SAME}: what the edits change"
            ))
            .clicked()
        {
            push(BalanceCommand::Compare(None));
        }
        if ui
            .button("Compare with folder…")
            .on_hover_text(format!(
                "Pick another pack folder and play it and the pack as edited {SAME}"
            ))
            .clicked()
        {
            push(BalanceCommand::PickFolder);
        }
        let label = ui.label("Git revision");
        ui.add(
            egui::TextEdit::singleline(&mut self.revision)
                .hint_text("HEAD~1, a tag, a branch")
                .desired_width(120.0),
        )
        .labelled_by(label.id)
        .on_hover_text("A revision of the pack's folder in its git repository");
        let revision = self.revision.trim();
        if ui
            .add_enabled(
                !revision.is_empty(),
                egui::Button::new("Compare with revision"),
            )
            .on_hover_text(format!(
                "Play the pack's folder as it was at that revision and the pack as edited {SAME}"
            ))
            .clicked()
        {
            push(BalanceCommand::Compare(Some(Against::Revision(
                revision.to_owned(),
            ))));
        }
    }
}

fn change_text(c: &CardChange) -> String {
    Change {
        change: c.change,
        ci95: c.ci95,
    }
    .describe(c.before)
}

fn summary_ui(ui: &mut Ui, report: &AbReport) {
    ui.label(format!(
        "{} battles per version ({} matches), {} vs {}; edited: {}.",
        report.runs,
        report.matches,
        report.before_label,
        report.after_label,
        if report.edited.is_empty() {
            "nothing".to_owned()
        } else {
            report.edited.join(", ")
        }
    ));
    ui.label(format!(
        "First player's win rate: {}",
        change_text(&report.first_player)
    ));
    if let Some(lines) = &report.edited_lines {
        ui.label(format!("Lines with an edited card: {}", change_text(lines)));
    }
}

/// Each card's change, the largest first.
fn changes_ui(ui: &mut Ui, cards: &[CardChange]) {
    let mut rows: Vec<&CardChange> = cards.iter().collect();
    rows.sort_by(|a, b| b.change.abs().total_cmp(&a.change.abs()));
    egui::CollapsingHeader::new("Change per card")
        .id_salt("balance-ab-cards")
        .default_open(true)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("balance-ab-cards-scroll")
                .max_height(180.0)
                .show(ui, |ui| {
                    egui::Grid::new("balance-ab-cards-grid")
                        .striped(true)
                        .show(ui, |ui| {
                            for head in ["Card", "Games", "Change"] {
                                ui.strong(head);
                            }
                            ui.end_row();
                            for c in rows {
                                let name = if c.significant {
                                    RichText::new(format!("⚑ {}", c.name)).strong()
                                } else {
                                    RichText::new(&c.name)
                                };
                                ui.label(name).on_hover_text(c.id.as_str());
                                ui.label(c.games.to_string());
                                ui.label(change_text(c));
                                ui.end_row();
                            }
                        });
                });
        });
}

/// A flipped game's button: "seed 42: A wins, now B wins" (words: the fonts have no `→`).
#[must_use]
pub fn flip_label(f: &Flip) -> String {
    format!(
        "seed {}: {}, now {}",
        f.seed,
        f.before.text(),
        f.after.text()
    )
}

fn flips_ui(ui: &mut Ui, report: &AbReport, push: &mut impl FnMut(BalanceCommand)) {
    ui.label(format!(
        "{} game(s) flipped (the same line-ups and seed, another result); click one to open it in both versions:",
        report.flipped
    ));
    ui.horizontal_wrapped(|ui| {
        for (i, f) in report.flips.iter().take(LISTED_FLIPS).enumerate() {
            let text = flip_label(f);
            if ui
                .button(text)
                .on_hover_text(format!(
                    "Match {}{}: A {} · B {}",
                    f.match_index,
                    if f.swapped { " (sides swapped)" } else { "" },
                    f.a.join(", "),
                    f.b.join(", ")
                ))
                .clicked()
            {
                push(BalanceCommand::OpenFlip(i));
            }
        }
    });
}

fn opened_ui(
    ui: &mut Ui,
    o: &OpenedFlip,
    report: &AbReport,
    push: &mut impl FnMut(BalanceCommand),
) {
    ui.separator();
    ui.strong(format!(
        "The logs part at event #{}: each side is selected there, its Why below it.",
        o.first_difference
    ));
    ui.columns(2, |cols| {
        let sides = [
            (false, &o.before, &report.before_label),
            (true, &o.after, &report.after_label),
        ];
        for (ui, (after, sandbox, label)) in cols.iter_mut().zip(sides) {
            ui.push_id(("balance-ab-side", after), |ui| {
                ui.heading(if after {
                    format!("After ({label})")
                } else {
                    format!("Before ({label})")
                });
                sandbox_ui(ui, sandbox, &mut |command| {
                    push(BalanceCommand::FlipStep { after, command });
                });
            });
        }
    });
}
