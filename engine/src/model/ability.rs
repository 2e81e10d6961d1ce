//! The general ability model: a trigger (or activation cost, or static presence), restrictions,
//! a condition, a target selector and a list of effects with a duration.
//!
//! One model serves every game: a battle-line keyword such as `Ambush N` is
//! `Triggered(Summoned) → Damage(Value) to LastEnemy`; a ChiAxis activated ability is
//! `Activated(cost) → effects`. Engines interpret the parts they support and report the rest
//! as "not supported by this engine" when validating, never by panicking.

use serde::{Deserialize, Serialize};

use super::is_default;
use super::zone::Zone;
use crate::reflect::Reflect;

/// One ability: when it acts, on what, and what it does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// Optional label (shown in logs: "Ambush of Goblin Sapper").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Activated, triggered, static or replacement.
    pub kind: AbilityKind,
    /// Restrictions that must all hold (Grand Archive): level, class, memory, element, champion.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restrictions: Vec<Restriction>,
    /// An extra condition checked when the ability would act ("if it is wounded").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
    /// What the effects apply to.
    #[serde(default, skip_serializing_if = "is_default")]
    pub target: Target,
    /// What happens, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// How long continuous effects from this ability last.
    #[serde(default, skip_serializing_if = "is_default")]
    pub duration: Duration,
    /// The zones the ability works from. Empty: in play (the city, the champion's zone), and
    /// for a spell or action its text when played. `[Graveyard]`: only while the card is in
    /// its ruler's graveyard (Grand Archive: "ignored in all zones" when a restriction fails).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<Zone>,
}

/// The four kinds of ability (ChiAxis 19.2–19.4 and 22.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum AbilityKind {
    /// Activated by its controller paying a cost (19.2), possibly of a subtype (19.2a).
    Activated {
        /// What is paid before the colon.
        #[serde(default, skip_serializing_if = "is_default")]
        cost: ActivationCost,
        /// Battle, Vote, Duel or Ritual, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        subtype: Option<ActivatedSubtype>,
    },
    /// Acts when an event happens (19.3): "When…/If…:".
    Triggered(Trigger),
    /// Always on while the card is in play (19.4).
    Static,
    /// Replaces an event with its effects ("instead") or with nothing ("skip") (22.4).
    Replacement {
        /// The event it replaces.
        replaces: Trigger,
        /// Instead (do the effects) or Skip (do nothing).
        #[serde(default, skip_serializing_if = "is_default")]
        mode: ReplacementMode,
        /// How many times it applies; `None` = every time (22.4b default is once).
        #[serde(default = "one", skip_serializing_if = "is_one")]
        #[reflect(min = 1)]
        uses: Option<u32>,
    },
}

#[allow(clippy::unnecessary_wraps)] // serde's `default = ...` needs the field's exact type.
fn one() -> Option<u32> {
    Some(1)
}

#[allow(clippy::ref_option, clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_one(v: &Option<u32>) -> bool {
    *v == Some(1)
}

/// The cost of an activated ability (19.2): a phase, and optionally resources and extra costs.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct ActivationCost {
    /// The phase in which it may be activated (`"dawn"`, `"dusk"`, `"main"`), if limited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[reflect(phase)]
    pub phase: Option<String>,
    /// Resource paid.
    #[serde(default, skip_serializing_if = "is_default")]
    pub resource: u32,
    /// Fealty paid (ChiAxis).
    #[serde(default, skip_serializing_if = "is_default")]
    pub fealty: u32,
    /// Extra costs written in text ("discard a card").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<String>,
    /// Costs paid with cards or with the card itself (REST, banish this, reserve): all are
    /// checked before anything is paid, and an activation that cannot pay one is refused.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pay: Vec<CostPart>,
    /// "Costs N less": each reduction lowers the resource cost while its restrictions hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reductions: Vec<CostReduction>,
    /// "Activate this ability only if …": checked from the ability's card as it is activated;
    /// unmet, the activation is refused and nothing is paid. Unlike the ability's `condition`
    /// (checked as it resolves), it says when the ability may be used at all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<Condition>,
}

