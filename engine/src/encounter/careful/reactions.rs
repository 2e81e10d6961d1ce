//! The careful policy's Reactions: which ones pay, and what each is worth.

use super::super::ability::{AbilityDef, AbilityTime, Effect, TestStatus};
use super::super::dice::NO_TEST_CHANCES;
use super::super::run::EncounterRun;
use super::super::state::TriggerEvent;
use super::{TurnWorth, high_damage};
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
        if has(|e| matches!(e, Effect::Ward(_))) {
            // Seed 004, 1.8: #Bob, low on Health, Dodges with no Dodge Point left: a
            // Disadvantage, yet even a Low Score saves his life.
            let (tdef, _) = threat?;
            let high = high_damage(tdef);
            let pays = high > 0 && (!missing || high >= c.health);
            return pays.then(|| self.ward_worth(reactor, def, known, high, missing));
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
