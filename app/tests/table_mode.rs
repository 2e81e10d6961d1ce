//! GUI tests of table mode's play on the real editor: the GM has the creature whose turn it is
//! use an ability (the engine's dice or the Score the table rolled) and move (a clicked cell,
//! a dragged token), by label and by the map, with the engine's refusals shown.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::shell::SigilforgeApp;

mod table_common;
use table_common::ui_common::{click_topmost, fixture_copy, set_field};
use table_common::{
    AMBUSH, click_cell, creature, disabled, drag_token, end_turn_rect, harness, start_table,
};

#[test]
fn the_gm_uses_an_ability_with_the_tables_score_and_undoes_it() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    // The whole map fits the table's column (left of the GM's controls): every token shows.
    let map = harness.get_by_label("Encounter map").rect();
    let controls = harness.get_by_label_contains("Round 1:").rect();
    assert!(
        map.max.x <= controls.min.x,
        "the map ({map:?}) runs under the controls ({controls:?})"
    );
    for _ in 0..3 {
        click_topmost(&mut harness, "End turn");
    }
    harness.get_by_label_contains("Round 1: #Alice's turn, 2 Beats left");
    harness.get_by_label("#Alice acts");

    // Only what alice can start now is offered; a Montage is greyed.
    harness.get_by_label("Ability").click();
    harness.run();
    assert!(disabled(&harness, "Forage"), "a Montage is offered");
    assert!(!disabled(&harness, "Healing Word"));
    harness.get_by_label("Elemental Blast").click();
    harness.run();

    // Valid targets only: goblin_1 is out of sight, skeleton is in range.
    assert!(disabled(&harness, "Goblin 1 (it is out of sight)"));
    assert!(disabled(&harness, "#Bob (it is not an enemy)"));
    harness.get_by_label("Skeleton").click();
    harness.run();
    harness.get_by_label_contains("Targets (1 of at most 1");

    // The players rolled: 12 on 2d6 + 3 is High, 5 Fire (Fiery Bolt).
    click_topmost(&mut harness, "The table rolled");
    set_field(&mut harness, "Score", "12");
    let skeleton = creature(&mut harness, "skeleton").health;
    click_topmost(&mut harness, "Use Elemental Blast");
    assert_eq!(creature(&mut harness, "skeleton").health, skeleton - 5);
    assert_eq!(creature(&mut harness, "alice").beats, 1);
    harness.get_by_label_contains(
        "The GM uses Elemental Blast on Skeleton, the table having rolled a Score of 12",
    );
    harness.get_by_label_contains("= 12 ➡ High Score; the table's Score, typed by the GM");
    harness.get_by_label_contains("Skeleton takes 5 Fire damage");

    // No target: the engine refuses and says why; nothing changes.
    harness.get_by_label("Skeleton").click();
    harness.run();
    click_topmost(&mut harness, "Use Elemental Blast");
    harness.get_by_label_contains(
        "Refused: #Alice cannot start Elemental Blast: no target was chosen",
    );
    assert_eq!(creature(&mut harness, "alice").beats, 1);

    // Undo replays the session from its seed, without the ability.
    click_topmost(&mut harness, "Undo table action");
    assert_eq!(creature(&mut harness, "skeleton").health, skeleton);
    assert_eq!(creature(&mut harness, "alice").beats, 2);
    assert!(!harness.state().is_dirty());
}

