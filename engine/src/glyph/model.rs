//! The glyph network file format, exactly as `docs/formats/glyph-network.md` fixes it.

use serde::{Deserialize, Serialize};

use crate::reflect::Reflect;

/// A network of glyphs with links, injected commands and scheduled moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlyphNetwork {
    /// What the network is.
    pub name: String,
    /// The run stops after this round at the latest.
    #[serde(
        default = "default_max_rounds",
        skip_serializing_if = "is_default_max_rounds"
    )]
    pub max_rounds: u32,
    /// The glyphs, in file order (the order they are handled in each round).
    pub glyphs: Vec<GlyphDef>,
    /// Links between glyphs, by id, as written.
    #[serde(default)]
    pub links: Vec<(String, String)>,
    /// Commands from outside (a creature, a GM).
    #[serde(default)]
    pub inject: Vec<Injection>,
    /// Scheduled moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<Move>,
    /// Things that happen to glyphs from outside besides commands: a creature or object sees
    /// or touches one, a letter is traced on one (project extension, optional).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<OutsideEvent>,
    /// What a run must do: the network as a scenario test (`sigilforge test`), e.g. the
    /// outcome a Glyphic Spell's description promises (project extension, optional).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expect: Vec<GlyphExpect>,
}

/// One expectation of a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GlyphExpect {
    /// In this round, this glyph has this effect: `Effect(4, "bell", "ring")`.
    Effect(u32, String, String),
    /// This glyph never has this effect.
    NoEffect(String, String),
    /// This glyph has this effect in exactly these rounds: `EffectRounds("door", "alarm", [4, 7])`.
    EffectRounds(String, String, Vec<u32>),
    /// In this round, this glyph receives this command, or notices this (`"<seen by a
    /// creature>"`, as the run's `noticed` writes it).
    Hears(u32, String, String),
    /// This glyph is dismissed during the run.
    Dismissed(String),
    /// The run ends this way: `"quiet"`, `"max_rounds"` or `"flood"`.
    Ends(String),
}

fn default_max_rounds() -> u32 {
    20
}
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_default_max_rounds(v: &u32) -> bool {
    *v == default_max_rounds()
}

/// One glyph.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlyphDef {
    /// Unique id within the network.
    pub id: String,
    /// Position in units (1u = Swinging Distance).
    pub pos: (f64, f64),
    /// Its glyph abilities, in listed order.
    #[serde(default)]
    pub abilities: Vec<GlyphAbility>,
    /// Built-in: a Free Reaction to this command dismisses the glyph.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dismiss_on: Option<String>,
    /// Built-in: a Free Reaction to this command disables it for N rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disable_on: Option<(String, u32)>,
    /// The colour it shines in when it sends (creator's choice), `"#rrggbb"` (project extension).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// A glyph with extent is a line from `pos` to `pos + extent` (a Strand: up to 4u long);
    /// links and breaks measure from the nearest point of the line. `None`: a point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extent: Option<(f64, f64)>,
    /// The state it starts in (e.g. `"locked"`); `SetState` changes it, `Reset` restores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
}

/// A glyph ability: on a trigger, at a time, do actions in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct GlyphAbility {
    /// The Glyph Command that triggers it; `"*"` is any command. Empty when `when` is set.
    #[reflect(label = "On command")]
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub on: String,
    /// A trigger other than a command (seen, touched, traced, linked, state changed…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<GlyphTrigger>,
    /// Reaction (costs the round's Beat), FreeReaction, or Action (after `delay` rounds).
    pub time: GlyphTime,
    /// Fires only while the glyph is in this state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub if_state: Option<String>,
    /// For an `Action`: how many rounds after its trigger it takes effect (0: at once).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub delay: u32,
    /// What it does, in order.
    pub does: Vec<GlyphAction>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_zero(v: &u32) -> bool {
    *v == 0
}

impl Default for GlyphAbility {
    fn default() -> Self {
        GlyphAbility {
            on: String::new(),
            when: None,
            time: GlyphTime::FreeReaction,
            if_state: None,
            delay: 0,
            does: Vec::new(),
        }
    }
}

/// `on: "*"`: the ability answers any Glyph Command.
pub const ANY_COMMAND: &str = "*";

/// When a glyph ability may fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum GlyphTime {
    /// Costs the glyph's one Beat of the round.
    Reaction,
    /// Costs nothing (what a new ability starts with).
    #[default]
    FreeReaction,
    /// A timed ability (Timer, Auto-Lock, Chatter): started by its trigger, costs no Beat and
    /// takes effect `delay` rounds later, without the glyph shining meanwhile.
    Action,
}

