//! Table mode: the game master runs the encounter live. The panel shows whose turn it is, the
//! turn order, each creature's health, Beats, resources and statuses with their
//! fleeting/persistent counters, and the log; one click applies damage (an amount, optionally
//! a damage type), healing, a status or its clearing to the selected creature, ends the turn,
//! or undoes the last table action. Every change is a [`TableCommand`] the host applies
//! (`EncounterEditor::apply_sandbox`), and the engine's [`TableSession`] carries it out with
//! the engine's rules. The session lives here, in memory: it is not the encounter file and it
//! is not saved by itself (leaving table mode or closing the editor ends it); "Save table
//! log…" writes it as a table log and "Open table log…" rebuilds it from one
//! ([`super::table_log`]). The creature whose turn it is uses abilities and moves through
//! [`super::table_play`]. The player window ([`super::player_window`]) shows the same session
//! to the players.

use std::path::PathBuf;

use egui::{Color32, RichText, Ui};
use sigilforge_engine::encounter::state::Combatant;
use sigilforge_engine::encounter::{
    Encounter, EncounterContent, EncounterRun, TableAction, TableSession,
};

use super::board::{log_line, status_lines, tokens_of};
use super::map_view::{MapAction, MapView, Token};
use super::table_play::PlayControls;
use super::table_reactions::{ReactionControls, deciders_ui, waiting_cells, waiting_lines};
use super::token_menu::givable_statuses;
use crate::dialogs::PathRequest;
use sigilforge_engine::wording::encounter_names;

/// What table mode asks its host for (inside `EncounterSandboxCommand::Table`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableCommand {
    /// Start (or start over) a session of the encounter as it is now.
    Start,
    /// One action of the game master, through the engine.
    Apply(TableAction),
    /// Take back the last table action.
    Undo,
    /// Leave table mode (the session ends; nothing is saved).
    Leave,
    /// Write the session as a table log (its seed and actions, with the log lines for a
    /// reader) to this file.
    SaveLog(PathBuf),
    /// Open a table log saved earlier: the session is rebuilt by replaying its actions.
    OpenLog(PathBuf),
    /// Open a table log up to the action before the first one that no longer fits.
    OpenLogUpTo(PathBuf),
}

/// Table mode's state: the live session and the GM's controls.
#[derive(Debug, Default)]
pub struct TableMode {
    pub(super) session: Option<TableSession>,
    /// The GM's controls (target, amount, status).
    pub controls: TableControls,
    /// Whether the player window is open.
    pub player_window: bool,
    /// The player window's map view (its own zoom).
    pub(crate) player_map: MapView,
    /// The player window's "TV size": bigger text and cells.
    pub tv_size: bool,
    pub(super) refusal: Option<String>,
    /// How the last "Save table log…" or "Open table log…" went.
    pub(super) saved: Option<String>,
    /// "Leave table mode" was clicked once: the row asks to confirm (the session is lost).
    confirm_leave: bool,
    /// The Reaction prompt's choices.
    reactions: ReactionControls,
    /// The token whose quick actions are shown beside it (the last one clicked on the map).
    token_menu: Option<String>,
    /// A table log refused for an action that no longer fits: its file and that action's
    /// number, offered to open up to the action before (`table_log`).
    pub(super) resume_offer: Option<(PathBuf, usize)>,
}

/// The GM's controls: what the next click applies, to whom.
#[derive(Debug)]
pub struct TableControls {
    /// The creature the controls act on.
    pub target: Option<String>,
    /// Points of damage or healing.
    pub amount: u32,
    /// The damage type ("" for none).
    pub damage_kind: String,
    /// The status "Give status" gives.
    pub status: String,
    /// Stacks "Give status" gives.
    pub stacks: u32,
    /// The target's resource "Spend" and "Gain" change (by Amount).
    pub resource: String,
    /// Use ability and Move, for the creature whose turn it is.
    pub play: PlayControls,
    /// The creature the acting one would Delay until after.
    pub delay_after: String,
}

impl Default for TableControls {
    fn default() -> Self {
        Self {
            target: None,
            amount: 1,
            damage_kind: String::new(),
            status: String::new(),
            stacks: 1,
            resource: String::new(),
            play: PlayControls::default(),
            delay_after: String::new(),
        }
    }
}

