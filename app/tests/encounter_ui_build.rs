//! GM prep in the encounter editor (`egui_kittest`, by the labels a user reads): add a combatant
//! from the picker, place it on the map, reorder the turn order, then step the sandbox; a drag
//! is one move; painting and refusals.
#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod encounter_ui_common;

use egui::{Event, PointerButton};
use egui_kittest::kittest::Queryable;
use encounter_ui_common::ui_common::click;
use encounter_ui_common::{Host, cell_centre, click_at, harness};
use sigilforge::encounters::EncounterEdit;
use sigilforge::encounters::sandbox::{log_line, state_line};
use sigilforge_engine::encounter::{EncounterRun, ScriptAction};

fn position(host: &Host, id: &str) -> (i32, i32) {
    host.enc
        .combatants
        .iter()
        .find(|c| c.id == id)
        .unwrap()
        .position
}

#[test]
fn add_place_reorder_then_step_the_sandbox() {
    let mut harness = harness();
    // Pick a goblin and add it to the foes: it lands on the first free cell and is selected.
    harness.get_by_label("Search").focus();
    harness.run();
    harness.get_by_label("Search").type_text("gob");
    harness.run();
    assert!(
        harness.query_by_label("The Hag (hag)").is_none(),
        "filtered out"
    );
    click(&mut harness, "Goblin (goblin)");
    click(&mut harness, "Add to foes");
    assert_eq!(
        harness.state().applied,
        [EncounterEdit::AddCombatant {
            stat_block: "goblin".into(),
            side: "foes".into(),
            position: (0, 0),
        }]
    );
    assert_eq!(harness.state().editor.selected(), Some("goblin"));
    harness.get_by_label("4. Goblin (foes)");

    // Place it by clicking a cell.
    let at = cell_centre(&harness, (8, 5));
    click_at(&mut harness, at);
    assert_eq!(position(harness.state(), "goblin"), (8, 5));
    assert_eq!(
        harness.state().applied.last(),
        Some(&EncounterEdit::MoveCombatant {
            id: "goblin".into(),
            to: (8, 5),
        })
    );
    harness.get_by_label("Selected: Goblin at (8, 5)");

    // Reorder: the goblin acts before Alice.
    click(&mut harness, "Earlier");
    assert_eq!(
        harness.state().enc.turn_order,
        ["hag", "bob", "goblin", "alice"]
    );
    harness.get_by_label("3. Goblin (foes)");
    harness.get_by_label("4. #Alice (heroes)");

    // The sandbox: Step twice, Step back once.
    click(&mut harness, "Sandbox");
    harness.get_by_label("Round 1, The Hag's turn, step 0");
    click(&mut harness, "Step");
    click(&mut harness, "Step");
    harness.get_by_label("Round 1, The Hag's turn, step 2");
    click(&mut harness, "Step back");
    harness.get_by_label("Round 1, The Hag's turn, step 1");

    // The log shown is exactly the engine's after one step of the edited encounter.
    let host = harness.state();
    let mut run = EncounterRun::new(&host.content, &host.enc, 0).unwrap();
    run.step();
    let after_one: Vec<String> = run.log().iter().map(|e| log_line(&run, e)).collect();
    run.step();
    let after_two: Vec<String> = run.log().iter().map(|e| log_line(&run, e)).collect();
    assert!(after_two.len() > after_one.len(), "{after_two:?}");
    for line in &after_one {
        harness.get_by_label(line);
    }
    for line in &after_two[after_one.len()..] {
        assert!(
            harness.query_by_label(line).is_none(),
            "{line} is after step 1"
        );
    }
    assert!(
        after_one
            .iter()
            .any(|l| l.to_lowercase().contains("bob") && l.contains("Reactions")),
        "{after_one:?}"
    );
    // The state: the goblin where it was placed, everyone at full health.
    harness.get_by_label("Goblin: 5/5 health, 2 Beats");
    harness.get_by_label("#Bob: 10/10 health, 2 Beats");

    // Run to the end: the state shown is the engine's, conditions as chips.
    click(&mut harness, "Run to end");
    let host = harness.state();
    let mut run = EncounterRun::new(&host.content, &host.enc, 0).unwrap();
    run.run_to_end();
    let state = run.state();
    assert!(state.outcome.is_some());
    let names = sigilforge_engine::wording::encounter_names(&run);
    for c in &state.combatants {
        harness.get_by_label(&state_line(c, &names));
        for (name, stacks) in &c.conditions {
            assert!(
                !harness
                    .query_all_by_label(&format!("{name} ×{stacks}"))
                    .collect::<Vec<_>>()
                    .is_empty()
            );
        }
    }
    assert!(
        state.combatants.iter().any(|c| !c.conditions.is_empty()),
        "some condition chip is checked"
    );
}

