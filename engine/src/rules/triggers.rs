//! Triggers (19.3): which triggered abilities and delayed triggers an event sets off, Recruit,
//! Forge and Build abilities that happen at once (19.3b–d), and the targets a trigger chooses.

use crate::model::ability::{Ability, AbilityKind, Duration, Target, Trigger};
use crate::model::{CardKind, Player};

use super::event::{RulesAbility, RulesCause};
use super::game::{Event, Fired, Game};
use super::state::AbilityEntry;
use super::state::{Part, StackItem, Zone};
use super::statics::works_from;
use super::view::View;

/// A triggered ability an event set off.
struct Hit {
    id: String,
    controller: Player,
    entry: AbilityEntry,
    subject: Option<String>,
    /// A Recruit, Forge or Build ability of the card that just entered (19.3b–d).
    at_once: bool,
    /// An item's Forge ability when the item is not on a beast in a city (19.3c).
    not_forged: bool,
}

impl Game {
    /// Collects the triggered abilities (and delayed triggers) an event sets off. Recruit,
    /// Forge and Build abilities resolve at once without priority (19.3b–d); others wait for
    /// the stack in their controller's chosen order.
    pub(crate) fn fire(&mut self, event: &Event) {
        // The line that said what happened is what the triggers answer.
        let origin = self
            .log
            .len()
            .checked_sub(1)
            .map(|i| u32::try_from(i).unwrap_or(u32::MAX));
        let hits = self.read(|v| hits(v, event));
        let mut immediate = Vec::new();
        for hit in hits {
            let label = format!("{}: {}", hit.id, hit.entry.label);
            let cause = RulesCause::by(
                RulesAbility {
                    card: hit.id.clone(),
                    label: label.clone(),
                },
                origin,
            );
            if hit.not_forged {
                let line = format!(
                    "{} is not forged onto a beast in a ruler's city: {label} does not happen, rule 19.3c",
                    hit.id
                );
                self.say_because(cause, line);
                continue;
            }
            let part = match self.prepare(
                &hit.entry.ability,
                hit.entry.value,
                hit.controller,
                &hit.id,
                None,
            ) {
                Ok(super::activation::Prepared::Ready(part, ignored)) => {
                    for line in ignored {
                        self.say_because(cause.clone(), format!("{label}: {line}"));
                    }
                    *part
                }
                Ok(super::activation::Prepared::Unmet(why)) => {
                    let line = format!("{label} does not trigger: {why}");
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
                controller: hit.controller,
                source: hit.id.clone(),
                parts: vec![part],
                targets: Vec::new(),
                targets_chosen: false,
                subject: hit.subject,
                triggered: true,
                card: None,
                cause,
            };
            if hit.at_once {
                immediate.push(item);
            } else {
                let at = self.say_because(item.cause.clone(), format!("{} triggers", item.label));
                item.cause.after = Some(at);
                self.pending.push(item);
            }
        }
        self.fire_delayed(event, origin);
        for mut item in immediate {
            self.take_entry_targets(&mut item);
            if !self.choose_for_trigger(&mut item) {
                continue;
            }
            let line = format!(
                "{} resolves at once: no priority is needed, rule 19.3b-d",
                item.label
            );
            let at = self.say_because(item.cause.clone(), line);
            self.with_cause(Game::resolving(&item, at), |g| g.resolve_item(&item));
        }
    }

    /// The targets named with `Play` for the played card's own Recruit, Forge or Build ability.
    fn take_entry_targets(&mut self, item: &mut StackItem) {
        let Some((card, targets)) = self.entry_targets.clone() else {
            return;
        };
        if card != item.source || targets.is_empty() {
            return;
        }
        let Some(part) = item.parts.first() else {
            return;
        };
        match self.check_targets(
            &part.ability,
            item.controller,
            &item.source,
            &targets,
            crate::model::profile::TargetedBy::Triggers,
        ) {
            Ok(()) => {
                item.targets = self.chosen(&targets);
                item.targets_chosen = true;
            }
            Err(why) => self.reject(why),
        }
    }

    fn fire_delayed(&mut self, event: &Event, origin: Option<u32>) {
        let delayed = std::mem::take(&mut self.delayed);
        for d in delayed {
            let fired = self.read(|v| trigger_matches(v, &d.when, event, None, d.controller));
            let Some(Fired(subject)) = fired else {
                self.delayed.push(d);
                continue;
            };
            let label = format!(
                "{}: delayed trigger {}",
                d.source,
                crate::wording::rules::delayed(&d.when, &self.profile)
            );
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
                    count: u32::try_from(d.targets.len()).unwrap_or(u32::MAX),
                    filter: None,
                },
                effects: d.effects.clone(),
                duration: Duration::Instant,
                zones: Vec::new(),
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
                targets: self.chosen(&d.targets),
                targets_chosen: true,
                subject,
                triggered: true,
                card: None,
                cause: RulesCause::by(source, Some(at)),
            });
        }
    }
}

