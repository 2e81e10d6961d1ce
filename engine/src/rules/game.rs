//! The sandbox game: its state, setup from a scenario, and the small helpers every part uses.
//! The script is run by `script.rs`, priority, the stack, phases and seasons by `turns.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::model::ability::Effect;
use crate::model::{Card, GameProfile, KeywordDef, Player};

use super::cache::StaticsCache;
use super::event::{RulesCause, RulesEvent};
use super::scenario::{Action, PlayerSetup, RulesScenario};
use super::state::{ActiveReplacement, ContinuousEffect, DelayedTrigger, Object, StackItem, Zone};
use crate::core::SeededRng;

/// A trigger matched: the card the event was about, if any.
pub(crate) struct Fired(pub(crate) Option<String>);

/// ChiAxis's phases, in order: the built-in default profile's (a game's own are in its
/// profile, [`Game::profile`]). Kept for the editor's ability form until it reads the pack's
/// profile (`rules::pack_profile`).
pub const PHASES: [&str; 4] = ["dawn", "main", "dusk", "end"];

/// How deep effects may nest (a trigger that resolves at once inside an effect that resolves
/// at once ...) before the sandbox stops the chain: bad content never overflows the stack.
pub(crate) const NESTING_LIMIT: u32 = 40;

/// How many cards effects may create in one game (tokens, summoned cards): a loop of effects
/// that make cards stops there.
pub(crate) const CREATED_LIMIT: usize = 200;

/// Why the rules refuse an action or an effect (a play without priority, a target the
/// ability cannot take, a card that cannot be created), in words for the log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Illegal(pub String);

impl From<Illegal> for String {
    fn from(illegal: Illegal) -> Self {
        illegal.0
    }
}

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
    /// "The next card you play costs N less" reductions waiting for this player's next card.
    pub next_card_less: Vec<NextCardLess>,
}

/// A one-shot reduction a player holds for the next card they play (`NextCardCostsLess`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextCardLess {
    /// How much less the next card costs.
    pub by: i32,
    /// What gave it, as logs name it (`stone: Channel`).
    pub source: String,
    /// How long it waits for a card: the giving ability's duration.
    pub duration: crate::model::ability::Duration,
    /// Turns left for a `Turns(n)` duration.
    pub turns_left: u32,
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
    SeasonEnds,
    Named(String, Option<String>),
    /// A player's champion levelled up.
    LevelledUp(Player),
    /// An attack is declared: `(attacker, target)`.
    Attacks(String, String),
    /// An attack dealt its damage to its target: `(attacker, target)`.
    Hit(String, String),
    /// An attack's damage destroyed its target: `(attacker, target)`.
    Killed(String, String),
}

