//! Timings on a generated 10,000-card pack. Ignored by default (run with
//! `cargo test -p sigilforge --test editor_perf -- --ignored --nocapture`); it prints numbers and
//! asserts only behaviour, never time.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use egui::{Event, MouseWheelUnit, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::shell::panels::library::filter_cards;
use sigilforge::shell::{Document, Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;

const TRIBES: [&str; 6] = ["Warrior", "Goblin", "Undead", "Beast", "Mage", "Dragon"];

fn generate(dir: &std::path::Path, cards: usize) {
    std::fs::write(
        dir.join("pack.ron"),
        "Pack(id: \"big\", name: \"Big Pack\", version: \"0.1.0\", schema_version: 1)\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("keywords.ron"),
        "KeywordSet(keywords: [(name: \"Armor\", param: Some(\"N\"), summary: \"Takes N less damage.\"), (name: \"Fury\", summary: \"Attacks twice.\")])\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("big-battle.ron"),
        "BattleScenario(name: \"Big battle\", max_turns: 30, a: [\"card_1\", \"card_2\", \"card_3\", \"card_4\"], b: [\"card_5\", \"card_6\", \"card_7\", \"card_8\"])\n",
    )
    .unwrap();
    // Ten files of a thousand cards, like a large real set split by expansion.
    for file in 0..10 {
        let mut text = String::from("CardSet(cards: [\n");
        for i in 0..cards / 10 {
            let n = file * (cards / 10) + i;
            let keyword = if n.is_multiple_of(3) {
                "\"Armor 1\""
            } else {
                "\"Fury\""
            };
            writeln!(
                text,
                "(id: \"card_{n}\", name: \"Card {n}\", cost: {}, attack: {}, life: {}, tribes: [\"{}\"], keywords: [{keyword}], text: \"Flavour for card {n}.\"),",
                n % 7,
                n % 9,
                1 + n % 8,
                TRIBES[n % TRIBES.len()]
            )
            .unwrap();
        }
        text.push_str("])\n");
        std::fs::write(dir.join(format!("set{file:02}.ron")), text).unwrap();
    }
}

fn p95(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[(samples.len() * 95 / 100).min(samples.len() - 1)]
}

#[test]
#[ignore = "prints timings; run on purpose"]
fn ten_thousand_cards() {
    let dir = tempfile::tempdir().unwrap();
    generate(dir.path(), 10_000);

    let started = Instant::now();
    let mut diags = Diagnostics::new();
    let pack = load_pack(dir.path(), &mut diags);
    let loaded = started.elapsed();
    let doc = Document::new(pack.clone(), &diags);
    let open = started.elapsed();
    println!("  of which the engine's load_pack (parse + validate): {loaded:?}");
    assert_eq!(doc.pack().cards().count(), 10_000);
    println!("open 10,000-card pack (load + validate + index problems): {open:?}");

    let mut filter_times = Vec::new();
    for query in ["card 99", "goblin", "armor", "zzz", "flavour for card 1"] {
        let t = Instant::now();
        let rows = filter_cards(&doc, query, None, None, None);
        filter_times.push(t.elapsed());
        assert!(query == "zzz" || !rows.is_empty());
    }
    println!(
        "filter a search: max {:?} over {} queries",
        filter_times.iter().max().unwrap(),
        filter_times.len()
    );

    let app = SigilforgeApp::with_pack(pack, Settings::default());
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(move |_cc| app);
    harness.run();
    let mut frames = Vec::new();
    let centre = egui::pos2(150.0, 400.0);
    for _ in 0..200 {
        harness.hover_at(centre);
        harness.event(Event::MouseWheel {
            unit: MouseWheelUnit::Point,
            delta: Vec2::new(0.0, -120.0),
            modifiers: egui::Modifiers::NONE,
            phase: egui::TouchPhase::Move,
        });
        let t = Instant::now();
        harness.step();
        frames.push(t.elapsed());
    }
    println!(
        "frame while scrolling the library (UI only, no GPU): p95 {:?}, max {:?}",
        p95(frames.clone()),
        frames.iter().max().unwrap()
    );

    harness.get_by_label("Scenario").click();
    harness.run();
    harness.get_by_label("Big battle").click();
    harness.run();
    let mut frames = Vec::new();
    for _ in 0..100 {
        harness.key_press(egui::Key::F10);
        let t = Instant::now();
        harness.step();
        frames.push(t.elapsed());
    }
    let battle = harness.state().sandbox_battle();
    println!(
        "sandbox battle loaded: {}, over: {}",
        battle.is_some(),
        battle.is_some_and(sigilforge_engine::battle::Battle::is_over)
    );
    println!(
        "frame while the sandbox steps (F10 each frame): p95 {:?}, max {:?}",
        p95(frames.clone()),
        frames.iter().max().unwrap()
    );
}
