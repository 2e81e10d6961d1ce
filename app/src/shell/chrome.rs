//! The window's chrome around the dock: the menu bar, the status bar and the modal questions
//! (restore unsaved edits, save before closing, the shortcuts overlay). Each only pushes
//! `EditCommand`s.

use egui::RichText;

use super::app::SigilforgeApp;
use super::commands::{CloseAnswer, EditCommand};
use super::document::pack_title;
use super::panels::help;
use super::panels::log::Level;
use super::recovery::RecoveryOffer;
use super::tab::Tab;
use crate::encounters::sandbox::displayable;

impl SigilforgeApp {
    pub(super) fn menu_bar(&mut self, ui: &mut egui::Ui, commands: &mut Vec<EditCommand>) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                menu_item(
                    ui,
                    "New pack…",
                    "Start a pack in an empty folder",
                    EditCommand::NewPackDialog,
                    commands,
                );
                menu_item(
                    ui,
                    "Open pack…",
                    "Open a pack folder (Ctrl+O)",
                    EditCommand::OpenDialog,
                    commands,
                );
                ui.menu_button("Open recent", |ui| {
                    if self.recent.is_empty() {
                        ui.weak("No recent packs");
                    }
                    for path in &self.recent {
                        if ui
                            .button(path.display().to_string())
                            .on_hover_text("Open this pack")
                            .clicked()
                        {
                            commands.push(EditCommand::OpenPack(path.clone()));
                        }
                    }
                });
                ui.separator();
                menu_item(
                    ui,
                    "Save",
                    "Save every changed file (Ctrl+S)",
                    EditCommand::Save,
                    commands,
                );
                menu_item(
                    ui,
                    "Save as…",
                    "Save the pack to another folder (Ctrl+Shift+S)",
                    EditCommand::SaveAs,
                    commands,
                );
                ui.separator();
                let idle = self.doc.is_some() && !self.outputs.running();
                super::apply_outputs::menu_items(ui, idle, commands);
            });
            ui.menu_button("Edit", |ui| {
                let undo = self
                    .history
                    .undo_label()
                    .map_or_else(|| "Undo".to_owned(), |l| format!("Undo {l}"));
                let redo = self
                    .history
                    .redo_label()
                    .map_or_else(|| "Redo".to_owned(), |l| format!("Redo {l}"));
                menu_item(ui, &undo, "Ctrl+Z", EditCommand::Undo, commands);
                menu_item(
                    ui,
                    &redo,
                    "Ctrl+Y or Ctrl+Shift+Z",
                    EditCommand::Redo,
                    commands,
                );
                ui.separator();
                menu_item(ui, "New card", "Ctrl+N", EditCommand::NewCard, commands);
                menu_item(
                    ui,
                    "New keyword",
                    "Define a keyword from blocks",
                    EditCommand::NewKeyword,
                    commands,
                );
                menu_item(
                    ui,
                    "Find",
                    "Search the library (Ctrl+F)",
                    EditCommand::FocusSearch,
                    commands,
                );
            });
            ui.menu_button("View", |ui| {
                let theme = if self.dark {
                    "Light theme"
                } else {
                    "Dark theme"
                };
                menu_item(ui, theme, "Ctrl+T", EditCommand::ToggleTheme, commands);
                ui.separator();
                self.panel_toggles(ui, commands);
                ui.separator();
                menu_item(
                    ui,
                    "Reset layout",
                    "Put this workspace's panels back where they started (open tabs stay)",
                    EditCommand::ResetLayout,
                    commands,
                );
                ui.separator();
                menu_item(
                    ui,
                    "Keyboard shortcuts",
                    "F1",
                    EditCommand::ToggleHelp,
                    commands,
                );
            });
            ui.separator();
            if ui
                .button(if self.dark { "☀ Light" } else { "🌙 Dark" })
                .on_hover_text("Switch between the light and the dark theme (Ctrl+T)")
                .clicked()
            {
                commands.push(EditCommand::ToggleTheme);
            }
            if ui
                .button("Save")
                .on_hover_text("Save every changed file (Ctrl+S)")
                .clicked()
            {
                commands.push(EditCommand::Save);
            }
            if ui
                .button("Undo")
                .on_hover_text("Undo the last edit (Ctrl+Z)")
                .clicked()
            {
                commands.push(EditCommand::Undo);
            }
            if ui.button("Redo").on_hover_text("Redo (Ctrl+Y)").clicked() {
                commands.push(EditCommand::Redo);
            }
            if ui
                .button("Help")
                .on_hover_text("Keyboard shortcuts and where to start (F1)")
                .clicked()
            {
                commands.push(EditCommand::ToggleHelp);
            }
        });
    }

    /// The View menu's panels: a check box each, ticked when it is open in the workspace
    /// shown; unticking closes it, ticking brings it back where the workspace has it.
    fn panel_toggles(&self, ui: &mut egui::Ui, commands: &mut Vec<EditCommand>) {
        ui.weak(format!("Panels of {}", self.workspaces.active().label()));
        for panel in super::workspace::PANELS {
            let open = self.dock.find_tab(&panel).is_some();
            let mut ticked = open;
            ui.checkbox(&mut ticked, panel_name(&panel))
                .on_hover_text(panel_tip(&panel));
            if ticked != open {
                commands.push(if ticked {
                    EditCommand::ShowTab(panel)
                } else {
                    EditCommand::HideTab(panel)
                });
            }
        }
    }

    pub(super) fn status_bar(&self, ui: &mut egui::Ui, commands: &mut Vec<EditCommand>) {
        ui.horizontal(|ui| {
            match &self.doc {
                Some(doc) => {
                    let title = pack_title(doc.pack());
                    if doc.is_dirty() {
                        ui.label(RichText::new(format!("{title} • unsaved changes")).strong());
                    } else {
                        ui.label(format!("{title} — saved"));
                    }
                    ui.separator();
                    if let Some(cards) = self.validation.checking() {
                        // Until a big pack's check is in, its problem count is the last one. No
                        // spinner: it would redraw every frame while the thread works.
                        ui.label(format!(
                            "Checking {} cards…",
                            super::validation::grouped(cards)
                        ));
                        ui.separator();
                    }
                    let n = doc.problems().len();
                    let text = match n {
                        0 => "No problems".to_owned(),
                        1 => "⚠ 1 problem".to_owned(),
                        n => format!("⚠ {n} problems"),
                    };
                    if ui
                        .button(text)
                        .on_hover_text("Show the Problems panel")
                        .clicked()
                    {
                        commands.push(EditCommand::ShowTab(Tab::Problems));
                    }
                }
                None => match &self.opening {
                    Some(opening) => {
                        ui.label(format!("Opening {}…", opening.dir.display()));
                    }
                    None => {
                        ui.label("No pack open");
                    }
                },
            }
            if let Some(status) = &self.status {
                ui.separator();
                let color = match status.level {
                    Level::Info => ui.visuals().text_color(),
                    Level::Error => ui.visuals().error_fg_color,
                };
                ui.label(RichText::new(&status.text).color(color));
            }
        });
    }

    pub(super) fn modals(&mut self, ctx: &egui::Context, commands: &mut Vec<EditCommand>) {
        if let Some(offer) = &self.recovery_offer {
            egui::Modal::new(egui::Id::new("recovery")).show(ctx, |ui| {
                recovery_prompt(ui, offer, commands);
            });
        }
        if self.close_prompt {
            egui::Modal::new(egui::Id::new("close-prompt")).show(ctx, |ui| {
                ui.heading("Save changes before closing?");
                ui.label("The pack has unsaved changes.");
                ui.horizontal(|ui| {
                    if ui
                        .button("Save and close")
                        .on_hover_text("Save every changed file, then close")
                        .clicked()
                    {
                        commands.push(EditCommand::CloseAnswer(CloseAnswer::Save));
                    }
                    if ui
                        .button("Close without saving")
                        .on_hover_text("Lose the unsaved changes")
                        .clicked()
                    {
                        commands.push(EditCommand::CloseAnswer(CloseAnswer::Discard));
                    }
                    if ui.button("Cancel").on_hover_text("Keep editing").clicked() {
                        commands.push(EditCommand::CloseAnswer(CloseAnswer::Cancel));
                    }
                });
            });
        }
        self.conflict_modal(ctx, commands);
        self.outputs_ui(ctx, commands);
        crate::dialogs::fallback_ui(ctx);
        if self.show_help && help::ui(ctx, self.doc.is_some(), commands) {
            commands.push(EditCommand::ToggleHelp);
        }
    }
}

