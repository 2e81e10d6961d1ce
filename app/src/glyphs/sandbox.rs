//! The sandbox: inject commands at glyphs, step round by round (and back), read the log, all
//! in the one sandbox panel (`crate::sandbox`): a step is a round.
//!
//! The run is a [`GlyphRun`] of the network plus the commands injected here. When the network
//! changes, the run is replayed to the same round, so what is shown always follows the network
//! being edited. The board, the map and the graph show the glyphs right after the selected
//! event (the run keeps a moment per event), or as the run stands. Every control and injection
//! is a [`GlyphSandboxCommand`] the host applies ([`Sandbox::apply`]).

use std::collections::BTreeMap;

use egui::{Color32, RichText, Ui};
use sigilforge_engine::core::Sandbox as _;
use sigilforge_engine::glyph::{GlyphMoment, GlyphNetwork, GlyphRun, Injection};

use super::Frame;
use super::widgets::{DEFAULT_SHINE, parse_colour};
use crate::sandbox::{Runner, SandboxCommand, sandbox_ui};

/// What the glyph sandbox asks its host for; the host applies it with
/// `GlyphEditor::apply_sandbox`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GlyphSandboxCommand {
    /// A control of the one sandbox panel.
    Run(SandboxCommand),
    /// `command` arrives at `glyph` at the start of the next round.
    Inject {
        /// The glyph's id.
        glyph: String,
        /// The command.
        command: String,
    },
}

/// A glyph's state in the sandbox's run at the shown moment, as the graph and the map draw it
/// (a glyph that no longer acts must not look alive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunState {
    /// Present and listening.
    Active,
    /// Sent a command last round that is delivered at the start of the next one.
    Waiting {
        /// The command sent.
        command: String,
    },
    /// Disabled: it hears nothing and sends nothing until the end of round `until`.
    Disabled {
        /// The last round it is disabled in.
        until: u32,
    },
    /// Dismissed: gone from the network with all its links.
    Dismissed,
}

impl RunState {
    /// A short tag drawn beside the glyph (`None` for an active glyph).
    #[must_use]
    pub fn tag(&self) -> Option<String> {
        match self {
            RunState::Active => None,
            RunState::Waiting { command } => Some(format!("sent \"{command}\"")),
            RunState::Disabled { until } => Some(format!("disabled to r{until}")),
            RunState::Dismissed => Some("dismissed".to_owned()),
        }
    }

    /// The colour its tag (and a disabled glyph's ring) is drawn in.
    #[must_use]
    pub fn colour(&self) -> Color32 {
        match self {
            RunState::Active => Color32::from_gray(200),
            RunState::Waiting { .. } => Color32::from_rgb(240, 210, 90),
            RunState::Disabled { .. } => Color32::from_rgb(230, 150, 60),
            RunState::Dismissed => Color32::from_gray(120),
        }
    }

    /// Why it is drawn so, for its tooltip.
    #[must_use]
    pub fn why(&self) -> String {
        match self {
            RunState::Active => "Present and listening in the sandbox's run".to_owned(),
            RunState::Waiting { command } => format!(
                "Sent \"{command}\" this round: its linked glyphs hear it at the start of the next round"
            ),
            RunState::Disabled { until } => format!(
                "Disabled in the sandbox's run: it hears and sends nothing until the end of round {until}"
            ),
            RunState::Dismissed => "Dismissed in the sandbox's run: it is gone, and its links are broken (drawn dim and struck out)".to_owned(),
        }
    }
}

