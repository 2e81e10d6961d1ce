//! Validation of encounters and their content, every problem at its file, line and column.

use std::path::PathBuf;

use super::ability::{AbilityTime, Effect, TestStatus};
use super::file::{
    ABILITY_LIBRARY_TAG, CombatantSpec, ENCOUNTER_TAG, Encounter, EncounterContent, MAX_MAP_SIDE,
    MAX_ROUNDS, STAT_BLOCK_SET_TAG, STATUS_LIBRARY_TAG, ScriptAction,
};
use super::progression::{KnownField, KnownProblem, known_ability_problems};
use crate::diag::{Diagnostics, Location, locate_literal, locate_literal_after};
use std::path::Path;

/// Validates an encounter against its content: unknown stat blocks, abilities, turn-order ids,
/// script ids and map positions, plus the stat blocks' abilities, Flavors and Upgrades.
/// Every problem is recorded with its file, line and column.
pub fn check(
    source: &str,
    file: &Path,
    encounter: &Encounter,
    content: &EncounterContent,
    diags: &mut Diagnostics,
) {
    let dice = content.dice_for(encounter);
    if !(1..=super::dice::MAX_DICE).contains(&dice.dice)
        || !(2..=super::dice::MAX_SIDES).contains(&dice.sides)
    {
        diags.error(
            file,
            Location::START,
            format!(
                "dice rule {}d{} is out of bounds: 1 to {} dice of 2 to {} sides",
                dice.dice,
                dice.sides,
                super::dice::MAX_DICE,
                super::dice::MAX_SIDES
            ),
        );
    }
    if !(1..=MAX_MAP_SIDE).contains(&encounter.map.width)
        || !(1..=MAX_MAP_SIDE).contains(&encounter.map.height)
    {
        diags.error(
            file,
            Location::START,
            format!("the map must be 1 to {MAX_MAP_SIDE} cells on each side"),
        );
    }
    if encounter.max_rounds > MAX_ROUNDS {
        diags.error(
            file,
            Location::START,
            format!("max_rounds is at most {MAX_ROUNDS}"),
        );
    }
    if encounter.combatants.is_empty() {
        diags.error(
            file,
            crate::locate::field(source, "combatants"),
            "the encounter has no combatants",
        );
    }
    let ids: Vec<&str> = encounter.combatants.iter().map(|c| c.id.as_str()).collect();
    for (i, c) in encounter.combatants.iter().enumerate() {
        if ids[..i].contains(&c.id.as_str()) {
            diags.error(
                file,
                locate_literal(source, &c.id, 1),
                format!("combatant id `{}` is used twice", c.id),
            );
        }
        if !content.creatures.contains_key(c.block_id()) {
            diags.error(
                file,
                locate_literal_after(source, &c.id, &c.stat_block),
                format!("unknown stat block `{}`", c.stat_block),
            );
        }
        if !encounter.map.contains(c.position) || encounter.map.blocks(c.position) {
            diags.error(
                file,
                locate_literal(source, &c.id, 0),
                format!(
                    "`{}` starts at {:?}, which is off the map or inside a blocking object",
                    c.id, c.position
                ),
            );
        }
    }
    for id in &encounter.turn_order {
        if !ids.contains(&id.as_str()) {
            diags.error(
                file,
                locate_literal_after(source, "turn_order", id),
                format!("turn order names unknown combatant `{id}`"),
            );
        }
    }
    if !encounter.turn_order.is_empty() {
        for id in &ids {
            if !encounter.turn_order.iter().any(|t| t == id) {
                diags.error(
                    file,
                    locate_literal(source, id, 0),
                    format!("combatant `{id}` is missing from the turn order"),
                );
            }
        }
    }
    for action in &encounter.script {
        match action {
            ScriptAction::Use {
                ability, targets, ..
            } => {
                if !content.abilities.contains_key(ability) {
                    diags.error(
                        file,
                        locate_literal(source, ability, 0),
                        format!("unknown ability `{ability}`"),
                    );
                }
                for t in targets {
                    if !ids.contains(&t.as_str()) {
                        diags.error(
                            file,
                            locate_literal_after(source, ability, t),
                            format!("unknown target `{t}`"),
                        );
                    }
                }
            }
            ScriptAction::Reactions(who, _) if !ids.contains(&who.as_str()) => {
                diags.error(
                    file,
                    locate_literal_after(source, "script", who),
                    format!("unknown combatant `{who}`"),
                );
            }
            _ => {}
        }
    }
    let used: Vec<&str> = encounter
        .combatants
        .iter()
        .map(CombatantSpec::block_id)
        .collect();
    for id in used {
        check_stat_block(id, content, diags);
    }
    check_changes(source, file, encounter, content, diags);
    check_abilities(content, diags);
    super::check_status::check_conditions(content, diags);
}

