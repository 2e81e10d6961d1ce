//! Reaction windows: who answers a Reaction Trigger, in turn order, one answer each.

use super::ability::{
    AbilityDef, AbilityTime, Distance, EffectKind, ReactionTrigger, TargetKind, TargetSide,
};
use super::run::EncounterRun;
use super::run::Policy;
use super::space::distance;
use super::state::TriggerEvent;
use super::state::{LogKind, PendingAbility};

impl EncounterRun {
    /// Offers every creature, in turn order, one Reaction or Free Reaction to an event; returns
    /// whether one of them delayed the triggering ability. Reactions do not open windows of
    /// their own (depth 1), so chains stay finite.
    pub(super) fn reaction_window(
        &mut self,
        event: TriggerEvent<'_>,
        cause: usize,
        depth: u32,
    ) -> bool {
        if depth > 0 {
            return false;
        }
        let mut delayed = false;
        for reactor in self.order.clone() {
            let c = &self.combatants[reactor];
            // At the table the GM is asked whatever the creature's automatic setting.
            let asks = self.table_asks(reactor);
            if !c.standing() || !(c.reacts || asks) || self.cannot_react(reactor) {
                continue;
            }
            // The creature whose act triggered this: a Reaction that targets creatures aims at it
            // (the one starting an ability, or the attacker that dealt the damage).
            let source = match event {
                TriggerEvent::Starts { user, .. } if user == reactor => continue,
                TriggerEvent::Starts { user, .. } => Some(user),
                TriggerEvent::Damaged { by, .. } | TriggerEvent::WouldTakeDamage { by, .. }
                    if by != reactor =>
                {
                    Some(by)
                }
                TriggerEvent::Moved { who, .. } | TriggerEvent::Leaving { who, .. }
                    if who != reactor =>
                {
                    Some(who)
                }
                _ => None,
            };
            // Prepared abilities first: they are there to be used and they expire anyway.
            let mut ids: Vec<String> = c.prepared.iter().map(|p| p.ability.clone()).collect();
            ids.extend(c.block.abilities.iter().map(|k| k.id.clone()));
            let usable = ids.into_iter().filter_map(|id| {
                let (def, known) = self.ability_for(reactor, &id)?;
                let time = def.reaction_time()?;
                let usable = (time != AbilityTime::Reaction || self.combatants[reactor].beats > 0)
                    && def
                        .triggers
                        .iter()
                        .any(|t| self.trigger_matches(t, event, reactor, &def))
                    && def
                        .requirements
                        .iter()
                        .all(|r| self.condition_holds(reactor, source.as_slice(), r))
                    // Its target must be valid (in range, in sight) before a Beat is spent.
                    && self.reaction_targets(reactor, &def, source).is_some();
                usable.then_some((def, known))
            });
            // A naive creature takes the first it can; a careful one the one worth most, when
            // one pays at all (a tie keeps the first).
            let chosen = if asks {
                let options: Vec<_> = usable.collect();
                if options.is_empty() {
                    continue;
                }
                self.table_answer(reactor, &options, event, cause)
                    .and_then(|i| options.into_iter().nth(i))
            } else {
                match self.policy_of(reactor) {
                    Policy::Naive => usable.into_iter().next(),
                    Policy::Careful => usable
                        .filter_map(|(def, known)| {
                            let worth =
                                self.reaction_worth(reactor, &def, &known, event, source)?;
                            Some((worth, def, known))
                        })
                        .fold(None, |best: Option<(f64, _, _)>, next| match best {
                            Some(b) if b.0 >= next.0 => Some(b),
                            _ => Some(next),
                        })
                        .map(|(_, def, known)| (def, known)),
                }
            };
            let Some((def, known)) = chosen else { continue };
            let rid = self.combatants[reactor].id.clone();
            let time = def.reaction_time().unwrap_or(def.time);
            let cost = if time == AbilityTime::Reaction {
                self.combatants[reactor].beats -= 1;
                "spends a Beat and answers"
            } else {
                "answers"
            };
            let outer = self.begin_acting(reactor, &def.name);
            let at = self.push(
                LogKind::Reaction,
                Some(reactor),
                format!(
                    "{rid} {cost} with {}, {}",
                    def.name,
                    crate::wording::a_or_an(time.name())
                ),
                Some(cause),
            );
            self.use_prepared(reactor, &def, at);
            let targets = self
                .reaction_targets(reactor, &def, source)
                .unwrap_or_default();
            let pending = PendingAbility {
                ability: def.id.clone(),
                targets,
                shape: None,
                bonuses: None,
                cause: at,
                wards: Vec::new(),
            };
            let outer_source = std::mem::replace(&mut self.reacting_to, source);
            let r = self.resolve(reactor, &def, &known, &pending, at, depth + 1);
            self.reacting_to = outer_source;
            self.acting = outer;
            delayed |= r.delay;
        }
        delayed
    }

