//! The careful policy: a table that uses each creature's whole kit (issue #17, item 2).
//!
//! Each decision, for the creature whose turn it is:
//! 1. A waiting enemy ability (a Slow Action, or an Action a Delay made wait) aimed at it: with
//!    its last Beat, or at once when it could drop it, it gets out of the way — behind cover
//!    against a Distance that is not True, else out of range or out of the Shape.
//! 2. Otherwise it weighs every ability it may start now (Actions and Slow Actions while it has
//!    Beats, each Free Action once a turn, Prepared ones) on every valid target or Shape
//!    placement, by expected value: the band chances with the Advantages and Disadvantages the
//!    engine will apply (missing Components, stacks of the Test's Strain, Exhaustion or
//!    Concentration, Upgrades, affordable Bonuses, Penalties), each band's effects (damage up to
//!    what the target has left plus a bonus for dropping it, healing up to what is missing and
//!    worth more on a Bloodied ally, statuses, extra Beats worth what its best other Action is
//!    worth (a further one less when that Action would drop its target), a Push, Pull or
//!    Shift worth what the new cell changes (`forced`), ending the turn worth minus its Beats left), the targets' Saves, and the cost of a
//!    stack of Strained or Exhausted gained or of Concentration lost. Friends caught in a Shape
//!    count against it. A Slow Action is only weighed when it is safe (no enemy within 2u and not
//!    Bloodied), at 0.7 of its value. The best plan worth more than a little is started.
//! 3. Otherwise it moves: toward a Bloodied ally its healing cannot reach yet, else to the cell
//!    from which its best damaging ability reaches an enemy (fewest enemies next to it, cover
//!    preferred), else toward the nearest enemy.
//! 4. Otherwise, Bloodied with a Beat left, it gets behind cover; then it may use a harmless
//!    ability with no combat value (an Illusion) rather than waste the Beat; then it ends its
//!    turn.
//!
//! Its Reactions (`reaction_worth`), net of the Beat a Reaction spends (`held_beat_worth`:
//! nothing outside its own turn, since Beats refill at its next turn start; its best remaining
//! plan during it): never with a Disadvantage from its own Strain or Exhaustion; a Ward (Dodge)
//! only against a damaging ability, when the damage it is expected to stop (with a Disadvantage
//! for a missing Dodge Point, plus a bonus when the hit could drop it) beats the Beat (the
//! seed's #Bob); a Delay only on an Action whose High Score would drop someone on its side,
//! when the harm its targets avoid beats its Exhausted stack and its Beat; a
//! Reaction that deals damage only on a valid target; any other only with its Components met.
//!
//! Everything reads the run's state and seeded dice only: the same seed gives the same log.

use super::ability::{AbilityDef, AbilityTime, Effect, ShapeKind, TargetKind};
use super::dice::{Band, BandChances};
use super::run::EncounterRun;
use super::space::{ShapePlacement, affected_cells, distance, origin_allowed};
use crate::model::KnownAbility;

/// Worth of dropping an enemy, on top of the damage dealt.
pub(super) const DROP_BONUS: f64 = 3.0;
/// A friend (or the user) hurt counts this many times the damage.
pub(super) const FRIENDLY_FIRE: f64 = 1.5;
/// Healing a creature above half health counts this share.
pub(super) const TOPPING_UP: f64 = 0.3;
/// A plan must be worth more than this to spend an ability on it.
pub(super) const WORTH_IT: f64 = 0.05;
/// A Slow Action counts this share of its value (its targets may get away).
pub(super) const SLOW_SHARE: f64 = 0.7;
/// What gaining a stack of a Test status costs (future Disadvantages).
pub(super) const STRAIN_COST: f64 = 0.3;
pub(super) const EXHAUSTION_COST: f64 = 1.0;
/// What losing one active Concentration effect costs.
pub(super) const CONCENTRATION_COST: f64 = 1.0;

/// One way to use an ability now.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    id: String,
    targets: Vec<usize>,
    shape: Option<ShapePlacement>,
    bonuses: Vec<String>,
    value: f64,
}