/// Validates every stat block and ability of a pack's encounter content, whether or not an
/// encounter uses it (for the pack validator).
pub fn check_content(content: &EncounterContent, diags: &mut Diagnostics) {
    for id in content.creatures.keys() {
        check_stat_block(id, content, diags);
    }
    check_abilities(content, diags);
    super::check_status::check_conditions(content, diags);
}

/// Checks one stat block's known abilities, Flavors and Upgrades.
fn check_stat_block(id: &str, content: &EncounterContent, diags: &mut Diagnostics) {
    // A stat block this encounter changes is checked as its own file has it; the change is
    // checked in the encounter file (`check_changes`).
    let block = content
        .shared_creatures
        .get(id)
        .or_else(|| content.creatures.get(id));
    let (Some(block), Some(file)) = (block, content.creature_files.get(id)) else {
        return;
    };
    let source = content.sources.get(file).map_or("", String::as_str);
    for (needle, message) in stat_block_problems(block, content) {
        diags.error(file, locate_literal_after(source, id, &needle), message);
    }
}

/// A stat block's problems (unknown abilities, Flavors and Upgrades, level and Prestige rules,
/// unknown statuses), each with the text to locate it by (after the block's id). Each known
/// ability is checked by `known_ability_problems`, the check the creature editor shows.
pub(super) fn stat_block_problems(
    block: &crate::model::StatBlock,
    content: &EncounterContent,
) -> Vec<(String, String)> {
    // Prestige marks are reported after every ability's own problems, as they always were.
    let known: Vec<KnownProblem> = block
        .abilities
        .iter()
        .flat_map(|known| known_ability_problems(block, known, content.abilities.get(&known.id)))
        .collect();
    let (prestige, rest): (Vec<_>, Vec<_>) = known
        .into_iter()
        .partition(|p| p.field == KnownField::Prestige);
    let mut problems: Vec<(String, String)> = rest
        .into_iter()
        .chain(prestige)
        .map(|p| (p.at, p.message))
        .collect();
    for name in block.conditions.keys() {
        if !content.conditions.contains_key(name) {
            problems.push((name.clone(), format!("unknown status condition `{name}`")));
        }
    }
    problems
}