/// The rules sandbox's whole state. Build with [`Game::new`], drive with [`Game::run_action`].
#[derive(Debug, Clone)]
pub struct Game {
    /// The game's rules that differ between games: phases, zones, where cards go, priority.
    pub(crate) profile: Arc<GameProfile>,
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
    pub(crate) season: u32,
    pub(crate) active: Player,
    pub(crate) priority: Player,
    pub(crate) passes: u8,
    pub(crate) clock: u64,
    pub(crate) seq: u64,
    pub(crate) skirmish: Vec<String>,
    /// The attack in progress (games whose profile has combat rules).
    pub(crate) combat: Option<super::state::Combat>,
    /// Attack cards on the stack, each with the attack it becomes when it resolves.
    pub(crate) attack_plays: Vec<super::state::AttackPlay>,
    /// What the resolving ability's keyword actions did ("revealed this way", "sacrificed
    /// this way"): each resolution starts with none and puts back its outer one's after.
    pub(crate) this_way: super::state::ThisWay,
    /// Glimpse orders the script gave, waiting for the next glimpse of that player.
    pub(crate) glimpse_orders: Vec<super::state::GlimpseOrder>,
    /// How many of each player's next "you may" answers the script said no to (A, B).
    pub(crate) declines: [u32; 2],
    /// Each player's earlier champions, oldest first: a champion levelled into another is
    /// put under it (its lineage) and is no longer an object of the game.
    pub(crate) lineage: [Vec<String>; 2],
    /// Which players have lost (A, B): a champion whose damage reached its life.
    pub(crate) lost: [bool; 2],
    pub(crate) cards: BTreeMap<String, Card>,
    /// Each ruler's ballot for the next conclave vote (none: they vote for themselves).
    pub(crate) ballots: [Option<Player>; 2],
    /// The replacement effects applying right now, outermost first (22.4: none applies to an
    /// event it produced; the chain stops at `replace::CHAIN_LIMIT`).
    pub(crate) replacing: Vec<u64>,
    pub(crate) next_replacement: u64,
    /// How deep resolutions are nested now (see [`NESTING_LIMIT`]).
    pub(crate) depth: u32,
    /// How many cards effects have created (see [`CREATED_LIMIT`]).
    pub(crate) created: usize,
    /// Targets named with `Play` for the played card's own "enters play" triggers.
    pub(crate) entry_targets: Option<(String, Vec<String>)>,
    /// Notes on static abilities (dependency cycles) already logged.
    pub(crate) noted: BTreeSet<String>,
    /// `At(step, ...)` results: the failures found after each checked step.
    pub(crate) checkpoints: BTreeMap<usize, Vec<String>>,
    /// The static effects worked out for the state as it is (cleared by every change).
    pub(crate) statics_cache: StaticsCache,
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
        let profile = Arc::new(profile_of(scenario).unwrap_or_else(|e| {
            errors.push(e);
            GameProfile::chiaxis()
        }));
        let start = if scenario.phase.is_empty() {
            &profile.start_phase
        } else {
            &scenario.phase
        };
        let phase = profile.phase_index(start).unwrap_or_else(|| {
            errors.push(SetupError {
                message: format!(
                    "unknown phase `{start}`{}; the {} phases are {}",
                    super::names::did_you_mean(start, &profile.phases),
                    profile.name,
                    profile.phases.join(", ")
                ),
                literal: start.clone(),
            });
            0
        });
        let mut game = Game {
            profile,
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
            season: 1,
            active: Player::A,
            priority: Player::A,
            passes: 0,
            clock: 0,
            seq: 0,
            skirmish: Vec::new(),
            combat: None,
            attack_plays: Vec::new(),
            this_way: super::state::ThisWay::default(),
            glimpse_orders: Vec::new(),
            declines: [0, 0],
            lineage: [Vec::new(), Vec::new()],
            lost: [false, false],
            cards: scenario.cards.clone(),
            ballots: [None, None],
            replacing: Vec::new(),
            next_replacement: 0,
            depth: 0,
            created: 0,
            entry_targets: None,
            noted: BTreeSet::new(),
            checkpoints: BTreeMap::new(),
            statics_cache: StaticsCache::default(),
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
        game.changed();
        let ids: Vec<String> = game.objects.iter().map(|o| o.id.clone()).collect();
        for id in ids {
            game.register_replacements(&id);
        }
        if let Err(e) = game.check_names(scenario) {
            errors.push(e);
        }
        for p in super::names::check_scenario(&game.profile, scenario) {
            if !p.warning {
                errors.push(SetupError {
                    message: p.message,
                    literal: p.literal,
                });
            }
        }
        (game, errors)
    }

    /// Every ability name gained or lost (by a card's effects or the script) must be defined:
    /// a typo would otherwise do nothing, silently.
    fn check_names(&self, scenario: &RulesScenario) -> Result<(), SetupError> {
        let mut named: Vec<String> = Vec::new();
        let note = |e: &Effect, named: &mut Vec<String>| {
            if let Effect::Grant(k) | Effect::Remove(k) = e {
                named.push(k.clone());
            }
        };
        let abilities = scenario
            .cards
            .values()
            .flat_map(|c| &c.abilities)
            .chain(self.keywords.iter().flat_map(|k| &k.abilities));
        for a in abilities {
            for e in &a.effects {
                e.visit(&mut |x| note(x, &mut named));
            }
        }
        for action in &scenario.script {
            match action {
                Action::Gain { ability, .. } | Action::Lose { ability, .. } => {
                    named.push(ability.clone());
                }
                Action::Apply { effects, .. } => {
                    for e in effects {
                        e.visit(&mut |x| note(x, &mut named));
                    }
                }
                _ => {}
            }
        }
        match named.into_iter().find(|n| !self.is_defined(n)) {
            Some(name) => Err(SetupError {
                message: format!(
                    "nothing defines the ability `{name}` that is gained or lost here: add a keyword of that name under `keywords`, or name an ability of a card `{name}`"
                ),
                literal: name,
            }),
            None => Ok(()),
        }
    }

