//! The encounter's script in GM prep: the actions in order (each taken by the creature whose turn
//! it is), remove the selected one, or append End turn, Take cover, Force roll, Move or Use.

use egui::{RichText, Ui};
use sigilforge_engine::encounter::{Encounter, EncounterContent, ScriptAction};

use super::edit::EncounterEdit;

/// Which kind of action "Add action" appends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NewAction {
    /// `EndTurn`.
    #[default]
    EndTurn,
    /// `TakeCover`.
    TakeCover,
    /// `ForceRoll(dice)`.
    ForceRoll,
    /// `Move(cell)`.
    Move,
    /// `Use(ability, targets)`.
    Use,
}

/// The script panel's view state.
#[derive(Debug, Default)]
pub struct ScriptPanel {
    /// The selected action's index.
    pub selected: Option<usize>,
    /// Kind of the action to add.
    pub kind: NewAction,
    /// Dice of a Force roll, as typed ("5 5").
    pub dice: String,
    /// Cell of a Move.
    pub cell: (i32, i32),
    /// Ability id of a Use.
    pub ability: String,
    /// Target ids of a Use, as typed ("bob, alice").
    pub targets: String,
}

/// One script action in plain words.
#[must_use]
pub fn action_text(a: &ScriptAction) -> String {
    match a {
        ScriptAction::Use {
            ability, targets, ..
        } if targets.is_empty() => format!("Use {ability}"),
        ScriptAction::Use {
            ability, targets, ..
        } => format!("Use {ability} on {}", targets.join(", ")),
        ScriptAction::Move(c) => format!("Move to ({}, {})", c.0, c.1),
        ScriptAction::TakeCover => "Take cover".to_owned(),
        ScriptAction::EndTurn => "End turn".to_owned(),
        ScriptAction::ForceRoll(d) => format!(
            "Force roll {}",
            d.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        ),
        ScriptAction::Reactions(id, on) => {
            format!("Reactions of {id} {}", if *on { "on" } else { "off" })
        }
    }
}

impl ScriptPanel {
    /// The action the add row describes, or why it cannot be added.
    fn new_action(&self) -> anyhow::Result<ScriptAction> {
        Ok(match self.kind {
            NewAction::EndTurn => ScriptAction::EndTurn,
            NewAction::TakeCover => ScriptAction::TakeCover,
            NewAction::Move => ScriptAction::Move(self.cell),
            NewAction::ForceRoll => {
                let dice: Result<Vec<u32>, _> =
                    self.dice.split_whitespace().map(str::parse).collect();
                match dice {
                    Ok(d) if !d.is_empty() => ScriptAction::ForceRoll(d),
                    _ => anyhow::bail!("type the dice as numbers, e.g. 5 5"),
                }
            }
            NewAction::Use => {
                if self.ability.is_empty() {
                    anyhow::bail!("choose an ability");
                }
                ScriptAction::Use {
                    ability: self.ability.clone(),
                    targets: self
                        .targets
                        .split(',')
                        .map(str::trim)
                        .filter(|t| !t.is_empty())
                        .map(str::to_owned)
                        .collect(),
                    shape: None,
                    bonuses: None,
                }
            }
        })
    }

    /// The panel.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        enc: &Encounter,
        content: &EncounterContent,
        edits: &mut Vec<EncounterEdit>,
    ) {
        ui.label(RichText::new("Script").strong())
            .on_hover_text("Actions in order, each taken by the creature whose turn it is");
        if self.selected.is_some_and(|i| i >= enc.script.len()) {
            self.selected = None;
        }
        egui::ScrollArea::vertical()
            .id_salt("encounter_script")
            .max_height(160.0)
            .show(ui, |ui| {
                if enc.script.is_empty() {
                    ui.label("(no script: the sandbox stops at once unless played out)")
                        .on_hover_text("Add actions below, or tick Play out after script");
                }
                for (i, a) in enc.script.iter().enumerate() {
                    let text = format!("{}. {}", i + 1, action_text(a));
                    if ui
                        .selectable_label(self.selected == Some(i), text)
                        .on_hover_text("Select this action")
                        .clicked()
                    {
                        self.selected = Some(i);
                    }
                }
            });
        if ui
            .add_enabled(self.selected.is_some(), egui::Button::new("Remove action"))
            .on_hover_text("Remove the selected script action")
            .clicked()
            && let Some(index) = self.selected.take()
        {
            edits.push(EncounterEdit::RemoveScriptAction { index });
        }
        ui.horizontal_wrapped(|ui| {
            for (kind, label, tip) in [
                (
                    NewAction::EndTurn,
                    "End turn",
                    "End the acting creature's turn",
                ),
                (
                    NewAction::TakeCover,
                    "Take cover",
                    "Spend a Beat to take cover",
                ),
                (
                    NewAction::ForceRoll,
                    "Force roll",
                    "Fix the raw dice of the next roll",
                ),
                (NewAction::Move, "Move", "Spend a Beat to move to a cell"),
                (NewAction::Use, "Use", "Start an ability on targets"),
            ] {
                ui.selectable_value(&mut self.kind, kind, label)
                    .on_hover_text(tip);
            }
        });
        self.fields_ui(ui, enc, content);
        let action = self.new_action();
        let button = ui
            .add_enabled(action.is_ok(), egui::Button::new("Add action"))
            .on_hover_text("Append this action to the script");
        let button = match &action {
            Err(why) => button.on_disabled_hover_text(why.to_string()),
            Ok(_) => button,
        };
        if button.clicked()
            && let Ok(a) = action
        {
            edits.push(EncounterEdit::AddScriptAction(a));
        }
    }

    fn fields_ui(&mut self, ui: &mut Ui, enc: &Encounter, content: &EncounterContent) {
        match self.kind {
            NewAction::EndTurn | NewAction::TakeCover => {}
            NewAction::ForceRoll => {
                ui.horizontal(|ui| {
                    let label = ui.label("Dice");
                    ui.text_edit_singleline(&mut self.dice)
                        .labelled_by(label.id)
                        .on_hover_text("The raw dice, separated by spaces (e.g. 5 5)");
                });
            }
            NewAction::Move => {
                ui.horizontal(|ui| {
                    ui.label("To").on_hover_text("The cell to move to");
                    ui.add(egui::DragValue::new(&mut self.cell.0).range(0..=enc.map.width - 1))
                        .on_hover_text("x (east)");
                    ui.add(egui::DragValue::new(&mut self.cell.1).range(0..=enc.map.height - 1))
                        .on_hover_text("y (south)");
                });
            }
            NewAction::Use => {
                let shown = if self.ability.is_empty() {
                    "(choose)".to_owned()
                } else {
                    self.ability.clone()
                };
                egui::ComboBox::from_label("Ability")
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        for (id, def) in &content.abilities {
                            ui.selectable_value(&mut self.ability, id.clone(), &def.name);
                        }
                    })
                    .response
                    .on_hover_text("The ability to start");
                ui.horizontal(|ui| {
                    let label = ui.label("Targets");
                    ui.text_edit_singleline(&mut self.targets)
                        .labelled_by(label.id)
                        .on_hover_text("Combatant ids, separated by commas");
                });
            }
        }
    }
}