/// Every triggered ability `event` sets off, in card order (active ruler's cards first).
fn hits(v: &View<'_>, event: &Event) -> Vec<Hit> {
    let mut out = Vec::new();
    for id in v.everywhere() {
        let Some(obj) = v.game.obj(&id) else { continue };
        let controller = if obj.zone == Zone::City {
            v.ruler(&id)
        } else {
            obj.owner
        };
        for entry in v.abilities_of(&id) {
            let AbilityKind::Triggered(trigger) = &entry.ability.kind else {
                continue;
            };
            // The attack's weapon and attack card: their On Attack, On Hit and On Kill are
            // the attacker's (the attack card works from the champion's intent).
            let helps = v.game.attack_helper(&id).map(str::to_owned);
            let fired = match &helps {
                Some(attacker)
                    if matches!(trigger, Trigger::Attacks | Trigger::Hits | Trigger::Kills) =>
                {
                    trigger_matches(v, trigger, event, Some(attacker), controller)
                }
                _ if !works_from(&entry.ability, obj.zone, obj.card.kind) => None,
                _ => trigger_matches(v, trigger, event, Some(&id), controller),
            };
            let Some(Fired(subject)) = fired else {
                continue;
            };
            let entering = matches!(trigger, Trigger::Summoned)
                && matches!(event, Event::EntersPlay(x) if *x == id);
            let at_once = entering
                && matches!(
                    obj.card.kind,
                    CardKind::Beast | CardKind::Item | CardKind::Structure
                );
            let not_forged = at_once
                && obj.card.kind == CardKind::Item
                && v.game.profile.item_needs_beast
                && !on_a_beast(v, &id);
            out.push(Hit {
                id: id.clone(),
                controller,
                entry,
                subject,
                at_once,
                not_forged,
            });
        }
    }
    out
}

/// Whether an item is attached to a beast in a city (19.3c).
fn on_a_beast(v: &View<'_>, item: &str) -> bool {
    v.game
        .obj(item)
        .and_then(|o| o.attached_to.as_deref())
        .and_then(|host| v.game.obj(host))
        .is_some_and(|h| h.zone == Zone::City && h.card.kind == CardKind::Beast)
}

/// Whether `trigger` (on card `me`, ruled by `controller`) matches `event`; the event's
/// subject card if so.
fn trigger_matches(
    v: &View<'_>,
    trigger: &Trigger,
    event: &Event,
    me: Option<&str>,
    controller: Player,
) -> Option<Fired> {
    let ruler_of = |x: &str| v.game.obj(x).map(|_| v.ruler(x));
    let is_me = |x: &str| me == Some(x);
    let subject = |x: &String| Some(Fired(Some(x.clone())));
    match (trigger, event) {
        (Trigger::Summoned, Event::EntersPlay(x)) if is_me(x) || me.is_none() => subject(x),
        (Trigger::AllySummoned { tribe }, Event::EntersPlay(x))
            if !is_me(x)
                && ruler_of(x) == Some(controller)
                && tribe.as_ref().is_none_or(|t| {
                    v.game
                        .obj(x)
                        .is_some_and(|o| o.card.tribes.iter().any(|c| c.eq_ignore_ascii_case(t)))
                }) =>
        {
            subject(x)
        }
        (Trigger::StartOfTurn, Event::StartOfTurn)
        | (Trigger::EndOfTurn, Event::EndOfTurn)
        | (Trigger::SeasonEnds, Event::SeasonEnds) => Some(Fired(None)),
        (Trigger::StartOfYourTurn, Event::StartOfTurn) if v.game.active == controller => {
            Some(Fired(None))
        }
        (Trigger::PhaseBegins(p), Event::PhaseBegins(q)) if p.eq_ignore_ascii_case(q) => {
            Some(Fired(None))
        }
        (Trigger::YourPhaseBegins(p), Event::PhaseBegins(q))
            if p.eq_ignore_ascii_case(q) && v.game.active == controller =>
        {
            Some(Fired(None))
        }
        (Trigger::Damaged, Event::Damaged(x)) | (Trigger::Destroyed, Event::Destroyed(x))
            if is_me(x) || me.is_none() =>
        {
            subject(x)
        }
        (Trigger::AllyDestroyed, Event::Destroyed(x))
            if !is_me(x) && ruler_of(x) == Some(controller) =>
        {
            subject(x)
        }
        (Trigger::OtherDestroyed, Event::Destroyed(x)) if !is_me(x) => subject(x),
        (Trigger::Attacks, Event::Attacks(a, t))
        | (Trigger::Hits, Event::Hit(a, t))
        | (Trigger::Kills, Event::Killed(a, t))
            if is_me(a) =>
        {
            subject(t)
        }
        (Trigger::Attacked, Event::Attacks(a, t)) if is_me(t) => subject(a),
        (Trigger::CardPlayed, Event::CardPlayed(x))
            if v.game.obj(x).is_some_and(|o| o.owner == controller) =>
        {
            subject(x)
        }
        (Trigger::ChampionLevelsUp, Event::LevelledUp(p)) if *p == controller => {
            Some(Fired(v.game.player(*p).champion.clone()))
        }
        (Trigger::Named(n), Event::Named(m, x)) if n.eq_ignore_ascii_case(m) => {
            Some(Fired(x.clone()))
        }
        _ => None,
    }
}
