//! What statuses do beyond their stacks' coming and going: Advantages and Disadvantages on
//! Tests, Beats lost and damage at the start of the bearer's turn, no Reactions, a Save at the
//! end of its turn that ends them, and a most stacks. Seed 004 names only Disadvantages on Tests
//! that name a status (Strained, Exhausted, Concentrating) and leaves the rest of 2.7 unsaid;
//! the other effects are our reading, listed in `docs/rules/encounters.md`.

use super::run::EncounterRun;
use super::state::LogKind;
use crate::model::StatusCondition;

/// What a creature's statuses (and its targets') do to one of its Tests.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StatusTestMods {
    /// Advantages from statuses of the Test's targets (`advantage_against`).
    pub advantages: u32,
    /// Disadvantages from the tester's statuses: the status the Test names, and every status
    /// with `disadvantage_on_every_test`.
    pub disadvantages: u32,
    /// Why, in words for the log ("2 stacks of Strained: 2 Disadvantages").
    pub notes: Vec<String>,
}

impl EncounterRun {
    /// The Advantages and Disadvantages statuses give a Test `tester` makes, naming the status
    /// `named` (`Test: Fighter Stat Strained`) and aimed at `targets`. The engine rolls with
    /// it and the policies weigh with it, so both read statuses one way.
    #[must_use]
    pub fn status_test_mods(
        &self,
        tester: usize,
        named: Option<&str>,
        targets: &[usize],
    ) -> StatusTestMods {
        let mut out = StatusTestMods::default();
        let c = &self.combatants[tester];
        if let Some(name) = named {
            let stacks = c.stacks(name);
            let per = self
                .content
                .conditions
                .get(name)
                .map_or(1, |d| d.disadvantage_per_stack);
            let added = stacks.saturating_mul(per);
            if added > 0 {
                out.disadvantages = out.disadvantages.saturating_add(added);
                out.notes.push(format!(
                    "{}: {}",
                    crate::wording::plural(
                        stacks,
                        &format!("stack of {name}"),
                        &format!("stacks of {name}")
                    ),
                    crate::wording::plural(added, "Disadvantage", "Disadvantages")
                ));
            }
        }
        for (name, stacks) in c.condition_list() {
            let per = self
                .content
                .conditions
                .get(&name)
                .map_or(0, |d| d.disadvantage_on_every_test);
            let added = stacks.saturating_mul(per);
            if added > 0 {
                out.disadvantages = out.disadvantages.saturating_add(added);
                out.notes.push(format!(
                    "{}: {} on every Test",
                    crate::wording::plural(
                        stacks,
                        &format!("stack of {name}"),
                        &format!("stacks of {name}")
                    ),
                    crate::wording::plural(added, "Disadvantage", "Disadvantages")
                ));
            }
        }
        // One Test covers every target: the target that gives the most Advantages counts.
        let best = targets
            .iter()
            .filter(|t| **t != tester)
            .map(|t| {
                let against: u32 = self.combatants[*t]
                    .condition_list()
                    .iter()
                    .map(|(name, stacks)| {
                        self.content
                            .conditions
                            .get(name)
                            .map_or(0, |d| d.advantage_against)
                            .saturating_mul(*stacks)
                    })
                    .fold(0u32, u32::saturating_add);
                (against, *t)
            })
            .max_by_key(|(n, _)| *n);
        if let Some((n, t)) = best
            && n > 0
        {
            out.advantages = n;
            out.notes.push(format!(
                "{}'s statuses: {} against it",
                self.combatants[t].id,
                crate::wording::plural(n, "Advantage", "Advantages")
            ));
        }
        out
    }

    /// Whether a status of `who` stops it answering Reaction Triggers.
    pub(super) fn cannot_react(&self, who: usize) -> bool {
        self.combatants[who].condition_list().keys().any(|name| {
            self.content
                .conditions
                .get(name)
                .is_some_and(|d| d.no_reactions)
        })
    }

    /// The definitions of `who`'s statuses with their stacks (Concentrating included).
    fn statuses_of(&self, who: usize) -> Vec<(StatusCondition, u32)> {
        self.combatants[who]
            .condition_list()
            .into_iter()
            .filter_map(|(name, n)| Some((self.content.conditions.get(&name)?.clone(), n)))
            .collect()
    }

