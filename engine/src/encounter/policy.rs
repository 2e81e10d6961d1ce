//! The policies that play the creatures for `play_out` and the difficulty estimate, and the
//! simulation of one table over many seeds (`difficulty` puts the tables together).
//!
//! Naive policy, each decision: with no Beats left, end the turn. Otherwise pick the usable Action,
//! Slow Action or (once a turn) Free Action with the highest expected value: expected healing on
//! the most hurt ally at or below half health, else expected damage on the nearest valid enemy
//! (for a Shape: expected damage × (enemies − allies) caught); a Slow Action counts 0.8 of its
//! value, a Strained or Exhausted Test with stacks already on it counts half. If nothing is
//! worth using, move toward the nearest enemy; if that is impossible, end the turn.

use std::collections::BTreeMap;

use serde::Serialize;

use super::ability::{AbilityDef, AbilityTime, Effect, ShapeKind, TestStatus};
use super::dice::{NO_TEST_CHANCES, OddsCache};
use super::file::{Encounter, EncounterContent};
use super::run::{EncounterError, EncounterRun, Policy, Table};
use super::space::{Cell, ShapePlacement, affected_cells, distance, origin_allowed};

/// A decision of the policy.
type Choice = (String, Vec<usize>, Option<ShapePlacement>, f64);

impl EncounterRun {
    /// The policy that plays combatant `who`.
    pub(super) fn policy_of(&self, who: usize) -> Policy {
        if self.combatants[who].side == self.encounter.heroes {
            self.table.heroes
        } else {
            self.table.others
        }
    }

    /// One policy decision for the creature whose turn it is.
    pub(super) fn policy_step(&mut self) {
        let Some(me) = self.current() else {
            self.finish(None, "no one can act".to_owned());
            return;
        };
        // Dropped during its own turn (a Reaction to its attack struck it down): it can do
        // nothing more, so its turn passes, as at the table.
        if !self.combatants[me].standing() {
            self.end_turn();
            return;
        }
        if self.policy_of(me) == Policy::Careful {
            self.careful_step(me);
            return;
        }
        let c = &self.combatants[me];
        if (c.beats == 0 && c.bound_beats == 0) || self.actions_this_turn >= 8 {
            self.end_turn();
            return;
        }
        if let Some((id, targets, shape, _)) = self.best_choice(me) {
            if def_time(self, &id) == Some(AbilityTime::FreeAction) {
                self.free_used.push(id.clone());
            }
            self.use_ability(me, &id, &targets, shape, None);
            if self.end_turn_requested {
                self.end_turn();
            }
            return;
        }
        self.actions_this_turn += 1;
        if let Some(enemy) = self.nearest_enemy(me) {
            let goal = self.combatants[enemy].position;
            if distance(self.combatants[me].position, goal) > 1
                && let Some(cell) = self.step_toward(me, goal)
                && self.move_to(me, cell)
            {
                return;
            }
        }
        self.end_turn();
    }

    pub(super) fn nearest_enemy(&self, me: usize) -> Option<usize> {
        let pos = self.combatants[me].position;
        (0..self.combatants.len())
            .filter(|i| {
                let c = &self.combatants[*i];
                c.standing() && c.side != self.combatants[me].side
            })
            .min_by_key(|i| (distance(pos, self.combatants[*i].position), *i))
    }

    pub(super) fn step_toward(&self, me: usize, goal: Cell) -> Option<Cell> {
        let from = self.combatants[me].position;
        let mut best: Option<(i32, i32, Cell)> = None;
        for cell in self.reachable_cells(me) {
            let d = distance(cell, goal);
            let e = (cell.0 - goal.0).pow(2) + (cell.1 - goal.1).pow(2);
            if best.is_none_or(|(bd, be, _)| (d, e) < (bd, be)) {
                best = Some((d, e, cell));
            }
        }
        best.filter(|(d, _, _)| *d < distance(from, goal))
            .map(|(_, _, c)| c)
    }

    /// The cells `me` can move to with one Move, row by row (each passes `move_problem`).
    pub(super) fn reachable_cells(&self, me: usize) -> Vec<Cell> {
        let from = self.combatants[me].position;
        // Bounded so a huge speed cannot make this search long.
        let speed = self.combatants[me].block.speed.min(64) as i32;
        let climbs = self.climbs(me);
        let mut cells = Vec::new();
        for dy in -speed..=speed {
            for dx in -speed..=speed {
                let cell = (from.0 + dx, from.1 + dy);
                if cell != from && self.move_problem_climbing(me, cell, climbs).is_none() {
                    cells.push(cell);
                }
            }
        }
        cells
    }

