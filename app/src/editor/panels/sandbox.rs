//! The battle sandbox: pick or build a scenario, step through it, see why things happened, and
//! simulate thousands of seeds on a background thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, channel};

use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, Plot};
use sigilforge_engine::battle::{Battle, BattleContent, Event, Winner};
use sigilforge_engine::model::BattleScenario;
use sigilforge_engine::pack::Content;

use crate::editor::commands::EditCommand;
use crate::editor::document::Document;

/// How many battles "Simulate" runs.
pub const SIMULATION_RUNS: u64 = 10_000;

/// A sandbox action (carried out by `SigilforgeApp::apply`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SandboxCommand {
    /// Load the scenario in this pack file.
    Load(String),
    /// Start an empty scenario to build by dragging cards in.
    NewScenario,
    /// Put a card (by id) at the end of a line (0 = A, 1 = B).
    AddCard {
        /// 0 = A, 1 = B.
        side: usize,
        /// Card id.
        card: String,
    },
    /// Take the card at `index` out of a line.
    RemoveCard {
        /// 0 = A, 1 = B.
        side: usize,
        /// Position in the line.
        index: usize,
    },
    /// Schedule a play (a turn's Deploy phase).
    AddPlay(sigilforge_engine::model::ScheduledPlay),
    /// Remove the scheduled play at this index.
    RemovePlay(usize),
    /// Advance one event.
    Step,
    /// Go back one event (the battle is replayed to the step before).
    StepBack,
    /// Run to the end.
    RunToEnd,
    /// Back to the start.
    Reset,
    /// Use another seed (re-runs to the same step).
    SetSeed(u64),
    /// Show the board as it was right after this event.
    SelectEvent(u32),
    /// Run many seeds on a background thread.
    Simulate,
    /// Load the example seed of an outcome from the last simulation.
    LoadSeed(u64),
}

/// A finished simulation.
#[derive(Debug, Clone, PartialEq)]
pub struct SimulationResult {
    /// Wins, draws, losses, no winner (for A).
    pub counts: [u64; 4],
    /// The first seed with each outcome.
    pub examples: [Option<u64>; 4],
    /// A's remaining life minus B's, per run, bucketed: (difference, runs).
    pub life_histogram: Vec<(i32, u64)>,
}

struct RunningSimulation {
    progress: Arc<AtomicU64>,
    result: Receiver<SimulationResult>,
}

/// The sandbox's state (view state: the pack itself is never changed here).
#[derive(Default)]
pub struct SandboxPanel {
    /// The scenario being played (a copy: building one here does not touch the pack).
    pub scenario: Option<BattleScenario>,
    /// The pack file it came from, if any.
    pub source: Option<String>,
    /// The seed.
    pub seed: u64,
    /// The battle at its start.
    start: Option<Battle>,
    /// The battle as stepped so far.
    battle: Option<Battle>,
    /// Events stepped.
    pub step: u32,
    /// The event whose moment the board shows (None: the current step).
    selected: Option<(u32, Battle)>,
    /// Why the scenario cannot run, if it cannot.
    pub error: Option<String>,
    running: Option<RunningSimulation>,
    /// The last simulation's result.
    pub simulation: Option<SimulationResult>,
    /// The play being written in the "Plays" row.
    pub play_draft: super::sandbox_plays::PlayDraft,
}

/// The cards and keywords the battle sees: the standard library, then the pack's own.
fn content_of(doc: &Document) -> BattleContent {
    BattleContent::from_pack(&doc.pack)
}

