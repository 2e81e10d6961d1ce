//! The sandbox game: setup from a scenario, scripted actions, priority and the stack, phases,
//! triggers (19.3) and activation (19.2).

use crate::model::ability::{Ability, AbilityKind, Duration, Target};
use crate::model::{KeywordDef, Player};

use super::event::{RulesCause, RulesEvent};
use super::scenario::{Action, PlayerSetup, RulesScenario};
use super::state::{
    ActiveReplacement, Change, ContinuousEffect, DelayedTrigger, Object, Part, StackItem, Zone,
};
use crate::core::{LoopGuard, SeededRng};

/// A trigger matched: the card the event was about, if any.
pub(crate) struct Fired(pub(crate) Option<String>);

/// The phases of a turn, in order.
pub const PHASES: [&str; 4] = ["dawn", "main", "dusk", "end"];

/// A setup problem: the scenario names something that does not exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SetupError {
    /// Plain-English message.
    pub message: String,
    /// The literal in the file to point at.
    pub literal: String,
}

/// One player's state beyond their cards.
#[derive(Debug, Clone)]
pub struct PlayerState {
    /// Vitae (life).
    pub vitae: i32,
    /// Resource left.
    pub resource: i32,
    /// Fealty left.
    pub fealty: i32,
    /// The champion's instance id.
    pub champion: Option<String>,
    /// The champion's classes.
    pub classes: Vec<String>,
    /// Elements enabled.
    pub elements: Vec<String>,
}

/// An event cards can trigger on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Event {
    EntersPlay(String),
    Destroyed(String),
    Damaged(String),
    CardPlayed(String),
    PhaseBegins(String),
    StartOfTurn,
    EndOfTurn,
    Named(String, Option<String>),
}

/// The rules sandbox's whole state. Build with [`Game::new`], drive with [`Game::run_action`].
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) objects: Vec<Object>,
    pub(crate) keywords: Vec<KeywordDef>,
    pub(crate) players: [PlayerState; 2],
    pub(crate) effects: Vec<ContinuousEffect>,
    pub(crate) replacements: Vec<ActiveReplacement>,
    pub(crate) delayed: Vec<DelayedTrigger>,
    pub(crate) stack: Vec<StackItem>,
    pub(crate) pending: Vec<StackItem>,
    pub(crate) phase: usize,
    pub(crate) turn: u32,
    pub(crate) active: Player,
    pub(crate) priority: Player,
    pub(crate) passes: u8,
    pub(crate) clock: u64,
    pub(crate) seq: u64,
    pub(crate) skirmish: Vec<String>,
    pub(crate) cards: std::collections::BTreeMap<String, crate::model::Card>,
    /// What happened, one line per step, each with its cause.
    pub log: Vec<RulesEvent>,
    /// The cause of the lines logged now (set while an action, a trigger or an item resolves).
    pub(crate) context: RulesCause,
    /// The scenario's seeded generator (for effects that draw at random).
    pub(crate) rng: SeededRng,
    /// Actions the rules refused, with why.
    pub rejected: Vec<String>,
    /// Script mistakes (a card that does not exist): a scenario with these fails.
    pub errors: Vec<String>,
}

impl Game {
    /// Sets up a game from a scenario's cards and starting state (the script is not run).
    /// `Err` is the first setup problem; [`Game::setup`] gives them all.
    pub fn new(scenario: &RulesScenario) -> Result<Game, SetupError> {
        let (game, mut errors) = Self::setup(scenario);
        if errors.is_empty() {
            Ok(game)
        } else {
            Err(errors.swap_remove(0))
        }
    }