    /// Whom a Reaction of `reactor` answering an act of `source` aims at: itself (target
    /// `Myself`), nobody (it needs no target), the source when it is a valid target (in range
    /// and sight), else, with no source (it moved itself: Charge), the nearest valid enemy.
    /// `None`: it needs a target and has no valid one, so it cannot be used (no Beat spent).
    pub(super) fn reaction_targets(
        &self,
        reactor: usize,
        def: &AbilityDef,
        source: Option<usize>,
    ) -> Option<Vec<usize>> {
        if def.target.kinds.contains(&TargetKind::Myself) {
            return Some(vec![reactor]);
        }
        if !Self::needs_targets(def) {
            return Some(source.into_iter().collect());
        }
        if def.target.shape.is_some() {
            return None;
        }
        if let Some(s) = source {
            return self.valid_target(reactor, def, s).then(|| vec![s]);
        }
        let here = self.combatants[reactor].position;
        (0..self.combatants.len())
            .filter(|t| *t != reactor && self.valid_target(reactor, def, *t))
            .min_by_key(|t| (distance(here, self.combatants[*t].position), *t))
            .map(|t| vec![t])
    }

    pub(super) fn trigger_matches(
        &self,
        trigger: &ReactionTrigger,
        event: TriggerEvent<'_>,
        reactor: usize,
        answer: &AbilityDef,
    ) -> bool {
        match (trigger, event) {
            (
                ReactionTrigger::StartsAbility {
                    enemy,
                    effect,
                    targeting_me,
                    category,
                    time,
                },
                TriggerEvent::Starts { user, def, targets },
            ) => {
                (!enemy || self.combatants[user].side != self.combatants[reactor].side)
                    && effect.is_none_or(|e| def.effects.contains(&e))
                    && (!targeting_me || targets.contains(&reactor))
                    && category.is_none_or(|c| def.category == c)
                    && time.is_none_or(|t| def.time == t)
            }
            (ReactionTrigger::LeavesReach, TriggerEvent::Leaving { who, to }) => {
                let (mover, me) = (&self.combatants[who], &self.combatants[reactor]);
                let reach = answer
                    .target
                    .reach
                    .map_or(Distance::Swinging, |r| r.distance)
                    .units();
                mover.side != me.side
                    && distance(mover.position, me.position) <= reach
                    && distance(to, me.position) > reach
            }
            (ReactionTrigger::YouMove, TriggerEvent::Moved { who, .. })
            | (ReactionTrigger::WouldTakeDamage, TriggerEvent::WouldTakeDamage { who, .. })
            | (ReactionTrigger::TakesDamage, TriggerEvent::Damaged { who, .. })
            | (ReactionTrigger::TurnStarts, TriggerEvent::TurnStarts { who })
            | (ReactionTrigger::TurnEnds, TriggerEvent::TurnEnds { who }) => who == reactor,
            (ReactionTrigger::AllyAttacked, TriggerEvent::Starts { user, def, targets }) => {
                let side = &self.combatants[reactor].side;
                &self.combatants[user].side != side
                    && def.effects.contains(&EffectKind::Damage)
                    && targets
                        .iter()
                        .any(|t| *t != reactor && &self.combatants[*t].side == side)
            }
            (ReactionTrigger::Approaches(d), TriggerEvent::Moved { who, from }) => {
                let (mover, me) = (&self.combatants[who], &self.combatants[reactor]);
                let reach = d.units();
                mover.side != me.side
                    && distance(mover.position, me.position) <= reach
                    && distance(from, me.position) > reach
            }
            (ReactionTrigger::Drops, TriggerEvent::Drops { .. }) => true,
            (ReactionTrigger::DropsOn(side), TriggerEvent::Drops { who }) => {
                let same = self.combatants[who].side == self.combatants[reactor].side;
                match side {
                    TargetSide::Enemy => !same,
                    TargetSide::Ally => same,
                    TargetSide::Any => true,
                }
            }
            _ => false,
        }
    }
}
