//! A game profile (`GameProfile(...)`): the rules that differ between card games, as data a
//! designer writes. Which zones the game has and what it calls them, where a card goes when it
//! resolves, is destroyed or discarded, the phases of a turn, who gets priority after a
//! trigger resolves, whether an item must be attached to a beast for its enter-play abilities,
//! the stat names, the rule changes the engine knows and which restriction kinds the game
//! prints. The rules sandbox, validation and generated text read the profile; nothing about
//! one game is wired into the engine where a profile can say it.
//!
//! Two profiles ship built in (`ChiAxis`, `Grand Archive`: [`GameProfile::built_in`]); a
//! designer's own game is a `.ron` file beside its scenarios.

use serde::{Deserialize, Serialize};

use super::ability::Trigger;
use super::card::CardKind;
use super::zone::Zone;
use crate::reflect::Reflect;

/// The rules of one game that the engine reads instead of hard-wiring them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields, rename = "GameProfile")]
pub struct GameProfile {
    /// The game's name (`"Grand Archive"`).
    pub name: String,
    /// The phases of a turn, in order (`["dawn", "main", "dusk", "end"]`). Phases named in
    /// costs, durations, triggers and scenarios must be one of these.
    pub phases: Vec<String>,
    /// The phase a scenario starts in when it names none.
    pub start_phase: String,
    /// The zones this game has, each with the game's word for it. A card, effect or scenario
    /// naming a zone not listed here is a validation error.
    pub zones: Vec<ZoneName>,
    /// Where an action or spell goes once it has resolved.
    pub resolved_to: Zone,
    /// Where a destroyed card goes.
    pub destroyed_to: Zone,
    /// Where a discarded card goes.
    pub discarded_to: Zone,
    /// Where a buried card goes (`Bury`).
    pub buried_to: Zone,
    /// Who gets priority after a triggered ability resolves.
    pub priority_after_trigger: PriorityAfterTrigger,
    /// The phase in which the turn player's rested cards wake up (Grand Archive: wake up).
    /// None: rested cards wake up as their controller's turn begins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[reflect(phase)]
    pub wake_phase: Option<String>,
    /// Whether an item's enter-play abilities need it attached to a beast in play (ChiAxis
    /// 19.3c: "forged and attached to a beast"). Off: an item's abilities happen wherever it
    /// entered (a Grand Archive weapon).
    #[serde(default)]
    pub item_needs_beast: bool,
    /// The stats the game prints, with its words for them (`attack` → `POWER`).
    #[serde(default)]
    pub stats: Vec<StatName>,
    /// The game's word for the damage marked on a card, as the Rules board shows it (ChiAxis:
    /// wounds, "2 wounds"). None: damage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_word: Option<String>,
    /// The game's verb for having a card under one's command, as generated text says it
    /// ("allies you control", "an opponent controls"; Grand Archive: control). None: rule
    /// (ChiAxis: "beasts you rule").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control_word: Option<String>,
    /// The game's word for a player's life total, as in "gain 2 vitae" (ChiAxis: vitae).
    #[serde(default = "vitae")]
    pub player_life: String,
    /// The game's words for triggers, printed before the colon (`Summoned` → `On Enter`).
    /// A trigger with none reads in plain words ("When this enters play").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trigger_words: Vec<TriggerWord>,
    /// The restriction kinds the game prints (`Level`, `Class`, `Memory`, `Element`,
    /// `Champion`); an ability using another is a validation error.
    #[serde(default)]
    pub restriction_kinds: Vec<String>,
    /// The rule changes (`ChangeRule("NoWounds")`) this game's cards may name; each must be
    /// one the engine knows ([`KNOWN_RULE_CHANGES`]).
    #[serde(default)]
    pub rule_changes: Vec<String>,
    /// The counters cards may carry and what each does to stats (Grand Archive: a buff counter
    /// gives +1 POWER and +1 LIFE). A counter kind not listed here is a validation error.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counters: Vec<CounterKind>,
    /// The phase in which the turn player plays a Slow card, with an empty stack (Grand
    /// Archive: main). None: the game has no card speed; a card's `speed` is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slow_phase: Option<String>,
    /// Whether a card's element must be enabled for its player to play it, and the elements
    /// every player has (Grand Archive: `Some(["Norm"])`). None: elements never stop a play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_elements: Option<Vec<String>>,
    /// How attacks work; none: the game has no attacks (ChiAxis fights on the battle line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<CombatRules>,
    /// The keyword actions this game's cards may use (`Glimpse`, `DrawIntoMemory`, `Recover`,
    /// `Empower`, `Reveal`, `LevelUp`, `Sacrifice`: [`KEYWORD_ACTIONS`]); an effect using
    /// another is a validation error.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keyword_actions: Vec<String>,
    /// Where a sacrificed card goes. None: where destroyed cards go.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sacrificed_to: Option<Zone>,
    /// What `LevelUp` does: the champion's level rises for good by this much. None: the game
    /// has no level up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level_up: Option<i32>,
    /// Whether a champion whose damage reaches its life dies and its player loses the game
    /// (Grand Archive). Off: a champion's damage never ends the game.
    #[serde(default, skip_serializing_if = "crate::model::is_default")]
    pub champion_dies: bool,
    /// The card kinds destroyed when their damage (wounds) reaches their life (ChiAxis's beasts
    /// and creatures, Grand Archive's allies, and tokens). A kind left out never dies of
    /// damage: a Grand Archive champion is not destroyed, its player loses (`champion_dies`).
    #[serde(default = "dies_of_damage")]
    pub destroyed_by_damage: Vec<CardKind>,
    /// Keywords that keep a card from being chosen as a target, and by what (Grand Archive's
    /// omnishroud: no activation and no trigger may target it; attacks still may).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shrouds: Vec<Shroud>,
}

