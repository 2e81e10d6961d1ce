//! Table mode: the game master runs an encounter live, one [`TableAction`] at a time (damage,
//! healing, a status, the end of a turn), through the engine's own rules: damage makes a
//! Concentrating creature save and can drop it, a turn's end removes Fleeting stacks and begins
//! the next standing creature's turn, the encounter ends when one side is left. A
//! [`TableSession`] keeps the actions taken and undoes the last one by replaying the others
//! from the start (the same seed gives the same Focus Saves), so undo can never drift.
//!
//! ```text
//! let mut session = TableSession::new(&content, &encounter, seed)?;
//! session.apply(TableAction::Damage { target: "goblin_1".into(), amount: 3, kind: None })?;
//! session.apply(TableAction::EndTurn)?;
//! session.undo();
//! ```

use super::file::{Encounter, EncounterContent};
use super::run::{EncounterError, EncounterRun, Mode};
use super::space::{Cell, ShapePlacement, cell_words};
use super::state::LogKind;
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
}

/// Why the engine refused a table action (nothing changed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// No creature has this id in the encounter.
    #[error("no creature `{0}` in this encounter")]
    UnknownCreature(String),
    /// The creature has dropped: it takes no more damage, healing or statuses.
    #[error("{0} has dropped")]
    Dropped(String),
    /// The content defines no status of this name.
    #[error("no status `{0}` in this pack's statuses")]
    UnknownStatus(String),
    /// Concentrating stacks come and go with Concentration effects only.
    #[error("`{0}` comes and goes with Concentration effects; it cannot be given")]
    ConcentrationStatus(String),
    /// An amount or a number of stacks of zero.
    #[error("nothing to apply: the amount is 0")]
    Nothing,
    /// The creature has no such resource.
    #[error("{0} has no resource `{1}`")]
    UnknownResource(String, String),
    /// Spending more points of a resource than the creature has.
    #[error("{0} has only {2} {1}")]
    NotEnough(String, String, i32),
    /// The creature whose turn it is has no Beats left.
    #[error("{0} has no Beats left")]
    NoBeats(String),
    /// The encounter is over.
    #[error("the encounter is over")]
    Over,
    /// The engine refused an ability or a move; the text is its reason, as the log would say
    /// it ("archer cannot move: x 3, y 4 is occupied").
    #[error("{0}")]
    Refused(String),
    /// A typed Score the dice cannot make (2d6 + 1 makes 3 to 13).
    #[error("a Score of {score} cannot come from {dice}d{sides} {modifier:+} ({low} to {high})")]
    ImpossibleScore {
        /// The Score typed.
        score: i32,
        /// Dice kept.
        dice: u32,
        /// Faces per die.
        sides: u32,
        /// The Test's modifier.
        modifier: i32,
        /// The lowest Score possible.
        low: i32,
        /// The highest Score possible.
        high: i32,
    },
    /// A Score was typed for an ability that has no Test.
    #[error("{0} has no Test (it takes an automatic Mixed Score): type no Score")]
    NoTest(String),
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
            } => format!("The GM gives {target} {stacks} stack(s) of {status}"),
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
                    (None, false) => format!(" on {}", targets.join(", ")),
                    (None, true) => String::new(),
                };
                let roll = score.map_or_else(
                    || " (the engine rolls)".to_owned(),
                    |s| format!(" (the table rolled a Score of {s})"),
                );
                format!("The GM uses {ability}{aim}{roll}")
            }
            Self::Move { to } => format!("The GM moves the acting creature to {}", cell_words(*to)),
        }
    }
}

impl EncounterRun {
    /// Starts an encounter for table mode: round 1, the first creature's turn; nothing runs by
    /// itself (no script, no policies): every change is a [`TableAction`].
    pub fn for_table(
        content: &EncounterContent,
        encounter: &Encounter,
        seed: u64,
    ) -> Result<Self, EncounterError> {
        Self::with_mode(content, encounter, seed, Mode::Script)
    }

