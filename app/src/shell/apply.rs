//! `SigilforgeApp::apply`: the one place the document changes. Every edit records undo, marks
//! the pack dirty (files compare with what is on disk), schedules autosave and re-validation.

pub(super) mod key;

use std::path::Path;
use std::time::{Duration, Instant};

use sigilforge_engine::model::Card;
use sigilforge_engine::pack::{FileMerge, SaveError};

use super::app::SigilforgeApp;
use super::commands::{BalanceCommand, EditCommand};
use super::document::{
    Change, ChangeError, DiskChange, Document, Item, ItemAddr, ItemKind, empty_content,
};
use super::history::Entry;
use super::panels::log::Level;
use super::recovery;
use super::tab::Tab;
use crate::cards::keyword_editor::new_keyword;
use crate::dialogs::PathRequest;
use crate::sandbox::rules::RulesCommand;

use super::apply_files::{COMPARE_FOLDER, OPEN_PACK};

/// The key to the document's mutating methods: made here and nowhere else.
const KEY: key::ApplyKey = key::ApplyKey::new();

impl SigilforgeApp {
    /// Carries out one command. The only code that changes the document.
    pub fn apply(&mut self, command: EditCommand) {
        match command {
            EditCommand::SetCard {
                addr,
                mut card,
                field,
            } => {
                let Some(doc) = self.doc.as_ref() else { return };
                let Some(before) = doc.card(&addr).cloned() else {
                    return;
                };
                if before == *card {
                    return;
                }
                if field == "name" {
                    follow_name(doc, &before, &mut card);
                }
                let label = format!("Edit {field}");
                let change = Change::card_replaced(&addr.file, addr.index, &before, &card);
                self.edit_or_report(label, change.map(|c| vec![c]), Some((addr, field)));
            }
            EditCommand::SetKeyword {
                addr,
                keyword,
                field,
            } => {
                let Some(before) = self.doc.as_ref().and_then(|d| d.keyword(&addr)).cloned() else {
                    return;
                };
                if before == *keyword {
                    return;
                }
                let change = Change::item_replaced(
                    &addr.file,
                    addr.index,
                    &Item::Keyword(before),
                    &Item::Keyword(*keyword),
                );
                self.edit_or_report(
                    format!("Edit {field}"),
                    change.map(|c| vec![c]),
                    Some((addr, field)),
                );
            }
            EditCommand::ReplaceItem { addr, item, label } => {
                let Some(doc) = &self.doc else { return };
                let before = match addr.kind {
                    ItemKind::Card => doc.card(&addr).cloned().map(Item::Card),
                    ItemKind::Keyword => doc.keyword(&addr).cloned().map(Item::Keyword),
                };
                let Some(before) = before else { return };
                if before == *item {
                    return;
                }
                let change = Change::item_replaced(&addr.file, addr.index, &before, &item);
                self.edit_or_report(label, change.map(|c| vec![c]), None);
            }
            EditCommand::BulkEdit { cards, edit } => {
                let Some(doc) = &self.doc else { return };
                if let Err(problem) = edit.check() {
                    self.report(Level::Error, problem.to_string());
                    return;
                }
                // Only the cards the edit changes: an unchanged card is no part of the step.
                let changes: Result<Vec<Change>, ChangeError> = cards
                    .iter()
                    .filter_map(|addr| {
                        let before = doc.card(addr)?;
                        let after = edit.apply(before);
                        (after != *before)
                            .then(|| Change::card_replaced(&addr.file, addr.index, before, &after))
                    })
                    .collect();
                if changes.as_ref().is_ok_and(Vec::is_empty) {
                    return;
                }
                let label = edit.describe(changes.as_ref().map_or(0, Vec::len));
                self.edit_or_report(label, changes, None);
            }
            EditCommand::NewCard => {
                let card = Card {
                    name: "New card".into(),
                    cost: 1,
                    attack: 1,
                    life: 1,
                    ..Card::default()
                };
                self.add_item(ItemKind::Card, Item::Card(card));
            }
            EditCommand::DuplicateCard(addr) => {
                if let Some(doc) = self.doc.as_ref()
                    && let Some(card) = doc.card(&addr).cloned()
                {
                    let copy = Card {
                        name: copy_name(doc, &card.name),
                        ..card
                    };
                    self.add_item(ItemKind::Card, Item::Card(copy));
                }
            }
            EditCommand::NewKeyword => {
                self.add_item(ItemKind::Keyword, Item::Keyword(new_keyword("New keyword")));
            }
            EditCommand::Delete(addr) => {
                let Some(doc) = &self.doc else { return };
                let item = match addr.kind {
                    ItemKind::Card => doc.card(&addr).cloned().map(Item::Card),
                    ItemKind::Keyword => doc.keyword(&addr).cloned().map(Item::Keyword),
                };
                if let Some(item) = item {
                    let change = Change::item_removed(&addr.file, addr.index, &item);
                    self.edit_or_report("Delete".into(), change.map(|c| vec![c]), None);
                }
            }
            EditCommand::Undo => self.undo(),
            EditCommand::Redo => self.redo(),
            EditCommand::Save => {
                self.save();
            }
            EditCommand::SaveAs => self.save_as(),
            EditCommand::OpenDialog => {
                self.ask_path(
                    OPEN_PACK,
                    PathRequest::folder("Open a Sigilforge pack folder"),
                );
            }
            EditCommand::NewPackDialog => self.new_pack_dialog(),
            EditCommand::OpenPack(dir) => {
                if self.is_dirty() {
                    self.report(
                        Level::Error,
                        "Save (Ctrl+S) or undo your changes before opening another pack".into(),
                    );
                } else {
                    self.open_dir(&dir);
                }
            }
            EditCommand::Open { addr, field } => self.open_tab(addr, field),
            EditCommand::ShowTab(tab) => {
                if super::workspace::is_editor(&tab) {
                    super::workspace::show_editor(&mut self.dock, tab);
                } else {
                    super::workspace::show_panel(&mut self.dock, self.workspaces.active(), tab);
                }
            }
            EditCommand::HideTab(tab) => super::workspace::hide_panel(&mut self.dock, &tab),
            EditCommand::ResetLayout => self.workspaces.reset(&mut self.dock),
            EditCommand::FocusSearch => {
                self.panels.library.tab = super::panels::library::LibraryTab::Cards;
                if let Some(path) = self.dock.find_tab(&Tab::Library) {
                    let _ = self.dock.set_active_tab(path); // the path was just found
                }
                self.focus_search = true;
            }
            EditCommand::ToggleTheme => self.dark = !self.dark,
            EditCommand::ToggleHelp => self.show_help = !self.show_help,
            EditCommand::RestoreRecovery => self.restore_recovery(),
            EditCommand::DiscardRecovery => {
                if let Some(a) = &self.settings.autosave {
                    recovery::remove(&a.path);
                }
                self.recovery_offer = None;
                self.report(
                    Level::Info,
                    "Discarded the unsaved edits of the last session".into(),
                );
            }
            EditCommand::CloseAnswer(answer) => self.close_answer(answer),
            EditCommand::ReloadFromDisk(paths) => self.reload(&paths),
            EditCommand::Sandbox(command) => self.apply_battle(command),
            EditCommand::RunAllScenarios => {
                if let Some(doc) = &self.doc {
                    self.panels.library.scenarios.run_all(doc);
                }
            }
            EditCommand::Rules(RulesCommand::SaveRecording(name)) => self.save_recording(&name),
            EditCommand::Rules(RulesCommand::TryCard(id)) => self.try_card(&id),
            EditCommand::Rules(RulesCommand::SetUp(change)) => self.set_up_try_out(&change),
            EditCommand::Rules(command) => {
                if let Some(doc) = &self.doc {
                    self.panels.rules.apply(&command, doc);
                }
            }
            EditCommand::Balance(BalanceCommand::PickFolder) => {
                let request = PathRequest::folder("Compare with which pack folder?");
                let request = match self.doc.as_ref().and_then(|d| d.pack().root.parent()) {
                    Some(dir) => request.start_in(dir.to_owned()),
                    None => request,
                };
                self.ask_path(COMPARE_FOLDER, request);
            }
            EditCommand::Balance(command) => {
                self.panels.balance.apply(command, self.doc.as_ref());
            }
            EditCommand::Glyph { file, edit } => self.apply_glyph(&file, &edit),
            EditCommand::Encounter { file, edit } => self.apply_encounter(&file, &edit),
            EditCommand::GlyphSandbox { file, command } => {
                self.panels
                    .hosted
                    .glyph_editor(&file)
                    .apply_sandbox(&command);
            }
            EditCommand::EncounterSandbox { file, command } => {
                self.apply_encounter_sandbox(&file, &command);
            }
            EditCommand::OpenFile(file) => self.open_file(&file),
            EditCommand::ExportSheet(file) => self.export_sheet(&file),
            EditCommand::Output(command) => self.apply_output(command),
            EditCommand::Rename(rename) => {
                let Some(doc) = &self.doc else { return };
                let changes = super::rename::rename_changes(doc, &rename);
                if !changes.as_ref().is_ok_and(Vec::is_empty) {
                    self.edit_or_report(super::rename::rename_label(&rename), changes, None);
                }
            }
            EditCommand::NewGlyphNetwork => self.new_glyph_network(),
            EditCommand::NewEncounter => self.new_encounter(),
            EditCommand::OpenTabletop(addr) => self.show_in_editor_area(Tab::Tabletop(addr)),
            EditCommand::SetTabletop { addr, item, change } => {
                self.set_tabletop(&addr, *item, &change);
            }
            EditCommand::NewTabletop(kind) => self.new_tabletop(kind),
            EditCommand::DuplicateTabletop(addr) => self.duplicate_tabletop(&addr),
            EditCommand::DeleteTabletop(addr) => self.delete_tabletop(&addr),
            EditCommand::SetDeck { file, deck, label } => self.set_deck(&file, deck, label),
            EditCommand::NewDeck => self.new_deck(),
            EditCommand::ResolveConflicts => self.resolve_conflicts(),
            EditCommand::SetText { file, text } => {
                let Some(before) = self
                    .doc
                    .as_ref()
                    .and_then(|d| d.pack().file(&file))
                    .map(|f| f.source.clone())
                else {
                    return;
                };
                if before == text {
                    return;
                }
                let change = Change::Text {
                    path: file.clone(),
                    before,
                    after: text,
                };
                // Typing in one file merges into one undo step until something else happens.
                let key = ItemAddr::card(&file, usize::MAX);
                self.edit("Edit text".into(), vec![change], Some((key, "text".into())));
            }
            EditCommand::OpenText { file, at } => {
                if let Some(at) = at {
                    self.panels.text_views.go_to(&file, at);
                }
                self.show_in_editor_area(Tab::Text(file));
            }
        }
    }

