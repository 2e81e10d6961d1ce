//! The encounter file (`Encounter(...)`), the content it draws on (a pack's `AbilityLibrary`,
//! `StatBlockSet` and `StatusLibrary` files plus inline definitions), and
//! validation with `file:line:column`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::ability::{AbilityDef, AbilityLibrary, Effect, TestStatus};
use super::dice::DiceRule;
use super::space::{Cell, GridMap, ShapePlacement};
use crate::diag::{Diagnostics, Location, locate_literal, locate_literal_after};
use crate::model::{StatBlock, StatBlockSet, StatusCondition, StatusKind, StatusLibrary};

/// File tag of an encounter.
pub const ENCOUNTER_TAG: &str = "Encounter";
/// File tag of an ability library.
pub const ABILITY_LIBRARY_TAG: &str = "AbilityLibrary";
/// File tag of a set of stat blocks.
pub const STAT_BLOCK_SET_TAG: &str = "StatBlockSet";
/// File tag of a set of status condition definitions.
pub const STATUS_LIBRARY_TAG: &str = "StatusLibrary";

/// Largest map side in cells.
pub const MAX_MAP_SIDE: i32 = 1000;
/// Largest `max_rounds`.
pub const MAX_ROUNDS: u32 = 1000;

/// An encounter: who fights where, in what order, under which dice rule, and an optional script.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Encounter {
    /// Title for the log and the sheet.
    pub name: String,
    /// A pack folder (relative to this file) whose stat blocks and abilities it uses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<String>,
    /// The dice rule; `None` = the pack's, else 2d6.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceRule>,
    /// The map.
    pub map: GridMap,
    /// Who takes part.
    pub combatants: Vec<CombatantSpec>,
    /// Turn order by combatant id; empty = the order of `combatants`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turn_order: Vec<String>,
    /// Stat blocks defined here rather than in the pack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub creatures: Vec<StatBlock>,
    /// Abilities defined here rather than in the pack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<AbilityDef>,
    /// Status conditions defined here (added to the built-in ones).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<StatusCondition>,
    /// Actions taken in order, each by the creature whose turn it is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub script: Vec<ScriptAction>,
    /// After the script, let the simple policies play until one side stands.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub play_out: bool,
    /// Rounds before the encounter is called a draw.
    #[serde(default = "twenty", skip_serializing_if = "is_twenty")]
    pub max_rounds: u32,
    /// The side counted as "the heroes" by the difficulty estimate.
    #[serde(default = "heroes", skip_serializing_if = "is_heroes")]
    pub heroes: String,
}

fn twenty() -> u32 {
    20
}
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_twenty(v: &u32) -> bool {
    *v == 20
}
fn heroes() -> String {
    "heroes".to_owned()
}
fn is_heroes(v: &String) -> bool {
    v == "heroes"
}

/// One combatant.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatantSpec {
    /// Id in this encounter (`"bob"`, `"goblin_2"`).
    pub id: String,
    /// Stat block id (pack or the encounter's `creatures`); ignored when `inline` is given.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stat_block: String,
    /// A stat block written right here instead of an id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inline: Option<StatBlock>,
    /// Side ("heroes", "foes").
    pub side: String,
    /// Starting cell.
    pub position: Cell,
    /// Whether it answers Reaction Triggers by itself (first matching Reaction it knows).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub reacts: bool,
}

fn yes() -> bool {
    true
}
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_yes(v: &bool) -> bool {
    *v
}

impl CombatantSpec {
    /// The id of the stat block it uses (the inline block's own id when inline).
    #[must_use]
    pub fn block_id(&self) -> &str {
        self.inline
            .as_ref()
            .map_or(self.stat_block.as_str(), |b| b.id.as_str())
    }
}