    /// The start of `who`'s turn, after its Beats refill: statuses take Beats away, then deal
    /// their damage (which forces a Focus Save and may drop it, but opens no Reaction window:
    /// no one attacked).
    pub(super) fn statuses_at_turn_start(&mut self, who: usize, cause: usize) {
        for (def, stacks) in self.statuses_of(who) {
            let gained = def.beats_gained.saturating_mul(stacks);
            if gained > 0 {
                let c = &mut self.combatants[who];
                c.beats = c.beats.saturating_add(gained);
                let text = format!(
                    "{} gains {} from {}, {} left",
                    c.id,
                    crate::wording::plural(gained, "Beat", "Beats"),
                    def.name,
                    c.beats
                );
                self.push(LogKind::Beats, Some(who), text, Some(cause));
            }
        }
        for (def, stacks) in self.statuses_of(who) {
            let lost = def.beats_lost.saturating_mul(stacks);
            if lost > 0 {
                let c = &mut self.combatants[who];
                let before = c.beats;
                c.beats = c.beats.saturating_sub(lost);
                let text = format!(
                    "{} loses {} to {}, {} left",
                    c.id,
                    crate::wording::plural(before - c.beats, "Beat", "Beats"),
                    def.name,
                    c.beats
                );
                self.push(LogKind::Beats, Some(who), text, Some(cause));
            }
        }
        for (def, stacks) in self.statuses_of(who) {
            let amount = def
                .damage_at_turn_start
                .saturating_mul(i32::try_from(stacks).unwrap_or(i32::MAX));
            if amount > 0 && self.combatants[who].standing() {
                let at = self.push(
                    LogKind::Status,
                    Some(who),
                    format!(
                        "{}'s {} deals its damage at the start of its turn",
                        self.combatants[who].id, def.name
                    ),
                    Some(cause),
                );
                self.deal_damage(who, who, amount, def.damage_kind.as_deref(), at, 1);
            }
        }
    }

    /// The end of `who`'s turn, before Fleeting stacks go: a Save for each status that a Save
    /// ends; passing it ends every stack.
    pub(super) fn statuses_at_turn_end(&mut self, who: usize, cause: usize) {
        for (def, _) in self.statuses_of(who) {
            let Some(modifier) = def.save_ends.clone() else {
                continue;
            };
            if !self.combatants[who].standing() {
                return;
            }
            let mods = self.status_test_mods(who, None, &[]);
            let stat = self.combatants[who].block.stat(&modifier);
            let roll = self
                .dice
                .roll(&self.rule, stat, mods.advantages, mods.disadvantages);
            let passed = !roll.band.failed();
            let id = self.combatants[who].id.clone();
            let at = self.push(
                LogKind::Save,
                Some(who),
                format!(
                    "{id} makes a {modifier} Save to end {}: rolled {}, kept {} = {} → {}",
                    def.name,
                    crate::wording::list(&roll.dice),
                    crate::wording::list(&roll.kept),
                    roll.total,
                    if passed { "passes" } else { "fails" }
                ),
                Some(cause),
            );
            if passed && self.combatants[who].statuses.remove(&def.name).is_some() {
                let gone = self.push(
                    LogKind::Status,
                    Some(who),
                    format!("{id}'s {} ends", def.name),
                    Some(at),
                );
                self.status_gone(who, &def.name, gone);
            }
        }
    }

    /// The last stack of `name` has just gone from `who` at the end of its turn: what the
    /// status leaves behind (`when_gone`: Hasted, then Stunned). Those stacks count as gained
    /// before its next turn, so a Fleeting one goes at the end of that turn.
    pub(super) fn status_gone(&mut self, who: usize, name: &str, cause: usize) {
        let Some((then, n)) = self
            .content
            .conditions
            .get(name)
            .and_then(|d| d.when_gone.clone())
        else {
            return;
        };
        if n == 0 || !self.combatants[who].standing() {
            return;
        }
        self.gain_status(who, &then, n, cause);
        if let Some(s) = self.combatants[who].statuses.get_mut(&then) {
            s.fresh = 0;
        }
    }

    /// How many of `n` new stacks of `name` `who` can gain under the status's most stacks.
    pub(super) fn stacks_allowed(&self, who: usize, name: &str, n: u32) -> u32 {
        match self
            .content
            .conditions
            .get(name)
            .map_or(0, |d| d.max_stacks)
        {
            0 => n,
            most => n.min(most.saturating_sub(self.combatants[who].stacks(name))),
        }
    }
}
