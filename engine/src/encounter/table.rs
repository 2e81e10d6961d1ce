//! Table mode: the game master runs an encounter live, one [`TableAction`] at a time (damage,
//! healing, a status, the end of a turn), through the engine's own rules: damage makes a
//! Concentrating creature save and can drop it, a turn's end removes Fleeting stacks and begins
//! the next standing creature's turn, the encounter ends when one side is left. A
//! [`TableSession`] keeps the actions taken and undoes the last one by replaying the others
//! from the start with the core sandbox's replay (the same seed gives the same Focus Saves),
//! so undo can never drift; a refusal on replay is reported, never skipped.
//!
//! ```text
//! let mut session = TableSession::new(&content, &encounter, seed)?;
//! session.apply(TableAction::Damage { target: "goblin_1".into(), amount: 3, kind: None })?;
//! session.apply(TableAction::EndTurn)?;
//! session.undo()?;
//! ```

use super::asking::{Answered, ReactionChoice, ReactionDecider, ReactionQuestion, TableAsking};
use super::file::{Encounter, EncounterContent};
use super::run::{EncounterError, EncounterRun, Mode};
use super::space::{Cell, ShapePlacement, cell_words};
use super::state::{LogEntry, LogKind, Outcome};
pub use super::table_error::TableError;
use crate::core::Moments;
use crate::core::sandbox::Sandbox;
use crate::model::StatusKind;

/// One action the game master takes at the table.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TableAction {
    /// Damage to one creature (Vulnerable adds to it, as it does to an ability's damage).
    Damage {
        /// The creature's id in the encounter.
        target: String,
        /// Points of damage (at least 1).
        amount: u32,
        /// Its damage type ("Fire"), if the table named one.
        kind: Option<String>,
    },
    /// Health restored to one standing creature (never above its maximum).
    Heal {
        /// The creature's id in the encounter.
        target: String,
        /// Points of health (at least 1).
        amount: u32,
    },
    /// Stacks of a status condition on one creature (gained on its own turn, a Fleeting stack
    /// lasts through the end of its next turn, as the engine counts it).
    Status {
        /// The creature's id in the encounter.
        target: String,
        /// The status's name, as the content defines it ("Vulnerable").
        status: String,
        /// Stacks gained (at least 1).
        stacks: u32,
    },
    /// Stacks of a status condition taken off one creature (the GM clears what the table
    /// ended: a status removed by an ability resolved at the table, a ruling).
    ClearStatus {
        /// The creature's id in the encounter.
        target: String,
        /// The status's name.
        status: String,
        /// Stacks removed (at least 1; more than it has removes them all).
        stacks: u32,
    },
    /// Points of one of a creature's resources (Dodge Points) spent (a negative change) or
    /// gained; never below 0.
    Resource {
        /// The creature's id in the encounter.
        target: String,
        /// The resource's name, as the stat block has it ("Dodge Point").
        resource: String,
        /// Points gained (negative: spent).
        change: i32,
    },
    /// The creature whose turn it is spends a Beat (on what the table played: a move, an
    /// Action resolved at the table).
    SpendBeat,
    /// The creature whose turn it is ends its turn; the next standing creature's turn begins.
    EndTurn,
    /// The creature whose turn it is starts one of its abilities, through the engine's own
    /// code (Requirements, Components, Saves, Concentration, Slow Actions, Reactions).
    UseAbility {
        /// The ability's id, as the content defines it.
        ability: String,
        /// The creatures it targets, by id (at most its target count).
        targets: Vec<String>,
        /// Where its Shape goes, for an ability with a Shape.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shape: Option<ShapePlacement>,
        /// The Score the table rolled for its Test (kept dice plus modifier), typed by the GM;
        /// `None`: the engine rolls with the run's seeded dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        score: Option<i32>,
    },
    /// The creature whose turn it is moves to a cell (a Beat, up to its speed, by the engine's
    /// movement rules: walls, Climber, occupied cells).
    Move {
        /// The cell it moves to.
        to: Cell,
    },
    /// The GM's answer to the Reaction question the session holds (see
    /// [`super::table_reactions`]).
    Reaction {
        /// The creature asked about (its id).
        creature: String,
        /// Use one of the Reactions offered, or skip.
        choice: ReactionChoice,
    },
    /// Who decides one side's Reactions from now on: the GM, asked each time, or the engine by
    /// its policy.
    ReactionsBy {
        /// The side ("heroes", "foes").
        side: String,
        /// Who decides.
        by: ReactionDecider,
    },
    /// Every creature rolls initiative with the encounter's Test dice (no modifier; the seeded
    /// dice, so a replay rolls the same) and the turn order becomes highest first, a tie keeping
    /// the order it had. Only before the first turn ends (see [`EncounterRun::roll_initiative`]).
    RollInitiative,
    /// One creature moves to another place in the turn order (the GM's drag, or Earlier/Later);
    /// the creature whose turn it is keeps its turn.
    Reorder {
        /// The creature's id.
        creature: String,
        /// Its new place in the order, from 0 (past the end: last).
        to: usize,
    },
    /// The creature whose turn it is delays: it takes its place right after `after` in the turn
    /// order and acts then, this round; the next creature's turn begins now.
    Delay {
        /// The creature it now follows (later in the order than it).
        after: String,
    },
    /// The GM puts a creature on a cell (a ruling, a correction, a creature that is not
    /// acting): no Beat, no movement rules but a free, open cell on the map.
    Reposition {
        /// The creature's id.
        target: String,
        /// The cell it is put on.
        to: Cell,
    },
    /// The GM hides a creature from the players (an ambusher) or reveals it; nothing changes
    /// for the rules, only for the player window.
    Hide {
        /// The creature's id.
        creature: String,
        /// Hidden (true) or revealed (false).
        hidden: bool,
    },
    /// The GM hides cells of the map from the players (an area, an invisible glyph's cell) or
    /// reveals them.
    HideCells {
        /// The cells.
        cells: Vec<Cell>,
        /// Hidden (true) or revealed (false).
        hidden: bool,
    },
}

