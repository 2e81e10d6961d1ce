//! Table mode's GM-control API (`encounter::table`): the GM's actions go through the engine's
//! rules, fire no Reaction unasked (the GM's damage opens no window; an ability's window asks
//! the GM, `encounter::table_reactions`), and any sequence of them, Reaction answers included,
//! keeps the engine sound and undoes exactly.

mod encounter_common;

use encounter_common::pack_dir;
use proptest::prelude::*;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::space::ShapePlacement;
use sigilforge_engine::encounter::{
    Encounter, EncounterContent, ReactionChoice, TableAction, TableSession, load, load_source,
    table_log_text,
};

/// Bob beside a Bramble whose Free Reaction Thorns answers taking damage.
const THORNS: &str = "Encounter(name: \"thorns\", pack: Some(\"tabletop\"), map: (width: 8, height: 6),\n\
     combatants: [(id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2)),\
       (id: \"bramble\", stat_block: \"bramble\", side: \"foes\", position: (3, 2))],\n\
     abilities: [(id: \"thorns\", name: \"Thorns\", time: FreeReaction, triggers: [TakesDamage], \
       target: (kinds: [Creature], side: Enemy, reach: Some((distance: Swinging))), \
       effects: [Damage], outcomes: (mixed: [Damage(amount: 1)]))],\n\
     creatures: [(id: \"bramble\", name: \"Bramble\", health: 9, abilities: [(id: \"thorns\")])])";

fn inline(src: &str) -> (EncounterContent, Encounter) {
    let mut diags = Diagnostics::new();
    let (enc, content) =
        load_source(src, &pack_dir().join("inline_test.ron"), &mut diags).expect("loads");
    assert!(diags.is_empty(), "{diags:?}");
    (content, enc)
}

/// Seed 004, 1.8: a Reaction is the creature's choice in answer to a Trigger; at the table the
/// GM makes it, so damage the GM applies opens no automatic Reaction window.
#[test]
fn gm_damage_opens_no_reaction_window() {
    let (content, enc) = inline(THORNS);
    let mut session = TableSession::new(&content, &enc, 1).expect("starts");
    let bob = session.run().combatant("bob").expect("bob").health;
    session
        .apply(TableAction::Damage {
            target: "bramble".into(),
            amount: 2,
            kind: None,
        })
        .expect("applies");
    let log: Vec<&str> = session
        .run()
        .log()
        .iter()
        .map(|e| e.text.as_str())
        .collect();
    assert!(
        log.iter().any(|l| l.starts_with("bramble takes 2 damage")),
        "{log:?}"
    );
    assert!(!log.iter().any(|l| l.contains("answers")), "{log:?}");
    assert_eq!(session.run().combatant("bob").expect("bob").health, bob);
}

/// Table mode's "Give status" and "End turn" go through the engine, so a status's most stacks,
/// its damage at the start of the bearer's turn and its Beats lost hold at the table too (the
/// seed is silent on these effects; `docs/rules/encounters.md`, "More status effects").
#[test]
fn gm_statuses_follow_their_effects() {
    let (content, enc) = inline(THORNS);
    let mut session = TableSession::new(&content, &enc, 1).expect("starts");
    for status in ["Stunned", "Burning"] {
        session
            .apply(TableAction::Status {
                target: "bramble".into(),
                status: status.into(),
                stacks: 5,
            })
            .expect("applies");
    }
    let bramble = session.run().combatant("bramble").expect("bramble");
    assert_eq!(bramble.stacks("Stunned"), 1, "Stunned has at most 1 stack");
    assert_eq!(bramble.stacks("Burning"), 3, "Burning has at most 3 stacks");
    session
        .apply(TableAction::EndTurn)
        .expect("bob's turn ends");
    let run = session.run();
    let log: Vec<&str> = run.log().iter().map(|e| e.text.as_str()).collect();
    assert!(
        log.iter()
            .any(|l| l.starts_with("bramble takes 3 Fire damage")),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|l| l.starts_with("bramble loses 1 Beat to Stunned, 1 left")),
        "{log:?}"
    );
}

