//! The careful policy (issue #17, item 2): each side played careful beats the same side played
//! naive (both against naive opposition) on every starter encounter, the careful table uses every ability of each starter
//! creature's kit over 200 seeds (the ones that never apply are listed with why), it follows
//! the seed on Dodge and Delay, and the same seed gives the same log. Plus a bench-style
//! (ignored) timing of 200 careful fights.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::{
    Encounter, EncounterContent, EncounterRun, LogKind, Policy, SimulationReport, Table, load,
    simulate_table, wilson_interval,
};

fn content(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pack/encounters")
        .join(name)
}

const STARTERS: [&str; 3] = ["hags_hut.ron", "bob_multi_attack.ron", "goblin_ambush.ron"];
const SEEDS: u32 = 200;

fn starter(name: &str) -> (Encounter, EncounterContent) {
    let mut diags = Diagnostics::new();
    load(&content(name), &mut diags).expect(name)
}

/// A table with one side careful or naive and the other side naive.
fn one_side(side: Side, policy: Policy) -> Table {
    match side {
        Side::Heroes => Table {
            heroes: policy,
            others: Policy::Naive,
        },
        Side::Monsters => Table {
            heroes: Policy::Naive,
            others: policy,
        },
    }
}

#[derive(Debug, Clone, Copy)]
enum Side {
    Heroes,
    Monsters,
}

/// The fights `side` won.
fn wins(side: Side, r: &SimulationReport) -> u32 {
    match side {
        Side::Heroes => r.hero_wins,
        Side::Monsters => r.runs - r.hero_wins - r.draws,
    }
}

/// The monsters' table: heroes naive, every other side as given.
fn monsters(policy: Policy) -> Table {
    one_side(Side::Monsters, policy)
}

/// "Beats" (docs/rules/encounters.md): over seeds 0..199, a side played careful wins strictly
/// more fights against naive opposition than the same side played naive against the same
/// opposition, on each side (heroes and monsters) of every starter encounter. Whether the 95%
/// intervals overlap is printed, not asserted: an overlap is no significant difference.
#[test]
fn careful_beats_naive_on_both_sides_of_every_starter_encounter() {
    for name in STARTERS {
        let (enc, c) = starter(name);
        for side in [Side::Heroes, Side::Monsters] {
            let naive = simulate_table(&c, &enc, SEEDS, one_side(side, Policy::Naive)).unwrap();
            let careful = simulate_table(&c, &enc, SEEDS, one_side(side, Policy::Careful)).unwrap();
            let (k, n) = (wins(side, &careful), wins(side, &naive));
            let (kl, kh) = wilson_interval(k, SEEDS);
            let (nl, nh) = wilson_interval(n, SEEDS);
            let overlap = kl <= nh && nl <= kh;
            println!(
                "{name} {side:?}: careful {k} ({:.1}–{:.1}%), naive {n} ({:.1}–{:.1}%), \
                 intervals {}",
                kl * 100.0,
                kh * 100.0,
                nl * 100.0,
                nh * 100.0,
                if overlap { "overlap" } else { "apart" }
            );
            // The goblins of "Bob and the Goblins" have one Melee Attack each and nothing
            // else: nothing to decide, so careful plays as naive (their old edge, 18 to 12,
            // came from hiding behind cover from Bob at their side, issue #27).
            let nothing_to_decide =
                name == "bob_multi_attack.ron" && matches!(side, Side::Monsters);
            assert!(
                k > n || (nothing_to_decide && k == n),
                "{name}: careful {side:?} win {k} of {SEEDS}, naive {side:?} {n}"
            );
        }
    }
}

/// Abilities of a starter creature's kit the careful table never uses, and why.
const NEVER: [(&str, &str, &str); 6] = [
    (
        "bob",
        "guard_stance",
        "a Passive: always in effect, never started",
    ),
    ("alice", "forage", "a Montage: Freeplay only"),
    (
        "alice",
        "omen",
        "Episodic: at the end of an Episode's Opening Credits only",
    ),
    (
        "alice",
        "illusion",
        "no effect in a fight beyond a note; only for a Beat with nothing else to do, which \
         never comes in the starter encounters",
    ),
    (
        "hag",
        "melee_attack",
        "her Elemental Blast deals more at every range, Swinging Distance included",
    ),
    (
        "alice",
        "turn_undead",
        "it deals what her Elemental Blast (listed first) deals, at a shorter range; it was \
         only better against the skeleton behind cover, which since issue #27 no longer hides \
         from a foe that can walk to its side (cover does not stop an attacker at its side)",
    ),
];