impl TableAction {
    /// The action in words, as its log line begins ("The GM deals 3 Fire damage to bob").
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Self::Damage {
                target,
                amount,
                kind,
            } => {
                let kind = kind.as_deref().map(|k| format!(" {k}")).unwrap_or_default();
                format!("The GM deals {amount}{kind} damage to {target}")
            }
            Self::Heal { target, amount } => format!("The GM heals {target} by {amount}"),
            Self::Status {
                target,
                status,
                stacks,
            } => format!(
                "The GM gives {target} {}",
                crate::wording::plural(
                    stacks,
                    &format!("stack of {status}"),
                    &format!("stacks of {status}")
                )
            ),
            Self::ClearStatus {
                target,
                status,
                stacks,
            } => format!(
                "The GM clears {} from {target}",
                crate::wording::plural(
                    stacks,
                    &format!("stack of {status}"),
                    &format!("stacks of {status}")
                )
            ),
            Self::Resource {
                target,
                resource,
                change,
            } if *change < 0 => format!(
                "The GM spends {} {resource} of {target}",
                change.unsigned_abs()
            ),
            Self::Resource {
                target,
                resource,
                change,
            } => format!("The GM gives {target} {change} {resource}"),
            Self::SpendBeat => "The GM spends a Beat".to_owned(),
            Self::EndTurn => "The GM ends the turn".to_owned(),
            Self::UseAbility {
                ability,
                targets,
                shape,
                score,
            } => {
                let aim = match (shape, targets.is_empty()) {
                    (Some(p), _) => format!(" with its Shape at {}", cell_words(p.origin)),
                    (None, false) => format!(" on {}", crate::wording::list(targets)),
                    (None, true) => String::new(),
                };
                let roll = score.map_or_else(
                    || ", the engine rolling".to_owned(),
                    |s| format!(", the table having rolled a Score of {s}"),
                );
                format!("The GM uses {ability}{aim}{roll}")
            }
            Self::Move { to } => format!("The GM moves the acting creature to {}", cell_words(*to)),
            Self::Reaction {
                creature,
                choice: ReactionChoice::Skip,
            } => format!("The GM skips {creature}'s Reaction"),
            Self::Reaction {
                creature,
                choice: ReactionChoice::Use { ability, score },
            } => {
                let roll = score.map_or_else(
                    || ", the engine rolling".to_owned(),
                    |s| format!(", the table having rolled a Score of {s}"),
                );
                format!("The GM has {creature} answer with {ability}{roll}")
            }
            Self::ReactionsBy {
                side,
                by: ReactionDecider::Table,
            } => format!("The GM decides the Reactions of {side} from now on"),
            Self::ReactionsBy {
                side,
                by: ReactionDecider::Engine,
            } => format!("The engine decides the Reactions of {side} from now on"),
            Self::RollInitiative => "The GM rolls initiative".to_owned(),
            Self::Reorder { creature, to } => {
                format!(
                    "The GM puts {creature} at place {} of the turn order",
                    to + 1
                )
            }
            Self::Delay { after } => format!("The acting creature delays until after {after}"),
            Self::Reposition { target, to } => {
                format!("The GM puts {target} at {}", cell_words(*to))
            }
            Self::Hide {
                creature,
                hidden: true,
            } => format!("The GM hides {creature} from the players"),
            Self::Hide { creature, .. } => format!("The GM reveals {creature} to the players"),
            Self::HideCells { cells, hidden } => format!(
                "The GM {} {} from the players",
                if *hidden { "hides" } else { "reveals" },
                crate::wording::plural(cells.len(), "cell", "cells")
            ),
        }
    }
}

