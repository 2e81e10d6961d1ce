//! The try-out's set-up in the Rules tab (issue #31): for each player the champion and its
//! level, resource, hand and field, chosen from the pack's cards. Each change is one undoable
//! edit of `try-out.ron` (applied in `apply_hosted.rs`), and the try-out is played again from
//! its start, so a card under test can be tried at level 1 and at level 2, with or without a
//! resource to pay, against the board the designer wants.

use egui::Ui;
use sigilforge_engine::model::{Card, CardKind, Player};
use sigilforge_engine::rules::{PlayerSetup, RulesScenario};
use sigilforge_engine::wording::Names;

use crate::sandbox::rules::RulesCommand;
use crate::sandbox::set_up::{SetUp, SetUpZone};
use crate::shell::document::Document;

/// Draws the set-up of `scenario` (the try-out) and pushes each change.
pub fn set_up_ui(
    ui: &mut Ui,
    doc: &Document,
    scenario: &RulesScenario,
    push: &mut dyn FnMut(RulesCommand),
) {
    let cards: Vec<&Card> = doc.pack().cards().map(|(_, c)| c).collect();
    egui::CollapsingHeader::new("Set-up of the try-out")
        .default_open(true)
        .show(ui, |ui| {
            ui.weak("Each change is one undoable edit of try-out.ron; the try-out plays again from its start.");
            // One wrapped line a player, so the acting controls below stay in view.
            for (player, setup) in [(Player::A, &scenario.a), (Player::B, &scenario.b)] {
                ui.horizontal_wrapped(|ui| player_row(ui, player, setup, &cards, push));
            }
        });
}

/// One player's line: champion, level, resource, hand, field.
fn player_row(
    ui: &mut Ui,
    player: Player,
    setup: &PlayerSetup,
    cards: &[&Card],
    push: &mut dyn FnMut(RulesCommand),
) {
    let mut send = |s: SetUp| push(RulesCommand::SetUp(s));
    // Chips name cards as the rest of the screen does, never by id.
    let names = Names::new(cards.iter().map(|c| (c.id.as_str(), c.name.as_str())));
    let label = ui.strong(format!("{player:?}'s champion"));
    let shown = setup.champion.as_deref().unwrap_or("none");
    egui::ComboBox::from_id_salt(("try-champion", player))
        .selected_text(shown)
        .show_ui(ui, |ui| {
            if ui
                .selectable_label(setup.champion.is_none(), "none")
                .clicked()
            {
                send(SetUp::Champion(player, None));
            }
            for c in cards.iter().filter(|c| c.kind == CardKind::Champion) {
                let on = setup.champion.as_deref() == Some(c.id.as_str());
                if ui.selectable_label(on, &c.name).clicked() {
                    send(SetUp::Champion(player, Some(c.id.clone())));
                }
            }
        })
        .response
        .labelled_by(label.id);

    if setup.champion.is_some() {
        let label = ui.label(format!("{player:?}'s level"));
        let mut level = setup.level.unwrap_or(0);
        let printed = setup.level.is_none();
        let response = ui
            .add_enabled(!printed, egui::DragValue::new(&mut level).range(0..=99))
            .labelled_by(label.id);
        if response.changed() {
            send(SetUp::Level(player, Some(level)));
        }
        let mut own = printed;
        if ui
            .checkbox(&mut own, "as printed")
            .on_hover_text("The champion card's own level")
            .changed()
        {
            send(SetUp::Level(player, if own { None } else { Some(1) }));
        }
    }

    let label = ui.label(format!("{player:?}'s resource"));
    let mut resource = setup.resource;
    if ui
        .add(egui::DragValue::new(&mut resource).range(0..=99))
        .labelled_by(label.id)
        .changed()
    {
        send(SetUp::Resource(player, resource));
    }

    for (zone, list) in [
        (SetUpZone::Hand, &setup.hand),
        (SetUpZone::Field, &setup.city),
    ] {
        let label = ui.label(format!("{player:?}'s {}", zone.word()));
        for (i, id) in list.iter().enumerate() {
            let entry = names.name(id);
            if ui
                .small_button(format!("{entry} ×"))
                .on_hover_text(format!("Take {entry} out of the {}", zone.word()))
                .clicked()
            {
                send(SetUp::Remove(player, zone, i));
            }
        }
        egui::ComboBox::from_id_salt(("try-add", player, zone.word()))
            .selected_text(format!("Add to {player:?}'s {}", zone.word()))
            .show_ui(ui, |ui| {
                for c in cards.iter().filter(|c| c.kind != CardKind::Champion) {
                    if ui.selectable_label(false, &c.name).clicked() {
                        send(SetUp::Add(player, zone, c.id.clone()));
                    }
                }
            })
            .response
            .labelled_by(label.id);
    }
}
