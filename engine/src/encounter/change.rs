//! The change an encounter makes to a stat block for itself only (issue #30): another name,
//! health, level or stat, an ability learned or forgotten, a Flavor or an Upgrade added to or
//! taken from an ability it knows. The change is stored in the encounter file, one entry per
//! stat block id (`stat_block_changes`), and applied when the encounter's content is built
//! ([`super::EncounterContent::add_inline`]), so the sandbox, the table, the A/B and the sheet
//! all play the changed creature while the shared `StatBlockSet` file stays as it is.
//!
//! The change stores differences (what is added, what is taken away), not a copy of the block:
//! an edit of the shared file that the change does not touch still reaches this encounter.
//! The changes are a list whose entries are named by `id` (not a map keyed by it) so that each
//! is one item of the file for item-level saving and undo, like a combatant.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ability::AbilityDef;
use crate::model::{KnownAbility, StatBlock};

/// How one stat block differs in this encounter from its shared file. Every field is optional
/// and left out of the file when it changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatBlockChange {
    /// The stat block it changes.
    pub id: String,
    /// Another display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Another maximum health.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub health: Option<i32>,
    /// Another level (Upgrades' `min_level` is checked against it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u32>,
    /// Modifiers set to these values (others as the shared block has them).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stats: BTreeMap<String, i32>,
    /// Abilities it knows here only, with their Flavors and Upgrades.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub learn: Vec<KnownAbility>,
    /// Abilities of the shared block it does not know here, by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forget: Vec<String>,
    /// Flavors and Upgrades added to or taken from the abilities the shared block knows, by
    /// ability id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub abilities: BTreeMap<String, KnownAbilityChange>,
}

/// Flavors and Upgrades added to or taken from one known ability.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownAbilityChange {
    /// Flavors it has here besides the shared block's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_flavors: Vec<String>,
    /// Flavors of the shared block it does not have here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove_flavors: Vec<String>,
    /// Upgrades taken here after the shared block's (in this order).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_upgrades: Vec<String>,
    /// Upgrades of the shared block it does not have here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove_upgrades: Vec<String>,
}

impl KnownAbilityChange {
    /// Whether it changes nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    fn apply(&self, known: &mut KnownAbility) {
        known.flavors.retain(|f| !self.remove_flavors.contains(f));
        for f in &self.add_flavors {
            if !known.flavors.contains(f) {
                known.flavors.push(f.clone());
            }
        }
        known.upgrades.retain(|u| !self.remove_upgrades.contains(u));
        known.prestige.retain(|u| !self.remove_upgrades.contains(u));
        for u in &self.add_upgrades {
            if !known.upgrades.contains(u) {
                known.upgrades.push(u.clone());
            }
        }
    }
}

/// `want` as what `shared` lacks and what it has that `want` does not.
fn difference(shared: &[String], want: &[String]) -> (Vec<String>, Vec<String>) {
    let added = want
        .iter()
        .filter(|w| !shared.contains(w))
        .cloned()
        .collect();
    let removed = shared
        .iter()
        .filter(|s| !want.contains(s))
        .cloned()
        .collect();
    (added, removed)
}

impl StatBlockChange {
    /// A change of stat block `id` that changes nothing yet.
    #[must_use]
    pub fn new(id: &str) -> Self {
        Self {
            id: id.to_owned(),
            ..Self::default()
        }
    }

