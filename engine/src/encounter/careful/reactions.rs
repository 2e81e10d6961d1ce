//! The careful policy's Reactions: which ones pay, and what each is worth.

use super::super::ability::{AbilityDef, AbilityTime, Effect, TestStatus};
use super::super::dice::{BandChances, NO_TEST_CHANCES};
use super::super::run::EncounterRun;
use super::super::run::Policy;
use super::super::space::distance;
use super::super::state::TriggerEvent;
use super::{DROP_BONUS, EXHAUSTION_COST, TurnWorth, high_damage};

/// The share of a Delayed Action's harm a careful target avoids (it gets out of the way).
const ESCAPES: f64 = 0.8;
/// The share a naive target avoids (it only gains the time).
const WAITS: f64 = 0.3;
use crate::model::KnownAbility;

impl EncounterRun {
    /// What answering `event` with `def` is worth to a careful creature (`source`: whose act
    /// triggered it); `None` when it does not pay.
    pub(in crate::encounter) fn reaction_worth(
        &self,
        reactor: usize,
        def: &AbilityDef,
        known: &KnownAbility,
        event: TriggerEvent<'_>,
        source: Option<usize>,
    ) -> Option<f64> {
        let c = &self.combatants[reactor];
        if let Some(s @ (TestStatus::Strained | TestStatus::Exhausted)) =
            def.test.as_ref().and_then(|t| t.status)
            && c.stacks(s.name()) > 0
        {
            return None;
        }
        let targets: Vec<usize> = source.into_iter().collect();
        let missing = def
            .components
            .iter()
            .any(|k| !self.condition_holds(reactor, &targets, &k.check));
        // The odds of its Test, with the terms the engine will count.
        let chances = self.reaction_chances(reactor, def, known, &targets);
        let has = |f: fn(&Effect) -> bool| {
            [
                &def.outcomes.low,
                &def.outcomes.mixed,
                &def.outcomes.high,
                &def.outcomes.critical_success,
            ]
            .into_iter()
            .flatten()
            .any(f)
        };
        let threat = match event {
            TriggerEvent::Starts {
                def: tdef, targets, ..
            } => Some((tdef, targets)),
            _ => None,
        };
        // What the Beat a Reaction spends is worth to `reactor` right now.
        let beat = if def.reaction_time() == Some(AbilityTime::Reaction) {
            self.held_beat_worth(reactor)
        } else {
            0.0
        };
        if has(|e| matches!(e, Effect::Ward(_) | Effect::WardHalf(_) | Effect::WardAll)) {
            // Seed 004, 1.8: #Bob Dodges with no Dodge Point left: a Disadvantage, yet "even
            // with a Low Score, #Bob can reduce the incoming Damage by 1 point". A Dodge pays
            // when the damage it is expected to stop (and the life it may save) is worth more
            // than its Beat. After the Test ("would take Damage") the damage is known.
            let high = match (event, threat) {
                (TriggerEvent::WouldTakeDamage { amount, .. }, _) => amount,
                (_, Some((tdef, _))) => {
                    high_damage(tdef).saturating_add(self.extra_damage_taken(reactor))
                }
                _ => return None,
            };
            if high <= 0 {
                return None;
            }
            let mut worth = ward_worth(def, &chances, high);
            if high >= c.health {
                worth += DROP_BONUS;
            }
            return (worth > beat).then_some(worth - beat);
        }
        if has(|e| matches!(e, Effect::DelayTrigger)) {
            // Seed 004, 1.8: "The Hag starts her Elemental Blast, targeting #Bob, who is almost
            // dead. #Alice uses her Delay … This gives #Bob a chance to get behind cover."
            // Worth the damage the Action would deal to its side, times the chance the Delay
            // takes effect and the share its targets then avoid, less the stack of Exhausted it
            // costs and its Beat. Its Exhaustion makes every later Delay a Disadvantage, so it
            // is kept for an Action whose High Score could drop someone on its side (Delaying
            // whatever pays instead: careful heroes won 107 of 200 Hag's Huts, not 158).
            let (tdef, aimed) = threat?;
            let user = source?;
            let high = high_damage(tdef);
            let could_drop = aimed.iter().any(|t| {
                let o = &self.combatants[*t];
                o.standing()
                    && o.side == c.side
                    && high.saturating_add(self.extra_damage_taken(*t)) >= o.health
            });
            if missing
                || !could_drop
                || !matches!(tdef.time, AbilityTime::Action | AbilityTime::FreeAction)
            {
                return None;
            }
            let (_, user_known) = self.ability_for(user, &tdef.id)?;
            let avoided: f64 = aimed
                .iter()
                .filter(|t| {
                    let o = &self.combatants[**t];
                    o.standing() && o.side == c.side
                })
                .map(|t| {
                    // A careful target gets out of the way of a waiting ability; a naive one
                    // only gains the time.
                    let share = if self.policy_of(*t) == Policy::Careful {
                        ESCAPES
                    } else {
                        WAITS
                    };
                    let hurt = self.plan_value(
                        user,
                        tdef,
                        &user_known,
                        &[*t],
                        aimed,
                        &[],
                        TurnWorth::default(),
                    );
                    share * hurt.max(0.0)
                })
                .sum();
            let takes_effect = effect_chance(def, &chances, |e| matches!(e, Effect::DelayTrigger));
            let worth = takes_effect * (avoided - EXHAUSTION_COST) - beat;
            return (worth > 0.0).then_some(worth);
        }
        if has(|e| matches!(e, Effect::Shift(_))) {
            return self.shift_worth(reactor, def, &chances, threat, source, beat);
        }
        if has(|e| matches!(e, Effect::Damage { .. })) {
            // The creature that acted, or (it moved itself: Charge) whom it would aim at.
            let aim = self.reaction_targets(reactor, def, source)?;
            let s = aim.first().copied().filter(|s| !missing && *s != reactor)?;
            // Net of the Beat a Reaction spends (Melee Attack as a Reaction).
            return Some(
                -beat + self.plan_value(reactor, def, known, &[s], &[s], &[], TurnWorth::default()),
            );
        }
        (!missing).then_some(0.1)
    }

