//! The Library's Scenarios list: every scenario of every system in the pack (battle, rules,
//! glyph networks, encounters), each opening where it plays, with a pass/fail badge once
//! "Run all scenarios" has run them. Running is the engine's `pack::run_scenario`, the very
//! check `sigilforge test` makes, on each file's text as edited; a failure opens its file at
//! the expectation that failed.

use std::collections::BTreeMap;

use egui::{Color32, RichText, Ui};
use sigilforge_engine::pack::{Content, ScenarioResult, System, run_scenario};

use crate::sandbox::battle::BattleCommand;
use crate::sandbox::rules::RulesCommand;
use crate::shell::commands::EditCommand;
use crate::shell::document::Document;
use crate::shell::tab::Tab;

/// The results of the last "Run all scenarios".
#[derive(Debug, Default)]
pub struct ScenarioList {
    /// The pack generation they were run at, and each scenario file's result by path.
    run: Option<(u64, BTreeMap<String, ScenarioResult>)>,
}

/// The system a file's content plays in, with the scenario's name.
fn scenario_of(content: &Content) -> Option<(System, &str)> {
    match content {
        Content::BattleScenario(s) => Some((System::Battle, s.name.as_str())),
        Content::RulesScenario(s) => Some((System::Rules, s.name.as_str())),
        Content::GlyphNetwork(n) => Some((System::Glyph, n.name.as_str())),
        Content::Encounter(e) => Some((System::Encounter, e.name.as_str())),
        _ => None,
    }
}

impl ScenarioList {
    /// Runs every scenario of the pack as edited (each file's current text).
    pub fn run_all(&mut self, doc: &Document) {
        let results = doc
            .pack()
            .files
            .iter()
            .filter(|f| scenario_of(&f.content).is_some())
            .filter_map(|f| {
                run_scenario(&doc.pack().root.join(&f.path), &f.source).map(|r| (f.path.clone(), r))
            })
            .collect();
        self.run = Some((doc.generation(), results));
    }

    /// The last run's result for a file, if it was run.
    #[must_use]
    pub fn result(&self, path: &str) -> Option<&ScenarioResult> {
        self.run.as_ref().and_then(|(_, r)| r.get(path))
    }

    /// `N passed, M failed` for the last run.
    #[must_use]
    pub fn summary(&self) -> Option<String> {
        self.run
            .as_ref()
            .map(|(_, r)| sigilforge_engine::pack::scenario_tests::summary(r.values()))
    }

    /// Draws the list.
    pub fn ui(&self, ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Run all scenarios")
                .on_hover_text(
                    "Run every scenario of the pack and check its expectations (what `sigilforge test` does)",
                )
                .clicked()
            {
                commands.push(EditCommand::RunAllScenarios);
            }
            if let Some(summary) = self.summary() {
                ui.strong(summary);
                if self.run.as_ref().is_some_and(|(g, _)| *g != doc.generation()) {
                    ui.weak("(the pack changed since: run again)")
                        .on_hover_text("The badges are from before the last edit");
                }
            }
        });
        ui.separator();
        let mut any = false;
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for system in [
                    System::Battle,
                    System::Rules,
                    System::Glyph,
                    System::Encounter,
                ] {
                    let files: Vec<_> = doc
                        .pack()
                        .files
                        .iter()
                        .filter_map(|f| {
                            scenario_of(&f.content)
                                .filter(|(s, _)| *s == system)
                                .map(|(_, name)| (f.path.as_str(), name))
                        })
                        .collect();
                    if files.is_empty() {
                        continue;
                    }
                    any = true;
                    egui::CollapsingHeader::new(format!("{} ({})", heading(system), files.len()))
                        .id_salt(("scenario-system", system.name()))
                        .default_open(true)
                        .show(ui, |ui| {
                            for (path, name) in files {
                                self.row_ui(ui, system, path, name, commands);
                            }
                        });
                }
                if !any {
                    ui.label("This pack has no scenarios yet. Use \"New battle\" in the Sandbox.");
                }
            });
    }

    fn row_ui(
        &self,
        ui: &mut Ui,
        system: System,
        path: &str,
        name: &str,
        commands: &mut Vec<EditCommand>,
    ) {
        let result = self.result(path);
        ui.horizontal(|ui| {
            match result {
                Some(r) if r.passed() => {
                    ui.label(RichText::new("✔ pass").color(Color32::from_rgb(60, 160, 80)))
                        .on_hover_text("Every expectation held");
                }
                Some(_) => {
                    ui.label(RichText::new("✖ FAIL").color(ui.visuals().error_fg_color))
                        .on_hover_text("An expectation failed: see below");
                }
                None => {
                    ui.weak("·")
                        .on_hover_text("Not run yet: click \"Run all scenarios\"");
                }
            }
            if ui
                .selectable_label(false, name)
                .on_hover_text(format!("{path} — click to {}", open_words(system)))
                .clicked()
            {
                open(system, path, commands);
            }
        });
        if let Some(r) = result {
            for failure in &r.failures {
                let text = format!(
                    "    {}:{}: {}",
                    failure.location.line, failure.location.column, failure.message
                );
                if ui
                    .link(RichText::new(text).color(ui.visuals().error_fg_color))
                    .on_hover_text("Open the file at the expectation that failed")
                    .clicked()
                {
                    commands.push(EditCommand::OpenText {
                        file: path.to_owned(),
                        at: Some(failure.location),
                    });
                }
            }
        }
    }
}

fn heading(system: System) -> &'static str {
    match system {
        System::Battle => "Battle scenarios",
        System::Rules => "Rules scenarios",
        System::Glyph => "Glyph networks",
        System::Encounter => "Encounters",
    }
}

fn open_words(system: System) -> &'static str {
    match system {
        System::Battle => "play it in the Sandbox",
        System::Rules => "step through it in the Rules tab",
        System::Glyph => "open the network",
        System::Encounter => "open the encounter",
    }
}

/// Opens a scenario where it plays.
fn open(system: System, path: &str, commands: &mut Vec<EditCommand>) {
    match system {
        System::Battle => {
            commands.push(EditCommand::Sandbox(BattleCommand::Load(path.to_owned())));
            commands.push(EditCommand::ShowTab(Tab::Sandbox));
        }
        System::Rules => {
            commands.push(EditCommand::Rules(RulesCommand::Load(path.to_owned())));
            commands.push(EditCommand::ShowTab(Tab::Rules));
        }
        System::Glyph | System::Encounter => {
            commands.push(EditCommand::OpenFile(path.to_owned()));
        }
    }
}
