//! Outside edits: when files change on disk, each is read the way start-up reads it (same
//! loader, same problems) and merged item by item with the unsaved edits here (base = the text
//! last loaded). Items changed only on disk are taken and the sandbox re-runs with them; items
//! changed only here are kept; items changed on both sides wait in the conflict dialog. Save is
//! refused while a conflict waits, so nothing the user has not seen is overwritten.

use std::collections::{BTreeMap, BTreeSet};

use egui::RichText;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Content, PackFile, load_file};
use sigilforge_engine::ron_doc::parts::{Conflict, ItemKey, Side};

use super::app::SigilforgeApp;
use super::commands::EditCommand;
use super::conflict::PendingMerge;
use super::dock::{Tab, retarget_editor_tabs};
use super::document::{DiskChange, ItemAddr};
use super::panels::log::Level;

impl SigilforgeApp {
    /// Files changed on disk (relative paths): merges each into the document.
    pub(super) fn reload(&mut self, paths: &[String]) {
        let Some(doc) = &self.doc else { return };
        let root = doc.pack().root.clone();
        let schema = doc.pack().manifest.schema_version;
        let (mut changed, mut gone, mut new) = (Vec::new(), Vec::new(), Vec::new());
        for rel in paths {
            let on_disk = std::fs::read_to_string(root.join(rel)).ok();
            match (doc.pack().file(rel), on_disk) {
                // Our own save (or no change at all): nothing to do.
                (Some(f), Some(text)) if f.disk_text() == Some(text.as_str()) => {}
                (Some(_), Some(_)) => changed.push(rel.clone()),
                (Some(_), None) => gone.push(rel.clone()),
                (None, Some(_)) => new.push(rel.clone()),
                (None, None) => {}
            }
        }
        if changed.is_empty() && gone.is_empty() && new.is_empty() {
            return;
        }
        // A file read again replaces its waiting merge (the disk moved on; choices are made
        // against what the disk says now), so one file never waits twice.
        self.conflicts
            .retain(|p| !changed.contains(&p.path) && !gone.contains(&p.path));
        let mut report = Vec::new();
        // A file that went away while one with its exact text appeared was renamed.
        for old in std::mem::take(&mut gone) {
            let disk = self
                .doc
                .as_ref()
                .and_then(|d| d.pack().file(&old))
                .and_then(PackFile::disk_text)
                .map(str::to_owned);
            let renamed_to = new
                .iter()
                .position(|n| disk.is_some() && std::fs::read_to_string(root.join(n)).ok() == disk);
            match renamed_to {
                Some(i) => {
                    let to = new.remove(i);
                    self.rename_file(&old, &to);
                    report.push(format!("{old} was renamed to {to}"));
                }
                None => gone.push(old),
            }
        }
        for rel in gone {
            let dirty = self
                .doc
                .as_ref()
                .and_then(|d| d.pack().file(&rel))
                .is_some_and(PackFile::is_dirty);
            if dirty {
                self.conflicts.push(PendingMerge {
                    path: rel.clone(),
                    disk: None,
                    conflicts: vec![Conflict {
                        key: ItemKey::File,
                        mine: self
                            .doc
                            .as_ref()
                            .and_then(|d| d.pack().file(&rel))
                            .map(|f| f.source.clone()),
                        theirs: None,
                    }],
                    choices: BTreeMap::new(),
                    side_by_side: BTreeSet::new(),
                });
            } else {
                self.remove_file(&rel);
                report.push(format!("{rel} was deleted"));
            }
        }
        for rel in new {
            let mut diags = Diagnostics::new();
            if let Some(file) = load_file(&root, &rel, schema, &mut diags) {
                let added = DiskChange::Added {
                    file: Box::new(file),
                    problems: diags,
                };
                match self.apply_disk_change(added) {
                    Ok(_) => report.push(format!("{rel} was added")),
                    Err(e) => self.report(Level::Error, e.to_string()),
                }
            }
        }
        for rel in changed {
            let mut diags = Diagnostics::new();
            let Some(loaded) = load_file(&root, &rel, schema, &mut diags) else {
                continue;
            };
            let disk = (loaded.source.clone(), loaded.content.clone(), diags);
            if let Some(pending) = self.merge_file(&rel, disk, &BTreeMap::new()) {
                self.conflicts.push(pending);
            } else {
                report.push(format!("{rel} changed on disk"));
            }
        }
        self.after_reload();
        if !report.is_empty() {
            self.report(Level::Info, format!("Reloaded: {}", report.join("; ")));
        }
        if let Some(p) = self.conflicts.first() {
            let path = p.path.clone();
            self.report(
                Level::Error,
                format!("{path} changed on disk and here: choose what to keep"),
            );
        }
    }

