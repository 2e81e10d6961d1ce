//! The sandbox: inject commands at glyphs, step round by round (and back), read the log, all
//! in the one sandbox panel (`crate::sandbox`): a step is a round.
//!
//! The run is a [`GlyphRun`] of the network plus the commands injected here. When the network
//! changes, the run is replayed to the same round, so what is shown always follows the network
//! being edited. The map and the graph show the run at the selected event.

use std::collections::BTreeMap;

use egui::{Color32, RichText, Ui};
use sigilforge_engine::core::Sandbox as _;
use sigilforge_engine::glyph::{GlyphNetwork, GlyphRun, Injection};

use super::Frame;
use super::widgets::{DEFAULT_SHINE, parse_colour};
use crate::sandbox::{Runner, StepCommand, sandbox_ui};

/// The sandbox's state: the run, the commands injected from the sandbox, the selected event.
pub struct Sandbox {
    /// The network as last seen (without the sandbox's injections).
    net: Option<GlyphNetwork>,
    /// Commands injected with the "Inject" button, kept across edits and step back.
    injected: Vec<Injection>,
    pub(crate) runner: Option<Runner<GlyphRun>>,
    /// The command typed for "Inject".
    command: String,
    /// What the last button did, when it needs saying (e.g. an injection refused).
    note: Option<String>,
    /// Glyphs shining in the shown round with their colour (refreshed whenever the run
    /// changes: the views ask for every glyph every frame).
    shining: BTreeMap<String, Color32>,
}

impl Default for Sandbox {
    fn default() -> Self {
        Sandbox {
            net: None,
            injected: Vec::new(),
            runner: None,
            command: "ping".to_owned(),
            note: None,
            shining: BTreeMap::new(),
        }
    }
}

impl Sandbox {
    /// The last round played (0 before the first).
    #[must_use]
    pub fn round(&self) -> u32 {
        self.runner.as_ref().map_or(0, |r| r.run.round())
    }

    /// The run the views show: at the selected event, or as stepped.
    fn shown(&self) -> Option<&GlyphRun> {
        self.runner.as_ref().map(Runner::shown)
    }

    /// The command the "Inject" button sends.
    #[must_use]
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Glyphs shining in the shown round, with their colour, by id.
    #[must_use]
    pub fn shining(&self) -> Vec<(String, Color32)> {
        self.shining
            .iter()
            .map(|(id, c)| (id.clone(), *c))
            .collect()
    }

    /// The shine colour of `id` in the shown round, if it shines.
    #[must_use]
    pub fn shine_of(&self, id: &str) -> Option<Color32> {
        self.shining.get(id).copied()
    }

    /// Recomputes what shines after the run changed.
    fn refresh(&mut self) {
        self.shining.clear();
        if let Some(run) = self.shown() {
            let lit: Vec<(String, Color32)> = run
                .shining(run.round())
                .into_iter()
                .map(|(id, colour)| {
                    let c = colour.and_then(parse_colour).unwrap_or(DEFAULT_SHINE);
                    (id.to_owned(), c)
                })
                .collect();
            self.shining.extend(lit);
        }
    }

    /// Where the shown run has the glyphs (after scheduled moves), by file index.
    #[must_use]
    pub fn positions(&self) -> Vec<(f64, f64)> {
        self.shown()
            .map(|r| r.positions().to_vec())
            .unwrap_or_default()
    }

    /// Whether glyph `i` (file index) is still present in the shown run.
    #[must_use]
    pub fn is_present(&self, i: usize) -> bool {
        self.shown().is_none_or(|r| r.is_present(i))
    }

    /// Links still standing in the shown run.
    #[must_use]
    pub fn standing_links(&self) -> Vec<(String, String)> {
        self.shown()
            .map(GlyphRun::standing_links)
            .unwrap_or_default()
    }

    /// The network changed: replay the run (with the sandbox's injections) to the same round.
    pub fn network_changed(&mut self, net: &GlyphNetwork) {
        self.injected.retain(|inj| {
            net.glyphs.iter().any(|g| g.id == inj.glyph) && inj.round <= net.max_rounds
        });
        self.net = Some(net.clone());
        let fresh = GlyphRun::new(&self.with_injections());
        match &mut self.runner {
            Some(runner) => runner.replace(&fresh),
            None => self.runner = Some(Runner::new(fresh)),
        }
        self.refresh();
    }

    /// Injects the typed command at `glyph`, arriving next round.
    pub fn inject(&mut self, glyph: &str) {
        let command = self.command.trim().to_owned();
        if command.is_empty() {
            self.note = Some("Type a command to inject first".to_owned());
            return;
        }
        let Some(runner) = &mut self.runner else {
            return;
        };
        let mut run = runner.run.clone();
        match run.inject(glyph, &command) {
            Ok(round) => {
                // The injection is part of the run's network now: a replay keeps it.
                runner.replace(&run.restart());
                self.injected.push(Injection {
                    round,
                    glyph: glyph.to_owned(),
                    command: command.clone(),
                });
                self.note = Some(format!("\"{command}\" arrives at {glyph} in round {round}"));
            }
            Err(e) => self.note = Some(format!("Cannot inject: {e}")),
        }
        self.refresh();
    }

    /// Carries out a sandbox control (the panel's buttons, the timeline, a selection).
    pub fn apply(&mut self, command: &StepCommand) {
        if *command == StepCommand::Reset {
            // Back to round 0, forgetting the sandbox's injections.
            self.injected.clear();
            self.note = None;
            if let Some(net) = &self.net {
                self.runner = Some(Runner::new(GlyphRun::new(net)));
            }
        } else if let Some(runner) = &mut self.runner {
            runner.apply(command);
            self.note = None;
        }
        self.refresh();
    }

    /// Plays one round.
    pub fn step(&mut self) {
        self.apply(&StepCommand::Step);
    }

    fn with_injections(&self) -> GlyphNetwork {
        let mut net = self.net.clone().unwrap_or_else(|| super::new_network(""));
        net.inject.extend(self.injected.iter().cloned());
        net
    }

    /// Draws the inject row, then the one sandbox panel; its controls are applied after.
    pub fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        ui.horizontal_wrapped(|ui| {
            let label = ui
                .label("Command")
                .on_hover_text("The command \"Inject\" sends");
            ui.add(egui::TextEdit::singleline(&mut self.command).desired_width(90.0))
                .labelled_by(label.id)
                .on_hover_text("The command \"Inject\" sends to the selected glyph");
            let target = frame.selected.clone();
            let inject = ui
                .add_enabled(target.is_some(), egui::Button::new("Inject"))
                .on_hover_text(
                    "The command arrives at the selected glyph at the start of the next round",
                )
                .on_disabled_hover_text("Select a glyph to inject at");
            if inject.clicked()
                && let Some(id) = target
            {
                self.inject(&id);
            }
            ui.label(RichText::new(format!("Round {}", self.round())).strong());
            if let Some(run) = &self.runner {
                let waiting = run.run.waiting();
                if !waiting.is_empty() {
                    let list: Vec<String> = waiting
                        .iter()
                        .map(|(g, c)| format!("{g} sent \"{c}\""))
                        .collect();
                    ui.label(format!("Waiting for next round: {}", list.join(", ")));
                }
            }
        });
        if let Some(note) = &self.note {
            ui.label(RichText::new(note).italics());
        }
        let mut commands = Vec::new();
        sandbox_ui(ui, &*self, &mut |c| commands.push(c));
        for c in &commands {
            self.apply(c);
        }
    }
}