    /// [`SigilforgeApp::edit`] of changes a typed helper built, or the user is told why they
    /// could not be built.
    pub(super) fn edit_or_report(
        &mut self,
        label: String,
        changes: Result<Vec<Change>, ChangeError>,
        merge: Option<(ItemAddr, String)>,
    ) -> bool {
        match changes {
            Ok(changes) => self.edit(label, changes, merge),
            Err(error) => {
                self.report(Level::Error, error.to_string());
                false
            }
        }
    }

    /// Applies changes as one undo step, all or nothing. Returns whether they were applied
    /// (when not, the user was told why).
    pub(super) fn edit(
        &mut self,
        label: String,
        changes: Vec<Change>,
        merge: Option<(ItemAddr, String)>,
    ) -> bool {
        let Some(doc) = &mut self.doc else {
            return false;
        };
        let tabs = tabs_to_follow(&self.dock, doc, &changes);
        let mut applied = Vec::new();
        for change in changes {
            match doc.apply_change(&change, &KEY) {
                Ok(()) => applied.push(change),
                Err(error) => {
                    // Roll back what this step did so far: a step is all or nothing.
                    let rollback = roll_back(doc, applied.iter());
                    self.report(Level::Error, error.to_string());
                    if let Err(e) = rollback {
                        self.report(Level::Error, format!("rollback: {e}"));
                    }
                    return false;
                }
            }
        }
        self.follow_changes(&applied, &tabs);
        self.history.record(Entry {
            label,
            changes: applied,
            merge_key: merge,
        });
        self.after_edit();
        true
    }

