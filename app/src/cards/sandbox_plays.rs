//! Scheduling plays in the battle sandbox: which card each player plays in which turn's Deploy
//! phase (and on which of their own slots an artifact or spell lands).

use egui::Ui;
use sigilforge_engine::model::{BattleScenario, Player, ScheduledPlay};

use crate::sandbox::battle::BattleCommand;
use crate::shell::document::Document;

/// The play being written, before "Schedule play" adds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayDraft {
    /// Card id.
    pub card: String,
    /// Turn, from 1.
    pub turn: u32,
    /// Who plays it.
    pub player: Player,
    /// Target slot for artifacts and spells (0: the default, slot 1).
    pub target: u32,
}

impl Default for PlayDraft {
    fn default() -> Self {
        Self {
            card: String::new(),
            turn: 1,
            player: Player::A,
            target: 0,
        }
    }
}

impl PlayDraft {
    /// The play this draft describes, if a card is chosen.
    #[must_use]
    pub fn to_play(&self) -> Option<ScheduledPlay> {
        (!self.card.is_empty()).then(|| ScheduledPlay {
            turn: self.turn.max(1),
            player: self.player,
            card: self.card.clone(),
            target: (self.target > 0).then_some(self.target),
        })
    }
}

/// The list of scheduled plays (each removable) and a row to add one.
pub fn plays_ui(
    ui: &mut Ui,
    scenario: &BattleScenario,
    draft: &mut PlayDraft,
    doc: &Document,
    push: &mut impl FnMut(BattleCommand),
) {
    ui.horizontal_wrapped(|ui| {
        ui.strong("Plays");
        if scenario.plays.is_empty() {
            ui.weak("none scheduled");
        }
        for (index, play) in scenario.plays.iter().enumerate() {
            let who = if play.player == Player::A { "A" } else { "B" };
            let name = doc
                .pack()
                .card(&play.card)
                .map_or(play.card.as_str(), |c| c.name.as_str());
            let target = play
                .target
                .map(|t| format!(" on slot {t}"))
                .unwrap_or_default();
            ui.label(format!("turn {}: {who} plays {name}{target}", play.turn));
            if ui
                .small_button("Unschedule")
                .on_hover_text("Remove this play")
                .clicked()
            {
                push(BattleCommand::RemovePlay(index));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Play card");
        let selected = doc
            .pack()
            .card(&draft.card)
            .map_or_else(|| "Pick a card".to_owned(), |c| c.name.clone());
        egui::ComboBox::from_id_salt("sandbox-play-card")
            .selected_text(selected)
            .show_ui(ui, |ui| {
                for (_, card) in doc.pack().cards() {
                    ui.selectable_value(&mut draft.card, card.id.clone(), &card.name);
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(
                "The card to play (creatures join the line; artifacts and spells need a target)",
            );
        let label = ui.label("on turn");
        ui.add(egui::DragValue::new(&mut draft.turn).range(1..=999))
            .labelled_by(label.id)
            .on_hover_text("The turn whose Deploy phase plays it");
        ui.selectable_value(&mut draft.player, Player::A, "for A")
            .on_hover_text("Player A plays it");
        ui.selectable_value(&mut draft.player, Player::B, "for B")
            .on_hover_text("Player B plays it");
        let label = ui.label("target slot");
        ui.add(egui::DragValue::new(&mut draft.target).range(0..=99))
            .labelled_by(label.id)
            .on_hover_text(
                "For an artifact or spell: the slot of the player's own creature (0: slot 1)",
            );
        let play = draft.to_play();
        if ui
            .add_enabled(play.is_some(), egui::Button::new("Schedule play"))
            .on_hover_text("Add this play to the battle; it re-runs from the start")
            .clicked()
            && let Some(play) = play
        {
            push(BattleCommand::AddPlay(play));
        }
    });
}
