//! Unit tests of table mode's GM actions (`table.rs`).

use super::*;
use crate::encounter::state::Combatant;

use crate::encounter::fixtures::goblin_ambush as ambush;

fn who<'a>(s: &'a TableSession, id: &str) -> &'a Combatant {
    s.run().combatant(id).unwrap()
}

fn damage(target: &str, amount: u32, kind: Option<&str>) -> TableAction {
    TableAction::Damage {
        target: target.to_owned(),
        amount,
        kind: kind.map(str::to_owned),
    }
}

fn last_lines(s: &TableSession, n: usize) -> Vec<String> {
    let log = s.run().log();
    log[log.len().saturating_sub(n)..]
        .iter()
        .map(|e| e.text.clone())
        .collect()
}

#[test]
fn damage_lowers_health_and_logs_the_gm_and_the_engine_line() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    let before = who(&s, "bob").health;
    s.apply(damage("bob", 3, Some("Fire"))).unwrap();
    assert_eq!(who(&s, "bob").health, before - 3);
    let lines = last_lines(&s, 2);
    assert_eq!(lines[0], "The GM deals 3 Fire damage to bob");
    assert!(lines[1].starts_with("bob takes 3 Fire damage"), "{lines:?}");
    assert_eq!(
        s.run().log().last().unwrap().cause.after,
        Some(u32::try_from(s.run().log().len() - 2).unwrap())
    );
}

#[test]
fn enough_damage_drops_a_creature_and_refuses_more() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    s.apply(damage("goblin_2", 999, None)).unwrap();
    assert!(!who(&s, "goblin_2").standing());
    assert!(s.run().log().iter().any(|e| e.text == "goblin_2 drops"));
    assert_eq!(
        s.apply(damage("goblin_2", 1, None)),
        Err(TableError::Dropped("goblin_2".into()))
    );
    assert_eq!(s.actions().len(), 1, "a refused action is not recorded");
}

#[test]
fn healing_stops_at_the_maximum() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    let max = who(&s, "bob").max_health;
    s.apply(damage("bob", 2, None)).unwrap();
    s.apply(TableAction::Heal {
        target: "bob".into(),
        amount: 10,
    })
    .unwrap();
    assert_eq!(who(&s, "bob").health, max);
    assert!(last_lines(&s, 1)[0].starts_with("bob heals 2"));
}

/// Seed 004: "you will lose one stack of Strained at the end of each of your Turns"; a
/// stack gained on another creature's turn goes at the end of the bearer's next turn.
#[test]
fn a_fleeting_status_loses_a_stack_at_the_end_of_the_bearers_turn() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    // goblin_1 acts first; bob is next.
    assert_eq!(s.run().current(), s.run().index_of("goblin_1"));
    s.apply(TableAction::Status {
        target: "bob".into(),
        status: "Vulnerable".into(),
        stacks: 2,
    })
    .unwrap();
    assert_eq!(who(&s, "bob").stacks("Vulnerable"), 2);
    s.apply(TableAction::EndTurn).unwrap();
    assert_eq!(s.run().current(), s.run().index_of("bob"));
    assert_eq!(
        who(&s, "bob").stacks("Vulnerable"),
        2,
        "not bob's turn end yet"
    );
    s.apply(TableAction::EndTurn).unwrap();
    assert_eq!(who(&s, "bob").stacks("Vulnerable"), 1);
    assert_eq!(s.run().current(), s.run().index_of("goblin_2"));
}

#[test]
fn spending_beats_stops_at_zero_and_the_next_turn_refills_them() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    let full = who(&s, "goblin_1").block.beats;
    for left in (0..full).rev() {
        s.apply(TableAction::SpendBeat).unwrap();
        assert_eq!(who(&s, "goblin_1").beats, left);
    }
    assert_eq!(
        s.apply(TableAction::SpendBeat),
        Err(TableError::NoBeats("goblin_1".into()))
    );
    assert_eq!(last_lines(&s, 1)[0], "goblin_1 spends a Beat, 0 left");
    s.apply(TableAction::EndTurn).unwrap();
    let b = who(&s, "bob");
    assert_eq!(b.beats, b.block.beats);
}

