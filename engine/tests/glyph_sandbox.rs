//! The interactive API the editor's sandbox uses: step a round, step back, run to quiet,
//! inject a command, read what each round did and which glyphs shine.

use std::path::Path;

use sigilforge_engine::glyph::{
    GlyphEnd, GlyphEventKind, GlyphNetwork, GlyphRun, GlyphRunError, load,
};

const CHAIN: &str = r##"GlyphNetwork(name: "chain", max_rounds: 10, glyphs: [
    (id: "a", pos: (0.0, 0.0), colour: Some("#ff0000"),
        abilities: [(on: "go", time: FreeReaction, does: [Send("x")])]),
    (id: "b", pos: (1.0, 0.0), colour: Some("#00ff00"),
        abilities: [(on: "x", time: Reaction, does: [Effect("glow"), Send("y")])]),
    (id: "c", pos: (2.0, 0.0),
        abilities: [(on: "y", time: Reaction, does: [Effect("boom")])]),
  ], links: [("a", "b"), ("b", "c")],
  inject: [(round: 1, glyph: "a", command: "go")])"##;

fn chain() -> GlyphNetwork {
    load(CHAIN, Path::new("chain.ron"))
        .expect("a valid network")
        .0
}

#[test]
fn stepping_round_by_round_gives_the_same_outcome_as_running_to_the_end() {
    let net = chain();
    let whole = GlyphRun::new(&net).run_to_end();
    let mut stepped = GlyphRun::new(&net);
    let mut played = Vec::new();
    while let Some(round) = stepped.step_round() {
        played.push(round.round);
    }
    assert_eq!(played, [1, 2, 3]);
    assert_eq!(stepped.outcome(), whole);
    assert_eq!(whole.end, Some(GlyphEnd::Quiet));
    assert!(stepped.step_round().is_none(), "an ended run does not step");
}

#[test]
fn step_back_replays_from_the_start_to_the_previous_round() {
    let net = chain();
    let mut run = GlyphRun::new(&net);
    run.step_round();
    run.step_round();
    let after_one = GlyphRun::replay(&net, 1);
    run.step_back();
    assert_eq!(run.round(), 1);
    assert_eq!(run.outcome(), after_one.outcome());
    assert_eq!(run.log(), after_one.log());
    assert_eq!(run.waiting(), [("a", "x")]);
    // Stepping forward again gives round 2 exactly as before.
    let r2 = run.step_round().unwrap().clone();
    assert_eq!(r2.effects, [("b".to_owned(), "glow".to_owned())]);
}

#[test]
fn shining_glyphs_come_with_their_colour() {
    let mut run = GlyphRun::new(&chain());
    run.run_to_end();
    assert_eq!(run.shining(1), [("a", Some("#ff0000"))]);
    assert_eq!(run.shining(2), [("b", Some("#00ff00"))]);
    assert!(run.shining(3).is_empty());
    assert!(run.shining(99).is_empty());
}

#[test]
fn injecting_interactively_arrives_next_round_and_survives_step_back() {
    let mut run = GlyphRun::new(&chain());
    run.run_to_end();
    assert_eq!(run.end(), Some(GlyphEnd::Quiet));
    // The run was quiet after round 3; an injection reopens it for round 4.
    assert_eq!(run.inject("a", "go"), Ok(4));
    assert_eq!(run.end(), None);
    let r4 = run.step_round().unwrap();
    assert_eq!(r4.received, [("a".to_owned(), "go".to_owned())]);
    run.run_to_end();
    assert_eq!(run.round(), 6);
    run.step_back();
    assert_eq!(run.round(), 5);
    assert_eq!(
        run.rounds()[3].received,
        [("a".to_owned(), "go".to_owned())]
    );
    assert_eq!(
        run.inject("nobody", "go"),
        Err(GlyphRunError::UnknownGlyph("nobody".to_owned()))
    );
}

#[test]
fn injection_cannot_go_past_max_rounds() {
    let mut net = chain();
    net.max_rounds = 2;
    let mut run = GlyphRun::new(&net);
    run.run_to_end();
    assert_eq!(run.end(), Some(GlyphEnd::MaxRounds));
    assert_eq!(run.inject("a", "go"), Err(GlyphRunError::NoRoundsLeft(2)));
}

#[test]
fn each_round_lists_its_events_with_text() {
    let mut run = GlyphRun::new(&chain());
    run.run_to_end();
    let texts: Vec<&str> = run.events_of(2).iter().map(|e| e.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "a receives its own “x”, sent last round",
            "b receives “x” from a, sent last round",
            "b: ability 1 answers “x” as a Reaction and spends its Beat",
            "b: effect “glow”",
            "b shines and sends “y”, delivered next round",
        ]
    );
    let last = run.events_of(3).last().unwrap();
    assert!(matches!(
        last.kind,
        GlyphEventKind::Ended {
            end: GlyphEnd::Quiet
        }
    ));
}

#[test]
fn disabled_glyph_misses_are_logged_as_blocked() {
    let src = r#"GlyphNetwork(name: "n", glyphs: [
        (id: "g", pos: (0.0, 0.0), disable_on: Some(("hush", 1))),
      ], inject: [(round: 1, glyph: "g", command: "hush"), (round: 2, glyph: "g", command: "ping")])"#;
    let mut run = GlyphRun::new(&load(src, Path::new("n.ron")).unwrap().0);
    run.run_to_end();
    assert!(run.events_of(2).iter().any(|e| matches!(
        &e.kind,
        GlyphEventKind::Blocked { glyph, command, until: 2 } if glyph == "g" && command == "ping"
    )));
    assert!(run.rounds()[1].received.is_empty());
}

#[test]
fn same_network_gives_the_same_log_every_time() {
    let net = chain();
    let first = {
        let mut r = GlyphRun::new(&net);
        r.run_to_end();
        r.log().to_vec()
    };
    for _ in 0..100 {
        let mut r = GlyphRun::new(&net);
        r.run_to_end();
        assert_eq!(r.log(), first.as_slice());
    }
}