    fn undo(&mut self) {
        let Some(entry) = self.history.take_undo() else {
            self.report(Level::Info, "Nothing to undo".into());
            return;
        };
        let inverses: Vec<Change> = entry.changes.iter().rev().map(Change::inverse).collect();
        match self.replay(&inverses) {
            Ok(()) => {
                self.autosave_now = true;
                self.report(Level::Info, format!("Undid {}", entry.label));
            }
            Err(message) => {
                self.history.refused_undo();
                self.report(
                    Level::Error,
                    format!(
                        "Cannot undo {}: {message}. Nothing was changed; that step is left \
                         out of the history, Undo goes on with the one before{}.",
                        entry.label,
                        self.history
                            .undo_label()
                            .map_or_else(String::new, |l| format!(" ({l})"))
                    ),
                );
            }
        }
    }

    fn redo(&mut self) {
        let Some(entry) = self.history.take_redo() else {
            self.report(Level::Info, "Nothing to redo".into());
            return;
        };
        match self.replay(&entry.changes) {
            Ok(()) => {
                self.autosave_now = true;
                self.report(Level::Info, format!("Redid {}", entry.label));
            }
            Err(message) => {
                self.history.refused_redo();
                self.report(
                    Level::Error,
                    format!(
                        "Cannot redo {}: {message}. Nothing was changed.",
                        entry.label
                    ),
                );
            }
        }
    }

