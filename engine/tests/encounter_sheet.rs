//! The game master's sheet (issue 17): plain words only, and every number on it is the
//! engine's — read from the sheet and from a run of the engine, and compared.

mod encounter_common;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::ability::AbilityTime;
use sigilforge_engine::encounter::sheet::{encounter_sheet, sheet_html};
use sigilforge_engine::encounter::{
    Encounter, EncounterContent, EncounterRun, estimate_difficulty, load,
};

use encounter_common::pack_dir;

const STARTERS: [&str; 3] = ["hags_hut.ron", "goblin_ambush.ron", "bob_multi_attack.ron"];

fn starter(name: &str) -> (Encounter, EncounterContent) {
    let mut diags = Diagnostics::new();
    let loaded = load(&pack_dir().join(name), &mut diags).expect("loads");
    assert!(diags.is_empty(), "{name}: {diags:?}");
    loaded
}

/// The text of the element carrying `data-n="key"` (up to its closing tag).
fn number_at<'a>(html: &'a str, key: &str) -> Option<&'a str> {
    let marker = format!("data-n=\"{key}\">");
    let start = html.find(&marker)? + marker.len();
    let rest = &html[start..];
    Some(&rest[..rest.find('<')?])
}

/// Rust debug text that must never reach a game master.
const DEBUG_TEXT: [&str; 22] = [
    "{",
    "}",
    "Some(",
    "None",
    "[",
    "]",
    "Damage {",
    "amount:",
    "kind:",
    "StartsAbility",
    "TakesDamage",
    "Resource(",
    "HasStatus",
    "TargetWithin",
    "NoEnemyWithin",
    "SlowAction",
    "FreeAction",
    "FreeReaction",
    "Myself",
    "GainBeats",
    "SelfStatus",
    "DelayTrigger",
];

#[test]
fn sheet_has_no_debug_text() {
    for name in STARTERS {
        let (enc, content) = starter(name);
        let html = encounter_sheet(&enc, &content);
        for bad in DEBUG_TEXT {
            assert!(
                !html.contains(bad),
                "{name}: the sheet holds `{bad}` near: {}",
                html.find(bad)
                    .and_then(|i| html.get(i.saturating_sub(120)..(i + 40).min(html.len())))
                    .unwrap_or("")
            );
        }
        for part in [
            "Saves by the Test&#39;s band",
            "Statuses",
            "Turn order",
            "Legend",
            "Difficulty",
            "95% interval",
        ] {
            assert!(
                html.contains(part) || html.contains(&part.replace("&#39;", "'")),
                "{name}: no `{part}`"
            );
        }
    }
}

#[test]
fn sheet_numbers_equal_the_engines() {
    for name in STARTERS {
        let (enc, content) = starter(name);
        let difficulty = estimate_difficulty(&content, &enc, 20).expect("simulates");
        let html = sheet_html(&enc, &content, Some(&difficulty));
        let run = EncounterRun::new(&content, &enc, 0).expect("starts");
        for c in &run.combatants {
            let id = &c.id;
            let at = |k: &str| {
                number_at(&html, &format!("{id}.{k}"))
                    .unwrap_or_else(|| panic!("{name}: no {id}.{k} on the sheet"))
                    .to_owned()
            };
            assert_eq!(at("health"), c.max_health.to_string(), "{name} {id}");
            assert_eq!(at("beats"), c.block.beats.to_string(), "{name} {id}");
            assert_eq!(at("speed"), format!("{}u", c.block.speed), "{name} {id}");
            // Stats as the engine plays them: Passives already added (Bob's Guard Stance).
            for (stat, v) in &c.block.stats {
                assert_eq!(at(&format!("stat.{stat}")), format!("{v:+}"), "{name} {id}");
            }
            for (res, n) in &c.resources {
                assert_eq!(at(&format!("resource.{res}")), n.to_string(), "{name} {id}");
            }
        }
        // Both tables (issue #17: "careful table" and "naive table"), each with its interval.
        for (key, report) in [
            ("difficulty.careful", &difficulty.careful),
            ("difficulty", &difficulty.naive),
        ] {
            let percent = |x: f64| format!("{:.1}%", x * 100.0);
            let at = |k: &str| number_at(&html, &format!("{key}.{k}")).map(str::to_owned);
            assert_eq!(at("win"), Some(percent(report.win_rate)), "{name} {key}");
            assert_eq!(
                at("low"),
                Some(percent(report.win_rate_low)),
                "{name} {key}"
            );
            assert_eq!(
                at("high"),
                Some(percent(report.win_rate_high)),
                "{name} {key}"
            );
        }
    }
}

