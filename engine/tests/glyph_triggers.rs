//! Issue #27, glyphs: triggers beyond "received command X", glyph state, timed abilities,
//! "send and dismiss yourself", glyphs with extent. Each test is a small network that would
//! behave differently if the rule were read another way (readings: `docs/rules/glyphs.md`).

use std::path::Path;

use sigilforge_engine::glyph::{GlyphEnd, GlyphOutcome, GlyphRun, analyse, load};

mod glyph_common;
use glyph_common::{effects, fx, net};

fn problems(src: &str) -> Vec<String> {
    match load(src, Path::new("t.ron")) {
        Ok((_, w)) => w.iter().map(ToString::to_string).collect(),
        Err(d) => d.iter().map(ToString::to_string).collect(),
    }
}

fn run(src: &str) -> GlyphOutcome {
    GlyphRun::new(&net(src)).run_to_end()
}

#[test]
fn star_answers_any_command() {
    let o = run(r#"GlyphNetwork(name: "n", glyphs: [
        (id: "ear", pos: (0.0, 0.0), abilities: [(on: "*", time: FreeReaction, does: [Effect("heard")])]),
    ], inject: [(round: 1, glyph: "ear", command: "open"), (round: 2, glyph: "ear", command: "sesame")])"#);
    assert_eq!(effects(&o), fx(&[(1, "ear", "heard"), (2, "ear", "heard")]));
}

#[test]
fn watchman_sees_creatures_not_objects() {
    let src = r#"GlyphNetwork(name: "n", glyphs: [
        (id: "watchman", pos: (0.0, 0.0), abilities: [
            (when: Some(Seen(Creature)), time: Reaction, does: [Send("intruder")]),
        ]),
        (id: "bell", pos: (1.0, 0.0), abilities: [(on: "intruder", time: FreeReaction, does: [Effect("ring")])]),
    ], links: [("watchman", "bell")],
    events: [(round: 1, glyph: "watchman", what: Seen(Object)), (round: 3, glyph: "watchman", what: Seen(Creature))])"#;
    let o = run(src);
    assert_eq!(effects(&o), fx(&[(4, "bell", "ring")]));
    assert_eq!(
        o.rounds[2].noticed,
        [("watchman".to_owned(), "<seen by a creature>".to_owned())]
    );
    let json = o.to_json();
    assert!(json["rounds"][0].get("noticed").is_some());
    assert!(
        json["rounds"][1].get("noticed").is_none(),
        "only listed when something was noticed"
    );
}

#[test]
fn a_passphrase_is_the_letters_traced_in_order() {
    let src = r#"GlyphNetwork(name: "n", glyphs: [
        (id: "lock", pos: (0.0, 0.0), state: Some("locked"), abilities: [
            (when: Some(Passphrase("OPEN")), time: FreeReaction, if_state: Some("locked"), does: [SetState("unlocked"), Effect("click")]),
            (when: Some(Traced("X")), time: FreeReaction, does: [Reset]),
        ]),
    ], events: [
        (round: 1, glyph: "lock", what: Traced("O")), (round: 1, glyph: "lock", what: Traced("X")),
        (round: 2, glyph: "lock", what: Traced("P")), (round: 2, glyph: "lock", what: Traced("E")), (round: 2, glyph: "lock", what: Traced("N")),
        (round: 3, glyph: "lock", what: Traced("O")), (round: 3, glyph: "lock", what: Traced("P")),
        (round: 4, glyph: "lock", what: Traced("e")), (round: 4, glyph: "lock", what: Traced("n")),
    ])"#;
    let o = run(src);
    // "X" reset the letters after the first "O": round 2's PEN spells nothing.
    assert_eq!(effects(&o), fx(&[(4, "lock", "click")]));
}

#[test]
fn an_alarm_fires_only_when_the_state_changes() {
    // Lock glyph: "lock" locks, "unlock" unlocks; its alarm answers a change of state.
    let src = r#"GlyphNetwork(name: "n", glyphs: [
        (id: "door", pos: (0.0, 0.0), state: Some("locked"), abilities: [
            (on: "lock", time: FreeReaction, does: [SetState("locked")]),
            (on: "unlock", time: FreeReaction, does: [SetState("unlocked")]),
            (when: Some(StateChanged), time: FreeReaction, does: [Effect("alarm")]),
        ]),
    ], inject: [(round: 1, glyph: "door", command: "lock"), (round: 3, glyph: "door", command: "unlock"), (round: 5, glyph: "door", command: "unlock"), (round: 6, glyph: "door", command: "lock")])"#;
    let o = run(src);
    assert_eq!(
        effects(&o),
        fx(&[(4, "door", "alarm"), (7, "door", "alarm")]),
        "locking a locked door (round 1) and unlocking an open one (round 5) change nothing"
    );
}

