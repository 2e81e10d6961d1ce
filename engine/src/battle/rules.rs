//! Resolution: triggered abilities and their effects, the damage pipeline (redirect, raise,
//! prevent, reduce), deaths, plays and line movement.

use super::event::{AbilitySource, AttackTarget, Cause, CreatureId, EventKind, PlayFailure};
use super::program::{
    CardIdx, Eff, Hook, MAX_ARTIFACTS, MAX_GRANTS, MAX_SLOTS, Program, Until, flag,
};
use super::setup::Play;
use super::state::{Creature, Ctx, FOREVER, NONE, Pending, State, TargetRef};

/// An attack worked out before it is dealt: attacker, target, damage to a creature, damage to a player.
type AttackPlan = (CreatureId, AttackTarget, Option<DamagePlan>, i32);

/// How far damage may be redirected (a redirect loop stops here).
const MAX_REDIRECTS: usize = 4;

/// Damage about to be dealt to a creature.
#[derive(Debug, Clone, Copy)]
pub struct DamagePlan {
    /// Who deals it.
    pub source: Option<CreatureId>,
    /// Who takes it (after redirects).
    pub target: CreatureId,
    /// The creature it was aimed at, if redirected.
    pub redirected_from: Option<CreatureId>,
    /// The amount after everything.
    pub amount: i32,
    /// The amount before.
    pub unmodified: i32,
    /// Attack damage.
    pub attack: bool,
}

impl State {
    /// Resolves one queued ability.
    pub fn resolve(&mut self, p: &Program, pending: Pending) {
        let src = pending.source;
        let (on_line, owner) = {
            let c = &self.creatures[src.creature as usize];
            (c.on_line, c.owner)
        };
        let ability = &p.keywords[src.keyword as usize].abilities[src.ability as usize];
        if !on_line && ability.hook != Hook::Destroyed {
            return;
        }
        self.ensure_stats(p);
        if !self.cond(p, &ability.condition, src.creature, owner, &pending.ctx) {
            return;
        }
        let at = self.emit(
            EventKind::AbilityTriggered {
                creature: src.creature,
            },
            Cause {
                ability: Some(src),
                after: Some(pending.after),
            },
        );
        let cause = Cause {
            ability: Some(src),
            after: Some(at),
        };
        let targets = self.select(p, &ability.target, src.creature, owner, &pending.ctx);
        for effect in &ability.effects {
            for &target in targets.as_slice() {
                self.apply_effect(p, effect, src, target, &pending.ctx, cause);
            }
        }
    }

