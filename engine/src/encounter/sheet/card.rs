//! One ability's card on the sheet, as a given creature runs it: Time, Target, Trigger,
//! Requirements, Components, Test, each band's effects, Saves, Bonuses, Penalties.

use std::fmt::Write as _;

use crate::model::KnownAbility;

use super::super::ability::{AbilityDef, AbilityTime, Condition, Effect};
use super::super::dice::DiceRule;
use super::super::file::EncounterContent;
use super::super::words::{
    condition_words, distance_words, effect_kind_words, effects_words, target_words, test_words,
    time_words, trigger_words,
};
use super::{Block, Card, Sheet, Span, band_labels};

pub(super) fn all_effects(def: &AbilityDef) -> impl Iterator<Item = &Effect> {
    def.outcomes.effects().chain(
        def.saves
            .iter()
            .flat_map(|s| s.on_fail.iter().chain(&s.on_pass)),
    )
}

/// One ability as `combatant` runs it (`def` has its Flavors and Upgrades applied; `base` is
/// the library's, for the Upgrades' own numbers). `known = None`: an ability it only has once
/// another ability Prepares it.
pub(super) fn ability_card(
    h: &mut Sheet,
    combatant: &str,
    def: &AbilityDef,
    known: Option<&KnownAbility>,
    base: &AbilityDef,
    content: &EncounterContent,
    dice: &DiceRule,
) {
    let e = |s: &str| s.to_owned();
    let key = format!("{combatant}.{}", def.id);
    let mut title = e(&def.name);
    if let Some(k) = known {
        if !k.flavors.is_empty() {
            let _ = write!(title, " — Flavor: {}", e(&k.flavors.join(", ")));
        }
        if !k.upgrades.is_empty() {
            let ups: Vec<String> = k
                .upgrades
                .iter()
                .map(|u| {
                    if k.prestige.contains(u) {
                        format!("{} (Prestige)", e(u))
                    } else {
                        e(u)
                    }
                })
                .collect();
            let _ = write!(title, " — Upgrades: {}", ups.join(", "));
        }
    } else {
        title.push_str(" — only once Prepared");
    }
    let mut rows: Vec<(String, Span)> = Vec::new();
    let mut row = |label: &str, value: &str, n: Option<&str>| {
        if value.is_empty() {
            return;
        }
        let value = match n {
            Some(k) => Span::number(format!("{key}.{k}"), value),
            None => Span::plain(value),
        };
        rows.push((label.to_owned(), value));
    };
    let times: Vec<String> = std::iter::once(def.time)
        .chain(def.also.iter().copied())
        .map(|t| time_words(t).to_string())
        .collect();
    row("Time", &e(&times.join("; also ")), None);
    if def.time == AbilityTime::Passive {
        let mut stats: Vec<String> = def
            .passive_stats
            .iter()
            .map(|(s, n)| format!("{n:+} {}", e(s)))
            .collect();
        if def.climb {
            stats.push("it can Climb: its moves may cross full-height walls".to_owned());
        }
        row(
            "Always",
            &format!("{} (already in the numbers above)", stats.join(", ")),
            None,
        );
    } else {
        row("Target", &e(&target_words(def)), None);
    }
    let triggers: Vec<String> = def.triggers.iter().map(|t| e(&trigger_words(t))).collect();
    row("Trigger", &triggers.join(", or "), None);
    let reqs: Vec<String> = def
        .requirements
        .iter()
        .map(|r| e(&condition_words(r)))
        .collect();
    row("Requirements", &reqs.join("; "), None);
    let comps: Vec<String> = def
        .components
        .iter()
        .map(|c| {
            let spent = if c.spends { ", spent when met" } else { "" };
            format!(
                "{} (met when {}{spent}; each missing one is a Disadvantage)",
                e(&c.name),
                e(&condition_words(&c.check))
            )
        })
        .collect();
    row("Components", &comps.join("; "), None);
    if def.time != AbilityTime::Passive {
        let mut test = e(&test_words(def));
        let adv = known.map_or(0, |k| base.upgrade_advantage(k));
        if adv > 0 {
            let _ = write!(test, "; its Upgrades give {adv} Advantage(s)");
        }
        row("Test", &test, None);
    }
    let kinds: Vec<&str> = def.effects.iter().map(|k| effect_kind_words(*k)).collect();
    row("Effect types", &kinds.join(", "), None);
    let o = &def.outcomes;
    let has_effects = !(o.critical_failure.is_empty()
        && o.low.is_empty()
        && o.mixed.is_empty()
        && o.high.is_empty()
        && o.critical_success.is_empty());
    if def.test.is_none() && has_effects {
        row(
            "Automatic Mixed",
            &e(&effects_words(&o.mixed, content)),
            Some("mixed"),
        );
    } else if has_effects {
        let bands = band_labels(dice);
        // An empty Critical band does what Low / High does (the engine's fallback), so the
        // sheet prints those effects there.
        let words = |list: &[Effect], fallback: &[Effect]| {
            let list = if list.is_empty() { fallback } else { list };
            e(&effects_words(list, content))
        };
        let lists = [
            (words(&o.critical_failure, &o.low), "critical_failure"),
            (words(&o.low, &o.low), "low"),
            (words(&o.mixed, &o.mixed), "mixed"),
            (words(&o.high, &o.high), "high"),
            (words(&o.critical_success, &o.high), "critical_success"),
        ];
        for ((name, when), (text, n)) in bands.iter().zip(lists) {
            row(&format!("{name} ({})", e(when)), &text, Some(n));
        }
    }
    for s in &def.saves {
        row(
            &format!("{} Save", e(&s.modifier)),
            &format!(
                "each target rolls after the Test (see the save-by-band table); on a fail: {}; \
                 on a pass: {}",
                e(&effects_words(&s.on_fail, content)),
                e(&effects_words(&s.on_pass, content))
            ),
            None,
        );
    }
    let bonuses: Vec<String> = def
        .bonuses
        .iter()
        .map(|b| {
            let mut parts = Vec::new();
            if b.condition != Condition::Always {
                parts.push(format!("when {}", condition_words(&b.condition)));
            }
            if let Some((res, n)) = &b.cost {
                parts.push(format!("costs {n} {res}"));
            }
            if b.advantage > 0 {
                parts.push(format!("{} Advantage(s)", b.advantage));
            }
            if b.extra_damage != 0 {
                parts.push(format!("{:+} damage", b.extra_damage));
            }
            if b.mandatory {
                parts.push("always applied".to_owned());
            }
            format!("{}: {}", e(&b.name), e(&parts.join(", ")))
        })
        .collect();
    row("Bonuses", &bonuses.join("; "), None);
    let penalties: Vec<String> = def
        .penalties
        .iter()
        .map(|p| {
            let per = p
                .per_stack_of
                .as_ref()
                .map(|s| format!(" per stack of {}", e(s)))
                .unwrap_or_default();
            format!(
                "{}: when {}, {} Disadvantage(s){per}",
                e(&p.name),
                e(&condition_words(&p.condition)),
                p.disadvantage
            )
        })
        .collect();
    row("Penalties", &penalties.join("; "), None);
    if let Some(r) = def.target.reach
        && let Some(b) = base.target.reach
        && r.distance != b.distance
    {
        row(
            "Reach",
            &format!(
                "{} (an Upgrade lengthens it from {})",
                e(&distance_words(r.distance)),
                e(&distance_words(b.distance))
            ),
            None,
        );
    }
    h.blocks.push(Block::Card(Card {
        title,
        rows,
        description: def.description.clone(),
    }));
}
