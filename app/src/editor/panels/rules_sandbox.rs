//! The Rules tab: pick any rules scenario of the pack (`RulesScenario` files, the starter's
//! `rules-tests/`), then step, step back and seek through its script in the one sandbox panel
//! (`crate::sandbox`, whose rules board is [`crate::sandbox::rules`]). The scenario is read from
//! the document, so editing it (or a card of the pack it names) re-runs it to the same step.

use std::path::Path;

use egui::Ui;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::Content;
use sigilforge_engine::rules::{RulesRun, RulesScenario, load_scenario_pack};

use super::sandbox::scenario_list_ui;
use crate::editor::commands::EditCommand;
use crate::editor::document::Document;
use crate::sandbox::rules::RulesSandbox;
use crate::sandbox::{SandboxCommand, SystemSandbox as _, sandbox_ui};

/// What the Rules tab asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesCommand {
    /// Play the rules scenario in this pack file from its start.
    Load(String),
    /// A control of the one sandbox panel.
    Run(SandboxCommand),
}

/// The Rules tab's view state; the scenario itself is a file of the pack.
#[derive(Default)]
pub struct RulesSandboxPanel {
    /// The pack file of the scenario being played.
    pub source: Option<String>,
    /// The scenario's run in the one sandbox panel.
    sandbox: Option<RulesSandbox>,
    /// Why the scenario cannot run, if it cannot.
    pub error: Option<String>,
    /// What is typed in the scenario list's filter.
    pub filter: String,
}

/// The rules scenario in a pack file, if it is one.
#[must_use]
pub fn rules_scenario_in<'a>(doc: &'a Document, path: &str) -> Option<&'a RulesScenario> {
    match doc.pack.file(path).map(|f| &f.content) {
        Some(Content::RulesScenario(s)) => Some(s),
        _ => None,
    }
}

/// The scenario in `path` ready to run: its `pack` folder's cards and keywords added under
/// its own, as `sigilforge rules` adds them (read from the open document when the folder is
/// the open pack, so unsaved card edits count). The first problem is the error.
pub fn prepared_scenario(doc: &Document, path: &str) -> Result<RulesScenario, String> {
    let (Some(file), Some(scenario)) = (doc.pack.file(path), rules_scenario_in(doc, path)) else {
        return Err(format!("{path} is not a rules scenario"));
    };
    let mut scenario = scenario.clone();
    let Some(pack) = scenario.pack.clone() else {
        return Ok(scenario);
    };
    let absolute = doc.pack.root.join(path);
    let dir = absolute.parent().unwrap_or(Path::new(".")).join(&pack);
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if same(&dir, &doc.pack.root) {
        for (_, card) in doc.pack.cards() {
            scenario
                .cards
                .entry(card.id.clone())
                .or_insert_with(|| card.clone());
        }
        for (_, def) in doc.pack.keywords() {
            if !scenario.keywords.iter().any(|k| k.matches(&def.name)) {
                scenario.keywords.push(def.clone());
            }
        }
        return Ok(scenario);
    }
    let mut problems = Diagnostics::new();
    load_scenario_pack(&mut scenario, &file.source, &absolute, &mut problems);
    match problems.iter().next() {
        Some(problem) => Err(problem.to_string()),
        None => Ok(scenario),
    }
}

impl RulesSandboxPanel {
    /// Whether a scenario is loaded.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.source.is_some()
    }

    /// The scenario's run in the sandbox panel, if it runs.
    #[must_use]
    pub fn sandbox(&self) -> Option<&RulesSandbox> {
        self.sandbox.as_ref()
    }

    /// Plays the scenario in `path` from its start.
    pub fn load(&mut self, path: &str, doc: &Document) {
        self.source = Some(path.to_owned());
        self.sandbox = None;
        self.rebuild(doc);
    }

    /// Carries out a sandbox control.
    pub fn step(&mut self, command: &SandboxCommand) {
        if let Some(s) = &mut self.sandbox {
            s.apply(command);
        }
    }

    /// Carries out what the tab asked for.
    pub fn apply(&mut self, command: &RulesCommand, doc: &Document) {
        match command {
            RulesCommand::Load(path) => self.load(path, doc),
            RulesCommand::Run(c) => self.step(c),
        }
    }

    /// Re-reads the scenario from the document and re-runs it to the same step (the scenario
    /// or a card changed, or an edit was undone).
    pub fn rebuild(&mut self, doc: &Document) {
        let Some(path) = &self.source else { return };
        if rules_scenario_in(doc, path).is_none() {
            // The file is gone: nothing to play.
            self.source = None;
            self.sandbox = None;
            self.error = None;
            return;
        }
        let run =
            prepared_scenario(doc, path).and_then(|s| RulesRun::new(&s).map_err(|e| e.to_string()));
        match run {
            Ok(run) => {
                match &mut self.sandbox {
                    Some(s) => s.replace(&run),
                    None => self.sandbox = Some(RulesSandbox::new(run)),
                }
                self.error = None;
            }
            Err(e) => {
                self.sandbox = None;
                self.error = Some(e);
            }
        }
    }

    /// Draws the tab.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
        let mut push = |c: RulesCommand| commands.push(EditCommand::Rules(c));
        let scenario = self
            .source
            .as_deref()
            .and_then(|p| rules_scenario_in(doc, p));
        ui.horizontal_wrapped(|ui| {
            let selected =
                scenario.map_or_else(|| "Pick a rules scenario".to_owned(), |s| s.name.clone());
            let label = ui.label("Rules scenario");
            egui::ComboBox::from_id_salt("rules-scenario")
                .selected_text(selected)
                .width(420.0)
                .height(420.0)
                .show_ui(ui, |ui| {
                    scenario_list_ui(
                        ui,
                        doc,
                        &mut self.filter,
                        |c| match c {
                            Content::RulesScenario(s) => Some(s.name.as_str()),
                            _ => None,
                        },
                        |path| push(RulesCommand::Load(path)),
                    );
                })
                .response
                .labelled_by(label.id)
                .on_hover_text("Step through a rules scenario of the pack");
            if let Some(path) = &self.source {
                ui.weak(path.as_str());
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {error}"));
        }
        if let Some(scenario) = scenario
            && !scenario.description.trim().is_empty()
        {
            ui.label(egui::RichText::new(&scenario.description).weak());
        }
        let Some(sandbox) = &self.sandbox else {
            if scenario.is_none() {
                ui.weak("Pick a rules scenario to step through its script.");
            }
            return;
        };
        ui.separator();
        sandbox_ui(ui, sandbox, &mut |c| push(RulesCommand::Run(c)));
    }
}