    /// Applies a step's changes all or nothing: each checks that its target still holds the
    /// value it recorded; at the first that does not, the ones applied are rolled back.
    fn replay(&mut self, changes: &[Change]) -> Result<(), ChangeError> {
        let Some(doc) = &mut self.doc else {
            return Err(ChangeError::NoPack);
        };
        let tabs = tabs_to_follow(&self.dock, doc, changes);
        for (done, change) in changes.iter().enumerate() {
            if let Err(error) = doc.apply_change(change, &KEY) {
                if let Err(e) = roll_back(doc, changes[..done].iter()) {
                    self.report(Level::Error, format!("rollback: {e}"));
                }
                return Err(error);
            }
        }
        self.follow_changes(changes, &tabs);
        self.after_edit();
        Ok(())
    }

    /// Keeps editor tabs on their items when items come or go before them (each tab found
    /// again by the id it showed, `tabs`: see [`tabs_to_follow`]); a tab whose item went, or
    /// whose file was dropped, closes.
    fn follow_changes(&mut self, changes: &[Change], tabs: &[(ItemAddr, String)]) {
        for change in changes {
            if let Change::DeleteFile { path, .. } = change {
                self.close_file_tabs(path);
            }
        }
        if let (false, Some(doc)) = (tabs.is_empty(), &self.doc) {
            super::dock::retarget_editor_tabs(&mut self.dock, doc, tabs);
        }
    }

    fn after_edit(&mut self) {
        self.autosave_pending = true;
        let Some(doc) = &self.doc else { return };
        // Validation runs at the start of the next frame (before it draws), as the open
        // sandboxes' re-runs do (`refresh_sandboxes`: the document's revision moved); the frame
        // that applies the edit only lays out what changed. A big pack is checked on its thread
        // after a short pause, so keys typed in a row are handed over once.
        let pause = if super::validation::checked_in_background(doc) {
            Duration::from_millis(300)
        } else {
            Duration::ZERO
        };
        self.revalidate_at = Some(Instant::now() + pause);
    }

    /// Re-validates now if a validation is pending (due or not): for what must not read stale
    /// problems (an output refuses a pack with errors).
    pub(super) fn validate_pending(&mut self) {
        let pending = self.revalidate_at.take().is_some();
        if (self.validation.forget() || pending)
            && let Some(doc) = &mut self.doc
        {
            doc.revalidate(&KEY);
        }
    }

    /// Re-validates now, whether or not a validation was pending (files were read again).
    pub(super) fn validate_now(&mut self) {
        self.revalidate_at = None;
        if let Some(doc) = &mut self.doc {
            self.validation.start(doc, &KEY);
        }
    }

