//! The shared sandbox contract (`engine::core::Sandbox`) on all four systems: a seeded run
//! replayed 100 times gives the same log, and seeking or stepping back (replay from the seed)
//! gives exactly what a fresh run stepped as far gives. Runs that keep moments
//! (`engine::core::AtEvent`) log the same, and show the board right after any event.

#![allow(clippy::unwrap_used)] // helpers of tests: a failure should stop the test here

use std::fmt::Debug;
use std::path::{Path, PathBuf};

use sigilforge_engine::battle::{Battle, EventKind, load_scenario_file};
use sigilforge_engine::core::{AtEvent, Caused, Sandbox};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::{EncounterRun, LogKind, load};
use sigilforge_engine::glyph::{GlyphEventKind, GlyphRun, load_file};
use sigilforge_engine::rules::{RulesRun, RulesScenario, load_scenario_pack};

fn content(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pack")
        .join(rel)
}

fn same_log_100_times<S: Sandbox>(run: &S)
where
    S::Event: PartialEq + Debug,
{
    let mut first = run.restart();
    first.run_to_end();
    assert!(first.log().len() > 5, "{:?}", first.log());
    for _ in 0..100 {
        let mut again = run.restart();
        again.run_to_end();
        assert_eq!(again.log(), first.log());
    }
}

fn seek_and_step_back_match_a_fresh_run<S: Sandbox>(run: &S)
where
    S::Event: PartialEq + Debug,
{
    let mut whole = run.restart();
    let total = whole.run_to_end();
    assert!(total > 2);
    for n in [0, 1, total / 2, total - 1, total, total + 5] {
        let sought = whole.seek(n);
        let mut fresh = run.restart();
        for _ in 0..n {
            fresh.step();
        }
        assert_eq!(sought.steps(), n.min(total));
        assert_eq!(sought.log(), fresh.log(), "seek to {n}");
    }
    let mut back = whole.clone();
    back.step_back();
    assert_eq!(back.steps(), total - 1);
    assert_eq!(back.log(), whole.seek(total - 1).log());
    back.step();
    assert_eq!(back.log(), whole.log());
    let last = whole.log().len() - 1;
    let at = whole.seek_event(last);
    assert_eq!(at.log().len(), whole.log().len());
    // Every cause points back, so every why walk ends.
    for (i, e) in whole.log().iter().enumerate() {
        if let Some(after) = e.cause().after_index() {
            assert!(after < i, "event {i} answers {after}");
        }
        assert_eq!(whole.why(i)[0], i);
    }
}

fn battle() -> Battle {
    let (_, setup) = load_scenario_file(&content("battle-line/scenarios/reanimate.ron")).unwrap();
    Battle::new(&setup, 7).keep_moments()
}

fn glyph() -> GlyphRun {
    let (net, _) = load_file(&content("glyphs/vault-alarm.ron")).unwrap();
    GlyphRun::new(&net)
}

fn encounter() -> EncounterRun {
    let mut diags = Diagnostics::new();
    let (enc, content) = load(&content("encounters/goblin_ambush.ron"), &mut diags).unwrap();
    EncounterRun::new(&content, &enc, 3).unwrap()
}

fn rules() -> RulesRun {
    let path = content("rules-tests/19_3a_trigger_order.ron");
    let source = std::fs::read_to_string(&path).unwrap();
    let mut scenario: RulesScenario = ron::from_str(&source).unwrap();
    let mut diags = Diagnostics::new();
    load_scenario_pack(&mut scenario, &source, &path, &mut diags);
    assert!(!diags.has_errors(), "{diags:?}");
    RulesRun::new(&scenario).unwrap()
}

#[test]
fn battle_runs_are_deterministic_and_replay_exactly() {
    same_log_100_times(&battle());
    seek_and_step_back_match_a_fresh_run(&battle());
}

#[test]
fn glyph_runs_are_deterministic_and_replay_exactly() {
    same_log_100_times(&glyph());
    seek_and_step_back_match_a_fresh_run(&glyph());
}

#[test]
fn encounter_runs_are_deterministic_and_replay_exactly() {
    same_log_100_times(&encounter());
    seek_and_step_back_match_a_fresh_run(&encounter());
    // Another seed is another run of the same encounter.
    let mut other = encounter().reseed(11);
    other.run_to_end();
    assert_eq!(other.seed(), 11);
}

#[test]
fn rules_runs_are_deterministic_and_replay_exactly() {
    same_log_100_times(&rules());
    seek_and_step_back_match_a_fresh_run(&rules());
    // Stepping through gives exactly the log of running the whole script at once.
    let mut stepped = rules();
    stepped.run_to_end();
    let whole = sigilforge_engine::rules::run_scenario(stepped.scenario()).unwrap();
    assert_eq!(stepped.log(), whole.log.as_slice());
    assert_eq!(stepped.outcome(), Some(Vec::new()));
}

#[test]
fn rules_lines_name_the_ability_that_caused_them() {
    let mut run = rules();
    run.run_to_end();
    let resolved = run
        .log()
        .iter()
        .position(|e| e.text.contains("resolve ") && e.cause.ability.is_some())
        .expect("a trigger resolves");
    let chain = run.why(resolved);
    assert!(chain.len() >= 3, "{chain:?}");
    let texts: Vec<&str> = chain.iter().map(|&i| run.log()[i].text.as_str()).collect();
    assert!(texts[1].contains("goes on the stack"), "{texts:?}");
}

