//! The battle line in the one sandbox panel: a step is one event; the board is the copy the
//! battle kept as the selected event was logged (`Battle::at_event`), so it never runs ahead
//! of the log; Simulate runs the engine's `battle::simulate` (wins, draws and losses) as live
//! odds: once simulated, every change of the battle (its line-up, plays, cards) re-runs it.

use egui::{RichText, Ui};
use sigilforge_engine::battle::event::{EventKind, Phase};
use sigilforge_engine::battle::simulate::{SimulationReport, simulate_until};
use sigilforge_engine::battle::{Battle, Event, Winner};
use sigilforge_engine::core::Sandbox;

use super::simulate::{Chart, ChartBar, OutcomeCount, Tally, Work};
use super::{Runner, SandboxCommand, Simulation, SystemSandbox};

/// How many battles Simulate plays unless told otherwise.
pub const SIMULATION_RUNS: u32 = 10_000;

/// A battle in the sandbox.
#[derive(Debug)]
pub struct BattleSandbox {
    runner: Runner<Battle>,
    simulation: Simulation,
}

impl BattleSandbox {
    /// A sandbox over a battle at its start (it keeps a board per event from now on).
    #[must_use]
    pub fn new(battle: Battle) -> Self {
        Self {
            runner: Runner::with_moments(battle),
            simulation: Simulation::new(
                SIMULATION_RUNS,
                "Play the battle with seeds 0 to N−1 and count wins, draws and losses; the odds then re-run after every change",
            )
            .live(),
        }
    }

    /// The battle as stepped.
    #[must_use]
    pub fn battle(&self) -> &Battle {
        &self.runner.run
    }

    /// The battle rebuilt from edited content, replayed to the same step.
    pub fn replace(&mut self, battle: &Battle) {
        self.runner.replace(battle);
        self.simulation.content_changed();
    }

    /// Starts the live odds' re-run once its quiet moment has passed, picks up a finished
    /// simulation; true while one runs or is pending.
    pub fn poll(&mut self) -> bool {
        if self.simulation.take_due() {
            let work = battle_work(&self.runner.run, self.simulation.runs());
            self.simulation.start(work);
        }
        self.simulation.poll()
    }

    fn event(&self, i: usize) -> Option<&Event> {
        Sandbox::log(&self.runner.run).get(i)
    }

    /// The board the panel shows: right after the selected event, else right after the last
    /// event stepped to (the battle itself may have worked further ahead).
    #[must_use]
    pub fn shown(&self) -> Battle {
        self.runner.board()
    }
}

/// The battle's simulation for the shared Simulate control.
fn battle_work(battle: &Battle, runs: u32) -> Work {
    let setup = battle.battle_setup();
    Box::new(move |progress, cancel| {
        simulate_until(&setup, u64::from(runs), None, progress, cancel)
            .map(|report| battle_tally(&report))
            .ok_or_else(|| anyhow::anyhow!("cancelled: the battle changed"))
    })
}

/// The engine's report as the shared control shows it: the four outcomes with an example seed
/// each, and the remaining life, A minus B, as a histogram.
#[must_use]
pub fn battle_tally(report: &SimulationReport) -> Tally {
    let outcomes = [
        ("A wins", report.win.count, report.examples[0]),
        ("Draw", report.draw.count, report.examples[1]),
        ("B wins", report.loss.count, report.examples[2]),
        ("No winner", report.none.count, report.examples[3]),
    ]
    .into_iter()
    .map(|(label, count, example)| OutcomeCount {
        label: label.to_owned(),
        count,
        example,
    })
    .collect();
    let bars = report
        .life_difference
        .iter()
        .map(|bar| ChartBar {
            x: f64::from(bar.difference),
            name: None,
            value: bar.runs as f64,
            good: Some(bar.difference >= 0),
            seed: Some(bar.seed),
        })
        .collect();
    Tally {
        runs: report.runs,
        headline: None,
        outcomes,
        lines: vec![format!(
            "Turns played: {:.1} on average (10%–90%: {}–{})",
            report.turns.mean, report.turns.p10, report.turns.p90
        )],
        chart: Some(Chart {
            caption: "Remaining life, A minus B, over the runs:".to_owned(),
            y_label: None,
            bars,
        }),
    }
}

