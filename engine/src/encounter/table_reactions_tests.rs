//! The GM decides Reactions at the table: a question is held, answered, undone and replayed.

use super::*;
use crate::encounter::fixtures::goblin_ambush as ambush;
use crate::encounter::table::{TableAction, TableSession};

/// Ends turns until it is `id`'s.
fn to_turn_of(s: &mut TableSession, id: &str) {
    while s.run().current() != s.run().index_of(id) {
        s.apply(TableAction::EndTurn).unwrap();
    }
}

/// The ambush at the archer's turn, bob having stepped out of the wall's shadow on his turn
/// (one Beat left; alice has both of hers).
fn at_archer(seed: u64) -> TableSession {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, seed).unwrap();
    to_turn_of(&mut s, "bob");
    s.apply(TableAction::Move { to: (3, 8) }).unwrap();
    to_turn_of(&mut s, "archer");
    s
}

fn shoot(target: &str) -> TableAction {
    TableAction::UseAbility {
        ability: "aimed_shot".into(),
        targets: vec![target.into()],
        shape: None,
        score: None,
    }
}

fn answer(creature: &str, choice: ReactionChoice) -> TableAction {
    TableAction::Reaction {
        creature: creature.into(),
        choice,
    }
}

fn texts(s: &TableSession) -> Vec<String> {
    s.run().log().iter().map(|e| e.text.clone()).collect()
}

fn use_(ability: &str, score: Option<i32>) -> ReactionChoice {
    ReactionChoice::Use {
        ability: ability.into(),
        score,
    }
}

/// Issue #32: the archer's shot at bob would have let bob Dodge and alice Delay by
/// themselves; at the table each is a question, asked in turn order, and nothing happens
/// before its answer.
#[test]
fn a_reaction_is_a_question_and_nothing_fires_before_its_answer() {
    let mut s = at_archer(3);
    let before = (s.run().state(), texts(&s));
    s.apply(shoot("bob")).unwrap();
    let q = s.question().expect("bob is asked").clone();
    assert_eq!(q.creature, "bob");
    assert_eq!(q.trigger, "archer starts Aimed Shot on bob");
    let names: Vec<&str> = q.options.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["Dodge"]);
    assert_eq!(
        q.options[0].cost,
        "a Beat (1 Beat left); 1 Dodge Point (has 0: missing, a Disadvantage on its Test)"
    );
    assert_eq!(q.options[0].score_range, Some((3, 13)));
    // Held: the state and the log are those before the shot.
    assert_eq!((s.run().state(), texts(&s)), before);
    assert_eq!(
        s.apply(TableAction::EndTurn),
        Err(TableError::Unanswered("bob".into()))
    );
    s.apply(answer("bob", ReactionChoice::Skip)).unwrap();
    let q = s.question().expect("then alice").clone();
    assert_eq!(q.creature, "alice");
    assert_eq!(q.options[0].name, "Delay");
    assert_eq!(
        q.options[0].cost,
        "a Beat (2 Beats left); a stack of Exhausted unless its Test fails (has 0)"
    );
    assert_eq!((s.run().state(), texts(&s)), before);
    s.apply(answer("alice", ReactionChoice::Skip)).unwrap();
    assert!(s.question().is_none());
    let log = texts(&s).join("\n");
    assert!(log.contains("The GM skips bob's Reaction (Dodge)"), "{log}");
    assert!(
        log.contains("The GM skips alice's Reaction (Delay)"),
        "{log}"
    );
    assert!(!log.contains("answers with"), "{log}");
    assert!(log.contains("archer tests Aimed Shot"), "{log}");
    assert_eq!(s.run().combatant("bob").unwrap().beats, 1);
    assert_eq!(s.run().combatant("alice").unwrap().beats, 2);
}

#[test]
fn a_reaction_used_at_the_tables_score_spends_its_beat_and_takes_the_score() {
    let mut s = at_archer(3);
    s.apply(shoot("bob")).unwrap();
    s.apply(answer("bob", ReactionChoice::Skip)).unwrap();
    assert_eq!(
        s.apply(answer("alice", use_("delay", Some(40)))),
        Err(TableError::ImpossibleScore {
            score: 40,
            dice: 2,
            sides: 6,
            modifier: 3,
            low: 5,
            high: 15
        })
    );
    assert_eq!(
        s.apply(answer("alice", use_("fireball", None)))
            .unwrap_err()
            .to_string(),
        "alice cannot answer with fireball here: its trigger is not met or it cannot pay for it"
    );
    assert_eq!(
        s.apply(answer("bob", ReactionChoice::Skip))
            .unwrap_err()
            .to_string(),
        "the Reaction asked for is alice's, not bob's"
    );
    assert_eq!(s.question().map(|q| q.creature.as_str()), Some("alice"));
    s.apply(answer("alice", use_("delay", Some(13)))).unwrap();
    assert!(s.question().is_none());
    let log = texts(&s).join("\n");
    assert!(
        log.contains("The GM has alice answer with Delay, the table having rolled a Score of 13"),
        "{log}"
    );
    assert!(
        log.contains("alice spends a Beat and answers with Delay"),
        "{log}"
    );
    assert!(
        log.contains("= 13 → High Score; the table's Score, typed by the GM"),
        "{log}"
    );
    assert_eq!(s.run().combatant("alice").unwrap().beats, 1);
    // Delay made the shot a Slow Action: it waits on the archer.
    assert_eq!(
        s.run().combatant("archer").unwrap().pending[0].ability,
        "aimed_shot"
    );
}

