//! The encounter editor's sandbox, difficulty estimate and sheet (`egui_kittest`): an event's
//! cause chain, the sandbox following edits, the simulate job finishing on its thread, the sheet
//! written to a path, and the empty state.
#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod encounter_ui_common;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use encounter_ui_common::ui_common::{click, move_timeline, wait_for_label_contains};
use encounter_ui_common::{Host, hags_hut, harness};
use sigilforge::encounters::builder::combatant_names;
use sigilforge::encounters::{
    EMPTY_STATE, EncounterEdit, EncounterEditor, EncounterSandboxCommand, apply_encounter_edit,
    write_sheet,
};
use sigilforge::sandbox::encounter::{difficulty_tally, table_win_rate_text};
use sigilforge::sandbox::{SandboxCommand, SystemSandbox as _};
use sigilforge_engine::core::Sandbox;
use sigilforge_engine::encounter::{EncounterRun, EstimatePlan, PlayStyle, estimate_difficulty};
use sigilforge_render::paper::Paper;

#[test]
fn selecting_an_event_shows_its_cause_chain_and_why_this_order() {
    let mut harness = harness();
    click(&mut harness, "Sandbox");
    for _ in 0..3 {
        click(&mut harness, "Step");
    }
    let host = harness.state();
    let mut run = EncounterRun::new(&host.content, &host.enc, 0).unwrap();
    for _ in 0..3 {
        run.step();
    }
    // The last event whose cause has a cause: a chain of at least three.
    let (index, chain) = run
        .log()
        .iter()
        .rev()
        .map(|e| (e.index, Sandbox::why(&run, e.index)))
        .find(|(_, chain)| chain.len() >= 3)
        .unwrap();
    let sys = &harness.state().editor.sandbox;
    let line = format!("#{index} {}", sys.line(index));
    assert!(line.contains("r1"), "{line}");
    let causes: Vec<String> = chain[1..]
        .iter()
        .map(|&c| format!("because #{c} {}", sys.line(c)))
        .collect();
    let order = sys.order(index);
    assert!(harness.query_by_label("Why this order").is_none());
    harness.get_by_label_contains(&line).click();
    harness.run();
    harness.get_by_label("Why this order");
    harness.get_by_label(&order);
    for cause in &causes {
        harness.get_by_label_contains(cause);
    }
    // The typed cause names the ability being resolved.
    assert!(
        run.log()[index].cause.ability.is_some(),
        "{:?}",
        run.log()[index]
    );
}

#[test]
fn the_sandbox_follows_edits_at_the_same_step() {
    let mut harness = harness();
    click(&mut harness, "Sandbox");
    click(&mut harness, "Step");
    harness.get_by_label("Round 1, The Hag's turn, step 1");
    // The host applies an edit (undo, another panel): the run is rebuilt and replayed.
    let host = harness.state_mut();
    let edit = EncounterEdit::MoveCombatant {
        id: "alice".into(),
        to: (0, 7),
    };
    apply_encounter_edit(&mut host.enc, &host.content, &edit).unwrap();
    host.revision += 1;
    harness.run();
    harness.get_by_label("Round 1, The Hag's turn, step 1");
    let run = harness.state().editor.sandbox.run().unwrap();
    assert_eq!(run.combatant("alice").unwrap().position, (0, 7));
    // Reset goes back to step 0.
    click(&mut harness, "Reset");
    harness.get_by_label("Round 1, The Hag's turn, step 0");
    // The timeline seeks (replaying from the seed): three arrow keys, three actions; step
    // back goes one action back. Each went through the host as a sandbox command.
    move_timeline(&mut harness, Key::ArrowRight, 3);
    harness.get_by_label("Step 3");
    click(&mut harness, "Step back");
    harness.get_by_label("Step 2");
    assert!(
        harness
            .state()
            .sandbox
            .contains(&EncounterSandboxCommand::Run(SandboxCommand::Seek(3)))
    );
    assert_eq!(
        harness.state().sandbox.last(),
        Some(&EncounterSandboxCommand::Run(SandboxCommand::StepBack))
    );
}

