//! Grand Archive's keyword actions as the rules' glossary describes them (read there, put in
//! our words): glimpse (look at the top cards of your deck and put each on top or at the
//! bottom in the order you choose), draw into memory (the top cards of your deck go to your
//! memory), recover (your champion loses that much damage), empower (your champion's level is
//! higher until the end of the turn), reveal (show a card from your hand), level up (the
//! profile's `level_up`) and sacrifice (you put a card you control away; not a destroy, so
//! nothing prevents it and no "destroyed" trigger sees it). Whether a game has each is its
//! profile's `keyword_actions`, checked by `validate`.

use crate::model::Player;
use crate::model::ability::{Amount, Condition, Duration};

use super::game::{Event, Game};
use super::resolve::Ctx;
use super::state::{Change, GlimpseOrder, Zone};

impl Game {
    /// The controller's champion, or a log line saying there is none.
    fn champion_for(&mut self, ctx: &Ctx, action: &str) -> Option<String> {
        let champion = self.player(ctx.controller).champion.clone();
        if champion.is_none() {
            self.say(format!(
                "{}: {:?} has no champion to {action}, so nothing happens",
                ctx.label, ctx.controller
            ));
        }
        champion
    }

    /// Glimpse N: the top N of the controller's deck go back on top or to the bottom, in the
    /// order of the player's waiting `Glimpse` choice; without one they stay as they were.
    pub(super) fn glimpse(&mut self, a: &Amount, ctx: &Ctx) {
        let n = usize::try_from(self.amount(a, ctx)).unwrap_or(0);
        let p = ctx.controller;
        let deck = self.zone_ids(p, Zone::Deck);
        let seen: Vec<String> = deck.iter().take(n).cloned().collect();
        let rest: Vec<String> = deck.iter().skip(n).cloned().collect();
        let order = self
            .glimpse_orders
            .iter()
            .position(|o| o.player == p)
            .map(|i| self.glimpse_orders.remove(i));
        let (top, bottom) = match order {
            Some(GlimpseOrder { top, bottom, .. }) => {
                let mut chosen: Vec<&String> = top.iter().chain(&bottom).collect();
                chosen.sort();
                let mut looked: Vec<&String> = seen.iter().collect();
                looked.sort();
                if chosen == looked {
                    (top, bottom)
                } else {
                    self.reject(format!(
                        "{p:?}'s glimpse order names {}, but the cards looked at are {}: each must be put on top or at the bottom once, so all stay on top",
                        crate::wording::list(&top.iter().chain(&bottom).cloned().collect::<Vec<_>>()),
                        crate::wording::list(&seen)
                    ));
                    (seen.clone(), Vec::new())
                }
            }
            None => (seen.clone(), Vec::new()),
        };
        let order: Vec<String> = top.iter().chain(&rest).chain(&bottom).cloned().collect();
        for id in &order {
            self.seq += 1;
            let seq = self.seq;
            if let Some(o) = self.obj_mut(id) {
                o.seq = seq;
            }
        }
        self.say(format!(
            "{}: {p:?} glimpses {} and puts {} on top and {} at the bottom",
            ctx.label,
            crate::wording::plural(seen.len(), "card", "cards"),
            list_or_none(&top),
            list_or_none(&bottom)
        ));
    }

    /// Draw N into memory: the top N of each affected player's deck go to their memory.
    pub(super) fn draw_into_memory(&mut self, a: &Amount, ctx: &Ctx, players: Vec<Player>) {
        let n = self.amount(a, ctx);
        for p in players {
            let deck = self.zone_ids(p, Zone::Deck);
            let drawn: Vec<String> = deck
                .into_iter()
                .take(usize::try_from(n).unwrap_or(0))
                .collect();
            self.say(format!(
                "{}: {p:?} draws {} of {n} into memory",
                ctx.label,
                drawn.len()
            ));
            for c in drawn {
                self.move_to(&c, Zone::Memory);
            }
        }
    }

    /// Recover N: up to N damage comes off the controller's champion.
    pub(super) fn recover(&mut self, a: &Amount, ctx: &Ctx) {
        let n = self.amount(a, ctx).max(0);
        let Some(champion) = self.champion_for(ctx, "recover") else {
            return;
        };
        let Some(o) = self.obj_mut(&champion) else {
            return;
        };
        let healed = o.wounds.min(n);
        o.wounds -= healed;
        let left = o.wounds;
        self.say(format!(
            "{}: {champion} recovers {healed} of {n}, now {left} damage",
            ctx.label
        ));
    }

    /// Empower X: the controller's champion's level is X higher until the end of the turn.
    pub(super) fn empower(&mut self, a: &Amount, ctx: &Ctx) {
        let n = self.amount(a, ctx);
        let Some(champion) = self.champion_for(ctx, "empower") else {
            return;
        };
        let on = Ctx {
            cards: vec![champion],
            players: Vec::new(),
            duration: Duration::EndOfTurn,
            ..ctx.clone()
        };
        self.continuous(Change::Modify("level".into(), n), &on);
    }

    /// Level up: the champion's level rises for good by the profile's `level_up`.
    pub(super) fn level_up(&mut self, ctx: &Ctx) {
        let Some(by) = self.profile.level_up else {
            let game = self.profile.name.clone();
            return self.say(format!(
                "{}: {game} has no level up (its profile names no `level_up`), so nothing happens",
                ctx.label
            ));
        };
        let Some(champion) = self.champion_for(ctx, "level up") else {
            return;
        };
        if let Some(o) = self.obj_mut(&champion) {
            o.permanent.push(("level".into(), by));
        }
        let level = self.level(ctx.controller);
        self.say(format!(
            "{}: {champion} levels up, now level {level}",
            ctx.label
        ));
        self.fire(&Event::LevelledUp(ctx.controller));
    }