/// The rules set no limit on Free Actions (`docs/rules/encounters.md`, "Free Actions"): at the
/// table the GM may have a creature use one as often as the table wants; only the simulation's
/// policies use each once a turn.
#[test]
fn a_free_action_may_be_used_twice_in_a_turn_at_the_table() {
    let (content, enc) = inline(THORNS);
    let mut session = TableSession::new(&content, &enc, 1).expect("starts");
    let use_it = || TableAction::UseAbility {
        ability: "ready_riposte".into(),
        targets: Vec::new(),
        shape: None,
        score: None,
    };
    session.apply(use_it()).expect("the first use");
    let offered = session.run().table_abilities();
    let ready = offered
        .iter()
        .find(|a| a.id == "ready_riposte")
        .expect("bob has Ready Riposte");
    assert_eq!(ready.problem, None, "offered again: {ready:?}");
    session.apply(use_it()).expect("the second use, same turn");
    let beats = session.run().combatant("bob").expect("bob").beats;
    assert_eq!(beats, 2, "a Free Action costs no Beat");
}

fn ambush() -> (EncounterContent, Encounter) {
    let mut diags = Diagnostics::new();
    let (enc, content) =
        load(&pack_dir().join("goblin_ambush.ron"), &mut diags).expect("the starter ambush");
    (content, enc)
}

const WHO: [&str; 7] = [
    "bob", "alice", "goblin_1", "goblin_2", "archer", "skeleton", "nobody",
];
const RESOURCES: [&str; 3] = ["Dodge Point", "Focus Point", "Mana"];
const STATUSES: [&str; 5] = [
    "Strained",
    "Vulnerable",
    "Exhausted",
    "Concentrating",
    "Sleepy",
];

fn table_action() -> impl Strategy<Value = TableAction> {
    let target = (0..WHO.len()).prop_map(|i| WHO[i].to_owned());
    prop_oneof![
        (
            target.clone(),
            0u32..12,
            prop::option::of("[A-Z][a-z]{0,5}")
        )
            .prop_map(|(target, amount, kind)| TableAction::Damage {
                target,
                amount,
                kind
            }),
        (target.clone(), 0u32..12)
            .prop_map(|(target, amount)| TableAction::Heal { target, amount }),
        (target, 0..STATUSES.len(), 0u32..4).prop_map(|(target, s, stacks)| {
            TableAction::Status {
                target,
                status: STATUSES[s].to_owned(),
                stacks,
            }
        }),
        (0..WHO.len(), 0..STATUSES.len(), 0u32..4).prop_map(|(w, s, stacks)| {
            TableAction::ClearStatus {
                target: WHO[w].to_owned(),
                status: STATUSES[s].to_owned(),
                stacks,
            }
        }),
        (0..WHO.len(), 0..RESOURCES.len(), -3i32..4).prop_map(|(w, r, change)| {
            TableAction::Resource {
                target: WHO[w].to_owned(),
                resource: RESOURCES[r].to_owned(),
                change,
            }
        }),
        Just(TableAction::SpendBeat),
        Just(TableAction::EndTurn),
        Just(TableAction::EndTurn),
        use_ability(),
        use_ability(),
        (-1i32..15, -1i32..11).prop_map(|to| TableAction::Move { to }),
        (-1i32..15, -1i32..11).prop_map(|to| TableAction::Move { to }),
    ]
}

/// One step of the property test: an action as generated, or one the GM would plausibly
/// take: the acting creature's `ability`-th offered ability at its `target`-th valid target
/// (modulo their counts), rolled by the engine or at a typed Score within its range.
#[derive(Debug, Clone)]
enum Step {
    Raw(TableAction),
    Plausible {
        ability: usize,
        target: usize,
        typed: Option<i32>,
    },
}

impl Step {
    fn action(&self, session: &TableSession) -> TableAction {
        let (ability, target, typed) = match self {
            Self::Raw(action) => return action.clone(),
            Self::Plausible {
                ability,
                target,
                typed,
            } => (*ability, *target, *typed),
        };
        // A Reaction question waits: the GM answers it (skips it, or uses one offered).
        if let Some(q) = session.question() {
            let choice = match q.options.get(ability % (q.options.len() + 1)) {
                Some(o) => ReactionChoice::Use {
                    ability: o.ability.clone(),
                    score: o
                        .score_range
                        .zip(typed)
                        .map(|((low, high), n)| low + n.rem_euclid(high - low + 1)),
                },
                None => ReactionChoice::Skip,
            };
            return TableAction::Reaction {
                creature: q.creature.clone(),
                choice,
            };
        }
        let offered: Vec<_> = session
            .run()
            .table_abilities()
            .into_iter()
            .filter(|a| a.problem.is_none())
            .collect();
        let Some(a) = offered.get(ability % offered.len().max(1)) else {
            return TableAction::EndTurn;
        };
        let valid: Vec<&String> = (a.targets.iter())
            .filter(|(_, why)| why.is_none())
            .map(|(id, _)| id)
            .collect();
        let targets = valid
            .get(target % valid.len().max(1))
            .map(|t| vec![(*t).clone()])
            .unwrap_or_default();
        let score = a
            .score_range
            .zip(typed)
            .map(|((low, high), n)| low + n.rem_euclid(high - low + 1));
        let shape = a.shape.then(|| {
            let c = &session.run().combatants[session.run().current().unwrap_or(0)];
            ShapePlacement {
                origin: (c.position.0 + 1, c.position.1),
                toward: None,
                include_origin: false,
            }
        });
        TableAction::UseAbility {
            ability: a.id.clone(),
            targets,
            shape,
            score,
        }
    }
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => table_action().prop_map(Step::Raw),
        1 => (0usize..8, 0usize..8, prop::option::of(0i32..20)).prop_map(|(ability, target, typed)| {
            Step::Plausible {
                ability,
                target,
                typed,
            }
        }),
    ]
}

