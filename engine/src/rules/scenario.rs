//! Rules scenario files: `RulesScenario(...)`, documented in `docs/formats/rules-scenario.md`.
//!
//! A scenario names its cards (inline, by id), each player's champion and zones, a script of
//! actions and, optionally, what the final state must show (`expect`), so a rules question is
//! a ten-line regression test.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::model::ability::Duration;
use crate::model::{Card, Effect, KeywordDef, Player};

/// A rules sandbox scenario.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesScenario {
    /// What the scenario shows (for a rules test: the rule number and the question).
    pub name: String,
    /// The rule text or example it checks, word for word where it comes from a seed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Seed for the scenario's random generator (kept for determinism; few effects use it).
    #[serde(default)]
    pub seed: u64,
    /// A content pack (folder, relative to this file) whose cards and keywords the scenario may
    /// name by id; inline `cards` and `keywords` override the pack's of the same id or name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<String>,
    /// The game profile whose rules the scenario follows: a built-in one by name (`"ChiAxis"`,
    /// `"Grand Archive"`) or a `.ron` file relative to this file. None: the pack's profile
    /// (`pack.ron`'s `profile`), else ChiAxis.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// The profile read from a file (`profile` naming a `.ron` file, or the pack's), filled
    /// by [`super::load_scenario_profile`]; never written.
    #[serde(skip)]
    pub profile_file: Option<crate::model::GameProfile>,
    /// Cards by id (the map key is the id).
    #[serde(default)]
    pub cards: BTreeMap<String, Card>,
    /// Keyword definitions cards may name (`"Flight"`, `"Ambush 2"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<KeywordDef>,
    /// Player A's starting state (A is the active player on turn 1).
    pub a: PlayerSetup,
    /// Player B's starting state.
    #[serde(default)]
    pub b: PlayerSetup,
    /// The phase the script starts in, one of the profile's (ChiAxis: `"dawn"`, `"main"`,
    /// `"dusk"` or `"end"`). Empty: the profile's `start_phase`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub phase: String,
    /// The actions, in order.
    #[serde(default)]
    pub script: Vec<Action>,
    /// What the final state must show (checked by `cargo test` and reported by the CLI).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expect: Vec<Expect>,
}

/// One player's starting state. Zones list card ids; a second copy of `wolf` is `wolf#2`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// The champion card id (its `stats["level"]` is the printed level, `classes` its classes,
    /// its name before the first comma its champion name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub champion: Option<String>,
    /// Classes, when they differ from the champion card's `classes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classes: Option<Vec<String>>,
    /// The champion's level at the start, when it differs from the card's printed level (a
    /// try-out at another level without editing the champion).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<i32>,
    /// Elements enabled for this player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub elements: Vec<String>,
    /// Vitae (life); default 20.
    #[serde(default = "default_vitae")]
    pub vitae: i32,
    /// Resource available to pay costs.
    #[serde(default)]
    pub resource: i32,
    /// Fealty available to pay costs.
    #[serde(default)]
    pub fealty: i32,
    /// Cards in hand, in order.
    #[serde(default)]
    pub hand: Vec<String>,
    /// Cards in the city (field), in order. `"sword@wolf"` is attached to `wolf`.
    #[serde(default)]
    pub city: Vec<String>,
    /// The deck, top first.
    #[serde(default)]
    pub deck: Vec<String>,
    /// The discard pile (graveyard).
    #[serde(default)]
    pub discard: Vec<String>,
    /// Memory.
    #[serde(default)]
    pub memory: Vec<String>,
    /// Banishment.
    #[serde(default)]
    pub banishment: Vec<String>,
    /// The den (ChiAxis).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub den: Vec<String>,
    /// The graveyard (where buried cards go).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub graveyard: Vec<String>,
    /// Cards of this player's lying in the ravine (shared by every ruler).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ravine: Vec<String>,
    /// Cards of this player's in the market (shared by every ruler).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub market: Vec<String>,
}

