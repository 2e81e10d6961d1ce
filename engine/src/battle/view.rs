//! Reading a battle: the board (each creature's effective stats and keywords), the outcome the
//! `battle --json` command prints, and human-readable text for events and their causes.

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use super::core::{Battle, Winner};
use super::event::{AbilitySource, AttackTarget, CreatureId, Event, EventKind, PlayFailure, Via};
use super::program::StatKind;
use super::state::NONE;
use super::stats::{StatPart, StatSource};

/// One creature on the board, as the sandbox shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatureView {
    /// Its id in this battle.
    pub id: CreatureId,
    /// Slot, from 1.
    pub slot: u8,
    /// Card id.
    pub card: String,
    /// Card name.
    pub name: String,
    /// Effective attack.
    pub attack: i32,
    /// Effective life.
    pub life: i32,
    /// Effective armor.
    pub armor: i32,
    /// Damage marked.
    pub damage: i32,
    /// Keywords it has now (printed, from artifacts, granted), as written: `"Armor 2"`.
    pub keywords: Vec<String>,
    /// Attached artifacts (card ids).
    pub artifacts: Vec<String>,
}

impl Battle {
    /// Each line, slot 1 first, empty slots left out: A's then B's.
    #[must_use]
    pub fn board(&self) -> [Vec<CreatureView>; 2] {
        let st = self.state();
        let p = self.program();
        [0u8, 1].map(|side| {
            st.line(side)
                .map(|id| {
                    let c = st.creature(id);
                    let card = &p.cards[c.card as usize];
                    let mut keywords = Vec::new();
                    c.each_keyword(p, |kw, value, _| {
                        let k = &p.keywords[kw as usize];
                        keywords.push(if k.has_param {
                            format!("{} {value}", k.name)
                        } else {
                            k.name.clone()
                        });
                    });
                    CreatureView {
                        id,
                        slot: c.slot + 1,
                        card: card.id.clone(),
                        name: card.name.clone(),
                        attack: c.attack(),
                        life: c.life(),
                        armor: c.armor(),
                        damage: c.damage,
                        keywords,
                        artifacts: c.artifacts[..c.artifact_count as usize]
                            .iter()
                            .map(|&a| p.cards[a as usize].id.clone())
                            .collect(),
                    }
                })
                .collect()
        })
    }

    /// The discard piles, card ids in arrival order: A's then B's.
    #[must_use]
    pub fn discard(&self) -> [Vec<String>; 2] {
        let p = self.program();
        [0, 1].map(|side| {
            self.state().discard[side]
                .iter()
                .map(|&(card, _)| p.cards[card as usize].id.clone())
                .collect()
        })
    }

    /// What `battle --json` prints, keys in the spec's order.
    #[must_use]
    pub fn outcome_json(&self) -> Value {
        let winner = match self.winner() {
            Some(Winner::A) => json!("A"),
            Some(Winner::B) => json!("B"),
            Some(Winner::Draw) => json!("draw"),
            _ => Value::Null,
        };
        let [a, b] = self.life();
        let line = |side: usize| -> Value {
            Value::Array(
                self.board()[side]
                    .iter()
                    .map(|c| {
                        let mut m = Map::new();
                        m.insert("slot".into(), json!(c.slot));
                        m.insert("card".into(), json!(c.card));
                        m.insert("attack".into(), json!(c.attack));
                        m.insert("life".into(), json!(c.life));
                        m.insert("damage".into(), json!(c.damage));
                        Value::Object(m)
                    })
                    .collect(),
            )
        };
        let [da, db] = self.discard();
        let mut totals = Map::new();
        totals.insert("a".into(), json!(a));
        totals.insert("b".into(), json!(b));
        let mut discard = Map::new();
        discard.insert("a".into(), json!(da));
        discard.insert("b".into(), json!(db));
        let mut m = Map::new();
        m.insert("winner".into(), winner);
        m.insert("turns".into(), json!(self.turn()));
        m.insert("life".into(), Value::Object(totals));
        m.insert("a".into(), line(0));
        m.insert("b".into(), line(1));
        m.insert("discard".into(), Value::Object(discard));
        Value::Object(m)
    }

    /// A creature's name with its owner: "A's Grunt".
    #[must_use]
    pub fn creature_name(&self, id: CreatureId) -> String {
        self.name_of(id, false)
    }

    /// A creature's name with its owner, and its number in this battle when another creature
    /// of that player has the same name, so two copies of a card can be told apart: "A's Grunt
    /// #3" beside "A's Grunt #5", but "A's Ogre" alone.
    #[must_use]
    pub fn creature_tag(&self, id: CreatureId) -> String {
        self.name_of(id, true)
    }