/// What the rest of the turn is worth, for effects that change it.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct TurnWorth {
    /// The value of the best other plan that spends a Beat.
    per_beat: f64,
    /// What each Beat after that one is worth: as much, unless the best plan is likely to
    /// drop its target, then the best plan on another target (no second kill of the same foe).
    next_beat: f64,
    /// Beats left once this ability is started.
    beats_after: u32,
    /// Weighing the harm a forced move exposes a creature to: forced moves count nothing there
    /// (so a Push that weighs a Push cannot recurse).
    no_forced: bool,
}

impl TurnWorth {
    /// The worth of a turn for an attack weighed inside a forced move's worth.
    pub(super) const NESTED: Self = Self {
        per_beat: 0.0,
        next_beat: 0.0,
        beats_after: 0,
        no_forced: true,
    };

    /// What `n` Beats this turn are worth: the first `per_beat`, each further one `next_beat`.
    fn beats(&self, n: u32) -> f64 {
        if n == 0 {
            return 0.0;
        }
        self.per_beat + f64::from(n - 1) * self.next_beat
    }
}

mod forced;
mod moves;
mod reactions;
mod value;

impl EncounterRun {
    /// One careful decision for `me`, whose turn it is.
    pub(in crate::encounter) fn careful_step(&mut self, me: usize) {
        if self.actions_this_turn >= 8 {
            self.end_turn();
            return;
        }
        let beats = self.combatants[me].beats;
        if beats > 0 && self.escape_waiting(me) {
            return;
        }
        // What it may start now, computed once for this decision.
        let startable = self.startable(me);
        let plan = self.careful_plan(me, &startable);
        if beats == 1 {
            let cover = self.cover_worth(me);
            if cover > plan.as_ref().map_or(0.0, |p| p.value) {
                self.take_cover(me);
                return;
            }
        }
        if let Some(plan) = plan {
            self.start_plan(me, plan);
            return;
        }
        if beats == 0 {
            self.end_turn();
            return;
        }
        self.actions_this_turn += 1;
        if let Some(cell) = self.careful_move(me, &startable)
            && self.move_to(me, cell)
        {
            return;
        }
        if let Some(plan) = self.idle_plan(me, &startable) {
            self.start_plan(me, plan);
            return;
        }
        self.end_turn();
    }

    fn start_plan(&mut self, me: usize, plan: Plan) {
        if self
            .content
            .abilities
            .get(&plan.id)
            .is_some_and(|d| d.time == AbilityTime::FreeAction)
        {
            self.free_used.push(plan.id.clone());
        }
        self.use_ability(me, &plan.id, &plan.targets, plan.shape, Some(plan.bonuses));
        if self.end_turn_requested {
            self.end_turn();
        }
    }

    /// The abilities `me` could start now, as it has them.
    pub(super) fn startable(&self, me: usize) -> Vec<(AbilityDef, KnownAbility)> {
        let c = &self.combatants[me];
        // Known first, then Prepared; each once (ties keep the first).
        c.ability_ids()
            .into_iter()
            .filter_map(|id| self.ability_for(me, id))
            .filter(|(def, _)| {
                let ok_time = match def.time {
                    AbilityTime::Action | AbilityTime::SlowAction => c.beats_for(&def.id) > 0,
                    AbilityTime::FreeAction => !self.free_used.contains(&def.id),
                    _ => false,
                };
                ok_time && (!def.prepared_only || c.prepared.iter().any(|p| p.ability == def.id))
            })
            .collect()
    }

