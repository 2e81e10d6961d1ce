//! The encounter sandbox and GM prep: map, step-through, builder and sheet.
//!
//! An embeddable component in rerun's shape: the document stays the engine's `Encounter`;
//! [`EncounterEditor::ui`] draws it and pushes [`EncounterEdit`]s, and the host applies them with
//! [`apply_encounter_edit`] (recording undo) and passes the updated encounter back next frame.
//! The sandbox's steps, seeks, Simulate and policies switch are [`EncounterSandboxCommand`]s the
//! host applies with [`EncounterEditor::apply_sandbox`]; "Compare with saved" (the A/B of the
//! edits, [`ab`]) asks the host for the saved version ([`EncounterEditor::compare_with`]):
//!
//! ```text
//! let (mut edits, mut runs) = (Vec::new(), Vec::new());
//! editor.ui(ui, (&encounter, &content, revision), &mut edits, &mut runs);
//! for edit in edits {
//!     if let Err(reason) = apply_encounter_edit(&mut encounter, &content, &edit) {
//!         editor.set_refusal(Some(reason.to_string()));
//!     }
//! }
//! for command in runs {
//!     editor.apply_sandbox(&command);
//! }
//! ```

pub mod ab;
pub mod board;
pub mod builder;
pub mod edit;
mod initiative;
pub mod map_view;
pub mod player_window;
pub mod sandbox;
pub mod script;
pub mod sheet_view;
pub mod table;
mod table_log;
pub mod table_play;
pub mod table_reactions;
pub mod tabletop;
mod token_menu;

use std::path::Path;

use egui::{Color32, RichText, Ui};
use sigilforge_engine::encounter::sheet::{
    Sheet, encounter_sheet_content, sheet_content, write_sheet_file,
};
use sigilforge_engine::encounter::{Difficulty, Encounter, EncounterContent, EstimatePlan};
use sigilforge_render::paper::Paper;

pub use builder::{MapTool, Prep};
pub use edit::{EncounterEdit, EncounterEditError, apply_encounter_edit, fresh_combatant_id};
use map_view::{MapAction, MapView, Overlay, Token};
pub use sandbox::{EncounterSandboxCommand, Sandbox};

use crate::sandbox::SandboxCommand;
pub use table::{TableCommand, TableMode};

/// Which part of the editor is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EncounterTab {
    /// GM prep: picker, turn order, map tools.
    #[default]
    Prep,
    /// Step through the encounter on the map, and simulate it (the difficulty estimate).
    Sandbox,
    /// Run the encounter live at the table (a session, not saved).
    Table,
    /// The game master's sheet, as it prints.
    Sheet,
}

/// The text shown when no encounter is open.
pub const EMPTY_STATE: &str = "No encounter open — pick one in the Library or New encounter";

/// The encounter editor's view state (the encounter itself is the host's).
#[derive(Debug, Default)]
pub struct EncounterEditor {
    /// Which part is shown.
    pub tab: EncounterTab,
    /// GM prep state (picker, selection, tools).
    pub prep: Prep,
    /// The map's view state (zoom).
    pub map: MapView,
    /// The step-through run and its Simulate control.
    pub sandbox: Sandbox,
    /// Table mode: the live session and the player window.
    pub table: TableMode,
    refusal: Option<String>,
    status: Option<String>,
    /// A sheet being written on its thread: where, and its result when it is done.
    exporting: Option<(
        std::path::PathBuf,
        std::sync::mpsc::Receiver<anyhow::Result<()>>,
    )>,
    /// "Export sheet…" was clicked: the host asks where and writes it (its command path).
    export_requested: bool,
    /// The paper of an exported PDF sheet (the host keeps one choice for every tab).
    pub sheet_paper: Paper,
    /// The sheet shown by "Preview sheet", what it was made from and whether it holds the
    /// difficulty estimate: made again when the encounter or its content changed (an edit, an
    /// undo, a reload) or when the estimate it waited for came in.
    preview: Option<(u64, Sheet, bool)>,
}