/// For every creature of every starter encounter and each of its Actions that deals damage to
/// a creature, the sheet's damage for each band equals what the engine deals on that band.
#[test]
fn sheet_damage_per_band_equals_the_engines() {
    let mut checked = 0;
    for name in STARTERS {
        let (enc, content) = starter(name);
        let html = sheet_html(&enc, &content, None);
        for spec in &enc.combatants {
            let Some(block) = content.creatures.get(spec.block_id()) else {
                continue;
            };
            for known in &block.abilities {
                let Some(def) = content.abilities.get(&known.id) else {
                    continue;
                };
                let reach = match def.target.reach {
                    Some(r) if def.target.shape.is_none() => r.distance.units().min(2),
                    _ => continue,
                };
                if !matches!(def.time, AbilityTime::Action | AbilityTime::FreeAction)
                    || def.test.is_none()
                {
                    continue;
                }
                for dice in [[1, 1, 3], [1, 2, 3], [3, 4, 3], [5, 5, 3], [6, 6, 3]] {
                    let src = format!(
                        "Encounter(name: \"probe\", pack: Some(\"tabletop\"), map: (width: 8, height: 5),\n\
                         combatants: [(id: \"{id}\", stat_block: \"{block}\", side: \"a\", position: (1, 2), reacts: false),\
                           (id: \"dummy\", side: \"b\", position: ({x}, 2), reacts: false, \
                            inline: Some((id: \"dummy_block\", name: \"Dummy\", health: 100, tags: [\"Undead\"])))],\n\
                         script: [ForceRoll({dice:?}), Use(ability: \"{ability}\", targets: [\"dummy\"])])",
                        id = spec.id,
                        block = block.id,
                        x = 1 + reach,
                        ability = known.id,
                    );
                    let mut run = encounter_common::start(&src, 0);
                    run.run_to_end();
                    let Some(band) = run.log().iter().find_map(|e| {
                        let i = e.text.find("→ ")?;
                        let rest = &e.text[i + "→ ".len()..];
                        Some(rest[..rest.find(" Score")?].to_owned())
                    }) else {
                        panic!("{name} {}: no Test in {:?}", known.id, run.log());
                    };
                    let key = band.to_lowercase().replace(' ', "_");
                    let cell = number_at(&html, &format!("{}.{}.{key}", spec.id, known.id))
                        .unwrap_or_else(|| {
                            panic!("{name}: no {}.{}.{key} on the sheet", spec.id, known.id)
                        });
                    let first = cell.split("; ").next().unwrap_or("");
                    let dealt = run
                        .log()
                        .iter()
                        .find(|e| e.text.starts_with("dummy takes "))
                        .map(|e| e.text.clone());
                    match dealt {
                        Some(line) => {
                            assert!(
                                line.starts_with(&format!("dummy takes {first}")),
                                "{name} {} {band}: the sheet says `{cell}`, the engine `{line}`",
                                known.id
                            );
                            checked += 1;
                        }
                        None => assert!(
                            !first.ends_with("damage"),
                            "{name} {} {band}: the sheet says `{cell}`, the engine dealt nothing",
                            known.id
                        ),
                    }
                }
            }
        }
    }
    assert!(checked >= 10, "only {checked} band checks ran");
}

