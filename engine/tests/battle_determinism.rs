//! Determinism, random boards (proptest), the loop limit, and the stepping API the sandbox uses.

mod battle_common;

use battle_common as common;
use battle_common::{KEYWORDS, TRIBES};

use std::sync::Arc;

use common::scenario;
use proptest::prelude::*;
use sigilforge_engine::battle::content::Origin;
use sigilforge_engine::battle::program::StatKind;
use sigilforge_engine::battle::stats::StatSource;
use sigilforge_engine::battle::{Battle, BattleContent, EventKind, prepare};
use sigilforge_engine::model::{BattleScenario, Card, KeywordDef, Player};

fn mixed() -> common::S {
    scenario(30)
        .card("mage", 1, 6, &["Bolt", "Armor 1"])
        .card("scare", 1, 6, &["Terrify", "Regen 1"])
        .card("ogre", 3, 7, &["Fury", "Berserk"])
        .card("drummer", 1, 5, &["Incite", "Reanimate"])
        .card("bomber", 1, 3, &["Burst 1", "Vengeance 2"])
        .a(&["mage", "ogre", "drummer"])
        .b(&["scare", "ogre", "drummer"])
        .play(2, Player::A, "bomber", None)
        .play(2, Player::B, "bomber", None)
}

#[test]
fn same_scenario_and_seed_give_identical_logs_100_times() {
    let s = mixed().seed(7);
    let first = s.run();
    assert!(first.log().len() > 50);
    for _ in 0..100 {
        let again = s.run();
        assert_eq!(again.log(), first.log());
        assert_eq!(again.outcome_json(), first.outcome_json());
    }
}

#[test]
fn stepping_running_and_log_off_agree() {
    for seed in 0..20 {
        let s = mixed().seed(seed);
        let ran = s.run();
        let mut stepped = s.start();
        let mut events = Vec::new();
        while let Some(e) = stepped.step() {
            events.push(e);
        }
        assert_eq!(events.as_slice(), ran.log());
        assert_eq!(stepped.outcome_json(), ran.outcome_json());
        let setup = prepare(&BattleContent::standard(), &s.0).unwrap();
        let mut quiet = Battle::with_log(&setup, seed, false);
        quiet.run();
        // Run with the log off, events are counted, never built.
        assert!(quiet.log().is_empty(), "{:?}", quiet.log());
        assert_eq!(quiet.event_count(), ran.event_count());
        assert_eq!(quiet.outcome_json(), ran.outcome_json());
    }
}

#[test]
fn replay_to_steps_back() {
    let mut b = mixed().seed(3).start();
    for _ in 0..40 {
        b.step();
    }
    let back = b.replay_to(39);
    assert_eq!(back.event_count(), 39);
    assert_eq!(back.log(), &b.log()[..39]);
    let mut forward = back.clone();
    assert_eq!(forward.step().as_ref(), b.log().get(39));
}

#[test]
fn every_cause_points_to_an_earlier_event() {
    let b = mixed().seed(11).run();
    for e in b.log() {
        if let Some(after) = e.cause.after {
            assert!(after < e.index, "{e:?}");
        }
        assert!(!b.describe(e).is_empty());
    }
    // Damage from Bolt names its ability and answers the ability's own event.
    let bolt = b
        .log()
        .iter()
        .find(|e| {
            matches!(e.kind, EventKind::Damage { attack: false, .. }) && e.cause.ability.is_some()
        })
        .unwrap();
    let trigger = &b.log()[bolt.cause.after.unwrap() as usize];
    assert!(matches!(trigger.kind, EventKind::AbilityTriggered { .. }));
}

#[test]
fn breakdown_names_each_source() {
    let s = scenario(1)
        .card("a", 1, 5, &[])
        .card("drummer", 0, 5, &["Incite"])
        .artifact("blade", 2, 1, &[])
        .a(&["drummer", "a"])
        .play(1, Player::A, "blade", Some(2));
    let mut b = s.start();
    while let Some(e) = b.step() {
        if matches!(e.kind, EventKind::ArtifactAttached { .. }) {
            break;
        }
    }
    let a = b.board()[0][1].clone();
    assert_eq!((a.attack, a.life), (5, 6));
    let parts = b.stat_breakdown(a.id);
    let attack: Vec<(i32, StatSource)> = parts
        .iter()
        .filter(|p| p.stat == StatKind::Attack)
        .map(|p| (p.amount, p.source))
        .collect();
    assert_eq!(attack.len(), 3);
    assert_eq!(attack[0], (1, StatSource::Printed));
    assert!(matches!(attack[1], (2, StatSource::Artifact(_))));
    let StatSource::Ability(src) = attack[2].1 else {
        panic!("{attack:?}")
    };
    assert_eq!(b.ability_name(&src), "Incite of A's DRUMMER");
    assert_eq!(attack.iter().map(|p| p.0).sum::<i32>(), a.attack);
}

