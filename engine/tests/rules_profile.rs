//! Game profiles (issue #26): the same content follows each game's rules as its profile says
//! (where cards go, who gets priority after a trigger, items without a beast, the phases), and
//! a designer's own game is a profile file beside its scenarios. Fixtures are inline or in
//! `tests/fixtures/profiles`.

use std::path::Path;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::rules::{RulesScenario, run_scenario};

/// Runs a scenario written inline under a profile (`None`: the default, ChiAxis) and returns
/// the failed expectations and script errors.
fn run(profile: Option<&str>, text: &str) -> Vec<String> {
    let mut scenario: RulesScenario = ron::from_str(text).expect("scenario parses");
    scenario.profile = profile.map(str::to_owned);
    let game = run_scenario(&scenario).expect("scenario sets up");
    let mut failed = game.errors.clone();
    failed.extend(game.check(&scenario.expect));
    failed
}

const DESTROY: &str = r#"RulesScenario(
    name: "a destroyed beast, a discarded card and a resolved spell",
    cards: {
        "wolf": (name: "Wolf", kind: Beast, attack: 2, life: 3),
        "rock": (name: "Rock", kind: Beast),
        "storm": (name: "Storm", kind: Spell, abilities: [
            (kind: Static, target: Controller, effects: [GainLife(Fixed(1))]),
        ]),
    },
    a: (hand: ["rock", "storm"], city: ["wolf"]),
    script: [
        Apply(player: A, targets: ["wolf"], effects: [Destroy]),
        Apply(player: A, targets: [], effects: [Discard(Fixed(1))]),
        Play(player: A, card: "storm"),
        ResolveAll,
    ],
    expect: [],
)"#;

fn destroy_and_discard(profile: Option<&str>, zone: &str) -> Vec<String> {
    let text = DESTROY.replace(
        "expect: [],",
        &format!(
            r#"expect: [Zone("wolf", "{zone}"), Zone("rock", "{zone}"), Zone("storm", "{zone}")],"#
        ),
    );
    run(profile, &text)
}

#[test]
fn destroyed_and_discarded_cards_go_where_the_profile_says() {
    assert_eq!(destroy_and_discard(None, "discard"), Vec::<String>::new());
    assert_eq!(
        destroy_and_discard(Some("Grand Archive"), "graveyard"),
        Vec::<String>::new()
    );
    // And it can fail: under ChiAxis nothing reaches the graveyard.
    assert_eq!(destroy_and_discard(None, "graveyard").len(), 3);
}

const TRIGGERS: &str = r#"RulesScenario(
    name: "priority after a trigger resolves",
    cards: {
        "bell": (name: "Bell Tower", kind: Structure, abilities: [
            (name: "Toll", kind: Triggered(Named("ring")), effects: [GainLife(Fixed(1))]),
            (name: "Echo", kind: Triggered(Named("ring")), effects: [GainLife(Fixed(1))]),
        ]),
    },
    a: (city: ["bell"]),
    script: [Event("ring"), Pass, Pass],
    expect: [Vitae(A, 21), Stack(1), PRIORITY],
)"#;

#[test]
fn priority_after_a_trigger_follows_the_profile() {
    // ChiAxis 19.3a: the ruler passes priority after each of their triggers.
    let chiaxis = TRIGGERS.replace("PRIORITY", "Priority(B)");
    assert_eq!(run(Some("ChiAxis"), &chiaxis), Vec::<String>::new());
    // Grand Archive: the turn player gets priority after anything resolves.
    let ga = TRIGGERS.replace("PRIORITY", "Priority(A)");
    assert_eq!(run(Some("Grand Archive"), &ga), Vec::<String>::new());
    assert_eq!(run(Some("ChiAxis"), &ga).len(), 1);
}

const WEAPON: &str = r#"RulesScenario(
    name: "an item's enter-play ability with no beast to forge onto",
    cards: {
        "spear": (name: "Spear", kind: Item, abilities: [
            (name: "On Enter", kind: Triggered(Summoned), target: Controller, effects: [GainLife(Fixed(2))]),
        ]),
    },
    a: (hand: ["spear"]),
    script: [Play(player: A, card: "spear"), ResolveAll],
    expect: [VITAE],
)"#;

#[test]
fn an_item_needs_a_beast_only_where_the_profile_says_so() {
    let refused = WEAPON.replace("VITAE", "Vitae(A, 20)");
    assert_eq!(run(Some("ChiAxis"), &refused), Vec::<String>::new());
    let happens = WEAPON.replace("VITAE", "Vitae(A, 22)");
    assert_eq!(run(Some("Grand Archive"), &happens), Vec::<String>::new());
}

#[test]
fn grand_archive_turns_have_its_own_phases() {
    let text = r#"RulesScenario(
        name: "GA phases",
        cards: {},
        a: (),
        phase: "wake up",
        script: [AdvanceTo("draw"), Advance],
        expect: [Phase("main")],
    )"#;
    assert_eq!(run(Some("Grand Archive"), text), Vec::<String>::new());
}

#[test]
fn a_designers_own_game_is_a_profile_file_beside_its_scenarios() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/profiles/tidecallers");
    for name in ["sink_and_surface.ron", "tide_order.ron"] {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let mut diags = Diagnostics::new();
        sigilforge_engine::rules::cli::check_source(&text, &path, &mut diags);
        let all: Vec<String> = diags.iter().map(ToString::to_string).collect();
        assert!(all.is_empty(), "{name}: {all:#?}");
    }
}
