//! Static abilities (19.4) worked out in dependency order, so one value is true everywhere.
//!
//! A static ability makes continuous effects while its card is where the ability works (in
//! play, or a zone its `zones` names). What it does can depend on what another static ability
//! does: a relic's "+1 level" decides whether another card's "[LV 2+] +5 ATK" is on (the Grand
//! Archive page: a level restriction "considers any positive or negative level
//! modifications"). So static abilities are worked out one at a time, each reading the game
//! with the static effects worked out before it:
//!
//! - an ability that changes something (a stat, abilities, who rules a card, an element)
//!   goes before every ability that reads it (in a restriction, a condition, a target or an
//!   amount); among abilities free to go, the earliest timestamp goes first;
//! - abilities that depend on each other in a cycle go in timestamp order (22.3c), and the
//!   cycle is noted (the game logs each note once);
//! - the effects then apply to characteristics in timestamp order like any other (22.3c).
//!
//! Static abilities that grant or take away static abilities are settled by working the whole
//! set out again until it no longer changes (at most [`ROUNDS`] times).

use std::collections::BTreeSet;

use crate::model::ability::{Ability, AbilityKind, Amount, Condition, Effect, Target};
use crate::model::{CardKind, Player};

use super::cache::Statics;
use super::game::Game;
use super::state::stat_name;
use super::state::{Change, ContinuousEffect, Zone};
use super::view::View;

/// How many times the set of static abilities is worked out again when static abilities grant
/// or take away static abilities.
pub(crate) const ROUNDS: usize = 4;

/// What a static ability reads or changes.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Facet {
    /// A characteristic (lower-case stat name: `atk`, `level`, `int`).
    Stat(String),
    /// Abilities and keywords.
    Abilities,
    /// Who rules a card.
    Control,
    /// A card's element.
    Element,
}

/// One static ability of one card.
struct Source {
    id: String,
    label: String,
    ability: Ability,
    value: Option<i32>,
    timestamp: u64,
    reads: BTreeSet<Facet>,
    changes: BTreeSet<Facet>,
}

/// Whether an ability works from `zone` on a card of `kind`: its `zones` if it names any,
/// else in play (a spell's or action's text works when it is played, not from a zone).
#[must_use]
pub(crate) fn works_from(ability: &Ability, zone: Zone, kind: CardKind) -> bool {
    if ability.zones.is_empty() {
        zone.in_play() && !matches!(kind, CardKind::Spell | CardKind::Action)
    } else {
        ability.zones.contains(&zone)
    }
}

/// Works out every static effect in force.
pub(crate) fn compute(game: &Game) -> Statics {
    let mut statics = Statics::default();
    let mut previous: Option<Vec<(String, String)>> = None;
    for _ in 0..ROUNDS {
        let sources = collect(View::new(game, &statics.effects));
        let keys: Vec<(String, String)> = sources
            .iter()
            .map(|s| (s.id.clone(), s.label.clone()))
            .collect();
        if previous.as_ref() == Some(&keys) {
            return statics;
        }
        statics = evaluate(game, &sources);
        previous = Some(keys);
    }
    if previous.as_ref()
        != Some(
            &collect(View::new(game, &statics.effects))
                .iter()
                .map(|s| (s.id.clone(), s.label.clone()))
                .collect(),
        )
    {
        statics.notes.push(format!(
            "static abilities that grant or take away static abilities did not settle after {ROUNDS} rounds: the last round stands"
        ));
    }
    statics
}

/// The static abilities working now, read with the static effects of the previous round.
fn collect(view: View<'_>) -> Vec<Source> {
    let mut out = Vec::new();
    for id in view.everywhere() {
        let Some(obj) = view.game.obj(&id) else {
            continue;
        };
        // An attack card's static abilities work while it is the attack in progress.
        let attacking = view
            .game
            .combat
            .as_ref()
            .is_some_and(|c| c.attack_card.as_deref() == Some(id.as_str()));
        for entry in view.abilities_of(&id) {
            if !matches!(entry.ability.kind, AbilityKind::Static)
                || entry.ability.is_cost_rule()
                || !(attacking || works_from(&entry.ability, obj.zone, obj.card.kind))
            {
                continue;
            }
            let mut reads = BTreeSet::new();
            ability_reads(&entry.ability, &mut reads);
            let mut changes = BTreeSet::new();
            for e in &entry.ability.effects {
                effect_changes(e, &mut changes);
            }
            out.push(Source {
                id: id.clone(),
                label: entry.label,
                ability: entry.ability,
                value: entry.value,
                timestamp: obj.entered,
                reads,
                changes,
            });
        }
    }
    out
}

/// Works out a set of static abilities in dependency order.
fn evaluate(game: &Game, sources: &[Source]) -> Statics {
    let (order, notes) = dependency_order(sources);
    let mut effects: Vec<ContinuousEffect> = Vec::new();
    for i in order {
        let made = make(View::new(game, &effects), &sources[i]);
        effects.extend(made);
    }
    Statics { effects, notes }
}

