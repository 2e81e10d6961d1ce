//! Battle-line benchmark: a 7-versus-7 battle with a mix of keywords, each iteration a fresh
//! clone of the starting state with the log off; and `simulate` over 100,000 seeds.
#![allow(missing_docs)] // criterion's macros generate undocumented items.
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sigilforge_engine::battle::simulate::simulate;
use sigilforge_engine::battle::{Battle, BattleContent, BattleSetup, prepare};
use sigilforge_engine::model::BattleScenario;

const SCENARIO: &str = r#"BattleScenario(
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

fn setup() -> BattleSetup {
    let scenario: BattleScenario = ron::from_str(SCENARIO).expect("bench scenario parses");
    prepare(&BattleContent::standard(), &scenario).expect("bench scenario resolves")
}

fn bench(c: &mut Criterion) {
    let setup = setup();
    let start = Battle::with_log(&setup, 0, false);
    let mut group = c.benchmark_group("battle");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    // As `simulate` runs them: a fresh copy of the start, reusing one battle's buffers.
    let mut battle = start.clone();
    group.bench_function("7v7 mixed, log off", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            battle.reset_from(&start, seed);
            battle.run();
            black_box(battle.life())
        });
    });
    group.bench_function("7v7 mixed, log on", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let mut battle = Battle::new(&setup, seed);
            battle.run();
            black_box(battle.log().len())
        });
    });
    group.finish();
    let mut sim = c.benchmark_group("simulate");
    sim.sample_size(10);
    sim.bench_function("100k runs, 2 threads", |b| {
        b.iter(|| black_box(simulate(&setup, 100_000, Some(2), &|_| {}).win.count));
    });
    sim.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
