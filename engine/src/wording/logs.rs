//! Every rule system's log as a person reads it: the one [`Worded`] reading that the editor's
//! sandbox log, its Why pane and the tests over every scenario share.

use crate::battle::Battle;
use crate::core::{Cause, Sandbox};
use crate::encounter::EncounterRun;
use crate::glyph::GlyphRun;
use crate::rules::{Game, RulesRun};

use super::Names;

/// A run whose log is read by a person: each line and its cause in words, names for ids.
pub trait Worded: Sandbox {
    /// The log line `event` in words ("A's Goblin Sapper attacks B's Orc Grunt").
    fn line(&self, event: usize) -> String;

    /// Why `event` happened, in words ("by Ambush 2 of A's Goblin Sapper, after #3").
    fn cause_line(&self, event: usize) -> String;

    /// The Why pane's chain: `event`'s line, then the line it answers, and so on.
    fn why_lines(&self, event: usize) -> Vec<String> {
        self.why(event).into_iter().map(|i| self.line(i)).collect()
    }
}

/// A cause in words: "by ability 1 of door, after #3"; empty when nothing caused it.
#[must_use]
pub fn cause_text<A>(cause: &Cause<A>, ability: impl FnOnce(&A) -> String) -> String {
    let mut parts = Vec::new();
    if let Some(a) = &cause.ability {
        parts.push(format!("by {}", ability(a)));
    }
    if let Some(after) = cause.after {
        parts.push(format!("after #{after}"));
    }
    parts.join(", ")
}

impl Worded for Battle {
    fn line(&self, event: usize) -> String {
        Sandbox::log(self)
            .get(event)
            .map(|e| self.describe_tagged(e))
            .unwrap_or_default()
    }

    fn cause_line(&self, event: usize) -> String {
        Sandbox::log(self)
            .get(event)
            .map(|e| self.describe_cause_tagged(e))
            .unwrap_or_default()
    }
}

impl Worded for GlyphRun {
    fn line(&self, event: usize) -> String {
        Sandbox::log(self)
            .get(event)
            .map(|e| e.text.clone())
            .unwrap_or_default()
    }

    fn cause_line(&self, event: usize) -> String {
        Sandbox::log(self)
            .get(event)
            .map(|e| cause_text(&e.cause, ToString::to_string))
            .unwrap_or_default()
    }
}

/// The names of an encounter's combatants ("Goblin 1", "Goblin 2" for two goblins).
#[must_use]
pub fn encounter_names(run: &EncounterRun) -> Names {
    Names::new(
        run.combatants
            .iter()
            .map(|c| (c.id.as_str(), c.name.as_str())),
    )
}

impl Worded for EncounterRun {
    fn line(&self, event: usize) -> String {
        Sandbox::log(self)
            .get(event)
            .map(|e| encounter_names(self).in_text(&e.text))
            .unwrap_or_default()
    }

    fn cause_line(&self, event: usize) -> String {
        let names = encounter_names(self);
        Sandbox::log(self)
            .get(event)
            .map(|e| {
                cause_text(&e.cause, |a| {
                    format!("{}'s {}", names.name(&a.combatant), a.ability)
                })
            })
            .unwrap_or_default()
    }
}

/// The names of a rules game's cards, each copy told apart ("Wolf", "Wolf 2").
#[must_use]
pub fn rules_names(game: &Game) -> Names {
    Names::new(
        game.objects
            .iter()
            .map(|o| (o.id.as_str(), o.card.name.as_str()))
            .chain(
                game.cards
                    .iter()
                    .map(|(id, c)| (id.as_str(), c.name.as_str())),
            ),
    )
}

impl Worded for RulesRun {
    fn line(&self, event: usize) -> String {
        Sandbox::log(self)
            .get(event)
            .map(|e| rules_names(self.game()).in_text(&e.text))
            .unwrap_or_default()
    }

    fn cause_line(&self, event: usize) -> String {
        let names = rules_names(self.game());
        Sandbox::log(self)
            .get(event)
            .map(|e| cause_text(&e.cause, |a| names.in_text(&a.label)))
            .unwrap_or_default()
    }
}