/// Every kind of ability the ambush's creatures have (and one nobody has), at any targets,
/// with or without a Shape and a typed Score; possible or not.
const ABILITIES: [&str; 11] = [
    "melee_attack",
    "multi_attack",
    "dodge",
    "elemental_blast",
    "healing_word",
    "flame_spray",
    "fireball",
    "turn_undead",
    "aimed_shot",
    "forage",
    "nothing",
];

fn use_ability() -> impl Strategy<Value = TableAction> {
    (
        0..ABILITIES.len(),
        proptest::collection::vec(0..WHO.len(), 0..3),
        prop::option::of((0i32..14, 0i32..10)),
        prop::option::of(0i32..18),
    )
        .prop_map(|(a, targets, origin, score)| TableAction::UseAbility {
            ability: ABILITIES[a].to_owned(),
            targets: targets.into_iter().map(|t| WHO[t].to_owned()).collect(),
            shape: origin.map(|origin| ShapePlacement {
                origin,
                toward: None,
                include_origin: false,
            }),
            score,
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    /// Any sequence of table actions (abilities used and moves included): a refused one changes
    /// nothing, an accepted one is undone exactly (state and log), health stays within 0..=max
    /// when it was, after a turn ends the creature whose turn it is stands (or the encounter is
    /// over), and the session saved as a table log opens to the same state and log.
    #[test]
    fn table_actions_keep_the_engine_sound_and_undo_exactly(
        actions in proptest::collection::vec(step(), 1..60),
        seed in 0u64..1000,
    ) {
        let (content, enc) = ambush();
        let mut session = TableSession::new(&content, &enc, seed).expect("starts");
        for step in actions {
            let action = step.action(&session);
            let before_state = session.run().state();
            let before_log = session.run().log().to_vec();
            if session.apply(action.clone()).is_ok() {
                let after_state = session.run().state();
                let after_log = session.run().log().to_vec();
                prop_assert_eq!(session.undo(), Ok(Some(action.clone())));
                prop_assert_eq!(session.run().state(), before_state);
                prop_assert_eq!(session.run().log(), before_log.as_slice());
                session.apply(action.clone()).expect("accepted again from the same state");
                prop_assert_eq!(session.run().state(), after_state);
                prop_assert_eq!(session.run().log(), after_log.as_slice());
            } else {
                prop_assert_eq!(session.run().state(), before_state);
                prop_assert_eq!(session.run().log(), before_log.as_slice());
            }
            let run = session.run();
            for c in &run.combatants {
                prop_assert!(c.health <= c.max_health, "{} above its maximum", c.id);
                prop_assert!(c.resources.values().all(|n| *n >= 0), "{} below 0", c.id);
            }
            if action == TableAction::EndTurn && run.outcome().is_none() {
                let now = run.current().expect("someone's turn");
                prop_assert!(run.combatants[now].standing());
            }
        }
        // Saved as a table log and opened again, the session is rebuilt exactly.
        let text = table_log_text(&session.to_log(|e| e.text.clone()).expect("fingerprinted")).expect("written");
        let (opened, warning) =
            TableSession::resume(&content, &enc, &text, std::path::Path::new("log.ron"))
                .expect("opens");
        prop_assert_eq!(warning, None);
        prop_assert_eq!(opened.run().state(), session.run().state());
        prop_assert_eq!(opened.run().log(), session.run().log());
    }
}
