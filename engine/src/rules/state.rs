//! The sandbox's state: card objects in zones, continuous effects with timestamps, the effects
//! stack, replacement effects and delayed triggers.

use serde::Serialize;

use crate::model::ability::{Ability, Duration, Effect, Restriction, Stat, Trigger};
use crate::model::{Card, Player};

pub use crate::model::Zone;

/// One card in the game.
#[derive(Debug, Clone)]
pub struct Object {
    /// Instance id (`wolf`, `wolf#2`).
    pub id: String,
    /// The printed card.
    pub card: Card,
    /// Who owns it. Who rules it is the owner unless a change of control says otherwise
    /// ([`crate::rules::Game::ruler`]).
    pub owner: Player,
    /// Where it is.
    pub zone: Zone,
    /// Order within its zone (moves append).
    pub seq: u64,
    /// What it is attached to (items to beasts, beasts to structures).
    pub attached_to: Option<String>,
    /// Wounds (damage) marked on it.
    pub wounds: i32,
    /// Damage still to be prevented (`Prevent`): the next damage dealt to it is reduced by this
    /// much, and the shield by what it stopped, unless the damage is unpreventable.
    pub prevent: i32,
    /// Permanent stat changes (`ModifyPermanently`), by lower-case stat name.
    pub permanent: Vec<(String, i32)>,
    /// Timestamp of entering play: its static abilities' effects use it (22.3c).
    pub entered: u64,
    /// The turn it entered play.
    pub entered_turn: u32,
    /// A token (created by an effect): it ceases to exist when it leaves the city.
    pub token: bool,
    /// Rested (exhausted) to pay a REST cost: it cannot pay one again until it wakes up.
    pub rested: bool,
    /// Counters on it by kind (`buff`); what each does to stats is the profile's `counters`.
    pub counters: std::collections::BTreeMap<String, i32>,
}

/// What a continuous effect changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Change {
    /// Add to a stat (lower-case name).
    Modify(String, i32),
    /// Set a stat.
    Set(String, i32),
    /// Gain an ability or keyword (with its value, if any).
    Gain(String),
    /// Lose every instance of an ability or keyword.
    Lose(String),
    /// A rule of the game changes (applies to cards that arrive later too).
    Rule(String),
    /// The card is ruled by this player (22.3: a change of control).
    Control(Player),
    /// The card's element becomes this one.
    Element(String),
    /// The card has this ability as well (an ability written out in full, granted).
    GainAbility(Box<Ability>),
    /// Attacks by the card (or using it, for a weapon) can't be retaliated.
    NoRetaliation,
}

/// A continuous effect created by a resolution (22.3).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContinuousEffect {
    /// When it began: effects apply in this order (22.3c).
    pub timestamp: u64,
    /// The card (instance) whose ability created it, or `script`.
    pub source: String,
    /// The ability's name or a description of the source.
    pub source_name: String,
    /// Whose effect it is.
    pub controller: Player,
    /// What it changes.
    pub change: Change,
    /// The cards it affects, locked when it began (22.3b). Empty for rule changes.
    pub affected: Vec<String>,
    /// How long it lasts.
    pub duration: Duration,
    /// Turn ends left for `Turns(n)`.
    #[serde(skip)]
    pub turns_left: u32,
}

/// One ability prepared for the stack: modes chosen, static restrictions applied.
#[derive(Debug, Clone)]
pub struct Part {
    /// The ability (for its target, duration and subtype).
    pub ability: Ability,
    /// The effects, with static restrictions already applied and modes already chosen.
    pub effects: Vec<Effect>,
    /// The ability's in-line restrictions, checked at resolution (static ones stay behind).
    pub inline: Vec<Restriction>,
    /// The keyword's value, for `Amount::Value`.
    pub value: Option<i32>,
}

/// A chosen target and the zone it was in when chosen: if it has moved by resolution, it is
/// no longer a legal target and is skipped (22.1a).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    /// The card instance.
    pub card: String,
    /// Where it was.
    pub zone: Zone,
}

/// An ability or spell waiting on the stack.
#[derive(Debug, Clone)]
pub struct StackItem {
    /// What is shown in logs (`wolf: Howl`).
    pub label: String,
    /// Whose it is.
    pub controller: Player,
    /// The card it came from.
    pub source: String,
    /// What it does: one part for an ability, one per ability for a spell.
    pub parts: Vec<Part>,
    /// Targets chosen when it was put on the stack (for a trigger: before it goes there).
    pub targets: Vec<Chosen>,
    /// Whether its targets have been chosen (a trigger's are chosen as it goes on the stack).
    pub targets_chosen: bool,
    /// The card the triggering event was about.
    pub subject: Option<String>,
    /// A triggered ability (its controller passes priority after it resolves, 19.3a).
    pub triggered: bool,
    /// A spell or action card itself (moves to discard after resolving).
    pub card: Option<String>,
    /// Why it is here: the ability, and the log line that put it on the stack (or set it off).
    pub cause: super::event::RulesCause,
}

