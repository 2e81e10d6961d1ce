//! The encounter runner: the run's state, Beats, the script, stepping forward and back (turns
//! and the end are in `turns`).

use std::collections::BTreeMap;

use serde::Serialize;

use super::ability::{AbilityDef, AbilityTime};
use super::dice::{DiceRule, DiceSource, OddsCache};
use super::file::{Encounter, EncounterContent, ScriptAction};
use super::space::{Cell, GridMap, cell_words, distance};
use super::state::TriggerEvent;
use super::state::{
    Combatant, CombatantView, EncounterAbility, EncounterCause, LogEntry, LogKind, Outcome, Stacks,
    StateView,
};
use crate::core::{LoopGuard, Moments, Sandbox};
use crate::model::KnownAbility;

/// Why an encounter cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncounterError {
    /// A combatant names a stat block the content lacks.
    #[error("combatant `{0}` uses unknown stat block `{1}`")]
    UnknownStatBlock(String, String),
    /// No combatants.
    #[error("the encounter has no combatants")]
    Empty,
}

/// Who decides actions once the script is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Follow the script; then the policies play if the file says `play_out`.
    Script,
    /// Ignore the script: the simple policies play both sides (difficulty estimate).
    Policies,
}

/// Why a Move cannot go to a cell (the log says it in these words).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(super) enum MoveProblem {
    /// Off the map or a blocking cell.
    #[error("{} is off the map or blocked", cell_words(*.0))]
    Blocked(Cell),
    /// A full-height wall on the straight line from the first cell to the second.
    #[error("a wall stands between {} and {}", cell_words(*.0), cell_words(*.1))]
    Wall(Cell, Cell),
    /// Farther than the creature's speed.
    #[error("{} is beyond its speed of {}u", cell_words(*.0), .1)]
    TooFar(Cell, u32),
    /// Another standing creature is there.
    #[error("{} is occupied", cell_words(*.0))]
    Occupied(Cell),
}

/// How a simulated creature chooses what to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Policy {
    /// Its best-looking Action at the nearest enemy; every Reaction it can take.
    Naive,
    /// Its whole kit weighed by expected value; Reactions only when affordable and useful.
    Careful,
}

/// How each side of a simulated table plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Table {
    /// The policy of the encounter's `heroes` side.
    pub heroes: Policy,
    /// The policy of every other side.
    pub others: Policy,
}

impl Table {
    /// Both sides naive (the `play_out` of a script and the older estimate).
    pub const NAIVE: Self = Self {
        heroes: Policy::Naive,
        others: Policy::Naive,
    };
    /// Both sides careful.
    pub const CAREFUL: Self = Self {
        heroes: Policy::Careful,
        others: Policy::Careful,
    };
}

