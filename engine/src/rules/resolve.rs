//! Resolving: in-line restrictions checked, targets read, effects applied (22.x). One-off
//! effects act at once (22.2), continuous ones get a timestamp and a locked set of cards
//! (22.3b), replacement effects are consulted before the event they replace (22.4).

use crate::model::ability::{
    AbilityKind, ActivatedSubtype, Amount, Duration, Effect, Target, Trigger,
};
use crate::model::{CardKind, Player};

use super::game::{Event, Game, lasting, turns_of};
use super::query::stat_name;
use super::state::{
    ActiveReplacement, Change, ContinuousEffect, DelayedTrigger, Part, StackItem, Zone,
};

/// What one part of a resolving item acts on.
#[derive(Debug, Clone)]
struct Ctx {
    controller: Player,
    source: String,
    label: String,
    cards: Vec<String>,
    players: Vec<Player>,
    value: Option<i32>,
    duration: Duration,
}

impl Game {
    /// Resolves a stack item (or a trigger that needs no priority, or a scripted effect).
    pub(crate) fn resolve_item(&mut self, item: &StackItem) {
        for part in &item.parts {
            self.resolve_part(item, part);
            self.state_checks();
        }
    }

    fn resolve_part(&mut self, item: &StackItem, part: &Part) {
        let unmet = part
            .inline
            .iter()
            .find(|r| !self.restriction_holds(&r.requires, item.controller, &item.source));
        if let Some(r) = unmet {
            self.say(format!(
                "{}: in-line restriction {:?} unmet at resolution: its text is ignored",
                item.label, r.requires
            ));
            return;
        }
        if let Some(cond) = &part.ability.condition
            && !self.condition(cond, &item.source, item.controller, true)
        {
            self.say(format!("{}: condition unmet, nothing happens", item.label));
            return;
        }
        let (mut cards, players) = self.resolve_targets(&part.ability.target, item);
        if let AbilityKind::Activated {
            subtype: Some(subtype),
            ..
        } = &part.ability.kind
        {
            match subtype {
                ActivatedSubtype::Duel => cards = self.duel(&item.source, &cards),
                ActivatedSubtype::Vote => {
                    self.say(format!("{} calls a conclave vote (17.1c)", item.label));
                    self.fire(&Event::Named("vote".into(), Some(item.source.clone())));
                }
                ActivatedSubtype::Battle | ActivatedSubtype::Ritual { .. } => {}
            }
        }
        let ctx = Ctx {
            controller: item.controller,
            source: item.source.clone(),
            label: item.label.clone(),
            cards,
            players,
            value: part.value,
            duration: part.ability.duration.clone(),
        };
        for effect in &part.effects {
            self.apply(effect, &ctx);
        }
    }

    /// A duel (19.2d): the higher ATK wins; the ability's effects fall on the loser. On a tie
    /// nothing falls on anyone and the `duel tie` event lets cards say what happens (22.1b).
    fn duel(&mut self, source: &str, targets: &[String]) -> Vec<String> {
        let Some(other) = targets.first() else {
            return Vec::new();
        };
        let (a, b) = (self.stat(source, "atk"), self.stat(other, "atk"));
        self.say(format!(
            "duel: {source} (ATK {a}) against {other} (ATK {b})"
        ));
        if a == b {
            self.say("the duel is a tie");
            self.fire(&Event::Named("duel tie".into(), Some(source.to_owned())));
            return Vec::new();
        }
        let (winner, loser) = if a > b {
            (source, other.as_str())
        } else {
            (other.as_str(), source)
        };
        self.say(format!("{winner} wins the duel"));
        self.fire(&Event::Named("duel won".into(), Some(winner.to_owned())));
        vec![loser.to_owned()]
    }

