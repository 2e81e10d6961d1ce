//! The sandbox: the encounter run step by step (Step, Step back, Run to end, Reset, seed), the
//! state it reaches (health, Beats, conditions with stacks as chips) and the log, each event
//! with its cause; selecting an event shows its cause chain. The run is rebuilt (and replayed to
//! the same step) whenever the encounter changes, so it always shows the encounter as edited.

use egui::{Color32, RichText, Ui};
use sigilforge_engine::encounter::state::CombatantView;
use sigilforge_engine::encounter::{
    Encounter, EncounterContent, EncounterRun, LogEntry, Mode, StateView,
};

use super::map_view::{Token, side_colour};

/// The sandbox's state: a run of the encounter and where the user is in it.
#[derive(Debug, Default)]
pub struct Sandbox {
    /// Seed of the run.
    pub seed: u64,
    /// Ignore the script: the policies play both sides.
    pub policies: bool,
    run: Option<EncounterRun>,
    error: Option<String>,
    /// The encounter and content the run was built from (rebuilt when they change).
    source: Option<(Encounter, EncounterContent, u64, bool)>,
    /// The log entry whose cause chain is shown.
    pub selected_event: Option<usize>,
}

/// The cause arrow: `←` (U+2190) is not in egui's default fonts, `⬅` (U+2B05) is.
pub const CAUSE_ARROW: &str = "⬅";

/// One log line as the sandbox shows it: `#5 r1 hag: text ⬅ #3` (the CLI writes `← #3`).
#[must_use]
pub fn log_line(entry: &LogEntry) -> String {
    let who = entry.actor.as_deref().unwrap_or("-");
    let cause = (entry.cause.after)
        .map(|c| format!("  {CAUSE_ARROW} #{c}"))
        .unwrap_or_default();
    format!(
        "#{} r{} {who}: {}{cause}",
        entry.index,
        entry.round,
        displayable(&entry.text)
    )
}

/// The engine's text with the arrows egui's default fonts lack swapped for ones they have.
#[must_use]
pub fn displayable(text: &str) -> String {
    text.replace('→', "➡").replace('←', CAUSE_ARROW)
}

/// A combatant's state line: `bob: 8/8 health, 2 Beats`.
#[must_use]
pub fn state_line(c: &CombatantView) -> String {
    let beats = if c.beats == 1 { "Beat" } else { "Beats" };
    let cover = if c.in_cover { ", behind cover" } else { "" };
    format!(
        "{}: {}/{} health, {} {beats}{cover}",
        c.id, c.health, c.max_health, c.beats
    )
}

impl Sandbox {
    /// Keeps the run in step with the encounter: rebuilt and replayed when anything changed.
    pub fn sync(&mut self, enc: &Encounter, content: &EncounterContent) {
        let same = self.source.as_ref().is_some_and(|(e, c, s, p)| {
            e == enc && c == content && *s == self.seed && *p == self.policies
        });
        if !same {
            let steps = self.run.as_ref().map_or(0, EncounterRun::steps_taken);
            self.source = Some((enc.clone(), content.clone(), self.seed, self.policies));
            self.rebuild(steps);
        }
    }

    fn rebuild(&mut self, steps: usize) {
        let Some((enc, content, seed, policies)) = &self.source else {
            return;
        };
        let mode = if *policies {
            Mode::Policies
        } else {
            Mode::Script
        };
        match EncounterRun::with_mode(content, enc, *seed, mode) {
            Ok(mut run) => {
                for _ in 0..steps {
                    if run.step().is_none() {
                        break;
                    }
                }
                self.error = None;
                self.run = Some(run);
            }
            Err(e) => {
                self.error = Some(format!("The sandbox cannot start: {e}"));
                self.run = None;
            }
        }
        if self
            .selected_event
            .is_some_and(|i| self.run.as_ref().is_none_or(|r| i >= r.log().len()))
        {
            self.selected_event = None;
        }
    }

    /// The running encounter, if it could start.
    #[must_use]
    pub fn run(&self) -> Option<&EncounterRun> {
        self.run.as_ref()
    }

