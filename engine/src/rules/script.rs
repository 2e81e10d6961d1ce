//! Running a scenario's script: one action at a time, with the checks `At(step, ...)` asks for
//! after a step, and the scripted changes (`Gain`, `Lose`, `Apply`, `Move`, ballots).

use crate::model::Player;
use crate::model::ability::{Ability, AbilityKind, Duration, Target};

use super::event::RulesCause;
use super::game::{Event, Game};
use super::scenario::{Action, Expect};
use super::state::{Change, ContinuousEffect, Part, StackItem, Zone};
use super::turns::{lasting, turns_of};

impl Game {
    /// Runs a whole script, then puts any waiting triggers on the stack.
    pub fn run_script(&mut self, script: &[Action]) {
        self.run_checked(script, &[]);
    }

    /// Runs a whole script; at each step an `At(step, [...])` expectation names (0: before the
    /// first action; then each action from 1), checks those expectations on the state as it
    /// stands then (waiting triggers put on the stack, as the next action would see them) and
    /// keeps the failures for [`Game::check`].
    ///
    /// Returns the script's mistakes (also kept in `errors`), each with the index of the action
    /// that made it (`None`: a trigger that waited until the end of the script).
    pub fn run_checked(
        &mut self,
        script: &[Action],
        expect: &[Expect],
    ) -> Vec<(Option<usize>, String)> {
        let mut mistakes = Vec::new();
        self.checkpoint(0, expect);
        for (i, action) in script.iter().enumerate() {
            let before = self.errors.len();
            self.run_action(action);
            let new = self.errors.get(before..).unwrap_or_default();
            mistakes.extend(new.iter().map(|e| (Some(i), e.clone())));
            self.checkpoint(i + 1, expect);
        }
        let before = self.errors.len();
        self.flush_pending();
        let new = self.errors.get(before..).unwrap_or_default();
        mistakes.extend(new.iter().map(|e| (None, e.clone())));
        self.note_statics();
        mistakes
    }

    /// Checks the `At(step, ...)` expectations for this step on a copy of the state with
    /// waiting triggers put on the stack, and keeps the failures.
    pub(crate) fn checkpoint(&mut self, step: usize, expect: &[Expect]) {
        let wanted: Vec<Expect> = expect
            .iter()
            .filter_map(|e| match e {
                Expect::At(n, list) if *n == step => Some(list.iter().cloned()),
                _ => None,
            })
            .flatten()
            .collect();
        if wanted.is_empty() {
            return;
        }
        let mut probe = self.clone();
        probe.flush_pending();
        let failures = probe.check(&wanted);
        self.checkpoints.entry(step).or_default().extend(failures);
    }

    /// Runs one scripted action.
    pub fn run_action(&mut self, action: &Action) {
        // Each action starts a chain of its own.
        self.context = RulesCause::RULES;
        if !matches!(
            action,
            Action::OrderTriggers(..) | Action::ChooseTargets { .. }
        ) {
            self.flush_pending();
        }
        // A player who lost ended the game: nothing more is played (a script that goes on
        // after a champion died is told so, once per action, not carried out).
        if let Some(loser) = self.loser() {
            self.reject(format!("the game is over: {loser:?} lost"));
            return;
        }
        match action {
            Action::Play {
                player,
                card,
                targets,
                mode,
                attach_to,
            } => self.play(*player, card, targets, *mode, attach_to.as_deref()),
            Action::Activate {
                player,
                card,
                ability,
                targets,
                mode,
                structure,
            } => self.activate(*player, card, ability, targets, *mode, structure.as_deref()),
            Action::Attack {
                player,
                attacker,
                target,
                weapon,
            } => self.attack(*player, attacker, target, weapon.as_deref()),
            Action::PlayAttack {
                player,
                card,
                target,
                weapon,
            } => self.play_attack(*player, card, target, weapon.as_deref()),
            Action::Retaliate(unit) => self.retaliate(unit),
            Action::Intercept(unit) => self.intercept(unit),
            Action::Glimpse {
                player,
                top,
                bottom,
            } => {
                // A misspelt card is a script error, not a quietly refused order; every
                // unknown card is named, not only the first.
                let unknown = top.iter().chain(bottom).filter(|c| !self.known(c)).count();
                if unknown == 0 {
                    self.glimpse_orders.push(super::state::GlimpseOrder {
                        player: *player,
                        top: top.clone(),
                        bottom: bottom.clone(),
                    });
                }
            }
            Action::Pass => self.pass(),
            Action::SpendCounters { player, kind } => self.spend_counters(*player, kind),
            Action::Decline(player) => {
                self.say(format!(
                    "{player:?} will decline their next optional payment, a “you may”"
                ));
                let n = &mut self.declines[player.index()];
                *n = n.saturating_add(1);
            }
            Action::ResolveAll => self.resolve_all(),
            Action::Advance => self.advance(),
            Action::AdvanceTo(phase) => self.advance_to(phase),
            Action::EndSeason => self.end_season(),
            Action::OrderTriggers(player, order) => self.order_triggers(*player, order),
            Action::ChooseTargets { trigger, targets } => self.choose_targets(trigger, targets),
            Action::Gain {
                card,
                ability,
                duration,
            } => self.script_change(card, Change::Gain(ability.clone()), ability, duration),
            Action::Lose {
                card,
                ability,
                duration,
            } => self.script_change(card, Change::Lose(ability.clone()), ability, duration),
            Action::Apply {
                player,
                targets,
                effects,
                duration,
            } => self.script_apply(*player, targets, effects, duration),
            Action::Move {
                card,
                to,
                attach_to,
            } => {
                self.script_move(card, to, attach_to.as_deref());
            }
            Action::Event(name) => {
                self.say(format!("event `{name}`"));
                self.fire(&Event::Named(name.clone(), None));
            }
            Action::Skirmish(cards) => {
                if cards.iter().all(|c| self.known(c)) {
                    self.say(format!("skirmish: {}", cards.join(", ")));
                    self.skirmish.clone_from(cards);
                }
            }
            Action::Ballot { player, votes_for } => {
                self.say(format!(
                    "{player:?} will vote for {votes_for:?} in the next conclave vote"
                ));
                self.ballots[player.index()] = Some(*votes_for);
            }
        }
        self.state_checks();
        self.note_statics();
    }