/// A cost paid with cards or with the card itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum CostPart {
    /// Rest (exhaust) this card: a rested card cannot pay this again until it wakes up (the
    /// profile's `wake_phase`).
    Rest,
    /// Banish this card.
    BanishThis,
    /// Discard this card.
    DiscardThis,
    /// Sacrifice this card: it is put where destroyed cards go (no replacement stops a cost).
    SacrificeThis,
    /// Discard this many cards from your hand (the first ones).
    Discard(#[reflect(min = 1)] u32),
    /// Put this many cards from your hand into your memory (Grand Archive's reserve payment).
    Reserve(#[reflect(min = 1)] u32),
    /// Banish this many cards from your memory, at random (Grand Archive's memory cost).
    BanishFromMemory(#[reflect(min = 1)] u32),
    /// Alternative payments: the first way the player can pay in full is paid.
    Either(Vec<Vec<CostPart>>),
    /// Sacrifice a card you rule in play that meets the condition, other than this one (Grand
    /// Archive's "sacrifice a weapon": `Sacrifice(HasTribe("Weapon"))`): the first such card
    /// in zone order. It goes where the profile sends sacrificed cards.
    Sacrifice(Condition),
    /// Discard one card from your hand that meets the condition (the first that does):
    /// Grand Archive's "discard a fire element card".
    DiscardMatching(Condition),
    /// Banish this many cards from your graveyard that meet the filter (the first that do):
    /// Grand Archive's "banish a fire element card from your graveyard".
    BanishFromGraveyard {
        /// How many.
        #[reflect(min = 1)]
        count: u32,
        /// Only cards meeting this condition.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Condition>,
    },
    /// Remove this many counters of a kind the game profile lists from this card (Grand
    /// Archive: "remove three enlighten counters from your champion", on a champion).
    RemoveCounters {
        /// The counter kind (`enlighten`).
        kind: String,
        /// How many.
        #[reflect(min = 1)]
        count: u32,
    },
}

/// "Costs N less" while restrictions hold (a level, a class, memory).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct CostReduction {
    /// How much less resource.
    #[reflect(min = 1)]
    pub amount: u32,
    /// All must hold (checked as the ability is activated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restrictions: Vec<Restriction>,
}

/// Activated ability subtypes (19.2a–e).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum ActivatedSubtype {
    /// Only by a ruler with the card in the current skirmish.
    Battle,
    /// Activated at dusk; calls a conclave vote.
    Vote,
    /// Begins a duel.
    Duel,
    /// Needs a structure whose attached beasts reach a total of `stat` of at least `threshold`.
    Ritual {
        /// The stat summed, usually `"INT"`.
        stat: String,
        /// The total needed.
        #[reflect(min = 1)]
        threshold: i32,
    },
}

/// Replacement effects: "instead" or "skip" (22.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum ReplacementMode {
    /// The replaced event does not happen; the ability's effects happen instead.
    #[default]
    Instead,
    /// The replaced event is replaced with nothing.
    Skip,
}

