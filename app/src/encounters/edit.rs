//! Edits to an encounter: the panels push [`EncounterEdit`] values, and the host applies them
//! with [`apply_encounter_edit`] (the only code that changes an `Encounter`), so undo covers
//! every change and a drag is one entry.

use sigilforge_engine::encounter::file::CombatantSpec;
use sigilforge_engine::encounter::file::MAX_MAP_SIDE;
use sigilforge_engine::encounter::space::Cell;
use sigilforge_engine::encounter::{Encounter, EncounterContent, ScriptAction, StatBlockChange};

/// One change to an encounter, as a user asked for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EncounterEdit {
    /// Add a combatant using a stat block (its id is [`fresh_combatant_id`]).
    AddCombatant {
        /// Stat block id (pack or the encounter's own `creatures`).
        stat_block: String,
        /// Side ("heroes", "foes").
        side: String,
        /// Starting cell.
        position: Cell,
    },
    /// Remove a combatant (and its place in the turn order).
    RemoveCombatant {
        /// Combatant id.
        id: String,
    },
    /// Move a combatant's starting cell (a drag is one edit, made on release).
    MoveCombatant {
        /// Combatant id.
        id: String,
        /// New starting cell.
        to: Cell,
    },
    /// Replace the turn order (every combatant id exactly once).
    SetTurnOrder(Vec<String>),
    /// Change a combatant's side.
    SetSide {
        /// Combatant id.
        id: String,
        /// New side.
        side: String,
    },
    /// Resize the map (1 to 1000 cells a side; nobody may end up off it).
    SetMapSize {
        /// Cells across.
        width: i32,
        /// Cells down.
        height: i32,
    },
    /// Put a blocking object on a cell, or take it away.
    ToggleBlocking {
        /// The cell.
        cell: Cell,
    },
    /// Make a cell give cover, or stop giving it.
    ToggleCover {
        /// The cell.
        cell: Cell,
    },
    /// Append an action to the script.
    AddScriptAction(ScriptAction),
    /// Remove the script action at an index.
    RemoveScriptAction {
        /// Index in the script.
        index: usize,
    },
    /// Rename the encounter.
    Rename(String),
    /// After the script, let the policies play to the end (or not).
    SetPlayOut(bool),
    /// Rounds before a draw (1 to 1000).
    SetMaxRounds(u32),
    /// Whether a combatant answers Reaction Triggers by itself.
    SetReacts {
        /// Combatant id.
        id: String,
        /// Reacts automatically.
        reacts: bool,
    },
    /// Set how a stat block is changed for this encounter only (every combatant using it plays
    /// the changed block; the shared file is not touched). An empty change resets it.
    SetStatBlockChange {
        /// Stat block id.
        stat_block: String,
        /// The whole change, as the panel computed it from the shared block (its `id` is
        /// `stat_block`).
        change: StatBlockChange,
    },
}

impl EncounterEdit {
    /// A short description for an undo list ("Move goblin to (3, 4)").
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Self::AddCombatant {
                stat_block, side, ..
            } => format!("Add {stat_block} to {side}"),
            Self::RemoveCombatant { id } => format!("Remove {id}"),
            Self::MoveCombatant { id, to } => format!("Move {id} to ({}, {})", to.0, to.1),
            Self::SetTurnOrder(_) => "Change turn order".to_owned(),
            Self::SetSide { id, side } => format!("Put {id} on {side}"),
            Self::SetMapSize { width, height } => format!("Resize map to {width}×{height}"),
            Self::ToggleBlocking { cell } => format!("Toggle blocking at ({}, {})", cell.0, cell.1),
            Self::ToggleCover { cell } => format!("Toggle cover at ({}, {})", cell.0, cell.1),
            Self::AddScriptAction(_) => "Add script action".to_owned(),
            Self::RemoveScriptAction { index } => format!("Remove script action {index}"),
            Self::Rename(name) => format!("Rename to {name}"),
            Self::SetPlayOut(on) => format!("Play out after script: {on}"),
            Self::SetMaxRounds(n) => format!("Max rounds {n}"),
            Self::SetReacts { id, reacts } => format!("{id} reacts: {reacts}"),
            Self::SetStatBlockChange { stat_block, change } if change.is_empty() => {
                format!("Reset {stat_block} to its shared stat block")
            }
            Self::SetStatBlockChange { stat_block, .. } => {
                format!("Change {stat_block} for this encounter")
            }
        }
    }
}

