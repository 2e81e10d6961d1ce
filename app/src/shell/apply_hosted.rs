//! `SigilforgeApp`'s side of the hosted tabs and the battle sandbox: glyph network and
//! encounter edits applied as item-level changes, new files created, tabs opened, and the
//! battle sandbox's commands (building a battle is an edit of its scenario file).

use std::path::Path;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::Content;

use super::app::SigilforgeApp;
use super::apply_files::EXPORT_SHEET;
use super::document::Change;
use super::hosted::{ENCOUNTER_DIR, GLYPH_DIR, STARTER_ENCOUNTER, content_for, load_saved, title};
use super::panels::log::Level;
use super::tab::Tab;
use crate::cards::sandbox::{empty_scenario, scenario_in};
use crate::dialogs::PathRequest;
use crate::encounters::{
    EncounterEdit, EncounterEditor, EncounterSandboxCommand, apply_encounter_edit,
};
use crate::glyphs::{GlyphEdit, apply_glyph_edit, new_network};
use crate::sandbox::battle::BattleCommand;

impl SigilforgeApp {
    /// Every open tab's title, as the dock shows it.
    #[must_use]
    pub fn tab_titles(&self) -> Vec<String> {
        self.dock
            .iter_all_tabs()
            .map(|(_, tab)| super::dock::tab_title(self.doc.as_ref(), tab))
            .collect()
    }

    /// The titles of the open glyph network and encounter tabs, as the dock shows them.
    #[must_use]
    pub fn hosted_tab_titles(&self) -> Vec<String> {
        let Some(doc) = &self.doc else {
            return Vec::new();
        };
        self.dock
            .iter_all_tabs()
            .filter_map(|(_, tab)| match tab {
                Tab::Glyph(file) | Tab::Encounter(file) => Some(title(doc, file)),
                _ => None,
            })
            .collect()
    }

    /// An encounter tab's editor (made on first use), to read its sandbox and A/B.
    pub fn hosted_encounter_editor(&mut self, file: &str) -> &mut EncounterEditor {
        self.panels.hosted.encounter_editor(file)
    }

    /// What an encounter tab's sandbox asked for; "Compare with saved" gets the file as saved
    /// on disk, read on the comparison's thread.
    pub(super) fn apply_encounter_sandbox(
        &mut self,
        file: &str,
        command: &EncounterSandboxCommand,
    ) {
        let saved = self.doc.as_ref().map(|doc| doc.pack().root.join(file));
        let editor = self.panels.hosted.encounter_editor(file);
        match (command, saved) {
            (EncounterSandboxCommand::CompareWithSaved, Some(path)) => {
                editor.compare_with(Box::new(move || load_saved(&path)));
            }
            _ => editor.apply_sandbox(command),
        }
    }

    /// Applies an edit from a glyph network tab as one whole-file change.
    pub(super) fn apply_glyph(&mut self, file: &str, edit: &GlyphEdit) {
        let Some(before) = self.file_content(file) else {
            return;
        };
        let Content::GlyphNetwork(mut net) = before.clone() else {
            return;
        };
        match apply_glyph_edit(&mut net, edit) {
            Ok(()) => {
                self.panels.hosted.glyph_editor(file).set_refusal(None);
                // A field of an ability typed into: one step per field, as in every form.
                let merge = edit
                    .merge_key()
                    .map(|key| (super::document::ItemAddr::card(file, usize::MAX), key));
                self.replace_file_merging(
                    edit.label(),
                    file,
                    &before,
                    &Content::GlyphNetwork(net),
                    merge,
                );
            }
            Err(reason) => {
                self.panels
                    .hosted
                    .glyph_editor(file)
                    .set_refusal(Some(reason.to_string()));
                self.report(Level::Error, format!("{file}: {reason}"));
            }
        }
    }