impl StackItem {
    /// The ability this item resolves, as a cause names it.
    #[must_use]
    pub fn ability(&self) -> super::event::RulesAbility {
        super::event::RulesAbility {
            card: self.source.clone(),
            label: self.label.clone(),
        }
    }
}

/// A replacement effect in force (22.4).
#[derive(Debug, Clone, Serialize)]
pub struct ActiveReplacement {
    /// Its identity while it is in force (uses are counted against it, and a replacement never
    /// applies to an event it produced itself).
    pub id: u64,
    /// When it resolved (or its source entered play): the latest applies (22.4c).
    pub timestamp: u64,
    /// The card it came from.
    pub source: String,
    /// Whose it is.
    pub controller: Player,
    /// The event it replaces.
    #[serde(skip)]
    pub replaces: Trigger,
    /// Skip, or instead do `effects`.
    #[serde(skip)]
    pub ability: Ability,
    /// Uses left (`None`: every time).
    pub uses_left: Option<u32>,
    /// The keyword's value, for `Amount::Value`.
    #[serde(skip)]
    pub value: Option<i32>,
    /// Cards it watches, locked when it resolved; `None`: read from its target when the event happens.
    pub watches: Option<Vec<String>>,
    /// Whether it comes from a card's own ability (it ends when the card leaves the zone it
    /// works from).
    pub permanent: bool,
}

/// A delayed trigger waiting for its moment (22.2a).
#[derive(Debug, Clone)]
pub struct DelayedTrigger {
    /// When it fires.
    pub when: Trigger,
    /// What then happens.
    pub effects: Vec<Effect>,
    /// Whose it is.
    pub controller: Player,
    /// The card that created it.
    pub source: String,
    /// The targets of the ability that created it.
    pub targets: Vec<String>,
}

/// One step of a characteristic's value: why it is what it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BreakdownStep {
    /// The effect's timestamp (0 for the printed value and permanent changes).
    pub timestamp: u64,
    /// Where the effect comes from (`wolf: Pack Howl`).
    pub source: String,
    /// What it does (`+1`, `set to 2`).
    pub change: String,
    /// The value after this step.
    pub value: i32,
}

/// A characteristic and the effects applied to it, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Breakdown {
    /// The card.
    pub card: String,
    /// The stat.
    pub stat: String,
    /// The printed value.
    pub printed: i32,
    /// Each change, in timestamp order.
    pub steps: Vec<BreakdownStep>,
    /// The final value.
    pub value: i32,
}

/// One ability a card has now, with the keyword value it carries.
#[derive(Debug, Clone)]
pub struct AbilityEntry {
    /// The ability or keyword name (`Flight`, `Howl`, or `#2` for an unnamed ability).
    pub label: String,
    /// The ability.
    pub ability: Ability,
    /// The keyword's value (`Armor 2` → 2).
    pub value: Option<i32>,
}

pub use crate::model::profile::stat_key;

/// The canonical name of a model stat.
#[must_use]
pub fn stat_name(stat: &Stat) -> String {
    match stat {
        Stat::Attack => "atk".into(),
        Stat::Life => "life".into(),
        Stat::Armor => "armor".into(),
        Stat::Named(n) => stat_key(n),
    }
}

/// An attack in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Combat {
    /// The attacking unit.
    pub(crate) attacker: String,
    /// Its target.
    pub(crate) target: String,
    /// Whose attack it is.
    pub(crate) player: Player,
    /// Whether the target rested to retaliate.
    pub(crate) retaliating: bool,
    /// The weapon the attacker uses (its power adds to the attack; it loses durability).
    pub(crate) weapon: Option<String>,
    /// The attack card that is the attack (in the champion's intent until the combat ends).
    pub(crate) attack_card: Option<String>,
}

/// An attack card on the stack, waiting to resolve into its attack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AttackPlay {
    /// The attack card.
    pub(crate) card: String,
    /// The unit that will attack (the player's champion).
    pub(crate) attacker: String,
    /// What it will attack.
    pub(crate) target: String,
    /// The weapon used with it, if any.
    pub(crate) weapon: Option<String>,
    /// Whose attack it is.
    pub(crate) player: Player,
}

/// What a resolving ability's keyword actions did, for the lines after them.
#[derive(Debug, Clone, Default)]
pub struct ThisWay {
    /// The cards revealed (`Reveal`), in order.
    pub revealed: Vec<String>,
    /// How many cards were sacrificed (`Sacrifice`).
    pub sacrificed: i32,
    /// The targets chosen for the card being played or the ability resolving, which
    /// `Targets` conditions read.
    pub targets: Vec<String>,
}

/// A player's choice for their next glimpse: which looked-at cards go back on top (first is
/// the new top) and which go to the bottom (first goes first, the last ends at the bottom).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlimpseOrder {
    /// Whose glimpse.
    pub player: crate::model::Player,
    /// Back on top, top first.
    pub top: Vec<String>,
    /// To the bottom, in order.
    pub bottom: Vec<String>,
}