/// Events an ability can trigger on (or replace).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum Trigger {
    /// This card comes into play (summoned, recruited, forged, built): no priority needed (19.3b–d).
    Summoned,
    /// Another allied creature comes into play, optionally of a tribe.
    AllySummoned {
        /// Only allies of this tribe count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[reflect(tribe)]
        tribe: Option<String>,
    },
    /// The start of each turn.
    StartOfTurn,
    /// The end of each turn.
    EndOfTurn,
    /// The start of the turn of the ability's ruler.
    StartOfYourTurn,
    /// The end of a season (ChiAxis: the delayed "end of season", 22.2a).
    SeasonEnds,
    /// A named phase begins (`"dawn"`, `"dusk"`, `"battle"`).
    PhaseBegins(#[reflect(phase)] String),
    /// A named phase of the ability's controller's own turn begins (Grand Archive's "at the
    /// beginning of your next recollection phase", as a delayed trigger).
    YourPhaseBegins(#[reflect(phase)] String),
    /// This creature attacks (any target).
    Attacks,
    /// This creature attacks a creature.
    AttacksCreature,
    /// This creature is attacked.
    Attacked,
    /// This unit's attack deals its damage to its target (Grand Archive: On Hit).
    Hits,
    /// This unit's attack destroys its target (Grand Archive: On Kill).
    Kills,
    /// This creature is dealt damage.
    Damaged,
    /// This creature is destroyed.
    Destroyed,
    /// Another allied creature is destroyed.
    AllyDestroyed,
    /// Any other creature (ally or enemy) is destroyed.
    OtherDestroyed,
    /// Damage would be dealt to this creature (for replacement and prevention).
    WouldBeDamaged,
    /// This creature would deal damage (for replacements that raise it: Assassin, Skirmish).
    WouldDealDamage,
    /// This card is being played (an artifact choosing its bearer: the Carrot of Power).
    Played,
    /// This artifact (or one of the bearer's artifacts) has just been attached.
    Attached,
    /// A card is played by its controller.
    CardPlayed,
    /// The champion of this card's controller levels up (Grand Archive: "whenever your
    /// champion levels up"), by a `LevelUp` effect.
    ChampionLevelsUp,
    /// A named event from a scenario script or another game ("vote won").
    Named(String),
}

/// What an ability's effects apply to. Battle-line selectors read "enemy"/"ally" from the
/// ability's controller; ties go to the creature nearest slot 1.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum Target {
    /// The card bearing the ability.
    #[default]
    This,
    /// The ability's controller (a player).
    Controller,
    /// The controller's opponent (a player).
    Opponent,
    /// Every player, the turn player first ("each player draws a card").
    EachPlayer,
    /// The controller's champion (Grand Archive: "put a counter on your champion", "your
    /// champion gets +1 level", "deal 1 damage to your champion"); none without one.
    YourChampion,
    /// The enemy creature in the same slot as this one.
    EnemyOpposite,
    /// The enemy creature in slot 1.
    FrontEnemy,
    /// The last creature on the enemy line.
    LastEnemy,
    /// Every enemy creature.
    AllEnemies,
    /// A random enemy creature (from the game's seeded generator).
    RandomEnemy,
    /// The enemy creature with the highest attack.
    StrongestEnemy,
    /// Every allied creature other than this one, optionally of a tribe.
    OtherAllies {
        /// Only allies of this tribe.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[reflect(tribe)]
        tribe: Option<String>,
    },
    /// Allied creatures in the slots next to this one.
    AdjacentAllies,
    /// The allied creature in slot 1 (unless it is this one).
    FrontAlly,
    /// The allied creature (other than this one) with the most damage.
    MostDamagedAlly,
    /// Allied creatures (other than this one) with an artifact attached.
    AlliesWithArtifacts,
    /// The creature this one is attacking.
    AttackedCreature,
    /// The enemy creatures next to the slot this one attacks.
    AdjacentToAttacked,
    /// The creature or player that attacked this one.
    Attacker,
    /// The creature the triggering event was about.
    EventSubject,
    /// Targets chosen when activating (rules sandbox): up to `count`, filtered by a condition.
    Chosen {
        /// How many targets.
        #[serde(default = "one_u32")]
        #[reflect(min = 1)]
        count: u32,
        /// Only targets meeting this condition.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        filter: Option<Condition>,
    },
    /// Every card in play meeting a condition (rules sandbox: "beasts you rule with INT3 or more").
    AllMatching(Condition),
    /// Allied creatures (this one included) meeting a condition, slot order.
    AlliesWhere(Condition),
    /// Every other card in play its controller controls that meets a condition (rules
    /// sandbox: Grand Archive's "other allies and weapons you control"). Other copies of the
    /// card count: only the ability's own card is left out.
    OthersYouControl(Condition),
    /// The allied creature nearest slot 1 (this one included) meeting a condition.
    FirstAllyWhere(Condition),
    /// Enemy creatures meeting a condition, slot order.
    EnemiesWhere(Condition),
    /// The enemy creature nearest slot 1 meeting a condition (Sabotage: `HasArtifact`).
    FirstEnemyWhere(Condition),
    /// A target choice guarded by restrictions (Grand Archive): when the ability is activated
    /// (or put on the stack) `unlocked` is used if they all hold, else `otherwise`; the choice
    /// is locked then and does not fizzle if the restriction stops holding.
    Restricted {
        /// The restrictions; all must hold.
        restrictions: Vec<Restriction>,
        /// The target choice while they hold.
        unlocked: Box<Target>,
        /// The target choice while they do not.
        otherwise: Box<Target>,
    },
}

fn one_u32() -> u32 {
    1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_one_u32(v: &u32) -> bool {
    *v == 1
}

fn attack_stat() -> Stat {
    Stat::Attack
}

fn is_attack(s: &Stat) -> bool {
    *s == Stat::Attack
}

/// What a vote or a duel does on a tie (ChiAxis 22.1b: the text says; nothing written, nothing
/// happens).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum Tie {
    /// Nothing happens: no one wins or loses.
    #[default]
    Nothing,
    /// The ruler who called the vote, or the beast that began the duel, wins.
    CallerWins,
    /// The ruler who called the vote, or the beast that began the duel, loses.
    CallerLoses,
    /// These effects happen to each side (each ruler, or each beast).
    Effects(Vec<Effect>),
}