    /// Steps taken so far.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.run.as_ref().map_or(0, EncounterRun::steps_taken)
    }

    /// One step forward.
    pub fn step(&mut self) {
        if let Some(run) = &mut self.run {
            run.step();
        }
    }

    /// One step back (the engine replays from the start).
    pub fn step_back(&mut self) {
        if let Some(run) = &mut self.run {
            run.step_back();
        }
        self.rebuild_selection();
    }

    /// Back to the start.
    pub fn reset(&mut self) {
        self.rebuild(0);
    }

    /// To the end (bounded by the encounter's `max_rounds`).
    pub fn run_to_end(&mut self) {
        if let Some(run) = &mut self.run {
            run.run_to_end();
        }
    }

    fn rebuild_selection(&mut self) {
        let len = self.run.as_ref().map_or(0, |r| r.log().len());
        if self.selected_event.is_some_and(|i| i >= len) {
            self.selected_event = None;
        }
    }

    /// The run's state, if running.
    #[must_use]
    pub fn state(&self) -> Option<StateView> {
        self.run.as_ref().map(EncounterRun::state)
    }

    /// Tokens for the map from the run's state (names from the stat blocks).
    #[must_use]
    pub fn tokens(&self) -> Vec<Token> {
        let Some(run) = &self.run else {
            return Vec::new();
        };
        let state = run.state();
        state
            .combatants
            .iter()
            .map(|c| Token {
                id: c.id.clone(),
                name: run
                    .combatant(&c.id)
                    .map_or(c.id.clone(), |x| x.name.clone()),
                side: c.side.clone(),
                position: c.position,
                health: c.health,
                max_health: c.max_health,
                acting: state.turn.as_deref() == Some(c.id.as_str()),
                beats: Some(c.beats),
                detail: {
                    let chips: Vec<String> = c
                        .conditions
                        .iter()
                        .map(|(n, s)| format!("{n} ×{s}"))
                        .collect();
                    if chips.is_empty() {
                        state_line(c)
                    } else {
                        format!("{}; {}", state_line(c), chips.join(", "))
                    }
                },
            })
            .collect()
    }

    /// The controls: Step, Step back, Run to end, Reset, seed, policies.
    pub fn controls_ui(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            let over = self.run.as_ref().is_none_or(|r| r.outcome().is_some());
            if ui
                .add_enabled(!over, egui::Button::new("Step"))
                .on_hover_text("Take one action: the next script action, or one policy decision")
                .clicked()
            {
                self.step();
            }
            if ui
                .add_enabled(self.steps() > 0, egui::Button::new("Step back"))
                .on_hover_text("Undo the last step (the run is replayed from the start)")
                .clicked()
            {
                self.step_back();
            }
            if ui
                .add_enabled(!over, egui::Button::new("Run to end"))
                .on_hover_text("Step until the encounter is over")
                .clicked()
            {
                self.run_to_end();
            }
            if ui
                .button("Reset")
                .on_hover_text("Back to the start of the encounter")
                .clicked()
            {
                self.reset();
            }
        });
        ui.horizontal(|ui| {
            ui.label("Seed").on_hover_text("The dice seed of this run");
            ui.add(egui::DragValue::new(&mut self.seed))
                .on_hover_text("The dice seed: the same seed always gives the same run");
            ui.checkbox(&mut self.policies, "Policies play")
                .on_hover_text("Ignore the script: simple policies play both sides");
        });
    }

    /// Round, turn, outcome and each combatant's state with its conditions as chips.
    pub fn state_ui(&self, ui: &mut Ui) {
        if let Some(e) = &self.error {
            ui.colored_label(Color32::from_rgb(230, 90, 80), e);
            return;
        }
        let Some(state) = self.state() else {
            return;
        };
        let turn = state.turn.as_deref().unwrap_or("nobody");
        ui.label(format!(
            "Round {}, {turn}'s turn, step {}",
            state.round,
            self.steps()
        ))
        .on_hover_text("Where the run is now");
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
                ui.label(state_line(c))
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

    /// The log, each event with its cause; clicking one shows its cause chain.
    pub fn log_ui(&mut self, ui: &mut Ui) {
        let Some(run) = &self.run else {
            return;
        };
        if let Some(i) = self.selected_event {
            ui.label(RichText::new("Why:").strong())
                .on_hover_text("The selected event's causes, nearest first");
            let chain = sigilforge_engine::core::why(run.log(), i);
            if chain.len() < 2 {
                ui.label("(no earlier cause)");
            }
            for &c in chain.iter().skip(1) {
                ui.label(format!("{CAUSE_ARROW} {}", log_line(&run.log()[c])))
                    .on_hover_text("A cause of the selected event");
            }
            ui.separator();
        }
        let mut clicked = None;
        egui::ScrollArea::vertical()
            .id_salt("encounter_sandbox_log")
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for e in run.log() {
                    let selected = self.selected_event == Some(e.index);
                    if ui
                        .selectable_label(selected, log_line(e))
                        .on_hover_text("Click to see why this happened")
                        .clicked()
                    {
                        clicked = Some(e.index);
                    }
                }
            });
        if let Some(i) = clicked {
            self.selected_event = if self.selected_event == Some(i) {
                None
            } else {
                Some(i)
            };
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
            ui.label(RichText::new(text).small()).on_hover_text(tip);
        });
}
