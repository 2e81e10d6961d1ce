//! Table mode's file: "Save table log…" writes the session as a table log (the engine's
//! `TableLog`: the encounter's name and fingerprint, the seed, the GM's actions, and the log
//! lines for a reader), "Open table log…" rebuilds a session from one by replaying its actions
//! on the encounter as it is now (issue #32, item 7): it resumes after edits that do not
//! contradict it, with a note when the encounter changed since; a log of another encounter is
//! refused, and one whose action no longer fits is refused naming that action, with a button
//! to open it up to the action before.

use std::path::Path;

use egui::Ui;
use sigilforge_engine::encounter::{
    Encounter, EncounterContent, TableLogError, TableSession, table_log_text,
};

use super::board::log_line;
use super::table::{TableCommand, TableMode};

/// How the log was opened: all of it, or up to the first action that no longer fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    All,
    UpToRefusal,
}

impl TableMode {
    /// Writes the session as a table log to `path`, saying where or why not.
    pub(super) fn save_log(&mut self, path: &Path) {
        let Some(session) = &self.session else {
            return;
        };
        let run = session.run();
        let written = session
            .to_log(|entry| log_line(run, entry))
            .map_err(anyhow::Error::from)
            .and_then(|log| table_log_text(&log).map_err(anyhow::Error::from))
            .and_then(|text| {
                sigilforge_engine::atomic::write_atomic(path, &text).map_err(anyhow::Error::from)
            });
        self.saved = Some(match written {
            Ok(_) => format!("Table log written to {}", path.display()),
            Err(e) => format!("Cannot write {}: {e}", path.display()),
        });
    }

    /// Opens a table log: the session it rebuilds replaces this one; a log that cannot be
    /// opened leaves the session as it was and says why.
    pub(super) fn open_log(
        &mut self,
        path: &Path,
        source: Option<(&Encounter, &EncounterContent)>,
    ) {
        self.open_log_reaching(path, source, Reach::All);
    }

    /// Opens a table log up to the action before the first one the encounter as it is now
    /// refuses (what the offer after a refusal does).
    pub(super) fn open_log_up_to(
        &mut self,
        path: &Path,
        source: Option<(&Encounter, &EncounterContent)>,
    ) {
        self.open_log_reaching(path, source, Reach::UpToRefusal);
    }

    fn open_log_reaching(
        &mut self,
        path: &Path,
        source: Option<(&Encounter, &EncounterContent)>,
        reach: Reach,
    ) {
        self.resume_offer = None;
        let Some((enc, content)) = source else {
            self.refusal = Some("No encounter to run".to_owned());
            return;
        };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                self.refusal = Some(format!(
                    "Cannot open the table log: cannot read {}: {e}",
                    path.display()
                ));
                return;
            }
        };
        let opened = match reach {
            Reach::All => TableSession::resume(content, enc, &text, path),
            Reach::UpToRefusal => TableSession::resume_up_to_refusal(content, enc, &text, path),
        };
        match opened {
            Ok((session, note)) => {
                let n = session.actions().len();
                self.controls.target = session
                    .run()
                    .current()
                    .map(|i| session.run().combatants[i].id.clone());
                self.session = Some(session);
                self.refusal = None;
                let opened = format!("Table log opened from {} ({n} actions)", path.display());
                // An edit since the log was saved is a note, not a refusal: the log fitted.
                self.saved = Some(match note {
                    Some(note) => format!("{opened}. Note: {note}"),
                    None => opened,
                });
            }
            Err(e) => {
                if let TableLogError::Replay { number, .. } = &e {
                    self.resume_offer = Some((path.to_owned(), *number));
                }
                self.refusal = Some(format!("Cannot open the table log: {e}"));
            }
        }
    }

    /// After a log was refused for an action that no longer fits: the button that opens it up
    /// to the action before.
    pub(super) fn resume_offer_ui(&self, ui: &mut Ui, commands: &mut Vec<TableCommand>) {
        let Some((path, number)) = &self.resume_offer else {
            return;
        };
        let kept = number.saturating_sub(1);
        if ui
            .button(format!("Open up to action {kept}"))
            .on_hover_text(format!(
                "Open the table log with its first {kept} actions, the ones that still fit the encounter as it is now"
            ))
            .clicked()
        {
            commands.push(TableCommand::OpenLogUpTo(path.clone()));
        }
    }
}
