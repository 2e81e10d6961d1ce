//! Ability headers as data (seed 004, 1.8): Time, Target, Triggers, Requirements, Components,
//! Test, Saves, Effects, then Flavors, Bonuses, Penalties, Upgrades and Prepared abilities.
//! File tag: `AbilityLibrary(abilities: [ ... ])`.

use serde::{Deserialize, Serialize};

use crate::reflect::Reflect;

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_false(v: &bool) -> bool {
    !*v
}

/// A file of abilities: `AbilityLibrary(abilities: [ ... ])`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbilityLibrary {
    /// The pack's dice rule for encounters (the seed's 2d6 when no library sets one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<super::dice::DiceRule>,
    /// The abilities.
    pub abilities: Vec<AbilityDef>,
}

/// One ability with its header.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct AbilityDef {
    /// Stable id stat blocks refer to.
    pub id: String,
    /// Display name ("Elemental Blast").
    pub name: String,
    /// Which list it belongs to; decides which Upgrade types fit it.
    #[serde(default, skip_serializing_if = "is_default")]
    pub category: AbilityCategory,
    /// When it can start and when it takes effect.
    pub time: AbilityTime,
    /// Further Times the same ability has (Melee Attack: an Action that is also a Reaction
    /// when a target leaves your reach, with its `triggers`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<AbilityTime>,
    /// What it can target.
    #[serde(default, skip_serializing_if = "is_default")]
    pub target: TargetSpec,
    /// Reaction Triggers (Reactions and Free Reactions only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<ReactionTrigger>,
    /// Must all hold to start (and, for a Slow Action, again at its Test).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requirements: Vec<Condition>,
    /// Each one missing gives a Disadvantage on the Test.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub components: Vec<Component>,
    /// The Test; `None` = no Test, an automatic Mixed Score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test: Option<TestSpec>,
    /// Saves the targets make after the Test.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub saves: Vec<SaveSpec>,
    /// The header's summary of effect types (what Reaction Triggers match on).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<EffectKind>,
    /// What each Score band does.
    #[serde(default, skip_serializing_if = "is_default")]
    pub outcomes: Outcomes,
    /// Flavors to choose from when the ability is gained.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavors: Option<FlavorList>,
    /// Optional Test modifiers the user may apply (some with a cost).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonuses: Vec<Bonus>,
    /// Mandatory Test modifiers whenever their condition holds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<Penalty>,
    /// Upgrades listed at the bottom of the ability.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrades: Vec<Upgrade>,
    /// Only usable while Prepared by another ability.
    #[serde(default, skip_serializing_if = "is_false")]
    pub prepared_only: bool,
    /// Always-on modifiers of a Passive ability (`{"Grit": 1}`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passive_stats: Vec<(String, i32)>,
    /// A Passive that lets its bearer Climb (the seed's Climber): its moves may cross
    /// full-height walls, though never end inside one.
    #[serde(default, skip_serializing_if = "is_false")]
    pub climb: bool,
    /// Full description, for the sheet.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
}

/// Which list an ability belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum AbilityCategory {
    /// On the Basic Ability List.
    #[default]
    Basic,
    /// A Fighter ability.
    Fighter,
    /// A Rogue ability.
    Rogue,
    /// A Mage ability.
    Mage,
    /// A Spell.
    Spell,
    /// An Item's ability.
    Item,
}

/// The eight Ability Times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum AbilityTime {
    /// Spend a Beat; Test right away.
    #[default]
    Action,
    /// No Beat; Test right away.
    FreeAction,
    /// Spend a Beat; Test at the start of the user's next turn.
    SlowAction,
    /// Spend a Beat when a Reaction Trigger occurs.
    Reaction,
    /// No Beat, when a Reaction Trigger occurs.
    FreeReaction,
    /// Always in effect.
    Passive,
    /// Freeplay only.
    Montage,
    /// At the end of an Episode's Opening Credits only.
    Episodic,
}

impl AbilityTime {
    /// Whether starting it costs a Beat.
    #[must_use]
    pub fn costs_beat(self) -> bool {
        matches!(self, Self::Action | Self::SlowAction | Self::Reaction)
    }

