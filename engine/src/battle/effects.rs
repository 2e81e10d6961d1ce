//! Effect application: a queued ability resolves (condition, event, targets) and each effect
//! primitive changes the board: stat changes, grants, heals, destruction, summons, moves.

use super::event::{AbilitySource, Cause, CreatureId, EventKind};
use super::program::{Eff, Hook, MAX_ARTIFACTS, MAX_GRANTS, Program, Until};
use super::rules::side_player;
use super::state::{Ctx, FOREVER, NONE, Pending, State, TargetRef};

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
        self.note_fired(src);
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
        // Most abilities pick one target (Bolt, Terrify, Regen, Berserk): that one is picked
        // without building a list of them, and its common effects are applied inline.
        if ability.target.picks_one() {
            let target = self.select_one(p, &ability.target, src.creature, owner, &pending.ctx);
            if let Some(target) = target {
                for effect in &ability.effects {
                    self.apply_effect(p, effect, src, target, &pending.ctx, cause);
                }
            }
            return;
        }
        self.resolve_on_each(
            p,
            &ability.target,
            &ability.effects,
            src,
            owner,
            &pending,
            cause,
        );
    }

    /// The rest of [`State::resolve`] for a selector that may pick several targets: effects go
    /// in order, each to every target.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)] // the parts of one resolution, passed on as they are
    fn resolve_on_each(
        &mut self,
        p: &Program,
        target: &super::program::Sel,
        effects: &[Eff],
        src: AbilitySource,
        owner: u8,
        pending: &Pending,
        cause: Cause,
    ) {
        let targets = self.select(p, target, src.creature, owner, &pending.ctx);
        for effect in effects {
            for target in targets.iter() {
                self.apply_effect(p, effect, src, target, &pending.ctx, cause);
            }
        }
    }

    /// Applies one effect to one target. The primitives most abilities use (damage, a heal, a
    /// stat change, no attack) are handled here, inlined into the resolution; the others in
    /// [`State::apply_other_effect`], out of line.
    #[allow(clippy::inline_always)] // measured: the call and its arguments cost more than these arms
    #[inline(always)]
    fn apply_effect(
        &mut self,
        p: &Program,
        effect: &Eff,
        src: AbilitySource,
        target: TargetRef,
        ctx: &Ctx,
        cause: Cause,
    ) {
        let amount_of = |s: &Self, a| s.amount(p, a, src.creature, src.value, ctx);
        match (effect, target) {
            (Eff::Damage(a), TargetRef::Creature(t)) => {
                let amount = amount_of(self, a);
                if amount > 0 {
                    let plan = self.plan_damage(p, Some(src.creature), t, amount, false);
                    self.deal(p, plan, cause);
                }
            }
            (Eff::Heal(a), TargetRef::Creature(t)) => {
                let amount = amount_of(self, a);
                self.heal(p, t, amount, cause);
            }
            (Eff::Modify(stat, a) | Eff::ModifyPermanently(stat, a), TargetRef::Creature(t)) => {
                let amount = amount_of(self, a);
                if amount != 0 {
                    self.modify_permanently(p, t, *stat, amount, cause);
                }
            }
            (Eff::PreventAttack, TargetRef::Creature(t)) => {
                self.creatures[t as usize].no_attack_turn = self.turn;
                self.emit(EventKind::AttackPrevented { creature: t }, cause);
            }
            _ => self.apply_other_effect(p, effect, src, target, ctx, cause),
        }
    }

    /// A permanent stat change (a triggered `Modify` is one too).
    fn modify_permanently(
        &mut self,
        p: &Program,
        t: CreatureId,
        stat: super::program::StatKind,
        amount: i32,
        cause: Cause,
    ) {
        let c = &mut self.creatures[t as usize];
        c.permanent[stat as usize] += amount;
        c.base[stat as usize] += amount;
        c.folded[stat as usize] += amount;
        // Permanent changes add linearly: patch the stat unless a static ability reads it.
        if p.statics_read_stats {
            self.base_changed();
        } else {
            self.creatures[t as usize].stats[stat as usize] += amount;
            self.suspect(t);
        }
        self.emit(
            EventKind::StatChanged {
                creature: t,
                stat,
                amount,
            },
            cause,
        );
    }

    /// [`State::apply_effect`] for the primitives it does not handle inline.
    #[inline(never)]
    #[allow(clippy::too_many_lines)] // one match arm per effect primitive reads best together
    fn apply_other_effect(
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
            (Eff::Damage(a), TargetRef::Player(pl)) => {
                let amount = amount_of(self, a);
                self.damage_player(pl, amount, Some(src.creature), cause);
            }
            (Eff::DamageOpponent(a), _) => {
                let amount = amount_of(self, a);
                self.damage_player(1 - owner, amount, Some(src.creature), cause);
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
            (Eff::Grant(kw, until), TargetRef::Creature(t)) => {
                let last = if *until == Until::Forever {
                    FOREVER
                } else {
                    self.turn
                };
                self.grant(p, t, *kw, 0, last, cause);
            }
            (Eff::Destroy, TargetRef::Creature(t)) => {
                let c = &mut self.creatures[t as usize];
                if c.on_line && !c.doomed {
                    c.doomed = true;
                    self.suspect(t);
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
                    self.base_changed();
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
            // heals aimed at players have no meaning. (Damage, heals, stat changes and
            // `PreventAttack` aimed at creatures are `apply_effect`'s own.)
            _ => {}
        }
    }

    pub(super) fn grant(
        &mut self,
        p: &Program,
        t: CreatureId,
        kw: u16,
        value: i32,
        last: u32,
        cause: Cause,
    ) {
        let c = &mut self.creatures[t as usize];
        let n = c.grant_count as usize;
        if let Some(existing) = c.grants[..n].iter_mut().find(|g| g.0 == kw) {
            existing.2 = existing.2.max(last);
        } else if n < MAX_GRANTS {
            c.grants[n] = (kw, value, last);
            c.grant_count += 1;
            self.may_hold_grants = true;
            c.refresh_hooks(p);
            self.note_hooks(t);
        } else {
            return;
        }
        self.base_changed();
        self.emit(
            EventKind::KeywordGranted {
                creature: t,
                keyword: kw,
            },
            cause,
        );
    }

    pub(super) fn heal(&mut self, p: &Program, t: CreatureId, amount: i32, cause: Cause) {
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

    pub(super) fn gain_life(&mut self, player: u8, amount: i32, cause: Cause) {
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
}
