//! Replacement effects (22.4): consulted before damage, destruction and phases. Among those in
//! force for an event, the one resolved last applies (22.4c); its uses are counted (22.4b). A
//! replacement never applies to an event it produced itself or that one of the replacements
//! it stands inside produced (an "instead, it is dealt 1 damage" deals that damage as it is),
//! and a chain of replacements inside replacements stops at [`CHAIN_LIMIT`] with a log line.

use crate::model::CardKind;
use crate::model::ability::{AbilityKind, ReplacementMode, Target, Trigger};

use super::game::{Event, Game};
use super::resolve::Ctx;
use super::state::ActiveReplacement;
use super::view::View;

/// How many replacements may stand inside one another (each replacing an event the one
/// outside it produced).
pub(crate) const CHAIN_LIMIT: usize = 8;

impl Game {
    /// Deals damage to a card in play, unless a replacement says otherwise: wounds on a beast
    /// (none while the `NoWounds` rule is in force).
    pub(crate) fn deal_damage(&mut self, card: &str, n: i32, ctx: &Ctx) {
        self.deal_damage_as(card, n, ctx, false);
    }

    /// [`Self::deal_damage`], where `unpreventable` damage passes the card's `Prevent` shield.
    pub(crate) fn deal_damage_as(&mut self, card: &str, n: i32, ctx: &Ctx, unpreventable: bool) {
        if n <= 0 {
            return;
        }
        let Some(zone) = self.obj(card).map(|o| o.zone) else {
            return;
        };
        if !zone.in_play() {
            return self.say(format!(
                "{card} is in the {}: only a card in play is dealt damage, rule 22.1a",
                zone.name()
            ));
        }
        if self.replaced(&Trigger::WouldBeDamaged, Some(card), n) {
            return;
        }
        let shield = self.obj(card).map_or(0, |o| o.prevent);
        let n = if shield > 0 && unpreventable {
            self.say(format!(
                "{}: the damage to {card} cannot be prevented: its shield of {shield} stays",
                ctx.label
            ));
            n
        } else if shield > 0 {
            let stopped = shield.min(n);
            if let Some(o) = self.obj_mut(card) {
                o.prevent -= stopped;
            }
            self.say(format!(
                "{}: {stopped} of the damage to {card} is prevented",
                ctx.label
            ));
            n - stopped
        } else {
            n
        };
        if n <= 0 {
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
                "{card} may not receive wounds, a rule change: no wounds"
            ));
            return;
        }
        if let Some(o) = self.obj_mut(card) {
            o.wounds = o.wounds.saturating_add(n);
        }
        self.say(format!(
            "{}: {card} receives {}",
            ctx.label,
            crate::wording::plural(n, "wound", "wounds")
        ));
        self.fire(&Event::Damaged(card.to_owned()));
    }

    /// Destroys a card unless a replacement says otherwise; its death triggers see it in play.
    pub(crate) fn destroy(&mut self, id: &str) {
        if self.replaced(&Trigger::Destroyed, Some(id), 0) {
            return;
        }
        self.say(format!("{id} is destroyed"));
        self.fire(&Event::Destroyed(id.to_owned()));
        let to = self.profile.destroyed_to;
        self.move_to(id, to);
    }

    /// Whether a phase is replaced (skipped, or something happens instead).
    pub(crate) fn replace_phase(&mut self, phase: &str) -> bool {
        self.replaced(&Trigger::PhaseBegins(phase.to_owned()), None, 0)
    }

    /// Applies the replacement effect for an event, if one is in force: among several, the
    /// one that resolved last (22.4c). `amount` is the event's size (the damage), which the
    /// replacement's effects read as `DamageTaken` and `ReduceDamage`/`IncreaseDamage` change.
    fn replaced(&mut self, event: &Trigger, subject: Option<&str>, amount: i32) -> bool {
        let best = self.read(|v| {
            self.replacements
                .iter()
                .filter(|r| !self.replacing.contains(&r.id))
                .filter(|r| applies(v, r, event, subject))
                .max_by_key(|r| (r.timestamp, r.id))
                .cloned()
        });
        let Some(r) = best else { return false };
        let what = subject.unwrap_or("the phase");
        if self.replacing.len() >= CHAIN_LIMIT {
            self.say(format!(
                "replacement chain stops: {CHAIN_LIMIT} replacements stand inside one another, so {what} is not replaced again, rule 22.4b"
            ));
            return false;
        }
        let AbilityKind::Replacement { mode, .. } = &r.ability.kind else {
            return false;
        };
        self.say(format!(
            "replacement from {} with timestamp {} applies to {what}: {}, rule 22.4",
            r.source,
            r.timestamp,
            match mode {
                ReplacementMode::Instead => "its effects happen instead",
                ReplacementMode::Skip => "nothing happens instead",
            }
        ));
        let mut used_up = false;
        if let Some(live) = self.replacements.iter_mut().find(|x| x.id == r.id)
            && let Some(left) = &mut live.uses_left
        {
            *left = left.saturating_sub(1);
            used_up = *left == 0;
        }
        if used_up {
            self.replacements.retain(|x| x.id != r.id);
        }
        if *mode == ReplacementMode::Instead {
            let ctx = Ctx {
                controller: r.controller,
                source: r.source.clone(),
                label: format!("{} instead", r.source),
                cards: subject.iter().map(|s| (*s).to_owned()).collect(),
                players: if subject.is_none() {
                    vec![r.controller]
                } else {
                    Vec::new()
                },
                value: r.value,
                duration: r.ability.duration.clone(),
                subject: subject.map(str::to_owned),
                chosen: Vec::new(),
                replacing: Some(amount),
            };
            self.replacing.push(r.id);
            for e in &r.ability.effects {
                self.apply(e, &ctx);
            }
            self.replacing.pop();
        }
        if used_up {
            self.say(format!(
                "replacement from {} is used up, rule 22.4b",
                r.source
            ));
        }
        true
    }
}

/// Whether a replacement in force applies to this event on this subject.
fn applies(v: &View<'_>, r: &ActiveReplacement, event: &Trigger, subject: Option<&str>) -> bool {
    let same = match (&r.replaces, event) {
        (Trigger::PhaseBegins(a) | Trigger::YourPhaseBegins(a), Trigger::PhaseBegins(b)) => {
            a.eq_ignore_ascii_case(b) && v.game.active == r.controller
        }
        (a, b) => a == b,
    };
    same && r.uses_left != Some(0)
        && watches(v, r, subject)
        && (!r.permanent || v.all_hold(&r.ability.restrictions, r.controller, &r.source))
}

/// Whether a replacement watches the event's subject: the cards locked when it resolved, or
/// those its target selector names now.
fn watches(v: &View<'_>, r: &ActiveReplacement, subject: Option<&str>) -> bool {
    let Some(subject) = subject else { return true };
    if let Some(list) = &r.watches {
        return list.iter().any(|w| w == subject);
    }
    match &r.ability.target {
        Target::This => !r.permanent || r.source == subject,
        Target::AllMatching(cond) => v.condition(cond, subject, r.controller),
        Target::Controller => v.game.obj(subject).is_some() && v.ruler(subject) == r.controller,
        Target::OtherAllies { .. } => {
            subject != r.source && v.game.obj(subject).is_some() && v.ruler(subject) == r.controller
        }
        _ => true,
    }
}