#[test]
fn the_gm_moves_the_acting_creature_by_a_cell_or_by_dragging_its_token() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    harness.get_by_label_contains("Round 1: Goblin 1's turn");

    // A wall: refused with the engine's reason.
    click_cell(&mut harness, (6, 4));
    harness.get_by_label("Map cell: x 6, y 4");
    click_topmost(&mut harness, "Move Goblin 1 here");
    harness
        .get_by_label_contains("Refused: Goblin 1 cannot move: x 6, y 4 is off the map or blocked");
    assert_eq!(creature(&mut harness, "goblin_1").position, (9, 3));

    // A free cell: a Beat spent.
    click_cell(&mut harness, (8, 2));
    click_topmost(&mut harness, "Move Goblin 1 here");
    assert_eq!(creature(&mut harness, "goblin_1").position, (8, 2));
    harness.get_by_label_contains("Round 1: Goblin 1's turn, 1 Beat left");
    harness.get_by_label_contains("Goblin 1 spends a Beat and moves from x 9, y 3 to x 8, y 2");

    // Another creature's token dragged: the GM puts it there (no Move, no Beat).
    drag_token(&mut harness, (9, 5), (9, 6));
    harness.get_by_label_contains("The GM puts Goblin 2 at x 9, y 6");
    assert_eq!(creature(&mut harness, "goblin_2").position, (9, 6));
    harness.get_by_label_contains("Round 1: Goblin 1's turn, 1 Beat left");

    // Dragging the acting creature's token moves it.
    drag_token(&mut harness, (8, 2), (7, 2));
    assert_eq!(creature(&mut harness, "goblin_1").position, (7, 2));
    harness.get_by_label_contains("Round 1: Goblin 1's turn, 0 Beats left");
    assert!(!harness.state().is_dirty());
}

/// The session's state now (round, turn, every creature).
fn table_state(
    harness: &mut Harness<'_, SigilforgeApp>,
) -> sigilforge_engine::encounter::StateView {
    let editor = harness.state_mut().hosted_encounter_editor(AMBUSH);
    editor.table.session().unwrap().run().state()
}

fn open_log(harness: &mut Harness<'_, SigilforgeApp>, path: &Path) {
    sigilforge::dialogs::script(
        &harness.ctx,
        vec![sigilforge::dialogs::PickResult::Picked(path.to_owned())],
    );
    click_topmost(harness, "Open table log…");
    harness.run();
    harness.run();
}

#[test]
fn a_status_is_cleared_and_a_saved_table_log_opens_to_the_same_state() {
    let dir = fixture_copy();
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join("ambush table log.ron");
    let mut harness = harness(dir.path());
    start_table(&mut harness);

    // Vulnerable ×2 on bob, one cleared.
    harness.get_by_label_contains("#Bob: 10/10 health").click();
    harness.run();
    harness.get_by_label("Status").click();
    harness.run();
    harness.get_by_label("Vulnerable").click();
    harness.run();
    set_field(&mut harness, "Stacks", "2");
    click_topmost(&mut harness, "Give status");
    harness.get_by_label_contains("Vulnerable ×2");
    set_field(&mut harness, "Stacks", "1");
    click_topmost(&mut harness, "Clear status");
    harness.get_by_label_contains("Vulnerable ×1");
    harness.get_by_label_contains("#Bob loses stacks of Vulnerable, 1 left");
    click_topmost(&mut harness, "End turn");
    let saved = table_state(&mut harness);

    sigilforge::dialogs::script(
        &harness.ctx,
        vec![sigilforge::dialogs::PickResult::Picked(path.clone())],
    );
    click_topmost(&mut harness, "Save table log…");
    harness.run();
    harness.run();
    harness.get_by_label_contains("Table log written to");

    // Start over, then open it: the same state.
    click_topmost(&mut harness, "Start over");
    assert_ne!(table_state(&mut harness), saved);
    open_log(&mut harness, &path);
    assert_eq!(table_state(&mut harness), saved);
    harness.get_by_label_contains("Table log opened from");
    harness.get_by_label_contains("(3 actions)");

    // Bad RON: where it is wrong; the session stays.
    let bad = out.path().join("bad.ron");
    std::fs::write(
        &bad,
        "TableLog(\n  encounter: \"Goblin Ambush\",\n  seed: \"soon\",\n)",
    )
    .unwrap();
    open_log(&mut harness, &bad);
    harness.get_by_label_contains(&format!(
        "Refused: Cannot open the table log: {}:3:",
        bad.display()
    ));
    assert_eq!(table_state(&mut harness), saved);

    // A log of another encounter is refused with the reason.
    let text = std::fs::read_to_string(&path).unwrap();
    let other = out.path().join("other.ron");
    std::fs::write(&other, text.replace("\"Goblin Ambush\"", "\"Hag's Hut\"")).unwrap();
    open_log(&mut harness, &other);
    harness.get_by_label_contains(
        "Refused: Cannot open the table log: this table log is of the encounter \"Hag's Hut\", not \"Goblin Ambush\"",
    );
    assert_eq!(table_state(&mut harness), saved);
    assert!(!harness.state().is_dirty());
}