#[test]
fn a_drag_is_one_move_on_release() {
    let mut harness = harness();
    let from = cell_centre(&harness, (3, 3));
    let to = cell_centre(&harness, (4, 6));
    harness.event(Event::PointerMoved(from));
    harness.run();
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
    for i in 1..=8 {
        harness.event(Event::PointerMoved(from + (to - from) * (i as f32 / 8.0)));
        harness.run();
        assert!(harness.state().applied.is_empty(), "no edit before release");
    }
    harness.event(Event::PointerButton {
        pos: to,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
    assert_eq!(
        harness.state().applied,
        [EncounterEdit::MoveCombatant {
            id: "bob".into(),
            to: (4, 6),
        }]
    );
    assert_eq!(position(harness.state(), "bob"), (4, 6));
}

#[test]
fn paint_blocking_and_cover_and_see_a_refusal() {
    let mut harness = harness();
    click(&mut harness, "Paint blocking");
    let at = cell_centre(&harness, (0, 7));
    click_at(&mut harness, at);
    assert!(harness.state().enc.map.blocking.contains(&(0, 7)));
    click(&mut harness, "Paint cover");
    let at = cell_centre(&harness, (4, 4));
    click_at(&mut harness, at);
    assert_eq!(harness.state().enc.map.cover, [(4, 4)]);

    // Placing Bob on a wall is refused, with the reason shown.
    click(&mut harness, "Place");
    click(&mut harness, "2. #Bob (heroes)");
    let at = cell_centre(&harness, (6, 1));
    click_at(&mut harness, at);
    assert_eq!(harness.state().refused, ["(6, 1) holds a blocking object"]);
    harness.get_by_label("Refused: (6, 1) holds a blocking object");
    assert_eq!(position(harness.state(), "bob"), (3, 3));
}

#[test]
fn side_and_removal_from_the_selected_panel() {
    let mut harness = harness();
    click(&mut harness, "1. The Hag (foes)");
    click(&mut harness, "On heroes");
    assert_eq!(harness.state().enc.combatants[0].side, "heroes");
    click(&mut harness, "Remove");
    assert!(harness.state().enc.combatants.iter().all(|c| c.id != "hag"));
    assert_eq!(harness.state().enc.turn_order, ["bob", "alice"]);
    harness.get_by_label("1. #Bob (heroes)");
    assert_eq!(harness.state().editor.selected(), None);
}

#[test]
fn script_actions_are_added_and_removed() {
    let mut harness = harness();
    let before = harness.state().enc.script.len();
    click(&mut harness, "1. Reactions of bob off");
    click(&mut harness, "Remove action");
    assert_eq!(harness.state().enc.script.len(), before - 1);
    harness.get_by_label("1. Force roll 5 5");

    click(&mut harness, "Force roll");
    harness.get_by_label("Dice").focus();
    harness.run();
    harness.get_by_label("Dice").type_text("6 6");
    harness.run();
    click(&mut harness, "Add action");
    assert_eq!(
        harness.state().applied.last(),
        Some(&EncounterEdit::AddScriptAction(ScriptAction::ForceRoll(
            vec![6, 6]
        )))
    );
    harness.get_by_label(&format!("{before}. Force roll 6 6"));
}

#[test]
fn selecting_a_combatant_shows_its_first_reach() {
    let mut harness = harness();
    click(&mut harness, "3. #Alice (heroes)");
    assert_eq!(
        harness.state().editor.prep.ability.as_deref(),
        Some("elemental_blast")
    );
    assert_eq!(
        harness.get_by_label("Show reach of").value().as_deref(),
        Some("Elemental Blast")
    );
    harness.get_by_label("Selected: #Alice at (2, 5)");
}

#[test]
fn typing_max_rounds_is_one_edit() {
    let mut harness = harness();
    harness.get_by_label("Max rounds").focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Max rounds").type_text("5");
    harness.run();
    assert!(
        harness.state().applied.is_empty(),
        "nothing before the field is left"
    );
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert_eq!(harness.state().applied, [EncounterEdit::SetMaxRounds(5)]);
    assert_eq!(harness.state().enc.max_rounds, 5);
}
