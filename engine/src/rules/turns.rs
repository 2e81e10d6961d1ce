//! Priority and the stack (19.2, 19.3a), triggers waiting to go on the stack with their order
//! and their targets, phases, turns and seasons, and the durations that end with them (22.3a).

use crate::model::Player;
use crate::model::ability::Duration;

use super::game::{Event, Game};
use super::names::did_you_mean;
use super::state::{Chosen, StackItem};
use crate::core::LoopGuard;
use crate::model::profile::PriorityAfterTrigger;

impl Game {
    // ----- priority and the stack (19.2, 19.3a) -----

    pub(crate) fn pass(&mut self) {
        let who = self.priority;
        self.passes += 1;
        self.priority = who.other();
        self.say(format!("{who:?} passes priority"));
        if self.passes >= 2 {
            self.passes = 0;
            if self.stack.is_empty() && self.combat.is_some() {
                self.combat_damage();
            } else if self.stack.is_empty() {
                self.priority = self.active;
            } else {
                self.resolve_top();
            }
        }
    }

    /// Both players pass until the stack is empty; the one loop guard cuts a chain that never
    /// lets it empty (what is waiting is dropped, and the line says so).
    pub(crate) fn resolve_all(&mut self) {
        let mut guard = LoopGuard::new();
        loop {
            self.flush_pending();
            if self.stack.is_empty() {
                return;
            }
            if let Err(limit) = guard.tick() {
                self.stack.clear();
                self.pending.clear();
                return self.error(limit.to_string());
            }
            self.pass();
            self.state_checks();
        }
    }

    fn resolve_top(&mut self) {
        let Some(item) = self.stack.pop() else {
            return;
        };
        let at = self.say_because(item.cause.clone(), format!("resolve {}", item.label));
        self.with_cause(Game::resolving(&item, at), |g| {
            g.resolve_item(&item);
            if let Some(card) = &item.card {
                g.register_resolved_replacements(card, &item);
                if let Some(i) = g.attack_plays.iter().position(|p| p.card == *card) {
                    // An attack card becomes the champion's attack instead of going away.
                    let play = g.attack_plays.remove(i);
                    g.attack_card_resolves(play);
                } else if g
                    .obj(card)
                    .is_some_and(|o| o.zone == super::state::Zone::Stack)
                {
                    let to = g.profile.resolved_to;
                    g.move_to(card, to);
                }
            }
        });
        // ChiAxis 19.3a: after each of their triggers resolves, the ruler passes priority;
        // the profile says whether this game does that or gives it to the turn player.
        let passes_on =
            self.profile.priority_after_trigger == PriorityAfterTrigger::ControllersOpponent;
        self.priority = if item.triggered && passes_on {
            item.controller.other()
        } else {
            self.active
        };
        self.passes = 0;
    }