    /// Applies one action of the game master through the engine's rules, logging it first
    /// (the engine's own lines follow, caused by it). The GM resolves Reactions at the table:
    /// the action opens no automatic Reaction window. A refused action changes nothing.
    pub fn apply_table_action(&mut self, action: &TableAction) -> Result<(), TableError> {
        if self.outcome.is_some() {
            return Err(TableError::Over);
        }
        match action {
            TableAction::UseAbility {
                ability,
                targets,
                shape,
                score,
            } => return self.table_use(action, ability, targets, *shape, *score),
            TableAction::Move { to } => return self.table_move(*to),
            _ => {}
        }
        let target = match action {
            TableAction::Damage { target, .. }
            | TableAction::Heal { target, .. }
            | TableAction::Status { target, .. }
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
            TableAction::EndTurn | TableAction::UseAbility { .. } | TableAction::Move { .. } => {
                None
            }
        };
        match action {
            TableAction::Damage { amount: 0, .. }
            | TableAction::Heal { amount: 0, .. }
            | TableAction::Status { stacks: 0, .. }
            | TableAction::Resource { change: 0, .. } => return Err(TableError::Nothing),
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
                let text = format!("{} spends a Beat ({} left)", c.id, c.beats);
                self.push(LogKind::Beats, Some(t), text, Some(at));
            }
            _ => {
                self.end_turn();
                self.forget_typed_scores();
            }
        }
        self.check_concentration_components();
        self.check_over();
        Ok(())
    }
}

/// A live table session: the encounter as it started and the actions taken since. It is not
/// the encounter file: nothing here is saved (the file stays as prepared).
#[derive(Debug, Clone)]
pub struct TableSession {
    start: EncounterRun,
    actions: Vec<TableAction>,
    run: EncounterRun,
}

impl TableSession {
    /// Starts a session of `encounter` (its dice seeded by `seed`).
    pub fn new(
        content: &EncounterContent,
        encounter: &Encounter,
        seed: u64,
    ) -> Result<Self, EncounterError> {
        let start = EncounterRun::for_table(content, encounter, seed)?;
        Ok(Self {
            run: start.clone(),
            start,
            actions: Vec::new(),
        })
    }

    /// The encounter as it stands.
    #[must_use]
    pub fn run(&self) -> &EncounterRun {
        &self.run
    }

    /// The actions taken so far, oldest first.
    #[must_use]
    pub fn actions(&self) -> &[TableAction] {
        &self.actions
    }

    /// Applies an action; a refused one is not recorded and changes nothing.
    pub fn apply(&mut self, action: TableAction) -> Result<(), TableError> {
        self.run.apply_table_action(&action)?;
        self.actions.push(action);
        Ok(())
    }

