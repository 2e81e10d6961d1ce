//! The balance lab's suggested fix: on a pool with a planted overpowered card, the suggested
//! change, applied and balanced again, puts the card inside the margin; a fine card gets no
//! suggestion; `balance --suggest --json` reports it.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use sigilforge_engine::balance::cli::{Options, balance_command};
use sigilforge_engine::balance::suggest::{Knob, Outcome, suggest, with_card};
use sigilforge_engine::balance::{BalanceConfig, Control, run_balance};
use sigilforge_engine::model::{Card, CardSet, PackManifest};
use sigilforge_engine::pack::{Content, Pack, PackFile};
use sigilforge_engine::ron_io::to_canonical;

/// Thirty plain 2/4 creatures, `plain_05` made a 4/4: overpowered.
fn planted() -> Vec<Card> {
    (0..30)
        .map(|i| {
            let id = format!("plain_{i:02}");
            Card {
                name: id.replace('_', " "),
                id,
                attack: if i == 5 { 4 } else { 2 },
                life: 4,
                ..Card::default()
            }
        })
        .collect()
}

fn pack_of(cards: Vec<Card>) -> Pack {
    let mut pack = Pack::new(Path::new("/nonexistent/pack"), PackManifest::new("t", "T"));
    pack.files.push(PackFile::new(
        "cards.ron",
        Content::Cards(CardSet { cards }),
    ));
    pack
}

fn config() -> BalanceConfig {
    BalanceConfig {
        runs: 6_000,
        ..BalanceConfig::default()
    }
}

fn control(cancel: &AtomicBool) -> Control<'_> {
    Control {
        progress: &|_| {},
        cancel,
        threads: None,
    }
}

#[test]
fn the_suggestion_applied_and_balanced_again_is_inside_the_margin() {
    let cancel = AtomicBool::new(false);
    let pack = pack_of(planted());
    let config = config();
    let before = run_balance(&pack, &config, control(&cancel))
        .unwrap()
        .unwrap();
    let strong = before.cards.iter().find(|c| c.id == "plain_05").unwrap();
    assert!(strong.outlier, "{}", before.to_table());
    let Some(Outcome::Suggested(fix)) =
        suggest(&pack, &config, "plain_05", control(&cancel)).unwrap()
    else {
        panic!("no suggestion for the planted card");
    };
    // The search saw the card as the full run does: same matches, same seeds.
    assert!(
        (fix.before.delta - strong.delta.unwrap()).abs() < 1e-12,
        "{fix:?}"
    );
    assert!(fix.from > fix.to, "a weaker number: {}", fix.describe());
    assert!(fix.after.delta.abs() <= config.margin, "{}", fix.describe());
    assert!(fix.change[0] < 0.0, "the paired change lowers its win rate");
    assert!(fix.describe().contains(" → "), "{}", fix.describe());
    // Applied (the card with the change) and balanced again: inside the margin, not flagged.
    let after = run_balance(&with_card(&pack, &fix.card), &config, control(&cancel))
        .unwrap()
        .unwrap();
    let fixed = after.cards.iter().find(|c| c.id == "plain_05").unwrap();
    assert!(
        fixed.delta.unwrap().abs() <= config.margin,
        "{}",
        after.to_table()
    );
    assert!(!fixed.outlier);
    assert!((fixed.delta.unwrap() - fix.after.delta).abs() < 1e-12);
    // The smallest change: no one-step change of any other number was enough (the search
    // returns the first step at which some number is), so a smaller step of the chosen number
    // would not have been either.
    let one_less = fix.from + (fix.to - fix.from).signum() * ((fix.to - fix.from).abs() - 1);
    if one_less != fix.from {
        let smaller = fix.knob.apply(pack.card("plain_05").unwrap(), one_less);
        let report = run_balance(&with_card(&pack, &smaller), &config, control(&cancel))
            .unwrap()
            .unwrap();
        let card = report.cards.iter().find(|c| c.id == "plain_05").unwrap();
        assert!(
            card.delta.unwrap().abs() > config.margin,
            "{}",
            report.to_table()
        );
    }
}

#[test]
fn a_fine_card_gets_no_suggestion() {
    let cancel = AtomicBool::new(false);
    let pack = pack_of(planted());
    let outcome = suggest(&pack, &config(), "plain_09", control(&cancel))
        .unwrap()
        .unwrap();
    assert_eq!(outcome, Outcome::Fine);
}

#[test]
fn balance_suggest_json_lists_the_fix_for_the_flagged_card_only() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"t\", name: \"T\", version: \"0.1.0\")\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("cards.ron"),
        to_canonical("CardSet", &CardSet { cards: planted() }).unwrap(),
    )
    .unwrap();
    let options = Options {
        json: true,
        suggest: true,
        ..Options::default()
    };
    let out = balance_command(dir.path(), &config(), &options, &|_| {});
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let found = json["suggestions"].as_array().unwrap();
    let flagged: Vec<&str> = json["cards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["outlier"] == true)
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(flagged, ["plain_05"]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["id"], "plain_05");
    assert_eq!(found[0]["status"], "suggested");
    assert!(found[0]["to"].as_i64().unwrap() < found[0]["from"].as_i64().unwrap());
    let table = balance_command(
        dir.path(),
        &config(),
        &Options {
            suggest: true,
            ..Options::default()
        },
        &|_| {},
    );
    assert!(table.stdout.contains("Suggested fixes"), "{}", table.stdout);
    assert!(
        table.stdout.contains("points, 95% interval ±"),
        "{}",
        table.stdout
    );
}

#[test]
fn knobs_are_attack_and_life_for_a_card_without_keyword_values() {
    assert_eq!(Knob::of(&planted()[5]), [Knob::Attack, Knob::Life]);
}