impl SandboxPanel {
    /// Whether a battle is loaded.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.scenario.is_some()
    }

    /// The current battle, if the scenario runs.
    #[must_use]
    pub fn battle(&self) -> Option<&Battle> {
        self.battle.as_ref()
    }

    /// Applies a sandbox command against the document's content.
    pub fn apply(&mut self, command: SandboxCommand, doc: &Document) {
        match command {
            SandboxCommand::Load(path) => {
                if let Some(Content::BattleScenario(s)) = doc.pack.file(&path).map(|f| &f.content) {
                    self.seed = s.seed;
                    self.scenario = Some(s.clone());
                    self.source = Some(path);
                    self.step = 0;
                    self.simulation = None;
                    self.rebuild(doc);
                }
            }
            SandboxCommand::NewScenario => {
                self.scenario = Some(empty_scenario());
                self.source = None;
                self.step = 0;
                self.simulation = None;
                self.rebuild(doc);
            }
            SandboxCommand::AddCard { side, card } => {
                if self.scenario.is_none() {
                    self.scenario = Some(empty_scenario());
                }
                if let Some(s) = &mut self.scenario {
                    if side == 0 {
                        s.a.push(card);
                    } else {
                        s.b.push(card);
                    }
                }
                self.step = 0;
                self.rebuild(doc);
            }
            SandboxCommand::RemoveCard { side, index } => {
                if let Some(s) = &mut self.scenario {
                    let line = if side == 0 { &mut s.a } else { &mut s.b };
                    if index < line.len() {
                        line.remove(index);
                    }
                }
                self.step = 0;
                self.rebuild(doc);
            }
            SandboxCommand::AddPlay(play) => {
                if let Some(s) = &mut self.scenario {
                    s.plays.push(play);
                }
                self.step = 0;
                self.rebuild(doc);
            }
            SandboxCommand::RemovePlay(index) => {
                if let Some(s) = &mut self.scenario
                    && index < s.plays.len()
                {
                    s.plays.remove(index);
                }
                self.step = 0;
                self.rebuild(doc);
            }
            SandboxCommand::Step => {
                self.selected = None;
                if let Some(b) = &mut self.battle
                    && b.step().is_some()
                {
                    self.step += 1;
                }
            }
            SandboxCommand::StepBack => {
                self.selected = None;
                if self.step > 0
                    && let Some(start) = &self.start
                {
                    self.step -= 1;
                    self.battle = Some(start.replay_to(self.step));
                }
            }
            SandboxCommand::RunToEnd => {
                self.selected = None;
                if let Some(b) = &mut self.battle {
                    while b.step().is_some() {
                        self.step += 1;
                    }
                }
            }
            SandboxCommand::Reset => {
                self.selected = None;
                self.step = 0;
                self.battle.clone_from(&self.start);
            }
            SandboxCommand::SetSeed(seed) | SandboxCommand::LoadSeed(seed) => {
                self.seed = seed;
                if matches!(command, SandboxCommand::LoadSeed(_)) {
                    self.step = 0;
                }
                self.rebuild(doc);
            }
            SandboxCommand::SelectEvent(index) => {
                self.selected = self.start.as_ref().map(|s| (index, s.replay_to(index + 1)));
            }
            SandboxCommand::Simulate => self.simulate(),
        }
    }

    /// Re-runs the battle from the (possibly edited) content to the same step.
    pub fn rebuild(&mut self, doc: &Document) {
        let Some(scenario) = &self.scenario else {
            return;
        };
        self.selected = None;
        match Battle::from_scenario(&content_of(doc), scenario, self.seed) {
            Ok(start) => {
                let battle = start.replay_to(self.step);
                self.start = Some(start);
                self.battle = Some(battle);
                self.error = None;
            }
            Err(e) => {
                self.start = None;
                self.battle = None;
                self.error = Some(e.to_string());
            }
        }
    }

    fn simulate(&mut self) {
        let Some(start) = self.start.clone() else {
            return;
        };
        let progress = Arc::new(AtomicU64::new(0));
        let (tx, rx) = channel();
        let counter = Arc::clone(&progress);
        std::thread::spawn(move || {
            let mut counts = [0u64; 4];
            let mut examples = [None; 4];
            let mut histogram = std::collections::BTreeMap::<i32, u64>::new();
            let mut battle = start.clone();
            for seed in 0..SIMULATION_RUNS {
                battle.reset_from(&start, seed);
                battle.run();
                let outcome = match battle.winner() {
                    Some(Winner::A) => 0,
                    Some(Winner::Draw) => 1,
                    Some(Winner::B) => 2,
                    _ => 3,
                };
                counts[outcome] += 1;
                examples[outcome].get_or_insert(seed);
                let [a, b] = battle.life();
                *histogram.entry(a.max(0) - b.max(0)).or_default() += 1;
                counter.store(seed + 1, Ordering::Relaxed);
            }
            // The panel may be gone: nobody to tell.
            let _ = tx.send(SimulationResult {
                counts,
                examples,
                life_histogram: histogram.into_iter().collect(),
            });
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
        let mut push = |c: SandboxCommand| commands.push(EditCommand::Sandbox(c));
        ui.horizontal_wrapped(|ui| {
            let selected = self
                .scenario
                .as_ref()
                .map_or_else(|| "Pick a scenario".to_owned(), |s| s.name.clone());
            let label = ui.label("Scenario");
            egui::ComboBox::from_id_salt("sandbox-scenario")
                .selected_text(selected)
                .show_ui(ui, |ui| {
                    for file in &doc.pack.files {
                        if let Content::BattleScenario(s) = &file.content
                            && ui.selectable_label(false, &s.name).clicked()
                        {
                            push(SandboxCommand::Load(file.path.clone()));
                        }
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text("Play a battle scenario from the pack");
            if ui
                .button("New battle")
                .on_hover_text("Start an empty battle: drag cards from the library onto a line")
                .clicked()
            {
                push(SandboxCommand::NewScenario);
            }
            ui.separator();
            let active = self.battle.is_some();
            ui.add_enabled_ui(active, |ui| {
                if ui
                    .button("Step")
                    .on_hover_text("Advance one event (F10)")
                    .clicked()
                {
                    push(SandboxCommand::Step);
                }
                if ui
                    .button("Step back")
                    .on_hover_text("Go back one event (Shift+F10)")
                    .clicked()
                {
                    push(SandboxCommand::StepBack);
                }
                if ui
                    .button("Run to end")
                    .on_hover_text("Play the battle out (F5)")
                    .clicked()
                {
                    push(SandboxCommand::RunToEnd);
                }
                if ui
                    .button("Reset")
                    .on_hover_text("Back to the start")
                    .clicked()
                {
                    push(SandboxCommand::Reset);
                }
                let mut seed = self.seed;
                let label = ui.label("Seed");
                if ui
                    .add(egui::DragValue::new(&mut seed))
                    .labelled_by(label.id)
                    .on_hover_text("The battle's random seed: same seed, same battle")
                    .changed()
                {
                    push(SandboxCommand::SetSeed(seed));
                }
                if self.running.is_none()
                    && ui
                        .button("Simulate")
                        .on_hover_text("Run 10,000 seeds and count wins, draws and losses")
                        .clicked()
                {
                    push(SandboxCommand::Simulate);
                }
            });
            ui.label(format!("Step {}", self.step));
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
        if self.scenario.is_none() {
            ui.weak("Pick a scenario, or click \"New battle\" and drag cards from the library onto the lines.");
            return;
        }
        if let Some(scenario) = &self.scenario {
            super::sandbox_plays::plays_ui(ui, scenario, &mut self.play_draft, doc, &mut push);
        }
        ui.separator();
        ui.columns(2, |cols| {
            self.board_ui(&mut cols[0], &mut push);
            self.log_ui(&mut cols[1], &mut push);
        });
        if let Some(sim) = &self.simulation {
            simulation_ui(ui, sim, &mut push);
        }
    }

    fn board_ui(&self, ui: &mut Ui, push: &mut impl FnMut(SandboxCommand)) {
        let shown = self
            .selected
            .as_ref()
            .map(|(_, b)| b)
            .or(self.battle.as_ref());
        if let Some((index, _)) = &self.selected {
            ui.label(
                RichText::new(format!("Showing the board right after event #{index}")).italics(),
            );
        }
        if let Some(b) = shown {
            let [a, bl] = b.life();
            ui.label(format!("Turn {} · life A {a} · B {bl}", b.turn()));
            if let Some(w) = b.winner() {
                ui.strong(match w {
                    Winner::A => "A wins",
                    Winner::B => "B wins",
                    Winner::Draw => "Draw",
                    Winner::None => "No winner (turn limit)",
                });
            }
        }
        let board = shown.map(Battle::board);
        for (side, name) in [(0usize, "A"), (1, "B")] {
            let frame = egui::Frame::group(ui.style());
            let (_, dropped) = ui.dnd_drop_zone::<String, ()>(frame, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.strong(format!("Line {name}"));
                    match &board {
                        Some(lines) => {
                            for creature in &lines[side] {
                                let b = shown.map(|b| b.describe_breakdown(creature.id));
                                egui::Frame::new()
                                    .stroke(ui.visuals().widgets.noninteractive.bg_stroke)
                                    .inner_margin(4.0)
                                    .show(ui, |ui| {
                                        ui.vertical(|ui| {
                                            ui.strong(&creature.name);
                                            let life_left = creature.life - creature.damage;
                                            ui.label(format!(
                                                "⚔ {}  ❤ {life_left}/{}{}",
                                                creature.attack,
                                                creature.life,
                                                if creature.armor > 0 {
                                                    format!("  🛡 {}", creature.armor)
                                                } else {
                                                    String::new()
                                                }
                                            ))
                                            .on_hover_text(b.unwrap_or_default());
                                            if !creature.keywords.is_empty() {
                                                ui.small(creature.keywords.join(", "));
                                            }
                                        });
                                    });
                            }
                        }
                        None => {
                            if let Some(s) = &self.scenario {
                                let line = if side == 0 { &s.a } else { &s.b };
                                for (i, id) in line.iter().enumerate() {
                                    if ui
                                        .button(format!("{id} ×"))
                                        .on_hover_text("Take this card out of the line")
                                        .clicked()
                                    {
                                        push(SandboxCommand::RemoveCard { side, index: i });
                                    }
                                }
                            }
                        }
                    }
                    ui.weak("(drop cards here)");
                });
            });
            if let Some(card) = dropped {
                push(SandboxCommand::AddCard {
                    side,
                    card: (*card).clone(),
                });
            }
        }
    }

    fn log_ui(&self, ui: &mut Ui, push: &mut impl FnMut(SandboxCommand)) {
        ui.strong("Battle log");
        let Some(battle) = &self.battle else {
            return;
        };
        let events: &[Event] = battle.log();
        let shown = events.len().min(self.step as usize);
        if shown == 0 {
            ui.weak("Press Step (F10) to see the first event.");
            return;
        }
        egui::ScrollArea::vertical()
            .id_salt("battle-log")
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show_rows(ui, 18.0, shown, |ui, range| {
                for event in &events[range] {
                    let cause = battle.describe_cause(event);
                    let text = format!("#{} {}", event.index, battle.describe(event));
                    let selected = self
                        .selected
                        .as_ref()
                        .is_some_and(|(i, _)| *i == event.index);
                    let response =
                        ui.selectable_label(selected, text)
                            .on_hover_text(if cause.is_empty() {
                                "Click to see the board at this moment".to_owned()
                            } else {
                                format!("{cause} — click to see the board at this moment")
                            });
                    if response.clicked() {
                        push(SandboxCommand::SelectEvent(event.index));
                    }
                }
            });
    }
}

fn simulation_ui(ui: &mut Ui, sim: &SimulationResult, push: &mut impl FnMut(SandboxCommand)) {
    ui.separator();
    let runs: u64 = sim.counts.iter().sum::<u64>().max(1);
    ui.horizontal_wrapped(|ui| {
        for (i, name) in ["A wins", "Draw", "B wins", "No winner"].iter().enumerate() {
            let pct = 100.0 * sim.counts[i] as f64 / runs as f64;
            let text = format!("{name}: {} ({pct:.1}%)", sim.counts[i]);
            match sim.examples[i] {
                Some(seed) => {
                    if ui
                        .button(text)
                        .on_hover_text(format!("Load seed {seed}, an example of this outcome"))
                        .clicked()
                    {
                        push(SandboxCommand::LoadSeed(seed));
                    }
                }
                None => {
                    ui.label(text);
                }
            }
        }
    });
    let bars: Vec<Bar> = sim
        .life_histogram
        .iter()
        .map(|(diff, n)| {
            Bar::new(f64::from(*diff), *n as f64).fill(if *diff >= 0 {
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

fn empty_scenario() -> BattleScenario {
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
