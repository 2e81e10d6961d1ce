//! Issue #27: for random networks using every trigger, state, timed Action, extent and
//! "send then dismiss", the analyser's prediction (who hears what, in which round first, how
//! the network ends: loop, flood or quiet, and when) equals the run. Its paths (what a command
//! CAN reach) are checked too. On any network they are an
//! over-approximation (whatever the run does, it predicted; its "quiet by" is never wrong); on a
//! network with no uncertainty (Free Reactions and Actions only, no guards, dismissals,
//! disables, states, counters or connects) it is exactly the run: who hears what, in which
//! round first, and whether it loops.

use std::collections::BTreeMap;

use proptest::prelude::*;
use sigilforge_engine::glyph::{
    GlyphAbility, GlyphAction, GlyphDef, GlyphEnd, GlyphNetwork, GlyphOutcome, GlyphRun, GlyphTime,
    GlyphTrigger, Injection, Move, Outside, OutsideEvent, Perceiver, analyse,
};

const COMMANDS: [&str; 3] = ["a", "b", "c"];
const STATES: [&str; 2] = ["locked", "open"];

fn command() -> impl Strategy<Value = String> {
    prop::sample::select(&COMMANDS[..]).prop_map(str::to_owned)
}

fn perceiver() -> impl Strategy<Value = Perceiver> {
    prop_oneof![
        Just(Perceiver::Creature),
        Just(Perceiver::Object),
        Just(Perceiver::Anything)
    ]
}

fn outside() -> impl Strategy<Value = Outside> {
    prop_oneof![
        perceiver().prop_map(Outside::Seen),
        perceiver().prop_map(Outside::Touched),
        prop::sample::select(&["A", "B"][..]).prop_map(|l| Outside::Traced(l.to_owned())),
    ]
}

/// A trigger: a command ("*" too), or, when `full`, any other kind.
fn trigger(full: bool) -> BoxedStrategy<(String, Option<GlyphTrigger>)> {
    let simple = prop_oneof![
        4 => command().prop_map(|c| (c, None)),
        1 => Just(("*".to_owned(), None)),
        1 => perceiver().prop_map(|p| (String::new(), Some(GlyphTrigger::Seen(p)))),
        1 => perceiver().prop_map(|p| (String::new(), Some(GlyphTrigger::Touched(p)))),
        1 => prop::sample::select(&["A", "B"][..])
            .prop_map(|l| (String::new(), Some(GlyphTrigger::Traced(l.to_owned())))),
        1 => Just((String::new(), Some(GlyphTrigger::Created))),
    ];
    if !full {
        return simple.boxed();
    }
    prop_oneof![
        6 => simple,
        1 => Just((String::new(), Some(GlyphTrigger::Passphrase("AB".to_owned())))),
        1 => Just((String::new(), Some(GlyphTrigger::Linked))),
        1 => Just((String::new(), Some(GlyphTrigger::Unlinked))),
        1 => Just((String::new(), Some(GlyphTrigger::StateChanged))),
        1 => prop::sample::select(&STATES[..])
            .prop_map(|s| (String::new(), Some(GlyphTrigger::Became(s.to_owned())))),
        1 => (1i64..3).prop_map(|n| (String::new(), Some(GlyphTrigger::CounterIs(n)))),
    ]
    .boxed()
}

fn action(full: bool, n: usize) -> BoxedStrategy<GlyphAction> {
    let simple = prop_oneof![
        4 => command().prop_map(GlyphAction::Send),
        2 => command().prop_map(GlyphAction::Effect),
    ];
    if !full {
        return simple.boxed();
    }
    prop_oneof![
        6 => simple,
        1 => Just(GlyphAction::Dismiss),
        1 => (0u32..3).prop_map(GlyphAction::Disable),
        1 => prop::sample::select(&STATES[..]).prop_map(|s| GlyphAction::SetState(s.to_owned())),
        1 => (-1i64..2).prop_map(GlyphAction::Count),
        1 => Just(GlyphAction::Reset),
        1 => (0..n).prop_map(|i| GlyphAction::Connect(format!("g{i}"))),
    ]
    .boxed()
}