    fn name_of(&self, id: CreatureId, tagged: bool) -> String {
        if id == NONE {
            return "nobody".into();
        }
        let c = self.state().creature(id);
        let owner = if c.owner == 0 { "A" } else { "B" };
        let name = &self.program().cards[c.card as usize].name;
        let twin = tagged
            && self.state().creatures.iter().enumerate().any(|(other, o)| {
                other != id as usize
                    && o.owner == c.owner
                    && self.program().cards[o.card as usize].name == *name
            });
        if twin {
            format!("{owner}'s {name} #{id}")
        } else {
            format!("{owner}'s {name}")
        }
    }

    /// An ability's name: "Burst 1 of A's Bomber through Blade".
    #[must_use]
    pub fn ability_name(&self, a: &AbilitySource) -> String {
        self.ability_name_of(a, false)
    }

    fn ability_name_of(&self, a: &AbilitySource, tagged: bool) -> String {
        let k = &self.program().keywords[a.keyword as usize];
        let mut s = if k.has_param {
            format!("{} {}", k.name, a.value)
        } else {
            k.name.clone()
        };
        let _ = write!(s, " of {}", self.name_of(a.creature, tagged));
        match a.via {
            Via::Printed => {}
            Via::Artifact(card) => {
                let _ = write!(s, " through {}", self.program().cards[card as usize].name);
            }
            Via::Granted => s.push_str(", granted"),
        }
        s
    }

    /// What an event says, in plain English.
    #[must_use]
    pub fn describe(&self, event: &Event) -> String {
        self.describe_as(event, false)
    }

    /// [`Battle::describe`] with each creature's id ([`Battle::creature_tag`]): the sandbox's
    /// log, where two Training Dummies must be told apart.
    #[must_use]
    pub fn describe_tagged(&self, event: &Event) -> String {
        self.describe_as(event, true)
    }

    fn describe_as(&self, event: &Event, tagged: bool) -> String {
        let n = |id| self.name_of(id, tagged);
        let card = |c: u16| self.program().cards[c as usize].name.clone();
        match event.kind {
            EventKind::TurnBegan { turn } => format!("Turn {turn}"),
            EventKind::PhaseBegan { phase } => format!("{} phase", phase.name()),
            EventKind::Summoned {
                creature,
                slot,
                returned,
            } => {
                let how = if returned { "returns" } else { "enters" };
                format!("{} {how} in slot {slot}", n(creature))
            }
            EventKind::PlayFailed {
                player,
                card: c,
                reason,
            } => {
                let why = match reason {
                    PlayFailure::LineFull => "the line is full",
                    PlayFailure::NoTarget => "there is no creature in the target slot",
                    PlayFailure::Mindless => "the target is Mindless",
                    PlayFailure::TooManyArtifacts => "the target carries too many artifacts",
                };
                format!("{player:?} plays {}: nothing happens, {why}", card(c))
            }
            EventKind::ArtifactAttached { creature, artifact } => {
                format!("{} is attached to {}", card(artifact), n(creature))
            }
            EventKind::SpellCast { creature, spell } => {
                format!("{} is cast on {}", card(spell), n(creature))
            }
            EventKind::AbilityTriggered { .. } => match &event.cause.ability {
                Some(a) => format!("{} acts", self.ability_name_of(a, tagged)),
                None => "an ability acts".into(),
            },
            EventKind::Attack {
                attacker,
                target,
                second,
            } => {
                let again = if second { " again" } else { "" };
                match target {
                    AttackTarget::Creature(t) => format!("{} attacks {}{again}", n(attacker), n(t)),
                    AttackTarget::Player(p) => {
                        format!("{} attacks player {p:?}{again}", n(attacker))
                    }
                }
            }
            EventKind::AttackSkipped { creature } => {
                format!("{} cannot attack this turn", n(creature))
            }
            EventKind::Damage {
                source,
                target,
                amount,
                unmodified,
                attack,
            } => {
                let kind = if attack { "attack" } else { "ability" };
                let from = source
                    .map(|s| format!(" from {}", n(s)))
                    .unwrap_or_default();
                let mut s = format!("{} takes {amount} {kind} damage{from}", n(target));
                if unmodified != amount {
                    let _ = write!(s, ", {unmodified} before armor and prevention");
                }
                s
            }
            EventKind::DamageRedirected { from, to } => {
                format!("damage to {} goes to {} instead", n(from), n(to))
            }
            EventKind::PlayerDamaged {
                player,
                amount,
                life,
            } => {
                format!("player {player:?} takes {amount} damage, life now {life}")
            }
            EventKind::Healed { creature, amount } => format!("{} heals {amount}", n(creature)),
            EventKind::LifeGained {
                player,
                amount,
                life,
            } => {
                format!("player {player:?} gains {amount} life, life now {life}")
            }
            EventKind::StatChanged {
                creature,
                stat,
                amount,
            } => {
                format!(
                    "{} gets {amount:+} {} for good",
                    n(creature),
                    stat_name(stat)
                )
            }
            EventKind::KeywordGranted { creature, keyword } => {
                format!(
                    "{} gains {}",
                    n(creature),
                    self.program().keywords[keyword as usize].name
                )
            }
            EventKind::AttackPrevented { creature } => {
                format!("{} will not attack this turn", n(creature))
            }
            EventKind::MarkedForDestruction { creature } => format!("{} is doomed", n(creature)),
            EventKind::Destroyed {
                creature,
                slot,
                set_aside,
            } => {
                let to = if set_aside {
                    "is set aside"
                } else {
                    "goes to the discard pile"
                };
                format!("{} is destroyed in slot {slot} and {to}", n(creature))
            }
            EventKind::Removed { creature } => format!("{} leaves the line", n(creature)),
            EventKind::Moved { creature, from, to } => {
                format!("{} moves from slot {from} to slot {to}", n(creature))
            }
            EventKind::GapsClosed { player } => format!("player {player:?}'s line closes up"),
            EventKind::ArtifactDestroyed { creature, artifact } => {
                format!("{} on {} is destroyed", card(artifact), n(creature))
            }
            EventKind::Transformed { from, into } => format!("{} becomes {}", n(from), n(into)),
            EventKind::WillReturn { creature } => {
                format!("{} will return at the end of the turn", n(creature))
            }
            EventKind::Unsupported { creature } => {
                format!("{} has an effect the battle line does not run", n(creature))
            }
            EventKind::LoopLimit { resolutions } => {
                crate::core::LoopLimit { resolutions }.to_string()
            }
            EventKind::GameOver { winner, draw } => match (winner, draw) {
                (Some(p), _) => format!("game over: player {p:?} wins"),
                (None, true) => "game over: a draw".into(),
                (None, false) => "game over: no winner, the turn limit is reached".into(),
            },
        }
    }