/// The id a new combatant using `stat_block` gets, numbered after the ones already using it:
/// the block id for the first (`goblin`), then `goblin_2`, `goblin_3`… (the next number after
/// how many use it, skipping ids taken), so the wording layer names the second "Goblin 2"
/// (issue #32, item 10) and a pack that numbers from 1 (`goblin_1`, `goblin_2`) gets `goblin_3`.
#[must_use]
pub fn fresh_combatant_id(enc: &Encounter, stat_block: &str) -> String {
    let taken = |id: &str| enc.combatants.iter().any(|c| c.id == id);
    let users = enc
        .combatants
        .iter()
        .filter(|c| c.block_id() == stat_block)
        .count();
    if users == 0 && !taken(stat_block) {
        return stat_block.to_owned();
    }
    // One more candidate than there are combatants: one of them is free.
    (users + 1..=users + enc.combatants.len() + 2)
        .map(|n| format!("{stat_block}_{n}"))
        .find(|id| !taken(id))
        .unwrap_or_default()
}

/// The first free cell (row by row, not blocking, not occupied), if any.
#[must_use]
pub fn first_free_cell(enc: &Encounter) -> Option<Cell> {
    enc.map
        .cells()
        .find(|c| !enc.map.blocks(*c) && occupant(enc, *c).is_none())
}

/// Who starts on a cell.
#[must_use]
pub fn occupant(enc: &Encounter, cell: Cell) -> Option<&CombatantSpec> {
    enc.combatants.iter().find(|c| c.position == cell)
}

/// Whether a stat block id is known to the content or the encounter.
#[must_use]
pub fn stat_block_known(enc: &Encounter, content: &EncounterContent, id: &str) -> bool {
    content.creatures.contains_key(id) || enc.creatures.iter().any(|c| c.id == id)
}

fn cell_text(c: Cell) -> String {
    format!("({}, {})", c.0, c.1)
}

/// Why an encounter edit was refused (the encounter is unchanged), in words for the panel.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncounterEditError {
    /// No combatant has this id.
    #[error("no combatant `{0}` in this encounter")]
    NoCombatant(String),
    /// No stat block has this id, in the pack or the encounter.
    #[error("unknown stat block `{0}`")]
    UnknownStatBlock(String),
    /// A combatant's side is empty.
    #[error("a combatant needs a side")]
    NoSide,
    /// A cell off the map (the map's width and height).
    #[error("{} is off the {}×{} map", cell_text(*.0), .1, .2)]
    OffMapSized(Cell, i32, i32),
    /// A cell off the map.
    #[error("{} is off the map", cell_text(*.0))]
    OffMap(Cell),
    /// A cell holding a blocking object.
    #[error("{} holds a blocking object", cell_text(*.0))]
    Blocked(Cell),
    /// A cell another combatant starts on.
    #[error("{} is taken by {}", cell_text(*.0), .1)]
    Taken(Cell, String),
    /// A combatant starts on a cell to make blocking.
    #[error("{} starts on {}", .0, cell_text(*.1))]
    StartsOn(String, Cell),
    /// An id twice in the turn order.
    #[error("`{0}` appears twice in the turn order")]
    TwiceInOrder(String),
    /// A combatant left out of the turn order.
    #[error("`{0}` is missing from the turn order")]
    MissingFromOrder(String),
    /// A map side out of range.
    #[error("a map side is 1 to {MAX_MAP_SIDE} cells")]
    MapSide,
    /// A smaller map would leave a combatant off it.
    #[error("{} at {} would be off the map", .0, cell_text(*.1))]
    WouldBeOffMap(String, Cell),
    /// No script action at this index.
    #[error("the script has no action {0}")]
    NoScriptAction(usize),
    /// An empty encounter name.
    #[error("an encounter needs a name")]
    NoName,
    /// Max rounds out of range.
    #[error("max rounds is 1 to 1000")]
    MaxRounds,
    /// A stat block written inline on a combatant is changed in place, not for the encounter.
    #[error("`{0}` is written inline in this encounter; it has no shared stat block to change")]
    InlineStatBlock(String),
    /// A changed stat block with no health.
    #[error("a creature needs at least 1 health")]
    NoHealth,
}