impl EncounterRun {
    /// Starts an encounter for table mode: round 1, the first creature's turn; nothing runs by
    /// itself (no script, no policies): every change is a [`TableAction`], and every side's
    /// Reactions are the GM's to decide. A Reaction the first turn's start would trigger has
    /// no action to wait on: it is skipped (nothing fires unasked).
    pub fn for_table(
        content: &EncounterContent,
        encounter: &Encounter,
        seed: u64,
    ) -> Result<Self, EncounterError> {
        let asking = Some(TableAsking::default());
        let mut run = Self::start(
            content,
            encounter,
            seed,
            Mode::Script,
            Moments::off(),
            asking,
        )?;
        run.give_answers(Vec::new());
        Ok(run)
    }

    /// Applies one action of the game master through the engine's rules, logging it first
    /// (the engine's own lines follow, caused by it). Damage the GM deals opens no Reaction
    /// window (it has no attacker); an ability, a move or a turn's end does, and where the GM
    /// decides a side's Reactions the session asks (see [`super::table_reactions`]). A refused
    /// action changes nothing.
    pub fn apply_table_action(&mut self, action: &TableAction) -> Result<(), TableError> {
        if self.outcome.is_some() {
            return Err(TableError::Over);
        }
        match action {
            TableAction::Reaction { .. } => return Err(TableError::NoQuestion),
            TableAction::ReactionsBy { side, by } => {
                if !self.combatants.iter().any(|c| &c.side == side) {
                    return Err(TableError::Refused(format!(
                        "no creature is on the side {side}"
                    )));
                }
                self.push(LogKind::Table, None, action.describe(), None);
                self.set_reaction_decider(side, *by);
                return Ok(());
            }
            TableAction::UseAbility {
                ability,
                targets,
                shape,
                score,
            } => return self.table_use(action, ability, targets, *shape, *score),
            TableAction::Move { to } => return self.table_move(*to),
            TableAction::RollInitiative
            | TableAction::Reorder { .. }
            | TableAction::Delay { .. }
            | TableAction::Reposition { .. }
            | TableAction::Hide { .. }
            | TableAction::HideCells { .. } => return self.table_gm(action),
            _ => {}
        }
        let target = match action {
            TableAction::Damage { target, .. }
            | TableAction::Heal { target, .. }
            | TableAction::Status { target, .. }
            | TableAction::ClearStatus { target, .. }
            | TableAction::Resource { target, .. } => {
                let i = self
                    .index_of(target)
                    .ok_or_else(|| TableError::UnknownCreature(target.clone()))?;
                if !self.combatants[i].standing() {
                    return Err(TableError::Dropped(target.clone()));
                }
                Some(i)
            }
            TableAction::SpendBeat => {
                let i = self.current().ok_or(TableError::Over)?;
                if self.combatants[i].beats == 0 {
                    return Err(TableError::NoBeats(self.combatants[i].id.clone()));
                }
                Some(i)
            }
            TableAction::EndTurn
            | TableAction::UseAbility { .. }
            | TableAction::Move { .. }
            | TableAction::Reaction { .. }
            | TableAction::ReactionsBy { .. }
            | TableAction::RollInitiative
            | TableAction::Reorder { .. }
            | TableAction::Delay { .. }
            | TableAction::Reposition { .. }
            | TableAction::Hide { .. }
            | TableAction::HideCells { .. } => None,
        };
        match action {
            TableAction::Damage { amount: 0, .. }
            | TableAction::Heal { amount: 0, .. }
            | TableAction::Status { stacks: 0, .. }
            | TableAction::ClearStatus { stacks: 0, .. }
            | TableAction::Resource { change: 0, .. } => return Err(TableError::Nothing),
            TableAction::ClearStatus { status, .. } => {
                if let Some(c) = target.map(|i| &self.combatants[i])
                    && c.stacks(status) == 0
                {
                    return Err(TableError::NoStacks(c.id.clone(), status.clone()));
                }
            }
            TableAction::Resource {
                resource, change, ..
            } => {
                if let Some(c) = target.map(|i| &self.combatants[i]) {
                    let have = *c.resources.get(resource).ok_or_else(|| {
                        TableError::UnknownResource(c.id.clone(), resource.clone())
                    })?;
                    if have.saturating_add(*change) < 0 {
                        return Err(TableError::NotEnough(c.id.clone(), resource.clone(), have));
                    }
                }
            }
            TableAction::Status { status, .. } => match self.content.conditions.get(status) {
                None => return Err(TableError::UnknownStatus(status.clone())),
                Some(def) if def.kind == StatusKind::Concentrating => {
                    return Err(TableError::ConcentrationStatus(status.clone()));
                }
                Some(_) => {}
            },
            _ => {}
        }
        let at = self.push(LogKind::Table, target, action.describe(), None);
        match (action, target) {
            (TableAction::Damage { amount, kind, .. }, Some(t)) => {
                let amount = i32::try_from(*amount).unwrap_or(i32::MAX);
                // Depth 1: no Reaction window (the GM answers Reactions at the table).
                self.deal_damage(t, t, amount, kind.as_deref(), at, 1);
            }
            (TableAction::Heal { amount, .. }, Some(t)) => {
                self.heal(t, i32::try_from(*amount).unwrap_or(i32::MAX), at);
            }
            (TableAction::Status { status, stacks, .. }, Some(t)) => {
                self.gain_status(t, status, *stacks, at);
            }
            (TableAction::ClearStatus { status, stacks, .. }, Some(t)) => {
                let c = &mut self.combatants[t];
                let left = c.statuses.get_mut(status).map_or(0, |s| {
                    s.stacks = s.stacks.saturating_sub(*stacks);
                    s.fresh = s.fresh.min(s.stacks);
                    s.stacks
                });
                c.statuses.retain(|_, s| s.stacks > 0);
                let text = format!("{} loses stacks of {status}, {left} left", c.id);
                self.push(LogKind::Status, Some(t), text, Some(at));
            }
            (
                TableAction::Resource {
                    resource, change, ..
                },
                Some(t),
            ) => {
                self.add_resource(t, resource, *change);
                let c = &self.combatants[t];
                let now = c.resources.get(resource).copied().unwrap_or(0);
                let text = format!("{} has {now} {resource}", c.id);
                self.push(LogKind::Note, Some(t), text, Some(at));
            }
            (TableAction::SpendBeat, Some(t)) => {
                let c = &mut self.combatants[t];
                c.beats -= 1;
                let text = format!("{} spends a Beat, {} left", c.id, c.beats);
                self.push(LogKind::Beats, Some(t), text, Some(at));
            }
            _ => {
                self.end_turn();
                self.forget_typed_scores();
            }
        }
        self.check_concentration_components();
        self.check_over();
        self.pass_dropped_turn();
        Ok(())
    }
}