#[test]
fn simulate_finishes_shows_a_win_rate_and_reruns_after_an_edit() {
    let mut harness = harness();
    click(&mut harness, "Sandbox");
    harness
        .state_mut()
        .editor
        .apply_sandbox(&EncounterSandboxCommand::Run(SandboxCommand::SetRuns(100)));
    // A spinner keeps repainting while the job runs: step frames rather than `run()`.
    harness.get_by_label("Simulate").click();
    wait_for_simulation(&mut harness);
    harness.run();
    let host = harness.state();
    let difficulty = estimate_difficulty(&host.content, &host.enc, 100).unwrap();
    assert_eq!(
        host.editor.sandbox.simulation().unwrap().tally(),
        Some(&difficulty_tally(
            &difficulty,
            &combatant_names(&host.enc, &host.content)
        ))
    );
    // Both tables, each with its interval; the counts and drop chances are the careful table's.
    let careful_line = table_win_rate_text(PlayStyle::Careful, &difficulty.careful);
    harness.get_by_label(&careful_line);
    harness.get_by_label(&table_win_rate_text(PlayStyle::Simple, &difficulty.naive));
    // The headline: the band word and both tables, labelled (issue #32).
    harness.get_by_label(&difficulty.headline());
    let expected = &difficulty.careful;
    // Heroes by name, as the logs and the sheet name them (#Bob), not by id.
    let names = combatant_names(&host.enc, &host.content);
    for (id, chance) in &expected.drop_chance {
        let name = names.name(id);
        assert!(name.starts_with('#'), "{name}");
        harness.get_by_label(&format!("{name} drops in {:.1}% of runs", chance * 100.0));
    }
    assert!(
        expected.win_rate_low <= expected.win_rate && expected.win_rate <= expected.win_rate_high
    );
    // The sheet uses the tab's estimate (same numbers, over the tab's 100 runs) rather than
    // simulating its own 200 again.
    assert_eq!(
        host.editor.sandbox.estimate_for(&host.enc, &host.content),
        Some(difficulty.clone())
    );
    click(&mut harness, "Preview sheet");
    harness.run();
    harness.get_by_label_contains(&format!(
        "side wins {:.1}% of 100 simulated fights",
        difficulty.careful.win_rate * 100.0
    ));
    click(&mut harness, "Sandbox");
    // The details fold away, leaving the counts, to give the run the room.
    click(&mut harness, "Details");
    assert!(harness.query_by_label(&careful_line).is_none());
    harness.get_by_label_contains("With careful play: Heroes win: ");
    // The estimate is live: an edit re-runs it, and the older numbers are never shown.
    {
        let host = harness.state_mut();
        let first = host.content.creatures.values_mut().next().unwrap();
        first.health *= 3;
        host.revision += 1;
    }
    harness.step();
    let host = harness.state();
    let names = combatant_names(&host.enc, &host.content);
    let edited = difficulty_tally(
        &estimate_difficulty(&host.content, &host.enc, 100).unwrap(),
        &names,
    );
    assert_ne!(Some(&edited), Some(&difficulty_tally(&difficulty, &names)));
    let sim = host.editor.sandbox.simulation().unwrap();
    assert!(!sim.is_current() || sim.tally() == Some(&edited));
    let mut current = false;
    for _ in 0..3000 {
        harness.step();
        if harness
            .state()
            .editor
            .sandbox
            .simulation()
            .unwrap()
            .is_current()
        {
            current = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(current, "the estimate re-ran within the bounded wait");
    assert_eq!(
        harness.state().editor.sandbox.simulation().unwrap().tally(),
        Some(&edited)
    );
    // The kept estimate follows the edit: the one for the old numbers is never used.
    let host = harness.state();
    assert_eq!(
        host.editor.sandbox.estimate_for(&host.enc, &host.content),
        Some(estimate_difficulty(&host.content, &host.enc, 100).unwrap())
    );
}

/// Issue #32: "the printed sheet shows 26.0% from 200 runs while the screen shows 21.3% from
/// 1000". The sheet estimates on the tab's seeds even before Simulate ran, so its headline is the
/// screen's, word for word, for the same run count.
#[test]
fn the_sheets_estimate_equals_the_screens_for_the_same_run_count() {
    let mut harness = harness();
    harness
        .state_mut()
        .editor
        .apply_sandbox(&EncounterSandboxCommand::Run(SandboxCommand::SetRuns(60)));
    // The sheet first: nothing simulated yet, it starts the estimate (on the sandbox's thread,
    // never the UI's) and shows it when done (frames one by one: its spinner asks for them).
    harness.get_by_label("Preview sheet").click();
    let sheet_headline = {
        let host = harness.state();
        estimate_difficulty(&host.content, &host.enc, 60)
            .unwrap()
            .headline()
    };
    assert!(
        sheet_headline.ends_with("(60 runs, seeds 0–59)"),
        "{sheet_headline}"
    );
    wait_for_label_contains(&mut harness, &sheet_headline);
    // Then the screen: Simulate, and its headline reads the same.
    click(&mut harness, "Sandbox");
    harness.get_by_label("Simulate").click();
    wait_for_simulation(&mut harness);
    harness.run();
    let screen = harness
        .state()
        .editor
        .sandbox
        .simulation()
        .unwrap()
        .tally()
        .unwrap();
    assert_eq!(screen.headline.as_deref(), Some(sheet_headline.as_str()));
    harness.get_by_label(&sheet_headline);
}

#[test]
fn the_sheet_is_the_engines_html() {
    let (enc, content) = hags_hut();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hut.html");
    write_sheet(
        &path,
        &enc,
        &content,
        (None, EstimatePlan::default()),
        Paper::default(),
    )
    .unwrap();
    let html = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        html,
        sigilforge_engine::encounter::sheet::encounter_sheet(&enc, &content)
    );
    assert!(
        html.contains("The Hag&#39;s Hut") || html.contains("The Hag's Hut"),
        "{html}"
    );
    // A folder that cannot be made (a file is in the way) is an error, not a panic.
    assert!(
        write_sheet(
            &path.join("hut.html"),
            &enc,
            &content,
            (None, EstimatePlan::default()),
            Paper::default()
        )
        .is_err()
    );
}

#[test]
fn no_encounter_shows_the_empty_state() {
    let mut editor = EncounterEditor::new();
    let mut harness = Harness::new_ui(move |ui| {
        let (mut edits, mut runs) = (Vec::new(), Vec::new());
        editor.ui_optional(ui, None, &mut edits, &mut runs);
        assert!(edits.is_empty() && runs.is_empty());
    });
    harness.run();
    harness.get_by_label(EMPTY_STATE);
}

/// Steps frames (a spinner keeps repainting, so not `run()`) until the Simulate job's tally is
/// in, within a bounded wait.
fn wait_for_simulation(harness: &mut Harness<'_, Host>) {
    for _ in 0..3000 {
        harness.step();
        let sim = harness.state().editor.sandbox.simulation().unwrap();
        if sim.progress().is_none() && sim.tally().is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the simulation did not finish within the bounded wait");
}
