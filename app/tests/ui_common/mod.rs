//! Helpers every component GUI test uses, whatever its host: click by label, type into a
//! field, move the one sandbox panel's timeline with the keyboard.
#![allow(dead_code)] // Each test binary uses a different subset of these helpers.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// Clicks the widget a user reads as `label`, then lets the frame settle.
pub fn click<S>(harness: &mut Harness<'_, S>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Replaces the text of the field labelled `label` with `text` and presses Enter.
pub fn set_field<S>(harness: &mut Harness<'_, S>, label: &str, text: &str) {
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
pub fn move_timeline<S>(harness: &mut Harness<'_, S>, key: Key, presses: usize) {
    harness.get_by_label("Timeline").focus();
    harness.run();
    for _ in 0..presses {
        harness.key_press(key);
        harness.run();
    }
}