    /// The best plan worth starting now.
    fn careful_plan(&self, me: usize, startable: &[(AbilityDef, KnownAbility)]) -> Option<Plan> {
        let changes_turn = |def: &AbilityDef| {
            def.outcomes.effects().any(|e| {
                matches!(
                    e,
                    Effect::GainBeats(_) | Effect::GainBeatsFor(..) | Effect::EndTurn
                )
            })
        };
        let beats = self.combatants[me].beats;
        let ordinary = TurnWorth {
            beats_after: beats.saturating_sub(1),
            ..TurnWorth::default()
        };
        // First the abilities that do not change the turn: the best Beat-spending one sets what
        // a Beat is worth for those that do (Multi-Attack).
        let mut best: Option<Plan> = None;
        let mut best_beat: Option<(Plan, i32)> = None;
        for (def, known) in startable.iter().filter(|(d, _)| !changes_turn(d)) {
            let Some(plan) = self.best_plan_for(me, def, known, ordinary) else {
                continue;
            };
            if def.time.costs_beat() && best_beat.as_ref().is_none_or(|(b, _)| plan.value > b.value)
            {
                best_beat = Some((plan.clone(), band_damage(def, Band::Mixed)));
            }
            keep_better(&mut best, plan);
        }
        let per_beat = best_beat.as_ref().map_or(0.0, |(p, _)| p.value.max(0.0));
        let next_beat = match &best_beat {
            Some((p, mixed))
                if !p.targets.is_empty()
                    && p.targets.iter().all(|t| {
                        mixed.saturating_add(self.extra_damage_taken(*t))
                            >= self.combatants[*t].health
                    }) =>
            {
                self.best_beat_elsewhere(me, startable, &p.targets)
            }
            _ => per_beat,
        };
        let worth = TurnWorth {
            per_beat,
            next_beat,
            beats_after: beats.saturating_sub(1),
            no_forced: false,
        };
        for (def, known) in startable.iter().filter(|(d, _)| changes_turn(d)) {
            if let Some(plan) = self.best_plan_for(me, def, known, worth) {
                keep_better(&mut best, plan);
            }
        }
        best.filter(|p| p.value > WORTH_IT)
    }

    /// The best single-target Beat-spending plan of `me` on a creature not in `not`: what a
    /// further Beat is worth once the best plan's target is likely down.
    fn best_beat_elsewhere(
        &self,
        me: usize,
        startable: &[(AbilityDef, KnownAbility)],
        not: &[usize],
    ) -> f64 {
        let worth = TurnWorth::default();
        startable
            .iter()
            .filter(|(d, _)| d.time.costs_beat() && Self::needs_targets(d))
            .flat_map(|(def, known)| {
                (0..self.combatants.len())
                    .filter(|t| !not.contains(t) && self.valid_target(me, def, *t))
                    .map(move |t| self.plan_value(me, def, known, &[t], &[t], &[], worth))
            })
            .fold(0.0, f64::max)
    }

    /// A harmless ability with no combat value (an Illusion), for a Beat with nothing better
    /// to do: no damage, no healing, no cost, and not while Concentrating.
    fn idle_plan(&self, me: usize, startable: &[(AbilityDef, KnownAbility)]) -> Option<Plan> {
        if self.combatants[me].stacks("Concentrating") > 0 {
            return None;
        }
        startable.iter().find_map(|(def, _)| {
            let harmless = def.time == AbilityTime::Action
                && !Self::needs_targets(def)
                && !def.target.kinds.contains(&TargetKind::Myself)
                && def.components.is_empty()
                && def.requirements.is_empty()
                && [&def.outcomes.low, &def.outcomes.mixed, &def.outcomes.high]
                    .iter()
                    .all(|b| b.iter().all(|e| matches!(e, Effect::Note(_))))
                && !def.outcomes.mixed.is_empty();
            harmless.then(|| Plan {
                id: def.id.clone(),
                targets: Vec::new(),
                shape: None,
                bonuses: Vec::new(),
                value: 0.0,
            })
        })
    }