/// A trigger other than receiving a command.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Reflect)]
pub enum GlyphTrigger {
    /// Seen by a creature or an object (`Anything`: either).
    Seen(Perceiver),
    /// Touched by a creature or an object.
    Touched(Perceiver),
    /// This letter is traced on it.
    Traced(String),
    /// The letters traced on it since its last reset end with this passphrase (they are then
    /// cleared).
    Passphrase(String),
    /// A connection to it is made.
    Linked,
    /// A connection to it is broken (a move beyond 4u, the other glyph dismissed).
    Unlinked,
    /// Its own state changes (to anything).
    StateChanged,
    /// Its own state changes to this one.
    Became(String),
    /// Its counter reaches this value.
    CounterIs(i64),
    /// The network starts (round 1): a Timer set when it is cast.
    Created,
}

/// Who sees or touches a glyph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Reflect)]
pub enum Perceiver {
    /// A creature.
    Creature,
    /// An object.
    Object,
    /// A creature or an object (in a trigger only).
    Anything,
}

/// Something that happens to a glyph from outside, scheduled in the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutsideEvent {
    /// The round it happens (the glyph notices it in that round, like an injection).
    pub round: u32,
    /// The glyph.
    pub glyph: String,
    /// What happens.
    pub what: Outside,
}

/// What happens to a glyph from outside.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Outside {
    /// A creature or an object sees it.
    Seen(Perceiver),
    /// A creature or an object touches it.
    Touched(Perceiver),
    /// A letter is traced on it.
    Traced(String),
}

/// One thing a glyph ability does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum GlyphAction {
    /// Send a command: delivered next round to this glyph and every glyph linked to it then.
    Send(#[reflect(label = "Sends")] String),
    /// A named effect (ring, spikes).
    Effect(#[reflect(label = "Effect name")] String),
    /// Remove this glyph and its links at once.
    Dismiss,
    /// Disable this glyph for N rounds.
    Disable(#[reflect(label = "Rounds", min = 1)] u32),
    /// Put this glyph in a state (a change triggers its `StateChanged`/`Became` next round).
    SetState(#[reflect(label = "State")] String),
    /// Add to this glyph's counter (it starts at 0; reaching a value triggers `CounterIs`).
    Count(#[reflect(label = "Amount")] i64),
    /// Back to the state it started in, counter 0, traced letters forgotten.
    Reset,
    /// Connect to this glyph if it is within Swinging Distance (1u) of this one's extent.
    Connect(#[reflect(label = "Glyph")] String),
}

/// A command injected from outside.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Injection {
    /// The round it arrives.
    pub round: u32,
    /// The glyph it arrives at.
    pub glyph: String,
    /// The command.
    pub command: String,
}

/// A glyph moved in a round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The round it happens (before delivery).
    pub round: u32,
    /// Which glyph.
    pub glyph: String,
    /// Its new position.
    pub to: (f64, f64),
}

impl GlyphTime {
    /// The Time as the book writes it.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            GlyphTime::Reaction => "Reaction",
            GlyphTime::FreeReaction => "Free Reaction",
            GlyphTime::Action => "Action",
        }
    }
}

impl std::fmt::Display for Perceiver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Perceiver::Creature => "a creature",
            Perceiver::Object => "an object",
            Perceiver::Anything => "a creature or object",
        })
    }
}

impl std::fmt::Display for GlyphTrigger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GlyphTrigger::Seen(p) => write!(f, "seen by {p}"),
            GlyphTrigger::Touched(p) => write!(f, "touched by {p}"),
            GlyphTrigger::Traced(l) => write!(f, "\"{l}\" traced on it"),
            GlyphTrigger::Passphrase(p) => write!(f, "passphrase \"{p}\" traced"),
            GlyphTrigger::Linked => f.write_str("a connection made"),
            GlyphTrigger::Unlinked => f.write_str("a connection broken"),
            GlyphTrigger::StateChanged => f.write_str("its state changes"),
            GlyphTrigger::Became(s) => write!(f, "it becomes {s}"),
            GlyphTrigger::CounterIs(n) => write!(f, "its counter reaches {n}"),
            GlyphTrigger::Created => f.write_str("the network starts"),
        }
    }
}

impl std::fmt::Display for GlyphAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GlyphAction::Send(c) => write!(f, "Send(\"{c}\")"),
            GlyphAction::Effect(e) => write!(f, "Effect(\"{e}\")"),
            GlyphAction::Dismiss => f.write_str("Dismiss"),
            GlyphAction::Disable(n) => write!(f, "Disable({n})"),
            GlyphAction::SetState(s) => write!(f, "SetState(\"{s}\")"),
            GlyphAction::Count(n) => write!(f, "Count({n})"),
            GlyphAction::Reset => f.write_str("Reset"),
            GlyphAction::Connect(g) => write!(f, "Connect(\"{g}\")"),
        }
    }
}

