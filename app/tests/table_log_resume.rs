//! Issue #32, item 7, on the real editor: a saved table log opens again after an edit of the
//! encounter that does not contradict it (a creature that did not act moved one cell), with a
//! note that the encounter changed rather than a refusal; and a log whose action no longer fits
//! names it and opens up to the action before on request.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::encounters::EncounterEdit;
use sigilforge::shell::{EditCommand, SigilforgeApp};

mod ui_common;
use ui_common::{click_topmost, fixture_copy, hosted_harness};

const AMBUSH: &str = "encounters/goblin_ambush.ron";

/// Opens the Goblin Ambush from the library and starts table mode from its tab.
fn start_table(harness: &mut Harness<'_, SigilforgeApp>) {
    harness.get_by_label("Encounters").click();
    harness.run();
    harness
        .get_by_label_contains("(encounters/goblin_ambush.ron)")
        .click();
    harness.run();
    harness.run();
    click_topmost(harness, "Run at the table");
    harness.run();
}

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
    harness.get_by_label_contains("Round 1: goblin_1's turn");
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