    /// The best way to use one ability now (`None` when it has no valid use).
    fn best_plan_for(
        &self,
        me: usize,
        def: &AbilityDef,
        known: &KnownAbility,
        worth: TurnWorth,
    ) -> Option<Plan> {
        let c = &self.combatants[me];
        let share = if def.time == AbilityTime::SlowAction {
            let safe = !bloodied(c.health, c.max_health)
                && !self.combatants.iter().any(|o| {
                    o.standing() && o.side != c.side && distance(o.position, c.position) <= 2
                });
            if !safe {
                return None;
            }
            SLOW_SHARE
        } else {
            1.0
        };
        let bonuses: Vec<String> = {
            let mut left = c.resources.clone();
            def.bonuses
                .iter()
                .filter(|b| !b.mandatory)
                .filter(|b| match &b.cost {
                    None => true,
                    Some((res, n)) => {
                        let have = left.entry(res.clone()).or_insert(0);
                        let ok = *have >= *n;
                        if ok {
                            *have = have.saturating_sub(*n);
                        }
                        ok
                    }
                })
                .map(|b| b.name.clone())
                .collect()
        };
        let plan = |targets: Vec<usize>, shape: Option<ShapePlacement>, affected: &[usize]| {
            let requirements_ok = def
                .requirements
                .iter()
                .all(|r| self.condition_holds(me, &targets, r));
            if !requirements_ok {
                return None;
            }
            let value = self.plan_value(me, def, known, affected, &targets, &bonuses, worth);
            Some(Plan {
                id: def.id.clone(),
                targets,
                shape,
                bonuses: bonuses.clone(),
                value: value * share,
            })
        };
        if def.target.kinds.contains(&TargetKind::Myself) {
            return plan(Vec::new(), None, &[me]);
        }
        if let Some(spec) = def.target.shape {
            let pos = c.position;
            let mut best: Option<Plan> = None;
            for e in 0..self.combatants.len() {
                let t = &self.combatants[e];
                if !t.standing() || t.side == c.side {
                    continue;
                }
                let origin = match spec.kind {
                    ShapeKind::Cone | ShapeKind::Line => pos,
                    _ => t.position,
                };
                if !origin_allowed(&spec, pos, origin)
                    || (!spec.r#true && !self.map.clear_line(pos, origin))
                {
                    continue;
                }
                let place = ShapePlacement {
                    origin,
                    toward: Some(t.position),
                    include_origin: false,
                };
                let cells = affected_cells(&self.map, &spec, &place);
                let caught: Vec<usize> = (0..self.combatants.len())
                    .filter(|i| {
                        self.combatants[*i].standing()
                            && cells.contains(&self.combatants[*i].position)
                    })
                    .collect();
                if let Some(p) = plan(Vec::new(), Some(place), &caught) {
                    keep_better(&mut best, p);
                }
            }
            return best;
        }
        if !Self::needs_targets(def) {
            return plan(Vec::new(), None, &[]);
        }
        // Each valid target on its own, best first; up to the ability's count.
        let mut each: Vec<Plan> = (0..self.combatants.len())
            .filter(|t| self.valid_target(me, def, *t))
            .filter_map(|t| plan(vec![t], None, &[t]))
            .collect();
        each.sort_by(|a, b| b.value.total_cmp(&a.value));
        let max = def.target.count.max(1) as usize;
        let chosen: Vec<Plan> = each
            .into_iter()
            .take(max)
            .filter(|p| p.value > 0.0)
            .collect();
        let first = chosen.first()?.clone();
        if chosen.len() == 1 {
            return Some(first);
        }
        let targets: Vec<usize> = chosen.iter().flat_map(|p| p.targets.clone()).collect();
        plan(targets.clone(), None, &targets)
    }
}

/// Keeps the better of two plans (the first on a tie, so the order of the sheet decides).
pub(super) fn keep_better(best: &mut Option<Plan>, plan: Plan) {
    if best.as_ref().is_none_or(|b| plan.value > b.value) {
        *best = Some(plan);
    }
}

/// At or below half health.
pub(super) fn bloodied(health: i32, max: i32) -> bool {
    i64::from(health) * 2 <= i64::from(max)
}

/// The share of a Test's outcomes that fail (Critical Failure or Low).
pub(super) fn failed_share(chances: &BandChances) -> f64 {
    chances
        .iter()
        .filter(|(b, _)| b.failed())
        .map(|(_, p)| p)
        .sum()
}

/// The damage a list of effects deals to each target it lands on.
fn damage_of(effects: &[Effect]) -> i32 {
    effects
        .iter()
        .map(|e| match e {
            // Dice count at their average, rounded (the policy works in whole points).
            Effect::Damage { amount, dice, .. } => {
                { super::damage_dice::expected_damage(*amount, dice.as_deref()).round() as i32 }
                    .max(0)
            }
            _ => 0,
        })
        .fold(0i32, i32::saturating_add)
}

/// The damage an ability deals per target on a Score of `band` (its effects only).
pub(super) fn band_damage(def: &AbilityDef, band: Band) -> i32 {
    damage_of(def.outcomes.for_band(band))
}

/// The damage an ability deals on a High Score (its effects and a failed Save's), per target.
pub(super) fn high_damage(def: &AbilityDef) -> i32 {
    let saves = def
        .saves
        .iter()
        .map(|s| damage_of(&s.on_fail))
        .fold(0i32, i32::saturating_add);
    band_damage(def, Band::High).saturating_add(saves)
}