    /// The event's cause in words: "because of Burst 1 of A's Bomber, after #12".
    #[must_use]
    pub fn describe_cause(&self, event: &Event) -> String {
        self.describe_cause_as(event, false)
    }

    /// [`Battle::describe_cause`] with creature ids, for the sandbox.
    #[must_use]
    pub fn describe_cause_tagged(&self, event: &Event) -> String {
        self.describe_cause_as(event, true)
    }

    fn describe_cause_as(&self, event: &Event, tagged: bool) -> String {
        let mut parts = Vec::new();
        if let Some(a) = &event.cause.ability {
            parts.push(format!("by {}", self.ability_name_of(a, tagged)));
        }
        if let Some(after) = event.cause.after {
            parts.push(format!("after #{after}"));
        }
        parts.join(", ")
    }

    /// A breakdown in words: "attack 5 = printed 3 + Incite of A's Drummer 2".
    #[must_use]
    pub fn describe_breakdown(&self, creature: CreatureId) -> String {
        let parts = self.stat_breakdown(creature);
        let mut out = String::new();
        for stat in [StatKind::Attack, StatKind::Life, StatKind::Armor] {
            let mine: Vec<&StatPart> = parts.iter().filter(|p| p.stat == stat).collect();
            let total: i32 = mine.iter().map(|p| p.amount).sum();
            let _ = write!(out, "{} {total} =", stat_name(stat));
            if mine.is_empty() {
                out.push_str(" 0");
            }
            for (i, part) in mine.iter().enumerate() {
                let from = match part.source {
                    StatSource::Printed => "printed".to_owned(),
                    StatSource::Permanent => "gained for good".to_owned(),
                    StatSource::Artifact(c) => self.program().cards[c as usize].name.clone(),
                    StatSource::Ability(a) => self.ability_name(&a),
                };
                let sep = if i == 0 { " " } else { " + " };
                let _ = write!(out, "{sep}{from} {}", part.amount);
            }
            out.push_str("; ");
        }
        out.trim_end_matches("; ").to_owned()
    }
}

fn stat_name(stat: StatKind) -> &'static str {
    match stat {
        StatKind::Attack => "attack",
        StatKind::Life => "life",
        StatKind::Armor => "armor",
    }
}