/// A number an effect uses.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum Amount {
    /// The keyword's value (`Armor 2` → 2).
    #[default]
    Value,
    /// A fixed number.
    Fixed(i32),
    /// This card's effective attack.
    OwnAttack,
    /// The damage this card just took (Berserk).
    DamageTaken,
    /// One per allied creature (other than this one) of a tribe.
    AlliesOfTribe(#[reflect(tribe)] String),
    /// One per allied creature (other than this one) with a keyword.
    AlliesWithKeyword(#[reflect(keyword)] String),
    /// One per adjacent allied creature.
    AdjacentAllies,
    /// One per artifact attached to allied creatures (this one included).
    AlliedArtifacts,
    /// One per artifact attached to this card.
    OwnArtifacts,
    /// The product of two amounts.
    Times(Box<Amount>, Box<Amount>),
    /// One per card in a zone of the controller's that meets the condition, the source
    /// included ("for each ally you control": `CountIn(City, Some(IsKind("Ally")))`). The
    /// zone is one the game profile names; the battle line has no zones.
    CountIn(Zone, Option<Condition>),
    /// The sum of a stat over the cards in a zone of the controller's ("X is the total POWER
    /// of the cards in your banishment": `SumIn(Attack, Banishment)`).
    SumIn(Stat, Zone),
    /// How many cards the ability's `Sacrifice` effects have put away so far while it
    /// resolves ("for each card sacrificed this way").
    SacrificedThisWay,
    /// The damage on the controller's champion (0 without one): "if your champion has 20 or
    /// more damage counters" is `AmountAtLeast(ChampionDamage, 20)`.
    ChampionDamage,
    /// One per card in play meeting the condition read from the controller's side, whoever
    /// controls it; a condition naming a zone looks there too. It counts what
    /// `Target::AllMatching` would pick ("if no opponent controls an ally":
    /// `AmountAtMost(CountMatching(All([IsKind("Ally"), Enemy])), 0)`).
    CountMatching(Condition),
    /// One per card in a zone of the controller's opponent that meets the condition ("an
    /// opponent has four or more cards in their memory":
    /// `AmountAtLeast(OpponentCountIn(Memory, None), 4)`).
    OpponentCountIn(Zone, Option<Condition>),
    /// How many counters of a kind the game profile lists are on the ability's source ("if
    /// Tristan has two or more preparation counters on her").
    CountersOnThis(String),
}

/// A named characteristic an effect can change.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Reflect)]
pub enum Stat {
    /// Attack (ATK, power).
    Attack,
    /// Life (health).
    Life,
    /// Armor: less attack damage taken.
    Armor,
    /// Any other stat by name (`"INT"`, `"level"`).
    Named(String),
}

/// A condition: on the bearer, the target, the game or the controller's champion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum Condition {
    /// All of these hold.
    All(Vec<Condition>),
    /// Any of these holds.
    Any(Vec<Condition>),
    /// This does not hold.
    Not(Box<Condition>),
    /// The subject has damage marked.
    Wounded,
    /// The subject has a tribe.
    HasTribe(#[reflect(tribe)] String),
    /// The subject has a keyword.
    HasKeyword(#[reflect(keyword)] String),
    /// The subject is of a card kind (by name).
    IsKind(String),
    /// The subject has at least one artifact attached.
    HasArtifact,
    /// The subject's stat is at least a value ("INT3 or more").
    StatAtLeast(Stat, i32),
    /// The subject's stat is at most a value.
    StatAtMost(Stat, i32),
    /// The subject came into play this turn.
    SummonedThisTurn,
    /// At least this many allies (other than the bearer) have a keyword.
    AlliesWithKeywordAtLeast(#[reflect(keyword)] String, u32),
    /// The subject is controlled by the ability's controller.
    Allied,
    /// The subject is controlled by the opponent.
    Enemy,
    /// The condition holds for the source of the event instead (the attacker, the damage's source).
    Source(Box<Condition>),
    /// The subject is this card (by id), e.g. `IsCard("enchanted_bunny")`.
    IsCard(#[reflect(card)] String),
    /// The damage in question comes from an attack (not an ability).
    AttackDamage,
    /// The subject is attacking the opposing player.
    AttackingPlayer,
    /// The subject is attacking a creature.
    AttackingCreature,
    /// The subject has already been dealt damage this turn (Bastion).
    DamagedThisTurn,
    /// An enemy creature stands opposite the subject.
    HasEnemyOpposite,
    /// The subject came back into play after being destroyed (Reanimate's "first time").
    Returned,
    /// The subject is in this zone. A target or `AllMatching` whose condition names a zone
    /// looks there too (otherwise only cards in play count).
    InZone(Zone),
    /// The subject's element is this one (Grand Archive: Fire, Water, Wind, ...).
    HasElement(String),
    /// An amount read from the game, from the ability's source, is at least this much ("if
    /// you control 3 or more allies": `AmountAtLeast(CountIn(City, Some(IsKind("Ally"))), 3)`).
    AmountAtLeast(Box<Amount>, i32),
    /// An amount read from the game is at most this much ("if you control no allies":
    /// `AmountAtMost(CountIn(City, Some(IsKind("Ally"))), 0)`).
    AmountAtMost(Box<Amount>, i32),
    /// A card the ability's `Reveal` effects revealed while it resolves meets this condition
    /// ("if a fire card was revealed this way").
    RevealedThisWay(Box<Condition>),
    /// The subject is a unit: a kind the game profile's combat rules let attack and be
    /// attacked (Grand Archive: an ally or a champion).
    IsUnit,
    /// The subject is rested (it paid a REST cost, attacked or retaliated, and has not woken
    /// up yet).
    Rested,
    /// An attack is in progress whose target meets this condition, and the subject is its
    /// attacker or the weapon or attack card it attacks with ("while your champion is
    /// attacking a rested unit", on the attack card: `Attacking(Rested)`).
    Attacking(Box<Condition>),
    /// One of the targets chosen for the card being played or the ability resolving meets
    /// this condition ("costs 2 more if it targets a regalia").
    Targets(Box<Condition>),
}

/// A restriction (Grand Archive): static ones lock at activation, in-line ones are checked at
/// resolution. Several on one ability must all hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub struct Restriction {
    /// What must hold.
    pub requires: RestrictionKind,
    /// Static (checked at activation, locks modes and targets) or in-line (checked at resolution).
    #[serde(default, skip_serializing_if = "is_default")]
    pub timing: RestrictionTiming,
}

/// What a restriction requires.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum RestrictionKind {
    /// The champion's level (with modifiers) is at least this (`2+`).
    Level(#[reflect(min = 1)] i32),
    /// The champion has one of these classes (matching the source card's).
    Class(Vec<String>),
    /// The controller has at least this many cards in memory.
    Memory(#[reflect(min = 1)] u32),
    /// The element of the ability's source is enabled for the controller. The source's
    /// element is read with every effect on it; a source with no element reads this one.
    Element(String),
    /// The champion's name (without title) is this.
    Champion(String),
    /// The controller's champion has at least this much damage on it (Grand Archive's
    /// "Damage N+").
    Damage(#[reflect(min = 1)] i32),
    /// The controller's champion carries at least `at_least` counters of a kind the game
    /// profile lists (Grand Archive's "Sheen X+" counts sheen counters).
    Counters {
        /// The counter kind (`sheen`).
        kind: String,
        /// How many are needed.
        #[reflect(min = 1)]
        at_least: u32,
    },
}

/// When a restriction is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum RestrictionTiming {
    /// Static, checked as it is activated or played, when its modes and targets lock (printed
    /// in a black bubble).
    #[default]
    Static,
    /// In-line, checked as the effect resolves (printed in bold beside the text it guards).
    InLine,
}

/// How long a continuous effect lasts (22.3a: no duration stated = until the end of the game).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum Duration {
    /// No duration: a one-off effect, or a static ability's effect while its source is in play.
    #[default]
    Instant,
    /// Until the end of this turn.
    EndOfTurn,
    /// Until the start of the next named phase (`"dawn"`).
    UntilPhase(#[reflect(phase)] String),
    /// For this many turns.
    Turns(#[reflect(min = 1)] u32),
    /// Until the end of the game.
    Indefinite,
    /// Until the current season ends.
    UntilSeasonEnds,
}

/// One effect. Battle-line keywords are built from these primitives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum Effect {
    /// Deal damage to each target (ability damage: armor does not reduce it).
    Damage(Amount),
    /// Deal damage to the opposing player.
    DamageOpponent(Amount),
    /// Remove up to N damage from each target (or life from the controller when it targets a player).
    Heal(Amount),
    /// Remove all damage from each target.
    HealAll,
    /// Gain life (a player).
    GainLife(Amount),
    /// Change a stat of each target (continuous while the source is in play, or for the duration).
    Modify(Stat, Amount),
    /// Change a stat for good (Berserk, Rider's Might).
    ModifyPermanently(Stat, Amount),
    /// Give each target a keyword (with a value) for the duration.
    Grant(#[reflect(keyword)] String),
    /// Take a keyword away from each target for the duration ("loses": all instances).
    Remove(#[reflect(keyword)] String),
    /// Put a status on each target (Pestilence).
    AddStatus(String),
    /// The targets cannot attack this turn (Soothsay, Terrify).
    PreventAttack,
    /// Destroy each target.
    Destroy,
    /// Destroy the first artifact on each target (Sabotage targets `FirstEnemyWhere(HasArtifact)`).
    DestroyArtifact,
    /// Remove each target from the game without destroying it (it leaves an empty slot; Melt).
    RemoveFromGame,
    /// Deal damage to each target that no `Prevent` shield reduces (Grand Archive: damage that
    /// "can't be prevented").
    DamageUnpreventable(Amount),
    /// Prevent the next N damage that would be dealt to each target (a shield that stays until
    /// used or the card leaves play; Grand Archive's "prevent").
    Prevent(Amount),
    /// Replacement: the damage is prevented (Invulnerability, Shield, Dodge, Bastion).
    PreventDamage,
    /// Replacement: the damage is reduced by this much, never below 0 (Dominate).
    ReduceDamage(Amount),
    /// Replacement: the damage dealt is raised by this much (Assassin, Skirmish).
    IncreaseDamage(Amount),
    /// Replacement: the damage is dealt to the target instead (the Endless Serpent's body).
    RedirectDamage,
    /// When played: attach this artifact to the target if there is one (the Carrot of Power).
    AttachTo,
    /// Discard this creature and `count - 1` allies with `keyword` (with their artifacts) and
    /// put the cards `into` in the first slots, shifting the others back (the Endless Serpent).
    Combine {
        /// The keyword the group shares.
        #[reflect(keyword)]
        keyword: String,
        /// How many are combined.
        #[reflect(min = 2)]
        count: u32,
        /// Card ids placed in slots 1, 2, ...
        #[reflect(card)]
        into: Vec<String>,
    },
    /// Move each target to the front of its line; the others shift back (Charge).
    MoveToFront,
    /// Move each target to the back of its line (Fade).
    MoveToBack,
    /// Return this creature at the end of the turn, once (Reanimate).
    ReturnAtEndOfTurn,
    /// Summon a card by id into a line (tokens, the Wall of Ice).
    Summon {
        /// The card id.
        #[reflect(card)]
        card: String,
        /// Into the opponent's line rather than the controller's.
        #[serde(default, skip_serializing_if = "is_default")]
        enemy_line: bool,
    },
    /// Replace the target with another card (Omega Rabbit).
    Transform(#[reflect(card)] String),
    /// Draw cards (rules sandbox).
    Draw(Amount),
    /// Discard cards from hand; does as much as it can (22.1a).
    Discard(Amount),
    /// A delayed trigger: do these effects when the trigger next happens (22.2a).
    Delayed {
        /// When.
        when: Trigger,
        /// What.
        effects: Vec<Effect>,
    },
    /// A named effect the engine does not model, kept for rules text and logs.
    Custom(String),
    /// A continuous effect that changes a rule of the game rather than a characteristic
    /// (ChiAxis 22.3b): it also applies to cards that arrive after it began. The rules sandbox
    /// knows `"NoWounds"` (beasts may not receive wounds); other names are kept for text and logs.
    ChangeRule(String),
    /// Set a stat of each target to an amount (continuous; applied in timestamp order with the
    /// other effects on that stat, 22.3c).
    SetStat(Stat, Amount),
    /// Each target comes under the ability's ruler: "you rule target beast" (ChiAxis 22.3,
    /// 22.3b: a continuous change of who rules a card, locked when it begins).
    GainControl,
    /// Bury each target: put it into its owner's graveyard (22.2).
    Bury,
    /// Put each target into this zone: its owner's, or the shared ravine or market (22.2).
    PutInto(Zone),
    /// Move each target beast to another location in its ruler's city (22.2): the structure
    /// `to` names, or the city itself when `to` names a ruler (`Controller`).
    Relocate {
        /// The location: a structure, or a ruler for their city itself.
        to: Target,
    },
    /// Barter (22.2): the first target, a card in your hand, goes to the market and the second,
    /// a card in the market, comes to your hand as yours.
    Barter,
    /// Create tokens of a card (by id) in your city (22.2). A token that leaves the city
    /// ceases to exist.
    CreateToken {
        /// The card id the tokens copy.
        card: String,
        /// How many.
        #[serde(default = "one_u32", skip_serializing_if = "is_one_u32")]
        count: u32,
        /// Created under the opponent's control instead ("your opponent creates").
        #[serde(default, skip_serializing_if = "is_default")]
        for_opponent: bool,
        /// What happens to each token as it is created ("with a buff counter on it":
        /// `[AddCounters("buff", Fixed(1))]`): these effects act on the token.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        with: Vec<Effect>,
    },
    /// Recruit each target beast by effect (22.2): it enters its ruler's city, standing in the
    /// city itself, and its Recruit abilities happen at once (19.3b).
    Recruit,
    /// Forge each target item by effect onto the beast `onto` names (22.2); its Forge
    /// abilities happen at once (19.3c).
    Forge {
        /// The beast it is forged onto (`This`: the ability's own beast).
        onto: Target,
    },
    /// Build each target structure by effect in its ruler's city (22.2); its Build abilities
    /// happen at once (19.3d).
    Build,
    /// Call a conclave vote (19.2c): each ruler votes for a ruler (their `Ballot`, or
    /// themselves); the ruler with the most votes wins. The winner's and the loser's
    /// consequences are written here; none written: none (19.2c).
    Vote {
        /// What happens to the winning ruler.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        winner: Vec<Effect>,
        /// What happens to the losing ruler.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        loser: Vec<Effect>,
        /// What a tie does (22.1b).
        #[serde(default, skip_serializing_if = "is_default")]
        tie: Tie,
    },
    /// A duel (19.2d) between the ability's beast and the first target, or between the first
    /// two targets when the ability's card is not a beast in play: the higher `stat` wins.
    Duel {
        /// The stat compared (default ATK).
        #[serde(default = "attack_stat", skip_serializing_if = "is_attack")]
        stat: Stat,
        /// What happens to the winning beast (its ruler for effects on a ruler).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        winner: Vec<Effect>,
        /// What happens to the losing beast.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        loser: Vec<Effect>,
        /// What a tie does (22.1b).
        #[serde(default, skip_serializing_if = "is_default")]
        tie: Tie,
    },
    /// Each target's element becomes this one (continuous, like a characteristic change).
    ChangeElement(String),
    /// Put this many counters of a kind on each target (Grand Archive: buff counters). What a
    /// counter does to stats is the game profile's `counters`.
    AddCounters(String, Amount),
    /// Remove up to this many counters of a kind from each target.
    RemoveCounters(String, Amount),
    /// Keyword action: look at the top N cards of the controller's deck and put each back on
    /// top or on the bottom in an order the player chooses (a script's `Glimpse` action, given
    /// before it resolves; without one, all stay on top as they were).
    Glimpse(Amount),
    /// Keyword action: the controller puts the top N cards of their deck into their memory.
    DrawIntoMemory(Amount),
    /// Keyword action: remove up to N damage from the controller's champion.
    Recover(Amount),
    /// Keyword action: the controller's champion's level is raised by X until the end of the
    /// turn.
    Empower(Amount),
    /// Keyword action: the controller reveals a card from their hand meeting the filter (a
    /// chosen target in hand, else the first that meets it); `RevealedThisWay` reads it.
    Reveal(Option<Condition>),
    /// Keyword action: the controller's champion levels up, by what the game profile's
    /// `level_up` says.
    LevelUp,
    /// The next card each target player plays costs this much less (never below 0): a
    /// one-shot reduction the player holds until they play a card, or until the ability's
    /// duration ends (`EndOfTurn`: "the next card you activate this turn costs 2 less"). The
    /// players are the ability's target players (`Opponent`, `EachPlayer`); with none, the
    /// controller.
    NextCardCostsLess(Amount),
    /// Keyword action: the controller puts each target they control where the profile sends
    /// sacrificed cards. It is not a destroy: no replacement prevents it, and no "destroyed"
    /// trigger sees it. `SacrificedThisWay` counts them.
    Sacrifice,
    /// Each target has this ability as well, for the duration (a static ability: while its
    /// source is in play): Grand Archive's "has \"On Attack: ...\"" and "gain \"On Kill: ...\"
    /// until end of turn".
    GrantAbility(Box<Ability>),
    /// "You may pay; if you do, …": the controller may pay these costs (with cards, or with
    /// the ability's own card) as this line resolves; only if they pay in full do `then`
    /// happen. A player answers yes when able unless a script's `Decline` said no first.
    YouMay {
        /// What is paid (checked in full before anything is paid).
        pay: Vec<CostPart>,
        /// What happens if they do.
        then: Vec<Effect>,
    },
    /// Attacks by each target can't be retaliated (continuous; a weapon's: attacks using it).
    CantBeRetaliated,
    /// Do these effects only if the condition holds as this line resolves, after the effects
    /// before it ("reveal a card; if a fire card was revealed this way, draw a card").
    If {
        /// Checked from the ability's source, at this point of the resolution.
        condition: Condition,
        /// What happens when it holds.
        then: Vec<Effect>,
    },
    /// Choose one of these modes when the ability is activated or the card played; the choice
    /// (and its targets) is locked then (Grand Archive static restrictions).
    Modal(Vec<Vec<Effect>>),
    /// Effects with restrictions of their own (a restriction bubble before one mode or one line
    /// of text): static ones are checked when activating and lock there, in-line ones are
    /// checked when resolving. Unmet: the effects are ignored.
    Restricted {
        /// All must hold.
        restrictions: Vec<Restriction>,
        /// What happens when they do.
        effects: Vec<Effect>,
    },
    /// These effects act on what another selector picks as this line resolves, not on the
    /// ability's target (one mode of a modal card: "put a buff counter on each ally you
    /// control" while the other mode summons a token). Chosen targets are the ability's own:
    /// a selector here picks without a choice (`AllMatching`, `This`, `Controller`, ...).
    On {
        /// Who the effects act on.
        target: Target,
        /// What happens to them.
        effects: Vec<Effect>,
    },
    /// A static ability of a card with this effect makes the card cost this much less to play
    /// while its restrictions and condition hold (Grand Archive: "[Class Bonus] this card
    /// costs 1 less to activate"); it is read as the card is played and never resolves.
    CostsLess(Amount),
    /// As [`Effect::CostsLess`], this much more ("costs 2 more if it targets a regalia":
    /// with the condition `Targets(HasTribe("Regalia"))`).
    CostsMore(Amount),
    /// A static ability of a card with this effect adds these costs to playing it ("as an
    /// additional cost, sacrifice a weapon"): all are checked before anything is paid, and a
    /// play that cannot pay them is refused.
    AdditionalCost(Vec<CostPart>),
}

impl Ability {
    /// Whether this is a cost ability: a static ability whose effects all change what its card
    /// costs to play. It is read as the card is played, and is no part of what it does.
    #[must_use]
    pub fn is_cost_rule(&self) -> bool {
        matches!(self.kind, AbilityKind::Static)
            && !self.effects.is_empty()
            && self.effects.iter().all(Effect::is_cost)
    }
}

impl Target {
    /// Whether a selector belongs to the battle line (slots and attacks): the sandbox finds none.
    /// Every variant is listed, so a new selector must be placed here before it compiles.
    #[must_use]
    pub fn battle_line_only(&self) -> bool {
        match self {
            Target::This
            | Target::Controller
            | Target::Opponent
            | Target::EachPlayer
            | Target::YourChampion
            | Target::Chosen { .. }
            | Target::AllMatching(_)
            | Target::OtherAllies { .. }
            | Target::EventSubject
            | Target::OthersYouControl(_)
            | Target::Restricted { .. } => false,
            Target::EnemyOpposite
            | Target::FrontEnemy
            | Target::LastEnemy
            | Target::AllEnemies
            | Target::RandomEnemy
            | Target::StrongestEnemy
            | Target::AdjacentAllies
            | Target::FrontAlly
            | Target::MostDamagedAlly
            | Target::AlliesWithArtifacts
            | Target::AttackedCreature
            | Target::AdjacentToAttacked
            | Target::Attacker
            | Target::AlliesWhere(_)
            | Target::FirstAllyWhere(_)
            | Target::EnemiesWhere(_)
            | Target::FirstEnemyWhere(_) => true,
        }
    }
}

impl Effect {
    /// Whether this effect changes what its card costs to play rather than doing something
    /// when it resolves ([`Effect::CostsLess`], [`Effect::CostsMore`],
    /// [`Effect::AdditionalCost`]).
    #[must_use]
    pub fn is_cost(&self) -> bool {
        matches!(
            self,
            Effect::CostsLess(_) | Effect::CostsMore(_) | Effect::AdditionalCost(_)
        )
    }

    /// Visits this effect, then every effect nested in it (delayed, modal, restricted, vote,
    /// duel and tie effects, an optional payment's and a granted ability's), depth first in
    /// written order.
    pub fn visit(&self, f: &mut dyn FnMut(&Effect)) {
        f(self);
        let nested: Vec<&Vec<Effect>> = match self {
            Effect::Delayed { effects, .. }
            | Effect::Restricted { effects, .. }
            | Effect::On { effects, .. }
            | Effect::CreateToken { with: effects, .. }
            | Effect::If { then: effects, .. }
            | Effect::YouMay { then: effects, .. } => vec![effects],
            Effect::GrantAbility(ability) => vec![&ability.effects],
            Effect::Modal(modes) => modes.iter().collect(),
            Effect::Vote {
                winner, loser, tie, ..
            }
            | Effect::Duel {
                winner, loser, tie, ..
            } => {
                let mut list = vec![winner, loser];
                if let Tie::Effects(e) = tie {
                    list.push(e);
                }
                list
            }
            _ => Vec::new(),
        };
        for list in nested {
            for e in list {
                e.visit(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replacement_uses_default_to_once() {
        let a: Ability =
            ron::from_str("(kind: Replacement(replaces: WouldBeDamaged, mode: Skip), effects: [])")
                .unwrap();
        let AbilityKind::Replacement { uses, .. } = a.kind else {
            panic!("not a replacement")
        };
        assert_eq!(uses, Some(1));
    }

    #[test]
    fn visit_reaches_nested_effects() {
        let e: Effect = ron::from_str(
            "Vote(winner: [Grant(\"A\")], tie: Effects([Delayed(when: SeasonEnds, effects: [Grant(\"B\")])]))",
        )
        .unwrap();
        let mut seen = Vec::new();
        e.visit(&mut |x| {
            if let Effect::Grant(k) = x {
                seen.push(k.clone());
            }
        });
        assert_eq!(seen, ["A", "B"]);
    }
}