    /// Its name as the seed writes it ("Slow Action").
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Action => "Action",
            Self::FreeAction => "Free Action",
            Self::SlowAction => "Slow Action",
            Self::Reaction => "Reaction",
            Self::FreeReaction => "Free Reaction",
            Self::Passive => "Passive",
            Self::Montage => "Montage",
            Self::Episodic => "Episodic",
        }
    }

    /// Whether it answers a Reaction Trigger.
    #[must_use]
    pub fn is_reaction(self) -> bool {
        matches!(self, Self::Reaction | Self::FreeReaction)
    }
}

/// The six Distances.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize, Reflect,
)]
pub enum Distance {
    /// 1u: melee.
    #[default]
    Swinging,
    /// 2u: a long weapon.
    Spearing,
    /// 4u: a splash or a wave.
    Spitting,
    /// 8u: darts, bolts.
    Throwing,
    /// 16u: bows.
    Shooting,
    /// 100u: longbows, long-range spells.
    Sniping,
}

impl Distance {
    /// All six, shortest first.
    pub const ALL: [Distance; 6] = [
        Self::Swinging,
        Self::Spearing,
        Self::Spitting,
        Self::Throwing,
        Self::Shooting,
        Self::Sniping,
    ];

    /// Its length in map units.
    #[must_use]
    pub fn units(self) -> i32 {
        match self {
            Self::Swinging => 1,
            Self::Spearing => 2,
            Self::Spitting => 4,
            Self::Throwing => 8,
            Self::Shooting => 16,
            Self::Sniping => 100,
        }
    }

    /// How the seed writes it: `Throwing Distance(8u)`.
    #[must_use]
    pub fn label(self) -> String {
        format!("{self:?} Distance({}u)", self.units())
    }
}

/// A Distance, optionally "True" (ignores sight and cover).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct Reach {
    /// How far.
    pub distance: Distance,
    /// A True Distance: the target need not be seen and cannot take cover.
    #[serde(default, skip_serializing_if = "is_false")]
    pub r#true: bool,
}

/// The five Shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum ShapeKind {
    /// From the user outward; width at a point = its distance from the origin.
    #[default]
    Cone,
    /// Origin on a face; each side is the size.
    Cube,
    /// Origin at the centre of a circle of radius = size.
    Cylinder,
    /// From the user outward in a straight line.
    Line,
    /// Origin at a chosen point; radius = size.
    Sphere,
}

/// A Shape in an ability header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct ShapeSpec {
    /// Which shape.
    pub kind: ShapeKind,
    /// Length (cone, line), side (cube) or radius (cylinder, sphere).
    pub size: Distance,
    /// How far from the user the origin may be placed (cube, cylinder, sphere).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Distance>,
    /// A cylinder's height (kept for the sheet; the map is flat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<Distance>,
    /// A True Shape: objects do not block its flow.
    #[serde(default, skip_serializing_if = "is_false")]
    pub r#true: bool,
}

/// What kinds of thing an ability targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum TargetKind {
    /// Creatures.
    #[default]
    Creature,
    /// Objects (kept for the sheet; the map has no objects to target).
    Object,
    /// The user only.
    Myself,
    /// A Shape (see `TargetSpec::shape`).
    Area,
}

/// Which side a target may be on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum TargetSide {
    /// Creatures on another side.
    #[default]
    Enemy,
    /// Creatures on the user's side (the user included).
    Ally,
    /// Anyone.
    Any,
}

/// The Target part of the header.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct TargetSpec {
    /// Kinds of target.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<TargetKind>,
    /// Which side.
    #[serde(default, skip_serializing_if = "is_default")]
    pub side: TargetSide,
    /// A creature must have at least one of these tags (empty = any creature).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// How far a targeted creature may be.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach: Option<Reach>,
    /// How many creatures at most (0 = one).
    #[serde(default, skip_serializing_if = "is_default")]
    pub count: u32,
    /// A Shape instead of picked creatures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<ShapeSpec>,
}

