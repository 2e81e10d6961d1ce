//! The sandbox: the encounter run step by step in the one sandbox panel (`crate::sandbox`): a
//! step is an action. The board is the state right after the selected event (health, Beats,
//! conditions with stacks as chips; the run keeps a moment per entry) and the map shows the
//! same moment. The run is rebuilt (and replayed to the same step) whenever the encounter
//! changes, so it always shows the encounter as edited. Simulate plays the encounter with the
//! policies on both sides (the difficulty estimate). Every control is an
//! [`EncounterSandboxCommand`] the host applies ([`Sandbox::apply`]).

use egui::{Color32, RichText, Ui};
use sigilforge_engine::encounter::{
    Difficulty, ESTIMATE_RUNS, Encounter, EncounterContent, EncounterRun, EstimatePlan, Mode,
    StateView,
};

use super::ab::{AbAsk, AbSection, SavedLoader};
use super::board::tokens_of;
use super::map_view::{Token, side_colour};
use crate::sandbox::{Runner, SandboxCommand, Simulation, SystemSandbox, sandbox_ui};

/// How many encounters Simulate plays unless told otherwise (the engine's default estimate).
pub const SIMULATION_RUNS: u32 = ESTIMATE_RUNS;

/// What the encounter sandbox asks its host for; the host applies it with
/// `EncounterEditor::apply_sandbox`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EncounterSandboxCommand {
    /// A control of the one sandbox panel.
    Run(SandboxCommand),
    /// Whether the policies play both sides (the script is ignored).
    Policies(bool),
    /// A/B the encounter as edited against the encounter as saved. The host's: it knows where
    /// the saved version is, and hands it over with `EncounterEditor::compare_with`.
    CompareWithSaved,
    /// Stop the comparison in progress.
    CancelCompare,
    /// A table mode control (the editor's `TableMode` carries it out, not the sandbox).
    Table(super::table::TableCommand),
}

/// The last difficulty estimate the encounter tab's Simulate made, with the encounter and
/// content it was made from (`crate::sandbox::encounter::encounter_work` fills it).
pub type KeptEstimate =
    std::sync::Arc<std::sync::Mutex<Option<(Encounter, EncounterContent, Difficulty)>>>;

/// The sandbox's state: a run of the encounter and where the user is in it.
#[derive(Debug)]
pub struct Sandbox {
    /// Seed of the run.
    pub seed: u64,
    /// Ignore the script: the policies play both sides.
    pub policies: bool,
    pub(crate) runner: Option<Runner<EncounterRun>>,
    /// The Simulate control (the difficulty estimate).
    pub(crate) simulation: Simulation,
    /// The A/B of the encounter as edited against the encounter as saved.
    pub ab: AbSection,
    error: Option<String>,
    /// The encounter and content the run was built from (rebuilt when they change).
    pub(crate) source: Option<(Encounter, EncounterContent, u64, bool)>,
    /// The revision of the encounter and content the run was built from.
    built_at: crate::sandbox::BuiltAt,
    /// The last estimate Simulate made, with what it was made from (the sheet uses it).
    pub(crate) kept_estimate: KeptEstimate,
}

impl Default for Sandbox {
    fn default() -> Self {
        Self {
            seed: 0,
            policies: false,
            runner: None,
            simulation: Simulation::new(
                SIMULATION_RUNS,
                "Play the encounter with seeds 0 to N−1, with careful play and with simple play on both sides (the script is ignored), and count the heroes' wins; the estimate then re-runs after every change",
            )
            .without_progress()
            .live(),
            ab: AbSection::default(),
            error: None,
            source: None,
            built_at: crate::sandbox::BuiltAt::default(),
            kept_estimate: KeptEstimate::default(),
        }
    }
}

pub use crate::sandbox::panel::CAUSE_ARROW;

pub use super::board::{displayable, log_line, state_line};