/// A running encounter.
#[derive(Debug, Clone)]
pub struct EncounterRun {
    pub(super) content: EncounterContent,
    pub(super) encounter: Encounter,
    pub(super) seed: u64,
    pub(super) mode: Mode,
    pub(super) rule: DiceRule,
    pub(super) map: GridMap,
    /// Every combatant, in file order.
    pub combatants: Vec<Combatant>,
    /// Turn order as indices into `combatants`.
    pub order: Vec<usize>,
    pub(super) turn_index: usize,
    pub(super) round: u32,
    pub(super) dice: DiceSource,
    pub(super) log: Vec<LogEntry>,
    pub(super) script_pos: usize,
    pub(super) steps: usize,
    pub(super) outcome: Option<Outcome>,
    pub(super) end_turn_requested: bool,
    pub(super) actions_this_turn: u32,
    /// The Beats the acting creature had once its turn's start was done: a Beat spent since
    /// means it has acted (a table Delay is refused then).
    pub(super) beats_at_turn_start: u32,
    /// Creatures whose turn began this round and was delayed by the GM: when their new place
    /// comes, the turn goes on without its start again (no second status damage, Beat loss or
    /// pending Test). Cleared when a round begins.
    pub(super) delayed: Vec<usize>,
    pub(super) free_used: Vec<String>,
    /// The ability being resolved (the cause of what it logs).
    pub(super) acting: Option<EncounterAbility>,
    /// Steps since a turn last began.
    pub(super) guard: LoopGuard,
    /// The state right after each log entry, when the sandbox keeps them.
    pub(super) moments: Moments<StateView>,
    /// The creature whose act the Reaction being resolved answers (a `Shift` moves away from
    /// it).
    pub(super) reacting_to: Option<usize>,
    /// The damage about to be dealt while a "would take Damage" window is open (what a
    /// `WardHalf` halves).
    pub(super) incoming_damage: Option<i32>,
    /// How each side is played once the policies decide (naive unless started `with_table`).
    pub(super) table: Table,
    /// The policies' band chances, computed once (and shared by an estimate's runs).
    pub(super) odds: OddsCache,
    /// Scores the table rolled, typed by the GM in table mode: (user, ability id, Score), each
    /// taken by that ability's next Test instead of the dice.
    pub(super) typed_scores: Vec<(usize, String, i32)>,
    /// Table mode's Reactions: who decides each side's, the GM's answers (`None` outside table
    /// mode, where the policies decide every Reaction).
    pub(super) asking: Option<super::asking::TableAsking>,
    /// Creatures the GM hides from the players (ids): the player window leaves them out.
    pub(super) hidden: Vec<String>,
    /// Cells the GM hides from the players, sorted.
    pub(super) hidden_cells: Vec<Cell>,
}

impl EncounterRun {
    /// Starts an encounter (round 1, the first creature's turn) following its script.
    pub fn new(
        content: &EncounterContent,
        encounter: &Encounter,
        seed: u64,
    ) -> Result<Self, EncounterError> {
        Self::with_mode(content, encounter, seed, Mode::Script)
    }

    /// Starts an encounter in the given mode.
    pub fn with_mode(
        content: &EncounterContent,
        encounter: &Encounter,
        seed: u64,
        mode: Mode,
    ) -> Result<Self, EncounterError> {
        Self::start(content, encounter, seed, mode, Moments::off(), None)
    }

    /// Starts an encounter played by the policies (the script is ignored), each side as `table`
    /// says.
    pub fn with_table(
        content: &EncounterContent,
        encounter: &Encounter,
        seed: u64,
        table: Table,
    ) -> Result<Self, EncounterError> {
        let mut run = Self::start(
            content,
            encounter,
            seed,
            Mode::Policies,
            Moments::off(),
            None,
        )?;
        run.table = table;
        Ok(run)
    }