fn ability(full: bool, n: usize) -> impl Strategy<Value = GlyphAbility> {
    let time = if full {
        prop_oneof![
            Just(GlyphTime::Reaction),
            Just(GlyphTime::FreeReaction),
            Just(GlyphTime::Action)
        ]
        .boxed()
    } else {
        prop_oneof![Just(GlyphTime::FreeReaction), Just(GlyphTime::Action)].boxed()
    };
    let guard = if full {
        prop::option::weighted(
            0.2,
            prop::sample::select(&STATES[..]).prop_map(str::to_owned),
        )
        .boxed()
    } else {
        Just(None).boxed()
    };
    (
        trigger(full),
        time,
        0u32..3,
        guard,
        prop::collection::vec(action(full, n), 0..3),
    )
        .prop_map(|((on, when), time, delay, if_state, does)| GlyphAbility {
            on,
            when,
            delay: if time == GlyphTime::Action { delay } else { 0 },
            time,
            if_state,
            does,
        })
}

/// `Some` with probability `p` when `full`, else always `None`.
fn maybe<T: std::fmt::Debug + Clone + 'static>(
    full: bool,
    p: f64,
    s: impl Strategy<Value = T> + 'static,
) -> BoxedStrategy<Option<T>> {
    if full {
        prop::option::weighted(p, s).boxed()
    } else {
        Just(None).boxed()
    }
}

fn pos() -> impl Strategy<Value = (f64, f64)> {
    (0i32..5, 0i32..5).prop_map(|(x, y)| (f64::from(x) * 0.5, f64::from(y) * 0.5))
}

fn network(full: bool) -> impl Strategy<Value = GlyphNetwork> {
    (1usize..5, 1u32..16).prop_flat_map(move |(n, max_rounds)| {
        let glyphs = prop::collection::vec(
            (
                pos(),
                prop::option::weighted(0.2, (-4i32..5, -4i32..5)),
                prop::collection::vec(ability(full, n), 0..3),
                maybe(
                    full,
                    0.3,
                    prop::sample::select(&STATES[..]).prop_map(str::to_owned),
                ),
                maybe(full, 0.15, command()),
                maybe(full, 0.15, (command(), 0u32..3)),
            ),
            n,
        );
        let links = prop::collection::vec((0..n, 0..n), 0..6);
        let inject = prop::collection::vec((0u32..18, 0..n, command()), 0..4);
        let events = prop::collection::vec((1u32..18, 0..n, outside()), 0..4);
        let moves = prop::collection::vec((1u32..18, 0..n, (-2i32..14, -2i32..14)), 0..3);
        (glyphs, links, inject, events, moves).prop_map(
            move |(glyphs, links, inject, events, moves)| {
                let id = |i: usize| format!("g{i}");
                GlyphNetwork {
                    name: "random".to_owned(),
                    max_rounds,
                    glyphs: glyphs
                        .into_iter()
                        .enumerate()
                        .map(
                            |(i, (pos, extent, abilities, state, dismiss_on, disable_on))| {
                                GlyphDef {
                                    id: id(i),
                                    pos,
                                    extent: extent
                                        .map(|(x, y)| (f64::from(x) * 0.5, f64::from(y) * 0.5)),
                                    abilities,
                                    dismiss_on,
                                    disable_on,
                                    colour: None,
                                    state,
                                }
                            },
                        )
                        .collect(),
                    links: links.into_iter().map(|(a, b)| (id(a), id(b))).collect(),
                    inject: inject
                        .into_iter()
                        .map(|(round, g, command)| Injection {
                            round,
                            glyph: id(g),
                            command,
                        })
                        .collect(),
                    moves: moves
                        .into_iter()
                        .map(|(round, g, (x, y))| Move {
                            round,
                            glyph: id(g),
                            to: (f64::from(x) * 0.5, f64::from(y) * 0.5),
                        })
                        .collect(),
                    expect: Vec::new(),
                    events: events
                        .into_iter()
                        .map(|(round, g, what)| OutsideEvent {
                            round,
                            glyph: id(g),
                            what,
                        })
                        .collect(),
                }
            },
        )
    })
}