/// A live table session: the encounter as it started and the actions taken since. It is not
/// the encounter file: nothing here is saved (the file stays as prepared).
#[derive(Debug, Clone)]
pub struct TableSession {
    replay: TableReplay,
}

/// The session as a core [`Sandbox`]: a step is the next of the GM's actions, so undoing and
/// resuming are the core replay (`Sandbox::seek`, `Sandbox::run_to_end` from the start), the
/// same code every sandbox steps back with.
#[derive(Debug, Clone)]
struct TableReplay {
    /// The encounter before any action.
    start: EncounterRun,
    /// The actions to replay, oldest first (those taken, and for a resume those to take).
    script: Vec<TableAction>,
    /// The encounter after the first `steps` actions of `script`.
    run: EncounterRun,
    steps: usize,
    /// The action the engine refused when replaying (its index in `script`), which stopped it.
    refused: Option<(usize, TableError)>,
    /// The action waiting on a Reaction question, while one is open: `run` is the state
    /// before it.
    open: Option<OpenQuestion>,
}

/// A table action played up to a Reaction question with no answer yet.
#[derive(Debug, Clone)]
struct OpenQuestion {
    /// The action's index in the script.
    action: usize,
    /// The GM's answers to its earlier questions, in order.
    answers: Vec<(String, ReactionChoice)>,
    /// The question waiting.
    question: ReactionQuestion,
}

