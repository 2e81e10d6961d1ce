//! Issue #26: Grand Archive's mechanics as its profile gives them. Attacks (declaring, On
//! Attack, retaliation, simultaneous combat damage, On Hit and On Kill, Taunt, and the
//! refusals: a rested attacker, the wrong phase, a game without combat); buff counters; Slow
//! and Fast cards; an element that must be enabled to play a card; conditions on counts ("while
//! you control no allies"). The scenarios are this
//! test's own, in `tests/fixtures/rules-ga/`.

#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use std::path::{Path, PathBuf};

use sigilforge_engine::rules::{Action, Game, RulesScenario, run_scenario};

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules-ga");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

fn load(path: &Path) -> RulesScenario {
    let source = std::fs::read_to_string(path).unwrap();
    sigilforge_engine::ron_io::parse_one(&source, path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_ga_scenario_meets_its_expectations() {
    let files = fixtures();
    assert_eq!(files.len(), 15);
    for path in files {
        let scenario = load(&path);
        let game = run_scenario(&scenario).unwrap();
        assert!(
            game.errors.is_empty(),
            "{}: {:?}",
            path.display(),
            game.errors
        );
        let failures = game.check(&scenario.expect);
        assert!(
            failures.is_empty(),
            "{}: {failures:?}\n{}",
            path.display(),
            game.report()
        );
    }
}

fn attack_scenario() -> RulesScenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rules-ga/ga_combat_attack_retaliation_kill.ron");
    load(&path)
}

#[test]
fn the_damage_waits_for_both_passes_and_is_dealt_at_once() {
    let scenario = attack_scenario();
    let mut game = Game::new(&scenario).unwrap();
    // Declare, resolve On Attack, retaliate: nothing is dealt yet.
    for action in &scenario.script[..3] {
        game.run_action(action);
    }
    assert_eq!(game.attack_in_progress(), Some(("squire", "bearer")));
    assert_eq!(game.object("bearer").unwrap().wounds, 0);
    game.run_action(&Action::Pass);
    assert_eq!(
        game.object("bearer").unwrap().wounds,
        0,
        "one pass deals nothing"
    );
    game.run_action(&Action::Pass);
    assert_eq!(game.attack_in_progress(), None);
    // Both were dealt: the Squire's 3 destroyed the Bearer, whose 1 still reached the Squire.
    assert_eq!(game.object("squire").unwrap().wounds, 1);
    assert!(!game.object("bearer").unwrap().zone.in_play());
}

#[test]
fn without_retaliation_the_attacker_takes_nothing() {
    let mut scenario = attack_scenario();
    scenario
        .script
        .retain(|a| !matches!(a, Action::Retaliate(_)));
    let game = run_scenario(&scenario).unwrap();
    assert_eq!(game.object("squire").unwrap().wounds, 0);
}

#[test]
fn a_game_without_combat_rules_refuses_an_attack() {
    let mut scenario = attack_scenario();
    scenario.profile = Some("ChiAxis".into());
    for card in scenario.cards.values_mut() {
        card.abilities.clear();
    }
    let game = run_scenario(&scenario).unwrap();
    assert!(
        game.rejected
            .iter()
            .any(|r| r.contains("ChiAxis has no attacks")),
        "{:?}",
        game.rejected
    );
    assert_eq!(game.object("bearer").unwrap().wounds, 0);
}

#[test]
fn a_glimpse_order_naming_a_card_the_scenario_lacks_is_a_script_error() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rules-ga/ga_glimpse_and_memory.ron");
    let mut scenario = load(&path);
    scenario.script[0] = Action::Glimpse {
        player: sigilforge_engine::model::Player::A,
        top: vec!["gusst".into()],
        bottom: Vec::new(),
    };
    let game = run_scenario(&scenario).unwrap();
    assert_eq!(
        game.errors,
        ["no card instance `gusst` in this scenario"],
        "{}",
        game.report()
    );
}

#[test]
fn only_the_kinds_the_profile_names_die_of_damage() {
    // The attack kills the Bearer (an ally) under Grand Archive's profile; a profile whose
    // allies do not die of damage keeps it on the field with its wounds.
    let scenario = attack_scenario();
    let game = run_scenario(&scenario).unwrap();
    assert!(!game.object("bearer").unwrap().zone.in_play());
    let mut tough = scenario.clone();
    let mut profile = sigilforge_engine::model::GameProfile::built_in("Grand Archive").unwrap();
    profile
        .destroyed_by_damage
        .retain(|k| *k != sigilforge_engine::model::CardKind::Ally);
    tough.profile_file = Some(profile);
    let game = run_scenario(&tough).unwrap();
    let bearer = game.object("bearer").unwrap();
    assert!(bearer.zone.in_play(), "{}", game.report());
    assert!(bearer.wounds >= 1);
}

#[test]
fn nothing_is_played_once_a_player_lost() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules-ga/ga_champion_dies.ron");
    let scenario = load(&path);
    let game = run_scenario(&scenario).unwrap();
    assert_eq!(
        game.rejected,
        vec!["the game is over: B lost".to_owned()],
        "{}",
        game.report()
    );
    assert_eq!(
        game.object("wisp").unwrap().wounds,
        3,
        "the second attack dealt nothing"
    );
}
