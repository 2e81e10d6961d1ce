//! The inspector: the selected glyph's id, position, colour, abilities, built-ins, injections
//! and moves, and the network's own settings. Every change is one [`GlyphEdit`]. The glyph's
//! own fields are sent when a field is left (Enter or click elsewhere), never per keystroke
//! or per drag step; its abilities are the model's values and are drawn by the one generic
//! form, whose typing merges into one undo step per field.

use egui::{Color32, Id, RichText, Ui};
use sigilforge_engine::glyph::{GlyphAbility, GlyphAction, GlyphDef, GlyphTime, Injection, Move};

use super::widgets::{committed_text, format_colour, format_units, parse_colour};
use super::{Frame, GlyphEdit};
use crate::form::{FormChange, FormContext, struct_form};

/// The inspector's own state: the rows for adding injections and moves, and a colour being
/// picked (sent when the pointer is released).
pub struct Inspector {
    inject_round: String,
    inject_command: String,
    move_round: String,
    move_x: String,
    move_y: String,
    colour_pending: Option<(String, [u8; 3])>,
}

impl Default for Inspector {
    fn default() -> Self {
        Inspector {
            inject_round: "1".to_owned(),
            inject_command: "ping".to_owned(),
            move_round: "2".to_owned(),
            move_x: "0".to_owned(),
            move_y: "0".to_owned(),
            colour_pending: None,
        }
    }
}