/// A scripted action, taken by the creature whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScriptAction {
    /// Start an ability.
    Use {
        /// Ability id.
        ability: String,
        /// Targeted combatant ids.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<String>,
        /// Where a Shape goes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shape: Option<ShapePlacement>,
        /// Bonuses to apply by name; `None` = every free Bonus whose condition holds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bonuses: Option<Vec<String>>,
    },
    /// Spend a Beat to move to a cell within the creature's speed.
    Move(Cell),
    /// Spend a Beat to take cover (until it moves or its next turn starts).
    TakeCover,
    /// End the turn.
    EndTurn,
    /// The raw dice of the next roll (Test or Save), in order.
    ForceRoll(Vec<u32>),
    /// Turn a combatant's automatic Reactions on or off.
    Reactions(String, bool),
}

/// The statuses every encounter knows.
#[must_use]
pub fn builtin_conditions() -> Vec<StatusCondition> {
    let fleeting = |name: &str, dis: u32, extra: i32, summary: &str| StatusCondition {
        name: name.to_owned(),
        kind: StatusKind::Fleeting,
        disadvantage_per_stack: dis,
        extra_damage_taken_per_stack: extra,
        summary: summary.to_owned(),
    };
    vec![
        fleeting(
            "Strained",
            1,
            0,
            "A Disadvantage per stack on Tests that name Strained.",
        ),
        fleeting("Vulnerable", 0, 1, "Takes 1 extra damage per stack."),
        StatusCondition {
            name: "Exhausted".to_owned(),
            kind: StatusKind::Persistent,
            disadvantage_per_stack: 1,
            extra_damage_taken_per_stack: 0,
            summary: "A Disadvantage per stack on Tests that name Exhausted; lost at the end of the episode.".to_owned(),
        },
        StatusCondition {
            name: "Concentrating".to_owned(),
            kind: StatusKind::Concentrating,
            disadvantage_per_stack: 1,
            extra_damage_taken_per_stack: 0,
            summary: "One stack per active Concentration effect.".to_owned(),
        },
    ]
}

/// Everything an encounter draws on, by id.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EncounterContent {
    /// Abilities by id.
    pub abilities: BTreeMap<String, AbilityDef>,
    /// Stat blocks by id.
    pub creatures: BTreeMap<String, StatBlock>,
    /// Status conditions by name.
    pub conditions: BTreeMap<String, StatusCondition>,
    /// The pack's dice rule, if it sets one.
    pub dice: Option<DiceRule>,
    /// Which file each ability came from (for located diagnostics).
    pub ability_files: BTreeMap<String, PathBuf>,
    /// Which file each stat block came from (for located diagnostics).
    pub creature_files: BTreeMap<String, PathBuf>,
    /// The text of every file read, by path.
    pub sources: BTreeMap<PathBuf, String>,
}

impl EncounterContent {
    /// Content with only the built-in status conditions.
    #[must_use]
    pub fn new() -> Self {
        let mut c = Self::default();
        for s in builtin_conditions() {
            c.conditions.insert(s.name.clone(), s);
        }
        c
    }

    /// Adds one file's text, whatever its tag (files with other tags are ignored).
    pub fn add_source(&mut self, source: &str, file: &Path, diags: &mut Diagnostics) {
        match crate::ron_io::leading_tag(source) {
            Some(ABILITY_LIBRARY_TAG) => {
                if let Some(lib) = crate::ron_io::parse::<AbilityLibrary>(source, file, diags) {
                    if lib.dice.is_some() {
                        self.dice = lib.dice;
                    }
                    for a in lib.abilities {
                        self.ability_files.insert(a.id.clone(), file.to_owned());
                        self.abilities.insert(a.id.clone(), a);
                    }
                }
            }
            Some(STAT_BLOCK_SET_TAG) => {
                if let Some(set) = crate::ron_io::parse::<StatBlockSet>(source, file, diags) {
                    for c in set.creatures {
                        self.creature_files.insert(c.id.clone(), file.to_owned());
                        self.creatures.insert(c.id.clone(), c);
                    }
                }
            }
            Some(STATUS_LIBRARY_TAG) => {
                if let Some(set) = crate::ron_io::parse::<StatusLibrary>(source, file, diags) {
                    for c in set.conditions {
                        self.conditions.insert(c.name.clone(), c);
                    }
                }
            }
            _ => return,
        }
        self.sources.insert(file.to_owned(), source.to_owned());
    }