/// Events a Reaction can answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum ReactionTrigger {
    /// Another creature starts an Ability (answered before its Test).
    StartsAbility {
        /// Only creatures on another side.
        #[serde(default, skip_serializing_if = "is_false")]
        enemy: bool,
        /// Only abilities listing this effect type.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        effect: Option<EffectKind>,
        /// Only abilities that target the reacting creature itself.
        #[serde(default, skip_serializing_if = "is_false")]
        targeting_me: bool,
        /// Only abilities of this list ("a Spell").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        category: Option<AbilityCategory>,
        /// Only abilities with this Time ("a Spell with Time: Action").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time: Option<AbilityTime>,
    },
    /// The reacting creature would take damage from an ability whose Test has been made (a
    /// Miss deals none, so it opens no window); answered before the damage is dealt.
    WouldTakeDamage,
    /// An enemy within the ability's reach (its target Distance, else Swinging) starts a move
    /// that ends out of it; answered before it goes, so it is still in reach.
    LeavesReach,
    /// The reacting creature itself has just moved (its own Move): Charge.
    YouMove,
    /// The reacting creature takes damage.
    TakesDamage,
    /// A creature drops to 0 health.
    Drops,
    /// A creature on this side (seen from the reacting creature) drops to 0 health.
    DropsOn(TargetSide),
    /// The reacting creature's own turn starts (after its Beats come back).
    TurnStarts,
    /// The reacting creature's own turn ends (before its Fleeting stacks go).
    TurnEnds,
    /// An enemy starts a damaging ability that targets one of the reacting creature's allies
    /// (not the reacting creature itself); a Reaction aiming at creatures aims at the attacker.
    AllyAttacked,
    /// An enemy's move (its own, or a Push, Pull or Shift) ends within this Distance of the
    /// reacting creature, having started farther away; a Reaction aiming at creatures aims at
    /// the creature that moved.
    Approaches(Distance),
}

/// A condition checked on the user (and its target, where it makes sense).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum Condition {
    /// Always true.
    Always,
    /// The user has at least this many points of a resource.
    Resource(String, i32),
    /// The user has at least one stack of a status.
    HasStatus(#[reflect(status)] String),
    /// The user has no stack of a status.
    NoStatus(#[reflect(status)] String),
    /// The user is at or below half health.
    Bloodied,
    /// The first target is within this Distance of the user.
    TargetWithin(Distance),
    /// Another ally of the user stands within 1u of the first target.
    AllyNearTarget,
    /// The first target has at least one stack of a status.
    TargetHasStatus(#[reflect(status)] String),
    /// No enemy stands within this Distance of the user.
    NoEnemyWithin(Distance),
    /// At least one of these holds (`Any([])` never holds).
    Any(Vec<Condition>),
    /// Every one of these holds (`All([])` always holds).
    All(Vec<Condition>),
    /// This one does not hold.
    Not(Box<Condition>),
}

/// A Component: missing it gives a Disadvantage; a met `spends` Component uses it up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct Component {
    /// As the header writes it ("1 Dodge Point").
    pub name: String,
    /// When it counts as met.
    pub check: Condition,
    /// Spend the resource named by a `Resource` check when met.
    #[serde(default, skip_serializing_if = "is_false")]
    pub spends: bool,
}

/// Statuses a Test can name after its Modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum TestStatus {
    /// Fleeting; a Disadvantage per stack; a stack gained unless the Test fails.
    Strained,
    /// Persistent; a Disadvantage per stack; a stack gained unless the Test fails.
    Exhausted,
    /// A Disadvantage per active Concentration; a fail ends them all.
    Concentrating,
}

impl TestStatus {
    /// The status condition's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Strained => "Strained",
            Self::Exhausted => "Exhausted",
            Self::Concentrating => "Concentrating",
        }
    }
}

/// The Test: a Modifier and optionally a status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct TestSpec {
    /// Modifier name ("Fighter", "Mage", a skill).
    pub modifier: String,
    /// Strained, Exhausted or Concentrating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<TestStatus>,
}