impl Inspector {
    /// Draws the inspector for the selected glyph, then the network's settings.
    pub fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let selected = frame
            .selected
            .as_deref()
            .and_then(|id| frame.net.glyphs.iter().find(|g| g.id == id))
            .cloned();
        if let Some(def) = selected {
            self.glyph_ui(ui, frame, &def);
        } else {
            ui.heading("No glyph selected");
            ui.label("Click a glyph in the graph or on the map, or press \"Add glyph\".");
        }
        ui.separator();
        network_ui(ui, frame);
    }

    fn glyph_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>, def: &GlyphDef) {
        let id = def.id.clone();
        ui.heading(format!("Glyph {id}"));
        egui::Grid::new("glyph_fields")
            .num_columns(2)
            .show(ui, |ui| {
                let tip = "Unique id; links, injections and moves follow a rename";
                if let Some(new_id) = committed_text(ui, ("id", &id), "Glyph id", &id, tip) {
                    let new_id = new_id.trim().to_owned();
                    if frame.emit(GlyphEdit::RenameGlyph {
                        id: id.clone(),
                        new_id: new_id.clone(),
                    }) {
                        *frame.selected = Some(new_id);
                    }
                }
                ui.end_row();
                let tip = "Position in units (1u = Swinging Distance); Enter to apply";
                for (axis, label) in [(0, "Position x"), (1, "Position y")] {
                    let value = if axis == 0 { def.pos.0 } else { def.pos.1 };
                    if let Some(text) =
                        committed_text(ui, (label, &id), label, &value.to_string(), tip)
                    {
                        match text.trim().parse::<f64>() {
                            Ok(v) => {
                                let to = if axis == 0 {
                                    (v, def.pos.1)
                                } else {
                                    (def.pos.0, v)
                                };
                                frame.emit(GlyphEdit::MoveGlyph { id: id.clone(), to });
                            }
                            Err(_) => *frame.refusal = Some(format!("\"{text}\" is not a number")),
                        }
                    }
                    ui.end_row();
                }
            });
        self.colour_ui(ui, frame, def);
        ui.separator();
        abilities_ui(ui, frame, def);
        ui.separator();
        builtins_ui(ui, frame, def);
        ui.separator();
        self.schedule_ui(ui, frame, def);
    }

    fn colour_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>, def: &GlyphDef) {
        ui.horizontal(|ui| {
            let own = def.colour.as_deref().and_then(parse_colour);
            let mut has = own.is_some();
            if ui
                .checkbox(&mut has, "Own colour")
                .on_hover_text(
                    "The colour the glyph shines in when it sends (the creator's choice)",
                )
                .changed()
            {
                let colour = has.then(|| "#ffc83c".to_owned());
                frame.emit(GlyphEdit::SetColour {
                    id: def.id.clone(),
                    colour,
                });
            }
            if let Some(c) = own {
                let mut rgb = match &self.colour_pending {
                    Some((id, rgb)) if *id == def.id => *rgb,
                    _ => [c.r(), c.g(), c.b()],
                };
                if ui
                    .color_edit_button_srgb(&mut rgb)
                    .on_hover_text("Pick the shining colour")
                    .changed()
                {
                    self.colour_pending = Some((def.id.clone(), rgb));
                }
                ui.label(def.colour.clone().unwrap_or_default());
            }
        });
        // One edit per pick: sent once the pointer is released.
        if !ui.input(|i| i.pointer.any_down())
            && let Some((id, rgb)) = self.colour_pending.take()
        {
            let colour = Some(format_colour(rgb));
            if def.id == id && def.colour != colour {
                frame.emit(GlyphEdit::SetColour { id, colour });
            }
        }
    }

    fn schedule_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>, def: &GlyphDef) {
        ui.label(RichText::new("Injections").strong())
            .on_hover_text("Commands from outside (a creature, a GM) written in the network file");
        let injections: Vec<(usize, Injection)> = frame
            .net
            .inject
            .iter()
            .enumerate()
            .filter(|(_, inj)| inj.glyph == def.id)
            .map(|(i, inj)| (i, inj.clone()))
            .collect();
        for (index, inj) in injections {
            ui.horizontal(|ui| {
                ui.label(format!("round {}: \"{}\"", inj.round, inj.command));
                if ui
                    .small_button("✖")
                    .on_hover_text("Remove this injection")
                    .clicked()
                {
                    frame.emit(GlyphEdit::RemoveInjection { index });
                }
            });
        }
        ui.horizontal(|ui| {
            ui.add(egui::TextEdit::singleline(&mut self.inject_round).desired_width(30.0))
                .on_hover_text("The round it arrives in");
            ui.add(egui::TextEdit::singleline(&mut self.inject_command).desired_width(80.0))
                .on_hover_text("The command");
            if ui
                .button("Add injection")
                .on_hover_text("Write this injection into the network")
                .clicked()
            {
                match self.inject_round.trim().parse::<u32>() {
                    Ok(round) => {
                        frame.emit(GlyphEdit::AddInjection(Injection {
                            round,
                            glyph: def.id.clone(),
                            command: self.inject_command.trim().to_owned(),
                        }));
                    }
                    Err(_) => {
                        *frame.refusal =
                            Some(format!("\"{}\" is not a round number", self.inject_round));
                    }
                }
            }
        });
        ui.label(RichText::new("Scheduled moves").strong())
            .on_hover_text(
                "The glyph is carried elsewhere at the start of a round; links beyond 4u break",
            );
        let moves: Vec<(usize, Move)> = frame
            .net
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.glyph == def.id)
            .map(|(i, m)| (i, m.clone()))
            .collect();
        for (index, m) in moves {
            ui.horizontal(|ui| {
                ui.label(format!("round {}: to {}", m.round, format_units(m.to)));
                if ui
                    .small_button("✖")
                    .on_hover_text("Remove this move")
                    .clicked()
                {
                    frame.emit(GlyphEdit::RemoveMove { index });
                }
            });
        }
        ui.horizontal(|ui| {
            ui.add(egui::TextEdit::singleline(&mut self.move_round).desired_width(30.0))
                .on_hover_text("The round it happens");
            ui.add(egui::TextEdit::singleline(&mut self.move_x).desired_width(40.0))
                .on_hover_text("New x in units");
            ui.add(egui::TextEdit::singleline(&mut self.move_y).desired_width(40.0))
                .on_hover_text("New y in units");
            if ui
                .button("Add move")
                .on_hover_text("Schedule this move")
                .clicked()
            {
                let parsed = (
                    self.move_round.trim().parse::<u32>(),
                    self.move_x.trim().parse::<f64>(),
                    self.move_y.trim().parse::<f64>(),
                );
                if let (Ok(round), Ok(x), Ok(y)) = parsed {
                    frame.emit(GlyphEdit::AddMove(Move {
                        round,
                        glyph: def.id.clone(),
                        to: (x, y),
                    }));
                } else {
                    *frame.refusal = Some("a move needs a round number and two numbers".to_owned());
                }
            }
        });
    }
}

/// The glyph's abilities, each drawn by the one generic form (`crate::form`): trigger,
/// time, state guard, delay and actions, every variant of the model with no widget of its
/// own. A value typed is one [`GlyphEdit::AbilityField`] (merged per field in the undo
/// history), anything else one [`GlyphEdit::EditAbility`].
fn abilities_ui(ui: &mut Ui, frame: &mut Frame<'_>, def: &GlyphDef) {
    ui.label(RichText::new("Abilities").strong())
        .on_hover_text("On a command, at a time, do actions in order");
    let ctx = FormContext::default();
    for (index, ability) in def.abilities.iter().enumerate() {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            let mut copy = ability.clone();
            let mut change = FormChange::None;
            struct_form(
                ui,
                &ctx,
                Id::new(("glyph ability", &def.id, index)),
                &mut copy,
                "",
                &mut change,
            );
            let id = def.id.clone();
            match change {
                FormChange::None => {}
                FormChange::Value(field) => {
                    frame.emit(GlyphEdit::AbilityField {
                        id,
                        index,
                        field,
                        ability: copy,
                    });
                }
                FormChange::Structure(_) => {
                    frame.emit(GlyphEdit::EditAbility {
                        id,
                        index,
                        ability: copy,
                    });
                }
            }
            if ui
                .button("Remove ability")
                .on_hover_text("Delete this ability")
                .clicked()
            {
                frame.emit(GlyphEdit::RemoveAbility {
                    id: def.id.clone(),
                    index,
                });
            }
        });
    }
    if ui
        .button("Add ability")
        .on_hover_text("Append an ability: on a command, Reaction, one effect")
        .clicked()
    {
        frame.emit(GlyphEdit::AddAbility {
            id: def.id.clone(),
            ability: GlyphAbility {
                on: "ping".to_owned(),
                time: GlyphTime::Reaction,
                does: vec![GlyphAction::Effect("glow".to_owned())],
                ..GlyphAbility::default()
            },
        });
    }
}