    /// Sets up a game, going on past problems: the game (with whatever could be set up) and
    /// every setup problem, in file order. A game with problems must not be run.
    #[must_use]
    pub fn setup(scenario: &RulesScenario) -> (Game, Vec<SetupError>) {
        let mut errors = Vec::new();
        let phase = PHASES
            .iter()
            .position(|p| p.eq_ignore_ascii_case(&scenario.phase))
            .unwrap_or_else(|| {
                errors.push(SetupError {
                    message: format!(
                        "unknown phase `{}` (expected one of: {})",
                        scenario.phase,
                        PHASES.join(", ")
                    ),
                    literal: scenario.phase.clone(),
                });
                1
            });
        let mut game = Game {
            objects: Vec::new(),
            keywords: scenario.keywords.clone(),
            players: [empty_player(&scenario.a), empty_player(&scenario.b)],
            effects: Vec::new(),
            replacements: Vec::new(),
            delayed: Vec::new(),
            stack: Vec::new(),
            pending: Vec::new(),
            phase,
            turn: 1,
            active: Player::A,
            priority: Player::A,
            passes: 0,
            clock: 0,
            seq: 0,
            skirmish: Vec::new(),
            cards: scenario.cards.clone(),
            log: Vec::new(),
            context: RulesCause::RULES,
            rng: SeededRng::new(scenario.seed),
            rejected: Vec::new(),
            errors: Vec::new(),
        };
        for (player, setup) in [(Player::A, &scenario.a), (Player::B, &scenario.b)] {
            game.setup_player(player, setup, &mut errors);
        }
        for o in &game.objects {
            if let Some(host) = &o.attached_to
                && !game
                    .objects
                    .iter()
                    .any(|h| h.id == *host && h.zone == Zone::City)
            {
                errors.push(SetupError {
                    message: format!(
                        "`{}` is attached to `{host}`, which is not in the city",
                        o.id
                    ),
                    literal: format!("{}@{host}", o.id),
                });
            }
        }
        (game, errors)
    }

    fn setup_player(&mut self, player: Player, setup: &PlayerSetup, errors: &mut Vec<SetupError>) {
        if let Some(champion) = &setup.champion {
            match self.create(champion, player, Zone::Champion) {
                Ok(id) => {
                    let card = &self.obj_ref(&id).card;
                    let classes = setup.classes.clone().unwrap_or_else(|| card.tribes.clone());
                    self.players[player.index()].champion = Some(id);
                    self.players[player.index()].classes = classes;
                }
                Err(e) => errors.push(e),
            }
        }
        let zones = [
            (&setup.hand, Zone::Hand),
            (&setup.deck, Zone::Deck),
            (&setup.discard, Zone::Discard),
            (&setup.memory, Zone::Memory),
            (&setup.banishment, Zone::Banishment),
        ];
        for (list, zone) in zones {
            for entry in list {
                if let Err(e) = self.create(entry, player, zone) {
                    errors.push(e);
                }
            }
        }
        for entry in &setup.city {
            let (name, attach) = match entry.split_once('@') {
                Some((n, a)) => (n, Some(a.to_owned())),
                None => (entry.as_str(), None),
            };
            let id = match self.create(name, player, Zone::City) {
                Ok(id) => id,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            self.clock += 1;
            let clock = self.clock;
            let obj = self.obj_mut(&id);
            obj.attached_to = attach;
            obj.entered = clock;
            obj.entered_turn = 0;
            self.register_permanent_replacements(&id);
        }
    }

    /// Creates a card instance; `wolf#2` is the second copy of card `wolf`.
    fn create(&mut self, instance: &str, owner: Player, zone: Zone) -> Result<String, SetupError> {
        let card_id = instance.split('#').next().unwrap_or(instance);
        let card = self.cards.get(card_id).cloned().ok_or_else(|| SetupError {
            message: format!("unknown card `{card_id}`: add it under `cards`"),
            literal: instance.to_owned(),
        })?;
        if self.objects.iter().any(|o| o.id == instance) {
            return Err(SetupError {
                message: format!(
                    "card instance `{instance}` is listed twice: name the second copy `{card_id}#2`"
                ),
                literal: instance.to_owned(),
            });
        }
        self.seq += 1;
        let mut card = card;
        if card.id.is_empty() {
            card_id.clone_into(&mut card.id);
        }
        self.objects.push(Object {
            id: instance.to_owned(),
            card,
            owner,
            zone,
            seq: self.seq,
            attached_to: None,
            wounds: 0,
            permanent: Vec::new(),
            entered: 0,
            entered_turn: 0,
        });
        Ok(instance.to_owned())
    }

    // ----- small accessors -----

    /// The scenario's seeded generator, for effects that draw at random (same seed, same draws).
    pub fn rng_mut(&mut self) -> &mut SeededRng {
        &mut self.rng
    }

    pub(crate) fn obj(&self, id: &str) -> Option<&Object> {
        self.objects.iter().find(|o| o.id == id)
    }

    /// Only for ids known to exist (checked by the caller).
    pub(crate) fn obj_ref(&self, id: &str) -> &Object {
        self.obj(id).unwrap_or(&self.objects[0])
    }

    pub(crate) fn obj_mut(&mut self, id: &str) -> &mut Object {
        let i = self.objects.iter().position(|o| o.id == id).unwrap_or(0);
        &mut self.objects[i]
    }

    pub(crate) fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    pub(crate) fn phase_name(&self) -> &'static str {
        PHASES[self.phase]
    }

