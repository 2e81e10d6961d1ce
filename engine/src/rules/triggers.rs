//! Triggers (19.3), moving cards between zones (entering and leaving play), replacement
//! effects coming into force (22.4a) and state checks.

use crate::model::ability::{Ability, AbilityKind, Duration, Target, Trigger};
use crate::model::{CardKind, Player};

use super::event::{RulesAbility, RulesCause};
use super::game::{Event, Fired, Game};
use super::state::{ActiveReplacement, Part, StackItem, Zone};

impl Game {
    // ----- triggers (19.3) -----

    /// Collects the triggered abilities (and delayed triggers) an event sets off. Recruit,
    /// Forge and Build triggers resolve at once without priority (19.3b–d); others wait for
    /// the stack in their controller's chosen order.
    pub(crate) fn fire(&mut self, event: &Event) {
        // The line that said what happened is what the triggers answer.
        let origin = self.log.len().checked_sub(1).map(|i| i as u32);
        let mut immediate = Vec::new();
        for id in self.in_play() {
            let Some(obj) = self.obj(&id) else { continue };
            let controller = obj.owner;
            let kind = obj.card.kind;
            for entry in self.abilities_of(&id, true) {
                let AbilityKind::Triggered(trigger) = &entry.ability.kind else {
                    continue;
                };
                let Some(Fired(subject)) =
                    self.trigger_matches(trigger, event, Some(&id), controller)
                else {
                    continue;
                };
                let label = format!("{id}: {}", entry.label);
                let cause = RulesCause::by(
                    RulesAbility {
                        card: id.clone(),
                        label: label.clone(),
                    },
                    origin,
                );
                let part = match self.prepare(&entry.ability, entry.value, controller, &id, None) {
                    Ok(Some(part)) => part,
                    Ok(None) => {
                        let line = format!("{label} does not trigger: a restriction is unmet");
                        self.say_because(cause, line);
                        continue;
                    }
                    Err(why) => {
                        self.say_because(cause, format!("{label} does not trigger: {why}"));
                        continue;
                    }
                };
                let mut item = StackItem {
                    label,
                    controller,
                    source: id.clone(),
                    parts: vec![part],
                    targets: Vec::new(),
                    subject,
                    triggered: true,
                    card: None,
                    cause,
                };
                let at_once = matches!(trigger, Trigger::Summoned)
                    && matches!(event, Event::EntersPlay(x) if *x == id)
                    && matches!(kind, CardKind::Beast | CardKind::Item | CardKind::Structure);
                if at_once {
                    immediate.push(item);
                } else {
                    let at =
                        self.say_because(item.cause.clone(), format!("{} triggers", item.label));
                    item.cause.after = Some(at);
                    self.pending.push(item);
                }
            }
        }
        let delayed = std::mem::take(&mut self.delayed);
        for d in delayed {
            match self.trigger_matches(&d.when, event, None, d.controller) {
                Some(Fired(subject)) => {
                    let label = format!("{}: delayed {:?}", d.source, d.when);
                    let source = RulesAbility {
                        card: d.source.clone(),
                        label: label.clone(),
                    };
                    let at = self.say_because(
                        RulesCause::by(source.clone(), origin),
                        format!("{label} triggers"),
                    );
                    let ability = Ability {
                        name: "delayed".into(),
                        kind: AbilityKind::Triggered(d.when.clone()),
                        restrictions: Vec::new(),
                        condition: None,
                        target: Target::Chosen {
                            count: d.targets.len() as u32,
                            filter: None,
                        },
                        effects: d.effects.clone(),
                        duration: Duration::Instant,
                    };
                    self.pending.push(StackItem {
                        label,
                        controller: d.controller,
                        source: d.source.clone(),
                        parts: vec![Part {
                            ability,
                            effects: d.effects.clone(),
                            inline: Vec::new(),
                            value: None,
                        }],
                        targets: d.targets.clone(),
                        subject,
                        triggered: true,
                        card: None,
                        cause: RulesCause::by(source, Some(at)),
                    });
                }
                None => self.delayed.push(d),
            }
        }
        for item in immediate {
            let line = format!(
                "{} resolves at once (no priority needed, 19.3b-d)",
                item.label
            );
            let at = self.say_because(item.cause.clone(), line);
            self.with_cause(Game::resolving(&item, at), |g| g.resolve_item(&item));
        }
    }