    fn setup_player(&mut self, player: Player, setup: &PlayerSetup, errors: &mut Vec<SetupError>) {
        if let Some(champion) = &setup.champion {
            match self.create(champion, player, Zone::Champion) {
                Ok(id) => {
                    let printed = self
                        .obj(&id)
                        .map(|o| o.card.classes.clone())
                        .unwrap_or_default();
                    let classes = setup.classes.clone().unwrap_or(printed);
                    if let Some(level) = setup.level
                        && let Some(o) = self.obj_mut(&id)
                    {
                        o.card.stats.insert("level".to_owned(), level);
                    }
                    self.players[player.index()].champion = Some(id);
                    self.players[player.index()].classes = classes;
                }
                Err(e) => errors.push(e),
            }
        }
        // The city is set up below: its entries may name what they are attached to.
        let zones = setup
            .zone_lists()
            .into_iter()
            .filter(|(_, z)| *z != Zone::City);
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
            if let Some(obj) = self.obj_mut(&id) {
                obj.attached_to = attach;
                obj.entered_turn = 0;
            }
            self.arm_weapon(&id);
        }
    }

    /// Creates a card instance at setup; `wolf#2` is the second copy of card `wolf`.
    fn create(&mut self, instance: &str, owner: Player, zone: Zone) -> Result<String, SetupError> {
        let card_id = instance.split('#').next().unwrap_or(instance);
        let card = self.cards.get(card_id).cloned().ok_or_else(|| SetupError {
            message: format!("unknown card `{card_id}`: add it under `cards`"),
            literal: instance.to_owned(),
        })?;
        if self.obj(instance).is_some() {
            return Err(SetupError {
                message: format!(
                    "card instance `{instance}` is listed twice: name the second copy `{card_id}#2`"
                ),
                literal: instance.to_owned(),
            });
        }
        self.push_object(instance, card_id, card, owner, zone, false);
        Ok(instance.to_owned())
    }

    /// Creates a card instance by effect (a token or a summoned card) in the deck zone, ready
    /// to be moved where it goes. `Err` when the card id does not exist or the game is full.
    pub(crate) fn create_by_effect(
        &mut self,
        card_id: &str,
        owner: Player,
        token: bool,
    ) -> Result<String, Illegal> {
        let Some(card) = self.cards.get(card_id).cloned() else {
            return Err(Illegal(format!("no card `{card_id}` to create")));
        };
        if self.created >= CREATED_LIMIT {
            return Err(Illegal(format!(
                "effects have created {CREATED_LIMIT} cards in this game: no more are created: a loop?"
            )));
        }
        self.created += 1;
        let prefix = format!("{card_id}#t");
        let n = self
            .objects
            .iter()
            .filter_map(|o| o.id.strip_prefix(&prefix)?.parse::<usize>().ok())
            .max()
            .unwrap_or(0)
            + 1;
        let id = format!("{prefix}{n}");
        self.push_object(&id, card_id, card, owner, Zone::Deck, token);
        Ok(id)
    }

    fn push_object(
        &mut self,
        id: &str,
        card_id: &str,
        mut card: Card,
        owner: Player,
        zone: Zone,
        token: bool,
    ) {
        if card.id.is_empty() {
            card_id.clone_into(&mut card.id);
        }
        self.seq += 1;
        let entered = self.tick();
        self.changed();
        self.objects.push(Object {
            id: id.to_owned(),
            card,
            owner,
            zone,
            seq: self.seq,
            attached_to: None,
            wounds: 0,
            prevent: 0,
            permanent: Vec::new(),
            entered,
            entered_turn: 0,
            token,
            rested: false,
            counters: std::collections::BTreeMap::new(),
        });
    }

    // ----- small accessors -----

    /// The scenario's seeded generator, for effects that draw at random (same seed, same draws).
    pub fn rng_mut(&mut self) -> &mut SeededRng {
        &mut self.rng
    }

    pub(crate) fn obj(&self, id: &str) -> Option<&Object> {
        self.objects.iter().find(|o| o.id == id)
    }

    /// A card to change (the static effects are worked out again on the next reading).
    pub(crate) fn obj_mut(&mut self, id: &str) -> Option<&mut Object> {
        self.changed();
        self.objects.iter_mut().find(|o| o.id == id)
    }

    /// The resolved continuous effects, to change.
    pub(crate) fn effects_mut(&mut self) -> &mut Vec<ContinuousEffect> {
        self.changed();
        &mut self.effects
    }

    /// Something static abilities may read changed: forget the worked-out static effects.
    pub(crate) fn changed(&mut self) {
        self.statics_cache.clear();
    }

    pub(crate) fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    pub(crate) fn phase_name(&self) -> &str {
        self.profile
            .phases
            .get(self.phase)
            .map_or("", String::as_str)
    }

    /// The game profile this game follows.
    #[must_use]
    pub fn profile(&self) -> &GameProfile {
        &self.profile
    }

    pub(crate) fn player(&self, p: Player) -> &PlayerState {
        &self.players[p.index()]
    }

    pub(crate) fn player_mut(&mut self, p: Player) -> &mut PlayerState {
        self.changed();
        &mut self.players[p.index()]
    }

    /// Ids of a player's cards in a zone, in zone order (in a city: the cards they rule).
    pub(crate) fn zone_ids(&self, p: Player, zone: Zone) -> Vec<String> {
        self.read(|v| v.zone_ids(p, zone))
    }

    pub(crate) fn say(&mut self, line: impl Into<String>) {
        self.say_event(line);
    }

    /// Logs a line caused by the current context and returns its index. The first line of an
    /// action with no other cause is what the action's later lines answer.
    pub(crate) fn say_event(&mut self, line: impl Into<String>) -> u32 {
        let index = u32::try_from(self.log.len()).unwrap_or(u32::MAX);
        let phase = self.phase_name().to_owned();
        self.log.push(RulesEvent {
            turn: self.turn,
            text: format!("t{} {phase}: {}", self.turn, line.into()),
            phase,
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

    /// The player who lost, once one has: the game is over.
    #[must_use]
    pub fn loser(&self) -> Option<Player> {
        [Player::A, Player::B]
            .into_iter()
            .find(|p| self.lost[usize::from(*p == Player::B)])
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
}

fn empty_player(setup: &PlayerSetup) -> PlayerState {
    PlayerState {
        vitae: setup.vitae,
        resource: setup.resource,
        fealty: setup.fealty,
        champion: None,
        classes: setup.classes.clone().unwrap_or_default(),
        elements: setup.elements.clone(),
        next_card_less: Vec::new(),
    }
}

/// The profile a scenario names (a built-in one, or the file [`super::load_scenario_profile`]
/// read), else ChiAxis.
fn profile_of(scenario: &RulesScenario) -> Result<GameProfile, SetupError> {
    if let Some(p) = &scenario.profile_file {
        return Ok(p.clone());
    }
    let Some(name) = &scenario.profile else {
        return Ok(GameProfile::chiaxis());
    };
    if crate::model::profile::names_a_file(name) {
        return Err(SetupError {
            message: format!(
                "the profile file `{name}` was not read: the scenario was set up without its folder"
            ),
            literal: name.clone(),
        });
    }
    GameProfile::built_in(name).ok_or_else(|| SetupError {
        message: format!(
            "unknown game profile `{name}`{}: name a built-in one, {}, or a `.ron` file beside the scenario",
            super::names::did_you_mean(name, crate::model::profile::BUILT_IN_PROFILES),
            crate::model::profile::BUILT_IN_PROFILES.join(", ")
        ),
        literal: name.clone(),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_phases_constant_is_the_chiaxis_profiles() {
        assert_eq!(
            crate::model::GameProfile::chiaxis().phases,
            super::PHASES.map(String::from).to_vec()
        );
    }
}