    /// Starts an encounter, keeping the state at each event as `moments` says (the sandbox's
    /// board at an event: what is logged while setting up is kept too); `asking` is table
    /// mode's Reactions (`None`: the policies decide them).
    pub(super) fn start(
        content: &EncounterContent,
        encounter: &Encounter,
        seed: u64,
        mode: Mode,
        moments: Moments<StateView>,
        asking: Option<super::asking::TableAsking>,
    ) -> Result<Self, EncounterError> {
        if encounter.combatants.is_empty() {
            return Err(EncounterError::Empty);
        }
        let mut combatants = Vec::new();
        for spec in &encounter.combatants {
            let block = spec
                .inline
                .as_ref()
                .or_else(|| content.creatures.get(&spec.stat_block))
                .ok_or_else(|| {
                    EncounterError::UnknownStatBlock(spec.id.clone(), spec.stat_block.clone())
                })?;
            let mut statuses = BTreeMap::new();
            for (name, n) in &block.conditions {
                statuses.insert(
                    name.clone(),
                    Stacks {
                        stacks: *n,
                        fresh: 0,
                    },
                );
            }
            combatants.push(Combatant {
                id: spec.id.clone(),
                name: block.name.clone(),
                side: spec.side.clone(),
                position: spec.position,
                health: block.health,
                max_health: block.health,
                // Everyone starts the encounter with full Beats, so a Reaction is possible
                // before the creature's first turn; its own turn refills them.
                beats: block.beats,
                bound_beats: 0,
                bound_to: Vec::new(),
                statuses,
                concentration: Vec::new(),
                resources: block.resources.clone(),
                prepared: Vec::new(),
                in_cover: false,
                ward: 0,
                pending: Vec::new(),
                reacts: spec.reacts,
                block: block.clone(),
            });
        }
        let order: Vec<usize> = if encounter.turn_order.is_empty() {
            (0..combatants.len()).collect()
        } else {
            encounter
                .turn_order
                .iter()
                .filter_map(|id| combatants.iter().position(|c| &c.id == id))
                .collect()
        };
        let mut run = Self {
            content: content.clone(),
            encounter: encounter.clone(),
            seed,
            mode,
            rule: content.dice_for(encounter),
            map: encounter.map.clone(),
            combatants,
            order,
            turn_index: 0,
            round: 1,
            dice: DiceSource::new(seed),
            log: Vec::new(),
            script_pos: 0,
            steps: 0,
            outcome: None,
            end_turn_requested: false,
            actions_this_turn: 0,
            beats_at_turn_start: 0,
            delayed: Vec::new(),
            free_used: Vec::new(),
            acting: None,
            guard: LoopGuard::new(),
            moments,
            reacting_to: None,
            incoming_damage: None,
            table: Table::NAIVE,
            odds: OddsCache::new(content.dice_for(encounter)),
            typed_scores: Vec::new(),
            asking,
            hidden: (encounter.combatants.iter())
                .filter(|c| c.hidden)
                .map(|c| c.id.clone())
                .collect(),
            hidden_cells: Vec::new(),
        };
        for i in 0..run.combatants.len() {
            run.apply_passives(i);
        }
        let start = run.push(LogKind::Round, None, "Round 1 begins".to_owned(), None);
        run.begin_turn(Some(start));
        Ok(run)
    }

    /// Uses `odds` for the policies' band chances when they are for this run's dice rule (an
    /// estimate's runs share one cache).
    pub(super) fn share_odds(&mut self, odds: &OddsCache) {
        if odds.rule() == self.rule {
            self.odds = odds.clone();
        }
    }

    /// Passive abilities are always in effect: their stat modifiers are added once, at the start.
    fn apply_passives(&mut self, who: usize) {
        let known: Vec<KnownAbility> = self.combatants[who].block.abilities.clone();
        for k in known {
            let Some(def) = self.content.abilities.get(&k.id).cloned() else {
                continue;
            };
            if def.time != AbilityTime::Passive {
                continue;
            }
            for (stat, n) in &def.passive_stats {
                let stat_now = self.combatants[who].block.stat(stat);
                self.combatants[who]
                    .block
                    .stats
                    .insert(stat.clone(), stat_now.saturating_add(*n));
            }
            let name = self.combatants[who].id.clone();
            self.push(
                LogKind::Note,
                Some(who),
                format!("{name}'s Passive {} is always in effect", def.name),
                None,
            );
        }
    }

    /// Appends a log entry (caused by the ability being resolved, if any) and returns its index.
    pub(super) fn push(
        &mut self,
        kind: LogKind,
        actor: Option<usize>,
        text: String,
        cause: Option<usize>,
    ) -> usize {
        let index = self.log.len();
        self.log.push(LogEntry {
            index,
            round: self.round,
            kind,
            actor: actor.map(|a| self.combatants[a].id.clone()),
            text,
            cause: EncounterCause {
                ability: self.acting.clone(),
                after: cause.map(|c| c as u32),
            },
        });
        if self.moments.is_kept() {
            let state = self.state();
            self.moments.record(state);
        }
        index
    }

    /// From now on what is logged is caused by `who`'s ability `name`; returns the ability
    /// that was acting before (put it back in `acting` when this one is done).
    pub(super) fn begin_acting(&mut self, who: usize, name: &str) -> Option<EncounterAbility> {
        let ability = EncounterAbility {
            combatant: self.combatants[who].id.clone(),
            ability: name.to_owned(),
        };
        self.acting.replace(ability)
    }