/// Undo takes back an answer (the question is open again) and then the action that raised it;
/// a replay of the actions (a table log) reaches the same state and log.
#[test]
fn answers_are_undone_and_replayed() {
    let mut s = at_archer(5);
    s.apply(shoot("bob")).unwrap();
    let first = s.question().cloned();
    s.apply(answer("bob", use_("dodge", None))).unwrap();
    s.apply(answer("alice", ReactionChoice::Skip)).unwrap();
    let done = (s.run().state(), texts(&s));
    let log = texts(&s).join("\n");
    assert!(
        log.contains("bob spends a Beat and answers with Dodge"),
        "{log}"
    );

    let (content, enc) = ambush();
    let again = TableSession::replaying(&content, &enc, 5, s.actions().to_vec()).unwrap();
    assert!(again.refusal().is_none());
    assert_eq!((again.run().state(), texts(&again)), done);

    assert_eq!(s.undo(), Ok(Some(answer("alice", ReactionChoice::Skip))));
    assert_eq!(s.question().map(|q| q.creature.as_str()), Some("alice"));
    s.undo().unwrap();
    assert_eq!(s.question(), first.as_ref());
    s.undo().unwrap();
    assert!(s.question().is_none());
    assert!(s.apply(TableAction::EndTurn).is_ok());
}

/// A side handed to the engine answers by its policy, as a simulation does (the naive policy
/// takes the first Reaction it can), and the GM is asked for the other side only.
#[test]
fn a_side_the_engine_decides_reacts_by_its_policy() {
    let mut s = at_archer(3);
    s.apply(TableAction::ReactionsBy {
        side: "heroes".into(),
        by: ReactionDecider::Engine,
    })
    .unwrap();
    assert_eq!(s.run().reaction_decider("heroes"), ReactionDecider::Engine);
    assert_eq!(s.run().reaction_decider("foes"), ReactionDecider::Table);
    s.apply(shoot("bob")).unwrap();
    assert!(s.question().is_none());
    let log = texts(&s).join("\n");
    assert!(
        log.contains("The engine decides the Reactions of heroes from now on"),
        "{log}"
    );
    assert!(
        log.contains("bob spends a Beat and answers with Dodge"),
        "{log}"
    );
    assert_eq!(
        s.apply(TableAction::ReactionsBy {
            side: "ghosts".into(),
            by: ReactionDecider::Engine,
        })
        .unwrap_err()
        .to_string(),
        "no creature is on the side ghosts"
    );
    assert_eq!(
        s.apply(answer("bob", ReactionChoice::Skip)),
        Err(TableError::NoQuestion)
    );
}

/// Issue #32: a Reaction is not greyed out for nothing: the acting creature's list says when
/// the GM is asked for it.
#[test]
fn a_reaction_in_the_list_says_when_it_is_offered() {
    let (content, enc) = ambush();
    let mut s = TableSession::new(&content, &enc, 0).unwrap();
    to_turn_of(&mut s, "bob");
    let list = s.run().table_abilities();
    let dodge = list.iter().find(|a| a.id == "dodge").unwrap();
    assert_eq!(
        dodge.problem.as_deref(),
        Some(
            "a Reaction is not started: the GM is asked when an enemy starts a Damage ability that targets it"
        )
    );
}

/// What waits on a creature: the shot a Delay made slow (its target's cell), and a Prepared
/// Riposte (when it answers, when it expires).
#[test]
fn waiting_actions_say_what_and_when_with_their_cells() {
    let mut s = at_archer(3);
    s.apply(shoot("bob")).unwrap();
    s.apply(answer("bob", ReactionChoice::Skip)).unwrap();
    s.apply(answer("alice", use_("delay", Some(13)))).unwrap();
    let archer = s.run().index_of("archer").unwrap();
    let waiting = s.run().waiting(archer);
    assert_eq!(
        waiting,
        [crate::encounter::WaitingAction {
            what: "Aimed Shot on bob".into(),
            when: "its Test comes at the start of archer's next turn".into(),
            cells: vec![(3, 8)],
        }]
    );
    to_turn_of(&mut s, "bob");
    s.apply(TableAction::UseAbility {
        ability: "ready_riposte".into(),
        targets: vec![],
        shape: None,
        score: None,
    })
    .unwrap();
    let bob = s.run().index_of("bob").unwrap();
    let waiting = s.run().waiting(bob);
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0].what, "Prepared Riposte");
    assert_eq!(
        waiting[0].when,
        "it answers when an enemy starts a Damage ability that targets it; expires after 1 use"
    );
}

/// A table log with answers (and a question still open) is written as RON and opens to the
/// same state, log and question.
#[test]
fn a_table_log_keeps_the_answers_and_the_open_question() {
    let mut s = at_archer(7);
    s.apply(TableAction::ReactionsBy {
        side: "foes".into(),
        by: ReactionDecider::Engine,
    })
    .unwrap();
    s.apply(shoot("bob")).unwrap();
    s.apply(answer("bob", use_("dodge", Some(9)))).unwrap();
    let (content, enc) = ambush();
    let text = crate::encounter::table_log_text(&s.to_log(|e| e.text.clone()).unwrap()).unwrap();
    assert!(text.contains("Reaction("), "{text}");
    let path = std::path::Path::new("log.ron");
    let (back, warning) = TableSession::resume(&content, &enc, &text, path).unwrap();
    assert_eq!(warning, None);
    assert_eq!(back.question(), s.question());
    assert_eq!(back.question().map(|q| q.creature.as_str()), Some("alice"));
    assert_eq!(
        (back.run().state(), texts(&back)),
        (s.run().state(), texts(&s))
    );
    assert_eq!(back.actions(), s.actions());
    assert_eq!(back.run().reaction_decider("foes"), ReactionDecider::Engine);
}
