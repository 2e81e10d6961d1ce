//! Reading the state: a card's abilities after gains and losses (19.1d, 22.3d), its
//! characteristics after continuous effects in timestamp order (22.3c) with the reasons
//! ([`Game::characteristic_breakdown`]), conditions and restrictions (Grand Archive).

use crate::model::ability::{
    Ability, AbilityKind, Condition, Effect, RestrictionKind, Stat, Target,
};
use crate::model::keyword::normalise;
use crate::model::{CardKind, KeywordRef, Player};

use super::game::Game;
use super::state::{Breakdown, BreakdownStep, Change, ContinuousEffect, Zone};

/// One ability a card has now, with the keyword value it carries.
#[derive(Debug, Clone)]
pub struct AbilityEntry {
    /// The ability or keyword name (`Flight`, `Howl`, or `#2` for an unnamed ability).
    pub label: String,
    /// The ability.
    pub ability: Ability,
    /// The keyword's value (`Armor 2` → 2).
    pub value: Option<i32>,
}

/// The canonical name of a stat: `atk`, `life`, or the lower-cased name.
#[must_use]
pub fn stat_key(name: &str) -> String {
    match name.to_ascii_lowercase().as_str() {
        "atk" | "attack" | "power" => "atk".into(),
        "life" | "health" | "durability" => "life".into(),
        "lv" | "level" => "level".into(),
        other => other.to_owned(),
    }
}

/// The canonical name of a model stat.
#[must_use]
pub fn stat_name(stat: &Stat) -> String {
    match stat {
        Stat::Attack => "atk".into(),
        Stat::Life => "life".into(),
        Stat::Armor => "armor".into(),
        Stat::Named(n) => stat_key(n),
    }
}

impl Game {
    /// The names a card has: printed keywords and abilities, then gains and losses in
    /// timestamp order ("loses" removes every instance; the most recent wins, 19.1d/22.3d).
    fn granted_names(
        &self,
        id: &str,
        with_static: bool,
    ) -> Vec<(String, Option<i32>, Option<Ability>)> {
        let Some(obj) = self.obj(id) else {
            return Vec::new();
        };
        let mut names: Vec<(String, Option<i32>, Option<Ability>)> = Vec::new();
        for (i, a) in obj.card.abilities.iter().enumerate() {
            let label = if a.name.is_empty() {
                format!("#{i}")
            } else {
                a.name.clone()
            };
            names.push((label, None, Some(a.clone())));
        }
        for k in obj.card.keyword_refs().flatten() {
            names.push((k.name, k.value, None));
        }
        let mut changes: Vec<ContinuousEffect> = self
            .effects
            .iter()
            .filter(|e| e.affected.iter().any(|a| a == id))
            .filter(|e| matches!(e.change, Change::Gain(_) | Change::Lose(_)))
            .cloned()
            .collect();
        if with_static {
            changes.extend(
                self.static_effects()
                    .into_iter()
                    .filter(|e| e.affected.iter().any(|a| a == id))
                    .filter(|e| matches!(e.change, Change::Gain(_) | Change::Lose(_))),
            );
        }
        changes.sort_by_key(|e| e.timestamp);
        for e in changes {
            match &e.change {
                Change::Gain(k) => {
                    if let Some(k) = KeywordRef::parse(k) {
                        names.push((k.name, k.value, None));
                    }
                }
                Change::Lose(k) => {
                    let gone =
                        normalise(&KeywordRef::parse(k).map_or_else(|| k.clone(), |r| r.name));
                    names.retain(|(n, _, _)| normalise(n) != gone);
                }
                _ => {}
            }
        }
        names
    }

