//! Table mode's play controls: the creature whose turn it is uses an ability (picked from
//! those the engine offers, each one it cannot start greyed with the reason; its targets
//! picked by their lines or tokens, never more than it takes; the engine's dice or the Score
//! the table rolled) or moves (its token dragged on the map, or a clicked cell and "Move
//! here"). Each becomes a [`TableAction`] the engine carries out with its own rules.

use egui::{Color32, RichText, Ui};
use sigilforge_engine::encounter::space::{Cell, ShapePlacement, cell_words};
use sigilforge_engine::encounter::{EncounterRun, TableAbility, TableAction};
use sigilforge_engine::wording::{Names, encounter_names};

/// What the GM has chosen for the acting creature's next ability or move.
#[derive(Debug, Default)]
pub struct PlayControls {
    /// The ability's id.
    pub ability: String,
    /// Its targets, by id.
    pub targets: Vec<String>,
    /// Whether the GM types the Score the table rolled (else the engine rolls).
    pub typed: bool,
    /// The Score typed (`None`: none yet this turn; it starts in the middle of the dice).
    pub score: Option<i32>,
    /// The map cell last clicked: where "Move here" goes, and a Shape's origin.
    pub cell: Option<Cell>,
    /// The turn (round, creature) the choices were made for; a new turn starts afresh.
    turn: Option<(u32, String)>,
}

impl PlayControls {
    /// Starts afresh when the turn changed: the first ability the creature can start, no
    /// targets, no Score typed, no map cell (the last creature's choices are not the next's).
    fn follow_turn(&mut self, run: &EncounterRun, offered: &[TableAbility]) {
        let turn = run
            .current()
            .map(|i| (run.round(), run.combatants[i].id.clone()));
        if turn != self.turn {
            self.turn = turn;
            self.targets.clear();
            self.ability.clear();
            self.score = None;
            self.cell = None;
        }
        if !offered.iter().any(|a| a.id == self.ability) {
            self.ability = offered
                .iter()
                .find(|a| a.problem.is_none())
                .or(offered.first())
                .map(|a| a.id.clone())
                .unwrap_or_default();
            self.targets.clear();
        }
    }

