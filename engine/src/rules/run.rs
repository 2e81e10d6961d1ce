//! [`RulesRun`]: a rules scenario in the editor's sandbox, one scripted action per step, with
//! step back and seek by replaying from the start ([`crate::core::Sandbox`]).

use std::sync::Arc;

use super::event::RulesEvent;
use super::game::{Game, PlayerState, SetupError};
use super::scenario::RulesScenario;
use super::state::{Object, StackItem, Zone};
use crate::core::Sandbox;
use crate::model::Player;

/// A rules scenario being stepped through: the script one action at a time, then the triggers
/// still waiting go on the stack (what [`Game::run_script`] does in one go).
#[derive(Debug, Clone)]
pub struct RulesRun {
    scenario: Arc<RulesScenario>,
    game: Game,
    /// Script actions run so far.
    next: usize,
    /// Whether the waiting triggers were put on the stack after the last action.
    flushed: bool,
}

impl RulesRun {
    /// Sets up the scenario (its `pack`, if any, already added) with nothing run yet.
    pub fn new(scenario: &RulesScenario) -> Result<Self, SetupError> {
        let mut game = Game::new(scenario)?;
        game.checkpoint(0, &scenario.expect);
        Ok(Self {
            game,
            scenario: Arc::new(scenario.clone()),
            next: 0,
            flushed: false,
        })
    }

    /// The game as it stands.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The scenario being run.
    #[must_use]
    pub fn scenario(&self) -> &RulesScenario {
        &self.scenario
    }

    /// Script actions run so far.
    #[must_use]
    pub fn actions_run(&self) -> usize {
        self.next
    }
}

/// What the rules sandbox's board shows: zones, the stack and who has priority.
impl Game {
    /// The current turn, from 1.
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The current phase's name.
    #[must_use]
    pub fn phase(&self) -> &str {
        self.phase_name()
    }

    /// The active player.
    #[must_use]
    pub fn active(&self) -> Player {
        self.active
    }

    /// Who has priority.
    #[must_use]
    pub fn priority(&self) -> Player {
        self.priority
    }

    /// The effects stack, bottom first (the last resolves first).
    #[must_use]
    pub fn stack(&self) -> &[StackItem] {
        &self.stack
    }

    /// Triggered abilities waiting to go on the stack.
    #[must_use]
    pub fn waiting(&self) -> &[StackItem] {
        &self.pending
    }

    /// Card instance ids in a player's zone, in zone order.
    #[must_use]
    pub fn zone(&self, player: Player, zone: Zone) -> Vec<String> {
        self.zone_ids(player, zone)
    }

    /// A player's vitae (life).
    #[must_use]
    pub fn vitae(&self, player: Player) -> i32 {
        self.player(player).vitae
    }

    /// A player's vitae, resource, fealty, champion, classes and elements.
    #[must_use]
    pub fn player_state(&self, player: Player) -> &PlayerState {
        self.player(player)
    }

    /// A card instance (`wolf`, `wolf#2`), wherever it is.
    #[must_use]
    pub fn object(&self, id: &str) -> Option<&Object> {
        self.obj(id)
    }
}

/// The rules sandbox: a step is one scripted action (then one more that puts the waiting
/// triggers on the stack). The seed is the scenario's.
impl Sandbox for RulesRun {
    type Event = RulesEvent;
    /// The expectations that failed (empty: all met).
    type Outcome = Vec<String>;

    fn restart(&self) -> Self {
        self.reseed(self.scenario.seed)
    }

    fn reseed(&self, seed: u64) -> Self {
        let mut scenario = (*self.scenario).clone();
        scenario.seed = seed;
        // This scenario set up once already, so it sets up again; the fallback is never taken.
        Self::new(&scenario).unwrap_or_else(|_| self.clone())
    }

    fn seed(&self) -> u64 {
        self.scenario.seed
    }

    fn step(&mut self) -> bool {
        if let Some(action) = self.scenario.script.get(self.next) {
            self.game.run_action(action);
            self.next += 1;
            self.game.checkpoint(self.next, &self.scenario.expect);
            return true;
        }
        if self.flushed {
            return false;
        }
        self.flushed = true;
        self.game.flush_pending();
        self.game.note_statics();
        true
    }

    fn steps(&self) -> usize {
        self.next + usize::from(self.flushed)
    }

    fn log(&self) -> &[RulesEvent] {
        &self.game.log
    }

    fn outcome(&self) -> Option<Vec<String>> {
        self.flushed.then(|| self.game.check(&self.scenario.expect))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario() -> RulesScenario {
        ron::from_str(
            r#"(
                name: "t",
                cards: {
                    "wolf": (name: "Wolf", kind: Beast, attack: 2, life: 2, keywords: []),
                },
                a: (hand: ["wolf"], resource: 5),
                script: [Play(player: A, card: "wolf"), Advance, Advance],
            )"#,
        )
        .unwrap()
    }

    #[test]
    fn stepping_gives_the_log_of_a_whole_script_and_steps_back_by_replay() {
        let s = scenario();
        let whole = super::super::run_scenario(&s).unwrap();
        let mut run = RulesRun::new(&s).unwrap();
        assert_eq!(run.run_to_end(), 4);
        assert_eq!(run.log(), whole.log.as_slice());
        assert_eq!(run.outcome(), Some(Vec::new()));
        let fresh = run.seek(2);
        run.step_back();
        run.step_back();
        assert_eq!(run.log(), fresh.log());
        assert_eq!(run.steps(), 2);
        assert!(run.outcome().is_none());
    }
}
