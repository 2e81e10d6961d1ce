//! The `rules` command on random scenario files: random cards with every kind of ability
//! (replacements that deal damage, chains of replacements, static abilities that change what
//! restrictions read, votes, duels, delayed triggers, one-off moves) and random scripts. The
//! command never panics, never overflows the stack, always ends, and exits only 0, 1 or 2.
//! Plus the known loops, each stopped with its own clear line.

use proptest::prelude::*;

use sigilforge_engine::model::ability::{
    Ability, AbilityKind, ActivatedSubtype, ActivationCost, Amount, Condition, CostPart, Duration,
    Effect, ReplacementMode, Restriction, RestrictionKind, RestrictionTiming, Stat, Target, Tie,
    Trigger,
};
use sigilforge_engine::model::{Card, CardKind, Player, Zone};
use sigilforge_engine::rules::cli::rules_command;
use sigilforge_engine::rules::{Action, Game, PlayerSetup, RulesScenario, run_scenario};

/// Card ids every random card and script picks from.
const CARDS: [&str; 5] = ["c0", "c1", "c2", "c3", "c4"];
/// Instances in play or in zones (`c0#2` is the second copy of `c0`).
const IDS: [&str; 12] = [
    "c0", "c1", "c2", "c3", "c4", "c0#2", "c1#2", "c2#2", "c3#2", "c4#2", "hero", "ghost",
];

fn card_id() -> impl Strategy<Value = String> {
    prop::sample::select(&CARDS[..]).prop_map(str::to_owned)
}

fn id() -> impl Strategy<Value = String> {
    prop::sample::select(&IDS[..]).prop_map(str::to_owned)
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::A), Just(Player::B)]
}

fn zone() -> impl Strategy<Value = Zone> {
    prop::sample::select(&Zone::ALL[..])
}

fn kind() -> impl Strategy<Value = CardKind> {
    prop::sample::select(
        &[
            CardKind::Beast,
            CardKind::Beast,
            CardKind::Item,
            CardKind::Structure,
            CardKind::Relic,
            CardKind::Spell,
            CardKind::Ally,
            CardKind::Token,
        ][..],
    )
}

fn stat() -> impl Strategy<Value = Stat> {
    prop_oneof![
        Just(Stat::Attack),
        Just(Stat::Life),
        Just(Stat::Named("level".into())),
        Just(Stat::Named("INT".into())),
    ]
}

fn restriction() -> impl Strategy<Value = Restriction> {
    (
        prop_oneof![
            (0..4i32).prop_map(RestrictionKind::Level),
            (0..2u32).prop_map(RestrictionKind::Memory),
            Just(RestrictionKind::Element("Fire".into())),
            Just(RestrictionKind::Class(Vec::new())),
        ],
        prop_oneof![
            Just(RestrictionTiming::Static),
            Just(RestrictionTiming::InLine)
        ],
    )
        .prop_map(|(requires, timing)| Restriction { requires, timing })
}

fn condition() -> impl Strategy<Value = Condition> {
    prop_oneof![
        Just(Condition::Allied),
        Just(Condition::Enemy),
        Just(Condition::IsKind("Beast".into())),
        (0..4i32).prop_map(|n| Condition::StatAtLeast(Stat::Attack, n)),
        (0..4i32).prop_map(|n| Condition::StatAtLeast(Stat::Named("level".into()), n)),
        zone().prop_map(Condition::InZone),
        Just(Condition::HasElement("Fire".into())),
        Just(Condition::HasKeyword("Flight".into())),
        Just(Condition::Wounded),
        Just(Condition::IsUnit),
        Just(Condition::Rested),
        Just(Condition::Attacking(Box::new(Condition::Rested))),
        Just(Condition::Targets(Box::new(Condition::IsUnit))),
    ]
}

