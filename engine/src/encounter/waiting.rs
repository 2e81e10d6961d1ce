//! What waits on a creature, for table mode's creature list and map: an ability it started
//! that takes effect later (a Slow Action, an Action a Delay made slow) and the abilities it
//! has Prepared, each with when it fires and the cells it will reach.

use super::run::EncounterRun;
use super::space::{Cell, affected_cells, cell_words};
use super::words::{expiry_words, trigger_words};

/// One thing waiting on a creature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitingAction {
    /// What waits, in words ("Aimed Shot on bob", "Prepared Riposte").
    pub what: String,
    /// When it fires, in words ("its Test comes at the start of archer's next turn").
    pub when: String,
    /// The cells it will reach: its targets' cells or its Shape's (empty: none chosen yet).
    pub cells: Vec<Cell>,
}

impl EncounterRun {
    /// What waits on the creature `who` (index): its started abilities, then its Prepared ones.
    #[must_use]
    pub fn waiting(&self, who: usize) -> Vec<WaitingAction> {
        let Some(c) = self.combatants.get(who) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for p in &c.pending {
            let def = self.ability_for(who, &p.ability).map(|(d, _)| d);
            let name = def.as_ref().map_or(p.ability.as_str(), |d| d.name.as_str());
            let shape = def.as_ref().and_then(|d| d.target.shape).zip(p.shape);
            let (aim, cells) = if let Some((spec, place)) = shape {
                (
                    format!(" with its Shape at {}", cell_words(place.origin)),
                    affected_cells(&self.map, &spec, &place),
                )
            } else {
                let others = || p.targets.iter().filter(|t| **t != who);
                let on: Vec<&str> = others().map(|t| self.combatants[*t].id.as_str()).collect();
                let aim = if on.is_empty() {
                    String::new()
                } else {
                    format!(" on {}", crate::wording::list(&on))
                };
                (
                    aim,
                    others().map(|t| self.combatants[*t].position).collect(),
                )
            };
            out.push(WaitingAction {
                what: format!("{name}{aim}"),
                when: format!("its Test comes at the start of {}'s next turn", c.id),
                cells,
            });
        }
        for p in &c.prepared {
            let def = self.content.abilities.get(&p.ability);
            let name = def.map_or(p.ability.as_str(), |d| d.name.as_str());
            let trigger = def.and_then(|d| d.triggers.first()).map(trigger_words);
            let when = match trigger {
                Some(t) => format!("it answers {t}; {}", expiry_words(p.expires)),
                None => format!("usable on its turn; {}", expiry_words(p.expires)),
            };
            out.push(WaitingAction {
                what: format!("Prepared {name}"),
                when,
                cells: Vec::new(),
            });
        }
        out
    }
}
