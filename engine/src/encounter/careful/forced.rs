//! The careful policy's worth of a forced move (a Push, a Pull, a Shift): what changes when a
//! creature ends up on another cell — who can hit whom without moving, cover lost, and the
//! waiting abilities (Slow or Delayed) it enters or escapes.

use super::super::ability::{AbilityDef, TargetKind};
use super::super::run::EncounterRun;
use super::super::space::{Cell, affected_cells, distance};
use super::{TurnWorth, high_damage};
use crate::model::KnownAbility;

/// What a creature forced out of cover loses (it can be targeted again).
const COVER_LOST: f64 = 1.0;

impl EncounterRun {
    /// What moving `t` from where it stands to `to` is worth to `me` (positive: good for
    /// `me`'s side). For each foe of `t`: the change in the best attack `t` can make on it
    /// without moving, and in the best it can make on `t` (a Beat of the attacker each, so a
    /// melee foe pushed out of reach loses an attack, a ranged one pulled into an ally's reach
    /// gives one); cover lost; and each waiting ability whose Shape or reach `t` enters or
    /// leaves, worth its expected harm on `t`.
    pub(super) fn forced_move_value(&self, me: usize, t: usize, to: Cell) -> f64 {
        let from = self.combatants[t].position;
        if to == from || !self.combatants[t].standing() {
            return 0.0;
        }
        let side = &self.combatants[me].side;
        let ours = |x: usize| {
            if &self.combatants[x].side == side {
                1.0
            } else {
                -1.0
            }
        };
        let mut v = 0.0;
        for o in 0..self.combatants.len() {
            let other = &self.combatants[o];
            if o == t || !other.standing() || other.side == self.combatants[t].side {
                continue;
            }
            let at = other.position;
            v += ours(t) * (self.hit_worth(t, o, to, at) - self.hit_worth(t, o, from, at));
            v += ours(o) * (self.hit_worth(o, t, at, to) - self.hit_worth(o, t, at, from));
        }
        if self.combatants[t].in_cover {
            v -= ours(t) * COVER_LOST;
        }
        for (u, user) in self.combatants.iter().enumerate() {
            if !user.standing() {
                continue;
            }
            for p in &user.pending {
                let Some((def, known)) = self.ability_for(u, &p.ability) else {
                    continue;
                };
                let caught = |cell: Cell| match (def.target.shape, p.shape) {
                    (Some(spec), Some(place)) => {
                        affected_cells(&self.map, &spec, &place).contains(&cell)
                    }
                    _ => {
                        p.targets.contains(&t)
                            && def
                                .target
                                .reach
                                .is_none_or(|r| distance(user.position, cell) <= r.distance.units())
                    }
                };
                let change = f64::from(i8::from(caught(to)) - i8::from(caught(from)));
                if change != 0.0 {
                    let harm = self
                        .plan_value(u, &def, &known, &[t], &[t], &[], TurnWorth::NESTED)
                        .max(0.0);
                    v += ours(u) * harm * change;
                }
            }
        }
        v
    }

    /// The best expected value of an attack `x` (standing on `x_at`) can make on `y` (on
    /// `y_at`) without moving: its damaging Actions that pick creatures, within their reach.
    fn hit_worth(&self, x: usize, y: usize, x_at: Cell, y_at: Cell) -> f64 {
        let apart = distance(x_at, y_at);
        self.combatants[x]
            .block
            .abilities
            .iter()
            .filter_map(|k| self.ability_for(x, &k.id))
            .filter(|(def, _)| attacks_creatures(def))
            .filter(|(def, _)| {
                def.target
                    .reach
                    .is_some_and(|r| apart <= r.distance.units())
            })
            .map(|(def, known)| self.attack_value(x, y, &def, &known))
            .fold(0.0, f64::max)
    }

    /// The expected value of `x` starting `def` on `y`, as the careful policy weighs it.
    fn attack_value(&self, x: usize, y: usize, def: &AbilityDef, known: &KnownAbility) -> f64 {
        self.plan_value(x, def, known, &[y], &[y], &[], TurnWorth::NESTED)
            .max(0.0)
    }
}

/// A Beat-spending ability that deals damage to creatures it picks (no Shape).
fn attacks_creatures(def: &AbilityDef) -> bool {
    def.time.costs_beat()
        && def.target.shape.is_none()
        && def.target.kinds.contains(&TargetKind::Creature)
        && high_damage(def) > 0
}

#[cfg(test)]
mod tests {
    use super::super::super::ability::AbilityTime;
    use super::super::super::run::Table;
    use super::super::super::state::{LogKind, TriggerEvent};
    use super::*;

