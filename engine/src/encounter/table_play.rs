//! Table mode's play: the game master has the creature whose turn it is use an ability or
//! move, and the engine does it with its own code (`use_ability`, `move_to`), so every rule
//! the scripts and policies follow applies at the table too. A Score the table rolled can be
//! typed instead of the engine's dice: it is taken by that ability's Test (now, or when a
//! Slow Action's Test comes), with the band read from it as the seed reads the dice
//! (criticals included: the kept dice are all 1s or all top faces exactly when the Score is
//! the lowest or highest the dice make).
//!
//! A refused ability or move changes nothing: it is tried on a copy of the run and the
//! engine's own refusal line becomes the reason.

use super::ability::{AbilityDef, AbilityTime};
use super::dice::{MAX_DICE, MAX_SIDES, Roll, band_of};
use super::run::EncounterRun;
use super::space::{Cell, ShapePlacement, cell_words};
use super::state::LogKind;
use super::table::{TableAction, TableError};
use super::words::trigger_words;

/// One ability of the creature whose turn it is, as table mode offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableAbility {
    /// The ability's id.
    pub id: String,
    /// Its name, as the creature has it.
    pub name: String,
    /// Its Ability Time.
    pub time: AbilityTime,
    /// Why it cannot be started now, in plain words (`None`: it can).
    pub problem: Option<String>,
    /// Whether the GM picks creatures as its targets (not itself, not a Shape).
    pub picks_targets: bool,
    /// Whether it has a Shape (its origin is a cell).
    pub shape: bool,
    /// The most targets it takes.
    pub max_targets: usize,
    /// The Scores its Test can have (lowest, highest); `None`: it has no Test.
    pub score_range: Option<(i32, i32)>,
    /// Every creature with why it is not a valid target now (`None`: it is valid).
    pub targets: Vec<(String, Option<String>)>,
}

impl EncounterRun {
    /// The abilities of the creature whose turn it is, each with why it cannot start now
    /// (Ability Time, Beats, Prepared) and its targets' validity. A Free Action has no limit at
    /// the table (the rules set none; only the simulation's policies use each once a turn).
    /// Passives, Reactions, Montages and Episodic abilities are listed with their reason too.
    #[must_use]
    pub fn table_abilities(&self) -> Vec<TableAbility> {
        let Some(me) = self.current() else {
            return Vec::new();
        };
        self.combatants[me]
            .ability_ids()
            .into_iter()
            .filter_map(|id| self.ability_for(me, id))
            .map(|(def, _)| {
                let problem = self.start_time_problem(me, &def);
                let picks_targets = Self::needs_targets(&def) && def.target.shape.is_none();
                let targets = if picks_targets {
                    (0..self.combatants.len())
                        .map(|t| {
                            let why = self.target_problem(me, &def, t).map(str::to_owned);
                            (self.combatants[t].id.clone(), why)
                        })
                        .collect()
                } else {
                    Vec::new()
                };
                TableAbility {
                    id: def.id.clone(),
                    name: def.name.clone(),
                    time: def.time,
                    problem,
                    picks_targets,
                    shape: def.target.shape.is_some(),
                    max_targets: def.target.count.max(1) as usize,
                    score_range: self.score_range(me, &def),
                    targets,
                }
            })
            .collect()
    }

    /// Why `me` cannot start `def` now whatever its targets (`None`: it may try).
    fn start_time_problem(&self, me: usize, def: &AbilityDef) -> Option<String> {
        let c = &self.combatants[me];
        let why = match def.time {
            AbilityTime::Action | AbilityTime::SlowAction if c.beats_for(&def.id) == 0 => {
                "no Beats left"
            }
            AbilityTime::Action | AbilityTime::SlowAction | AbilityTime::FreeAction => {
                if def.prepared_only && !c.prepared.iter().any(|p| p.ability == def.id) {
                    "it is not Prepared"
                } else {
                    return None;
                }
            }
            AbilityTime::Reaction | AbilityTime::FreeReaction => {
                // Not greyed out for nothing: the GM is offered it when its trigger comes.
                let when: Vec<String> = def.triggers.iter().map(trigger_words).collect();
                let when = if when.is_empty() {
                    "never: it has no Reaction Trigger".to_owned()
                } else {
                    when.join(" or ")
                };
                return Some(format!("a Reaction is not started: the GM is asked {when}"));
            }
            AbilityTime::Passive => "a Passive is always in effect",
            AbilityTime::Montage => "Montages cannot be used in an encounter",
            AbilityTime::Episodic => "Episodic abilities are not used in an encounter",
        };
        Some(why.to_owned())
    }

