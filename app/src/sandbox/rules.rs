//! The rules sandbox in the one panel (its tab is issue #13): a step is one scripted action;
//! the board shows the zones, the stack, the waiting triggers and who has priority. The rules
//! engine keeps no moments yet, so at a selected event the board is the one right after the
//! action that logged it (the run replayed to that step), not the middle of that action.
//! `tests/sandbox_rules.rs` hosts it as the tab will.

use egui::Ui;
use sigilforge_engine::core::Sandbox;
use sigilforge_engine::model::Player;
use sigilforge_engine::rules::state::Zone;
use sigilforge_engine::rules::{RulesEvent, RulesRun};

use super::{Runner, SandboxCommand, SystemSandbox, cause_text};

/// A rules scenario in the sandbox.
#[derive(Debug, Clone)]
pub struct RulesSandbox {
    runner: Runner<RulesRun>,
}

impl RulesSandbox {
    /// A sandbox over a scenario set up with nothing run yet.
    #[must_use]
    pub fn new(run: RulesRun) -> Self {
        Self {
            runner: Runner::new(run),
        }
    }

    /// The run as stepped.
    #[must_use]
    pub fn run(&self) -> &RulesRun {
        &self.runner.run
    }

    fn event(&self, i: usize) -> Option<&RulesEvent> {
        self.runner.run.log().get(i)
    }
}

impl SystemSandbox for RulesSandbox {
    fn step_word(&self) -> &'static str {
        "action"
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
        self.runner.run.log().len()
    }

    fn line(&self, i: usize) -> String {
        self.event(i).map(|e| e.text.clone()).unwrap_or_default()
    }

    fn cause(&self, i: usize) -> String {
        self.event(i)
            .map(|e| cause_text(&e.cause))
            .unwrap_or_default()
    }

    fn why(&self, i: usize) -> Vec<usize> {
        self.runner.run.why(i)
    }

    fn order(&self, i: usize) -> String {
        let Some(e) = self.event(i) else {
            return String::new();
        };
        let text = e.text.as_str();
        if text.contains("goes on the stack") {
            "Waiting triggers go on the stack the active player's first, each player's in their chosen order (19.3a); the last one on resolves first."
        } else if text.contains(": resolve ") || text.contains("resolves at once") {
            "The stack resolves top first once both players pass priority in a row; after a trigger resolves, its ruler passes priority (19.3a). Recruit, Forge and Build triggers resolve at once (19.3b-d)."
        } else if text.contains("passes priority") {
            "Priority goes to the other player; two passes in a row resolve the top of the stack."
        } else if text.contains(" triggers") {
            "Triggers wait until a player would receive priority, in the order their sources stand: the active player's champion and city first."
        } else if text.contains(" begins") || text.contains(" is skipped") {
            "Phases run dawn, main, dusk, end; a turn ends after end and the other player becomes active."
        } else if text.contains('@') {
            "Continuous effects apply in timestamp order (22.3c): the later one wins where they disagree."
        } else if e.cause.ability.is_some() {
            "An ability's effects happen in the order written as it resolves."
        } else {
            "The script's actions run in the order written."
        }
        .to_owned()
    }

    fn outcome(&self) -> Option<String> {
        self.runner.run.outcome().map(|failed| {
            if failed.is_empty() {
                "The script is done: every expectation holds".to_owned()
            } else {
                format!("The script is done: {}", failed.join("; "))
            }
        })
    }

    fn selected(&self) -> Option<usize> {
        self.runner.selected()
    }

    fn board_ui(&self, ui: &mut Ui) {
        let game = self.runner.shown().game();
        ui.label(format!(
            "Turn {}, {} phase · {:?} active · {:?} has priority",
            game.turn(),
            game.phase(),
            game.active(),
            game.priority()
        ));
        let stack: Vec<&str> = game
            .stack()
            .iter()
            .rev()
            .map(|i| i.label.as_str())
            .collect();
        ui.label(format!(
            "Stack (top first): {}",
            if stack.is_empty() {
                "empty".to_owned()
            } else {
                stack.join(", ")
            }
        ));
        let waiting: Vec<&str> = game.waiting().iter().map(|i| i.label.as_str()).collect();
        if !waiting.is_empty() {
            ui.label(format!("Waiting triggers: {}", waiting.join(", ")));
        }
        for player in [Player::A, Player::B] {
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!("{player:?} (vitae {})", game.vitae(player)));
                for zone in Zone::ALL {
                    let cards = game.zone(player, zone);
                    if !cards.is_empty() {
                        ui.label(format!("{}: {}", zone.name(), cards.join(", ")));
                    }
                }
            });
        }
    }

    fn apply(&mut self, command: &SandboxCommand) {
        self.runner.apply(command);
    }
}