impl PlayerSetup {
    /// Each starting zone's list with its zone, hand first.
    #[must_use]
    pub fn zone_lists(&self) -> [(&Vec<String>, crate::model::Zone); 10] {
        use crate::model::Zone;
        [
            (&self.hand, Zone::Hand),
            (&self.city, Zone::City),
            (&self.deck, Zone::Deck),
            (&self.discard, Zone::Discard),
            (&self.memory, Zone::Memory),
            (&self.banishment, Zone::Banishment),
            (&self.den, Zone::Den),
            (&self.graveyard, Zone::Graveyard),
            (&self.ravine, Zone::Ravine),
            (&self.market, Zone::Market),
        ]
    }
}

impl Default for PlayerSetup {
    fn default() -> Self {
        Self {
            champion: None,
            classes: None,
            level: None,
            elements: Vec::new(),
            vitae: default_vitae(),
            resource: 0,
            fealty: 0,
            hand: Vec::new(),
            city: Vec::new(),
            deck: Vec::new(),
            discard: Vec::new(),
            memory: Vec::new(),
            banishment: Vec::new(),
            den: Vec::new(),
            graveyard: Vec::new(),
            ravine: Vec::new(),
            market: Vec::new(),
        }
    }
}

fn default_vitae() -> i32 {
    20
}

