//! The printable encounter sheet a game master runs the fight from: one self-contained HTML file
//! (no scripts, no outside links, no style sheet — inline styles only) in plain words. Per
//! creature: its numbers as the engine starts them (Passives applied), its resources and
//! statuses, and each ability as the engine runs it for that creature (its Flavor and Upgrades
//! applied: the Hag's High Elemental Blast reads "6 Fire damage"); then the save-by-band table,
//! a status glossary, the map with coordinates and a legend, the turn order and the difficulty
//! estimate with its interval. Every piece of text from content is escaped.
//!
//! Numbers a test compares with the engine carry a `data-n="combatant.what"` attribute.

mod card;

use card::{ability_card, all_effects};

use std::fmt::Write as _;

use crate::markup::escape;
use crate::model::StatusKind;

use super::ability::Effect;
use super::dice::DiceRule;
use super::file::{Encounter, EncounterContent};
use super::policy::{Difficulty, SimulationReport, estimate_difficulty};
use super::run::EncounterRun;
use super::state::Combatant;

/// Runs the difficulty estimate on the sheet plays (seeds 0..N−1).
pub const SHEET_RUNS: u32 = 200;

/// Largest map side drawn on the sheet (a bigger map is cut, with a note).
const MAX_DRAWN_SIDE: i32 = 200;

const CELL: &str = "border:1px solid #444;padding:2px 6px;vertical-align:top";
const HEAD: &str = "border:1px solid #444;padding:2px 6px;text-align:left;background:#eee";
const MAP_CELL: &str = "border:1px solid #999;width:1.6em;height:1.6em;text-align:center;padding:0";

/// The sheet's HTML, with the difficulty estimated over [`SHEET_RUNS`] simulated runs per
/// table (careful and naive).
#[must_use]
pub fn encounter_sheet(encounter: &Encounter, content: &EncounterContent) -> String {
    let difficulty = estimate_difficulty(content, encounter, SHEET_RUNS).ok();
    sheet_html(encounter, content, difficulty.as_ref())
}

/// The sheet's HTML with a given difficulty estimate (`None`: the sheet says it is missing).
#[must_use]
pub fn sheet_html(
    encounter: &Encounter,
    content: &EncounterContent,
    difficulty: Option<&Difficulty>,
) -> String {
    let e = escape;
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title></head>\n\
         <body style=\"font-family:serif;margin:1.5em;max-width:60em\">\n<h1>{}</h1>\n",
        e(&encounter.name),
        e(&encounter.name)
    );
    let dice = content.dice_for(encounter);
    dice_section(&mut h, &dice);
    difficulty_section(&mut h, difficulty);
    match EncounterRun::new(content, encounter, 0) {
        Ok(run) => {
            turn_order_section(&mut h, &run);
            map_section(&mut h, encounter);
            h.push_str("<h2>Creatures</h2>\n");
            for c in &run.combatants {
                creature_section(&mut h, c, content, &dice);
            }
        }
        Err(err) => {
            let _ = writeln!(
                h,
                "<p><strong>This encounter cannot start: {}.</strong></p>",
                e(&err.to_string())
            );
            map_section(&mut h, encounter);
        }
    }
    save_table(&mut h, &dice);
    status_glossary(&mut h, content);
    h.push_str("</body></html>\n");
    h
}

