//! The application: state, the frame loop, shortcuts and timed work (the menus and dialogs are
//! in `chrome.rs`). All changes to the
//! document go through [`SigilforgeApp::apply`] (in `apply.rs`).

use std::path::{Path, PathBuf};
use std::time::Instant;

use egui::{Key, KeyboardShortcut, Modifiers};
use egui_dock::{DockArea, DockState, Style};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{BackgroundValidation, MANIFEST_FILE, Pack, read_pack};

use super::commands::EditCommand;
use super::dock::{Tab, Viewer};
use super::document::{Document, ItemAddr};
use super::history::History;
use super::panels::Panels;
use super::panels::log::Level;
use super::recovery::{AutosaveSettings, RecoveryOffer, RecoverySnapshot};
use super::watch::PackWatcher;
use super::workspace::{Workspace, Workspaces};
use crate::sandbox::SandboxCommand;
use crate::sandbox::battle::BattleCommand;

/// How the app is set up (what touches the file system besides explicit saves).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settings {
    /// Autosave to a recovery file; `None` = no autosave (tests that do not ask for it).
    pub autosave: Option<AutosaveSettings>,
    /// Watch the pack folder for changes by other programs.
    pub watch: bool,
}

impl Settings {
    /// What a real session uses: autosave every 30 s into the pack folder, live reload.
    #[must_use]
    pub fn for_pack_dir(root: &Path) -> Self {
        Self {
            autosave: Some(AutosaveSettings::in_pack(root)),
            watch: true,
        }
    }
}

/// State kept between runs (eframe storage).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Persisted {
    dock: DockState<Tab>,
    dark: bool,
    recent: Vec<PathBuf>,
    /// The item each card or keyword tab of `dock` showed, by id (`dock::editor_tab_items`):
    /// the tabs' positions alone would open other items after the file changed elsewhere.
    /// Absent from a layout saved by an older version.
    #[serde(default)]
    tab_items: Vec<(ItemAddr, String)>,
    /// The workspace shown and the other workspaces' layouts; absent from a layout saved
    /// before workspaces (issue #30).
    #[serde(default)]
    workspaces: Option<Workspaces>,
}

const PERSIST_KEY: &str = "sigilforge-editor";

/// A user-facing status line (the last thing that happened).
#[derive(Debug, Clone)]
pub(super) struct Status {
    pub(super) level: Level,
    pub(super) text: String,
}

/// The editor application.
// Independent UI flags (help shown, close asked, search focus, …), not one state machine.
#[allow(clippy::struct_excessive_bools)]
pub struct SigilforgeApp {
    pub(super) doc: Option<Document>,
    pub(super) history: History,
    pub(super) dock: DockState<Tab>,
    /// The workspace shown (its layout is `dock`) and the others' layouts.
    pub(super) workspaces: Workspaces,
    pub(super) panels: Panels,
    pub(super) settings: Settings,
    pub(super) dark: bool,
    pub(super) show_help: bool,
    pub(super) recent: Vec<PathBuf>,
    pub(super) status: Option<Status>,
    pub(super) last_autosave: Instant,
    pub(super) autosave_pending: bool,
    /// Set by undo and redo: the next autosave is due at once (see `autosave`).
    pub(super) autosave_now: bool,
    pub(super) revalidate_at: Option<Instant>,
    /// Checks of big packs off the UI thread (issue #29).
    pub(super) validation: super::validation::ValidationScheduler,
    /// The pack being read at start-up, the window drawn meanwhile (issue #29).
    pub(super) opening: Option<super::opening::Opening>,
    /// Start-up milestones not logged yet: the first frame, the opened pack's problems.
    startup_log: StartupLog,
    /// An opened pack's check runs on the thread: the status bar says what it found when done.
    announce_check: bool,
    pub(super) recovery_offer: Option<RecoveryOffer>,
    pub(super) close_prompt: bool,
    pub(super) allow_close: bool,
    pub(super) close_now: bool,
    pub(super) focus_search: bool,
    pub(super) watcher: Option<PackWatcher>,
    /// Files whose outside change conflicts with unsaved edits, waiting in the dialog.
    pub(super) conflicts: Vec<super::conflict::PendingMerge>,
    /// The egui context of the last frame (file dialogs answer through it).
    pub(super) ctx: Option<egui::Context>,
    /// The encounter file whose sheet waits for a path from the file dialog.
    pub(super) sheet_export: Option<String>,
    /// The File menu's outputs: options, the job running, the last message, an import.
    pub(super) outputs: crate::sets::outputs::Outputs,
    loaders_installed: bool,
    theme_applied: Option<bool>,
    /// The restored layout's card and keyword tabs with the id each showed: used once, when
    /// the first pack opens, to put each tab back on its item (`dock::retarget_editor_tabs`).
    pub(super) restored_tab_items: Vec<(ItemAddr, String)>,
}

