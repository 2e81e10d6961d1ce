//! Resolving: in-line restrictions checked, targets read (a chosen target that moved is
//! skipped, 22.1a), each effect applied (`effects.rs`, `oneoff.rs`, `contest.rs`), with
//! replacement effects consulted before the events they replace (`replace.rs`).

use crate::model::Player;
use crate::model::ability::{AbilityKind, ActivatedSubtype, Duration, Effect, Target};

use super::activation::first_unmet;
use super::game::{Event, Game, NESTING_LIMIT};
use super::state::{Part, StackItem};
use super::view::Picked;

/// What one part of a resolving item acts on.
#[derive(Debug, Clone)]
pub(crate) struct Ctx {
    /// Whose effect it is ("you").
    pub(crate) controller: Player,
    /// The card whose ability it is (`script` for scripted effects).
    pub(crate) source: String,
    /// What logs call it.
    pub(crate) label: String,
    /// The cards it acts on.
    pub(crate) cards: Vec<String>,
    /// The rulers it acts on.
    pub(crate) players: Vec<Player>,
    /// The keyword's value, for `Amount::Value`.
    pub(crate) value: Option<i32>,
    /// How long continuous effects last.
    pub(crate) duration: Duration,
    /// The card the triggering event was about.
    pub(crate) subject: Option<String>,
    /// The targets chosen for the ability (for selectors inside effects: `Forge { onto }`).
    pub(crate) chosen: Vec<String>,
    /// Inside a replacement: the amount of the event it replaces (the damage).
    pub(crate) replacing: Option<i32>,
}

impl Ctx {
    /// The same context acting on other cards and rulers, as another ruler's effect.
    pub(crate) fn on(&self, controller: Player, cards: Vec<String>, players: Vec<Player>) -> Ctx {
        Ctx {
            controller,
            cards,
            players,
            ..self.clone()
        }
    }
}

impl Game {
    /// Resolves a stack item (or a trigger that needs no priority, or a scripted effect).
    /// Resolutions nested deeper than [`NESTING_LIMIT`] stop with an error instead of
    /// overflowing the stack.
    pub(crate) fn resolve_item(&mut self, item: &StackItem) {
        if self.depth >= NESTING_LIMIT {
            return self.error(format!(
                "{}: resolutions nested {NESTING_LIMIT} deep, abilities setting each other off at once?, so it is stopped",
                item.label
            ));
        }
        self.depth += 1;
        let outer = std::mem::take(&mut self.this_way);
        self.this_way.targets = item.targets.iter().map(|t| t.card.clone()).collect();
        for part in &item.parts {
            self.resolve_part(item, part);
            self.state_checks();
        }
        self.this_way = outer;
        self.depth -= 1;
    }

    fn resolve_part(&mut self, item: &StackItem, part: &Part) {
        let unmet = self.read(|v| first_unmet(v, &part.inline, item.controller, &item.source));
        if let Some((restriction, found)) = unmet {
            self.say(format!(
                "{}: in-line restriction unmet at resolution: {restriction}, {found}, so its text is ignored",
                item.label
            ));
            return;
        }
        if let Some(cond) = &part.ability.condition
            && !self.read(|v| v.condition(cond, &item.source, item.controller))
        {
            self.say(format!("{}: condition unmet, nothing happens", item.label));
            return;
        }
        let picked = self.resolve_targets(&part.ability.target, item);
        let mut cards = picked.cards;
        if let AbilityKind::Activated {
            subtype: Some(subtype),
            ..
        } = &part.ability.kind
        {
            let has = |f: fn(&Effect) -> bool| part.effects.iter().any(f);
            match subtype {
                ActivatedSubtype::Duel if !has(|e| matches!(e, Effect::Duel { .. })) => {
                    cards = self.duel_loser(&item.source, &cards);
                }
                ActivatedSubtype::Vote if !has(|e| matches!(e, Effect::Vote { .. })) => {
                    self.say(format!("{} calls a conclave vote, rule 17.1c", item.label));
                    self.fire(&Event::Named("vote".into(), Some(item.source.clone())));
                }
                _ => {}
            }
        }
        let ctx = Ctx {
            controller: item.controller,
            source: item.source.clone(),
            label: item.label.clone(),
            cards,
            players: picked.players,
            value: part.value,
            duration: part.ability.duration.clone(),
            subject: item.subject.clone(),
            chosen: item.targets.iter().map(|t| t.card.clone()).collect(),
            replacing: None,
        };
        for effect in &part.effects {
            self.apply(effect, &ctx);
        }
    }

    fn resolve_targets(&mut self, target: &Target, item: &StackItem) -> Picked {
        if target.battle_line_only() {
            self.say(format!(
                "target {target:?} belongs to the battle line; the rules sandbox finds none"
            ));
            return Picked::default();
        }
        if let Target::Chosen { .. } = target {
            let mut cards = Vec::new();
            for t in &item.targets {
                match self.obj(&t.card).map(|o| o.zone) {
                    Some(zone) if zone == t.zone => cards.push(t.card.clone()),
                    _ => self.say(format!(
                        "{} is no longer in the {} where it was chosen: the rest still happens, rule 22.1a",
                        t.card,
                        t.zone.name()
                    )),
                }
            }
            return Picked {
                cards,
                players: Vec::new(),
            };
        }
        self.read(|v| {
            v.pick(
                target,
                item.controller,
                &item.source,
                item.subject.as_deref(),
                &[],
            )
        })
    }
}