/// A Save the targets make after the Test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct SaveSpec {
    /// The target's Modifier ("Grit", "Edge", "Focus").
    pub modifier: String,
    /// Only when the user chose this Flavor (Frost Bolt's Save is not Fiery Bolt's).
    #[reflect(flavor)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor: Option<String>,
    /// Effects on each target that fails.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on_fail: Vec<Effect>,
    /// Effects on each target that passes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on_pass: Vec<Effect>,
}

/// Effect types for the header (what Reaction Triggers match on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Reflect)]
pub enum EffectKind {
    /// Deals damage.
    Damage,
    /// Restores health.
    Healing,
    /// Applies a status condition.
    Condition,
    /// Moves or hinders.
    Control,
    /// Protects.
    Defense,
    /// Anything else (illusions, light).
    Utility,
}

/// One effect, applied to the targets unless it says "self".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Reflect)]
pub enum Effect {
    /// Damage to each target (`kind` comes from a Flavor when absent): `amount` plus `dice`,
    /// rolled once for all the targets.
    Damage {
        /// Points (added to the dice when there are any).
        #[serde(default)]
        amount: i32,
        /// Dice rolled and added, as text (`"1d6"`, `"2d8"`); see [`super::damage_dice`].
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<String>,
        /// Damage type ("Fire").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<String>,
    },
    /// Health back to each target, up to its maximum.
    Healing(i32),
    /// Stacks of a status on each target.
    Status(#[reflect(status)] String, u32),
    /// Stacks of a status on the user.
    SelfStatus(#[reflect(status)] String, u32),
    /// Extra Beats for the user this turn.
    GainBeats(u32),
    /// Extra Beats for the user this turn, usable only to start these abilities (by id):
    /// Multi-Attack's Beats "to use on Melee Attacks".
    GainBeatsFor(u32, Vec<String>),
    /// The user's turn ends.
    EndTurn,
    /// The user takes this much less damage from the ability that triggered this Reaction.
    Ward(i32),
    /// The user takes less damage from the triggering ability: half of it (rounded down) or
    /// this much, whichever is more ("1 or half, whichever is better").
    WardHalf(i32),
    /// The user takes no damage from the triggering ability ("reduce it to 0").
    WardAll,
    /// The triggering Action becomes a Slow Action (its Test waits for its user's next turn).
    DelayTrigger,
    /// Prepare another ability for the user.
    Prepare {
        /// The ability made usable.
        #[reflect(ability)]
        ability: String,
        /// When it stops being usable.
        expires: Expiry,
    },
    /// Points of a resource for the user.
    GainResource(String, i32),
    /// Points of a resource for the user, never above the cap ("up to a max of 1 Dodge
    /// Point"): name, points, cap.
    GainResourceUpTo(String, i32, i32),
    /// A sustained effect with no mechanical part (an illusion), shown in the log.
    Note(String),
    /// Each target moves up to this many cells straight away from the user, stopping at a wall,
    /// the map's edge or another creature.
    Push(i32),
    /// Each target moves up to this many cells straight toward the user, stopping next to it.
    Pull(i32),
    /// The user moves up to this many cells straight away from the creature whose act
    /// triggered it (a Reaction that escapes an Ability), else from its nearest enemy.
    Shift(i32),
}

/// When a Prepared ability expires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
pub enum Expiry {
    /// After this many uses.
    Uses(u32),
    /// At the end of the user's turn this many rounds later (1 = end of its next turn).
    Rounds(u32),
    /// When the preparing ability's Concentration ends.
    Concentration,
}

/// What each Score band does. An empty Critical band falls back to Low / High.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct Outcomes {
    /// Natural 2.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub critical_failure: Vec<Effect>,
    /// ..6.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub low: Vec<Effect>,
    /// 7..9 (and abilities with no Test).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mixed: Vec<Effect>,
    /// 10..
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub high: Vec<Effect>,
    /// Natural 12.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub critical_success: Vec<Effect>,
}

impl Outcomes {
    /// Every band's effects, Critical Failure to Critical Success.
    pub fn effects(&self) -> impl Iterator<Item = &Effect> {
        [
            &self.critical_failure,
            &self.low,
            &self.mixed,
            &self.high,
            &self.critical_success,
        ]
        .into_iter()
        .flatten()
    }