/// At most this many changes are listed per file (the rest are counted).
const CHANGES_SHOWN: usize = 30;

/// The restore prompt: each file it would restore, with its unsaved changes item by item,
/// readable before the user decides.
fn recovery_prompt(ui: &mut egui::Ui, offer: &RecoveryOffer, commands: &mut Vec<EditCommand>) {
    ui.set_max_width(720.0);
    ui.heading("Restore unsaved edits?");
    ui.label(format!(
        "The last session ended with unsaved changes in {} file(s). Restoring brings them back \
         as one step (Ctrl+Z takes it back); nothing is written until you save.",
        offer.files.len()
    ));
    ui.separator();
    egui::ScrollArea::vertical()
        .max_height(ui.ctx().content_rect().height() * 0.5)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for file in &offer.files {
                ui.label(RichText::new(&file.path).strong());
                for change in file.changes.iter().take(CHANGES_SHOWN) {
                    // The arrows in `→` words are ones egui's default fonts lack.
                    ui.label(format!("  • {}", displayable(change)));
                }
                if file.changes.len() > CHANGES_SHOWN {
                    ui.weak(format!(
                        "  … and {} more change(s)",
                        file.changes.len() - CHANGES_SHOWN
                    ));
                }
            }
        });
    ui.separator();
    ui.horizontal(|ui| {
        if ui
            .button("Restore")
            .on_hover_text("Bring these unsaved edits back (one undo step)")
            .clicked()
        {
            commands.push(EditCommand::RestoreRecovery);
        }
        if ui
            .button("Discard")
            .on_hover_text("Throw them away and open the pack as saved")
            .clicked()
        {
            commands.push(EditCommand::DiscardRecovery);
        }
    });
}