    /// Takes in what the disk did (`reload`'s outside edits). It is no undo step: undo takes
    /// back the user's own edits, never the disk's, and an earlier step whose item the disk
    /// changed since is refused (see `Change`). It ends the current merge run, so an edit made
    /// after it is a step of its own.
    pub(super) fn apply_disk_change(
        &mut self,
        change: DiskChange,
    ) -> Result<FileMerge, ChangeError> {
        let Some(doc) = &mut self.doc else {
            return Err(ChangeError::NoPack);
        };
        self.history.seal();
        doc.apply_disk_change(change, &KEY)
    }

    /// Writes every changed file; `None` when no pack is open.
    pub(super) fn save_document(&mut self) -> Option<Result<Vec<String>, SaveError>> {
        self.history.seal();
        Some(self.doc.as_mut()?.save(&KEY))
    }

    /// Writes the whole pack into `dir` and keeps editing it there; `None` when no pack is open.
    pub(super) fn save_document_as(
        &mut self,
        dir: &Path,
    ) -> Option<Result<Vec<String>, SaveError>> {
        Some(self.doc.as_mut()?.save_as(dir, &KEY))
    }

    /// Adds an item at the end of the first file of its kind (making one if needed) and opens it.
    fn add_item(&mut self, kind: ItemKind, item: Item) {
        let Some(doc) = &self.doc else {
            self.report(Level::Error, "Open or create a pack first".into());
            return;
        };
        let mut changes = Vec::new();
        let file = if let Some(f) = doc.first_file_of(kind) {
            f.path.clone()
        } else {
            let base = match kind {
                ItemKind::Card => "cards",
                ItemKind::Keyword => "keywords",
            };
            let mut path = format!("{base}.ron");
            let mut n = 2;
            while doc.pack().file(&path).is_some() {
                path = format!("{base}-{n}.ron");
                n += 1;
            }
            changes.push(Change::CreateFile {
                path: path.clone(),
                content: empty_content(kind),
            });
            path
        };
        let index = doc.len_of(&file, kind);
        let item = match item {
            Item::Card(mut card) => {
                card.id = unique_card_id(doc, &card.name);
                Item::Card(card)
            }
            Item::Keyword(mut k) => {
                let base = k.name.clone();
                let mut n = 2;
                while doc.keyword_def(&k.name).is_some() {
                    k.name = format!("{base} {n}");
                    n += 1;
                }
                Item::Keyword(k)
            }
        };
        let label = match kind {
            ItemKind::Card => "New card",
            ItemKind::Keyword => "New keyword",
        };
        match Change::item_inserted(&file, index, &item) {
            Ok(change) => changes.push(change),
            Err(error) => {
                self.report(Level::Error, error.to_string());
                return;
            }
        }
        if self.edit(label.into(), changes, None) {
            self.open_tab(ItemAddr { kind, file, index }, Some("name".into()));
        }
    }

    /// Opens (or shows) an item's editor tab, in the editors' area.
    fn open_tab(&mut self, addr: ItemAddr, field: Option<String>) {
        if let Some(field) = field {
            self.panels.card_editor.focus = Some((addr.clone(), field));
        }
        self.panels.previewed = Some(addr.clone());
        self.show_in_editor_area(Tab::Editor(addr));
    }
}

/// The id a name gives a card: lower case, each run of other characters one `_`, none at
/// either end (`"Goblin Sapper (copy)"` → `goblin_sapper_copy`); `card` for a name with no
/// letters or digits.
fn card_id_base(name: &str) -> String {
    let mut id = String::new();
    for c in name.to_lowercase().chars() {
        if c.is_alphanumeric() {
            id.push(c);
        } else if !id.is_empty() && !id.ends_with('_') {
            id.push('_');
        }
    }
    let id = id.trim_end_matches('_');
    if id.is_empty() {
        "card".to_owned()
    } else {
        id.to_owned()
    }
}

/// A card id from a name that no card in the pack uses yet.
fn unique_card_id(doc: &Document, name: &str) -> String {
    let base = card_id_base(name);
    let mut id = base.clone();
    let mut n = 2;
    while doc.pack().card(&id).is_some() {
        id = format!("{base}_{n}");
        n += 1;
    }
    id
}