    /// What one of its Beats is worth to `me` now, for a Reaction that would spend it. Beats
    /// refill at the start of the creature's own turn (`turns::begin_turn`), so outside its
    /// turn a Beat it holds is lost at its next refill anyway: worth nothing. During its own
    /// turn it is worth its best remaining plan (at least 1: it could always move or take
    /// cover with it).
    pub(super) fn held_beat_worth(&self, me: usize) -> f64 {
        if self.current() != Some(me) {
            return 0.0;
        }
        self.careful_plan(me, &self.startable(me))
            .map_or(1.0, |p| p.value.max(1.0))
    }

    /// What a Reaction that Shifts `reactor` (away from `source`) is worth, net of its Beat;
    /// `None` when it does not pay. Seed 004, 1.8: "your Reaction Ability will start and take
    /// effect after the start of the triggering Ability, but before the triggering Ability's
    /// Test and effects. In this way, you can sometimes escape an Ability": worth the harm of
    /// an ability aimed at it that no longer reaches it from where it would end, plus what the
    /// new cell changes (`forced_move_value`), times the chance it takes effect.
    #[allow(clippy::too_many_arguments)] // the Reaction, its trigger and its Beat
    fn shift_worth(
        &self,
        reactor: usize,
        def: &AbilityDef,
        chances: &BandChances,
        threat: Option<(&AbilityDef, &[usize])>,
        source: Option<usize>,
        beat: f64,
    ) -> Option<f64> {
        let cells = def
            .outcomes
            .effects()
            .find_map(|e| match e {
                Effect::Shift(n) => Some(*n),
                _ => None,
            })
            .unwrap_or(0);
        let from = source
            .filter(|s| *s != reactor)
            .or_else(|| self.nearest_enemy(reactor))?;
        let to = self.slide_end(reactor, self.combatants[from].position, cells, false)?;
        let mut worth = self.forced_move_value(reactor, reactor, to);
        if let (Some((tdef, aimed)), Some(user)) = (threat, source)
            && aimed.contains(&reactor)
            && tdef
                .target
                .reach
                .is_some_and(|r| distance(self.combatants[user].position, to) > r.distance.units())
            && let Some((_, user_known)) = self.ability_for(user, &tdef.id)
        {
            worth += self
                .plan_value(
                    user,
                    tdef,
                    &user_known,
                    &[reactor],
                    aimed,
                    &[],
                    TurnWorth::NESTED,
                )
                .max(0.0);
        }
        let takes_effect = effect_chance(def, chances, |e| matches!(e, Effect::Shift(_)));
        let worth = takes_effect * worth - beat;
        (worth > 0.0).then_some(worth)
    }

