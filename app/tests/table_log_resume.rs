//! Issue #32, item 7, on the real editor: a saved table log opens again after an edit of the
//! encounter that does not contradict it (a creature that did not act moved one cell), with a
//! note that the encounter changed rather than a refusal; and a log whose action no longer fits
//! names it and opens up to the action before on request.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::encounters::{EncounterEdit, EncounterSandboxCommand, TableCommand};
use sigilforge::shell::{EditCommand, SigilforgeApp};
use sigilforge_engine::encounter::TableAction;

mod table_common;
use table_common::ui_common::{click_topmost, fixture_copy, hosted_harness};
use table_common::{AMBUSH, start_table};

fn pick_file(harness: &mut Harness<'_, SigilforgeApp>, path: &Path, button: &str) {
    sigilforge::dialogs::script(
        &harness.ctx,
        vec![sigilforge::dialogs::PickResult::Picked(path.to_owned())],
    );
    click_topmost(harness, button);
    harness.run();
    harness.run();
}

/// The session's actions now.
fn actions(harness: &mut Harness<'_, SigilforgeApp>) -> usize {
    let editor = harness.state_mut().hosted_encounter_editor(AMBUSH);
    editor.table.session().map_or(0, |s| s.actions().len())
}

/// Saves a log of two turns ended (`goblin_1`'s, then `bob`'s), then applies `edit` to the
/// encounter and opens the log again (starting table mode again if the edit ended it).
fn save_edit_and_open(harness: &mut Harness<'_, SigilforgeApp>, path: &Path, edit: EncounterEdit) {
    start_table(harness);
    harness.get_by_label_contains("Round 1: Goblin 1's turn");
    click_topmost(harness, "End turn");
    click_topmost(harness, "End turn");
    harness.run();
    assert_eq!(actions(harness), 2);
    pick_file(harness, path, "Save table log…");
    harness.get_by_label_contains("Table log written to");
    harness.state_mut().apply(EditCommand::Encounter {
        file: AMBUSH.into(),
        edit,
    });
    harness.run();
    if harness.query_by_label("Open table log…").is_none() {
        click_topmost(harness, "Run at the table");
        harness.run();
    } else {
        click_topmost(harness, "Start over");
    }
    assert_eq!(actions(harness), 0);
    pick_file(harness, path, "Open table log…");
}

#[test]
fn a_table_log_resumes_after_moving_a_creature_that_did_not_act() {
    let dir = fixture_copy();
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join("ambush table log.ron");
    let mut harness = hosted_harness(dir.path());
    // The archer has not acted in the log: one cell along, the log still fits.
    save_edit_and_open(
        &mut harness,
        &path,
        EncounterEdit::MoveCombatant {
            id: "archer".into(),
            to: (13, 8),
        },
    );
    assert_eq!(actions(&mut harness), 2);
    harness
        .get_by_label_contains("(2 actions). Note: the encounter changed since this log was saved");
    assert!(
        harness
            .query_by_label_contains("Cannot open the table log")
            .is_none()
    );
    let editor = harness.state_mut().hosted_encounter_editor(AMBUSH);
    let run = editor.table.session().unwrap().run();
    assert_eq!(run.combatant("archer").unwrap().position, (13, 8));
}

/// Removing a creature an action of the log names: the refusal names that action, and "Open
/// up to action 1" opens the log with the action before it.
#[test]
fn a_log_whose_action_no_longer_fits_names_it_and_opens_up_to_it() {
    let dir = fixture_copy();
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join("ambush table log.ron");
    let mut harness = hosted_harness(dir.path());
    start_table(&mut harness);
    click_topmost(&mut harness, "End turn");
    // The GM's second action names goblin_2.
    harness.state_mut().apply(EditCommand::EncounterSandbox {
        file: AMBUSH.into(),
        command: EncounterSandboxCommand::Table(TableCommand::Apply(TableAction::Damage {
            target: "goblin_2".into(),
            amount: 2,
            kind: None,
        })),
    });
    harness.run();
    assert_eq!(actions(&mut harness), 2);
    pick_file(&mut harness, &path, "Save table log…");
    harness.state_mut().apply(EditCommand::Encounter {
        file: AMBUSH.into(),
        edit: EncounterEdit::RemoveCombatant {
            id: "goblin_2".into(),
        },
    });
    harness.run();
    if harness.query_by_label("Open table log…").is_none() {
        click_topmost(&mut harness, "Run at the table");
        harness.run();
    } else {
        click_topmost(&mut harness, "Start over");
    }
    pick_file(&mut harness, &path, "Open table log…");
    harness.get_by_label_contains("Cannot open the table log: action 2 of the log (");
    assert_eq!(actions(&mut harness), 0);
    click_topmost(&mut harness, "Open up to action 1");
    harness.run();
    assert_eq!(actions(&mut harness), 1);
    harness
        .get_by_label_contains("(1 actions). Note: the encounter changed since this log was saved");
    assert!(harness.query_by_label("Open up to action 1").is_none());
}
