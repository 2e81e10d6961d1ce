//! The log: what the editor did (saves, reloads, errors), newest last.

use egui::{RichText, Ui};

/// How bad a log line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Something happened.
    Info,
    /// Something failed; the user was told.
    Error,
}

/// The log lines.
#[derive(Debug, Default)]
pub struct Log {
    lines: Vec<(Level, String)>,
}

/// At most this many lines are kept.
const MAX_LINES: usize = 2_000;

impl Log {
    /// Adds a line.
    pub fn push(&mut self, level: Level, text: impl Into<String>) {
        self.lines.push((level, text.into()));
        if self.lines.len() > MAX_LINES {
            self.lines.remove(0);
        }
    }

    /// The newest line, if any.
    #[must_use]
    pub fn last(&self) -> Option<&(Level, String)> {
        self.lines.last()
    }

    /// Every line, oldest first.
    #[must_use]
    pub fn lines(&self) -> &[(Level, String)] {
        &self.lines
    }
}

/// Draws the log.
pub fn ui(ui: &mut Ui, log: &Log) {
    if log.lines.is_empty() {
        ui.weak("Nothing has happened yet. Saves, reloads and errors are listed here.");
        return;
    }
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show_rows(ui, 18.0, log.lines.len(), |ui, range| {
            for (level, text) in &log.lines[range] {
                match level {
                    Level::Info => ui.label(text),
                    Level::Error => {
                        ui.label(RichText::new(text).color(ui.visuals().error_fg_color))
                    }
                };
            }
        });
}