impl SigilforgeApp {
    /// The real app: opens the pack in `pack_dir`, restores the layout, theme and recent packs
    /// from eframe storage, autosaves into the pack folder and watches it.
    #[must_use]
    // An owned path keeps the call short at the one call site (`run_editor`) and in tests.
    #[allow(clippy::needless_pass_by_value)]
    pub fn new(cc: &eframe::CreationContext<'_>, pack_dir: PathBuf) -> Self {
        egui_extras::install_image_loaders(&cc.egui_ctx);
        install_symbol_fonts(&cc.egui_ctx);
        let persisted: Option<Persisted> =
            cc.storage.and_then(|s| eframe::get_value(s, PERSIST_KEY));
        let settings = Settings::for_pack_dir(&pack_dir);
        let mut app = Self::empty(settings);
        app.loaders_installed = true;
        if let Some(p) = persisted {
            app.dock = p.dock;
            app.workspaces = match p.workspaces {
                Some(workspaces) => workspaces,
                None => Workspaces::adopt_legacy(&mut app.dock),
            };
            app.dark = p.dark;
            app.recent = p.recent;
            app.restored_tab_items = p.tab_items;
        }
        // The window is drawn while the pack is read (and a big one checked) on threads.
        if let Some(dir) = app.pack_folder(&pack_dir) {
            app.opening = Some(super::opening::Opening::start(&dir, &cc.egui_ctx, true));
        }
        app
    }

    /// Adopts the pack being read, when it is in.
    fn finish_opening(&mut self) {
        let Some(opened) = self
            .opening
            .as_ref()
            .and_then(super::opening::Opening::poll)
        else {
            return;
        };
        let Some(opening) = self.opening.take() else {
            return;
        };
        self.adopt(&opening.dir, opened.doc, opened.validation);
        if opening.at_start {
            super::opening::log_startup("pack read");
            self.startup_log.checked = true;
            self.first_run_view();
        }
    }

    /// Lands a designer on something to look at: the first card open, the first scenario in
    /// the sandbox (only when the last session left no editor open).
    fn first_run_view(&mut self) {
        let Some(doc) = &self.doc else { return };
        let has_editor = self
            .dock
            .iter_all_tabs()
            .any(|(_, t)| matches!(t, Tab::Editor(_)));
        let first_card = doc.pack().files.iter().find_map(|f| match &f.content {
            sigilforge_engine::pack::Content::Cards(set) if !set.cards.is_empty() => {
                Some(super::document::ItemAddr::card(&f.path, 0))
            }
            _ => None,
        });
        let first_scenario = doc.pack().files.iter().find_map(|f| {
            matches!(
                f.content,
                sigilforge_engine::pack::Content::BattleScenario(_)
            )
            .then(|| f.path.clone())
        });
        if !has_editor && let Some(addr) = first_card {
            self.apply(EditCommand::Open { addr, field: None });
        }
        if let Some(path) = first_scenario {
            self.apply(EditCommand::Sandbox(BattleCommand::Load(path)));
        }
    }

    /// An app over an already loaded pack, touching the file system only as `settings` say
    /// (for tests and benchmarks).
    #[must_use]
    pub fn with_pack(pack: Pack, settings: Settings) -> Self {
        let mut app = Self::empty(settings);
        app.set_document(Document::validated(pack));
        app
    }

    /// An app with no pack open (the empty state).
    #[must_use]
    pub fn without_pack(settings: Settings) -> Self {
        Self::empty(settings)
    }