/// A panel's name in the View menu (its tab's title, without counts).
fn panel_name(panel: &Tab) -> &'static str {
    match panel {
        Tab::Library => "Library",
        Tab::Preview => "Preview",
        Tab::Sandbox => "Sandbox",
        Tab::Rules => "Rules",
        Tab::Balance => "Balance",
        Tab::Set => "Set",
        Tab::Decks => "Decks",
        Tab::Problems => "Problems",
        Tab::Log => "Log",
        _ => "Editor",
    }
}

/// What a panel shows, for the View menu's tooltip.
fn panel_tip(panel: &Tab) -> &'static str {
    match panel {
        Tab::Library => "Cards, keywords, scenarios and files of the pack, with search",
        Tab::Preview => "The card as it prints",
        Tab::Sandbox => "The battle sandbox: a scenario stepped through",
        Tab::Rules => "The rules sandbox: a game's scenario stepped through its script",
        Tab::Balance => "Balance lab: each card's effect on the odds",
        Tab::Set => "Set statistics: cost curve, stat spreads and counts",
        Tab::Decks => "Deck editor: a deck's cards, counts and curve",
        Tab::Problems => "What validation found",
        Tab::Log => "What the editor did",
        _ => "",
    }
}

fn menu_item(
    ui: &mut egui::Ui,
    label: &str,
    tip: &str,
    command: EditCommand,
    commands: &mut Vec<EditCommand>,
) {
    if ui.button(label).on_hover_text(tip).clicked() {
        commands.push(command);
        ui.close();
    }
}