impl TableReplay {
    fn new(start: EncounterRun, script: Vec<TableAction>) -> Self {
        Self {
            run: start.clone(),
            start,
            script,
            steps: 0,
            refused: None,
            open: None,
        }
    }

    /// Takes `action` after the ones taken (dropping any not replayed yet); a refused one is not
    /// recorded and changes nothing.
    fn push(&mut self, action: TableAction) -> Result<(), TableError> {
        self.take(self.steps, &action)?;
        self.script.truncate(self.steps);
        self.script.push(action);
        self.steps += 1;
        Ok(())
    }

    /// Takes `action`, the script's `index`-th: a Reaction answer replays the action waiting
    /// with the answers so far; any other action needs no question open.
    fn take(&mut self, index: usize, action: &TableAction) -> Result<(), TableError> {
        match (action, &self.open) {
            (TableAction::Reaction { creature, choice }, Some(open)) => {
                let mut answers = open.answers.clone();
                answers.push((creature.clone(), choice.clone()));
                let at = open.action;
                let waiting = self.script.get(at).cloned().ok_or(TableError::NoQuestion)?;
                self.play(at, &waiting, answers)
            }
            (TableAction::Reaction { .. }, None) => Err(TableError::NoQuestion),
            (_, Some(open)) => Err(TableError::Unanswered(open.question.creature.clone())),
            (_, None) => self.play(index, action, Vec::new()),
        }
    }

    /// Plays the script's `index`-th action on a copy of the run with `answers`: the copy is
    /// the new state when no question is left; else the question is held open.
    fn play(
        &mut self,
        index: usize,
        action: &TableAction,
        answers: Vec<(String, ReactionChoice)>,
    ) -> Result<(), TableError> {
        let mut next = self.run.clone();
        next.give_answers(answers.clone());
        next.apply_table_action(action)?;
        match next.answered()? {
            Answered::Done => {
                self.run = next;
                self.open = None;
            }
            Answered::Asked(question) => {
                self.open = Some(OpenQuestion {
                    action: index,
                    answers,
                    question,
                });
            }
        }
        Ok(())
    }