    fn resolve_targets(&mut self, target: &Target, item: &StackItem) -> (Vec<String>, Vec<Player>) {
        let in_play = |g: &Game, c: &str| g.obj(c).is_some_and(|o| o.zone.in_play());
        match target {
            Target::This => (vec![item.source.clone()], Vec::new()),
            Target::Controller => (Vec::new(), vec![item.controller]),
            Target::Opponent => (Vec::new(), vec![item.controller.other()]),
            Target::Chosen { .. } => {
                let mut cards = Vec::new();
                for t in &item.targets {
                    if in_play(self, t) {
                        cards.push(t.clone());
                    } else {
                        self.say(format!(
                            "{t} is no longer in play: the rest still happens (22.1a)"
                        ));
                    }
                }
                (cards, Vec::new())
            }
            Target::AllMatching(cond) => {
                let cards = self
                    .in_play()
                    .into_iter()
                    .filter(|c| self.condition(cond, c, item.controller, true))
                    .collect();
                (cards, Vec::new())
            }
            Target::OtherAllies { tribe } => (
                self.other_allies(item.controller, &item.source, tribe.as_deref()),
                Vec::new(),
            ),
            Target::EventSubject => (item.subject.iter().cloned().collect(), Vec::new()),
            other => {
                self.say(format!(
                    "target {other:?} belongs to the battle line; the rules sandbox finds none"
                ));
                (Vec::new(), Vec::new())
            }
        }
    }

    fn amount(&self, a: &Amount, ctx: &Ctx) -> i32 {
        self.amount_for(a, &ctx.source, ctx.value, true)
    }

    /// The number an amount stands for, read from the ability's source card.
    pub(crate) fn amount_for(
        &self,
        a: &Amount,
        source: &str,
        value: Option<i32>,
        with_static: bool,
    ) -> i32 {
        let owner = self.obj(source).map_or(Player::A, |o| o.owner);
        let items_on = |host: &str| {
            self.objects
                .iter()
                .filter(|o| o.attached_to.as_deref() == Some(host))
                .filter(|o| matches!(o.card.kind, CardKind::Item | CardKind::Artifact))
                .count() as i32
        };
        match a {
            Amount::Value => value.unwrap_or(0),
            Amount::Fixed(n) => *n,
            Amount::OwnAttack => self.breakdown_value(source, "atk", with_static),
            Amount::DamageTaken | Amount::AdjacentAllies => 0,
            Amount::AlliesOfTribe(t) => self.other_allies(owner, source, Some(t)).len() as i32,
            Amount::AlliesWithKeyword(k) => self
                .other_allies(owner, source, None)
                .iter()
                .filter(|c| self.has_ability(c, k))
                .count() as i32,
            Amount::AlliedArtifacts => self
                .zone_ids(owner, Zone::City)
                .iter()
                .map(|c| items_on(c))
                .sum(),
            Amount::OwnArtifacts => items_on(source),
            Amount::Times(x, y) => {
                self.amount_for(x, source, value, with_static)
                    * self.amount_for(y, source, value, with_static)
            }
        }
    }

    fn continuous(&mut self, change: Change, ctx: &Ctx) {
        let mut affected = ctx.cards.clone();
        for p in &ctx.players {
            affected.extend(self.player(*p).champion.clone());
        }
        if matches!(change, Change::Rule(_)) {
            affected.clear();
        }
        let timestamp = self.tick();
        let duration = lasting(&ctx.duration);
        self.say(format!(
            "{}: continuous {change:?} @{timestamp} on {affected:?} ({duration:?})",
            ctx.label
        ));
        self.effects.push(ContinuousEffect {
            timestamp,
            source: ctx.source.clone(),
            source_name: ctx.label.clone(),
            controller: ctx.controller,
            change,
            affected,
            duration: duration.clone(),
            turns_left: turns_of(&duration),
        });
    }

    /// The players an effect that acts on a player reads: its targets, else the controller.
    fn players_of(ctx: &Ctx) -> Vec<Player> {
        if ctx.players.is_empty() {
            vec![ctx.controller]
        } else {
            ctx.players.clone()
        }
    }

