//! The Problems panel: every problem; clicking one opens the item at the field, or the file
//! as text at the problem (its `Text` button always does).

use egui::{RichText, Ui};
use sigilforge_engine::diag::Severity;

use crate::shell::commands::EditCommand;
use crate::shell::document::Document;

/// Draws the problem list.
pub fn ui(ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
    if doc.problems().is_empty() {
        ui.label("No problems found. Every card and keyword checks out.");
        return;
    }
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, 20.0, doc.problems().len(), |ui, range| {
            for problem in &doc.problems()[range] {
                let d = &problem.diagnostic;
                let rel = d
                    .file
                    .strip_prefix(&doc.pack().root)
                    .unwrap_or(&d.file)
                    .display()
                    .to_string();
                let (icon, color) = match d.severity {
                    Severity::Error => ("⛔", ui.visuals().error_fg_color),
                    Severity::Warning => ("⚠", ui.visuals().warn_fg_color),
                };
                let text = format!(
                    "{icon} {}   {rel}:{}:{}",
                    d.message, d.location.line, d.location.column
                );
                ui.horizontal(|ui| {
                    if ui
                        .small_button("Text")
                        .on_hover_text("Open the file as text at this problem")
                        .clicked()
                    {
                        commands.push(EditCommand::OpenText {
                            file: rel.replace('\\', "/"),
                            at: Some(d.location),
                        });
                    }
                    let response = ui
                        .selectable_label(false, RichText::new(text).color(color))
                        .on_hover_text(if problem.item.is_some() {
                            "Click to open the item this problem is about"
                        } else {
                            "Click to open the file as text at this problem"
                        });
                    if response.clicked() {
                        commands.push(match &problem.item {
                            Some(addr) => EditCommand::Open {
                                addr: addr.clone(),
                                field: problem.field.clone(),
                            },
                            None => EditCommand::OpenText {
                                file: rel.replace('\\', "/"),
                                at: Some(d.location),
                            },
                        });
                    }
                });
            }
        });
}