/// The sheet's content: with the difficulty estimate the encounter tab's Simulate already made
/// for this encounter as it is (`estimate`), if it played `plan`'s seeds, else estimated here
/// over `plan`'s seeds — the tab's — so the sheet's numbers are always the screen's.
#[must_use]
pub fn sheet_for(
    enc: &Encounter,
    content: &EncounterContent,
    estimate: Option<&Difficulty>,
    plan: EstimatePlan,
) -> Sheet {
    match estimate.filter(|d| d.plan == plan) {
        Some(difficulty) => sheet_content(enc, content, Some(difficulty)),
        None => encounter_sheet_content(enc, content, plan),
    }
}

/// The render crate's PDF writer for the sheet on `paper`, as the engine's sheet writer takes it
/// (`sheet::write_sheet_file`): the command line and Export sheet… both use it.
pub fn pdf_writer(
    paper: Paper,
) -> impl Fn(&Sheet) -> Result<Vec<u8>, Box<dyn std::error::Error + Send + Sync>> {
    move |sheet| Ok(sigilforge_render::sheet_pdf::sheet_pdf(sheet, paper)?)
}

/// Writes the engine's printable sheet of an encounter to `path` (atomically, with the
/// permissions the user's umask gives a new file, like every other export): a print-ready PDF
/// on `paper` when the path ends in `.pdf`, HTML otherwise — both from the one sheet content,
/// through the same writer as `sigilforge encounter --sheet`.
pub fn write_sheet(
    path: &Path,
    enc: &Encounter,
    content: &EncounterContent,
    (estimate, plan): (Option<&Difficulty>, EstimatePlan),
    paper: Paper,
) -> anyhow::Result<()> {
    let sheet = sheet_for(enc, content, estimate, plan);
    write_sheet_file(path, &sheet, Some(&pdf_writer(paper)))?;
    Ok(())
}

/// The Paper choice beside Export sheet… (A4 or Letter).
fn paper_choice(ui: &mut Ui, paper: &mut Paper) {
    // "A4", "Letter": the command line's names, as a user writes them.
    let label = |p: Paper| {
        let name = p.name();
        let mut chars = name.chars();
        chars.next().map_or_else(String::new, |first| {
            first.to_uppercase().chain(chars).collect()
        })
    };
    egui::ComboBox::from_id_salt("sheet_paper")
        .selected_text(format!("Paper: {}", label(*paper)))
        .show_ui(ui, |ui| {
            for (_, choice) in Paper::CHOICES {
                ui.selectable_value(paper, choice, label(choice));
            }
        })
        .response
        .on_hover_text("The paper of an exported PDF sheet (an HTML sheet prints on the browser's paper); kept for this session");
}

/// The empty state, for a host with no encounter open.
pub fn empty_ui(ui: &mut Ui) {
    ui.centered_and_justified(|ui| {
        ui.label(RichText::new(EMPTY_STATE).italics())
            .on_hover_text(
                "Encounters are `Encounter(` files, e.g. content/encounters/hags_hut.ron",
            );
    });
}

impl EncounterEditor {
    /// A fresh editor (Prep tab, nothing selected, 1,000 simulation runs).
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Shows why the host refused the last edit (`None` clears it).
    pub fn set_refusal(&mut self, reason: Option<String>) {
        self.refusal = reason;
    }

    /// The refusal shown, if any.
    #[must_use]
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    /// The selected combatant.
    #[must_use]
    pub fn selected(&self) -> Option<&str> {
        self.prep.selected.as_deref()
    }

    /// Carries out what the sandbox asked for: the host calls this from its one `apply`
    /// (`CompareWithSaved` is the host's: it answers with [`EncounterEditor::compare_with`]).
    pub fn apply_sandbox(&mut self, command: &EncounterSandboxCommand) {
        match command {
            EncounterSandboxCommand::Table(table) => {
                self.table
                    .apply(table, self.sandbox.source(), self.sandbox.seed);
                match table {
                    TableCommand::Start if self.table.session().is_some() => {
                        self.tab = EncounterTab::Table;
                    }
                    TableCommand::Leave => self.tab = EncounterTab::Prep,
                    _ => {}
                }
            }
            _ => self.sandbox.apply(command),
        }
    }

    /// Starts the A/B of the encounter as edited against the version `saved` reads (the
    /// encounter as saved), in the sandbox beside the difficulty estimate.
    pub fn compare_with(&mut self, saved: ab::SavedLoader) {
        self.sandbox.compare_with(saved);
    }

