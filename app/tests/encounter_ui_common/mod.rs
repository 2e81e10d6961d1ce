//! Shared host for the encounter editor GUI tests: a local `Encounter` (the Hag's Hut) that
//! applies the editor's edits and sandbox commands each frame, as the real host does.
#![allow(dead_code)] // Each test binary uses a different subset of these helpers.

use std::path::Path;

use egui::{Event, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::encounters::{
    EncounterEdit, EncounterEditor, EncounterSandboxCommand, apply_encounter_edit,
};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::{Encounter, EncounterContent, load};

#[path = "../ui_common/mod.rs"]
pub mod ui_common;

/// The host: the document and what was applied or refused.
pub struct Host {
    pub editor: EncounterEditor,
    pub enc: Encounter,
    pub content: EncounterContent,
    /// The revision of `enc` and `content`: moved by every change (the editor re-runs its
    /// sandbox and makes its sheet again when it moves).
    pub revision: u64,
    pub applied: Vec<EncounterEdit>,
    pub refused: Vec<String>,
    /// What the sandbox asked for, in order.
    pub sandbox: Vec<EncounterSandboxCommand>,
}

/// The Hag's Hut and its pack, loaded by the engine.
pub fn hags_hut() -> (Encounter, EncounterContent) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/tests/fixtures/pack/encounters/hags_hut.ron");
    let mut diags = Diagnostics::new();
    let loaded = load(&path, &mut diags).unwrap();
    assert!(diags.is_empty(), "{diags:?}");
    loaded
}

/// A harness hosting the editor on the Hag's Hut.
pub fn harness() -> Harness<'static, Host> {
    let (enc, content) = hags_hut();
    let host = Host {
        editor: EncounterEditor::new(),
        enc,
        content,
        revision: 0,
        applied: Vec::new(),
        refused: Vec::new(),
        sandbox: Vec::new(),
    };
    let mut harness = Harness::builder()
        .with_size([1500.0, 1000.0])
        .with_max_steps(40)
        .build_ui_state(
            |ui, host: &mut Host| {
                let (mut edits, mut runs) = (Vec::new(), Vec::new());
                host.editor.ui(
                    ui,
                    (&host.enc, &host.content, host.revision),
                    &mut edits,
                    &mut runs,
                );
                for edit in edits {
                    match apply_encounter_edit(&mut host.enc, &host.content, &edit) {
                        Ok(()) => {
                            host.revision += 1;
                            host.applied.push(edit);
                        }
                        Err(reason) => {
                            host.refused.push(reason.to_string());
                            host.editor.set_refusal(Some(reason.to_string()));
                        }
                    }
                }
                for command in runs {
                    host.editor.apply_sandbox(&command);
                    host.sandbox.push(command);
                }
            },
            host,
        );
    harness.run();
    harness
}

/// The screen centre of a map cell (the map is `width` cells across its rect).
pub fn cell_centre(harness: &Harness<'_, Host>, cell: (i32, i32)) -> Pos2 {
    let rect = harness.get_by_label("Encounter map").rect();
    let side = rect.width() / harness.state().enc.map.width as f32;
    rect.min + egui::vec2((cell.0 as f32 + 0.5) * side, (cell.1 as f32 + 0.5) * side)
}

/// Presses and releases the primary button at `at`.
pub fn click_at(harness: &mut Harness<'_, Host>, at: Pos2) {
    harness.event(Event::PointerMoved(at));
    harness.run();
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos: at,
            button: PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run();
}
