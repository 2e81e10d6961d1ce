//! The sandbox: inject commands at glyphs, step round by round (and back), read the log.
//!
//! The run is a [`GlyphRun`] of the network plus the commands injected here. When the network
//! changes, the run is replayed to the same round ([`GlyphRun::replay`]), so what is shown always
//! follows the network being edited.

use std::collections::BTreeMap;

use egui::{Color32, RichText, Ui};
use sigilforge_engine::glyph::{GlyphEnd, GlyphNetwork, GlyphRun, Injection};

use super::Frame;
use super::widgets::{DEFAULT_SHINE, parse_colour};

/// The sandbox's state: the run, the commands injected from the sandbox, the selected event.
pub struct Sandbox {
    /// The network as last seen (without the sandbox's injections).
    net: Option<GlyphNetwork>,
    /// Commands injected with the "Inject" button, kept across edits and step back.
    injected: Vec<Injection>,
    run: Option<GlyphRun>,
    /// The command typed for "Inject".
    command: String,
    /// Index (in the run's log) of the event whose "why" is shown.
    selected_event: Option<usize>,
    /// What the last button did, when it needs saying (e.g. an injection refused).
    note: Option<String>,
    /// Glyphs shining in the current round with their colour (refreshed whenever the run
    /// changes: the views ask for every glyph every frame).
    shining: BTreeMap<String, Color32>,
}

impl Default for Sandbox {
    fn default() -> Self {
        Sandbox {
            net: None,
            injected: Vec::new(),
            run: None,
            command: "ping".to_owned(),
            selected_event: None,
            note: None,
            shining: BTreeMap::new(),
        }
    }
}

impl Sandbox {
    /// The last round played (0 before the first).
    #[must_use]
    pub fn round(&self) -> u32 {
        self.run.as_ref().map_or(0, GlyphRun::round)
    }

    /// The command the "Inject" button sends.
    #[must_use]
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Glyphs shining in the current round, with their colour, by id.
    #[must_use]
    pub fn shining(&self) -> Vec<(String, Color32)> {
        self.shining
            .iter()
            .map(|(id, c)| (id.clone(), *c))
            .collect()
    }

    /// The shine colour of `id` this round, if it shines.
    #[must_use]
    pub fn shine_of(&self, id: &str) -> Option<Color32> {
        self.shining.get(id).copied()
    }

    /// Recomputes what shines after the run changed.
    fn refresh(&mut self) {
        self.shining.clear();
        if let Some(run) = &self.run {
            for (id, colour) in run.shining(run.round()) {
                let c = colour.and_then(parse_colour).unwrap_or(DEFAULT_SHINE);
                self.shining.insert(id.to_owned(), c);
            }
        }
    }

    /// Where the run has the glyphs now (after scheduled moves), by file index.
    #[must_use]
    pub fn positions(&self) -> Vec<(f64, f64)> {
        self.run
            .as_ref()
            .map(|r| r.positions().to_vec())
            .unwrap_or_default()
    }

    /// Whether glyph `i` (file index) is still present in the run.
    #[must_use]
    pub fn is_present(&self, i: usize) -> bool {
        self.run.as_ref().is_none_or(|r| r.is_present(i))
    }

    /// Links still standing in the run.
    #[must_use]
    pub fn standing_links(&self) -> Vec<(String, String)> {
        self.run
            .as_ref()
            .map(GlyphRun::standing_links)
            .unwrap_or_default()
    }

    /// The network changed: replay the run (with the sandbox's injections) to the same round.
    pub fn network_changed(&mut self, net: &GlyphNetwork) {
        let round = self.round();
        self.injected.retain(|inj| {
            net.glyphs.iter().any(|g| g.id == inj.glyph) && inj.round <= net.max_rounds
        });
        self.net = Some(net.clone());
        self.run = Some(GlyphRun::replay(&self.with_injections(), round));
        self.selected_event = None;
        self.refresh();
    }

    /// Injects the typed command at `glyph`, arriving next round.
    pub fn inject(&mut self, glyph: &str) {
        let command = self.command.trim().to_owned();
        if command.is_empty() {
            self.note = Some("Type a command to inject first".to_owned());
            return;
        }
        let Some(run) = &mut self.run else { return };
        match run.inject(glyph, &command) {
            Ok(round) => {
                self.injected.push(Injection {
                    round,
                    glyph: glyph.to_owned(),
                    command: command.clone(),
                });
                self.note = Some(format!("\"{command}\" arrives at {glyph} in round {round}"));
            }
            Err(e) => self.note = Some(format!("Cannot inject: {e}")),
        }
    }

