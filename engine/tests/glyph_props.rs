//! Random networks: the engine never panics and always ends by `max_rounds`; the analyser's
//! "quiet by round n" is never wrong; stepping equals running; saving and loading round-trips.

use std::path::Path;

use proptest::prelude::*;
use sigilforge_engine::glyph::{
    GlyphAbility, GlyphAction, GlyphDef, GlyphEnd, GlyphNetwork, GlyphRun, GlyphTime, Injection,
    Move, analyse, check, load,
};

const COMMANDS: [&str; 4] = ["a", "b", "c", "d"];

fn command() -> impl Strategy<Value = String> {
    prop::sample::select(&COMMANDS[..]).prop_map(str::to_owned)
}

fn action() -> impl Strategy<Value = GlyphAction> {
    prop_oneof![
        4 => command().prop_map(GlyphAction::Send),
        2 => command().prop_map(GlyphAction::Effect),
        1 => Just(GlyphAction::Dismiss),
        1 => (0u32..4).prop_map(GlyphAction::Disable),
    ]
}

fn ability() -> impl Strategy<Value = GlyphAbility> {
    (
        command(),
        prop_oneof![Just(GlyphTime::Reaction), Just(GlyphTime::FreeReaction)],
        prop::collection::vec(action(), 0..4),
    )
        .prop_map(|(on, time, does)| GlyphAbility {
            on,
            time,
            does,
            ..GlyphAbility::default()
        })
}

/// Positions on a half-unit grid so links are often within 1u and moves often beyond 4u.
fn pos() -> impl Strategy<Value = (f64, f64)> {
    (0i32..5, 0i32..5).prop_map(|(x, y)| (f64::from(x) * 0.5, f64::from(y) * 0.5))
}

fn network() -> impl Strategy<Value = GlyphNetwork> {
    (1usize..6, 1u32..25).prop_flat_map(|(n, max_rounds)| {
        let glyphs = prop::collection::vec(
            (
                pos(),
                prop::collection::vec(ability(), 0..4),
                prop::option::weighted(0.2, command()),
                prop::option::weighted(0.2, (command(), 0u32..4)),
            ),
            n,
        );
        let links = prop::collection::vec((0..n, 0..n), 0..8);
        let inject = prop::collection::vec((0u32..30, 0..n, command()), 0..5);
        let moves = prop::collection::vec((1u32..30, 0..n, (-2i32..14, -2i32..14)), 0..3);
        (glyphs, links, inject, moves).prop_map(move |(glyphs, links, inject, moves)| {
            let id = |i: usize| format!("g{i}");
            GlyphNetwork {
                name: "random".to_owned(),
                max_rounds,
                glyphs: glyphs
                    .into_iter()
                    .enumerate()
                    .map(|(i, (pos, abilities, dismiss_on, disable_on))| GlyphDef {
                        id: id(i),
                        pos,
                        abilities,
                        dismiss_on,
                        disable_on,
                        colour: None,
                        extent: None,
                        state: None,
                    })
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
                events: Vec::new(),
                expect: Vec::new(),
            }
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_networks_never_panic_and_end_by_max_rounds(net in network()) {
        let mut run = GlyphRun::new(&net);
        let outcome = run.run_to_end();
        let played = outcome.rounds.len() as u32;
        prop_assert!(played <= net.max_rounds);
        match outcome.end {
            Some(GlyphEnd::MaxRounds) => prop_assert_eq!(played, net.max_rounds),
            Some(GlyphEnd::Quiet | GlyphEnd::Flood) => {}
            None => prop_assert!(false, "the run did not end"),
        }
        for (i, r) in outcome.rounds.iter().enumerate() {
            prop_assert_eq!(r.round as usize, i + 1);
        }
        // Stepping back from the end gives the replay of one round fewer.
        if played > 0 {
            run.step_back();
            prop_assert_eq!(run.outcome().rounds, GlyphRun::replay(&net, played - 1).outcome().rounds);
        }
    }

    #[test]
    fn analyser_quiet_prediction_is_never_wrong(net in network()) {
        let report = analyse(&net);
        let outcome = GlyphRun::new(&net).run_to_end();
        if let Some(q) = report.quiet_by {
            prop_assert_eq!(report.predicted_end, GlyphEnd::Quiet);
            prop_assert_eq!(outcome.end, Some(GlyphEnd::Quiet));
            prop_assert!(outcome.rounds.len() as u32 <= q);
        }
        if outcome.end == Some(GlyphEnd::MaxRounds) {
            prop_assert_eq!(report.predicted_end, GlyphEnd::MaxRounds);
        }
        // Every received command was predicted as reachable.
        for r in &outcome.rounds {
            for (g, c) in &r.received {
                let predicted = report.reach.iter().flat_map(|x| &x.reaches)
                    .any(|x| &x.glyph == g && &x.command == c && x.round <= r.round);
                prop_assert!(predicted, "round {}: {} receives {} unpredicted", r.round, g, c);
            }
        }
    }

    #[test]
    fn canonical_text_loads_back_or_is_refused_with_a_location(net in network()) {
        let text = sigilforge_engine::ron_io::to_canonical("GlyphNetwork", &net).unwrap();
        let mut diags = sigilforge_engine::diag::Diagnostics::new();
        check(&net, &text, Path::new("r.ron"), &mut diags);
        match load(&text, Path::new("r.ron")) {
            Ok((back, _)) => {
                prop_assert_eq!(back, net);
                prop_assert!(!diags.has_errors());
            }
            Err(d) => {
                prop_assert!(d.has_errors());
                prop_assert!(diags.has_errors());
                for e in &d {
                    prop_assert!(e.location.line >= 1 && e.location.column >= 1);
                }
            }
        }
    }
}
