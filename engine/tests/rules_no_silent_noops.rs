//! No silent no-ops (issue #26): an unmet static restriction on one line of text is logged,
//! an unnamed ability is logged by its kind and place (never `#0`), a `Custom` effect says it
//! does nothing, and two copies of one card are not reported as depending on each other.

use sigilforge_engine::rules::{RulesScenario, run_scenario};

fn log_of(text: &str) -> (Vec<String>, Vec<String>) {
    let scenario: RulesScenario = ron::from_str(text).expect("scenario parses");
    let game = run_scenario(&scenario).expect("scenario sets up");
    let log = game.log.iter().map(|e| e.text.clone()).collect();
    let mut failed = game.errors.clone();
    failed.extend(game.check(&scenario.expect));
    (log, failed)
}

#[test]
fn an_unmet_static_restriction_on_a_line_is_logged() {
    let (log, failed) = log_of(
        r#"RulesScenario(
        name: "restricted line",
        profile: Some("Grand Archive"),
        cards: {
            "lorraine": (name: "Lorraine, Wandering Warrior", kind: Champion, stats: {"level": 1}),
            "tower": (name: "Watchtower", kind: Structure, abilities: [(
                name: "Signal", kind: Activated(), target: Controller,
                effects: [GainLife(Fixed(1)), Restricted(restrictions: [(requires: Level(3))], effects: [Draw(Fixed(1))])],
            )]),
        },
        a: (champion: Some("lorraine"), city: ["tower"]),
        script: [Activate(player: A, card: "tower", ability: "Signal"), ResolveAll],
        expect: [Vitae(A, 21)],
    )"#,
    );
    assert!(failed.is_empty(), "{failed:#?}");
    assert!(
        log.iter()
            .any(|l| l.contains("static restriction LV 3+ unmet") && l.contains("ignored")),
        "{log:#?}"
    );
}

#[test]
fn an_unnamed_ability_is_logged_by_its_kind_and_place() {
    let (log, failed) = log_of(
        r#"RulesScenario(
        name: "unnamed",
        cards: {
            "bell": (name: "Bell Tower", kind: Structure, abilities: [
                (kind: Static, effects: [Modify(Attack, Fixed(1))]),
                (kind: Triggered(Named("ring")), target: Controller, effects: [GainLife(Fixed(1))]),
            ]),
        },
        a: (city: ["bell"]),
        script: [Event("ring"), ResolveAll],
        expect: [Vitae(A, 21)],
    )"#,
    );
    assert!(failed.is_empty(), "{failed:#?}");
    assert!(
        log.iter().any(|l| l.contains("bell: triggered ability 2")),
        "{log:#?}"
    );
    assert!(!log.iter().any(|l| l.contains('#')), "{log:#?}");
}

#[test]
fn a_custom_effect_says_it_does_nothing() {
    let (log, _) = log_of(
        r#"RulesScenario(
        name: "custom",
        cards: {},
        a: (),
        script: [Apply(player: A, effects: [Custom("shuffle your deck")])],
    )"#,
    );
    assert!(
        log.iter()
            .any(|l| l.contains("shuffle your deck") && l.contains("nothing happens")),
        "{log:#?}"
    );
}

#[test]
fn two_copies_of_one_card_are_not_a_dependency_cycle() {
    let text = r#"RulesScenario(
        name: "copies",
        cards: {
            "drummer": (name: "War Drummer", kind: Beast, attack: 3, life: 3, abilities: [(
                name: "Cadence", kind: Static,
                target: AllMatching(All([IsKind("Beast"), Allied, StatAtLeast(Attack, 3)])),
                effects: [Modify(Attack, Fixed(1))],
            )]),
            "brute": (name: "Brute", kind: Beast, attack: 2, life: 3, abilities: [(
                name: "Rally", kind: Static,
                target: AllMatching(All([IsKind("Beast"), Allied, StatAtLeast(Attack, 2)])),
                effects: [Modify(Attack, Fixed(1))],
            )]),
        },
        a: (city: CITY),
        script: [],
    )"#;
    let (log, _) = log_of(&text.replace("CITY", r#"["drummer", "drummer#2"]"#));
    assert!(
        !log.iter().any(|l| l.contains("depend on each other")),
        "{log:#?}"
    );
    // Two different abilities reading what each other changes still get the note.
    let (log, _) = log_of(&text.replace("CITY", r#"["drummer", "brute"]"#));
    assert!(
        log.iter().any(|l| l.contains("depend on each other")),
        "{log:#?}"
    );
}
