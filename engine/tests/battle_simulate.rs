//! Monte Carlo: rates, intervals and independence from the thread count.

mod battle_common;
use battle_common as common;

use common::scenario;
use sigilforge_engine::battle::simulate::{simulate, wilson};
use sigilforge_engine::battle::{BattleContent, prepare};

#[test]
fn results_do_not_depend_on_thread_count() {
    let s = scenario(10)
        .card("mage", 1, 6, &["Bolt"])
        .card("x", 2, 4, &[])
        .a(&["mage", "x"])
        .b(&["x", "mage"]);
    let setup = prepare(&BattleContent::standard(), &s.0).unwrap();
    let one = simulate(&setup, 3000, Some(1), &|_| {});
    let two = simulate(&setup, 3000, Some(2), &|_| {});
    assert_eq!(one, two);
    assert_eq!(one.runs, 3000);
    let total = one.win.count + one.draw.count + one.loss.count + one.none.count;
    assert_eq!(total, 3000);
    // Bolt's random targets make the outcome vary with the seed.
    let outcomes = [
        one.win.count,
        one.draw.count,
        one.loss.count,
        one.none.count,
    ];
    assert!(outcomes.iter().filter(|&&c| c > 0).count() >= 2, "{one:?}");
}

#[test]
fn a_sure_win_is_a_sure_win() {
    let s = scenario(30).card("giant", 10, 10, &[]).a(&["giant"]);
    let setup = prepare(&BattleContent::standard(), &s.0).unwrap();
    let done = std::sync::atomic::AtomicU64::new(0);
    let r = simulate(&setup, 100, None, &|n| {
        done.fetch_max(n, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(r.win.count, 100);
    assert_eq!((r.turns.p10, r.turns.p50, r.turns.p90), (2, 2, 2));
    assert_eq!(r.life_b.p50, 0);
    assert_eq!(r.examples, [Some(0), None, None, None]);
    assert_eq!(done.load(std::sync::atomic::Ordering::Relaxed), 100);
    assert!(
        r.win.low > 0.96 && (r.win.high - 1.0).abs() < 1e-12,
        "{:?}",
        r.win
    );
}

#[test]
fn wilson_interval_matches_known_values() {
    let r = wilson(50, 100);
    assert!(
        (r.low - 0.4038).abs() < 1e-3 && (r.high - 0.5962).abs() < 1e-3,
        "{r:?}"
    );
    let r = wilson(0, 10);
    assert!(
        r.low.abs() < 1e-12 && (r.high - 0.2775).abs() < 1e-3,
        "{r:?}"
    );
}