impl GlyphAbility {
    /// Its Time in words, with the delay of a timed Action.
    #[must_use]
    pub fn time_text(&self) -> String {
        match self.time {
            GlyphTime::Action if self.delay > 0 => format!(
                "Action after {} round{}",
                self.delay,
                if self.delay == 1 { "" } else { "s" }
            ),
            t => t.label().to_owned(),
        }
    }
}

impl GlyphDef {
    /// The far end of its line, when it has extent.
    #[must_use]
    pub fn far_end(&self) -> Option<(f64, f64)> {
        self.extent
            .map(|(dx, dy)| (self.pos.0 + dx, self.pos.1 + dy))
    }
}

/// What a glyph can notice in a round: a command, or one of the other triggers' events.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stimulus {
    /// A Glyph Command.
    Command(String),
    /// Something from outside (seen, touched, a letter traced).
    Outside(Outside),
    /// A connection to this glyph was made.
    Linked,
    /// A connection to this glyph was broken.
    Unlinked,
    /// Its state became this one.
    State(String),
    /// Its counter reached this value.
    Counter(i64),
    /// The network started.
    Created,
}

impl std::fmt::Display for Outside {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outside::Seen(p) => write!(f, "seen by {p}"),
            Outside::Touched(p) => write!(f, "touched by {p}"),
            Outside::Traced(l) => write!(f, "\"{l}\" traced"),
        }
    }
}

impl std::fmt::Display for Stimulus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stimulus::Command(c) => f.write_str(c),
            Stimulus::Outside(o) => write!(f, "<{o}>"),
            Stimulus::Linked => f.write_str("<connection made>"),
            Stimulus::Unlinked => f.write_str("<connection broken>"),
            Stimulus::State(s) => write!(f, "<became {s}>"),
            Stimulus::Counter(n) => write!(f, "<counter {n}>"),
            Stimulus::Created => f.write_str("<network starts>"),
        }
    }
}

impl Stimulus {
    /// Whether it is a Glyph Command (what `received` lists) rather than another event.
    #[must_use]
    pub fn command(&self) -> Option<&str> {
        match self {
            Stimulus::Command(c) => Some(c),
            _ => None,
        }
    }
}

fn perceived(trigger: Perceiver, by: Perceiver) -> bool {
    trigger == Perceiver::Anything || by == Perceiver::Anything || trigger == by
}

impl GlyphAbility {
    /// Whether this ability answers `stimulus`, given the letters traced on the glyph so far
    /// (the new letter included). State guards (`if_state`) are checked by the run.
    #[must_use]
    pub fn answers(&self, stimulus: &Stimulus, traced: &str) -> bool {
        match (&self.when, stimulus) {
            (None, Stimulus::Command(c)) => self.on == *c || self.on == ANY_COMMAND,
            (Some(GlyphTrigger::Seen(p)), Stimulus::Outside(Outside::Seen(q)))
            | (Some(GlyphTrigger::Touched(p)), Stimulus::Outside(Outside::Touched(q))) => {
                perceived(*p, *q)
            }
            (Some(GlyphTrigger::Traced(l)), Stimulus::Outside(Outside::Traced(m))) => {
                l.eq_ignore_ascii_case(m)
            }
            (Some(GlyphTrigger::Passphrase(p)), Stimulus::Outside(Outside::Traced(_))) => {
                !p.is_empty() && traced.to_lowercase().ends_with(&p.to_lowercase())
            }
            (Some(GlyphTrigger::Linked), Stimulus::Linked)
            | (Some(GlyphTrigger::Unlinked), Stimulus::Unlinked)
            | (Some(GlyphTrigger::StateChanged), Stimulus::State(_))
            | (Some(GlyphTrigger::Created), Stimulus::Created) => true,
            (Some(GlyphTrigger::Became(s)), Stimulus::State(t)) => s == t,
            (Some(GlyphTrigger::CounterIs(n)), Stimulus::Counter(m)) => n == m,
            _ => false,
        }
    }
}

impl GlyphDef {
    /// Whether any of its abilities answers `stimulus` (an inner event is only delivered to a
    /// glyph that listens for it, so networks that never use them run as before).
    #[must_use]
    pub fn listens_for(&self, stimulus: &Stimulus) -> bool {
        self.abilities.iter().any(|a| a.answers(stimulus, ""))
            || matches!(stimulus, Stimulus::Command(c)
                if self.dismiss_on.as_deref() == Some(c.as_str())
                    || self.disable_on.as_ref().is_some_and(|(d, _)| d == c))
    }
}
