//! Encounters in the one sandbox panel: a step is an action (a script action or one policy
//! decision); the board is each combatant's state at the selected event, and the map shows
//! the same moment.

use egui::Ui;
use sigilforge_engine::core::Sandbox;
use sigilforge_engine::encounter::{EncounterRun, LogEntry, LogKind};

use super::{Runner, StepCommand, SystemSandbox, cause_text};
use crate::encounter_ui::sandbox::{Sandbox as EncounterSandbox, displayable};

impl EncounterSandbox {
    fn entry(&self, i: usize) -> Option<&LogEntry> {
        self.run().and_then(|r| r.log().get(i))
    }
}

impl SystemSandbox for EncounterSandbox {
    fn step_word(&self) -> &'static str {
        "action"
    }

    fn steps(&self) -> usize {
        self.run().map_or(0, Sandbox::steps)
    }

    fn total_steps(&self) -> usize {
        self.runner.as_ref().map_or(0, Runner::total)
    }

    fn seed(&self) -> Option<u64> {
        Some(self.seed)
    }

    fn log_len(&self) -> usize {
        self.run().map_or(0, |r| r.log().len())
    }

    fn line(&self, i: usize) -> String {
        self.entry(i)
            .map(|e| {
                let who = e.actor.as_deref().unwrap_or("-");
                format!("r{} {who}: {}", e.round, displayable(&e.text))
            })
            .unwrap_or_default()
    }

    fn cause(&self, i: usize) -> String {
        self.entry(i)
            .map(|e| cause_text(&e.cause))
            .unwrap_or_default()
    }

    fn why(&self, i: usize) -> Vec<usize> {
        self.run().map(|r| Sandbox::why(r, i)).unwrap_or_default()
    }

    fn order(&self, i: usize) -> String {
        let Some(e) = self.entry(i) else {
            return String::new();
        };
        match e.kind {
            LogKind::Round | LogKind::TurnStart => {
                "Turn order: the encounter's turn_order (or file order), skipping anyone who has dropped; a round begins when the order comes round again."
            }
            LogKind::TurnEnd => {
                "A turn ends when its creature ends it (or has nothing left to do); Fleeting stacks and spent Prepared abilities go then."
            }
            LogKind::Reaction => {
                "Reactions answer a trigger before it resolves, in turn order; a Reaction spends a Beat, a Free Reaction does not."
            }
            LogKind::Test | LogKind::Save | LogKind::Damage | LogKind::Healing => {
                "An ability resolves in its order: its Test, then each target's Save, then its effects, target by target."
            }
            LogKind::Start => {
                "It is this creature's turn: the script's next action, or its policy's choice."
            }
            LogKind::End => "The encounter ends at the first check where at most one side stands.",
            _ if e.cause.ability.is_some() => {
                "It comes with the ability being resolved, in the order the ability says."
            }
            _ => "The script's actions run in the order written; then the policies play.",
        }
        .to_owned()
    }

    fn outcome(&self) -> Option<String> {
        self.run().and_then(EncounterRun::outcome).map(|o| {
            let who = o.winner.as_deref().unwrap_or("nobody");
            format!("Over: {who} won in round {} ({})", o.rounds, o.reason)
        })
    }

    fn selected(&self) -> Option<usize> {
        self.runner.as_ref().and_then(Runner::selected)
    }

    fn board_ui(&self, ui: &mut Ui) {
        self.state_ui(ui);
    }

    fn apply(&mut self, command: &StepCommand) {
        EncounterSandbox::apply(self, command);
    }
}
