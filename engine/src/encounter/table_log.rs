//! A table session saved and opened again: the file (`TableLog(...)`, RON) names the
//! encounter, a fingerprint of it and everything it draws on, the seed and the GM's actions
//! (typed Scores included), with the log as text for a reader. Opening it replays the actions
//! from the same seed, so it rebuilds the same state it had. A log of another encounter is
//! refused. A log of this encounter edited since (a goblin moved one cell) is replayed on the
//! encounter as it is now and resumes when every action still applies, with a note that the
//! encounter changed (issue #32, item 7); when one no longer fits it is refused, naming that
//! action (its number and words) and why, and [`TableSession::resume_up_to_refusal`] opens it
//! up to the action before.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::archive::FingerprintError;

use super::file::{Encounter, EncounterContent};
use super::run::EncounterError;
use super::table::{TableAction, TableError, TableSession};

/// The RON tag of a table log file.
pub const TABLE_LOG_TAG: &str = "TableLog";

/// A saved table session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableLog {
    /// The encounter's name.
    pub encounter: String,
    /// The fingerprint of the encounter and its content when the log was saved.
    pub fingerprint: String,
    /// The session's dice seed.
    pub seed: u64,
    /// The GM's actions, oldest first.
    pub actions: Vec<TableAction>,
    /// The session's log, one line per entry: for a reader, not read back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<String>,
}

