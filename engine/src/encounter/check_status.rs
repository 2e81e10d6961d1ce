//! Validation of status conditions as data: what each one does must make sense, and no
//! creature may start with more stacks than a status allows. Problems at their file, line and column.

use super::file::EncounterContent;
use crate::diag::{Diagnostics, Location, locate_literal, locate_literal_after};

/// Checks every status condition defined in a file (the built-in ones are right by
/// construction), and every stat block's starting stacks against the status's `max_stacks`.
pub(super) fn check_conditions(content: &EncounterContent, diags: &mut Diagnostics) {
    for (name, file) in &content.condition_files {
        let Some(s) = content.conditions.get(name) else {
            continue;
        };
        let source = content.sources.get(file).map_or("", String::as_str);
        let at = locate_literal(source, name, 0);
        if let Some(save) = &s.save_ends
            && save.trim().is_empty()
        {
            diags.error(
                file,
                locate_literal_after(source, name, save),
                format!(
                    "status `{name}` ends on a Save with no modifier: name one (\"Grit\", \"Edge\", \"Focus\")"
                ),
            );
        }
        if s.damage_at_turn_start < 0 {
            diags.error(
                file,
                at,
                format!(
                    "status `{name}` deals {} damage at the start of a turn: damage cannot be \
                     negative",
                    s.damage_at_turn_start
                ),
            );
        }
        if let Some((then, _)) = &s.when_gone
            && !content.conditions.contains_key(then)
        {
            diags.error(
                file,
                locate_literal_after(source, name, then),
                format!(
                    "status `{name}` leaves `{then}` behind, which is not a known status condition"
                ),
            );
        }
        if s.damage_kind.is_some() && s.damage_at_turn_start == 0 {
            diags.warning(
                file,
                at,
                format!("status `{name}` has a damage type but deals no damage at turn start"),
            );
        }
        if s.save_ends.is_some() && s.kind == crate::model::StatusKind::Concentrating {
            diags.warning(
                file,
                at,
                format!(
                    "status `{name}` counts Concentration effects: a Save cannot end it, only \
                     losing Concentration"
                ),
            );
        }
    }
    for (id, block) in &content.creatures {
        let Some(file) = content.creature_files.get(id) else {
            continue;
        };
        let source = content.sources.get(file).map_or("", String::as_str);
        for (name, stacks) in &block.conditions {
            let most = content.conditions.get(name).map_or(0, |d| d.max_stacks);
            if most > 0 && *stacks > most {
                let at = if source.is_empty() {
                    Location::START
                } else {
                    locate_literal_after(source, id, name)
                };
                diags.error(
                    file,
                    at,
                    format!(
                        "`{id}` starts with {stacks} stacks of {name}, more than its most ({most})"
                    ),
                );
            }
        }
    }
}
