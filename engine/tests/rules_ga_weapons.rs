//! Issue #26: Grand Archive's weapons and attack cards as its profile gives them
//! (`combat.weapons`, `combat.attack_cards`): a weapon's power in its champion's attack, its
//! durability counters worn down one per damage step and its destruction at none; an attack
//! card played from hand, its power added, its On Attack and On Hit firing as the champion's,
//! its move to the graveyard as the combat ends or when its attack fizzles; the refusals and
//! why; `validate` on a misspelt weapon subtype and on steps a game without them cannot run.
//! The scenarios are this test's own, in `tests/fixtures/rules-ga-weapons/`.

#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use std::path::{Path, PathBuf};

use sigilforge_engine::diag::{Diagnostics, Severity};
use sigilforge_engine::model::Player;
use sigilforge_engine::rules::{Action, Game, RulesScenario, run_scenario};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rules-ga-weapons")
        .join(name)
}

fn load(path: &Path) -> RulesScenario {
    let source = std::fs::read_to_string(path).unwrap();
    sigilforge_engine::ron_io::parse_one(&source, path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_weapon_and_attack_card_scenarios_meet_their_expectations() {
    for name in ["ga_weapon_durability.ron", "ga_attack_card.ron"] {
        let scenario = load(&fixture(name));
        let game = run_scenario(&scenario).unwrap();
        assert!(game.errors.is_empty(), "{name}: {:?}", game.errors);
        let failures = game.check(&scenario.expect);
        assert!(
            failures.is_empty(),
            "{name}: {failures:?}\n{}",
            game.report()
        );
    }
}

/// Runs the first `n` steps of a fixture's script.
fn after(name: &str, n: usize) -> Game {
    let scenario = load(&fixture(name));
    let mut game = Game::new(&scenario).unwrap();
    for action in &scenario.script[..n] {
        game.run_action(action);
    }
    game
}

#[test]
fn a_weapon_adds_its_power_and_loses_one_durability_per_damage_step() {
    let mut game = after("ga_weapon_durability.ron", 2);
    assert_eq!(game.durability("blade"), Some(2));
    let attack = game.attack_details().unwrap();
    assert_eq!(attack.weapon.as_deref(), Some("blade"));
    assert_eq!(attack.power, 2, "the champion's 0 and the weapon's 2");
    game.run_action(&Action::Pass);
    assert_eq!(game.durability("blade"), Some(2), "one pass deals nothing");
    game.run_action(&Action::Pass);
    assert_eq!(game.object("keeper").unwrap().wounds, 2);
    assert_eq!(game.durability("blade"), Some(1));
    // A card that is not a weapon has no durability.
    assert_eq!(game.durability("squire"), None);
}

#[test]
fn a_weapon_loses_durability_even_when_the_damage_is_prevented() {
    let scenario = load(&fixture("ga_weapon_durability.ron"));
    let mut game = Game::new(&scenario).unwrap();
    let shield: sigilforge_engine::model::Effect = ron::from_str("Prevent(Fixed(5))").unwrap();
    game.run_action(&Action::Apply {
        player: Player::B,
        targets: vec!["keeper".into()],
        effects: vec![shield],
        duration: sigilforge_engine::model::ability::Duration::default(),
    });
    game.run_action(&scenario.script[1]);
    game.run_action(&Action::Pass);
    game.run_action(&Action::Pass);
    assert_eq!(
        game.object("keeper").unwrap().wounds,
        0,
        "{}",
        game.report()
    );
    assert_eq!(game.durability("blade"), Some(1));
}

#[test]
fn refusals_say_why() {
    let game = after("ga_weapon_durability.ron", 6);
    assert_eq!(game.rejected.len(), 2, "{:?}", game.rejected);
    assert!(
        game.rejected[0].contains("squire cannot use a weapon: only a champion can"),
        "{}",
        game.rejected[0]
    );
    assert!(
        game.rejected[1].contains("blade is rested: only an awake weapon is used"),
        "{}",
        game.rejected[1]
    );
    let game = after("ga_attack_card.ron", 6);
    assert_eq!(game.rejected.len(), 3, "{:?}", game.rejected);
    assert!(
        game.rejected[0].contains("play an attack card: only in the main phase, not the draw"),
        "{}",
        game.rejected[0]
    );
    assert!(
        game.rejected[1].contains("slash is an attack card: it is played with its attack"),
        "{}",
        game.rejected[1]
    );
    assert!(
        game.rejected[2].contains("duelist is still attacking keeper: one combat at a time"),
        "{}",
        game.rejected[2]
    );
}

#[test]
fn an_attack_card_is_the_attack_until_its_combat_ends() {
    let mut game = after("ga_attack_card.ron", 4);
    // On the stack: no attack yet, the champion and weapon already rested as its cost.
    assert!(game.attack_details().is_none());
    game.run_action(&Action::ResolveAll);
    let attack = game.attack_details().unwrap();
    assert_eq!(attack.attack_card.as_deref(), Some("slash"));
    assert_eq!(attack.weapon.as_deref(), Some("blade"));
    assert_eq!(attack.power, 5, "0 + the weapon's 2 + the card's 3");
    game.run_action(&Action::Pass);
    game.run_action(&Action::Pass);
    assert!(game.attack_details().is_none());
    assert_eq!(game.object("keeper").unwrap().wounds, 5);
    assert_eq!(
        game.object("slash").unwrap().zone,
        sigilforge_engine::model::Zone::Graveyard
    );
}

#[test]
fn an_attack_card_without_a_legal_target_fizzles_and_the_champion_stays_rested() {
    let text = r#"RulesScenario(
    name: "fizzle",
    profile: Some("Grand Archive"),
    cards: {
        "duelist": (name: "Ardent Duelist", kind: Champion, life: 20, stats: {"level": 2}),
        "bearer": (name: "Shield Bearer", kind: Ally, attack: 1, life: 3),
        "slash": (name: "Rising Slash", kind: Action, tribes: ["Attack"], attack: 3),
    },
    a: (champion: Some("duelist"), hand: ["slash"]),
    b: (city: ["bearer"]),
    script: [
        PlayAttack(player: A, card: "slash", target: "bearer"),
        Move(card: "bearer", to: "graveyard"),
        ResolveAll,
    ],
)"#;
    let scenario: RulesScenario = ron::from_str(text).unwrap();
    let game = run_scenario(&scenario).unwrap();
    assert!(game.rejected.is_empty(), "{:?}", game.rejected);
    assert!(game.attack_details().is_none());
    assert_eq!(
        game.object("slash").unwrap().zone,
        sigilforge_engine::model::Zone::Graveyard
    );
    assert!(game.object("duelist").unwrap().rested);
    assert!(
        game.report().contains("Rising Slash's attack fizzles"),
        "{}",
        game.report()
    );
}

/// Every problem `validate` reports for a scenario text: (severity, `line:col: message`).
fn errors(text: &str) -> Vec<String> {
    let mut diags = Diagnostics::new();
    sigilforge_engine::rules::cli::check_source(text, Path::new("t.ron"), &mut diags);
    diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{}:{}: {}", d.location.line, d.location.column, d.message))
        .collect()
}

#[test]
fn a_misspelt_weapon_subtype_and_steps_a_game_cannot_run_fail_validate_where_written() {
    let text = r#"RulesScenario(
    name: "weapons",
    profile: Some("Grand Archive"),
    cards: {
        "duelist": (name: "Ardent Duelist", kind: Champion, life: 20),
        "blade": (name: "Tempered Blade", kind: Item, tribes: ["Weapn"], attack: 2, life: 2),
    },
    a: (champion: Some("duelist"), city: ["blade"]),
    script: [Attack(player: A, attacker: "duelist", target: "duelist", weapon: Some("blade"))],
)"#;
    let e = errors(text);
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(
        e[0].starts_with("6:64: ")
            && e[0].contains(
                "subtype `Weapn` is not Grand Archive's `Weapon`; did you mean `Weapon`?"
            ),
        "{e:#?}"
    );
    let good = text.replace("Weapn", "Weapon");
    assert!(errors(&good).is_empty(), "{:#?}", errors(&good));
    // ChiAxis has no weapons and no attack cards: the steps are refused where written.
    let chiaxis = good
        .replace(r#"profile: Some("Grand Archive"),"#, "")
        .replace(
            "script: [",
            r#"script: [PlayAttack(player: A, card: "blade", target: "duelist"), "#,
        );
    // Each points at the card the step names (where it is defined).
    let e = errors(&chiaxis);
    assert!(
        e.iter()
            .any(|m| m.starts_with("6:9: ")
                && m.contains("script step 1: ChiAxis has no attack cards")),
        "{e:#?}"
    );
    assert!(
        e.iter()
            .any(|m| m.contains("script step 2: ChiAxis has no weapons")),
        "{e:#?}"
    );
}

#[test]
fn a_profile_whose_weapon_counter_it_does_not_list_fails_validate() {
    let mut profile = sigilforge_engine::model::GameProfile::built_in("Grand Archive").unwrap();
    assert!(sigilforge_engine::rules::names::check_profile(&profile).is_empty());
    let weapons = profile
        .combat
        .as_mut()
        .and_then(|c| c.weapons.as_mut())
        .unwrap();
    weapons.counter = "durabilty".into();
    let problems = sigilforge_engine::rules::names::check_profile(&profile);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0]
            .message
            .contains("combat weapons: unknown counter `durabilty`; did you mean `durability`?"),
        "{}",
        problems[0].message
    );
    assert_eq!(problems[0].literal, "durabilty");
}