#[test]
fn an_endless_trigger_loop_stops_at_the_limit() {
    let mut content = BattleContent::standard();
    let echo: KeywordDef = ron::from_str(
        "(name: \"Echo\", abilities: [
            (kind: Triggered(Damaged), effects: [Heal(Fixed(1))]),
            (kind: Triggered(Damaged), target: EnemyOpposite, effects: [Damage(Fixed(1))]),
        ])",
    )
    .unwrap();
    content.add_keyword(echo, Origin::new("echo.ron", ""));
    let mut sc: BattleScenario = scenario(2).0;
    for (id, attack) in [("left", 1), ("right", 0)] {
        sc.cards.insert(
            id.into(),
            Card {
                name: id.into(),
                attack,
                life: 5,
                keywords: vec!["Echo".into()],
                ..Card::default()
            },
        );
    }
    sc.a = vec!["left".into()];
    sc.b = vec!["right".into()];
    let setup = prepare(&content, &sc).unwrap();
    let mut b = Battle::new(&setup, 0);
    b.run();
    let limits = b
        .log()
        .iter()
        .filter(|e| matches!(e.kind, EventKind::LoopLimit { .. }))
        .count();
    assert_eq!(limits, 2, "once per turn");
    assert!(b.is_over());
    assert!(
        b.describe(
            b.log()
                .iter()
                .find(|e| matches!(e.kind, EventKind::LoopLimit { .. }))
                .unwrap()
        )
        .starts_with("loop limit")
    );
}

fn arb_card() -> impl Strategy<Value = Card> {
    (
        0..7i32,
        1..9i32,
        proptest::collection::vec(0..KEYWORDS.len(), 0..3),
        0..TRIBES.len(),
    )
        .prop_map(|(attack, life, kws, tribe)| Card {
            name: "c".into(),
            attack,
            life,
            keywords: kws.into_iter().map(|k| KEYWORDS[k].to_owned()).collect(),
            tribes: vec![TRIBES[tribe].to_owned()],
            ..Card::default()
        })
}

/// Keywords whose statics are all local (`Program::statics_reach`), with ones that move,
/// kill, bring back and summon creatures: boards of these patch stats after line changes.
const LOCAL_STATIC_KEYWORDS: &[&str] = &[
    "Incite",
    "Swarm 1",
    "Armor 1",
    "Bolt",
    "Terrify",
    "Berserk",
    "Fury",
    "Regen 1",
    "Reanimate",
    "Fade",
    "Charge",
    "Ice Block",
    "Vengeance 2",
    "Reaper 1",
];

fn arb_local_card() -> impl Strategy<Value = Card> {
    (
        0..7i32,
        1..9i32,
        proptest::collection::vec(0..LOCAL_STATIC_KEYWORDS.len(), 0..3),
    )
        .prop_map(|(attack, life, kws)| Card {
            name: "c".into(),
            attack,
            life,
            keywords: kws
                .into_iter()
                .map(|k| LOCAL_STATIC_KEYWORDS[k].to_owned())
                .collect(),
            ..Card::default()
        })
}