    #[allow(clippy::too_many_lines)] // one match arm per effect primitive reads best together
    fn apply_effect(
        &mut self,
        p: &Program,
        effect: &Eff,
        src: AbilitySource,
        target: TargetRef,
        ctx: &Ctx,
        cause: Cause,
    ) {
        let owner = self.creatures[src.creature as usize].owner;
        let amount_of = |s: &Self, a| s.amount(p, a, src.creature, src.value, ctx);
        match (effect, target) {
            (Eff::Damage(a), TargetRef::Creature(t)) => {
                let amount = amount_of(self, a);
                if amount > 0 {
                    let plan = self.plan_damage(p, Some(src.creature), t, amount, false);
                    self.deal(p, plan, cause);
                }
            }
            (Eff::Damage(a), TargetRef::Player(pl)) => {
                let amount = amount_of(self, a);
                self.damage_player(pl, amount, cause);
            }
            (Eff::DamageOpponent(a), _) => {
                let amount = amount_of(self, a);
                self.damage_player(1 - owner, amount, cause);
            }
            (Eff::Heal(a), TargetRef::Creature(t)) => {
                let amount = amount_of(self, a);
                self.heal(p, t, amount, cause);
            }
            (Eff::HealAll, TargetRef::Creature(t)) => self.heal(p, t, i32::MAX, cause),
            (Eff::Heal(a) | Eff::GainLife(a), TargetRef::Player(pl)) => {
                let amount = amount_of(self, a);
                self.gain_life(pl, amount, cause);
            }
            (Eff::GainLife(a), TargetRef::Creature(t)) => {
                let amount = amount_of(self, a);
                let pl = self.creatures[t as usize].owner;
                self.gain_life(pl, amount, cause);
            }
            (Eff::Modify(stat, a) | Eff::ModifyPermanently(stat, a), TargetRef::Creature(t)) => {
                let amount = amount_of(self, a);
                if amount != 0 {
                    self.creatures[t as usize].permanent[*stat as usize] += amount;
                    // Permanent changes add linearly: patch the stat unless a static ability reads it.
                    if p.statics_read_stats {
                        self.stats_dirty = true;
                    } else {
                        self.creatures[t as usize].stats[*stat as usize] += amount;
                        self.check_deaths = true;
                    }
                    self.emit(
                        EventKind::StatChanged {
                            creature: t,
                            stat: *stat,
                            amount,
                        },
                        cause,
                    );
                }
            }
            (Eff::Grant(kw, until), TargetRef::Creature(t)) => {
                let last = if *until == Until::Forever {
                    FOREVER
                } else {
                    self.turn
                };
                self.grant(p, t, *kw, 0, last, cause);
            }
            (Eff::PreventAttack, TargetRef::Creature(t)) => {
                self.creatures[t as usize].no_attack_turn = self.turn;
                self.emit(EventKind::AttackPrevented { creature: t }, cause);
            }
            (Eff::Destroy, TargetRef::Creature(t)) => {
                let c = &mut self.creatures[t as usize];
                if c.on_line && !c.doomed {
                    c.doomed = true;
                    self.check_deaths = true;
                    let at = self.emit(EventKind::MarkedForDestruction { creature: t }, cause);
                    self.creatures[t as usize].last_hit = Some(at);
                }
            }
            (Eff::DestroyArtifact, TargetRef::Creature(t)) => {
                let c = &mut self.creatures[t as usize];
                if c.artifact_count > 0 {
                    let artifact = c.artifacts[0];
                    c.artifacts.copy_within(1..MAX_ARTIFACTS, 0);
                    c.artifact_count -= 1;
                    c.refresh_hooks(p);
                    let side = c.owner as usize;
                    self.discard[side].push((artifact, NONE));
                    self.stats_dirty = true;
                    self.emit(
                        EventKind::ArtifactDestroyed {
                            creature: t,
                            artifact,
                        },
                        cause,
                    );
                }
            }
            (Eff::RemoveFromGame, TargetRef::Creature(t)) if self.creatures[t as usize].on_line => {
                self.take_off_line(t);
                self.emit(EventKind::Removed { creature: t }, cause);
            }
            (Eff::MoveToFront, TargetRef::Creature(t)) => self.move_to(t, true, cause),
            (Eff::MoveToBack, TargetRef::Creature(t)) => self.move_to(t, false, cause),
            (Eff::ReturnAtEndOfTurn, TargetRef::Creature(t)) => {
                let c = &mut self.creatures[t as usize];
                if !c.will_return {
                    c.will_return = true;
                    self.returning.push(t);
                    self.emit(EventKind::WillReturn { creature: t }, cause);
                }
            }
            (Eff::Summon(card, enemy_line), _) => {
                let side = if *enemy_line { 1 - owner } else { owner };
                let line = &self.lines[side as usize][..self.slots];
                if let Some(slot) = line.iter().position(|&id| id == NONE) {
                    let id = self.place(p, *card, side, slot);
                    self.emit(
                        EventKind::Summoned {
                            creature: id,
                            slot: slot as u8 + 1,
                            returned: false,
                        },
                        cause,
                    );
                }
            }
            (Eff::Transform(card), TargetRef::Creature(t)) => self.transform(p, t, *card, cause),
            (Eff::Combine(kw, count, into), _) => {
                self.combine(p, src.creature, *kw, *count, into, cause);
            }
            (Eff::Unsupported, _) => {
                self.emit(
                    EventKind::Unsupported {
                        creature: src.creature,
                    },
                    cause,
                );
            }
            // Replacement and play-time primitives do nothing when triggered; stat changes and
            // heals aimed at players have no meaning.
            _ => {}
        }
    }

