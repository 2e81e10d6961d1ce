//! A printable encounter sheet: one self-contained HTML file (no scripts, no outside links) with
//! the turn order, the map as a grid, each stat block and each ability with its header. Every
//! piece of text from content is escaped.

use std::fmt::Write as _;

use crate::markup::escape;

use super::ability::AbilityDef;
use super::file::{Encounter, EncounterContent};

/// The sheet's HTML.
#[must_use]
pub fn encounter_sheet(encounter: &Encounter, content: &EncounterContent) -> String {
    let e = escape;
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\
body{{font-family:serif;margin:1.5em}} table{{border-collapse:collapse}} td,th{{border:1px solid #444;padding:2px 6px}}\
.map td{{width:1.6em;height:1.6em;text-align:center;padding:0}} .wall{{background:#444}} .cover{{background:#ccc}} .ability{{border:1px solid #888;margin:.5em 0;padding:.4em;page-break-inside:avoid}}\
h3{{margin:.2em 0}}</style></head><body>\n<h1>{}</h1>\n",
        e(&encounter.name),
        e(&encounter.name)
    );
    let dice = content.dice_for(encounter);
    let _ = writeln!(
        h,
        "<p>Dice: {}d{} + modifier; Low ..{}, Mixed ..{}, High above.</p>",
        dice.dice, dice.sides, dice.low_max, dice.mixed_max
    );
    h.push_str("<h2>Turn order</h2>\n<ol>\n");
    let order: Vec<&str> = if encounter.turn_order.is_empty() {
        encounter.combatants.iter().map(|c| c.id.as_str()).collect()
    } else {
        encounter.turn_order.iter().map(String::as_str).collect()
    };
    for id in order {
        let side = encounter
            .combatants
            .iter()
            .find(|c| c.id == id)
            .map_or("", |c| c.side.as_str());
        let _ = writeln!(h, "<li>{} ({})</li>", e(id), e(side));
    }
    h.push_str("</ol>\n<h2>Map</h2>\n<table class=\"map\">\n");
    for y in 0..encounter.map.height.min(200) {
        h.push_str("<tr>");
        for x in 0..encounter.map.width.min(200) {
            let who = encounter
                .combatants
                .iter()
                .position(|c| c.position == (x, y));
            if encounter.map.blocks((x, y)) {
                h.push_str("<td class=\"wall\"></td>");
            } else if let Some(i) = who {
                let cover = if encounter.map.gives_cover((x, y)) {
                    " class=\"cover\""
                } else {
                    ""
                };
                let _ = write!(
                    h,
                    "<td{cover} title=\"{}\">{}</td>",
                    e(&encounter.combatants[i].id),
                    i + 1
                );
            } else if encounter.map.gives_cover((x, y)) {
                h.push_str("<td class=\"cover\">c</td>");
            } else {
                h.push_str("<td></td>");
            }
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n<p>");
    for (i, c) in encounter.combatants.iter().enumerate() {
        let _ = write!(h, "{} = {} ({}); ", i + 1, e(&c.id), e(&c.side));
    }
    h.push_str("</p>\n<h2>Stat blocks</h2>\n");
    let mut used_blocks: Vec<&str> = encounter
        .combatants
        .iter()
        .map(super::file::CombatantSpec::block_id)
        .collect();
    used_blocks.sort_unstable();
    used_blocks.dedup();
    let mut used_abilities: Vec<String> = Vec::new();
    for id in used_blocks {
        let Some(b) = content.creatures.get(id) else {
            continue;
        };
        let _ = writeln!(
            h,
            "<h3>{}</h3>\n<p>Health {} · Beats {} · Speed {}u · Level {}</p>",
            e(&b.name),
            b.health,
            b.beats,
            b.speed,
            b.level
        );
        let stats: Vec<String> = b
            .stats
            .iter()
            .map(|(k, v)| format!("{} {v:+}", e(k)))
            .collect();
        let _ = writeln!(h, "<p>{}</p>", stats.join(", "));
        if !b.tags.is_empty() {
            let tags: Vec<String> = b.tags.iter().map(|t| e(t)).collect();
            let _ = writeln!(h, "<p>Tags: {}</p>", tags.join(", "));
        }
        let known: Vec<String> = b
            .abilities
            .iter()
            .map(|k| {
                let mut s = e(&k.id);
                if !k.flavors.is_empty() {
                    let _ = write!(s, " [{}]", e(&k.flavors.join(", ")));
                }
                if !k.upgrades.is_empty() {
                    let _ = write!(s, " +{}", e(&k.upgrades.join(", ")));
                }
                s
            })
            .collect();
        let _ = writeln!(h, "<p>Abilities: {}</p>", known.join("; "));
        for k in &b.abilities {
            if !used_abilities.contains(&k.id) {
                used_abilities.push(k.id.clone());
            }
        }
    }
    // Abilities other abilities Prepare are printed too: the GM needs them at the table.
    let mut i = 0;
    while i < used_abilities.len() {
        if let Some(def) = content.abilities.get(&used_abilities[i]) {
            let o = &def.outcomes;
            for e in [
                &o.critical_failure,
                &o.low,
                &o.mixed,
                &o.high,
                &o.critical_success,
            ]
            .into_iter()
            .flatten()
            {
                if let super::ability::Effect::Prepare { ability, .. } = e
                    && !used_abilities.contains(ability)
                {
                    used_abilities.push(ability.clone());
                }
            }
        }
        i += 1;
    }
    h.push_str("<h2>Abilities</h2>\n");
    for id in &used_abilities {
        if let Some(def) = content.abilities.get(id) {
            ability_card(&mut h, def);
        }
    }
    h.push_str("</body></html>\n");
    h
}

fn ability_card(h: &mut String, def: &AbilityDef) {
    let e = escape;
    let _ = writeln!(h, "<div class=\"ability\"><h3>{}</h3><table>", e(&def.name));
    let mut row = |k: &str, v: String| {
        if !v.is_empty() {
            let _ = writeln!(h, "<tr><th>{k}</th><td>{}</td></tr>", e(&v));
        }
    };
    row("Time", format!("{:?}", def.time));
    let mut target = String::new();
    if !def.target.kinds.is_empty() {
        let _ = write!(target, "{:?} ", def.target.kinds);
    }
    let _ = write!(target, "{:?}", def.target.side);
    if let Some(r) = def.target.reach {
        let t = if r.r#true { "True " } else { "" };
        let _ = write!(target, ", {t}{}", r.distance.label());
    }
    if let Some(s) = def.target.shape {
        let _ = write!(target, ", {:?} of {}", s.kind, s.size.label());
    }
    if !def.target.tags.is_empty() {
        let _ = write!(target, ", tags {}", def.target.tags.join("/"));
    }
    row("Target", target);
    row("Triggers", join_debug(&def.triggers));
    row("Requirements", join_debug(&def.requirements));
    row(
        "Components",
        def.components
            .iter()
            .map(|c| c.name.clone())
            .collect::<Vec<_>>()
            .join(", "),
    );
    row(
        "Test",
        def.test
            .as_ref()
            .map_or("none (automatic Mixed)".to_owned(), |t| {
                let s = t
                    .status
                    .map(|s| format!(" {}", s.name()))
                    .unwrap_or_default();
                format!("{} Stat{s}", t.modifier)
            }),
    );
    row(
        "Saves",
        def.saves
            .iter()
            .map(|s| s.modifier.clone())
            .collect::<Vec<_>>()
            .join(", "),
    );
    row("Effects", join_debug(&def.effects));
    let o = &def.outcomes;
    row("Critical Failure", join_debug(&o.critical_failure));
    row("Low", join_debug(&o.low));
    row("Mixed", join_debug(&o.mixed));
    row("High", join_debug(&o.high));
    row("Critical Success", join_debug(&o.critical_success));
    if let Some(f) = &def.flavors {
        row(
            "Flavors",
            format!(
                "pick {}: {}",
                f.pick,
                f.options
                    .iter()
                    .map(|o| o.name.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    row(
        "Bonuses",
        def.bonuses
            .iter()
            .map(|b| b.name.clone())
            .collect::<Vec<_>>()
            .join(", "),
    );
    row(
        "Penalties",
        def.penalties
            .iter()
            .map(|b| b.name.clone())
            .collect::<Vec<_>>()
            .join(", "),
    );
    row(
        "Upgrades",
        def.upgrades
            .iter()
            .map(|u| format!("{} ({:?})", u.name, u.kind))
            .collect::<Vec<_>>()
            .join(", "),
    );
    h.push_str("</table>");
    if !def.description.is_empty() {
        let _ = write!(h, "<p>{}</p>", e(&def.description));
    }
    h.push_str("</div>\n");
}

fn join_debug<T: std::fmt::Debug>(items: &[T]) -> String {
    items
        .iter()
        .map(|i| format!("{i:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}
