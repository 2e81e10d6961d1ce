//! Effects of a resolving ability: Saves, damage, healing, status stacks, Concentration.

use super::ability::{AbilityDef, Effect, Expiry};
use super::damage_dice::{DamageDice, damage_expression};
use super::dice::{Band, SaveMod, save_mod};
use super::resolve::Resolved;
use super::run::EncounterRun;
use super::space::{Cell, cell_words, distance};
use super::state::TriggerEvent;
use super::state::{LogKind, PreparedAbility};
use super::words::{expiry_words, save_mod_words};

impl EncounterRun {
    #[allow(clippy::too_many_arguments)] // one resolution's context; a struct would only rename it
    pub(super) fn saves(
        &mut self,
        user: usize,
        def: &AbilityDef,
        band: Band,
        targets: &[usize],
        cause: usize,
        depth: u32,
        result: &mut Resolved,
    ) {
        for save in &def.saves {
            for t in targets {
                let t = *t;
                if !self.combatants[t].standing() {
                    continue;
                }
                let tid = self.combatants[t].id.clone();
                let m = save_mod(band);
                let passed = match m {
                    SaveMod::AutoPass => {
                        self.push(
                            LogKind::Save,
                            Some(t),
                            format!(
                                "{tid} passes the {} Save automatically on a Critical Failure",
                                save.modifier
                            ),
                            Some(cause),
                        );
                        true
                    }
                    SaveMod::AutoFail => {
                        self.push(
                            LogKind::Save,
                            Some(t),
                            format!(
                                "{tid} fails the {} Save automatically on a Critical Success",
                                save.modifier
                            ),
                            Some(cause),
                        );
                        false
                    }
                    _ => {
                        let (a, d) = match m {
                            SaveMod::Advantage => (1, 0),
                            SaveMod::Disadvantage => (0, 1),
                            _ => (0, 0),
                        };
                        let d = d + self.status_test_mods(t, None, &[]).disadvantages;
                        let modifier = self.combatants[t].block.stat(&save.modifier);
                        let roll = self.dice.roll(&self.rule, modifier, a, d);
                        let passed = !roll.band.failed();
                        self.push(
                            LogKind::Save,
                            Some(t),
                            format!(
                                "{tid} makes a {} Save, {}: rolled {}, kept {} = {} → {}",
                                save.modifier,
                                save_mod_words(m),
                                crate::wording::list(&roll.dice),
                                crate::wording::list(&roll.kept),
                                roll.total,
                                if passed { "passes" } else { "fails" }
                            ),
                            Some(cause),
                        );
                        passed
                    }
                };
                let at = self.log.len() - 1;
                let list = if passed { &save.on_pass } else { &save.on_fail };
                for e in list {
                    self.apply_effect(user, def, e, &[t], 0, at, depth, result);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)] // one resolution's context; a struct would only rename it
    pub(super) fn apply_effect(
        &mut self,
        user: usize,
        def: &AbilityDef,
        effect: &Effect,
        targets: &[usize],
        extra_damage: i32,
        cause: usize,
        depth: u32,
        result: &mut Resolved,
    ) {
        let uid = self.combatants[user].id.clone();
        match effect {
            Effect::Damage { amount, dice, kind } => {
                let fixed = amount.saturating_add(extra_damage);
                let (total, cause) = match dice {
                    Some(text) => self.roll_damage_dice(user, fixed, text, kind.as_deref(), cause),
                    None => (fixed, cause),
                };
                for t in targets {
                    self.damage_window(user, *t, total, cause, depth);
                    self.deal_damage(user, *t, total, kind.as_deref(), cause, depth);
                }
            }
            Effect::Healing(n) => {
                for t in targets {
                    self.heal(*t, *n, cause);
                }
            }
            Effect::Status(name, n) => {
                for t in targets {
                    self.gain_status(*t, name, *n, cause);
                }
            }
            Effect::SelfStatus(name, n) => self.gain_status(user, name, *n, cause),
            Effect::GainBeats(n) => {
                self.combatants[user].beats = self.combatants[user].beats.saturating_add(*n);
                let b = self.combatants[user].beats;
                self.push(
                    LogKind::Beats,
                    Some(user),
                    format!(
                        "{uid} gains {}, {b} left",
                        crate::wording::plural(n, "extra Beat", "extra Beats")
                    ),
                    Some(cause),
                );
            }
            Effect::EndTurn => {
                if self.current() == Some(user) {
                    self.end_turn_requested = true;
                    self.push(
                        LogKind::Note,
                        Some(user),
                        format!("{uid} must end its turn"),
                        Some(cause),
                    );
                }
            }
            Effect::WardHalf(at_least) => {
                let half = self.incoming_damage.map_or(0, |d| d / 2);
                let n = half.max(*at_least);
                self.combatants[user].ward = self.combatants[user].ward.saturating_add(n);
                self.push(
                    LogKind::Note,
                    Some(user),
                    format!(
                        "{uid} will take {n} less damage from the triggering ability: half of it or {at_least}, whichever is more"
                    ),
                    Some(cause),
                );
            }
            Effect::WardAll => {
                self.combatants[user].ward = i32::MAX / 4;
                self.push(
                    LogKind::Note,
                    Some(user),
                    format!("{uid} will take no damage from the triggering ability"),
                    Some(cause),
                );
            }
            Effect::GainResourceUpTo(name, n, cap) => {
                let had = self.combatants[user]
                    .resources
                    .get(name)
                    .copied()
                    .unwrap_or(0);
                let now = had.saturating_add(*n).min(*cap).max(had);
                self.add_resource(user, name, now - had);
                self.push(
                    LogKind::Note,
                    Some(user),
                    format!(
                        "{uid} gains {} {name}, now {now} of at most {cap}",
                        now - had
                    ),
                    Some(cause),
                );
            }
            Effect::GainBeatsFor(n, abilities) => {
                let c = &mut self.combatants[user];
                c.bound_beats = c.bound_beats.saturating_add(*n);
                c.bound_to.clone_from(abilities);
                let b = c.bound_beats;
                let names: Vec<String> = abilities
                    .iter()
                    .map(|a| {
                        self.content
                            .abilities
                            .get(a)
                            .map_or_else(|| a.clone(), |d| d.name.clone())
                    })
                    .collect();
                self.push(
                    LogKind::Beats,
                    Some(user),
                    format!(
                        "{uid} gains {} for {} only, {b} such left",
                        crate::wording::plural(n, "extra Beat", "extra Beats"),
                        crate::wording::list(&names)
                    ),
                    Some(cause),
                );
            }
            Effect::Ward(n) => {
                self.combatants[user].ward = self.combatants[user].ward.saturating_add(*n);
                self.push(
                    LogKind::Note,
                    Some(user),
                    format!("{uid} will take {n} less damage from the triggering ability"),
                    Some(cause),
                );
            }
            Effect::DelayTrigger => {
                result.delay = true;
                self.push(
                    LogKind::Note,
                    Some(user),
                    "the triggering Action becomes a Slow Action".to_owned(),
                    Some(cause),
                );
            }
            Effect::Prepare { ability, expires } => {
                let (uses_left, until_round) = match expires {
                    Expiry::Uses(n) => (*n, u32::MAX),
                    Expiry::Rounds(n) => (u32::MAX, self.round.saturating_add(*n)),
                    Expiry::Concentration => (u32::MAX, u32::MAX),
                };
                let c = &mut self.combatants[user];
                c.prepared.retain(|p| &p.ability != ability);
                c.prepared.push(PreparedAbility {
                    ability: ability.clone(),
                    expires: *expires,
                    uses_left,
                    until_round,
                    prepared_by: def.id.clone(),
                });
                self.push(
                    LogKind::Prepared,
                    Some(user),
                    format!(
                        "{uid} Prepares {}: it {}",
                        self.content
                            .abilities
                            .get(ability)
                            .map_or(ability.as_str(), |d| d.name.as_str()),
                        expiry_words(*expires)
                    ),
                    Some(cause),
                );
            }
            Effect::GainResource(name, n) => {
                self.add_resource(user, name, *n);
                self.push(
                    LogKind::Note,
                    Some(user),
                    format!("{uid} gains {n} {name}"),
                    Some(cause),
                );
            }
            Effect::Note(text) => {
                self.push(LogKind::Note, Some(user), text.clone(), Some(cause));
            }
            Effect::Push(n) | Effect::Pull(n) => {
                let toward = matches!(effect, Effect::Pull(_));
                let from = self.combatants[user].position;
                for t in targets {
                    if *t != user {
                        let verb = if toward { "is pulled" } else { "is pushed" };
                        self.forced_move(*t, from, *n, toward, verb, cause, depth);
                    }
                }
            }
            Effect::Shift(n) => {
                let away = self
                    .reacting_to
                    .filter(|s| *s != user)
                    .or_else(|| self.nearest_enemy(user))
                    .map(|s| self.combatants[s].position);
                if let Some(from) = away {
                    self.forced_move(user, from, *n, false, "moves", cause, depth);
                }
            }
        }
    }

    /// Rolls an effect's damage dice once for all its targets and logs the roll ("1d6+2: rolled
    /// 4, 6 Fire damage"); returns the total and the log line the damage follows. Dice text that
    /// does not parse (validation reports it) rolls nothing.
    fn roll_damage_dice(
        &mut self,
        user: usize,
        fixed: i32,
        text: &str,
        kind: Option<&str>,
        cause: usize,
    ) -> (i32, usize) {
        let Ok(dice) = DamageDice::parse(text) else {
            let at = self.push(
                LogKind::Note,
                Some(user),
                format!("`{text}` is not dice: no dice rolled, {fixed} damage"),
                Some(cause),
            );
            return (fixed, at);
        };
        let rolled = self.dice.roll_damage(dice);
        let sum = rolled
            .iter()
            .map(|d| i32::try_from(*d).unwrap_or(i32::MAX))
            .fold(0i32, i32::saturating_add);
        let total = sum.saturating_add(fixed);
        let faces: Vec<String> = rolled.iter().map(ToString::to_string).collect();
        let kind = kind.map(|k| format!(" {k}")).unwrap_or_default();
        let at = self.push(
            LogKind::Note,
            Some(user),
            format!(
                "{}: rolled {}, {total}{kind} damage",
                damage_expression(fixed, Some(text)),
                faces.join(" + ")
            ),
            Some(cause),
        );
        (total, at)
    }

    /// Restores up to `n` health to a standing creature (never above its maximum; a dropped
    /// creature is not healed).
    pub(super) fn heal(&mut self, t: usize, n: i32, cause: usize) {
        let c = &mut self.combatants[t];
        if !c.standing() {
            return;
        }
        let before = c.health;
        c.health = c.health.saturating_add(n).min(c.max_health).max(before);
        let text = format!(
            "{} heals {}, health {} of {}",
            c.id,
            c.health - before,
            c.health,
            c.max_health
        );
        self.push(LogKind::Healing, Some(t), text, Some(cause));
    }

    /// A Push, Pull or Shift: `slide`s `who`, then, when it moved, opens the Reaction window of
    /// a move (an `Approaches` trigger counts a forced move as one: "a creature approaches",
    /// whoever moved it).
    #[allow(clippy::too_many_arguments)] // the slide's parts and the window's depth
    fn forced_move(
        &mut self,
        who: usize,
        from: Cell,
        cells: i32,
        toward: bool,
        verb: &str,
        cause: usize,
        depth: u32,
    ) {
        let start = self.combatants[who].position;
        if let Some(at) = self.slide(who, from, cells, toward, verb, cause) {
            self.reaction_window(TriggerEvent::Moved { who, from: start }, at, depth);
        }
    }

    /// A forced move: `who` goes up to `cells` cells in a straight line away from `from` (toward
    /// it with `toward`, stopping next to it), one cell at a time, stopping before a blocking
    /// cell, the map's edge or another standing creature. Cover ends when it moves. The log
    /// says "`who` `verb` 2 cells from … to …"; returns that entry when it moved.
    pub(super) fn slide(
        &mut self,
        who: usize,
        from: Cell,
        cells: i32,
        toward: bool,
        verb: &str,
        cause: usize,
    ) -> Option<usize> {
        let start = self.combatants[who].position;
        let at = self.slide_end(who, from, cells, toward)?;
        let id = self.combatants[who].id.clone();
        let moved = distance(start, at);
        let text = if moved == 0 {
            format!("{id} does not move: something stands in the way")
        } else {
            let c = &mut self.combatants[who];
            c.position = at;
            c.in_cover = false;
            format!(
                "{id} {verb} {} from {} to {}",
                super::words::count(moved, "cell", "cells"),
                cell_words(start),
                cell_words(at)
            )
        };
        let entry = self.push(LogKind::Move, Some(who), text, Some(cause));
        (moved > 0).then_some(entry)
    }

    /// Where a forced move of `who` (see `slide`) would end, without making it; `None` when
    /// there is no direction to go (it stands on `from`) or it has dropped. The policies weigh
    /// a Push, Pull or Shift with it.
    pub(super) fn slide_end(
        &self,
        who: usize,
        from: Cell,
        cells: i32,
        toward: bool,
    ) -> Option<Cell> {
        let start = self.combatants[who].position;
        let sign = if toward { -1 } else { 1 };
        let step = (
            (start.0 - from.0).signum() * sign,
            (start.1 - from.1).signum() * sign,
        );
        if step == (0, 0) || !self.combatants[who].standing() {
            return None;
        }
        let mut at = start;
        // Bounded: no map is wider than this many steps would need.
        for _ in 0..cells.clamp(0, 256) {
            let next = (at.0 + step.0, at.1 + step.1);
            let taken = self
                .combatants
                .iter()
                .enumerate()
                .any(|(i, c)| i != who && c.standing() && c.position == next);
            if !self.map.contains(next)
                || self.map.blocks(next)
                || taken
                || (toward && distance(next, from) < 1)
            {
                break;
            }
            at = next;
        }
        Some(at)
    }

    /// Changes a resource's points (saturating: content cannot overflow it).
    pub(super) fn add_resource(&mut self, who: usize, name: &str, delta: i32) {
        let c = &mut self.combatants[who];
        let now = c.resources.get(name).copied().unwrap_or(0);
        c.resources
            .insert(name.to_owned(), now.saturating_add(delta));
    }

    /// Adds stacks of a status (marked fresh when gained on the bearer's own turn).
    /// A status's most stacks (`max_stacks`) caps what is gained.
    pub(super) fn gain_status(&mut self, who: usize, name: &str, n: u32, cause: usize) {
        let own_turn = self.current() == Some(who);
        let allowed = self.stacks_allowed(who, name, n);
        let c = &mut self.combatants[who];
        if allowed == 0 && n > 0 {
            let text = format!(
                "{} already has the most stacks of {name}, {}",
                c.id,
                c.stacks(name)
            );
            self.push(LogKind::Status, Some(who), text, Some(cause));
            return;
        }
        let n = allowed;
        let s = c.statuses.entry(name.to_owned()).or_default();
        s.stacks = s.stacks.saturating_add(n);
        if own_turn {
            s.fresh = s.fresh.saturating_add(n);
        }
        let text = format!(
            "{} gains {} of {name}, now {}",
            c.id,
            crate::wording::plural(n, "stack", "stacks"),
            s.stacks
        );
        self.push(LogKind::Status, Some(who), text, Some(cause));
    }

    /// Ends every active Concentration effect of `who` (and what they Prepared).
    pub(super) fn end_concentration(&mut self, who: usize, why: &str, cause: usize) {
        let c = &mut self.combatants[who];
        if c.concentration.is_empty() {
            return;
        }
        let ended: Vec<String> = c.concentration.drain(..).map(|e| e.what).collect();
        let lost: Vec<String> = c
            .prepared
            .iter()
            .filter(|p| p.expires == Expiry::Concentration)
            .map(|p| p.ability.clone())
            .collect();
        c.prepared.retain(|p| p.expires != Expiry::Concentration);
        let id = c.id.clone();
        let at = self.push(
            LogKind::Concentration,
            Some(who),
            format!(
                "{id}'s Concentration effects end, {why}: {}",
                ended.join(", ")
            ),
            Some(cause),
        );
        for a in lost {
            self.push(
                LogKind::Prepared,
                Some(who),
                format!("{id}'s Prepared {a} expires with its Concentration"),
                Some(at),
            );
        }
    }

    /// A Concentrating creature's Focus Save (2d6 + Focus, a Disadvantage per stack of
    /// Concentrating); failing it ends every Concentration effect. Nothing without Concentration.
    pub(super) fn focus_save(&mut self, t: usize, cause: usize) {
        if self.combatants[t].concentration.is_empty() {
            return;
        }
        let stacks = self.combatants[t].concentration.len() as u32;
        let focus = self.combatants[t].block.stat("Focus");
        let others = self.status_test_mods(t, None, &[]).disadvantages;
        let roll = self
            .dice
            .roll(&self.rule, focus, 0, stacks.saturating_add(others));
        let passed = !roll.band.failed();
        let id = self.combatants[t].id.clone();
        let save_at = self.push(
            LogKind::Save,
            Some(t),
            format!(
                "{id} makes a Focus Save with {} for Concentrating: rolled {}, kept {} = {} → {}",
                crate::wording::plural(stacks, "Disadvantage", "Disadvantages"),
                crate::wording::list(&roll.dice),
                crate::wording::list(&roll.kept),
                roll.total,
                if passed { "passes" } else { "fails" }
            ),
            Some(cause),
        );
        if !passed {
            self.end_concentration(t, "failed Focus Save", save_at);
        }
    }

    /// The Components of `def` (those not spent on use) that do not hold for `user` and
    /// `targets` now, by name.
    pub(super) fn missing_components(
        &self,
        user: usize,
        def: &AbilityDef,
        targets: &[usize],
    ) -> Vec<String> {
        def.components
            .iter()
            .filter(|c| !c.spends && !self.condition_holds(user, targets, &c.check))
            .map(|c| c.name.clone())
            .collect()
    }

    /// Seed 004, 1.8: "if one of the Components of one of your active Concentration Abilities
    /// gets interrupted, then you will need to make a Focus Save". After each step, a Component
    /// that held and no longer does forces one Focus Save (a Component spent on use is not
    /// "interrupted" by being spent).
    pub(super) fn check_concentration_components(&mut self) {
        for who in 0..self.combatants.len() {
            let mut j = 0;
            while j < self.combatants[who].concentration.len() && self.combatants[who].standing() {
                let effect = self.combatants[who].concentration[j].clone();
                let Some((def, _)) = self.ability_for(who, &effect.ability) else {
                    j += 1;
                    continue;
                };
                let now = self.missing_components(who, &def, &effect.targets);
                let lost: Vec<String> = now
                    .iter()
                    .filter(|c| !effect.missing.contains(c))
                    .cloned()
                    .collect();
                self.combatants[who].concentration[j].missing = now;
                if lost.is_empty() {
                    j += 1;
                    continue;
                }
                let id = self.combatants[who].id.clone();
                let at = self.push(
                    LogKind::Concentration,
                    Some(who),
                    format!(
                        "{id}'s {} is interrupted: its Component {} no longer holds",
                        effect.what,
                        lost.join(", ")
                    ),
                    None,
                );
                let before = self.combatants[who].concentration.len();
                self.focus_save(who, at);
                if self.combatants[who].concentration.len() == before {
                    j += 1;
                } else {
                    break;
                }
            }
        }
    }

    /// Damage to one creature from `by`'s ability: Vulnerable adds, a Ward subtracts; a
    /// Concentrating creature makes a Focus Save; then Reactions to taking damage (or dropping)
    /// may answer.
    /// Before `by`'s ability deals damage to `t` (its Test made, so a Miss opens nothing):
    /// the "would take Damage" Reaction window (Dodge), with the damage it would take.
    fn damage_window(&mut self, by: usize, t: usize, amount: i32, cause: usize, depth: u32) {
        if depth > 0 || !self.combatants[t].standing() {
            return;
        }
        let would = amount
            .saturating_add(self.extra_damage_taken(t))
            .saturating_sub(self.combatants[t].ward);
        if would <= 0 {
            return;
        }
        let outer = self.incoming_damage.replace(would);
        self.reaction_window(
            TriggerEvent::WouldTakeDamage {
                who: t,
                by,
                amount: would,
            },
            cause,
            depth,
        );
        self.incoming_damage = outer;
    }

    pub(super) fn deal_damage(
        &mut self,
        by: usize,
        t: usize,
        amount: i32,
        kind: Option<&str>,
        cause: usize,
        depth: u32,
    ) {
        if !self.combatants[t].standing() {
            return;
        }
        let extra = self.extra_damage_taken(t);
        let c = &mut self.combatants[t];
        let dealt = amount.saturating_add(extra).saturating_sub(c.ward).max(0);
        c.health = c.health.saturating_sub(dealt);
        let kind = kind.map(|k| format!(" {k}")).unwrap_or_default();
        let mut parts = Vec::new();
        if extra != 0 {
            parts.push(format!("{extra} more for Vulnerable"));
        }
        if c.ward != 0 {
            // A ward to 0 is huge; say what it stopped.
            let stopped = c.ward.min(amount.saturating_add(extra).max(0));
            parts.push(format!("{stopped} warded off"));
        }
        let detail = if parts.is_empty() {
            String::new()
        } else {
            format!(": {amount}, {}", parts.join(", "))
        };
        let text = format!(
            "{} takes {dealt}{kind} damage{detail}; health {} of {}",
            c.id, c.health, c.max_health
        );
        let at = self.push(LogKind::Damage, Some(t), text, Some(cause));
        if dealt > 0 && self.combatants[t].standing() {
            self.focus_save(t, at);
        }
        if !self.combatants[t].standing() {
            let id = self.combatants[t].id.clone();
            let drop_at = self.push(LogKind::Drop, Some(t), format!("{id} drops"), Some(at));
            self.end_concentration(t, "dropped", drop_at);
            self.combatants[t].pending.clear();
            self.reaction_window(TriggerEvent::Drops { who: t }, drop_at, depth);
        } else if dealt > 0 {
            self.reaction_window(TriggerEvent::Damaged { who: t, by }, at, depth);
        }
    }
}
