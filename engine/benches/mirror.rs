//! The mirror battle: the same seven creatures on both sides of a 7-slot line, played to the
//! end with the log off, as Monte Carlo plays it (a fresh copy of the start reusing one
//! battle's buffers, seeds 1, 2, 3, …). The figure issue #29 names is instructions per battle
//! under callgrind; wall-clock battles per second are printed too.
//!
//! `cargo bench -p sigilforge-engine --bench mirror` prints battles per second for each board.
//! Instructions per battle: build once (`cargo bench -p sigilforge-engine --bench mirror
//! --no-run`), then run the binary under callgrind twice, with `--battles 0` and with
//! `--battles 10000`; the difference of the two `Collected` totals over 10,000 is the cost of
//! one battle (setup and process start cancel out):
//! `valgrind --tool=callgrind --callgrind-out-file=/dev/null BENCH --battles 10000 --board mirror`.
//! The Firestone side by side the issue names: `firestone.js` beside this file (how to run it
//! in its header: one core each, and node free to use the second), interleaved with
//! `BENCH --board mirror`.
#![allow(missing_docs)] // a bench binary

use std::hint::black_box;
use std::time::Instant;

use sigilforge_engine::battle::{Battle, BattleContent, BattleSetup, prepare};
use sigilforge_engine::model::BattleScenario;

/// The mirror board: a mix of static, attack, damage, death and random keywords, the same
/// line on both sides (Bolt and Terrify draw from the seed, so seeds differ).
const MIRROR: &str = r#"BattleScenario(
    name: "mirror 7 v 7",
    cards: {
        "knight": (name: "Knight", attack: 2, life: 6, tribes: ["Warrior"], keywords: ["Armor 1"]),
        "mage": (name: "Mage", attack: 1, life: 4, keywords: ["Bolt"]),
        "ogre": (name: "Ogre", attack: 3, life: 6, keywords: ["Fury", "Berserk"]),
        "drummer": (name: "Drummer", attack: 1, life: 4, tribes: ["Warrior"], keywords: ["Incite"]),
        "wolf": (name: "Wolf", attack: 2, life: 3, tribes: ["Beast"], keywords: ["Swarm 1"]),
        "troll": (name: "Troll", attack: 2, life: 6, keywords: ["Regen 1"]),
        "scarecrow": (name: "Scarecrow", attack: 1, life: 5, keywords: ["Terrify"]),
    },
    a: ["knight", "mage", "ogre", "drummer", "wolf", "troll", "scarecrow"],
    b: ["knight", "mage", "ogre", "drummer", "wolf", "troll", "scarecrow"],
)"#;

/// The criterion bench's board (`benches/battle.rs`): the two lines differ.
const MIXED: &str = r#"BattleScenario(
    name: "7 v 7 mixed keywords",
    cards: {
        "knight": (name: "Knight", attack: 2, life: 6, tribes: ["Warrior"], keywords: ["Armor 1"]),
        "mage": (name: "Mage", attack: 1, life: 4, keywords: ["Bolt"]),
        "ogre": (name: "Ogre", attack: 3, life: 6, keywords: ["Fury", "Berserk"]),
        "drummer": (name: "Drummer", attack: 1, life: 4, tribes: ["Warrior"], keywords: ["Incite"]),
        "wolf": (name: "Wolf", attack: 2, life: 3, tribes: ["Beast"], keywords: ["Swarm 1"]),
        "troll": (name: "Troll", attack: 2, life: 6, keywords: ["Regen 1"]),
        "scarecrow": (name: "Scarecrow", attack: 1, life: 5, keywords: ["Terrify"]),
        "reaper": (name: "Reaper", attack: 2, life: 4, keywords: ["Reaper 1", "Vengeance 2"]),
        "champion": (name: "Champion", attack: 2, life: 5, tribes: ["Warrior"], keywords: ["Warrior's Oath", "Dodge"]),
    },
    a: ["knight", "mage", "ogre", "drummer", "wolf", "troll", "scarecrow"],
    b: ["champion", "reaper", "wolf", "ogre", "knight", "mage", "troll"],
)"#;

/// The vanilla mirror: the mirror board's seven stat lines with no keywords (the Firestone side
/// by side gives its minions these stats, and Fury to the ogre; the figure compared is the
/// mirror board's, keywords and all).
const VANILLA: &str = r#"BattleScenario(
    name: "vanilla mirror 7 v 7",
    cards: {
        "a": (name: "A", attack: 2, life: 6),
        "b": (name: "B", attack: 1, life: 4),
        "c": (name: "C", attack: 3, life: 6),
        "d": (name: "D", attack: 1, life: 4),
        "e": (name: "E", attack: 2, life: 3),
        "f": (name: "F", attack: 2, life: 6),
        "g": (name: "G", attack: 1, life: 5),
    },
    a: ["a", "b", "c", "d", "e", "f", "g"],
    b: ["a", "b", "c", "d", "e", "f", "g"],
)"#;

const BOARDS: [(&str, &str); 3] = [("mirror", MIRROR), ("mixed", MIXED), ("vanilla", VANILLA)];

fn setup(source: &str) -> BattleSetup {
    let scenario: BattleScenario = ron::from_str(source).expect("bench scenario parses");
    prepare(&BattleContent::standard(), &scenario).expect("bench scenario resolves")
}

/// Plays `battles` battles (seeds 1..=battles) as `simulate` does; returns a checksum of the
/// results and how many events they logged.
fn play(setup: &BattleSetup, battles: u64) -> (i64, u64) {
    let start = Battle::with_log(setup, 0, false);
    let mut battle = start.clone();
    let (mut sum, mut events) = (0i64, 0u64);
    for seed in 1..=battles {
        battle.reset_from(&start, seed);
        battle.run();
        let [a, b] = battle.life();
        sum += i64::from(a - b);
        events += u64::from(battle.event_count());
    }
    (black_box(sum), events)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let board = value("--board");
    let chosen: Vec<(&str, &str)> = BOARDS
        .iter()
        .copied()
        .filter(|(name, _)| board.as_deref().is_none_or(|b| b == *name))
        .collect();
    if let Some(battles) = value("--battles") {
        // The callgrind run: exactly this many battles, nothing timed.
        let battles: u64 = battles.parse().expect("--battles takes a number");
        for (name, source) in chosen {
            let (sum, events) = play(&setup(source), battles);
            println!("{name}: {battles} battles, {events} events, checksum {sum}");
        }
        return;
    }
    for (name, source) in chosen {
        let setup = setup(source);
        black_box(play(&setup, 2_000));
        let battles = 200_000;
        let started = Instant::now();
        let (_, events) = play(&setup, battles);
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{name}: {:.0} battles/s on one thread ({:.2} µs a battle, {:.1} events a battle)",
            battles as f64 / seconds,
            seconds * 1e6 / battles as f64,
            events as f64 / battles as f64
        );
    }
}