fn target() -> impl Strategy<Value = Target> {
    let plain = prop_oneof![
        Just(Target::This),
        Just(Target::Controller),
        Just(Target::Opponent),
        Just(Target::EachPlayer),
        Just(Target::YourChampion),
        Just(Target::EventSubject),
        Just(Target::OtherAllies { tribe: None }),
        (1..3u32, prop::option::of(condition()))
            .prop_map(|(count, filter)| Target::Chosen { count, filter }),
        condition().prop_map(Target::AllMatching),
        Just(Target::FrontEnemy),
    ];
    plain.prop_recursive(1, 4, 2, |inner| {
        (restriction(), inner.clone(), inner).prop_map(|(r, a, b)| Target::Restricted {
            restrictions: vec![r],
            unlocked: Box::new(a),
            otherwise: Box::new(b),
        })
    })
}

fn tie() -> impl Strategy<Value = Tie> {
    prop_oneof![
        Just(Tie::Nothing),
        Just(Tie::CallerWins),
        Just(Tie::CallerLoses),
        (-1..3i32).prop_map(|n| Tie::Effects(vec![Effect::Damage(Amount::Fixed(n))])),
    ]
}

fn trigger() -> impl Strategy<Value = Trigger> {
    prop_oneof![
        Just(Trigger::Summoned),
        Just(Trigger::Damaged),
        Just(Trigger::Destroyed),
        Just(Trigger::AllyDestroyed),
        Just(Trigger::AllySummoned { tribe: None }),
        Just(Trigger::StartOfTurn),
        Just(Trigger::StartOfYourTurn),
        Just(Trigger::EndOfTurn),
        Just(Trigger::SeasonEnds),
        Just(Trigger::PhaseBegins("dusk".into())),
        Just(Trigger::CardPlayed),
        Just(Trigger::ChampionLevelsUp),
        Just(Trigger::Named("ping".into())),
    ]
}

fn effect() -> impl Strategy<Value = Effect> {
    let leaf = prop_oneof![
        (-1..5i32).prop_map(|n| Effect::Damage(Amount::Fixed(n))),
        Just(Effect::Damage(Amount::DamageTaken)),
        (stat(), -2..3i32).prop_map(|(s, n)| Effect::Modify(s, Amount::Fixed(n))),
        (stat(), -1..4i32).prop_map(|(s, n)| Effect::SetStat(s, Amount::Fixed(n))),
        Just(Effect::Grant("Flight".into())),
        Just(Effect::Remove("Flight".into())),
        Just(Effect::GainControl),
        Just(Effect::ChangeElement("Fire".into())),
        Just(Effect::ChangeRule("NoWounds".into())),
        Just(Effect::Destroy),
        Just(Effect::Bury),
        zone().prop_map(Effect::PutInto),
        Just(Effect::Relocate { to: Target::This }),
        Just(Effect::Barter),
        (card_id(), 0..4u32, any::<bool>()).prop_map(|(card, count, for_opponent)| {
            Effect::CreateToken {
                card,
                count,
                for_opponent,
                with: if for_opponent {
                    Vec::new()
                } else {
                    vec![Effect::AddCounters("buff".into(), Amount::Fixed(1))]
                },
            }
        }),
        Just(Effect::On {
            target: Target::AllMatching(Condition::IsUnit),
            effects: vec![Effect::Damage(Amount::Fixed(1))],
        }),
        Just(Effect::CostsLess(Amount::Fixed(1))),
        Just(Effect::AdditionalCost(vec![CostPart::Sacrifice(
            Condition::Rested
        )])),
        (-1..5i32).prop_map(|n| Effect::Glimpse(Amount::Fixed(n))),
        (-1..3i32).prop_map(|n| Effect::DrawIntoMemory(Amount::Fixed(n))),
        (-1..4i32).prop_map(|n| Effect::Recover(Amount::Fixed(n))),
        (-2..3i32).prop_map(|n| Effect::Empower(Amount::Fixed(n))),
        Just(Effect::Reveal(None)),
        Just(Effect::LevelUp),
        (-1..4i32).prop_map(|n| Effect::NextCardCostsLess(Amount::Fixed(n))),
        Just(Effect::Damage(Amount::ChampionDamage)),
        condition().prop_map(|c| Effect::Draw(Amount::CountMatching(c))),
        Just(Effect::Sacrifice),
        card_id().prop_map(|card| Effect::Summon {
            card,
            enemy_line: false
        }),
        Just(Effect::Recruit),
        Just(Effect::Forge { onto: Target::This }),
        Just(Effect::Build),
        (0..3i32).prop_map(|n| Effect::Draw(Amount::Fixed(n))),
        (0..3i32).prop_map(|n| Effect::Discard(Amount::Fixed(n))),
        (0..3i32).prop_map(|n| Effect::ReduceDamage(Amount::Fixed(n))),
        (0..3i32).prop_map(|n| Effect::IncreaseDamage(Amount::Fixed(n))),
        card_id().prop_map(Effect::Transform),
        (0..3i32).prop_map(|n| Effect::GainLife(Amount::Fixed(n))),
        Just(Effect::PreventDamage),
    ];
    leaf.prop_recursive(2, 12, 3, |inner| {
        prop_oneof![
            (trigger(), prop::collection::vec(inner.clone(), 0..2))
                .prop_map(|(when, effects)| Effect::Delayed { when, effects }),
            (
                prop::collection::vec(inner.clone(), 0..2),
                prop::collection::vec(inner.clone(), 0..2),
                tie()
            )
                .prop_map(|(winner, loser, tie)| Effect::Vote { winner, loser, tie }),
            (
                stat(),
                prop::collection::vec(inner.clone(), 0..2),
                prop::collection::vec(inner.clone(), 0..2),
                tie()
            )
                .prop_map(|(stat, winner, loser, tie)| Effect::Duel {
                    stat,
                    winner,
                    loser,
                    tie
                }),
            prop::collection::vec(prop::collection::vec(inner.clone(), 1..2), 1..3)
                .prop_map(Effect::Modal),
            (restriction(), prop::collection::vec(inner, 1..3)).prop_map(|(r, effects)| {
                Effect::Restricted {
                    restrictions: vec![r],
                    effects,
                }
            }),
        ]
    })
}

