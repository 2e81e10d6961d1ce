//! The turn's rule steps: death checks, scheduled plays and attacks. Effects are in
//! [`super::effects`], the damage pipeline in [`super::damage`], line changes in [`super::board`].

use std::hint::select_unpredictable;

use super::event::{AttackTarget, Cause, CreatureId, EventKind, PlayFailure};
use super::program::{Eff, Hook, MAX_ARTIFACTS, MAX_SLOTS, Program, flag};
use super::setup::Play;
use super::state::{ALL_SUSPECT, Ctx, NONE, Slots, State, TargetRef};

pub use super::damage::DamagePlan;

/// The hooks that keep a slot's attacks off [`State::plain_blows`]: abilities that act as a
/// creature attacks or is attacked, and replacements of the damage it deals or takes.
const PLAIN_ATTACK_BLOCKERS: u32 = Hook::Attacks.bit()
    | Hook::Attacked.bit()
    | Hook::WouldDealDamage.bit()
    | Hook::WouldBeDamaged.bit();

impl State {
    /// Destroys every creature at 0 life or marked, A's then B's, and queues death abilities.
    /// Returns whether any died.
    pub fn process_deaths<const LOG: bool>(&mut self, p: &Program) -> bool {
        self.ensure_stats(p);
        // The dying as a slot mask per side: walking the masks side by side, slot by slot,
        // destroys them in line order, as a full look would, without sorting a list.
        let mut dying = [0u32; 2];
        let suspects = std::mem::take(&mut self.suspects);
        if suspects == ALL_SUSPECT {
            for (side, mask) in dying.iter_mut().enumerate() {
                let line = self.lines[side];
                for slot in Slots(self.occupancy[side]) {
                    let c = &self.creatures[line[slot] as usize];
                    // No branch on the board's contents.
                    *mask |= u32::from(c.doomed | (c.damage >= c.life())) << slot;
                }
            }
        } else {
            // Only these can have reached 0.
            let mut left = suspects;
            while left != 0 {
                let id = left.trailing_zeros() as usize;
                left &= left - 1;
                let c = &self.creatures[id];
                if c.on_line && (c.doomed || c.damage >= c.life()) {
                    dying[c.owner as usize] |= 1 << c.slot;
                }
            }
            debug_assert_eq!(
                (0..2u8)
                    .flat_map(|side| Slots(dying[side as usize]).map(move |slot| (side, slot)))
                    .map(|(side, slot)| self.lines[side as usize][slot])
                    .collect::<Vec<_>>(),
                (0..2u8)
                    .flat_map(|side| self.line(side))
                    .filter(|&id| {
                        let c = &self.creatures[id as usize];
                        c.doomed || c.damage >= c.life()
                    })
                    .collect::<Vec<_>>(),
                "a creature at 0 life was not a suspect"
            );
        }
        // Both sides in one mask (side B's slots from bit `MAX_SLOTS` on), in line order: one
        // loop, whose end is the only branch on whether anyone died (as random as the battle).
        let both = dying[0] | dying[1] << MAX_SLOTS;
        if self.board_may_have(Hook::AllyDestroyed) || self.board_may_have(Hook::OtherDestroyed) {
            if both != 0 {
                self.destroy_and_answer::<LOG>(p, dying);
            }
            return both != 0;
        }
        // Nobody answers another's death: each one's own abilities are queued as it is logged,
        // the same events and queue as `destroy_and_answer`'s two passes. Destroying one
        // empties its own slot alone, so the others' slots still hold them.
        for bit in Slots(both) {
            let id = self.lines[bit / MAX_SLOTS][bit % MAX_SLOTS];
            let at = self.destroy::<LOG>(id);
            self.enqueue_destroyed(p, id, at);
        }
        both != 0
    }