    /// Applies an edit from an encounter tab as one whole-file change.
    pub(super) fn apply_encounter(&mut self, file: &str, edit: &EncounterEdit) {
        let Some(before) = self.file_content(file) else {
            return;
        };
        let Content::Encounter(mut enc) = before.clone() else {
            return;
        };
        let result = match &self.doc {
            Some(doc) => {
                self.panels.hosted.forget_stale_contents(doc);
                let content = content_for(&mut self.panels.hosted.contents, doc, file, &enc);
                apply_encounter_edit(&mut enc, content, edit)
            }
            None => return,
        };
        match result {
            Ok(()) => {
                self.panels.hosted.encounter_editor(file).set_refusal(None);
                self.replace_file(edit.describe(), file, &before, &Content::Encounter(enc));
            }
            Err(reason) => {
                self.panels
                    .hosted
                    .encounter_editor(file)
                    .set_refusal(Some(reason.to_string()));
                self.report(Level::Error, format!("{file}: {reason}"));
            }
        }
    }

    /// Opens (or shows) the tab of a glyph network or encounter file.
    pub(super) fn open_file(&mut self, file: &str) {
        let tab = match self.file_content(file) {
            Some(Content::GlyphNetwork(_)) => Tab::Glyph(file.to_owned()),
            Some(Content::Encounter(_)) => Tab::Encounter(file.to_owned()),
            _ => {
                self.report(
                    Level::Error,
                    format!("{file} is not a glyph network or an encounter"),
                );
                return;
            }
        };
        self.show_in_editor_area(tab);
    }

    /// Adds a new glyph network (`glyphs/network.ron`, …) and opens it.
    pub(super) fn new_glyph_network(&mut self) {
        let Some(path) = self.free_path(GLYPH_DIR, "network") else {
            return;
        };
        self.create_and_open(&path, Content::GlyphNetwork(new_network("New network")));
    }

    /// Adds a new encounter (`encounters/encounter.ron`, …) with two starter creatures and opens it.
    pub(super) fn new_encounter(&mut self) {
        let Some(path) = self.free_path(ENCOUNTER_DIR, "encounter") else {
            return;
        };
        let Some(root) = self.doc.as_ref().map(|d| d.pack().root.clone()) else {
            return;
        };
        let mut diags = Diagnostics::new();
        let content = Content::parse(STARTER_ENCOUNTER, &root.join(&path), &mut diags);
        if !matches!(content, Content::Encounter(_)) {
            self.report(
                Level::Error,
                "could not make the starter encounter".to_owned(),
            );
            return;
        }
        self.create_and_open(&path, content);
    }

    fn create_and_open(&mut self, path: &str, content: Content) {
        let label = match &content {
            Content::GlyphNetwork(_) => "New glyph network",
            _ => "New encounter",
        };
        self.edit(
            label.to_owned(),
            vec![Change::CreateFile {
                path: path.to_owned(),
                content,
            }],
            None,
        );
        self.open_file(path);
    }

    /// `dir/base.ron`, or `dir/base-2.ron`, … whichever the pack does not have yet (`dir`
    /// empty: the pack's top folder).
    pub(super) fn free_path(&mut self, dir: &str, base: &str) -> Option<String> {
        let Some(doc) = &self.doc else {
            self.report(Level::Error, "Open or create a pack first".into());
            return None;
        };
        let at = |name: String| {
            if dir.is_empty() {
                name
            } else {
                format!("{dir}/{name}")
            }
        };
        let mut path = at(format!("{base}.ron"));
        let mut n = 2;
        while doc.pack().file(&path).is_some() {
            path = at(format!("{base}-{n}.ron"));
            n += 1;
        }
        Some(path)
    }