/// "Low (6 or less)" and the like, from the dice rule.
fn band_labels(dice: &DiceRule) -> [(&'static str, String); 5] {
    [
        ("Critical Failure", "every kept die shows 1".to_owned()),
        ("Low", format!("{} or less", dice.low_max)),
        (
            "Mixed",
            format!("{} to {}", dice.low_max.saturating_add(1), dice.mixed_max),
        ),
        (
            "High",
            format!("{} or more", dice.mixed_max.saturating_add(1)),
        ),
        (
            "Critical Success",
            format!("every kept die shows {}", dice.sides),
        ),
    ]
}

fn dice_section(h: &mut String, dice: &DiceRule) {
    let bands = band_labels(dice);
    let _ = writeln!(
        h,
        "<p>Tests and Saves: roll {}d{} and add the modifier. {}. Each Advantage adds a die and \
         keeps the highest {}; each Disadvantage adds a die and keeps the lowest {}; they cancel \
         one for one.</p>",
        dice.dice,
        dice.sides,
        bands
            .iter()
            .map(|(name, when)| format!("{name}: {when}"))
            .collect::<Vec<_>>()
            .join("; "),
        dice.dice,
        dice.dice
    );
}

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn difficulty_section(h: &mut String, d: Option<&Difficulty>) {
    h.push_str("<h2>Difficulty</h2>\n");
    let Some(d) = d else {
        h.push_str("<p>No estimate: the encounter cannot be simulated.</p>\n");
        return;
    };
    table_line(
        h,
        "Careful table (every creature weighs its whole kit: Components, Strain, healing, cover)",
        "difficulty.careful",
        &d.careful,
    );
    table_line(
        h,
        "Naive table (every creature uses its best-looking Action at the nearest enemy)",
        "difficulty",
        &d.naive,
    );
    if !d.careful.drop_chance.is_empty() {
        let names: Vec<String> = d
            .careful
            .drop_chance
            .iter()
            .map(|(id, p)| format!("{} {}", escape(id), percent(*p)))
            .collect();
        let _ = writeln!(
            h,
            "<p>Chance each hero drops (careful table): {}.</p>",
            names.join(", ")
        );
    }
}

/// One table's estimate; its numbers carry `data-n="{key}.win"`, `.low` and `.high`.
fn table_line(h: &mut String, label: &str, key: &str, d: &SimulationReport) {
    let e = escape;
    let _ = writeln!(
        h,
        "<p>{label}: the <em>{}</em> side wins <strong data-n=\"{key}.win\">{}</strong> of {} \
         simulated fights (95% interval <span data-n=\"{key}.low\">{}</span> to \
         <span data-n=\"{key}.high\">{}</span>); {} ended with no winner; a fight lasts \
         {:.1} rounds on average.</p>",
        e(&d.heroes),
        percent(d.win_rate),
        d.runs,
        percent(d.win_rate_low),
        percent(d.win_rate_high),
        d.draws,
        d.average_rounds
    );
}

fn turn_order_section(h: &mut String, run: &EncounterRun) {
    let e = escape;
    h.push_str("<h2>Turn order</h2>\n<ol>\n");
    for i in &run.order {
        let c = &run.combatants[*i];
        let _ = writeln!(
            h,
            "<li>{} ({}), side {}</li>",
            e(&c.name),
            e(&c.id),
            e(&c.side)
        );
    }
    h.push_str("</ol>\n<p>Each creature gets its Beats back at the start of its turn.</p>\n");
}

fn map_section(h: &mut String, encounter: &Encounter) {
    let e = escape;
    let map = &encounter.map;
    let (w, ht) = (
        map.width.min(MAX_DRAWN_SIDE),
        map.height.min(MAX_DRAWN_SIDE),
    );
    let _ = writeln!(
        h,
        "<h2>Map</h2>\n<p>{} by {} cells of 1u; x counts across from 0, y counts down from 0; \
         a diagonal step is 1u.</p>",
        map.width, map.height
    );
    if w < map.width || ht < map.height {
        let _ = writeln!(h, "<p>Only the first {w} by {ht} cells are drawn.</p>");
    }
    h.push_str("<table style=\"border-collapse:collapse\">\n<tr><th></th>");
    for x in 0..w {
        let _ = write!(h, "<th style=\"font-size:70%\">{x}</th>");
    }
    h.push_str("</tr>\n");
    for y in 0..ht {
        let _ = write!(
            h,
            "<tr><th style=\"font-size:70%;padding-right:4px\">{y}</th>"
        );
        for x in 0..w {
            let who = encounter
                .combatants
                .iter()
                .position(|c| c.position == (x, y));
            let (bg, text) = if map.blocks((x, y)) {
                ("background:#444;", String::new())
            } else if let Some(i) = who {
                let bg = if map.gives_cover((x, y)) {
                    "background:#ccc;"
                } else {
                    ""
                };
                (bg, (i + 1).to_string())
            } else if map.gives_cover((x, y)) {
                ("background:#ccc;", "c".to_owned())
            } else {
                ("", String::new())
            };
            let _ = write!(h, "<td style=\"{MAP_CELL};{bg}\">{text}</td>");
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n<p>Legend:</p>\n<ul>\n");
    for (i, c) in encounter.combatants.iter().enumerate() {
        let _ = writeln!(
            h,
            "<li>{} = {} (side {}), starts at ({}, {})</li>",
            i + 1,
            e(&c.id),
            e(&c.side),
            c.position.0,
            c.position.1
        );
    }
    h.push_str(
        "<li>dark cell = a wall: it blocks movement, sight and a Shape's flow</li>\n\
         <li>light cell, c = cover: a creature standing there cannot be targeted at a \
         non-True Distance</li>\n</ul>\n",
    );
}

fn creature_section(h: &mut String, c: &Combatant, content: &EncounterContent, dice: &DiceRule) {
    let e = escape;
    let id = e(&c.id);
    let _ = writeln!(
        h,
        "<h3>{} ({id})</h3>\n<p>Side {}, starts at ({}, {}).</p>",
        e(&c.name),
        e(&c.side),
        c.position.0,
        c.position.1
    );
    h.push_str("<table style=\"border-collapse:collapse\">\n<tr>");
    let mut numbers: Vec<(String, String, String)> = vec![
        ("Health".into(), "health".into(), c.max_health.to_string()),
        (
            "Beats a turn".into(),
            "beats".into(),
            c.block.beats.to_string(),
        ),
        (
            "Speed".into(),
            "speed".into(),
            format!("{}u", c.block.speed),
        ),
        ("Level".into(), "level".into(), c.block.level.to_string()),
    ];
    for (stat, v) in &c.block.stats {
        numbers.push((e(stat), format!("stat.{}", e(stat)), format!("{v:+}")));
    }
    for (label, _, _) in &numbers {
        let _ = write!(h, "<th style=\"{HEAD}\">{label}</th>");
    }
    h.push_str("</tr>\n<tr>");
    for (_, key, value) in &numbers {
        let _ = write!(h, "<td style=\"{CELL}\" data-n=\"{id}.{key}\">{value}</td>");
    }
    h.push_str("</tr>\n</table>\n");
    if !c.block.tags.is_empty() {
        let tags: Vec<String> = c.block.tags.iter().map(|t| e(t)).collect();
        let _ = writeln!(h, "<p>Tags: {}.</p>", tags.join(", "));
    }
    let resources: Vec<String> = c
        .resources
        .iter()
        .map(|(name, n)| {
            format!(
                "{}: <span data-n=\"{id}.resource.{}\">{n}</span>",
                e(name),
                e(name)
            )
        })
        .collect();
    let _ = writeln!(
        h,
        "<p>Resources: {}.</p>",
        if resources.is_empty() {
            "none".to_owned()
        } else {
            resources.join(", ")
        }
    );
    let statuses: Vec<String> = c
        .condition_list()
        .iter()
        .map(|(name, n)| format!("{} ({n})", e(name)))
        .collect();
    let _ = writeln!(
        h,
        "<p>Statuses at the start: {}.</p>",
        if statuses.is_empty() {
            "none".to_owned()
        } else {
            statuses.join(", ")
        }
    );
    let mut prepared: Vec<String> = Vec::new();
    for known in &c.block.abilities {
        let Some(base) = content.abilities.get(&known.id) else {
            continue;
        };
        let def = base.as_known(known);
        ability_card(h, &c.id, &def, Some(known), base, content, dice);
        for effect in all_effects(&def) {
            if let Effect::Prepare { ability, .. } = effect
                && !prepared.contains(ability)
                && !c.block.abilities.iter().any(|k| &k.id == ability)
            {
                prepared.push(ability.clone());
            }
        }
    }
    for id_ in prepared {
        if let Some(def) = content.abilities.get(&id_) {
            ability_card(h, &c.id, def, None, def, content, dice);
        }
    }
}

fn save_table(h: &mut String, dice: &DiceRule) {
    let _ = writeln!(
        h,
        "<h2>Saves by the Test's band</h2>\n<p>A Save is {}d{} plus the target's modifier and \
         passes on {} or more. The Score of the Test changes it:</p>\n\
         <table style=\"border-collapse:collapse\">\n<tr><th style=\"{HEAD}\">The Test's band</th>\
         <th style=\"{HEAD}\">The target's Save</th></tr>",
        dice.dice,
        dice.sides,
        dice.low_max.saturating_add(1)
    );
    let rows = [
        ("Critical Failure", "passes automatically"),
        ("Low", "rolls with an Advantage"),
        ("Mixed", "rolls with no change"),
        ("High", "rolls with a Disadvantage"),
        ("Critical Success", "fails automatically"),
    ];
    for (band, save) in rows {
        let _ = writeln!(
            h,
            "<tr><td style=\"{CELL}\">{band}</td><td style=\"{CELL}\">{save}</td></tr>"
        );
    }
    h.push_str("</table>\n");
}

fn status_glossary(h: &mut String, content: &EncounterContent) {
    let e = escape;
    h.push_str("<h2>Statuses</h2>\n<dl>\n");
    for s in content.conditions.values() {
        let kind = match s.kind {
            StatusKind::Fleeting => {
                "Fleeting: one stack goes at the end of each of the bearer's turns (a stack \
                 gained on its own turn stays until the end of its next turn)"
            }
            StatusKind::Persistent => "Persistent: the stacks stay until the end of the episode",
            StatusKind::Concentrating => {
                "one stack per active Concentration effect; taking damage or losing a Component \
                 of one forces a Focus Save with a Disadvantage per stack, and failing it ends \
                 them all"
            }
        };
        let mut parts = vec![kind.to_owned()];
        if s.disadvantage_per_stack > 0 {
            parts.push(format!(
                "{} Disadvantage(s) per stack on Tests that name it",
                s.disadvantage_per_stack
            ));
        }
        if s.extra_damage_taken_per_stack != 0 {
            parts.push(format!(
                "{:+} damage taken per stack",
                s.extra_damage_taken_per_stack
            ));
        }
        if !s.summary.is_empty() {
            parts.push(s.summary.clone());
        }
        let _ = writeln!(
            h,
            "<dt><strong>{}</strong></dt><dd>{}</dd>",
            e(&s.name),
            e(&parts.join(". "))
        );
    }
    h.push_str("</dl>\n");
}
