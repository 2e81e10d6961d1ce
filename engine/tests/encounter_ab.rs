//! The A/B of an encounter change (issue #16, item 4): the same seeds played by both versions,
//! paired. A change that makes no difference reports no significant change; one that matters
//! shows the right sign, the other way round the opposite one; flipped seeds replay to the
//! stated results.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::ab::compare;
use sigilforge_engine::encounter::{Encounter, EncounterContent, EncounterRun, Mode, load};

fn goblin_ambush() -> (Encounter, EncounterContent) {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pack/encounters")
        .join("goblin_ambush.ron");
    let mut diags = Diagnostics::new();
    load(&path, &mut diags).expect("the shipped encounter loads")
}

/// Seeds per version: enough for a clear change, few for a debug build.
const RUNS: u32 = 120;

#[test]
fn a_change_that_makes_no_difference_is_not_significant() {
    let (enc, content) = goblin_ambush();
    let mut renamed = enc.clone();
    renamed.name = "Goblin Ambush (renamed)".into();
    let never = AtomicBool::new(false);
    let ab = compare((&content, &enc), (&content, &renamed), RUNS, &never)
        .expect("both versions start")
        .expect("not cancelled");
    assert_eq!(ab.plan.runs, RUNS);
    // Both tables, careful play and simple play (issue #32: the same tables as the estimate).
    for t in [&ab.careful, &ab.naive] {
        assert_eq!(t.flipped, 0);
        assert!(t.change.abs() < f64::EPSILON, "{ab:?}");
        assert!(!t.significant, "{ab:?}");
        assert_eq!(t.before.hero_wins, t.after.hero_wins);
        assert_eq!(t.before.runs, RUNS);
    }
}

#[test]
fn a_change_that_matters_shows_the_right_sign_both_ways() {
    let (enc, content) = goblin_ambush();
    // The two goblins leave: the heroes face half the foes.
    let mut easier = enc.clone();
    easier
        .combatants
        .retain(|c| c.id != "goblin_1" && c.id != "goblin_2");
    easier
        .turn_order
        .retain(|id| id != "goblin_1" && id != "goblin_2");
    let never = AtomicBool::new(false);
    let both = compare((&content, &enc), (&content, &easier), RUNS, &never)
        .expect("both versions start")
        .expect("not cancelled");
    assert!(
        both.careful.change > 0.0 && both.careful.significant,
        "{both:?}"
    );
    // The simple table's flipped seeds replay with the simple policies (`Mode::Policies`).
    let ab = &both.naive;
    assert!(ab.change > 0.0 && ab.significant, "{ab:?}");
    assert!(ab.ci95[0] > 0.0 && ab.ci95[0] <= ab.change && ab.change <= ab.ci95[1]);
    assert!(
        (ab.change - (ab.after.win_rate - ab.before.win_rate)).abs() < 1e-12,
        "the change is the difference of the two estimates: {ab:?}"
    );
    assert!(ab.flipped > 0);
    // Each flipped seed replays to the stated result in both versions.
    for &(seed, won_after) in ab.flips.iter().take(5) {
        let heroes_won = |enc: &Encounter| {
            let mut run = EncounterRun::with_mode(&content, enc, seed, Mode::Policies).unwrap();
            run.run_to_end();
            run.outcome().and_then(|o| o.winner.as_deref()) == Some(enc.heroes.as_str())
        };
        assert_eq!(heroes_won(&easier), won_after, "seed {seed}");
        assert_eq!(heroes_won(&enc), !won_after, "seed {seed}");
    }
    // The other way round: the same change, the opposite sign.
    let back = compare((&content, &easier), (&content, &enc), RUNS, &never)
        .expect("both versions start")
        .expect("not cancelled");
    assert!(
        back.naive.change < 0.0 && back.naive.significant,
        "{back:?}"
    );
    assert!((back.naive.change + ab.change).abs() < 1e-12);
    assert!((back.careful.change + both.careful.change).abs() < 1e-12);
}

#[test]
fn a_cancelled_comparison_reports_nothing() {
    let (enc, content) = goblin_ambush();
    let cancelled = AtomicBool::new(true);
    let ab = compare((&content, &enc), (&content, &enc), RUNS, &cancelled).unwrap();
    assert!(ab.is_none());
}