    fn grant(&mut self, p: &Program, t: CreatureId, kw: u16, value: i32, last: u32, cause: Cause) {
        let c = &mut self.creatures[t as usize];
        let n = c.grant_count as usize;
        if let Some(existing) = c.grants[..n].iter_mut().find(|g| g.0 == kw) {
            existing.2 = existing.2.max(last);
        } else if n < MAX_GRANTS {
            c.grants[n] = (kw, value, last);
            c.grant_count += 1;
            c.refresh_hooks(p);
        } else {
            return;
        }
        self.stats_dirty = true;
        self.emit(
            EventKind::KeywordGranted {
                creature: t,
                keyword: kw,
            },
            cause,
        );
    }

    /// Works out damage to `target`: redirects, the source's raises, the target's prevention and
    /// reductions (armor for attack damage).
    pub fn plan_damage(
        &mut self,
        p: &Program,
        source: Option<CreatureId>,
        target: CreatureId,
        base: i32,
        attack: bool,
    ) -> DamagePlan {
        self.ensure_stats(p);
        let mut plan = DamagePlan {
            source,
            target,
            redirected_from: None,
            amount: base,
            unmodified: base,
            attack,
        };
        let src = source.unwrap_or(NONE);
        for _ in 0..MAX_REDIRECTS {
            let t = plan.target;
            let owner = self.creatures[t as usize].owner;
            let ctx = Ctx {
                subject: src,
                attack_damage: attack,
                ..Ctx::default()
            };
            let mut to = None;
            self.each_ability(p, t, Hook::WouldBeDamaged, |a| {
                let ab = &p.keywords[a.keyword as usize].abilities[a.ability as usize];
                if to.is_none() && ab.effects.contains(&Eff::RedirectDamage) {
                    to = Some(a);
                }
            });
            let Some(a) = to else { break };
            let ab = &p.keywords[a.keyword as usize].abilities[a.ability as usize];
            if !self.cond(p, &ab.condition, t, owner, &ctx) {
                break;
            }
            let targets = self.select(p, &ab.target, t, owner, &ctx);
            match targets.as_slice().first() {
                Some(TargetRef::Creature(next)) if *next != t => {
                    plan.redirected_from.get_or_insert(t);
                    plan.target = *next;
                }
                _ => break,
            }
        }
        let target = plan.target;
        let mut amount = base;
        if src != NONE && self.creatures[src as usize].hooks & Hook::WouldDealDamage.bit() != 0 {
            let src_owner = self.creatures[src as usize].owner;
            let ctx = Ctx {
                subject: target,
                attack_damage: attack,
                attacking_creature: attack,
                ..Ctx::default()
            };
            self.each_ability(p, src, Hook::WouldDealDamage, |a| {
                let ab = &p.keywords[a.keyword as usize].abilities[a.ability as usize];
                if self.cond(p, &ab.condition, src, src_owner, &ctx) {
                    for e in &ab.effects {
                        if let Eff::IncreaseDamage(x) = e {
                            amount += self.amount(p, x, src, a.value, &ctx);
                        }
                    }
                }
            });
        }
        plan.unmodified = amount;
        let (t_armor, t_hooks, t_owner) = {
            let t = &self.creatures[target as usize];
            (t.armor(), t.hooks, t.owner)
        };
        let mut reduce = if attack { t_armor } else { 0 };
        let mut prevented = false;
        if t_hooks & Hook::WouldBeDamaged.bit() != 0 {
            let ctx = Ctx {
                subject: src,
                attack_damage: attack,
                ..Ctx::default()
            };
            self.each_ability(p, target, Hook::WouldBeDamaged, |a| {
                let ab = &p.keywords[a.keyword as usize].abilities[a.ability as usize];
                if !self.cond(p, &ab.condition, target, t_owner, &ctx) {
                    return;
                }
                for e in &ab.effects {
                    match e {
                        Eff::PreventDamage => prevented = true,
                        Eff::ReduceDamage(x) => reduce += self.amount(p, x, target, a.value, &ctx),
                        _ => {}
                    }
                }
            });
        }
        plan.amount = if prevented {
            0
        } else {
            (amount - reduce.max(0)).max(0)
        };
        plan
    }