    /// Whether it changes nothing (such a change is not stored).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::new(&self.id)
    }

    /// The stat block as this encounter plays it. Lenient: taking away what the block does not
    /// have, or adding what it has, does nothing here; `validate` reports it
    /// ([`check_changes`]).
    #[must_use]
    pub fn apply(&self, shared: &StatBlock) -> StatBlock {
        let mut block = shared.clone();
        if let Some(name) = &self.name {
            block.name.clone_from(name);
        }
        if let Some(health) = self.health {
            block.health = health;
        }
        if let Some(level) = self.level {
            block.level = level;
        }
        for (stat, v) in &self.stats {
            block.stats.insert(stat.clone(), *v);
        }
        block.abilities.retain(|k| !self.forget.contains(&k.id));
        for k in &self.learn {
            if !block.abilities.iter().any(|b| b.id == k.id) {
                block.abilities.push(k.clone());
            }
        }
        for (id, change) in &self.abilities {
            if let Some(known) = block.abilities.iter_mut().find(|k| &k.id == id) {
                change.apply(known);
            }
        }
        block
    }

    /// Sets the name it has here (the shared name clears the change of name).
    pub fn set_name(&mut self, shared: &StatBlock, name: &str) {
        self.name = (name != shared.name).then(|| name.to_owned());
    }

    /// Sets the health it has here (the shared health clears the change of health).
    pub fn set_health(&mut self, shared: &StatBlock, health: i32) {
        self.health = (health != shared.health).then_some(health);
    }

    /// Sets which Flavors an ability has here; what differs from `shared` is stored (an ability
    /// learned here holds them itself).
    pub fn set_flavors(&mut self, shared: &StatBlock, ability: &str, flavors: &[String]) {
        if let Some(learned) = self.learn.iter_mut().find(|k| k.id == ability) {
            learned.flavors = flavors.to_vec();
            return;
        }
        let Some(known) = shared.abilities.iter().find(|k| k.id == ability) else {
            return;
        };
        let (add, remove) = difference(&known.flavors, flavors);
        let change = self.abilities.entry(ability.to_owned()).or_default();
        change.add_flavors = add;
        change.remove_flavors = remove;
        self.drop_empty();
    }

    /// Sets which Upgrades an ability has here, in the order taken; what differs from `shared`
    /// is stored (an ability learned here holds them itself).
    pub fn set_upgrades(&mut self, shared: &StatBlock, ability: &str, upgrades: &[String]) {
        if let Some(learned) = self.learn.iter_mut().find(|k| k.id == ability) {
            learned.upgrades = upgrades.to_vec();
            return;
        }
        let Some(known) = shared.abilities.iter().find(|k| k.id == ability) else {
            return;
        };
        let (add, remove) = difference(&known.upgrades, upgrades);
        let change = self.abilities.entry(ability.to_owned()).or_default();
        change.add_upgrades = add;
        change.remove_upgrades = remove;
        self.drop_empty();
    }

    fn drop_empty(&mut self) {
        self.abilities.retain(|_, c| !c.is_empty());
    }

    /// The change in words, one phrase per difference ("health 16 → 24", "Elemental Blast:
    /// Flavor Frost Bolt added"): the one wording of the encounter tab and the sheet.
    #[must_use]
    pub fn describe(
        &self,
        shared: &StatBlock,
        abilities: &BTreeMap<String, AbilityDef>,
    ) -> Vec<String> {
        let ability_name = |id: &str| {
            abilities
                .get(id)
                .map_or_else(|| id.to_owned(), |a| a.name.clone())
        };
        let mut out = Vec::new();
        if let Some(name) = &self.name {
            out.push(format!("name {} → {name}", shared.name));
        }
        if let Some(health) = self.health {
            out.push(format!("health {} → {health}", shared.health));
        }
        if let Some(level) = self.level {
            out.push(format!("level {} → {level}", shared.level));
        }
        for (stat, v) in &self.stats {
            let was = shared.stats.get(stat).copied().unwrap_or(0);
            out.push(format!("{stat} {was:+} → {v:+}"));
        }
        for k in &self.learn {
            out.push(format!("learns {}", ability_name(&k.id)));
        }
        for id in &self.forget {
            out.push(format!("forgets {}", ability_name(id)));
        }
        for (id, c) in &self.abilities {
            let mut parts = Vec::new();
            let list = |what: &str, names: &[String], how: &str| {
                (!names.is_empty()).then(|| format!("{what} {} {how}", names.join(", ")))
            };
            parts.extend(list("Flavor", &c.add_flavors, "added"));
            parts.extend(list("Flavor", &c.remove_flavors, "taken away"));
            parts.extend(list("Upgrade", &c.add_upgrades, "added"));
            parts.extend(list("Upgrade", &c.remove_upgrades, "taken away"));
            out.push(format!("{}: {}", ability_name(id), parts.join(", ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hag() -> StatBlock {
        StatBlock {
            id: "hag".into(),
            name: "The Hag".into(),
            level: 4,
            health: 16,
            abilities: vec![KnownAbility {
                id: "elemental_blast".into(),
                flavors: vec!["Fiery Bolt".into()],
                upgrades: vec!["Powerful(1)".into()],
                prestige: Vec::new(),
            }],
            ..StatBlock::default()
        }
    }

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn setters_store_the_difference_and_setting_back_clears_it() {
        let shared = hag();
        let mut change = StatBlockChange::new("hag");
        change.set_flavors(&shared, "elemental_blast", &strings(&["Frost Bolt"]));
        change.set_upgrades(
            &shared,
            "elemental_blast",
            &strings(&["Powerful(1)", "Powerful(2)"]),
        );
        change.set_health(&shared, 20);
        let blast = &change.abilities["elemental_blast"];
        assert_eq!(blast.add_flavors, ["Frost Bolt"]);
        assert_eq!(blast.remove_flavors, ["Fiery Bolt"]);
        assert_eq!(blast.add_upgrades, ["Powerful(2)"]);
        assert!(blast.remove_upgrades.is_empty());
        let played = change.apply(&shared);
        assert_eq!(played.health, 20);
        assert_eq!(played.abilities[0].flavors, ["Frost Bolt"]);
        assert_eq!(played.abilities[0].upgrades, ["Powerful(1)", "Powerful(2)"]);

        change.set_flavors(&shared, "elemental_blast", &strings(&["Fiery Bolt"]));
        change.set_upgrades(&shared, "elemental_blast", &strings(&["Powerful(1)"]));
        change.set_health(&shared, 16);
        assert!(change.is_empty(), "{change:?}");
    }

    #[test]
    fn an_ability_learned_here_holds_its_own_flavors_and_upgrades() {
        let shared = hag();
        let mut change = StatBlockChange {
            id: "hag".into(),
            learn: vec![KnownAbility {
                id: "bite".into(),
                ..KnownAbility::default()
            }],
            forget: strings(&["elemental_blast"]),
            ..StatBlockChange::default()
        };
        change.set_upgrades(&shared, "bite", &strings(&["Sharp(1)"]));
        assert!(change.abilities.is_empty());
        let played = change.apply(&shared);
        assert_eq!(played.abilities.len(), 1);
        assert_eq!(played.abilities[0].id, "bite");
        assert_eq!(played.abilities[0].upgrades, ["Sharp(1)"]);
    }
}
