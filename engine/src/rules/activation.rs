//! Playing cards and activating abilities (19.2): priority, costs before the colon, subtypes
//! (Battle, Vote, Duel, Ritual), abilities that work from other zones, chosen targets and
//! modes locked with static restrictions (Grand Archive).

use std::fmt::Write as _;

use crate::model::ability::{
    Ability, AbilityKind, ActivatedSubtype, Effect, Restriction, RestrictionTiming, Target,
};
use crate::model::profile::TargetedBy;
use crate::model::{CardKind, Player};

use super::event::{RulesAbility, RulesCause};
use super::game::{Event, Game, Illegal};
use super::state::{Part, StackItem, Zone};
use super::statics::works_from;
use super::view::{View, names_zone};

impl Game {
    // ----- playing cards and activating abilities -----

    /// Why `player` may not play `card` now, by the profile's speed and element rules.
    fn may_play_now(&self, player: Player, card: &crate::model::Card) -> Result<(), Illegal> {
        use crate::model::CardSpeed;
        if card.speed == Some(CardSpeed::Slow)
            && let Some(phase) = &self.profile.slow_phase
        {
            let now = self.phase_name();
            if player != self.active || !now.eq_ignore_ascii_case(phase) || !self.stack.is_empty() {
                let turn = if player == self.active {
                    format!("it is {player:?}'s turn")
                } else {
                    format!("it is not {player:?}'s turn")
                };
                return Err(Illegal(format!(
                    "a Slow card is played only on its player's turn, in the {phase} phase, with an empty stack; {turn}, in the {now} phase, with {} on the stack",
                    self.stack.len()
                )));
            }
        }
        if let (Some(free), Some(element)) = (&self.profile.free_elements, &card.element) {
            let enabled = free
                .iter()
                .chain(&self.player(player).elements)
                .any(|e| e.eq_ignore_ascii_case(element));
            if !enabled {
                return Err(Illegal(format!(
                    "its element, {element}, is not enabled for {player:?}"
                )));
            }
        }
        Ok(())
    }

    pub(crate) fn play(
        &mut self,
        player: Player,
        card: &str,
        targets: &[String],
        mode: Option<usize>,
        attach_to: Option<&str>,
    ) {
        self.play_card(player, card, targets, mode, attach_to, false);
    }