    /// Reads every `.ron` file under a pack folder (sorted, so the result never depends on
    /// directory order).
    pub fn add_pack_dir(&mut self, dir: &Path, diags: &mut Diagnostics) {
        let mut files = Vec::new();
        collect_ron_files(dir, &mut files, 0);
        if files.is_empty() && !dir.is_dir() {
            diags.error(
                dir,
                Location::START,
                "pack folder not found or not readable",
            );
        }
        files.sort();
        for f in files {
            match std::fs::read_to_string(&f) {
                Ok(text) => self.add_source(&text, &f, diags),
                Err(e) => diags.error(&f, Location::START, format!("cannot read: {e}")),
            }
        }
    }

    /// Adds an encounter's inline stat blocks, abilities and conditions.
    pub fn add_inline(&mut self, encounter: &Encounter, file: &Path) {
        for a in &encounter.abilities {
            self.ability_files.insert(a.id.clone(), file.to_owned());
            self.abilities.insert(a.id.clone(), a.clone());
        }
        for c in &encounter.creatures {
            self.creature_files.insert(c.id.clone(), file.to_owned());
            self.creatures.insert(c.id.clone(), c.clone());
        }
        for c in encounter
            .combatants
            .iter()
            .filter_map(|c| c.inline.as_ref())
        {
            self.creature_files.insert(c.id.clone(), file.to_owned());
            self.creatures.insert(c.id.clone(), c.clone());
        }
        for s in &encounter.conditions {
            self.conditions.insert(s.name.clone(), s.clone());
        }
    }

    /// The dice rule an encounter plays with.
    #[must_use]
    pub fn dice_for(&self, encounter: &Encounter) -> DiceRule {
        encounter.dice.or(self.dice).unwrap_or_default()
    }
}

fn collect_ron_files(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    if depth > 8 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_ron_files(&path, out, depth + 1);
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
}

/// Reads an encounter file and its content (pack + inline), collecting every problem.
pub fn load(path: &Path, diags: &mut Diagnostics) -> Option<(Encounter, EncounterContent)> {
    let source = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => {
            diags.error(path, Location::START, format!("cannot read: {e}"));
            return None;
        }
    };
    load_source(&source, path, diags)
}

/// Like [`load`] from text already read (`file` names it and anchors a relative `pack`).
pub fn load_source(
    source: &str,
    file: &Path,
    diags: &mut Diagnostics,
) -> Option<(Encounter, EncounterContent)> {
    if crate::ron_io::leading_tag(source) != Some(ENCOUNTER_TAG) {
        diags.error(
            file,
            Location::START,
            format!("an encounter file starts with `{ENCOUNTER_TAG}(`"),
        );
        return None;
    }
    let encounter: Encounter = crate::ron_io::parse(source, file, diags)?;
    let mut content = EncounterContent::new();
    if let Some(pack) = &encounter.pack {
        let dir = file.parent().unwrap_or(Path::new(".")).join(pack);
        let mut pack_diags = Diagnostics::new();
        content.add_pack_dir(&dir, &mut pack_diags);
        if pack_diags.iter().any(|d| d.file == dir) {
            diags.error(
                file,
                locate_literal(source, pack, 0),
                format!("pack folder `{pack}` not found next to this file"),
            );
        }
        // The missing folder is reported once, at the `pack` line, not again at the folder.
        let rest: Vec<_> = pack_diags
            .into_vec()
            .into_iter()
            .filter(|d| d.file != dir)
            .collect();
        for d in rest {
            match d.severity {
                crate::diag::Severity::Error => diags.error(&d.file, d.location, d.message),
                crate::diag::Severity::Warning => diags.warning(&d.file, d.location, d.message),
            }
        }
    }
    content.add_inline(&encounter, file);
    content.sources.insert(file.to_owned(), source.to_owned());
    check(source, file, &encounter, &content, diags);
    Some((encounter, content))
}

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
    check_abilities(content, diags);
}

