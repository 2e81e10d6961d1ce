//! The one difficulty estimate (issue #32, item 6): both tables over the plan's seeds, labelled,
//! with the band word from the documented rule; a second foe lowers the heroes' careful win rate.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::file::CombatantSpec;
use sigilforge_engine::encounter::{
    DifficultyBand, Encounter, EncounterContent, EncounterRun, EstimatePlan, PlayStyle, Table,
    estimate_difficulty, load, simulate_table,
};

fn hags_hut() -> (Encounter, EncounterContent) {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack/encounters/hags_hut.ron");
    let mut diags = Diagnostics::new();
    load(&path, &mut diags).unwrap()
}

/// The Hag's Hut with `n` goblins on the foes' side, added as the prep panel adds them (the
/// next id, the end of the turn order, a free cell of the top row).
fn with_goblins(n: usize) -> (Encounter, EncounterContent) {
    let (mut enc, content) = hags_hut();
    for k in 0..n {
        let id = if k == 0 {
            "goblin".to_owned()
        } else {
            format!("goblin_{}", k + 1)
        };
        enc.turn_order.push(id.clone());
        enc.combatants.push(CombatantSpec {
            id,
            stat_block: "goblin".into(),
            inline: None,
            side: "foes".into(),
            position: (i32::try_from(k).unwrap(), 0),
            reacts: true,
            hidden: false,
        });
    }
    (enc, content)
}

#[test]
fn the_estimate_plays_both_tables_on_the_plans_seeds() {
    let (enc, content) = hags_hut();
    let plan = EstimatePlan {
        runs: 12,
        first_seed: 30,
    };
    let d = estimate_difficulty(&content, &enc, plan).unwrap();
    assert_eq!(d.plan, plan);
    for style in PlayStyle::ALL {
        let report = d.table(style);
        assert_eq!(report.runs, 12);
        // Each table is its policies played on seeds 30..41, nothing else.
        let wins = (30..42)
            .filter(|seed| {
                let mut run =
                    EncounterRun::with_table(&content, &enc, *seed, style.table()).unwrap();
                run.run_to_end();
                run.outcome().and_then(|o| o.winner.as_deref()) == Some("heroes")
            })
            .count();
        assert_eq!(report.hero_wins as usize, wins, "{}", style.label());
    }
    assert_eq!(d.band, DifficultyBand::of_win_rate(d.careful.win_rate));
    // The same plan gives the same numbers (the sheet and the screen agree).
    assert_eq!(estimate_difficulty(&content, &enc, plan).unwrap(), d);
    // From seed 0, the plan is the run count alone: the tables' own simulation.
    let from_zero = estimate_difficulty(&content, &enc, 12).unwrap();
    assert_eq!(
        from_zero.careful,
        simulate_table(&content, &enc, 12, Table::CAREFUL).unwrap()
    );
    assert_eq!(
        from_zero.naive,
        simulate_table(&content, &enc, 12, Table::NAIVE).unwrap()
    );
}

#[test]
fn the_headline_says_the_band_and_which_table_is_which() {
    let (enc, content) = hags_hut();
    let d = estimate_difficulty(&content, &enc, 20).unwrap();
    let headline = d.headline();
    assert!(headline.starts_with(d.band.word()), "{headline}");
    assert!(
        headline.contains(&format!(
            "{:.1}% with careful play, {:.1}% with simple play",
            d.careful.win_rate * 100.0,
            d.naive.win_rate * 100.0
        )),
        "{headline}"
    );
    assert!(headline.ends_with("(20 runs, seeds 0–19)"), "{headline}");
}

/// Issue #32, item 6: "the careful estimate did not drop for a second goblin". Each goblin
/// added to the Hag's side must not raise the heroes' careful win rate, and two goblins must
/// clearly lower it from none.
#[test]
fn another_goblin_lowers_the_heroes_careful_win_rate() {
    const RUNS: u32 = 200;
    let rates: Vec<f64> = (0..3)
        .map(|n| {
            let (enc, content) = with_goblins(n);
            estimate_difficulty(&content, &enc, RUNS)
                .unwrap()
                .careful
                .win_rate
        })
        .collect();
    println!("careful win rate with 0, 1, 2 goblins: {rates:?}");
    assert!(rates[1] <= rates[0], "{rates:?}");
    assert!(rates[2] <= rates[1], "{rates:?}");
    assert!(rates[2] < rates[0] - 0.15, "{rates:?}");
}