    fn expected(&self, me: usize, def: &AbilityDef, heal: bool) -> f64 {
        let value_of = |effects: &[Effect]| -> f64 {
            effects
                .iter()
                .map(|e| match e {
                    Effect::Damage { amount, dice, .. } if !heal => {
                        super::damage_dice::expected_damage(*amount, dice.as_deref())
                    }
                    Effect::Healing(n) if heal => f64::from(*n),
                    _ => 0.0,
                })
                .sum()
        };
        let modifier = def
            .test
            .as_ref()
            .map_or(0, |t| self.combatants[me].block.stat(&t.modifier));
        let chances = if def.test.is_some() {
            self.odds.chances(modifier, 0)
        } else {
            NO_TEST_CHANCES
        };
        let mut total = 0.0;
        for (band, p) in chances {
            total += p * value_of(def.outcomes.for_band(band));
        }
        for s in &def.saves {
            total += 0.5 * value_of(&s.on_fail) + 0.5 * value_of(&s.on_pass);
        }
        if let Some(TestStatus::Strained | TestStatus::Exhausted) =
            def.test.as_ref().and_then(|t| t.status)
            && def
                .test
                .as_ref()
                .and_then(|t| t.status)
                .is_some_and(|s| self.combatants[me].stacks(s.name()) > 0)
        {
            total *= 0.5;
        }
        if def.time == AbilityTime::SlowAction {
            total *= 0.8;
        }
        total
    }

    fn best_choice(&self, me: usize) -> Option<Choice> {
        let c = &self.combatants[me];
        let mut ids: Vec<String> = c.block.abilities.iter().map(|k| k.id.clone()).collect();
        ids.extend(c.prepared.iter().map(|p| p.ability.clone()));
        let mut best: Option<Choice> = None;
        for id in ids {
            let Some((def, _)) = self.ability_for(me, &id) else {
                continue;
            };
            let ok_time = match def.time {
                AbilityTime::Action | AbilityTime::SlowAction => c.beats_for(&id) > 0,
                AbilityTime::FreeAction => !self.free_used.contains(&id),
                _ => false,
            };
            if !ok_time || (def.prepared_only && !c.prepared.iter().any(|p| p.ability == id)) {
                continue;
            }
            let Some(choice) = self.choice_for(me, &def) else {
                continue;
            };
            if choice.3 > 0.0 && best.as_ref().is_none_or(|b| choice.3 > b.3) {
                best = Some(choice);
            }
        }
        best
    }

    fn choice_for(&self, me: usize, def: &AbilityDef) -> Option<Choice> {
        let requirements_ok = |targets: &[usize]| {
            def.requirements
                .iter()
                .all(|r| self.condition_holds(me, targets, r))
        };
        let heal = self.expected(me, def, true);
        if heal > 0.0 {
            let hurt = (0..self.combatants.len())
                .filter(|i| {
                    let t = &self.combatants[*i];
                    t.standing()
                        && i64::from(t.health) * 2 <= i64::from(t.max_health)
                        && self.valid_target(me, def, *i)
                })
                .min_by_key(|i| (self.combatants[*i].health, *i))?;
            return requirements_ok(&[hurt]).then(|| (def.id.clone(), vec![hurt], None, heal));
        }
        let damage = self.expected(me, def, false);
        if damage <= 0.0 {
            return None;
        }
        let enemy = self.nearest_enemy(me)?;
        let pos = self.combatants[me].position;
        let goal = self.combatants[enemy].position;
        if let Some(spec) = def.target.shape {
            let origin = match spec.kind {
                ShapeKind::Cone | ShapeKind::Line => pos,
                _ => goal,
            };
            let place = ShapePlacement {
                origin,
                toward: Some(goal),
                include_origin: false,
            };
            if !origin_allowed(&spec, pos, origin) {
                return None;
            }
            let cells = affected_cells(&self.map, &spec, &place);
            let mut net = 0i32;
            for t in &self.combatants {
                if t.standing() && cells.contains(&t.position) {
                    net += if t.side == self.combatants[me].side {
                        -1
                    } else {
                        1
                    };
                }
            }
            return (net > 0 && requirements_ok(&[enemy])).then(|| {
                (
                    def.id.clone(),
                    Vec::new(),
                    Some(place),
                    damage * f64::from(net),
                )
            });
        }
        let target = (0..self.combatants.len())
            .filter(|i| self.combatants[*i].side != self.combatants[me].side)
            .filter(|i| self.valid_target(me, def, *i))
            .min_by_key(|i| (distance(pos, self.combatants[*i].position), *i))?;
        requirements_ok(&[target]).then(|| (def.id.clone(), vec![target], None, damage))
    }
}

fn def_time(run: &EncounterRun, id: &str) -> Option<AbilityTime> {
    run.content.abilities.get(id).map(|d| d.time)
}