    /// [`State::process_deaths`] when some creature may answer another's death: every death
    /// is logged before anyone answers one, so a line walked for the answers no longer holds
    /// any of the dead.
    #[inline(never)]
    fn destroy_and_answer<const LOG: bool>(&mut self, p: &Program, dying: [u32; 2]) {
        let mut ids = [NONE; 2 * MAX_SLOTS];
        let mut events = [0u32; 2 * MAX_SLOTS];
        let mut n = 0;
        for (side, mask) in dying.into_iter().enumerate() {
            for slot in Slots(mask) {
                ids[n] = self.lines[side][slot];
                n += 1;
            }
        }
        for (id, event) in ids[..n].iter().zip(&mut events) {
            *event = self.destroy::<LOG>(*id);
        }
        for (&id, &at) in ids[..n].iter().zip(&events) {
            self.enqueue_destroyed(p, id, at);
            let ctx = self.death_ctx(id);
            let owner = self.creatures[id as usize].owner;
            for side in 0..2u8 {
                for other in self.line(side).collect::<line_ids::Ids>().iter() {
                    if side == owner {
                        self.enqueue(p, other, Hook::AllyDestroyed, at, ctx);
                    }
                    self.enqueue(p, other, Hook::OtherDestroyed, at, ctx);
                }
            }
        }
    }

