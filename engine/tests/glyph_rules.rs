//! One named test per rule of the spec (`docs/formats/glyph-network.md`) and the seed's
//! "Glyphic Spell Ability Rules". Each builds a small network that would behave differently if
//! the rule were read another way.

use std::path::Path;

use sigilforge_engine::glyph::{GlyphEnd, GlyphEventKind, GlyphOutcome, GlyphRun, load};

mod glyph_common;
use glyph_common::net;

fn errors(src: &str) -> Vec<String> {
    match load(src, Path::new("t.ron")) {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().map(ToString::to_string).collect(),
    }
}

fn run(src: &str) -> GlyphOutcome {
    GlyphRun::new(&net(src)).run_to_end()
}

fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

#[test]
fn link_over_1u_is_refused() {
    let ok = "GlyphNetwork(name: \"n\", glyphs: [(id: \"a\", pos: (0.0, 0.0)), (id: \"b\", pos: (0.0, 1.0))], links: [(\"a\", \"b\")])";
    assert!(errors(ok).is_empty(), "exactly 1u apart is within reach");
    let far = "GlyphNetwork(name: \"n\", glyphs: [(id: \"a\", pos: (0.0, 0.0)), (id: \"b\", pos: (0.8, 0.61))], links: [(\"a\", \"b\")])";
    let e = errors(far);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("t.ron:1:"), "{e:?}");
    assert!(e[0].contains("Swinging Distance (1u)"), "{e:?}");
}

#[test]
fn unknown_glyph_and_duplicate_id_are_refused_with_locations() {
    let src = "GlyphNetwork(\n name: \"n\",\n glyphs: [(id: \"a\", pos: (0.0, 0.0)),\n  (id: \"a\", pos: (0.5, 0.0))],\n links: [(\"a\", \"zz\")],\n inject: [(round: 1, glyph: \"qq\", command: \"x\")],\n moves: [(round: 1, glyph: \"ww\", to: (0.0, 0.0))],\n)";
    let e = errors(src);
    assert_eq!(e.len(), 4, "{e:?}");
    assert!(
        e[0].starts_with("t.ron:4:8:") && e[0].contains("two glyphs"),
        "{e:?}"
    );
    assert!(
        e[1].starts_with("t.ron:5:") && e[1].contains("\"zz\""),
        "{e:?}"
    );
    assert!(
        e[2].starts_with("t.ron:6:") && e[2].contains("\"qq\""),
        "{e:?}"
    );
    assert!(
        e[3].starts_with("t.ron:7:") && e[3].contains("\"ww\""),
        "{e:?}"
    );
}