/// The order to work static abilities out in: each after those that change what it reads,
/// the earliest timestamp first among those free to go; a cycle goes in timestamp order.
fn dependency_order(sources: &[Source]) -> (Vec<usize>, Vec<String>) {
    let n = sources.len();
    let depends_on = |b: usize, a: usize| {
        a != b
            && sources[a]
                .changes
                .iter()
                .any(|f| sources[b].reads.contains(f))
    };
    let mut done = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut notes = Vec::new();
    let earliest =
        |list: &mut dyn Iterator<Item = usize>| list.min_by_key(|&i| (sources[i].timestamp, i));
    while order.len() < n {
        let ready = earliest(
            &mut (0..n).filter(|&b| !done[b] && (0..n).all(|a| done[a] || !depends_on(b, a))),
        );
        let next = if let Some(i) = ready {
            i
        } else {
            let Some(first) = earliest(&mut (0..n).filter(|&i| !done[i])) else {
                break;
            };
            let cycle = cycle_through(first, &done, &depends_on);
            // Copies of one ability (two copies of a card) give the same result in any order:
            // nothing worth a note.
            let copies = cycle.iter().all(|&i| {
                sources[i].label == sources[first].label
                    && sources[i].ability == sources[first].ability
            });
            if !copies {
                let names: Vec<String> = cycle
                    .iter()
                    .map(|&i| format!("{}: {}", sources[i].id, sources[i].label))
                    .collect();
                notes.push(format!(
                    "static abilities {} depend on each other: they apply in timestamp order, rule 22.3c",
                    names.join(", ")
                ));
            }
            first
        };
        done[next] = true;
        order.push(next);
    }
    (order, notes)
}

/// The abilities (not yet done) on a dependency cycle through `start`, in timestamp order of
/// their index list.
fn cycle_through(
    start: usize,
    done: &[bool],
    depends_on: &dyn Fn(usize, usize) -> bool,
) -> Vec<usize> {
    let n = done.len();
    let reach = |from: usize, forward: bool| {
        let mut seen = vec![false; n];
        let mut todo = vec![from];
        while let Some(x) = todo.pop() {
            for y in 0..n {
                if done[y] || seen[y] {
                    continue;
                }
                let edge = if forward {
                    depends_on(x, y)
                } else {
                    depends_on(y, x)
                };
                if edge {
                    seen[y] = true;
                    todo.push(y);
                }
            }
        }
        seen
    };
    let ahead = reach(start, true);
    let behind = reach(start, false);
    let mut cycle: Vec<usize> = (0..n).filter(|&i| ahead[i] && behind[i]).collect();
    if !cycle.contains(&start) {
        cycle.push(start);
    }
    cycle.sort_unstable();
    cycle
}

/// The continuous effects one static ability makes now, read through `view`.
fn make(view: View<'_>, s: &Source) -> Vec<ContinuousEffect> {
    let controller = view.ruler(&s.id);
    let holds = view.all_hold(&s.ability.restrictions, controller, &s.id)
        && s.ability
            .condition
            .as_ref()
            .is_none_or(|c| view.condition(c, &s.id, controller));
    if !holds {
        return Vec::new();
    }
    let picked = view.pick(&s.ability.target, controller, &s.id, None, &[]);
    let mut affected = picked.cards;
    for p in picked.players {
        affected.extend(view.game.player(p).champion.clone());
    }
    let mut changes = Vec::new();
    flatten(view, s, controller, &s.ability.effects, &mut changes);
    changes
        .into_iter()
        .map(|change| ContinuousEffect {
            timestamp: s.timestamp,
            source: s.id.clone(),
            source_name: format!("{}: {}", s.id, s.label),
            controller,
            affected: if matches!(change, Change::Rule(_)) {
                Vec::new()
            } else {
                affected.clone()
            },
            change,
            duration: crate::model::ability::Duration::Instant,
            turns_left: 0,
        })
        .collect()
}

/// The changes a static ability's effects make, in written order; restricted lines count
/// only while their restrictions hold.
fn flatten(
    view: View<'_>,
    s: &Source,
    controller: Player,
    effects: &[Effect],
    out: &mut Vec<Change>,
) {
    let amount = |a: &Amount| view.amount(a, &s.id, s.value, 0);
    for effect in effects {
        out.push(match effect {
            Effect::Modify(stat, a) => Change::Modify(stat_name(stat), amount(a)),
            Effect::SetStat(stat, a) => Change::Set(stat_name(stat), amount(a)),
            Effect::Grant(k) => Change::Gain(k.clone()),
            Effect::GrantAbility(a) => Change::GainAbility(a.clone()),
            Effect::CantBeRetaliated => Change::NoRetaliation,
            Effect::Remove(k) => Change::Lose(k.clone()),
            Effect::ChangeRule(r) => Change::Rule(r.clone()),
            Effect::GainControl => Change::Control(controller),
            Effect::ChangeElement(e) => Change::Element(e.clone()),
            Effect::Restricted {
                restrictions,
                effects,
            } => {
                if view.all_hold(restrictions, controller, &s.id) {
                    flatten(view, s, controller, effects, out);
                }
                continue;
            }
            _ => continue,
        });
    }
}