    /// Plays a card from hand; `as_attack`: an attack card played with its attack
    /// ([`Game::play_attack`]), which is the only way one is played.
    pub(crate) fn play_card(
        &mut self,
        player: Player,
        card: &str,
        targets: &[String],
        mode: Option<usize>,
        attach_to: Option<&str>,
        as_attack: bool,
    ) {
        if !self.known(card)
            || !targets.iter().all(|t| self.known(t))
            || !attach_to.is_none_or(|h| self.known(h))
        {
            return;
        }
        let Some(obj) = self.obj(card).cloned() else {
            return;
        };
        if obj.owner != player || obj.zone != Zone::Hand {
            return self.reject(format!("{player:?} has no `{card}` in hand"));
        }
        if self.priority != player {
            return self.reject(format!("{player:?} plays {card} without priority"));
        }
        let attack_card = self
            .profile
            .combat
            .as_ref()
            .is_some_and(|r| r.is_attack_card(obj.card.kind, &obj.card.tribes));
        if attack_card && !as_attack {
            return self.reject(format!(
                "{card} is an attack card: it is played with its attack, naming what the champion attacks"
            ));
        }
        if let Err(why) = self.may_play_now(player, &obj.card) {
            return self.reject(format!("{card}: {why}"));
        }
        let cost = self.play_cost(player, card, targets);
        if cost.resource > self.player(player).resource {
            let mut why = String::new();
            for n in &cost.notes {
                let _ = write!(why, "; it {n}");
            }
            return self.reject(format!(
                "{card} costs {} and {player:?} has {}{why}",
                cost.resource,
                self.player(player).resource
            ));
        }
        let plan = match self.plan_payment(&cost.pay, player, card) {
            Ok(plan) => plan,
            Err(why) => return self.reject(format!("{card}: {why}")),
        };
        let spell = matches!(obj.card.kind, CardKind::Spell | CardKind::Action);
        if !spell && let Err(why) = self.check_location(player, obj.card.kind, card, attach_to) {
            return self.reject(why);
        }
        let mut parts = Vec::new();
        if spell {
            for entry in self.abilities_of(card) {
                // Cost abilities were read above; an attack card's static abilities work while
                // it is the attack (`statics.rs`), not as text done when it resolves.
                if !matches!(
                    entry.ability.kind,
                    AbilityKind::Static | AbilityKind::Replacement { .. }
                ) || !entry.ability.zones.is_empty()
                    || entry.ability.is_cost_rule()
                    || (as_attack && matches!(entry.ability.kind, AbilityKind::Static))
                {
                    continue;
                }
                let locked = self.lock_target(&entry.ability, player, card);
                if let Err(why) =
                    self.check_targets(&locked, player, card, targets, TargetedBy::Activations)
                {
                    return self.reject(why);
                }
                if !matches!(entry.ability.kind, AbilityKind::Static) {
                    continue;
                }
                match self.prepare(&entry.ability, entry.value, player, card, mode) {
                    Ok(Prepared::Ready(part, ignored)) => {
                        for line in ignored {
                            self.say(format!("{card}: `{}`: {line}", entry.label));
                        }
                        parts.push(*part);
                    }
                    Ok(Prepared::Unmet(why)) => {
                        self.say(format!("{card}: `{}` ignored: {why}", entry.label));
                    }
                    Err(why) => return self.reject(why),
                }
            }
        }
        self.use_next_card_less(player, card);
        self.player_mut(player).resource -= cost.resource;
        let mut note = String::new();
        for n in &cost.notes {
            note.push_str(", ");
            note.push_str(n);
        }
        note.push_str(&self.pay_plan(&plan, player, card));
        if obj.card.kind == CardKind::Champion {
            self.fire(&Event::CardPlayed(card.to_owned()));
            return self.level_into(player, card);
        }
        if spell {
            let at = self.say_event(format!(
                "{player:?} plays {card}{}{}{note}",
                crate::wording::rules::targets(targets),
                mode.map(|m| format!(", mode {}", m + 1))
                    .unwrap_or_default()
            ));
            self.move_to(card, Zone::Stack);
            let ability = RulesAbility {
                card: card.to_owned(),
                label: card.to_owned(),
            };
            self.stack.push(StackItem {
                label: card.to_owned(),
                controller: player,
                source: card.to_owned(),
                parts,
                targets: self.chosen(targets),
                targets_chosen: true,
                subject: None,
                triggered: false,
                card: Some(card.to_owned()),
                cause: RulesCause::by(ability, Some(at)),
            });
            self.passes = 0;
            self.fire(&Event::CardPlayed(card.to_owned()));
            return;
        }
        let verb = match obj.card.kind {
            CardKind::Beast => "recruits",
            CardKind::Item => "forges",
            CardKind::Structure => "builds",
            _ => "plays",
        };
        let onto = attach_to.map_or_else(String::new, |h| format!(" onto {h}"));
        self.say(format!("{player:?} {verb} {card}{onto}{note}"));
        self.fire(&Event::CardPlayed(card.to_owned()));
        self.entry_targets = Some((card.to_owned(), targets.to_vec()));
        self.move_to_attached(card, Zone::City, attach_to);
        self.entry_targets = None;
    }

    /// Where a card played (or put) into a city may stand: a beast at a location (a structure
    /// its ruler has there, or the city itself, 19.3b); a structure in the city itself
    /// (19.3d); an item on a card in a city (its Forge abilities need a beast, 19.3c).
    pub(crate) fn check_location(
        &self,
        player: Player,
        kind: CardKind,
        card: &str,
        host: Option<&str>,
    ) -> Result<(), Illegal> {
        let Some(host) = host else {
            return Ok(());
        };
        let (host_kind, host_zone, host_ruler) = self.read(|v| {
            let h = v.game.obj(host);
            (h.map(|h| h.card.kind), h.map(|h| h.zone), v.ruler(host))
        });
        if host_zone != Some(Zone::City) {
            return Err(Illegal(format!(
                "{card} cannot attach to {host}: it is not in a city"
            )));
        }
        match kind {
            CardKind::Beast if host_kind != Some(CardKind::Structure) || host_ruler != player => {
                Err(Illegal(format!(
                    "{card}: a beast is recruited to a location in its ruler's city: a structure {player:?} rules there, or the city itself, rule 19.3b"
                )))
            }
            CardKind::Structure => Err(Illegal(format!(
                "{card}: a structure is built in the city itself, not attached to {host}, rule 19.3d"
            ))),
            _ => Ok(()),
        }
    }