    fn apply(&mut self, effect: &Effect, ctx: &Ctx) {
        match effect {
            Effect::Damage(a) => {
                let n = self.amount(a, ctx);
                for c in &ctx.cards {
                    self.deal_damage(c, n, ctx);
                }
                for p in &ctx.players {
                    self.player_mut(*p).vitae -= n;
                    self.say(format!("{p:?} loses {n} vitae"));
                }
            }
            Effect::DamageOpponent(a) => {
                let n = self.amount(a, ctx);
                let p = ctx.controller.other();
                self.player_mut(p).vitae -= n;
                self.say(format!("{p:?} loses {n} vitae"));
            }
            Effect::Heal(a) => {
                let n = self.amount(a, ctx);
                for c in &ctx.cards {
                    let o = self.obj_mut(c);
                    o.wounds = (o.wounds - n).max(0);
                }
                for p in &ctx.players {
                    self.player_mut(*p).vitae += n;
                }
            }
            Effect::HealAll => {
                for c in &ctx.cards {
                    self.obj_mut(c).wounds = 0;
                }
            }
            Effect::GainLife(a) => {
                let n = self.amount(a, ctx);
                for p in Self::players_of(ctx) {
                    self.player_mut(p).vitae += n;
                    self.say(format!("{p:?} gains {n} vitae"));
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
                    self.obj_mut(c).permanent.push((stat_name(s), n));
                    self.say(format!("{c}: {} {n:+} for good", stat_name(s)));
                }
            }
            Effect::Grant(k) | Effect::AddStatus(k) => {
                self.continuous(Change::Gain(k.clone()), ctx);
            }
            Effect::Remove(k) => self.continuous(Change::Lose(k.clone()), ctx),
            Effect::ChangeRule(r) => self.continuous(Change::Rule(r.clone()), ctx),
            Effect::Destroy => {
                for c in &ctx.cards {
                    self.destroy(c);
                }
            }
            Effect::Summon { card, enemy_line } => {
                let owner = if *enemy_line {
                    ctx.controller.other()
                } else {
                    ctx.controller
                };
                let mut n = 1;
                while self.obj(&format!("{card}#t{n}")).is_some() {
                    n += 1;
                }
                let id = format!("{card}#t{n}");
                match self.create_instance(&id, owner) {
                    Ok(()) => self.move_to(&id, Zone::City),
                    Err(why) => self.errors.push(why),
                }
            }
            Effect::Transform(card) => match self.cards.get(card).cloned() {
                Some(new) => {
                    for c in &ctx.cards {
                        self.say(format!("{c} becomes {}", new.name));
                        self.obj_mut(c).card = new.clone();
                    }
                }
                None => self.errors.push(format!("{}: no card `{card}`", ctx.label)),
            },
            Effect::Draw(a) => {
                let n = self.amount(a, ctx);
                for p in Self::players_of(ctx) {
                    let deck = self.zone_ids(p, Zone::Deck);
                    let drawn: Vec<String> = deck.into_iter().take(n.max(0) as usize).collect();
                    self.say(format!("{p:?} draws {} of {n} (22.1a)", drawn.len()));
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
                        "{p:?} discards {} of {n}: as much as possible (22.1a)",
                        gone.len()
                    ));
                    for c in gone {
                        self.move_to(&c, Zone::Discard);
                    }
                }
            }
            Effect::Delayed { when, effects } => {
                self.say(format!(
                    "{}: delayed trigger set for {when:?} (22.2a)",
                    ctx.label
                ));
                self.delayed.push(DelayedTrigger {
                    when: when.clone(),
                    effects: effects.clone(),
                    controller: ctx.controller,
                    source: ctx.source.clone(),
                    targets: ctx.cards.clone(),
                });
            }
            Effect::Custom(text) => self.say(format!("{}: {text}", ctx.label)),
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
                let holds = restrictions
                    .iter()
                    .all(|r| self.restriction_holds(&r.requires, ctx.controller, &ctx.source));
                if holds {
                    for e in effects {
                        self.apply(e, ctx);
                    }
                } else {
                    self.say(format!(
                        "{}: in-line restriction unmet at resolution: that text is ignored",
                        ctx.label
                    ));
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
                "{}: {effect:?} is a battle-line effect; the rules sandbox does nothing",
                ctx.label
            )),
        }
    }

    fn create_instance(&mut self, id: &str, owner: Player) -> Result<(), String> {
        let card_id = id.split('#').next().unwrap_or(id);
        let Some(mut card) = self.cards.get(card_id).cloned() else {
            return Err(format!("no card `{card_id}` to create"));
        };
        if card.id.is_empty() {
            card_id.clone_into(&mut card.id);
        }
        self.seq += 1;
        self.objects.push(super::state::Object {
            id: id.to_owned(),
            card,
            owner,
            zone: Zone::Deck,
            seq: self.seq,
            attached_to: None,
            wounds: 0,
            permanent: Vec::new(),
            entered: 0,
            entered_turn: 0,
        });
        Ok(())
    }

    fn deal_damage(&mut self, card: &str, n: i32, ctx: &Ctx) {
        if n <= 0 {
            return;
        }
        if self.replaced(&Trigger::WouldBeDamaged, Some(card)) {
            return;
        }
        let kind = self.obj(card).map(|o| o.card.kind);
        if self.rule_active("NoWounds")
            && matches!(
                kind,
                Some(CardKind::Beast | CardKind::Creature | CardKind::Ally | CardKind::Token)
            )
        {
            self.say(format!(
                "{card} may not receive wounds (rule change): no wounds"
            ));
            return;
        }
        self.obj_mut(card).wounds += n;
        self.say(format!("{}: {card} receives {n} wound(s)", ctx.label));
        self.fire(&Event::Damaged(card.to_owned()));
    }

    /// Destroys a card unless a replacement says otherwise; its death triggers see it in play.
    pub(crate) fn destroy(&mut self, id: &str) {
        if self.replaced(&Trigger::Destroyed, Some(id)) {
            return;
        }
        self.say(format!("{id} is destroyed"));
        self.fire(&Event::Destroyed(id.to_owned()));
        self.move_to(id, Zone::Discard);
    }

    /// Whether a phase is replaced (skipped, or something happens instead).
    pub(crate) fn replace_phase(&mut self, phase: &str) -> bool {
        self.replaced(&Trigger::PhaseBegins(phase.to_owned()), None)
    }

    /// Applies the replacement effect for an event, if one is in force: among several, the
    /// one that resolved last (22.4c). Uses are counted (22.4b).
    fn replaced(&mut self, event: &Trigger, subject: Option<&str>) -> bool {
        let mut best: Option<usize> = None;
        for (i, r) in self.replacements.iter().enumerate() {
            let same = match (&r.replaces, event) {
                (Trigger::PhaseBegins(a), Trigger::PhaseBegins(b)) => {
                    a.eq_ignore_ascii_case(b) && self.active == r.controller
                }
                (a, b) => a == b,
            };
            if !same || r.uses_left == Some(0) || !self.watches(r, subject) {
                continue;
            }
            if r.permanent
                && !r
                    .ability
                    .restrictions
                    .iter()
                    .all(|x| self.restriction_holds(&x.requires, r.controller, &r.source))
            {
                continue;
            }
            if best.is_none_or(|b| self.replacements[b].timestamp < r.timestamp) {
                best = Some(i);
            }
        }
        let Some(i) = best else { return false };
        let r = self.replacements[i].clone();
        if let Some(left) = &mut self.replacements[i].uses_left {
            *left -= 1;
        }
        let AbilityKind::Replacement { mode, .. } = &r.ability.kind else {
            return false;
        };
        let what = subject.unwrap_or("the phase");
        self.say(format!(
            "replacement from {} @{} applies to {what} ({mode:?}, 22.4)",
            r.source, r.timestamp
        ));
        if *mode == crate::model::ability::ReplacementMode::Instead {
            let ctx = Ctx {
                controller: r.controller,
                source: r.source.clone(),
                label: format!("{} (instead)", r.source),
                cards: subject.iter().map(|s| (*s).to_owned()).collect(),
                players: if subject.is_none() {
                    vec![r.controller]
                } else {
                    Vec::new()
                },
                value: None,
                duration: r.ability.duration.clone(),
            };
            for e in &r.ability.effects {
                self.apply(e, &ctx);
            }
        }
        if self.replacements[i].uses_left == Some(0) {
            self.say(format!("replacement from {} is used up (22.4b)", r.source));
            self.replacements.remove(i);
        }
        true
    }

    fn watches(&self, r: &ActiveReplacement, subject: Option<&str>) -> bool {
        let Some(subject) = subject else { return true };
        if let Some(list) = &r.watches {
            return list.iter().any(|w| w == subject);
        }
        match &r.ability.target {
            Target::This => !r.permanent || r.source == subject,
            Target::AllMatching(cond) => self.condition(cond, subject, r.controller, true),
            Target::Controller => self.obj(subject).is_some_and(|o| o.owner == r.controller),
            Target::OtherAllies { .. } => {
                subject != r.source && self.obj(subject).is_some_and(|o| o.owner == r.controller)
            }
            _ => true,
        }
    }

    pub(crate) fn breakdown_value(&self, id: &str, stat: &str, with_static: bool) -> i32 {
        if with_static {
            self.stat(id, stat)
        } else {
            self.base_stat(id, stat)
        }
    }
}