    fn empty(settings: Settings) -> Self {
        Self {
            doc: None,
            history: History::default(),
            dock: Workspace::default().default_layout(),
            workspaces: Workspaces::default(),
            panels: Panels::default(),
            settings,
            dark: true,
            show_help: false,
            recent: Vec::new(),
            status: None,
            last_autosave: Instant::now(),
            autosave_pending: false,
            autosave_now: false,
            revalidate_at: None,
            validation: super::validation::ValidationScheduler::default(),
            opening: None,
            startup_log: StartupLog::default(),
            announce_check: false,
            recovery_offer: None,
            close_prompt: false,
            allow_close: false,
            close_now: false,
            focus_search: false,
            watcher: None,
            conflicts: Vec::new(),
            ctx: None,
            sheet_export: None,
            outputs: crate::sets::outputs::Outputs::default(),
            loaders_installed: false,
            theme_applied: None,
            restored_tab_items: Vec::new(),
        }
    }

    /// Loads the pack in `dir` and makes it the document (a folder without `pack.ron` leaves
    /// the open pack as it is and says why). Once the window is up the pack is read on a
    /// thread, as at start-up: a 30,000-card pack takes a third of a second or more to read,
    /// and the window keeps drawing ("Opening …") meanwhile. The pack open until then is
    /// clean (File ➡ Open refuses otherwise) and is closed first, so that nothing edits it
    /// while the other is read.
    pub(super) fn open_dir(&mut self, dir: &Path) {
        let Some(dir) = self.pack_folder(dir) else {
            return;
        };
        if let Some(ctx) = self.ctx.clone() {
            self.close_document();
            self.opening = Some(super::opening::Opening::start(&dir, &ctx, false));
            ctx.request_repaint();
            return;
        }
        // No frame yet (nothing to keep drawing): read here. A pack still being read at
        // start-up is not wanted any more.
        self.opening = None;
        let mut diags = Diagnostics::new();
        let doc = Document::unchecked(read_pack(&dir, &mut diags), &diags);
        self.adopt(&dir, doc, None);
    }

    /// No pack open: what belonged to the one open is let go of at once (the undo steps, the
    /// awaited check, the editors built from it).
    fn close_document(&mut self) {
        self.doc = None;
        self.forget_document_state();
    }

    /// Lets go of what was built from the document open before (its revisions and addresses
    /// mean nothing for another): hosted editors, the sandboxes' runs, the validation thread
    /// and the awaited check, the undo steps and the preview. The paper chosen for sheets stays
    /// for the session.
    fn forget_document_state(&mut self) {
        let paper = self.panels.hosted.sheet_paper;
        self.panels.hosted = super::hosted::HostedEditors::default();
        self.panels.hosted.sheet_paper = paper;
        self.panels.sandbox.document_replaced();
        self.panels.rules.document_replaced();
        self.validation.reset();
        self.revalidate_at = None;
        self.history.clear();
        // What the preview showed was an item of the pack before (its address means nothing
        // here): it shows the next editor tab drawn instead of saying its file was deleted.
        self.panels.previewed = None;
    }

    /// `dir` made canonical, if it holds a pack (else no pack is open and the status bar says
    /// why).
    fn pack_folder(&mut self, dir: &Path) -> Option<PathBuf> {
        if !dir.join(MANIFEST_FILE).is_file() {
            self.report(
                Level::Error,
                format!(
                    "{} has no {MANIFEST_FILE}: not a Sigilforge pack",
                    dir.display()
                ),
            );
            return None;
        }
        Some(dir.canonicalize().unwrap_or_else(|_| dir.to_owned()))
    }

    /// Makes the pack read from `dir` the document (checked at once when small, else on the
    /// validation thread: `validation` when the reading thread made it, else one started now).
    fn adopt(&mut self, dir: &Path, doc: Document, validation: Option<BackgroundValidation>) {
        self.settings = Settings {
            autosave: self.settings.autosave.as_ref().map(|a| AutosaveSettings {
                interval: a.interval,
                ..AutosaveSettings::in_pack(dir)
            }),
            watch: self.settings.watch,
        };
        let files = doc.pack().files.len();
        self.set_document(doc);
        if let (Some(worker), Some(doc)) = (validation, &self.doc) {
            self.validation.adopt(worker, doc);
        }
        // A big pack is checked on a thread of its own: the window shows it meanwhile and the
        // status bar says so.
        self.validate_now();
        self.conflicts.clear();
        self.announce_check = self.validation.checking().is_some();
        let problems = match (self.validation.checking(), &self.doc) {
            (Some(cards), _) => format!("checking {} cards", super::validation::grouped(cards)),
            (None, Some(doc)) => format!("{} problems", doc.problems().len()),
            (None, None) => String::new(),
        };
        self.report(
            Level::Info,
            format!("Opened {} ({files} files, {problems})", dir.display()),
        );
        self.recent.retain(|p| p != dir);
        self.recent.insert(0, dir.to_owned());
        self.recent.truncate(8);
    }

