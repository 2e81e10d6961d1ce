//! Starting and resolving abilities: Times, Requirements, Components, Bonuses and Penalties,
//! the Test, status stacks, effects, Saves, damage, Concentration and Reaction windows.

use super::ability::{AbilityDef, AbilityTime, Effect, Expiry, TestStatus};
use super::dice::Band;
use super::run::EncounterRun;
use super::space::{ShapePlacement, cell_words, origin_allowed};
use super::state::{ConcentrationEffect, LogKind, PendingAbility, TriggerEvent};
use super::words::{condition_words, shape_name};
use crate::model::KnownAbility;

/// What a resolved ability asks of its trigger.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Resolved {
    /// A `DelayTrigger` effect took place.
    pub delay: bool,
    /// The ability took effect (it had effects for its band).
    pub took_effect: bool,
}

impl EncounterRun {
    pub(super) fn refuse(&mut self, who: usize, text: String) -> bool {
        self.push(LogKind::Refused, Some(who), text, None);
        false
    }

    /// Starts an ability for `user` (on its turn, from the script or a policy).
    pub fn use_ability(
        &mut self,
        user: usize,
        id: &str,
        targets: &[usize],
        shape: Option<ShapePlacement>,
        bonuses: Option<Vec<String>>,
    ) -> bool {
        self.actions_this_turn += 1;
        let uid = self.combatants[user].id.clone();
        if !self.combatants[user].standing() {
            return self.refuse(user, format!("{uid} has dropped and cannot act"));
        }
        let Some(base) = self.content.abilities.get(id) else {
            return self.refuse(user, format!("{uid} cannot use unknown ability `{id}`"));
        };
        let name = base.name.clone();
        match base.time {
            AbilityTime::Montage => {
                return self.refuse(
                    user,
                    format!("{uid} cannot use {name}: Montages cannot be used in an encounter"),
                );
            }
            AbilityTime::Episodic => {
                return self.refuse(
                    user,
                    format!(
                        "{uid} cannot use {name}: Episodic abilities are used at the end of an \
                         Episode's Opening Credits, never in an encounter"
                    ),
                );
            }
            AbilityTime::Passive => {
                return self.refuse(
                    user,
                    format!("{uid} cannot start {name}: a Passive is always in effect"),
                );
            }
            AbilityTime::Reaction | AbilityTime::FreeReaction => {
                return self.refuse(
                    user,
                    format!("{uid} cannot start {name} on its own: a Reaction answers its Reaction Trigger"),
                );
            }
            _ => {}
        }
        let Some((def, known)) = self.ability_for(user, id) else {
            let why = if base.prepared_only {
                "it is not Prepared"
            } else {
                "it is not on its sheet"
            };
            return self.refuse(user, format!("{uid} cannot use {name}: {why}"));
        };
        if def.prepared_only
            && !self.combatants[user]
                .prepared
                .iter()
                .any(|p| p.ability == id)
        {
            return self.refuse(user, format!("{uid} cannot use {name}: it is not Prepared"));
        }
        for r in &def.requirements {
            if !self.condition_holds(user, targets, r) {
                return self.refuse(
                    user,
                    format!(
                        "{uid} cannot use {name}: its Requirement is not met, {}",
                        condition_words(r)
                    ),
                );
            }
        }
        if let (Some(spec), Some(place)) = (def.target.shape, shape)
            && !origin_allowed(&spec, self.combatants[user].position, place.origin)
        {
            return self.refuse(
                user,
                format!(
                    "{uid} cannot place the {} of {name} at {}",
                    shape_name(spec.kind),
                    cell_words(place.origin)
                ),
            );
        }
        // A creature named twice is still one target (seed 004, 1.8: the Test's targets are
        // creatures, "choosing its targets"; naming one again adds nothing).
        let mut unique: Vec<usize> = Vec::with_capacity(targets.len());
        for t in targets {
            if !unique.contains(t) {
                unique.push(*t);
            }
        }
        let targets = unique.as_slice();
        if let Some(why) = self.start_problem(user, &def, targets, shape) {
            return self.refuse(user, format!("{uid} cannot start {name}: {why}"));
        }
        let spends = def.time.costs_beat();
        if spends {
            let c = &mut self.combatants[user];
            if c.beats_for(id) == 0 {
                return self.refuse(user, format!("{uid} cannot use {name}: no Beats left"));
            }
            // Beats bound to this ability go first (they are good for nothing else).
            if c.bound_beats > 0 && c.bound_to.iter().any(|b| b == id) {
                c.bound_beats -= 1;
            } else {
                c.beats -= 1;
            }
        }
        let target_names: Vec<String> = targets
            .iter()
            .map(|t| self.combatants[*t].id.clone())
            .collect();
        let cost = if spends { "spends a Beat and " } else { "" };
        let aim = match (shape, target_names.is_empty()) {
            (Some(p), _) => format!(" with its Shape at {}", cell_words(p.origin)),
            (None, false) => format!(" targeting {}", target_names.join(", ")),
            (None, true) => String::new(),
        };
        let outer = self.begin_acting(user, &name);
        let start = self.push(
            LogKind::Start,
            Some(user),
            format!(
                "{uid} {cost}starts {name}, {}{}{aim}",
                crate::wording::a_or_an(def.time.name()),
                if aim.is_empty() { "" } else { "," }
            ),
            None,
        );
        self.use_prepared(user, &def, start);
        let mut pending = PendingAbility {
            ability: id.to_owned(),
            targets: targets.to_vec(),
            shape,
            bonuses,
            cause: start,
            wards: Vec::new(),
        };
        let delayed = self.reaction_window(
            TriggerEvent::Starts {
                user,
                def: &def,
                targets,
            },
            start,
            0,
        );
        if def.time == AbilityTime::SlowAction || delayed {
            self.push(
                LogKind::Note,
                Some(user),
                format!("{name} waits: its Test comes at the start of {uid}'s next turn"),
                Some(start),
            );
            pending.wards = (0..self.combatants.len())
                .filter(|i| self.combatants[*i].ward != 0)
                .map(|i| (i, self.combatants[i].ward))
                .collect();
            self.combatants[user].pending.push(pending);
        } else if self.combatants[user].standing() {
            self.resolve(user, &def, &known, &pending, start, 0);
        }
        self.clear_wards();
        self.acting = outer;
        true
    }

