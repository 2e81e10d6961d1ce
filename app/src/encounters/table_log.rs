//! Table mode's file: "Save table log…" writes the session as a table log (the engine's
//! `TableLog`: the encounter's name and fingerprint, the seed, the GM's actions, and the log
//! lines for a reader), "Open table log…" rebuilds a session from one by replaying its actions
//! (the engine refuses a log of another encounter or one whose actions no longer fit, and
//! warns when the encounter changed since).

use std::path::Path;

use sigilforge_engine::encounter::{Encounter, EncounterContent, TableSession, table_log_text};

use super::board::log_line;
use super::table::TableMode;

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
        let Some((enc, content)) = source else {
            self.refusal = Some("No encounter to run".to_owned());
            return;
        };
        let opened = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|text| {
                TableSession::resume(content, enc, &text, path).map_err(|e| e.to_string())
            });
        match opened {
            Ok((session, warning)) => {
                let n = session.actions().len();
                self.controls.target = session
                    .run()
                    .current()
                    .map(|i| session.run().combatants[i].id.clone());
                self.session = Some(session);
                let opened = format!("Table log opened from {} ({n} actions)", path.display());
                self.saved = Some(match warning {
                    Some(w) => format!("{opened}. Warning: {w}"),
                    None => opened,
                });
            }
            Err(e) => self.refusal = Some(format!("Cannot open the table log: {e}")),
        }
    }
}