    /// Merges one file; returns the conflicts that wait for the user, if any.
    fn merge_file(
        &mut self,
        rel: &str,
        disk: (String, Content, Diagnostics),
        choices: &BTreeMap<ItemKey, Side>,
    ) -> Option<PendingMerge> {
        let keys = tab_keys(self.doc.as_ref()?, rel);
        let merged = self.apply_disk_change(DiskChange::Merged {
            path: rel.to_owned(),
            text: disk.0.clone(),
            content: Box::new(disk.1.clone()),
            problems: disk.2.clone(),
            choices: choices.clone(),
        });
        match merged {
            Ok(merge) if !merge.conflicts.is_empty() => {
                return Some(PendingMerge {
                    path: rel.to_owned(),
                    disk: Some(disk),
                    conflicts: merge.conflicts,
                    choices: BTreeMap::new(),
                    side_by_side: BTreeSet::new(),
                });
            }
            Ok(_) => {}
            Err(e) => self.panels.log.push(Level::Error, e.to_string()),
        }
        self.retarget_tabs(&keys);
        None
    }

    /// Applies the choices of the first waiting conflict (every item must have one).
    pub(super) fn resolve_conflicts(&mut self) {
        if self.conflicts.is_empty() {
            return;
        }
        let pending = self.conflicts.remove(0);
        if pending
            .conflicts
            .iter()
            .any(|c| !pending.choices.contains_key(&c.key))
        {
            self.conflicts.insert(0, pending);
            self.report(
                Level::Error,
                "Choose mine or the file's for every item first".into(),
            );
            return;
        }
        match pending.disk {
            None => {
                if pending.choices.get(&ItemKey::File) == Some(&Side::Theirs) {
                    self.remove_file(&pending.path);
                    self.report(Level::Info, format!("{} removed, as on disk", pending.path));
                } else {
                    let kept = DiskChange::KeptDeleted {
                        path: pending.path.clone(),
                    };
                    match self.apply_disk_change(kept) {
                        Ok(_) => self.report(
                            Level::Info,
                            format!("Kept {}: saving writes it again", pending.path),
                        ),
                        Err(e) => self.report(Level::Error, e.to_string()),
                    }
                }
            }
            Some(disk) => {
                if let Some(again) = self.merge_file(&pending.path, disk, &pending.choices) {
                    // Should not happen: every conflict had a choice.
                    self.conflicts.insert(0, again);
                    return;
                }
                self.report(Level::Info, format!("Merged {}", pending.path));
            }
        }
        self.after_reload();
    }

    /// After files were re-read: validation and the autosave (the open sandboxes re-run at the
    /// next frame's start: the document's revision moved).
    fn after_reload(&mut self) {
        self.validate_now();
        self.autosave_pending = true;
    }

    fn remove_file(&mut self, rel: &str) {
        let removed = DiskChange::Removed {
            path: rel.to_owned(),
        };
        if let Err(e) = self.apply_disk_change(removed) {
            self.report(Level::Error, e.to_string());
        }
        self.close_file_tabs(rel);
        self.dock
            .retain_tabs(|t| !matches!(t, Tab::Editor(a) if a.file == rel));
    }

    fn rename_file(&mut self, from: &str, to: &str) {
        let renamed = DiskChange::Renamed {
            from: from.to_owned(),
            to: to.to_owned(),
        };
        if let Err(e) = self.apply_disk_change(renamed) {
            self.report(Level::Error, e.to_string());
            return;
        }
        for (_, tab) in self.dock.iter_all_tabs_mut() {
            match tab {
                Tab::Editor(a) if a.file == from => to.clone_into(&mut a.file),
                Tab::Tabletop(a) if a.file == from => to.clone_into(&mut a.file),
                Tab::Glyph(f) | Tab::Encounter(f) | Tab::Text(f) if f == from => {
                    to.clone_into(f);
                }
                _ => {}
            }
        }
    }

    /// Keeps each open card or keyword tab of `rel` on its item (by id) after a merge moved
    /// items (see [`retarget_editor_tabs`]).
    fn retarget_tabs(&mut self, keys: &[(ItemAddr, String)]) {
        if let Some(doc) = &self.doc {
            retarget_editor_tabs(&mut self.dock, doc, keys);
        }
    }

