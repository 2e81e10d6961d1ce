//! Reading the game with a given set of static effects in force.
//!
//! Everything a rule reads — who rules a card, its abilities after gains and losses (19.1d,
//! 22.3d), its characteristics after continuous effects in timestamp order (22.3c), its
//! element, a champion's level, conditions, restrictions, amounts, who a target selector picks
//! — is read through a [`View`]. The full view has every static ability's effects
//! (`Game::statics`); while static abilities are being worked out in dependency order
//! (`statics.rs`), each one reads a view holding only the static effects worked out before it.
//! So one reading serves both, and no reading can loop.

use crate::model::ability::{Ability, Amount, Condition, RestrictionKind, Stat, Target};
use crate::model::keyword::normalise;
use crate::model::{CardKind, KeywordRef, Player};

use super::game::Game;
use super::state::{AbilityEntry, stat_key, stat_name};
use super::state::{Breakdown, BreakdownStep, Change, ContinuousEffect, Object, Zone};

/// The cards and rulers a target selector picks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Picked {
    /// Cards, in order.
    pub(crate) cards: Vec<String>,
    /// Rulers.
    pub(crate) players: Vec<Player>,
}

/// The game read with `statics` as the static effects in force.
#[derive(Clone, Copy)]
pub(crate) struct View<'g> {
    pub(crate) game: &'g Game,
    statics: &'g [ContinuousEffect],
}

impl<'g> View<'g> {
    /// A reading of `game` with these static effects in force.
    pub(crate) fn new(game: &'g Game, statics: &'g [ContinuousEffect]) -> Self {
        Self { game, statics }
    }