    /// Puts waiting triggers on the stack: the active player's first (so the other's resolve
    /// first), each player's in their chosen order, first listed resolving first. A trigger
    /// whose targets were not chosen (`ChooseTargets`) gets the first legal ones; one with no
    /// legal target is removed.
    pub(crate) fn flush_pending(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut self.pending);
        for p in [self.active, self.active.other()] {
            let mine: Vec<StackItem> = pending
                .iter()
                .filter(|i| i.controller == p)
                .cloned()
                .collect();
            for mut item in mine.into_iter().rev() {
                if !self.choose_for_trigger(&mut item) {
                    continue;
                }
                let line = format!("trigger {} goes on the stack", item.label);
                let at = self.say_because(item.cause.clone(), line);
                item.cause.after = Some(at);
                self.stack.push(item);
            }
        }
        self.passes = 0;
        self.priority = self.active;
    }

    /// A trigger choosing targets as it goes on the stack: kept if chosen or not needed, else
    /// the first legal targets (logged). `false`: it has none and is removed.
    pub(crate) fn choose_for_trigger(&mut self, item: &mut StackItem) -> bool {
        if item.targets_chosen {
            return true;
        }
        let Some((count, legal)) = self.legal_targets(item) else {
            item.targets_chosen = true;
            return true;
        };
        if legal.is_empty() {
            let line = format!(
                "{} has no legal target: it is removed and does nothing",
                item.label
            );
            self.say_because(item.cause.clone(), line);
            return false;
        }
        let picked: Vec<String> = legal.into_iter().take(count as usize).collect();
        let line = format!(
            "{} targets {}: the first legal {}; `ChooseTargets` picks others",
            item.label,
            crate::wording::list(&picked),
            if picked.len() == 1 {
                "target"
            } else {
                "targets"
            }
        );
        self.say_because(item.cause.clone(), line);
        item.targets = self.chosen(&picked);
        item.targets_chosen = true;
        true
    }

    /// The targets as chosen now: each card with the zone it is in.
    pub(crate) fn chosen(&self, cards: &[String]) -> Vec<Chosen> {
        cards
            .iter()
            .filter_map(|c| {
                self.obj(c).map(|o| Chosen {
                    card: c.clone(),
                    zone: o.zone,
                })
            })
            .collect()
    }

    /// `ChooseTargets`: the targets of a waiting trigger of that label (or source card).
    pub(crate) fn choose_targets(&mut self, trigger: &str, targets: &[String]) {
        if !targets.iter().all(|t| self.known(t)) {
            return;
        }
        let Some(i) = self.pending.iter().position(|i| {
            i.label.eq_ignore_ascii_case(trigger) || i.source.eq_ignore_ascii_case(trigger)
        }) else {
            return self.error(format!(
                "no waiting trigger `{trigger}` to choose targets for: write ChooseTargets right after the action that sets it off"
            ));
        };
        let item = self.pending[i].clone();
        let part = item.parts.first();
        let checked = part.map_or(Ok(()), |p| {
            self.check_targets(
                &p.ability,
                item.controller,
                &item.source,
                targets,
                crate::model::profile::TargetedBy::Triggers,
            )
        });
        if let Err(why) = checked {
            return self.reject(why);
        }
        self.say(format!(
            "{:?} chooses {} for {}",
            item.controller,
            crate::wording::list(targets),
            item.label
        ));
        let chosen = self.chosen(targets);
        let item = &mut self.pending[i];
        item.targets = chosen;
        item.targets_chosen = true;
    }

    pub(crate) fn order_triggers(&mut self, player: Player, order: &[String]) {
        let (mut mine, rest): (Vec<StackItem>, Vec<StackItem>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|i| i.controller == player);
        let mut ordered = Vec::new();
        for name in order {
            let pos = mine.iter().position(|i| {
                i.label.eq_ignore_ascii_case(name) || i.source.eq_ignore_ascii_case(name)
            });
            match pos {
                Some(pos) => ordered.push(mine.remove(pos)),
                None => self.error(format!("no waiting trigger `{name}` of {player:?}")),
            }
        }
        ordered.extend(mine);
        let labels: Vec<&str> = ordered.iter().map(|i| i.label.as_str()).collect();
        self.say(format!("{player:?} orders triggers: {}", labels.join(", ")));
        self.pending = rest;
        self.pending.extend(ordered);
    }

    // ----- phases, turns and seasons (durations end here) -----

    pub(crate) fn advance(&mut self) {
        self.flush_pending();
        if !self.stack.is_empty() {
            return self.reject("the phase cannot end while the stack is not empty");
        }
        if let Some((attacker, _)) = self.attack_in_progress() {
            let why = format!(
                "the phase cannot end during the combat of {attacker}: both players pass to deal its damage"
            );
            return self.reject(why);
        }
        let phases = self.profile.phases.len();
        if self.phase + 1 >= phases {
            self.expire(|d, left| {
                matches!(d, Duration::EndOfTurn) || (matches!(d, Duration::Turns(_)) && left <= 1)
            });
            for e in self.effects_mut() {
                if matches!(e.duration, Duration::Turns(_)) {
                    e.turns_left = e.turns_left.saturating_sub(1);
                }
            }
            for r in self.players.iter_mut().flat_map(|p| &mut p.next_card_less) {
                if matches!(r.duration, Duration::Turns(_)) {
                    r.turns_left = r.turns_left.saturating_sub(1);
                }
            }
            self.changed();
            self.turn += 1;
            self.active = self.active.other();
            self.phase = 0;
            self.say(format!(
                "turn {} begins; {:?} is active",
                self.turn, self.active
            ));
        } else {
            self.phase += 1;
        }
        self.priority = self.active;
        self.passes = 0;
        self.begin_phase();
    }

    pub(crate) fn advance_to(&mut self, phase: &str) {
        if self.profile.phase_index(phase).is_none() {
            let hint = did_you_mean(phase, &self.profile.phases);
            return self.error(format!(
                "unknown phase `{phase}`{hint}; the {} phases are {}",
                self.profile.name,
                self.profile.phases.join(", ")
            ));
        }
        for _ in 0..=self.profile.phases.len() {
            let before = self.rejected.len();
            self.advance();
            let refused = self.rejected.len() > before;
            if refused || self.phase_name().eq_ignore_ascii_case(phase) {
                break;
            }
        }
    }

    fn begin_phase(&mut self) {
        // A skipped phase begins the next one; at most one turn's phases are skipped.
        let phases = self.profile.phases.len();
        for _ in 0..phases {
            let name = self.phase_name().to_owned();
            self.expire(
                |d, _| matches!(d, Duration::UntilPhase(p) if p.eq_ignore_ascii_case(&name)),
            );
            if self.replace_phase(&name) {
                self.say(format!("{name} is skipped"));
                if self.phase + 1 < phases {
                    self.phase += 1;
                    continue;
                }
                return;
            }
            self.say(format!("{name} begins"));
            let wakes = match &self.profile.wake_phase {
                Some(w) => w.eq_ignore_ascii_case(&name),
                None => self.phase == 0,
            };
            if wakes {
                self.wake_up();
            }
            if self.phase == 0 {
                self.fire(&Event::StartOfTurn);
            }
            if self.phase + 1 == phases {
                self.fire(&Event::EndOfTurn);
            }
            self.fire(&Event::PhaseBegins(name));
            return;
        }
    }

    /// `EndSeason`: the season ends (its triggers fire, "until the end of the season" effects
    /// end) and the next begins. Needs an empty stack, like ending a phase.
    pub(crate) fn end_season(&mut self) {
        self.flush_pending();
        if !self.stack.is_empty() {
            return self.reject("the season cannot end while the stack is not empty");
        }
        self.say(format!("season {} ends", self.season));
        self.fire(&Event::SeasonEnds);
        self.expire(|d, _| matches!(d, Duration::UntilSeasonEnds));
        self.season += 1;
        self.say(format!("season {} begins", self.season));
    }

    pub(crate) fn expire(&mut self, ends: impl Fn(&Duration, u32) -> bool) {
        let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(self.effects_mut())
            .into_iter()
            .partition(|e| ends(&e.duration, e.turns_left));
        self.effects = kept;
        for e in gone {
            self.say(format!(
                "the effect of {} with timestamp {} ends: {}",
                e.source_name,
                e.timestamp,
                crate::wording::rules::change_noun(&e.change, &self.profile)
            ));
        }
        for p in [Player::A, Player::B] {
            let (gone, kept): (Vec<_>, Vec<_>) =
                std::mem::take(&mut self.player_mut(p).next_card_less)
                    .into_iter()
                    .partition(|r| ends(&r.duration, r.turns_left));
            self.player_mut(p).next_card_less = kept;
            for r in gone {
                self.say(format!(
                    "{}: {p:?} played no card in time, so the next card costing {} less ends",
                    r.source, r.by
                ));
            }
        }
        let before = self.replacements.len();
        self.replacements
            .retain(|r| r.permanent || !ends(&r.ability.duration, 1));
        if self.replacements.len() < before {
            self.say("a replacement effect ends");
        }
    }
}

/// 22.3a: a continuous effect with no stated duration lasts until the end of the game.
pub(crate) fn lasting(d: &Duration) -> Duration {
    match d {
        Duration::Instant => Duration::Indefinite,
        other => other.clone(),
    }
}

pub(crate) fn turns_of(d: &Duration) -> u32 {
    match d {
        Duration::Turns(n) => *n,
        _ => 0,
    }
}
