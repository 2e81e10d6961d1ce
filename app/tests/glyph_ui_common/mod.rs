//! Shared host for the glyph editor GUI tests: a local network that applies the editor's edits
//! and sandbox commands each frame, as the real host (`SigilforgeApp::apply`) does.
#![allow(dead_code)] // Each test binary uses a different subset of these helpers.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::glyph_ui::{GlyphEdit, GlyphEditor, GlyphSandboxCommand, apply_glyph_edit};
use sigilforge_engine::glyph::GlyphNetwork;

/// The host: the document and what was applied.
pub struct Host {
    pub editor: GlyphEditor,
    pub net: GlyphNetwork,
    /// Edits of the network, in order.
    pub applied: Vec<GlyphEdit>,
    /// What the sandbox asked for, in order.
    pub sandbox: Vec<GlyphSandboxCommand>,
}

/// A harness hosting the editor on `net`.
pub fn harness(net: GlyphNetwork) -> Harness<'static, Host> {
    let host = Host {
        editor: GlyphEditor::new(),
        net,
        applied: Vec::new(),
        sandbox: Vec::new(),
    };
    let mut harness = Harness::builder()
        .with_size([1500.0, 1000.0])
        .with_max_steps(30)
        .build_ui_state(
            |ui, host: &mut Host| {
                let (mut edits, mut runs) = (Vec::new(), Vec::new());
                host.editor.ui(ui, &host.net, &mut edits, &mut runs);
                for edit in edits {
                    match apply_glyph_edit(&mut host.net, &edit) {
                        Ok(()) => host.applied.push(edit),
                        Err(reason) => host.editor.set_refusal(Some(reason)),
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

/// Clicks the widget a user reads as `label`, then lets the frame settle.
pub fn click(harness: &mut Harness<'_, Host>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Replaces the text of the field labelled `label` with `text` and presses Enter.
pub fn set_field(harness: &mut Harness<'_, Host>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label(label).type_text(text);
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
}

/// Moves the sandbox's timeline as a user does with the keyboard: focus it, then press an
/// arrow key `presses` times (right: forward).
pub fn move_timeline(harness: &mut Harness<'_, Host>, key: Key, presses: usize) {
    harness.get_by_label("Timeline").focus();
    harness.run();
    for _ in 0..presses {
        harness.key_press(key);
        harness.run();
    }
}