    fn set_document(&mut self, doc: Document) {
        let root = doc.pack().root.clone();
        self.doc = Some(doc);
        // Another document: its revisions start again, so nothing built from the old one may
        // think itself current.
        self.forget_document_state();
        self.recovery_offer = self
            .settings
            .autosave
            .as_ref()
            .and_then(|a| RecoverySnapshot::read(&a.path))
            .and_then(|snapshot| {
                let pack = self.doc.as_ref()?.pack();
                RecoveryOffer::of(snapshot, pack)
            });
        // Editor tabs from the last session go back to their items by id, wherever those are
        // now; any still pointing at nothing (an older layout, another pack) close.
        let restored = std::mem::take(&mut self.restored_tab_items);
        if let Some(doc) = &self.doc {
            super::dock::retarget_editor_tabs(&mut self.dock, doc, &restored);
        }
        let doc = self.doc.as_ref();
        self.dock.retain_tabs(|tab| match tab {
            Tab::Editor(addr) => {
                doc.is_some_and(|d| d.card(addr).is_some() || d.keyword(addr).is_some())
            }
            _ => true,
        });
        self.watcher = if self.settings.watch {
            match PackWatcher::new(&root) {
                Ok(w) => Some(w),
                Err(e) => {
                    self.report(Level::Error, format!("Live reload is off: {e}"));
                    None
                }
            }
        } else {
            None
        };
    }

    /// The open document, if any.
    #[must_use]
    pub fn document(&self) -> Option<&Document> {
        self.doc.as_ref()
    }

    /// Whether a pack is being read (at start-up, or opened from the menu).
    #[must_use]
    pub fn is_opening(&self) -> bool {
        self.opening.is_some()
    }