    /// The band chances of a Reaction's Test: the terms the engine will count (`test_terms`,
    /// its Upgrades, a missing Component, its Test status) on the creature it answers.
    fn reaction_chances(
        &self,
        reactor: usize,
        def: &AbilityDef,
        known: &KnownAbility,
        targets: &[usize],
    ) -> BandChances {
        let Some(test) = &def.test else {
            return NO_TEST_CHANCES;
        };
        let modifier = self.combatants[reactor].block.stat(&test.modifier);
        let net = self.test_terms(reactor, def, known, targets, None).net();
        self.chances_for(modifier, net.clamp(-8, 8))
    }
}

/// The chance that `def`, at these odds, lands a Score whose effects include one that `is`
/// accepts.
fn effect_chance(def: &AbilityDef, chances: &BandChances, is: fn(&Effect) -> bool) -> f64 {
    chances
        .iter()
        .filter(|(band, _)| def.outcomes.for_band(*band).iter().any(is))
        .map(|(_, p)| p)
        .sum()
}

/// The damage a Ward Reaction is expected to stop at these odds (each Ward at most
/// `incoming`).
fn ward_worth(def: &AbilityDef, chances: &BandChances, incoming: i32) -> f64 {
    chances
        .iter()
        .map(|(band, p)| {
            let ward: i32 = def
                .outcomes
                .for_band(*band)
                .iter()
                .map(|e| match e {
                    Effect::Ward(n) => *n,
                    Effect::WardHalf(n) => (incoming / 2).max(*n),
                    Effect::WardAll => incoming,
                    _ => 0,
                })
                .fold(0, i32::saturating_add);
            p * f64::from(ward.min(incoming).max(0))
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::super::super::run::Table;
    use super::*;

    /// "Bob and the Goblins" played careful, stepped until it is `who`'s turn.
    fn bob_and_goblins_at(who: &str) -> EncounterRun {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/pack/encounters/bob_multi_attack.ron");
        let mut diags = crate::diag::Diagnostics::new();
        let (encounter, content) = crate::encounter::load(&path, &mut diags).unwrap();
        let mut run = EncounterRun::with_table(&content, &encounter, 0, Table::CAREFUL).unwrap();
        while run.current().map(|i| run.combatants[i].id.as_str()) != Some(who) {
            run.step().expect("the encounter goes on");
        }
        run
    }

    /// What #Bob's Dodge (no Dodge Point) is worth against `goblin_b`'s Melee Attack now.
    fn dodge_worth(run: &EncounterRun) -> Option<f64> {
        let bob = run.index_of("bob").unwrap();
        let goblin = run.index_of("goblin_b").unwrap();
        let (dodge, known) = run.ability_for(bob, "dodge").unwrap();
        let (attack, _) = run.ability_for(goblin, "melee_attack").unwrap();
        let event = TriggerEvent::Starts {
            user: goblin,
            def: &attack,
            targets: &[bob],
        };
        run.reaction_worth(bob, &dodge, &known, event, Some(goblin))
    }

    /// Seed 004, 1.8: "#Bob has no more Dodge Points. #Bob decides to use the Dodge Ability
    /// anyway … even with a Low Score, #Bob can reduce the incoming Damage by 1 point". Outside
    /// his turn a Beat he holds is lost when his Beats refill, so the Dodge pays; in his own
    /// turn the Beat is worth his next Melee Attack, more than a Ward at a Disadvantage.
    #[test]
    fn a_dodge_without_a_dodge_point_pays_only_with_a_beat_worth_less() {
        let before = bob_and_goblins_at("goblin_a");
        let bob = before.index_of("bob").unwrap();
        assert!(before.held_beat_worth(bob).abs() < f64::EPSILON);
        let worth = dodge_worth(&before).expect("a Dodge before his turn pays");
        assert!(worth > 0.0, "{worth}");

        let during = bob_and_goblins_at("bob");
        assert!(during.held_beat_worth(bob) >= 1.0);
        assert_eq!(dodge_worth(&during), None, "his Beat is worth an attack");
    }
}