impl TableMode {
    /// The live session, if table mode is running.
    #[must_use]
    pub fn session(&self) -> Option<&TableSession> {
        self.session.as_ref()
    }

    /// Why the engine refused the last table action, if it did.
    #[must_use]
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    /// Carries out a table command; `source` is the encounter as edited (to start from).
    pub fn apply(
        &mut self,
        command: &TableCommand,
        source: Option<(&Encounter, &EncounterContent)>,
        seed: u64,
    ) {
        self.refusal = None;
        self.confirm_leave = false;
        match command {
            TableCommand::Start => match source {
                Some((enc, content)) => match TableSession::new(content, enc, seed) {
                    Ok(session) => {
                        let c = &mut self.controls;
                        if !content.conditions.contains_key(&c.status) {
                            c.status = givable_statuses(content)
                                .first()
                                .cloned()
                                .unwrap_or_default();
                        }
                        c.target = session
                            .run()
                            .current()
                            .map(|i| session.run().combatants[i].id.clone());
                        self.session = Some(session);
                    }
                    Err(e) => self.refusal = Some(format!("Table mode cannot start: {e}")),
                },
                None => self.refusal = Some("No encounter to run".to_owned()),
            },
            TableCommand::Apply(action) => {
                // The note of a saved or opened log belongs to the turn it was made in.
                if *action == TableAction::EndTurn {
                    self.saved = None;
                }
                if let Some(session) = &mut self.session
                    && let Err(e) = session.apply(action.clone())
                {
                    self.refusal = Some(e.to_string());
                }
            }
            TableCommand::Undo => {
                if let Some(session) = &mut self.session {
                    match session.undo() {
                        Ok(Some(_)) => {}
                        Ok(None) => self.refusal = Some("Nothing to undo at the table".to_owned()),
                        Err(e) => self.refusal = Some(format!("Cannot undo: {e}")),
                    }
                }
            }
            TableCommand::SaveLog(path) => self.save_log(path),
            TableCommand::OpenLog(path) => self.open_log(path, source),
            TableCommand::OpenLogUpTo(path) => self.open_log_up_to(path, source),
            TableCommand::Leave => {
                self.session = None;
                self.player_window = false;
            }
        }
    }

    /// Tokens for the GM's map: the session's state, everything shown.
    #[must_use]
    pub fn tokens(&self) -> Vec<Token> {
        self.session.as_ref().map_or_else(Vec::new, |session| {
            let run = session.run();
            let mut tokens = tokens_of(run, &run.state());
            for t in &mut tokens {
                t.waiting = waiting_cells(run, &t.id);
            }
            tokens
        })
    }

