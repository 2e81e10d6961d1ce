//! The app's own file work, apart from `apply`: the file dialogs it asks (open pack, save as,
//! new pack, the encounter sheet, the folder the Balance panel compares with) and what their
//! answers do, saving (refused while a conflict
//! waits or a file changed on disk), save as, a new pack, the recovery restore, and the answer
//! to "save before closing?".

use std::path::Path;

use sigilforge_engine::model::PackManifest;
use sigilforge_engine::pack::{Pack, SaveError};

use super::app::SigilforgeApp;
use super::commands::{BalanceCommand, CloseAnswer, EditCommand};
use super::document::Change;
use super::panels::log::Level;
use super::recovery;
use crate::dialogs::PathRequest;

/// Dialog ids of the app's own file dialogs.
pub(super) const OPEN_PACK: &str = "dialog-open-pack";
pub(super) const SAVE_AS: &str = "dialog-save-as";
pub(super) const NEW_PACK: &str = "dialog-new-pack";
/// Dialog id of the folder the Balance panel compares with.
pub(super) const COMPARE_FOLDER: &str = "dialog-balance-compare-folder";
/// Dialog id of the encounter sheet export.
pub(super) const EXPORT_SHEET: &str = "dialog-export-sheet";

impl SigilforgeApp {
    /// Opens a file dialog whose answer [`SigilforgeApp::take_dialog_answers`] acts on.
    pub(super) fn ask_path(&mut self, id: &str, request: PathRequest) {
        match &self.ctx {
            Some(ctx) => crate::dialogs::open(ctx, egui::Id::new(id), request),
            None => self.report(
                Level::Error,
                "The window is not ready for a dialog yet".into(),
            ),
        }
    }

    /// Acts on paths picked in the app's own dialogs (open pack, save as, new pack).
    pub(super) fn take_dialog_answers(&mut self, ctx: &egui::Context) {
        if let Some(dir) = crate::dialogs::take(ctx, egui::Id::new(OPEN_PACK)) {
            self.apply(EditCommand::OpenPack(dir));
        }
        if let Some(dir) = crate::dialogs::take(ctx, egui::Id::new(SAVE_AS)) {
            self.save_into(&dir);
        }
        if let Some(dir) = crate::dialogs::take(ctx, egui::Id::new(NEW_PACK)) {
            self.create_pack(&dir);
        }
        if let Some(dir) = crate::dialogs::take(ctx, egui::Id::new(COMPARE_FOLDER)) {
            let against = sigilforge_engine::balance::baseline::Against::Folder(dir);
            self.apply(EditCommand::Balance(BalanceCommand::Compare(Some(against))));
        }
        if let Some(path) = crate::dialogs::take(ctx, egui::Id::new(EXPORT_SHEET)) {
            self.write_sheet_to(&path);
        }
        self.take_output_answers(ctx);
    }

    /// Saves every changed file. Returns whether it worked.
    pub(super) fn save(&mut self) -> bool {
        if let Some(p) = self.conflicts.first() {
            let path = p.path.clone();
            self.report(
                Level::Error,
                format!("Not saved: {path} changed on disk too; choose what to keep first"),
            );
            return false;
        }
        let Some(saved) = self.save_document() else {
            return false;
        };
        match saved {
            Ok(written) => {
                if let Some(a) = &self.settings.autosave {
                    recovery::remove(&a.path);
                }
                self.autosave_pending = false;
                if !written.is_empty() {
                    self.panels.hosted.forget_comparisons();
                }
                let text = if written.is_empty() {
                    "Nothing to save: everything is already on disk".to_owned()
                } else {
                    format!("Saved {}", written.join(", "))
                };
                self.report(Level::Info, text);
                true
            }
            Err(SaveError::ChangedOnDisk { path }) => {
                self.report(
                    Level::Error,
                    format!("Not saved: {path} changed on disk since it was loaded. Merging it first; save again after."),
                );
                self.reload(&[path]);
                false
            }
            Err(e) => {
                self.report(Level::Error, format!("Save failed, nothing was lost: {e}"));
                false
            }
        }
    }

    pub(super) fn save_as(&mut self) {
        if self.doc.is_none() {
            return;
        }
        self.ask_path(SAVE_AS, PathRequest::folder("Save the pack into a folder"));
    }

    /// Saves the whole pack into `dir` and keeps editing it there.
    pub fn save_into(&mut self, dir: &Path) {
        let Some(saved) = self.save_document_as(dir) else {
            return;
        };
        match saved {
            Ok(written) => {
                if let Some(a) = &mut self.settings.autosave {
                    recovery::remove(&a.path);
                    a.path = dir.join(recovery::RECOVERY_FILE);
                }
                self.report(
                    Level::Info,
                    format!("Saved {} files into {}", written.len(), dir.display()),
                );
            }
            Err(e) => self.report(Level::Error, format!("Save as failed: {e}")),
        }
    }

    pub(super) fn new_pack_dialog(&mut self) {
        if self.is_dirty() {
            self.report(
                Level::Error,
                "Save or undo your changes before starting a new pack".into(),
            );
            return;
        }
        self.ask_path(
            NEW_PACK,
            PathRequest::folder("Pick an empty folder for the new pack"),
        );
    }

    pub(super) fn create_pack(&mut self, dir: &Path) {
        let dir = dir.to_owned();
        let name = dir
            .file_name()
            .map_or_else(|| "pack".to_owned(), |n| n.to_string_lossy().into_owned());
        let mut pack = Pack::new(&dir, PackManifest::new(&name, &name));
        match pack.save() {
            Ok(_) => self.open_dir(&dir),
            Err(e) => self.report(Level::Error, format!("Cannot create the pack: {e}")),
        }
    }

    /// Brings the last session's unsaved edits back as one undo step through [`Self::edit`]:
    /// item edits per file (worked out against the pack as it is now), a new file created.
    /// They stay unsaved; one Ctrl+Z takes the whole restore back.
    pub(super) fn restore_recovery(&mut self) {
        let Some(offer) = self.recovery_offer.take() else {
            return;
        };
        let Some(doc) = &self.doc else { return };
        let changes: Vec<Change> = offer
            .snapshot
            .changes_against(doc.pack())
            .into_iter()
            .map(|f| f.change)
            .collect();
        let n = changes.len();
        if self.edit("Restore unsaved edits".into(), changes, None) {
            self.report(
                Level::Info,
                format!("Restored unsaved edits in {n} file(s); Ctrl+Z takes them back"),
            );
        }
    }

    pub(super) fn close_answer(&mut self, answer: CloseAnswer) {
        self.close_prompt = false;
        match answer {
            CloseAnswer::Save => {
                if self.save() {
                    self.allow_close = true;
                    self.close_now = true;
                }
            }
            CloseAnswer::Discard => {
                if let Some(a) = &self.settings.autosave {
                    recovery::remove(&a.path);
                }
                self.allow_close = true;
                self.close_now = true;
            }
            CloseAnswer::Cancel => {}
        }
    }
}
