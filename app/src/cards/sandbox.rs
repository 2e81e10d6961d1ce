//! The battle sandbox: pick or build a scenario (every change an edit of its scenario file),
//! then step through it and simulate it in the one sandbox panel (`crate::sandbox`).

use egui::Ui;
use sigilforge_engine::battle::{Battle, BattleContent, prepare};
use sigilforge_engine::model::BattleScenario;
use sigilforge_engine::pack::Content;
use sigilforge_engine::wording::Names;

use crate::sandbox::battle::{BattleCommand, BattleSandbox};
use crate::sandbox::{SandboxCommand, SystemSandbox as _, sandbox_ui};
use crate::shell::commands::EditCommand;
use crate::shell::document::Document;

/// The sandbox's view state; the scenario itself is a file of the pack.
#[derive(Default)]
pub struct SandboxPanel {
    /// The pack file of the scenario being played.
    pub source: Option<String>,
    /// The battle in the one sandbox panel.
    battle: Option<BattleSandbox>,
    /// Why the scenario cannot run, if it cannot.
    pub error: Option<String>,
    /// The play being written in the "Plays" row.
    pub play_draft: super::sandbox_plays::PlayDraft,
    /// What is typed in the Scenario list's filter.
    pub scenario_filter: String,
    /// The document revision the battle was built from.
    built_at: crate::sandbox::BuiltAt,
}

/// The cards and keywords the battle sees: the standard library, then the pack's own.
fn content_of(doc: &Document) -> BattleContent {
    BattleContent::from_pack(doc.pack())
}

/// The scenario in a pack file, if it is one.
#[must_use]
pub fn scenario_in<'a>(doc: &'a Document, path: &str) -> Option<&'a BattleScenario> {
    match doc.pack().file(path).map(|f| &f.content) {
        Some(Content::BattleScenario(s)) => Some(s),
        _ => None,
    }
}

/// The pack's root as a path from the folder of the pack file at `path`: `.` for a file at
/// the root, `..` one folder down, `../..` two.
#[must_use]
pub fn pack_root_from(path: &str) -> String {
    match path.matches('/').count() {
        0 => ".".to_owned(),
        depth => vec![".."; depth].join("/"),
    }
}

/// An empty battle to build in a new scenario file at `path` (from the pack's root). It names
/// the pack it lives in, so `validate`, `test` and `export` read the pack's cards as the
/// sandbox does.
#[must_use]
pub fn empty_scenario(path: &str) -> BattleScenario {
    BattleScenario {
        name: "Sandbox battle".into(),
        seed: 0,
        max_turns: 30,
        life: 20,
        slots: 5,
        pack: Some(pack_root_from(path)),
        cards: std::collections::BTreeMap::new(),
        a: Vec::new(),
        b: Vec::new(),
        plays: Vec::new(),
        expect: None,
    }
}