#[test]
fn the_hags_high_blast_reads_six_fire_damage() {
    let (enc, content) = starter("hags_hut.ron");
    let html = sheet_html(&enc, &content, None);
    assert_eq!(
        number_at(&html, "hag.elemental_blast.high"),
        Some("6 Fire damage")
    );
    assert!(html.contains("Elemental Blast — Flavor: Fiery Bolt — Upgrades: Powerful(1)"));
}

/// Issue #17: "the glossary repeats some statuses' summaries". Each status is said once: its
/// kind and its numbers, no sentence twice.
#[test]
fn the_status_glossary_says_each_thing_once() {
    let (enc, content) = starter("hags_hut.ron");
    let html = sheet_html(&enc, &content, None);
    let glossary = &html[html.find("<h2>Statuses</h2>").expect("a glossary")..];
    let glossary = &glossary[..glossary.find("</dl>").expect("its end")];
    for entry in glossary.split("<dd>").skip(1) {
        let text = &entry[..entry.find("</dd>").expect("closed")];
        let sentences: Vec<String> = text
            .split(". ")
            .map(|s| s.trim_end_matches('.').to_lowercase())
            .collect();
        for (i, s) in sentences.iter().enumerate() {
            assert!(!sentences[..i].contains(s), "said twice: {text}");
        }
        for phrase in [
            "end of the episode",
            "active concentration effect",
            "damage taken",
        ] {
            assert!(
                text.to_lowercase().matches(phrase).count() <= 1,
                "`{phrase}` twice: {text}"
            );
        }
    }
    assert!(glossary.contains("+1 damage taken per stack"), "{glossary}");
}

/// Issue #32, item 8: Montages and Episodic abilities cannot be used in an encounter, so its
/// sheet leaves them out; every glossary sentence starts with a capital; the map marks each
/// creature with its side's initial and the legend names it (not by id) and its side.
#[test]
fn the_sheet_keeps_to_the_encounter_and_names_creatures_and_sides() {
    let mut left_out = 0;
    for name in STARTERS {
        let (enc, content) = starter(name);
        let html = sheet_html(&enc, &content, None);
        let run = EncounterRun::new(&content, &enc, 0).expect("starts");
        for c in &run.combatants {
            for known in &c.block.abilities {
                let def = &content.abilities[&known.id];
                if matches!(def.time, AbilityTime::Montage | AbilityTime::Episodic) {
                    left_out += 1;
                    assert!(
                        !html.contains(&format!(">{}<", def.name))
                            && !html.contains(&format!(">{} —", def.name)),
                        "{name}: {}'s {} is on the sheet",
                        c.id,
                        def.name
                    );
                }
            }
        }
        for (i, e) in enc.combatants.iter().enumerate() {
            let c = run.combatant(&e.id).expect("in the run");
            let initial = e.side[..1].to_uppercase();
            let mark = format!("{initial}{}", i + 1);
            assert!(
                html.contains(&format!(">{mark}</td>")),
                "{name}: no {mark} on the map"
            );
            // By name (two of one name told apart), never by id (issue #31).
            let shown = sigilforge_engine::wording::encounter_names(&run)
                .name(&c.id)
                .to_owned();
            let line = format!("{mark} = {shown}, side {}", e.side);
            assert!(html.contains(&line), "{name}: no legend line `{line}`");
            assert!(
                !html.contains(&format!("({})", c.id)),
                "{name}: the id `{}` is on the sheet",
                c.id
            );
        }
        let glossary = &html[html.find("<h2>Statuses</h2>").expect("a glossary")..];
        let glossary = &glossary[..glossary.find("</dl>").expect("its end")];
        for entry in glossary.split("<dd>").skip(1) {
            let text = &entry[..entry.find("</dd>").expect("closed")];
            for sentence in text.split(". ") {
                let first = sentence.chars().next().expect("not empty");
                assert!(
                    !first.is_lowercase(),
                    "{name}: a sentence starts in lower case: `{sentence}` in {text}"
                );
            }
        }
    }
    assert!(left_out > 0, "no starter has a Montage or Episodic ability");
}
