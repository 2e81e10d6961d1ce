//! The Rules tab: pick any rules scenario of the pack (`RulesScenario` files, the starter's
//! `rules-tests/`), then step, step back and seek through its script in the one sandbox panel
//! (`crate::sandbox`, whose rules board is [`crate::sandbox::rules`]). The scenario is read from
//! the document, so editing it (or a card of the pack it names) re-runs it to the same step.

use std::path::Path;

use egui::Ui;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::model::profile::names_a_file;
use sigilforge_engine::model::{Card, CardKind};
use sigilforge_engine::pack::Content;
use sigilforge_engine::rules::{Action, RulesRun, RulesScenario, file_profile, load_scenario_pack};

use super::sandbox::scenario_list_ui;
use crate::sandbox::rules::{RulesCommand, RulesSandbox};
use crate::sandbox::rules_act::{ActView, act_ui};
use crate::sandbox::{SandboxCommand, SystemSandbox as _, sandbox_ui};
use crate::shell::commands::EditCommand;
use crate::shell::document::Document;

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
    /// The user's own line of play, once they act by clicking.
    pub branch: Option<Branch>,
    /// What the engine refused (or found wrong) in the user's last action.
    pub refusal: Option<String>,
    /// The acting controls' choices in progress.
    act_view: ActView,
    /// The name typed for saving the run as a new scenario.
    pub save_name: String,
    /// The document revision the run was built from.
    built_at: crate::sandbox::BuiltAt,
}

/// The user's line of play: the scenario's script up to the step where they first acted, then
/// the actions they clicked (the recording). Its expectations are set aside: they were
/// written for the scenario's own script.
#[derive(Debug, Clone, PartialEq)]
pub struct Branch {
    /// Script actions of the scenario kept before the user's first action.
    pub from: usize,
    /// The whole script the run now plays: the kept actions, then the user's.
    pub script: Vec<Action>,
}

impl Branch {
    /// The actions the user clicked, in order.
    #[must_use]
    pub fn recorded(&self) -> &[Action] {
        self.script.get(self.from..).unwrap_or_default()
    }
}

/// `path` with its `.` and `..` parts worked out by name, not on disk.
fn lexical(path: &Path) -> std::path::PathBuf {
    let mut out = std::path::PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The rules scenario in a pack file, if it is one.
#[must_use]
pub fn rules_scenario_in<'a>(doc: &'a Document, path: &str) -> Option<&'a RulesScenario> {
    match doc.pack().file(path).map(|f| &f.content) {
        Some(Content::RulesScenario(s)) => Some(s),
        _ => None,
    }
}

/// The scenario in `path` ready to run: its `pack` folder's cards and keywords added under
/// its own, as `sigilforge rules` adds them (read from the open document when the folder is
/// the open pack, so unsaved card edits count). The first problem is the error.
pub fn prepared_scenario(doc: &Document, path: &str) -> anyhow::Result<RulesScenario> {
    let (Some(file), Some(scenario)) = (doc.pack().file(path), rules_scenario_in(doc, path)) else {
        anyhow::bail!("{path} is not a rules scenario");
    };
    let mut scenario = scenario.clone();
    attach_profile(doc, path, &mut scenario)?;
    let Some(pack) = scenario.pack.clone() else {
        return Ok(scenario);
    };
    let absolute = doc.pack().root.join(path);
    let dir = absolute.parent().unwrap_or(Path::new(".")).join(&pack);
    // Lexically first: a scenario not saved yet (the first try-out) has no folder on disk.
    let same = |a: &Path, b: &Path| {
        lexical(a) == lexical(b)
            || matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b)
    };
    if same(&dir, &doc.pack().root) {
        for (_, card) in doc.pack().cards() {
            scenario
                .cards
                .entry(card.id.clone())
                .or_insert_with(|| card.clone());
        }
        for (_, def) in doc.pack().keywords() {
            if !scenario.keywords.iter().any(|k| k.matches(&def.name)) {
                scenario.keywords.push(def.clone());
            }
        }
        return Ok(scenario);
    }
    let mut problems = Diagnostics::new();
    load_scenario_pack(&mut scenario, &file.source, &absolute, &mut problems);
    match problems.iter().next() {
        Some(problem) => Err(anyhow::anyhow!("{problem}")),
        None => Ok(scenario),
    }
}

/// Gives the scenario in `path` the game profile it follows, read from the open document so
/// an unsaved edit of a profile file counts: a `.ron` file it names (beside it), else the
/// nearest `profile.ron` or the pack's manifest (`sigilforge rules` reads the same from disk).
/// A built-in profile named by the scenario needs nothing here.
fn attach_profile(doc: &Document, path: &str, scenario: &mut RulesScenario) -> anyhow::Result<()> {
    match scenario.profile.as_deref() {
        Some(name) if names_a_file(name) => {
            let beside = Path::new(path).parent().unwrap_or(Path::new("")).join(name);
            let file = beside.to_string_lossy().replace('\\', "/");
            match doc.pack().file(&file).map(|f| &f.content) {
                Some(Content::GameProfile(profile)) => {
                    scenario.profile_file = Some(profile.as_ref().clone());
                }
                _ => anyhow::bail!("{path}: `{name}` is not a game profile file of the pack"),
            }
        }
        Some(_) => {}
        None => {
            if let Some(profile) = file_profile(doc.pack(), path) {
                scenario.profile_file =
                    Some(profile.map_err(|why| anyhow::anyhow!("{path}: {why}"))?);
            }
        }
    }
    Ok(())
}