/// Why a table log cannot be opened (the session at the table is left as it was).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableLogError {
    /// The file is not a table log (`file:line:column: what`).
    #[error("{0}")]
    Read(String),
    /// The log is of another encounter.
    #[error("this table log is of the encounter \"{log}\", not \"{this}\"")]
    OtherEncounter {
        /// The encounter the log names.
        log: String,
        /// The encounter open.
        this: String,
    },
    /// The encounter as it is now cannot be fingerprinted (to say whether it changed).
    #[error(transparent)]
    Fingerprint(#[from] FingerprintError),
    /// The encounter cannot start.
    #[error("the encounter cannot start: {0}")]
    Start(#[from] EncounterError),
    /// An action of the log is refused by the encounter as it is now.
    #[error("action {number} of the log ({action}) is refused now: {reason}")]
    Replay {
        /// Its number, from 1.
        number: usize,
        /// The action in words.
        action: String,
        /// The engine's refusal.
        reason: TableError,
    },
}

/// The fingerprint of an encounter and everything it draws on (stat blocks, abilities,
/// statuses, the dice rule): two equal fingerprints play the same.
pub fn encounter_fingerprint(
    content: &EncounterContent,
    encounter: &Encounter,
) -> Result<String, FingerprintError> {
    let parts = (
        encounter,
        &content.abilities,
        &content.creatures,
        &content.conditions,
        &content.dice,
    );
    crate::archive::fingerprint_of(&parts)
}

impl TableSession {
    /// The session as a table log, its lines written by `line` (the app's log line).
    pub fn to_log(
        &self,
        line: impl Fn(&super::state::LogEntry) -> String,
    ) -> Result<TableLog, FingerprintError> {
        let start = self.start();
        Ok(TableLog {
            encounter: start.encounter.name.clone(),
            fingerprint: encounter_fingerprint(&start.content, &start.encounter)?,
            seed: start.seed,
            actions: self.actions().to_vec(),
            log: self.run().log().iter().map(line).collect(),
        })
    }

    /// Opens a table log saved from `encounter`: replays its actions from its seed on the
    /// encounter as it is now. Returns the session and, when the encounter or its content
    /// changed since, a note saying so ([`CHANGED_NOTE`]).
    ///
    /// # Errors
    /// Not a table log, a log of another encounter, an encounter that cannot start, or an
    /// action the encounter as it is now refuses (its number, words and the reason).
    pub fn resume(
        content: &EncounterContent,
        encounter: &Encounter,
        text: &str,
        file: &Path,
    ) -> Result<(Self, Option<String>), TableLogError> {
        let (log, session) = Self::replay_log(content, encounter, text, file)?;
        if let Some((number, action, reason)) = session.refusal() {
            return Err(TableLogError::Replay {
                number,
                action,
                reason,
            });
        }
        Ok((session, changed_note(content, encounter, &log)?))
    }

    /// Opens a table log up to the first action the encounter as it is now refuses (that one
    /// and those after it are left out; all of it when none is refused), with the note of
    /// [`TableSession::resume`]: what the GM asks for after a refusal.
    ///
    /// # Errors
    /// As [`TableSession::resume`], except a refused action.
    pub fn resume_up_to_refusal(
        content: &EncounterContent,
        encounter: &Encounter,
        text: &str,
        file: &Path,
    ) -> Result<(Self, Option<String>), TableLogError> {
        let (log, session) = Self::replay_log(content, encounter, text, file)?;
        let note = changed_note(content, encounter, &log)?;
        if session.refusal().is_none() {
            return Ok((session, note));
        }
        // The refused action and those after it go: the session holds only what was applied.
        let kept = session.actions().to_vec();
        Ok((Self::replaying(content, encounter, log.seed, kept)?, note))
    }

    /// The log read and its actions replayed as far as they go.
    fn replay_log(
        content: &EncounterContent,
        encounter: &Encounter,
        text: &str,
        file: &Path,
    ) -> Result<(TableLog, Self), TableLogError> {
        let log: TableLog = crate::ron_io::parse_one(text, file)
            .map_err(|first| TableLogError::Read(first.to_string()))?;
        if log.encounter != encounter.name {
            return Err(TableLogError::OtherEncounter {
                log: log.encounter,
                this: encounter.name.clone(),
            });
        }
        let session = Self::replaying(content, encounter, log.seed, log.actions.clone())?;
        Ok((log, session))
    }
}

/// The note of a log opened on an encounter edited since it was saved.
pub const CHANGED_NOTE: &str = "the encounter changed since this log was saved (its stat blocks, \
abilities or statuses included): its actions were replayed on the encounter as it is now";

fn changed_note(
    content: &EncounterContent,
    encounter: &Encounter,
    log: &TableLog,
) -> Result<Option<String>, FingerprintError> {
    let changed = log.fingerprint != encounter_fingerprint(content, encounter)?;
    Ok(changed.then(|| CHANGED_NOTE.to_owned()))
}

/// The table log as its file's text.
pub fn table_log_text(log: &TableLog) -> Result<String, ron::Error> {
    crate::ron_io::to_canonical(TABLE_LOG_TAG, log)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::encounter::fixtures::goblin_ambush as ambush;

    fn played(content: &EncounterContent, enc: &Encounter) -> TableSession {
        let mut s = TableSession::new(content, enc, 11).unwrap();
        for action in [
            TableAction::Move { to: (8, 2) },
            TableAction::EndTurn,
            TableAction::Damage {
                target: "goblin_2".into(),
                amount: 2,
                kind: Some("Fire".into()),
            },
            TableAction::EndTurn,
            TableAction::EndTurn,
            TableAction::UseAbility {
                ability: "elemental_blast".into(),
                targets: vec!["skeleton".into()],
                shape: None,
                score: Some(13),
            },
            TableAction::UseAbility {
                ability: "elemental_blast".into(),
                targets: vec!["skeleton".into()],
                shape: None,
                score: None,
            },
        ] {
            s.apply(action).unwrap();
        }
        s
    }

    fn file() -> &'static Path {
        Path::new("ambush table log.ron")
    }

    #[test]
    fn a_saved_log_opens_to_the_same_state_and_log() {
        let (content, enc) = ambush();
        let s = played(&content, &enc);
        let text = table_log_text(&s.to_log(|e| e.text.clone()).unwrap()).unwrap();
        assert!(text.starts_with("TableLog("), "{text}");
        assert!(text.contains("score: Some(13)"), "{text}");
        let (opened, warning) = TableSession::resume(&content, &enc, &text, file()).unwrap();
        assert_eq!(warning, None);
        assert_eq!(opened.run().state(), s.run().state());
        assert_eq!(opened.run().log(), s.run().log());
        assert_eq!(opened.actions(), s.actions());
    }

    #[test]
    fn a_log_of_another_encounter_is_refused() {
        let (content, enc) = ambush();
        let text =
            table_log_text(&played(&content, &enc).to_log(|e| e.text.clone()).unwrap()).unwrap();
        let mut other = enc.clone();
        other.name = "Hag's Hut".into();
        assert_eq!(
            TableSession::resume(&content, &other, &text, file()).unwrap_err(),
            TableLogError::OtherEncounter {
                log: "Goblin Ambush".into(),
                this: "Hag's Hut".into(),
            }
        );
    }

    #[test]
    fn a_changed_encounter_is_replayed_with_a_warning_or_refused_with_the_reason() {
        let (content, enc) = ambush();
        let text =
            table_log_text(&played(&content, &enc).to_log(|e| e.text.clone()).unwrap()).unwrap();
        // More health for the skeleton: the log still fits, with a warning.
        let mut tougher = content.clone();
        tougher.creatures.get_mut("skeleton").unwrap().health += 5;
        let (_, warning) = TableSession::resume(&tougher, &enc, &text, file()).unwrap();
        assert_eq!(warning.as_deref(), Some(CHANGED_NOTE));
        // A wall where goblin_1 moved: its move is refused now.
        let mut walled = enc.clone();
        walled.map.blocking.push((8, 2));
        let err = TableSession::resume(&content, &walled, &text, file()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "action 1 of the log (The GM moves the acting creature to x 8, y 2) is refused now: \
             goblin_1 cannot move: x 8, y 2 is off the map or blocked"
        );
    }

    /// Issue #32, item 7: a log opens after an edit that does not contradict it — the archer,
    /// who never acted, one cell further — with the note, and plays as before.
    #[test]
    fn a_log_resumes_after_moving_a_creature_that_did_not_act() {
        let (content, enc) = ambush();
        let s = played(&content, &enc);
        let text = table_log_text(&s.to_log(|e| e.text.clone()).unwrap()).unwrap();
        let mut moved = enc.clone();
        let archer = moved
            .combatants
            .iter_mut()
            .find(|c| c.id == "archer")
            .unwrap();
        assert_eq!(archer.position, (12, 8));
        archer.position = (13, 8);
        let (opened, note) = TableSession::resume(&content, &moved, &text, file()).unwrap();
        assert_eq!(note.as_deref(), Some(CHANGED_NOTE));
        assert_eq!(opened.actions(), s.actions());
        assert_eq!(opened.run().log().len(), s.run().log().len());
        assert_eq!(
            opened.run().combatant("skeleton").unwrap().health,
            s.run().combatant("skeleton").unwrap().health
        );
        assert_eq!(opened.run().combatant("archer").unwrap().position, (13, 8));
    }

    /// Removing a creature that acted: the action that no longer fits is named (number, words,
    /// why), and the log opens up to the action before it on request.
    #[test]
    fn removing_a_creature_that_acted_names_the_action_and_opens_up_to_it() {
        let (content, enc) = ambush();
        let s = played(&content, &enc);
        let text = table_log_text(&s.to_log(|e| e.text.clone()).unwrap()).unwrap();
        let mut without = enc.clone();
        without.combatants.retain(|c| c.id != "goblin_2");
        without.turn_order.retain(|id| id != "goblin_2");
        let err = TableSession::resume(&content, &without, &text, file()).unwrap_err();
        let TableLogError::Replay { number, action, .. } = &err else {
            panic!("{err:?}");
        };
        assert_eq!(*number, 3, "{err}");
        assert_eq!(action, &s.actions()[2].describe(), "{err}");
        assert!(
            err.to_string().starts_with("action 3 of the log ("),
            "{err}"
        );
        let (opened, note) =
            TableSession::resume_up_to_refusal(&content, &without, &text, file()).unwrap();
        assert_eq!(note.as_deref(), Some(CHANGED_NOTE));
        assert_eq!(opened.actions(), &s.actions()[..2]);
    }

    #[test]
    fn bad_ron_is_refused_with_its_line_and_column() {
        let (content, enc) = ambush();
        let text = "TableLog(\n  encounter: \"Goblin Ambush\",\n  seed: \"x\",\n)";
        let err = TableSession::resume(&content, &enc, text, file()).unwrap_err();
        let TableLogError::Read(message) = &err else {
            panic!("{err:?}");
        };
        assert!(message.starts_with("ambush table log.ron:3:"), "{message}");
        for text in ["", "TableLog(", "(((((((", "TableLog(encounter: 1)"] {
            assert!(TableSession::resume(&content, &enc, text, file()).is_err());
        }
    }
}