/// A 7-versus-7 scenario of random cards, with an artifact, the Carrot of Power and random plays.
fn random_board(
    cards: Vec<Card>,
    plays: Vec<(u32, bool, usize)>,
    max_turns: u32,
) -> Arc<sigilforge_engine::battle::BattleSetup> {
    let mut sc = scenario(max_turns).0;
    for (i, card) in cards.into_iter().enumerate() {
        sc.cards.insert(format!("c{i}"), card);
    }
    sc.cards.insert(
        "blade".into(),
        Card {
            name: "Blade".into(),
            kind: sigilforge_engine::model::CardKind::Artifact,
            attack: 1,
            ..Card::default()
        },
    );
    sc.cards.insert(
        "carrot".into(),
        Card {
            name: "C".into(),
            kind: sigilforge_engine::model::CardKind::Artifact,
            keywords: vec!["Carrot of Power".into()],
            ..Card::default()
        },
    );
    sc.a = (0..7).map(|i| format!("c{i}")).collect();
    sc.b = (7..14).map(|i| format!("c{i}")).collect();
    for (turn, a, card) in plays {
        let id = match card {
            12 => "blade".to_owned(),
            13 => "carrot".to_owned(),
            n => format!("c{n}"),
        };
        sc.plays.push(sigilforge_engine::model::ScheduledPlay {
            turn,
            player: if a { Player::A } else { Player::B },
            card: id,
            target: Some(1),
        });
    }
    Arc::new(prepare(&BattleContent::standard(), &sc).expect("a random board resolves"))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]
    #[test]
    fn random_boards_never_panic_and_end_within_max_turns(
        cards in proptest::collection::vec(arb_card(), 14),
        plays in proptest::collection::vec((1..6u32, any::<bool>(), 0..14usize), 0..6),
        max_turns in 1..40u32,
        seeds in proptest::collection::vec(any::<u64>(), 3),
    ) {
        let setup = random_board(cards, plays, max_turns);
        for seed in seeds {
            let mut b = Battle::with_log(&setup, seed, false);
            b.run();
            prop_assert!(b.is_over());
            prop_assert!(b.turn() <= max_turns);
            prop_assert!(b.board()[0].len() <= 7 && b.board()[1].len() <= 7);
        }
    }

    /// After a line change the hot path patches the stats of the creatures near the slots
    /// that changed, when every static in play is local: after every step each creature's
    /// stats must be what a full recomputation (the breakdown) sums to. These keywords'
    /// statics all have a neighbour shape, so the patch works from each creature's
    /// `NeighbourBonus`; the same board with that shortcut turned off checks the general
    /// patch, which walks the abilities. Running to the end must agree with stepping.
    #[test]
    fn patched_stats_match_a_full_recomputation(
        cards in proptest::collection::vec(arb_local_card(), 14),
        plays in proptest::collection::vec((1..6u32, any::<bool>(), 0..12usize), 0..6),
        seed in any::<u64>(),
    ) {
        let setup = random_board(cards, plays, 25);
        prop_assert!(setup.program.statics_reach.is_some(), "the patching path is not taken");
        prop_assert!(setup.program.statics_by_neighbours, "the neighbour patch is not taken");
        // Incite and Swarm change attack alone: the patch works out that one stat (none is
        // named on a board without either); the board with it forgotten checks the patch of
        // all three.
        prop_assert!(matches!(setup.program.neighbour_stat, None | Some(StatKind::Attack)));
        let mut three = (*setup).clone();
        Arc::make_mut(&mut three.program).neighbour_stat = None;
        let mut general = (*setup).clone();
        Arc::make_mut(&mut general.program).statics_by_neighbours = false;
        for setup in [&*setup, &three, &general] {
            let mut b = Battle::new(setup, seed);
            while b.step().is_some() {
                for creature in b.board().iter().flatten() {
                    let parts = b.stat_breakdown(creature.id);
                    let sum = |stat| {
                        parts.iter().filter(|p| p.stat == stat).map(|p| p.amount).sum::<i32>()
                    };
                    prop_assert_eq!(
                        (creature.attack, creature.life, creature.armor),
                        (sum(StatKind::Attack), sum(StatKind::Life), sum(StatKind::Armor)),
                        "creature {} after event {} (neighbour patch: {}, of {:?})",
                        creature.id, b.event_count(), setup.program.statics_by_neighbours,
                        setup.program.neighbour_stat
                    );
                }
            }
            // Stepping reads the stats before every event, so a patch never waits there;
            // running to the end, with the log on and off, lets patches wait across line
            // changes (gaps closing): both must end where stepping did.
            let mut ran = Battle::new(setup, seed);
            ran.run();
            prop_assert_eq!(ran.log(), b.log());
            let mut quiet = Battle::with_log(setup, seed, false);
            quiet.run();
            prop_assert_eq!(quiet.event_count(), b.event_count());
            prop_assert_eq!(quiet.outcome_json(), b.outcome_json());
        }
    }

    /// The log-off run takes shortcuts (no events built, stats left until read, death checks
    /// of named suspects): it must end exactly as the logged run, and stepping must hand out
    /// exactly the logged run's events.
    #[test]
    fn random_boards_step_run_and_log_off_agree(
        cards in proptest::collection::vec(arb_card(), 14),
        plays in proptest::collection::vec((1..6u32, any::<bool>(), 0..14usize), 0..6),
        max_turns in 1..25u32,
        seed in any::<u64>(),
        split in 0..80usize,
    ) {
        let setup = random_board(cards, plays, max_turns);
        let mut logged = Battle::new(&setup, seed);
        logged.run();
        let mut stepped = Battle::new(&setup, seed);
        let mut events = Vec::new();
        while let Some(e) = stepped.step() {
            events.push(e);
        }
        prop_assert_eq!(events.as_slice(), logged.log());
        // Running after some steps finishes the turn under way with the stage machine and
        // runs the rest turn by turn: the same log.
        let mut part = Battle::new(&setup, seed);
        for _ in 0..split {
            if part.step().is_none() {
                break;
            }
        }
        part.run();
        prop_assert_eq!(part.log(), logged.log());
        let start = Battle::with_log(&setup, 0, false);
        let mut quiet = start.clone();
        quiet.reset_from(&start, seed);
        quiet.run();
        prop_assert_eq!(quiet.event_count(), logged.event_count());
        prop_assert_eq!(quiet.outcome_json(), logged.outcome_json());
        prop_assert_eq!(quiet.discard(), logged.discard());
    }
}