/// What the graph and the map draw for the run's states, for their legends.
pub const RUN_LEGEND: &str = "Dim, struck out: dismissed (its links broken). Orange: disabled. \
     \"sent\": a command waiting for next round. Grey dashed or ✕: a broken link.";

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
    /// The glyphs at the shown moment (refreshed whenever the run or the selection changes:
    /// the views ask for every glyph every frame).
    moment: Option<GlyphMoment>,
    /// Glyphs shining at the shown moment with their colour.
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
            moment: None,
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

    /// The glyphs the views show: right after the selected event, or as the run stands.
    #[must_use]
    pub fn moment(&self) -> Option<&GlyphMoment> {
        self.moment.as_ref()
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

    /// Recomputes the shown moment and what shines in it after the run changed.
    fn refresh(&mut self) {
        self.moment = self.runner.as_ref().map(Runner::board);
        self.shining.clear();
        let (Some(moment), Some(net)) = (&self.moment, &self.net) else {
            return;
        };
        for id in &moment.shining {
            let colour = net
                .glyphs
                .iter()
                .find(|g| &g.id == id)
                .and_then(|g| g.colour.as_deref());
            let c = colour.and_then(parse_colour).unwrap_or(DEFAULT_SHINE);
            self.shining.insert(id.clone(), c);
        }
    }

    /// Glyph `i`'s (file index, id `id`) state at the shown moment.
    #[must_use]
    pub fn state_of(&self, i: usize, id: &str) -> RunState {
        let Some(moment) = &self.moment else {
            return RunState::Active;
        };
        if !moment.is_present(i) {
            return RunState::Dismissed;
        }
        let until = moment.disabled_until(i);
        if until > 0 && until >= moment.round {
            return RunState::Disabled { until };
        }
        self.runner
            .as_ref()
            .and_then(|r| {
                r.run
                    .waiting()
                    .into_iter()
                    .find(|(sender, _)| *sender == id)
                    .map(|(_, command)| RunState::Waiting {
                        command: command.to_owned(),
                    })
            })
            .unwrap_or(RunState::Active)
    }

    /// Whether the link `a`–`b` of the network is broken at the shown moment (after the run
    /// started: a dismissed end or a move beyond 4u breaks it).
    #[must_use]
    pub fn link_broken(&self, a: &str, b: &str) -> bool {
        self.round() > 0
            && !self
                .standing_links()
                .iter()
                .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
    }

    /// Where the glyphs stand at the shown moment (after scheduled moves), by file index.
    #[must_use]
    pub fn positions(&self) -> Vec<(f64, f64)> {
        self.moment
            .as_ref()
            .map(|m| m.positions.clone())
            .unwrap_or_default()
    }

    /// Whether glyph `i` (file index) is present at the shown moment.
    #[must_use]
    pub fn is_present(&self, i: usize) -> bool {
        self.moment.as_ref().is_none_or(|m| m.is_present(i))
    }

    /// Links standing at the shown moment.
    #[must_use]
    pub fn standing_links(&self) -> Vec<(String, String)> {
        self.moment
            .as_ref()
            .map(|m| m.links.clone())
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
            None => self.runner = Some(Runner::with_moments(fresh)),
        }
        self.refresh();
    }

    /// Injects `command` at `glyph`, arriving next round.
    fn inject(&mut self, glyph: &str, command: &str) {
        let command = command.trim().to_owned();
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
    }

    /// Carries out what the sandbox asked for (the panel's controls, an injection).
    pub fn apply(&mut self, command: &GlyphSandboxCommand) {
        match command {
            GlyphSandboxCommand::Inject { glyph, command } => self.inject(glyph, command),
            GlyphSandboxCommand::Run(SandboxCommand::Reset) => {
                // Back to round 0, forgetting the sandbox's injections.
                self.injected.clear();
                self.note = None;
                if let Some(net) = &self.net {
                    self.runner = Some(Runner::with_moments(GlyphRun::new(net)));
                }
            }
            GlyphSandboxCommand::Run(control) => {
                if let Some(runner) = &mut self.runner {
                    runner.apply(control);
                    self.note = None;
                }
            }
        }
        self.refresh();
    }

    fn with_injections(&self) -> GlyphNetwork {
        let mut net = self.net.clone().unwrap_or_else(|| super::new_network(""));
        net.inject.extend(self.injected.iter().cloned());
        net
    }

    /// Draws the inject row, then the one sandbox panel; what they ask for goes to the host.
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
                frame.inject(&id, &self.command);
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
        sandbox_ui(ui, &*self, &mut |c| {
            frame.sandbox.push(GlyphSandboxCommand::Run(c));
        });
    }
}
