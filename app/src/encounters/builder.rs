//! GM prep: the monster library — every stat block with its key numbers, searched by name, id,
//! tag or "level N" and filtered by level ("Add to heroes" / "Add to foes", the new combatant
//! numbered after those of its block: a second goblin is `goblin_2`, "Goblin 2"; "Tweak here"
//! selects one using the block, whose changes for this encounter follow) —, the turn order
//! (select a row, then Earlier / Later; the engine has no initiative roll, so the order is
//! manual), the selected combatant (side, reactions, remove, an ability whose reach the map
//! shows), the selected combatant's stat block as changed for this encounter only (name, health,
//! Flavors, Upgrades, reset), map tools (place, paint blocking or cover), the map size and the
//! script. Every change is pushed as an [`EncounterEdit`].

use egui::{RichText, Ui};
use sigilforge_engine::encounter::file::CombatantSpec;
use sigilforge_engine::encounter::{Encounter, EncounterContent, StatBlockChange};
use sigilforge_engine::model::StatBlock;
use sigilforge_engine::wording::Names;

use super::edit::{EncounterEdit, first_free_cell, fresh_combatant_id};
use super::script::ScriptPanel;

/// What a click on an empty map cell does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MapTool {
    /// Move the selected combatant there.
    #[default]
    Place,
    /// Toggle a blocking object.
    Blocking,
    /// Toggle cover.
    Cover,
}

/// The prep panel's view state.
#[derive(Debug, Default)]
pub struct Prep {
    /// Search text of the monster library.
    pub search: String,
    /// The library shows only stat blocks of this level (`None`: any level).
    pub level: Option<u32>,
    /// The stat block picked in the picker.
    pub picked: Option<String>,
    /// The selected combatant.
    pub selected: Option<String>,
    /// The ability whose reach and Shape the map shows.
    pub ability: Option<String>,
    /// What a click on the map does.
    pub tool: MapTool,
    /// Map size being typed (applied with "Resize"), and the size it started from (the typed
    /// size is dropped when the map's size changes, e.g. by undo).
    pub size: Option<((i32, i32), (i32, i32))>,
    /// Encounter name being typed (applied when the field loses focus).
    pub name: Option<String>,
    /// Max rounds being dragged or typed.
    pub max_rounds: Option<u32>,
    /// Pick the selected combatant's first ability with a reach when the panel next draws.
    pub ability_auto: bool,
    /// The script list and its add row.
    pub script: ScriptPanel,
    /// The selected combatant's stat block name for this encounter, being typed (applied when
    /// the field loses focus).
    pub change_name: Option<String>,
    /// Its health for this encounter, being dragged or typed.
    pub change_health: Option<i32>,
}

/// A stat block's key numbers as the library shows them: "level 1 · 5 health · 2 Beats ·
/// speed 4 · Fighter +1 · 2 abilities · Goblinoid".
#[must_use]
pub fn key_numbers(block: &StatBlock) -> String {
    let mut parts = vec![
        format!("level {}", block.level),
        format!("{} health", block.health),
        format!("{} Beats", block.beats),
        format!("speed {}", block.speed),
    ];
    // Its best stat, the one its attacks most likely use.
    if let Some((stat, v)) = block
        .stats
        .iter()
        .max_by_key(|(name, v)| (**v, std::cmp::Reverse(*name)))
    {
        parts.push(format!("{stat} {v:+}"));
    }
    let n = block.abilities.len();
    parts.push(format!(
        "{n} {}",
        if n == 1 { "ability" } else { "abilities" }
    ));
    if !block.tags.is_empty() {
        parts.push(block.tags.join(", "));
    }
    parts.join(" · ")
}

/// Whether the library's search text finds `block`: a word of its name, its id, a tag, or
/// "level N" (case ignored; empty finds every block).
#[must_use]
pub fn library_finds(block: &StatBlock, search: &str) -> bool {
    let needle = search.trim().to_lowercase();
    if needle.is_empty() {
        return true;
    }
    let haystack = format!(
        "{} ({}) level {} {}",
        block.name,
        block.id,
        block.level,
        block.tags.join(" ")
    )
    .to_lowercase();
    haystack.contains(&needle)
}