impl SandboxPanel {
    /// Whether a scenario is loaded.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.source.is_some()
    }

    /// The current battle, if the scenario runs.
    #[must_use]
    pub fn battle(&self) -> Option<&Battle> {
        self.battle.as_ref().map(BattleSandbox::battle)
    }

    /// The battle in the sandbox panel, if the scenario runs.
    #[must_use]
    pub fn sandbox(&self) -> Option<&BattleSandbox> {
        self.battle.as_ref()
    }

    /// Plays the scenario in `path` from its start with its own seed.
    pub fn load(&mut self, path: &str, doc: &Document) {
        // The run count is a setting of the panel: it stays when another battle is loaded.
        let runs = self
            .battle
            .as_ref()
            .and_then(|b| b.simulation().map(crate::sandbox::Simulation::runs));
        self.source = Some(path.to_owned());
        self.battle = None;
        self.rebuild(doc);
        if let (Some(runs), Some(b)) = (runs, &mut self.battle) {
            b.apply(&SandboxCommand::SetRuns(runs));
        }
    }

    /// Carries out a sandbox control.
    pub fn step(&mut self, command: &SandboxCommand) {
        if let Some(b) = &mut self.battle {
            b.apply(command);
        }
    }

    /// Re-runs the battle to the same step if the document changed since it was built (the
    /// Another document was opened: its revisions start again, so the run is rebuilt at the
    /// next refresh whatever the number.
    pub fn document_replaced(&mut self) {
        self.built_at.forget();
    }

    /// scenario or the cards were edited, an edit was undone, a file was reloaded).
    pub fn refresh(&mut self, doc: &Document) {
        if self.is_active() && !self.built_at.is(doc.generation()) {
            self.rebuild(doc);
        }
    }

    /// Re-reads the scenario from the document and re-runs the battle to the same step.
    fn rebuild(&mut self, doc: &Document) {
        self.built_at.set(doc.generation());
        let Some(path) = &self.source else { return };
        let Some(scenario) = scenario_in(doc, path) else {
            // The file is gone (its creation undone): nothing to play.
            *self = Self {
                play_draft: std::mem::take(&mut self.play_draft),
                scenario_filter: std::mem::take(&mut self.scenario_filter),
                ..Self::default()
            };
            return;
        };
        match prepare(&content_of(doc), scenario) {
            Ok(setup) => {
                let seed = self
                    .battle
                    .as_ref()
                    .map_or(scenario.seed, |b| b.battle().seed());
                let fresh = Battle::new(&setup, seed);
                match &mut self.battle {
                    Some(b) => b.replace(&fresh),
                    None => self.battle = Some(BattleSandbox::new(fresh)),
                }
                self.error = None;
            }
            Err(e) => {
                self.battle = None;
                self.error = Some(e.to_string());
            }
        }
    }

    /// Picks up a finished simulation; returns true while one is running (keep repainting).
    pub fn poll(&mut self) -> bool {
        self.battle.as_mut().is_some_and(BattleSandbox::poll)
    }

    /// Draws the sandbox.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
        if self.poll() {
            // Often while the odds run: live odds are drawn within 100 ms of an edit.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(10));
        }
        let mut push = |c: BattleCommand| commands.push(EditCommand::Sandbox(c));
        let scenario = self.source.as_deref().and_then(|p| scenario_in(doc, p));
        ui.horizontal_wrapped(|ui| {
            let selected = scenario.map_or_else(|| "Pick a scenario".to_owned(), |s| s.name.clone());
            let label = ui.label("Scenario");
            egui::ComboBox::from_id_salt("sandbox-scenario")
                .selected_text(selected)
                .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
                .height(400.0)
                .show_ui(ui, |ui| {
                    scenario_list_ui(
                        ui,
                        doc,
                        &mut self.scenario_filter,
                        |c| match c {
                            Content::BattleScenario(s) => Some(s.name.as_str()),
                            _ => None,
                        },
                        |path| push(BattleCommand::Load(path)),
                    );
                })
                .response
                .labelled_by(label.id)
                .on_hover_text("Play a battle scenario from the pack");
            if ui
                .button("New battle")
                .on_hover_text(
                    "Start an empty battle in a new scenario file: drag cards from the library onto a line",
                )
                .clicked()
            {
                push(BattleCommand::New);
            }
            if let Some(path) = &self.source {
                ui.weak(path.as_str());
                if doc.is_file_dirty(path)
                    && ui
                        .button("Save scenario")
                        .on_hover_text("Save the pack, this scenario file with it (Ctrl+S)")
                        .clicked()
                {
                    push(BattleCommand::Save);
                }
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {error}"));
        }
        let Some(scenario) = scenario else {
            ui.weak("Pick a scenario, or click \"New battle\" and drag cards from the library onto the lines.");
            return;
        };
        // Open for a battle still being built; a finished scenario leaves the room to the run.
        let empty = scenario.a.is_empty() && scenario.b.is_empty();
        egui::CollapsingHeader::new("Build the battle")
            .id_salt(("sandbox-build", self.source.as_deref()))
            .default_open(empty)
            .show(ui, |ui| {
                super::sandbox_plays::plays_ui(ui, scenario, &mut self.play_draft, doc, &mut push);
                let decks: Vec<(String, String)> = doc
                    .pack()
                    .decks()
                    .map(|(_, d)| (d.id.clone(), d.name.clone()))
                    .collect();
                let names = Names::new(
                    doc.pack()
                        .cards()
                        .map(|(_, c)| (c.id.as_str(), c.name.as_str())),
                );
                lines_ui(ui, scenario, &decks, &names, &mut push);
            });
        ui.separator();
        if let Some(battle) = &self.battle {
            sandbox_ui(ui, battle, &mut |c| push(BattleCommand::Run(c)));
        }
    }
}