    /// Saves the Rules tab's run as a new rules scenario file beside the one played (one
    /// undoable edit, written item-level by the next save), then plays the new file.
    pub(super) fn save_recording(&mut self, name: &str) {
        let Some(doc) = &self.doc else { return };
        let Some((dir, scenario)) = self.panels.rules.recording(doc, name) else {
            self.report(
                Level::Error,
                "Pick a rules scenario to record from first".into(),
            );
            return;
        };
        // "Acting (recorded)" -> "acting-recorded": words joined by one dash.
        let words: Vec<String> = name
            .to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect();
        let base = if words.is_empty() {
            "recorded".to_owned()
        } else {
            words.join("-")
        };
        let Some(path) = self.free_path(&dir, &base) else {
            return;
        };
        self.edit(
            format!("Save the run as scenario \"{}\"", scenario.name),
            vec![Change::CreateFile {
                path: path.clone(),
                content: Content::RulesScenario(Box::new(scenario)),
            }],
            None,
        );
        if let Some(doc) = &self.doc {
            self.panels.rules.load(&path, doc);
        }
    }

    /// "Try in Rules tab": puts the card in the try-out scenario (made the first time) as one
    /// undoable edit, then plays that scenario in the Rules tab. A card already there changes
    /// nothing in the file, and a run of the try-out already open keeps its step.
    pub(super) fn try_card(&mut self, id: &str) {
        use crate::cards::rules_sandbox::{
            TRY_OUT_FILE, place_card, rules_scenario_in, try_out_scenario,
        };
        let Some(doc) = &self.doc else { return };
        let Some(card) = doc.pack().card(id).filter(|_| !id.trim().is_empty()) else {
            self.report(
                Level::Error,
                format!("No card with id \"{id}\" to try: give the card an id first"),
            );
            return;
        };
        let before = rules_scenario_in(doc, TRY_OUT_FILE).cloned();
        if before.is_none() && doc.pack().file(TRY_OUT_FILE).is_some() {
            self.report(
                Level::Error,
                format!("{TRY_OUT_FILE} is not a rules scenario: rename it to try cards here"),
            );
            return;
        }
        let mut scenario = before.clone().unwrap_or_else(try_out_scenario);
        let changed = place_card(&mut scenario, card) || before.is_none();
        let label = format!("Try {id} in the Rules tab");
        let new = Content::RulesScenario(Box::new(scenario));
        // The file as the user wrote it is kept: only the items that change are rewritten.
        let applied = match before {
            _ if !changed => true,
            Some(old) => self.replace_file(
                label,
                TRY_OUT_FILE,
                &Content::RulesScenario(Box::new(old)),
                &new,
            ),
            None => self.edit(
                label,
                vec![Change::CreateFile {
                    path: TRY_OUT_FILE.to_owned(),
                    content: new,
                }],
                None,
            ),
        };
        if !applied {
            return;
        }
        let Some(doc) = &self.doc else { return };
        if changed || self.panels.rules.source.as_deref() != Some(TRY_OUT_FILE) {
            self.panels.rules.load(TRY_OUT_FILE, doc);
        }
        self.apply(super::commands::EditCommand::ShowTab(Tab::Rules));
    }

    /// A change of the try-out's set-up, as one undoable edit of the try-out file (only the
    /// items it changes are rewritten); the try-out then plays again from its start.
    pub(super) fn set_up_try_out(&mut self, change: &crate::sandbox::set_up::SetUp) {
        use crate::cards::rules_sandbox::{TRY_OUT_FILE, rules_scenario_in};
        let Some(doc) = &self.doc else { return };
        let Some(before) = rules_scenario_in(doc, TRY_OUT_FILE).cloned() else {
            self.report(
                Level::Error,
                format!("No try-out to set up: {TRY_OUT_FILE} is not a rules scenario of the pack"),
            );
            return;
        };
        let mut scenario = before.clone();
        if !change.apply_to(&mut scenario) {
            return;
        }
        let applied = self.replace_file(
            change.label(),
            TRY_OUT_FILE,
            &Content::RulesScenario(Box::new(before)),
            &Content::RulesScenario(Box::new(scenario)),
        );
        if applied && let Some(doc) = &self.doc {
            self.panels.rules.load(TRY_OUT_FILE, doc);
        }
    }

