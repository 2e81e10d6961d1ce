//! What a plan is worth to the careful policy: band chances with the Advantages and
//! Disadvantages the engine will apply, each band's effects, Saves, and the cost of Test statuses.

use super::super::ability::{AbilityDef, Effect, TestStatus};
use super::super::damage_dice::expected_damage;
use super::super::dice::{BandChances, NO_TEST_CHANCES, SaveMod, save_mod};
use super::super::run::EncounterRun;
use super::{
    CONCENTRATION_COST, DROP_BONUS, EXHAUSTION_COST, FRIENDLY_FIRE, STRAIN_COST, TOPPING_UP,
    TurnWorth, bloodied, failed_share,
};
use crate::model::{KnownAbility, StatusKind};

impl EncounterRun {
    /// Band chances with `net` Advantages for a modifier, computed once per estimate.
    pub(super) fn chances_for(&self, modifier: i32, net: i32) -> BandChances {
        self.odds.chances(modifier, net)
    }

    /// The expected value of `me` starting `def` with `targets` (what the engine checks
    /// Components, Bonuses and Penalties against), its effects landing on `affected`.
    #[allow(clippy::too_many_arguments)] // one plan's parts; a struct would only rename them
    pub(super) fn plan_value(
        &self,
        me: usize,
        def: &AbilityDef,
        known: &KnownAbility,
        affected: &[usize],
        targets: &[usize],
        bonuses: &[String],
        worth: TurnWorth,
    ) -> f64 {
        let c = &self.combatants[me];
        // The same terms the engine's Test will count (`terms`).
        let terms = self.test_terms(me, def, known, targets, Some(bonuses));
        let (net, extra_damage) = (terms.net().clamp(-8, 8), terms.extra_damage);
        let status = def.test.as_ref().and_then(|t| t.status);
        let chances = match &def.test {
            Some(t) => self.chances_for(c.block.stat(&t.modifier), net),
            None => NO_TEST_CHANCES,
        };
        let mut total = 0.0;
        let mut failed = 0.0;
        for (band, p) in chances {
            if p == 0.0 {
                continue;
            }
            if band.failed() {
                failed += p;
            }
            let mut v = self.effects_value(
                me,
                def.outcomes.for_band(band),
                affected,
                extra_damage,
                worth,
            );
            for save in &def.saves {
                for t in affected {
                    let t_mod = self.combatants[*t].block.stat(&save.modifier);
                    let p_fail = match save_mod(band) {
                        SaveMod::AutoPass => 0.0,
                        SaveMod::AutoFail => 1.0,
                        m => {
                            let net = match m {
                                SaveMod::Advantage => 1,
                                SaveMod::Disadvantage => -1,
                                _ => 0,
                            };
                            failed_share(&self.chances_for(t_mod, net))
                        }
                    };
                    v += p_fail * self.effects_value(me, &save.on_fail, &[*t], 0, worth)
                        + (1.0 - p_fail) * self.effects_value(me, &save.on_pass, &[*t], 0, worth);
                }
            }
            total += p * v;
        }
        match status {
            Some(TestStatus::Strained) => total -= (1.0 - failed) * STRAIN_COST,
            Some(TestStatus::Exhausted) => total -= (1.0 - failed) * EXHAUSTION_COST,
            Some(TestStatus::Concentrating) => {
                total -= failed * CONCENTRATION_COST * f64::from(c.stacks("Concentrating"));
            }
            None => {}
        }
        total
    }