/// The pack file "Try in Rules tab" (the card editor) puts cards in: a rules scenario in the
/// pack's scratch folder (never exported or run by `sigilforge test`) that names the pack's
/// own cards (`pack: Some("..")`).
pub const TRY_OUT_FILE: &str = "scratch/try-out.ron";

/// The scenario a first "Try in Rules tab" writes: the pack's cards, nothing placed yet, A
/// with resource and fealty to pay for what is tried, the main phase, no script.
#[must_use]
pub fn try_out_scenario() -> RulesScenario {
    let mut scenario = RulesScenario {
        name: "Try-out".to_owned(),
        description: "Cards put here by \"Try in Rules tab\" in the card editor: act on them by clicking, then save the run as a scenario.".to_owned(),
        pack: Some("..".to_owned()),
        ..RulesScenario::default()
    };
    scenario.a.resource = 5;
    scenario.a.fealty = 5;
    scenario
}

/// Puts `card` where player A can try it: a champion becomes A's champion, a card played
/// from hand (action, spell, item, artifact) goes to A's hand, any other card to A's city.
/// Returns false when it is there already (nothing changed).
pub fn place_card(scenario: &mut RulesScenario, card: &Card) -> bool {
    let a = &mut scenario.a;
    if card.kind == CardKind::Champion {
        if a.champion.as_deref() == Some(card.id.as_str()) {
            return false;
        }
        a.champion = Some(card.id.clone());
        return true;
    }
    let placed = |zone: &[String]| {
        zone.iter()
            .any(|c| c.split(['#', '@']).next() == Some(card.id.as_str()))
    };
    if placed(&a.hand) || placed(&a.city) {
        return false;
    }
    match card.kind {
        CardKind::Action | CardKind::Spell | CardKind::Item | CardKind::Artifact => {
            a.hand.push(card.id.clone());
        }
        _ => a.city.push(card.id.clone()),
    }
    true
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
        self.branch = None;
        self.refusal = None;
        self.act_view = ActView::default();
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
            RulesCommand::Act(action) => self.act(action, doc),
            // Saving and trying a card edit files: the editor's apply does it (one undoable edit).
            RulesCommand::SaveRecording(_) | RulesCommand::TryCard(_) | RulesCommand::SetUp(_) => {}
            RulesCommand::LeaveBranch => {
                self.branch = None;
                self.refusal = None;
                self.rebuild(doc);
            }
        }
    }

    /// Runs the user's action at the current step through the rules engine, as the next
    /// action of the script: the run branches there (the script's later actions and its
    /// expectations are set aside) and steps once. A refusal is kept to show.
    fn act(&mut self, action: &Action, doc: &Document) {
        let Some(sandbox) = &self.sandbox else { return };
        let run = sandbox.run();
        let at = run.actions_run();
        let (rejected, errors) = (run.game().rejected.len(), run.game().errors.len());
        let mut script = run.scenario().script.get(..at).unwrap_or_default().to_vec();
        script.push(action.clone());
        let from = self.branch.as_ref().map_or(at, |b| b.from.min(at));
        self.branch = Some(Branch { from, script });
        // Replayed to the step before the action, then the action itself.
        self.sandbox = None;
        self.rebuild(doc);
        self.step(&SandboxCommand::Seek(at + 1));
        self.refusal = self.sandbox.as_ref().and_then(|s| {
            let game = s.run().game();
            let refused = game.rejected.get(rejected..).unwrap_or_default();
            let wrong = game.errors.get(errors..).unwrap_or_default();
            let all: Vec<&str> = refused.iter().chain(wrong).map(String::as_str).collect();
            (!all.is_empty()).then(|| all.join("; "))
        });
    }

    /// The run as shown, as a new scenario named `name` to save beside the one played: the
    /// played file's scenario (its own cards, keywords and `pack`) with the script up to the
    /// current step and expectations taken from the state there. `None` with nothing played.
    #[must_use]
    pub fn recording(&self, doc: &Document, name: &str) -> Option<(String, RulesScenario)> {
        let path = self.source.as_deref()?;
        let run = self.sandbox.as_ref()?.run();
        let mut scenario = rules_scenario_in(doc, path)?.clone();
        let at = run.actions_run();
        scenario.description = format!(
            "Recorded in the Rules tab from \"{}\" ({path}); expectations taken from the state after step {at}.",
            scenario.name
        );
        name.trim().clone_into(&mut scenario.name);
        scenario.script = run.scenario().script.get(..at).unwrap_or_default().to_vec();
        scenario.expect = run.game().expected_now();
        let dir = Path::new(path)
            .parent()
            .map(|d| d.to_string_lossy().into_owned())
            .unwrap_or_default();
        Some((dir, scenario))
    }

    /// Re-runs the scenario to the same step if the document changed since it was built (the
    /// Another document was opened: its revisions start again, so the run is rebuilt at the
    /// next refresh whatever the number.
    pub fn document_replaced(&mut self) {
        self.built_at.forget();
    }

    /// scenario or a card was edited, an edit was undone, a file was reloaded).
    pub fn refresh(&mut self, doc: &Document) {
        if self.is_active() && !self.built_at.is(doc.generation()) {
            self.rebuild(doc);
        }
    }

    /// Re-reads the scenario from the document and re-runs it to the same step.
    fn rebuild(&mut self, doc: &Document) {
        self.built_at.set(doc.generation());
        let Some(path) = &self.source else { return };
        if rules_scenario_in(doc, path).is_none() {
            // The file is gone: nothing to play.
            self.source = None;
            self.sandbox = None;
            self.error = None;
            return;
        }
        let branch = self.branch.clone();
        let run = prepared_scenario(doc, path)
            .map(|mut s| {
                if let Some(b) = branch {
                    s.script = b.script;
                    s.expect.clear();
                }
                s
            })
            .and_then(|s| Ok(RulesRun::new(&s)?));
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
                self.error = Some(format!("{e:#}"));
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
                .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
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
        if let Some(scenario) = scenario
            && self.source.as_deref() == Some(TRY_OUT_FILE)
        {
            super::try_out_setup::set_up_ui(ui, doc, scenario, &mut push);
        }
        let Some(sandbox) = &self.sandbox else {
            if scenario.is_none() {
                ui.weak("Pick a rules scenario to step through its script.");
            }
            return;
        };
        ui.separator();
        let scenario_name = scenario.map_or("", |s| s.name.as_str());
        branch_ui(
            ui,
            self.branch.as_ref(),
            scenario_name,
            &mut self.save_name,
            &mut push,
        );
        if let Some(refusal) = &self.refusal {
            ui.colored_label(ui.visuals().error_fg_color, format!("Refused: {refusal}"));
        }
        act_ui(ui, sandbox.run().game(), &mut self.act_view, &mut |a| {
            push(RulesCommand::Act(a));
        });
        ui.separator();
        sandbox_ui(ui, sandbox, &mut |c| push(RulesCommand::Run(c)));
    }
}