    /// Takes a dead creature off its line, puts its card and artifacts in the discard pile
    /// and logs its death. Returns the event index.
    // Inlined into the death check's loop (measured: a call per death, with its register
    // saves, was a fifth of its cost, and `#[inline]` alone left the call).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn destroy<const LOG: bool>(&mut self, id: CreatureId) -> u32 {
        self.take_off_line(id);
        let c = &self.creatures[id as usize];
        let (owner, card, slot, last_hit) = (c.owner, c.card, c.slot, c.last_hit);
        let set_aside = c.flags & flag::SET_ASIDE != 0;
        if !set_aside {
            self.discard[owner as usize].push((card, id));
        }
        if c.artifact_count > 0 {
            let (artifacts, artifact_count) = (c.artifacts, c.artifact_count as usize);
            for &a in &artifacts[..artifact_count] {
                self.discard[owner as usize].push((a, NONE));
            }
        }
        self.emit::<LOG>(
            EventKind::Destroyed {
                creature: id,
                slot: slot + 1,
                set_aside,
            },
            Cause::after(last_hit.unwrap_or(self.phase_event)),
        )
    }

    /// The context a dead creature's own death abilities, and others' answers to its death,
    /// know: the creature and the slot it died in.
    fn death_ctx(&self, id: CreatureId) -> Ctx {
        Ctx {
            subject: id,
            slot: self.creatures[id as usize].slot,
            ..Ctx::default()
        }
    }

    /// Queues a dead creature's own `Destroyed` abilities, answering event `at`. Most have
    /// none: the context is built only for those that do.
    #[inline]
    fn enqueue_destroyed(&mut self, p: &Program, id: CreatureId, at: u32) {
        if self.creatures[id as usize].hooks & Hook::Destroyed.bit() != 0 {
            let ctx = self.death_ctx(id);
            self.enqueue(p, id, Hook::Destroyed, at, ctx);
        }
    }

    /// A scheduled play (Deploy).
    pub fn play<const LOG: bool>(&mut self, p: &Program, play: &Play, cause: Cause) {
        self.ensure_stats(p);
        let side = play.player;
        let card = &p.cards[play.card as usize];
        let fail = |s: &mut Self, reason| {
            s.emit::<LOG>(
                EventKind::PlayFailed {
                    player: side_player(side),
                    card: play.card,
                    reason,
                },
                cause,
            );
        };
        match card.kind {
            crate::model::CardKind::Artifact => {
                let mut target = NONE;
                // The artifact's own play-time abilities may choose its bearer (the Carrot of Power).
                'choose: for &(kw, _) in &card.keywords {
                    for ab in &p.keywords[kw as usize].abilities {
                        if ab.hook == Hook::Played && ab.effects.contains(&Eff::AttachTo) {
                            let t = self.select(p, &ab.target, NONE, side, &Ctx::default());
                            if let Some(TargetRef::Creature(id)) = t.first() {
                                target = id;
                                break 'choose;
                            }
                        }
                    }
                }
                if target == NONE {
                    target = self.at(side, play.target.map_or(0, |t| t as usize));
                }
                if target == NONE {
                    return fail(self, PlayFailure::NoTarget);
                }
                let c = &mut self.creatures[target as usize];
                if c.flags & flag::NO_ARTIFACTS != 0 {
                    return fail(self, PlayFailure::Mindless);
                }
                if c.artifact_count as usize >= MAX_ARTIFACTS {
                    return fail(self, PlayFailure::TooManyArtifacts);
                }
                c.artifacts[c.artifact_count as usize] = play.card;
                c.artifact_count += 1;
                c.refresh_hooks(p);
                self.note_hooks(target);
                self.base_changed();
                let at = self.emit::<LOG>(
                    EventKind::ArtifactAttached {
                        creature: target,
                        artifact: play.card,
                    },
                    cause,
                );
                self.enqueue(p, target, Hook::Attached, at, Ctx::default());
            }
            crate::model::CardKind::Spell => {
                let target = self.at(side, play.target.map_or(0, |t| t as usize));
                if target == NONE {
                    return fail(self, PlayFailure::NoTarget);
                }
                let at = self.emit::<LOG>(
                    EventKind::SpellCast {
                        creature: target,
                        spell: play.card,
                    },
                    cause,
                );
                for &(kw, value) in &card.keywords {
                    self.grant::<LOG>(p, target, kw, value, self.turn, Cause::after(at));
                }
            }
            _ => {
                let Some(slot) = self.slot_behind_last(side) else {
                    return fail(self, PlayFailure::LineFull);
                };
                let id = self.place(p, play.card, side, slot);
                let at = self.emit::<LOG>(
                    EventKind::Summoned {
                        creature: id,
                        slot: slot as u8 + 1,
                        returned: false,
                    },
                    cause,
                );
                let ctx = Ctx {
                    subject: id,
                    ..Ctx::default()
                };
                self.enqueue(p, id, Hook::Summoned, at, ctx);
                if !self.board_may_have(Hook::AllySummoned) {
                    return;
                }
                for other in self.line(side).collect::<line_ids::Ids>().iter() {
                    if other != id {
                        self.enqueue(p, other, Hook::AllySummoned, at, ctx);
                    }
                }
            }
        }
    }

    /// The first slot from `from` on where someone attacks (`second`: someone who attacks twice).
    #[must_use]
    // `&` on purpose: both sides are read (an empty one reads the other), and `&&` would put
    // back the branch on whether a side is empty.
    #[allow(clippy::needless_bitwise_bool)]
    pub fn next_attack_slot(&self, from: usize, second: bool) -> Option<usize> {
        let occupied = self.occupied(0) | self.occupied(1);
        let mut candidates = occupied >> from << from;
        if !second {
            return (candidates != 0).then(|| candidates.trailing_zeros() as usize);
        }
        while candidates != 0 {
            let slot = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            // Selects, not branches: which sides of a slot are empty is as random as the
            // battle. An empty side reads the slot's other creature (one of them is there) and
            // is then dropped.
            let ids = [self.lines[0][slot], self.lines[1][slot]];
            let there = ids.map(|id| id != NONE);
            let read = [
                select_unpredictable(there[0], ids[0], ids[1]),
                select_unpredictable(there[1], ids[1], ids[0]),
            ];
            let twice = |side: usize| {
                there[side] & (self.creatures[read[side] as usize].flags & flag::ATTACK_TWICE != 0)
            };
            if twice(0) | twice(1) {
                return Some(slot);
            }
        }
        None
    }

    /// The attacks of one slot (`second`: Fury's second pass). Both are worked out first, then dealt.
    pub fn attack_slot<const LOG: bool>(&mut self, p: &Program, slot: usize, second: bool) {
        if slot >= self.slots {
            return;
        }
        self.ensure_stats(p);
        let ids = [self.lines[0][slot], self.lines[1][slot]];
        if !self.plain_blows::<LOG>(p, ids, second) {
            self.attack_slot_general::<LOG>(p, slot, ids, second);
        }
    }

    /// The common case in one straight pass: no creature in the slot has an ability that acts
    /// as it attacks, is attacked, or deals or takes damage (the [`PLAIN_ATTACK_BLOCKERS`]
    /// hooks). Then nothing is queued before the damage, and each attack deals its attacker's
    /// attack, less the target's armor: the general path's events in its order (skipped
    /// attacks, attacks, damage), without working out plans and contexts nobody reads
    /// (`plain_blows_match_the_general_path` compares the two). Returns false, having changed
    /// nothing, when the slot is not such a case.
    #[inline]
    fn plain_blows<const LOG: bool>(
        &mut self,
        p: &Program,
        ids: [CreatureId; 2],
        second: bool,
    ) -> bool {
        let turn = self.turn;
        let mut hooks = 0;
        let mut attacks = [false; 2];
        for (side, id) in ids.into_iter().enumerate() {
            if id != NONE {
                let c = &self.creatures[id as usize];
                hooks |= c.hooks;
                attacks[side] =
                    c.no_attack_turn != turn && (!second || c.flags & flag::ATTACK_TWICE != 0);
            }
        }
        if hooks & PLAIN_ATTACK_BLOCKERS != 0 {
            return false;
        }
        let cause = Cause::after(self.phase_event);
        // Worked out before any damage is dealt: both blows of a slot land at once.
        let blow = |s: &Self, from: CreatureId, to: CreatureId| {
            let attack = s.creatures[from as usize].attack();
            DamagePlan {
                source: Some(from),
                target: to,
                redirected_from: None,
                amount: (attack - s.creatures[to as usize].armor().max(0)).max(0),
                unmodified: attack,
                attack: true,
            }
        };
        if attacks == [true, true] {
            let [a, b] = ids;
            let (to_b, to_a) = (blow(self, a, b), blow(self, b, a));
            let at_a = self.emit::<LOG>(
                EventKind::Attack {
                    attacker: a,
                    target: AttackTarget::Creature(b),
                    second,
                },
                cause,
            );
            let at_b = self.emit::<LOG>(
                EventKind::Attack {
                    attacker: b,
                    target: AttackTarget::Creature(a),
                    second,
                },
                cause,
            );
            self.mark_damage_inlined::<LOG>(p, &to_b, Cause::after(at_a));
            self.mark_damage_inlined::<LOG>(p, &to_a, Cause::after(at_b));
            return true;
        }
        // At most one attacks. A creature kept from attacking says so in the first pass; in
        // Fury's pass the others simply do not attack again.
        for (side, id) in ids.into_iter().enumerate() {
            if !second && id != NONE && !attacks[side] {
                self.emit::<LOG>(EventKind::AttackSkipped { creature: id }, cause);
            }
        }
        let Some(side) = attacks.iter().position(|&a| a) else {
            return true;
        };
        let (id, enemy) = (ids[side], ids[1 - side]);
        if enemy == NONE {
            let amount = self.creatures[id as usize].attack();
            let at = self.emit::<LOG>(
                EventKind::Attack {
                    attacker: id,
                    target: AttackTarget::Player(side_player(1 - side as u8)),
                    second,
                },
                cause,
            );
            self.damage_player::<LOG>(1 - side as u8, amount, Some(id), Cause::after(at));
        } else {
            let plan = blow(self, id, enemy);
            let at = self.emit::<LOG>(
                EventKind::Attack {
                    attacker: id,
                    target: AttackTarget::Creature(enemy),
                    second,
                },
                cause,
            );
            self.mark_damage_inlined::<LOG>(p, &plan, Cause::after(at));
        }
        true
    }

    /// [`State::attack_slot`] in every case: attack triggers and damage replacements
    /// included. Out of line: the straight pass takes
    /// most slots, and this one's bulk would weigh on every call of [`State::attack_slot`].
    #[inline(never)]
    fn attack_slot_general<const LOG: bool>(
        &mut self,
        p: &Program,
        slot: usize,
        ids: [CreatureId; 2],
        second: bool,
    ) {
        // Who attacks, and how much damage each attack deals (to the creature opposite, or to
        // the opposing player when the slot opposite is empty).
        let mut attacks = [false; 2];
        let mut plans = [DamagePlan::NONE; 2];
        for side in 0..2u8 {
            let id = ids[side as usize];
            if id == NONE {
                continue;
            }
            let (flags, no_attack_turn, attack, hooks) = {
                let c = &self.creatures[id as usize];
                (c.flags, c.no_attack_turn, c.attack(), c.hooks)
            };
            if second && flags & flag::ATTACK_TWICE == 0 {
                continue;
            }
            if no_attack_turn == self.turn {
                if !second {
                    self.emit::<LOG>(
                        EventKind::AttackSkipped { creature: id },
                        Cause::after(self.phase_event),
                    );
                }
                continue;
            }
            attacks[side as usize] = true;
            let enemy = ids[1 - side as usize];
            plans[side as usize] = if enemy != NONE {
                self.plan_damage(p, Some(id), enemy, attack, true)
            } else if hooks & Hook::WouldDealDamage.bit() != 0 {
                let amount = self.raised_player_damage(p, id, side, attack);
                DamagePlan::to_player(id, amount)
            } else {
                DamagePlan::to_player(id, attack)
            };
        }
        let mut attack_events = [0u32; 2];
        for side in 0..2u8 {
            if !attacks[side as usize] {
                continue;
            }
            let id = ids[side as usize];
            let enemy = ids[1 - side as usize];
            let target = if enemy == NONE {
                AttackTarget::Player(side_player(1 - side))
            } else {
                AttackTarget::Creature(enemy)
            };
            let at = self.emit::<LOG>(
                EventKind::Attack {
                    attacker: id,
                    target,
                    second,
                },
                Cause::after(self.phase_event),
            );
            attack_events[side as usize] = at;
            let ctx = Ctx {
                subject: enemy,
                slot: slot as u8,
                attacking_player: enemy == NONE,
                attacking_creature: enemy != NONE,
                ..Ctx::default()
            };
            self.enqueue(p, id, Hook::Attacks, at, ctx);
            if enemy != NONE {
                let back = Ctx {
                    subject: id,
                    slot: slot as u8,
                    ..Ctx::default()
                };
                self.enqueue(p, enemy, Hook::Attacked, at, back);
            }
        }
        for side in 0..2u8 {
            if !attacks[side as usize] {
                continue;
            }
            let cause = Cause::after(attack_events[side as usize]);
            let plan = plans[side as usize];
            if ids[1 - side as usize] == NONE {
                self.damage_player::<LOG>(1 - side, plan.amount, plan.source, cause);
            } else {
                self.deal::<LOG>(p, plan, cause);
            }
        }
    }

    /// What an attack on the opposing player deals once the attacker's `WouldDealDamage`
    /// abilities have raised it.
    #[inline(never)]
    fn raised_player_damage(&mut self, p: &Program, id: CreatureId, side: u8, attack: i32) -> i32 {
        let mut amount = attack;
        let ctx = Ctx {
            attacking_player: true,
            attack_damage: true,
            ..Ctx::default()
        };
        let mut acted = self.acted();
        self.each_ability(p, id, Hook::WouldDealDamage, |a| {
            let ab = &p.keywords[a.keyword as usize].abilities[a.ability as usize];
            if self.cond(p, &ab.condition, id, side, &ctx) {
                for e in &ab.effects {
                    if let Eff::IncreaseDamage(x) = e {
                        amount += self.amount(p, x, id, a.value, &ctx);
                    }
                }
                acted.push(a);
            }
        });
        acted.note(self);
        amount
    }
}