    /// The combatant whose turn it is.
    #[must_use]
    pub fn current(&self) -> Option<usize> {
        self.order.get(self.turn_index).copied()
    }

    /// Index of a combatant by id.
    #[must_use]
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.combatants.iter().position(|c| c.id == id)
    }

    /// A combatant by id.
    #[must_use]
    pub fn combatant(&self, id: &str) -> Option<&Combatant> {
        self.combatants.iter().find(|c| c.id == id)
    }

    /// Queues the raw dice of a later roll (the sandbox's "force next roll").
    pub fn force_roll(&mut self, dice: Vec<u32>) {
        self.dice.force(dice);
    }

    /// The log so far.
    #[must_use]
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The outcome, once the encounter is over.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The current round.
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// How many steps have been taken.
    #[must_use]
    pub fn steps_taken(&self) -> usize {
        self.steps
    }

    /// The state the sandbox shows.
    #[must_use]
    pub fn state(&self) -> StateView {
        StateView {
            round: self.round,
            turn: self.current().map(|i| self.combatants[i].id.clone()),
            combatants: self.combatants.iter().map(CombatantView::of).collect(),
            outcome: self.outcome.clone(),
        }
    }

    /// Takes one action (a script action, or one policy decision) and returns the log entries
    /// it produced; `None` once the encounter is over.
    pub fn step(&mut self) -> Option<&[LogEntry]> {
        if self.outcome.is_some() {
            return None;
        }
        let before = self.log.len();
        let scripted = self.mode == Mode::Script && self.script_pos < self.encounter.script.len();
        if scripted {
            let action = self.encounter.script[self.script_pos].clone();
            self.script_pos += 1;
            self.do_script_action(&action);
        } else if self.mode == Mode::Policies || self.encounter.play_out {
            self.policy_step();
        } else {
            self.finish(None, "the script is over".to_owned());
        }
        self.check_concentration_components();
        self.steps += 1;
        if let Err(limit) = self.guard.tick() {
            // Actions that never end a turn (a policy that keeps being refused).
            self.finish(None, limit.to_string());
        }
        self.check_over();
        Some(&self.log[before..])
    }

    /// Runs until the encounter is over (bounded by `max_rounds` and the loop guard).
    pub fn run_to_end(&mut self) {
        while self.step().is_some() {}
    }

    /// Goes back one step: re-runs from the start to step n−1 (it can never drift).
    pub fn step_back(&mut self) {
        Sandbox::step_back(self);
    }

    fn do_script_action(&mut self, action: &ScriptAction) {
        let Some(actor) = self.current() else { return };
        match action {
            ScriptAction::Use {
                ability,
                targets,
                shape,
                bonuses,
            } => {
                let targets: Vec<usize> = targets.iter().filter_map(|t| self.index_of(t)).collect();
                self.use_ability(actor, ability, &targets, *shape, bonuses.clone());
            }
            ScriptAction::Move(cell) => {
                self.move_to(actor, *cell);
            }
            ScriptAction::TakeCover => self.take_cover(actor),
            ScriptAction::EndTurn => self.end_turn(),
            ScriptAction::ForceRoll(dice) => {
                self.dice.force(dice.clone());
                self.push(
                    LogKind::Note,
                    None,
                    format!("The next roll is forced to {}", crate::wording::list(dice)),
                    None,
                );
            }
            ScriptAction::Reactions(who, on) => {
                if let Some(i) = self.index_of(who) {
                    self.combatants[i].reacts = *on;
                    let state = if *on { "on" } else { "off" };
                    self.push(
                        LogKind::Note,
                        Some(i),
                        format!("{who}'s automatic Reactions are {state}"),
                        None,
                    );
                }
            }
        }
        if self.end_turn_requested {
            self.end_turn();
        }
    }

    /// Spends a Beat to move up to the creature's speed to a free, open cell.
    pub(super) fn move_to(&mut self, who: usize, cell: Cell) -> bool {
        let c = &self.combatants[who];
        let from = c.position;
        let why = if c.beats == 0 {
            Some("no Beats left".to_owned())
        } else {
            self.move_problem(who, cell).map(|p| p.to_string())
        };
        let id = c.id.clone();
        if let Some(why) = why {
            self.push(
                LogKind::Refused,
                Some(who),
                format!("{id} cannot move: {why}"),
                None,
            );
            return false;
        }
        let c = &mut self.combatants[who];
        c.beats -= 1;
        c.position = cell;
        c.in_cover = false;
        let at = self.push(
            LogKind::Move,
            Some(who),
            format!(
                "{id} spends a Beat and moves from {} to {}",
                cell_words(from),
                cell_words(cell)
            ),
            None,
        );
        // Those it leaves behind answer before it goes (a target leaving your reach): for that
        // window it still stands where it was; struck down there, it stays there.
        self.combatants[who].position = from;
        self.reaction_window(TriggerEvent::Leaving { who, to: cell }, at, 0);
        if !self.combatants[who].standing() {
            return true;
        }
        self.combatants[who].position = cell;
        self.reaction_window(TriggerEvent::Moved { who, from }, at, 0);
        true
    }

    /// Why one Move cannot take `who` to `cell` (Beats aside), or `None` when it can: on the
    /// map and open, no full-height wall on the straight line (unless it Climbs), within its
    /// speed, and free. The one check of a move, for `move_to` and the policies' choices.
    pub(super) fn move_problem(&self, who: usize, cell: Cell) -> Option<MoveProblem> {
        self.move_problem_climbing(who, cell, self.climbs(who))
    }

    /// [`Self::move_problem`] with whether `who` Climbs already known (a search over many
    /// cells asks it once).
    pub(super) fn move_problem_climbing(
        &self,
        who: usize,
        cell: Cell,
        climbs: bool,
    ) -> Option<MoveProblem> {
        let c = &self.combatants[who];
        let from = c.position;
        if !self.map.contains(cell) || self.map.blocks(cell) {
            Some(MoveProblem::Blocked(cell))
        } else if !climbs && !self.map.clear_line(from, cell) {
            // A blocking cell is a full-height wall: a straight move cannot pass it, unless the
            // creature can Climb.
            Some(MoveProblem::Wall(from, cell))
        } else if distance(from, cell) > c.block.speed as i32 {
            Some(MoveProblem::TooFar(cell, c.block.speed))
        } else if self
            .combatants
            .iter()
            .any(|o| o.standing() && o.position == cell && o.id != c.id)
        {
            Some(MoveProblem::Occupied(cell))
        } else {
            None
        }
    }

    pub(super) fn take_cover(&mut self, who: usize) {
        let id = self.combatants[who].id.clone();
        if self.combatants[who].beats == 0 {
            self.push(
                LogKind::Refused,
                Some(who),
                format!("{id} cannot take cover: no Beats left"),
                None,
            );
            return;
        }
        self.combatants[who].beats -= 1;
        self.combatants[who].in_cover = true;
        self.push(
            LogKind::Move,
            Some(who),
            format!("{id} spends a Beat and gets behind cover"),
            None,
        );
    }

    /// Whether `who` can Climb (a Passive with `climb`, like the seed's Climber, on its sheet).
    pub(super) fn climbs(&self, who: usize) -> bool {
        self.combatants[who].block.abilities.iter().any(|k| {
            self.content
                .abilities
                .get(&k.id)
                .is_some_and(|d| d.time == AbilityTime::Passive && d.climb)
        })
    }

    /// An ability as `who` has it (Flavors and Upgrades applied), with its sheet entry.
    pub(super) fn ability_for(&self, who: usize, id: &str) -> Option<(AbilityDef, KnownAbility)> {
        let def = self.content.abilities.get(id)?;
        let c = &self.combatants[who];
        let known = c
            .block
            .abilities
            .iter()
            .find(|k| k.id == id)
            .cloned()
            .or_else(|| {
                c.prepared
                    .iter()
                    .any(|p| p.ability == id)
                    .then(|| KnownAbility {
                        id: id.to_owned(),
                        ..KnownAbility::default()
                    })
            })?;
        Some((def.as_known(&known), known))
    }
}