    /// Deals planned damage: marks it, logs it, queues `Damaged` abilities. Returns the event index.
    pub fn deal(&mut self, p: &Program, plan: DamagePlan, cause: Cause) -> u32 {
        if let Some(from) = plan.redirected_from {
            self.emit(
                EventKind::DamageRedirected {
                    from,
                    to: plan.target,
                },
                cause,
            );
        }
        let at = self.emit(
            EventKind::Damage {
                source: plan.source,
                target: plan.target,
                amount: plan.amount,
                unmodified: plan.unmodified,
                attack: plan.attack,
            },
            cause,
        );
        if plan.amount > 0 {
            let c = &mut self.creatures[plan.target as usize];
            c.damage += plan.amount;
            c.damaged_turn = self.turn;
            c.last_hit = Some(at);
            self.stats_dirty |= p.statics_read_damage;
            // Only a creature that may now be at 0 needs a death check (a recomputation that
            // lowers life asks for its own).
            self.check_deaths |= c.damage >= c.life();
            let ctx = Ctx {
                subject: plan.source.unwrap_or(NONE),
                amount: plan.amount,
                ..Ctx::default()
            };
            self.enqueue(p, plan.target, Hook::Damaged, at, ctx);
        }
        at
    }

    /// Damage to a player.
    pub fn damage_player(&mut self, player: u8, amount: i32, cause: Cause) {
        let amount = amount.max(0);
        self.life[player as usize] -= amount;
        let life = self.life[player as usize];
        self.emit(
            EventKind::PlayerDamaged {
                player: side_player(player),
                amount,
                life,
            },
            cause,
        );
    }

    fn heal(&mut self, p: &Program, t: CreatureId, amount: i32, cause: Cause) {
        let c = &mut self.creatures[t as usize];
        let healed = amount.min(c.damage).max(0);
        if healed > 0 {
            c.damage -= healed;
            self.stats_dirty |= p.statics_read_damage;
            self.emit(
                EventKind::Healed {
                    creature: t,
                    amount: healed,
                },
                cause,
            );
        }
    }

    fn gain_life(&mut self, player: u8, amount: i32, cause: Cause) {
        if amount > 0 {
            self.life[player as usize] += amount;
            let life = self.life[player as usize];
            self.emit(
                EventKind::LifeGained {
                    player: side_player(player),
                    amount,
                    life,
                },
                cause,
            );
        }
    }

    /// Makes a creature of `card` in a slot and returns its id.
    pub fn place(&mut self, p: &Program, card: CardIdx, side: u8, slot: usize) -> CreatureId {
        let id = self.creatures.len() as CreatureId;
        self.creatures
            .push(Creature::new(p, card, side, slot as u8, self.turn));
        self.lines[side as usize][slot] = id;
        self.stats_dirty = true;
        id
    }

    /// Takes a creature off its line (its slot becomes empty).
    pub fn take_off_line(&mut self, id: CreatureId) {
        let c = &mut self.creatures[id as usize];
        if c.on_line {
            c.on_line = false;
            self.lines[c.owner as usize][c.slot as usize] = NONE;
            self.stats_dirty = true;
        }
    }