    /// What a list of effects is worth to `me` when they land on `targets`.
    pub(super) fn effects_value(
        &self,
        me: usize,
        effects: &[Effect],
        targets: &[usize],
        extra_damage: i32,
        worth: TurnWorth,
    ) -> f64 {
        let side = &self.combatants[me].side;
        let sign = |t: usize| {
            if &self.combatants[t].side == side {
                -FRIENDLY_FIRE
            } else {
                1.0
            }
        };
        let mut v = 0.0;
        for e in effects {
            match e {
                Effect::Damage { amount, dice, .. } => {
                    // Dice count at their average, rounded (the value works in whole points).
                    let amount = &(expected_damage(*amount, dice.as_deref()).round() as i32);
                    for t in targets {
                        let c = &self.combatants[*t];
                        let dealt = amount
                            .saturating_add(extra_damage)
                            .saturating_add(self.extra_damage_taken(*t))
                            .max(0);
                        let mut hurt = f64::from(dealt.min(c.health.max(0)));
                        if dealt >= c.health {
                            hurt += DROP_BONUS;
                        }
                        v += sign(*t) * hurt;
                    }
                }
                Effect::Healing(n) => {
                    for t in targets {
                        let c = &self.combatants[*t];
                        let missing = c.max_health.saturating_sub(c.health).max(0);
                        let share = if bloodied(c.health, c.max_health) {
                            1.0
                        } else {
                            TOPPING_UP
                        };
                        // Healing a friend is good (−sign), an enemy bad.
                        v -= sign(*t).signum() * share * f64::from((*n).min(missing).max(0));
                    }
                }
                Effect::Status(name, n) => {
                    for t in targets {
                        v += sign(*t) * self.status_weight(*t, name) * f64::from(*n);
                    }
                }
                Effect::SelfStatus(name, n) => {
                    v -= self.status_weight(me, name) * f64::from(*n);
                }
                // Beats bound to some abilities (Multi-Attack's, for Melee Attacks) are weighed
                // as free Beats: the plans they buy are the Beat-spending ones it has.
                Effect::GainBeats(n) | Effect::GainBeatsFor(n, _) => v += worth.beats(*n),
                Effect::EndTurn => v -= worth.beats(worth.beats_after),
                Effect::Prepare { ability, .. } => v += self.prepare_value(me, ability),
                Effect::GainResource(_, n) => v += 0.3 * f64::from(*n),
                Effect::GainResourceUpTo(name, n, cap) => {
                    let had = self.combatants[me]
                        .resources
                        .get(name)
                        .copied()
                        .unwrap_or(0);
                    let gained = had.saturating_add(*n).min(*cap).max(had) - had;
                    v += 0.3 * f64::from(gained);
                }
                Effect::Push(_) | Effect::Pull(_) | Effect::Shift(_) if worth.no_forced => {}
                Effect::Push(n) | Effect::Pull(n) => {
                    let toward = matches!(e, Effect::Pull(_));
                    let from = self.combatants[me].position;
                    for t in targets.iter().filter(|t| **t != me) {
                        if let Some(to) = self.slide_end(*t, from, *n, toward) {
                            v += self.forced_move_value(me, *t, to);
                        }
                    }
                }
                Effect::Shift(n) => {
                    // Away from the nearest enemy, as the engine moves it outside a Reaction.
                    let away = self.nearest_enemy(me).map(|o| self.combatants[o].position);
                    if let Some(to) = away.and_then(|from| self.slide_end(me, from, *n, false)) {
                        v += self.forced_move_value(me, me, to);
                    }
                }
                Effect::Ward(_)
                | Effect::WardHalf(_)
                | Effect::WardAll
                | Effect::DelayTrigger
                | Effect::Note(_) => {}
            }
        }
        v
    }

    /// Extra damage `t` takes from each damage effect (Vulnerable).
    pub(in crate::encounter) fn extra_damage_taken(&self, t: usize) -> i32 {
        self.combatants[t]
            .statuses
            .iter()
            .map(|(name, s)| {
                self.content
                    .conditions
                    .get(name)
                    .map_or(0, |d| d.extra_damage_taken_per_stack)
                    .saturating_mul(i32::try_from(s.stacks).unwrap_or(i32::MAX))
            })
            .fold(0i32, i32::saturating_add)
    }

    /// How bad a stack of a status is for `bearer`: extra damage taken counts once per attack
    /// its opponents can make (their Beats) in the rounds the stack lasts, Disadvantages half a
    /// point each. A Fleeting stack gained on the bearer's own turn lasts two rounds of its
    /// opponents' turns, one gained on another's turn one; a Persistent one, say three.
    pub(super) fn status_weight(&self, bearer: usize, name: &str) -> f64 {
        let side = &self.combatants[bearer].side;
        let attacks: u32 = self
            .combatants
            .iter()
            .filter(|o| o.standing() && &o.side != side)
            .map(|o| o.block.beats)
            .fold(0u32, u32::saturating_add);
        self.content.conditions.get(name).map_or(0.3, |d| {
            let rounds = match d.kind {
                StatusKind::Fleeting if self.current() == Some(bearer) => 2.0,
                StatusKind::Fleeting | StatusKind::Concentrating => 1.0,
                StatusKind::Persistent => 3.0,
            };
            0.3 + 0.8
                * rounds
                * f64::from(attacks)
                * f64::from(d.extra_damage_taken_per_stack.max(0))
                + 0.5 * f64::from(d.disadvantage_per_stack)
        })
    }

    /// What Preparing `ability` is worth: half its value on an enemy it could reach now (none
    /// when it is already Prepared).
    pub(super) fn prepare_value(&self, me: usize, ability: &str) -> f64 {
        let c = &self.combatants[me];
        if c.prepared.iter().any(|p| p.ability == ability) {
            return 0.0;
        }
        let Some(base) = self.content.abilities.get(ability) else {
            return 0.0;
        };
        let known = KnownAbility {
            id: ability.to_owned(),
            ..KnownAbility::default()
        };
        let def = base.as_known(&known);
        (0..self.combatants.len())
            .filter(|t| self.combatants[*t].side != c.side && self.valid_target(me, &def, *t))
            .map(|t| 0.5 * self.plan_value(me, &def, &known, &[t], &[t], &[], TurnWorth::default()))
            .fold(0.0, f64::max)
    }
}