    /// Undoes the last action (replaying the others from the start); returns it, or `None`
    /// when there was none.
    pub fn undo(&mut self) -> Option<TableAction> {
        let last = self.actions.pop()?;
        let mut run = self.start.clone();
        for action in &self.actions {
            // Each was accepted from this same state before, so it is accepted again.
            if run.apply_table_action(action).is_err() {
                break;
            }
        }
        self.run = run;
        Some(last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encounter::state::Combatant;

    fn ambush() -> (EncounterContent, Encounter) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../content/encounters/goblin_ambush.ron");
        let mut diags = crate::diag::Diagnostics::new();
        let (encounter, content) = crate::encounter::load(&dir, &mut diags).unwrap();
        (content, encounter)
    }

    fn who<'a>(s: &'a TableSession, id: &str) -> &'a Combatant {
        s.run().combatant(id).unwrap()
    }

    fn damage(target: &str, amount: u32, kind: Option<&str>) -> TableAction {
        TableAction::Damage {
            target: target.to_owned(),
            amount,
            kind: kind.map(str::to_owned),
        }
    }

    fn last_lines(s: &TableSession, n: usize) -> Vec<String> {
        let log = s.run().log();
        log[log.len().saturating_sub(n)..]
            .iter()
            .map(|e| e.text.clone())
            .collect()
    }

    #[test]
    fn damage_lowers_health_and_logs_the_gm_and_the_engine_line() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        let before = who(&s, "bob").health;
        s.apply(damage("bob", 3, Some("Fire"))).unwrap();
        assert_eq!(who(&s, "bob").health, before - 3);
        let lines = last_lines(&s, 2);
        assert_eq!(lines[0], "The GM deals 3 Fire damage to bob");
        assert!(lines[1].starts_with("bob takes 3 Fire damage"), "{lines:?}");
        assert_eq!(
            s.run().log().last().unwrap().cause.after,
            Some(u32::try_from(s.run().log().len() - 2).unwrap())
        );
    }

    #[test]
    fn enough_damage_drops_a_creature_and_refuses_more() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        s.apply(damage("goblin_2", 999, None)).unwrap();
        assert!(!who(&s, "goblin_2").standing());
        assert!(s.run().log().iter().any(|e| e.text == "goblin_2 drops"));
        assert_eq!(
            s.apply(damage("goblin_2", 1, None)),
            Err(TableError::Dropped("goblin_2".into()))
        );
        assert_eq!(s.actions().len(), 1, "a refused action is not recorded");
    }

    #[test]
    fn healing_stops_at_the_maximum() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        let max = who(&s, "bob").max_health;
        s.apply(damage("bob", 2, None)).unwrap();
        s.apply(TableAction::Heal {
            target: "bob".into(),
            amount: 10,
        })
        .unwrap();
        assert_eq!(who(&s, "bob").health, max);
        assert!(last_lines(&s, 1)[0].starts_with("bob heals 2"));
    }

    /// Seed 004: "you will lose one stack of Strained at the end of each of your Turns"; a
    /// stack gained on another creature's turn goes at the end of the bearer's next turn.
    #[test]
    fn a_fleeting_status_loses_a_stack_at_the_end_of_the_bearers_turn() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        // goblin_1 acts first; bob is next.
        assert_eq!(s.run().current(), s.run().index_of("goblin_1"));
        s.apply(TableAction::Status {
            target: "bob".into(),
            status: "Vulnerable".into(),
            stacks: 2,
        })
        .unwrap();
        assert_eq!(who(&s, "bob").stacks("Vulnerable"), 2);
        s.apply(TableAction::EndTurn).unwrap();
        assert_eq!(s.run().current(), s.run().index_of("bob"));
        assert_eq!(
            who(&s, "bob").stacks("Vulnerable"),
            2,
            "not bob's turn end yet"
        );
        s.apply(TableAction::EndTurn).unwrap();
        assert_eq!(who(&s, "bob").stacks("Vulnerable"), 1);
        assert_eq!(s.run().current(), s.run().index_of("goblin_2"));
    }

    #[test]
    fn spending_beats_stops_at_zero_and_the_next_turn_refills_them() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        let full = who(&s, "goblin_1").block.beats;
        for left in (0..full).rev() {
            s.apply(TableAction::SpendBeat).unwrap();
            assert_eq!(who(&s, "goblin_1").beats, left);
        }
        assert_eq!(
            s.apply(TableAction::SpendBeat),
            Err(TableError::NoBeats("goblin_1".into()))
        );
        assert_eq!(last_lines(&s, 1)[0], "goblin_1 spends a Beat (0 left)");
        s.apply(TableAction::EndTurn).unwrap();
        let b = who(&s, "bob");
        assert_eq!(b.beats, b.block.beats);
    }

    #[test]
    fn resources_are_spent_and_gained_but_never_below_zero() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        let focus = |s: &TableSession| who(s, "archer").resources["Focus Point"];
        let change = |change: i32| TableAction::Resource {
            target: "archer".into(),
            resource: "Focus Point".into(),
            change,
        };
        let start = focus(&s);
        s.apply(change(2)).unwrap();
        assert_eq!(focus(&s), start + 2);
        assert_eq!(
            last_lines(&s, 2),
            [
                "The GM gives archer 2 Focus Point".to_owned(),
                format!("archer has {} Focus Point", start + 2),
            ]
        );
        s.apply(change(-(start + 2))).unwrap();
        assert_eq!(focus(&s), 0);
        assert_eq!(
            s.apply(change(-1)),
            Err(TableError::NotEnough(
                "archer".into(),
                "Focus Point".into(),
                0
            ))
        );
        assert_eq!(
            s.apply(TableAction::Resource {
                target: "archer".into(),
                resource: "Mana".into(),
                change: 1,
            }),
            Err(TableError::UnknownResource("archer".into(), "Mana".into()))
        );
    }

    #[test]
    fn vulnerable_adds_to_the_gms_damage() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        let before = who(&s, "alice").health;
        s.apply(TableAction::Status {
            target: "alice".into(),
            status: "Vulnerable".into(),
            stacks: 1,
        })
        .unwrap();
        s.apply(damage("alice", 1, None)).unwrap();
        let per_stack = content.conditions["Vulnerable"].extra_damage_taken_per_stack;
        assert_eq!(who(&s, "alice").health, before - 1 - per_stack);
    }

    #[test]
    fn ending_turns_skips_the_dropped_and_starts_a_new_round() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        s.apply(damage("bob", 999, None)).unwrap();
        s.apply(TableAction::EndTurn).unwrap();
        assert_eq!(s.run().current(), s.run().index_of("goblin_2"));
        for _ in 0..4 {
            s.apply(TableAction::EndTurn).unwrap();
        }
        assert_eq!(s.run().round(), 2);
        assert_eq!(s.run().current(), s.run().index_of("goblin_1"));
        let b = who(&s, "goblin_1");
        assert_eq!(b.beats, b.block.beats, "Beats refill at the turn's start");
    }

    #[test]
    fn the_encounter_ends_when_one_side_is_left_and_refuses_more() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        s.apply(damage("bob", 999, None)).unwrap();
        s.apply(damage("alice", 999, None)).unwrap();
        assert_eq!(
            s.run().outcome().and_then(|o| o.winner.clone()).as_deref(),
            Some("foes")
        );
        assert_eq!(s.apply(TableAction::EndTurn), Err(TableError::Over));
    }

    #[test]
    fn refusals_name_what_is_wrong_and_change_nothing() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        let log = s.run().log().len();
        assert_eq!(
            s.apply(damage("nobody", 1, None)),
            Err(TableError::UnknownCreature("nobody".into()))
        );
        assert_eq!(s.apply(damage("bob", 0, None)), Err(TableError::Nothing));
        let status = |name: &str| TableAction::Status {
            target: "bob".into(),
            status: name.into(),
            stacks: 1,
        };
        assert_eq!(
            s.apply(status("Sleepy")),
            Err(TableError::UnknownStatus("Sleepy".into()))
        );
        assert_eq!(
            s.apply(status("Concentrating")),
            Err(TableError::ConcentrationStatus("Concentrating".into()))
        );
        assert_eq!(s.run().log().len(), log);
        assert!(s.actions().is_empty());
    }

    #[test]
    fn undo_takes_back_the_last_action_exactly() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 7).unwrap();
        s.apply(damage("goblin_1", 2, None)).unwrap();
        let after_one = s.run().state();
        let log_after_one = s.run().log().to_vec();
        s.apply(TableAction::EndTurn).unwrap();
        s.apply(damage("bob", 999, None)).unwrap();
        assert_eq!(s.undo(), Some(damage("bob", 999, None)));
        assert_eq!(s.undo(), Some(TableAction::EndTurn));
        assert_eq!(s.run().state(), after_one);
        assert_eq!(s.run().log(), log_after_one.as_slice());
        s.undo();
        assert_eq!(s.undo(), None);
        assert_eq!(
            s.run().state(),
            TableSession::new(&content, &enc, 7).unwrap().run().state()
        );
    }

    #[test]
    fn the_same_actions_give_the_same_log() {
        let (content, enc) = ambush();
        let play = || {
            let mut s = TableSession::new(&content, &enc, 3).unwrap();
            for action in [
                damage("goblin_1", 2, Some("Fire")),
                TableAction::EndTurn,
                damage("bob", 4, None),
                TableAction::EndTurn,
                TableAction::EndTurn,
            ] {
                s.apply(action).unwrap();
            }
            s.run().log().to_vec()
        };
        assert_eq!(play(), play());
    }
}