    pub(super) fn clear_wards(&mut self) {
        for c in &mut self.combatants {
            c.ward = 0;
        }
    }

    /// A Prepared ability with limited uses loses one.
    pub(super) fn use_prepared(&mut self, user: usize, def: &AbilityDef, cause: usize) {
        if !def.prepared_only {
            return;
        }
        let c = &mut self.combatants[user];
        let Some(p) = c.prepared.iter_mut().find(|p| p.ability == def.id) else {
            return;
        };
        if let Expiry::Uses(_) = p.expires {
            p.uses_left = p.uses_left.saturating_sub(1);
            if p.uses_left == 0 {
                c.prepared.retain(|p| p.ability != def.id);
                let uid = c.id.clone();
                self.push(
                    LogKind::Prepared,
                    Some(user),
                    format!("{uid}'s Prepared {} expires after its use", def.name),
                    Some(cause),
                );
            }
        }
    }

    /// A Slow Action's Test at the start of its user's turn.
    pub(super) fn resolve_pending(&mut self, who: usize, p: &PendingAbility, cause: usize) {
        let Some((def, known)) = self.ability_for(who, &p.ability) else {
            return;
        };
        let uid = self.combatants[who].id.clone();
        let outer = self.begin_acting(who, &def.name);
        let at = self.push(
            LogKind::Note,
            Some(who),
            format!("{uid}'s waiting {} takes its Test now", def.name),
            Some(p.cause),
        );
        let _ = cause;
        for (i, w) in &p.wards {
            self.combatants[*i].ward = *w;
        }
        self.resolve(who, &def, &known, p, at, 0);
        self.clear_wards();
        self.acting = outer;
    }