#[test]
fn resources_are_spent_and_gained_but_never_below_zero() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    let focus = |s: &TableSession| who(s, "archer").resources["Focus Point"];
    let change = |change: i32| TableAction::Resource {
        target: "archer".into(),
        resource: "Focus Point".into(),
        change,
    };
    let start = focus(&s);
    s.apply(change(2)).unwrap();
    assert_eq!(focus(&s), start + 2);
    assert_eq!(
        last_lines(&s, 2),
        [
            "The GM gives archer 2 Focus Point".to_owned(),
            format!("archer has {} Focus Point", start + 2),
        ]
    );
    s.apply(change(-(start + 2))).unwrap();
    assert_eq!(focus(&s), 0);
    assert_eq!(
        s.apply(change(-1)),
        Err(TableError::NotEnough(
            "archer".into(),
            "Focus Point".into(),
            0
        ))
    );
    assert_eq!(
        s.apply(TableAction::Resource {
            target: "archer".into(),
            resource: "Mana".into(),
            change: 1,
        }),
        Err(TableError::UnknownResource("archer".into(), "Mana".into()))
    );
}

#[test]
fn vulnerable_adds_to_the_gms_damage() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    let before = who(&s, "alice").health;
    s.apply(TableAction::Status {
        target: "alice".into(),
        status: "Vulnerable".into(),
        stacks: 1,
    })
    .unwrap();
    s.apply(damage("alice", 1, None)).unwrap();
    let per_stack = content.conditions["Vulnerable"].extra_damage_taken_per_stack;
    assert_eq!(who(&s, "alice").health, before - 1 - per_stack);
}

#[test]
fn ending_turns_skips_the_dropped_and_starts_a_new_round() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    s.apply(damage("bob", 999, None)).unwrap();
    s.apply(TableAction::EndTurn).unwrap();
    assert_eq!(s.run().current(), s.run().index_of("goblin_2"));
    for _ in 0..4 {
        s.apply(TableAction::EndTurn).unwrap();
    }
    assert_eq!(s.run().round(), 2);
    assert_eq!(s.run().current(), s.run().index_of("goblin_1"));
    let b = who(&s, "goblin_1");
    assert_eq!(b.beats, b.block.beats, "Beats refill at the turn's start");
}

#[test]
fn the_encounter_ends_when_one_side_is_left_and_refuses_more() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    s.apply(damage("bob", 999, None)).unwrap();
    s.apply(damage("alice", 999, None)).unwrap();
    assert_eq!(
        s.run().outcome().and_then(|o| o.winner.clone()).as_deref(),
        Some("foes")
    );
    assert_eq!(s.apply(TableAction::EndTurn), Err(TableError::Over));
}

#[test]
fn refusals_name_what_is_wrong_and_change_nothing() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    let log = s.run().log().len();
    assert_eq!(
        s.apply(damage("nobody", 1, None)),
        Err(TableError::UnknownCreature("nobody".into()))
    );
    assert_eq!(s.apply(damage("bob", 0, None)), Err(TableError::Nothing));
    let status = |name: &str| TableAction::Status {
        target: "bob".into(),
        status: name.into(),
        stacks: 1,
    };
    assert_eq!(
        s.apply(status("Sleepy")),
        Err(TableError::UnknownStatus("Sleepy".into()))
    );
    assert_eq!(
        s.apply(status("Concentrating")),
        Err(TableError::ConcentrationStatus("Concentrating".into()))
    );
    assert_eq!(s.run().log().len(), log);
    assert!(s.actions().is_empty());
}

#[test]
fn undo_takes_back_the_last_action_exactly() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 7).unwrap();
    s.apply(damage("goblin_1", 2, None)).unwrap();
    let after_one = s.run().state();
    let log_after_one = s.run().log().to_vec();
    s.apply(TableAction::EndTurn).unwrap();
    s.apply(damage("bob", 999, None)).unwrap();
    assert_eq!(s.undo(), Ok(Some(damage("bob", 999, None))));
    assert_eq!(s.undo(), Ok(Some(TableAction::EndTurn)));
    assert_eq!(s.run().state(), after_one);
    assert_eq!(s.run().log(), log_after_one.as_slice());
    s.undo().unwrap();
    assert_eq!(s.undo(), Ok(None));
    assert_eq!(
        s.run().state(),
        TableSession::new(&content, &enc, 7).unwrap().run().state()
    );
}