/// One scripted action. Cards are named by instance id (`wolf`, `wolf#2`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Play a card from hand: a beast is recruited, an item forged (`attach_to` a beast), a
    /// structure built (all enter the city at once); a spell or action goes on the stack.
    Play {
        /// Who plays it (needs priority).
        player: Player,
        /// The card instance in hand.
        card: String,
        /// Chosen targets (locked now).
        #[serde(default)]
        targets: Vec<String>,
        /// The mode chosen for a modal card, from 0 (locked now).
        #[serde(default)]
        mode: Option<usize>,
        /// For items and beasts: what it attaches to.
        #[serde(default)]
        attach_to: Option<String>,
    },
    /// Activate an ability of a card the player rules in their city (19.2).
    Activate {
        /// Who activates (needs priority).
        player: Player,
        /// The card.
        card: String,
        /// The ability's name, or its index from 0 as text (`"0"`).
        #[serde(default = "first_ability")]
        ability: String,
        /// Chosen targets (locked now).
        #[serde(default)]
        targets: Vec<String>,
        /// The mode chosen, from 0 (locked now).
        #[serde(default)]
        mode: Option<usize>,
        /// For a Ritual: the structure where it takes place (default: the first that qualifies).
        #[serde(default)]
        structure: Option<String>,
    },
    /// Declare an attack (games whose profile has combat rules): the turn player's awake unit
    /// attacks a unit the opponent rules. Both passing with an empty stack deals the damage.
    Attack {
        /// Who attacks (the turn player, with priority).
        player: Player,
        /// The attacking unit (an ally, or the champion).
        attacker: String,
        /// What it attacks.
        target: String,
        /// The weapon it attacks with (games whose combat rules have weapons: the champion's
        /// weapon on the field, whose power adds to the attack and which loses durability).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
    },
    /// Play an attack card from hand (games whose combat rules have attack cards): its cost is
    /// paid and the player's champion rests; when it resolves the champion attacks `target`
    /// with it (and with `weapon`, if named).
    PlayAttack {
        /// Who plays it (the turn player, with priority, in the combat phase).
        player: Player,
        /// The attack card in hand.
        card: String,
        /// What the champion attacks.
        target: String,
        /// A weapon used with the attack card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
    },
    /// The attacked unit rests to deal its power back to the attacker (retaliation).
    Retaliate(String),
    /// An awake unit with the profile's intercept keyword becomes the target of the attack in
    /// progress, in place of another unit its ruler rules (before any retaliation).
    Intercept(String),
    /// How `player` orders the cards of their next glimpse (given before it resolves): the
    /// cards back on top, top first, and those to the bottom. Every card looked at must be
    /// in one list; otherwise the order is refused and all stay on top as they were.
    Glimpse {
        /// Whose glimpse.
        player: Player,
        /// Back on top, the first on top.
        #[serde(default)]
        top: Vec<String>,
        /// To the bottom, in order (the last ends lowest).
        #[serde(default)]
        bottom: Vec<String>,
    },
    /// `player` removes counters of `kind` from their champion by the game's rule for them
    /// (the profile's counter `spend`: Grand Archive's three enlighten counters draw a card).
    /// Needs priority; it uses no stack.
    SpendCounters {
        /// Who.
        player: Player,
        /// The counter kind (`enlighten`).
        kind: String,
    },
    /// `player` answers their next "you may" (an optional payment as an effect resolves) with
    /// no; without it a player pays when able.
    Decline(Player),
    /// The player with priority passes it (both passing in a row resolves the top of the stack).
    Pass,
    /// Both players pass until the stack is empty (triggers that arrive meanwhile resolve too).
    ResolveAll,
    /// Go to the next phase (dawn, main, dusk, end, then the next turn's dawn). Needs an empty stack.
    Advance,
    /// Advance until this phase begins (at most one full turn ahead).
    AdvanceTo(String),
    /// The order in which a player's simultaneous triggers resolve (19.3a): `"card"` or
    /// `"card:ability name"`, first resolves first. Unnamed ones follow in listed order.
    OrderTriggers(Player, Vec<String>),
    /// A card gains an ability or keyword for a duration (19.1d).
    Gain {
        /// The card.
        card: String,
        /// The ability or keyword name (a keyword may carry a value: `"Armor 2"`).
        ability: String,
        /// How long (default: until the end of the game, 22.3a).
        #[serde(default)]
        duration: Duration,
    },
    /// A card loses every instance of an ability or keyword for a duration (19.1d).
    Lose {
        /// The card.
        card: String,
        /// The ability or keyword name.
        ability: String,
        /// How long (default: until the end of the game, 22.3a).
        #[serde(default)]
        duration: Duration,
    },
    /// Apply effects directly, as if an ability of the player's had resolved with these targets.
    Apply {
        /// Whose effect it is.
        player: Player,
        /// The targets (cards; empty means the player where effects take a player).
        #[serde(default)]
        targets: Vec<String>,
        /// What happens.
        effects: Vec<Effect>,
        /// How long continuous effects last (default: until the end of the game).
        #[serde(default)]
        duration: Duration,
    },
    /// Move a card to a zone (`"hand"`, `"city"`, `"den"`, `"deck"`, `"discard"`,
    /// `"graveyard"`, `"memory"`, `"banishment"`, or the shared `"ravine"` and `"market"`),
    /// owner's side. Into the city it enters play (triggers fire); out of it, it leaves play.
    Move {
        /// The card.
        card: String,
        /// The zone.
        to: String,
        /// In the city: the card it is attached to (a location for a beast, a beast for an
        /// item). A card already in the city just moves there.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attach_to: Option<String>,
    },
    /// A named event happens (cards with `Triggered(Named(..))` respond).
    Event(String),
    /// These cards are in the current skirmish (Battle abilities, 19.2b); empty ends it.
    Skirmish(Vec<String>),
    /// The targets a waiting trigger chooses as it goes on the stack (`"card"` or
    /// `"card: ability"`). Write it right after the action that sets the trigger off; a
    /// trigger nobody chooses for takes the first legal targets.
    ChooseTargets {
        /// The waiting trigger.
        trigger: String,
        /// Its targets.
        targets: Vec<String>,
    },
    /// How a ruler votes in the next conclave vote (19.2c); without a ballot a ruler votes
    /// for themselves.
    Ballot {
        /// Who votes.
        player: Player,
        /// The ruler they vote for.
        votes_for: Player,
    },
    /// The current season ends ("end of season" triggers, "until the end of the season"
    /// durations end) and the next begins. Needs an empty stack.
    EndSeason,
}