    /// Whether the pack in `dir` is the one open.
    pub(super) fn is_open(&self, dir: &Path) -> bool {
        let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_owned());
        self.doc.as_ref().is_some_and(|doc| doc.pack().root == dir)
    }

    /// Whether a check of the pack is due or running (big packs are checked off the UI thread).
    #[must_use]
    pub fn is_validating(&self) -> bool {
        self.revalidate_at.is_some() || self.validation.checking().is_some()
    }

    /// The File menu's outputs (the job running, the last message, an import shown).
    #[must_use]
    pub fn outputs(&self) -> &crate::sets::outputs::Outputs {
        &self.outputs
    }

    /// The messages reported so far (the Log panel's lines), oldest first.
    pub fn messages(&self) -> impl Iterator<Item = &str> {
        self.panels
            .log
            .lines()
            .iter()
            .map(|(_, text)| text.as_str())
    }

    /// The last status message (what the status bar shows).
    #[must_use]
    pub fn status_text(&self) -> Option<&str> {
        self.status.as_ref().map(|s| s.text.as_str())
    }

    /// Whether there are unsaved changes.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.doc.as_ref().is_some_and(Document::is_dirty)
    }

    /// The workspace shown: the kind of content of the editor tab worked in.
    #[must_use]
    pub fn workspace(&self) -> Workspace {
        self.workspaces.active()
    }

    /// The panels open in the layout shown (editor tabs left out), in the View menu's order.
    #[must_use]
    pub fn open_panels(&self) -> Vec<Tab> {
        super::workspace::PANELS
            .into_iter()
            .filter(|panel| self.dock.find_tab(panel).is_some())
            .collect()
    }

    /// The editor tabs open (items and files, not the start page), in the dock's order.
    #[must_use]
    pub fn open_editor_tabs(&self) -> Vec<Tab> {
        self.dock
            .iter_all_tabs()
            .map(|(_, tab)| tab.clone())
            .filter(|tab| super::workspace::is_editor(tab) && *tab != Tab::Start)
            .collect()
    }

    /// The sandbox's battle as stepped so far, if one is open.
    #[must_use]
    pub fn sandbox_battle(&self) -> Option<&sigilforge_engine::battle::Battle> {
        self.panels.sandbox.battle()
    }

    /// The sandbox battle's Simulate control (its live odds), if a battle is open.
    #[must_use]
    pub fn sandbox_simulation(&self) -> Option<&crate::sandbox::Simulation> {
        self.panels
            .sandbox
            .sandbox()
            .and_then(crate::sandbox::SystemSandbox::simulation)
    }

    /// The Library panel, to pick its tab or filters.
    pub fn library_mut(&mut self) -> &mut super::panels::library::LibraryPanel {
        &mut self.panels.library
    }

    /// The Rules tab (the rules scenario it plays, and its run).
    #[must_use]
    pub fn rules_panel(&self) -> &crate::cards::rules_sandbox::RulesSandboxPanel {
        &self.panels.rules
    }

    /// The Balance panel (its settings, run and report).
    #[must_use]
    pub fn balance_panel(&self) -> &crate::sets::balance::BalancePanel {
        &self.panels.balance
    }

    /// The Balance panel, to change its settings.
    pub fn balance_panel_mut(&mut self) -> &mut crate::sets::balance::BalancePanel {
        &mut self.panels.balance
    }

    /// The Set panel's choices (which deck, which filter).
    #[must_use]
    pub fn set_panel(&self) -> &crate::sets::set_panel::SetPanel {
        &self.panels.set
    }

    /// The pack file of the scenario the battle sandbox plays, if one is loaded.
    #[must_use]
    pub fn sandbox_source(&self) -> Option<&str> {
        self.panels.sandbox.source.as_deref()
    }

    /// Whether the "restore unsaved edits?" question is showing.
    #[must_use]
    pub fn offers_recovery(&self) -> bool {
        self.recovery_offer.is_some()
    }

    /// Records a message in the log and the status line.
    pub(super) fn report(&mut self, level: Level, text: String) {
        self.panels.log.push(level, text.clone());
        self.status = Some(Status { level, text });
    }

    /// Reads the keyboard shortcuts (consumed, so text fields do not also act on them).
    fn shortcuts(ctx: &egui::Context, commands: &mut Vec<EditCommand>) {
        let ctrl = Modifiers::COMMAND;
        let ctrl_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let table: [(KeyboardShortcut, EditCommand); 12] = [
            (KeyboardShortcut::new(ctrl_shift, Key::Z), EditCommand::Redo),
            (
                KeyboardShortcut::new(ctrl_shift, Key::S),
                EditCommand::SaveAs,
            ),
            (KeyboardShortcut::new(ctrl, Key::Z), EditCommand::Undo),
            (KeyboardShortcut::new(ctrl, Key::Y), EditCommand::Redo),
            (KeyboardShortcut::new(ctrl, Key::S), EditCommand::Save),
            (KeyboardShortcut::new(ctrl, Key::N), EditCommand::NewCard),
            (KeyboardShortcut::new(ctrl, Key::O), EditCommand::OpenDialog),
            (
                KeyboardShortcut::new(ctrl, Key::F),
                EditCommand::FocusSearch,
            ),
            (
                KeyboardShortcut::new(ctrl, Key::T),
                EditCommand::ToggleTheme,
            ),
            (
                KeyboardShortcut::new(Modifiers::SHIFT, Key::F10),
                EditCommand::Sandbox(BattleCommand::Run(SandboxCommand::StepBack)),
            ),
            (
                KeyboardShortcut::new(Modifiers::NONE, Key::F10),
                EditCommand::Sandbox(BattleCommand::Run(SandboxCommand::Step)),
            ),
            (
                KeyboardShortcut::new(Modifiers::NONE, Key::F5),
                EditCommand::Sandbox(BattleCommand::Run(SandboxCommand::RunToEnd)),
            ),
        ];
        for (shortcut, command) in table {
            if ctx.input_mut(|i| i.consume_shortcut(&shortcut)) {
                commands.push(command);
            }
        }
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F1)) {
            commands.push(EditCommand::ToggleHelp);
        }
    }

    /// Picks up the sandbox's finished live odds (and starts a due re-run); while they run or
    /// wait, frames come often: drawn within 100 ms of an edit.
    fn poll_sandbox(&mut self, ctx: &egui::Context) {
        if self.panels.sandbox.poll() {
            ctx.request_repaint_after(std::time::Duration::from_millis(10));
        }
    }

    /// The open battle and rules sandboxes re-run to the same step when the document changed
    /// since they were built (the one refresh model: `crate::sandbox::BuiltAt`).
    fn refresh_sandboxes(&mut self) {
        let Some(doc) = &self.doc else { return };
        self.panels.sandbox.refresh(doc);
        self.panels.rules.refresh(doc);
    }

    /// Validation that has come due, at the start of a frame so the frame draws its problems.
    fn due_validation(&mut self) {
        if self.revalidate_at.is_some_and(|at| Instant::now() >= at) {
            self.validate_now();
        }
        self.poll_validation();
    }

    /// Shows the problems of a finished check of the document as it stands (true if it did);
    /// the first check of an opened pack says what it found in the status bar.
    fn poll_validation(&mut self) -> bool {
        let Some(doc) = &mut self.doc else {
            return false;
        };
        if !self.validation.poll(doc) {
            return false;
        }
        if std::mem::take(&mut self.announce_check) {
            let (cards, problems) = (doc.census().total().cards, doc.problems().len());
            self.report(
                Level::Info,
                format!(
                    "Checked {} cards: {problems} problems",
                    super::validation::grouped(cards)
                ),
            );
        }
        true
    }

    /// Timed work: debounced validation, autosave, file watcher events. Each asks for a
    /// repaint only when it has something due, so an idle editor is not redrawn.
    fn background(&mut self, ctx: &egui::Context) {
        if let Some(at) = self.revalidate_at {
            // The next frame validates (an edit's own frame does not: see `after_edit`).
            let wait = at.saturating_duration_since(Instant::now());
            if wait.is_zero() {
                ctx.request_repaint();
            } else {
                ctx.request_repaint_after(wait);
            }
        }
        // A big pack's check runs on its own thread, which wakes the UI when it is done: a
        // check that finished after this frame's start is drawn in the next one.
        self.validation.wake(ctx);
        if self.poll_validation() {
            ctx.request_repaint();
        }
        // The watcher's thread wakes the UI when a file changes: nothing here polls for it.
        if let Some(watcher) = &self.watcher {
            watcher.wake(ctx);
        }
        if let Some(changed) = self.watcher.as_mut().map(PackWatcher::poll)
            && !changed.is_empty()
        {
            self.apply(EditCommand::ReloadFromDisk(changed));
        }
        self.poll_sandbox(ctx);
        if let Some(again) = self.panels.balance.poll() {
            ctx.request_repaint_after(again);
        }
        if let Some(again) = self.outputs.poll() {
            ctx.request_repaint_after(again);
        }
        self.autosave(ctx);
    }

    fn autosave(&mut self, ctx: &egui::Context) {
        let Some(settings) = &self.settings.autosave else {
            return;
        };
        if !self.autosave_pending || self.recovery_offer.is_some() {
            return;
        }
        let Some(doc) = &self.doc else {
            return;
        };
        // A snapshot must never hold a step the user took back: after an undo or redo (or
        // when the pack is clean again) it is rewritten at once, not at the next interval, so
        // a crash in between does not offer the undone edit.
        let elapsed = self.last_autosave.elapsed();
        if elapsed < settings.interval && !self.autosave_now && doc.is_dirty() {
            ctx.request_repaint_after(settings.interval.saturating_sub(elapsed));
            return;
        }
        self.autosave_now = false;
        let path = settings.path.clone();
        self.last_autosave = Instant::now();
        self.autosave_pending = false;
        if doc.is_dirty() {
            if let Err(e) = RecoverySnapshot::of(doc.pack()).write(&path) {
                self.report(Level::Error, format!("{e:#}"));
            }
        } else {
            super::recovery::remove(&path);
        }
    }

    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close && self.is_dirty() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.close_prompt = true;
        }
    }

    fn apply_theme(&mut self, ctx: &egui::Context) {
        if self.theme_applied != Some(self.dark) {
            ctx.set_theme(if self.dark {
                egui::Theme::Dark
            } else {
                egui::Theme::Light
            });
            self.theme_applied = Some(self.dark);
        }
    }

    /// Runs one frame's worth of UI into `commands`, then applies them.
    fn frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if !self.loaders_installed {
            egui_extras::install_image_loaders(&ctx);
            self.loaders_installed = true;
        }
        self.apply_theme(&ctx);
        self.finish_opening();
        self.due_validation();
        self.refresh_sandboxes();
        // Odds that came in since the last frame are drawn in this one, not the next (the
        // end of the frame polls again for a re-run an edit of this frame made due).
        self.poll_sandbox(&ctx);
        let mut commands = Vec::new();
        self.ctx = Some(ctx.clone());
        let modal_open = self.recovery_offer.is_some()
            || self.close_prompt
            || !self.conflicts.is_empty()
            || crate::dialogs::fallback_open(&ctx);
        if !modal_open {
            Self::shortcuts(&ctx, &mut commands);
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui, &mut commands));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui, &mut commands));
        let mut shown_item = None;
        if self.focus_search {
            ctx.memory_mut(|m| m.request_focus(super::panels::library::search_id()));
            self.focus_search = false;
        }
        if let Some(opening) = &self.opening {
            egui::CentralPanel::default().show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    ui.add_space(24.0);
                    ui.heading(format!("Opening {}…", opening.dir.display()));
                });
            });
        } else {
            self.dock_area(ui, &mut commands, &mut shown_item);
        }
        if shown_item.is_some() {
            self.panels.previewed = shown_item;
        }
        self.modals(&ctx, &mut commands);
        for command in commands {
            self.apply(command);
        }
        // The layout follows the editor tab worked in: drawn by the next frame.
        if let Some(doc) = &self.doc
            && self.workspaces.follow(&mut self.dock, doc)
        {
            ctx.request_repaint();
        }
        if self.doc.is_some() && super::workspace::keep_start_page(&mut self.dock) {
            ctx.request_repaint();
        }
        self.take_dialog_answers(&ctx);
        if self.close_now {
            self.close_now = false;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        self.background(&ctx);
        self.handle_close_request(&ctx);
        self.log_startup();
    }

    /// The pack's tabs.
    fn dock_area(
        &mut self,
        ui: &mut egui::Ui,
        commands: &mut Vec<EditCommand>,
        shown_item: &mut Option<super::document::ItemAddr>,
    ) {
        egui::CentralPanel::default().show(ui, |ui| {
            let mut viewer = Viewer {
                doc: self.doc.as_ref(),
                panels: &mut self.panels,
                commands,
                shown_item,
            };
            DockArea::new(&mut self.dock)
                .style(Style::from_egui(ui.style()))
                .show_leaf_collapse_buttons(false)
                .show_inside(ui, &mut viewer);
        });
    }

    /// Start-up milestones, each once (`SIGILFORGE_STARTUP_LOG`).
    fn log_startup(&mut self) {
        if !self.startup_log.first_frame {
            self.startup_log.first_frame = true;
            super::opening::log_startup("first frame drawn");
        }
        if self.startup_log.checked && self.validation.checking().is_none() {
            self.startup_log.checked = false;
            super::opening::log_startup("pack checked, its problems drawn");
        }
    }
}

/// Start-up milestones still to log.
#[derive(Debug, Default)]
struct StartupLog {
    /// The first frame ran.
    first_frame: bool,
    /// The opened pack's problems are to be logged when they are in.
    checked: bool,
}

impl eframe::App for SigilforgeApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let persisted = Persisted {
            dock: self.dock.clone(),
            workspaces: Some(self.workspaces.clone()),
            dark: self.dark,
            recent: self.recent.clone(),
            tab_items: self
                .doc
                .as_ref()
                .map(|doc| super::dock::editor_tab_items(&self.dock, doc))
                .unwrap_or_default(),
        };
        eframe::set_value(storage, PERSIST_KEY, &persisted);
    }
}

/// Adds the bundled symbol and maths faces after egui's own fonts: the engine's and the
/// panels' text uses arrows, comparison signs and stars egui's default fonts lack.
fn install_symbol_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    for (name, bytes) in sigilforge_render::fonts::fallback_faces() {
        fonts.font_data.insert(
            name.to_owned(),
            std::sync::Arc::new(egui::FontData::from_static(bytes)),
        );
        for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
            fonts
                .families
                .entry(family)
                .or_default()
                .push(name.to_owned());
        }
    }
    ctx.set_fonts(fonts);
}