    /// Draws the Use ability and Move controls for the creature whose turn it is.
    pub(super) fn ui(&mut self, ui: &mut Ui, run: &EncounterRun, actions: &mut Vec<TableAction>) {
        let Some(me) = run.current().filter(|_| run.outcome().is_none()) else {
            return;
        };
        let names = encounter_names(run);
        let whose = names.name(&run.combatants[me].id).to_owned();
        let offered = run.table_abilities();
        self.follow_turn(run, &offered);
        ui.separator();
        ui.label(RichText::new(format!("{whose} acts")).strong())
            .on_hover_text("Use one of its abilities or move it, by the engine's rules");
        let chosen = offered.iter().find(|a| a.id == self.ability).cloned();
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Ability");
            egui::ComboBox::from_id_salt("table_ability")
                .selected_text(chosen.as_ref().map_or("none", |a| a.name.as_str()))
                .show_ui(ui, |ui| {
                    for a in &offered {
                        let picked = ui
                            .add_enabled(
                                a.problem.is_none(),
                                egui::Button::selectable(self.ability == a.id, &a.name),
                            )
                            .on_hover_text(a.time.name())
                            .on_disabled_hover_text(a.problem.clone().unwrap_or_default());
                        if picked.clicked() {
                            self.ability.clone_from(&a.id);
                            self.targets.clear();
                        }
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text("Greyed: it cannot be started now (hover one for why)");
        });
        let Some(ability) = chosen else {
            ui.label(format!("{whose} has no ability to use"));
            self.move_row(ui, &whose, actions);
            return;
        };
        if let Some(why) = &ability.problem {
            ui.colored_label(
                Color32::from_rgb(230, 90, 80),
                format!(
                    "{} cannot be started now: {}",
                    ability.name,
                    names.in_text(why)
                ),
            );
        }
        self.targets_ui(ui, &ability, &names);
        if ability.shape {
            let text = self.cell.map_or_else(
                || "Shape origin: click a cell on the map".to_owned(),
                |c| format!("Shape origin: {}", cell_words(c)),
            );
            ui.label(text);
        }
        self.roll_ui(ui, &ability);
        let use_it = egui::Button::new(format!("Use {}", ability.name));
        if ui
            .add_enabled(ability.problem.is_none(), use_it)
            .on_hover_text("The engine starts it: Requirements, Components, the Test, Saves, damage, Reactions")
            .clicked()
        {
            actions.push(TableAction::UseAbility {
                ability: ability.id.clone(),
                targets: self.targets.clone(),
                shape: self
                    .cell
                    .filter(|_| ability.shape)
                    .map(|origin| ShapePlacement {
                        origin,
                        toward: None,
                        include_origin: false,
                    }),
                score: self.score.filter(|_| self.typed && ability.score_range.is_some()),
            });
        }
        self.move_row(ui, &whose, actions);
    }

    /// One checkbox per creature: valid targets can be picked (a Slow Action may also aim at
    /// ones not valid yet), never more than the ability takes.
    fn targets_ui(&mut self, ui: &mut Ui, ability: &TableAbility, names: &Names) {
        if !ability.picks_targets {
            return;
        }
        let max = ability.max_targets;
        self.targets
            .retain(|t| ability.targets.iter().any(|(id, _)| id == t));
        ui.label(format!(
            "Targets ({} of at most {max}; click a line or a token)",
            self.targets.len()
        ));
        let slow = ability.time == sigilforge_engine::encounter::AbilityTime::SlowAction;
        ui.horizontal_wrapped(|ui| {
            for (id, why) in &ability.targets {
                let mut on = self.targets.contains(id);
                let full = !on && self.targets.len() >= max;
                let allowed = (why.is_none() || slow) && !full;
                let name = names.name(id);
                let text = match why {
                    Some(why) => format!("{name} ({})", names.in_text(why)),
                    None => name.to_owned(),
                };
                let response = ui
                    .add_enabled(allowed, egui::Checkbox::new(&mut on, text))
                    .on_disabled_hover_text(if full {
                        format!("{} takes at most {max} target(s)", ability.name)
                    } else {
                        names.in_text(why.as_deref().unwrap_or_default())
                    });
                if response.changed() {
                    self.toggle(id, max);
                }
            }
        });
    }

    /// Adds or removes a target; at the cap, a single-target ability's target is replaced.
    fn toggle(&mut self, id: &str, max: usize) {
        if let Some(at) = self.targets.iter().position(|t| t == id) {
            self.targets.remove(at);
        } else if self.targets.len() < max {
            self.targets.push(id.to_owned());
        } else if max == 1 {
            self.targets = vec![id.to_owned()];
        }
    }

    /// A token clicked on the map: a target of the chosen ability, when it is a valid one.
    pub(super) fn token_clicked(&mut self, id: &str, run: &EncounterRun) {
        let offered = run.table_abilities();
        let Some(ability) = offered.iter().find(|a| a.id == self.ability) else {
            return;
        };
        let slow = ability.time == sigilforge_engine::encounter::AbilityTime::SlowAction;
        let valid = (ability.targets.iter()).any(|(t, why)| t == id && (why.is_none() || slow));
        if ability.picks_targets && valid {
            self.toggle(id, ability.max_targets);
        }
    }

    /// The engine's dice, or the Score the table rolled (within what the dice can make).
    fn roll_ui(&mut self, ui: &mut Ui, ability: &TableAbility) {
        let Some((low, high)) = ability.score_range else {
            ui.label(format!(
                "{} has no Test: an automatic Mixed Score",
                ability.name
            ));
            return;
        };
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut self.typed, false, "The engine rolls")
                .on_hover_text("The run's seeded dice (undo replays them exactly)");
            ui.radio_value(&mut self.typed, true, "The table rolled")
                .on_hover_text("Type the Score the players rolled: kept dice plus the modifier");
            if self.typed {
                // A fresh Score starts in the middle of what the dice make, not at a critical.
                let score = self.score.get_or_insert(low + (high - low) / 2);
                if !(low..=high).contains(score) {
                    *score = low + (high - low) / 2;
                }
                let label = ui.label("Score");
                ui.add(egui::DragValue::new(score).range(low..=high))
                    .labelled_by(label.id)
                    .on_hover_text(format!(
                        "{low} to {high}: {low} is a Critical Failure, {high} a Critical Success"
                    ));
            }
        });
    }

    /// Move the acting creature to the clicked cell (or drag its token).
    fn move_row(&self, ui: &mut Ui, whose: &str, actions: &mut Vec<TableAction>) {
        ui.horizontal_wrapped(|ui| {
            let text = self.cell.map_or_else(
                || "Map cell: none (click a cell on the map)".to_owned(),
                |c| format!("Map cell: {}", cell_words(c)),
            );
            ui.label(text);
            if let Some(to) = self.cell
                && ui
                    .button(format!("Move {whose} here"))
                    .on_hover_text("A Beat, up to its speed, in a straight line; walls and occupied cells stop it (or drag its token)")
                    .clicked()
            {
                actions.push(TableAction::Move { to });
            }
        });
    }
}