/// Validates every stat block and ability of a pack's encounter content, whether or not an
/// encounter uses it (for the pack validator).
pub fn check_content(content: &EncounterContent, diags: &mut Diagnostics) {
    for id in content.creatures.keys() {
        check_stat_block(id, content, diags);
    }
    check_abilities(content, diags);
}

/// Checks one stat block's known abilities, Flavors and Upgrades.
fn check_stat_block(id: &str, content: &EncounterContent, diags: &mut Diagnostics) {
    let (Some(block), Some(file)) = (content.creatures.get(id), content.creature_files.get(id))
    else {
        return;
    };
    let source = content.sources.get(file).map_or("", String::as_str);
    for known in &block.abilities {
        let Some(def) = content.abilities.get(&known.id) else {
            diags.error(
                file,
                locate_literal_after(source, id, &known.id),
                format!("`{id}` knows unknown ability `{}`", known.id),
            );
            continue;
        };
        let pick = def.flavors.as_ref().map_or(0, |f| f.pick) as usize;
        if known.flavors.len() != pick {
            diags.error(
                file,
                locate_literal_after(source, id, &known.id),
                format!(
                    "`{}` needs {pick} Flavor(s) chosen when gained; {} given",
                    known.id,
                    known.flavors.len()
                ),
            );
        }
        for f in &known.flavors {
            if def.flavor(f).is_none() {
                diags.error(
                    file,
                    locate_literal_after(source, id, f),
                    format!("`{f}` is not a Flavor of `{}`", known.id),
                );
            }
        }
        for (i, u) in known.upgrades.iter().enumerate() {
            let Some(up) = def.upgrades.iter().find(|x| &x.name == u) else {
                diags.error(
                    file,
                    locate_literal_after(source, id, u),
                    format!("`{u}` is not an Upgrade of `{}`", known.id),
                );
                continue;
            };
            let (series, rank) = up.series();
            if rank > 1 {
                let previous = format!("{series}({})", rank - 1);
                if !known.upgrades[..i].contains(&previous) {
                    diags.error(
                        file,
                        locate_literal_after(source, id, u),
                        format!("`{u}` is part of a series: `{previous}` must be taken before it"),
                    );
                }
            }
        }
    }
    for name in block.conditions.keys() {
        if !content.conditions.contains_key(name) {
            diags.error(
                file,
                locate_literal_after(source, id, name),
                format!("unknown status condition `{name}`"),
            );
        }
    }
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
    for file in &pack.files {
        let path = pack.root.join(&file.path);
        match crate::ron_io::leading_tag(&file.source) {
            Some(ENCOUNTER_TAG) => encounters.push((path, &file.source)),
            Some(STAT_BLOCK_SET_TAG) => {
                // The pack loader has already reported this file's syntax problems.
                let mut quiet = Diagnostics::new();
                content.add_source(&file.source, &path, &mut quiet);
            }
            Some(ABILITY_LIBRARY_TAG | STATUS_LIBRARY_TAG) => {
                content.add_source(&file.source, &path, diags);
            }
            _ => {}
        }
    }
    let has_tabletop_content = !content.creature_files.is_empty() || !encounters.is_empty();
    if has_tabletop_content {
        check_content(&content, diags);
    }
    for (path, source) in encounters {
        let Some(encounter) = crate::ron_io::parse::<Encounter>(source, &path, diags) else {
            continue;
        };
        let mut own = content.clone();
        own.add_inline(&encounter, &path);
        own.sources.insert(path.clone(), source.to_owned());
        check(source, &path, &encounter, &own, diags);
    }
}