/// What the run delivered: `(glyph, command or what it noticed)` with the first round.
fn heard(outcome: &GlyphOutcome) -> BTreeMap<(String, String), u32> {
    let mut out = BTreeMap::new();
    for r in &outcome.rounds {
        for x in r.received.iter().chain(&r.noticed) {
            out.entry(x.clone()).or_insert(r.round);
        }
    }
    out
}

/// What the analyser predicts can be delivered, with the earliest round.
fn predicted(net: &GlyphNetwork) -> BTreeMap<(String, String), u32> {
    let mut out: BTreeMap<(String, String), u32> = BTreeMap::new();
    for x in analyse(net).reach.iter().flat_map(|r| &r.reaches) {
        let e = out
            .entry((x.glyph.clone(), x.command.clone()))
            .or_insert(x.round);
        *e = (*e).min(x.round);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_analysers_prediction_is_the_run(net in network(true)) {
        let report = analyse(&net);
        let outcome = GlyphRun::new(&net).run_to_end();
        let played: BTreeMap<(String, String), u32> = report
            .played
            .heard
            .iter()
            .map(|h| ((h.glyph.clone(), h.what.clone()), h.round))
            .collect();
        prop_assert_eq!(&played, &heard(&outcome));
        prop_assert_eq!(Some(report.predicted_end), outcome.end);
        prop_assert_eq!(report.played.rounds as usize, outcome.rounds.len());
        let ends_quiet = outcome.end == Some(GlyphEnd::Quiet);
        prop_assert_eq!(report.quiet_by, ends_quiet.then_some(outcome.rounds.len() as u32));
    }

    #[test]
    fn the_analyser_covers_every_run(net in network(true)) {
        let report = analyse(&net);
        let outcome = GlyphRun::new(&net).run_to_end();
        let predicted = predicted(&net);
        for ((g, c), round) in heard(&outcome) {
            let first = predicted.get(&(g.clone(), c.clone()));
            prop_assert!(first.is_some_and(|&p| p <= round),
                "round {}: {} gets {} unpredicted (predicted {:?})", round, g, c, first);
        }
        if let Some(q) = report.quiet_by {
            prop_assert_eq!(outcome.end, Some(GlyphEnd::Quiet));
            prop_assert!(outcome.rounds.len() as u32 <= q);
        }
        if outcome.end == Some(GlyphEnd::MaxRounds) {
            prop_assert_eq!(report.predicted_end, GlyphEnd::MaxRounds);
        }
    }

    #[test]
    fn the_analyser_is_the_run_when_nothing_is_uncertain(net in network(false)) {
        let report = analyse(&net);
        let outcome = GlyphRun::new(&net).run_to_end();
        prop_assume!(outcome.end != Some(GlyphEnd::Flood));
        prop_assert_eq!(heard(&outcome), predicted(&net));
        let ends_quiet = outcome.end == Some(GlyphEnd::Quiet);
        prop_assert_eq!(report.quiet_by.is_some(), ends_quiet);
        if ends_quiet {
            prop_assert_eq!(report.quiet_by, Some(outcome.rounds.len() as u32));
        }
        // A loop the analyser finds keeps the run going to max_rounds once it starts in time.
        if let Some(lp) = &report.runaway
            && lp.first_round < net.max_rounds
        {
            prop_assert_eq!(outcome.end, Some(GlyphEnd::MaxRounds));
        }
    }
}