    pub(crate) fn activate(
        &mut self,
        player: Player,
        card: &str,
        ability_name: &str,
        targets: &[String],
        mode: Option<usize>,
        structure: Option<&str>,
    ) {
        if !self.known(card) || !targets.iter().all(|t| self.known(t)) {
            return;
        }
        let Some(obj) = self.obj(card).cloned() else {
            return;
        };
        let activated = self.activated_abilities(card);
        let entry = match ability_name.parse::<usize>() {
            Ok(i) => activated.get(i).cloned(),
            Err(_) => activated
                .iter()
                .find(|e| e.label.eq_ignore_ascii_case(ability_name))
                .cloned(),
        };
        let Some(entry) = entry else {
            return self.reject(format!("{card} has no activated ability `{ability_name}`"));
        };
        if !works_from(&entry.ability, obj.zone, obj.card.kind) {
            let from = if entry.ability.zones.is_empty() {
                "the city".to_owned()
            } else {
                zone_list(&entry.ability.zones)
            };
            return self.reject(format!(
                "{card}: `{}` works from {from}, and {card} is in the {}, rule 19.2",
                entry.label,
                obj.zone.name()
            ));
        }
        let holder = if obj.zone == Zone::City {
            self.ruler(card).unwrap_or(obj.owner)
        } else {
            obj.owner
        };
        if holder != player {
            return self.reject(format!(
                "{player:?} can only activate abilities of cards they rule in their city, rule 19.2: {card}"
            ));
        }
        if self.priority != player {
            return self.reject(format!(
                "{player:?} activates {card} without priority, rule 19.2"
            ));
        }
        let AbilityKind::Activated { cost, subtype } = &entry.ability.kind else {
            return;
        };
        if let Some(phase) = &cost.phase
            && !phase.eq_ignore_ascii_case(self.phase_name())
        {
            return self.reject(format!(
                "{card}: `{}` is activated in {phase}, not {}, rule 19.2",
                entry.label,
                self.phase_name()
            ));
        }
        if let Some(only_if) = &cost.only_if
            && !self.read(|v| v.condition(only_if, card, player))
        {
            return self.reject(format!(
                "{card}: `{}` is activated only if {}, rule 19.2",
                entry.label,
                crate::rules::text::condition_words_in(
                    &crate::rules::text::Words {
                        profile: Some(&self.profile),
                        card_name: None,
                    },
                    only_if
                )
            ));
        }
        let (resource, reductions) = self.reduced_resource(cost, player, card);
        let me = self.player(player);
        if i64::from(resource) > i64::from(me.resource)
            || i64::from(cost.fealty) > i64::from(me.fealty)
        {
            return self.reject(format!(
                "{card}: {player:?} cannot pay {resource} resource and {} fealty",
                cost.fealty
            ));
        }
        let plan = match self.plan_payment(&cost.pay, player, card) {
            Ok(plan) => plan,
            Err(why) => return self.reject(format!("{card}: `{}`: {why}", entry.label)),
        };
        let mut note = String::new();
        for r in reductions {
            let _ = write!(note, ", {r}");
        }
        match subtype {
            Some(ActivatedSubtype::Battle) if !self.skirmish.iter().any(|c| c == card) => {
                return self.reject(format!(
                    "{card}: a Battle ability needs the card in the current skirmish, rule 19.2b"
                ));
            }
            Some(ActivatedSubtype::Vote) if self.phase_name() != "dusk" => {
                return self.reject(format!(
                    "{card}: a Vote ability is activated at dusk, rule 19.2c"
                ));
            }
            Some(ActivatedSubtype::Duel) if targets.is_empty() => {
                return self.reject(format!(
                    "{card}: a Duel ability names the other beast, rule 19.2d"
                ));
            }
            Some(ActivatedSubtype::Ritual { stat, threshold }) => {
                match self.ritual_site(player, stat, *threshold, structure) {
                    Some((site, total)) => {
                        note = format!(" at {site}, {stat} total {total} of {threshold} needed");
                    }
                    None => {
                        return self.reject(format!(
                            "{card}: no structure with attached beasts totalling {stat} {threshold}, rule 19.2e"
                        ));
                    }
                }
            }
            _ => {}
        }
        let locked = self.lock_target(&entry.ability, player, card);
        if let Err(why) =
            self.check_targets(&locked, player, card, targets, TargetedBy::Activations)
        {
            return self.reject(why);
        }
        let part = match self.prepare(&entry.ability, entry.value, player, card, mode) {
            Ok(Prepared::Ready(part, ignored)) => {
                for line in ignored {
                    let _ = write!(note, "; {line}");
                }
                *part
            }
            Ok(Prepared::Unmet(why)) => {
                return self.reject(format!(
                    "{card}: `{}` cannot be activated: {why}",
                    entry.label
                ));
            }
            Err(why) => return self.reject(why),
        };
        for extra in &cost.extra {
            if extra.to_ascii_lowercase().starts_with("discard a card") {
                let Some(first) = self.zone_ids(player, Zone::Hand).into_iter().next() else {
                    return self.reject(format!("{card}: {player:?} has no card to discard"));
                };
                let to = self.profile.discarded_to;
                self.move_to(&first, to);
                let _ = write!(note, ", discarding {first}");
            } else {
                let _ = write!(note, ", paying `{extra}`");
            }
        }
        let paid = self.pay_plan(&plan, player, card);
        note.push_str(&paid);
        let me = self.player_mut(player);
        me.resource = me.resource.saturating_sub_unsigned(resource);
        me.fealty = me.fealty.saturating_sub_unsigned(cost.fealty);
        let label = format!("{card}: {}", entry.label);
        let at = self.say_event(format!(
            "{player:?} activates {label}{note}{}{}",
            crate::wording::rules::targets(targets),
            mode.map(|m| format!(", mode {}", m + 1))
                .unwrap_or_default()
        ));
        let ability = RulesAbility {
            card: card.to_owned(),
            label: label.clone(),
        };
        self.stack.push(StackItem {
            label,
            controller: player,
            source: card.to_owned(),
            parts: vec![part],
            targets: self.chosen(targets),
            targets_chosen: true,
            subject: None,
            triggered: false,
            card: None,
            cause: RulesCause::by(ability, Some(at)),
        });
        self.passes = 0;
    }