#[test]
fn the_same_actions_give_the_same_log() {
    let (content, enc) = ambush();
    let play = || {
        let mut s = TableSession::new(&content, &enc, 3).unwrap();
        for action in [
            damage("goblin_1", 2, Some("Fire")),
            TableAction::EndTurn,
            damage("bob", 4, None),
            TableAction::EndTurn,
            TableAction::EndTurn,
        ] {
            s.apply(action).unwrap();
        }
        s.run().log().to_vec()
    };
    assert_eq!(play(), play());
}

#[test]
fn clearing_a_status_takes_stacks_off_and_refuses_what_is_not_there() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    let clear = |stacks| TableAction::ClearStatus {
        target: "bob".into(),
        status: "Vulnerable".into(),
        stacks,
    };
    assert_eq!(
        s.apply(clear(1)),
        Err(TableError::NoStacks("bob".into(), "Vulnerable".into()))
    );
    s.apply(TableAction::Status {
        target: "bob".into(),
        status: "Vulnerable".into(),
        stacks: 3,
    })
    .unwrap();
    s.apply(clear(1)).unwrap();
    assert_eq!(who(&s, "bob").stacks("Vulnerable"), 2);
    assert_eq!(
        last_lines(&s, 2),
        [
            "The GM clears 1 stack of Vulnerable from bob".to_owned(),
            "bob loses stacks of Vulnerable, 2 left".to_owned(),
        ]
    );
    s.apply(clear(9)).unwrap();
    assert_eq!(who(&s, "bob").stacks("Vulnerable"), 0);
    assert!(!who(&s, "bob").statuses.contains_key("Vulnerable"));
    assert_eq!(s.apply(clear(0)), Err(TableError::Nothing));
}

/// A creature that drops on its own turn can do nothing more: found by the table proptest (a
/// Fireball caught its own caster when it burst at the start of her next turn).
#[test]
fn a_creature_dropped_on_its_own_turn_passes_the_turn() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    s.apply(damage("goblin_1", 999, None)).unwrap();
    assert_eq!(s.run().current(), s.run().index_of("bob"));
    assert!(
        s.run()
            .log()
            .iter()
            .any(|e| e.text == "goblin_1 has dropped on its own turn: the turn passes")
    );
}

/// Undo replays through the core sandbox's replay and never stops silently: were an action the
/// engine once took refused on replay, undo says which and why, and the session is kept as it was.
#[test]
fn undo_reports_an_action_the_replay_refuses_and_keeps_the_session() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 7).unwrap();
    s.apply(damage("goblin_1", 2, None)).unwrap();
    s.apply(TableAction::EndTurn).unwrap();
    s.apply(damage("goblin_1", 1, None)).unwrap();
    let (state, log) = (s.run().state(), s.run().log().to_vec());
    // The engine would refuse this first action now (as a changed encounter could).
    s.replay.script[0] = damage("nobody", 2, None);
    let refused = s.undo().unwrap_err();
    assert_eq!(
        refused,
        TableError::Replay {
            number: 1,
            action: damage("nobody", 2, None).describe(),
            reason: Box::new(TableError::UnknownCreature("nobody".into())),
        }
    );
    assert_eq!(s.actions().len(), 3);
    assert_eq!((s.run().state(), s.run().log()), (state, log.as_slice()));
}

/// A replayed list of actions (a saved log) stops at the first the engine refuses and says so.
#[test]
fn a_replay_stops_at_the_first_refused_action() {
    let (content, enc) = ambush();
    let actions = vec![
        damage("goblin_1", 2, None),
        damage("nobody", 1, None),
        TableAction::EndTurn,
    ];
    let s = TableSession::replaying(&content, &enc, 7, actions).unwrap();
    assert_eq!(s.actions(), [damage("goblin_1", 2, None)].as_slice());
    let (number, _, reason) = s.refusal().unwrap();
    assert_eq!(
        (number, reason),
        (2, TableError::UnknownCreature("nobody".into()))
    );
}