    /// The Scores `who`'s Test of `def` can have: the kept dice's lowest and highest sums plus
    /// its modifier.
    pub(super) fn score_range(&self, who: usize, def: &AbilityDef) -> Option<(i32, i32)> {
        let test = def.test.as_ref()?;
        let modifier = self.combatants[who].block.stat(&test.modifier);
        let keep = self.rule.dice.clamp(1, MAX_DICE) as i32;
        let sides = self.rule.sides.clamp(2, MAX_SIDES) as i32;
        Some((
            keep.saturating_add(modifier),
            (keep * sides).saturating_add(modifier),
        ))
    }

    /// Refuses a Score the table typed for `who`'s Test of `def` that its dice cannot make (or
    /// for an ability with no Test).
    pub(super) fn check_score(
        &self,
        who: usize,
        def: &AbilityDef,
        score: i32,
    ) -> Result<(), TableError> {
        let (low, high) = self
            .score_range(who, def)
            .ok_or_else(|| TableError::NoTest(def.name.clone()))?;
        if (low..=high).contains(&score) {
            return Ok(());
        }
        let test = def.test.as_ref().map_or("", |t| t.modifier.as_str());
        Err(TableError::ImpossibleScore {
            score,
            dice: self.rule.dice.clamp(1, MAX_DICE),
            sides: self.rule.sides.clamp(2, MAX_SIDES),
            modifier: self.combatants[who].block.stat(test),
            low,
            high,
        })
    }

    /// The creature whose turn it is starts `ability` (through `use_ability`), the typed
    /// Score, if any, waiting for its Test.
    pub(super) fn table_use(
        &mut self,
        action: &TableAction,
        ability: &str,
        targets: &[String],
        shape: Option<ShapePlacement>,
        score: Option<i32>,
    ) -> Result<(), TableError> {
        let me = self.current().ok_or(TableError::Over)?;
        let mut picked = Vec::with_capacity(targets.len());
        for t in targets {
            picked.push(
                self.index_of(t)
                    .ok_or_else(|| TableError::UnknownCreature(t.clone()))?,
            );
        }
        let def = self.ability_for(me, ability).map(|(d, _)| d);
        if let Some(def) = &def {
            if let Some(why) = self.start_time_problem(me, def) {
                let uid = &self.combatants[me].id;
                return Err(TableError::Refused(format!(
                    "{uid} cannot use {}: {why}",
                    def.name
                )));
            }
            if let Some(score) = score {
                self.check_score(me, def, score)?;
            }
        }
        // The log names the ability as the creature has it, not by its id.
        let text = match &def {
            Some(d) => action.describe().replacen(ability, &d.name, 1),
            None => action.describe(),
        };
        self.try_on_copy(text, |run| {
            if let Some(score) = score {
                run.typed_scores.push((me, ability.to_owned(), score));
            }
            let ok = run.use_ability(me, ability, &picked, shape, None);
            if ok && run.end_turn_requested {
                run.end_turn();
            }
            ok
        })
    }

    /// The creature whose turn it is moves to `to` (through `move_to`: a Beat, its speed,
    /// walls, Climber, occupied cells).
    pub(super) fn table_move(&mut self, to: Cell) -> Result<(), TableError> {
        let me = self.current().ok_or(TableError::Over)?;
        let text = format!(
            "The GM moves {} to {}",
            self.combatants[me].id,
            cell_words(to)
        );
        self.try_on_copy(text, |run| run.move_to(me, to))
    }