/// The Scores the chosen ability's Test can have, if it has one.
fn chosen_range(harness: &mut Harness<'_, SigilforgeApp>) -> Option<(i32, i32)> {
    let editor = harness.state_mut().hosted_encounter_editor(AMBUSH);
    let run = editor.table.session().unwrap().run();
    let id = &editor.table.controls.play.ability;
    (run.table_abilities().iter())
        .find(|a| &a.id == id)
        .and_then(|a| a.score_range)
}

/// Issue #32, item 3: the turn's controls sit above every status line, so a refusal or a
/// saved-log note never moves them; leaving asks to confirm; the last creature's Score, map
/// cell and refusal do not carry over to the next creature.
#[test]
fn the_controls_stay_put_leaving_is_confirmed_and_a_new_turn_starts_clean() {
    let dir = fixture_copy();
    let out = tempfile::tempdir().unwrap();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    harness.get_by_label_contains("Round 1: Goblin 1's turn");
    let before = end_turn_rect(&harness);

    // A refusal, then a saved-log note: End turn has not moved.
    click_cell(&mut harness, (6, 4));
    click_topmost(&mut harness, "Move Goblin 1 here");
    harness.get_by_label_contains("Refused: Goblin 1 cannot move");
    assert_eq!(end_turn_rect(&harness), before, "a refusal moved End turn");
    sigilforge::dialogs::script(
        &harness.ctx,
        vec![sigilforge::dialogs::PickResult::Picked(
            out.path().join("log.ron"),
        )],
    );
    click_topmost(&mut harness, "Save table log…");
    harness.run();
    harness.run();
    harness.get_by_label_contains("Table log written to");
    assert_eq!(
        end_turn_rect(&harness),
        before,
        "a saved note moved End turn"
    );

    // goblin_1's typed Score and map cell are not goblin_2's.
    click_topmost(&mut harness, "The table rolled");
    // One below a Critical Success: within the next creature's range too, not its middle.
    let (_, high) = chosen_range(&mut harness).expect("goblin_1's ability has a Test");
    let typed = high - 1;
    set_field(&mut harness, "Score", &typed.to_string());
    let play = |h: &mut Harness<'_, SigilforgeApp>| {
        let p = &h
            .state_mut()
            .hosted_encounter_editor(AMBUSH)
            .table
            .controls
            .play;
        (p.score, p.cell)
    };
    assert_eq!(play(&mut harness), (Some(typed), Some((6, 4))));
    click_topmost(&mut harness, "End turn");
    harness.run();
    assert!(
        harness
            .query_by_label_contains("Round 1: Goblin 1's turn")
            .is_none()
    );
    let fresh = chosen_range(&mut harness).map(|(low, high)| low + (high - low) / 2);
    assert_ne!(
        fresh,
        Some(typed),
        "the next creature's Score starts in the middle"
    );
    assert_eq!(play(&mut harness), (fresh, None));
    harness.get_by_label("Map cell: none (click a cell on the map)");
    assert!(harness.query_by_label_contains("Refused:").is_none());
    assert!(
        harness
            .query_by_label_contains("Table log written")
            .is_none()
    );
    assert_eq!(end_turn_rect(&harness), before);

    // Leaving asks first; "Keep playing" stays, "Yes, leave table mode" leaves.
    click_topmost(&mut harness, "Leave table mode");
    assert!(
        harness
            .state_mut()
            .hosted_encounter_editor(AMBUSH)
            .table
            .session()
            .is_some()
    );
    click_topmost(&mut harness, "Keep playing");
    harness.get_by_label("Leave table mode");
    click_topmost(&mut harness, "Leave table mode");
    click_topmost(&mut harness, "Yes, leave table mode");
    assert!(
        harness
            .state_mut()
            .hosted_encounter_editor(AMBUSH)
            .table
            .session()
            .is_none()
    );
}
