//! Speed of the balance lab (ignored: run in release and read the printout):
//! `cargo test --release -p sigilforge-engine --test balance_bench -- --ignored --nocapture`.
//!
//! The target: a 60-card pool, 7-card lines, 1,000,000 battles (500,000 matches with
//! the sides swapped) in under 10 s on 2 cores, statistics included.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use sigilforge_engine::balance::{BalanceConfig, Control, run_balance};
use sigilforge_engine::model::{Card, CardSet};
use sigilforge_engine::pack::{Content, PackFile, load_pack};

/// The starter pack's creatures plus enough variants to make a pool of exactly 60.
fn sixty_card_pack() -> sigilforge_engine::pack::Pack {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
    let mut pack = load_pack(&root, &mut sigilforge_engine::diag::Diagnostics::new());
    let pool = sigilforge_engine::balance::lab::choose_pool(&pack, &BalanceConfig::default())
        .expect("starter pool");
    let extra: Vec<Card> = (0..60usize.saturating_sub(pool.len()))
        .map(|i| Card {
            id: format!("variant_{i}"),
            name: format!("Variant {i}"),
            attack: 1 + (i % 3) as i32,
            life: 3 + (i % 4) as i32,
            keywords: vec![
                ["Armor 1", "Bolt", "Regen 1", "Fury", "Swarm 1", "Thorns 1"][i % 6].into(),
            ],
            ..Card::default()
        })
        .collect();
    pack.files.push(PackFile::new(
        "bench/variants.ron",
        Content::Cards(CardSet { cards: extra }),
    ));
    pack
}

#[test]
#[ignore = "a benchmark: run in release with --ignored --nocapture"]
fn a_million_battles_over_sixty_cards() {
    let pack = sixty_card_pack();
    let config = BalanceConfig {
        runs: 1_000_000,
        ..BalanceConfig::default()
    };
    let pool = sigilforge_engine::balance::lab::choose_pool(&pack, &config).unwrap();
    assert_eq!(pool.len(), 60);
    let cancel = AtomicBool::new(false);
    for threads in [2, 1] {
        let start = Instant::now();
        let report = run_balance(
            &pack,
            &config,
            Control {
                progress: &|_| {},
                cancel: &cancel,
                threads: Some(threads),
            },
        )
        .unwrap()
        .unwrap();
        let secs = start.elapsed().as_secs_f64();
        println!(
            "balance: {} battles, 60-card pool, 7-card lines, {threads} thread(s): {secs:.2} s ({:.0} battles/s), {:.1} turns a game",
            report.runs,
            report.runs as f64 / secs,
            report.overall.average_turns
        );
    }
}

/// Issue #33's target: a suggestion for one card of a 60-card pool in under 10 s on 2 cores
/// (the run's default 100,000 battles; the card made a 5/7 so it is flagged and needs a fix).
#[test]
#[ignore = "a benchmark: run in release with --ignored --nocapture"]
fn a_suggestion_for_one_card_of_sixty() {
    use sigilforge_engine::balance::suggest::{Outcome, suggest, with_card};
    let pack = sixty_card_pack();
    let strong = Card {
        attack: 5,
        life: 7,
        ..pack.card("variant_0").expect("a variant").clone()
    };
    let pack = with_card(&pack, &strong);
    let config = BalanceConfig::default();
    let cancel = AtomicBool::new(false);
    for threads in [2, 1] {
        let start = Instant::now();
        let outcome = suggest(
            &pack,
            &config,
            "variant_0",
            Control {
                progress: &|_| {},
                cancel: &cancel,
                threads: Some(threads),
            },
        )
        .unwrap()
        .unwrap();
        let secs = start.elapsed().as_secs_f64();
        let found = match &outcome {
            Outcome::Suggested(s) => s.describe(),
            other => format!("{other:?}"),
        };
        println!(
            "suggest: one card of a 60-card pool, {} battles' matches, {threads} thread(s): {secs:.2} s; {found}",
            config.runs
        );
    }
}