fn first_ability() -> String {
    "0".to_owned()
}

/// " targeting a, b (mode 2)": the choices of a play or activation, in words.
fn choices(targets: &[String], mode: Option<usize>) -> String {
    let mut out = String::new();
    if !targets.is_empty() {
        out.push_str(" targeting ");
        out.push_str(&targets.join(", "));
    }
    if let Some(m) = mode {
        out.push_str(" (mode ");
        out.push_str(&m.saturating_add(1).to_string());
        out.push(')');
    }
    out
}

/// One action in plain words, as the Rules tab lists a recorded script: `A plays wolf
/// targeting bear (mode 1)`.
impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Play {
                player,
                card,
                targets,
                mode,
                attach_to,
            } => {
                let onto = attach_to
                    .as_ref()
                    .map(|h| format!(" onto {h}"))
                    .unwrap_or_default();
                write!(
                    f,
                    "{player:?} plays {card}{onto}{}",
                    choices(targets, *mode)
                )
            }
            Self::Activate {
                player,
                card,
                ability,
                targets,
                mode,
                structure,
            } => {
                let at = structure
                    .as_ref()
                    .map(|s| format!(" at {s}"))
                    .unwrap_or_default();
                write!(
                    f,
                    "{player:?} activates {card}: {ability}{}{at}",
                    choices(targets, *mode)
                )
            }
            Self::Glimpse {
                player,
                top,
                bottom,
            } => {
                let names = |l: &[String]| {
                    if l.is_empty() {
                        "none".to_owned()
                    } else {
                        crate::wording::list(l)
                    }
                };
                write!(
                    f,
                    "{player:?} orders their next glimpse: {} on top, {} at the bottom",
                    names(top),
                    names(bottom)
                )
            }
            Self::Pass => f.write_str("pass priority"),
            Self::SpendCounters { player, kind } => {
                write!(f, "{player:?} removes {kind} counters from their champion")
            }
            Self::Decline(player) => write!(f, "{player:?} declines their next optional payment"),
            Self::Advance => f.write_str("advance the phase"),
            Self::AdvanceTo(phase) => write!(f, "advance to {phase}"),
            Self::ResolveAll => f.write_str("resolve the whole stack"),
            Self::OrderTriggers(player, order) => {
                write!(f, "{player:?} orders triggers: {}", order.join(", "))
            }
            Self::Gain { card, ability, .. } => write!(f, "{card} gains {ability}"),
            Self::Lose { card, ability, .. } => write!(f, "{card} loses {ability}"),
            Self::Apply {
                player,
                targets,
                effects,
                ..
            } => write!(
                f,
                "{player:?} applies {} effect(s){}",
                effects.len(),
                choices(targets, None)
            ),
            Self::Move {
                card,
                to,
                attach_to,
            } => {
                let onto = attach_to
                    .as_ref()
                    .map(|h| format!(" onto {h}"))
                    .unwrap_or_default();
                write!(f, "move {card} to {to}{onto}")
            }
            Self::Event(name) => write!(f, "the event {name} happens"),
            Self::Skirmish(cards) if cards.is_empty() => f.write_str("the skirmish ends"),
            Self::Skirmish(cards) => write!(f, "skirmish: {}", cards.join(", ")),
            Self::ChooseTargets { trigger, targets } => {
                write!(f, "{trigger} chooses{}", choices(targets, None))
            }
            Self::Ballot { player, votes_for } => write!(f, "{player:?} votes for {votes_for:?}"),
            Self::EndSeason => f.write_str("the season ends"),
            Self::Attack {
                player,
                attacker,
                target,
                weapon,
            } => {
                let with = weapon
                    .as_ref()
                    .map(|w| format!(" and {w}"))
                    .unwrap_or_default();
                write!(f, "{player:?} attacks {target} with {attacker}{with}")
            }
            Self::PlayAttack {
                player,
                card,
                target,
                weapon,
            } => {
                let with = weapon
                    .as_ref()
                    .map(|w| format!(" and {w}"))
                    .unwrap_or_default();
                write!(f, "{player:?} plays {card} to attack {target}{with}")
            }
            Self::Retaliate(unit) => write!(f, "{unit} retaliates"),
            Self::Intercept(unit) => write!(f, "{unit} intercepts"),
        }
    }
}

