//! Applying one effect (22.1–22.3): one-off effects act at once (22.2; moving cards is in
//! `oneoff.rs`, votes and duels in `contest.rs`), continuous ones get a timestamp and a locked
//! set of cards (22.3b) among those continuous effects can reach (22.3).

use crate::model::Player;
use crate::model::ability::{CostPart, Effect};

use super::activation::first_unmet;
use super::game::Game;
use super::oneoff::Entry;
use super::resolve::Ctx;
use super::state::stat_name;
use super::state::{Change, ContinuousEffect, DelayedTrigger, Zone};
use super::turns::{lasting, turns_of};

impl Game {
    /// The number an amount stands for in this context.
    pub(super) fn amount(&self, a: &crate::model::ability::Amount, ctx: &Ctx) -> i32 {
        self.read(|v| v.amount(a, &ctx.source, ctx.value, ctx.replacing.unwrap_or(0)))
    }

    /// A continuous effect begins (22.3): it affects the cards (and the champions of the
    /// rulers) it names now, among those continuous effects reach, and no others later (22.3b);
    /// a rule change has no set of cards and applies to every card.
    pub(super) fn continuous(&mut self, change: Change, ctx: &Ctx) {
        let mut affected = Vec::new();
        for c in &ctx.cards {
            match self.obj(c).map(|o| o.zone) {
                Some(z) if z.reached_by_continuous_effects() => affected.push(c.clone()),
                Some(z) => self.say(format!(
                    "{c} is in the {}: continuous effects reach cards in a ruler's hand, city, the ravine or the market, rule 22.3",
                    z.name()
                )),
                None => {}
            }
        }
        for p in &ctx.players {
            affected.extend(self.player(*p).champion.clone());
        }
        if matches!(change, Change::Rule(_)) {
            affected.clear();
        }
        let timestamp = self.tick();
        let duration = lasting(&ctx.duration);
        let line = if affected.is_empty() {
            format!(
                "{}: the game {}{}, timestamp {timestamp}",
                ctx.label,
                crate::wording::rules::change(&change, &self.profile, false),
                crate::wording::rules::duration(&duration)
            )
        } else {
            format!(
                "{}: {} {}{}, timestamp {timestamp}",
                ctx.label,
                crate::wording::list(&affected),
                crate::wording::rules::change(&change, &self.profile, affected.len() > 1),
                crate::wording::rules::duration(&duration)
            )
        };
        self.say(line);
        self.effects_mut().push(ContinuousEffect {
            timestamp,
            source: ctx.source.clone(),
            source_name: ctx.label.clone(),
            controller: ctx.controller,
            change,
            affected,
            turns_left: turns_of(&duration),
            duration,
        });
    }

    /// The rulers an effect that acts on a ruler reads: its targets, else the controller.
    pub(super) fn players_of(ctx: &Ctx) -> Vec<Player> {
        if ctx.players.is_empty() {
            vec![ctx.controller]
        } else {
            ctx.players.clone()
        }
    }