impl Sandbox {
    /// Keeps the run in step with the encounter: rebuilt and replayed when its `revision` (the
    /// host's number for the encounter and its content) moved, or the seed or policies changed.
    pub fn sync(&mut self, enc: &Encounter, content: &EncounterContent, revision: u64) {
        let inputs_changed = !self.built_at.is(revision);
        let same = !inputs_changed
            && (self.source.as_ref())
                .is_some_and(|(_, _, s, p)| *s == self.seed && *p == self.policies);
        if !same {
            self.built_at.set(revision);
            if inputs_changed && self.source.is_some() {
                self.simulation.content_changed();
                // Never a comparison of an older version (an undo included): it is cleared.
                self.ab.forget_unless_for(enc, content);
            }
            self.source = Some((enc.clone(), content.clone(), self.seed, self.policies));
            self.rebuild();
        }
    }

    fn rebuild(&mut self) {
        let Some((enc, content, seed, policies)) = &self.source else {
            return;
        };
        let mode = if *policies {
            Mode::Policies
        } else {
            Mode::Script
        };
        match EncounterRun::with_mode(content, enc, *seed, mode) {
            Ok(run) => {
                self.error = None;
                match &mut self.runner {
                    Some(runner) => runner.replace(&run),
                    None => self.runner = Some(Runner::with_moments(run)),
                }
            }
            Err(e) => {
                self.error = Some(format!("The sandbox cannot start: {e}"));
                self.runner = None;
            }
        }
    }

    /// The running encounter as stepped, if it could start.
    #[must_use]
    pub fn run(&self) -> Option<&EncounterRun> {
        self.runner.as_ref().map(|r| &r.run)
    }

    /// The selected event, if any.
    #[must_use]
    pub fn selected(&self) -> Option<usize> {
        self.runner.as_ref().and_then(Runner::selected)
    }