/// A scenario list: a filter (focused as the list opens, so typing narrows it at once), then
/// every file of the pack that `name_of` names a scenario (the Battle and Rules tabs each
/// list their own kind) whose name or file matches it; `pick` gets the file clicked, and the
/// list closes. Its drop-down closes only on a click outside it or a pick: a click into the
/// filter must not close it.
pub fn scenario_list_ui(
    ui: &mut Ui,
    doc: &Document,
    filter: &mut String,
    name_of: impl Fn(&Content) -> Option<&str>,
    mut pick: impl FnMut(String),
) {
    let label = ui.label("Filter");
    let field = ui
        .add(
            egui::TextEdit::singleline(filter)
                .hint_text("name or file")
                .desired_width(220.0),
        )
        .labelled_by(label.id)
        .on_hover_text("Only scenarios whose name or file contains this");
    // Focused as the list opens, whatever had the focus before (a field of the card editor),
    // so typing narrows it at once; only then, so a later click elsewhere in the list stays.
    if just_opened(ui, field.id) {
        field.request_focus();
    }
    ui.separator();
    let needle = filter.trim().to_lowercase();
    for file in &doc.pack().files {
        let Some(name) = name_of(&file.content) else {
            continue;
        };
        let matches = needle.is_empty()
            || name.to_lowercase().contains(&needle)
            || file.path.to_lowercase().contains(&needle);
        if matches
            && ui
                .selectable_label(false, name)
                .on_hover_text(file.path.as_str())
                .clicked()
        {
            ui.close();
            pick(file.path.clone());
        }
    }
}

/// Whether the widget `id` is shown this frame for the first time since it was last hidden
/// (its drop-down just opened).
fn just_opened(ui: &Ui, id: egui::Id) -> bool {
    let seen = id.with("shown");
    let frame = ui.ctx().cumulative_frame_nr();
    let last: Option<u64> = ui.data(|d| d.get_temp(seen));
    ui.data_mut(|d| d.insert_temp(seen, frame));
    last.is_none_or(|l| l + 1 < frame)
}

/// The lines as the scenario writes them: each card removable, each line a drop zone.
/// The two lines, each a drop zone for library cards, with a menu that draws the line from
/// one of the pack's `decks` (id, name).
fn lines_ui(
    ui: &mut Ui,
    scenario: &BattleScenario,
    decks: &[(String, String)],
    names: &Names,
    push: &mut impl FnMut(BattleCommand),
) {
    for (side, name, line) in [(0usize, "A", &scenario.a), (1, "B", &scenario.b)] {
        let frame = egui::Frame::group(ui.style());
        let (_, dropped) = ui.dnd_drop_zone::<String, ()>(frame, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!("Line {name}"));
                if !decks.is_empty() {
                    ui.menu_button(format!("Draw line {name} from a deck"), |ui| {
                        for (id, deck_name) in decks {
                            let shown = if deck_name.is_empty() { id } else { deck_name };
                            if ui
                                .button(format!("{shown}, into line {name}"))
                                .on_hover_text(
                                    "Replace this line with creatures drawn from the deck, shuffled with the scenario's seed",
                                )
                                .clicked()
                            {
                                push(BattleCommand::DrawLine {
                                    side,
                                    deck: id.clone(),
                                });
                            }
                        }
                    });
                }
                for (index, id) in line.iter().enumerate() {
                    if ui
                        .button(format!("{} ×", names.name(id)))
                        .on_hover_text("Take this card out of the line")
                        .clicked()
                    {
                        push(BattleCommand::RemoveCard { side, index });
                    }
                }
                ui.weak("(drop cards here)");
            });
        });
        if let Some(card) = dropped {
            push(BattleCommand::AddCard {
                side,
                card: (*card).clone(),
            });
        }
    }
}
