//! The player window: a second native window (an egui immediate viewport) that shows the
//! players the table session as it stands — the round, whose turn it is, the turn order and the
//! map — and nothing the GM keeps hidden. Heroes show their health (the players know their own
//! characters'); every other creature shows only a wound level in words ("unhurt", "hurt",
//! "bloodied" at half health or less, "down"), no health bar and no numbers. No Beats,
//! resources, abilities, statuses or log: the log holds dice, saves and health numbers.
//!
//! It is drawn in the same pass as the editor from the same session, so it follows every table
//! action at once; when the editor is idle neither window redraws. Where the backend cannot
//! open a second window (`Context::embed_viewports`, e.g. the GUI tests) it is a window inside
//! the editor, in the bottom-left corner.

use egui::{RichText, Ui, ViewportBuilder, ViewportId};
use sigilforge_engine::encounter::state::Combatant;
use sigilforge_engine::encounter::{Encounter, EncounterRun};

use super::map_view::{BASE_CELL, Token};
use super::table::TableMode;

/// The side whose health the players see in numbers.
pub const PLAYERS_SIDE: &str = "heroes";

/// A creature's wound level in words, for the players.
#[must_use]
pub fn wound_level(c: &Combatant) -> &'static str {
    if !c.standing() {
        "down"
    } else if c.health >= c.max_health {
        "unhurt"
    } else if c.health.saturating_mul(2) <= c.max_health {
        "bloodied"
    } else {
        "hurt"
    }
}

/// How the players see a creature's health: numbers for heroes, a wound level for the rest.
#[must_use]
pub fn player_health(c: &Combatant) -> String {
    if c.side == PLAYERS_SIDE {
        format!("{}/{} health", c.health.max(0), c.max_health)
    } else {
        wound_level(c).to_owned()
    }
}

/// The tokens the players see: no health bar but the heroes'.
#[must_use]
pub fn player_tokens(run: &EncounterRun) -> Vec<Token> {
    let turn = run.current();
    run.combatants
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let heroes = c.side == PLAYERS_SIDE;
            Token {
                id: c.id.clone(),
                name: c.name.clone(),
                side: c.side.clone(),
                position: c.position,
                // A foe's numbers never leave the engine's state: standing or not is all.
                health: if heroes {
                    c.health
                } else {
                    i32::from(c.standing())
                },
                max_health: if heroes { c.max_health } else { 1 },
                show_health: heroes,
                acting: turn == Some(i),
                beats: None,
                detail: format!("{} ({}): {}", c.id, c.name, player_health(c)),
                // What a creature holds ready is the GM's to know.
                waiting: None,
            }
        })
        .collect()
}

impl TableMode {
    /// Shows the player window while it is open and a session runs; closing the window (its
    /// close button) turns it off.
    pub fn player_window_ui(&mut self, ui: &Ui, enc: &Encounter) {
        let (Some(session), true) = (&self.session, self.player_window) else {
            return;
        };
        let run = session.run();
        let id = ViewportId::from_hash_of(("sigilforge_player_window", ui.id()));
        let title = format!("Players: {}", enc.name);
        let map_view = &mut self.player_map;
        let closed = if ui.ctx().embed_viewports() {
            // No second native window here (a backend without viewports, the GUI tests): a
            // window inside the editor, in the bottom-left corner, clear of the GM's panel.
            let mut open = true;
            egui::Window::new(title)
                .id(egui::Id::new(id))
                .open(&mut open)
                .default_size([560.0, 400.0])
                .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
                .show(ui.ctx(), |ui| players_ui(ui, run, enc, map_view));
            !open
        } else {
            let builder = ViewportBuilder::default()
                .with_title(title)
                .with_inner_size([900.0, 640.0]);
            ui.ctx().show_viewport_immediate(id, builder, |ui, _class| {
                egui::CentralPanel::default().show(ui, |ui| {
                    players_ui(ui, run, enc, map_view);
                });
                ui.input(|i| i.viewport().close_requested())
            })
        };
        if closed {
            self.player_window = false;
        }
    }
}

fn players_ui(
    ui: &mut Ui,
    run: &EncounterRun,
    enc: &Encounter,
    map_view: &mut super::map_view::MapView,
) {
    let heading = match (run.outcome(), run.current()) {
        (Some(o), _) => format!(
            "The encounter is over: {} won",
            o.winner.as_deref().unwrap_or("nobody")
        ),
        (None, Some(i)) => format!("Round {}: {}'s turn", run.round(), run.combatants[i].id),
        (None, None) => format!("Round {}", run.round()),
    };
    ui.label(RichText::new(heading).strong().size(22.0));
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.label(RichText::new("Turn order").strong().size(16.0));
            for &i in &run.order {
                let c = &run.combatants[i];
                let mark = if run.current() == Some(i) { "▶ " } else { "" };
                ui.label(
                    RichText::new(format!("{mark}{} ({}): {}", c.id, c.name, player_health(c)))
                        .size(15.0),
                );
            }
        });
        ui.separator();
        // The map fills the rest of the window.
        let space = ui.available_size();
        let w = enc.map.width.max(1) as f32 * BASE_CELL;
        let h = enc.map.height.max(1) as f32 * BASE_CELL;
        map_view.zoom = (space.x / w).min(space.y / h).clamp(0.4, 2.5);
        map_view.look_only = true;
        let tokens = player_tokens(run);
        // The players' map is for looking: its clicks are not acted on.
        map_view.ui(ui, &enc.map, &tokens, None, None, false);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use sigilforge_engine::encounter::TableSession;

    #[test]
    fn foes_show_a_wound_level_and_no_health_heroes_their_numbers() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../content/encounters/goblin_ambush.ron");
        let mut diags = sigilforge_engine::diag::Diagnostics::new();
        let (enc, content) = sigilforge_engine::encounter::load(&path, &mut diags).unwrap();
        let mut session = TableSession::new(&content, &enc, 0).unwrap();
        session
            .apply(sigilforge_engine::encounter::TableAction::Damage {
                target: "goblin_1".into(),
                amount: 3,
                kind: None,
            })
            .unwrap();
        let tokens = player_tokens(session.run());
        let goblin = tokens.iter().find(|t| t.id == "goblin_1").unwrap();
        assert!(!goblin.show_health);
        assert_eq!(
            (goblin.health, goblin.max_health),
            (1, 1),
            "standing, no more"
        );
        assert_eq!(goblin.detail, "goblin_1 (Goblin): bloodied");
        let bob = tokens.iter().find(|t| t.id == "bob").unwrap();
        assert!(bob.show_health);
        assert!(
            bob.detail
                .ends_with(&format!("{}/{} health", bob.health, bob.max_health))
        );
    }
}
