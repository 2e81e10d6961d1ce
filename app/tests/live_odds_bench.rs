//! Live odds, measured on the real app (issue #16's speed targets: 10,000 battles re-run and
//! drawn within 100 ms of an edit on 2 cores, UI frames under 8 ms meanwhile). A bench-style
//! test: ignored, it prints what it measured and asserts behaviour only, never a time. Each
//! input event is its own frame, as in a window (the edit applies in the mouse release's or the
//! key press's frame); the sum of an edit's input frames is printed too, which is what a
//! kittest `click` followed by one `step` measures.
//!
//! ```text
//! cargo test --release -p sigilforge --test live_odds_bench -- --ignored --nocapture
//! ```

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sigilforge::sandbox::SandboxCommand;
use sigilforge::sandbox::battle::{BattleCommand, battle_tally};
use sigilforge::sandbox::simulate::Tally;
use sigilforge::shell::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::battle::simulate::simulate;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;
use ui_common::{click, fixture_copy};

mod ui_common;

/// The battles the live odds play (the issue's number).
const RUNS: u32 = 10_000;
/// What the control shows while the odds of an older line-up are re-run.
const UPDATING: &str = "Updating the odds for the content as edited…";
/// Edits measured.
const EDITS: usize = 6;

/// The tally Simulate shows once it is in for the battle as it is now.
fn odds_in(harness: &mut Harness<'_, SigilforgeApp>) -> Tally {
    for _ in 0..60_000 {
        if let Some(sim) = harness.state().sandbox_simulation()
            && sim.is_current()
        {
            return sim.tally().unwrap().clone();
        }
        std::thread::sleep(Duration::from_millis(1));
        harness.step();
    }
    panic!("the live odds never came");
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Percentile `p` (0..=100) of sorted durations.
fn percentile(sorted: &[Duration], p: usize) -> Duration {
    sorted[(sorted.len() - 1) * p / 100]
}

#[test]
#[ignore = "bench: prints the live odds' latency and frame times; run with --ignored --nocapture"]
fn live_odds_latency_and_frame_times() {
    let dir = fixture_copy();
    let mut diags = Diagnostics::new();
    let app = SigilforgeApp::with_pack(load_pack(dir.path(), &mut diags), Settings::default());
    let mut harness = Harness::builder()
        .with_size([1600.0, 1000.0])
        .with_max_steps(1_000)
        .build_eframe(move |_cc| app);
    harness.run();
    click(&mut harness, "Scenario");
    click(&mut harness, "Armor 2 takes two off each attack");
    harness
        .state_mut()
        .apply(EditCommand::Sandbox(BattleCommand::Run(
            SandboxCommand::SetRuns(RUNS),
        )));
    click(&mut harness, "Simulate");
    odds_in(&mut harness);
    click(&mut harness, "Build the battle");
    // Idle frames first: what a frame costs with nothing running.
    let mut idle = Vec::new();
    for _ in 0..50 {
        let start = Instant::now();
        harness.step();
        idle.push(start.elapsed());
    }
    let mut latencies = Vec::new();
    // Each input event of an edit is a frame of its own, as a window gets them (kittest's
    // `click` would run the pointer's move, press and release in one `step`): the frame whose
    // event applies the edit, the next one (it draws the edited battle and validates), the
    // edit's other input frames, and the frames while the odds are re-run.
    let (mut applying, mut after, mut input, mut busy) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // What the old measurement called the applying frame: every input event in one step.
    let mut one_step = Vec::new();
    for edit in 0..EDITS {
        // An edit of the line-up: take a card out of it, then (the next edit) undo that.
        // The events, and which of them applies the edit (a click on release, a key on press).
        let (events, applies) = if edit % 2 == 0 {
            let card = harness
                .query_all_by_label_contains(" ×")
                .find_map(|n| n.accesskit_node().label())
                .unwrap();
            let r = harness
                .get_by_label(&card)
                .accesskit_node()
                .bounding_box()
                .unwrap();
            let pos = egui::pos2(r.x0.midpoint(r.x1) as f32, r.y0.midpoint(r.y1) as f32);
            let button = |pressed| egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: Modifiers::NONE,
            };
            (
                vec![egui::Event::PointerMoved(pos), button(true), button(false)],
                2,
            )
        } else {
            let key = |pressed| egui::Event::Key {
                key: Key::Z,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers: Modifiers::COMMAND,
            };
            (vec![key(true), key(false)], 0)
        };
        let started = Instant::now();
        // Every frame of this edit, in order, from its first input event.
        let mut frames = Vec::new();
        let inputs = events.len();
        for event in events {
            harness.event(event);
            let frame = Instant::now();
            harness.step();
            frames.push(frame.elapsed());
        }
        one_step.push(frames.iter().sum());
        // Frames as the app asks for them while the odds run (a repaint 10 ms after each),
        // until one has drawn the new tally (no "Updating the odds" in it any more).
        let mut waited = 0u32;
        let drawn = loop {
            let frame = Instant::now();
            harness.step();
            frames.push(frame.elapsed());
            let current = harness.state().sandbox_simulation().unwrap().is_current();
            if current && harness.query_by_label(UPDATING).is_none() {
                break started.elapsed();
            }
            // A bound on frames, not on time: 60,000 frames 10 ms apart is ten minutes or more.
            waited += 1;
            assert!(waited < 60_000, "edit {edit}: the odds never came");
            std::thread::sleep(Duration::from_millis(10));
        };
        for (i, took) in frames.into_iter().enumerate() {
            match i {
                _ if i == applies => applying.push(took),
                _ if i == applies + 1 => after.push(took),
                _ if i < inputs => input.push(took),
                _ => busy.push(took),
            }
        }
        latencies.push(drawn);
        // Behaviour, not time: the tally drawn is the one of the battle as edited.
        let setup = harness.state().sandbox_battle().unwrap().battle_setup();
        let expected = battle_tally(&simulate(&setup, u64::from(RUNS), None, &|_| {}));
        assert_eq!(
            harness.state().sandbox_simulation().unwrap().tally(),
            Some(&expected),
            "edit {edit}"
        );
    }
    for frames in [
        &mut idle,
        &mut applying,
        &mut after,
        &mut input,
        &mut busy,
        &mut one_step,
    ] {
        frames.sort();
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    println!(
        "live odds, {RUNS} battles, {EDITS} edits, {cores} cores, load {}",
        load.trim()
    );
    for (i, l) in latencies.iter().enumerate() {
        println!("  edit {i}: drawn {:.1} ms after the click", ms(*l));
    }
    for (name, frames) in [
        ("idle", &idle),
        ("applying the edit", &applying),
        ("right after the edit", &after),
        ("other input events", &input),
        ("while the odds re-run", &busy),
        ("an edit's input events in one step", &one_step),
    ] {
        println!(
            "  frames {name}: {} frames, median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
            frames.len(),
            ms(percentile(frames, 50)),
            ms(percentile(frames, 95)),
            ms(*frames.last().unwrap())
        );
    }
}