    /// Takes the Test and applies the effects of an ability that is taking effect now.
    pub(super) fn resolve(
        &mut self,
        user: usize,
        def: &AbilityDef,
        known: &KnownAbility,
        p: &PendingAbility,
        cause: usize,
        depth: u32,
    ) -> Resolved {
        let uid = self.combatants[user].id.clone();
        let mut result = Resolved::default();
        for r in &def.requirements {
            if !self.condition_holds(user, &p.targets, r) {
                self.push(
                    LogKind::Interrupted,
                    Some(user),
                    format!(
                        "{} is interrupted: its Requirement no longer holds, {}",
                        def.name,
                        condition_words(r)
                    ),
                    Some(cause),
                );
                return result;
            }
        }
        let targets = self.current_targets(user, def, p);
        if Self::needs_targets(def) && targets.is_empty() {
            self.push(
                LogKind::Interrupted,
                Some(user),
                format!(
                    "{} has no valid targets: an automatic Fail with no effect",
                    def.name
                ),
                Some(cause),
            );
            return result;
        }
        let dropped: Vec<String> = p
            .targets
            .iter()
            .filter(|t| def.target.shape.is_none() && !targets.contains(t))
            .map(|t| self.combatants[*t].id.clone())
            .collect();
        if !dropped.is_empty() {
            self.push(
                LogKind::Interrupted,
                Some(user),
                format!("{} is no longer a valid target", dropped.join(", ")),
                Some(cause),
            );
        }
        // Advantages and Disadvantages: Upgrades, Components, the Test's status, Bonuses,
        // Penalties (`terms`, which the careful policy's odds count too); then what they spend.
        let status = def.test.as_ref().and_then(|t| t.status);
        let terms = self.test_terms(user, def, known, &targets, p.bonuses.as_deref());
        for (res, n) in &terms.spends {
            self.add_resource(user, res, n.saturating_neg());
        }
        let (adv, dis, extra_damage) = (terms.advantages, terms.disadvantages, terms.extra_damage);
        let mut notes: Vec<String> = terms.notes.iter().map(ToString::to_string).collect();
        let band = if let Some(test) = &def.test {
            let modifier = self.combatants[user].block.stat(&test.modifier);
            let roll = self.test_roll(user, &def.id, modifier, (adv, dis), &mut notes);
            let detail = if notes.is_empty() {
                String::new()
            } else {
                format!("; {}", notes.join("; "))
            };
            self.push(
                LogKind::Test,
                Some(user),
                format!(
                    "{uid} tests {} with {} {modifier:+}: rolled {}, kept {} = {} → {} Score{detail}",
                    def.name,
                    test.modifier,
                    crate::wording::list(&roll.dice),
                    crate::wording::list(&roll.kept),
                    roll.total,
                    roll.band.label()
                ),
                Some(cause),
            );
            roll.band
        } else {
            self.push(
                LogKind::Test,
                Some(user),
                format!("{} has no Test: an automatic Mixed Score", def.name),
                Some(cause),
            );
            Band::Mixed
        };
        let test_at = self.log.len() - 1;
        match status {
            Some(s @ (TestStatus::Strained | TestStatus::Exhausted)) if !band.failed() => {
                self.gain_status(user, s.name(), 1, test_at);
            }
            Some(TestStatus::Concentrating) if band.failed() => {
                self.end_concentration(user, "the Concentration Test failed", test_at);
            }
            _ => {}
        }
        let effects = def.outcomes.for_band(band);
        if effects.is_empty() {
            self.push(
                LogKind::Note,
                Some(user),
                format!("{} has no effect on a {} Score", def.name, band.label()),
                Some(test_at),
            );
        }
        result.took_effect = !effects.is_empty();
        for e in effects {
            self.apply_effect(
                user,
                def,
                e,
                &targets,
                extra_damage,
                test_at,
                depth,
                &mut result,
            );
        }
        if status == Some(TestStatus::Concentrating) && result.took_effect {
            let what = effects
                .iter()
                .find_map(|e| match e {
                    Effect::Note(n) => Some(n.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| def.name.clone());
            let missing = self.missing_components(user, def, &targets);
            self.combatants[user]
                .concentration
                .push(ConcentrationEffect {
                    ability: def.id.clone(),
                    what,
                    targets: targets.clone(),
                    missing,
                });
            let n = self.combatants[user].concentration.len();
            self.push(
                LogKind::Concentration,
                Some(user),
                format!(
                    "{uid} gains a stack of Concentrating, now {n}, while {} lasts",
                    def.name
                ),
                Some(test_at),
            );
        }
        if !def.saves.is_empty() {
            self.saves(user, def, band, &targets, test_at, depth, &mut result);
        }
        result
    }
}