/// Checks that abilities name known statuses and prepared abilities.
fn check_abilities(content: &EncounterContent, diags: &mut Diagnostics) {
    for def in content.abilities.values() {
        let Some(file) = content.ability_files.get(&def.id) else {
            continue;
        };
        let source = content.sources.get(file).map_or("", String::as_str);
        let mut effects: Vec<&Effect> = Vec::new();
        let o = &def.outcomes;
        for band in [
            &o.critical_failure,
            &o.low,
            &o.mixed,
            &o.high,
            &o.critical_success,
        ] {
            effects.extend(band.iter());
        }
        for s in &def.saves {
            effects.extend(s.on_fail.iter().chain(s.on_pass.iter()));
        }
        for e in effects {
            match e {
                Effect::Status(name, _) | Effect::SelfStatus(name, _)
                    if !content.conditions.contains_key(name) =>
                {
                    diags.error(
                        file,
                        locate_literal_after(source, &def.id, name),
                        format!("unknown status condition `{name}` in `{}`", def.id),
                    );
                }
                Effect::Push(n) | Effect::Pull(n) | Effect::Shift(n) if *n <= 0 => {
                    diags.warning(
                        file,
                        locate_literal(source, &def.id, 0),
                        format!(
                            "`{}` moves a creature {n} cells: a move of 0 or less does nothing",
                            def.id
                        ),
                    );
                }
                Effect::Damage {
                    dice: Some(text), ..
                } => {
                    if let Err(why) = super::damage_dice::DamageDice::parse(text) {
                        diags.error(
                            file,
                            locate_literal_after(source, &def.id, text),
                            format!("damage dice in `{}`: {why}", def.id),
                        );
                    }
                }
                Effect::GainBeatsFor(_, ids) => {
                    for id in ids.iter().filter(|i| !content.abilities.contains_key(*i)) {
                        diags.error(
                            file,
                            locate_literal_after(source, &def.id, id),
                            format!("`{}` gives Beats for unknown ability `{id}`", def.id),
                        );
                    }
                }
                Effect::GainResourceUpTo(name, _, cap) if *cap < 0 => {
                    diags.error(
                        file,
                        locate_literal_after(source, &def.id, name),
                        format!("`{}` caps {name} at {cap}: a cap cannot be below 0", def.id),
                    );
                }
                Effect::Prepare { ability, .. } if !content.abilities.contains_key(ability) => {
                    diags.error(
                        file,
                        locate_literal_after(source, &def.id, ability),
                        format!("`{}` prepares unknown ability `{ability}`", def.id),
                    );
                }
                _ => {}
            }
        }
        for p in &def.penalties {
            if let Some(s) = &p.per_stack_of
                && !content.conditions.contains_key(s)
            {
                diags.error(
                    file,
                    locate_literal_after(source, &def.id, s),
                    format!("unknown status condition `{s}` in `{}`'s Penalty", def.id),
                );
            }
        }
        if def.also.iter().any(|t| t.is_reaction()) && def.triggers.is_empty() {
            diags.warning(
                file,
                locate_literal(source, &def.id, 0),
                format!(
                    "`{}` is also a {} but lists no Reaction Trigger, so it never answers one",
                    def.id,
                    def.reaction_time().map_or("Reaction", |t| t.name())
                ),
            );
        }
        if def.climb && def.time != AbilityTime::Passive {
            diags.warning(
                file,
                locate_literal(source, &def.id, 0),
                format!(
                    "`{}` lets its bearer Climb but is not a Passive: only a Passive grants Climb",
                    def.id
                ),
            );
        }
        if let Some(TestStatus::Concentrating) = def.test.as_ref().and_then(|t| t.status)
            && def.time.is_reaction()
        {
            diags.warning(
                file,
                locate_literal(source, &def.id, 0),
                format!("`{}` is a Reaction with a Concentration Test", def.id),
            );
        }
    }
}

/// Validates the tabletop content of a loaded pack: every `AbilityLibrary`, `StatusLibrary`,
/// `StatBlockSet` and `Encounter` file, against the content of the whole pack (plus each
/// encounter's inline definitions). For the pack validator: one call, problems located.
pub fn check_pack(pack: &crate::pack::Pack, diags: &mut Diagnostics) {
    let mut content = EncounterContent::new();
    let mut encounters: Vec<(PathBuf, &str)> = Vec::new();
    // The pack loader has already parsed these files and reported their syntax problems;
    // reading them again here must not report those twice.
    let mut already_reported = Diagnostics::new();
    for file in &pack.files {
        let path = pack.root.join(&file.path);
        match crate::ron_io::leading_tag(&file.source) {
            Some(ENCOUNTER_TAG) => encounters.push((path, &file.source)),
            Some(STAT_BLOCK_SET_TAG | ABILITY_LIBRARY_TAG | STATUS_LIBRARY_TAG) => {
                content.add_source(&file.source, &path, &mut already_reported);
            }
            _ => {}
        }
    }
    let has_tabletop_content = !content.sources.is_empty() || !encounters.is_empty();
    if has_tabletop_content {
        check_content(&content, diags);
    }
    for file in &pack.files {
        let path = pack.root.join(&file.path);
        match &file.content {
            crate::pack::Content::StatusLibrary(lib) => {
                let names = lib.conditions.iter().map(|c| c.name.as_str());
                check_names(names, "status condition", &file.source, &path, diags);
            }
            crate::pack::Content::AbilityLibrary(lib) => {
                let ids = lib.abilities.iter().map(|a| a.id.as_str());
                check_names(ids, "ability id", &file.source, &path, diags);
            }
            _ => {}
        }
    }
    for (path, source) in encounters {
        let Some(encounter) =
            crate::ron_io::parse::<Encounter>(source, &path, &mut already_reported)
        else {
            continue;
        };
        let mut own = content.clone();
        own.add_inline(&encounter, &path);
        own.sources.insert(path.clone(), source.to_owned());
        check(source, &path, &encounter, &own, diags);
    }
}