/// One thing the final state must show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Expect {
    /// A card's characteristic (`"ATK"`, `"life"`, `"INT"`, `"level"`) has this value.
    Stat(String, String, i32),
    /// A card has this ability or keyword.
    Has(String, String),
    /// A card does not have this ability or keyword.
    Lacks(String, String),
    /// A card is in this zone (`"hand"`, `"city"`, `"discard"`, `"stack"`, ...).
    Zone(String, String),
    /// A card has this many wounds.
    Wounds(String, i32),
    /// A player's vitae.
    Vitae(Player, i32),
    /// A player's resource left.
    Resource(Player, i32),
    /// A player's champion level, with modifiers.
    Level(Player, i32),
    /// How many cards a player has in a zone.
    ZoneSize(Player, String, usize),
    /// How many items are on the stack.
    Stack(usize),
    /// Who has priority.
    Priority(Player),
    /// The current phase.
    Phase(String),
    /// How many actions were refused (illegal activations, unpaid costs).
    Rejected(usize),
    /// Some log line contains this text.
    Log(String),
    /// No log line contains this text.
    NoLog(String),
    /// How many continuous effects from resolved abilities are active.
    ActiveEffects(usize),
    /// A player's fealty left.
    Fealty(Player, i32),
    /// What a card is attached to (`None`: nothing; a beast standing in the city itself).
    AttachedTo(String, Option<String>),
    /// Who rules a card (22.3).
    Ruler(String, Player),
    /// A card's element.
    Element(String, Option<String>),
    /// The stack, top first (what resolves first), each item by its label (`"wolf: Howl"`) or
    /// its card.
    StackOrder(Vec<String>),
    /// The current season (1 at the start).
    Season(u32),
    /// Whether a card is rested (it paid a REST cost and has not woken up yet).
    Rested(String, bool),
    /// How many counters of a kind are on a card (`Counters("squire", "buff", 2)`).
    Counters(String, String, i32),
    /// A weapon's durability now: its durability counters (`Durability("sword", 1)`); a card
    /// that is not a weapon fails it.
    Durability(String, i32),
    /// Whether a player has lost the game (Grand Archive: their champion died).
    Lost(Player, bool),
    /// A player's deck, top first, by instance id: its first cards (the rest are not checked).
    DeckTop(Player, Vec<String>),
    /// These hold right after the script's step `n` (actions count from 1; 0 is before the
    /// first), with waiting triggers on the stack: a before and after in one file.
    At(usize, Vec<Expect>),
}

#[cfg(test)]
mod action_words {
    use super::*;

    #[test]
    fn an_action_reads_in_plain_words() {
        let play = Action::Play {
            player: Player::A,
            card: "wolf".into(),
            targets: vec!["bear".into(), "hawk".into()],
            mode: Some(0),
            attach_to: Some("den".into()),
        };
        assert_eq!(
            play.to_string(),
            "A plays wolf onto den targeting bear, hawk (mode 1)"
        );
        assert_eq!(
            Action::Skirmish(Vec::new()).to_string(),
            "the skirmish ends"
        );
        let apply = Action::Apply {
            player: Player::B,
            targets: Vec::new(),
            effects: Vec::new(),
            duration: Duration::default(),
        };
        assert_eq!(apply.to_string(), "B applies 0 effect(s)");
        for action in [
            Action::Pass,
            Action::EndSeason,
            Action::AdvanceTo("dusk".into()),
        ] {
            let text = action.to_string();
            assert!(!text.contains(['(', '{', '"']), "{text}");
        }
    }
}
