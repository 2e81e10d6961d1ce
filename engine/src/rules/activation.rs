//! Playing cards and activating abilities (19.2): priority, costs before the colon, subtypes
//! (Battle, Vote, Duel, Ritual), chosen targets and modes locked with static restrictions.

use std::fmt::Write as _;

use crate::model::ability::{
    Ability, AbilityKind, ActivatedSubtype, Effect, RestrictionTiming, Target,
};
use crate::model::{CardKind, Player};

use super::event::{RulesAbility, RulesCause};
use super::game::{Event, Game};
use super::state::{Part, StackItem, Zone};

impl Game {
    // ----- playing cards and activating abilities -----

    pub(crate) fn play(
        &mut self,
        player: Player,
        card: &str,
        targets: &[String],
        mode: Option<usize>,
        attach_to: Option<&str>,
    ) {
        if !self.known(card) || !targets.iter().all(|t| self.known(t)) {
            return;
        }
        let obj = self.obj_ref(card).clone();
        if obj.owner != player || obj.zone != Zone::Hand {
            return self.reject(format!("{player:?} has no `{card}` in hand"));
        }
        if self.priority != player {
            return self.reject(format!("{player:?} plays {card} without priority"));
        }
        if obj.card.cost > self.player(player).resource {
            return self.reject(format!(
                "{card} costs {} and {player:?} has {}",
                obj.card.cost,
                self.player(player).resource
            ));
        }
        let spell = matches!(obj.card.kind, CardKind::Spell | CardKind::Action);
        let mut parts = Vec::new();
        if spell {
            for entry in self.abilities_of(card, true) {
                if !matches!(
                    entry.ability.kind,
                    AbilityKind::Static | AbilityKind::Replacement { .. }
                ) {
                    continue;
                }
                if let Err(why) = self.check_targets(&entry.ability, player, card, targets) {
                    return self.reject(why);
                }
                if !matches!(entry.ability.kind, AbilityKind::Static) {
                    continue;
                }
                match self.prepare(&entry.ability, entry.value, player, card, mode) {
                    Ok(Some(part)) => parts.push(part),
                    Ok(None) => self.say(format!(
                        "{card}: `{}` ignored (restriction unmet)",
                        entry.label
                    )),
                    Err(why) => return self.reject(why),
                }
            }
        }
        self.player_mut(player).resource -= obj.card.cost;
        if spell {
            let at = self.say_event(format!("{player:?} plays {card} (targets {targets:?})"));
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
                targets: targets.to_vec(),
                subject: None,
                triggered: false,
                card: Some(card.to_owned()),
                cause: RulesCause::by(ability, Some(at)),
            });
            self.passes = 0;
            self.fire(&Event::CardPlayed(card.to_owned()));
        } else {
            let verb = match obj.card.kind {
                CardKind::Beast => "recruits",
                CardKind::Item => "forges",
                CardKind::Structure => "builds",
                _ => "plays",
            };
            self.say(format!("{player:?} {verb} {card}"));
            self.fire(&Event::CardPlayed(card.to_owned()));
            self.move_to(card, Zone::City);
            if let Some(host) = attach_to
                && self.known(host)
            {
                self.obj_mut(card).attached_to = Some(host.to_owned());
            }
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
        let obj = self.obj_ref(card).clone();
        if obj.owner != player || !obj.zone.in_play() {
            return self.reject(format!(
                "{player:?} can only activate abilities of cards they rule in their city (19.2): {card}"
            ));
        }
        if self.priority != player {
            return self.reject(format!(
                "{player:?} activates {card} without priority (19.2)"
            ));
        }
        let activated: Vec<_> = self
            .abilities_of(card, true)
            .into_iter()
            .filter(|e| matches!(e.ability.kind, AbilityKind::Activated { .. }))
            .collect();
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
        let AbilityKind::Activated { cost, subtype } = &entry.ability.kind else {
            return;
        };
        if let Some(phase) = &cost.phase
            && !phase.eq_ignore_ascii_case(self.phase_name())
        {
            return self.reject(format!(
                "{card}: `{}` is activated in {phase}, not {} (19.2)",
                entry.label,
                self.phase_name()
            ));
        }
        let me = self.player(player);
        if cost.resource as i32 > me.resource || cost.fealty as i32 > me.fealty {
            return self.reject(format!(
                "{card}: {player:?} cannot pay {} resource and {} fealty",
                cost.resource, cost.fealty
            ));
        }
        let mut note = String::new();
        match subtype {
            Some(ActivatedSubtype::Battle) if !self.skirmish.iter().any(|c| c == card) => {
                return self.reject(format!(
                    "{card}: a Battle ability needs the card in the current skirmish (19.2b)"
                ));
            }
            Some(ActivatedSubtype::Vote) if self.phase_name() != "dusk" => {
                return self.reject(format!(
                    "{card}: a Vote ability is activated at dusk (19.2c)"
                ));
            }
            Some(ActivatedSubtype::Duel) if targets.is_empty() => {
                return self.reject(format!(
                    "{card}: a Duel ability names the other beast (19.2d)"
                ));
            }
            Some(ActivatedSubtype::Ritual { stat, threshold }) => {
                match self.ritual_site(player, stat, *threshold, structure) {
                    Some((site, total)) => {
                        note = format!(" at {site} ({stat} total {total} >= {threshold})");
                    }
                    None => {
                        return self.reject(format!(
                            "{card}: no structure with attached beasts totalling {stat} {threshold} (19.2e)"
                        ));
                    }
                }
            }
            _ => {}
        }
        if let Err(why) = self.check_targets(&entry.ability, player, card, targets) {
            return self.reject(why);
        }
        let part = match self.prepare(&entry.ability, entry.value, player, card, mode) {
            Ok(Some(part)) => part,
            Ok(None) => {
                return self.reject(format!(
                    "{card}: `{}` cannot be activated: a restriction is unmet",
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
                self.move_to(&first, Zone::Discard);
                let _ = write!(note, ", discarding {first}");
            } else {
                let _ = write!(note, ", paying `{extra}`");
            }
        }
        let me = self.player_mut(player);
        me.resource -= cost.resource as i32;
        me.fealty -= cost.fealty as i32;
        let label = format!("{card}: {}", entry.label);
        let at = self.say_event(format!(
            "{player:?} activates {label}{note} (targets {targets:?}, mode {mode:?})"
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
            targets: targets.to_vec(),
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
        self.zone_ids(player, Zone::City)
            .into_iter()
            .filter(|id| wanted.is_none_or(|w| w == id))
            .filter(|id| {
                self.obj(id)
                    .is_some_and(|o| o.card.kind == CardKind::Structure)
            })
            .map(|site| {
                let total: i32 = self
                    .objects
                    .iter()
                    .filter(|o| o.zone == Zone::City && o.attached_to.as_deref() == Some(&site))
                    .filter(|o| o.card.kind == CardKind::Beast)
                    .map(|o| self.stat(&o.id, stat))
                    .sum();
                (site, total)
            })
            .find(|(_, total)| *total >= threshold)
    }

    /// Chosen targets must fit the ability's count and filter when chosen (they lock then).
    fn check_targets(
        &self,
        ability: &Ability,
        player: Player,
        source: &str,
        targets: &[String],
    ) -> Result<(), String> {
        let Target::Chosen { count, filter } = &ability.target else {
            return Ok(());
        };
        if targets.is_empty() {
            return Err(format!("{source}: choose a target"));
        }
        if targets.len() > *count as usize {
            return Err(format!("{source}: at most {count} target(s)"));
        }
        for t in targets {
            if !self.obj(t).is_some_and(|o| o.zone.in_play()) {
                return Err(format!("{source}: target {t} is not in play"));
            }
            if let Some(f) = filter
                && !self.condition(f, t, player, true)
            {
                return Err(format!("{source}: {t} is not a legal target"));
            }
        }
        Ok(())
    }

    /// Prepares an ability for the stack: static restrictions checked (`Ok(None)`: unmet, the
    /// text is ignored), the mode chosen, in-line restrictions kept for resolution.
    pub(crate) fn prepare(
        &self,
        ability: &Ability,
        value: Option<i32>,
        player: Player,
        source: &str,
        mode: Option<usize>,
    ) -> Result<Option<Part>, String> {
        let statics_hold = ability
            .restrictions
            .iter()
            .filter(|r| r.timing == RestrictionTiming::Static)
            .all(|r| self.restriction_holds(&r.requires, player, source));
        if !statics_hold {
            return Ok(None);
        }
        let inline = ability
            .restrictions
            .iter()
            .filter(|r| r.timing == RestrictionTiming::InLine)
            .cloned()
            .collect();
        let effects = self.lock_effects(&ability.effects, player, source, mode)?;
        Ok(Some(Part {
            ability: ability.clone(),
            effects,
            inline,
            value,
        }))
    }

    fn lock_effects(
        &self,
        effects: &[Effect],
        player: Player,
        source: &str,
        mode: Option<usize>,
    ) -> Result<Vec<Effect>, String> {
        let mut out = Vec::new();
        for effect in effects {
            match effect {
                Effect::Modal(modes) => {
                    let unlocked = |m: &Vec<Effect>| self.mode_unlocked(m, player, source);
                    let chosen = match mode {
                        Some(i) => {
                            let m = modes
                                .get(i)
                                .ok_or_else(|| format!("{source}: there is no mode {i}"))?;
                            if !unlocked(m) {
                                return Err(format!(
                                    "{source}: mode {i} is locked by a static restriction"
                                ));
                            }
                            m
                        }
                        None => modes
                            .iter()
                            .find(|m| unlocked(m))
                            .ok_or_else(|| format!("{source}: every mode is locked"))?,
                    };
                    out.extend(self.lock_effects(chosen, player, source, None)?);
                }
                Effect::Restricted {
                    restrictions,
                    effects,
                } => {
                    let (statics, inline): (Vec<_>, Vec<_>) = restrictions
                        .iter()
                        .cloned()
                        .partition(|r| r.timing == RestrictionTiming::Static);
                    if !statics
                        .iter()
                        .all(|r| self.restriction_holds(&r.requires, player, source))
                    {
                        continue;
                    }
                    let inner = self.lock_effects(effects, player, source, mode)?;
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

    fn mode_unlocked(&self, mode: &[Effect], player: Player, source: &str) -> bool {
        mode.iter().all(|e| match e {
            Effect::Restricted { restrictions, .. } => restrictions
                .iter()
                .filter(|r| r.timing == RestrictionTiming::Static)
                .all(|r| self.restriction_holds(&r.requires, player, source)),
            _ => true,
        })
    }
}