    /// The refusal that stopped the replay: the action's number (from 1), the action in
    /// words, and the engine's reason.
    fn refusal(&self) -> Option<(usize, String, TableError)> {
        let (at, reason) = self.refused.as_ref()?;
        let action = self.script.get(*at).map(TableAction::describe)?;
        Some((at + 1, action, reason.clone()))
    }
}

impl Sandbox for TableReplay {
    type Event = LogEntry;
    type Outcome = Outcome;

    fn restart(&self) -> Self {
        Self::new(self.start.clone(), self.script.clone())
    }

    fn reseed(&self, seed: u64) -> Self {
        Self::new(self.start.reseed(seed), self.script.clone())
    }

    fn seed(&self) -> u64 {
        self.start.seed()
    }

    fn step(&mut self) -> bool {
        let Some(action) = self.script.get(self.steps).cloned() else {
            return false;
        };
        match self.take(self.steps, &action) {
            Ok(()) => {
                self.steps += 1;
                true
            }
            Err(reason) => {
                self.refused = Some((self.steps, reason));
                false
            }
        }
    }

    fn steps(&self) -> usize {
        self.steps
    }

    fn log(&self) -> &[LogEntry] {
        Sandbox::log(&self.run)
    }

    fn outcome(&self) -> Option<Outcome> {
        Sandbox::outcome(&self.run)
    }
}

impl TableSession {
    /// Starts a session of `encounter` (its dice seeded by `seed`).
    pub fn new(
        content: &EncounterContent,
        encounter: &Encounter,
        seed: u64,
    ) -> Result<Self, EncounterError> {
        Self::replaying(content, encounter, seed, Vec::new())
    }

    /// A session of `encounter` that takes `actions` in order, from the start (a saved log):
    /// the first the engine refuses stops it, and is the error.
    pub(super) fn replaying(
        content: &EncounterContent,
        encounter: &Encounter,
        seed: u64,
        actions: Vec<TableAction>,
    ) -> Result<Self, EncounterError> {
        let start = EncounterRun::for_table(content, encounter, seed)?;
        let mut replay = TableReplay::new(start, actions);
        replay.run_to_end();
        Ok(Self { replay })
    }

    /// The action a replay could not take, if one was refused (see
    /// [`TableSession::replaying`]): its number (from 1), the action in words, the reason.
    pub(super) fn refusal(&self) -> Option<(usize, String, TableError)> {
        self.replay.refusal()
    }

    /// The encounter as the session started (before any action).
    pub(super) fn start(&self) -> &EncounterRun {
        &self.replay.start
    }

    /// The encounter as it stands.
    #[must_use]
    pub fn run(&self) -> &EncounterRun {
        &self.replay.run
    }

    /// The Reaction question waiting for the GM's answer, if one is: nothing else is taken
    /// until it is answered ([`TableAction::Reaction`]) or the action that raised it is undone.
    #[must_use]
    pub fn question(&self) -> Option<&ReactionQuestion> {
        self.replay.open.as_ref().map(|o| &o.question)
    }

    /// The actions taken so far, oldest first.
    #[must_use]
    pub fn actions(&self) -> &[TableAction] {
        &self.replay.script[..self.replay.steps]
    }

    /// Applies an action; a refused one is not recorded and changes nothing.
    pub fn apply(&mut self, action: TableAction) -> Result<(), TableError> {
        self.replay.push(action)
    }

    /// Undoes the last action: the others are replayed from the start by the core sandbox's
    /// `seek` (the same seed gives the same rolls). Returns the action undone, or `None` when
    /// there was none. Should the engine refuse an action it accepted before (it never has),
    /// the session is left as it was and the refusal is the error, naming that action.
    pub fn undo(&mut self) -> Result<Option<TableAction>, TableError> {
        let Some(kept) = self.replay.steps.checked_sub(1) else {
            return Ok(None);
        };
        let mut back = self.replay.seek(kept);
        if let Some((number, action, reason)) = back.refusal() {
            return Err(TableError::Replay {
                number,
                action,
                reason: Box::new(reason),
            });
        }
        let undone = back.script.get(kept).cloned();
        back.script.truncate(kept);
        self.replay = back;
        Ok(undone)
    }
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
