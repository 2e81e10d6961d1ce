//! The balance lab: card impact over a pool, A/B of an edit, determinism, the results file and
//! the command.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use sigilforge_engine::balance::ab::GameResult;
use sigilforge_engine::balance::lab::{Lineups, Version, choose_pool, draw_lineups, game_scenario};
use sigilforge_engine::balance::tally::{Player, Sums};
use sigilforge_engine::balance::{BalanceConfig, Control, run_ab, run_balance, saved};
use sigilforge_engine::battle::{Battle, BattleContent};
use sigilforge_engine::model::{Card, CardSet, PackManifest};
use sigilforge_engine::pack::{Content, Pack, PackFile};

fn card(id: &str, attack: i32, life: i32, keywords: &[&str]) -> Card {
    Card {
        id: id.into(),
        name: id.replace('_', " "),
        attack,
        life,
        keywords: keywords.iter().map(|s| (*s).to_owned()).collect(),
        ..Card::default()
    }
}

fn pack_of(cards: Vec<Card>) -> Pack {
    let mut pack = Pack::new(Path::new("/nonexistent/pack"), PackManifest::new("t", "T"));
    pack.files.push(PackFile::new(
        "cards.ron",
        Content::Cards(CardSet { cards }),
    ));
    pack
}

/// 30 plain 2/4 creatures; `boost` (if any) becomes 5/8.
fn vanilla_pool(boost: Option<&str>) -> Pack {
    pack_of(
        (0..30)
            .map(|i| {
                let id = format!("plain_{i:02}");
                if boost == Some(id.as_str()) {
                    card(&id, 5, 8, &[])
                } else {
                    card(&id, 2, 4, &[])
                }
            })
            .collect(),
    )
}

fn starter() -> Pack {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
    let mut diags = sigilforge_engine::diag::Diagnostics::new();
    sigilforge_engine::pack::load_pack(&root, &mut diags)
}

fn control(threads: Option<usize>, cancel: &AtomicBool) -> Control<'_> {
    Control {
        progress: &|_| {},
        cancel,
        threads,
    }
}

fn config(runs: u64) -> BalanceConfig {
    BalanceConfig {
        runs,
        ..BalanceConfig::default()
    }
}

#[test]
fn a_deliberately_stronger_card_is_flagged_and_only_it() {
    let cancel = AtomicBool::new(false);
    let report = run_balance(
        &vanilla_pool(Some("plain_17")),
        &config(6_000),
        control(None, &cancel),
    )
    .unwrap()
    .unwrap();
    let flagged: Vec<&str> = report.outliers(0.02).map(|c| c.id.as_str()).collect();
    assert_eq!(flagged, ["plain_17"], "{}", report.to_table());
    let strong = report.cards.iter().find(|c| c.id == "plain_17").unwrap();
    assert!(strong.delta.unwrap() > 0.2, "{strong:?}");
    assert!(strong.outlier);
    assert_eq!(report.cards.iter().filter(|c| c.outlier).count(), 1);
    // Matches played both ways: the first player's edge cancels out in the totals.
    assert_eq!(report.runs, 6_000);
    assert_eq!(
        report.overall.first_wins
            + report.overall.second_wins
            + report.overall.draws
            + report.overall.no_winner,
        6_000
    );
}

#[test]
fn an_even_pool_flags_nothing() {
    let cancel = AtomicBool::new(false);
    let report = run_balance(&vanilla_pool(None), &config(2_000), control(None, &cancel))
        .unwrap()
        .unwrap();
    assert_eq!(report.outliers(0.02).count(), 0, "{}", report.to_table());
}

#[test]
fn results_are_identical_across_thread_counts() {
    let cancel = AtomicBool::new(false);
    let pack = starter();
    let cfg = config(1_200);
    let one = run_balance(&pack, &cfg, control(Some(1), &cancel))
        .unwrap()
        .unwrap();
    let three = run_balance(&pack, &cfg, control(Some(3), &cancel))
        .unwrap()
        .unwrap();
    assert_eq!(one, three);
    // Keywords acted and creatures did damage: the tallies are live.
    let bolt = one.keywords.iter().find(|k| k.id == "Bolt").unwrap();
    assert!(
        bolt.fired.get("Bolt").copied().unwrap_or(0.0) > 0.5,
        "{bolt:?}"
    );
    assert!(one.cards.iter().all(|c| c.games > 0));
    assert!(
        one.cards
            .iter()
            .any(|c| c.damage_dealt > 0.0 && c.survival < 1.0)
    );
}

