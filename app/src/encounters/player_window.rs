//! The player window: a second native window (an egui immediate viewport) that shows the
//! players the table session as it stands — the round, whose turn it is, the turn order and the
//! map — and nothing the GM keeps hidden. Heroes show their health (the players know their own
//! characters'); every other creature shows only a wound level in words ("unhurt", "hurt",
//! "bloodied" at half health or less, "down"), no health bar and no numbers. No Beats,
//! resources, abilities, statuses or log: the log holds dice, saves and health numbers.
//!
//! What the GM hides (a creature, cells of the map; [`EncounterRun::is_hidden`],
//! [`EncounterRun::hidden_cells`]) is not there at all: no token, no place in the turn order,
//! hidden cells blank with nothing drawn in them. "TV size" draws the text and the map big
//! enough to read across a room.
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

/// Whether the players see this creature: not hidden by the GM, not in a hidden cell.
#[must_use]
pub fn seen_by_players(run: &EncounterRun, c: &Combatant) -> bool {
    !run.is_hidden(&c.id) && !run.hidden_cells().contains(&c.position)
}

/// The tokens the players see: no health bar but the heroes', nothing the GM hides.
#[must_use]
pub fn player_tokens(run: &EncounterRun) -> Vec<Token> {
    let turn = run.current();
    // Numbered among every creature, hidden ones too, so "Goblin 1" reads the same on the
    // GM's map and stays so when a hidden goblin is revealed.
    let names = super::map_view::creature_names(run);
    run.combatants
        .iter()
        .zip(names)
        .enumerate()
        .filter(|(_, (c, _))| seen_by_players(run, c))
        .map(|(i, (c, name))| {
            let detail = format!("{name}: {}", player_health(c));
            let heroes = c.side == PLAYERS_SIDE;
            Token {
                id: c.id.clone(),
                name,
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
                statuses: Vec::new(),
                hidden: false,
                detail,
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
        let tv = &mut self.tv_size;
        let closed = if ui.ctx().embed_viewports() {
            // No second native window here (a backend without viewports, the GUI tests): a
            // window inside the editor, in the bottom-left corner, clear of the GM's panel.
            let mut open = true;
            egui::Window::new(title)
                .id(egui::Id::new(id))
                .open(&mut open)
                .default_size([560.0, 400.0])
                .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
                .show(ui.ctx(), |ui| players_ui(ui, run, enc, map_view, tv));
            !open
        } else {
            let builder = ViewportBuilder::default()
                .with_title(title)
                .with_inner_size([900.0, 640.0]);
            ui.ctx().show_viewport_immediate(id, builder, |ui, _class| {
                egui::CentralPanel::default().show(ui, |ui| {
                    players_ui(ui, run, enc, map_view, tv);
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
    tv: &mut bool,
) {
    // TV size: text big enough to read across a room, the map's cells as big as they fit.
    let scale = if *tv { 1.7 } else { 1.0 };
    let seen = |i: usize| seen_by_players(run, &run.combatants[i]);
    let names = super::map_view::creature_names(run);
    let heading = match (run.outcome(), run.current()) {
        (Some(o), _) => format!(
            "The encounter is over: {} won",
            o.winner.as_deref().unwrap_or("nobody")
        ),
        (None, Some(i)) if seen(i) => {
            format!("Round {}: {}'s turn", run.round(), names[i])
        }
        // A hidden creature's turn: the players see only the round.
        (None, _) => format!("Round {}", run.round()),
    };
    ui.horizontal(|ui| {
        ui.label(RichText::new(heading).strong().size(22.0 * scale));
        ui.toggle_value(tv, "TV size")
            .on_hover_text("Bigger text and map cells, to read from across the room");
    });
    let lines: Vec<String> = (run.order.iter().filter(|&&i| seen(i)))
        .map(|&i| {
            let c = &run.combatants[i];
            let mark = if run.current() == Some(i) { "▶ " } else { "" };
            format!("{mark}{}: {}", names[i], player_health(c))
        })
        .collect();
    let mut draw_map = |ui: &mut Ui| {
        // The map fills the rest of the window (TV size: up to bigger cells).
        let space = ui.available_size();
        let w = enc.map.width.max(1) as f32 * BASE_CELL;
        let h = enc.map.height.max(1) as f32 * BASE_CELL;
        map_view.zoom = (space.x / w).min(space.y / h).clamp(0.4, 2.5 * scale);
        map_view.look_only = true;
        map_view.fog = true;
        map_view.text_scale = scale;
        map_view.hidden_cells = run.hidden_cells().to_vec();
        let tokens = player_tokens(run);
        // The players' map is for looking: its clicks are not acted on.
        map_view.ui(ui, &enc.map, &tokens, None, None, false);
    };
    if *tv {
        // TV size: the turn order on a line above the map, so the map keeps the whole width.
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Turn order:").strong().size(16.0 * scale));
            for line in &lines {
                ui.label(RichText::new(line).size(15.0 * scale));
                ui.separator();
            }
        });
        ui.separator();
        draw_map(ui);
    } else {
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.label(RichText::new("Turn order").strong().size(16.0));
                for line in &lines {
                    ui.label(RichText::new(line).size(15.0));
                }
            });
            ui.separator();
            draw_map(ui);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sigilforge_engine::encounter::TableSession;

    #[test]
    fn foes_show_a_wound_level_and_no_health_heroes_their_numbers() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../engine/tests/fixtures/pack/encounters/goblin_ambush.ron");
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
        assert_eq!(goblin.detail, "Goblin 1: bloodied", "named, never by id");
        let bob = tokens.iter().find(|t| t.id == "bob").unwrap();
        assert!(bob.show_health);
        assert!(
            bob.detail
                .ends_with(&format!("{}/{} health", bob.health, bob.max_health))
        );
    }
}