    /// Draws the GM's panel (controls, creatures, log) and pushes what the GM asks for.
    pub fn panel_ui(
        &mut self,
        ui: &mut Ui,
        enc: &Encounter,
        content: &EncounterContent,
        commands: &mut Vec<TableCommand>,
    ) {
        let log_dialog = ui.id().with("table_log_dialog");
        if let Some(path) = crate::dialogs::take(ui.ctx(), log_dialog) {
            commands.push(TableCommand::SaveLog(path));
        }
        let open_dialog = ui.id().with("table_open_log_dialog");
        if let Some(path) = crate::dialogs::take(ui.ctx(), open_dialog) {
            commands.push(TableCommand::OpenLog(path));
        }
        let Some(session) = &self.session else {
            ui.label("Table mode is not running.");
            if ui
                .button("Run at the table")
                .on_hover_text("Start a live session of this encounter")
                .clicked()
            {
                commands.push(TableCommand::Start);
            }
            return;
        };
        let run = session.run();
        heading(ui, run);
        turn_row(
            ui,
            session,
            &mut self.player_window,
            &mut self.confirm_leave,
            commands,
        );
        ui.separator();
        ui.horizontal(|ui| {
            if ui
                .button("Save table log…")
                .on_hover_text("Write this session to a file: its seed and actions (to open it again) and its log")
                .clicked()
            {
                crate::dialogs::open(
                    ui.ctx(),
                    log_dialog,
                    PathRequest::save_file(
                        "Save the table log",
                        "Table log",
                        &["ron"],
                        &format!("{} table log.ron", enc.name),
                    ),
                );
            }
            if ui
                .button("Open table log…")
                .on_hover_text("Resume a session saved earlier: its actions are replayed from its seed")
                .clicked()
            {
                crate::dialogs::open(
                    ui.ctx(),
                    open_dialog,
                    PathRequest::open_file("Open a table log", "Table log", &["ron"]),
                );
            }
        });
        if let Some(saved) = &self.saved {
            ui.label(saved)
                .on_hover_text("The last table log saved or opened");
        }
        let mut answers = Vec::new();
        deciders_ui(ui, run, &mut answers);
        self.controls.ui(ui, content, session, commands);
        // Below the controls: when it appears nothing the GM may be pointing at moves.
        self.reactions.prompt_ui(ui, session, &mut answers);
        commands.extend(answers.into_iter().map(TableCommand::Apply));
        if let Some(reason) = &self.refusal {
            let reason = encounter_names(run).in_text(reason);
            ui.colored_label(Color32::from_rgb(230, 90, 80), format!("Refused: {reason}"))
                .on_hover_text("The engine did not apply the last table action");
        }
        self.resume_offer_ui(ui, commands);
        let mut actions = Vec::new();
        super::token_menu::cell_hiding(ui, run, self.controls.play.cell, &mut actions);
        ui.separator();
        super::initiative::order_ui(ui, run, &mut self.controls.delay_after, &mut actions);
        commands.extend(actions.into_iter().map(TableCommand::Apply));
        ui.separator();
        ui.label(RichText::new("Creatures, in turn order").strong());
        for &i in &run.order {
            self.controls
                .creature_ui(ui, content, run, &run.combatants[i]);
        }
        ui.separator();
        ui.label(RichText::new("Log").strong())
            .on_hover_text("Everything the engine did in this session, oldest first");
        egui::ScrollArea::vertical()
            .id_salt("table_log")
            .max_height(260.0)
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for entry in run.log() {
                    ui.label(log_line(run, entry));
                }
            });
    }

    /// The GM's map: the session's state. Clicking a token makes it the target (and a target
    /// of the chosen ability) and opens its quick actions beside it; clicking a cell picks it
    /// for Move here, a Shape's origin or hiding; dragging the acting creature's token moves
    /// it (a Move), dragging another's puts it there (the GM's reposition).
    pub fn map_ui(
        &mut self,
        ui: &mut Ui,
        map_view: &mut MapView,
        enc: &Encounter,
        content: &EncounterContent,
        commands: &mut Vec<TableCommand>,
    ) {
        let tokens = self.tokens();
        map_view.fog = false;
        map_view.hidden_cells = self
            .session
            .as_ref()
            .map_or_else(Vec::new, |s| s.run().hidden_cells().to_vec());
        let actions = map_view.ui(
            ui,
            &enc.map,
            &tokens,
            self.controls.target.as_deref(),
            None,
            self.session.is_some(),
        );
        // The map view is shared with Prep and the sandbox, which hide nothing.
        map_view.hidden_cells.clear();
        let Some(run) = self.session.as_ref().map(TableSession::run) else {
            return;
        };
        for a in actions {
            match a {
                MapAction::ClickToken(id) => {
                    self.controls.play.token_clicked(&id, run);
                    self.controls.target = Some(id.clone());
                    self.token_menu = Some(id);
                }
                MapAction::ClickCell(cell) => {
                    self.controls.play.cell = Some(cell);
                    self.token_menu = None;
                }
                MapAction::DropToken { id, to } => {
                    let acting = run.current().map(|i| run.combatants[i].id.as_str());
                    let action = if acting == Some(id.as_str()) {
                        TableAction::Move { to }
                    } else {
                        TableAction::Reposition { target: id, to }
                    };
                    commands.push(TableCommand::Apply(action));
                }
            }
        }
        let mut actions = Vec::new();
        super::token_menu::quick_actions(
            ui,
            map_view,
            (&mut self.controls.amount, &mut self.controls.status),
            run,
            content,
            &mut self.token_menu,
            &mut actions,
        );
        commands.extend(actions.into_iter().map(TableCommand::Apply));
    }
}