    fn set_line(&mut self, side: u8, order: &[CreatureId]) {
        let line = &mut self.lines[side as usize];
        line.fill(NONE);
        for (slot, &id) in order.iter().enumerate().take(self.slots) {
            line[slot] = id;
            self.creatures[id as usize].slot = slot as u8;
        }
        self.stats_dirty = true;
    }

    fn move_to(&mut self, id: CreatureId, front: bool, cause: Cause) {
        let c = self.creatures[id as usize];
        if !c.on_line {
            return;
        }
        let side = c.owner as usize;
        let from = c.slot as usize;
        let line = &mut self.lines[side];
        if front {
            // Everything in front of it shifts back one slot, into the slot it left.
            line.copy_within(0..from, 1);
            line[0] = id;
        } else {
            // The creatures behind it move up one; it goes behind the last of them.
            let last = line[..self.slots]
                .iter()
                .rposition(|&x| x != NONE)
                .unwrap_or(from);
            line.copy_within(from + 1..=last, from);
            line[last] = id;
        }
        for slot in 0..self.slots {
            let x = self.lines[side][slot];
            if x != NONE {
                self.creatures[x as usize].slot = slot as u8;
            }
        }
        self.stats_dirty = true;
        let to = self.creatures[id as usize].slot;
        if to as usize != from {
            self.emit(
                EventKind::Moved {
                    creature: id,
                    from: from as u8 + 1,
                    to: to + 1,
                },
                cause,
            );
        }
    }

    fn transform(&mut self, p: &Program, t: CreatureId, card: CardIdx, cause: Cause) {
        let old = self.creatures[t as usize];
        if !old.on_line {
            return;
        }
        self.take_off_line(t);
        let id = self.place(p, card, old.owner, old.slot as usize);
        let c = &mut self.creatures[id as usize];
        c.artifacts = old.artifacts;
        c.artifact_count = old.artifact_count;
        c.summoned_turn = old.summoned_turn;
        c.refresh_hooks(p);
        self.emit(EventKind::Transformed { from: t, into: id }, cause);
    }

    fn combine(
        &mut self,
        p: &Program,
        bearer: CreatureId,
        kw: u16,
        count: u32,
        into: &[CardIdx],
        cause: Cause,
    ) {
        let me = self.creatures[bearer as usize];
        if !me.on_line {
            return;
        }
        let side = me.owner;
        let mut group = [NONE; MAX_SLOTS];
        let mut n = 1;
        group[0] = bearer;
        for id in self.line(side).collect::<line_ids::Ids>().iter() {
            if n < count as usize && id != bearer && self.creatures[id as usize].has_keyword(p, kw)
            {
                group[n] = id;
                n += 1;
            }
        }
        if n < count as usize {
            return;
        }
        group[..n].sort_by_key(|&id| self.creatures[id as usize].slot);
        for &id in &group[..n] {
            self.take_off_line(id);
            let c = self.creatures[id as usize];
            self.discard[side as usize].push((c.card, id));
            for &a in &c.artifacts[..c.artifact_count as usize] {
                self.discard[side as usize].push((a, NONE));
            }
            self.emit(EventKind::Removed { creature: id }, cause);
        }
        let mut order = [NONE; MAX_SLOTS];
        let mut len = 0;
        for &card in into.iter().take(self.slots) {
            let id = self.creatures.len() as CreatureId;
            self.creatures
                .push(Creature::new(p, card, side, len as u8, self.turn));
            order[len] = id;
            len += 1;
        }
        for id in self.line(side).collect::<line_ids::Ids>().iter() {
            if len < self.slots {
                order[len] = id;
                len += 1;
            } else {
                self.take_off_line(id);
                self.emit(EventKind::Removed { creature: id }, cause);
            }
        }
        self.set_line(side, &order[..len]);
        for &id in order.iter().take(into.len().min(self.slots)) {
            let slot = self.creatures[id as usize].slot + 1;
            self.emit(
                EventKind::Summoned {
                    creature: id,
                    slot,
                    returned: false,
                },
                cause,
            );
        }
    }

