//! What a tab shows when it has nothing to show: no pack open, or an item it cannot show.
//! A leaf: the editors of every workspace draw these without depending on the panel set.

use egui::Ui;

use super::help;
use crate::shell::commands::EditCommand;
use crate::shell::document::{Document, ItemAddr};

/// What every panel shows when no pack is open.
pub fn empty_state(ui: &mut Ui, commands: &mut Vec<EditCommand>) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.set_max_width(640.0);
        ui.add_space(12.0);
        ui.heading("No pack open");
        ui.label("Open a pack folder to edit its cards, or start a new one. Then:");
        help::getting_started_ui(ui, false, commands);
    });
}

/// What an editor tab shows when its item cannot be shown: why, and, when its file has a syntax
/// error, the way to the text view that fixes it.
pub fn missing_item(ui: &mut Ui, doc: &Document, addr: &ItemAddr, commands: &mut Vec<EditCommand>) {
    ui.label(doc.missing_item_reason(addr));
    if doc.file_is_unread(&addr.file)
        && ui
            .button("Open as text")
            .on_hover_text("Open the file as text to fix it")
            .clicked()
    {
        commands.push(EditCommand::OpenText {
            file: addr.file.clone(),
            at: None,
        });
    }
}
