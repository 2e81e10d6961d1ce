//! Table mode's Reactions: the game master decides them. When an event of a table action would
//! let a creature answer with a Reaction, the engine does not pick one by its policy: the
//! session holds a [`ReactionQuestion`] (which creature, which Reactions, what triggered them,
//! what each costs) and the GM answers with [`TableAction::Reaction`] (use one, rolled by the
//! engine or at the table's Score, or skip). A side the GM hands to the engine
//! ([`TableAction::ReactionsBy`] with [`ReactionDecider::Engine`]) answers by its policy, as a
//! simulation does.
//!
//! The engine cannot pause in the middle of resolving an ability, so a question is found by
//! playing the action on a copy of the run with the answers given so far: the first
//! Reaction window with no answer left becomes the question and the copy is dropped. Once
//! every question of the action is answered, the copy with all answers is the new state.
//! Replaying a table log replays the same actions and answers, so it reaches the same state.
//!
//! ```text
//! session.apply(TableAction::UseAbility { .. })?;        // the archer shoots at alice
//! let q = session.question().unwrap();                      // alice may Delay it
//! session.apply(TableAction::Reaction { creature: q.creature.clone(), choice: ReactionChoice::Skip })?;
//! ```
//!
//! [`TableAction::Reaction`]: super::table::TableAction::Reaction
//! [`TableAction::ReactionsBy`]: super::table::TableAction::ReactionsBy

use super::ability::{AbilityDef, AbilityTime, TestStatus};
use super::asking::{Answered, ReactionChoice, ReactionDecider, ReactionOption, ReactionQuestion};
use super::run::EncounterRun;
use super::space::cell_words;
use super::state::{LogKind, TriggerEvent};
use super::table_error::TableError;
use crate::model::KnownAbility;

impl EncounterRun {
    /// Who decides `side`'s Reactions (outside table mode: the engine).
    #[must_use]
    pub fn reaction_decider(&self, side: &str) -> ReactionDecider {
        match &self.asking {
            Some(a) if !a.engine_sides.iter().any(|s| s == side) => ReactionDecider::Table,
            _ => ReactionDecider::Engine,
        }
    }

    /// Hands `side`'s Reactions to `by` from now on (table mode only).
    pub(super) fn set_reaction_decider(&mut self, side: &str, by: ReactionDecider) {
        if let Some(a) = &mut self.asking {
            a.engine_sides.retain(|s| s != side);
            if by == ReactionDecider::Engine {
                a.engine_sides.push(side.to_owned());
            }
        }
    }

    /// Whether the GM is asked for `who`'s Reactions.
    pub(super) fn table_asks(&self, who: usize) -> bool {
        self.reaction_decider(&self.combatants[who].side) == ReactionDecider::Table
    }

    /// Sets the answers the next table action takes, in order.
    pub(super) fn give_answers(&mut self, answers: Vec<(String, ReactionChoice)>) {
        if let Some(a) = &mut self.asking {
            a.answers = answers.into();
            a.question = None;
            a.wrong = None;
        }
    }

    /// After a table action played with [`Self::give_answers`]: done, a question without an
    /// answer, or the error of an answer that did not fit (or was never asked for).
    pub(super) fn answered(&mut self) -> Result<Answered, TableError> {
        let Some(a) = &mut self.asking else {
            return Ok(Answered::Done);
        };
        if let Some(wrong) = a.wrong.take() {
            return Err(wrong);
        }
        if let Some(q) = a.question.take() {
            return Ok(Answered::Asked(q));
        }
        if let Some((creature, _)) = a.answers.pop_front() {
            a.answers.clear();
            return Err(TableError::Refused(format!(
                "no Reaction of {creature} is asked for here"
            )));
        }
        Ok(Answered::Done)
    }