#[test]
fn the_lab_plays_the_battle_the_sandbox_would_open() {
    let pack = starter();
    let cfg = config(40);
    let pool = choose_pool(&pack, &cfg).unwrap();
    let version = Version::new(&pack, &pool, &cfg).unwrap();
    let content = BattleContent::from_pack(&pack);
    let mut player = Player::new(&version);
    let mut sums = Sums::new(&version);
    let mut scratch = Vec::new();
    let mut lineups = Lineups {
        index: 0,
        lines: [Vec::new(), Vec::new()],
        seed: 0,
    };
    for index in 0..20 {
        draw_lineups(
            cfg.seed,
            index,
            pool.len(),
            cfg.line_size,
            &mut scratch,
            &mut lineups,
        );
        let outcome = player.play(&version, &lineups, &mut sums);
        // The swapped game is the last one played: compare its whole end state.
        let scenario = game_scenario(&pool, &lineups, true, &cfg);
        let mut fresh = Battle::from_scenario(&content, &scenario, scenario.seed).unwrap();
        fresh.run();
        let lab = player.battle();
        assert_eq!(
            (lab.winner(), lab.life(), lab.turn(), lab.event_count()),
            (
                fresh.winner(),
                fresh.life(),
                fresh.turn(),
                fresh.event_count()
            ),
            "match {index}"
        );
        let first = game_scenario(&pool, &lineups, false, &cfg);
        let mut fresh = Battle::from_scenario(&content, &first, first.seed).unwrap();
        fresh.run();
        assert_eq!(
            GameResult::of_winner(fresh.winner()),
            GameResult::from_code(outcome.results[0]),
            "match {index}, first game"
        );
    }
}

#[test]
fn a_no_op_ab_reports_no_significant_change() {
    let cancel = AtomicBool::new(false);
    let pack = starter();
    let report = run_ab(
        &pack,
        "as saved",
        &pack,
        "as edited",
        &config(1_000),
        control(None, &cancel),
    )
    .unwrap()
    .unwrap();
    assert!(report.edited.is_empty());
    assert_eq!(report.flipped, 0);
    assert!(report.edited_lines.is_none());
    assert!(!report.first_player.significant);
    assert!(
        report
            .cards
            .iter()
            .all(|c| c.change == 0.0 && !c.significant)
    );
    assert_eq!(report.before, report.after);
}