const RELAY: &str = "GlyphNetwork(name: \"relay\", max_rounds: 6, glyphs: [
    (id: \"a\", pos: (0.0, 0.0), abilities: [(on: \"go\", time: FreeReaction, does: [Send(\"ping\")])]),
    (id: \"b\", pos: (1.0, 0.0), abilities: [(on: \"ping\", time: FreeReaction, does: [Effect(\"lit\")])]),
  ],
  links: [(\"a\", \"b\")],
  inject: [(round: 1, glyph: \"a\", command: \"go\"), (round: 3, glyph: \"a\", command: \"go\")],
  moves: [(round: 3, glyph: \"b\", to: (MOVE, 0.0))],
)";

#[test]
fn link_breaks_beyond_4u_after_move() {
    let far = run(&RELAY.replace("MOVE", "5.5"));
    assert_eq!(far.links, Vec::<(String, String)>::new());
    // Round 2: b hears a's ping. Round 4: the link broke in round 3, so b hears nothing.
    assert_eq!(far.rounds[1].effects, pairs(&[("b", "lit")]));
    assert!(far.rounds[3].effects.is_empty(), "{:?}", far.rounds[3]);
    assert_eq!(far.rounds[3].received, pairs(&[("a", "ping")]));
    // Exactly 4u apart: still linked (only "more than" 4u breaks).
    let near = run(&RELAY.replace("MOVE", "4.0"));
    assert_eq!(near.links, pairs(&[("a", "b")]));
    assert_eq!(near.rounds[3].effects, pairs(&[("b", "lit")]));
}

#[test]
fn broken_link_stays_broken_when_glyphs_come_back() {
    let src = RELAY.replace("MOVE", "5.5").replace(
        "moves: [",
        "moves: [(round: 2, glyph: \"b\", to: (9.0, 0.0)), ",
    );
    let o = run(&src);
    assert!(o.links.is_empty());
    let back = "GlyphNetwork(name: \"n\", max_rounds: 5, glyphs: [
        (id: \"a\", pos: (0.0, 0.0), abilities: [(on: \"go\", time: FreeReaction, does: [Send(\"ping\")])]),
        (id: \"b\", pos: (1.0, 0.0), abilities: [(on: \"ping\", time: FreeReaction, does: [Effect(\"lit\")])]),
      ], links: [(\"a\", \"b\")],
      inject: [(round: 3, glyph: \"a\", command: \"go\")],
      moves: [(round: 1, glyph: \"b\", to: (6.0, 0.0)), (round: 2, glyph: \"b\", to: (1.0, 0.0))])";
    let o = run(back);
    assert!(o.links.is_empty(), "{:?}", o.links);
    assert!(o.rounds[3].effects.is_empty(), "{:?}", o.rounds[3]);
}

#[test]
fn delivery_reaches_sender_and_links_next_round() {
    let src = "GlyphNetwork(name: \"n\", glyphs: [
        (id: \"a\", pos: (0.0, 0.0), abilities: [(on: \"go\", time: FreeReaction, does: [Send(\"x\")])]),
        (id: \"b\", pos: (1.0, 0.0)),
        (id: \"c\", pos: (2.0, 0.0)),
        (id: \"d\", pos: (0.0, 1.0)),
      ], links: [(\"a\", \"b\"), (\"b\", \"c\")],
      inject: [(round: 1, glyph: \"a\", command: \"go\")])";
    let o = run(src);
    // Round 1: only the injection; the send waits. Round 2: a itself and b (linked), not c
    // (linked to b, not to a) nor d (near but unlinked).
    assert_eq!(o.rounds[0].received, pairs(&[("a", "go")]));
    assert_eq!(o.rounds[0].sent, pairs(&[("a", "x")]));
    assert_eq!(o.rounds[1].received, pairs(&[("a", "x"), ("b", "x")]));
    assert_eq!(o.rounds.len(), 2);
    assert_eq!(o.end, Some(GlyphEnd::Quiet));
}

#[test]
fn delivery_order_is_injections_then_sends_in_send_order() {
    let src = "GlyphNetwork(name: \"n\", glyphs: [
        (id: \"a\", pos: (0.0, 0.0), abilities: [(on: \"go\", time: FreeReaction, does: [Send(\"x\"), Send(\"y\")])]),
        (id: \"b\", pos: (1.0, 0.0), abilities: [(on: \"go\", time: FreeReaction, does: [Send(\"z\")])]),
      ], links: [(\"a\", \"b\")],
      inject: [(round: 1, glyph: \"a\", command: \"go\"), (round: 1, glyph: \"b\", command: \"go\"),
               (round: 2, glyph: \"b\", command: \"first\")])";
    let o = run(src);
    assert_eq!(
        o.rounds[1].received,
        pairs(&[
            ("a", "x"),
            ("a", "y"),
            ("a", "z"),
            ("b", "first"),
            ("b", "x"),
            ("b", "y"),
            ("b", "z")
        ])
    );
}

const BEAT: &str = "GlyphNetwork(name: \"n\", max_rounds: 3, glyphs: [
    (id: \"g\", pos: (0.0, 0.0), abilities: [
        (on: \"one\", time: Reaction, does: [Effect(\"first\")]),
        (on: \"two\", time: Reaction, does: [Effect(\"second\")]),
        (on: \"two\", time: FreeReaction, does: [Effect(\"free\")]),
    ]),
  ], inject: [(round: 1, glyph: \"g\", command: \"one\"), (round: 1, glyph: \"g\", command: \"two\"),
              (round: 2, glyph: \"g\", command: \"two\")])";

#[test]
fn reaction_costs_the_one_beat() {
    let o = run(BEAT);
    // Round 1: "one" spends the Beat; "two"'s Reaction is skipped, its Free Reaction fires.
    assert_eq!(o.rounds[0].effects, pairs(&[("g", "first"), ("g", "free")]));
    assert_eq!(o.rounds[0].skipped, pairs(&[("g", "two")]));
}

#[test]
fn beat_resets_each_round() {
    let o = run(BEAT);
    // Round 2: the Beat is back, so "two"'s Reaction fires.
    assert_eq!(
        o.rounds[1].effects,
        pairs(&[("g", "second"), ("g", "free")])
    );
    assert!(o.rounds[1].skipped.is_empty());
}

#[test]
fn free_reactions_are_unlimited() {
    let src = "GlyphNetwork(name: \"n\", glyphs: [
        (id: \"g\", pos: (0.0, 0.0), abilities: [
            (on: \"t\", time: Reaction, does: [Effect(\"r\")]),
            (on: \"t\", time: FreeReaction, does: [Effect(\"f1\")]),
            (on: \"t\", time: FreeReaction, does: [Effect(\"f2\")]),
        ]),
      ], inject: [(round: 1, glyph: \"g\", command: \"t\"), (round: 1, glyph: \"g\", command: \"t\"),
                  (round: 1, glyph: \"g\", command: \"t\")])";
    let o = run(src);
    let frees = o.rounds[0]
        .effects
        .iter()
        .filter(|(_, e)| e.starts_with('f'))
        .count();
    assert_eq!(frees, 6, "{:?}", o.rounds[0].effects);
    assert_eq!(o.rounds[0].skipped.len(), 2);
}

#[test]
fn beats_are_per_glyph() {
    let src = "GlyphNetwork(name: \"n\", glyphs: [
        (id: \"a\", pos: (0.0, 0.0), abilities: [(on: \"t\", time: Reaction, does: [Effect(\"a\")])]),
        (id: \"b\", pos: (1.0, 0.0), abilities: [(on: \"t\", time: Reaction, does: [Effect(\"b\")])]),
      ], inject: [(round: 1, glyph: \"a\", command: \"t\"), (round: 1, glyph: \"b\", command: \"t\")])";
    let o = run(src);
    assert_eq!(o.rounds[0].effects, pairs(&[("a", "a"), ("b", "b")]));
}

const BUILTINS: &str = "GlyphNetwork(name: \"n\", max_rounds: 8, glyphs: [
    (id: \"a\", pos: (0.0, 0.0), abilities: [(on: \"go\", time: FreeReaction, does: [Send(\"ping\")])]),
    (id: \"b\", pos: (1.0, 0.0), abilities: [
        (on: \"ping\", time: FreeReaction, does: [Effect(\"lit\")]),
        (on: \"off\", time: FreeReaction, does: [Effect(\"after-off\")]),
    ], dismiss_on: Some(\"off\"), disable_on: Some((\"hush\", 2))),
  ], links: [(\"a\", \"b\")],
  inject: INJECT)";

#[test]
fn dismiss_on_removes_glyph_and_links() {
    let o = run(&BUILTINS.replace(
        "INJECT",
        "[(round: 1, glyph: \"b\", command: \"off\"), (round: 1, glyph: \"b\", command: \"ping\"), (round: 2, glyph: \"a\", command: \"go\")]",
    ));
    assert_eq!(o.dismissed, vec!["b".to_owned()]);
    assert!(o.links.is_empty());
    // The dismissed glyph handles nothing more: not its own "off" ability, not the later "ping".
    assert!(o.rounds[0].effects.is_empty(), "{:?}", o.rounds[0]);
    // And receives nothing later.
    assert_eq!(o.rounds[2].received, pairs(&[("a", "ping")]));
}

#[test]
fn disable_on_blocks_delivery_for_n_rounds() {
    // "hush" in round 1 disables b for rounds 2 and 3; pings arrive in rounds 2, 3, 4.
    let o = run(&BUILTINS.replace(
        "INJECT",
        "[(round: 1, glyph: \"b\", command: \"hush\"), (round: 1, glyph: \"a\", command: \"go\"),
          (round: 2, glyph: \"a\", command: \"go\"), (round: 3, glyph: \"a\", command: \"go\")]",
    ));
    // b is disabled in rounds 2 and 3: only a hears its own ping.
    assert_eq!(o.rounds[1].received, pairs(&[("a", "go"), ("a", "ping")]));
    assert_eq!(o.rounds[2].received, pairs(&[("a", "go"), ("a", "ping")]));
    assert_eq!(o.rounds[3].received, pairs(&[("a", "ping"), ("b", "ping")]));
    assert_eq!(o.rounds[3].effects, pairs(&[("b", "lit")]));
    assert!(o.dismissed.is_empty());
    assert_eq!(o.links, pairs(&[("a", "b")]));
}

#[test]
fn disabled_glyph_still_finishes_the_round_it_is_disabled_in() {
    let o = run(&BUILTINS.replace(
        "INJECT",
        "[(round: 1, glyph: \"b\", command: \"hush\"), (round: 1, glyph: \"b\", command: \"ping\")]",
    ));
    assert_eq!(o.rounds[0].effects, pairs(&[("b", "lit")]));
}

#[test]
fn dismiss_action_stops_the_rest_at_once() {
    let src = "GlyphNetwork(name: \"n\", glyphs: [
        (id: \"g\", pos: (0.0, 0.0), abilities: [
            (on: \"t\", time: FreeReaction, does: [Effect(\"before\"), Dismiss, Effect(\"after\")]),
            (on: \"t\", time: FreeReaction, does: [Effect(\"later\")]),
        ]),
        (id: \"h\", pos: (1.0, 0.0)),
      ], links: [(\"g\", \"h\")], inject: [(round: 1, glyph: \"g\", command: \"t\")])";
    let o = run(src);
    assert_eq!(o.rounds[0].effects, pairs(&[("g", "before")]));
    assert_eq!(o.dismissed, vec!["g".to_owned()]);
    assert!(o.links.is_empty());
}

#[test]
fn disable_action_blocks_the_next_n_rounds() {
    let src = "GlyphNetwork(name: \"n\", max_rounds: 6, glyphs: [
        (id: \"g\", pos: (0.0, 0.0), abilities: [
            (on: \"t\", time: FreeReaction, does: [Disable(1), Effect(\"hit\")]),
        ]),
      ], inject: [(round: 1, glyph: \"g\", command: \"t\"), (round: 2, glyph: \"g\", command: \"t\"),
                  (round: 3, glyph: \"g\", command: \"t\")])";
    let o = run(src);
    let hits: Vec<usize> = o.rounds.iter().map(|r| r.effects.len()).collect();
    assert_eq!(hits, [1, 0, 1]);
    assert!(o.rounds[1].received.is_empty());
}

#[test]
fn quiet_end() {
    let src = "GlyphNetwork(name: \"n\", glyphs: [(id: \"g\", pos: (0.0, 0.0))],
      inject: [(round: 3, glyph: \"g\", command: \"t\")])";
    let o = run(src);
    // Rounds 1 and 2 are empty but an injection is scheduled later; round 3 ends it.
    assert_eq!(o.end, Some(GlyphEnd::Quiet));
    assert_eq!(o.rounds.len(), 3);
    assert!(o.rounds[0].received.is_empty());
    let json = o.to_json();
    assert_eq!(json["end"], "quiet");
    assert_eq!(json["rounds"].as_array().unwrap().len(), 3);
}

#[test]
fn scheduled_move_keeps_the_run_going() {
    let src = "GlyphNetwork(name: \"n\", glyphs: [(id: \"g\", pos: (0.0, 0.0))],
      moves: [(round: 4, glyph: \"g\", to: (1.0, 0.0))])";
    let o = run(src);
    assert_eq!(o.rounds.len(), 4);
    assert_eq!(o.end, Some(GlyphEnd::Quiet));
}

#[test]
fn max_rounds_end() {
    let src = "GlyphNetwork(name: \"n\", max_rounds: 7, glyphs: [
        (id: \"g\", pos: (0.0, 0.0), abilities: [(on: \"t\", time: Reaction, does: [Send(\"t\")])]),
      ], inject: [(round: 1, glyph: \"g\", command: \"t\")])";
    let o = run(src);
    assert_eq!(o.end, Some(GlyphEnd::MaxRounds));
    assert_eq!(o.rounds.len(), 7);
    assert_eq!(o.to_json()["end"], "max_rounds");
    // The default max_rounds is 20.
    let o = run(&src.replace("max_rounds: 7, ", ""));
    assert_eq!(o.rounds.len(), 20);
}

#[test]
fn doubling_network_ends_as_a_flood_before_memory_runs_out() {
    let src = "GlyphNetwork(name: \"n\", max_rounds: 10000, glyphs: [
        (id: \"g\", pos: (0.0, 0.0), abilities: [(on: \"t\", time: FreeReaction, does: [Send(\"t\"), Send(\"t\")])]),
      ], inject: [(round: 1, glyph: \"g\", command: \"t\")])";
    let o = run(src);
    assert_eq!(o.end, Some(GlyphEnd::Flood));
    assert!(o.rounds.len() < 20, "{}", o.rounds.len());
}

const VAULT: &str = "GlyphNetwork(name: \"v\", max_rounds: 4, glyphs: [
    (id: \"door\", pos: (0.0, 0.0), abilities: [(on: \"opened\", time: FreeReaction, does: [Send(\"alarm\")])]),
    (id: \"bell\", pos: (1.0, 0.0), abilities: [(on: \"alarm\", time: Reaction, does: [Effect(\"ring\"), Send(\"alarm\")])]),
  ], links: [(\"door\", \"bell\")], inject: [(round: 1, glyph: \"door\", command: \"opened\")])";

#[test]
fn every_event_has_a_cause_chain_back_to_an_injection() {
    let mut r = GlyphRun::new(&net(VAULT));
    r.run_to_end();
    let log = r.log();
    let ring = log
        .iter()
        .rposition(|e| matches!(&e.kind, GlyphEventKind::Effect { effect, .. } if effect == "ring"))
        .unwrap();
    let mut chain = Vec::new();
    let mut at = Some(ring);
    while let Some(i) = at {
        chain.push(&log[i]);
        at = log[i].cause.after_index();
    }
    assert_eq!(r.why(ring), chain);
    assert!(r.why(usize::MAX).is_empty());
    let last = chain.last().unwrap();
    assert!(
        matches!(&last.kind, GlyphEventKind::Received { from: None, command, .. } if command == "opened"),
        "{last:?}"
    );
    assert!(chain.iter().all(|e| !e.text.is_empty()));
    // ring(4) <- fired <- received <- sent(3) <- ... <- door sent(1) <- fired <- injected "opened"
    assert_eq!(chain.len(), 3 * 4);
}

#[test]
fn same_ability_twice_with_different_details() {
    let src = "GlyphNetwork(name: \"n\", glyphs: [
        (id: \"g\", pos: (0.0, 0.0), abilities: [
            (on: \"t\", time: FreeReaction, does: [Effect(\"red\")]),
            (on: \"t\", time: FreeReaction, does: [Effect(\"blue\")]),
        ]),
      ], inject: [(round: 1, glyph: \"g\", command: \"t\")])";
    let o = run(src);
    assert_eq!(o.rounds[0].effects, pairs(&[("g", "red"), ("g", "blue")]));
}

#[test]
fn abilities_are_fixed_once_the_run_starts() {
    let mut n = net(BEAT);
    let mut r = GlyphRun::new(&n);
    // Editing the network afterwards does not reach the run: a glyph's details are fixed
    // when the spell takes effect.
    n.glyphs[0].abilities.clear();
    r.run_to_end();
    assert_eq!(
        r.rounds()[0].effects,
        pairs(&[("g", "first"), ("g", "free")])
    );
}

#[test]
fn lone_glyph_hears_its_own_command() {
    let src = "GlyphNetwork(name: \"n\", max_rounds: 3, glyphs: [
        (id: \"g\", pos: (0.0, 0.0), abilities: [
            (on: \"go\", time: FreeReaction, does: [Send(\"echo\")]),
            (on: \"echo\", time: FreeReaction, does: [Effect(\"heard\")]),
        ]),
      ], inject: [(round: 1, glyph: \"g\", command: \"go\")])";
    let o = run(src);
    assert_eq!(o.rounds[1].received, pairs(&[("g", "echo")]));
    assert_eq!(o.rounds[1].effects, pairs(&[("g", "heard")]));
}
