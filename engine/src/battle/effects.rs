//! Effect application: a queued ability resolves (condition, event, targets) and each effect
//! primitive changes the board: stat changes, grants, heals, destruction, summons, moves.

use super::event::{AbilitySource, Cause, CreatureId, EventKind};
use super::program::{
    Eff, Hook, MAX_ARTIFACTS, MAX_GRANTS, Program, Quick, QuickEffect, QuickTarget, Until,
};
use super::rules::side_player;
use super::state::{Ctx, FOREVER, NONE, Pending, State, TargetRef};

impl State {
    /// Resolves one queued ability. An ability with a [`Quick`] form (most of them) resolves
    /// here, inlined into the walks and the queue; the others in [`State::resolve_general`].
    // Inlined (measured): the call, its register saves and the copy of `pending` were a
    // third of a quick resolution.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn resolve<const LOG: bool>(&mut self, p: &Program, pending: Pending) {
        let src = pending.source;
        let ability = &p.keywords[src.keyword as usize].abilities[src.ability as usize];
        let Some(quick) = ability.quick else {
            self.resolve_general::<LOG>(p, pending);
            return;
        };
        let (on_line, owner) = {
            let c = &self.creatures[src.creature as usize];
            (c.on_line, c.owner)
        };
        if !on_line && ability.hook != Hook::Destroyed {
            return;
        }
        self.resolve_quick::<LOG>(p, quick, src, owner, pending.after, pending.ctx.amount);
    }

    /// Resolves an ability by its [`Quick`] form once its bearer is known to be where it can
    /// act: the general path's steps, in its order, with no condition to check (a quick form
    /// has none) and its one target and effect read from `quick`. `owner` is the bearer's
    /// side, `damage_taken` the amount of the damage it answers (0 for anything else).
    #[allow(clippy::inline_always)] // see `resolve`
    #[inline(always)]
    pub(super) fn resolve_quick<const LOG: bool>(
        &mut self,
        p: &Program,
        quick: Quick,
        src: AbilitySource,
        owner: u8,
        after: u32,
        damage_taken: i32,
    ) {
        self.ensure_stats(p);
        self.note_fired(src);
        let cause = self.log_triggered::<LOG>(src, after);
        let target = match quick.target {
            QuickTarget::This => src.creature,
            QuickTarget::RandomEnemy => match self.random_enemy(owner) {
                Some(t) => t,
                None => return,
            },
        };
        let amount = quick.amount.of(src.value, damage_taken);
        self.apply_to_creature::<LOG>(p, quick.effect, src, target, amount, cause);
    }

    /// Logs that an ability acts; returns the cause of what it does.
    #[inline]
    fn log_triggered<const LOG: bool>(&mut self, src: AbilitySource, after: u32) -> Cause {
        let at = self.emit::<LOG>(
            EventKind::AbilityTriggered {
                creature: src.creature,
            },
            Cause {
                ability: Some(src),
                after: Some(after),
            },
        );
        Cause {
            ability: Some(src),
            after: Some(at),
        }
    }

    /// [`State::resolve`] for an ability with no quick form: its condition, selector and
    /// effects as written.
    #[inline(never)]
    pub(super) fn resolve_general<const LOG: bool>(&mut self, p: &Program, pending: Pending) {
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
        let cause = self.log_triggered::<LOG>(src, pending.after);
        // Most abilities pick one target (Bolt, Terrify, Regen, Berserk): that one is picked
        // without building a list of them, and its common effects are applied inline.
        if ability.target.picks_one() {
            let target = self.select_one(p, &ability.target, src.creature, owner, &pending.ctx);
            if let Some(target) = target {
                for effect in &ability.effects {
                    self.apply_effect::<LOG>(p, effect, src, target, &pending.ctx, cause);
                }
            }
            return;
        }
        self.resolve_on_each::<LOG>(
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
    fn resolve_on_each<const LOG: bool>(
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
                self.apply_effect::<LOG>(p, effect, src, target, &pending.ctx, cause);
            }
        }
    }

    /// Applies one effect to one target. The primitives most abilities use (damage, a heal, a
    /// stat change, no attack) are handled here, inlined into the resolution; the others in
    /// [`State::apply_other_effect`], out of line.
    #[allow(clippy::inline_always)] // measured: the call and its arguments cost more than these arms
    #[inline(always)]
    fn apply_effect<const LOG: bool>(
        &mut self,
        p: &Program,
        effect: &Eff,
        src: AbilitySource,
        target: TargetRef,
        ctx: &Ctx,
        cause: Cause,
    ) {
        let amount_of = |s: &Self, a| s.amount(p, a, src.creature, src.value, ctx);
        let (kind, t, amount) = match (effect, target) {
            (Eff::Damage(a), TargetRef::Creature(t)) => {
                (QuickEffect::Damage, t, amount_of(self, a))
            }
            (Eff::Heal(a), TargetRef::Creature(t)) => (QuickEffect::Heal, t, amount_of(self, a)),
            (Eff::Modify(stat, a) | Eff::ModifyPermanently(stat, a), TargetRef::Creature(t)) => {
                (QuickEffect::Modify(*stat), t, amount_of(self, a))
            }
            (Eff::PreventAttack, TargetRef::Creature(t)) => (QuickEffect::PreventAttack, t, 0),
            _ => return self.apply_other_effect::<LOG>(p, effect, src, target, ctx, cause),
        };
        self.apply_to_creature::<LOG>(p, kind, src, t, amount, cause);
    }

    /// Applies one of the common effects on a creature, by an amount already worked out: the
    /// one implementation of each, for the general path ([`State::apply_effect`]) and the
    /// quick one ([`State::resolve`]).
    #[allow(clippy::inline_always)] // measured: the call costs more than these arms
    #[inline(always)]
    pub(super) fn apply_to_creature<const LOG: bool>(
        &mut self,
        p: &Program,
        effect: QuickEffect,
        src: AbilitySource,
        t: CreatureId,
        amount: i32,
        cause: Cause,
    ) {
        match effect {
            QuickEffect::Damage => {
                if amount > 0 {
                    let plan = self.plan_damage(p, Some(src.creature), t, amount, false);
                    self.deal::<LOG>(p, plan, cause);
                }
            }
            QuickEffect::Heal => self.heal::<LOG>(p, t, amount, cause),
            QuickEffect::Modify(stat) => {
                if amount != 0 {
                    self.modify_permanently::<LOG>(p, t, stat, amount, cause);
                }
            }
            QuickEffect::PreventAttack => {
                self.creatures[t as usize].no_attack_turn = self.turn;
                self.emit::<LOG>(EventKind::AttackPrevented { creature: t }, cause);
            }
        }
    }

    /// A permanent stat change (a triggered `Modify` is one too).
    #[inline]
    fn modify_permanently<const LOG: bool>(
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
        self.emit::<LOG>(
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
    fn apply_other_effect<const LOG: bool>(
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
                self.damage_player::<LOG>(pl, amount, Some(src.creature), cause);
            }
            (Eff::DamageOpponent(a), _) => {
                let amount = amount_of(self, a);
                self.damage_player::<LOG>(1 - owner, amount, Some(src.creature), cause);
            }
            (Eff::HealAll, TargetRef::Creature(t)) => self.heal::<LOG>(p, t, i32::MAX, cause),
            (Eff::Heal(a) | Eff::GainLife(a), TargetRef::Player(pl)) => {
                let amount = amount_of(self, a);
                self.gain_life::<LOG>(pl, amount, cause);
            }
            (Eff::GainLife(a), TargetRef::Creature(t)) => {
                let amount = amount_of(self, a);
                let pl = self.creatures[t as usize].owner;
                self.gain_life::<LOG>(pl, amount, cause);
            }
            (Eff::Grant(kw, until), TargetRef::Creature(t)) => {
                let last = if *until == Until::Forever {
                    FOREVER
                } else {
                    self.turn
                };
                self.grant::<LOG>(p, t, *kw, 0, last, cause);
            }
            (Eff::Destroy, TargetRef::Creature(t)) => {
                let c = &mut self.creatures[t as usize];
                if c.on_line && !c.doomed {
                    c.doomed = true;
                    self.suspect(t);
                    let at =
                        self.emit::<LOG>(EventKind::MarkedForDestruction { creature: t }, cause);
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
                    self.emit::<LOG>(
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
                self.emit::<LOG>(EventKind::Removed { creature: t }, cause);
            }
            (Eff::MoveToFront, TargetRef::Creature(t)) => self.move_to::<LOG>(t, true, cause),
            (Eff::MoveToBack, TargetRef::Creature(t)) => self.move_to::<LOG>(t, false, cause),
            (Eff::ReturnAtEndOfTurn, TargetRef::Creature(t)) => {
                let c = &mut self.creatures[t as usize];
                if !c.will_return {
                    c.will_return = true;
                    self.returning.push(t);
                    self.emit::<LOG>(EventKind::WillReturn { creature: t }, cause);
                }
            }
            (Eff::Summon(card, enemy_line), _) => {
                let side = if *enemy_line { 1 - owner } else { owner };
                let line = &self.lines[side as usize][..self.slots];
                if let Some(slot) = line.iter().position(|&id| id == NONE) {
                    let id = self.place(p, *card, side, slot);
                    self.emit::<LOG>(
                        EventKind::Summoned {
                            creature: id,
                            slot: slot as u8 + 1,
                            returned: false,
                        },
                        cause,
                    );
                }
            }
            (Eff::Transform(card), TargetRef::Creature(t)) => {
                self.transform::<LOG>(p, t, *card, cause);
            }
            (Eff::Combine(kw, count, into), _) => {
                self.combine::<LOG>(p, src.creature, *kw, *count, into, cause);
            }
            (Eff::Unsupported, _) => {
                self.emit::<LOG>(
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

    pub(super) fn grant<const LOG: bool>(
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
        self.emit::<LOG>(
            EventKind::KeywordGranted {
                creature: t,
                keyword: kw,
            },
            cause,
        );
    }

    #[inline]
    pub(super) fn heal<const LOG: bool>(
        &mut self,
        p: &Program,
        t: CreatureId,
        amount: i32,
        cause: Cause,
    ) {
        let c = &mut self.creatures[t as usize];
        let healed = amount.min(c.damage).max(0);
        if healed > 0 {
            c.damage -= healed;
            self.stats_dirty |= p.statics_read_damage;
            self.emit::<LOG>(
                EventKind::Healed {
                    creature: t,
                    amount: healed,
                },
                cause,
            );
        }
    }

    pub(super) fn gain_life<const LOG: bool>(&mut self, player: u8, amount: i32, cause: Cause) {
        if amount > 0 {
            self.life[player as usize] += amount;
            let life = self.life[player as usize];
            self.emit::<LOG>(
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use crate::battle::{Battle, BattleSetup, test_boards};

    /// Keywords whose abilities have a quick form (a random enemy damaged or kept from
    /// attacking, the bearer healed or made stronger; at the start and end of turns, when
    /// damaged, when another dies or an ally arrives) and others that meet them (statics,
    /// armor, replacements, several targets, conditions).
    const KEYWORDS: [&str; 14] = [
        "Bolt",
        "Terrify",
        "Regen 1",
        "Regen 3",
        "Berserk",
        "Soul Drain 2",
        "Armor 1",
        "Incite",
        "Swarm 1",
        "Fury",
        "Invulnerability",
        "Regen Aura",
        "Vengeance 2",
        "Reanimate",
    ];

    /// A creature: attack, life, up to two keywords.
    type Spec = (i32, i32, Option<usize>, Option<usize>);

    fn spec() -> impl Strategy<Value = Spec> {
        (
            0..5i32,
            1..8i32,
            proptest::option::of(0..KEYWORDS.len()),
            proptest::option::of(0..KEYWORDS.len()),
        )
    }

    fn setup(a: &[Spec], b: &[Spec]) -> BattleSetup {
        let creature = |&(attack, life, k1, k2): &Spec| {
            let keywords = [k1, k2].into_iter().flatten().map(|k| KEYWORDS[k]);
            (attack, life, keywords.collect())
        };
        let [a, b] = [a, b].map(|line| line.iter().map(creature).collect::<Vec<_>>());
        test_boards::setup(&a, &b, Some(12))
    }

    proptest! {
        /// An ability's quick form must resolve exactly as the ability written out does: the
        /// same log (so the same draws), creatures and life, run to the end with the log off
        /// and stepped with it on.
        #[test]
        fn quick_forms_match_the_general_path(
            a in proptest::collection::vec(spec(), 0..=7),
            b in proptest::collection::vec(spec(), 0..=7),
            seed in 0..1000u64,
        ) {
            let quick = setup(&a, &b);
            let mut general_program = (*quick.program).clone();
            let mut any = false;
            for ability in general_program.keywords.iter_mut().flat_map(|k| k.abilities.iter_mut()) {
                any |= ability.quick.take().is_some();
            }
            // The walks read the cards' copies.
            for ability in general_program.cards.iter_mut().flat_map(|c| c.abilities.iter_mut()) {
                ability.quick = None;
            }
            prop_assert!(any, "the standard keywords have quick forms");
            let general = BattleSetup {
                program: Arc::new(general_program),
                setup: Arc::clone(&quick.setup),
            };
            let mut stepped = Battle::new(&quick, seed);
            let mut stepped_events = Vec::new();
            while let Some(event) = stepped.step() {
                stepped_events.push(event);
            }
            let mut ran = Battle::with_log(&quick, seed, false);
            ran.run();
            let mut expected = Battle::new(&general, seed);
            expected.run();
            prop_assert_eq!(&stepped_events[..], expected.log());
            for battle in [&stepped, &ran] {
                prop_assert_eq!(&battle.state.creatures, &expected.state.creatures);
                prop_assert_eq!(battle.state.life, expected.state.life);
                prop_assert_eq!(battle.event_count(), expected.event_count());
                prop_assert_eq!(battle.winner(), expected.winner());
            }
        }
    }
}
