//! The rules sandbox's API: characteristic breakdowns (why a stat has its value), generated
//! text for every ability in the rules scenarios, determinism.

use sigilforge_engine::model::ability::{Amount, Duration, Effect, Stat};
use sigilforge_engine::model::{Card, CardKind, Player};
use sigilforge_engine::rules::text::ability_text;
use sigilforge_engine::rules::{Action, Game, PlayerSetup, RulesScenario, run_scenario};

fn beast(name: &str, attack: i32) -> Card {
    Card {
        name: name.into(),
        kind: CardKind::Beast,
        attack,
        life: 3,
        ..Card::default()
    }
}

fn apply(target: &str, effect: Effect, duration: Duration) -> Action {
    Action::Apply {
        player: Player::A,
        targets: vec![target.into()],
        effects: vec![effect],
        duration,
    }
}

#[test]
fn breakdown_lists_each_effect_in_timestamp_order_with_its_source() {
    let mut scenario = RulesScenario {
        name: "breakdown".into(),
        a: PlayerSetup {
            city: vec!["wolf".into()],
            ..PlayerSetup::default()
        },
        ..RulesScenario::default()
    };
    scenario.cards.insert("wolf".into(), beast("Wolf", 2));
    scenario.script = vec![
        apply(
            "wolf",
            Effect::Modify(Stat::Attack, Amount::Fixed(3)),
            Duration::EndOfTurn,
        ),
        apply(
            "wolf",
            Effect::SetStat(Stat::Attack, Amount::Fixed(1)),
            Duration::Instant,
        ),
        apply(
            "wolf",
            Effect::Modify(Stat::Attack, Amount::Fixed(2)),
            Duration::Instant,
        ),
    ];
    let game = run_scenario(&scenario).unwrap();
    let b = game.characteristic_breakdown("wolf", "ATK").unwrap();
    assert_eq!(b.printed, 2);
    let steps: Vec<(u64, &str, i32)> = b
        .steps
        .iter()
        .map(|s| (s.timestamp, s.change.as_str(), s.value))
        .collect();
    assert_eq!(steps, vec![(2, "+3", 5), (3, "set to 1", 1), (4, "+2", 3)]);
    assert_eq!(b.value, 3);
    assert_eq!(b.steps[0].source, "script");
    assert!(game.characteristic_breakdown("ghost", "ATK").is_none());
}

#[test]
fn breakdown_names_static_abilities_by_card_and_ability() {
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/pack/rules-tests/19_4_static.ron"
    ))
    .unwrap();
    let scenario: RulesScenario = ron::from_str(&source).unwrap();
    let game = run_scenario(&scenario).unwrap();
    let b = game.characteristic_breakdown("cub", "atk").unwrap();
    assert_eq!(b.steps.len(), 1);
    assert_eq!(b.steps[0].source, "den: Pack");
    assert_eq!(b.steps[0].change, "+1");
    let json = game.to_json();
    let cub = json["players"]["A"]["zones"]["city"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "cub")
        .unwrap()
        .clone();
    assert_eq!(cub["breakdown"]["atk"]["value"], 2);
    assert_eq!(cub["stats"]["atk"], 2);
}

#[test]
fn every_ability_in_the_rules_scenarios_has_generated_text() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/pack/rules-tests"
    );
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let scenario: RulesScenario =
            ron::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for card in scenario.cards.values() {
            for a in &card.abilities {
                let text = ability_text(a, None);
                assert!(text.ends_with('.'), "{}: {text}", path.display());
                assert!(text.len() > 8, "{}: {text}", path.display());
                count += 1;
            }
        }
    }
    assert!(count >= 40, "{count}");
}

#[test]
fn a_game_replays_identically() {
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/pack/rules-tests/19_3a_trigger_order.ron"
    ))
    .unwrap();
    let scenario: RulesScenario = ron::from_str(&source).unwrap();
    let first = run_scenario(&scenario).unwrap();
    for _ in 0..20 {
        let again = run_scenario(&scenario).unwrap();
        assert_eq!(again.log, first.log);
        assert_eq!(again.to_json(), first.to_json());
    }
    let fresh = Game::new(&scenario).unwrap();
    assert!(fresh.log.is_empty());
}

#[test]
fn a_scenario_can_name_cards_from_a_pack() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(
        pack.join("pack.ron"),
        "Pack(id: \"p\", name: \"P\", version: \"0.1.0\", schema_version: 1)",
    )
    .unwrap();
    std::fs::write(
        pack.join("cards.ron"),
        "CardSet(cards: [(id: \"wolf\", name: \"Wolf\", kind: Beast, attack: 2, life: 3)])",
    )
    .unwrap();
    let file = dir.path().join("s.ron");
    std::fs::write(
        &file,
        "RulesScenario(name: \"p\", pack: Some(\"pack\"), a: (city: [\"wolf\"]), expect: [Stat(\"wolf\", \"ATK\", 2)])",
    )
    .unwrap();
    let out = sigilforge_engine::rules::cli::rules_command(&file, false);
    assert_eq!(out.code, 0, "{}", out.stderr);
    std::fs::write(
        &file,
        "RulesScenario(name: \"p\", pack: Some(\"nowhere\"), a: (city: [\"wolf\"]))",
    )
    .unwrap();
    let out = sigilforge_engine::rules::cli::rules_command(&file, false);
    assert_eq!(out.code, 2, "{}", out.stderr);
}