impl SystemSandbox for BattleSandbox {
    fn step_word(&self) -> &'static str {
        "event"
    }

    fn steps(&self) -> usize {
        self.runner.run.steps()
    }

    fn total_steps(&self) -> usize {
        self.runner.total()
    }

    fn seed(&self) -> Option<u64> {
        Some(self.runner.run.seed())
    }

    fn log_len(&self) -> usize {
        Sandbox::log(&self.runner.run).len()
    }

    fn line(&self, i: usize) -> String {
        self.event(i)
            .map(|e| self.runner.run.describe_tagged(e))
            .unwrap_or_default()
    }

    fn cause(&self, i: usize) -> String {
        self.event(i)
            .map(|e| self.runner.run.describe_cause_tagged(e))
            .unwrap_or_default()
    }

    fn why(&self, i: usize) -> Vec<usize> {
        self.runner.run.why(i)
    }

    fn order(&self, i: usize) -> String {
        let Some(e) = self.event(i) else {
            return String::new();
        };
        let answers = e
            .cause
            .after
            .and_then(|a| Sandbox::log(&self.runner.run).get(a as usize));
        battle_order(e, answers).to_owned()
    }

    fn outcome(&self) -> Option<String> {
        let run = &self.runner.run;
        run.outcome().map(|w| {
            match w {
                Winner::A => "A wins",
                Winner::B => "B wins",
                Winner::Draw => "Draw: both players fell at once",
                Winner::None => "No winner: the turn limit was reached",
            }
            .to_owned()
        })
    }

    fn selected(&self) -> Option<usize> {
        self.runner.selected()
    }

    fn board_ui(&self, ui: &mut Ui) {
        let b = self.shown();
        if let Some(i) = self.runner.selected() {
            ui.label(RichText::new(format!("The board right after #{i}")).italics());
        }
        let [a, bl] = b.life();
        ui.label(format!("Turn {} · life A {a} · B {bl}", b.turn()));
        for (side, lines) in ["A", "B"].iter().zip(b.board()) {
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!("Line {side}"));
                if lines.is_empty() {
                    ui.weak("empty");
                }
                for c in &lines {
                    egui::Frame::new()
                        .stroke(ui.visuals().widgets.noninteractive.bg_stroke)
                        .inner_margin(4.0)
                        .show(ui, |ui| {
                            ui.vertical(|ui| {
                                let twin = lines.iter().any(|o| o.id != c.id && o.name == c.name);
                                let name = if twin {
                                    format!("{} #{}", c.name, c.id)
                                } else {
                                    c.name.clone()
                                };
                                ui.strong(name).on_hover_text(format!(
                                    "Slot {}; id {} in this battle",
                                    c.slot, c.id
                                ));
                                let armor = if c.armor > 0 {
                                    format!("  🛡 {}", c.armor)
                                } else {
                                    String::new()
                                };
                                ui.label(format!(
                                    "⚔ {}  ❤ {}/{}{armor}",
                                    c.attack,
                                    c.life - c.damage,
                                    c.life
                                ))
                                .on_hover_text(b.describe_breakdown(c.id));
                                if !c.keywords.is_empty() {
                                    ui.small(c.keywords.join(", "));
                                }
                            });
                        });
                }
            });
        }
    }

    fn simulation(&self) -> Option<&Simulation> {
        Some(&self.simulation)
    }

    fn apply(&mut self, command: &SandboxCommand) {
        let battle = &self.runner.run;
        if !self
            .simulation
            .apply(command, |runs| Some(battle_work(battle, runs)))
        {
            self.runner.apply(command);
        }
    }
}

