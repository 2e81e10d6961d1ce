//! The help overlay (F1): every shortcut and where to start.

use egui::Context;

/// The shortcuts, as listed in the overlay.
pub const SHORTCUTS: [(&str, &str); 12] = [
    ("Ctrl+N", "New card"),
    ("Ctrl+S", "Save every changed file"),
    ("Ctrl+Shift+S", "Save the pack to another folder"),
    ("Ctrl+O", "Open a pack"),
    ("Ctrl+Z", "Undo"),
    ("Ctrl+Y / Ctrl+Shift+Z", "Redo"),
    ("Ctrl+F", "Search the library"),
    ("F10", "Sandbox: step"),
    ("Shift+F10", "Sandbox: step back"),
    ("F5", "Sandbox: run to the end"),
    ("F1", "Show or hide this help"),
    ("Ctrl+T", "Switch light / dark theme"),
];

/// Draws the overlay; returns true when it should close.
#[must_use]
pub fn ui(ctx: &Context) -> bool {
    let mut close = false;
    egui::Modal::new(egui::Id::new("help-overlay")).show(ctx, |ui| {
        ui.heading("Sigilforge — keyboard shortcuts");
        ui.label("Pick a card in the Library (left) to edit it; the Preview (right) shows it as it prints.");
        ui.label("Problems (bottom) lists everything that would stop the pack from working — click one to jump to it.");
        ui.separator();
        egui::Grid::new("shortcuts").num_columns(2).striped(true).show(ui, |ui| {
            for (keys, what) in SHORTCUTS {
                ui.monospace(keys);
                ui.label(what);
                ui.end_row();
            }
        });
        ui.separator();
        if ui.button("Close help").on_hover_text("Close (F1 or Escape)").clicked() {
            close = true;
        }
    });
    close || ctx.input(|i| i.key_pressed(egui::Key::Escape))
}