/// Every stat block the encounter can use, with its data (pack first, then the encounter's own),
/// sorted by id.
fn library(enc: &Encounter, content: &EncounterContent) -> Vec<StatBlock> {
    let mut out: Vec<StatBlock> = content.creatures.values().cloned().collect();
    for b in &enc.creatures {
        if !out.iter().any(|o| o.id == b.id) {
            out.push(b.clone());
        }
    }
    out.sort_by(|a, b| a.id.cmp(&b.id));
    out
}

/// The names the wording layer gives the encounter's combatants (two of one name numbered),
/// from their stat blocks as this encounter has them.
#[must_use]
pub fn combatant_names(enc: &Encounter, content: &EncounterContent) -> Names {
    Names::new(enc.combatants.iter().map(|c| {
        let block = c
            .inline
            .as_ref()
            .or_else(|| content.creatures.get(&c.stat_block))
            .or_else(|| enc.creatures.iter().find(|b| b.id == c.stat_block));
        let name = enc
            .stat_block_change(c.block_id())
            .and_then(|change| change.name.clone())
            .or_else(|| block.map(|b| b.name.clone()))
            .unwrap_or_default();
        (c.id.clone(), name)
    }))
}

/// The turn order the run will use (the file's, else the order of `combatants`).
#[must_use]
pub fn effective_order(enc: &Encounter) -> Vec<String> {
    if enc.turn_order.is_empty() {
        enc.combatants.iter().map(|c| c.id.clone()).collect()
    } else {
        enc.turn_order.clone()
    }
}

