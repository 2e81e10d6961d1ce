//! The text view: any file as text, with line numbers and its problems marked. Typing sends
//! `EditCommand::SetText`; the file is parsed again at once (a syntax error shows as a problem
//! while the typed text is kept), and undo steps back through text edits like any other edit.

use std::collections::BTreeMap;

use egui::text::{CCursor, CCursorRange, LayoutJob};
use egui::{Color32, FontId, RichText, TextFormat, Ui};
use sigilforge_engine::diag::Location;

use crate::shell::commands::EditCommand;
use crate::shell::document::Document;

/// Per-file state of the open text views.
#[derive(Default)]
pub struct TextViews {
    /// Where to put the cursor the next time a file's view is drawn.
    cursor_requests: BTreeMap<String, Location>,
}

impl TextViews {
    /// Puts the cursor of `file`'s view on `at` when it is next drawn.
    pub fn go_to(&mut self, file: &str, at: Location) {
        self.cursor_requests.insert(file.to_owned(), at);
    }

    /// Draws the text view of `file`.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, file: &str, commands: &mut Vec<EditCommand>) {
        let Some(pack_file) = doc.pack().file(file) else {
            ui.label(format!("{file} is not in the pack (any more)."));
            return;
        };
        let path = doc.pack().root.join(file);
        let problems: Vec<_> = doc
            .problems()
            .iter()
            .filter(|p| p.diagnostic.file == path)
            .collect();
        ui.horizontal(|ui| {
            ui.label(RichText::new(file).strong());
            if doc.is_file_dirty(file) {
                ui.label("• unsaved");
            }
            ui.separator();
            match problems.len() {
                0 => ui.label("No problems"),
                1 => ui.label(RichText::new("⚠ 1 problem").color(ui.visuals().error_fg_color)),
                n => ui.label(
                    RichText::new(format!("⚠ {n} problems")).color(ui.visuals().error_fg_color),
                ),
            };
        });
        for p in &problems {
            let d = &p.diagnostic;
            if ui
                .selectable_label(
                    false,
                    RichText::new(format!(
                        "{}:{}: {}",
                        d.location.line, d.location.column, d.message
                    ))
                    .color(ui.visuals().error_fg_color),
                )
                .on_hover_text("Put the cursor there")
                .clicked()
            {
                self.go_to(file, d.location);
            }
        }
        ui.separator();
        let problem_lines: Vec<usize> = problems
            .iter()
            .map(|p| p.diagnostic.location.line)
            .collect();
        let mut text = pack_file.source.clone();
        let line_count = text.lines().count().max(1) + usize::from(text.ends_with('\n'));
        let numbers: String = (1..=line_count)
            .map(|n| {
                let mark = if problem_lines.contains(&n) {
                    "⚠"
                } else {
                    " "
                };
                format!("{mark}{n:>4}")
            })
            .collect::<Vec<_>>()
            .join("\n");
        let id = ui.make_persistent_id(("text-view", file));
        let error_bg = ui.visuals().error_fg_color.gamma_multiply(0.25);
        let text_color = ui.visuals().text_color();
        let mut layouter = move |ui: &Ui, text: &dyn egui::TextBuffer, _wrap: f32| {
            let job = highlight(text.as_str(), &problem_lines, error_bg, text_color);
            ui.fonts_mut(|f| f.layout_job(job))
        };
        egui::ScrollArea::both()
            .id_salt(("text-view-scroll", file))
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    ui.label(RichText::new(numbers).monospace().weak());
                    let output = egui::TextEdit::multiline(&mut text)
                        .id(id)
                        .code_editor()
                        .desired_width(f32::INFINITY)
                        .layouter(&mut layouter)
                        .show(ui);
                    if let Some(at) = self.cursor_requests.remove(file) {
                        let mut state = output.state.clone();
                        let index = char_index(&text, at);
                        state
                            .cursor
                            .set_char_range(Some(CCursorRange::one(CCursor::new(index))));
                        state.store(ui.ctx(), id);
                        ui.memory_mut(|m| m.request_focus(id));
                        // Bring the cursor into view both ways: a problem at column 84 of a
                        // long one-line entry is off to the right.
                        let at_cursor = output
                            .galley
                            .pos_from_cursor(CCursor::new(index))
                            .translate(output.galley_pos.to_vec2());
                        ui.scroll_to_rect(at_cursor.expand(24.0), Some(egui::Align::Center));
                    }
                    if output.response.changed() && text != pack_file.source {
                        commands.push(EditCommand::SetText {
                            file: file.to_owned(),
                            text,
                        });
                    }
                });
            });
    }
}

/// The text as a layout job: monospace, lines with a problem on a red background.
fn highlight(text: &str, problem_lines: &[usize], error_bg: Color32, color: Color32) -> LayoutJob {
    let mut job = LayoutJob::default();
    job.wrap.max_width = f32::INFINITY;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let mut format = TextFormat::simple(FontId::monospace(13.0), color);
        if problem_lines.contains(&(i + 1)) {
            format.background = error_bg;
        }
        job.append(line, 0.0, format);
    }
    if text.is_empty() {
        job.append("", 0.0, TextFormat::simple(FontId::monospace(13.0), color));
    }
    job
}

/// The character index of a 1-based line and column.
fn char_index(text: &str, at: Location) -> usize {
    let mut index = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i + 1 == at.line {
            return index + at.column.saturating_sub(1).min(line.chars().count());
        }
        index += line.chars().count();
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_become_a_char_index() {
        let text = "ab\ncdé\nf";
        assert_eq!(char_index(text, Location { line: 1, column: 1 }), 0);
        assert_eq!(char_index(text, Location { line: 2, column: 3 }), 5);
        assert_eq!(char_index(text, Location { line: 3, column: 1 }), 7);
    }
}