#[test]
fn a_counter_fires_when_it_reaches_its_value() {
    let src = r#"GlyphNetwork(name: "n", glyphs: [
        (id: "tally", pos: (0.0, 0.0), abilities: [
            (on: "step", time: FreeReaction, does: [Count(1)]),
            (when: Some(CounterIs(3)), time: FreeReaction, does: [Effect("third"), Reset]),
        ]),
    ], inject: [(round: 1, glyph: "tally", command: "step"), (round: 2, glyph: "tally", command: "step"), (round: 3, glyph: "tally", command: "step"),
                (round: 5, glyph: "tally", command: "step"), (round: 6, glyph: "tally", command: "step"), (round: 7, glyph: "tally", command: "step")])"#;
    assert_eq!(
        effects(&run(src)),
        fx(&[(4, "tally", "third"), (8, "tally", "third")])
    );
}

#[test]
fn a_timer_waits_without_shining_then_acts() {
    // Timer: set when cast, goes off 3 rounds later; the glyph never shines while it waits.
    let src = r#"GlyphNetwork(name: "n", glyphs: [
        (id: "timer", pos: (0.0, 0.0), abilities: [(when: Some(Created), time: Action, delay: 3, does: [Send("time")])]),
        (id: "gong", pos: (1.0, 0.0), abilities: [(on: "time", time: Reaction, does: [Effect("gong")])]),
    ], links: [("timer", "gong")])"#;
    let o = run(src);
    let shining: Vec<u32> = o
        .rounds
        .iter()
        .filter(|r| !r.sent.is_empty())
        .map(|r| r.round)
        .collect();
    assert_eq!(shining, [4], "it shines only in the round it sends");
    assert_eq!(effects(&o), fx(&[(5, "gong", "gong")]));
    assert_eq!(o.end, Some(GlyphEnd::Quiet));
    assert_eq!(o.rounds.len(), 5);
    let report = analyse(&net(src));
    assert_eq!(report.quiet_by, Some(5));
    let gong = report
        .reach
        .iter()
        .flat_map(|r| &r.reaches)
        .find(|x| x.glyph == "gong");
    assert_eq!(gong.map(|x| x.round), Some(5));
}

#[test]
fn auto_lock_relocks_after_its_delay() {
    let src = r#"GlyphNetwork(name: "n", glyphs: [
        (id: "door", pos: (0.0, 0.0), state: Some("locked"), abilities: [
            (on: "unlock", time: FreeReaction, does: [SetState("unlocked")]),
            (when: Some(Became("unlocked")), time: Action, delay: 2, does: [SetState("locked"), Effect("click")]),
        ]),
    ], inject: [(round: 1, glyph: "door", command: "unlock")])"#;
    let o = run(src);
    // Unlocked in round 1, noticed in round 2, relocks 2 rounds later.
    assert_eq!(effects(&o), fx(&[(4, "door", "click")]));
    assert_eq!(o.end, Some(GlyphEnd::Quiet));
}

#[test]
fn send_then_dismiss_still_delivers_to_the_links_it_had() {
    let src = r#"GlyphNetwork(name: "n", glyphs: [
        (id: "mouth", pos: (0.0, 0.0), abilities: [(on: "go", time: FreeReaction, does: [Send("speak"), Dismiss])]),
        (id: "ear", pos: (1.0, 0.0), abilities: [(on: "speak", time: FreeReaction, does: [Effect("words")])]),
    ], links: [("mouth", "ear")], inject: [(round: 1, glyph: "mouth", command: "go")])"#;
    let o = run(src);
    assert_eq!(o.dismissed, ["mouth"]);
    assert_eq!(
        o.rounds[1].received,
        [("ear".to_owned(), "speak".to_owned())]
    );
    assert_eq!(effects(&o), fx(&[(2, "ear", "words")]));
    // The analyser says the same: the ear hears it in round 2, the mouth never does.
    let report = analyse(&net(src));
    let reaches: Vec<(String, String, u32)> = report.reach[0]
        .reaches
        .iter()
        .map(|x| (x.glyph.clone(), x.command.clone(), x.round))
        .collect();
    assert_eq!(
        reaches,
        [
            ("mouth".to_owned(), "go".to_owned(), 1),
            ("ear".to_owned(), "speak".to_owned(), 2)
        ]
    );
}