impl TableControls {
    fn ui(
        &mut self,
        ui: &mut Ui,
        content: &EncounterContent,
        session: &TableSession,
        commands: &mut Vec<TableCommand>,
    ) {
        let run = session.run();
        let target = self.target.clone().unwrap_or_default();
        let names = encounter_names(run);
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "Target: {}",
                if target.is_empty() {
                    "none"
                } else {
                    names.name(&target)
                }
            ))
            .on_hover_text("Click a creature below or its token on the map to pick the target");
            let label = ui.label("Amount");
            ui.add(egui::DragValue::new(&mut self.amount).range(0..=999))
                .labelled_by(label.id)
                .on_hover_text("Points of damage or healing");
            let label = ui.label("Damage type");
            ui.add(
                egui::TextEdit::singleline(&mut self.damage_kind)
                    .hint_text("none")
                    .desired_width(70.0),
            )
            .labelled_by(label.id)
            .on_hover_text("Optional: Fire, Cold, … (empty for typeless damage)");
        });
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Apply damage")
                .on_hover_text("The target takes this damage, by the engine's rules (Vulnerable adds; it may drop)")
                .clicked()
            {
                let kind = self.damage_kind.trim();
                commands.push(TableCommand::Apply(TableAction::Damage {
                    target: target.clone(),
                    amount: self.amount,
                    kind: (!kind.is_empty()).then(|| kind.to_owned()),
                }));
            }
            if ui
                .button("Heal")
                .on_hover_text("The target regains this much health (never above its maximum)")
                .clicked()
            {
                commands.push(TableCommand::Apply(TableAction::Heal {
                    target: target.clone(),
                    amount: self.amount,
                }));
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Status");
            egui::ComboBox::from_id_salt("table_status")
                .selected_text(&self.status)
                .show_ui(ui, |ui| {
                    for name in givable_statuses(content) {
                        ui.selectable_value(&mut self.status, name.clone(), name);
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text("The status to give");
            let label = ui.label("Stacks");
            ui.add(egui::DragValue::new(&mut self.stacks).range(0..=99))
                .labelled_by(label.id)
                .on_hover_text("Stacks to give");
            if ui
                .button("Give status")
                .on_hover_text("The target gains these stacks of the status")
                .clicked()
            {
                commands.push(TableCommand::Apply(TableAction::Status {
                    target: target.clone(),
                    status: self.status.clone(),
                    stacks: self.stacks,
                }));
            }
            if ui
                .button("Clear status")
                .on_hover_text("The target loses these stacks of the status (all it has, at most)")
                .clicked()
            {
                commands.push(TableCommand::Apply(TableAction::ClearStatus {
                    target: target.clone(),
                    status: self.status.clone(),
                    stacks: self.stacks,
                }));
            }
        });
        self.resource_row(ui, run, &target, commands);
        let mut played = Vec::new();
        self.play.ui(ui, run, &mut played);
        commands.extend(played.into_iter().map(TableCommand::Apply));
    }

    /// The target's resources: pick one, then spend or gain Amount points of it.
    fn resource_row(
        &mut self,
        ui: &mut Ui,
        run: &EncounterRun,
        target: &str,
        commands: &mut Vec<TableCommand>,
    ) {
        let Some(c) = run.combatant(target).filter(|c| !c.resources.is_empty()) else {
            return;
        };
        if !c.resources.contains_key(&self.resource) {
            self.resource = c.resources.keys().next().cloned().unwrap_or_default();
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Resource");
            egui::ComboBox::from_id_salt("table_resource")
                .selected_text(&self.resource)
                .show_ui(ui, |ui| {
                    for name in c.resources.keys() {
                        ui.selectable_value(&mut self.resource, name.clone(), name);
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text("One of the target's resources");
            let change = i32::try_from(self.amount).unwrap_or(i32::MAX);
            for (text, sign, tip) in [
                ("Spend", -1, "The target spends Amount points of it"),
                ("Gain", 1, "The target gains Amount points of it"),
            ] {
                if ui.button(text).on_hover_text(tip).clicked() {
                    commands.push(TableCommand::Apply(TableAction::Resource {
                        target: target.to_owned(),
                        resource: self.resource.clone(),
                        change: change.saturating_mul(sign),
                    }));
                }
            }
        });
    }

    fn creature_ui(
        &mut self,
        ui: &mut Ui,
        content: &EncounterContent,
        run: &EncounterRun,
        c: &Combatant,
    ) {
        let acting = run.current().is_some_and(|i| run.combatants[i].id == c.id);
        let selected = self.target.as_deref() == Some(c.id.as_str());
        let mark = if acting { "▶ " } else { "" };
        let down = if c.standing() { "" } else { " (dropped)" };
        let beats = if c.beats == 1 { "Beat" } else { "Beats" };
        let names = encounter_names(run);
        let text = format!(
            "{mark}{}: {}/{} health, {} {beats}{down}",
            names.name(&c.id),
            c.health,
            c.max_health,
            c.beats
        );
        if ui
            .selectable_label(selected, text)
            .on_hover_text(format!("{}; click to make it the target", c.side))
            .clicked()
        {
            self.target = Some(c.id.clone());
        }
        ui.indent(("table_creature", &c.id), |ui| {
            if !c.resources.is_empty() {
                let list: Vec<String> = c
                    .resources
                    .iter()
                    .map(|(name, n)| format!("{name} {n}"))
                    .collect();
                ui.label(format!("Resources: {}", list.join(", ")));
            }
            for line in status_lines(c, names.name(&c.id), content) {
                ui.label(line);
            }
            for line in waiting_lines(run, &c.id) {
                ui.label(line);
            }
        });
    }
}

/// The turn's controls (Spend a Beat, End turn, Undo, Player window, Start over, Leave table
/// mode), drawn right under the heading: no status line, refusal or ability choice sits above
/// them, so they never move under the GM's cursor.
fn turn_row(
    ui: &mut Ui,
    session: &TableSession,
    player_window: &mut bool,
    confirm_leave: &mut bool,
    commands: &mut Vec<TableCommand>,
) {
    let run = session.run();
    ui.horizontal_wrapped(|ui| {
        let names = encounter_names(run);
        let whose = run
            .current()
            .map_or("", |i| names.name(&run.combatants[i].id))
            .to_owned();
        if ui
            .button("Spend a Beat")
            .on_hover_text(format!(
                "{whose} spends a Beat on what the table played (a move, an Action)"
            ))
            .clicked()
        {
            commands.push(TableCommand::Apply(TableAction::SpendBeat));
        }
        if ui
            .button("End turn")
            .on_hover_text(format!(
                "{whose}'s turn ends (Fleeting stacks go) and the next standing creature's begins"
            ))
            .clicked()
        {
            commands.push(TableCommand::Apply(TableAction::EndTurn));
        }
        let last = session
            .actions()
            .last()
            .map(|a| format!("Undo: {}", a.describe()));
        if ui
            .add_enabled(last.is_some(), egui::Button::new("Undo table action"))
            .on_hover_text(last.unwrap_or_else(|| "Nothing to undo".to_owned()))
            .clicked()
        {
            commands.push(TableCommand::Undo);
        }
        ui.toggle_value(player_window, "Player window")
            .on_hover_text("A second window for the players: the turn order and the map, nothing hidden");
        if ui
            .button("Start over")
            .on_hover_text("A new session of the encounter as it is now")
            .clicked()
        {
            commands.push(TableCommand::Start);
        }
        // Leaving loses the session: a second, distinct click confirms it, in this row's
        // last place so nothing before it moves.
        if *confirm_leave {
            if ui
                .button("Yes, leave table mode")
                .on_hover_text("End the session now: it is lost unless its table log was saved")
                .clicked()
            {
                commands.push(TableCommand::Leave);
            }
            if ui
                .button("Keep playing")
                .on_hover_text("Stay in table mode")
                .clicked()
            {
                *confirm_leave = false;
            }
        } else if ui
            .button("Leave table mode")
            .on_hover_text(
                "End the session (asks to confirm; it is not saved; the encounter file is unchanged)",
            )
            .clicked()
        {
            *confirm_leave = true;
        }
    });
}

/// Round and whose turn it is, with Beats left.
fn heading(ui: &mut Ui, run: &EncounterRun) {
    let text = match (run.outcome(), run.current()) {
        (Some(o), _) => format!(
            "Over: {} won in round {} ({})",
            o.winner.as_deref().unwrap_or("nobody"),
            o.rounds,
            o.reason
        ),
        (None, Some(i)) => {
            let c = &run.combatants[i];
            let beats = if c.beats == 1 { "Beat" } else { "Beats" };
            format!(
                "Round {}: {}'s turn, {} {beats} left",
                run.round(),
                encounter_names(run).name(&c.id),
                c.beats
            )
        }
        (None, None) => format!("Round {}", run.round()),
    };
    ui.label(RichText::new(text).strong().size(16.0))
        .on_hover_text("Whose turn it is and the Beats it has left");
}