fn builtins_ui(ui: &mut Ui, frame: &mut Frame<'_>, def: &GlyphDef) {
    ui.label(RichText::new("Built-ins").strong())
        .on_hover_text("Free Reactions every glyph may have; empty means none");
    let id = def.id.clone();
    egui::Grid::new("glyph_builtins")
        .num_columns(2)
        .show(ui, |ui| {
            let current = def.dismiss_on.clone().unwrap_or_default();
            let tip = "A Free Reaction to this command dismisses the glyph (empty: none)";
            if let Some(c) = committed_text(ui, ("dismiss", &id), "Dismiss on", &current, tip) {
                let command = Some(c.trim().to_owned()).filter(|c| !c.is_empty());
                frame.emit(GlyphEdit::SetDismissOn {
                    id: id.clone(),
                    command,
                });
            }
            ui.end_row();
            let (command, rounds) = def.disable_on.clone().unwrap_or_default();
            let tip = "A Free Reaction to this command disables the glyph (empty: none)";
            if let Some(c) = committed_text(ui, ("disable", &id), "Disable on", &command, tip) {
                let c = c.trim().to_owned();
                let on = (!c.is_empty()).then_some((c, rounds.max(1)));
                frame.emit(GlyphEdit::SetDisableOn { id: id.clone(), on });
            }
            ui.end_row();
            if !command.is_empty() {
                let tip = "For how many rounds it receives nothing";
                if let Some(n) = committed_text(
                    ui,
                    ("disable_n", &id),
                    "Disabled rounds",
                    &rounds.to_string(),
                    tip,
                ) {
                    match n.trim().parse::<u32>() {
                        Ok(n) => {
                            frame.emit(GlyphEdit::SetDisableOn {
                                id: id.clone(),
                                on: Some((command, n)),
                            });
                        }
                        Err(_) => {
                            *frame.refusal = Some(format!("\"{n}\" is not a number of rounds"));
                        }
                    }
                }
                ui.end_row();
            }
        });
    let links: Vec<(String, String)> = frame
        .net
        .links
        .iter()
        .filter(|(a, b)| *a == id || *b == id)
        .cloned()
        .collect();
    ui.label(RichText::new("Links").strong())
        .on_hover_text("Glyphs this one sends to");
    if links.is_empty() {
        ui.weak("none");
    }
    for (a, b) in links {
        ui.horizontal(|ui| {
            let other = if a == id { &b } else { &a };
            ui.label(other);
            if ui.small_button("✖").on_hover_text("Unlink").clicked() {
                frame.emit(GlyphEdit::RemoveLink {
                    a: a.clone(),
                    b: b.clone(),
                });
            }
        });
    }
}

fn network_ui(ui: &mut Ui, frame: &mut Frame<'_>) {
    ui.label(RichText::new("Network").strong());
    egui::Grid::new("glyph_network_fields")
        .num_columns(2)
        .show(ui, |ui| {
            let name = frame.net.name.clone();
            if let Some(n) = committed_text(ui, "net_name", "Name", &name, "What the network is") {
                frame.emit(GlyphEdit::SetName(n));
            }
            ui.end_row();
            let max = frame.net.max_rounds.to_string();
            let tip = "A run stops after this round at the latest";
            if let Some(n) = committed_text(ui, "net_max", "Max rounds", &max, tip) {
                match n.trim().parse::<u32>() {
                    Ok(n) => {
                        frame.emit(GlyphEdit::SetMaxRounds(n));
                    }
                    Err(_) => *frame.refusal = Some(format!("\"{n}\" is not a number of rounds")),
                }
            }
            ui.end_row();
        });
    let counts = format!(
        "{} glyph(s), {} link(s), {} injection(s), {} move(s)",
        frame.net.glyphs.len(),
        frame.net.links.len(),
        frame.net.inject.len(),
        frame.net.moves.len()
    );
    ui.label(RichText::new(counts).color(Color32::GRAY));
}