/// Why a battle event came when it did, in the battle line's words.
#[must_use]
pub fn battle_order(e: &Event, answers: Option<&Event>) -> &'static str {
    match e.kind {
        EventKind::TurnBegan { .. } => {
            "Turns come one after another; each runs Start, Deploy, Battle, Close gaps and End."
        }
        EventKind::PhaseBegan { phase } => match phase {
            Phase::Start => "Start is the first phase of a turn.",
            Phase::Deploy => "Deploy follows Start: the plays scheduled for this turn.",
            Phase::Battle => "Battle follows Deploy: attacks go slot by slot from slot 1.",
            Phase::CloseGaps => "Close gaps follows Battle, once nobody has won.",
            Phase::End => "End is the last phase: end-of-turn abilities, then returns.",
        },
        EventKind::Summoned { .. } | EventKind::PlayFailed { .. }
            if answers.is_some_and(|a| matches!(a.kind, EventKind::PhaseBegan { .. })) =>
        {
            "Scheduled plays resolve in the Deploy phase in the order written for this turn."
        }
        EventKind::Attack { second: true, .. } => {
            "Fury's second attacks come after every slot's first attacks, slot by slot."
        }
        EventKind::Attack { .. } | EventKind::AttackSkipped { .. } => {
            "Attacks go slot by slot from slot 1; in one slot both sides attack at once, A's logged first."
        }
        EventKind::Damage { attack: true, .. } | EventKind::PlayerDamaged { .. }
            if e.cause.ability.is_none() =>
        {
            "An attack's damage is dealt right after both attacks of its slot are declared."
        }
        EventKind::Destroyed { .. } => {
            "Deaths are checked after each resolution, all at once: A's line first, slot by slot."
        }
        EventKind::AbilityTriggered { .. } => match answers.map(|a| a.kind) {
            Some(EventKind::PhaseBegan { .. }) => {
                "Start- and end-of-turn abilities run slot by slot, A's line first, as the lines stood when the phase began."
            }
            _ => {
                "Abilities answering an event wait in one queue, first in, first out: bearers in slot order, each bearer's in keyword order: printed, artifacts, granted."
            }
        },
        EventKind::GapsClosed { .. } | EventKind::Moved { .. } if e.cause.ability.is_none() => {
            "Lines close up toward slot 1 after the battle phase, A's first."
        }
        EventKind::WillReturn { .. } | EventKind::KeywordGranted { .. }
            if e.cause.ability.is_none() =>
        {
            "At the end of the turn, granted keywords expire and returning creatures come back, in the order they died."
        }
        EventKind::LoopLimit { .. } => {
            "The loop guard stops a chain of resolutions that never lets the turn move on."
        }
        EventKind::GameOver { .. } => {
            "The game ends at the check after the battle phase, or at the end of a turn."
        }
        _ if e.cause.ability.is_some() => {
            "An ability's effects run in the order written, each on its targets in the order chosen."
        }
        _ => "It follows the event it answers, as the turn structure runs.",
    }
}

/// What the battle sandbox asks the editor for: building the battle (each an edit of its
/// scenario file, undoable and saved with the pack), stepping it and simulating it.
#[derive(Debug, Clone, PartialEq)]
pub enum BattleCommand {
    /// Play the scenario in this pack file.
    Load(String),
    /// Start an empty battle: a new scenario file in the pack, to build by dragging cards in.
    New,
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
    /// Fill a line (0 = A, 1 = B) with creatures drawn from a deck of the pack, shuffled
    /// with the scenario's seed (`Pack::draw_line`), in place of what it held.
    DrawLine {
        /// 0 = A, 1 = B.
        side: usize,
        /// The deck's id.
        deck: String,
    },
    /// Schedule a play (a turn's Deploy phase).
    AddPlay(sigilforge_engine::model::ScheduledPlay),
    /// Remove the scheduled play at this index.
    RemovePlay(usize),
    /// A control of the sandbox panel (stepping, seeking, simulating).
    Run(SandboxCommand),
    /// Save the pack, the scenario file with it (what Ctrl+S does).
    Save,
}