/// A keyword that keeps its card from being targeted by some kinds of choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct Shroud {
    /// The keyword, as cards name it (`Omnishroud`; any case).
    pub keyword: String,
    /// What may not target a card with it.
    pub from: Vec<TargetedBy>,
}

/// What chooses a target: the kinds a [`Shroud`] keeps away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum TargetedBy {
    /// Playing a card, or activating an ability (Grand Archive: both are activations).
    Activations,
    /// A triggered ability choosing its targets as it goes on the stack.
    Triggers,
}

/// The kinds that die of damage unless a profile says otherwise.
fn dies_of_damage() -> Vec<CardKind> {
    vec![
        CardKind::Beast,
        CardKind::Creature,
        CardKind::Ally,
        CardKind::Token,
    ]
}

/// A kind of counter and what each one does to stats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct CounterKind {
    /// Its name as cards print it (`buff`).
    pub name: String,
    /// What each counter adds to the card's stats.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stats: Vec<CounterStat>,
    /// A rule of the game for these counters on a champion: its player may remove `count` of
    /// them for `effects` (Grand Archive: three enlighten counters draw a card).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spend: Option<CounterSpend>,
}

/// What a player may remove counters from their champion for, whenever they have priority
/// (a game rule, not an ability: it uses no stack and nothing can respond to it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct CounterSpend {
    /// How many counters are removed at a time.
    #[reflect(min = 1)]
    pub count: u32,
    /// What then happens, for the player (`Draw(Fixed(1))`).
    pub effects: Vec<super::ability::Effect>,
}

/// One stat a counter changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct CounterStat {
    /// The stat (`attack`, `life`, or a named one).
    pub stat: String,
    /// How much each counter adds.
    pub by: i32,
}

/// How a unit attacks in a game: when attacks are declared, whether the attacked unit can
/// answer, and what forces the choice of target (Grand Archive's combat phase).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct CombatRules {
    /// The phase in which the turn player declares attacks, with an empty stack.
    pub phase: String,
    /// Whether an awake attacked unit may rest to retaliate: deal its power to the attacker
    /// when the attack deals its damage.
    #[serde(default)]
    pub retaliation: bool,
    /// The keyword that makes its holder the only legal target of attacks while its ruler has
    /// one in play (Grand Archive: `Taunt`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taunt: Option<String>,
    /// The keyword that lets an awake unit step in front of an attack on another unit its
    /// ruler rules: it becomes the attack's new target (Grand Archive: `Intercept`). None: no
    /// attack changes target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intercept: Option<String>,
    /// The card kinds that are units: they attack and are attacked. Empty: allies, champions,
    /// beasts, creatures and tokens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<CardKind>,
    /// The stat a unit attacks and retaliates with (`attack`, the game's POWER).
    #[serde(default = "attack", skip_serializing_if = "is_attack")]
    pub power: String,
    /// Weapons (Grand Archive): objects on the field a unit attacks with, adding their power to
    /// the attack and losing durability each time. None: the game has no weapons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapons: Option<WeaponRules>,
    /// Attack cards (Grand Archive): cards played from hand that become the champion's attack,
    /// adding their power to it. None: the game has no attack cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack_cards: Option<AttackCardRules>,
}