/// Whether a combatant may start on `cell` (on the map, not blocking, nobody else there).
fn check_free(enc: &Encounter, cell: Cell, mover: Option<&str>) -> Result<(), EncounterEditError> {
    if !enc.map.contains(cell) {
        return Err(EncounterEditError::OffMapSized(
            cell,
            enc.map.width,
            enc.map.height,
        ));
    }
    if enc.map.blocks(cell) {
        return Err(EncounterEditError::Blocked(cell));
    }
    if let Some(other) = occupant(enc, cell).filter(|o| Some(o.id.as_str()) != mover) {
        return Err(EncounterEditError::Taken(cell, other.id.clone()));
    }
    Ok(())
}

fn combatant_mut<'e>(
    enc: &'e mut Encounter,
    id: &str,
) -> Result<&'e mut CombatantSpec, EncounterEditError> {
    enc.combatants
        .iter_mut()
        .find(|c| c.id == id)
        .ok_or_else(|| EncounterEditError::NoCombatant(id.to_owned()))
}

fn toggle(cells: &mut Vec<Cell>, cell: Cell) {
    if let Some(i) = cells.iter().position(|c| *c == cell) {
        cells.remove(i);
    } else {
        cells.push(cell);
        cells.sort_by_key(|c| (c.1, c.0));
    }
}

