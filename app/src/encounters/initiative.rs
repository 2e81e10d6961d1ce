//! Table mode's turn order: roll initiative, reorder (drag a creature's row by its handle onto
//! another row, or Earlier / Later for keyboard users) and Delay the acting creature until
//! after a later one. Each is a [`TableAction`] the session records, so undo and saved table
//! logs replay it; the engine's readings are in `engine/src/encounter/table_gm.rs`.

use egui::{Color32, RichText, Ui};
use sigilforge_engine::encounter::{EncounterRun, LogKind, TableAction};

/// Draws the turn order with its controls and pushes what the GM asks for. `delay_after` is
/// the creature the acting one would delay until after (kept between frames).
pub(super) fn order_ui(
    ui: &mut Ui,
    run: &EncounterRun,
    delay_after: &mut String,
    actions: &mut Vec<TableAction>,
) {
    let first_turn = !run.log().iter().any(|e| e.kind == LogKind::TurnEnd);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Turn order").strong());
        if ui
            .add_enabled(first_turn, egui::Button::new("Roll initiative"))
            .on_hover_text("Every creature rolls the encounter's Test dice; highest acts first (before the first turn ends)")
            .on_disabled_hover_text("Initiative is rolled before the first turn ends; reorder by hand now")
            .clicked()
        {
            actions.push(TableAction::RollInitiative);
        }
    });
    let last = run.order.len().saturating_sub(1);
    let names = super::map_view::creature_names(run);
    for (place, &i) in run.order.iter().enumerate() {
        let c = &run.combatants[i];
        let name = &names[i];
        let acting = run.current() == Some(i);
        let row = ui.horizontal(|ui| {
            let handle = ui
                .dnd_drag_source(ui.id().with(("turn_order_row", &c.id)), place, |ui| {
                    let mut text = RichText::new(format!("☰ {}. {name}", place + 1));
                    if acting {
                        text = text.strong().color(Color32::from_rgb(250, 210, 60));
                    }
                    if !c.standing() {
                        text = text.weak();
                    }
                    ui.label(text)
                })
                .response;
            handle.on_hover_text(format!(
                "{name} ({}, id {}); drag onto another row to move it there",
                c.side, c.id
            ));
            if run.is_hidden(&c.id) {
                ui.label(RichText::new("hidden").italics().weak())
                    .on_hover_text("Not in the player window");
            }
            if ui
                .add_enabled(place > 0, egui::Button::new("Earlier").small())
                .on_hover_text(format!("{name} acts one place earlier"))
                .clicked()
            {
                actions.push(TableAction::Reorder {
                    creature: c.id.clone(),
                    to: place - 1,
                });
            }
            if ui
                .add_enabled(place < last, egui::Button::new("Later").small())
                .on_hover_text(format!("{name} acts one place later"))
                .clicked()
            {
                actions.push(TableAction::Reorder {
                    creature: c.id.clone(),
                    to: place + 1,
                });
            }
        });
        if let Some(from) = row.response.dnd_release_payload::<usize>()
            && *from != place
            && let Some(&moved) = run.order.get(*from)
        {
            actions.push(TableAction::Reorder {
                creature: run.combatants[moved].id.clone(),
                to: place,
            });
        }
    }
    delay_row(ui, run, delay_after, actions);
}

/// "Delay until after": the creatures later in this round's order; Delay moves the acting
/// creature behind the one picked and the next creature's turn begins.
fn delay_row(
    ui: &mut Ui,
    run: &EncounterRun,
    delay_after: &mut String,
    actions: &mut Vec<TableAction>,
) {
    let Some(now) = run.current() else { return };
    let Some(here) = run.order.iter().position(|&o| o == now) else {
        return;
    };
    let names = super::map_view::creature_names(run);
    // Each later creature: its id (what the action names) and its name (what the GM reads).
    let later: Vec<(&str, &str)> = run.order[here + 1..]
        .iter()
        .map(|&i| (run.combatants[i].id.as_str(), names[i].as_str()))
        .collect();
    if !later.iter().any(|(id, _)| *id == delay_after.as_str()) {
        *delay_after = later
            .first()
            .map_or_else(String::new, |(id, _)| (*id).to_owned());
    }
    let shown = later
        .iter()
        .find(|(id, _)| *id == delay_after.as_str())
        .map_or("", |(_, name)| name);
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Delay until after");
        egui::ComboBox::from_id_salt("table_delay_after")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (id, name) in &later {
                    ui.selectable_value(delay_after, (*id).to_owned(), *name);
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text("A creature later in this round's order");
        let who = &run.combatants[now].id;
        if ui
            .add_enabled(!delay_after.is_empty(), egui::Button::new("Delay"))
            .on_hover_text(format!(
                "{who} waits: it acts right after {delay_after} this round, and the next creature's turn begins"
            ))
            .clicked()
        {
            actions.push(TableAction::Delay {
                after: delay_after.clone(),
            });
        }
    });
}