    /// Draws the editor for `enc`, or the empty state when there is none.
    pub fn ui_optional(
        &mut self,
        ui: &mut Ui,
        doc: Option<(&Encounter, &EncounterContent, u64)>,
        edits: &mut Vec<EncounterEdit>,
        sandbox_commands: &mut Vec<EncounterSandboxCommand>,
    ) {
        match doc {
            Some((enc, content, revision)) => {
                self.ui(ui, (enc, content, revision), edits, sandbox_commands);
            }
            None => empty_ui(ui),
        }
    }

    /// Draws the editor for an encounter, its content and their revision (the host's number
    /// that moves whenever either changes: the sandbox re-runs and the sheet is made again
    /// then, never by comparing them each frame). Never changes `enc`: every change is pushed
    /// onto `edits`, and what the sandbox asks for onto `sandbox_commands`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        (enc, content, revision): (&Encounter, &EncounterContent, u64),
        edits: &mut Vec<EncounterEdit>,
        sandbox_commands: &mut Vec<EncounterSandboxCommand>,
    ) {
        if self
            .prep
            .selected
            .as_ref()
            .is_some_and(|s| !enc.combatants.iter().any(|c| &c.id == s))
        {
            // The selected combatant was removed (or the host refused to add it).
            self.prep.select(None);
        }
        // Panel ids are scoped by the host's ui id, so two encounter tabs do not share panels.
        let before = edits.len();
        self.sandbox.sync(enc, content, revision);
        self.toolbar(ui, enc, sandbox_commands);
        match self.tab {
            EncounterTab::Prep => {
                egui::Panel::left(ui.id().with("encounter_prep"))
                    .resizable(true)
                    .default_size(300.0)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("encounter_prep_scroll")
                            .show(ui, |ui| self.prep.ui(ui, enc, content, edits));
                    });
                egui::CentralPanel::default().show(ui, |ui| self.prep_map(ui, enc, content, edits));
            }
            EncounterTab::Sandbox => {
                egui::Panel::right(ui.id().with("encounter_sandbox"))
                    .resizable(true)
                    .default_size(460.0)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("encounter_sandbox_scroll")
                            .show(ui, |ui| self.sandbox.ui(ui, sandbox_commands));
                    });
                egui::CentralPanel::default().show(ui, |ui| {
                    let tokens = self.sandbox.tokens();
                    let overlay = self.overlay(&tokens, content);
                    let actions = self.map.ui(
                        ui,
                        &enc.map,
                        &tokens,
                        self.prep.selected.as_deref(),
                        overlay.as_ref(),
                        false,
                    );
                    for a in actions {
                        if let MapAction::ClickToken(id) = a {
                            self.prep.select(Some(id));
                        }
                    }
                });
            }
            EncounterTab::Sheet => {
                // The estimate is the sandbox's Simulate, played on its thread: the preview
                // never plays a thousand fights on the UI thread. Until it is in, the sheet
                // shows everything else and says it is coming.
                if self.sandbox.poll_simulation() {
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_millis(20));
                }
                let estimate = self.sandbox.estimate_for(enc, content);
                if self.preview.as_ref().is_none_or(|(built, _, with)| {
                    *built != revision || (!with && estimate.is_some())
                }) {
                    if estimate.is_none() && !self.sandbox.simulation.is_updating() {
                        sandbox_commands
                            .push(EncounterSandboxCommand::Run(SandboxCommand::Simulate));
                    }
                    let sheet = sheet_content(enc, content, estimate.as_ref());
                    let with = estimate.is_some();
                    self.preview = Some((revision, sheet, with));
                }
                let Some((_, sheet, with)) = &self.preview else {
                    return;
                };
                let waiting = !with;
                let plan = self.sandbox.plan().describe();
                egui::CentralPanel::default().show(ui, |ui| {
                    if waiting {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label(format!(
                                "Estimating the difficulty ({plan}): the sheet shows it when done"
                            ));
                        });
                    }
                    egui::ScrollArea::vertical()
                        .id_salt("encounter_sheet_scroll")
                        .show(ui, |ui| sheet_view::sheet_ui(ui, sheet));
                });
            }
            EncounterTab::Table => {
                let mut table_commands = Vec::new();
                egui::Panel::right(ui.id().with("encounter_table"))
                    .resizable(true)
                    .default_size(400.0)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("encounter_table_scroll")
                            .show(ui, |ui| {
                                self.table.panel_ui(ui, enc, content, &mut table_commands);
                            });
                    });
                egui::CentralPanel::default().show(ui, |ui| {
                    self.table
                        .map_ui(ui, &mut self.map, enc, content, &mut table_commands);
                });
                sandbox_commands.extend(
                    table_commands
                        .into_iter()
                        .map(EncounterSandboxCommand::Table),
                );
            }
        }
        self.table.player_window_ui(ui, enc);
        if edits.len() > before {
            self.refusal = None;
        }
    }

    fn toolbar(
        &mut self,
        ui: &mut Ui,
        enc: &Encounter,
        sandbox_commands: &mut Vec<EncounterSandboxCommand>,
    ) {
        egui::Panel::top(ui.id().with("encounter_toolbar")).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&enc.name).strong())
                    .on_hover_text("The encounter being edited");
                ui.separator();
                ui.selectable_value(&mut self.tab, EncounterTab::Prep, "Prep")
                    .on_hover_text("GM prep: stat blocks, turn order, the map");
                ui.selectable_value(&mut self.tab, EncounterTab::Sandbox, "Sandbox")
                    .on_hover_text(
                        "Step through the encounter on the map, with the log; simulate it for a difficulty estimate",
                    );
                if self.table.session().is_some() {
                    ui.selectable_value(&mut self.tab, EncounterTab::Table, "Table")
                        .on_hover_text("The live table session");
                } else if ui
                    .button("Run at the table")
                    .on_hover_text("Run this encounter live: turns, Beats, health, statuses and the log, one click per change; a second window for the players. The session is not saved")
                    .clicked()
                {
                    sandbox_commands.push(EncounterSandboxCommand::Table(TableCommand::Start));
                }
                ui.separator();
                ui.label("Zoom").on_hover_text("Map zoom");
                // Until the map is first drawn (and fitted to its space) there is no zoom yet.
                if self.map.zoom > 0.0
                    && ui
                        .add(egui::Slider::new(&mut self.map.zoom, 0.4..=2.5).show_value(false))
                        .on_hover_text("Map zoom (until you zoom, the map fits its space)")
                        .changed()
                {
                    self.map.zoom_chosen = true;
                }
                ui.separator();
                if ui
                    .selectable_label(self.tab == EncounterTab::Sheet, "Preview sheet")
                    .on_hover_text("The game master's sheet as it prints: each creature's abilities as the engine runs them, saves by band, statuses, the map, turn order, difficulty")
                    .clicked()
                {
                    self.tab = EncounterTab::Sheet;
                }
                paper_choice(ui, &mut self.sheet_paper);
                if ui
                    .button("Export sheet…")
                    .on_hover_text("Save the game master's printable sheet (PDF, or HTML for a .html name): each creature's abilities as the engine runs them, saves by band, statuses, the map with coordinates, turn order, difficulty")
                    .clicked()
                {
                    self.export_requested = true;
                }
            });
            if let Some(reason) = &self.refusal {
                ui.colored_label(Color32::from_rgb(230, 90, 80), format!("Refused: {reason}"))
                    .on_hover_text("The last edit was not applied");
            }
            self.poll_export();
            if let Some((path, _)) = &self.exporting {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(format!("Writing the sheet to {}", path.display()))
                        .on_hover_text("With no difficulty estimate from Simulate yet, the sheet makes its own first");
                });
            } else if let Some(status) = &self.status {
                ui.label(status).on_hover_text("The last export");
            }
        });
    }

    /// Whether "Export sheet…" was clicked since the last call (the host then asks for a path
    /// and writes the sheet with [`write_sheet`], through its own command path).
    pub fn take_export_request(&mut self) -> bool {
        std::mem::take(&mut self.export_requested)
    }

    /// Writes a sheet to `path` with `work` on a thread of its own (the tab shows it going,
    /// then how it went); `ctx` is woken when it is done.
    pub fn start_export(
        &mut self,
        path: std::path::PathBuf,
        work: impl FnOnce() -> anyhow::Result<()> + Send + 'static,
        ctx: Option<egui::Context>,
    ) {
        let (send, result) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            // A tab closed meanwhile: nobody to tell.
            if send.send(work()).is_ok()
                && let Some(ctx) = ctx
            {
                ctx.request_repaint();
            }
        });
        self.status = None;
        self.exporting = Some((path, result));
    }

    /// Takes the export's result once it is in.
    fn poll_export(&mut self) {
        let Some((path, result)) = &self.exporting else {
            return;
        };
        let Some(outcome) = crate::jobs::finished(result, "sheet export") else {
            return;
        };
        self.status = Some(match outcome {
            Ok(()) => format!("Sheet written to {}", path.display()),
            Err(e) => format!("Cannot write {}: {e}", path.display()),
        });
        self.exporting = None;
    }

    fn prep_tokens(enc: &Encounter, content: &EncounterContent) -> Vec<Token> {
        let names = builder::combatant_names(enc, content);
        enc.combatants
            .iter()
            .map(|c| {
                let block = c
                    .inline
                    .as_ref()
                    .or_else(|| content.creatures.get(&c.stat_block))
                    .or_else(|| enc.creatures.iter().find(|b| b.id == c.stat_block));
                let health = block.map_or(0, |b| b.health);
                Token {
                    id: c.id.clone(),
                    name: names.name(&c.id).to_owned(),
                    side: c.side.clone(),
                    position: c.position,
                    health,
                    max_health: health,
                    show_health: true,
                    acting: false,
                    beats: None,
                    waiting: None,
                    statuses: Vec::new(),
                    hidden: c.hidden,
                    detail: format!(
                        "{} ({}, {} health, {}) starts at ({}, {})",
                        names.name(&c.id),
                        block.map_or("unknown stat block", |b| b.name.as_str()),
                        health,
                        c.side,
                        c.position.0,
                        c.position.1
                    ),
                }
            })
            .collect()
    }

    fn overlay(&self, tokens: &[Token], content: &EncounterContent) -> Option<Overlay> {
        let user = tokens
            .iter()
            .find(|t| Some(t.id.as_str()) == self.prep.selected.as_deref())?
            .position;
        let def = content.abilities.get(self.prep.ability.as_ref()?)?;
        let shape = def.target.shape;
        let reach = shape
            .and_then(|s| s.range)
            .or(def.target.reach.map(|r| r.distance))
            .map(sigilforge_engine::encounter::Distance::units);
        Some(Overlay { user, reach, shape })
    }

    fn prep_map(
        &mut self,
        ui: &mut Ui,
        enc: &Encounter,
        content: &EncounterContent,
        edits: &mut Vec<EncounterEdit>,
    ) {
        let hint = match (self.prep.tool, self.prep.selected.as_deref()) {
            (MapTool::Place, Some(id)) => format!("Click a cell to place {id}, or drag any token"),
            (MapTool::Place, None) => {
                "Select a combatant, then click a cell to place it".to_owned()
            }
            (MapTool::Blocking, _) => "Click cells to add or remove blocking objects".to_owned(),
            (MapTool::Cover, _) => "Click cells to add or remove cover".to_owned(),
        };
        ui.label(hint)
            .on_hover_text("Blocking cells are dark, cover cells hatched; 1 cell = 1u");
        let tokens = Self::prep_tokens(enc, content);
        let overlay = self.overlay(&tokens, content);
        let actions = self.map.ui(
            ui,
            &enc.map,
            &tokens,
            self.prep.selected.as_deref(),
            overlay.as_ref(),
            true,
        );
        for action in actions {
            match (action, self.prep.tool) {
                (MapAction::DropToken { id, to }, _) => {
                    edits.push(EncounterEdit::MoveCombatant { id, to });
                }
                (MapAction::ClickToken(id), MapTool::Cover) => {
                    if let Some(t) = tokens.iter().find(|t| t.id == id) {
                        edits.push(EncounterEdit::ToggleCover { cell: t.position });
                    }
                }
                (MapAction::ClickToken(id), _) => self.prep.select(Some(id)),
                (MapAction::ClickCell(cell), MapTool::Place) => {
                    if let Some(id) = self.prep.selected.clone() {
                        edits.push(EncounterEdit::MoveCombatant { id, to: cell });
                    }
                }
                (MapAction::ClickCell(cell), MapTool::Blocking) => {
                    edits.push(EncounterEdit::ToggleBlocking { cell });
                }
                (MapAction::ClickCell(cell), MapTool::Cover) => {
                    edits.push(EncounterEdit::ToggleCover { cell });
                }
            }
        }
    }
}