    /// Every ability a card has now: printed ones, its keywords' abilities, gained ones, less
    /// lost ones. `with_static`: count gains and losses from static abilities in play too.
    pub(crate) fn abilities_of(&self, id: &str, with_static: bool) -> Vec<AbilityEntry> {
        let mut out = Vec::new();
        for (label, value, ability) in self.granted_names(id, with_static) {
            match ability {
                Some(ability) => out.push(AbilityEntry {
                    label,
                    ability,
                    value,
                }),
                None => {
                    if let Some(def) = self.keywords.iter().find(|d| d.matches(&label)) {
                        for a in &def.abilities {
                            out.push(AbilityEntry {
                                label: if a.name.is_empty() {
                                    def.name.clone()
                                } else {
                                    a.name.clone()
                                },
                                ability: a.clone(),
                                value,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether a card has an ability or keyword by name now.
    #[must_use]
    pub fn has_ability(&self, id: &str, name: &str) -> bool {
        let wanted = normalise(name);
        self.granted_names(id, true)
            .iter()
            .any(|(n, _, _)| normalise(n) == wanted)
            || self
                .abilities_of(id, true)
                .iter()
                .any(|e| normalise(&e.label) == wanted)
    }

    /// The names of a card's abilities and keywords now, in order.
    #[must_use]
    pub fn ability_names(&self, id: &str) -> Vec<String> {
        self.granted_names(id, true)
            .into_iter()
            .map(|(n, v, _)| match v {
                Some(v) => format!("{n} {v}"),
                None => n,
            })
            .collect()
    }

    /// Continuous effects of static abilities of cards in play (19.4): they apply to whatever
    /// matches now (not locked), with the timestamp of their card entering play.
    pub(crate) fn static_effects(&self) -> Vec<ContinuousEffect> {
        let mut out = Vec::new();
        for id in self.in_play() {
            let Some(obj) = self.obj(&id) else { continue };
            if matches!(obj.card.kind, CardKind::Spell | CardKind::Action) {
                continue;
            }
            for entry in self.abilities_of(&id, false) {
                if !matches!(entry.ability.kind, AbilityKind::Static) {
                    continue;
                }
                let holds = entry
                    .ability
                    .restrictions
                    .iter()
                    .all(|r| self.restriction_holds_in(&r.requires, obj.owner, &id, false))
                    && entry
                        .ability
                        .condition
                        .as_ref()
                        .is_none_or(|c| self.condition(c, &id, obj.owner, false));
                if !holds {
                    continue;
                }
                let affected = self.static_targets(&entry.ability.target, obj.owner, &id);
                let mut effects: Vec<&Effect> = entry.ability.effects.iter().collect();
                while let Some(effect) = effects.pop() {
                    let amount = |a| self.amount_for(a, &id, entry.value, false);
                    let change = match effect {
                        Effect::Modify(s, a) => Change::Modify(stat_name(s), amount(a)),
                        Effect::SetStat(s, a) => Change::Set(stat_name(s), amount(a)),
                        Effect::Grant(k) => Change::Gain(k.clone()),
                        Effect::Remove(k) => Change::Lose(k.clone()),
                        Effect::ChangeRule(r) => Change::Rule(r.clone()),
                        Effect::Restricted {
                            restrictions,
                            effects: inner,
                        } => {
                            if restrictions.iter().all(|r| {
                                self.restriction_holds_in(&r.requires, obj.owner, &id, false)
                            }) {
                                effects.extend(inner.iter().rev());
                            }
                            continue;
                        }
                        _ => continue,
                    };
                    let affected = if matches!(change, Change::Rule(_)) {
                        Vec::new()
                    } else {
                        affected.clone()
                    };
                    out.push(ContinuousEffect {
                        timestamp: obj.entered,
                        source: id.clone(),
                        source_name: format!("{id}: {}", entry.label),
                        controller: obj.owner,
                        change,
                        affected,
                        duration: crate::model::ability::Duration::Instant,
                        turns_left: 0,
                    });
                }
            }
        }
        out
    }

    /// Who a static ability affects now (conditions read printed and resolved values only, so
    /// static abilities never depend on each other in a loop).
    fn static_targets(&self, target: &Target, controller: Player, source: &str) -> Vec<String> {
        match target {
            Target::This => vec![source.to_owned()],
            Target::Controller => self.player(controller).champion.iter().cloned().collect(),
            Target::Opponent => self
                .player(controller.other())
                .champion
                .iter()
                .cloned()
                .collect(),
            Target::AllMatching(cond) => self
                .in_play()
                .into_iter()
                .filter(|c| self.condition(cond, c, controller, false))
                .collect(),
            Target::OtherAllies { tribe } => {
                self.other_allies(controller, source, tribe.as_deref())
            }
            _ => Vec::new(),
        }
    }

    pub(crate) fn other_allies(
        &self,
        controller: Player,
        source: &str,
        tribe: Option<&str>,
    ) -> Vec<String> {
        self.zone_ids(controller, Zone::City)
            .into_iter()
            .filter(|c| c != source)
            .filter(|c| {
                tribe.is_none_or(|t| {
                    self.obj(c)
                        .is_some_and(|o| o.card.tribes.iter().any(|x| x.eq_ignore_ascii_case(t)))
                })
            })
            .collect()
    }

    /// Whether a rule change (`"NoWounds"`) is in force, from a resolved effect or a static ability.
    #[must_use]
    pub fn rule_active(&self, rule: &str) -> bool {
        let is = |e: &ContinuousEffect| matches!(&e.change, Change::Rule(r) if r.eq_ignore_ascii_case(rule));
        self.effects.iter().any(is) || self.static_effects().iter().any(is)
    }

    /// A card's characteristic now (0 if it has none).
    #[must_use]
    pub fn stat(&self, id: &str, stat: &str) -> i32 {
        self.breakdown(id, stat, true).map_or(0, |b| b.value)
    }

    /// A characteristic from printed values and resolved effects only (no static abilities).
    pub(crate) fn base_stat(&self, id: &str, stat: &str) -> i32 {
        self.breakdown(id, stat, false).map_or(0, |b| b.value)
    }

    /// A player's champion level with modifiers (0 with no champion).
    #[must_use]
    pub fn level(&self, player: Player) -> i32 {
        self.player(player)
            .champion
            .as_ref()
            .map_or(0, |c| self.stat(c, "level"))
    }

    /// Why a card's characteristic has its value: the printed value, then every effect applied
    /// to it in timestamp order, with its source. `None` if there is no such card.
    #[must_use]
    pub fn characteristic_breakdown(&self, card: &str, stat: &str) -> Option<Breakdown> {
        self.breakdown(card, stat, true)
    }

    fn breakdown(&self, id: &str, stat: &str, with_static: bool) -> Option<Breakdown> {
        let obj = self.obj(id)?;
        let key = stat_key(stat);
        let printed = match key.as_str() {
            "atk" => obj.card.attack,
            "life" => obj.card.life,
            _ => obj.card.stat(&key).unwrap_or(0),
        };
        let mut value = printed;
        let mut steps = Vec::new();
        for (name, delta) in &obj.permanent {
            if *name == key {
                value += delta;
                steps.push(BreakdownStep {
                    timestamp: 0,
                    source: "permanent change".into(),
                    change: format!("{delta:+}"),
                    value,
                });
            }
        }
        let mut effects: Vec<ContinuousEffect> = self
            .effects
            .iter()
            .filter(|e| e.affected.iter().any(|a| a == id))
            .cloned()
            .collect();
        if with_static && obj.zone.in_play() {
            effects.extend(
                self.static_effects()
                    .into_iter()
                    .filter(|e| e.affected.iter().any(|a| a == id)),
            );
        }
        effects.sort_by_key(|e| e.timestamp);
        for e in effects {
            let change = match &e.change {
                Change::Modify(s, d) if *s == key => {
                    value += d;
                    format!("{d:+}")
                }
                Change::Set(s, v) if *s == key => {
                    value = *v;
                    format!("set to {v}")
                }
                _ => continue,
            };
            steps.push(BreakdownStep {
                timestamp: e.timestamp,
                source: e.source_name.clone(),
                change,
                value,
            });
        }
        Some(Breakdown {
            card: id.to_owned(),
            stat: key,
            printed,
            steps,
            value,
        })
    }

    /// A condition on `subject`, read from `controller`'s side for the ability of `source`.
    pub(crate) fn condition(
        &self,
        cond: &Condition,
        subject: &str,
        controller: Player,
        with_static: bool,
    ) -> bool {
        let Some(obj) = self.obj(subject) else {
            return false;
        };
        let stat = |s: &Stat| {
            self.breakdown(subject, &stat_name(s), with_static)
                .map_or(0, |b| b.value)
        };
        match cond {
            Condition::All(list) => list
                .iter()
                .all(|c| self.condition(c, subject, controller, with_static)),
            Condition::Any(list) => list
                .iter()
                .any(|c| self.condition(c, subject, controller, with_static)),
            Condition::Not(c) => !self.condition(c, subject, controller, with_static),
            Condition::Wounded => obj.wounds > 0,
            Condition::HasTribe(t) => obj.card.tribes.iter().any(|x| x.eq_ignore_ascii_case(t)),
            Condition::HasKeyword(k) => {
                let wanted = normalise(k);
                self.granted_names(subject, with_static)
                    .iter()
                    .any(|(n, _, _)| normalise(n) == wanted)
            }
            Condition::IsKind(k) => obj.card.kind.name().eq_ignore_ascii_case(k),
            Condition::HasArtifact => self.objects.iter().any(|o| {
                o.attached_to.as_deref() == Some(subject)
                    && matches!(o.card.kind, CardKind::Item | CardKind::Artifact)
            }),
            Condition::StatAtLeast(s, n) => stat(s) >= *n,
            Condition::StatAtMost(s, n) => stat(s) <= *n,
            Condition::SummonedThisTurn => obj.zone.in_play() && obj.entered_turn == self.turn,
            Condition::AlliesWithKeywordAtLeast(k, n) => {
                let wanted = normalise(k);
                let count = self
                    .other_allies(obj.owner, subject, None)
                    .iter()
                    .filter(|a| {
                        self.granted_names(a, with_static)
                            .iter()
                            .any(|(x, _, _)| normalise(x) == wanted)
                    })
                    .count();
                count as u32 >= *n
            }
            Condition::Allied => obj.owner == controller,
            Condition::Enemy => obj.owner != controller,
            Condition::IsCard(id) => obj.card.id == *id,
            // Battle-line conditions (attacks, slots, event sources): never true in the sandbox.
            Condition::Source(_)
            | Condition::AttackDamage
            | Condition::AttackingPlayer
            | Condition::AttackingCreature
            | Condition::DamagedThisTurn
            | Condition::HasEnemyOpposite
            | Condition::Returned => false,
        }
    }

    /// Whether a restriction holds for `player` and the ability's source card (Grand Archive).
    pub(crate) fn restriction_holds(
        &self,
        r: &RestrictionKind,
        player: Player,
        source: &str,
    ) -> bool {
        self.restriction_holds_in(r, player, source, true)
    }

    /// As [`Game::restriction_holds`]; `with_static: false` reads the champion's level without
    /// static abilities (used while computing static abilities themselves, so none loops).
    pub(crate) fn restriction_holds_in(
        &self,
        r: &RestrictionKind,
        player: Player,
        source: &str,
        with_static: bool,
    ) -> bool {
        let me = self.player(player);
        match r {
            RestrictionKind::Level(n) => {
                let level = me
                    .champion
                    .as_ref()
                    .map_or(0, |c| self.breakdown_value(c, "level", with_static));
                level >= *n
            }
            RestrictionKind::Class(classes) => {
                let wanted: Vec<String> = if classes.is_empty() {
                    self.obj(source)
                        .map(|o| o.card.tribes.clone())
                        .unwrap_or_default()
                } else {
                    classes.clone()
                };
                wanted
                    .iter()
                    .any(|c| me.classes.iter().any(|m| m.eq_ignore_ascii_case(c)))
            }
            RestrictionKind::Memory(n) => self.zone_ids(player, Zone::Memory).len() >= *n as usize,
            RestrictionKind::Element(e) => me.elements.iter().any(|m| m.eq_ignore_ascii_case(e)),
            RestrictionKind::Champion(name) => me.champion.as_ref().is_some_and(|c| {
                self.obj(c).is_some_and(|o| {
                    let bare = o.card.name.split(',').next().unwrap_or("").trim();
                    bare.eq_ignore_ascii_case(name.trim())
                })
            }),
        }
    }
}
