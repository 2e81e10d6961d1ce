//! The game master's table actions that are not a creature's play: initiative (roll, reorder,
//! delay), putting a creature on a cell, and hiding creatures and cells from the players.
//!
//! Readings where the seed is silent (seed 004 takes the turn order as given and has no
//! initiative roll, no Delay of a turn and no Ready action; docs/rules/encounters.md):
//! - **Initiative** is rolled with the encounter's Test dice (2d6 by default), no modifier, one
//!   roll per creature from the seeded dice; highest first, a tie keeps the order it had. It is
//!   refused once a turn has ended: later, the GM reorders by hand.
//! - **Reorder** keeps the acting creature's turn: a creature moved ahead of it waits for the
//!   next round, one moved behind it acts this round.
//! - **Delay** moves the acting creature, before it has spent a Beat, right after a later
//!   creature; its turn has not been taken (no turn-end effects) and goes on when its new
//!   place comes, with the Beats it had: its start (status damage, Beats lost, pending Tests)
//!   is not done twice.
//! - **Ready** is not modelled: the seed's Reactions (with their Triggers) and Prepared
//!   abilities are how a creature keeps an answer for later.
//! - **Hiding** changes nothing for the rules (a hidden creature still acts, is targeted and
//!   blocks its cell): it only keeps the creature or the cells out of the player window.

use super::run::EncounterRun;
use super::space::{Cell, cell_words};
use super::state::LogKind;
use super::table::{TableAction, TableError};

