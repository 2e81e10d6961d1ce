//! The battle sandbox: pick or build a scenario (every change an edit of its scenario file),
//! step through it in the one sandbox panel (`crate::sandbox`), and simulate thousands of
//! seeds on a background thread with the engine's `battle::simulate`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, channel};

use egui::{Color32, Ui};
use egui_plot::{Bar, BarChart, Plot};
use sigilforge_engine::battle::simulate::{SimulationReport, simulate};
use sigilforge_engine::battle::{Battle, BattleContent, BattleSetup, prepare};
use sigilforge_engine::model::BattleScenario;
use sigilforge_engine::pack::Content;

use crate::editor::commands::EditCommand;
use crate::editor::document::Document;
use crate::sandbox::battle::{BattleCommand, BattleSandbox};
use crate::sandbox::{StepCommand, SystemSandbox as _, sandbox_ui};

/// How many battles "Simulate" runs.
pub const SIMULATION_RUNS: u64 = 10_000;

struct RunningSimulation {
    progress: Arc<AtomicU64>,
    result: Receiver<SimulationReport>,
}

/// The sandbox's view state; the scenario itself is a file of the pack.
#[derive(Default)]
pub struct SandboxPanel {
    /// The pack file of the scenario being played.
    pub source: Option<String>,
    /// The scenario resolved against the pack (for simulation).
    setup: Option<BattleSetup>,
    /// The battle in the one sandbox panel.
    battle: Option<BattleSandbox>,
    /// Why the scenario cannot run, if it cannot.
    pub error: Option<String>,
    running: Option<RunningSimulation>,
    /// The last simulation's result.
    pub simulation: Option<SimulationReport>,
    /// The play being written in the "Plays" row.
    pub play_draft: super::sandbox_plays::PlayDraft,
}

/// The cards and keywords the battle sees: the standard library, then the pack's own.
fn content_of(doc: &Document) -> BattleContent {
    BattleContent::from_pack(&doc.pack)
}

/// The scenario in a pack file, if it is one.
#[must_use]
pub fn scenario_in<'a>(doc: &'a Document, path: &str) -> Option<&'a BattleScenario> {
    match doc.pack.file(path).map(|f| &f.content) {
        Some(Content::BattleScenario(s)) => Some(s),
        _ => None,
    }
}

/// An empty battle to build.
#[must_use]
pub fn empty_scenario() -> BattleScenario {
    BattleScenario {
        name: "Sandbox battle".into(),
        seed: 0,
        max_turns: 30,
        life: 20,
        slots: 5,
        pack: None,
        cards: std::collections::BTreeMap::new(),
        a: Vec::new(),
        b: Vec::new(),
        plays: Vec::new(),
        expect: None,
    }
}