fn ability_kind() -> impl Strategy<Value = AbilityKind> {
    prop_oneof![
        3 => Just(AbilityKind::Static),
        3 => trigger().prop_map(AbilityKind::Triggered),
        2 => (
            prop::option::of(prop_oneof![Just("main".to_owned()), Just("dusk".to_owned())]),
            0..2u32,
            prop::option::of(prop_oneof![
                Just(ActivatedSubtype::Vote),
                Just(ActivatedSubtype::Duel),
                Just(ActivatedSubtype::Battle),
                Just(ActivatedSubtype::Ritual {
                    stat: "INT".into(),
                    threshold: 1
                }),
            ]),
            prop::option::of(condition())
        )
            .prop_map(|(phase, fealty, subtype, only_if)| AbilityKind::Activated {
                cost: ActivationCost {
                    phase,
                    fealty,
                    only_if,
                    ..ActivationCost::default()
                },
                subtype
            }),
        3 => (
            prop_oneof![
                Just(Trigger::WouldBeDamaged),
                Just(Trigger::Destroyed),
                Just(Trigger::PhaseBegins("dawn".into())),
            ],
            prop_oneof![Just(ReplacementMode::Instead), Just(ReplacementMode::Skip)],
            prop::option::of(1..3u32)
        )
            .prop_map(|(replaces, mode, uses)| AbilityKind::Replacement {
                replaces,
                mode,
                uses
            }),
    ]
}

fn ability() -> impl Strategy<Value = Ability> {
    (
        ability_kind(),
        prop::collection::vec(restriction(), 0..2),
        prop::option::of(condition()),
        target(),
        prop::collection::vec(effect(), 0..3),
        prop_oneof![
            Just(Duration::Instant),
            Just(Duration::EndOfTurn),
            Just(Duration::UntilPhase("dusk".into())),
            Just(Duration::UntilSeasonEnds),
            Just(Duration::Turns(1)),
        ],
        prop_oneof![
            4 => Just(Vec::new()),
            1 => prop::collection::vec(zone(), 1..3),
        ],
    )
        .prop_map(
            |(kind, restrictions, condition, target, effects, duration, zones)| Ability {
                name: String::new(),
                kind,
                restrictions,
                condition,
                target,
                effects,
                duration,
                zones,
            },
        )
}

