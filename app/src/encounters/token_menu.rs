//! Token-first play: with a token clicked on table mode's map, quick actions sit right beside
//! it — damage or heal it by Points, give it the chosen status, hide it from the players or
//! reveal it — as the same [`TableAction`]s the GM's panel applies (Points and the status are
//! the panel's Amount and Status). A cell clicked with no token in it offers hiding that cell
//! (or the 3 × 3 area around it) from the players.

use egui::{Id, Order, Ui};
use sigilforge_engine::encounter::space::{Cell, cell_words};
use sigilforge_engine::encounter::{EncounterContent, EncounterRun, TableAction};
use sigilforge_engine::model::StatusKind;

use super::map_view::MapView;

/// Draws the quick actions beside the token `open` names (the GM clicked it on the map);
/// `open` turns `None` when they are closed.
pub(super) fn quick_actions(
    ui: &Ui,
    map_view: &MapView,
    (amount, status): (&mut u32, &mut String),
    run: &EncounterRun,
    content: &EncounterContent,
    open: &mut Option<String>,
    actions: &mut Vec<TableAction>,
) {
    let Some(id) = open.clone() else { return };
    // The creature as the map names it ("Goblin 2"), never by its id.
    let name = (run.combatants.iter().position(|c| c.id == id))
        .and_then(|i| super::map_view::creature_names(run).into_iter().nth(i))
        .unwrap_or_else(|| id.clone());
    let Some(rect) = (map_view.token_rects.iter())
        .find(|(t, _)| *t == id)
        .map(|(_, r)| *r)
    else {
        *open = None;
        return;
    };
    // Beside the token, on the side of the map with more room, so it covers neither the
    // token nor the GM's panel.
    let right_half = map_view
        .map_rect
        .is_some_and(|m| rect.center().x > m.center().x);
    let (pivot, at) = if right_half {
        (egui::Align2::RIGHT_TOP, rect.left_top())
    } else {
        (egui::Align2::LEFT_TOP, rect.right_top())
    };
    egui::Area::new(Id::new("table_token_actions"))
        .order(Order::Foreground)
        .pivot(pivot)
        .fixed_pos(at)
        .constrain(true)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.strong(&name).on_hover_text(format!("id {id}"));
                    if ui.small_button("✖").on_hover_text("Close").clicked() {
                        *open = None;
                    }
                });
                ui.horizontal(|ui| {
                    let label = ui.label("Points");
                    ui.add(egui::DragValue::new(amount).range(0..=999))
                        .labelled_by(label.id)
                        .on_hover_text("Points of damage or healing (the panel's Amount)");
                    if ui
                        .button(format!("Damage {name}"))
                        .on_hover_text("It takes this damage by the engine's rules")
                        .clicked()
                    {
                        actions.push(TableAction::Damage {
                            target: id.clone(),
                            amount: *amount,
                            kind: None,
                        });
                    }
                    if ui
                        .button(format!("Heal {name}"))
                        .on_hover_text("It regains this much health")
                        .clicked()
                    {
                        actions.push(TableAction::Heal {
                            target: id.clone(),
                            amount: *amount,
                        });
                    }
                });
                ui.horizontal(|ui| {
                    egui::ComboBox::from_id_salt("token_status")
                        .selected_text(status.as_str())
                        .show_ui(ui, |ui| {
                            for name in givable_statuses(content) {
                                ui.selectable_value(status, name.clone(), name);
                            }
                        })
                        .response
                        .on_hover_text("The status to give (the panel's Status)");
                    if ui
                        .button(format!("Give {status}"))
                        .on_hover_text("It gains one stack of the status")
                        .clicked()
                    {
                        actions.push(TableAction::Status {
                            target: id.clone(),
                            status: status.clone(),
                            stacks: 1,
                        });
                    }
                });
                let hidden = run.is_hidden(&id);
                let (text, tip) = if hidden {
                    ("Reveal to players", "The players see it again")
                } else {
                    (
                        "Hide from players",
                        "The player window leaves it out (an ambusher)",
                    )
                };
                if ui.button(text).on_hover_text(tip).clicked() {
                    actions.push(TableAction::Hide {
                        creature: id.clone(),
                        hidden: !hidden,
                    });
                }
            });
        });
}

/// Hiding the picked cell (or the 3 × 3 area around it) from the players, or revealing it.
pub(super) fn cell_hiding(
    ui: &mut Ui,
    run: &EncounterRun,
    cell: Option<Cell>,
    actions: &mut Vec<TableAction>,
) {
    let Some(cell) = cell else { return };
    let hidden = run.hidden_cells().contains(&cell);
    let area: Vec<Cell> = (-1..=1)
        .flat_map(|dy| (-1..=1).map(move |dx| (cell.0 + dx, cell.1 + dy)))
        .collect();
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Players' view of {}:", cell_words(cell)));
        let (one, three) = if hidden {
            ("Reveal cell", "Reveal 3×3 area")
        } else {
            ("Hide cell", "Hide 3×3 area")
        };
        if ui
            .button(one)
            .on_hover_text(
                "The player window shows this cell blank, with nothing in it (or shows it again)",
            )
            .clicked()
        {
            actions.push(TableAction::HideCells {
                cells: vec![cell],
                hidden: !hidden,
            });
        }
        if ui
            .button(three)
            .on_hover_text("The same for the cells around it (an area, a glyph's reach)")
            .clicked()
        {
            actions.push(TableAction::HideCells {
                cells: area,
                hidden: !hidden,
            });
        }
    });
}

/// The statuses the GM can give (Concentrating comes with Concentration effects only).
pub(super) fn givable_statuses(content: &EncounterContent) -> Vec<String> {
    content
        .conditions
        .values()
        .filter(|d| d.kind != StatusKind::Concentrating)
        .map(|d| d.name.clone())
        .collect()
}