    /// Logs the GM's action and plays it on a copy of the run, which replaces the run only when
    /// the engine accepted it; otherwise the engine's refusal line is the reason.
    fn try_on_copy(
        &mut self,
        text: String,
        play: impl FnOnce(&mut Self) -> bool,
    ) -> Result<(), TableError> {
        let mut next = self.clone();
        let actor = self.current();
        let at = next.push(LogKind::Table, actor, text, None);
        if !play(&mut next) {
            let why = next.log[at + 1..]
                .iter()
                .rev()
                .find(|e| e.kind == LogKind::Refused)
                .map_or_else(|| "the engine refused it".to_owned(), |e| e.text.clone());
            return Err(TableError::Refused(why));
        }
        next.forget_typed_scores();
        next.check_concentration_components();
        next.check_over();
        next.pass_dropped_turn();
        *self = next;
        Ok(())
    }

    /// A creature that dropped on its own turn (its waiting Slow Action caught it, a Reaction
    /// answered its move) can do nothing more: its turn passes to the next standing creature,
    /// as it would have if it had dropped before its turn began.
    pub(super) fn pass_dropped_turn(&mut self) {
        // Each pass drops one more creature or ends the encounter, so this ends.
        for _ in 0..=self.combatants.len() {
            let Some(now) = self.current() else { return };
            if self.outcome.is_some() || self.combatants[now].standing() {
                return;
            }
            let id = self.combatants[now].id.clone();
            self.push(
                LogKind::Note,
                Some(now),
                format!("{id} has dropped on its own turn: the turn passes"),
                None,
            );
            self.end_turn();
            self.forget_typed_scores();
            self.check_concentration_components();
            self.check_over();
        }
    }

    /// The roll of `user`'s Test of `ability`: the Score the table rolled when the GM typed one
    /// (its kept dice spread as evenly as the Score allows, no generator roll), else the dice.
    pub(super) fn test_roll(
        &mut self,
        user: usize,
        ability: &str,
        modifier: i32,
        (advantages, disadvantages): (u32, u32),
        notes: &mut Vec<String>,
    ) -> Roll {
        let typed = self
            .typed_scores
            .iter()
            .position(|(u, a, _)| *u == user && a == ability);
        let Some(at) = typed else {
            return self
                .dice
                .roll(&self.rule, modifier, advantages, disadvantages);
        };
        let (_, _, score) = self.typed_scores.remove(at);
        let keep = self.rule.dice.clamp(1, MAX_DICE);
        let sides = self.rule.sides.clamp(2, MAX_SIDES);
        let sum = score
            .saturating_sub(modifier)
            .clamp(keep as i32, (keep * sides) as i32) as u32;
        let kept: Vec<u32> = (0..keep)
            .map(|i| sum / keep + u32::from(i < sum % keep))
            .rev()
            .collect();
        let total = (sum as i32).saturating_add(modifier);
        notes.push("the table's Score, typed by the GM".to_owned());
        Roll {
            dice: kept.clone(),
            band: band_of(&self.rule, &kept, total),
            kept,
            modifier,
            total,
            net_advantage: i64::from(advantages)
                .saturating_sub(i64::from(disadvantages))
                .clamp(-8, 8) as i32,
        }
    }

