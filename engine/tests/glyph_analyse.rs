//! The analyser: what a network can do, predicted without running it, then checked by running.

mod spec_examples;

use std::path::{Path, PathBuf};

use sigilforge_engine::glyph::{GlyphEnd, GlyphNetwork, GlyphRun, analyse, load, load_file};

fn examples_dir() -> PathBuf {
    spec_examples::fixture_dir("glyph-examples")
}

fn net(src: &str) -> GlyphNetwork {
    load(src, Path::new("t.ron")).expect("a valid network").0
}

#[test]
fn vault_alarm_runaway_is_predicted_before_it_runs() {
    let (vault, _) = load_file(&examples_dir().join("01-vault-alarm.ron")).unwrap();
    let report = analyse(&vault);
    assert_eq!(report.predicted_end, GlyphEnd::MaxRounds);
    let lp = report.runaway.as_ref().expect("a runaway loop");
    assert_eq!(lp.steps, [("bell".to_owned(), "alarm".to_owned())]);
    assert_eq!(lp.rounds, 1);
    assert_eq!(lp.first_round, 2);
    assert!(lp.may_stop.is_empty(), "nothing in the file can stop it");
    assert_eq!(report.quiet_by, None);
    // And the run agrees.
    let outcome = GlyphRun::new(&vault).run_to_end();
    assert_eq!(outcome.end, Some(GlyphEnd::MaxRounds));
}

#[test]
fn reach_lists_each_reception_with_its_earliest_round() {
    let (vault, _) = load_file(&examples_dir().join("01-vault-alarm.ron")).unwrap();
    let report = analyse(&vault);
    assert_eq!(report.reach.len(), 1);
    let got: Vec<(&str, &str, u32, u32)> = report.reach[0]
        .reaches
        .iter()
        .map(|r| (r.glyph.as_str(), r.command.as_str(), r.round, r.after))
        .collect();
    assert_eq!(
        got,
        [
            ("door", "opened", 1, 0),
            ("door", "alarm", 2, 1),
            ("bell", "alarm", 2, 1)
        ]
    );
    assert!(report.unreached.is_empty());
}

#[test]
fn one_beat_example_is_predicted_quiet_after_round_1() {
    let (n, _) = load_file(&examples_dir().join("02-one-beat.ron")).unwrap();
    let report = analyse(&n);
    assert_eq!(report.predicted_end, GlyphEnd::Quiet);
    assert_eq!(report.quiet_by, Some(1));
    assert!(report.runaway.is_none());
}

#[test]
fn unreached_glyphs_unheard_commands_and_breaking_links_are_reported() {
    let n = net(r#"GlyphNetwork(name: "n", glyphs: [
        (id: "a", pos: (0.0, 0.0), abilities: [(on: "go", time: FreeReaction, does: [Send("nobody listens")])]),
        (id: "b", pos: (1.0, 0.0)),
        (id: "lonely", pos: (9.0, 9.0), abilities: [(on: "go", time: Reaction, does: [Effect("x")])]),
      ], links: [("a", "b")],
      inject: [(round: 1, glyph: "a", command: "go"), (round: 2, glyph: "b", command: "huh")],
      moves: [(round: 3, glyph: "b", to: (5.5, 0.0))])"#);
    let report = analyse(&n);
    assert_eq!(report.unreached, ["lonely"]);
    let unheard: Vec<(&str, &str, bool)> = report
        .unheard
        .iter()
        .map(|u| (u.glyph.as_str(), u.command.as_str(), u.injected))
        .collect();
    assert_eq!(
        unheard,
        [("b", "huh", true), ("a", "nobody listens", false)]
    );
    assert_eq!(report.breaking_links.len(), 1);
    let b = &report.breaking_links[0];
    assert_eq!((b.a.as_str(), b.b.as_str(), b.round), ("a", "b", 3));
    assert!((b.distance - 5.5).abs() < 1e-9);
}

#[test]
fn a_loop_through_a_link_that_a_move_breaks_is_not_a_runaway() {
    let src = r#"GlyphNetwork(name: "n", max_rounds: 20, glyphs: [
        (id: "a", pos: (0.0, 0.0), abilities: [(on: "ping", time: FreeReaction, does: [Send("pong")])]),
        (id: "b", pos: (1.0, 0.0), abilities: [(on: "pong", time: FreeReaction, does: [Send("ping")])]),
      ], links: [("a", "b")],
      inject: [(round: 1, glyph: "a", command: "ping")],
      moves: [(round: MOVE, glyph: "b", to: (6.0, 0.0))])"#;
    let breaks = net(&src.replace("MOVE", "5"));
    let report = analyse(&breaks);
    assert!(report.runaway.is_none(), "{:?}", report.runaway);
    assert_eq!(report.predicted_end, GlyphEnd::Quiet);
    let q = report.quiet_by.unwrap();
    let outcome = GlyphRun::new(&breaks).run_to_end();
    assert_eq!(outcome.end, Some(GlyphEnd::Quiet));
    assert!(
        outcome.rounds.len() as u32 <= q,
        "{} > {q}",
        outcome.rounds.len()
    );
    // The same loop with the move too late to matter is a runaway: two rounds a turn.
    let late = net(&src.replace("MOVE", "25"));
    let report = analyse(&late);
    let lp = report.runaway.expect("runaway");
    assert_eq!(lp.rounds, 2);
    assert_eq!(
        GlyphRun::new(&late).run_to_end().end,
        Some(GlyphEnd::MaxRounds)
    );
}

#[test]
fn dismiss_on_in_the_loop_path_is_respected() {
    // b dismisses itself on "ping", so the ping-pong never closes.
    let n = net(r#"GlyphNetwork(name: "n", glyphs: [
        (id: "a", pos: (0.0, 0.0), abilities: [(on: "ping", time: FreeReaction, does: [Send("ping")])]),
        (id: "b", pos: (1.0, 0.0), dismiss_on: Some("ping")),
      ], links: [("a", "b")], inject: [(round: 1, glyph: "a", command: "ping")])"#);
    // a re-sends ping to itself forever: that loop is found; b is not part of it.
    let report = analyse(&n);
    assert_eq!(
        report.runaway.unwrap().steps,
        [("a".to_owned(), "ping".to_owned())]
    );
}

/// Found by `glyph_props`: a Reaction that dismisses is skipped when the Beat is already spent,
/// so the Free Reaction listed after it still sends. The analyser must count that send.
#[test]
fn a_skipped_reaction_dismissal_does_not_hide_later_sends() {
    let n = net(r#"GlyphNetwork(name: "n", max_rounds: 6, glyphs: [
        (id: "g0", pos: (0.0, 0.0)),
        (id: "g2", pos: (0.0, 0.0), abilities: [
          (on: "b", time: Reaction, does: [Dismiss]),
          (on: "a", time: Reaction, does: [Send("b")]),
          (on: "b", time: FreeReaction, does: [Send("a")]),
        ]),
      ], links: [("g2", "g0")],
      inject: [(round: 2, glyph: "g2", command: "a"), (round: 1, glyph: "g2", command: "a")])"#);
    let outcome = GlyphRun::new(&n).run_to_end();
    let received = |g: &str, c: &str| {
        outcome
            .rounds
            .iter()
            .any(|r| r.received.iter().any(|(x, y)| x == g && y == c))
    };
    assert!(received("g0", "a"), "the run sends a to g0: {outcome:?}");
    let report = analyse(&n);
    let predicted = report
        .reach
        .iter()
        .flat_map(|x| &x.reaches)
        .any(|x| x.glyph == "g0" && x.command == "a");
    assert!(predicted, "{:?}", report.reach);
}