    /// Whether `trigger` (on card `me`, ruled by `controller`) matches `event`; the event's
    /// subject card if so.
    fn trigger_matches(
        &self,
        trigger: &Trigger,
        event: &Event,
        me: Option<&str>,
        controller: Player,
    ) -> Option<Fired> {
        let owner_of = |x: &str| self.obj(x).map(|o| o.owner);
        let is_me = |x: &str| me == Some(x);
        let subject = |x: &String| Some(Fired(Some(x.clone())));
        match (trigger, event) {
            (Trigger::Summoned, Event::EntersPlay(x)) if is_me(x) || me.is_none() => subject(x),
            (Trigger::AllySummoned { tribe }, Event::EntersPlay(x))
                if !is_me(x)
                    && owner_of(x) == Some(controller)
                    && tribe.as_ref().is_none_or(|t| {
                        self.obj(x).is_some_and(|o| {
                            o.card.tribes.iter().any(|c| c.eq_ignore_ascii_case(t))
                        })
                    }) =>
            {
                subject(x)
            }
            (Trigger::StartOfTurn, Event::StartOfTurn) | (Trigger::EndOfTurn, Event::EndOfTurn) => {
                Some(Fired(None))
            }
            (Trigger::PhaseBegins(p), Event::PhaseBegins(q)) if p.eq_ignore_ascii_case(q) => {
                Some(Fired(None))
            }
            (Trigger::Damaged, Event::Damaged(x)) | (Trigger::Destroyed, Event::Destroyed(x))
                if is_me(x) || me.is_none() =>
            {
                subject(x)
            }
            (Trigger::AllyDestroyed, Event::Destroyed(x))
                if !is_me(x) && owner_of(x) == Some(controller) =>
            {
                subject(x)
            }
            (Trigger::OtherDestroyed, Event::Destroyed(x)) if !is_me(x) => subject(x),
            (Trigger::CardPlayed, Event::CardPlayed(x)) if owner_of(x) == Some(controller) => {
                subject(x)
            }
            (Trigger::Named(n), Event::Named(m, x)) if n.eq_ignore_ascii_case(m) => {
                Some(Fired(x.clone()))
            }
            _ => None,
        }
    }

    // ----- moving cards -----

    /// Moves a card; entering the city it enters play (triggers fire), leaving it leaves play.
    pub(crate) fn move_to(&mut self, id: &str, zone: Zone) {
        let Some(obj) = self.obj(id) else { return };
        let was_in_play = obj.zone.in_play();
        self.seq += 1;
        let seq = self.seq;
        let turn = self.turn;
        let o = self.obj_mut(id);
        o.zone = zone;
        o.seq = seq;
        if was_in_play && !zone.in_play() {
            o.attached_to = None;
            o.wounds = 0;
            self.replacements
                .retain(|r| !(r.permanent && r.source == id));
            self.skirmish.retain(|s| s != id);
            let riders: Vec<String> = self
                .objects
                .iter()
                .filter(|o| o.attached_to.as_deref() == Some(id))
                .map(|o| o.id.clone())
                .collect();
            for r in riders {
                let item = self.obj(&r).is_some_and(|o| o.card.kind == CardKind::Item);
                if item {
                    self.say(format!("{r} goes with {id}"));
                    self.move_to(&r, zone);
                } else {
                    self.obj_mut(&r).attached_to = None;
                }
            }
        }
        if !was_in_play && zone == Zone::City {
            let ts = self.tick();
            let o = self.obj_mut(id);
            o.entered = ts;
            o.entered_turn = turn;
            self.say(format!("{id} enters the city @{ts}"));
            self.register_permanent_replacements(id);
            self.fire(&Event::EntersPlay(id.to_owned()));
        }
    }

    /// Replacement abilities of a card in play are in force while it stays (22.4a).
    pub(crate) fn register_permanent_replacements(&mut self, id: &str) {
        let Some(obj) = self.obj(id) else { return };
        let (owner, entered) = (obj.owner, obj.entered);
        for entry in self.abilities_of(id, false) {
            if let AbilityKind::Replacement { replaces, uses, .. } = &entry.ability.kind {
                self.replacements.push(ActiveReplacement {
                    timestamp: entered,
                    source: id.to_owned(),
                    controller: owner,
                    replaces: replaces.clone(),
                    ability: entry.ability.clone(),
                    uses_left: *uses,
                    watches: None,
                    permanent: true,
                });
            }
        }
    }

    /// A spell's replacement abilities come into force when it resolves (22.4a).
    pub(crate) fn register_resolved_replacements(&mut self, card: &str, item: &StackItem) {
        for entry in self.abilities_of(card, false) {
            if let AbilityKind::Replacement { replaces, uses, .. } = &entry.ability.kind {
                let ts = self.tick();
                let watches = matches!(entry.ability.target, Target::Chosen { .. })
                    .then(|| item.targets.clone());
                self.say(format!("replacement from {card} in force @{ts}"));
                self.replacements.push(ActiveReplacement {
                    timestamp: ts,
                    source: card.to_owned(),
                    controller: item.controller,
                    replaces: replaces.clone(),
                    ability: entry.ability.clone(),
                    uses_left: *uses,
                    watches,
                    permanent: false,
                });
            }
        }
    }

    /// Beasts whose wounds reach their life are destroyed.
    pub(crate) fn state_checks(&mut self) {
        for _ in 0..100 {
            let dying: Vec<String> = self
                .objects
                .iter()
                .filter(|o| o.zone == Zone::City && o.wounds > 0)
                .filter(|o| {
                    matches!(
                        o.card.kind,
                        CardKind::Beast | CardKind::Creature | CardKind::Ally | CardKind::Token
                    )
                })
                .map(|o| o.id.clone())
                .filter(|id| {
                    self.stat(id, "life") > 0 && self.obj_ref(id).wounds >= self.stat(id, "life")
                })
                .collect();
            if dying.is_empty() {
                return;
            }
            for id in dying {
                self.say(format!("{id} has wounds equal to its life"));
                self.destroy(&id);
            }
        }
    }
}