#[test]
fn a_strand_links_from_anywhere_along_its_line() {
    // A Strand 4u long from (0,0) to (4,0): a glyph 0.5u past its far end is within reach.
    let ok = r#"GlyphNetwork(name: "n", glyphs: [
        (id: "strand", pos: (0.0, 0.0), extent: Some((4.0, 0.0)), abilities: [(when: Some(Touched(Anything)), time: FreeReaction, does: [Send("tripped")])]),
        (id: "bell", pos: (4.5, 0.0), abilities: [(on: "tripped", time: FreeReaction, does: [Effect("ring")])]),
    ], links: [("strand", "bell")], events: [(round: 1, glyph: "strand", what: Touched(Creature))])"#;
    assert_eq!(effects(&run(ok)), fx(&[(2, "bell", "ring")]));
    let point = ok.replace("extent: Some((4.0, 0.0)), ", "");
    let e = problems(&point);
    assert!(
        e.iter().any(|m| m.contains("Swinging Distance (1u)")),
        "{e:?}"
    );
    let too_long = ok.replace("extent: Some((4.0, 0.0))", "extent: Some((4.5, 0.0))");
    let e = problems(&too_long);
    assert!(
        e.iter()
            .any(|m| m.contains("at most Spitting Distance (4u)")),
        "{e:?}"
    );
}

#[test]
fn a_broken_and_a_made_connection_are_noticed() {
    let src = r#"GlyphNetwork(name: "n", glyphs: [
        (id: "a", pos: (0.0, 0.0), abilities: [
            (when: Some(Unlinked), time: FreeReaction, does: [Effect("lost"), Connect("c")]),
            (when: Some(Linked), time: FreeReaction, does: [Effect("joined")]),
        ]),
        (id: "b", pos: (1.0, 0.0)),
        (id: "c", pos: (0.0, 1.0)),
    ], links: [("a", "b")], moves: [(round: 2, glyph: "b", to: (9.0, 0.0))])"#;
    let o = run(src);
    assert_eq!(effects(&o), fx(&[(2, "a", "lost"), (3, "a", "joined")]));
    assert_eq!(o.links, [("a".to_owned(), "c".to_owned())]);
}

#[test]
fn time_action_is_a_glyph_time_and_misuse_is_explained() {
    assert!(problems(r#"GlyphNetwork(name: "n", glyphs: [(id: "a", pos: (0.0, 0.0), abilities: [(on: "x", time: Action, does: [])])])"#).is_empty());
    let e = problems(
        r#"GlyphNetwork(name: "n", glyphs: [(id: "a", pos: (0.0, 0.0), abilities: [(on: "x", time: Reaction, delay: 2, does: [])])])"#,
    );
    assert!(
        e.iter().any(|m| m.contains("only an Action waits")),
        "{e:?}"
    );
    let e = problems(
        r#"GlyphNetwork(name: "n", glyphs: [(id: "a", pos: (0.0, 0.0), abilities: [(time: Reaction, does: [])])])"#,
    );
    assert!(e.iter().any(|m| m.contains("has no trigger")), "{e:?}");
    let e = problems(
        r#"GlyphNetwork(name: "n", glyphs: [(id: "a", pos: (0.0, 0.0), abilities: [(on: "x", when: Some(Linked), time: Reaction, does: [])])])"#,
    );
    assert!(e.iter().any(|m| m.contains("keep one")), "{e:?}");
}

#[test]
fn old_files_write_back_without_the_new_fields() {
    let src = r#"GlyphNetwork(name: "n", glyphs: [(id: "a", pos: (0.0, 0.0), abilities: [(on: "x", time: Reaction, does: [Send("x")])])])"#;
    let text = sigilforge_engine::ron_io::to_canonical("GlyphNetwork", &net(src)).unwrap();
    for field in ["when", "if_state", "delay", "extent", "state", "events"] {
        assert!(!text.contains(field), "{field} written: {text}");
    }
}