/// The difficulty estimate: N seeded runs played by the policies.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimulationReport {
    /// Runs played (seeds 0..N−1).
    pub runs: u32,
    /// The side counted as heroes.
    pub heroes: String,
    /// Runs the heroes won.
    pub hero_wins: u32,
    /// Runs no side won (time ran out or everyone dropped).
    pub draws: u32,
    /// `hero_wins / runs`.
    pub win_rate: f64,
    /// 95% Wilson interval of the win rate: low end.
    pub win_rate_low: f64,
    /// 95% Wilson interval of the win rate: high end.
    pub win_rate_high: f64,
    /// Mean rounds played.
    pub average_rounds: f64,
    /// For each hero, the share of runs in which it dropped.
    pub drop_chance: BTreeMap<String, f64>,
}

/// The 95% Wilson score interval for `k` successes in `n` trials.
#[must_use]
pub fn wilson_interval(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = f64::from(n);
    let p = f64::from(k) / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Plays `runs` encounters with the naive policy on both sides (seeds 0..runs−1; the script is
/// ignored) and summarises them.
pub fn simulate(
    content: &EncounterContent,
    encounter: &Encounter,
    runs: u32,
) -> Result<SimulationReport, EncounterError> {
    simulate_table(content, encounter, runs, Table::NAIVE)
}

/// Plays `runs` encounters (seeds 0..runs−1; the script is ignored) with each side played as
/// `table` says, and summarises them.
pub fn simulate_table(
    content: &EncounterContent,
    encounter: &Encounter,
    runs: u32,
    table: Table,
) -> Result<SimulationReport, EncounterError> {
    simulate_seeds(content, encounter, 0, runs, table)
}

/// Plays `runs` encounters on seeds `first_seed`, `first_seed + 1`, … (the script is ignored)
/// with each side played as `table` says, and summarises them.
pub(super) fn simulate_seeds(
    content: &EncounterContent,
    encounter: &Encounter,
    first_seed: u64,
    runs: u32,
    table: Table,
) -> Result<SimulationReport, EncounterError> {
    let mut estimate = Estimate::new(encounter);
    for n in 0..runs {
        estimate.play_table(
            content,
            encounter,
            first_seed.wrapping_add(u64::from(n)),
            table,
        )?;
    }
    Ok(estimate.report())
}

/// The estimate's sums, one run at a time (the A/B of an encounter keeps one per version).
#[derive(Debug, Clone)]
pub(super) struct Estimate {
    heroes: String,
    runs: u32,
    wins: u32,
    draws: u32,
    rounds: u64,
    drops: BTreeMap<String, u32>,
    /// The policies' odds, shared by every run of this estimate.
    odds: Option<OddsCache>,
}

impl Estimate {
    pub(super) fn new(encounter: &Encounter) -> Self {
        let heroes = encounter.heroes.clone();
        let drops = encounter
            .combatants
            .iter()
            .filter(|c| c.side == heroes)
            .map(|c| (c.id.clone(), 0))
            .collect();
        Self {
            heroes,
            runs: 0,
            wins: 0,
            draws: 0,
            rounds: 0,
            drops,
            odds: None,
        }
    }

    /// Plays seed `seed` to its end with each side played as `table` says and counts it;
    /// whether the heroes won.
    pub(super) fn play_table(
        &mut self,
        content: &EncounterContent,
        encounter: &Encounter,
        seed: u64,
        table: Table,
    ) -> Result<bool, EncounterError> {
        let mut run = EncounterRun::with_table(content, encounter, seed, table)?;
        match &self.odds {
            Some(odds) => run.share_odds(odds),
            None => self.odds = Some(run.odds.clone()),
        }
        run.run_to_end();
        let outcome = run.outcome();
        let won = match outcome.and_then(|o| o.winner.as_deref()) {
            Some(w) if w == self.heroes => {
                self.wins += 1;
                true
            }
            Some(_) => false,
            None => {
                self.draws += 1;
                false
            }
        };
        self.runs += 1;
        self.rounds += u64::from(outcome.map_or(0, |o| o.rounds));
        for (id, n) in &mut self.drops {
            if run.combatant(id).is_some_and(|c| !c.standing()) {
                *n += 1;
            }
        }
        Ok(won)
    }

    pub(super) fn report(self) -> SimulationReport {
        let (low, high) = wilson_interval(self.wins, self.runs);
        let n = f64::from(self.runs.max(1));
        SimulationReport {
            runs: self.runs,
            heroes: self.heroes,
            hero_wins: self.wins,
            draws: self.draws,
            win_rate: f64::from(self.wins) / n,
            win_rate_low: low,
            win_rate_high: high,
            average_rounds: self.rounds as f64 / n,
            drop_chance: self
                .drops
                .into_iter()
                .map(|(k, v)| (k, f64::from(v) / n))
                .collect(),
        }
    }
}