    pub(super) fn file_content(&self, file: &str) -> Option<Content> {
        self.doc
            .as_ref()
            .and_then(|d| d.pack().file(file))
            .map(|f| f.content.clone())
    }

    /// Records an edit of a glyph network or encounter as the items it changed (a glyph, a
    /// link, a combatant, a field), never the whole file: saving rewrites those items only,
    /// and undo checks each still holds what the edit left.
    /// Whether it was applied (an edit that changes nothing counts as applied).
    pub(super) fn replace_file(
        &mut self,
        label: String,
        file: &str,
        before: &Content,
        after: &Content,
    ) -> bool {
        self.replace_file_merging(label, file, before, after, None)
    }

    /// [`Self::replace_file`], merging into the previous undo step when `merge` is the same
    /// key (a value typed into one field of a form, keystroke after keystroke).
    pub(super) fn replace_file_merging(
        &mut self,
        label: String,
        file: &str,
        before: &Content,
        after: &Content,
        merge: Option<(super::document::ItemAddr, String)>,
    ) -> bool {
        if before == after {
            return true;
        }
        let edits = before.item_edits(after);
        if edits.is_empty() {
            self.report(
                Level::Error,
                format!(
                    "{file}: this edit could not be expressed item by item; it was not applied"
                ),
            );
            return false;
        }
        let change = Change::Items {
            path: file.to_owned(),
            edits,
        };
        self.edit(label, vec![change], merge)
    }

    /// Shows a tab next to the item editors (`workspace::show_editor`): item editors, glyph
    /// networks and encounters all open in the middle area.
    pub(super) fn show_in_editor_area(&mut self, tab: Tab) {
        super::workspace::show_editor(&mut self.dock, tab);
    }

    /// Closes the tab of a file that is no longer in the pack (its creation was undone).
    pub(super) fn close_file_tabs(&mut self, file: &str) {
        self.dock.retain_tabs(|tab| match tab {
            Tab::Glyph(f) | Tab::Encounter(f) | Tab::Text(f) => f != file,
            Tab::Tabletop(addr) => addr.file != file,
            _ => true,
        });
    }
}

impl SigilforgeApp {
    /// Asks where to save an encounter's printable sheet (through the one file dialog, which
    /// offers a path field when no native dialog can open); the answer writes it.
    pub(super) fn export_sheet(&mut self, file: &str) {
        let Some(doc) = &self.doc else { return };
        let Some(Content::Encounter(enc)) = doc.pack().file(file).map(|f| &f.content) else {
            return;
        };
        // The chosen file's extension picks the format: `.pdf` a print-ready PDF, else HTML.
        let request = PathRequest::save_file(
            "Export encounter sheet",
            "PDF",
            &["pdf"],
            &format!("{}.pdf", enc.name),
        )
        .filter("HTML", &["html"]);
        self.sheet_export = Some(file.to_owned());
        self.ask_path(EXPORT_SHEET, request);
    }

    /// Writes the sheet of the encounter waiting for a path on a thread of its own (with no
    /// estimate from the tab's Simulate, the sheet plays its own first: seconds of work that
    /// must not freeze the window); the encounter tab shows it going and how it went.
    pub(super) fn write_sheet_to(&mut self, path: &Path) {
        let Some(file) = self.sheet_export.take() else {
            return;
        };
        let Some(doc) = &self.doc else { return };
        let Some(Content::Encounter(enc)) = doc.pack().file(&file).map(|f| &f.content) else {
            return;
        };
        let enc = enc.clone();
        self.panels.hosted.forget_stale_contents(doc);
        let content = content_for(&mut self.panels.hosted.contents, doc, &file, &enc).clone();
        let paper = self.panels.hosted.sheet_paper;
        let sandbox = &self.panels.hosted.encounter_editor(&file).sandbox;
        let (estimate, plan) = (sandbox.estimate_for(&enc, &content), sandbox.plan());
        let target = path.to_owned();
        let work = move || {
            crate::encounters::write_sheet(
                &target,
                &enc,
                &content,
                (estimate.as_ref(), plan),
                paper,
            )
        };
        let ctx = self.ctx.clone();
        self.panels
            .hosted
            .encounter_editor(&file)
            .start_export(path.to_owned(), work, ctx);
    }
}

