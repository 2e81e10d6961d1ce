//! The sandbox game: setup from a scenario, scripted actions, priority and the stack, phases,
//! triggers (19.3) and activation (19.2).

use std::fmt::Write as _;

use crate::model::ability::{
    Ability, AbilityKind, ActivatedSubtype, Duration, Effect, RestrictionTiming, Target, Trigger,
};
use crate::model::{CardKind, KeywordDef, Player};

use super::scenario::{Action, PlayerSetup, RulesScenario};
use super::state::{
    ActiveReplacement, Change, ContinuousEffect, DelayedTrigger, Object, Part, StackItem, Zone,
};

/// A trigger matched: the card the event was about, if any.
pub(crate) struct Fired(Option<String>);

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
    /// What happened, one line per step.
    pub log: Vec<String>,
    /// Actions the rules refused, with why.
    pub rejected: Vec<String>,
    /// Script mistakes (a card that does not exist): a scenario with these fails.
    pub errors: Vec<String>,
}

impl Game {
    /// Sets up a game from a scenario's cards and starting state (the script is not run).
    pub fn new(scenario: &RulesScenario) -> Result<Game, SetupError> {
        let phase = PHASES
            .iter()
            .position(|p| p.eq_ignore_ascii_case(&scenario.phase))
            .ok_or_else(|| SetupError {
                message: format!(
                    "unknown phase `{}` (expected one of: {})",
                    scenario.phase,
                    PHASES.join(", ")
                ),
                literal: scenario.phase.clone(),
            })?;
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
            rejected: Vec::new(),
            errors: Vec::new(),
        };
        for (player, setup) in [(Player::A, &scenario.a), (Player::B, &scenario.b)] {
            game.setup_player(player, setup)?;
        }
        Ok(game)
    }

    fn setup_player(&mut self, player: Player, setup: &PlayerSetup) -> Result<(), SetupError> {
        if let Some(champion) = &setup.champion {
            let id = self.create(champion, player, Zone::Champion)?;
            let card = &self.obj_ref(&id).card;
            let classes = setup.classes.clone().unwrap_or_else(|| card.tribes.clone());
            self.players[player.index()].champion = Some(id);
            self.players[player.index()].classes = classes;
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
                self.create(entry, player, zone)?;
            }
        }
        for entry in &setup.city {
            let (name, attach) = match entry.split_once('@') {
                Some((n, a)) => (n, Some(a.to_owned())),
                None => (entry.as_str(), None),
            };
            let id = self.create(name, player, Zone::City)?;
            self.clock += 1;
            let clock = self.clock;
            let obj = self.obj_mut(&id);
            obj.attached_to = attach;
            obj.entered = clock;
            obj.entered_turn = 0;
            self.register_permanent_replacements(&id);
        }
        Ok(())
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

    pub(crate) fn obj(&self, id: &str) -> Option<&Object> {
        self.objects.iter().find(|o| o.id == id)
    }

    /// Only for ids known to exist (checked by the caller).
    fn obj_ref(&self, id: &str) -> &Object {
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
        let line = format!("t{} {}: {}", self.turn, self.phase_name(), line.into());
        self.log.push(line);
    }

    fn reject(&mut self, why: impl Into<String>) {
        let why = why.into();
        self.say(format!("refused: {why}"));
        self.rejected.push(why);
    }

    fn error(&mut self, why: impl Into<String>) {
        let why = why.into();
        self.say(format!("error: {why}"));
        self.errors.push(why);
    }

    fn known(&mut self, id: &str) -> bool {
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
                    let before = self.log.len();
                    self.advance();
                    let refused = self.log.len() > before
                        && self.log.last().is_some_and(|l| l.contains("refused"));
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
                    let item = StackItem {
                        label: "script".into(),
                        controller: *player,
                        source: "script".into(),
                        parts: vec![part],
                        targets: targets.clone(),
                        subject: None,
                        triggered: false,
                        card: None,
                    };
                    self.say(format!("script applies {effects:?} to {targets:?}"));
                    self.resolve_item(&item);
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
        for _ in 0..10_000 {
            self.flush_pending();
            if self.stack.is_empty() {
                return;
            }
            self.pass();
            self.state_checks();
        }
        self.error("the stack did not empty after 10000 passes (a trigger loop?)");
    }

    fn resolve_top(&mut self) {
        let Some(item) = self.stack.pop() else {
            return;
        };
        self.say(format!("resolve {}", item.label));
        self.resolve_item(&item);
        if let Some(card) = &item.card {
            self.register_resolved_replacements(card, &item);
            if self.obj(card).is_some_and(|o| o.zone == Zone::Stack) {
                self.move_to(card, Zone::Discard);
            }
        }
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
                self.say(format!("trigger {} goes on the stack", item.label));
                self.stack.push(item.clone());
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

    // ----- playing cards and activating abilities -----

    fn play(
        &mut self,
        player: Player,
        card: &str,
        targets: &[String],
        mode: Option<usize>,
        attach_to: Option<&str>,
    ) {
        if !self.known(card) || !targets.iter().all(|t| self.known(t)) {
            return;
        }
        let obj = self.obj_ref(card).clone();
        if obj.owner != player || obj.zone != Zone::Hand {
            return self.reject(format!("{player:?} has no `{card}` in hand"));
        }
        if self.priority != player {
            return self.reject(format!("{player:?} plays {card} without priority"));
        }
        if obj.card.cost > self.player(player).resource {
            return self.reject(format!(
                "{card} costs {} and {player:?} has {}",
                obj.card.cost,
                self.player(player).resource
            ));
        }
        let spell = matches!(obj.card.kind, CardKind::Spell | CardKind::Action);
        let mut parts = Vec::new();
        if spell {
            for entry in self.abilities_of(card, true) {
                if !matches!(entry.ability.kind, AbilityKind::Static) {
                    continue;
                }
                if let Err(why) = self.check_targets(&entry.ability, player, card, targets) {
                    return self.reject(why);
                }
                match self.prepare(&entry.ability, entry.value, player, card, mode) {
                    Ok(Some(part)) => parts.push(part),
                    Ok(None) => self.say(format!(
                        "{card}: `{}` ignored (restriction unmet)",
                        entry.label
                    )),
                    Err(why) => return self.reject(why),
                }
            }
        }
        self.player_mut(player).resource -= obj.card.cost;
        if spell {
            self.say(format!("{player:?} plays {card} (targets {targets:?})"));
            self.move_to(card, Zone::Stack);
            self.stack.push(StackItem {
                label: card.to_owned(),
                controller: player,
                source: card.to_owned(),
                parts,
                targets: targets.to_vec(),
                subject: None,
                triggered: false,
                card: Some(card.to_owned()),
            });
            self.passes = 0;
            self.fire(&Event::CardPlayed(card.to_owned()));
        } else {
            let verb = match obj.card.kind {
                CardKind::Beast => "recruits",
                CardKind::Item => "forges",
                CardKind::Structure => "builds",
                _ => "plays",
            };
            self.say(format!("{player:?} {verb} {card}"));
            self.fire(&Event::CardPlayed(card.to_owned()));
            self.move_to(card, Zone::City);
            if let Some(host) = attach_to
                && self.known(host)
            {
                self.obj_mut(card).attached_to = Some(host.to_owned());
            }
        }
    }

    fn activate(
        &mut self,
        player: Player,
        card: &str,
        ability_name: &str,
        targets: &[String],
        mode: Option<usize>,
        structure: Option<&str>,
    ) {
        if !self.known(card) || !targets.iter().all(|t| self.known(t)) {
            return;
        }
        let obj = self.obj_ref(card).clone();
        if obj.owner != player || !obj.zone.in_play() {
            return self.reject(format!(
                "{player:?} can only activate abilities of cards they rule in their city (19.2): {card}"
            ));
        }
        if self.priority != player {
            return self.reject(format!(
                "{player:?} activates {card} without priority (19.2)"
            ));
        }
        let activated: Vec<_> = self
            .abilities_of(card, true)
            .into_iter()
            .filter(|e| matches!(e.ability.kind, AbilityKind::Activated { .. }))
            .collect();
        let entry = match ability_name.parse::<usize>() {
            Ok(i) => activated.get(i).cloned(),
            Err(_) => activated
                .iter()
                .find(|e| e.label.eq_ignore_ascii_case(ability_name))
                .cloned(),
        };
        let Some(entry) = entry else {
            return self.reject(format!("{card} has no activated ability `{ability_name}`"));
        };
        let AbilityKind::Activated { cost, subtype } = &entry.ability.kind else {
            return;
        };
        if let Some(phase) = &cost.phase
            && !phase.eq_ignore_ascii_case(self.phase_name())
        {
            return self.reject(format!(
                "{card}: `{}` is activated in {phase}, not {} (19.2)",
                entry.label,
                self.phase_name()
            ));
        }
        let me = self.player(player);
        if cost.resource as i32 > me.resource || cost.fealty as i32 > me.fealty {
            return self.reject(format!(
                "{card}: {player:?} cannot pay {} resource and {} fealty",
                cost.resource, cost.fealty
            ));
        }
        let mut note = String::new();
        match subtype {
            Some(ActivatedSubtype::Battle) if !self.skirmish.iter().any(|c| c == card) => {
                return self.reject(format!(
                    "{card}: a Battle ability needs the card in the current skirmish (19.2b)"
                ));
            }
            Some(ActivatedSubtype::Vote) if self.phase_name() != "dusk" => {
                return self.reject(format!(
                    "{card}: a Vote ability is activated at dusk (19.2c)"
                ));
            }
            Some(ActivatedSubtype::Duel) if targets.is_empty() => {
                return self.reject(format!(
                    "{card}: a Duel ability names the other beast (19.2d)"
                ));
            }
            Some(ActivatedSubtype::Ritual { stat, threshold }) => {
                match self.ritual_site(player, stat, *threshold, structure) {
                    Some((site, total)) => {
                        note = format!(" at {site} ({stat} total {total} >= {threshold})");
                    }
                    None => {
                        return self.reject(format!(
                            "{card}: no structure with attached beasts totalling {stat} {threshold} (19.2e)"
                        ));
                    }
                }
            }
            _ => {}
        }
        if let Err(why) = self.check_targets(&entry.ability, player, card, targets) {
            return self.reject(why);
        }
        let part = match self.prepare(&entry.ability, entry.value, player, card, mode) {
            Ok(Some(part)) => part,
            Ok(None) => {
                return self.reject(format!(
                    "{card}: `{}` cannot be activated: a restriction is unmet",
                    entry.label
                ));
            }
            Err(why) => return self.reject(why),
        };
        for extra in &cost.extra {
            if extra.to_ascii_lowercase().starts_with("discard a card") {
                let Some(first) = self.zone_ids(player, Zone::Hand).into_iter().next() else {
                    return self.reject(format!("{card}: {player:?} has no card to discard"));
                };
                self.move_to(&first, Zone::Discard);
                let _ = write!(note, ", discarding {first}");
            } else {
                let _ = write!(note, ", paying `{extra}`");
            }
        }
        let me = self.player_mut(player);
        me.resource -= cost.resource as i32;
        me.fealty -= cost.fealty as i32;
        let label = format!("{card}: {}", entry.label);
        self.say(format!(
            "{player:?} activates {label}{note} (targets {targets:?}, mode {mode:?})"
        ));
        self.stack.push(StackItem {
            label,
            controller: player,
            source: card.to_owned(),
            parts: vec![part],
            targets: targets.to_vec(),
            subject: None,
            triggered: false,
            card: None,
        });
        self.passes = 0;
    }

    /// A structure of `player` whose attached beasts total at least `threshold` of `stat`.
    fn ritual_site(
        &self,
        player: Player,
        stat: &str,
        threshold: i32,
        wanted: Option<&str>,
    ) -> Option<(String, i32)> {
        self.zone_ids(player, Zone::City)
            .into_iter()
            .filter(|id| wanted.is_none_or(|w| w == id))
            .filter(|id| {
                self.obj(id)
                    .is_some_and(|o| o.card.kind == CardKind::Structure)
            })
            .map(|site| {
                let total: i32 = self
                    .objects
                    .iter()
                    .filter(|o| o.zone == Zone::City && o.attached_to.as_deref() == Some(&site))
                    .filter(|o| o.card.kind == CardKind::Beast)
                    .map(|o| self.stat(&o.id, stat))
                    .sum();
                (site, total)
            })
            .find(|(_, total)| *total >= threshold)
    }

    /// Chosen targets must fit the ability's count and filter when chosen (they lock then).
    fn check_targets(
        &self,
        ability: &Ability,
        player: Player,
        source: &str,
        targets: &[String],
    ) -> Result<(), String> {
        let Target::Chosen { count, filter } = &ability.target else {
            return Ok(());
        };
        if targets.is_empty() {
            return Err(format!("{source}: choose a target"));
        }
        if targets.len() > *count as usize {
            return Err(format!("{source}: at most {count} target(s)"));
        }
        for t in targets {
            if !self.obj(t).is_some_and(|o| o.zone.in_play()) {
                return Err(format!("{source}: target {t} is not in play"));
            }
            if let Some(f) = filter
                && !self.condition(f, t, player, true)
            {
                return Err(format!("{source}: {t} is not a legal target"));
            }
        }
        Ok(())
    }

    /// Prepares an ability for the stack: static restrictions checked (`Ok(None)`: unmet, the
    /// text is ignored), the mode chosen, in-line restrictions kept for resolution.
    pub(crate) fn prepare(
        &self,
        ability: &Ability,
        value: Option<i32>,
        player: Player,
        source: &str,
        mode: Option<usize>,
    ) -> Result<Option<Part>, String> {
        let statics_hold = ability
            .restrictions
            .iter()
            .filter(|r| r.timing == RestrictionTiming::Static)
            .all(|r| self.restriction_holds(&r.requires, player, source));
        if !statics_hold {
            return Ok(None);
        }
        let inline = ability
            .restrictions
            .iter()
            .filter(|r| r.timing == RestrictionTiming::InLine)
            .cloned()
            .collect();
        let effects = self.lock_effects(&ability.effects, player, source, mode)?;
        Ok(Some(Part {
            ability: ability.clone(),
            effects,
            inline,
            value,
        }))
    }

    fn lock_effects(
        &self,
        effects: &[Effect],
        player: Player,
        source: &str,
        mode: Option<usize>,
    ) -> Result<Vec<Effect>, String> {
        let mut out = Vec::new();
        for effect in effects {
            match effect {
                Effect::Modal(modes) => {
                    let unlocked = |m: &Vec<Effect>| self.mode_unlocked(m, player, source);
                    let chosen = match mode {
                        Some(i) => {
                            let m = modes
                                .get(i)
                                .ok_or_else(|| format!("{source}: there is no mode {i}"))?;
                            if !unlocked(m) {
                                return Err(format!(
                                    "{source}: mode {i} is locked by a static restriction"
                                ));
                            }
                            m
                        }
                        None => modes
                            .iter()
                            .find(|m| unlocked(m))
                            .ok_or_else(|| format!("{source}: every mode is locked"))?,
                    };
                    out.extend(self.lock_effects(chosen, player, source, None)?);
                }
                Effect::Restricted {
                    restrictions,
                    effects,
                } => {
                    let (statics, inline): (Vec<_>, Vec<_>) = restrictions
                        .iter()
                        .cloned()
                        .partition(|r| r.timing == RestrictionTiming::Static);
                    if !statics
                        .iter()
                        .all(|r| self.restriction_holds(&r.requires, player, source))
                    {
                        continue;
                    }
                    let inner = self.lock_effects(effects, player, source, mode)?;
                    if inline.is_empty() {
                        out.extend(inner);
                    } else {
                        out.push(Effect::Restricted {
                            restrictions: inline,
                            effects: inner,
                        });
                    }
                }
                other => out.push(other.clone()),
            }
        }
        Ok(out)
    }

    fn mode_unlocked(&self, mode: &[Effect], player: Player, source: &str) -> bool {
        mode.iter().all(|e| match e {
            Effect::Restricted { restrictions, .. } => restrictions
                .iter()
                .filter(|r| r.timing == RestrictionTiming::Static)
                .all(|r| self.restriction_holds(&r.requires, player, source)),
            _ => true,
        })
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

    // ----- triggers (19.3) -----

    /// Collects the triggered abilities (and delayed triggers) an event sets off. Recruit,
    /// Forge and Build triggers resolve at once without priority (19.3b–d); others wait for
    /// the stack in their controller's chosen order.
    pub(crate) fn fire(&mut self, event: &Event) {
        let mut immediate = Vec::new();
        for id in self.in_play() {
            let Some(obj) = self.obj(&id) else { continue };
            let controller = obj.owner;
            let kind = obj.card.kind;
            for entry in self.abilities_of(&id, true) {
                let AbilityKind::Triggered(trigger) = &entry.ability.kind else {
                    continue;
                };
                let Some(Fired(subject)) =
                    self.trigger_matches(trigger, event, Some(&id), controller)
                else {
                    continue;
                };
                let label = format!("{id}: {}", entry.label);
                let part = match self.prepare(&entry.ability, entry.value, controller, &id, None) {
                    Ok(Some(part)) => part,
                    Ok(None) => {
                        self.say(format!("{label} does not trigger: a restriction is unmet"));
                        continue;
                    }
                    Err(why) => {
                        self.say(format!("{label} does not trigger: {why}"));
                        continue;
                    }
                };
                let item = StackItem {
                    label,
                    controller,
                    source: id.clone(),
                    parts: vec![part],
                    targets: Vec::new(),
                    subject,
                    triggered: true,
                    card: None,
                };
                let at_once = matches!(trigger, Trigger::Summoned)
                    && matches!(event, Event::EntersPlay(x) if *x == id)
                    && matches!(kind, CardKind::Beast | CardKind::Item | CardKind::Structure);
                if at_once {
                    immediate.push(item);
                } else {
                    self.say(format!("{} triggers", item.label));
                    self.pending.push(item);
                }
            }
        }
        let delayed = std::mem::take(&mut self.delayed);
        for d in delayed {
            match self.trigger_matches(&d.when, event, None, d.controller) {
                Some(Fired(subject)) => {
                    let label = format!("{}: delayed {:?}", d.source, d.when);
                    self.say(format!("{label} triggers"));
                    let ability = Ability {
                        name: "delayed".into(),
                        kind: AbilityKind::Triggered(d.when.clone()),
                        restrictions: Vec::new(),
                        condition: None,
                        target: Target::Chosen {
                            count: d.targets.len() as u32,
                            filter: None,
                        },
                        effects: d.effects.clone(),
                        duration: Duration::Instant,
                    };
                    self.pending.push(StackItem {
                        label,
                        controller: d.controller,
                        source: d.source.clone(),
                        parts: vec![Part {
                            ability,
                            effects: d.effects.clone(),
                            inline: Vec::new(),
                            value: None,
                        }],
                        targets: d.targets.clone(),
                        subject,
                        triggered: true,
                        card: None,
                    });
                }
                None => self.delayed.push(d),
            }
        }
        for item in immediate {
            self.say(format!(
                "{} resolves at once (no priority needed, 19.3b-d)",
                item.label
            ));
            self.resolve_item(&item);
        }
    }

    /// Whether `trigger` (on card `me`, ruled by `controller`) matches `event`; the event's
    /// subject card if so.
    fn trigger_matches(
        &self,
        trigger: &Trigger,
        event: &Event,
        me: Option<&str>,
        controller: Player,
    ) -> Option<Fired> {
        let owner_of = |x: &str| self.obj(x).map(|o| o.owner);
        let is_me = |x: &str| me == Some(x);
        let subject = |x: &String| Some(Fired(Some(x.clone())));
        match (trigger, event) {
            (Trigger::Summoned, Event::EntersPlay(x)) if is_me(x) || me.is_none() => subject(x),
            (Trigger::AllySummoned { tribe }, Event::EntersPlay(x))
                if !is_me(x)
                    && owner_of(x) == Some(controller)
                    && tribe.as_ref().is_none_or(|t| {
                        self.obj(x).is_some_and(|o| {
                            o.card.tribes.iter().any(|c| c.eq_ignore_ascii_case(t))
                        })
                    }) =>
            {
                subject(x)
            }
            (Trigger::StartOfTurn, Event::StartOfTurn) | (Trigger::EndOfTurn, Event::EndOfTurn) => {
                Some(Fired(None))
            }
            (Trigger::PhaseBegins(p), Event::PhaseBegins(q)) if p.eq_ignore_ascii_case(q) => {
                Some(Fired(None))
            }
            (Trigger::Damaged, Event::Damaged(x)) | (Trigger::Destroyed, Event::Destroyed(x))
                if is_me(x) || me.is_none() =>
            {
                subject(x)
            }
            (Trigger::AllyDestroyed, Event::Destroyed(x))
                if !is_me(x) && owner_of(x) == Some(controller) =>
            {
                subject(x)
            }
            (Trigger::OtherDestroyed, Event::Destroyed(x)) if !is_me(x) => subject(x),
            (Trigger::CardPlayed, Event::CardPlayed(x)) if owner_of(x) == Some(controller) => {
                subject(x)
            }
            (Trigger::Named(n), Event::Named(m, x)) if n.eq_ignore_ascii_case(m) => {
                Some(Fired(x.clone()))
            }
            _ => None,
        }
    }

    // ----- moving cards -----

    /// Moves a card; entering the city it enters play (triggers fire), leaving it leaves play.
    pub(crate) fn move_to(&mut self, id: &str, zone: Zone) {
        let Some(obj) = self.obj(id) else { return };
        let was_in_play = obj.zone.in_play();
        self.seq += 1;
        let seq = self.seq;
        let turn = self.turn;
        let o = self.obj_mut(id);
        o.zone = zone;
        o.seq = seq;
        if was_in_play && !zone.in_play() {
            o.attached_to = None;
            o.wounds = 0;
            self.replacements
                .retain(|r| !(r.permanent && r.source == id));
            self.skirmish.retain(|s| s != id);
            let riders: Vec<String> = self
                .objects
                .iter()
                .filter(|o| o.attached_to.as_deref() == Some(id))
                .map(|o| o.id.clone())
                .collect();
            for r in riders {
                let item = self.obj(&r).is_some_and(|o| o.card.kind == CardKind::Item);
                if item {
                    self.say(format!("{r} goes with {id}"));
                    self.move_to(&r, zone);
                } else {
                    self.obj_mut(&r).attached_to = None;
                }
            }
        }
        if !was_in_play && zone == Zone::City {
            let ts = self.tick();
            let o = self.obj_mut(id);
            o.entered = ts;
            o.entered_turn = turn;
            self.say(format!("{id} enters the city @{ts}"));
            self.register_permanent_replacements(id);
            self.fire(&Event::EntersPlay(id.to_owned()));
        }
    }

    /// Replacement abilities of a card in play are in force while it stays (22.4a).
    fn register_permanent_replacements(&mut self, id: &str) {
        let Some(obj) = self.obj(id) else { return };
        let (owner, entered) = (obj.owner, obj.entered);
        for entry in self.abilities_of(id, false) {
            if let AbilityKind::Replacement { replaces, uses, .. } = &entry.ability.kind {
                self.replacements.push(ActiveReplacement {
                    timestamp: entered,
                    source: id.to_owned(),
                    controller: owner,
                    replaces: replaces.clone(),
                    ability: entry.ability.clone(),
                    uses_left: *uses,
                    watches: None,
                    permanent: true,
                });
            }
        }
    }

    /// A spell's replacement abilities come into force when it resolves (22.4a).
    fn register_resolved_replacements(&mut self, card: &str, item: &StackItem) {
        for entry in self.abilities_of(card, false) {
            if let AbilityKind::Replacement { replaces, uses, .. } = &entry.ability.kind {
                let ts = self.tick();
                let watches = matches!(entry.ability.target, Target::Chosen { .. })
                    .then(|| item.targets.clone());
                self.say(format!("replacement from {card} in force @{ts}"));
                self.replacements.push(ActiveReplacement {
                    timestamp: ts,
                    source: card.to_owned(),
                    controller: item.controller,
                    replaces: replaces.clone(),
                    ability: entry.ability.clone(),
                    uses_left: *uses,
                    watches,
                    permanent: false,
                });
            }
        }
    }

    /// Beasts whose wounds reach their life are destroyed.
    pub(crate) fn state_checks(&mut self) {
        for _ in 0..100 {
            let dying: Vec<String> = self
                .objects
                .iter()
                .filter(|o| o.zone == Zone::City && o.wounds > 0)
                .filter(|o| {
                    matches!(
                        o.card.kind,
                        CardKind::Beast | CardKind::Creature | CardKind::Ally | CardKind::Token
                    )
                })
                .map(|o| o.id.clone())
                .filter(|id| {
                    self.stat(id, "life") > 0 && self.obj_ref(id).wounds >= self.stat(id, "life")
                })
                .collect();
            if dying.is_empty() {
                return;
            }
            for id in dying {
                self.say(format!("{id} has wounds equal to its life"));
                self.destroy(&id);
            }
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