/// Which cards are of a type the combat rules give a meaning to: a card kind, and the subtype
/// (one of the card's `tribes`) that marks it, if the kind alone does not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct CardType {
    /// The card kind (Grand Archive's weapons are `Item`s, its attack cards `Action`s).
    pub kind: CardKind,
    /// The type word among the card's tribes (`Weapon`, `Attack`), any case. None: every card
    /// of the kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtype: Option<String>,
}

impl CardType {
    /// Whether a card of this kind and these tribes is of this type.
    #[must_use]
    pub fn matches(&self, kind: CardKind, tribes: &[String]) -> bool {
        kind == self.kind
            && self
                .subtype
                .as_ref()
                .is_none_or(|s| tribes.iter().any(|t| t.eq_ignore_ascii_case(s)))
    }
}

/// How weapons work: which cards they are, who may use them, what their durability is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct WeaponRules {
    /// Which cards are weapons.
    pub card: CardType,
    /// The unit kinds that may attack with a weapon (Grand Archive: champions; allies can't).
    pub users: Vec<CardKind>,
    /// The stat printed as the weapon's durability (`durability`, the card's `life`): it enters
    /// the field with that many of `counter`.
    pub durability: String,
    /// The counter kind that is a weapon's durability now (`durability`); one comes off each
    /// time the weapon is used in an attack's damage step, and at none it is destroyed.
    pub counter: String,
    /// Whether using a weapon in an attack rests it (so an awake weapon is needed).
    #[serde(default)]
    pub rests: bool,
}

/// How attack cards work: which cards they are and where they go after their combat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct AttackCardRules {
    /// Which cards are attack cards.
    pub card: CardType,
    /// Where an attack card goes once its combat ends (or if its attack fizzles).
    pub after_combat: Zone,
}

fn attack() -> String {
    "attack".to_owned()
}

fn is_attack(s: &str) -> bool {
    s == "attack"
}

/// The unit kinds of a game whose combat rules name none.
pub const DEFAULT_UNITS: [CardKind; 5] = [
    CardKind::Ally,
    CardKind::Champion,
    CardKind::Beast,
    CardKind::Creature,
    CardKind::Token,
];

impl CombatRules {
    /// The keywords these rules give a meaning to (taunt, intercept), as the profile names them.
    pub fn keywords(&self) -> impl Iterator<Item = &str> {
        [self.taunt.as_deref(), self.intercept.as_deref()]
            .into_iter()
            .flatten()
    }

    /// Whether a card is a weapon under these rules.
    #[must_use]
    pub fn is_weapon(&self, kind: CardKind, tribes: &[String]) -> bool {
        self.weapons
            .as_ref()
            .is_some_and(|w| w.card.matches(kind, tribes))
    }

    /// Whether a card is an attack card under these rules.
    #[must_use]
    pub fn is_attack_card(&self, kind: CardKind, tribes: &[String]) -> bool {
        self.attack_cards
            .as_ref()
            .is_some_and(|a| a.card.matches(kind, tribes))
    }

    /// Whether a card of this kind is a unit (it attacks and can be attacked).
    #[must_use]
    pub fn is_unit(&self, kind: CardKind) -> bool {
        if self.units.is_empty() {
            DEFAULT_UNITS.contains(&kind)
        } else {
            self.units.contains(&kind)
        }
    }
}

/// A zone and the game's word for it (`City` → `"field"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct ZoneName {
    /// Which zone.
    pub zone: Zone,
    /// What the game calls it (shown in logs and text; accepted in scenarios).
    pub name: String,
}

/// A stat and the game's word for it (`attack` → `POWER`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct StatName {
    /// The stat as the model names it: `attack`, `life`, `armor`, or a named stat (`INT`).
    pub stat: String,
    /// The game's word, as printed (`POWER`, `ATK`).
    pub name: String,
}

/// A trigger and the game's word for it (`Summoned` → `On Enter`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct TriggerWord {
    /// Which trigger.
    pub trigger: Trigger,
    /// The game's word, as printed before the colon.
    pub word: String,
}

/// Who gets priority after a triggered ability resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum PriorityAfterTrigger {
    /// The trigger's controller passes it: their opponent gets it (ChiAxis 19.3a).
    #[default]
    ControllersOpponent,
    /// The turn player gets it, as after any other resolution (Grand Archive).
    TurnPlayer,
}

