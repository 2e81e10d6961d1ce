//! The rules sandbox in the one panel (the editor's Rules tab): a step is one scripted action;
//! the board shows turn, phase and priority, the stack top first (whose, source, locked
//! targets), the waiting triggers, and each player's vitae, resource, fealty and zones (cards
//! with what they are attached to; hovering a card shows each characteristic's breakdown). The rules
//! engine keeps no moments yet, so at a selected event the board is the one right after the
//! action that logged it (the run replayed to that step), not the middle of that action.
//! `tests/sandbox_rules.rs` hosts it as the tab will.

use egui::Ui;
use sigilforge_engine::core::Sandbox;
use sigilforge_engine::model::Player;
use sigilforge_engine::rules::state::Zone;
use sigilforge_engine::rules::{Game, RulesEvent, RulesRun};

use sigilforge_engine::wording::{Names, Worded, rules_names};

use super::{Runner, SandboxCommand, SystemSandbox};

/// What the Rules tab asks for (kept beside the sandbox it drives, as `BattleCommand` is, so
/// the editor's commands do not depend on a panel).
#[derive(Debug, Clone, PartialEq)]
pub enum RulesCommand {
    /// Play the rules scenario in this pack file from its start.
    Load(String),
    /// A control of the one sandbox panel.
    Run(SandboxCommand),
    /// The user acts at the current step (a click in the Rules tab): the run branches there,
    /// keeping the script before it and recording this action after it.
    Act(sigilforge_engine::rules::Action),
    /// Leave the user's branch: back to the scenario's own script, at the same step.
    LeaveBranch,
    /// Save the run as shown (the script up to the current step, the recorded actions
    /// included) as a new rules scenario file of this name beside the one played, with
    /// expectations taken from the current state; then play it.
    SaveRecording(String),
    /// Put the pack card with this id in the try-out scenario (a new file the first time; one
    /// undoable edit) and play that scenario: "Try in Rules tab" in the card editor.
    TryCard(String),
    /// Change the try-out's set-up (one undoable edit of the try-out file) and play it again.
    SetUp(super::set_up::SetUp),
}

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

    /// The same scenario rebuilt (a card or the scenario edited): replayed to the same step.
    pub fn replace(&mut self, run: &RulesRun) {
        self.runner.replace(run);
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
        Worded::line(&self.runner.run, i)
    }

    fn cause(&self, i: usize) -> String {
        self.runner.run.cause_line(i)
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
            "Waiting triggers go on the stack the active player's first, each player's in their chosen order, rule 19.3a; the last one on resolves first."
        } else if text.contains(": resolve ") || text.contains("resolves at once") {
            "The stack resolves top first once both players pass priority in a row; after a trigger resolves, its ruler passes priority, rule 19.3a. Recruit, Forge and Build triggers resolve at once, rules 19.3b-d."
        } else if text.contains("passes priority") {
            "Priority goes to the other player; two passes in a row resolve the top of the stack."
        } else if text.contains(" triggers") {
            "Triggers wait until a player would receive priority, in the order their sources stand: the active player's champion and city first."
        } else if text.contains(" begins") || text.contains(" is skipped") {
            "Phases run dawn, main, dusk, end; a turn ends after end and the other player becomes active."
        } else if text.contains("timestamp") {
            "Continuous effects apply in timestamp order, rule 22.3c: the later one wins where they disagree."
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
        let names = rules_names(game);
        ui.label(format!(
            "Turn {}, {} phase · {:?} active · {:?} has priority",
            game.turn(),
            game.phase(),
            game.active(),
            game.priority()
        ));
        stack_ui(ui, game, &names);
        let waiting: Vec<String> = game
            .waiting()
            .iter()
            .map(|i| names.in_text(&i.label))
            .collect();
        if !waiting.is_empty() {
            ui.label(format!("Waiting triggers: {}", waiting.join(", ")))
                .on_hover_text("Triggered abilities that go on the stack before a player next receives priority");
        }
        for player in [Player::A, Player::B] {
            ui.separator();
            let state = game.player_state(player);
            ui.strong(format!(
                "{player:?}: {} {}, resource {}, fealty {}",
                game.profile().player_life,
                state.vitae,
                state.resource,
                state.fealty
            ));
            let less = state
                .next_card_less
                .iter()
                .fold(0i32, |sum, r| sum.saturating_add(r.by));
            if less > 0 {
                ui.label(format!("The next card {player:?} plays costs {less} less"))
                    .on_hover_text(
                        "Held until that card is played, or until the effect that gave it ends",
                    );
            }
            if game.loser() == Some(player) {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    format!("{player:?} lost the game: nothing more is played"),
                );
            }
            for zone in Zone::ALL {
                let cards = game.zone(player, zone);
                if cards.is_empty() {
                    continue;
                }
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{}:", zone.name()));
                    for id in &cards {
                        card_ui(ui, game, &names, id);
                    }
                });
            }
        }
    }

    fn apply(&mut self, command: &SandboxCommand) {
        self.runner.apply(command);
    }
}