    /// Plays one round.
    pub fn step(&mut self) {
        if let Some(run) = &mut self.run {
            if run.step_round().is_none() {
                self.note = Some("The run has ended; inject a command or reset".to_owned());
            } else {
                self.note = None;
            }
        }
        self.refresh();
    }

    /// Goes back one round.
    pub fn step_back(&mut self) {
        if let Some(run) = &mut self.run {
            run.step_back();
            self.note = None;
        }
        self.refresh();
    }

    /// Plays rounds until the run ends (quiet, `max_rounds` or flood).
    pub fn run_to_end(&mut self) {
        if let Some(run) = &mut self.run {
            run.run_to_end();
            self.note = None;
        }
        self.refresh();
    }

    /// Back to round 0, forgetting the sandbox's injections.
    pub fn reset(&mut self) {
        self.injected.clear();
        self.selected_event = None;
        self.note = None;
        if let Some(net) = &self.net {
            self.run = Some(GlyphRun::new(net));
        }
        self.refresh();
    }

    fn with_injections(&self) -> GlyphNetwork {
        let mut net = self.net.clone().unwrap_or_else(|| super::new_network(""));
        net.inject.extend(self.injected.iter().cloned());
        net
    }

    /// Draws the controls, the log and the selected event's "why".
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
            ui.separator();
            if ui.button("Step").on_hover_text("Play one round").clicked() {
                self.step();
            }
            if ui
                .add_enabled(self.round() > 0, egui::Button::new("Step back"))
                .on_hover_text("Go back one round (re-runs from the start)")
                .clicked()
            {
                self.step_back();
            }
            if ui
                .button("Run to quiet")
                .on_hover_text("Play rounds until nothing waits, or max_rounds, or a flood")
                .clicked()
            {
                self.run_to_end();
            }
            if ui
                .button("Reset")
                .on_hover_text("Back to round 0, forgetting commands injected here")
                .clicked()
            {
                self.reset();
            }
            ui.separator();
            ui.label(RichText::new(format!("Round {}", self.round())).strong());
            if let Some(end) = self.run.as_ref().and_then(GlyphRun::end) {
                let (text, colour) = match end {
                    GlyphEnd::Quiet => ("quiet", Color32::from_rgb(110, 200, 110)),
                    GlyphEnd::MaxRounds => ("runaway: max_rounds", Color32::from_rgb(230, 70, 70)),
                    GlyphEnd::Flood => ("runaway: flood", Color32::from_rgb(230, 70, 70)),
                };
                ui.label(RichText::new(text).color(colour));
            }
        });
        if let Some(note) = &self.note {
            ui.label(RichText::new(note).italics());
        }
        ui.separator();
        let Some(run) = &self.run else { return };
        let waiting = run.waiting();
        if !waiting.is_empty() {
            let list: Vec<String> = waiting
                .iter()
                .map(|(g, c)| format!("{g} sent \"{c}\""))
                .collect();
            ui.label(format!("Waiting for next round: {}", list.join(", ")));
        }
        ui.columns(2, |cols| {
            egui::ScrollArea::vertical()
                .id_salt("glyph_sandbox_log")
                .stick_to_bottom(true)
                .show(&mut cols[0], |ui| {
                    if run.rounds().is_empty() {
                        ui.label("No round played yet: select a glyph, Inject, then Step.");
                    }
                    for r in run.rounds() {
                        ui.label(RichText::new(format!("Round {}", r.round)).strong());
                        for (i, event) in run
                            .log()
                            .iter()
                            .enumerate()
                            .take(r.events.end)
                            .skip(r.events.start)
                        {
                            let on = self.selected_event == Some(i);
                            if ui
                                .selectable_label(on, &event.text)
                                .on_hover_text("Click to see why it happened")
                                .clicked()
                            {
                                self.selected_event = Some(i);
                            }
                        }
                    }
                });
            let ui = &mut cols[1];
            ui.label(RichText::new("Why").strong()).on_hover_text(
                "The selected event, then what it answers, back to an injection or a move",
            );
            match self.selected_event {
                None => {
                    ui.label("Select an event in the log.");
                }
                Some(i) => {
                    for (depth, e) in run.why(i).iter().enumerate() {
                        let prefix = if depth == 0 { "" } else { "because " };
                        ui.label(format!(
                            "{}{prefix}round {}: {}",
                            "  ".repeat(depth),
                            e.round,
                            e.text
                        ));
                    }
                }
            }
        });
    }
}