    /// A structure of `player` whose attached beasts total at least `threshold` of `stat`.
    fn ritual_site(
        &self,
        player: Player,
        stat: &str,
        threshold: i32,
        wanted: Option<&str>,
    ) -> Option<(String, i32)> {
        self.read(|v| {
            v.zone_ids(player, Zone::City)
                .into_iter()
                .filter(|id| wanted.is_none_or(|w| w == id))
                .filter(|id| {
                    v.game
                        .obj(id)
                        .is_some_and(|o| o.card.kind == CardKind::Structure)
                })
                .map(|site| {
                    let total: i32 = v
                        .game
                        .objects
                        .iter()
                        .filter(|o| o.zone == Zone::City && o.attached_to.as_deref() == Some(&site))
                        .filter(|o| o.card.kind == CardKind::Beast)
                        .map(|o| v.stat(&o.id, stat))
                        .fold(0, i32::saturating_add);
                    (site, total)
                })
                .find(|(_, total)| *total >= threshold)
        })
    }

    /// The ability with its target choice locked: a `Restricted` choice becomes the branch its
    /// restrictions pick now (Grand Archive: modes and targets lock at activation).
    pub(crate) fn lock_target(&self, ability: &Ability, player: Player, source: &str) -> Ability {
        let mut locked = ability.clone();
        locked.target = self.read(|v| locked_target(v, &ability.target, player, source));
        locked
    }

