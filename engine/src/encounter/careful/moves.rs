//! The careful policy's moves: out of the way of a waiting ability, toward a hurt ally or into
//! range, and behind cover.

use super::super::ability::{AbilityDef, AbilityTime, Effect};
use super::super::run::EncounterRun;
use super::super::space::{Cell, ShapePlacement, affected_cells, distance};
use super::{bloodied, high_damage};
use crate::model::KnownAbility;

impl EncounterRun {
    /// What getting behind cover with its last Beat is worth to a Bloodied `me`: the hits it
    /// keeps off until its next turn, 2 points for each Beat of an enemy close enough to
    /// reach it (its move plus its longest reach) with an ability cover stops (not True,
    /// longer than Swinging Distance). Nothing when it is not Bloodied or already behind cover.
    pub(super) fn cover_worth(&self, me: usize) -> f64 {
        let c = &self.combatants[me];
        if !bloodied(c.health, c.max_health) || c.in_cover || self.map.gives_cover(c.position) {
            return 0.0;
        }
        let mut beats = 0u32;
        for o in &self.combatants {
            if !o.standing() || o.side == c.side {
                continue;
            }
            // Cover keeps off only what comes from afar (not True, beyond 1u): a foe with
            // nothing else walks up to its side and strikes anyway.
            let Some(reach) = o
                .block
                .abilities
                .iter()
                .filter_map(|k| self.content.abilities.get(&k.id))
                .filter_map(|d| d.target.reach)
                .filter(|r| !r.r#true && r.distance.units() > 1)
                .map(|r| r.distance.units())
                .max()
            else {
                continue;
            };
            let speed = o.block.speed.min(64) as i32;
            let apart = distance(o.position, c.position);
            // A foe that can walk to its side this turn strikes round the cover anyway.
            if apart > speed.saturating_add(1) && apart <= speed.saturating_add(reach) {
                beats = beats.saturating_add(o.block.beats);
            }
        }
        2.0 * f64::from(beats)
    }

    /// Moves `me` out of the way of a waiting enemy ability aimed at it, with its last Beat or
    /// at once when that ability could drop it; whether it spent a Beat doing so.
    pub(super) fn escape_waiting(&mut self, me: usize) -> bool {
        let c = &self.combatants[me];
        let pos = c.position;
        let mut threat: Option<(usize, AbilityDef, Option<ShapePlacement>)> = None;
        for (u, user) in self.combatants.iter().enumerate() {
            if !user.standing() || user.side == c.side {
                continue;
            }
            for p in &user.pending {
                let Some((def, _)) = self.ability_for(u, &p.ability) else {
                    continue;
                };
                let aimed = match (def.target.shape, p.shape) {
                    (Some(spec), Some(place)) => {
                        affected_cells(&self.map, &spec, &place).contains(&pos)
                    }
                    _ => p.targets.contains(&me),
                };
                if aimed && high_damage(&def) > 0 {
                    threat = Some((u, def, p.shape));
                }
            }
        }
        let Some((user, def, place)) = threat else {
            return false;
        };
        if c.beats > 1 && high_damage(&def) < c.health {
            return false;
        }
        if let (Some(spec), Some(place)) = (def.target.shape, place) {
            let cells = affected_cells(&self.map, &spec, &place);
            let out = self
                .reachable_cells(me)
                .into_iter()
                .filter(|cell| !cells.contains(cell))
                .min_by_key(|cell| (distance(pos, *cell), *cell));
            return out.is_some_and(|cell| self.move_to(me, cell));
        }
        let reach = def.target.reach.unwrap_or_default();
        let from = self.combatants[user].position;
        // Cover keeps off what comes from afar, not a user at its side.
        if !reach.r#true && distance(from, pos) > 1 {
            if c.in_cover || self.map.gives_cover(pos) {
                return false;
            }
            self.take_cover(me);
            return true;
        }
        let out = self
            .reachable_cells(me)
            .into_iter()
            .filter(|cell| distance(from, *cell) > reach.distance.units())
            .min_by_key(|cell| (distance(pos, *cell), *cell));
        out.is_some_and(|cell| self.move_to(me, cell))
    }

    /// Where `me` should move: toward a Bloodied ally its healing cannot reach yet, else to a
    /// cell from which its best damaging ability reaches an enemy, else toward the nearest enemy.
    pub(super) fn careful_move(
        &self,
        me: usize,
        startable: &[(AbilityDef, KnownAbility)],
    ) -> Option<Cell> {
        let c = &self.combatants[me];
        let pos = c.position;
        let heals = |def: &AbilityDef| {
            def.time.costs_beat()
                && def
                    .outcomes
                    .effects()
                    .any(|e| matches!(e, Effect::Healing(_)))
        };
        let cells = self.reachable_cells(me);
        for (def, _) in startable.iter().filter(|(d, _)| heals(d)) {
            let hurt = (0..self.combatants.len())
                .filter(|i| {
                    let t = &self.combatants[*i];
                    *i != me
                        && t.standing()
                        && t.side == c.side
                        && bloodied(t.health, t.max_health)
                        && !self.valid_target(me, def, *i)
                })
                .min_by_key(|i| (self.combatants[*i].health, *i));
            if let Some(h) = hurt {
                let goal = self.combatants[h].position;
                let best = cells
                    .iter()
                    .copied()
                    .filter(|cell| self.target_problem_from(me, *cell, def, h).is_none())
                    .min_by_key(|cell| (self.enemies_next_to(me, *cell), distance(pos, *cell)));
                if best.is_some() {
                    return best;
                }
                if let Some(step) = self.step_toward(me, goal) {
                    return Some(step);
                }
            }
        }
        // The damaging abilities that pick creatures, longest reach first.
        let mut damaging: Vec<&AbilityDef> = startable
            .iter()
            .map(|(d, _)| d)
            .filter(|d| {
                d.time.costs_beat()
                    && d.time != AbilityTime::SlowAction
                    && d.target.shape.is_none()
                    && d.target.reach.is_some()
                    && high_damage(d) > 0
            })
            .collect();
        damaging.sort_by_key(|d| std::cmp::Reverse(high_damage(d)));
        let ranged = damaging
            .iter()
            .any(|d| d.target.reach.is_some_and(|r| r.distance.units() > 1));
        for def in &damaging {
            let best = cells
                .iter()
                .copied()
                .filter(|cell| {
                    (0..self.combatants.len()).any(|t| {
                        self.combatants[t].side != c.side
                            && self.target_problem_from(me, *cell, def, t).is_none()
                    })
                })
                .min_by_key(|cell| {
                    let crowd = if ranged {
                        self.enemies_next_to(me, *cell)
                    } else {
                        0
                    };
                    (
                        crowd,
                        !self.map.gives_cover(*cell),
                        distance(pos, *cell),
                        *cell,
                    )
                });
            if best.is_some() {
                return best;
            }
        }
        let enemy = self.nearest_enemy(me)?;
        let goal = self.combatants[enemy].position;
        if distance(pos, goal) > 1 {
            return self.step_toward(me, goal);
        }
        None
    }

    /// Standing enemies of `me` next to a cell.
    fn enemies_next_to(&self, me: usize, cell: Cell) -> usize {
        let side = &self.combatants[me].side;
        self.combatants
            .iter()
            .filter(|o| o.standing() && &o.side != side && distance(o.position, cell) <= 1)
            .count()
    }
}