#[test]
fn an_edit_that_matters_shows_the_right_sign_and_flips_replay() {
    let cancel = AtomicBool::new(false);
    let before = starter();
    let mut after = before.clone();
    let mut weaker = after.clone();
    for (pack, attack, life) in [(&mut after, 6, 9), (&mut weaker, 0, 1)] {
        for file in &mut pack.files {
            if let Content::Cards(set) = &mut file.content {
                for c in &mut set.cards {
                    if c.id == "grey_wolf" {
                        c.attack = attack;
                        c.life = life;
                    }
                }
            }
        }
    }
    let cfg = config(1_000);
    let report = run_ab(
        &before,
        "as saved",
        &after,
        "as edited",
        &cfg,
        control(Some(2), &cancel),
    )
    .unwrap()
    .unwrap();
    assert_eq!(report.edited, ["grey_wolf"]);
    let wolf = report.cards.iter().find(|c| c.id == "grey_wolf").unwrap();
    assert!(wolf.change > 0.0 && wolf.significant, "{wolf:?}");
    let lines = report.edited_lines.as_ref().unwrap();
    assert!(lines.change > 0.0 && lines.significant);
    assert!(report.flipped > 0);
    // Each flipped game replays, in a fresh battle of each version, to the stated results.
    let content_before = BattleContent::from_pack(&before);
    let content_after = BattleContent::from_pack(&after);
    for flip in report.flips.iter().take(25) {
        let scenario = flip.scenario(&cfg);
        for (content, expected) in [(&content_before, flip.before), (&content_after, flip.after)] {
            let mut b = Battle::from_scenario(content, &scenario, flip.seed).unwrap();
            b.run();
            assert_eq!(GameResult::of_winner(b.winner()), expected, "{flip:?}");
        }
        // Replayed for the editor: the same results, opened where the logs part.
        let replay = flip.replay(&content_before, &content_after, &cfg).unwrap();
        assert_eq!(GameResult::of_winner(replay.before.winner()), flip.before);
        assert_eq!(GameResult::of_winner(replay.after.winner()), flip.after);
        let d = replay.first_difference;
        let (x, y) = (replay.before.log(), replay.after.log());
        assert!(
            d < x.len().min(y.len()),
            "a flip's logs part before either ends"
        );
        assert_ne!(
            replay.before.describe_tagged(&x[d]),
            replay.after.describe_tagged(&y[d])
        );
        for (a, b) in x[..d].iter().zip(&y[..d]) {
            assert_eq!(
                replay.before.describe_tagged(a),
                replay.after.describe_tagged(b)
            );
        }
    }
    let down = run_ab(
        &before,
        "as saved",
        &weaker,
        "as edited",
        &cfg,
        control(None, &cancel),
    )
    .unwrap()
    .unwrap();
    let wolf = down.cards.iter().find(|c| c.id == "grey_wolf").unwrap();
    assert!(wolf.change < 0.0 && wolf.significant, "{wolf:?}");
}

#[test]
fn a_cancelled_run_returns_nothing() {
    let cancel = AtomicBool::new(true);
    assert!(
        run_balance(&starter(), &config(10_000), control(None, &cancel))
            .unwrap()
            .is_none()
    );
}

#[test]
fn saved_results_reopen_and_say_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let cancel = AtomicBool::new(false);
    let pack = vanilla_pool(None);
    let report = run_balance(&pack, &config(200), control(None, &cancel))
        .unwrap()
        .unwrap();
    saved::save(dir.path(), &pack, &report).unwrap();
    let back = saved::load(dir.path()).unwrap().unwrap();
    assert_eq!(back.report, report);
    assert!(saved::changes_since(&back, &pack).unwrap().is_empty());
    let edited = vanilla_pool(Some("plain_03"));
    assert_eq!(
        saved::changes_since(&back, &edited).unwrap(),
        ["`plain_03` was edited"]
    );
    assert!(saved::load(&dir.path().join("nowhere")).unwrap().is_none());
    std::fs::write(dir.path().join(saved::RESULTS_FILE), "{").unwrap();
    assert!(saved::load(dir.path()).is_err());
}

#[test]
fn the_command_prints_the_documented_json_and_exits_2_on_bad_input() {
    use sigilforge_engine::balance::cli::{Options, balance_command};
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
    let options = Options {
        json: true,
        ..Options::default()
    };
    let out = balance_command(&root, &config(400), &options, &|_| {});
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let cards = json["cards"].as_array().unwrap();
    assert!(!cards.is_empty());
    for card in cards {
        assert!(card["id"].is_string(), "{card}");
        assert!(card["games"].is_u64(), "{card}");
        assert!(card["outlier"].is_boolean(), "{card}");
        let ci = card["ci95"].as_array().unwrap();
        assert_eq!(ci.len(), 2, "{card}");
        if let (Some(delta), Some(lo), Some(hi)) =
            (card["delta"].as_f64(), ci[0].as_f64(), ci[1].as_f64())
        {
            assert!(lo <= delta && delta <= hi, "{card}");
        }
    }
    let nowhere = balance_command(
        Path::new("/nonexistent/pack"),
        &config(10),
        &options,
        &|_| {},
    );
    assert_eq!(nowhere.code, 2);
    let bad_filter = BalanceConfig {
        filter: "id:nothing_is_called_this".into(),
        ..config(10)
    };
    let empty = balance_command(&root, &bad_filter, &options, &|_| {});
    assert_eq!(empty.code, 2, "{}", empty.stdout);
    assert!(empty.stderr.contains("pool"), "{}", empty.stderr);
}