impl EncounterRun {
    /// Applies one of the GM's order, placement or hiding actions (see the module's readings).
    pub(super) fn table_gm(&mut self, action: &TableAction) -> Result<(), TableError> {
        match action {
            TableAction::RollInitiative => self.roll_initiative(action),
            TableAction::Reorder { creature, to } => self.reorder(action, creature, *to),
            TableAction::Delay { after } => self.delay(action, after),
            TableAction::Reposition { target, to } => self.reposition(action, target, *to),
            TableAction::Hide { creature, hidden } => {
                let i = self.find(creature)?;
                let id = self.combatants[i].id.clone();
                if self.hidden.contains(&id) == *hidden {
                    return Err(TableError::Nothing);
                }
                self.push(LogKind::Table, Some(i), action.describe(), None);
                if *hidden {
                    self.hidden.push(id);
                } else {
                    self.hidden.retain(|h| *h != id);
                }
                Ok(())
            }
            TableAction::HideCells { cells, hidden } => {
                let changed: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|c| self.map.contains(*c) && self.hidden_cells.contains(c) != *hidden)
                    .collect();
                if changed.is_empty() {
                    return Err(TableError::Nothing);
                }
                self.push(LogKind::Table, None, action.describe(), None);
                if *hidden {
                    self.hidden_cells.extend(changed);
                    self.hidden_cells.sort_unstable();
                    self.hidden_cells.dedup();
                } else {
                    self.hidden_cells.retain(|c| !changed.contains(c));
                }
                Ok(())
            }
            _ => Err(TableError::Refused(format!(
                "{} is not an order, placement or hiding action",
                action.describe()
            ))),
        }
    }

    /// Whether the GM hides this creature from the players.
    #[must_use]
    pub fn is_hidden(&self, id: &str) -> bool {
        self.hidden.iter().any(|h| h == id)
    }

    /// The cells the GM hides from the players, sorted.
    #[must_use]
    pub fn hidden_cells(&self) -> &[Cell] {
        &self.hidden_cells
    }

    fn find(&self, id: &str) -> Result<usize, TableError> {
        self.index_of(id)
            .ok_or_else(|| TableError::UnknownCreature(id.to_owned()))
    }

    /// Each creature rolls the Test dice; the order becomes highest first (stable on ties). In
    /// the first turn, the new first creature takes the turn (everyone starts with full Beats).
    fn roll_initiative(&mut self, action: &TableAction) -> Result<(), TableError> {
        if self.log.iter().any(|e| e.kind == LogKind::TurnEnd) {
            return Err(TableError::Refused(
                "initiative is rolled before the first turn ends; reorder the turn order instead"
                    .to_owned(),
            ));
        }
        let at = self.push(LogKind::Table, None, action.describe(), None);
        let rule = self.rule;
        let mut rolled: Vec<(usize, i32)> = Vec::with_capacity(self.order.len());
        for &i in &self.order.clone() {
            let roll = self.dice.roll(&rule, 0, 0, 0);
            let dice: Vec<String> = roll.dice.iter().map(u32::to_string).collect();
            let text = format!(
                "{} rolls {} for initiative ({})",
                self.combatants[i].id,
                roll.total,
                dice.join(" + ")
            );
            self.push(LogKind::Note, Some(i), text, Some(at));
            rolled.push((i, roll.total));
        }
        // Stable: a tie keeps the order it had.
        rolled.sort_by_key(|r| std::cmp::Reverse(r.1));
        let before = self.current();
        self.order = rolled.into_iter().map(|(i, _)| i).collect();
        self.turn_index = 0;
        let names: Vec<String> = (self.order.iter())
            .map(|&i| self.combatants[i].id.clone())
            .collect();
        let text = format!("The turn order is {}", names.join(", "));
        self.push(LogKind::Note, None, text, Some(at));
        if self.current() != before {
            self.begin_turn(Some(at));
        }
        Ok(())
    }

    fn reorder(&mut self, action: &TableAction, id: &str, to: usize) -> Result<(), TableError> {
        let i = self.find(id)?;
        let Some(from) = self.order.iter().position(|&o| o == i) else {
            return Err(TableError::UnknownCreature(id.to_owned()));
        };
        let to = to.min(self.order.len() - 1);
        if from == to {
            return Err(TableError::Nothing);
        }
        let acting = self.current();
        self.push(LogKind::Table, Some(i), action.describe(), None);
        let moved = self.order.remove(from);
        self.order.insert(to, moved);
        if let Some(a) = acting {
            self.turn_index = self.order.iter().position(|&o| o == a).unwrap_or(0);
        }
        Ok(())
    }

    fn delay(&mut self, action: &TableAction, after: &str) -> Result<(), TableError> {
        let me = self.current().ok_or(TableError::Over)?;
        let other = self.find(after)?;
        let later = self.order.iter().position(|&o| o == other);
        if later.is_none_or(|p| p <= self.turn_index) {
            return Err(TableError::Refused(format!(
                "{} can delay only until after a creature later in this round's order",
                self.combatants[me].id
            )));
        }
        if self.combatants[me].beats < self.beats_at_turn_start {
            return Err(TableError::Refused(format!(
                "{} has acted this turn (a Beat is spent): a turn is delayed before acting",
                self.combatants[me].id
            )));
        }
        let at = self.push(LogKind::Table, Some(me), action.describe(), None);
        let moved = self.order.remove(self.turn_index);
        let place = self.order.iter().position(|&o| o == other).unwrap_or(0) + 1;
        self.order.insert(place, moved);
        let text = format!(
            "{} delays its turn until after {}",
            self.combatants[me].id, self.combatants[other].id
        );
        self.push(LogKind::Note, Some(me), text, Some(at));
        // The creature now in its place takes the turn; a dropped one is passed over (the
        // delaying creature, later in the order, stands, so one is found this round).
        while self
            .current()
            .is_some_and(|i| !self.combatants[i].standing())
        {
            self.turn_index += 1;
        }
        self.forget_typed_scores();
        self.delayed.push(me);
        self.begin_turn(Some(at));
        Ok(())
    }

    fn reposition(&mut self, action: &TableAction, id: &str, to: Cell) -> Result<(), TableError> {
        let i = self.find(id)?;
        if !self.combatants[i].standing() {
            return Err(TableError::Dropped(id.to_owned()));
        }
        if !self.map.contains(to) || self.map.blocks(to) {
            return Err(TableError::Refused(format!(
                "{id} cannot be put on {}: it is off the map or blocked",
                cell_words(to)
            )));
        }
        if let Some(o) = (self.combatants.iter()).find(|c| c.standing() && c.position == to) {
            return Err(TableError::Refused(format!(
                "{id} cannot be put on {}: {} stands there",
                cell_words(to),
                o.id
            )));
        }
        if self.combatants[i].position == to {
            return Err(TableError::Nothing);
        }
        self.push(LogKind::Table, Some(i), action.describe(), None);
        let c = &mut self.combatants[i];
        c.position = to;
        // Moving ends cover, as a Move does.
        c.in_cover = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::encounter::TableSession;
    use crate::encounter::fixtures::goblin_ambush as ambush;
    use crate::encounter::table::{TableAction, TableError};

    fn order(s: &TableSession) -> Vec<String> {
        let run = s.run();
        (run.order.iter())
            .map(|&i| run.combatants[i].id.clone())
            .collect()
    }

    fn acting(s: &TableSession) -> String {
        let run = s.run();
        run.combatants[run.current().unwrap()].id.clone()
    }

    fn reorder(creature: &str, to: usize) -> TableAction {
        TableAction::Reorder {
            creature: creature.to_owned(),
            to,
        }
    }

    #[test]
    fn initiative_is_seeded_sorts_highest_first_and_undo_replays_it() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 7).unwrap();
        s.apply(TableAction::RollInitiative).unwrap();
        let rolled: Vec<i32> = (s.run().log().iter())
            .filter(|e| e.text.contains(" for initiative ("))
            .filter_map(|e| e.text.split(" rolls ").nth(1))
            .map(|t| t.split(' ').next().unwrap().parse().unwrap())
            .collect();
        assert_eq!(rolled.len(), 6);
        // The log's rolls, in the old order, give the new order highest first.
        let old = ["goblin_1", "bob", "goblin_2", "alice", "archer", "skeleton"];
        let mut expect: Vec<(&str, i32)> = old.iter().copied().zip(rolled).collect();
        expect.sort_by_key(|e| std::cmp::Reverse(e.1));
        let expect: Vec<String> = expect.iter().map(|(id, _)| (*id).to_owned()).collect();
        assert_eq!(order(&s), expect);
        assert_eq!(
            acting(&s),
            expect[0],
            "the new first creature takes the turn"
        );
        let mut again = TableSession::new(&content, &enc, 7).unwrap();
        again.apply(TableAction::RollInitiative).unwrap();
        assert_eq!(order(&again), expect, "same seed, same order");
        s.undo().unwrap();
        assert_eq!(order(&s), old);
        s.apply(TableAction::EndTurn).unwrap();
        assert!(matches!(
            s.apply(TableAction::RollInitiative),
            Err(TableError::Refused(_))
        ));
    }

    #[test]
    fn reordering_keeps_the_acting_creature_and_changes_who_is_next() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        // alice from 4th to 2nd: she is next after goblin_1.
        s.apply(reorder("alice", 1)).unwrap();
        assert_eq!(acting(&s), "goblin_1");
        s.apply(TableAction::EndTurn).unwrap();
        assert_eq!(acting(&s), "alice");
        // goblin_1 (acted) moved behind alice: the acting creature keeps its turn.
        s.apply(reorder("goblin_1", 5)).unwrap();
        assert_eq!(acting(&s), "alice");
        assert_eq!(
            order(&s),
            ["alice", "bob", "goblin_2", "archer", "skeleton", "goblin_1"]
        );
        assert_eq!(s.apply(reorder("bob", 1)), Err(TableError::Nothing));
    }

    #[test]
    fn a_delaying_creature_acts_after_the_one_it_picked() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        let refused = s.apply(TableAction::Delay {
            after: "goblin_1".to_owned(),
        });
        assert!(
            matches!(refused, Err(TableError::Refused(_))),
            "{refused:?}"
        );
        s.apply(TableAction::Delay {
            after: "goblin_2".to_owned(),
        })
        .unwrap();
        assert_eq!(acting(&s), "bob");
        assert_eq!(order(&s)[..3], ["bob", "goblin_2", "goblin_1"]);
        s.apply(TableAction::EndTurn).unwrap();
        s.apply(TableAction::EndTurn).unwrap();
        assert_eq!(acting(&s), "goblin_1");
        assert_eq!(s.run().round(), 1);
    }

    #[test]
    fn a_delayed_turn_goes_on_without_its_start_again() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        // Burning deals its damage when a turn starts: the delayed turn must not start again.
        s.apply(TableAction::Status {
            target: "goblin_1".to_owned(),
            status: "Burning".to_owned(),
            stacks: 1,
        })
        .unwrap();
        let before = s.run().combatant("goblin_1").unwrap().clone();
        s.apply(TableAction::Delay {
            after: "goblin_2".to_owned(),
        })
        .unwrap();
        s.apply(TableAction::EndTurn).unwrap();
        s.apply(TableAction::EndTurn).unwrap();
        assert_eq!(acting(&s), "goblin_1");
        let now = s.run().combatant("goblin_1").unwrap();
        assert_eq!((now.health, now.beats), (before.health, before.beats));
        let last = s.run().log().last().unwrap().text.clone();
        assert_eq!(last, "goblin_1's delayed turn goes on with 2 Beats");
        // Once it has spent a Beat, it can no longer delay.
        s.apply(TableAction::SpendBeat).unwrap();
        let refused = s.apply(TableAction::Delay {
            after: "alice".to_owned(),
        });
        assert!(
            matches!(&refused, Err(TableError::Refused(why)) if why.contains("has acted")),
            "{refused:?}"
        );
    }

    #[test]
    fn the_gm_puts_any_creature_on_a_free_cell() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        let put = |to| TableAction::Reposition {
            target: "goblin_2".to_owned(),
            to,
        };
        s.apply(put((9, 6))).unwrap();
        assert_eq!(s.run().combatant("goblin_2").unwrap().position, (9, 6));
        assert_eq!(s.run().combatant("goblin_1").unwrap().beats, 2, "no Beat");
        assert!(matches!(s.apply(put((9, 3))), Err(TableError::Refused(_))));
        assert!(matches!(s.apply(put((99, 3))), Err(TableError::Refused(_))));
    }

    #[test]
    fn hiding_is_recorded_undone_and_started_from_the_file() {
        let (content, mut enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        s.apply(TableAction::Hide {
            creature: "archer".to_owned(),
            hidden: true,
        })
        .unwrap();
        s.apply(TableAction::HideCells {
            cells: vec![(1, 1), (2, 1)],
            hidden: true,
        })
        .unwrap();
        assert!(s.run().is_hidden("archer"));
        assert_eq!(s.run().hidden_cells(), [(1, 1), (2, 1)]);
        s.undo().unwrap();
        assert!(s.run().hidden_cells().is_empty());
        s.apply(TableAction::Hide {
            creature: "archer".to_owned(),
            hidden: false,
        })
        .unwrap();
        assert!(!s.run().is_hidden("archer"));
        enc.combatants[4].hidden = true;
        let s = TableSession::new(&content, &enc, 0).unwrap();
        assert!(s.run().is_hidden("archer"));
    }

    #[test]
    fn a_saved_table_log_replays_initiative_placement_and_hiding() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 3).unwrap();
        for action in [
            TableAction::RollInitiative,
            reorder("skeleton", 0),
            TableAction::Reposition {
                target: "archer".to_owned(),
                to: (12, 7),
            },
            TableAction::Hide {
                creature: "archer".to_owned(),
                hidden: true,
            },
            TableAction::HideCells {
                cells: vec![(0, 0)],
                hidden: true,
            },
        ] {
            s.apply(action).unwrap();
        }
        let log = s.to_log(|e| e.text.clone()).unwrap();
        let text = crate::encounter::table_log_text(&log).unwrap();
        let (back, _) =
            TableSession::resume(&content, &enc, &text, std::path::Path::new("log.ron")).unwrap();
        assert_eq!(back.actions(), s.actions());
        assert_eq!(back.run().state(), s.run().state());
        assert_eq!(order(&back), order(&s));
        assert!(back.run().is_hidden("archer"));
        assert_eq!(back.run().hidden_cells(), [(0, 0)]);
    }
}