/// Player from a side index.
#[must_use]
pub fn side_player(side: u8) -> crate::model::Player {
    if side == 0 {
        crate::model::Player::A
    } else {
        crate::model::Player::B
    }
}

/// A fixed-size list of creature ids, so loops over a line can mutate the state without allocating.
pub mod line_ids {
    use super::{CreatureId, MAX_SLOTS, NONE};

    /// Up to one line of ids.
    #[derive(Debug, Clone, Copy)]
    pub struct Ids {
        items: [CreatureId; MAX_SLOTS],
        len: usize,
    }

    impl Ids {
        /// The ids.
        pub fn iter(&self) -> impl Iterator<Item = CreatureId> + '_ {
            self.items[..self.len].iter().copied()
        }
    }

    impl FromIterator<CreatureId> for Ids {
        fn from_iter<I: IntoIterator<Item = CreatureId>>(iter: I) -> Self {
            let mut ids = Ids {
                items: [NONE; MAX_SLOTS],
                len: 0,
            };
            for id in iter {
                if ids.len < MAX_SLOTS {
                    ids.items[ids.len] = id;
                    ids.len += 1;
                }
            }
            ids
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::battle::{Battle, test_boards};

    /// Keywords with no attack hook (armor, Fury, a `Damaged` trigger, a static) and with one
    /// (an `Attacks` trigger, damage prevention, an `Attacked` answer).
    const KEYWORDS: [&str; 8] = [
        "Armor 1",
        "Armor 3",
        "Fury",
        "Berserk",
        "Incite",
        "Breakthrough 1",
        "Invulnerability",
        "Dodge",
    ];

    /// A creature: attack, life, a keyword, damage already marked, kept from attacking.
    type Spec = (i32, i32, Option<usize>, i32, bool);

    fn spec() -> impl Strategy<Value = Spec> {
        (
            -1..5i32,
            1..7i32,
            proptest::option::of(0..KEYWORDS.len()),
            0..3i32,
            proptest::bool::weighted(0.2),
        )
    }

    /// A battle in its first turn with these lines.
    fn board(a: &[Spec], b: &[Spec]) -> Battle {
        let creature = |&(attack, life, keyword, _, _): &Spec| {
            (
                attack,
                life,
                keyword.map(|k| KEYWORDS[k]).into_iter().collect(),
            )
        };
        let [a_line, b_line] = [a, b].map(|line| line.iter().map(creature).collect::<Vec<_>>());
        let mut battle = Battle::new(&test_boards::setup(&a_line, &b_line, None), 0);
        let st = &mut battle.state;
        st.turn = 1;
        for (side, specs) in [a, b].into_iter().enumerate() {
            for (slot, &(_, _, _, damage, kept)) in specs.iter().enumerate() {
                let c = &mut st.creatures[st.lines[side][slot] as usize];
                c.damage = damage;
                c.no_attack_turn = u32::from(kept);
            }
        }
        battle
    }

    proptest! {
        /// Wherever the straight pass takes a slot, it must leave exactly what the general
        /// path leaves, in either pass: the same events, creatures, players' life, queue and
        /// death check.
        #[test]
        fn plain_blows_match_the_general_path(
            a in proptest::collection::vec(spec(), 0..=7),
            b in proptest::collection::vec(spec(), 0..=7),
        ) {
            let battle = board(&a, &b);
            let p = &*battle.program;
            for (slot, second) in (0..7).flat_map(|slot| [(slot, false), (slot, true)]) {
                let start = &battle.state;
                let ids = [start.lines[0][slot], start.lines[1][slot]];
                let mut plain = start.clone();
                if !plain.plain_blows::<true>(p, ids, second) {
                    prop_assert_eq!(plain.next_index, start.next_index, "declined, yet changed");
                    continue;
                }
                let mut general = start.clone();
                general.attack_slot_general::<true>(p, slot, ids, second);
                prop_assert_eq!(&plain.log, &general.log, "slot {} (Fury's pass: {})", slot, second);
                prop_assert_eq!(&plain.creatures, &general.creatures);
                prop_assert_eq!(plain.life, general.life);
                prop_assert_eq!(&plain.queue, &general.queue);
                prop_assert_eq!(
                    (plain.check_deaths, plain.suspects, plain.stats_dirty),
                    (general.check_deaths, general.suspects, general.stats_dirty)
                );
            }
        }
    }
}