    /// Logs, once each, what working out the static abilities noticed (dependency cycles).
    pub(crate) fn note_statics(&mut self) {
        for note in self.statics().notes.clone() {
            if self.noted.insert(note.clone()) {
                self.say(note);
            }
        }
    }

    fn script_change(&mut self, card: &str, change: Change, name: &str, duration: &Duration) {
        if !self.known(card) {
            return;
        }
        if !self.is_defined(name) {
            return self.error(format!(
                "nothing defines the ability `{name}`: add a keyword of that name under `keywords`"
            ));
        }
        let timestamp = self.tick();
        let duration = lasting(duration);
        self.say(format!(
            "the script: {card} {}{}, timestamp {timestamp}",
            crate::wording::rules::change(&change, &self.profile, false),
            crate::wording::rules::duration(&duration)
        ));
        let controller = self.obj(card).map_or(Player::A, |o| o.owner);
        self.effects_mut().push(ContinuousEffect {
            timestamp,
            source: "script".into(),
            source_name: "script".into(),
            controller,
            change,
            affected: vec![card.to_owned()],
            turns_left: turns_of(&duration),
            duration,
        });
    }

    fn script_apply(
        &mut self,
        player: Player,
        targets: &[String],
        effects: &[crate::model::Effect],
        duration: &Duration,
    ) {
        if !targets.iter().all(|t| self.known(t)) {
            return;
        }
        let ability = Ability {
            name: "script".into(),
            kind: AbilityKind::Static,
            restrictions: Vec::new(),
            condition: None,
            target: if targets.is_empty() {
                Target::Controller
            } else {
                Target::Chosen {
                    count: u32::try_from(targets.len()).unwrap_or(u32::MAX),
                    filter: None,
                }
            },
            effects: effects.to_vec(),
            duration: duration.clone(),
            zones: Vec::new(),
        };
        let text = super::text::effects_text(&ability);
        let part = Part {
            ability,
            effects: effects.to_vec(),
            inline: Vec::new(),
            value: None,
        };
        let item = StackItem {
            label: "script".into(),
            controller: player,
            source: "script".into(),
            parts: vec![part],
            targets: self.chosen(targets),
            targets_chosen: true,
            subject: None,
            triggered: false,
            card: None,
            cause: RulesCause::RULES,
        };
        let on = if targets.is_empty() {
            format!("{player:?}")
        } else {
            targets.join(", ")
        };
        let at = self.say_event(format!("the script, for {player:?}, on {on}: {text}"));
        let item = StackItem {
            cause: RulesCause::after(at),
            ..item
        };
        self.with_cause(Game::resolving(&item, at), |g| g.resolve_item(&item));
    }

    fn script_move(&mut self, card: &str, to: &str, attach_to: Option<&str>) {
        if !self.known(card) || !attach_to.is_none_or(|h| self.known(h)) {
            return;
        }
        let Some(zone) = self.profile.parse_zone(to) else {
            return self.error(format!(
                "unknown zone `{to}`: expected one of {}",
                Zone::ALL.map(Zone::name).join(", ")
            ));
        };
        if let Some(host) = attach_to {
            if zone != Zone::City {
                return self.error(format!(
                    "`{card}` can only be attached to `{host}` in the city"
                ));
            }
            if self.obj(host).is_none_or(|h| h.zone != Zone::City) {
                return self.reject(format!(
                    "{host} is not in a city: {card} cannot attach to it"
                ));
            }
        }
        let line = format!(
            "script moves {card} to the {}",
            self.profile.zone_name(zone)
        );
        self.say(line);
        self.move_to_attached(card, zone, attach_to);
    }
}