/// The stack, top first: each item with whose it is, its source and its locked targets.
fn stack_ui(ui: &mut Ui, game: &Game, names: &Names) {
    let stack = game.stack();
    if stack.is_empty() {
        ui.label("Stack (top first): empty");
        return;
    }
    ui.label(format!("Stack (top first): {}", stack.len()))
        .on_hover_text("The top resolves first, once both players pass priority in a row");
    for (depth, item) in stack.iter().rev().enumerate() {
        let targets: Vec<&str> = item
            .targets
            .iter()
            .map(|t| names.name(t.card.as_str()))
            .collect();
        let mut line = format!(
            "{}. {}, {:?}'s, from {}",
            depth + 1,
            names.in_text(&item.label),
            item.controller,
            names.name(&item.source)
        );
        if !targets.is_empty() {
            line.push_str(", targets ");
            line.push_str(&sigilforge_engine::wording::list(&targets));
        }
        if item.triggered {
            line.push_str(" · triggered");
        }
        ui.label(line).on_hover_text(if targets.is_empty() {
            "No targets".to_owned()
        } else {
            "Targets locked when it went on the stack: one that has moved by then is skipped, rule 22.1a"
                .to_owned()
        });
    }
}

/// A card in a zone: its name, told apart from a copy (and what it is attached to); hovering
/// shows each characteristic's breakdown ([`breakdown_lines`]).
fn card_ui(ui: &mut Ui, game: &Game, names: &Names, id: &str) {
    let Some(object) = game.object(id) else {
        ui.label(names.name(id));
        return;
    };
    let mut text = match &object.attached_to {
        Some(host) => format!("{} on {}", names.name(id), names.name(host)),
        None => names.name(id).to_owned(),
    };
    let marks = marks(game.profile(), object);
    if !marks.is_empty() {
        text = format!("{text} ({})", marks.join(", "));
    }
    ui.label(text).on_hover_ui(|ui| {
        ui.strong(names.name(id));
        let lines = breakdown_lines(game, id);
        if lines.is_empty() {
            ui.weak("No characteristics");
        }
        for line in lines {
            ui.label(line);
        }
    });
}

/// What is marked on a card in play, in words: its damage (in the profile's word for it),
/// whether it is rested, its counters (`3 damage`, `rested`, `2 buff`, a weapon's `1
/// durability`).
fn marks(
    profile: &sigilforge_engine::model::GameProfile,
    object: &sigilforge_engine::rules::state::Object,
) -> Vec<String> {
    let mut marks = Vec::new();
    if object.wounds > 0 {
        marks.push(format!("{} {}", object.wounds, profile.damage_word()));
    }
    if object.rested {
        marks.push("rested".to_owned());
    }
    for (kind, n) in &object.counters {
        if *n != 0 {
            marks.push(format!("{n} {kind}"));
        }
    }
    marks
}

/// What hovering a card on the board shows: each characteristic's value and printed value,
/// then each effect on it in timestamp order with its source (`ATK 4, printed 2`,
/// `    timestamp 3: Night Wolf: Dusk Fury +2, now 4`).
#[must_use]
pub fn breakdown_lines(game: &Game, id: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for stat in game.characteristics(id) {
        let Some(b) = game.characteristic_breakdown(id, &stat) else {
            continue;
        };
        let names = rules_names(game);
        lines.push(format!("{} {}, printed {}", b.stat, b.value, b.printed));
        for step in &b.steps {
            lines.push(format!(
                "    timestamp {}: {} {}, now {}",
                step.timestamp,
                names.in_text(&step.source),
                step.change,
                step.value
            ));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

    use sigilforge_engine::rules::{Game, RulesScenario};

    /// One damaged unit under `profile` (a scenario's `profile:` line, or none for ChiAxis).
    fn marks_under(profile: &str) -> Vec<String> {
        let text = format!(
            r#"RulesScenario(
                name: "marks",
                {profile}
                cards: {{"wolf": (name: "Wolf", kind: Ally, attack: 1, life: 5)}},
                a: (city: ["wolf"]),
                script: [Apply(player: B, targets: ["wolf"], effects: [Damage(Fixed(2))])],
            )"#
        );
        let scenario: RulesScenario = ron::from_str(&text).unwrap();
        let game = sigilforge_engine::rules::run_scenario(&scenario).unwrap();
        let game: &Game = &game;
        super::marks(game.profile(), game.object("wolf").unwrap())
    }

    #[test]
    fn damage_on_a_card_reads_in_the_profiles_word() {
        assert_eq!(marks_under(""), ["2 wounds"], "ChiAxis calls damage wounds");
        assert_eq!(
            marks_under(r#"profile: Some("Grand Archive"),"#),
            ["2 damage"],
            "a profile naming no word keeps damage"
        );
    }
}