impl Prep {
    /// The whole prep panel.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        enc: &Encounter,
        content: &EncounterContent,
        edits: &mut Vec<EncounterEdit>,
    ) {
        self.name_ui(ui, enc, edits);
        ui.separator();
        self.picker_ui(ui, enc, content, edits);
        ui.separator();
        self.order_ui(ui, enc, &combatant_names(enc, content), edits);
        ui.separator();
        self.selected_ui(ui, enc, content, edits);
        ui.separator();
        self.map_tools_ui(ui, enc, edits);
        ui.separator();
        self.script.ui(ui, enc, content, edits);
    }

    fn name_ui(&mut self, ui: &mut Ui, enc: &Encounter, edits: &mut Vec<EncounterEdit>) {
        ui.horizontal(|ui| {
            ui.label("Name")
                .on_hover_text("The encounter's title (log and sheet)");
            let text = self.name.get_or_insert_with(|| enc.name.clone());
            let r = ui
                .text_edit_singleline(text)
                .on_hover_text("The encounter's title; applied when you leave the field");
            if r.lost_focus() {
                if *text != enc.name {
                    edits.push(EncounterEdit::Rename(text.clone()));
                }
                self.name = None;
            } else if !r.has_focus() {
                self.name = None;
            }
        });
    }

    fn picker_ui(
        &mut self,
        ui: &mut Ui,
        enc: &Encounter,
        content: &EncounterContent,
        edits: &mut Vec<EncounterEdit>,
    ) {
        ui.label(RichText::new("Monster library").strong())
            .on_hover_text("The stat blocks of the pack and the encounter, with their key numbers");
        ui.horizontal(|ui| {
            let label = ui.label("Search");
            ui.add(
                egui::TextEdit::singleline(&mut self.search).hint_text("name, id, tag or level 2"),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "Find stat blocks by a word of the name, the id, a tag (Undead) or \"level 2\"",
            );
        });
        let blocks = library(enc, content);
        let mut levels: Vec<u32> = blocks.iter().map(|b| b.level).collect();
        levels.sort_unstable();
        levels.dedup();
        let level_text =
            |l: Option<u32>| l.map_or_else(|| "Any level".to_owned(), |l| format!("Level {l}"));
        egui::ComboBox::from_id_salt("library_level")
            .selected_text(level_text(self.level))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.level, None, level_text(None));
                for l in levels {
                    ui.selectable_value(&mut self.level, Some(l), level_text(Some(l)));
                }
            })
            .response
            .on_hover_text("Show only the stat blocks of one level");
        egui::ScrollArea::vertical()
            .id_salt("encounter_picker")
            .max_height(200.0)
            .show(ui, |ui| {
                let found: Vec<&StatBlock> = blocks
                    .iter()
                    .filter(|b| library_finds(b, &self.search))
                    .filter(|b| self.level.is_none_or(|l| b.level == l))
                    .collect();
                if found.is_empty() {
                    ui.label(RichText::new("No stat block matches.").italics());
                }
                for block in found {
                    self.library_row(ui, enc, block);
                }
            });
        ui.horizontal(|ui| {
            for (label, side) in [("Add to heroes", "heroes"), ("Add to foes", "foes")] {
                let enabled = self.picked.is_some();
                if ui
                    .add_enabled(enabled, egui::Button::new(label))
                    .on_hover_text(format!(
                        "Add the picked stat block on the {side}' side at the first free cell; then click a cell to place it"
                    ))
                    .on_disabled_hover_text("Pick a stat block first")
                    .clicked()
                    && let Some(block) = &self.picked
                {
                    let Some(position) = first_free_cell(enc) else {
                        continue;
                    };
                    self.selected = Some(fresh_combatant_id(enc, block));
                    self.tool = MapTool::Place;
                    edits.push(EncounterEdit::AddCombatant {
                        stat_block: block.clone(),
                        side: side.to_owned(),
                        position,
                    });
                }
            }
        });
    }

    /// One library entry: the name to pick, its key numbers, and, when the encounter uses it,
    /// how many times and "Tweak here" (selects the first using it: its stat block as changed
    /// for this encounter shows under the selection).
    fn library_row(&mut self, ui: &mut Ui, enc: &Encounter, block: &StatBlock) {
        let picked = self.picked.as_deref() == Some(block.id.as_str());
        if ui
            .selectable_label(picked, format!("{} ({})", block.name, block.id))
            .on_hover_text("Pick this stat block, then add it to a side")
            .clicked()
        {
            self.picked = Some(block.id.clone());
        }
        let users: Vec<&CombatantSpec> = enc
            .combatants
            .iter()
            .filter(|c| c.block_id() == block.id)
            .collect();
        ui.indent(("library_entry", &block.id), |ui| {
            let mut line = key_numbers(block);
            if !users.is_empty() {
                let changed = enc.stat_block_change(&block.id).is_some();
                line = format!(
                    "{line} · {} here{}",
                    users.len(),
                    if changed { ", changed here" } else { "" }
                );
            }
            ui.add(egui::Label::new(RichText::new(line).weak()).wrap());
            if let Some(first) = users.first()
                && ui
                    .small_button(format!("Tweak {} here", block.name))
                    .on_hover_text("Select the first creature using this stat block: change its name, health, Flavors and Upgrades for this encounter only")
                    .clicked()
            {
                self.select(Some(first.id.clone()));
            }
        });
    }

    fn order_ui(
        &mut self,
        ui: &mut Ui,
        enc: &Encounter,
        names: &Names,
        edits: &mut Vec<EncounterEdit>,
    ) {
        ui.label(RichText::new("Turn order").strong())
            .on_hover_text("Who acts first; select a combatant and move it earlier or later");
        let order = effective_order(enc);
        for (i, id) in order.iter().enumerate() {
            let Some(c) = enc.combatants.iter().find(|c| &c.id == id) else {
                continue;
            };
            let selected = self.selected.as_deref() == Some(id.as_str());
            let name = names.name(id);
            let text = if enc.stat_block_change(c.block_id()).is_some() {
                format!("{}. {name} ({}, changed here)", i + 1, c.side)
            } else {
                format!("{}. {name} ({})", i + 1, c.side)
            };
            if ui
                .selectable_label(selected, text)
                .on_hover_text(format!(
                    "Select {name} (id {id} in the file, stat block {})",
                    c.block_id()
                ))
                .clicked()
            {
                self.select(Some(id.clone()));
            }
        }
        let at = self
            .selected
            .as_ref()
            .and_then(|s| order.iter().position(|o| o == s));
        ui.horizontal(|ui| {
            let swap = |a: usize, b: usize| {
                let mut next = order.clone();
                next.swap(a, b);
                EncounterEdit::SetTurnOrder(next)
            };
            if ui
                .add_enabled(at.is_some_and(|i| i > 0), egui::Button::new("Earlier"))
                .on_hover_text("Move the selected combatant one place earlier in the turn order")
                .clicked()
                && let Some(i) = at
            {
                edits.push(swap(i, i - 1));
            }
            if ui
                .add_enabled(
                    at.is_some_and(|i| i + 1 < order.len()),
                    egui::Button::new("Later"),
                )
                .on_hover_text("Move the selected combatant one place later in the turn order")
                .clicked()
                && let Some(i) = at
            {
                edits.push(swap(i, i + 1));
            }
        });
    }

    /// Selects a combatant (the map then shows the reach of its first ability that has one).
    pub fn select(&mut self, id: Option<String>) {
        if self.selected != id {
            self.ability = None;
            self.ability_auto = true;
            self.change_name = None;
            self.change_health = None;
        }
        self.selected = id;
    }

    fn selected_ui(
        &mut self,
        ui: &mut Ui,
        enc: &Encounter,
        content: &EncounterContent,
        edits: &mut Vec<EncounterEdit>,
    ) {
        let Some(c) = self
            .selected
            .as_ref()
            .and_then(|s| enc.combatants.iter().find(|c| &c.id == s))
        else {
            ui.label("Select a combatant in the turn order or on the map.")
                .on_hover_text("Its side, reactions and ability reach are shown here");
            return;
        };
        let names = combatant_names(enc, content);
        let name = names.name(&c.id);
        ui.label(
            RichText::new(format!(
                "Selected: {name} at ({}, {})",
                c.position.0, c.position.1
            ))
            .strong(),
        )
        .on_hover_text("Click an empty cell on the map (Place tool) to move it there");
        ui.label(format!("Id in the file: {}", c.id))
            .on_hover_text("How the file, scenarios and table logs refer to it; the map, the logs and the sheet call it by its name (two of one stat block are numbered: Goblin, Goblin 2)");
        ui.horizontal(|ui| {
            for side in ["heroes", "foes"] {
                if ui
                    .selectable_label(c.side == side, format!("On {side}"))
                    .on_hover_text(format!("Put {name} on the {side}' side"))
                    .clicked()
                    && c.side != side
                {
                    edits.push(EncounterEdit::SetSide {
                        id: c.id.clone(),
                        side: side.to_owned(),
                    });
                }
            }
            let mut reacts = c.reacts;
            if ui
                .checkbox(&mut reacts, "Reacts")
                .on_hover_text(
                    "Answers Reaction Triggers by itself (first matching Reaction it knows)",
                )
                .changed()
            {
                edits.push(EncounterEdit::SetReacts {
                    id: c.id.clone(),
                    reacts,
                });
            }
            if ui
                .button("Remove")
                .on_hover_text(format!("Take {name} out of the encounter"))
                .clicked()
            {
                edits.push(EncounterEdit::RemoveCombatant { id: c.id.clone() });
            }
        });
        let block = c
            .inline
            .as_ref()
            .or_else(|| content.creatures.get(&c.stat_block))
            .or_else(|| enc.creatures.iter().find(|b| b.id == c.stat_block));
        let abilities: Vec<String> = block
            .map(|b| b.abilities.iter().map(|a| a.id.clone()).collect())
            .unwrap_or_default();
        if std::mem::take(&mut self.ability_auto) {
            // Selecting a combatant shows the reach of its first ability that has one.
            self.ability = abilities
                .iter()
                .find(|a| {
                    content
                        .abilities
                        .get(*a)
                        .is_some_and(|d| d.target.reach.is_some() || d.target.shape.is_some())
                })
                .cloned();
        }
        let shown = self.ability.as_ref().map_or_else(
            || "(none)".to_owned(),
            |a| {
                content
                    .abilities
                    .get(a)
                    .map_or(a.clone(), |d| d.name.clone())
            },
        );
        egui::ComboBox::from_label("Show reach of")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.ability, None, "(none)");
                for a in abilities {
                    let label = content
                        .abilities
                        .get(&a)
                        .map_or(a.clone(), |d| d.name.clone());
                    ui.selectable_value(&mut self.ability, Some(a), label);
                }
            })
            .response
            .on_hover_text(
                "Draw the ability's Distance (and its Shape from the hovered cell) on the map",
            );
        ui.add_space(4.0);
        self.change_ui(ui, enc, content, c, edits);
    }

    /// The selected combatant's stat block as this encounter changes it: name, health, the
    /// Flavors and Upgrades of its abilities, and a reset. Each control pushes the whole new
    /// change, computed from the shared block by the engine's setters.
    fn change_ui(
        &mut self,
        ui: &mut Ui,
        enc: &Encounter,
        content: &EncounterContent,
        c: &CombatantSpec,
        edits: &mut Vec<EncounterEdit>,
    ) {
        if c.inline.is_some() {
            return; // Written inline here: there is no shared block to change.
        }
        let id = c.stat_block.as_str();
        let Some(shared) = content
            .shared_creatures
            .get(id)
            .or_else(|| content.creatures.get(id))
        else {
            return;
        };
        let change = enc
            .stat_block_change(id)
            .cloned()
            .unwrap_or_else(|| StatBlockChange::new(id));
        let played = change.apply(shared);
        let mut push = |next: StatBlockChange| {
            if next != change {
                edits.push(EncounterEdit::SetStatBlockChange {
                    stat_block: id.to_owned(),
                    change: next,
                });
            }
        };
        let users = enc.combatants.iter().filter(|o| o.block_id() == id).count();
        let heading = if change.is_empty() {
            format!("Stat block {} ({id}), shared", shared.name)
        } else {
            format!("Stat block {} ({id}), changed here", played.name)
        };
        ui.horizontal(|ui| {
            ui.label(RichText::new(heading).strong())
                .on_hover_text(format!(
                    "A change here applies to this encounter only ({users} combatant(s) use {id}); \
                 the shared stat block file is not touched"
                ));
            if ui
                .add_enabled(!change.is_empty(), egui::Button::new("Reset to shared"))
                .on_hover_text(format!(
                    "Drop this encounter's change: every combatant using {id} plays the shared \
                     stat block"
                ))
                .on_disabled_hover_text("Nothing is changed here")
                .clicked()
            {
                push(StatBlockChange::new(id));
            }
        });
        if !change.is_empty() {
            ui.label(format!(
                "Changed here: {}.",
                change.describe(shared, &content.abilities).join("; ")
            ))
            .on_hover_text("How this encounter's stat block differs from the shared one");
        }
        ui.horizontal(|ui| {
            let label = ui
                .label("Name here")
                .on_hover_text("The creature's name in this encounter only");
            let text = self.change_name.get_or_insert_with(|| played.name.clone());
            let r = ui
                .text_edit_singleline(text)
                .labelled_by(label.id)
                .on_hover_text("Applied when you leave the field");
            if r.lost_focus() {
                if *text != played.name && !text.trim().is_empty() {
                    let mut next = change.clone();
                    next.set_name(shared, text);
                    push(next);
                }
                self.change_name = None;
            } else if !r.has_focus() {
                self.change_name = None;
            }
            let label = ui
                .label("Health here")
                .on_hover_text("The creature's maximum health in this encounter only");
            let health = self.change_health.get_or_insert(played.health);
            let r = ui
                .add(egui::DragValue::new(health).range(1..=100_000))
                .labelled_by(label.id)
                .on_hover_text("Applied when you let go or leave the field");
            // One edit per change, made when the drag ends or the field loses focus.
            if (r.drag_stopped()
                || r.lost_focus()
                || (r.changed() && !r.dragged() && !r.has_focus()))
                && *health != played.health
            {
                let mut next = change.clone();
                next.set_health(shared, *health);
                push(next);
            }
            if !r.dragged() && !r.has_focus() {
                self.change_health = None;
            }
        });
        for known in &played.abilities {
            let Some(def) = content.abilities.get(&known.id) else {
                continue;
            };
            let options = def
                .flavors
                .as_ref()
                .map_or(&[][..], |f| f.options.as_slice());
            if options.is_empty() && def.upgrades.is_empty() {
                continue;
            }
            let pick = def.flavors.as_ref().map_or(0, |f| f.pick);
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&def.name).italics())
                    .on_hover_text("Its Flavors and Upgrades in this encounter");
                for option in options {
                    let chosen = known.flavors.contains(&option.name);
                    if ui
                        .selectable_label(chosen, &option.name)
                        .on_hover_text(format!(
                            "Flavor of {} in this encounter ({pick} chosen)",
                            def.name
                        ))
                        .clicked()
                    {
                        let flavors = if pick <= 1 {
                            vec![option.name.clone()]
                        } else if chosen {
                            known
                                .flavors
                                .iter()
                                .filter(|f| **f != option.name)
                                .cloned()
                                .collect()
                        } else {
                            let mut f = known.flavors.clone();
                            f.push(option.name.clone());
                            f
                        };
                        let mut next = change.clone();
                        next.set_flavors(shared, &known.id, &flavors);
                        push(next);
                    }
                }
                for up in &def.upgrades {
                    let mut taken = known.upgrades.contains(&up.name);
                    // The ability's name keeps the label apart from another ability's Upgrade
                    // of the same name (Powerful(1) of a Spell and of an attack).
                    if ui
                        .checkbox(&mut taken, format!("{}: {}", def.name, up.name))
                        .on_hover_text("Take this Upgrade in this encounter (or not)")
                        .changed()
                    {
                        let mut upgrades: Vec<String> = known
                            .upgrades
                            .iter()
                            .filter(|u| **u != up.name)
                            .cloned()
                            .collect();
                        if taken {
                            upgrades.push(up.name.clone());
                        }
                        let mut next = change.clone();
                        next.set_upgrades(shared, &known.id, &upgrades);
                        push(next);
                    }
                }
            });
        }
    }

    fn map_tools_ui(&mut self, ui: &mut Ui, enc: &Encounter, edits: &mut Vec<EncounterEdit>) {
        ui.label(RichText::new("Map").strong())
            .on_hover_text("What a click on the map does, and its size");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tool, MapTool::Place, "Place")
                .on_hover_text("Click a cell to move the selected combatant there");
            ui.selectable_value(&mut self.tool, MapTool::Blocking, "Paint blocking")
                .on_hover_text(
                    "Click a cell to add or remove a blocking object (stops sight and Shapes)",
                );
            ui.selectable_value(&mut self.tool, MapTool::Cover, "Paint cover")
                .on_hover_text("Click a cell to make it give cover, or stop giving it");
        });
        ui.horizontal(|ui| {
            let now = (enc.map.width, enc.map.height);
            if self.size.is_some_and(|(_, from)| from != now) {
                self.size = None;
            }
            let ((w, h), _) = self.size.get_or_insert((now, now));
            ui.label("Size").on_hover_text("Cells across and down");
            ui.add(egui::DragValue::new(w).range(1..=1000))
                .on_hover_text("Cells across");
            ui.label("×");
            ui.add(egui::DragValue::new(h).range(1..=1000))
                .on_hover_text("Cells down");
            let changed = (*w, *h) != (enc.map.width, enc.map.height);
            if ui
                .add_enabled(changed, egui::Button::new("Resize"))
                .on_hover_text("Apply the new map size (refused if someone would be off the map)")
                .clicked()
            {
                edits.push(EncounterEdit::SetMapSize {
                    width: *w,
                    height: *h,
                });
                self.size = None;
            }
        });
        ui.horizontal(|ui| {
            let mut play_out = enc.play_out;
            if ui
                .checkbox(&mut play_out, "Play out after script")
                .on_hover_text("After the script, simple policies play until one side stands")
                .changed()
            {
                edits.push(EncounterEdit::SetPlayOut(play_out));
            }
        });
        ui.horizontal(|ui| {
            let label = ui
                .label("Max rounds")
                .on_hover_text("Rounds before the encounter is called a draw");
            let rounds = self.max_rounds.get_or_insert(enc.max_rounds);
            let r = ui
                .add(egui::DragValue::new(rounds).range(1..=1000))
                .labelled_by(label.id)
                .on_hover_text("Rounds before a draw (applied when you let go or leave the field)");
            // One edit per change, made when the drag ends or the field loses focus.
            if (r.drag_stopped()
                || r.lost_focus()
                || (r.changed() && !r.dragged() && !r.has_focus()))
                && *rounds != enc.max_rounds
            {
                edits.push(EncounterEdit::SetMaxRounds(*rounds));
            }
            if !r.dragged() && !r.has_focus() {
                self.max_rounds = None;
            }
        });
    }
}
