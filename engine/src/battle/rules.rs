//! The turn's rule steps: death checks, scheduled plays and attacks. Effects are in
//! [`super::effects`], the damage pipeline in [`super::damage`], line changes in [`super::board`].

use super::event::{AttackTarget, Cause, CreatureId, EventKind, PlayFailure};
use super::program::{Eff, Hook, MAX_ARTIFACTS, MAX_SLOTS, Program, flag};
use super::setup::Play;
use super::state::{ALL_SUSPECT, Ctx, NONE, Slots, State, TargetRef};

pub use super::damage::DamagePlan;

impl State {
    /// Destroys every creature at 0 life or marked, A's then B's, and queues death abilities.
    /// Returns whether any died.
    pub fn process_deaths(&mut self, p: &Program) -> bool {
        self.ensure_stats(p);
        let mut dying = [NONE; 2 * MAX_SLOTS];
        let mut n = 0;
        let suspects = std::mem::replace(&mut self.suspect_count, 0);
        if suspects == ALL_SUSPECT {
            for side in 0..2u8 {
                let line = self.lines[side as usize];
                for slot in Slots(self.occupied(side)) {
                    let id = line[slot];
                    let c = &self.creatures[id as usize];
                    // Written every time, kept only when it dies: no branch on the board's
                    // contents.
                    dying[n] = id;
                    n += usize::from(c.doomed | (c.damage >= c.life()));
                }
            }
        } else {
            // Only these can have reached 0; destroyed in line order, as a full look would.
            for &id in &self.suspects[..suspects as usize] {
                let c = &self.creatures[id as usize];
                if c.on_line && (c.doomed || c.damage >= c.life()) {
                    dying[n] = id;
                    n += 1;
                }
            }
            if n > 1 {
                dying[..n].sort_unstable_by_key(|&id| {
                    let c = &self.creatures[id as usize];
                    (c.owner, c.slot)
                });
            }
            debug_assert_eq!(
                dying[..n],
                (0..2u8)
                    .flat_map(|side| self.line(side))
                    .filter(|&id| {
                        let c = &self.creatures[id as usize];
                        c.doomed || c.damage >= c.life()
                    })
                    .collect::<Vec<_>>()[..],
                "a creature at 0 life was not a suspect"
            );
        }
        if n == 0 {
            return false;
        }
        let mut events = [0u32; 2 * MAX_SLOTS];
        for (i, &id) in dying[..n].iter().enumerate() {
            self.take_off_line(id);
            let c = &self.creatures[id as usize];
            let (owner, card, slot, last_hit) = (c.owner, c.card, c.slot, c.last_hit);
            let (artifacts, artifact_count) = (c.artifacts, c.artifact_count as usize);
            let set_aside = c.flags & flag::SET_ASIDE != 0;
            if !set_aside {
                self.discard[owner as usize].push((card, id));
            }
            for &a in &artifacts[..artifact_count] {
                self.discard[owner as usize].push((a, NONE));
            }
            events[i] = self.emit(
                EventKind::Destroyed {
                    creature: id,
                    slot: slot + 1,
                    set_aside,
                },
                Cause::after(last_hit.unwrap_or(self.phase_event)),
            );
        }
        let others =
            self.board_may_have(Hook::AllyDestroyed) || self.board_may_have(Hook::OtherDestroyed);
        for (i, &id) in dying[..n].iter().enumerate() {
            let (owner, slot) = {
                let dead = &self.creatures[id as usize];
                (dead.owner, dead.slot)
            };
            let ctx = Ctx {
                subject: id,
                slot,
                ..Ctx::default()
            };
            self.enqueue(p, id, Hook::Destroyed, events[i], ctx);
            if !others {
                continue;
            }
            for side in 0..2u8 {
                for other in self.line(side).collect::<line_ids::Ids>().iter() {
                    if side == owner {
                        self.enqueue(p, other, Hook::AllyDestroyed, events[i], ctx);
                    }
                    self.enqueue(p, other, Hook::OtherDestroyed, events[i], ctx);
                }
            }
        }
        true
    }

    /// A scheduled play (Deploy).
    pub fn play(&mut self, p: &Program, play: &Play, cause: Cause) {
        self.ensure_stats(p);
        let side = play.player;
        let card = &p.cards[play.card as usize];
        let fail = |s: &mut Self, reason| {
            s.emit(
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
                let at = self.emit(
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
                let at = self.emit(
                    EventKind::SpellCast {
                        creature: target,
                        spell: play.card,
                    },
                    cause,
                );
                for &(kw, value) in &card.keywords {
                    self.grant(p, target, kw, value, self.turn, Cause::after(at));
                }
            }
            _ => {
                let Some(slot) = self.slot_behind_last(side) else {
                    return fail(self, PlayFailure::LineFull);
                };
                let id = self.place(p, play.card, side, slot);
                let at = self.emit(
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
    pub fn next_attack_slot(&self, from: usize, second: bool) -> Option<usize> {
        let occupied = self.occupied(0) | self.occupied(1);
        let mut candidates = occupied >> from << from;
        if !second {
            return (candidates != 0).then(|| candidates.trailing_zeros() as usize);
        }
        while candidates != 0 {
            let slot = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let twice = |side: u8| {
                let id = self.lines[side as usize][slot];
                id != NONE && self.creatures[id as usize].flags & flag::ATTACK_TWICE != 0
            };
            if twice(0) || twice(1) {
                return Some(slot);
            }
        }
        None
    }

    /// The attacks of one slot (`second`: Fury's second pass). Both are worked out first, then dealt.
    pub fn attack_slot(&mut self, p: &Program, slot: usize, second: bool) {
        if slot >= self.slots {
            return;
        }
        self.ensure_stats(p);
        let ids = [self.lines[0][slot], self.lines[1][slot]];
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
                    self.emit(
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
            let at = self.emit(
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
                self.damage_player(1 - side, plan.amount, plan.source, cause);
            } else {
                self.deal(p, plan, cause);
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
