//! Random scripts never panic the rules sandbox, and the same script always gives the same state.

use proptest::prelude::*;

use sigilforge_engine::model::ability::{Amount, Duration, Effect, Stat};
use sigilforge_engine::model::profile::{RESTRICTION_KINDS, StatName, ZoneName};
use sigilforge_engine::model::{GameProfile, Player, Zone};
use sigilforge_engine::rules::{Action, RulesScenario, run_scenario};

const BASE: &str = r#"RulesScenario(
    name: "fuzz base",
    keywords: [(name: "Flight"), (name: "Ambush", param: Some("N"), abilities: [(kind: Triggered(Summoned), target: AllMatching(Enemy), effects: [Damage(Value)])])],
    cards: {
        "lorraine": (name: "Lorraine, Wandering Warrior", kind: Champion, stats: {"level": 1}, tribes: ["Warrior"]),
        "wolf": (name: "Wolf", kind: Beast, attack: 2, life: 3, keywords: ["Ambush 1"], abilities: [
            (name: "Howl", kind: Activated(), restrictions: [(requires: Level(2))], target: Chosen(count: 1), effects: [Modal([[Damage(Fixed(1))], [Restricted(restrictions: [(requires: Memory(1), timing: InLine)], effects: [Destroy])]])]),
            (name: "Mourn", kind: Triggered(AllyDestroyed), target: Controller, effects: [GainLife(Fixed(1)), Delayed(when: PhaseBegins("dawn"), effects: [Draw(Fixed(2))])]),
        ]),
        "shrine": (name: "Shrine", kind: Structure, abilities: [
            (name: "Rite", kind: Activated(subtype: Some(Ritual(stat: "INT", threshold: 1))), effects: [Summon(card: "wolf")]),
            (name: "Aegis", kind: Replacement(replaces: WouldBeDamaged, mode: Instead, uses: Some(2)), target: AllMatching(Allied), effects: [Heal(Fixed(1))]),
            (kind: Static, target: OtherAllies(tribe: None), effects: [Modify(Attack, Fixed(1)), ChangeRule("NoWounds")]),
        ]),
        "bolt": (name: "Bolt", kind: Spell, abilities: [(kind: Static, target: Chosen(count: 2), effects: [Damage(Fixed(2)), Discard(Fixed(3))]), (kind: Replacement(replaces: PhaseBegins("dawn"), mode: Skip))]),
    },
    a: (champion: Some("lorraine"), hand: ["bolt", "wolf#2"], city: ["wolf", "shrine"], deck: ["bolt#2"]),
    b: (hand: ["bolt#3"], city: ["wolf#3"], memory: ["bolt#4"]),
)"#;

const IDS: [&str; 9] = [
    "wolf", "wolf#2", "wolf#3", "shrine", "bolt", "bolt#3", "lorraine", "ghost", "script",
];

fn id() -> impl Strategy<Value = String> {
    (0..IDS.len()).prop_map(|i| IDS[i].to_owned())
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::A), Just(Player::B)]
}

fn effect() -> impl Strategy<Value = Effect> {
    prop_oneof![
        (-3..4i32).prop_map(|n| Effect::Damage(Amount::Fixed(n))),
        (-3..4i32).prop_map(|n| Effect::Modify(Stat::Named("level".into()), Amount::Fixed(n))),
        (-3..4i32).prop_map(|n| Effect::SetStat(Stat::Attack, Amount::Fixed(n))),
        Just(Effect::Destroy),
        Just(Effect::Grant("Flight".into())),
        Just(Effect::Remove("Howl".into())),
        Just(Effect::Summon {
            card: "wolf".into(),
            enemy_line: true
        }),
        Just(Effect::Transform("shrine".into())),
        Just(Effect::Draw(Amount::Fixed(5))),
    ]
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (
            player(),
            id(),
            prop::collection::vec(id(), 0..3),
            prop::option::of(0..3usize)
        )
            .prop_map(|(player, card, targets, mode)| Action::Play {
                player,
                card,
                targets,
                mode,
                attach_to: None
            }),
        (
            player(),
            id(),
            prop_oneof![
                Just("Howl".to_owned()),
                Just("Rite".to_owned()),
                Just("0".to_owned()),
                Just("7".to_owned())
            ],
            prop::collection::vec(id(), 0..2),
            prop::option::of(0..3usize)
        )
            .prop_map(|(player, card, ability, targets, mode)| Action::Activate {
                player,
                card,
                ability,
                targets,
                mode,
                structure: None
            }),
        Just(Action::Pass),
        Just(Action::ResolveAll),
        Just(Action::Advance),
        Just(Action::AdvanceTo("dawn".into())),
        (player(), prop::collection::vec(id(), 0..3))
            .prop_map(|(p, o)| Action::OrderTriggers(p, o)),
        (
            id(),
            prop_oneof![
                Just(Duration::Instant),
                Just(Duration::EndOfTurn),
                Just(Duration::UntilPhase("dusk".into()))
            ]
        )
            .prop_map(|(card, duration)| Action::Lose {
                card,
                ability: "Ambush".into(),
                duration
            }),
        (
            player(),
            prop::collection::vec(id(), 0..3),
            prop::collection::vec(effect(), 0..3)
        )
            .prop_map(|(player, targets, effects)| Action::Apply {
                player,
                targets,
                effects,
                duration: Duration::Instant
            }),
        (
            id(),
            prop_oneof![
                Just("city".to_owned()),
                Just("hand".to_owned()),
                Just("memory".to_owned()),
                Just("nowhere".to_owned())
            ]
        )
            .prop_map(|(card, to)| Action::Move {
                card,
                to,
                attach_to: None
            }),
        Just(Action::Event("duel tie".into())),
        prop::collection::vec(id(), 0..2).prop_map(Action::Skirmish),
    ]
}

/// The BASE mixes ChiAxis phases with Grand Archive restrictions and zones on purpose (to
/// try every rule together): a profile with both.
fn every_rule_profile() -> GameProfile {
    let mut p = GameProfile::chiaxis();
    for zone in [Zone::Memory, Zone::Banishment] {
        p.zones.push(ZoneName {
            zone,
            name: zone.name().to_owned(),
        });
    }
    p.restriction_kinds = RESTRICTION_KINDS.map(String::from).to_vec();
    p.stats.push(StatName {
        stat: "level".into(),
        name: "LV".into(),
    });
    p
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_scripts_never_panic_and_replay_identically(script in prop::collection::vec(action(), 0..25)) {
        let mut scenario: RulesScenario = ron::from_str(BASE).unwrap();
        scenario.profile_file = Some(every_rule_profile());
        scenario.script = script;
        // A script naming a zone the game lacks (`Move` to "nowhere") is refused before it
        // runs, with the name: never a panic.
        let first = match run_scenario(&scenario) {
            Ok(game) => game,
            Err(e) => {
                prop_assert!(e.message.contains("unknown zone `nowhere`"), "{}", e.message);
                return Ok(());
            }
        };
        let again = run_scenario(&scenario).unwrap();
        prop_assert_eq!(first.to_json(), again.to_json());
        for id in IDS {
            let _ = first.characteristic_breakdown(id, "ATK");
        }
    }
}
