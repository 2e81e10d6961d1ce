//! The battle sandbox: pick or build a scenario, step through it, see why things happened.

use egui::Ui;
use sigilforge_engine::pack::Content;

use crate::editor::commands::EditCommand;
use crate::editor::document::Document;

/// A sandbox action (carried out by `SigilforgeApp::apply`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SandboxCommand {
    /// Load the scenario in this pack file.
    Load(String),
    /// Advance one event.
    Step,
    /// Go back one event (re-runs the battle to the step before).
    StepBack,
    /// Run to the end.
    RunToEnd,
    /// Back to the start.
    Reset,
}

/// The sandbox's state.
#[derive(Default)]
pub struct SandboxPanel {
    /// The scenario file loaded, if any.
    pub scenario: Option<String>,
    /// How many events have been stepped.
    pub step: usize,
}

impl SandboxPanel {
    /// Applies a sandbox command.
    pub fn apply(&mut self, command: &SandboxCommand) {
        match command {
            SandboxCommand::Load(path) => {
                self.scenario = Some(path.clone());
                self.step = 0;
            }
            SandboxCommand::Step => self.step += 1,
            SandboxCommand::StepBack => self.step = self.step.saturating_sub(1),
            SandboxCommand::RunToEnd | SandboxCommand::Reset => self.step = 0,
        }
    }

    /// Draws the sandbox.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
        let scenarios: Vec<(&str, &str)> = doc
            .pack
            .files
            .iter()
            .filter_map(|f| match &f.content {
                Content::BattleScenario(s) => Some((f.path.as_str(), s.name.as_str())),
                _ => None,
            })
            .collect();
        ui.horizontal(|ui| {
            let selected = self.scenario.as_deref().unwrap_or("Pick a scenario");
            egui::ComboBox::from_id_salt("sandbox-scenario")
                .selected_text(selected)
                .show_ui(ui, |ui| {
                    for (path, name) in &scenarios {
                        if ui
                            .selectable_label(false, format!("{name} ({path})"))
                            .clicked()
                        {
                            commands.push(EditCommand::Sandbox(SandboxCommand::Load(
                                (*path).to_owned(),
                            )));
                        }
                    }
                })
                .response
                .on_hover_text("A battle scenario from the pack");
        });
        ui.weak("The battle engine is not part of this build yet: stepping arrives with it.");
    }
}
