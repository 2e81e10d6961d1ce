//! Who an ability may aim at: valid targets (with the reason one is not), what may start (only
//! a Slow Action on targets that are not valid yet), the targets that count when the Test
//! happens, and whether a condition holds.

use super::ability::{AbilityDef, AbilityTime, Condition, TargetKind, TargetSide};
use super::run::EncounterRun;
use super::space::{Cell, ShapePlacement, affected_cells, cell_words, distance, origin_allowed};
use super::state::PendingAbility;

impl EncounterRun {
    /// Whether a creature is a valid target of `def` for `user` right now.
    pub(super) fn valid_target(&self, user: usize, def: &AbilityDef, t: usize) -> bool {
        self.target_problem(user, def, t).is_none()
    }

    /// Why a creature is not a valid target of `def` for `user` right now, in plain words
    /// (`None` when it is valid).
    pub(super) fn target_problem(
        &self,
        user: usize,
        def: &AbilityDef,
        t: usize,
    ) -> Option<&'static str> {
        self.target_problem_from(user, self.combatants[user].position, def, t)
    }

    /// [`Self::target_problem`] as if `user` stood at `from` (the careful policy weighs a move).
    pub(super) fn target_problem_from(
        &self,
        user: usize,
        from: Cell,
        def: &AbilityDef,
        t: usize,
    ) -> Option<&'static str> {
        let (u, c) = (&self.combatants[user], &self.combatants[t]);
        if !c.standing() {
            return Some("it has dropped");
        }
        let side_ok = match def.target.side {
            TargetSide::Enemy => c.side != u.side,
            TargetSide::Ally => c.side == u.side,
            TargetSide::Any => true,
        };
        if !side_ok {
            return Some(match def.target.side {
                TargetSide::Enemy => "it is not an enemy",
                _ => "it is not an ally",
            });
        }
        if !def.target.tags.is_empty() && !def.target.tags.iter().any(|g| c.block.tags.contains(g))
        {
            return Some("it lacks the creature tag the ability needs");
        }
        let r = def.target.reach?;
        if distance(from, c.position) > r.distance.units() {
            return Some("it is out of range");
        }
        if r.r#true || t == user {
            return None;
        }
        // Cover stands between a creature and what comes at it from afar; an attacker at its
        // side (Swinging Distance, 1u) reaches round it (docs/rules/encounters.md, "Cover").
        if (c.in_cover || self.map.gives_cover(c.position)) && distance(from, c.position) > 1 {
            return Some("it is behind cover");
        }
        if !self.map.clear_line(from, c.position) {
            return Some("it is out of sight");
        }
        None
    }

    /// Why `user` cannot start `def` against these targets now (`None` when it can). Only a
    /// Slow Action may start on targets that are not valid yet (seed 004, 1.8: "When you start
    /// a Slow Action, you may choose targets that are initially invalid"); every other Time
    /// needs valid targets when it starts, as it takes effect at once.
    pub(super) fn start_problem(
        &self,
        user: usize,
        def: &AbilityDef,
        targets: &[usize],
        shape: Option<ShapePlacement>,
    ) -> Option<String> {
        if def.time == AbilityTime::SlowAction || !Self::needs_targets(def) {
            return None;
        }
        if let Some(spec) = def.target.shape {
            let Some(place) = shape else {
                return Some("it needs a place for its Shape".to_owned());
            };
            let from = self.combatants[user].position;
            if !spec.r#true && !self.map.clear_line(from, place.origin) {
                return Some(format!(
                    "the Shape's origin at {} is out of sight",
                    cell_words(place.origin)
                ));
            }
            return None;
        }
        if targets.is_empty() {
            return Some("no target was chosen".to_owned());
        }
        let max = def.target.count.max(1) as usize;
        if targets.len() > max {
            return Some(format!(
                "it takes at most {max} target(s); {} were chosen",
                targets.len()
            ));
        }
        targets.iter().find_map(|t| {
            self.target_problem(user, def, *t)
                .map(|why| format!("{} is not a valid target: {why}", self.combatants[*t].id))
        })
    }

    /// The targets that count when the Test happens (invalid ones drop out).
    pub(super) fn current_targets(
        &self,
        user: usize,
        def: &AbilityDef,
        p: &PendingAbility,
    ) -> Vec<usize> {
        if def.target.kinds.contains(&TargetKind::Myself) {
            return vec![user];
        }
        if let Some(spec) = def.target.shape {
            let Some(place) = p.shape else {
                return Vec::new();
            };
            let from = self.combatants[user].position;
            if !origin_allowed(&spec, from, place.origin)
                || (!spec.r#true && !self.map.clear_line(from, place.origin))
            {
                return Vec::new();
            }
            let cells = affected_cells(&self.map, &spec, &place);
            return (0..self.combatants.len())
                .filter(|i| {
                    let c = &self.combatants[*i];
                    c.standing() && cells.contains(&c.position)
                })
                .collect();
        }
        let max = def.target.count.max(1) as usize;
        p.targets
            .iter()
            .copied()
            .filter(|t| self.valid_target(user, def, *t))
            .take(max)
            .collect()
    }

    pub(super) fn needs_targets(def: &AbilityDef) -> bool {
        !def.target.kinds.contains(&TargetKind::Myself)
            && (def.target.shape.is_some()
                || def.target.reach.is_some()
                || def.target.kinds.contains(&TargetKind::Creature))
    }

    /// Whether a condition holds for `user` (and the first of `targets`).
    pub(super) fn condition_holds(&self, user: usize, targets: &[usize], cond: &Condition) -> bool {
        let u = &self.combatants[user];
        let first = targets.first().map(|t| &self.combatants[*t]);
        match cond {
            Condition::Always => true,
            Condition::Resource(name, n) => u.resources.get(name).copied().unwrap_or(0) >= *n,
            Condition::HasStatus(s) => u.stacks(s) > 0,
            Condition::NoStatus(s) => u.stacks(s) == 0,
            Condition::Bloodied => i64::from(u.health) * 2 <= i64::from(u.max_health),
            Condition::TargetWithin(d) => {
                first.is_some_and(|t| distance(u.position, t.position) <= d.units())
            }
            Condition::AllyNearTarget => first.is_some_and(|t| {
                self.combatants.iter().any(|o| {
                    o.standing()
                        && o.side == u.side
                        && o.id != u.id
                        && distance(o.position, t.position) <= 1
                })
            }),
            Condition::TargetHasStatus(s) => first.is_some_and(|t| t.stacks(s) > 0),
            Condition::NoEnemyWithin(d) => !self.combatants.iter().any(|o| {
                o.standing() && o.side != u.side && distance(o.position, u.position) <= d.units()
            }),
            // Nesting is bounded by the RON reader's recursion limit, so this cannot overflow.
            Condition::Any(list) => list.iter().any(|c| self.condition_holds(user, targets, c)),
            Condition::All(list) => list.iter().all(|c| self.condition_holds(user, targets, c)),
            Condition::Not(c) => !self.condition_holds(user, targets, c),
        }
    }
}