    /// Applies one effect.
    pub(crate) fn apply(&mut self, effect: &Effect, ctx: &Ctx) {
        match effect {
            Effect::Damage(a) => {
                let n = self.amount(a, ctx);
                for c in &ctx.cards {
                    self.deal_damage(c, n, ctx);
                }
                for p in &ctx.players {
                    self.lose_vitae(*p, n);
                }
            }
            Effect::DamageUnpreventable(a) => {
                let n = self.amount(a, ctx);
                for c in &ctx.cards {
                    self.deal_damage_as(c, n, ctx, true);
                }
                for p in &ctx.players {
                    self.lose_vitae(*p, n);
                }
            }
            Effect::Prevent(a) => {
                let n = self.amount(a, ctx).max(0);
                for c in &ctx.cards {
                    if let Some(o) = self.obj_mut(c) {
                        o.prevent = o.prevent.saturating_add(n);
                    }
                    self.say(format!("{}: the next {n} damage to {c} is prevented", ctx.label));
                }
            }
            Effect::DamageOpponent(a) => {
                let n = self.amount(a, ctx);
                self.lose_vitae(ctx.controller.other(), n);
            }
            Effect::AddCounters(kind, a) | Effect::RemoveCounters(kind, a) => {
                let n = self.amount(a, ctx).max(0);
                let sign = if matches!(effect, Effect::AddCounters(..)) { 1 } else { -1 };
                for c in &ctx.cards {
                    let Some(o) = self.obj_mut(c) else { continue };
                    let now = o.counters.entry(kind.clone()).or_insert(0);
                    *now = now.saturating_add(sign * n).max(0);
                    let left = *now;
                    if left == 0 {
                        o.counters.remove(kind);
                    }
                    let verb = if sign > 0 { "gets" } else { "loses" };
                    let plural = if n == 1 { "" } else { "s" };
                    self.say(format!(
                        "{}: {c} {verb} {n} {kind} counter{plural}, now {left}",
                        ctx.label
                    ));
                }
            }
            Effect::Heal(a) => {
                let n = self.amount(a, ctx);
                for c in &ctx.cards {
                    if let Some(o) = self.obj_mut(c) {
                        o.wounds = o.wounds.saturating_sub(n).max(0);
                    }
                }
                for p in &ctx.players {
                    let me = self.player_mut(*p);
                    me.vitae = me.vitae.saturating_add(n);
                }
            }
            Effect::HealAll => {
                for c in &ctx.cards {
                    if let Some(o) = self.obj_mut(c) {
                        o.wounds = 0;
                    }
                }
            }
            Effect::GainLife(a) => {
                let n = self.amount(a, ctx);
                for p in Self::players_of(ctx) {
                    let me = self.player_mut(p);
                    me.vitae = me.vitae.saturating_add(n);
                    self.say(format!("{p:?} gains {n} {}", self.profile.player_life));
                }
            }
            Effect::Modify(s, a) => {
                let n = self.amount(a, ctx);
                self.continuous(Change::Modify(stat_name(s), n), ctx);
            }
            Effect::SetStat(s, a) => {
                let n = self.amount(a, ctx);
                self.continuous(Change::Set(stat_name(s), n), ctx);
            }
            Effect::ModifyPermanently(s, a) => {
                let n = self.amount(a, ctx);
                for c in &ctx.cards {
                    if let Some(o) = self.obj_mut(c) {
                        o.permanent.push((stat_name(s), n));
                    }
                    self.say(format!(
                        "{c} gets {n:+} {} for good",
                        crate::wording::rules::stat_word(&stat_name(s), &self.profile)
                    ));
                }
            }
            Effect::Grant(k) | Effect::AddStatus(k) => {
                self.continuous(Change::Gain(k.clone()), ctx);
            }
            Effect::Remove(k) => self.continuous(Change::Lose(k.clone()), ctx),
            Effect::GrantAbility(a) => self.continuous(Change::GainAbility(a.clone()), ctx),
            Effect::CantBeRetaliated => self.continuous(Change::NoRetaliation, ctx),
            Effect::YouMay { pay, then } => self.you_may(pay, then, ctx),
            Effect::ChangeRule(r) => self.continuous(Change::Rule(r.clone()), ctx),
            Effect::GainControl => self.continuous(Change::Control(ctx.controller), ctx),
            Effect::ChangeElement(e) => self.continuous(Change::Element(e.clone()), ctx),
            Effect::Destroy => {
                for c in &ctx.cards {
                    match self.obj(c).map(|o| o.zone) {
                        Some(z) if z.in_play() => self.destroy(c),
                        Some(z) => self.say(format!(
                            "{c} is in the {}, not in play: it cannot be destroyed, rule 22.1a",
                            z.name()
                        )),
                        None => {}
                    }
                }
            }
            Effect::Summon { card, enemy_line } => {
                let owner = if *enemy_line {
                    ctx.controller.other()
                } else {
                    ctx.controller
                };
                // A card that cannot be created is reported by `put_new_card` itself, and the
                // summoned card needs nothing more: its id is not wanted here.
                self.put_new_card(card, owner, false);
            }
            Effect::CreateToken {
                card,
                count,
                for_opponent,
                with,
            } => {
                let owner = if *for_opponent {
                    ctx.controller.other()
                } else {
                    ctx.controller
                };
                for _ in 0..*count {
                    let Some(token) = self.put_new_card(card, owner, true) else {
                        break;
                    };
                    let on_token = ctx.on(ctx.controller, vec![token], Vec::new());
                    for e in with {
                        self.apply(e, &on_token);
                    }
                }
            }
            Effect::On { target, effects } => {
                let picked = self.read(|v| {
                    v.pick(
                        target,
                        ctx.controller,
                        &ctx.source,
                        ctx.subject.as_deref(),
                        &ctx.chosen,
                    )
                });
                let on = ctx.on(ctx.controller, picked.cards, picked.players);
                for e in effects {
                    self.apply(e, &on);
                }
            }
            // Read as the card is played (`play_card`): resolving, they do nothing more.
            Effect::CostsLess(_) | Effect::CostsMore(_) | Effect::AdditionalCost(_) => {
                self.say(format!(
                    "{}: {} changes what the card costs to play: nothing happens as it resolves",
                    ctx.label,
                    crate::rules::text::effect_words(effect)
                ));
            }
            Effect::Glimpse(a) => self.glimpse(a, ctx),
            Effect::DrawIntoMemory(a) => self.draw_into_memory(a, ctx, Self::players_of(ctx)),
            Effect::Recover(a) => self.recover(a, ctx),
            Effect::Empower(a) => self.empower(a, ctx),
            Effect::Reveal(filter) => self.reveal(filter.as_ref(), ctx),
            Effect::LevelUp => self.level_up(ctx),
            Effect::NextCardCostsLess(a) => {
                let by = self.amount(a, ctx).max(0);
                for p in Self::players_of(ctx) {
                    self.next_card_costs_less(p, by, ctx);
                }
            }
            Effect::Sacrifice => self.sacrifice(ctx),
            Effect::If { condition, then } => {
                if self.read(|v| v.condition(condition, &ctx.source, ctx.controller)) {
                    for e in then {
                        self.apply(e, ctx);
                    }
                } else {
                    self.say(format!(
                        "{}: {} does not hold, so that text does nothing",
                        ctx.label,
                        crate::rules::text::condition_words(condition)
                    ));
                }
            }
            Effect::Transform(card) => match self.cards.get(card).cloned() {
                Some(new) => {
                    for c in &ctx.cards {
                        self.say(format!("{c} becomes {}", new.name));
                        if let Some(o) = self.obj_mut(c) {
                            o.card = new.clone();
                        }
                    }
                }
                None => self.error(format!("{}: no card `{card}`", ctx.label)),
            },
            Effect::Draw(a) => {
                let n = self.amount(a, ctx);
                for p in Self::players_of(ctx) {
                    let deck = self.zone_ids(p, Zone::Deck);
                    let drawn: Vec<String> = deck.into_iter().take(n.max(0) as usize).collect();
                    self.say(format!("{p:?} draws {} of {n}, rule 22.1a", drawn.len()));
                    for c in drawn {
                        self.move_to(&c, Zone::Hand);
                    }
                }
            }
            Effect::Discard(a) => {
                let n = self.amount(a, ctx);
                for p in Self::players_of(ctx) {
                    let hand = self.zone_ids(p, Zone::Hand);
                    let gone: Vec<String> = hand.into_iter().take(n.max(0) as usize).collect();
                    self.say(format!(
                        "{p:?} discards {} of {n}: as much as possible, rule 22.1a",
                        gone.len()
                    ));
                    for c in gone {
                        let to = self.profile.discarded_to;
                        self.move_to(&c, to);
                    }
                }
            }
            Effect::Delayed { when, effects } => {
                self.say(format!(
                    "{}: a delayed trigger is set {}, rule 22.2a",
                    ctx.label,
                    crate::wording::rules::delayed(when, &self.profile)
                ));
                self.delayed.push(DelayedTrigger {
                    when: when.clone(),
                    effects: effects.clone(),
                    controller: ctx.controller,
                    source: ctx.source.clone(),
                    targets: ctx.cards.clone(),
                });
            }
            Effect::Custom(text) => self.say(format!(
                "{}: {text}: a custom effect the engine does not carry out, so nothing happens",
                ctx.label
            )),
            Effect::Modal(modes) => {
                if let Some(first) = modes.first() {
                    for e in first {
                        self.apply(e, ctx);
                    }
                }
            }
            Effect::Restricted {
                restrictions,
                effects,
            } => {
                match self.read(|v| first_unmet(v, restrictions, ctx.controller, &ctx.source)) {
                    None => {
                        for e in effects {
                            self.apply(e, ctx);
                        }
                    }
                    Some((restriction, found)) => self.say(format!(
                        "{}: in-line restriction unmet at resolution: {restriction}, {found}, so that text is ignored",
                        ctx.label
                    )),
                }
            }
            Effect::Bury => {
                let to = self.profile.buried_to;
                self.put_each(ctx, to);
            }
            Effect::PutInto(zone) => self.put_each(ctx, *zone),
            Effect::Relocate { to } => self.relocate(ctx, to),
            Effect::Barter => self.barter(ctx),
            Effect::Recruit => self.enter_by_effect(ctx, &Entry::Recruit),
            Effect::Forge { onto } => self.enter_by_effect(ctx, &Entry::Forge(onto)),
            Effect::Build => self.enter_by_effect(ctx, &Entry::Build),
            Effect::Vote { winner, loser, tie } => self.vote(winner, loser, tie, ctx),
            Effect::Duel {
                stat,
                winner,
                loser,
                tie,
            } => self.duel(stat, winner, loser, tie, ctx),
            Effect::ReduceDamage(a) | Effect::IncreaseDamage(a) if ctx.replacing.is_some() => {
                let by = self.amount(a, ctx);
                let was = ctx.replacing.unwrap_or(0);
                let n = if matches!(effect, Effect::ReduceDamage(_)) {
                    was.saturating_sub(by).max(0)
                } else {
                    was.saturating_add(by)
                };
                for c in &ctx.cards {
                    self.deal_damage(c, n, ctx);
                }
            }
            // Inside an `Instead` replacement the event is already replaced: preventing it is done.
            Effect::PreventDamage => {}
            Effect::PreventAttack
            | Effect::DestroyArtifact
            | Effect::RemoveFromGame
            | Effect::ReduceDamage(_)
            | Effect::IncreaseDamage(_)
            | Effect::RedirectDamage
            | Effect::AttachTo
            | Effect::Combine { .. }
            | Effect::MoveToFront
            | Effect::MoveToBack
            | Effect::ReturnAtEndOfTurn => self.say(format!(
                "{}: {} is a battle-line effect; the rules sandbox does nothing",
                ctx.label,
                crate::rules::text::effect_words(effect)
            )),
        }
    }