/// Where a new battle goes: next to the pack's first scenario, or under `scenarios/`.
fn scenario_dir(doc: &super::document::Document) -> String {
    doc.pack()
        .files
        .iter()
        .find(|f| matches!(f.content, Content::BattleScenario(_)))
        .and_then(|f| f.path.rsplit_once('/').map(|(dir, _)| dir.to_owned()))
        .unwrap_or_else(|| "scenarios".to_owned())
}

impl SigilforgeApp {
    /// Carries out a battle sandbox command: building the battle edits its scenario file (one
    /// undo step each); stepping and simulating act on the sandbox.
    pub(super) fn apply_battle(&mut self, command: BattleCommand) {
        let Some(doc) = &self.doc else { return };
        let source = self.panels.sandbox.source.clone();
        let scenario = source.as_deref().and_then(|p| scenario_in(doc, p)).cloned();
        let edit_scenario =
            |label: &str, change: &dyn Fn(&mut sigilforge_engine::model::BattleScenario)| {
                let (Some(path), Some(before)) = (source.clone(), scenario.clone()) else {
                    return None;
                };
                let mut after = before.clone();
                change(&mut after);
                Some((
                    label.to_owned(),
                    path,
                    Content::BattleScenario(before),
                    Content::BattleScenario(after),
                ))
            };
        let replace = match command {
            BattleCommand::Load(path) => {
                self.panels.sandbox.load(&path, doc);
                None
            }
            BattleCommand::New => {
                let dir = scenario_dir(doc);
                let Some(path) = self.free_path(&dir, "sandbox-battle") else {
                    return;
                };
                self.edit(
                    "New battle".to_owned(),
                    vec![Change::CreateFile {
                        path: path.clone(),
                        content: Content::BattleScenario(empty_scenario(&path)),
                    }],
                    None,
                );
                if let Some(doc) = &self.doc {
                    self.panels.sandbox.load(&path, doc);
                }
                None
            }
            BattleCommand::AddCard { side, card } => {
                edit_scenario("Add a card to the battle", &|s| {
                    if side == 0 {
                        s.a.push(card.clone());
                    } else {
                        s.b.push(card.clone());
                    }
                })
            }
            BattleCommand::RemoveCard { side, index } => {
                edit_scenario("Take a card out of the battle", &|s| {
                    let line = if side == 0 { &mut s.a } else { &mut s.b };
                    if index < line.len() {
                        line.remove(index);
                    }
                })
            }
            BattleCommand::DrawLine { side, deck } => {
                let slots = scenario.as_ref().map_or(0, |s| s.slots as usize);
                let seed = scenario.as_ref().map_or(0, |s| s.seed);
                match doc.pack().draw_line(&deck, seed, slots) {
                    Ok(line) => edit_scenario(&format!("Draw a line from deck {deck}"), &|s| {
                        if side == 0 {
                            s.a.clone_from(&line);
                        } else {
                            s.b.clone_from(&line);
                        }
                    }),
                    Err(why) => {
                        self.panels.sandbox.error = Some(why.to_string());
                        None
                    }
                }
            }
            BattleCommand::AddPlay(play) => {
                edit_scenario("Schedule a play", &|s| s.plays.push(play.clone()))
            }
            BattleCommand::RemovePlay(index) => edit_scenario("Unschedule a play", &|s| {
                if index < s.plays.len() {
                    s.plays.remove(index);
                }
            }),
            BattleCommand::Run(command) => {
                self.panels.sandbox.step(&command);
                None
            }
            BattleCommand::Save => {
                self.save();
                None
            }
        };
        if let Some((label, path, before, after)) = replace {
            self.replace_file(label, &path, &before, &after);
        }
    }
}