/// Applies one edit, or refuses it with the reason (the encounter is then unchanged).
pub fn apply_encounter_edit(
    enc: &mut Encounter,
    content: &EncounterContent,
    edit: &EncounterEdit,
) -> Result<(), EncounterEditError> {
    match edit {
        EncounterEdit::AddCombatant {
            stat_block,
            side,
            position,
        } => {
            if !stat_block_known(enc, content, stat_block) {
                return Err(EncounterEditError::UnknownStatBlock(stat_block.clone()));
            }
            if side.trim().is_empty() {
                return Err(EncounterEditError::NoSide);
            }
            check_free(enc, *position, None)?;
            let id = fresh_combatant_id(enc, stat_block);
            if !enc.turn_order.is_empty() {
                enc.turn_order.push(id.clone());
            }
            enc.combatants.push(CombatantSpec {
                id,
                stat_block: stat_block.clone(),
                inline: None,
                side: side.clone(),
                position: *position,
                reacts: true,
                hidden: false,
            });
        }
        EncounterEdit::RemoveCombatant { id } => {
            let i = enc
                .combatants
                .iter()
                .position(|c| &c.id == id)
                .ok_or_else(|| EncounterEditError::NoCombatant(id.clone()))?;
            enc.combatants.remove(i);
            enc.turn_order.retain(|t| t != id);
        }
        EncounterEdit::MoveCombatant { id, to } => {
            combatant_mut(enc, id)?;
            check_free(enc, *to, Some(id))?;
            combatant_mut(enc, id)?.position = *to;
        }
        EncounterEdit::SetTurnOrder(order) => {
            for id in order {
                if !enc.combatants.iter().any(|c| &c.id == id) {
                    return Err(EncounterEditError::NoCombatant(id.clone()));
                }
                if order.iter().filter(|o| *o == id).count() > 1 {
                    return Err(EncounterEditError::TwiceInOrder(id.clone()));
                }
            }
            if let Some(missing) = enc.combatants.iter().find(|c| !order.contains(&c.id)) {
                return Err(EncounterEditError::MissingFromOrder(missing.id.clone()));
            }
            enc.turn_order.clone_from(order);
        }
        EncounterEdit::SetSide { id, side } => {
            if side.trim().is_empty() {
                return Err(EncounterEditError::NoSide);
            }
            combatant_mut(enc, id)?.side.clone_from(side);
        }
        EncounterEdit::SetMapSize { width, height } => {
            let ok = |v: i32| (1..=MAX_MAP_SIDE).contains(&v);
            if !ok(*width) || !ok(*height) {
                return Err(EncounterEditError::MapSide);
            }
            let inside = |c: &Cell| c.0 < *width && c.1 < *height;
            if let Some(c) = enc.combatants.iter().find(|c| !inside(&c.position)) {
                return Err(EncounterEditError::WouldBeOffMap(c.id.clone(), c.position));
            }
            enc.map.width = *width;
            enc.map.height = *height;
            enc.map.blocking.retain(inside);
            enc.map.cover.retain(inside);
        }
        EncounterEdit::ToggleBlocking { cell } => {
            if !enc.map.contains(*cell) {
                return Err(EncounterEditError::OffMap(*cell));
            }
            if !enc.map.blocks(*cell)
                && let Some(o) = occupant(enc, *cell)
            {
                return Err(EncounterEditError::StartsOn(o.id.clone(), *cell));
            }
            toggle(&mut enc.map.blocking, *cell);
        }
        EncounterEdit::ToggleCover { cell } => {
            if !enc.map.contains(*cell) {
                return Err(EncounterEditError::OffMap(*cell));
            }
            toggle(&mut enc.map.cover, *cell);
        }
        EncounterEdit::AddScriptAction(action) => enc.script.push(action.clone()),
        EncounterEdit::RemoveScriptAction { index } => {
            if *index >= enc.script.len() {
                return Err(EncounterEditError::NoScriptAction(*index));
            }
            enc.script.remove(*index);
        }
        EncounterEdit::Rename(name) => {
            if name.trim().is_empty() {
                return Err(EncounterEditError::NoName);
            }
            enc.name.clone_from(name);
        }
        EncounterEdit::SetPlayOut(on) => enc.play_out = *on,
        EncounterEdit::SetMaxRounds(n) => {
            if !(1..=sigilforge_engine::encounter::file::MAX_ROUNDS).contains(n) {
                return Err(EncounterEditError::MaxRounds);
            }
            enc.max_rounds = *n;
        }
        EncounterEdit::SetReacts { id, reacts } => combatant_mut(enc, id)?.reacts = *reacts,
        EncounterEdit::SetStatBlockChange { stat_block, change } => {
            if enc
                .combatants
                .iter()
                .any(|c| c.inline.as_ref().is_some_and(|b| &b.id == stat_block))
            {
                return Err(EncounterEditError::InlineStatBlock(stat_block.clone()));
            }
            if !stat_block_known(enc, content, stat_block) {
                return Err(EncounterEditError::UnknownStatBlock(stat_block.clone()));
            }
            if change.id != *stat_block {
                return Err(EncounterEditError::UnknownStatBlock(change.id.clone()));
            }
            if change.health.is_some_and(|h| h < 1) {
                return Err(EncounterEditError::NoHealth);
            }
            let at = enc
                .stat_block_changes
                .iter()
                .position(|c| &c.id == stat_block);
            match (at, change.is_empty()) {
                (Some(i), true) => {
                    enc.stat_block_changes.remove(i);
                }
                (Some(i), false) => enc.stat_block_changes[i] = change.clone(),
                (None, true) => {}
                (None, false) => enc.stat_block_changes.push(change.clone()),
            }
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "edit_tests.rs"]
mod tests;