fn card() -> impl Strategy<Value = Card> {
    (
        kind(),
        0..4i32,
        1..5i32,
        prop::option::of(prop_oneof![
            Just("Fire".to_owned()),
            Just("Water".to_owned())
        ]),
        prop::collection::vec(ability(), 0..3),
    )
        .prop_map(|(kind, attack, life, element, abilities)| {
            let mut card = Card {
                name: "Random".into(),
                kind,
                attack,
                life,
                element,
                abilities,
                keywords: vec!["Flight".into()],
                ..Card::default()
            };
            card.stats.insert("INT".into(), attack);
            card
        })
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        3 => (player(), id(), prop::collection::vec(id(), 0..3), prop::option::of(0..2usize), prop::option::of(id()))
            .prop_map(|(player, card, targets, mode, attach_to)| Action::Play { player, card, targets, mode, attach_to }),
        3 => (player(), id(), prop_oneof![Just("0".to_owned()), Just("1".to_owned())], prop::collection::vec(id(), 0..3))
            .prop_map(|(player, card, ability, targets)| Action::Activate { player, card, ability, targets, mode: None, structure: None }),
        2 => Just(Action::Pass),
        3 => Just(Action::ResolveAll),
        1 => Just(Action::Advance),
        1 => Just(Action::AdvanceTo("dawn".into())),
        1 => Just(Action::EndSeason),
        1 => Just(Action::Event("ping".into())),
        1 => (id(), prop::collection::vec(id(), 1..3)).prop_map(|(trigger, targets)| Action::ChooseTargets { trigger, targets }),
        1 => (player(), player()).prop_map(|(player, votes_for)| Action::Ballot { player, votes_for }),
        1 => (id(), zone(), prop::option::of(id())).prop_map(|(card, to, attach_to)| Action::Move { card, to: to.name().to_owned(), attach_to }),
        2 => (player(), prop::collection::vec(id(), 0..3), prop::collection::vec(effect(), 1..3))
            .prop_map(|(player, targets, effects)| Action::Apply { player, targets, effects, duration: Duration::Instant }),
        1 => (id(), prop_oneof![Just("Flight".to_owned()), Just("Nothing".to_owned())])
            .prop_map(|(card, ability)| Action::Gain { card, ability, duration: Duration::EndOfTurn }),
        1 => prop::collection::vec(id(), 0..2).prop_map(Action::Skirmish),
    ]
}

/// A random scenario: five random cards, two copies each spread over the zones, a champion.
fn scenario() -> impl Strategy<Value = RulesScenario> {
    (
        prop::collection::vec(card(), 5),
        prop::collection::vec(0..6usize, 10),
        0..4i32,
        prop::collection::vec(action(), 0..16),
    )
        .prop_map(|(cards, places, level, script)| {
            let mut s = RulesScenario {
                name: "fuzz".into(),
                keywords: vec![sigilforge_engine::model::KeywordDef {
                    name: "Flight".into(),
                    ..Default::default()
                }],
                ..RulesScenario::default()
            };
            for (i, card) in cards.into_iter().enumerate() {
                s.cards.insert(CARDS[i].to_owned(), card);
            }
            let mut hero = Card {
                name: "Hero, of Tests".into(),
                kind: CardKind::Champion,
                ..Card::default()
            };
            hero.stats.insert("level".into(), level);
            s.cards.insert("hero".into(), hero);
            s.a = PlayerSetup {
                champion: Some("hero".into()),
                elements: vec!["Fire".into()],
                resource: 3,
                fealty: 2,
                ..PlayerSetup::default()
            };
            for (n, place) in places.into_iter().enumerate() {
                let id = IDS[n].to_owned();
                let side = if n % 3 == 2 { &mut s.b } else { &mut s.a };
                match place {
                    0 | 1 => side.city.push(id),
                    2 => side.hand.push(id),
                    3 => side.den.push(id),
                    4 => side.graveyard.push(id),
                    _ => side.market.push(id),
                }
            }
            s.script = script;
            s
        })
}