    fn obj(&self, id: &str) -> Option<&'g Object> {
        self.game.obj(id)
    }

    /// The continuous effects on a card, resolved and static, in timestamp order (a resolved
    /// effect before a static one of the same timestamp).
    pub(crate) fn effects_on(&self, id: &str) -> Vec<&'g ContinuousEffect> {
        let mut list: Vec<&ContinuousEffect> = self
            .game
            .effects
            .iter()
            .chain(self.statics.iter())
            .filter(|e| e.affected.iter().any(|a| a == id))
            .collect();
        list.sort_by_key(|e| e.timestamp);
        list
    }

    /// Whether a rule change is in force.
    pub(crate) fn rule_active(&self, rule: &str) -> bool {
        self.game
            .effects
            .iter()
            .chain(self.statics.iter())
            .any(|e| matches!(&e.change, Change::Rule(r) if r.eq_ignore_ascii_case(rule)))
    }

    /// Who rules a card: its owner, then each change of control in timestamp order (22.3).
    pub(crate) fn ruler(&self, id: &str) -> Player {
        let Some(o) = self.obj(id) else {
            return Player::A;
        };
        let mut ruler = o.owner;
        for e in self.effects_on(id) {
            if let Change::Control(p) = e.change {
                ruler = p;
            }
        }
        ruler
    }

    /// A card's element: printed, then each change in timestamp order.
    pub(crate) fn element(&self, id: &str) -> Option<String> {
        let o = self.obj(id)?;
        let mut element = o.card.element.clone();
        for e in self.effects_on(id) {
            if let Change::Element(x) = &e.change {
                element = Some(x.clone());
            }
        }
        element
    }

    /// Ids of the cards in a zone, in zone order: in a city, the cards `p` rules; in the ravine
    /// and the market, every card; elsewhere, the cards `p` owns.
    pub(crate) fn zone_ids(&self, p: Player, zone: Zone) -> Vec<String> {
        let mut list: Vec<&Object> = self
            .game
            .objects
            .iter()
            .filter(|o| o.zone == zone)
            .filter(|o| {
                if zone.shared() {
                    true
                } else if zone == Zone::City {
                    self.ruler(&o.id) == p
                } else {
                    o.owner == p
                }
            })
            .collect();
        list.sort_by_key(|o| o.seq);
        list.into_iter().map(|o| o.id.clone()).collect()
    }

    /// Every card in play: the active ruler's champion and city, then the other's.
    pub(crate) fn in_play(&self) -> Vec<String> {
        let mut out = Vec::new();
        for p in [self.game.active, self.game.active.other()] {
            out.extend(self.zone_ids(p, Zone::Champion));
            out.extend(self.zone_ids(p, Zone::City));
        }
        out
    }

    /// Every card anywhere: in play first, then each zone in [`Zone::ALL`] order.
    pub(crate) fn everywhere(&self) -> Vec<String> {
        let mut out = self.in_play();
        for zone in Zone::ALL.into_iter().filter(|z| !z.in_play()) {
            if zone.shared() {
                out.extend(self.zone_ids(self.game.active, zone));
            } else {
                for p in [self.game.active, self.game.active.other()] {
                    out.extend(self.zone_ids(p, zone));
                }
            }
        }
        out
    }

    /// The cards a condition may pick from: those in play, or every card when the condition
    /// names a zone (`InZone`).
    pub(crate) fn candidates(&self, cond: &Condition) -> Vec<String> {
        if names_zone(cond) {
            self.everywhere()
        } else {
            self.in_play()
        }
    }

    // ----- abilities (19.1d, 22.3d) -----

    /// The names a card has: printed abilities and keywords, then gains and losses in
    /// timestamp order ("loses" removes every instance; the most recent wins).
    pub(crate) fn granted_names(&self, id: &str) -> Vec<(String, Option<i32>, Option<Ability>)> {
        let Some(obj) = self.obj(id) else {
            return Vec::new();
        };
        let mut names: Vec<(String, Option<i32>, Option<Ability>)> = Vec::new();
        for (i, a) in obj.card.abilities.iter().enumerate() {
            let label = if a.name.is_empty() {
                unnamed_label(a, i)
            } else {
                a.name.clone()
            };
            names.push((label, None, Some(a.clone())));
        }
        for k in obj.card.keyword_refs().flatten() {
            names.push((k.name, k.value, None));
        }
        for e in self.effects_on(id) {
            match &e.change {
                Change::Gain(k) => {
                    if let Some(k) = KeywordRef::parse(k) {
                        names.push((k.name, k.value, None));
                    }
                }
                Change::GainAbility(a) => {
                    // The log names a granted ability by what it is, the source in its cause.
                    let label = if a.name.is_empty() {
                        format!("granted {}", unnamed_label(a, 0).trim_end_matches(" 1"))
                    } else {
                        a.name.clone()
                    };
                    names.push((label, None, Some((**a).clone())));
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

    /// Every ability a card has now: printed ones, its keywords' abilities, gained ones (a
    /// keyword, or a named ability some card prints), less lost ones.
    pub(crate) fn abilities_of(&self, id: &str) -> Vec<AbilityEntry> {
        let mut out = Vec::new();
        for (label, value, ability) in self.granted_names(id) {
            if let Some(ability) = ability {
                out.push(AbilityEntry {
                    label,
                    ability,
                    value,
                });
                continue;
            }
            for (name, ability) in self.game.defined_abilities(&label) {
                out.push(AbilityEntry {
                    label: name,
                    ability,
                    value,
                });
            }
        }
        out
    }

    /// Whether a card has an ability or keyword by name now.
    pub(crate) fn has_ability(&self, id: &str, name: &str) -> bool {
        let wanted = normalise(name);
        self.granted_names(id)
            .iter()
            .any(|(n, _, _)| normalise(n) == wanted)
            || self
                .abilities_of(id)
                .iter()
                .any(|e| normalise(&e.label) == wanted)
    }

    // ----- characteristics (22.3c) -----

    /// A characteristic: printed, permanent changes, then every continuous effect on it in
    /// timestamp order. `None` if there is no such card.
    pub(crate) fn breakdown(&self, id: &str, stat: &str) -> Option<Breakdown> {
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
                value = value.saturating_add(*delta);
                steps.push(BreakdownStep {
                    timestamp: 0,
                    source: "permanent change".into(),
                    change: format!("{delta:+}"),
                    value,
                });
            }
        }
        for (kind, n) in &obj.counters {
            let Some(rule) = self.game.profile.counter(kind) else {
                continue;
            };
            for s in rule.stats.iter().filter(|s| stat_key(&s.stat) == key) {
                let delta = s.by.saturating_mul(*n);
                value = value.saturating_add(delta);
                steps.push(BreakdownStep {
                    timestamp: 0,
                    source: format!("{n} {kind} counter(s)"),
                    change: format!("{delta:+}"),
                    value,
                });
            }
        }
        for e in self.effects_on(id) {
            let change = match &e.change {
                Change::Modify(s, d) if *s == key => {
                    value = value.saturating_add(*d);
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

    /// A characteristic's value (0 for a card that does not exist).
    pub(crate) fn stat(&self, id: &str, stat: &str) -> i32 {
        self.breakdown(id, stat).map_or(0, |b| b.value)
    }

    /// A ruler's champion level with every modifier (0 with no champion).
    pub(crate) fn level(&self, p: Player) -> i32 {
        self.game
            .player(p)
            .champion
            .as_ref()
            .map_or(0, |c| self.stat(c, "level"))
    }

    // ----- conditions, restrictions, amounts -----

    /// A condition on `subject`, read from `controller`'s side.
    pub(crate) fn condition(&self, cond: &Condition, subject: &str, controller: Player) -> bool {
        let Some(obj) = self.obj(subject) else {
            return false;
        };
        let stat = |s: &Stat| self.stat(subject, &stat_name(s));
        let has = |who: &str, k: &str| {
            let wanted = normalise(k);
            self.granted_names(who)
                .iter()
                .any(|(n, _, _)| normalise(n) == wanted)
        };
        match cond {
            Condition::All(list) => list.iter().all(|c| self.condition(c, subject, controller)),
            Condition::Any(list) => list.iter().any(|c| self.condition(c, subject, controller)),
            Condition::Not(c) => !self.condition(c, subject, controller),
            Condition::Wounded => obj.wounds > 0,
            Condition::HasTribe(t) => obj.card.tribes.iter().any(|x| x.eq_ignore_ascii_case(t)),
            Condition::HasKeyword(k) => has(subject, k),
            Condition::IsKind(k) => obj.card.kind.name().eq_ignore_ascii_case(k),
            Condition::HasArtifact => self.game.objects.iter().any(|o| {
                o.attached_to.as_deref() == Some(subject)
                    && matches!(o.card.kind, CardKind::Item | CardKind::Artifact)
            }),
            Condition::StatAtLeast(s, n) => stat(s) >= *n,
            Condition::StatAtMost(s, n) => stat(s) <= *n,
            Condition::AmountAtLeast(a, n) => self.amount(a, subject, None, 0) >= *n,
            Condition::AmountAtMost(a, n) => self.amount(a, subject, None, 0) <= *n,
            Condition::SummonedThisTurn => obj.zone.in_play() && obj.entered_turn == self.game.turn,
            Condition::AlliesWithKeywordAtLeast(k, n) => {
                let count = self
                    .other_allies(self.ruler(subject), subject, None)
                    .iter()
                    .filter(|a| has(a, k))
                    .count();
                count >= *n as usize
            }
            Condition::Allied => self.ruler(subject) == controller,
            Condition::Enemy => self.ruler(subject) != controller,
            Condition::IsCard(id) => obj.card.id == *id,
            Condition::InZone(z) => obj.zone == *z,
            Condition::HasElement(e) => self
                .element(subject)
                .is_some_and(|x| x.eq_ignore_ascii_case(e)),
            Condition::RevealedThisWay(c) => self
                .game
                .this_way
                .revealed
                .iter()
                .any(|r| self.condition(c, r, controller)),
            Condition::IsUnit => self
                .game
                .profile
                .combat
                .as_ref()
                .is_some_and(|r| r.is_unit(obj.card.kind)),
            Condition::Rested => obj.rested,
            Condition::Attacking(target) => self.game.combat.as_ref().is_some_and(|c| {
                let attacks = c.attacker == subject
                    || c.weapon.as_deref() == Some(subject)
                    || c.attack_card.as_deref() == Some(subject);
                attacks && self.condition(target, &c.target, controller)
            }),
            Condition::Targets(c) => self
                .game
                .this_way
                .targets
                .iter()
                .any(|t| self.condition(c, t, controller)),
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
        let me = self.game.player(player);
        match r {
            RestrictionKind::Level(n) => self.level(player) >= *n,
            RestrictionKind::Class(classes) => {
                let wanted: Vec<String> = if classes.is_empty() {
                    self.obj(source)
                        .map(|o| o.card.classes.clone())
                        .unwrap_or_default()
                } else {
                    classes.clone()
                };
                wanted
                    .iter()
                    .any(|c| me.classes.iter().any(|m| m.eq_ignore_ascii_case(c)))
            }
            RestrictionKind::Memory(n) => self.zone_ids(player, Zone::Memory).len() >= *n as usize,
            RestrictionKind::Element(named) => {
                let element = self.element(source).unwrap_or_else(|| named.clone());
                me.elements.iter().any(|m| m.eq_ignore_ascii_case(&element))
            }
            RestrictionKind::Champion(name) => me.champion.as_ref().is_some_and(|c| {
                self.obj(c).is_some_and(|o| {
                    let bare = o.card.name.split(',').next().unwrap_or("").trim();
                    bare.eq_ignore_ascii_case(name.trim())
                })
            }),
            RestrictionKind::Damage(n) => self.champion_damage(player) >= *n,
            RestrictionKind::Counters { kind, at_least } => {
                i64::from(self.champion_counters(player, kind)) >= i64::from(*at_least)
            }
        }
    }

    /// What a restriction found instead of what it requires, in words ("A's champion is
    /// level 1"): the half of a refusal that says why.
    pub(crate) fn restriction_found(
        &self,
        r: &RestrictionKind,
        player: Player,
        source: &str,
    ) -> String {
        let me = self.game.player(player);
        let list = |items: &[String]| {
            if items.is_empty() {
                "none".to_owned()
            } else {
                items.join(", ")
            }
        };
        match r {
            RestrictionKind::Level(_) => {
                format!("{player:?}'s champion is level {}", self.level(player))
            }
            RestrictionKind::Class(_) => {
                format!("{player:?}'s champion's classes: {}", list(&me.classes))
            }
            RestrictionKind::Memory(_) => format!(
                "{player:?} has {} in memory",
                crate::wording::plural(self.zone_ids(player, Zone::Memory).len(), "card", "cards")
            ),
            RestrictionKind::Element(named) => format!(
                "needs {}; {player:?}'s elements: {}",
                self.element(source).unwrap_or_else(|| named.clone()),
                list(&me.elements)
            ),
            RestrictionKind::Champion(_) => format!(
                "{player:?}'s champion is {}",
                me.champion
                    .as_ref()
                    .and_then(|c| self.obj(c))
                    .map_or("none", |o| o.card.name.as_str())
            ),
            RestrictionKind::Damage(_) => format!(
                "{player:?}'s champion has {} damage",
                self.champion_damage(player)
            ),
            RestrictionKind::Counters { kind, .. } => format!(
                "{player:?}'s champion has {}",
                crate::wording::plural(
                    self.champion_counters(player, kind),
                    &format!("{kind} counter"),
                    &format!("{kind} counters")
                )
            ),
        }
    }

    /// The damage on a ruler's champion (0 with no champion).
    fn champion_damage(&self, player: Player) -> i32 {
        self.game
            .player(player)
            .champion
            .as_ref()
            .and_then(|c| self.obj(c))
            .map_or(0, |o| o.wounds)
    }

    /// How many counters of a kind (any case) a ruler's champion carries.
    fn champion_counters(&self, player: Player, kind: &str) -> i32 {
        self.game
            .player(player)
            .champion
            .as_ref()
            .and_then(|c| self.obj(c))
            .map_or(0, |o| {
                o.counters
                    .iter()
                    .filter(|(k, _)| k.eq_ignore_ascii_case(kind))
                    .map(|(_, n)| *n)
                    .sum()
            })
    }

    /// Whether every restriction in a list holds.
    pub(crate) fn all_hold(
        &self,
        list: &[crate::model::ability::Restriction],
        player: Player,
        source: &str,
    ) -> bool {
        list.iter()
            .all(|r| self.restriction_holds(&r.requires, player, source))
    }

    /// How many cards in `whose` zone meet the condition, read from `ruler`'s side (an
    /// amount's `CountIn` for your own zone, `OpponentCountIn` for the opponent's).
    fn count_in(
        &self,
        whose: Player,
        zone: Zone,
        condition: Option<&Condition>,
        ruler: Player,
    ) -> i32 {
        self.zone_ids(whose, zone)
            .iter()
            .filter(|c| condition.is_none_or(|k| self.condition(k, c, ruler)))
            .count()
            .try_into()
            .unwrap_or(i32::MAX)
    }

    /// The number an amount stands for, read from the ability's source card. `event` is the
    /// amount of the event being replaced (the damage a replacement stands in for).
    pub(crate) fn amount(&self, a: &Amount, source: &str, value: Option<i32>, event: i32) -> i32 {
        let ruler = self.ruler(source);
        let items_on = |host: &str| {
            self.game
                .objects
                .iter()
                .filter(|o| o.attached_to.as_deref() == Some(host))
                .filter(|o| matches!(o.card.kind, CardKind::Item | CardKind::Artifact))
                .count() as i32
        };
        match a {
            Amount::Value => value.unwrap_or(0),
            Amount::SacrificedThisWay => self.game.this_way.sacrificed,
            Amount::Fixed(n) => *n,
            Amount::OwnAttack => self.stat(source, "atk"),
            Amount::DamageTaken => event,
            Amount::AdjacentAllies => 0,
            Amount::AlliesOfTribe(t) => self.other_allies(ruler, source, Some(t)).len() as i32,
            Amount::AlliesWithKeyword(k) => self
                .other_allies(ruler, source, None)
                .iter()
                .filter(|c| self.has_ability(c, k))
                .count() as i32,
            Amount::AlliedArtifacts => self
                .zone_ids(ruler, Zone::City)
                .iter()
                .map(|c| items_on(c))
                .sum(),
            Amount::OwnArtifacts => items_on(source),
            Amount::Times(x, y) => self
                .amount(x, source, value, event)
                .saturating_mul(self.amount(y, source, value, event)),
            Amount::CountIn(zone, condition) => {
                self.count_in(ruler, *zone, condition.as_ref(), ruler)
            }
            Amount::OpponentCountIn(zone, condition) => {
                self.count_in(ruler.other(), *zone, condition.as_ref(), ruler)
            }
            Amount::SumIn(stat, zone) => self.zone_ids(ruler, *zone).iter().fold(0i32, |sum, c| {
                sum.saturating_add(self.stat(c, &stat_name(stat)))
            }),
            Amount::ChampionDamage => self.champion_damage(ruler),
            Amount::CountMatching(condition) => self
                .candidates(condition)
                .iter()
                .filter(|c| self.condition(condition, c, ruler))
                .count()
                .try_into()
                .unwrap_or(i32::MAX),
            Amount::CountersOnThis(kind) => self.obj(source).map_or(0, |o| {
                o.counters
                    .iter()
                    .filter(|(k, _)| k.eq_ignore_ascii_case(kind))
                    .map(|(_, n)| *n)
                    .sum()
            }),
        }
    }

    /// The cards `controller` rules in their city other than `source`, of a tribe if given.
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

    /// Who a target selector picks for an ability of `source` ruled by `controller`: `chosen`
    /// are the targets chosen when it went on the stack, `subject` the card the triggering
    /// event was about. Battle-line selectors (slots, attacks) pick nothing here.
    pub(crate) fn pick(
        &self,
        target: &Target,
        controller: Player,
        source: &str,
        subject: Option<&str>,
        chosen: &[String],
    ) -> Picked {
        let cards = |cards: Vec<String>| Picked {
            cards,
            players: Vec::new(),
        };
        match target {
            Target::This => cards(vec![source.to_owned()]),
            Target::Controller => Picked {
                cards: Vec::new(),
                players: vec![controller],
            },
            Target::Opponent => Picked {
                cards: Vec::new(),
                players: vec![controller.other()],
            },
            Target::EachPlayer => Picked {
                cards: Vec::new(),
                players: vec![self.game.active, self.game.active.other()],
            },
            Target::YourChampion => cards(
                self.game
                    .player(controller)
                    .champion
                    .iter()
                    .cloned()
                    .collect(),
            ),
            Target::Chosen { .. } => cards(chosen.to_vec()),
            Target::AllMatching(cond) => cards(
                self.candidates(cond)
                    .into_iter()
                    .filter(|c| self.condition(cond, c, controller))
                    .collect(),
            ),
            Target::OtherAllies { tribe } => {
                cards(self.other_allies(controller, source, tribe.as_deref()))
            }
            Target::EventSubject => cards(subject.iter().map(|s| (*s).to_owned()).collect()),
            Target::OthersYouControl(cond) => cards(
                self.in_play()
                    .into_iter()
                    .filter(|c| c != source && self.ruler(c) == controller)
                    .filter(|c| self.condition(cond, c, controller))
                    .collect(),
            ),
            Target::Restricted {
                restrictions,
                unlocked,
                otherwise,
            } => {
                let choice = if self.all_hold(restrictions, controller, source) {
                    unlocked
                } else {
                    otherwise
                };
                self.pick(choice, controller, source, subject, chosen)
            }
            // Battle-line selectors (slots, attacks): see `battle_line_only`.
            _ => Picked::default(),
        }
    }
}

/// Whether a condition names a zone anywhere (then a search looks beyond the cards in play).
pub(crate) fn names_zone(cond: &Condition) -> bool {
    match cond {
        Condition::InZone(_) => true,
        Condition::All(list) | Condition::Any(list) => list.iter().any(names_zone),
        Condition::Not(c) | Condition::Source(c) => names_zone(c),
        _ => false,
    }
}

/// What the log calls the `index`-th printed ability when it has no name: its kind and place
/// ("triggered ability 2"), so a line never reads `#1`.
fn unnamed_label(ability: &Ability, index: usize) -> String {
    let kind = match ability.kind {
        crate::model::AbilityKind::Activated { .. } => "activated",
        crate::model::AbilityKind::Triggered(_) => "triggered",
        crate::model::AbilityKind::Static => "static",
        crate::model::AbilityKind::Replacement { .. } => "replacement",
    };
    format!("{kind} ability {}", index + 1)
}
