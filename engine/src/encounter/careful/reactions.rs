//! The careful policy's Reactions: which ones pay, and what each is worth.

use super::super::ability::{AbilityDef, AbilityTime, Effect, TestStatus};
use super::super::dice::NO_TEST_CHANCES;
use super::super::run::EncounterRun;
use super::super::state::TriggerEvent;
use super::{DROP_BONUS, TurnWorth, high_damage};
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
        let beat = if def.time == AbilityTime::Reaction {
            self.held_beat_worth(reactor)
        } else {
            0.0
        };
        if has(|e| matches!(e, Effect::Ward(_))) {
            // Seed 004, 1.8: #Bob Dodges with no Dodge Point left: a Disadvantage, yet "even
            // with a Low Score, #Bob can reduce the incoming Damage by 1 point". A Dodge pays
            // when the damage it is expected to stop (and the life it may save) is worth more
            // than its Beat.
            let (tdef, _) = threat?;
            let high = high_damage(tdef).saturating_add(self.extra_damage_taken(reactor));
            if high <= 0 {
                return None;
            }
            let mut worth = self.ward_worth(reactor, def, known, high, missing);
            if high >= c.health {
                worth += DROP_BONUS;
            }
            return (worth > beat).then_some(worth - beat);
        }
        if has(|e| matches!(e, Effect::DelayTrigger)) {
            let (tdef, aimed) = threat?;
            let high = high_damage(tdef);
            let pays = !missing
                && matches!(tdef.time, AbilityTime::Action | AbilityTime::FreeAction)
                && high > 0
                && aimed.iter().any(|t| {
                    let o = &self.combatants[*t];
                    o.standing() && o.side == c.side && high >= o.health
                });
            return pays.then_some(f64::from(high));
        }
        if has(|e| matches!(e, Effect::Damage { .. })) {
            let s = source.filter(|s| !missing && self.valid_target(reactor, def, *s))?;
            return Some(self.plan_value(
                reactor,
                def,
                known,
                &[s],
                &[s],
                &[],
                TurnWorth::default(),
            ));
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
        self.careful_plan(me).map_or(1.0, |p| p.value.max(1.0))
    }

    /// The damage a Ward Reaction is expected to stop (at most `incoming`).
    pub(super) fn ward_worth(
        &self,
        reactor: usize,
        def: &AbilityDef,
        known: &KnownAbility,
        incoming: i32,
        missing: bool,
    ) -> f64 {
        let modifier = def
            .test
            .as_ref()
            .map_or(0, |t| self.combatants[reactor].block.stat(&t.modifier));
        let net = i32::try_from(def.upgrade_advantage(known)).unwrap_or(0) - i32::from(missing);
        let chances = if def.test.is_some() {
            self.chances_for(modifier, net)
        } else {
            NO_TEST_CHANCES
        };
        chances
            .iter()
            .map(|(band, p)| {
                let ward: i32 = def
                    .outcomes
                    .for_band(*band)
                    .iter()
                    .map(|e| match e {
                        Effect::Ward(n) => *n,
                        _ => 0,
                    })
                    .fold(0, i32::saturating_add);
                p * f64::from(ward.min(incoming).max(0))
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::run::Table;
    use super::*;

    /// "Bob and the Goblins" played careful, stepped until it is `who`'s turn.
    fn bob_and_goblins_at(who: &str) -> EncounterRun {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../content/encounters/bob_multi_attack.ron");
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