    /// Drops typed Scores no Test will take: their ability is neither resolving nor waiting.
    pub(super) fn forget_typed_scores(&mut self) {
        let combatants = &self.combatants;
        self.typed_scores
            .retain(|(u, a, _)| combatants[*u].pending.iter().any(|p| &p.ability == a));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encounter::table::TableSession;

    use crate::encounter::fixtures::goblin_ambush as ambush;

    fn who<'a>(s: &'a TableSession, id: &str) -> &'a crate::encounter::state::Combatant {
        s.run().combatant(id).unwrap()
    }

    /// Ends turns until it is `id`'s.
    fn to_turn_of(s: &mut TableSession, id: &str) {
        while s.run().current() != s.run().index_of(id) {
            s.apply(TableAction::EndTurn).unwrap();
        }
    }

    fn blast(target: &str, score: Option<i32>) -> TableAction {
        TableAction::UseAbility {
            ability: "elemental_blast".into(),
            targets: vec![target.into()],
            shape: None,
            score,
        }
    }

    fn texts(s: &TableSession) -> Vec<String> {
        s.run().log().iter().map(|e| e.text.clone()).collect()
    }

    /// Seed 004's bands read from the table's Score: alice's Elemental Blast is 2d6 + 3 (Mage),
    /// so 12 is High (5, Fiery Bolt: Fire), 5 is the lowest (both dice 1: Critical Failure, which
    /// deals the Low damage as this ability has no Critical Failure outcome) and
    /// 15 the highest (both 6: Critical Success, 7).
    #[test]
    fn a_typed_score_is_the_tests_score_with_its_band_and_criticals() {
        let (content, enc) = ambush();
        for (score, band, damage) in [
            (12, "High", 5),
            (6, "Low", 1),
            (5, "Critical Failure", 1),
            (15, "Critical Success", 7),
        ] {
            let mut s = TableSession::new(&content, &enc, 0).unwrap();
            to_turn_of(&mut s, "alice");
            let before = who(&s, "skeleton").health;
            let beats = who(&s, "alice").beats;
            s.apply(blast("skeleton", Some(score))).unwrap();
            let log = texts(&s).join("\n");
            assert!(
                log.contains(&format!(
                    "= {score} → {band} Score; the table's Score, typed by the GM"
                )),
                "{log}"
            );
            assert_eq!(who(&s, "skeleton").health, before - damage, "{log}");
            assert_eq!(who(&s, "alice").beats, beats - 1);
            if damage > 0 {
                assert!(
                    log.contains(&format!("skeleton takes {damage} Fire damage")),
                    "{log}"
                );
            }
        }
    }

    #[test]
    fn the_engine_rolls_with_the_runs_seed_when_no_score_is_typed() {
        let (content, enc) = ambush();
        let play = |seed| {
            let mut s = TableSession::new(&content, &enc, seed).unwrap();
            to_turn_of(&mut s, "alice");
            s.apply(blast("skeleton", None)).unwrap();
            texts(&s)
        };
        let log = play(4);
        assert_eq!(log, play(4));
        assert!(
            log.iter()
                .any(|l| l.starts_with("alice tests Elemental Blast with Mage +3: rolled"))
        );
        assert!(!log.iter().any(|l| l.contains("typed by the GM")));
    }

    #[test]
    fn a_refused_ability_says_why_and_changes_nothing() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        to_turn_of(&mut s, "alice");
        let state = s.run().state();
        let log = s.run().log().len();
        let refused = |s: &mut TableSession, a: TableAction| s.apply(a).unwrap_err().to_string();
        assert_eq!(
            refused(&mut s, blast("goblin_1", None)),
            "alice cannot start Elemental Blast: goblin_1 is not a valid target: it is out of sight"
        );
        let two = TableAction::UseAbility {
            ability: "elemental_blast".into(),
            targets: vec!["skeleton".into(), "archer".into()],
            shape: None,
            score: None,
        };
        assert_eq!(
            refused(&mut s, two),
            "alice cannot start Elemental Blast: it takes at most 1 target(s); 2 were chosen"
        );
        assert_eq!(
            refused(&mut s, blast("skeleton", Some(16))),
            "a Score of 16 cannot come from 2d6 +3 (5 to 15)"
        );
        let heal = TableAction::UseAbility {
            ability: "healing_word".into(),
            targets: vec!["bob".into()],
            shape: None,
            score: Some(9),
        };
        assert_eq!(
            s.apply(heal),
            Err(TableError::NoTest("Healing Word".into()))
        );
        let delay = TableAction::UseAbility {
            ability: "delay".into(),
            targets: vec![],
            shape: None,
            score: None,
        };
        assert_eq!(
            refused(&mut s, delay),
            "alice cannot use Delay: a Reaction is not started: the GM is asked when an enemy starts an ability"
        );
        assert_eq!(
            s.apply(blast("nobody", None)),
            Err(TableError::UnknownCreature("nobody".into()))
        );
        assert_eq!(s.run().state(), state);
        assert_eq!(s.run().log().len(), log);
        assert_eq!(s.actions().len(), 3, "only the three End turns");
    }

    #[test]
    fn the_offered_abilities_say_why_one_cannot_start_and_which_targets_are_valid() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        to_turn_of(&mut s, "alice");
        let list = s.run().table_abilities();
        let of = |id: &str| list.iter().find(|a| a.id == id).unwrap().clone();
        let blast = of("elemental_blast");
        assert_eq!(blast.problem, None);
        assert_eq!(blast.max_targets, 1);
        assert_eq!(blast.score_range, Some((5, 15)));
        let valid: Vec<&str> = (blast.targets.iter())
            .filter(|(_, why)| why.is_none())
            .map(|(id, _)| id.as_str())
            .collect();
        assert_eq!(valid, ["skeleton"]);
        assert_eq!(of("healing_word").score_range, None);
        assert!(of("fireball").shape && !of("fireball").picks_targets);
        assert_eq!(
            of("forage").problem.as_deref(),
            Some("Montages cannot be used in an encounter")
        );
        s.apply(TableAction::SpendBeat).unwrap();
        s.apply(TableAction::SpendBeat).unwrap();
        assert_eq!(
            s.run().table_abilities()[0].problem.as_deref(),
            Some("no Beats left")
        );
    }

    /// Seed 004, 1.8: a Slow Action "takes effect at the start of your next turn"; the Score
    /// the GM typed when it started is its Test then.
    #[test]
    fn a_slow_action_waits_and_takes_the_typed_score_at_its_test() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        to_turn_of(&mut s, "alice");
        let before = who(&s, "skeleton").health;
        s.apply(TableAction::UseAbility {
            ability: "fireball".into(),
            targets: vec![],
            shape: Some(ShapePlacement {
                origin: (8, 8),
                toward: None,
                include_origin: false,
            }),
            score: Some(14),
        })
        .unwrap();
        assert_eq!(who(&s, "skeleton").health, before, "it waits");
        assert!(texts(&s).iter().any(|l| l.starts_with("Fireball waits")));
        s.apply(TableAction::EndTurn).unwrap();
        to_turn_of(&mut s, "alice");
        let log = texts(&s).join("\n");
        assert!(
            log.contains("= 14 → High Score; the table's Score, typed by the GM"),
            "{log}"
        );
        assert!(who(&s, "skeleton").health < before, "{log}");
        assert!(s.run().typed_scores.is_empty());
    }

    #[test]
    fn undo_across_a_used_ability_replays_the_typed_score() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 2).unwrap();
        to_turn_of(&mut s, "alice");
        s.apply(blast("skeleton", Some(11))).unwrap();
        let after = (s.run().state(), texts(&s));
        s.apply(blast("skeleton", None)).unwrap();
        s.undo().unwrap();
        assert_eq!((s.run().state(), texts(&s)), after);
    }

    /// Seed 004: a move is a Beat, up to the creature's speed; walls and occupied cells stop it.
    #[test]
    fn the_acting_creature_moves_by_the_engines_rules_and_refusals_say_why() {
        let (content, enc) = ambush();
        let mut s = TableSession::new(&content, &enc, 0).unwrap();
        let mv = |to| TableAction::Move { to };
        let refused = |s: &mut TableSession, to| s.apply(mv(to)).unwrap_err().to_string();
        assert_eq!(
            refused(&mut s, (6, 4)),
            "goblin_1 cannot move: x 6, y 4 is off the map or blocked"
        );
        assert_eq!(
            refused(&mut s, (9, 5)),
            "goblin_1 cannot move: x 9, y 5 is occupied"
        );
        assert_eq!(
            refused(&mut s, (9, 9)),
            "goblin_1 cannot move: x 9, y 9 is beyond its speed of 4u"
        );
        assert_eq!(
            refused(&mut s, (5, 4)),
            "goblin_1 cannot move: a wall stands between x 9, y 3 and x 5, y 4"
        );
        assert!(s.actions().is_empty());
        s.apply(mv((8, 2))).unwrap();
        assert_eq!(who(&s, "goblin_1").position, (8, 2));
        assert_eq!(who(&s, "goblin_1").beats, 1);
        assert!(
            texts(&s)
                .iter()
                .any(|l| l == "goblin_1 spends a Beat and moves from x 9, y 3 to x 8, y 2")
        );
        s.apply(mv((7, 2))).unwrap();
        assert_eq!(
            refused(&mut s, (7, 1)),
            "goblin_1 cannot move: no Beats left"
        );
        s.undo().unwrap();
        assert_eq!(who(&s, "goblin_1").position, (8, 2));
    }
}
