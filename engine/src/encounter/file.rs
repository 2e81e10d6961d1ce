//! The encounter file (`Encounter(...)`), the content it draws on (a pack's `AbilityLibrary`,
//! `StatBlockSet` and `StatusLibrary` files plus inline definitions), and
//! validation with `file:line:column`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::ability::{AbilityDef, AbilityLibrary};
use super::change::StatBlockChange;
use super::dice::DiceRule;
use super::space::{Cell, GridMap, ShapePlacement};
use crate::diag::{Diagnostics, Location};
use crate::model::{StatBlock, StatBlockSet, StatusCondition, StatusKind, StatusLibrary};

/// The text of files as an editor holds them (unsaved edits included), by path: read instead
/// of what is on disk (see [`EncounterContent::add_pack_dir_as_edited`]).
pub type EditedTexts = BTreeMap<PathBuf, String>;

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
    /// Stat blocks changed for this encounter only, one entry per stat block id (the shared
    /// file is left as it is): see [`super::change`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stat_block_changes: Vec<StatBlockChange>,
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
    /// What the scripted run must show at its end: the encounter as a scenario test
    /// (`sigilforge test`), with expectations taken from the rulebook.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expect: Vec<EncounterExpect>,
}

/// One expectation of a scripted encounter, checked after it has run to its end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EncounterExpect {
    /// This combatant ends with this much health.
    Health(String, i32),
    /// This combatant ends with this many points of a resource.
    Resource(String, String, i32),
    /// This combatant ends with this many stacks of a status.
    Stacks(String, String, u32),
    /// Some log line contains this text.
    Logged(String),
    /// No log line contains this text.
    NotLogged(String),
    /// Exactly this many log lines contain this text.
    LoggedTimes(String, usize),
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
    /// Hidden from the players when a table session starts (an ambusher); the GM reveals it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

fn yes() -> bool {
    true
}
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_yes(v: &bool) -> bool {
    *v
}

impl Encounter {
    /// How this encounter changes stat block `id` for itself, if it does.
    #[must_use]
    pub fn stat_block_change(&self, id: &str) -> Option<&StatBlockChange> {
        self.stat_block_changes.iter().find(|c| c.id == id)
    }
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

/// The statuses every encounter knows. Their numbers say all they do, so they carry no summary
/// (the sheet's glossary words the numbers; a summary would repeat them).
#[must_use]
pub fn builtin_conditions() -> Vec<StatusCondition> {
    let status = |name: &str, kind, dis: u32, extra: i32| StatusCondition {
        name: name.to_owned(),
        kind,
        disadvantage_per_stack: dis,
        extra_damage_taken_per_stack: extra,
        ..StatusCondition::default()
    };
    vec![
        status("Strained", StatusKind::Fleeting, 1, 0),
        status("Vulnerable", StatusKind::Fleeting, 0, 1),
        status("Exhausted", StatusKind::Persistent, 1, 0),
        status("Concentrating", StatusKind::Concentrating, 1, 0),
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
    /// The stat blocks the encounter changes for itself, as their own file has them
    /// (`creatures` holds them changed).
    pub shared_creatures: BTreeMap<String, StatBlock>,
    /// Which file each status condition came from (the built-in ones come from none).
    pub condition_files: BTreeMap<String, PathBuf>,
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
                        self.condition_files.insert(c.name.clone(), file.to_owned());
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
        self.add_pack_dir_as_edited(dir, &EditedTexts::new(), diags);
    }

    /// Like [`Self::add_pack_dir`], with the files `edited` holds read from it instead of the
    /// disk (an editor's unsaved text; a file it holds under `dir` that is not on disk yet is
    /// read too).
    pub fn add_pack_dir_as_edited(
        &mut self,
        dir: &Path,
        edited: &EditedTexts,
        diags: &mut Diagnostics,
    ) {
        let mut files = Vec::new();
        collect_ron_files(dir, &mut files, 0);
        let on_disk = !files.is_empty() || dir.is_dir();
        files.extend(
            edited
                .keys()
                .filter(|f| f.starts_with(dir) && f.extension().is_some_and(|e| e == "ron"))
                .cloned(),
        );
        if files.is_empty() && !on_disk {
            diags.error(
                dir,
                Location::START,
                "pack folder not found or not readable",
            );
        }
        files.sort();
        files.dedup();
        for f in files {
            if let Some(text) = edited.get(&f) {
                self.add_source(text, &f, diags);
                continue;
            }
            match std::fs::read_to_string(&f) {
                Ok(text) => self.add_source(&text, &f, diags),
                Err(e) => diags.error(&f, Location::START, format!("cannot read: {e}")),
            }
        }
    }

    /// Adds an encounter's inline stat blocks, abilities and conditions, then applies its
    /// stat block changes (the one place they are applied).
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
            self.condition_files.insert(s.name.clone(), file.to_owned());
            self.conditions.insert(s.name.clone(), s.clone());
        }
        apply_changes(self, encounter);
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

impl EncounterExpect {
    /// Why `run` (played to its end) does not meet this expectation, or `None`.
    #[must_use]
    pub fn failure(&self, run: &super::EncounterRun) -> Option<String> {
        let logged = |text: &str| run.log().iter().any(|e| e.text.contains(text));
        match self {
            EncounterExpect::Health(id, want) => {
                let got = run.combatant(id).map(|c| c.health);
                (got != Some(*want)).then(|| match got {
                    Some(h) => format!("expected {id} to end with {want} health; it has {h}"),
                    None => format!("expected {id} to end with {want} health; no such combatant"),
                })
            }
            EncounterExpect::Resource(id, name, want) => {
                let got = run
                    .combatant(id)
                    .map(|c| c.resources.get(name).copied().unwrap_or(0));
                (got != Some(*want))
                    .then(|| format!("expected {id} to end with {want} {name}; it has {got:?}"))
            }
            EncounterExpect::Stacks(id, name, want) => {
                let got = run.combatant(id).map(|c| c.stacks(name));
                (got != Some(*want)).then(|| {
                    format!("expected {id} to end with {want} stack(s) of {name}; it has {got:?}")
                })
            }
            EncounterExpect::Logged(text) => (!logged(text))
                .then(|| format!("expected the log to say \"{text}\"; it never does")),
            EncounterExpect::LoggedTimes(text, want) => {
                let got = run
                    .log()
                    .iter()
                    .filter(|e| e.text.contains(text.as_str()))
                    .count();
                (got != *want).then(|| {
                    format!("expected {want} log line(s) saying \"{text}\"; there are {got}")
                })
            }
            EncounterExpect::NotLogged(text) => {
                logged(text).then(|| format!("expected the log never to say \"{text}\"; it does"))
            }
        }
    }
}

/// Applies an encounter's stat block changes to its content, keeping each changed block as its
/// shared file has it in [`EncounterContent::shared_creatures`]. Called once, by
/// [`EncounterContent::add_inline`]; a change for an unknown stat block is left to
/// `check::check_changes`.
fn apply_changes(content: &mut EncounterContent, encounter: &Encounter) {
    for change in &encounter.stat_block_changes {
        let id = &change.id;
        let Some(block) = content.creatures.get_mut(id) else {
            continue;
        };
        let shared = content
            .shared_creatures
            .entry(id.clone())
            .or_insert_with(|| block.clone());
        *block = change.apply(shared);
    }
}