    /// Chosen targets must fit the ability's count and filter when chosen (they lock then): a
    /// card in play, or in the zone the filter names.
    pub(crate) fn check_targets(
        &self,
        ability: &Ability,
        player: Player,
        source: &str,
        targets: &[String],
        by: TargetedBy,
    ) -> Result<(), Illegal> {
        let Target::Chosen { count, filter } = &ability.target else {
            return Ok(());
        };
        if targets.is_empty() {
            return Err(Illegal(format!("{source}: choose a target")));
        }
        if targets.len() > *count as usize {
            return Err(Illegal(format!(
                "{source}: at most {}",
                crate::wording::plural(count, "target", "targets")
            )));
        }
        self.read(|v| {
            for t in targets {
                let Some(o) = v.game.obj(t) else {
                    return Err(Illegal(format!("{source}: no card `{t}` to target")));
                };
                let zone_named = filter.as_ref().is_some_and(names_zone);
                if !o.zone.in_play() && !zone_named {
                    return Err(Illegal(format!(
                        "{source}: target {t} is in the {}, not in play",
                        o.zone.name()
                    )));
                }
                if let Some(f) = filter
                    && !v.condition(f, t, player)
                {
                    return Err(Illegal(format!("{source}: {t} is not a legal target")));
                }
                if let Some(k) = v.game.profile.shroud_against(by, |k| v.has_ability(t, k)) {
                    return Err(Illegal(format!(
                        "{source}: {t} has {k}: {} cannot target it",
                        by_words(by)
                    )));
                }
            }
            Ok(())
        })
    }

    /// For an item whose targets are chosen (`Chosen`): how many, and every legal target in
    /// order. `None` when it chooses no targets.
    pub(crate) fn legal_targets(&self, item: &StackItem) -> Option<(u32, Vec<String>)> {
        let part = item.parts.first()?;
        let Target::Chosen { count, filter } = &part.ability.target else {
            return None;
        };
        let by = if item.triggered {
            TargetedBy::Triggers
        } else {
            TargetedBy::Activations
        };
        let legal = self.read(|v| {
            let pool = match filter {
                Some(f) => v.candidates(f),
                None => v.in_play(),
            };
            pool.into_iter()
                .filter(|t| {
                    filter
                        .as_ref()
                        .is_none_or(|f| v.condition(f, t, item.controller))
                })
                .filter(|t| {
                    v.game
                        .profile
                        .shroud_against(by, |k| v.has_ability(t, k))
                        .is_none()
                })
                .collect()
        });
        Some((*count, legal))
    }

    /// Prepares an ability for the stack: static restrictions checked (`Ok(None)`: unmet, the
    /// text is ignored), the mode and the target choice locked, in-line restrictions kept for
    /// resolution.
    pub(crate) fn prepare(
        &self,
        ability: &Ability,
        value: Option<i32>,
        player: Player,
        source: &str,
        mode: Option<usize>,
    ) -> Result<Prepared, Illegal> {
        self.read(|v| {
            let statics = ability
                .restrictions
                .iter()
                .filter(|r| r.timing == RestrictionTiming::Static);
            if let Some((restriction, found)) = first_unmet(v, statics, player, source) {
                return Ok(Prepared::Unmet(format!(
                    "restriction {restriction} is unmet: {found}"
                )));
            }
            let inline = ability
                .restrictions
                .iter()
                .filter(|r| r.timing == RestrictionTiming::InLine)
                .cloned()
                .collect();
            let mut ignored = Vec::new();
            let effects = lock_effects(v, &ability.effects, player, source, mode, &mut ignored)?;
            let mut ability = ability.clone();
            ability.target = locked_target(v, &ability.target, player, source);
            Ok(Prepared::Ready(
                Box::new(Part {
                    ability,
                    effects,
                    inline,
                    value,
                }),
                ignored,
            ))
        })
    }
}