    /// Destroys every creature at 0 life or marked, A's then B's, and queues death abilities.
    /// Returns whether any died.
    pub fn process_deaths(&mut self, p: &Program) -> bool {
        self.ensure_stats(p);
        let any = (0..2u8).any(|side| {
            self.line(side).any(|id| {
                let c = &self.creatures[id as usize];
                c.doomed || c.damage >= c.life()
            })
        });
        if !any {
            return false;
        }
        let mut dying = [NONE; 2 * MAX_SLOTS];
        let mut n = 0;
        for side in 0..2u8 {
            for id in self.line(side) {
                let c = self.creature(id);
                if c.doomed || c.damage >= c.life() {
                    dying[n] = id;
                    n += 1;
                }
            }
        }
        if n == 0 {
            return false;
        }
        let mut events = [0u32; 2 * MAX_SLOTS];
        for (i, &id) in dying[..n].iter().enumerate() {
            self.take_off_line(id);
            let c = self.creatures[id as usize];
            let set_aside = c.flags & flag::SET_ASIDE != 0;
            if !set_aside {
                self.discard[c.owner as usize].push((c.card, id));
            }
            for &a in &c.artifacts[..c.artifact_count as usize] {
                self.discard[c.owner as usize].push((a, NONE));
            }
            events[i] = self.emit(
                EventKind::Destroyed {
                    creature: id,
                    slot: c.slot + 1,
                    set_aside,
                },
                Cause::after(c.last_hit.unwrap_or(self.phase_event)),
            );
        }
        for (i, &id) in dying[..n].iter().enumerate() {
            let dead = self.creatures[id as usize];
            let ctx = Ctx {
                subject: id,
                slot: dead.slot,
                ..Ctx::default()
            };
            self.enqueue(p, id, Hook::Destroyed, events[i], ctx);
            for side in 0..2u8 {
                for other in self.line(side).collect::<line_ids::Ids>().iter() {
                    if side == dead.owner {
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
                            if let Some(TargetRef::Creature(id)) = t.as_slice().first() {
                                target = *id;
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
                self.stats_dirty = true;
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
                for other in self.line(side).collect::<line_ids::Ids>().iter() {
                    if other != id {
                        self.enqueue(p, other, Hook::AllySummoned, at, ctx);
                    }
                }
            }
        }
    }

    /// The attacks of one slot (`second`: Fury's second pass). Both are worked out first, then dealt.
    pub fn attack_slot(&mut self, p: &Program, slot: usize, second: bool) {
        self.ensure_stats(p);
        let mut plans: [Option<AttackPlan>; 2] = [None, None];
        for side in 0..2u8 {
            let id = self.at(side, slot);
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
            let enemy = self.at(1 - side, slot);
            if enemy == NONE {
                let mut amount = attack;
                if hooks & Hook::WouldDealDamage.bit() != 0 {
                    let ctx = Ctx {
                        attacking_player: true,
                        attack_damage: true,
                        ..Ctx::default()
                    };
                    self.each_ability(p, id, Hook::WouldDealDamage, |a| {
                        let ab = &p.keywords[a.keyword as usize].abilities[a.ability as usize];
                        if self.cond(p, &ab.condition, id, side, &ctx) {
                            for e in &ab.effects {
                                if let Eff::IncreaseDamage(x) = e {
                                    amount += self.amount(p, x, id, a.value, &ctx);
                                }
                            }
                        }
                    });
                }
                plans[side as usize] = Some((
                    id,
                    AttackTarget::Player(side_player(1 - side)),
                    None,
                    amount,
                ));
            } else {
                let plan = self.plan_damage(p, Some(id), enemy, attack, true);
                plans[side as usize] = Some((id, AttackTarget::Creature(enemy), Some(plan), 0));
            }
        }
        let mut attack_events = [0u32; 2];
        for (side, entry) in plans.iter().enumerate() {
            let Some((id, target, _, _)) = *entry else {
                continue;
            };
            let at = self.emit(
                EventKind::Attack {
                    attacker: id,
                    target,
                    second,
                },
                Cause::after(self.phase_event),
            );
            attack_events[side] = at;
            let (subject, on_creature) = match target {
                AttackTarget::Creature(t) => (t, true),
                AttackTarget::Player(_) => (NONE, false),
            };
            let ctx = Ctx {
                subject,
                slot: slot as u8,
                attacking_player: !on_creature,
                attacking_creature: on_creature,
                ..Ctx::default()
            };
            self.enqueue(p, id, Hook::Attacks, at, ctx);
            if on_creature {
                let back = Ctx {
                    subject: id,
                    slot: slot as u8,
                    ..Ctx::default()
                };
                self.enqueue(p, subject, Hook::Attacked, at, back);
            }
        }
        for (side, entry) in plans.iter().enumerate() {
            let Some((_, target, plan, amount)) = *entry else {
                continue;
            };
            let cause = Cause::after(attack_events[side]);
            match (target, plan) {
                (AttackTarget::Creature(_), Some(plan)) => {
                    self.deal(p, plan, cause);
                }
                (AttackTarget::Player(pl), _) => self.damage_player(pl as u8, amount, cause),
                _ => {}
            }
        }
    }

    /// Closes each line's gaps (a creature with the Immovable flag stays and blocks the ones behind).
    pub fn close_gaps(&mut self, cause: Cause) {
        for side in 0..2u8 {
            let mut order = [NONE; MAX_SLOTS];
            let mut next = 0usize;
            let mut moved = false;
            for slot in 0..self.slots {
                let id = self.lines[side as usize][slot];
                if id == NONE {
                    continue;
                }
                if self.creatures[id as usize].flags & flag::IMMOVABLE != 0 {
                    next = slot;
                }
                order[next] = id;
                moved |= next != slot;
                next += 1;
            }
            if moved {
                let line = &mut self.lines[side as usize];
                line.fill(NONE);
                for (slot, &id) in order.iter().enumerate().take(self.slots) {
                    line[slot] = id;
                    if id != NONE {
                        self.creatures[id as usize].slot = slot as u8;
                    }
                }
                self.stats_dirty = true;
                self.emit(
                    EventKind::GapsClosed {
                        player: side_player(side),
                    },
                    cause,
                );
            }
        }
    }

    /// End of turn: grants run out; creatures due to return come back at the back of their lines.
    pub fn expire_and_return(&mut self, p: &Program, cause: Cause) {
        let turn = self.turn;
        for side in 0..2u8 {
            for slot in 0..self.slots {
                let id = self.lines[side as usize][slot];
                if id == NONE {
                    continue;
                }
                let c = &mut self.creatures[id as usize];
                let before = c.grant_count;
                let mut kept = 0;
                for i in 0..c.grant_count as usize {
                    if c.grants[i].2 > turn {
                        c.grants[kept] = c.grants[i];
                        kept += 1;
                    }
                }
                if kept != before as usize {
                    c.grant_count = kept as u8;
                    c.refresh_hooks(p);
                    self.stats_dirty = true;
                }
            }
        }
        let returning = std::mem::take(&mut self.returning);
        for &id in &returning {
            let dead = self.creatures[id as usize];
            let side = dead.owner;
            // With no room it stays in the discard pile.
            let Some(slot) = self.slot_behind_last(side) else {
                continue;
            };
            // It leaves the discard pile (its artifacts stay there).
            if let Some(pos) = self.discard[side as usize]
                .iter()
                .position(|&(_, c)| c == id)
            {
                self.discard[side as usize].remove(pos);
            }
            let new = self.place(p, dead.card, side, slot);
            self.creatures[new as usize].returned = true;
            self.emit(
                EventKind::Summoned {
                    creature: new,
                    slot: slot as u8 + 1,
                    returned: true,
                },
                cause,
            );
        }
        self.returning = returning;
        self.returning.clear();
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
