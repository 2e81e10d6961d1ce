//! The damage pipeline: redirects, the source's raises, the target's prevention and reductions
//! (armor for attack damage), then dealing it and queuing `Damaged` abilities.

use super::event::{Cause, CreatureId, EventKind};
use super::program::{Eff, Hook, Program};
use super::rules::side_player;
use super::state::{Ctx, NONE, State, TargetRef};

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

impl DamagePlan {
    /// No damage (a slot's plan before it is worked out).
    pub const NONE: DamagePlan = DamagePlan {
        source: None,
        target: NONE,
        redirected_from: None,
        amount: 0,
        unmodified: 0,
        attack: true,
    };

    /// An attack on the opposing player: `amount` from `source` (`target` is unused).
    #[must_use]
    pub fn to_player(source: CreatureId, amount: i32) -> Self {
        DamagePlan {
            source: Some(source),
            amount,
            unmodified: amount,
            ..Self::NONE
        }
    }
}

impl State {
    /// Works out damage to `target`: redirects, the source's raises, the target's prevention and
    /// reductions (armor for attack damage).
    #[inline]
    pub fn plan_damage(
        &mut self,
        p: &Program,
        source: Option<CreatureId>,
        target: CreatureId,
        base: i32,
        attack: bool,
    ) -> DamagePlan {
        self.ensure_stats(p);
        let src = source.unwrap_or(NONE);
        let (t_hooks, t_armor) = {
            let t = &self.creatures[target as usize];
            (t.hooks, t.armor())
        };
        // Most damage meets no replacement at all: only armor (for attacks) applies.
        if t_hooks & Hook::WouldBeDamaged.bit() == 0
            && (src == NONE
                || self.creatures[src as usize].hooks & Hook::WouldDealDamage.bit() == 0)
        {
            let reduce = if attack { t_armor.max(0) } else { 0 };
            return DamagePlan {
                source,
                target,
                redirected_from: None,
                amount: (base - reduce).max(0),
                unmodified: base,
                attack,
            };
        }
        self.plan_replaced_damage(p, source, target, base, attack)
    }

    /// [`State::plan_damage`] when the target or the source has a replacement ability.
    #[inline(never)]
    fn plan_replaced_damage(
        &mut self,
        p: &Program,
        source: Option<CreatureId>,
        target: CreatureId,
        base: i32,
        attack: bool,
    ) -> DamagePlan {
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
            match targets.first() {
                Some(TargetRef::Creature(next)) if next != t => {
                    self.note_fired(a);
                    plan.redirected_from.get_or_insert(t);
                    plan.target = next;
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
            let mut acted = self.acted();
            self.each_ability(p, src, Hook::WouldDealDamage, |a| {
                let ab = &p.keywords[a.keyword as usize].abilities[a.ability as usize];
                if self.cond(p, &ab.condition, src, src_owner, &ctx) {
                    for e in &ab.effects {
                        if let Eff::IncreaseDamage(x) = e {
                            amount += self.amount(p, x, src, a.value, &ctx);
                        }
                    }
                    acted.push(a);
                }
            });
            acted.note(self);
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
            let mut acted = self.acted();
            self.each_ability(p, target, Hook::WouldBeDamaged, |a| {
                let ab = &p.keywords[a.keyword as usize].abilities[a.ability as usize];
                if !self.cond(p, &ab.condition, target, t_owner, &ctx) {
                    return;
                }
                let mut applies = false;
                for e in &ab.effects {
                    match e {
                        Eff::PreventDamage => {
                            prevented = true;
                            applies = true;
                        }
                        Eff::ReduceDamage(x) => {
                            reduce += self.amount(p, x, target, a.value, &ctx);
                            applies = true;
                        }
                        _ => {}
                    }
                }
                if applies {
                    acted.push(a);
                }
            });
            acted.note(self);
        }
        plan.amount = if prevented {
            0
        } else {
            (amount - reduce.max(0)).max(0)
        };
        plan
    }

    /// Deals planned damage: marks it, logs it, queues `Damaged` abilities. Returns the event index.
    pub fn deal<const LOG: bool>(&mut self, p: &Program, plan: DamagePlan, cause: Cause) -> u32 {
        if let Some(from) = plan.redirected_from {
            self.emit::<LOG>(
                EventKind::DamageRedirected {
                    from,
                    to: plan.target,
                },
                cause,
            );
        }
        self.mark_damage::<LOG>(p, &plan, cause)
    }

    /// [`State::deal`] once any redirect is logged: marks the damage on its target, logs it
    /// and queues `Damaged` abilities. Returns the event index. Out of line: its other
    /// callers are many and cooler.
    #[inline(never)]
    pub(super) fn mark_damage<const LOG: bool>(
        &mut self,
        p: &Program,
        plan: &DamagePlan,
        cause: Cause,
    ) -> u32 {
        self.mark_damage_inlined::<LOG>(p, plan, cause)
    }

    /// [`State::mark_damage`] inlined where damage is marked most, the straight attack pass
    /// ([`State::plain_blows`]): there the plan stays in registers, and the call, its register
    /// saves and the plan's copy to the stack were a third of the marking.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn mark_damage_inlined<const LOG: bool>(
        &mut self,
        p: &Program,
        plan: &DamagePlan,
        cause: Cause,
    ) -> u32 {
        // Marked before it is logged, like every change: a copy of the board taken as an
        // event is logged shows the board right after it.
        let at = self.next_index;
        if plan.amount > 0 {
            if self.tally {
                self.tally_damage(plan.source, Some(plan.target), plan.amount);
            }
            let c = &mut self.creatures[plan.target as usize];
            c.damage += plan.amount;
            c.damaged_turn = self.turn;
            c.last_hit = Some(at);
            self.stats_dirty |= p.statics_read_damage;
            // Only a creature that may now be at 0 needs a death check (a recomputation that
            // lowers life asks for its own).
            if c.damage >= c.life() {
                self.suspect(plan.target);
            }
        }
        self.emit::<LOG>(
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
            let ctx = Ctx {
                subject: plan.source.unwrap_or(NONE),
                amount: plan.amount,
                ..Ctx::default()
            };
            self.enqueue(p, plan.target, Hook::Damaged, at, ctx);
        }
        at
    }

    /// Damage to a player, from `source` if a creature deals it.
    #[inline]
    pub fn damage_player<const LOG: bool>(
        &mut self,
        player: u8,
        amount: i32,
        source: Option<CreatureId>,
        cause: Cause,
    ) {
        let amount = amount.max(0);
        if self.tally {
            self.tally_damage(source, None, amount);
        }
        self.life[player as usize] -= amount;
        let life = self.life[player as usize];
        self.emit::<LOG>(
            EventKind::PlayerDamaged {
                player: side_player(player),
                amount,
                life,
            },
            cause,
        );
    }

    /// Adds damage to its dealer's and taker's totals (the balance lab), when tallying. Out of
    /// line and cold: the log-off hot path pays one test of `tally`.
    #[cold]
    #[inline(never)]
    fn tally_damage(
        &mut self,
        source: Option<CreatureId>,
        target: Option<CreatureId>,
        amount: i32,
    ) {
        if let Some(source) = source {
            self.creatures[source as usize].dealt += amount;
        }
        if let Some(target) = target {
            self.creatures[target as usize].taken += amount;
        }
    }
}