/// Log lines a run may write at most: every loop is cut long before this.
const LOG_BOUND: usize = 200_000;

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_rules_command_never_panics_and_exits_0_1_or_2(scenario in scenario()) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fuzz.ron");
        let text = sigilforge_engine::ron_io::to_canonical("RulesScenario", &scenario).unwrap();
        std::fs::write(&path, &text).unwrap();
        let out = rules_command(&path, true);
        prop_assert!([0, 1, 2].contains(&out.code), "exit {}: {}\n{text}", out.code, out.stderr);
        if out.code == 2 {
            prop_assert!(out.stdout.is_empty());
        } else {
            let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
            let log = json["log"].as_array().map_or(0, Vec::len);
            prop_assert!(log < LOG_BOUND, "{log} log lines");
        }
        if let Ok(mut game) = Game::new(&scenario) {
            game.verify_static_cache();
            game.run_checked(&scenario.script, &scenario.expect);
            prop_assert!(game.log.len() < LOG_BOUND);
            let again = run_scenario(&scenario).unwrap();
            prop_assert_eq!(again.to_json(), game.to_json());
        }
    }
}

fn write(dir: &tempfile::TempDir, text: &str) -> std::path::PathBuf {
    let path = dir.path().join("loop.ron");
    std::fs::write(&path, text).expect("the temporary scenario file is written");
    path
}

/// The issue's crasher: an every-time "instead, it is dealt 1 damage" replacement used to
/// replace its own damage until the stack overflowed (exit 134, nothing printed).
#[test]
fn an_every_time_replacement_that_deals_damage_ends_with_one_wound() {
    let dir = tempfile::tempdir().unwrap();
    for uses in ["None", "Some(2)"] {
        let path = write(
            &dir,
            &format!(
                r#"RulesScenario(name: "x",
                cards: {{"golem": (name: "Golem", kind: Beast, attack: 2, life: 9, abilities: [(
                    kind: Replacement(replaces: WouldBeDamaged, mode: Instead, uses: {uses}),
                    effects: [Damage(Fixed(1))])])}},
                a: (city: ["golem"]),
                script: [Apply(player: B, targets: ["golem"], effects: [Damage(Fixed(3))])],
                expect: [Wounds("golem", 1)])"#
            ),
        );
        let out = rules_command(&path, false);
        assert_eq!(out.code, 0, "uses {uses}: {}", out.stderr);
    }
}

/// A beast that recruits a copy of itself when recruited (at once, 19.3b) would nest without
/// end: the nesting limit stops it with a clear error (exit 1).
#[test]
fn abilities_that_set_each_other_off_at_once_stop_at_the_nesting_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        &dir,
        r#"RulesScenario(name: "x",
        cards: {"imp": (name: "Imp", kind: Beast, attack: 1, life: 1, abilities: [(
            kind: Triggered(Summoned), target: Controller, effects: [Summon(card: "imp")])])},
        a: (hand: ["imp"]),
        script: [Play(player: A, card: "imp")])"#,
    );
    let out = rules_command(&path, false);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("nested 40 deep"), "{}", out.stderr);
}

/// Tokens that make two tokens each when they arrive stop at the limit on created cards.
#[test]
fn cards_made_without_end_stop_at_the_card_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        &dir,
        r#"RulesScenario(name: "x",
        cards: {"spore": (name: "Spore", kind: Token, attack: 1, life: 1, abilities: [(
            kind: Triggered(Summoned), target: Controller, effects: [CreateToken(card: "spore", count: 2)])])},
        a: (hand: ["spore"]),
        script: [Move(card: "spore", to: "city"), ResolveAll])"#,
    );
    let out = rules_command(&path, false);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("no more are created") || out.stderr.contains("loop limit: "),
        "{}",
        out.stderr
    );
}

/// A trigger that answers itself through the stack stops at the one loop guard (exit 1).
#[test]
fn a_trigger_loop_through_the_stack_stops_at_the_loop_guard() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        &dir,
        r#"RulesScenario(name: "x",
        cards: {"wolf": (name: "Wolf", kind: Beast, attack: 1, life: 100000, abilities: [(
            kind: Triggered(Damaged), target: This, effects: [Damage(Fixed(1))])])},
        a: (city: ["wolf"]),
        script: [Apply(player: B, targets: ["wolf"], effects: [Damage(Fixed(1))]), ResolveAll])"#,
    );
    let out = rules_command(&path, false);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("loop limit: "), "{}", out.stderr);
}