#[test]
fn careful_table_uses_every_ability_of_each_starter_kit() {
    // (stat block, ability id) used at least once, over every starter encounter.
    let mut used: BTreeSet<(String, String)> = BTreeSet::new();
    let mut kits: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for name in STARTERS {
        let (enc, c) = starter(name);
        let block_of: BTreeMap<&str, &str> = enc
            .combatants
            .iter()
            .map(|s| (s.id.as_str(), s.stat_block.as_str()))
            .collect();
        for s in &enc.combatants {
            let block = &c.creatures[&s.stat_block];
            kits.insert(
                block.id.clone(),
                block.abilities.iter().map(|k| k.id.clone()).collect(),
            );
        }
        let id_of: BTreeMap<&str, &str> = c
            .abilities
            .values()
            .map(|d| (d.name.as_str(), d.id.as_str()))
            .collect();
        for seed in 0..u64::from(SEEDS) {
            let mut run = EncounterRun::with_table(&c, &enc, seed, Table::CAREFUL).unwrap();
            run.run_to_end();
            for e in run.log() {
                if !matches!(e.kind, LogKind::Start | LogKind::Reaction) {
                    continue;
                }
                if let (Some(a), Some(who)) = (&e.cause.ability, &e.actor) {
                    used.insert((
                        block_of[who.as_str()].to_owned(),
                        id_of[a.ability.as_str()].to_owned(),
                    ));
                }
            }
        }
    }
    let mut missing = Vec::new();
    for (block, kit) in &kits {
        for ability in kit {
            let never = NEVER.iter().any(|(b, a, _)| b == block && a == ability);
            let was_used = used.contains(&(block.clone(), ability.clone()));
            assert!(
                !(never && was_used),
                "{block}'s {ability} is listed as never used but was: update NEVER"
            );
            if !never && !was_used {
                missing.push(format!("{block}: {ability}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "never used over {SEEDS} seeds: {missing:?}"
    );
    // Bob's Prepared Riposte (not on his sheet) is used too.
    assert!(used.contains(&("bob".to_owned(), "riposte".to_owned())));
}

#[test]
fn the_same_seed_gives_the_same_careful_log() {
    for name in STARTERS {
        let (enc, c) = starter(name);
        let play = |seed| {
            let mut run = EncounterRun::with_table(&c, &enc, seed, Table::CAREFUL).unwrap();
            run.run_to_end();
            run.log().to_vec()
        };
        assert_eq!(play(7), play(7), "{name}");
        assert_ne!(play(7), play(8), "{name}: the seed matters");
    }
}

/// The first Reaction #Bob makes in "Bob and the Goblins" when `goblin_a` attacks him, played
/// careful, with this health and these Dodge Points.
fn bobs_first_reaction(health: i32, dodge_points: i32) -> Option<String> {
    let (enc, mut c) = starter("bob_multi_attack.ron");
    let bob = c.creatures.get_mut("bob").expect("bob");
    bob.health = health;
    bob.resources.insert("Dodge Point".to_owned(), dodge_points);
    // Without Ready Riposte, so the Dodge is the only answer.
    bob.abilities.retain(|k| k.id != "ready_riposte");
    let table = Table {
        heroes: Policy::Careful,
        others: Policy::Naive,
    };
    let mut run = EncounterRun::with_table(&c, &enc, 0, table).expect("starts");
    while run.round() == 1 && run.step().is_some() {
        if let Some(e) = run.log().iter().find(|e| e.kind == LogKind::Reaction) {
            return Some(e.text.clone());
        }
        if run
            .log()
            .iter()
            .any(|e| e.text.contains("goblin_a's turn ends"))
        {
            return None;
        }
    }
    None
}

/// Seed 004, 1.8: "#Bob has no more Dodge Points. #Bob decides to use the Dodge Ability anyway.
/// … even with a Low Score, #Bob can reduce the incoming Damage by 1 point, saving his life."
/// `goblin_a` attacks before #Bob's first turn: a Beat he holds then is lost when his Beats refill,
/// so a careful Bob Dodges, with a Dodge Point or without (at a Disadvantage), hurt or not.
/// (In his own turn the Beat is worth an attack: the unit test in `careful::reactions`.)
#[test]
fn careful_bob_dodges_with_a_beat_he_would_lose_anyway() {
    for (health, points) in [(10, 0), (10, 1), (3, 0)] {
        let first = bobs_first_reaction(health, points)
            .unwrap_or_else(|| panic!("no Reaction with {health} health, {points} points"));
        assert!(first.contains("Dodge"), "{first}");
    }
}

/// Seed 004, 1.8 ("Exhaustion"): "#Alice uses her Delay Ability in Reaction to the Hag's Spell
/// … This gives #Bob a chance to get behind cover." A careful Alice Delays only a blast that
/// could drop its target, and the target then gets behind cover so the blast fizzles.
#[test]
fn careful_delay_only_when_the_blast_could_drop_its_target() {
    let (enc, c) = starter("hags_hut.ron");
    // The Hag's Elemental Blast with Powerful(1): 6 Fire damage on a High Score.
    let high = 6;
    let (mut delays, mut fizzled, mut blasts) = (0, 0, 0);
    for seed in 0..u64::from(SEEDS) {
        let mut run = EncounterRun::with_table(&c, &enc, seed, Table::CAREFUL).unwrap();
        loop {
            let before = run.log().len();
            if run.step().is_none() {
                break;
            }
            let log = run.log();
            for e in &log[before..] {
                if e.kind == LogKind::Start && e.text.contains("Elemental Blast") {
                    blasts += 1;
                }
                if e.kind == LogKind::Reaction && e.text.contains("Delay") {
                    delays += 1;
                    let start = &log[e.cause.after.unwrap() as usize];
                    let target = start.text.rsplit("targeting ").next().unwrap();
                    let health = run.combatant(target).unwrap().health;
                    assert!(
                        health <= high,
                        "seed {seed}: Delay on a blast at {target} with {health} health"
                    );
                }
                if e.kind == LogKind::Interrupted && e.text.contains("no valid targets") {
                    fizzled += 1;
                }
            }
        }
    }
    assert!(delays > 0, "Alice never Delays");
    assert!(
        delays * 4 < blasts,
        "Alice Delays {delays} of {blasts} blasts"
    );
    assert!(fizzled > 0, "no delayed blast ever fizzles behind cover");
}

/// Bench-style: the time of 200 careful fights of each starter encounter, and each table's
/// heroes' win rate (run with `cargo test -p sigilforge-engine --test encounter_careful --
/// --ignored bench --nocapture`).
#[test]
#[ignore = "bench-style timing; prints, never asserts a time"]
fn bench_200_careful_fights() {
    for name in STARTERS {
        let (enc, c) = starter(name);
        let start = Instant::now();
        let careful = simulate_table(&c, &enc, SEEDS, Table::CAREFUL).unwrap();
        let careful_time = start.elapsed();
        let start = Instant::now();
        let naive = simulate_table(&c, &enc, SEEDS, Table::NAIVE).unwrap();
        let naive_time = start.elapsed();
        println!("{name}: 200 careful fights {careful_time:?}, 200 naive fights {naive_time:?}");
        let heroes_careful = Table {
            heroes: Policy::Careful,
            others: Policy::Naive,
        };
        for (label, r) in [
            ("careful table", careful),
            ("naive table", naive),
            (
                "careful heroes, naive monsters",
                simulate_table(&c, &enc, SEEDS, heroes_careful).unwrap(),
            ),
            (
                "naive heroes, careful monsters",
                simulate_table(&c, &enc, SEEDS, monsters(Policy::Careful)).unwrap(),
            ),
        ] {
            println!(
                "  {label}: heroes win {} draws {} of {} ({:.1}%, 95% {:.1}%–{:.1}%)",
                r.hero_wins,
                r.draws,
                r.runs,
                r.win_rate * 100.0,
                r.win_rate_low * 100.0,
                r.win_rate_high * 100.0
            );
        }
    }
}

/// True when `text` holds a Rust tuple of two numbers, like "(3, 4)".
fn has_tuple(text: &str) -> bool {
    text.match_indices('(').any(|(i, _)| {
        let rest = &text[i + 1..];
        let Some(close) = rest.find(')') else {
            return false;
        };
        let inner = &rest[..close];
        let parts: Vec<&str> = inner.split(", ").collect();
        parts.len() == 2
            && parts.iter().all(|p| {
                !p.is_empty()
                    && p.trim_start_matches('-')
                        .chars()
                        .all(|c| c.is_ascii_digit())
            })
    })
}

/// Issue #17: "the log still prints Rust names (`(SlowAction)`) and tuples for cells". Every
/// starter encounter's log, scripted and played by both tables, is in plain words.
#[test]
fn the_log_prints_no_rust_names_or_tuples() {
    assert!(has_tuple("moves from (3, 4) to x") && !has_tuple("rolled (a, b)"));
    let rust = [
        "SlowAction",
        "FreeAction",
        "FreeReaction",
        "Uses(",
        "Rounds(",
        "Some(",
        "None",
        "{",
        "Plain",
        "Cone of",
    ];
    for name in STARTERS {
        let (enc, c) = starter(name);
        let mut logs = Vec::new();
        for seed in 0..20 {
            let mut scripted = EncounterRun::new(&c, &enc, seed).unwrap();
            scripted.run_to_end();
            logs.push(scripted.log().to_vec());
            for table in [Table::CAREFUL, Table::NAIVE] {
                let mut run = EncounterRun::with_table(&c, &enc, seed, table).unwrap();
                run.run_to_end();
                logs.push(run.log().to_vec());
            }
        }
        for e in logs.iter().flatten() {
            assert!(!has_tuple(&e.text), "{name}: a tuple in `{}`", e.text);
            for r in rust {
                assert!(!e.text.contains(r), "{name}: `{r}` in `{}`", e.text);
            }
        }
    }
}