/// The rule changes the rules sandbox carries out (`ChangeRule(name)`).
pub const KNOWN_RULE_CHANGES: [&str; 1] = ["NoWounds"];

/// The restriction kinds the model has (`RestrictionKind`'s variants).
pub const RESTRICTION_KINDS: [&str; 7] = [
    "Level", "Class", "Memory", "Element", "Champion", "Damage", "Counters",
];

/// The keyword actions the model has (the `Effect` variants a profile must allow).
pub const KEYWORD_ACTIONS: [&str; 7] = [
    "Glimpse",
    "DrawIntoMemory",
    "Recover",
    "Empower",
    "Reveal",
    "LevelUp",
    "Sacrifice",
];

const CHIAXIS: &str = include_str!("../../profiles/chiaxis.ron");
const GRAND_ARCHIVE: &str = include_str!("../../profiles/grand_archive.ron");

fn vitae() -> String {
    "vitae".to_owned()
}

/// The names the built-in profiles are chosen by (a scenario's `profile`).
pub const BUILT_IN_PROFILES: [&str; 2] = ["ChiAxis", "Grand Archive"];

impl GameProfile {
    /// The counter kind named `name` (any case).
    #[must_use]
    pub fn counter(&self, name: &str) -> Option<&CounterKind> {
        self.counters
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// A built-in profile by name, any case, spaces, `-` and `_` alike (`"grand-archive"`).
    #[must_use]
    pub fn built_in(name: &str) -> Option<GameProfile> {
        let key = |s: &str| {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect::<String>()
        };
        let text = match key(name).as_str() {
            "chiaxis" => CHIAXIS,
            "grandarchive" => GRAND_ARCHIVE,
            _ => return None,
        };
        ron::from_str(text).ok()
    }

    /// The profile used where none is named: ChiAxis, the game the rules sandbox began with.
    #[must_use]
    pub fn chiaxis() -> GameProfile {
        Self::built_in("ChiAxis").unwrap_or_else(Self::fallback)
    }

    /// Only reached if the embedded ChiAxis file stopped parsing (a test checks it parses).
    fn fallback() -> GameProfile {
        GameProfile {
            name: "ChiAxis".into(),
            phases: ["dawn", "main", "dusk", "end"].map(String::from).to_vec(),
            start_phase: "main".into(),
            zones: Zone::ALL
                .into_iter()
                .map(|zone| ZoneName {
                    zone,
                    name: zone.name().to_owned(),
                })
                .collect(),
            resolved_to: Zone::Discard,
            destroyed_to: Zone::Discard,
            discarded_to: Zone::Discard,
            buried_to: Zone::Graveyard,
            priority_after_trigger: PriorityAfterTrigger::ControllersOpponent,
            wake_phase: None,
            item_needs_beast: true,
            stats: Vec::new(),
            damage_word: Some("wounds".into()),
            control_word: None,
            player_life: vitae(),
            trigger_words: Vec::new(),
            restriction_kinds: Vec::new(),
            counters: Vec::new(),
            slow_phase: None,
            free_elements: None,
            combat: None,
            rule_changes: KNOWN_RULE_CHANGES.map(String::from).to_vec(),
            keyword_actions: Vec::new(),
            sacrificed_to: None,
            level_up: None,
            champion_dies: false,
            destroyed_by_damage: dies_of_damage(),
            shrouds: Vec::new(),
        }
    }

    /// The game's verb for controlling a card (`rule` unless the profile names one).
    #[must_use]
    pub fn control_word(&self) -> &str {
        self.control_word.as_deref().unwrap_or("rule")
    }

    /// The keyword of a [`Shroud`] that keeps a card with these abilities from being targeted
    /// `by` this kind of choice, if it has one.
    #[must_use]
    pub fn shroud_against(&self, by: TargetedBy, has: impl Fn(&str) -> bool) -> Option<&str> {
        self.shrouds
            .iter()
            .filter(|s| s.from.contains(&by))
            .map(|s| s.keyword.as_str())
            .find(|k| has(k))
    }

    /// The game's word for damage marked on a card (`damage` unless the profile names one).
    #[must_use]
    pub fn damage_word(&self) -> &str {
        self.damage_word.as_deref().unwrap_or("damage")
    }

    /// The index of a phase, any case.
    #[must_use]
    pub fn phase_index(&self, name: &str) -> Option<usize> {
        self.phases
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
    }

    /// Whether the game has this zone (the stack always exists: cards are played through it).
    #[must_use]
    pub fn has_zone(&self, zone: Zone) -> bool {
        zone == Zone::Stack || self.zones.iter().any(|z| z.zone == zone)
    }

    /// The game's word for a zone (the model's name when the profile gives none).
    #[must_use]
    pub fn zone_name(&self, zone: Zone) -> &str {
        self.zones
            .iter()
            .find(|z| z.zone == zone)
            .map_or(zone.name(), |z| z.name.as_str())
    }

    /// A zone by the game's word for it or the model's name, any case.
    #[must_use]
    pub fn parse_zone(&self, name: &str) -> Option<Zone> {
        let name = name.trim();
        self.zones
            .iter()
            .find(|z| z.name.eq_ignore_ascii_case(name))
            .map(|z| z.zone)
            .or_else(|| Zone::parse(name))
    }

    /// The game's word for a stat (by the model's name or key, any case), if it has one.
    #[must_use]
    pub fn stat_word(&self, stat: &str) -> Option<&str> {
        let key = stat_key(stat);
        self.stats
            .iter()
            .find(|s| stat_key(&s.stat) == key)
            .map(|s| s.name.as_str())
    }

    /// The game's word for a trigger (`On Enter`), if it has one.
    #[must_use]
    pub fn trigger_word(&self, trigger: &Trigger) -> Option<&str> {
        self.trigger_words
            .iter()
            .find(|w| w.trigger == *trigger)
            .map(|w| w.word.as_str())
    }

    /// Whether the game prints this restriction kind (`"Level"`).
    #[must_use]
    pub fn allows_restriction(&self, kind: &str) -> bool {
        self.restriction_kinds
            .iter()
            .any(|k| k.eq_ignore_ascii_case(kind))
    }

    /// Whether the game has this keyword action (`"Glimpse"`).
    #[must_use]
    pub fn allows_keyword_action(&self, name: &str) -> bool {
        self.keyword_actions
            .iter()
            .any(|k| k.eq_ignore_ascii_case(name))
    }

    /// Where a sacrificed card goes: the profile's `sacrificed_to`, else where destroyed
    /// cards go.
    #[must_use]
    pub fn sacrificed_zone(&self) -> Zone {
        self.sacrificed_to.unwrap_or(self.destroyed_to)
    }

    /// Whether a card of this game may name this rule change.
    #[must_use]
    pub fn allows_rule_change(&self, name: &str) -> bool {
        self.rule_changes.iter().any(|r| r == name)
    }
}

/// Whether a profile name names a file (`tidecallers.ron`) rather than a built-in profile.
#[must_use]
pub fn names_a_file(name: &str) -> bool {
    std::path::Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}

/// The canonical name of a stat: `atk`, `life`, `level`, or the lower-cased name.
#[must_use]
pub fn stat_key(name: &str) -> String {
    match name.to_ascii_lowercase().as_str() {
        "atk" | "attack" | "power" => "atk".into(),
        "life" | "health" | "durability" => "life".into(),
        "lv" | "level" => "level".into(),
        other => other.to_owned(),
    }
}

impl Default for GameProfile {
    fn default() -> Self {
        Self::chiaxis()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_profiles_parse_and_are_found_by_any_spelling() {
        for name in BUILT_IN_PROFILES {
            let p = GameProfile::built_in(name).expect(name);
            assert_eq!(p.name, name);
            assert!(p.phase_index(&p.start_phase).is_some(), "{name}");
        }
        assert!(GameProfile::built_in("grand-archive").is_some());
        assert!(GameProfile::built_in("grand_archive").is_some());
        assert!(GameProfile::built_in("magic").is_none());
        assert_eq!(GameProfile::chiaxis().name, GameProfile::fallback().name);
    }

    #[test]
    fn grand_archive_names_the_city_field_and_sends_everything_to_the_graveyard() {
        let ga = GameProfile::built_in("Grand Archive").unwrap();
        assert_eq!(ga.zone_name(Zone::City), "field");
        assert_eq!(ga.parse_zone("Field"), Some(Zone::City));
        assert_eq!(ga.destroyed_to, Zone::Graveyard);
        assert_eq!(ga.resolved_to, Zone::Graveyard);
        assert_eq!(ga.discarded_to, Zone::Graveyard);
        assert!(!ga.has_zone(Zone::Den));
        assert_eq!(ga.stat_word("attack"), Some("POWER"));
        assert!(ga.allows_restriction("level"));
    }
}
