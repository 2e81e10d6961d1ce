//! Turns and the end of an encounter: a turn begins (cover ends, Beats refill, pending Slow
//! Actions take their Test) and ends (Fleeting stacks and spans expire, the next standing
//! creature's turn begins), and the encounter ends when at most one side stands or time runs
//! out.

use super::ability::Expiry;
use super::run::EncounterRun;
use super::state::TriggerEvent;
use super::state::{LogKind, Outcome};
use crate::model::StatusKind;

impl EncounterRun {
    /// Start of a turn: cover ends, Beats refill, pending Slow Actions take their Test.
    pub(super) fn begin_turn(&mut self, cause: Option<usize>) {
        let Some(who) = self.current() else { return };
        self.guard.progress();
        self.actions_this_turn = 0;
        self.free_used.clear();
        if let Some(at) = self.delayed.iter().position(|&d| d == who) {
            // A delayed turn: its start was done when it first began, and it has not acted.
            self.delayed.remove(at);
            let c = &self.combatants[who];
            let beats = crate::wording::plural(c.beats, "Beat", "Beats");
            let text = format!("{}'s delayed turn goes on with {beats}", c.id);
            self.push(LogKind::TurnStart, Some(who), text, cause);
            return;
        }
        let c = &mut self.combatants[who];
        c.beats = c.block.beats;
        c.bound_beats = 0;
        c.bound_to.clear();
        c.in_cover = false;
        let text = format!("{}'s turn begins with {} Beats", c.id, c.beats);
        let start = self.push(LogKind::TurnStart, Some(who), text, cause);
        self.statuses_at_turn_start(who, start);
        if !self.combatants[who].standing() {
            // Dropped by a status's damage: its turn is over before it begins.
            self.end_turn();
            return;
        }
        self.beats_at_turn_start = self.combatants[who].beats;
        self.reaction_window(TriggerEvent::TurnStarts { who }, start, 0);
        let pending = std::mem::take(&mut self.combatants[who].pending);
        for p in pending {
            if !self.combatants[who].standing() {
                break;
            }
            self.resolve_pending(who, &p, start);
        }
        if self.end_turn_requested {
            self.end_turn();
        }
    }

    /// End of the current turn: Fleeting stacks go (not those gained this turn), Prepared
    /// abilities with a span expire, then the next standing creature's turn begins.
    pub fn end_turn(&mut self) {
        self.end_turn_requested = false;
        let Some(who) = self.current() else { return };
        let id = self.combatants[who].id.clone();
        let end = self.push(
            LogKind::TurnEnd,
            Some(who),
            format!("{id}'s turn ends"),
            None,
        );
        self.reaction_window(TriggerEvent::TurnEnds { who }, end, 0);
        // The turn is ending anyway: an "end the turn" effect of that Reaction asks nothing more
        // (it must not end the next creature's turn).
        self.end_turn_requested = false;
        self.statuses_at_turn_end(who, end);
        let names: Vec<String> = self.combatants[who].statuses.keys().cloned().collect();
        let mut gone = Vec::new();
        for name in names {
            let kind = self
                .content
                .conditions
                .get(&name)
                .map_or(StatusKind::Fleeting, |d| d.kind);
            let c = &mut self.combatants[who];
            let Some(s) = c.statuses.get_mut(&name) else {
                continue;
            };
            if kind == StatusKind::Fleeting && s.stacks > s.fresh {
                s.stacks -= 1;
                s.fresh = 0;
                let left = s.stacks;
                let at = self.push(
                    LogKind::Status,
                    Some(who),
                    format!("{id} loses a stack of {name}, {left} left"),
                    Some(end),
                );
                if left == 0 {
                    gone.push((name.clone(), at));
                }
            } else {
                s.fresh = 0;
            }
        }
        self.combatants[who].statuses.retain(|_, s| s.stacks > 0);
        for (name, at) in gone {
            self.status_gone(who, &name, at);
        }
        let round = self.round;
        let expired: Vec<String> = self.combatants[who]
            .prepared
            .iter()
            .filter(|p| matches!(p.expires, Expiry::Rounds(_)) && round >= p.until_round)
            .map(|p| p.ability.clone())
            .collect();
        self.combatants[who]
            .prepared
            .retain(|p| !(matches!(p.expires, Expiry::Rounds(_)) && round >= p.until_round));
        for a in expired {
            self.push(
                LogKind::Prepared,
                Some(who),
                format!("{id}'s Prepared {a} expires"),
                Some(end),
            );
        }
        self.check_over();
        if self.outcome.is_some() {
            return;
        }
        // Next standing creature in the turn order.
        let mut cause = end;
        for _ in 0..self.order.len() {
            self.turn_index += 1;
            if self.turn_index >= self.order.len() {
                self.turn_index = 0;
                self.round += 1;
                self.delayed.clear();
                if self.round > self.encounter.max_rounds {
                    self.finish(None, format!("{} rounds passed", self.encounter.max_rounds));
                    return;
                }
                let r = self.round;
                cause = self.push(LogKind::Round, None, format!("Round {r} begins"), Some(end));
            }
            if self
                .current()
                .is_some_and(|i| self.combatants[i].standing())
            {
                break;
            }
        }
        self.begin_turn(Some(cause));
    }

    /// Ends the encounter when at most one side stands.
    pub(super) fn check_over(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let mut sides: Vec<&str> = self
            .combatants
            .iter()
            .filter(|c| c.standing())
            .map(|c| c.side.as_str())
            .collect();
        sides.sort_unstable();
        sides.dedup();
        match sides.as_slice() {
            [] => self.finish(None, "no one is left standing".to_owned()),
            [one] => {
                let side = (*one).to_owned();
                self.finish(
                    Some(side.clone()),
                    format!("only `{side}` is left standing"),
                );
            }
            _ => {}
        }
    }

    pub(super) fn finish(&mut self, winner: Option<String>, reason: String) {
        if self.outcome.is_some() {
            return;
        }
        let text = format!("The encounter ends: {reason}");
        // Over before it is logged, so the state at the entry shows the outcome.
        self.outcome = Some(Outcome {
            winner,
            rounds: self.round.min(self.encounter.max_rounds),
            reason,
        });
        self.push(LogKind::End, None, text, None);
    }
}