    pub(crate) fn player(&self, p: Player) -> &PlayerState {
        &self.players[p.index()]
    }

    pub(crate) fn player_mut(&mut self, p: Player) -> &mut PlayerState {
        &mut self.players[p.index()]
    }

    /// Ids of a player's cards in a zone, in zone order.
    pub(crate) fn zone_ids(&self, p: Player, zone: Zone) -> Vec<String> {
        let mut list: Vec<&Object> = self
            .objects
            .iter()
            .filter(|o| o.owner == p && o.zone == zone)
            .collect();
        list.sort_by_key(|o| o.seq);
        list.into_iter().map(|o| o.id.clone()).collect()
    }

    /// Every card in play: the active player's first, each in zone order.
    pub(crate) fn in_play(&self) -> Vec<String> {
        let mut out = Vec::new();
        for p in [self.active, self.active.other()] {
            out.extend(self.zone_ids(p, Zone::Champion));
            out.extend(self.zone_ids(p, Zone::City));
        }
        out
    }

    pub(crate) fn say(&mut self, line: impl Into<String>) {
        self.say_event(line);
    }

    /// Logs a line caused by the current context and returns its index. The first line of an
    /// action with no other cause is what the action's later lines answer.
    pub(crate) fn say_event(&mut self, line: impl Into<String>) -> u32 {
        let index = self.log.len() as u32;
        let phase = self.phase_name();
        self.log.push(RulesEvent {
            turn: self.turn,
            phase,
            text: format!("t{} {phase}: {}", self.turn, line.into()),
            cause: self.context.clone(),
        });
        if self.context == RulesCause::RULES {
            self.context.after = Some(index);
        }
        index
    }

    /// Logs a line with this cause (whatever the context) and returns its index.
    pub(crate) fn say_because(&mut self, cause: RulesCause, line: impl Into<String>) -> u32 {
        self.with_cause(cause, |g| g.say_event(line))
    }

    /// Runs `f` with `cause` as the cause of everything it logs.
    pub(crate) fn with_cause<T>(&mut self, cause: RulesCause, f: impl FnOnce(&mut Self) -> T) -> T {
        let outer = std::mem::replace(&mut self.context, cause);
        let result = f(self);
        self.context = outer;
        result
    }

    /// The cause for what `item` does as it resolves, after log line `at`.
    pub(crate) fn resolving(item: &super::state::StackItem, at: u32) -> RulesCause {
        RulesCause::by(item.ability(), Some(at))
    }

    pub(crate) fn reject(&mut self, why: impl Into<String>) {
        let why = why.into();
        self.say(format!("refused: {why}"));
        self.rejected.push(why);
    }

    pub(crate) fn error(&mut self, why: impl Into<String>) {
        let why = why.into();
        self.say(format!("error: {why}"));
        self.errors.push(why);
    }

