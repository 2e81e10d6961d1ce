//! Helpers of the table-mode GUI tests: start table mode on the Goblin Ambush, read a
//! creature of the live session, point at, click and drag on the table's map.
#![allow(dead_code)] // Each test binary uses a different subset of these helpers.
#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use std::path::Path;

use egui::{Event, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sigilforge::shell::SigilforgeApp;
use sigilforge_engine::encounter::state::Combatant;

#[path = "../ui_common/mod.rs"]
pub mod ui_common;
use ui_common::{click_topmost, hosted_harness};

pub const AMBUSH: &str = "encounters/goblin_ambush.ron";

pub fn harness(dir: &Path) -> Harness<'static, SigilforgeApp> {
    hosted_harness(dir)
}

/// Opens the Goblin Ambush from the library and starts table mode from its tab.
pub fn start_table(harness: &mut Harness<'_, SigilforgeApp>) {
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

/// A creature in the live table session.
pub fn creature(harness: &mut Harness<'_, SigilforgeApp>, id: &str) -> Combatant {
    let editor = harness.state_mut().hosted_encounter_editor(AMBUSH);
    let run = editor.table.session().unwrap().run();
    run.combatant(id).unwrap().clone()
}

/// Whether the widget labelled so is greyed out.
pub fn disabled(harness: &Harness<'_, SigilforgeApp>, label: &str) -> bool {
    harness.get_by_label(label).accesskit_node().is_disabled()
}

/// The screen centre of a cell of the GM's table map (14 cells across).
pub fn cell_centre(harness: &Harness<'_, SigilforgeApp>, cell: (i32, i32)) -> Pos2 {
    // The GM's map: the widest (the player window has its own, smaller one).
    let rect = harness
        .get_all_by_label("Encounter map")
        .map(|n| n.rect())
        .max_by(|a, b| a.width().total_cmp(&b.width()))
        .expect("an encounter map");
    let side = rect.width() / 14.0;
    rect.min + egui::vec2((cell.0 as f32 + 0.5) * side, (cell.1 as f32 + 0.5) * side)
}

pub fn press(harness: &mut Harness<'_, SigilforgeApp>, at: Pos2, pressed: bool) {
    harness.event(Event::PointerButton {
        pos: at,
        button: PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    });
}

pub fn click_cell(harness: &mut Harness<'_, SigilforgeApp>, cell: (i32, i32)) {
    let at = cell_centre(harness, cell);
    harness.event(Event::PointerMoved(at));
    harness.run();
    press(harness, at, true);
    press(harness, at, false);
    harness.run();
}

pub fn drag_token(harness: &mut Harness<'_, SigilforgeApp>, from: (i32, i32), to: (i32, i32)) {
    let (from, to) = (cell_centre(harness, from), cell_centre(harness, to));
    harness.event(Event::PointerMoved(from));
    harness.run();
    press(harness, from, true);
    harness.run_steps(2);
    for i in 1..=8 {
        harness.event(Event::PointerMoved(from + (to - from) * (i as f32 / 8.0)));
        harness.run_steps(2);
    }
    press(harness, to, false);
    harness.run();
}

/// The End turn button's rectangle (the topmost one labelled so).
pub fn end_turn_rect(harness: &Harness<'_, SigilforgeApp>) -> egui::Rect {
    harness
        .get_all_by_label("End turn")
        .map(|n| n.rect())
        .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
        .expect("an End turn button")
}