    /// Steps taken so far.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.run().map_or(0, EncounterRun::steps_taken)
    }

    /// Carries out what the sandbox asked for (the panel's controls, the policies switch).
    pub fn apply(&mut self, command: &EncounterSandboxCommand) {
        match command {
            EncounterSandboxCommand::Policies(on) => {
                self.policies = *on;
                if let Some(source) = &mut self.source {
                    source.3 = *on;
                }
                self.rebuild();
            }
            // Simulate is the panel's (`crate::sandbox::encounter`); the rest ends below.
            EncounterSandboxCommand::Run(control) => SystemSandbox::apply(self, control),
            EncounterSandboxCommand::CancelCompare => self.ab.cancel(),
            // The host's (see the variant; a host that has no saved version leaves it), and
            // table mode's (`EncounterEditor::apply_sandbox`).
            EncounterSandboxCommand::CompareWithSaved | EncounterSandboxCommand::Table(_) => {}
        }
    }

    /// The seeds the difficulty estimate plays (the Runs field, from seed 0): the headline, the
    /// A/B and the sheet all use it, so their numbers are the same.
    #[must_use]
    pub fn plan(&self) -> EstimatePlan {
        EstimatePlan::from(self.simulation.runs())
    }

    /// Starts the A/B of the encounter as edited against what `saved` reads, on the seeds the
    /// estimate plays.
    pub fn compare_with(&mut self, saved: SavedLoader) {
        if let Some((enc, content, _, _)) = &self.source {
            let edited = (enc.clone(), content.clone());
            self.ab.compare(saved, edited, self.plan());
        }
    }

    /// The difficulty estimate Simulate made for exactly this encounter and content, if it
    /// made one (over the tab's number of runs): the sheet shows it instead of simulating again.
    #[must_use]
    pub fn estimate_for(&self, enc: &Encounter, content: &EncounterContent) -> Option<Difficulty> {
        let slot = self.kept_estimate.lock().ok()?;
        let (e, c, difficulty) = slot.as_ref()?;
        (e == enc && c == content && difficulty.plan == self.plan()).then(|| difficulty.clone())
    }

    /// The encounter and content the run is built from.
    #[must_use]
    pub fn source(&self) -> Option<(&Encounter, &EncounterContent)> {
        self.source.as_ref().map(|(e, c, _, _)| (e, c))
    }

    /// Carries out a control that moves the run (a seed rebuilds it).
    pub(crate) fn run_control(&mut self, command: &SandboxCommand) {
        match command {
            SandboxCommand::SetSeed(seed) | SandboxCommand::LoadSeed(seed) => {
                self.seed = *seed;
                if let Some(source) = &mut self.source {
                    source.2 = *seed;
                }
                self.rebuild();
                if matches!(command, SandboxCommand::LoadSeed(_))
                    && let Some(runner) = &mut self.runner
                {
                    runner.apply(&SandboxCommand::Reset);
                }
            }
            _ => {
                if let Some(runner) = &mut self.runner {
                    runner.apply(command);
                }
            }
        }
    }

    /// The state the board and the map show: right after the selected event, or as stepped.
    #[must_use]
    pub fn state(&self) -> Option<StateView> {
        self.runner.as_ref().map(Runner::board)
    }

    /// Tokens for the map from the shown state (names from the stat blocks).
    #[must_use]
    pub fn tokens(&self) -> Vec<Token> {
        let (Some(run), Some(state)) = (self.run(), self.state()) else {
            return Vec::new();
        };
        tokens_of(run, &state)
    }

    /// The policies switch, then the one sandbox panel; what they ask for goes to the host.
    pub fn ui(&mut self, ui: &mut Ui, commands: &mut Vec<EncounterSandboxCommand>) {
        if self.poll_simulation() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(20));
        }
        if self.ab.poll() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
        let mut policies = self.policies;
        if ui
            .checkbox(&mut policies, "Policies play")
            .on_hover_text("Ignore the script: simple policies play both sides")
            .changed()
        {
            commands.push(EncounterSandboxCommand::Policies(policies));
        }
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(230, 90, 80), e);
            return;
        }
        let plan = self.plan();
        egui::CollapsingHeader::new("A/B: what the edits change")
            .id_salt("encounter-ab")
            .default_open(true)
            .show(ui, |ui| match self.ab.ui(ui, plan) {
                Some(AbAsk::Compare) => commands.push(EncounterSandboxCommand::CompareWithSaved),
                Some(AbAsk::Cancel) => commands.push(EncounterSandboxCommand::CancelCompare),
                None => {}
            });
        sandbox_ui(ui, &*self, &mut |c| {
            commands.push(EncounterSandboxCommand::Run(c));
        });
    }

    /// Round, turn, outcome and each combatant's state with its conditions as chips, at the
    /// shown moment.
    pub fn state_ui(&self, ui: &mut Ui) {
        let Some(state) = self.state() else {
            return;
        };
        let names = self
            .run()
            .map(sigilforge_engine::wording::encounter_names)
            .unwrap_or_default();
        let turn = state.turn.as_deref().map_or("nobody", |id| names.name(id));
        let when = match self.selected() {
            Some(i) => format!("right after #{i}"),
            None => format!("step {}", self.steps()),
        };
        ui.label(format!("Round {}, {turn}'s turn, {when}", state.round))
            .on_hover_text("Where the run is at the shown moment");
        if let Some(o) = &state.outcome {
            let who = o.winner.as_deref().unwrap_or("nobody");
            ui.label(
                RichText::new(format!(
                    "Over: {who} won in round {} ({})",
                    o.rounds, o.reason
                ))
                .strong(),
            )
            .on_hover_text("How the encounter ended");
        }
        for c in &state.combatants {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(side_colour(&c.side), "⏺")
                    .on_hover_text(format!("Side: {}", c.side));
                ui.label(state_line(c, &names))
                    .on_hover_text("Health and Beats left this turn");
                for (name, stacks) in &c.conditions {
                    chip(
                        ui,
                        &format!("{name} ×{stacks}"),
                        "A status condition with its stacks",
                    );
                }
                for p in &c.pending {
                    chip(
                        ui,
                        &format!("pending {p}"),
                        "A started Slow Action waiting for its Test",
                    );
                }
                for p in &c.prepared {
                    chip(
                        ui,
                        &format!("prepared {p}"),
                        "An ability made usable by another",
                    );
                }
            });
        }
    }
}

fn chip(ui: &mut Ui, text: &str, tip: &str) {
    egui::Frame::new()
        .fill(ui.visuals().faint_bg_color)
        .stroke(ui.visuals().widgets.noninteractive.bg_stroke)
        .corner_radius(8.0)
        .inner_margin(egui::Margin::symmetric(6, 1))
        .show(ui, |ui| {
            ui.label(text).on_hover_text(tip);
        });
}
