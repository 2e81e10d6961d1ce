//! The event log: every resolution step is an [`Event`] with its [`Cause`] (which ability of which
//! creature, in reply to which earlier event). Events are small `Copy` values; names are looked up
//! only when text is wanted.

use crate::model::Player;

use super::program::{CardIdx, KwIdx};

/// A creature instance in one battle (an index into the battle's creature table). A creature that
/// returns or transforms becomes a new instance.
pub type CreatureId = u16;

/// The phases of a turn (`shared/rules/battle-line.md` 2a–f).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// Start-of-turn effects.
    Start,
    /// Scheduled plays.
    Deploy,
    /// Attacks, slot by slot, then Fury's second attacks.
    Battle,
    /// Lines close up toward slot 1.
    CloseGaps,
    /// End-of-turn effects, then returns.
    End,
}

impl Phase {
    /// The phase's name for logs.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Phase::Start => "Start",
            Phase::Deploy => "Deploy",
            Phase::Battle => "Battle",
            Phase::CloseGaps => "Close gaps",
            Phase::End => "End",
        }
    }
}

/// What an attack hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackTarget {
    /// The enemy creature opposite.
    Creature(CreatureId),
    /// The opposing player.
    Player(Player),
}

/// Why a play did nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayFailure {
    /// No empty slot behind the last creature.
    LineFull,
    /// No creature in the target slot.
    NoTarget,
    /// The target cannot equip artifacts (Mindless).
    Mindless,
    /// The target already carries the most artifacts allowed.
    TooManyArtifacts,
}

/// Where an ability came from on its bearer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// Printed on the card.
    Printed,
    /// From an attached artifact.
    Artifact(CardIdx),
    /// Granted (by a spell or an effect).
    Granted,
}

/// One ability of one creature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AbilitySource {
    /// The bearer.
    pub creature: CreatureId,
    /// The keyword.
    pub keyword: KwIdx,
    /// Which of the keyword's abilities.
    pub ability: u8,
    /// The keyword's value on the bearer.
    pub value: i32,
    /// Printed, from an artifact or granted.
    pub via: Via,
}

/// Why an event happened: the ability that did it (none for the turn structure and plain
/// attacks) and the earlier event it answers.
pub type Cause = crate::core::Cause<AbilitySource>;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    /// A turn begins.
    TurnBegan {
        /// Its number, from 1.
        turn: u32,
    },
    /// A phase begins.
    PhaseBegan {
        /// Which.
        phase: Phase,
    },
    /// A creature entered a line (summoned, created or returned).
    Summoned {
        /// The creature.
        creature: CreatureId,
        /// Its slot (from 1).
        slot: u8,
        /// Whether it returned (Reanimate) rather than being played or made.
        returned: bool,
    },
    /// A scheduled play did nothing.
    PlayFailed {
        /// Who played.
        player: Player,
        /// The card.
        card: CardIdx,
        /// Why.
        reason: PlayFailure,
    },
    /// An artifact was attached.
    ArtifactAttached {
        /// The bearer.
        creature: CreatureId,
        /// The artifact.
        artifact: CardIdx,
    },
    /// A spell was cast on a creature (its keywords granted until end of turn).
    SpellCast {
        /// The target.
        creature: CreatureId,
        /// The spell.
        spell: CardIdx,
    },
    /// An ability acts (its effects follow, caused by this event).
    AbilityTriggered {
        /// The bearer.
        creature: CreatureId,
    },
    /// A creature attacks.
    Attack {
        /// The attacker.
        attacker: CreatureId,
        /// What it attacks.
        target: AttackTarget,
        /// Whether this is Fury's second attack.
        second: bool,
    },
    /// A creature could not attack (Soothsay, Terrify).
    AttackSkipped {
        /// The creature.
        creature: CreatureId,
    },
    /// Damage to a creature (`amount` after armor and prevention).
    Damage {
        /// Who dealt it, if a creature.
        source: Option<CreatureId>,
        /// Who took it.
        target: CreatureId,
        /// How much was dealt.
        amount: i32,
        /// How much it would have been before armor, prevention and replacements.
        unmodified: i32,
        /// Attack damage (armor applies) or ability damage.
        attack: bool,
    },
    /// Damage was redirected to another creature (the Endless Serpent's body).
    DamageRedirected {
        /// The creature it would have hit.
        from: CreatureId,
        /// The creature that takes it instead.
        to: CreatureId,
    },
    /// Damage to a player.
    PlayerDamaged {
        /// Who.
        player: Player,
        /// How much.
        amount: i32,
        /// Life afterwards.
        life: i32,
    },
    /// Damage removed from a creature.
    Healed {
        /// Who.
        creature: CreatureId,
        /// How much was removed.
        amount: i32,
    },
    /// A player gained life.
    LifeGained {
        /// Who.
        player: Player,
        /// How much.
        amount: i32,
        /// Life afterwards.
        life: i32,
    },
    /// A stat changed for good (Berserk, Rider's Might).
    StatChanged {
        /// Who.
        creature: CreatureId,
        /// Attack (0), life (1) or armor (2).
        stat: super::program::StatKind,
        /// By how much.
        amount: i32,
    },
    /// A keyword was granted.
    KeywordGranted {
        /// To whom.
        creature: CreatureId,
        /// Which.
        keyword: KwIdx,
    },
    /// A creature will not attack this turn.
    AttackPrevented {
        /// Who.
        creature: CreatureId,
    },
    /// A creature was marked for destruction by an effect (it leaves at the next check).
    MarkedForDestruction {
        /// Who.
        creature: CreatureId,
    },
    /// A creature was destroyed and left its slot.
    Destroyed {
        /// Who.
        creature: CreatureId,
        /// The slot it left.
        slot: u8,
        /// Set aside (tokens, the Endless Serpent) rather than discarded.
        set_aside: bool,
    },
    /// A creature left the game without being destroyed (Melt, transformation, combination).
    Removed {
        /// Who.
        creature: CreatureId,
    },
    /// A creature moved within its line.
    Moved {
        /// Who.
        creature: CreatureId,
        /// From slot.
        from: u8,
        /// To slot.
        to: u8,
    },
    /// A line closed its gaps.
    GapsClosed {
        /// Whose.
        player: Player,
    },
    /// An artifact was destroyed.
    ArtifactDestroyed {
        /// Its bearer.
        creature: CreatureId,
        /// The artifact.
        artifact: CardIdx,
    },
    /// A creature became another card (the Omega Rabbit).
    Transformed {
        /// The old creature.
        from: CreatureId,
        /// The new creature.
        into: CreatureId,
    },
    /// A creature will return at the end of the turn.
    WillReturn {
        /// Who.
        creature: CreatureId,
    },
    /// An effect this engine does not run.
    Unsupported {
        /// The bearer.
        creature: CreatureId,
    },
    /// Too many resolutions without the turn moving on: pending triggers were dropped (the
    /// shared [`crate::core::LoopGuard`]).
    LoopLimit {
        /// How many resolutions ran.
        resolutions: u32,
    },
    /// The game ended.
    GameOver {
        /// The winner (`None`: draw or no winner; see `draw`).
        winner: Option<Player>,
        /// Both players fell at once.
        draw: bool,
    },
}

/// One entry of the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    /// Its index in the log (also counted when the log is off).
    pub index: u32,
    /// The turn it happened in.
    pub turn: u32,
    /// What happened.
    pub kind: EventKind,
    /// Why.
    pub cause: Cause,
}

impl crate::core::Caused for Event {
    type Ability = AbilitySource;

    fn cause(&self) -> &Cause {
        &self.cause
    }
}