    pub(crate) fn known(&mut self, id: &str) -> bool {
        if self.obj(id).is_some() {
            true
        } else {
            self.error(format!("no card instance `{id}` in this scenario"));
            false
        }
    }

    // ----- the script -----

    /// Runs a whole script, then puts any waiting triggers on the stack.
    pub fn run_script(&mut self, script: &[Action]) {
        for action in script {
            self.run_action(action);
        }
        self.flush_pending();
    }

    /// Runs one scripted action.
    pub fn run_action(&mut self, action: &Action) {
        // Each action starts a chain of its own.
        self.context = RulesCause::RULES;
        if !matches!(action, Action::OrderTriggers(..)) {
            self.flush_pending();
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
            Action::Pass => self.pass(),
            Action::ResolveAll => self.resolve_all(),
            Action::Advance => self.advance(),
            Action::AdvanceTo(phase) => {
                if !PHASES.iter().any(|p| p.eq_ignore_ascii_case(phase)) {
                    self.error(format!("unknown phase `{phase}`"));
                    return;
                }
                for _ in 0..=PHASES.len() {
                    let before = self.rejected.len();
                    self.advance();
                    let refused = self.rejected.len() > before;
                    if refused || self.phase_name().eq_ignore_ascii_case(phase) {
                        break;
                    }
                }
            }
            Action::OrderTriggers(player, order) => self.order_triggers(*player, order),
            Action::Gain {
                card,
                ability,
                duration,
            } => self.script_change(card, Change::Gain(ability.clone()), duration),
            Action::Lose {
                card,
                ability,
                duration,
            } => self.script_change(card, Change::Lose(ability.clone()), duration),
            Action::Apply {
                player,
                targets,
                effects,
                duration,
            } => {
                if targets.iter().all(|t| self.known(t)) {
                    let ability = Ability {
                        name: "script".into(),
                        kind: AbilityKind::Static,
                        restrictions: Vec::new(),
                        condition: None,
                        target: if targets.is_empty() {
                            Target::Controller
                        } else {
                            Target::Chosen {
                                count: targets.len() as u32,
                                filter: None,
                            }
                        },
                        effects: effects.clone(),
                        duration: duration.clone(),
                    };
                    let part = Part {
                        ability,
                        effects: effects.clone(),
                        inline: Vec::new(),
                        value: None,
                    };
                    let at = self.say_event(format!("script applies {effects:?} to {targets:?}"));
                    let item = StackItem {
                        label: "script".into(),
                        controller: *player,
                        source: "script".into(),
                        parts: vec![part],
                        targets: targets.clone(),
                        subject: None,
                        triggered: false,
                        card: None,
                        cause: RulesCause::after(at),
                    };
                    self.with_cause(Game::resolving(&item, at), |g| g.resolve_item(&item));
                }
            }
            Action::Move { card, to } => {
                if !self.known(card) {
                    return;
                }
                match Zone::parse(to) {
                    Some(zone) => self.move_to(card, zone),
                    None => self.error(format!("unknown zone `{to}`")),
                }
            }
            Action::Event(name) => {
                self.say(format!("event `{name}`"));
                self.fire(&Event::Named(name.clone(), None));
            }
            Action::Skirmish(cards) => {
                if cards.iter().all(|c| self.known(c)) {
                    self.say(format!("skirmish: {cards:?}"));
                    self.skirmish.clone_from(cards);
                }
            }
        }
        self.state_checks();
    }

    fn script_change(&mut self, card: &str, change: Change, duration: &Duration) {
        if !self.known(card) {
            return;
        }
        let timestamp = self.tick();
        self.say(format!("{card} {change:?} ({duration:?}) @{timestamp}"));
        let controller = self.obj_ref(card).owner;
        self.effects.push(ContinuousEffect {
            timestamp,
            source: "script".into(),
            source_name: "script".into(),
            controller,
            change,
            affected: vec![card.to_owned()],
            duration: lasting(duration),
            turns_left: turns_of(duration),
        });
    }