    /// The GM's answer for `reactor`, whose usable Reactions are `options`: the index of the
    /// one it uses (its typed Score waiting for its Test), or `None` (skipped, or no answer
    /// yet: the question is recorded and the rest of the action is played without Reactions
    /// of asked sides, to be dropped).
    pub(super) fn table_answer(
        &mut self,
        reactor: usize,
        options: &[(AbilityDef, KnownAbility)],
        event: TriggerEvent<'_>,
        cause: usize,
    ) -> Option<usize> {
        let stopped = self
            .asking
            .as_ref()
            .is_none_or(|a| a.question.is_some() || a.wrong.is_some());
        if stopped {
            return None;
        }
        let rid = self.combatants[reactor].id.clone();
        let next = self.asking.as_mut().and_then(|a| a.answers.pop_front());
        let Some((creature, choice)) = next else {
            let question = self.question_for(reactor, options, event);
            if let Some(a) = &mut self.asking {
                a.question = Some(question);
            }
            return None;
        };
        let found = match &choice {
            _ if creature != rid => Err(TableError::Refused(format!(
                "the Reaction asked for is {rid}'s, not {creature}'s"
            ))),
            ReactionChoice::Skip => Ok(None),
            ReactionChoice::Use { ability, score } => {
                match options.iter().position(|(d, _)| &d.id == ability) {
                    None => Err(TableError::Refused(format!(
                        "{rid} cannot answer with {ability} here: its trigger is not met or it cannot pay for it"
                    ))),
                    Some(i) => match score.map(|s| self.check_score(reactor, &options[i].0, s)) {
                        Some(Err(e)) => Err(e),
                        _ => Ok(Some((i, *score))),
                    },
                }
            }
        };
        match found {
            Err(e) => {
                if let Some(a) = &mut self.asking {
                    a.wrong = Some(e);
                }
                None
            }
            Ok(None) => {
                let names: Vec<&str> = options.iter().map(|(d, _)| d.name.as_str()).collect();
                let text = format!(
                    "The GM skips {rid}'s Reaction ({})",
                    crate::wording::list(&names)
                );
                self.push(LogKind::Table, Some(reactor), text, Some(cause));
                None
            }
            Ok(Some((i, score))) => {
                let def = &options[i].0;
                let roll = score.map_or_else(
                    || ", the engine rolling".to_owned(),
                    |s| format!(", the table having rolled a Score of {s}"),
                );
                let text = format!("The GM has {rid} answer with {}{roll}", def.name);
                if let Some(s) = score {
                    self.typed_scores.push((reactor, def.id.clone(), s));
                }
                self.push(LogKind::Table, Some(reactor), text, Some(cause));
                Some(i)
            }
        }
    }

    fn question_for(
        &self,
        reactor: usize,
        options: &[(AbilityDef, KnownAbility)],
        event: TriggerEvent<'_>,
    ) -> ReactionQuestion {
        let c = &self.combatants[reactor];
        let options = options
            .iter()
            .map(|(def, _)| {
                let time = def.reaction_time().unwrap_or(def.time);
                let mut cost = vec![if time == AbilityTime::Reaction {
                    format!(
                        "a Beat ({} left)",
                        crate::wording::plural(c.beats, "Beat", "Beats")
                    )
                } else {
                    "no Beat".to_owned()
                }];
                // Strained or Exhausted: a stack gained unless the Test fails (Delay's cost).
                if let Some(st @ (TestStatus::Strained | TestStatus::Exhausted)) =
                    def.test.as_ref().and_then(|t| t.status)
                {
                    cost.push(format!(
                        "a stack of {} unless its Test fails (has {})",
                        st.name(),
                        c.stacks(st.name())
                    ));
                }
                for comp in &def.components {
                    match &comp.check {
                        // Seed 004: a missing Component is a Disadvantage on the Test, not a
                        // bar to using the ability, so the GM is told what it costs.
                        super::ability::Condition::Resource(name, n) => {
                            let has = c.resources.get(name).copied().unwrap_or(0);
                            if has < *n {
                                cost.push(format!(
                                    "{} (has {has}: missing, a Disadvantage on its Test)",
                                    comp.name
                                ));
                            } else {
                                cost.push(format!("{} (has {has})", comp.name));
                            }
                        }
                        _ => cost.push(comp.name.clone()),
                    }
                }
                ReactionOption {
                    ability: def.id.clone(),
                    name: def.name.clone(),
                    time,
                    cost: cost.join("; "),
                    score_range: self.score_range(reactor, def),
                }
            })
            .collect();
        ReactionQuestion {
            creature: c.id.clone(),
            trigger: self.trigger_event_words(event),
            options,
        }
    }

    /// What happened, in words, for a Reaction question.
    fn trigger_event_words(&self, event: TriggerEvent<'_>) -> String {
        let id = |i: usize| self.combatants[i].id.as_str();
        match event {
            TriggerEvent::Starts { user, def, targets } => {
                let on: Vec<&str> = targets.iter().map(|t| id(*t)).collect();
                let on = if on.is_empty() {
                    String::new()
                } else {
                    format!(" on {}", crate::wording::list(&on))
                };
                format!("{} starts {}{on}", id(user), def.name)
            }
            TriggerEvent::Damaged { who, by } => format!("{} took damage from {}", id(who), id(by)),
            TriggerEvent::WouldTakeDamage { who, by, amount } => {
                format!("{} would take {amount} damage from {}", id(who), id(by))
            }
            TriggerEvent::Drops { who } => format!("{} dropped", id(who)),
            TriggerEvent::TurnStarts { who } => format!("{}'s turn starts", id(who)),
            TriggerEvent::TurnEnds { who } => format!("{}'s turn ends", id(who)),
            TriggerEvent::Moved { who, from } => {
                format!("{} moved from {}", id(who), cell_words(from))
            }
            TriggerEvent::Leaving { who, to } => {
                format!("{} is about to move to {}", id(who), cell_words(to))
            }
        }
    }
}

#[cfg(test)]
#[path = "table_reactions_tests.rs"]
mod tests;