    /// An inline encounter in the starter pack: a careful `hero` (stat block `block`) at (2, 2),
    /// a `foe` of stat block `foe` at `foe_at`, on `map`, with these abilities and creatures.
    fn run(map: &str, block: &str, foe: &str, foe_at: (i32, i32), extra: &str) -> EncounterRun {
        let src = format!(
            "Encounter(name: \"forced\", pack: Some(\"tabletop\"), map: {map},\n\
             combatants: [(id: \"hero\", stat_block: \"{block}\", side: \"heroes\", \
             position: (2, 2)), (id: \"foe\", stat_block: \"{foe}\", side: \"foes\", \
             position: ({}, {}))],\n{extra})",
            foe_at.0, foe_at.1
        );
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack/encounters");
        let mut diags = crate::diag::Diagnostics::new();
        let (encounter, content) =
            crate::encounter::load_source(&src, &dir.join("inline.ron"), &mut diags).unwrap();
        assert!(
            diags.is_empty(),
            "{:?}",
            diags.iter().map(ToString::to_string).collect::<Vec<_>>()
        );
        EncounterRun::with_table(&content, &encounter, 3, Table::CAREFUL).unwrap()
    }

    const SHOVER: &str = "abilities: [(id: \"shove\", name: \"Shove\", time: Action, \
         target: (kinds: [Creature], side: Enemy, reach: Some((distance: Swinging))), \
         effects: [Control], outcomes: (mixed: [Push(3)]))],\n\
         creatures: [(id: \"shover\", name: \"Shover\", health: 9, abilities: [(id: \"shove\")])]";

    /// A foe that can hit the hero only from next to it, pushed 3 cells away, loses that attack:
    /// the careful hero Shoves it (before, a Push counted nothing and the hero never did).
    /// An archer that still reaches from 3 cells farther loses nothing: no Shove.
    #[test]
    fn a_push_out_of_a_melee_foes_reach_is_worth_its_attack() {
        let mut melee = run("(width: 12, height: 8)", "shover", "goblin", (3, 2), SHOVER);
        let (hero, foe) = (
            melee.index_of("hero").unwrap(),
            melee.index_of("foe").unwrap(),
        );
        let to = melee.slide_end(foe, (2, 2), 3, false).unwrap();
        assert_eq!(to, (6, 2));
        let worth = melee.forced_move_value(hero, foe, to);
        assert!(worth > 0.5, "{worth}");
        melee.step();
        assert!(
            melee
                .log()
                .iter()
                .any(|e| e.kind == LogKind::Start && e.text.contains("Shove")),
            "{:?}",
            melee.log().iter().map(|e| &e.text).collect::<Vec<_>>()
        );

        let archer = run(
            "(width: 12, height: 8)",
            "shover",
            "goblin_archer",
            (3, 2),
            SHOVER,
        );
        let worth = archer.forced_move_value(hero, foe, (6, 2));
        assert!(worth.abs() < 0.01, "{worth}");
    }

    const ACROBAT: &str = "abilities: [(id: \"tumble\", name: \"Tumble\", time: Reaction, \
         target: (kinds: [Myself]), \
         triggers: [StartsAbility(enemy: true, effect: Some(Damage), targeting_me: true)], \
         effects: [Control], outcomes: (mixed: [Shift(2)]))],\n\
         creatures: [(id: \"acrobat\", name: \"Acrobat\", health: 9, \
          abilities: [(id: \"tumble\")])]";

    /// What the acrobat's Tumble is worth against the goblin's Melee Attack, before its turn.
    fn tumble_worth(run: &EncounterRun) -> Option<f64> {
        let (hero, foe) = (run.index_of("hero").unwrap(), run.index_of("foe").unwrap());
        let (tumble, known) = run.ability_for(hero, "tumble").unwrap();
        assert_eq!(tumble.time, AbilityTime::Reaction);
        let (attack, _) = run.ability_for(foe, "melee_attack").unwrap();
        let event = TriggerEvent::Starts {
            user: foe,
            def: &attack,
            targets: &[hero],
        };
        run.reaction_worth(hero, &tumble, &known, event, Some(foe))
    }

    /// Seed 004, 1.8: "In this way, you can sometimes escape an Ability." A Shift that takes the
    /// acrobat out of the goblin's reach pays; one a wall stops escapes nothing and does not.
    #[test]
    fn a_shift_pays_when_it_escapes_the_ability() {
        // The goblin at (1, 2) attacks: Shifted away to (4, 2), out of its reach.
        let mut open = run(
            "(width: 12, height: 8)",
            "acrobat",
            "goblin",
            (1, 2),
            ACROBAT,
        );
        // Not the acrobat's turn, so its Beat is worth nothing.
        open.step_until_turn_of("foe");
        let worth = tumble_worth(&open).expect("escaping pays");
        assert!(worth > 1.0, "{worth}");
        // A wall right behind it: it cannot move, nothing escapes.
        let mut walled = run(
            "(width: 12, height: 8, blocking: [(3, 2)])",
            "acrobat",
            "goblin",
            (1, 2),
            ACROBAT,
        );
        walled.step_until_turn_of("foe");
        assert_eq!(tumble_worth(&walled), None);
    }

    impl EncounterRun {
        fn step_until_turn_of(&mut self, id: &str) {
            while self.current().map(|i| self.combatants[i].id.as_str()) != Some(id) {
                self.step().expect("goes on");
            }
        }
    }
}