    // ----- priority and the stack (19.2, 19.3a) -----

    fn pass(&mut self) {
        let who = self.priority;
        self.passes += 1;
        self.priority = who.other();
        self.say(format!("{who:?} passes priority"));
        if self.passes >= 2 {
            self.passes = 0;
            if self.stack.is_empty() {
                self.priority = self.active;
            } else {
                self.resolve_top();
            }
        }
    }

    fn resolve_all(&mut self) {
        let mut guard = LoopGuard::new();
        loop {
            self.flush_pending();
            if self.stack.is_empty() {
                return;
            }
            if let Err(limit) = guard.tick() {
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
                if g.obj(card).is_some_and(|o| o.zone == Zone::Stack) {
                    g.move_to(card, Zone::Discard);
                }
            }
        });
        // 19.3a: after each of their triggers resolves, the ruler passes priority.
        self.priority = if item.triggered {
            item.controller.other()
        } else {
            self.active
        };
        self.passes = 0;
    }

    /// Puts waiting triggers on the stack: the active player's first (so the other's resolve
    /// first), each player's in their chosen order, first listed resolving first.
    pub(crate) fn flush_pending(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut self.pending);
        for p in [self.active, self.active.other()] {
            let mine: Vec<&StackItem> = pending.iter().filter(|i| i.controller == p).collect();
            for item in mine.into_iter().rev() {
                let line = format!("trigger {} goes on the stack", item.label);
                let at = self.say_because(item.cause.clone(), line);
                let mut item = item.clone();
                item.cause.after = Some(at);
                self.stack.push(item);
            }
        }
        self.passes = 0;
        self.priority = self.active;
    }

    fn order_triggers(&mut self, player: Player, order: &[String]) {
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

    // ----- phases (durations end here) -----

    fn advance(&mut self) {
        self.flush_pending();
        if !self.stack.is_empty() {
            return self.reject("the phase cannot end while the stack is not empty");
        }
        if self.phase + 1 == PHASES.len() {
            self.expire(|d, left| {
                matches!(d, Duration::EndOfTurn) || (matches!(d, Duration::Turns(_)) && left <= 1)
            });
            for e in &mut self.effects {
                if matches!(e.duration, Duration::Turns(_)) {
                    e.turns_left = e.turns_left.saturating_sub(1);
                }
            }
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

    fn begin_phase(&mut self) {
        let name = self.phase_name().to_owned();
        self.expire(|d, _| matches!(d, Duration::UntilPhase(p) if p.eq_ignore_ascii_case(&name)));
        if self.replace_phase(&name) {
            self.say(format!("{name} is skipped"));
            if self.phase + 1 < PHASES.len() {
                self.phase += 1;
                return self.begin_phase();
            }
            return;
        }
        self.say(format!("{name} begins"));
        if self.phase == 0 {
            self.fire(&Event::StartOfTurn);
        }
        if name == "end" {
            self.fire(&Event::EndOfTurn);
        }
        self.fire(&Event::PhaseBegins(name));
    }

    fn expire(&mut self, ends: impl Fn(&Duration, u32) -> bool) {
        let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.effects)
            .into_iter()
            .partition(|e| ends(&e.duration, e.turns_left));
        self.effects = kept;
        for e in gone {
            self.say(format!(
                "effect @{} from {} ends ({:?})",
                e.timestamp, e.source_name, e.change
            ));
        }
        let before = self.replacements.len();
        self.replacements
            .retain(|r| r.permanent || !ends(&r.ability.duration, 1));
        if self.replacements.len() < before {
            self.say("a replacement effect ends");
        }
    }
}

fn empty_player(setup: &PlayerSetup) -> PlayerState {
    PlayerState {
        vitae: setup.vitae,
        resource: setup.resource,
        fealty: setup.fealty,
        champion: None,
        classes: setup.classes.clone().unwrap_or_default(),
        elements: setup.elements.clone(),
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