/// The board at an event shows exactly that moment: an attack's damage is not on the board
/// at the attack, and is at the damage.
#[test]
fn the_battle_board_at_an_event_shows_that_moment() {
    let mut b = battle();
    b.run_to_end();
    let log = Sandbox::log(&b).to_vec();
    let damage = log
        .iter()
        .find(|e| matches!(e.kind, EventKind::Damage { amount, attack: true, .. } if amount > 0))
        .unwrap();
    let EventKind::Damage { target, amount, .. } = damage.kind else {
        unreachable!()
    };
    let damage_of = |at: &Battle| {
        at.board()
            .iter()
            .flatten()
            .find(|c| c.id == target)
            .map_or(-1, |c| c.damage)
    };
    let before = b.at_event(damage.index - 1).unwrap();
    let after = b.at_event(damage.index).unwrap();
    assert_eq!(damage_of(&after) - damage_of(&before), amount);
    // The last moment is the board the battle ended with.
    let last = b.at_event(log.len() as u32 - 1).unwrap();
    assert_eq!(last.board(), b.board());
    assert_eq!(last.life(), b.life());
    assert!(b.at_event(log.len() as u32).is_none());
}

/// Keeping moments changes no log; the moment at each step's last event is the board a fresh
/// run stepped as far stands at; no moment is kept beyond the log. `run` keeps none.
fn moments_agree_with_the_run<S, V>(run: &S, view: impl Fn(S::Moment) -> V)
where
    S: AtEvent,
    S::Event: PartialEq + Debug,
    V: PartialEq + Debug,
{
    let mut plain = run.restart();
    plain.run_to_end();
    let mut kept = run.restart().keep_moments();
    let mut steps = 0;
    loop {
        let before = kept.log().len();
        if !kept.step() {
            break;
        }
        steps += 1;
        let after = kept.log().len();
        if after > before {
            // (A battle works ahead of its log: only its kept moments are never ahead.)
            let fresh = run.restart().keep_moments().seek(steps);
            let moment = kept.at_event(after - 1).map(&view);
            assert_eq!(moment, Some(view(fresh.moment())), "step {steps}");
        }
    }
    assert_eq!(kept.log(), plain.log());
    assert!(kept.at_event(kept.log().len()).is_none());
    assert!(
        plain.at_event(0).is_none(),
        "a run that keeps none shows none"
    );
    // A replay of a run that keeps moments keeps them too.
    assert!(kept.seek(1).at_event(0).is_some());
}

#[test]
fn battle_moments_agree_with_the_run() {
    let (_, setup) = load_scenario_file(&content("battle-line/scenarios/reanimate.ron")).unwrap();
    let plain = Battle::new(&setup, 7);
    moments_agree_with_the_run(&plain, |b| (b.turn(), b.life(), b.board()));
}

#[test]
fn glyph_moments_agree_with_the_run() {
    moments_agree_with_the_run(&glyph(), |m| m);
    let (net, _) = load_file(&content("glyphs/broken-relay.ron")).unwrap();
    moments_agree_with_the_run(&GlyphRun::new(&net), |m| m);
}

#[test]
fn encounter_moments_agree_with_the_run() {
    moments_agree_with_the_run(&encounter(), |m| m);
}

/// In the middle of a round: the moved glyph stands at its new place while both its links
/// still stand; then they break one at a time.
#[test]
fn the_glyph_board_at_an_event_shows_that_moment() {
    let (net, _) = load_file(&content("glyphs/broken-relay.ron")).unwrap();
    let mut run = GlyphRun::new(&net).keep_moments();
    run.run_to_end();
    let moved = run
        .log()
        .iter()
        .position(|e| matches!(e.kind, GlyphEventKind::Moved { .. }))
        .unwrap();
    let relay = net.glyphs.iter().position(|g| g.id == "relay").unwrap();
    let at = |i: usize| run.at_event(i).unwrap();
    assert_eq!(at(moved).round, 4);
    assert_eq!(at(moved).positions[relay], (7.0, 0.0));
    assert_eq!(at(moved - 1).positions[relay], net.glyphs[relay].pos);
    assert_eq!(at(moved).links.len(), 2);
    assert_eq!(at(moved + 1).links.len(), 1);
    assert!(at(moved + 2).links.is_empty());
    // A sender shines from its Sent event on, for the rest of its round.
    let sent = run
        .log()
        .iter()
        .position(|e| matches!(e.kind, GlyphEventKind::Sent { .. }))
        .unwrap();
    assert!(at(sent - 1).shining.is_empty());
    assert_eq!(at(sent).shining, ["sentinel"]);
}

/// In the middle of an action: the damage is on the board at its entry, not at the one before.
#[test]
fn the_encounter_board_at_an_event_shows_that_moment() {
    let mut run = encounter().keep_moments();
    run.run_to_end();
    let log = run.log();
    let damage = log
        .iter()
        .find(|e| e.kind == LogKind::Damage && !e.text.contains(" takes 0 "))
        .unwrap();
    let who = damage.text.split(' ').next().unwrap();
    let health = |i: usize| {
        let state = run.at_event(i).unwrap();
        state
            .combatants
            .iter()
            .find(|c| c.id == who)
            .unwrap()
            .health
    };
    assert!(
        health(damage.index) < health(damage.index - 1),
        "{}",
        damage.text
    );
    // What is logged while setting up has its moment too.
    assert_eq!(run.at_event(0).unwrap().round, 1);
}