/// What an ability reads: its restrictions, condition, target and amounts.
fn ability_reads(a: &Ability, out: &mut BTreeSet<Facet>) {
    for r in &a.restrictions {
        restriction_reads(&r.requires, out);
    }
    if let Some(c) = &a.condition {
        condition_reads(c, out);
    }
    target_reads(&a.target, out);
    for e in &a.effects {
        effect_reads(e, out);
    }
}

fn restriction_reads(r: &crate::model::ability::RestrictionKind, out: &mut BTreeSet<Facet>) {
    use crate::model::ability::RestrictionKind as R;
    match r {
        R::Level(_) => {
            out.insert(Facet::Stat("level".into()));
        }
        R::Element(_) => {
            out.insert(Facet::Element);
        }
        R::Class(_) | R::Memory(_) | R::Champion(_) | R::Damage(_) | R::Counters { .. } => {}
    }
}

fn target_reads(t: &Target, out: &mut BTreeSet<Facet>) {
    match t {
        Target::AllMatching(c) => condition_reads(c, out),
        Target::OthersYouControl(c) => {
            out.insert(Facet::Control);
            condition_reads(c, out);
        }
        Target::OtherAllies { .. }
        | Target::Controller
        | Target::Opponent
        | Target::YourChampion => {
            out.insert(Facet::Control);
        }
        Target::Restricted {
            restrictions,
            unlocked,
            otherwise,
        } => {
            for r in restrictions {
                restriction_reads(&r.requires, out);
            }
            target_reads(unlocked, out);
            target_reads(otherwise, out);
        }
        _ => {}
    }
}

fn condition_reads(c: &Condition, out: &mut BTreeSet<Facet>) {
    match c {
        Condition::All(list) | Condition::Any(list) => {
            for c in list {
                condition_reads(c, out);
            }
        }
        Condition::Not(c)
        | Condition::Source(c)
        | Condition::Attacking(c)
        | Condition::Targets(c) => condition_reads(c, out),
        Condition::StatAtLeast(s, _) | Condition::StatAtMost(s, _) => {
            out.insert(Facet::Stat(stat_name(s)));
        }
        Condition::HasKeyword(_) => {
            out.insert(Facet::Abilities);
        }
        Condition::Allied | Condition::Enemy => {
            out.insert(Facet::Control);
        }
        Condition::AlliesWithKeywordAtLeast(..) => {
            out.insert(Facet::Abilities);
            out.insert(Facet::Control);
        }
        Condition::HasElement(_) => {
            out.insert(Facet::Element);
        }
        Condition::AmountAtLeast(a, _) | Condition::AmountAtMost(a, _) => amount_reads(a, out),
        _ => {}
    }
}

fn effect_reads(e: &Effect, out: &mut BTreeSet<Facet>) {
    match e {
        Effect::Modify(_, a) | Effect::SetStat(_, a) => amount_reads(a, out),
        Effect::Restricted {
            restrictions,
            effects,
        } => {
            for r in restrictions {
                restriction_reads(&r.requires, out);
            }
            for e in effects {
                effect_reads(e, out);
            }
        }
        _ => {}
    }
}

fn amount_reads(a: &Amount, out: &mut BTreeSet<Facet>) {
    match a {
        Amount::OwnAttack => {
            out.insert(Facet::Stat("atk".into()));
        }
        Amount::AlliesOfTribe(_) | Amount::AlliedArtifacts => {
            out.insert(Facet::Control);
        }
        Amount::AlliesWithKeyword(_) => {
            out.insert(Facet::Control);
            out.insert(Facet::Abilities);
        }
        Amount::Times(x, y) => {
            amount_reads(x, out);
            amount_reads(y, out);
        }
        // What is in a zone, and whose it is; a sum also reads the stat.
        Amount::CountIn(_, condition) | Amount::OpponentCountIn(_, condition) => {
            out.insert(Facet::Control);
            if let Some(c) = condition {
                condition_reads(c, out);
            }
        }
        Amount::SumIn(stat, _) => {
            out.insert(Facet::Control);
            out.insert(Facet::Stat(stat_name(stat)));
        }
        Amount::CountMatching(c) => {
            out.insert(Facet::Control);
            condition_reads(c, out);
        }
        _ => {}
    }
}

fn effect_changes(e: &Effect, out: &mut BTreeSet<Facet>) {
    match e {
        Effect::Modify(s, _) | Effect::SetStat(s, _) => {
            out.insert(Facet::Stat(stat_name(s)));
        }
        Effect::Grant(_) | Effect::Remove(_) | Effect::GrantAbility(_) => {
            out.insert(Facet::Abilities);
        }
        Effect::GainControl => {
            out.insert(Facet::Control);
        }
        Effect::ChangeElement(_) => {
            out.insert(Facet::Element);
        }
        Effect::Restricted { effects, .. } => {
            for e in effects {
                effect_changes(e, out);
            }
        }
        _ => {}
    }
}