impl SandboxPanel {
    /// Whether a scenario is loaded.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.source.is_some()
    }

    /// The current battle, if the scenario runs.
    #[must_use]
    pub fn battle(&self) -> Option<&Battle> {
        self.battle.as_ref().map(BattleSandbox::battle)
    }

    /// The battle in the sandbox panel, if the scenario runs.
    #[must_use]
    pub fn sandbox(&self) -> Option<&BattleSandbox> {
        self.battle.as_ref()
    }

    /// Plays the scenario in `path` from its start with its own seed.
    pub fn load(&mut self, path: &str, doc: &Document) {
        self.source = Some(path.to_owned());
        self.battle = None;
        self.simulation = None;
        self.rebuild(doc);
    }

    /// Carries out a sandbox control.
    pub fn step(&mut self, command: &StepCommand) {
        if let Some(b) = &mut self.battle {
            b.apply(command);
        }
    }

    /// Re-reads the scenario from the document and re-runs the battle to the same step (the
    /// scenario or the cards changed, or an edit was undone).
    pub fn rebuild(&mut self, doc: &Document) {
        let Some(path) = &self.source else { return };
        let Some(scenario) = scenario_in(doc, path) else {
            // The file is gone (its creation undone): nothing to play.
            *self = Self {
                play_draft: std::mem::take(&mut self.play_draft),
                ..Self::default()
            };
            return;
        };
        match prepare(&content_of(doc), scenario) {
            Ok(setup) => {
                let seed = self
                    .battle
                    .as_ref()
                    .map_or(scenario.seed, |b| b.battle().seed());
                let fresh = Battle::new(&setup, seed);
                match &mut self.battle {
                    Some(b) => b.replace(fresh),
                    None => self.battle = Some(BattleSandbox::new(fresh)),
                }
                self.setup = Some(setup);
                self.error = None;
            }
            Err(e) => {
                self.battle = None;
                self.setup = None;
                self.error = Some(e.to_string());
            }
        }
    }

    /// Starts a simulation of the loaded scenario on a background thread.
    pub fn simulate(&mut self) {
        let Some(setup) = self.setup.clone() else {
            return;
        };
        let progress = Arc::new(AtomicU64::new(0));
        let (tx, rx) = channel();
        let counter = Arc::clone(&progress);
        std::thread::spawn(move || {
            let report = simulate(&setup, SIMULATION_RUNS, None, &|done| {
                counter.store(done, Ordering::Relaxed);
            });
            // The panel may be gone (another simulation, the app closing): nobody to tell.
            tx.send(report).ok();
        });
        self.running = Some(RunningSimulation {
            progress,
            result: rx,
        });
    }

    /// Picks up a finished simulation; returns true while one is running (keep repainting).
    pub fn poll(&mut self) -> bool {
        let Some(running) = &self.running else {
            return false;
        };
        if let Ok(result) = running.result.try_recv() {
            self.simulation = Some(result);
            self.running = None;
            return false;
        }
        true
    }

    /// Draws the sandbox.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
        let mut push = |c: BattleCommand| commands.push(EditCommand::Sandbox(c));
        let scenario = self.source.as_deref().and_then(|p| scenario_in(doc, p));
        ui.horizontal_wrapped(|ui| {
            let selected = scenario.map_or_else(|| "Pick a scenario".to_owned(), |s| s.name.clone());
            let label = ui.label("Scenario");
            egui::ComboBox::from_id_salt("sandbox-scenario")
                .selected_text(selected)
                .show_ui(ui, |ui| {
                    for file in &doc.pack.files {
                        if let Content::BattleScenario(s) = &file.content
                            && ui.selectable_label(false, &s.name).clicked()
                        {
                            push(BattleCommand::Load(file.path.clone()));
                        }
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text("Play a battle scenario from the pack");
            if ui
                .button("New battle")
                .on_hover_text(
                    "Start an empty battle in a new scenario file: drag cards from the library onto a line",
                )
                .clicked()
            {
                push(BattleCommand::New);
            }
            if let Some(path) = &self.source {
                ui.weak(path.as_str());
                if doc.is_file_dirty(path)
                    && ui
                        .button("Save scenario")
                        .on_hover_text("Save the pack, this scenario file with it (Ctrl+S)")
                        .clicked()
                {
                    push(BattleCommand::Save);
                }
            }
            if self.battle.is_some() && self.running.is_none()
                && ui
                    .button("Simulate")
                    .on_hover_text(format!(
                        "Run {SIMULATION_RUNS} seeds and count wins, draws and losses"
                    ))
                    .clicked()
            {
                push(BattleCommand::Simulate);
            }
        });
        if let Some(running) = &self.running {
            let done = running.progress.load(Ordering::Relaxed);
            ui.add(
                egui::ProgressBar::new(done as f32 / SIMULATION_RUNS as f32)
                    .text(format!("Simulating: {done} of {SIMULATION_RUNS}")),
            );
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {error}"));
        }
        let Some(scenario) = scenario else {
            ui.weak("Pick a scenario, or click \"New battle\" and drag cards from the library onto the lines.");
            return;
        };
        // Open for a battle still being built; a finished scenario leaves the room to the run.
        let empty = scenario.a.is_empty() && scenario.b.is_empty();
        egui::CollapsingHeader::new("Build the battle")
            .id_salt(("sandbox-build", self.source.as_deref()))
            .default_open(empty)
            .show(ui, |ui| {
                super::sandbox_plays::plays_ui(ui, scenario, &mut self.play_draft, doc, &mut push);
                lines_ui(ui, scenario, &mut push);
            });
        if let Some(sim) = &self.simulation {
            simulation_ui(ui, sim, &mut push);
        }
        ui.separator();
        if let Some(battle) = &self.battle {
            sandbox_ui(ui, battle, &mut |c| push(BattleCommand::Step(c)));
        }
    }
}

/// The lines as the scenario writes them: each card removable, each line a drop zone.
fn lines_ui(ui: &mut Ui, scenario: &BattleScenario, push: &mut impl FnMut(BattleCommand)) {
    for (side, name, line) in [(0usize, "A", &scenario.a), (1, "B", &scenario.b)] {
        let frame = egui::Frame::group(ui.style());
        let (_, dropped) = ui.dnd_drop_zone::<String, ()>(frame, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!("Line {name}"));
                for (index, id) in line.iter().enumerate() {
                    if ui
                        .button(format!("{id} ×"))
                        .on_hover_text("Take this card out of the line")
                        .clicked()
                    {
                        push(BattleCommand::RemoveCard { side, index });
                    }
                }
                ui.weak("(drop cards here)");
            });
        });
        if let Some(card) = dropped {
            push(BattleCommand::AddCard {
                side,
                card: (*card).clone(),
            });
        }
    }
}

fn simulation_ui(ui: &mut Ui, sim: &SimulationReport, push: &mut impl FnMut(BattleCommand)) {
    ui.separator();
    let runs = sim.runs.max(1);
    ui.horizontal_wrapped(|ui| {
        let rows = [
            ("A wins", sim.win.count, sim.examples[0]),
            ("Draw", sim.draw.count, sim.examples[1]),
            ("B wins", sim.loss.count, sim.examples[2]),
            ("No winner", sim.none.count, sim.examples[3]),
        ];
        for (name, count, example) in rows {
            let pct = 100.0 * count as f64 / runs as f64;
            let text = format!("{name}: {count} ({pct:.1}%)");
            match example {
                Some(seed) => {
                    if ui
                        .button(text)
                        .on_hover_text(format!("Load seed {seed}, an example of this outcome"))
                        .clicked()
                    {
                        push(BattleCommand::LoadSeed(seed));
                    }
                }
                None => {
                    ui.label(text);
                }
            }
        }
    });
    let bars: Vec<Bar> = sim
        .life_difference
        .iter()
        .map(|bar| {
            Bar::new(f64::from(bar.difference), bar.runs as f64).fill(if bar.difference >= 0 {
                Color32::from_rgb(80, 160, 90)
            } else {
                Color32::from_rgb(190, 80, 60)
            })
        })
        .collect();
    ui.label("Remaining life, A minus B, over the runs:");
    Plot::new("life-histogram")
        .height(140.0)
        .allow_scroll(false)
        .show(ui, |plot| plot.bar_chart(BarChart::new("runs", bars)));
}