    /// "You may pay; if you do, …": the controller pays in full when able (unless the script
    /// said they decline), and only then do `then` happen; a cost they cannot pay is not paid
    /// in part.
    fn you_may(&mut self, pay: &[CostPart], then: &[Effect], ctx: &Ctx) {
        let p = ctx.controller;
        let words: Vec<String> = pay
            .iter()
            .map(crate::rules::text::words_for_payment)
            .collect();
        let what = words.join(" and ");
        if self.declines[p.index()] > 0 {
            self.declines[p.index()] -= 1;
            return self.say(format!(
                "{}: {p:?} may {what} and declines; so the text after it does nothing",
                ctx.label
            ));
        }
        match self.plan_payment(pay, p, &ctx.source) {
            Ok(plan) => {
                let note = self.pay_plan(&plan, p, &ctx.source);
                self.say(format!("{}: {p:?} chooses to {what}{note}", ctx.label));
                for e in then {
                    self.apply(e, ctx);
                }
            }
            Err(why) => self.say(format!(
                "{}: {p:?} cannot {what}: {}; so the text after it does nothing",
                ctx.label, why.0
            )),
        }
    }

    fn lose_vitae(&mut self, p: Player, n: i32) {
        let me = self.player_mut(p);
        me.vitae = me.vitae.saturating_sub(n);
        self.say(format!("{p:?} loses {n} {}", self.profile.player_life));
    }
}