/// Whether `id` is still the one the editor made from `name` (`goblin`, `goblin_2`): the
/// user never chose it.
fn made_from_name(id: &str, name: &str) -> bool {
    let base = card_id_base(name);
    id == base
        || id
            .strip_prefix(&base)
            .and_then(|rest| rest.strip_prefix('_'))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A renamed card's id follows its name while the editor made it (`new_card` becomes
/// `goblin_sapper`) and no text in the pack names it but the card's own `id` field; an id the
/// user chose, or one anything else names (an ability, a scenario, even a comment), stays.
/// Runs on every keystroke of a name: one substring count over the pack's texts (which the
/// editor keeps in step with each edit), not a walk of every item.
fn follow_name(doc: &Document, before: &Card, card: &mut Card) {
    if card.id != before.id || !made_from_name(&before.id, &before.name) {
        return;
    }
    let to = unique_card_id(doc, &card.name);
    if to == before.id || made_from_name(&before.id, &card.name) {
        return;
    }
    let quoted = format!("\"{}\"", before.id);
    let mentions: usize = doc
        .pack()
        .files
        .iter()
        .map(|f| f.source.matches(quoted.as_str()).count())
        .sum();
    if mentions <= 1 {
        card.id = to;
    }
}

/// A copy's name: `Goblin (copy)`, then `Goblin (copy 2)`, … (a copy of a copy counts on
/// from the original's name, never `(copy) (copy)`).
fn copy_name(doc: &Document, name: &str) -> String {
    let original = name
        .strip_suffix(')')
        .and_then(|rest| rest.rsplit_once(" (copy"))
        .filter(|(_, n)| n.is_empty() || n.trim().bytes().all(|b| b.is_ascii_digit()))
        .map_or(name, |(original, _)| original);
    let taken = |candidate: &str| doc.pack().cards().any(|(_, c)| c.name == candidate);
    let mut candidate = format!("{original} (copy)");
    let mut n = 2;
    while taken(&candidate) {
        candidate = format!("{original} (copy {n})");
        n += 1;
    }
    candidate
}

#[cfg(test)]
mod card_ids {
    use super::{card_id_base, made_from_name};

    #[test]
    fn an_id_from_a_name_has_one_underscore_per_gap_and_none_at_the_ends() {
        assert_eq!(card_id_base("Goblin Sapper (copy)"), "goblin_sapper_copy");
        assert_eq!(card_id_base("  Ærin's  Blade! "), "ærin_s_blade");
        assert_eq!(card_id_base("★ →"), "card");
        assert!(made_from_name("new_card", "New card"));
        assert!(made_from_name("new_card_3", "New card"));
        assert!(!made_from_name("new_card_x", "New card"));
        assert!(!made_from_name("lorraine", "New card"));
    }
}

/// The card and keyword tabs of the files where `changes` add or remove items, each with the
/// id it shows (read before the changes apply): what [`SigilforgeApp::follow_changes`] finds
/// again by id after them. Empty for a step that moves no item (an edit in place, the hot path).
fn tabs_to_follow(
    dock: &egui_dock::DockState<Tab>,
    doc: &Document,
    changes: &[Change],
) -> Vec<(ItemAddr, String)> {
    let moved: Vec<&str> = changes
        .iter()
        .filter(|c| c.moves_items())
        .map(Change::path)
        .collect();
    if moved.is_empty() {
        return Vec::new();
    }
    let mut tabs = super::dock::editor_tab_items(dock, doc);
    tabs.retain(|(addr, _)| moved.contains(&addr.file.as_str()));
    tabs
}

/// Undoes, last first, the changes a refused step already applied (a step is all or nothing).
/// Undoing what was just done cannot meet a changed target; if it ever does, the caller says so.
fn roll_back<'c>(
    doc: &mut Document,
    applied: impl DoubleEndedIterator<Item = &'c Change>,
) -> Result<(), ChangeError> {
    let mut first_error = Ok(());
    for done in applied.rev() {
        if let Err(e) = doc.apply_change(&done.inverse(), &KEY)
            && first_error.is_ok()
        {
            first_error = Err(e);
        }
    }
    first_error
}

#[cfg(test)]
#[path = "apply_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "incremental_tests.rs"]
mod incremental_tests;