/// Names one file defines (`what`: "status condition", "ability id"): none may be empty, and
/// none may be defined twice in the file (the second would silently replace the first).
fn check_names<'a>(
    names: impl Iterator<Item = &'a str>,
    what: &str,
    source: &str,
    file: &Path,
    diags: &mut Diagnostics,
) {
    let mut seen: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for name in names {
        let n = seen.entry(name).or_default();
        if name.trim().is_empty() {
            diags.error(
                file,
                locate_literal(source, name, *n),
                format!("a {what} is empty; give it a name"),
            );
        } else if *n > 0 {
            diags.error(
                file,
                locate_literal(source, name, *n),
                format!("{what} `{name}` is defined twice in this file"),
            );
        }
        *n += 1;
    }
}

/// Checks an encounter's stat block changes, each problem at its `file:line:column` in the
/// encounter file: an unknown stat block, an ability forgotten or changed that the block does
/// not know, an ability learned twice or unknown, a Flavor or Upgrade taken away that the block
/// does not have, and every problem of the changed block (unknown Flavors and Upgrades, the
/// number of Flavors, level and Prestige rules) that its shared file does not already have.
fn check_changes(
    source: &str,
    file: &Path,
    encounter: &Encounter,
    content: &EncounterContent,
    diags: &mut Diagnostics,
) {
    for (i, change) in encounter.stat_block_changes.iter().enumerate() {
        let id = &change.id;
        // Inside this change's entry, so a Flavor named in two changes is found in the right one.
        let at = |text: &str| crate::locate::literal_in_item(source, "stat_block_changes", i, text);
        if encounter.stat_block_changes[..i]
            .iter()
            .any(|c| c.id == *id)
        {
            diags.error(
                file,
                at(id),
                format!("`{id}` is changed twice here; merge the two changes"),
            );
            continue;
        }
        let Some(shared) = content.shared_creatures.get(id) else {
            diags.error(
                file,
                at(id),
                format!("a change of unknown stat block `{id}`"),
            );
            continue;
        };
        if encounter
            .combatants
            .iter()
            .any(|c| c.inline.as_ref().is_some_and(|b| &b.id == id))
        {
            diags.error(
                file,
                at(id),
                format!("`{id}` is written inline in this encounter: change it there"),
            );
        } else if !encounter.combatants.iter().any(|c| c.block_id() == id) {
            diags.warning(
                file,
                at(id),
                format!("no combatant uses `{id}`: its change here does nothing"),
            );
        }
        let shared_knows = |ability: &str| shared.abilities.iter().any(|k| k.id == ability);
        for gone in &change.forget {
            if !shared_knows(gone) {
                diags.error(
                    file,
                    at(gone),
                    format!("`{id}` cannot forget `{gone}`: its stat block does not know it"),
                );
            }
        }
        for k in &change.learn {
            if shared_knows(&k.id) {
                diags.error(
                    file,
                    at(&k.id),
                    format!("`{id}` already knows `{}`; change it instead", k.id),
                );
            }
        }
        for (ability, c) in &change.abilities {
            let Some(known) = shared.abilities.iter().find(|k| &k.id == ability) else {
                diags.error(
                    file,
                    at(ability),
                    format!("`{id}` does not know `{ability}`; learn it instead"),
                );
                continue;
            };
            for f in c
                .remove_flavors
                .iter()
                .filter(|f| !known.flavors.contains(f))
            {
                diags.error(
                    file,
                    at(f),
                    format!("`{f}` is not a Flavor `{id}` has for `{ability}`"),
                );
            }
            for u in c
                .remove_upgrades
                .iter()
                .filter(|u| !known.upgrades.contains(u))
            {
                diags.error(
                    file,
                    at(u),
                    format!("`{u}` is not an Upgrade `{id}` took for `{ability}`"),
                );
            }
        }
        let before = stat_block_problems(shared, content);
        let changed = change.apply(shared);
        for (needle, message) in stat_block_problems(&changed, content) {
            if !before.iter().any(|(_, m)| *m == message) {
                diags.error(file, at(&needle), format!("{message} (changed here)"));
            }
        }
    }
}