    /// The effects a Test in `band` applies (an empty Critical band falls back to Low / High).
    #[must_use]
    pub fn for_band(&self, band: super::dice::Band) -> &[Effect] {
        use super::dice::Band;
        match band {
            Band::CriticalFailure if !self.critical_failure.is_empty() => &self.critical_failure,
            Band::CriticalFailure | Band::Low => &self.low,
            Band::Mixed => &self.mixed,
            Band::CriticalSuccess if !self.critical_success.is_empty() => &self.critical_success,
            Band::High | Band::CriticalSuccess => &self.high,
        }
    }
}

/// Flavors to pick when gaining the ability.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct FlavorList {
    /// How many to pick ("Pick One" = 1).
    pub pick: u32,
    /// The options.
    pub options: Vec<Flavor>,
}

/// One Flavor.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct Flavor {
    /// "Fiery Bolt".
    pub name: String,
    /// Damage type its Damage effects deal ("Fire").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_kind: Option<String>,
    /// Replaces the Save modifier ("Grit").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<String>,
}

impl AbilityDef {
    /// The Reaction or Free Reaction Time it has, its main Time first, then `also`.
    #[must_use]
    pub fn reaction_time(&self) -> Option<AbilityTime> {
        std::iter::once(self.time)
            .chain(self.also.iter().copied())
            .find(|t| t.is_reaction())
    }
}

/// A Bonus: optional unless `mandatory`; may cost resource points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    /// Its name.
    pub name: String,
    /// When it can apply.
    #[serde(default = "always", skip_serializing_if = "is_always")]
    pub condition: Condition,
    /// Advantages on the Test.
    #[serde(default, skip_serializing_if = "is_default")]
    pub advantage: u32,
    /// Extra damage on each Damage effect.
    #[serde(default, skip_serializing_if = "is_default")]
    pub extra_damage: i32,
    /// A cost: resource name and points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<(String, i32)>,
    /// Cannot be skipped.
    #[serde(default, skip_serializing_if = "is_false")]
    pub mandatory: bool,
}

/// A Penalty: applied whenever its condition holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct Penalty {
    /// Its name.
    pub name: String,
    /// When it applies.
    pub condition: Condition,
    /// Disadvantages on the Test.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub disadvantage: u32,
    /// The Disadvantages count once per stack the user has of this status ("a Disadvantage
    /// for each stack of Strained"); no stack, no Penalty.
    #[reflect(status)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_stack_of: Option<String>,
}

fn always() -> Condition {
    Condition::Always
}

fn is_always(c: &Condition) -> bool {
    *c == Condition::Always
}

fn one() -> u32 {
    1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_one(v: &u32) -> bool {
    *v == 1
}

/// Upgrade types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
pub enum UpgradeKind {
    /// For Basic abilities.
    #[default]
    Basic,
    /// Fighter abilities and some Basic ones.
    Fighter,
    /// Rogue abilities and some Basic ones.
    Rogue,
    /// Mage abilities and some Basic ones.
    Mage,
    /// Items.
    Item,
    /// Spells.
    Spell,
    /// Any upgrade, ignoring requirements; some upgrades need one.
    Prestige,
}

/// An Upgrade listed on an ability. A name ending `(n)` is part of a series.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Reflect)]
#[serde(deny_unknown_fields)]
pub struct Upgrade {
    /// "Powerful(2)".
    pub name: String,
    /// Which upgrade points buy it.
    pub kind: UpgradeKind,
    /// Minimum level (ignored when bought with a Prestige Upgrade).
    #[serde(default, skip_serializing_if = "is_default")]
    pub min_level: u32,
    /// Extra damage on each Damage effect.
    #[serde(default, skip_serializing_if = "is_default")]
    pub extra_damage: i32,
    /// Extra healing on each Healing effect.
    #[serde(default, skip_serializing_if = "is_default")]
    pub extra_healing: i32,
    /// Advantages on the Test.
    #[serde(default, skip_serializing_if = "is_default")]
    pub advantage: u32,
    /// A longer Distance for the target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach: Option<Distance>,
    /// A Component it removes (by name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drops_component: Option<String>,
}