/// The first restriction of a list that does not hold, in words (`LV 2+`), with what was
/// found instead (`A's champion is level 1`).
pub(crate) fn first_unmet<'r>(
    v: &View<'_>,
    list: impl IntoIterator<Item = &'r Restriction>,
    player: Player,
    source: &str,
) -> Option<(String, String)> {
    let r = list
        .into_iter()
        .find(|r| !v.restriction_holds(&r.requires, player, source))?;
    Some((
        super::text::restriction_text(&r.requires),
        v.restriction_found(&r.requires, player, source),
    ))
}

/// An ability prepared for the stack, or why its text is ignored.
#[derive(Debug)]
pub(crate) enum Prepared {
    /// Ready to go on the stack, with the lines of its text a static restriction left out
    /// (each in words, for the log: an unmet restriction is never dropped silently).
    Ready(Box<Part>, Vec<String>),
    /// A static restriction is unmet: which one, and what was found instead.
    Unmet(String),
}

/// A target choice with its restriction guards decided now (every restriction guarding a
/// target choice is checked when choosing: the choice cannot wait for resolution).
fn locked_target(v: &View<'_>, target: &Target, player: Player, source: &str) -> Target {
    match target {
        Target::Restricted {
            restrictions,
            unlocked,
            otherwise,
        } => {
            let choice = if v.all_hold(restrictions, player, source) {
                unlocked
            } else {
                otherwise
            };
            locked_target(v, choice, player, source)
        }
        other => other.clone(),
    }
}

fn lock_effects(
    v: &View<'_>,
    effects: &[Effect],
    player: Player,
    source: &str,
    mode: Option<usize>,
    ignored: &mut Vec<String>,
) -> Result<Vec<Effect>, Illegal> {
    let mut out = Vec::new();
    for effect in effects {
        match effect {
            Effect::Modal(modes) => {
                let unlocked = |m: &Vec<Effect>| mode_unlocked(v, m, player, source);
                let chosen = match mode {
                    Some(i) => {
                        let m = modes
                            .get(i)
                            .ok_or_else(|| Illegal(format!("{source}: there is no mode {i}")))?;
                        if !unlocked(m) {
                            return Err(Illegal(format!(
                                "{source}: mode {i} is locked by a static restriction"
                            )));
                        }
                        m
                    }
                    None => modes
                        .iter()
                        .find(|m| unlocked(m))
                        .ok_or_else(|| Illegal(format!("{source}: every mode is locked")))?,
                };
                out.extend(lock_effects(v, chosen, player, source, None, ignored)?);
            }
            Effect::Restricted {
                restrictions,
                effects,
            } => {
                let (statics, inline): (Vec<_>, Vec<_>) = restrictions
                    .iter()
                    .cloned()
                    .partition(|r| r.timing == RestrictionTiming::Static);
                if let Some((restriction, found)) = first_unmet(v, &statics, player, source) {
                    ignored.push(format!(
                        "static restriction {restriction} unmet, {found}: that text is ignored"
                    ));
                    continue;
                }
                let inner = lock_effects(v, effects, player, source, mode, ignored)?;
                if inline.is_empty() {
                    out.extend(inner);
                } else {
                    out.push(Effect::Restricted {
                        restrictions: inline,
                        effects: inner,
                    });
                }
            }
            other => out.push(other.clone()),
        }
    }
    Ok(out)
}

fn mode_unlocked(v: &View<'_>, mode: &[Effect], player: Player, source: &str) -> bool {
    mode.iter().all(|e| match e {
        Effect::Restricted { restrictions, .. } => restrictions
            .iter()
            .filter(|r| r.timing == RestrictionTiming::Static)
            .all(|r| v.restriction_holds(&r.requires, player, source)),
        _ => true,
    })
}

/// What a shroud keeps from targeting, in words ("triggered abilities").
fn by_words(by: TargetedBy) -> &'static str {
    match by {
        TargetedBy::Activations => "cards played and activated abilities",
        TargetedBy::Triggers => "triggered abilities",
    }
}

/// "the hand or the graveyard".
pub(crate) fn zone_list(zones: &[Zone]) -> String {
    let names: Vec<String> = zones.iter().map(|z| format!("the {}", z.name())).collect();
    names.join(" or ")
}