    /// A champion card played from hand becomes its player's champion (Grand Archive's level
    /// up into a new champion card; the sandbox has no material deck, so it is played from
    /// hand): it is put on the old champion, which becomes its lineage and leaves the game's
    /// objects; the new one carries the old one's damage, counters and rested state (the
    /// same champion, levelled), takes its level and classes from its own card, and enters
    /// play, so its On Enter abilities trigger.
    pub(crate) fn level_into(&mut self, player: Player, card: &str) {
        let old = self.player(player).champion.clone();
        let carried = old
            .as_deref()
            .and_then(|o| self.obj(o))
            .map(|o| (o.wounds, o.counters.clone(), o.rested));
        if let Some(old) = &old {
            self.changed();
            self.objects.retain(|o| o.id != *old);
            self.lineage[player.index()].push(old.clone());
        }
        if let Some((wounds, counters, rested)) = carried
            && let Some(o) = self.obj_mut(card)
        {
            o.wounds = wounds;
            o.counters = counters;
            o.rested = rested;
        }
        let classes = self
            .obj(card)
            .map(|o| o.card.classes.clone())
            .unwrap_or_default();
        let me = self.player_mut(player);
        me.champion = Some(card.to_owned());
        if !classes.is_empty() {
            me.classes = classes;
        }
        let onto = old.map_or_else(String::new, |o| format!(" onto {o}, its lineage now"));
        self.say(format!("{player:?} levels up into {card}{onto}"));
        self.move_to(card, Zone::Champion);
        let level = self.level(player);
        let timestamp = self.clock;
        self.say(format!(
            "{card} enters play as {player:?}'s champion, level {level}, timestamp {timestamp}"
        ));
        self.fire(&super::game::Event::EntersPlay(card.to_owned()));
    }

    /// A player removes counters from their champion by the game's rule for that kind (the
    /// profile's counter `spend`), then its effects happen for them at once: no stack.
    pub(crate) fn spend_counters(&mut self, player: Player, kind: &str) {
        let Some(rule) = self.profile.counter(kind).and_then(|c| c.spend.clone()) else {
            let game = self.profile.name.clone();
            return self.reject(format!(
                "{game} has no rule to remove {kind} counters for something"
            ));
        };
        if self.priority != player {
            return self.reject(format!(
                "{player:?} removes {kind} counters without priority"
            ));
        }
        let Some(champion) = self.player(player).champion.clone() else {
            return self.reject(format!(
                "{player:?} has no champion to remove counters from"
            ));
        };
        let have = self
            .obj(&champion)
            .and_then(|o| o.counters.get(kind).copied())
            .unwrap_or(0);
        let count = i32::try_from(rule.count).unwrap_or(i32::MAX);
        if have < count {
            return self.reject(format!(
                "{champion} has {} and the rule takes {count}",
                crate::wording::plural(
                    have,
                    &format!("{kind} counter"),
                    &format!("{kind} counters")
                )
            ));
        }
        if let Some(o) = self.obj_mut(&champion) {
            let now = o.counters.entry(kind.to_owned()).or_insert(0);
            *now -= count;
            if *now == 0 {
                o.counters.remove(kind);
            }
        }
        let label = format!("{player:?}'s {kind} counters");
        self.say(format!(
            "{player:?} removes {count} {kind} counters from {champion}, the game's rule for them"
        ));
        let ctx = Ctx {
            controller: player,
            source: champion.clone(),
            label,
            cards: Vec::new(),
            players: vec![player],
            value: None,
            duration: Duration::Instant,
            subject: None,
            chosen: Vec::new(),
            replacing: None,
        };
        for e in &rule.effects {
            self.apply(e, &ctx);
        }
    }

    /// Reveal: a chosen target in the controller's hand, else the first card there meeting
    /// the filter, is revealed; the lines after it read it as "revealed this way".
    pub(super) fn reveal(&mut self, filter: Option<&Condition>, ctx: &Ctx) {
        let p = ctx.controller;
        let hand = self.zone_ids(p, Zone::Hand);
        let fits = |g: &Game, c: &str| filter.is_none_or(|f| g.read(|v| v.condition(f, c, p)));
        let chosen = ctx
            .chosen
            .iter()
            .find(|c| hand.contains(c) && fits(self, c))
            .or_else(|| hand.iter().find(|c| fits(self, c)))
            .cloned();
        match chosen {
            Some(card) => {
                self.say(format!("{}: {p:?} reveals {card}", ctx.label));
                self.this_way.revealed.push(card);
            }
            None => self.say(format!(
                "{}: {p:?} has no card in hand to reveal, so none is revealed",
                ctx.label
            )),
        }
    }

    /// Sacrifice: each target the controller controls goes where the profile sends
    /// sacrificed cards. No replacement is consulted: a sacrifice is not a destroy.
    pub(super) fn sacrifice(&mut self, ctx: &Ctx) {
        let to = self.profile.sacrificed_zone();
        for c in &ctx.cards {
            let Some(zone) = self.obj(c).map(|o| o.zone) else {
                continue;
            };
            if !zone.in_play() || self.ruler(c) != Some(ctx.controller) {
                self.say(format!(
                    "{}: {:?} does not control {c} on the field, so it is not sacrificed",
                    ctx.label, ctx.controller
                ));
                continue;
            }
            self.say(format!(
                "{}: {:?} sacrifices {c}",
                ctx.label, ctx.controller
            ));
            self.move_to(c, to);
            self.this_way.sacrificed += 1;
        }
    }
}

fn list_or_none(ids: &[String]) -> String {
    if ids.is_empty() {
        "none".to_owned()
    } else {
        crate::wording::list(ids)
    }
}