/// Says what acting did to the run: from which step the user's own actions replace the
/// scenario's script, and which actions they are.
fn branch_ui(
    ui: &mut Ui,
    branch: Option<&Branch>,
    scenario: &str,
    save_name: &mut String,
    push: &mut dyn FnMut(RulesCommand),
) {
    let Some(branch) = branch else {
        ui.weak("Acting below branches the run at the current step: the script's later actions and its expectations are set aside.");
        return;
    };
    ui.label(format!(
        "Your line of play: the first {} action(s) of \"{scenario}\", then {} of yours (its later actions and its expectations are set aside).",
        branch.from,
        branch.recorded().len()
    ));
    ui.horizontal_wrapped(|ui| {
        for (i, action) in branch.recorded().iter().enumerate() {
            ui.weak(format!("{}. {}", branch.from + i + 1, action));
        }
    });
    if ui
        .button("Back to the scenario's script")
        .on_hover_text(
            "Drop your actions and play the scenario's own script again, at the same step",
        )
        .clicked()
    {
        push(RulesCommand::LeaveBranch);
    }
    ui.horizontal(|ui| {
        // An empty name stands for the one shown as the hint (the field can still be cleared).
        let default = format!("{scenario} (recorded)");
        let label = ui.label("New scenario's name");
        ui.add(egui::TextEdit::singleline(save_name).hint_text(&default))
            .labelled_by(label.id);
        if ui
            .button("Save as scenario")
            .on_hover_text("Write the script up to this step as a new rules scenario file beside this one, expecting the state shown now (one undoable edit)")
            .clicked()
        {
            let name = match save_name.trim() {
                "" => default,
                typed => typed.to_owned(),
            };
            push(RulesCommand::SaveRecording(name));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: &str, kind: CardKind) -> Card {
        Card {
            id: id.to_owned(),
            name: id.to_owned(),
            kind,
            ..Card::default()
        }
    }

    #[test]
    fn tried_cards_go_where_player_a_can_use_them_once() {
        let mut s = try_out_scenario();
        assert!(place_card(&mut s, &card("lorraine", CardKind::Champion)));
        assert!(place_card(&mut s, &card("wolf", CardKind::Beast)));
        assert!(place_card(&mut s, &card("bolt", CardKind::Action)));
        assert!(place_card(&mut s, &card("sword", CardKind::Item)));
        assert!(!place_card(&mut s, &card("wolf", CardKind::Beast)));
        assert!(!place_card(&mut s, &card("lorraine", CardKind::Champion)));
        assert_eq!(s.a.champion.as_deref(), Some("lorraine"));
        assert_eq!(s.a.city, ["wolf"]);
        assert_eq!(s.a.hand, ["bolt", "sword"]);
        assert!(place_card(&mut s, &card("queen", CardKind::Champion)));
        assert_eq!(s.a.champion.as_deref(), Some("queen"));
    }
}