    /// The files waiting in the conflict dialog.
    #[must_use]
    pub fn pending_conflicts(&self) -> &[PendingMerge] {
        &self.conflicts
    }

    /// The conflict dialog: for each item changed on both sides, keep mine, take the file's,
    /// or see both side by side.
    pub(super) fn conflict_modal(&mut self, ctx: &egui::Context, commands: &mut Vec<EditCommand>) {
        let Some(pending) = self.conflicts.first_mut() else {
            return;
        };
        egui::Modal::new(egui::Id::new("merge-conflict")).show(ctx, |ui| {
            ui.set_max_width(900.0);
            ui.heading(format!("{} changed on disk and here", pending.path));
            ui.label("These items were changed both in the editor (unsaved) and in the file on disk. Choose which to keep for each; everything else was merged.");
            ui.separator();
            // Tall enough to read two items side by side (a scroll area in a modal otherwise
            // shrinks to its minimum as soon as it scrolls).
            let height = (ctx.content_rect().height() * 0.6).clamp(160.0, 600.0);
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| {
                for conflict in &pending.conflicts {
                    let key = conflict.key.clone();
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(key.describe()).strong());
                        let mut choice = pending.choices.get(&key).copied();
                        ui.selectable_value(&mut choice, Some(Side::Mine), "Keep mine")
                            .on_hover_text("Keep the unsaved edit made here");
                        ui.selectable_value(&mut choice, Some(Side::Theirs), "Take the file's")
                            .on_hover_text("Take what the file on disk says");
                        if let Some(c) = choice {
                            pending.choices.insert(key.clone(), c);
                        }
                        let mut both = pending.side_by_side.contains(&key);
                        if ui.toggle_value(&mut both, "See both side by side").changed() {
                            // The dialog grows and re-centres: lay it out again now, so the
                            // next click lands where the user sees the buttons (an idle editor
                            // would otherwise show the old layout until the next event).
                            ui.ctx().request_discard("conflict dialog resized");
                            if both {
                                pending.side_by_side.insert(key.clone());
                            } else {
                                pending.side_by_side.remove(&key);
                            }
                        }
                    });
                    if pending.side_by_side.contains(&key) {
                        ui.columns(2, |cols| {
                            item_text(&mut cols[0], "Here (unsaved)", conflict.mine.as_deref().unwrap_or("(deleted here)"));
                            item_text(&mut cols[1], "On disk", conflict.theirs.as_deref().unwrap_or("(deleted on disk)"));
                        });
                    }
                    ui.separator();
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Keep all mine").on_hover_text("Keep every unsaved edit here").clicked() {
                    for c in &pending.conflicts {
                        pending.choices.insert(c.key.clone(), Side::Mine);
                    }
                }
                if ui.button("Take all the file's").on_hover_text("Take the disk's version of every item above").clicked() {
                    for c in &pending.conflicts {
                        pending.choices.insert(c.key.clone(), Side::Theirs);
                    }
                }
                let ready = pending.conflicts.iter().all(|c| pending.choices.contains_key(&c.key));
                if ui
                    .add_enabled(ready, egui::Button::new("Apply"))
                    .on_hover_text("Merge with these choices")
                    .on_disabled_hover_text("Choose for every item first")
                    .clicked()
                {
                    commands.push(EditCommand::ResolveConflicts);
                }
            });
        });
    }
}

/// One side of a conflict: a heading and the item's text as code (leading spaces kept,
/// selectable for copying, not editable).
fn item_text(ui: &mut egui::Ui, heading: &str, text: &str) {
    ui.label(RichText::new(heading).strong());
    let mut shown = text;
    ui.add(
        egui::TextEdit::multiline(&mut shown)
            .code_editor()
            .desired_rows(1)
            .desired_width(f32::INFINITY),
    );
}

/// The open card and keyword tabs of a file, with the id of the item each shows.
fn tab_keys(doc: &super::document::Document, rel: &str) -> Vec<(ItemAddr, String)> {
    let mut out = Vec::new();
    if let Some(f) = doc.pack().file(rel) {
        match &f.content {
            Content::Cards(set) => {
                for (i, c) in set.cards.iter().enumerate() {
                    out.push((ItemAddr::card(rel, i), c.id.clone()));
                }
            }
            Content::Keywords(set) => {
                for (i, k) in set.keywords.iter().enumerate() {
                    out.push((ItemAddr::keyword(rel, i), k.name.clone()));
                }
            }
            _ => {}
        }
    }
    out
}
