//! Compiled content: keyword and card definitions resolved once at load into indices and small
//! enums, so the battle loop never compares strings or allocates.

use crate::model::{CardKind, Player};

/// Index of a card in [`Program::cards`].
pub type CardIdx = u16;
/// Index of a keyword in [`Program::keywords`].
pub type KwIdx = u16;

/// Most slots a battle line may have.
pub const MAX_SLOTS: usize = 16;
/// Most artifacts one creature may carry (a further one fails and is logged).
pub const MAX_ARTIFACTS: usize = 4;
/// Most keywords granted to one creature at once (spells, Pestilence); further grants are dropped.
pub const MAX_GRANTS: usize = 6;
/// Most distinct tribes in one battle's content (they are kept as a bit mask).
pub const MAX_TRIBES: usize = 128;

/// Rule flags a keyword can carry (checked directly by the engine).
pub mod flag {
    /// Attacks a second time after every creature has attacked (Fury).
    pub const ATTACK_TWICE: u8 = 1;
    /// Cannot equip artifacts (Mindless).
    pub const NO_ARTIFACTS: u8 = 2;
    /// Set aside instead of discarded when destroyed (tokens, the Endless Serpent).
    pub const SET_ASIDE: u8 = 4;
    /// Stays put when gaps close, and creatures behind it cannot move past it (the Wall of Ice).
    pub const IMMOVABLE: u8 = 8;
    /// The flag names as written in keyword files.
    pub const NAMES: [(&str, u8); 4] = [
        ("AttackTwice", ATTACK_TWICE),
        ("NoArtifacts", NO_ARTIFACTS),
        ("SetAside", SET_ASIDE),
        ("Immovable", IMMOVABLE),
    ];
}

/// What makes an ability act, as a bit in a trigger mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Hook {
    /// Always on (stat modifiers).
    Static = 0,
    /// Always on, on the bearer alone, by fixed amounts, with no condition (`Armor N`): its sum
    /// never changes, so the hot path adds it once ([`Program::statics_read_stats`] permitting)
    /// instead of at every recomputation.
    FixedStatic,
    /// This creature was summoned.
    Summoned,
    /// Another allied creature was summoned.
    AllySummoned,
    /// Start of each turn.
    StartOfTurn,
    /// End of each turn.
    EndOfTurn,
    /// This creature attacks.
    Attacks,
    /// This creature is attacked.
    Attacked,
    /// This creature was dealt damage.
    Damaged,
    /// This creature was destroyed.
    Destroyed,
    /// An allied creature was destroyed.
    AllyDestroyed,
    /// Another creature was destroyed.
    OtherDestroyed,
    /// Replacement: damage would be dealt to this creature.
    WouldBeDamaged,
    /// Replacement: this creature would deal damage.
    WouldDealDamage,
    /// This artifact is being played.
    Played,
    /// An artifact was attached to this creature.
    Attached,
    /// A trigger this engine does not run (kept for other rule systems).
    Unsupported,
}

impl Hook {
    /// The hook's bit in a trigger mask.
    #[must_use]
    pub const fn bit(self) -> u32 {
        1 << (self as u8)
    }
}

/// A compiled condition. Tribes, keywords and cards are indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cond {
    /// Always true.
    True,
    /// All hold.
    All(Vec<Cond>),
    /// Any holds.
    Any(Vec<Cond>),
    /// Does not hold.
    Not(Box<Cond>),
    /// Damage marked.
    Wounded,
    /// Has the tribe.
    HasTribe(u16),
    /// Has the keyword (printed, from an artifact or granted).
    HasKeyword(KwIdx),
    /// Is a card of this kind.
    IsKind(CardKind),
    /// Is this card.
    IsCard(CardIdx),
    /// Has an artifact.
    HasArtifact,
    /// Stat at least.
    StatAtLeast(StatKind, i32),
    /// Stat at most.
    StatAtMost(StatKind, i32),
    /// Summoned this turn.
    SummonedThisTurn,
    /// At least this many other allies have the keyword.
    AlliesWithKeywordAtLeast(KwIdx, u32),
    /// Controlled by the ability's controller.
    Allied,
    /// Controlled by the opponent.
    Enemy,
    /// Evaluated on the event's source (attacker, damage source) instead.
    Source(Box<Cond>),
    /// The damage comes from an attack.
    AttackDamage,
    /// Attacking the opposing player.
    AttackingPlayer,
    /// Attacking a creature.
    AttackingCreature,
    /// Already dealt damage this turn.
    DamagedThisTurn,
    /// An enemy stands opposite.
    HasEnemyOpposite,
    /// Came back after being destroyed.
    Returned,
    /// A condition this engine cannot check (never holds).
    Unsupported,
}

/// The stats the battle line tracks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StatKind {
    /// Attack.
    Attack,
    /// Life.
    Life,
    /// Armor.
    Armor,
}

/// A compiled amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Amt {
    /// The keyword's value.
    Value,
    /// A fixed number.
    Fixed(i32),
    /// The bearer's effective attack.
    OwnAttack,
    /// The damage that triggered this.
    DamageTaken,
    /// Other allies of a tribe.
    AlliesOfTribe(u16),
    /// Other allies with a keyword.
    AlliesWithKeyword(KwIdx),
    /// Adjacent allies.
    AdjacentAllies,
    /// Artifacts on allied creatures (the bearer's included).
    AlliedArtifacts,
    /// Artifacts on the bearer.
    OwnArtifacts,
    /// A product.
    Times(Box<Amt>, Box<Amt>),
}

/// A compiled target selector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sel {
    /// The bearer.
    This,
    /// The bearer's player.
    Controller,
    /// The other player.
    Opponent,
    /// The enemy in the bearer's slot.
    EnemyOpposite,
    /// The enemy in the first occupied slot.
    FrontEnemy,
    /// The enemy in the last occupied slot.
    LastEnemy,
    /// All enemies.
    AllEnemies,
    /// A random enemy.
    RandomEnemy,
    /// The enemy with the highest attack (nearest slot 1 on ties).
    StrongestEnemy,
    /// Other allies, optionally of a tribe.
    OtherAllies(Option<u16>),
    /// Allies in the slots next to the bearer.
    AdjacentAllies,
    /// The ally in slot 1, unless it is the bearer (nobody while slot 1 is empty).
    FrontAlly,
    /// The most damaged other ally (damage > 0; nearest slot 1 on ties).
    MostDamagedAlly,
    /// Other allies with an artifact.
    AlliesWithArtifacts,
    /// The creature being attacked.
    AttackedCreature,
    /// Enemies next to the attacked slot.
    AdjacentToAttacked,
    /// The attacker / damage source.
    Attacker,
    /// The creature the event was about.
    EventSubject,
    /// Allies (the bearer included) meeting a condition.
    AlliesWhere(Cond),
    /// The first ally meeting a condition.
    FirstAllyWhere(Cond),
    /// Enemies meeting a condition.
    EnemiesWhere(Cond),
    /// The first enemy meeting a condition.
    FirstEnemyWhere(Cond),
    /// Every creature meeting a condition.
    AllMatching(Cond),
    /// A selector this engine does not run (selects nothing).
    Unsupported,
}

/// A compiled effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Eff {
    /// Deal damage (to creatures, or to a player target).
    Damage(Amt),
    /// Deal damage to the opposing player.
    DamageOpponent(Amt),
    /// Heal up to N (a player target gains life).
    Heal(Amt),
    /// Heal all damage.
    HealAll,
    /// A player gains life.
    GainLife(Amt),
    /// Static stat change.
    Modify(StatKind, Amt),
    /// Permanent stat change.
    ModifyPermanently(StatKind, Amt),
    /// Grant a keyword (value 0) until `until`.
    Grant(KwIdx, Until),
    /// Cannot attack this turn.
    PreventAttack,
    /// Destroy.
    Destroy,
    /// Destroy the first artifact.
    DestroyArtifact,
    /// Remove from the game (no death).
    RemoveFromGame,
    /// Move to slot 1.
    MoveToFront,
    /// Move to the back.
    MoveToBack,
    /// Return at end of turn.
    ReturnAtEndOfTurn,
    /// Put a card into a line.
    Summon(CardIdx, bool),
    /// Replace with another card.
    Transform(CardIdx),
    /// Replacement: prevent.
    PreventDamage,
    /// Replacement: reduce.
    ReduceDamage(Amt),
    /// Replacement: increase.
    IncreaseDamage(Amt),
    /// Replacement: redirect to the target.
    RedirectDamage,
    /// Played: attach here.
    AttachTo,
    /// Combine a group into new cards.
    Combine(KwIdx, u32, Vec<CardIdx>),
    /// An effect this engine does not run (logged).
    Unsupported,
}

/// How long a grant lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// Until the end of this turn.
    EndOfTurn,
    /// For good.
    Forever,
}

/// A compiled ability.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbilityProgram {
    /// When it acts.
    pub hook: Hook,
    /// `AllySummoned(tribe)`: the tribe.
    pub hook_tribe: Option<u16>,
    /// Extra condition (on the bearer).
    pub condition: Cond,
    /// Targets.
    pub target: Sel,
    /// Effects in order.
    pub effects: Vec<Eff>,
    /// The same ability in its quick form ([`AbilityProgram::quick_form`]), when it has one:
    /// set once at compile time, read by every resolution.
    pub quick: Option<Quick>,
}

/// A triggered ability of the commonest shape (Bolt, Terrify, Regen, Berserk): no condition,
/// one target picked without a list (the bearer or a random enemy), one effect of the kinds a
/// resolution applies inline, by an amount known without reading the board. A resolution reads
/// these three small fields instead of matching the condition, selector, effect list and
/// amount tree; it logs, draws and changes exactly what the general path does
/// (`quick_forms_match_the_general_path`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quick {
    /// Whom it acts on.
    pub target: QuickTarget,
    /// What it does.
    pub effect: QuickEffect,
    /// By how much (unused by [`QuickEffect::PreventAttack`]).
    pub amount: QuickAmount,
}

/// [`Quick::target`]: the selectors [`super::state::State::select_one`] picks inline and that
/// always pick a creature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuickTarget {
    /// [`Sel::This`].
    This,
    /// [`Sel::RandomEnemy`].
    RandomEnemy,
}

/// [`Quick::effect`]: the effects on a creature that take an amount (or none), applied by
/// [`super::state::State::apply_to_creature`] for the general path and the quick one alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuickEffect {
    /// [`Eff::Damage`].
    Damage,
    /// [`Eff::Heal`].
    Heal,
    /// [`Eff::Modify`] or [`Eff::ModifyPermanently`] (a triggered stat change is permanent).
    Modify(StatKind),
    /// [`Eff::PreventAttack`].
    PreventAttack,
}

/// [`Quick::amount`]: the amounts known without reading the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuickAmount {
    /// [`Amt::Value`].
    Value,
    /// [`Amt::Fixed`].
    Fixed(i32),
    /// [`Amt::DamageTaken`].
    DamageTaken,
}

impl QuickAmount {
    /// The amount, as [`super::state::State::amount`] works it out for the same [`Amt`].
    #[must_use]
    #[inline]
    pub fn of(self, value: i32, damage_taken: i32) -> i32 {
        match self {
            QuickAmount::Value => value,
            QuickAmount::Fixed(n) => n,
            QuickAmount::DamageTaken => damage_taken,
        }
    }
}

/// A compiled keyword.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeywordProgram {
    /// Name as defined.
    pub name: String,
    /// Whether it takes a value.
    pub has_param: bool,
    /// Abilities.
    pub abilities: Vec<AbilityProgram>,
    /// Rule flags (see [`flag`]).
    pub flags: u8,
    /// Union of the abilities' hook bits.
    pub hooks: u32,
}

/// A compiled card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardProgram {
    /// The id.
    pub id: String,
    /// The printed name.
    pub name: String,
    /// Creature, artifact or spell.
    pub kind: CardKind,
    /// Printed attack.
    pub attack: i32,
    /// Printed life.
    pub life: i32,
    /// Tribe bits.
    pub tribes: u128,
    /// Keywords with values, in printed order.
    pub keywords: Vec<(KwIdx, i32)>,
    /// Every ability of those keywords, flattened in the same order (the hot path looks an
    /// ability up by its hook here instead of walking keyword by keyword).
    pub abilities: Vec<PrintedAbility>,
    /// Union of the keywords' hook bits.
    pub hooks: u32,
    /// Union of the keywords' flags.
    pub flags: u8,
}

/// One ability of a card's printed keywords.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrintedAbility {
    /// When it acts.
    pub hook: Hook,
    /// Its keyword.
    pub keyword: KwIdx,
    /// Which of the keyword's abilities.
    pub ability: u8,
    /// The keyword's value on the card.
    pub value: i32,
    /// The ability's [`AbilityProgram::quick`], kept here too: a start or end of turn walk
    /// resolves it from the card alone.
    pub quick: Option<Quick>,
}

/// Everything a battle needs from its content, compiled.
#[allow(clippy::struct_excessive_bools)] // independent facts about the statics in play, each gating a shortcut
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Program {
    /// Cards by index.
    pub cards: Vec<CardProgram>,
    /// Keywords by index.
    pub keywords: Vec<KeywordProgram>,
    /// Tribe names by bit.
    pub tribes: Vec<String>,
    /// Whether any static ability reads damage (`Wounded`, `DamagedThisTurn`, `MostDamagedAlly`):
    /// only then does dealing or healing damage force a stat recomputation.
    pub statics_read_damage: bool,
    /// Whether any static ability reads effective stats (`StatAtLeast`, `StrongestEnemy`,
    /// `OwnAttack`): only then does a permanent stat change force a full recomputation.
    pub statics_read_stats: bool,
    /// Whether any static ability other than a [`Hook::FixedStatic`] one changes life: only
    /// then can a recomputation leave a creature at 0 life that was not already.
    pub statics_modify_life: bool,
    /// When every static ability in play is local ([`AbilityProgram::local_reach`]), the
    /// farthest any reaches: a creature's stats then depend only on the creatures within that
    /// many slots of it in its own line, so a line change patches the stats of the creatures
    /// near the slots that changed instead of recomputing every creature's. `None` otherwise.
    pub statics_reach: Option<u8>,
    /// Whether every static ability in play has a neighbour shape
    /// ([`AbilityProgram::neighbour_bonus`]): a line change then patches stats from each
    /// creature's [`NeighbourBonus`] instead of walking the abilities.
    pub statics_by_neighbours: bool,
    /// With [`Program::statics_by_neighbours`]: the one stat every static ability in play
    /// changes, when they all change the same one (`Incite` and `Swarm`: attack). A neighbour
    /// patch then works out that stat alone: the others stay their folded base. `None` when
    /// they change several stats, or none.
    pub neighbour_stat: Option<StatKind>,
}

impl AbilityProgram {
    /// The ability's [`Quick`] form, when it is a triggered ability of that shape (what
    /// [`AbilityProgram::quick`] holds). Every other ability, whatever a designer writes, keeps
    /// the general path.
    #[must_use]
    pub fn quick_form(&self) -> Option<Quick> {
        // Statics and replacements are read by other code; only triggers resolve.
        if matches!(
            self.hook,
            Hook::Static
                | Hook::FixedStatic
                | Hook::WouldBeDamaged
                | Hook::WouldDealDamage
                | Hook::Played
                | Hook::Unsupported
        ) || self.condition != Cond::True
        {
            return None;
        }
        let target = match self.target {
            Sel::This => QuickTarget::This,
            Sel::RandomEnemy => QuickTarget::RandomEnemy,
            _ => return None,
        };
        let [effect] = &self.effects[..] else {
            return None;
        };
        let amount = |a: &Amt| match a {
            Amt::Value => Some(QuickAmount::Value),
            Amt::Fixed(n) => Some(QuickAmount::Fixed(*n)),
            Amt::DamageTaken => Some(QuickAmount::DamageTaken),
            _ => None,
        };
        let (effect, amount) = match effect {
            Eff::Damage(a) => (QuickEffect::Damage, amount(a)?),
            Eff::Heal(a) => (QuickEffect::Heal, amount(a)?),
            Eff::Modify(stat, a) | Eff::ModifyPermanently(stat, a) => {
                (QuickEffect::Modify(*stat), amount(a)?)
            }
            Eff::PreventAttack => (QuickEffect::PreventAttack, QuickAmount::Fixed(0)),
            _ => return None,
        };
        Some(Quick {
            target,
            effect,
            amount,
        })
    }

    /// What a [`Hook::FixedStatic`] ability adds to its bearer's attack, life and armor.
    #[must_use]
    pub fn fixed_modifiers(&self, value: i32) -> [i32; 3] {
        let mut sum = [0; 3];
        for effect in &self.effects {
            match effect {
                Eff::Modify(stat, Amt::Value) => sum[*stat as usize] += value,
                Eff::Modify(stat, Amt::Fixed(n)) => sum[*stat as usize] += n,
                _ => {}
            }
        }
        sum
    }
}

/// What a creature's static abilities do through its neighbours, when that is all they do
/// (every static ability in play of a shape [`AbilityProgram::neighbour_bonus`] knows,
/// [`Program::statics_by_neighbours`]): a creature's effective stats are then its folded base,
/// plus `to_each` of each ally beside it, plus its own `per_neighbour` times how many allies
/// stand beside it. The hot path patches stats by that sum instead of walking each ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NeighbourBonus {
    /// What it adds to each ally beside it (Incite: +2 attack).
    pub to_each: [i32; 3],
    /// What it adds to itself for each ally beside it (Swarm N: +N attack).
    pub per_neighbour: [i32; 3],
}

impl NeighbourBonus {
    /// Adds another ability's bonus.
    pub fn add(&mut self, other: NeighbourBonus) {
        for i in 0..3 {
            self.to_each[i] += other.to_each[i];
            self.per_neighbour[i] += other.per_neighbour[i];
        }
    }
}

impl AbilityProgram {
    /// For a [`Hook::Static`] ability with the keyword's `value`: what it does through its
    /// bearer's neighbours, when it is one of the neighbour shapes, with no condition: fixed
    /// amounts to the allies beside it (`Incite`), or an amount per ally beside it to itself
    /// (`Swarm N`: `Times(Value, AdjacentAllies)`). `None` for any other ability; whether it
    /// is `None` does not depend on `value`. The same sums [`super::stats`]'s general walk
    /// adds, checked against it by `patched_stats_match_a_full_recomputation`.
    #[must_use]
    pub fn neighbour_bonus(&self, value: i32) -> Option<NeighbourBonus> {
        if self.hook != Hook::Static || self.condition != Cond::True {
            return None;
        }
        let constant = |a: &Amt| match a {
            Amt::Value => Some(value),
            Amt::Fixed(n) => Some(*n),
            _ => None,
        };
        let mut bonus = NeighbourBonus::default();
        for effect in &self.effects {
            // A static ability applies its `Modify` effects only.
            let Eff::Modify(stat, amount) = effect else {
                continue;
            };
            let stat = *stat as usize;
            match self.target {
                Sel::AdjacentAllies => bonus.to_each[stat] += constant(amount)?,
                Sel::This => {
                    bonus.per_neighbour[stat] += match amount {
                        Amt::AdjacentAllies => 1,
                        Amt::Times(a, b) => match (&**a, &**b) {
                            (Amt::AdjacentAllies, n) | (n, Amt::AdjacentAllies) => constant(n)?,
                            _ => return None,
                        },
                        _ => return None,
                    };
                }
                _ => return None,
            }
        }
        Some(bonus)
    }

    /// For a static ability: how many slots away from its bearer, in the bearer's own line,
    /// the creatures it changes and the creatures its amounts count can be (`Incite`, the
    /// neighbours: 1; `Swarm`, itself by its neighbours: 0 + 1), when nothing else about the
    /// board matters to it (no condition, no other selector or amount). `None` when it may
    /// reach further.
    #[must_use]
    pub fn local_reach(&self) -> Option<u8> {
        if self.condition != Cond::True {
            return None;
        }
        let target = match self.target {
            Sel::This => 0,
            Sel::AdjacentAllies => 1,
            _ => return None,
        };
        let mut amount = 0;
        for effect in &self.effects {
            // A static ability applies its `Modify` effects only.
            if let Eff::Modify(_, a) = effect {
                amount = amount.max(a.local_reach()?);
            }
        }
        Some(target + amount)
    }
}

impl Amt {
    /// How many slots away from the bearer, in its own line, the creatures this amount counts
    /// can be (0: the bearer alone, or nobody); `None` for a count over a whole line, and for
    /// amounts that read effective stats or the event.
    #[must_use]
    pub fn local_reach(&self) -> Option<u8> {
        match self {
            Amt::Value | Amt::Fixed(_) | Amt::OwnArtifacts => Some(0),
            Amt::AdjacentAllies => Some(1),
            Amt::Times(a, b) => Some(a.local_reach()?.max(b.local_reach()?)),
            Amt::OwnAttack
            | Amt::DamageTaken
            | Amt::AlliesOfTribe(_)
            | Amt::AlliesWithKeyword(_)
            | Amt::AlliedArtifacts => None,
        }
    }

    /// Whether the amount depends on effective stats.
    #[must_use]
    pub fn reads_stats(&self) -> bool {
        match self {
            Amt::OwnAttack => true,
            Amt::Times(a, b) => a.reads_stats() || b.reads_stats(),
            _ => false,
        }
    }
}

impl Cond {
    /// Whether the condition depends on effective stats.
    #[must_use]
    pub fn reads_stats(&self) -> bool {
        match self {
            Cond::All(v) | Cond::Any(v) => v.iter().any(Cond::reads_stats),
            Cond::Not(c) | Cond::Source(c) => c.reads_stats(),
            Cond::StatAtLeast(..) | Cond::StatAtMost(..) => true,
            _ => false,
        }
    }

    /// Whether the condition depends on damage marked.
    #[must_use]
    pub fn reads_damage(&self) -> bool {
        match self {
            Cond::All(v) | Cond::Any(v) => v.iter().any(Cond::reads_damage),
            Cond::Not(c) | Cond::Source(c) => c.reads_damage(),
            Cond::Wounded
            | Cond::DamagedThisTurn
            | Cond::StatAtLeast(..)
            | Cond::StatAtMost(..) => true,
            _ => false,
        }
    }
}

impl Sel {
    /// Whether it picks at most one target ([`super::state::State::select_one`] picks it).
    /// Every selector is named, so a new one must say.
    #[must_use]
    pub fn picks_one(&self) -> bool {
        match self {
            Sel::This
            | Sel::Controller
            | Sel::Opponent
            | Sel::EnemyOpposite
            | Sel::FrontEnemy
            | Sel::LastEnemy
            | Sel::RandomEnemy
            | Sel::StrongestEnemy
            | Sel::FrontAlly
            | Sel::MostDamagedAlly
            | Sel::AttackedCreature
            | Sel::Attacker
            | Sel::EventSubject
            | Sel::FirstAllyWhere(_)
            | Sel::FirstEnemyWhere(_) => true,
            Sel::AllEnemies
            | Sel::OtherAllies(_)
            | Sel::AdjacentAllies
            | Sel::AlliesWithArtifacts
            | Sel::AdjacentToAttacked
            | Sel::AlliesWhere(_)
            | Sel::EnemiesWhere(_)
            | Sel::AllMatching(_)
            | Sel::Unsupported => false,
        }
    }

    /// Whether the selection depends on damage marked.
    #[must_use]
    pub fn reads_damage(&self) -> bool {
        match self {
            Sel::MostDamagedAlly | Sel::StrongestEnemy => true,
            Sel::AlliesWhere(c)
            | Sel::FirstAllyWhere(c)
            | Sel::EnemiesWhere(c)
            | Sel::FirstEnemyWhere(c)
            | Sel::AllMatching(c) => c.reads_damage(),
            _ => false,
        }
    }
}

impl Program {
    /// Works out [`Program::statics_read_damage`], [`Program::statics_read_stats`],
    /// [`Program::statics_modify_life`] and [`Program::statics_reach`] over the keywords `in_play` says may appear.
    pub fn set_static_flags(&mut self, in_play: impl Fn(KwIdx) -> bool) {
        let statics = || {
            self.keywords
                .iter()
                .enumerate()
                .filter(|(k, _)| in_play(*k as KwIdx))
                .flat_map(|(_, k)| k.abilities.iter())
                .filter(|a| a.hook == Hook::Static)
        };
        let read_damage = statics().any(|a| a.condition.reads_damage() || a.target.reads_damage());
        let read_stats = statics().any(|a| {
            a.condition.reads_stats()
                || a.target.reads_damage()
                || a.effects
                    .iter()
                    .any(|e| matches!(e, Eff::Modify(_, amt) if amt.reads_stats()))
        });
        let modify_life = statics().any(|a| {
            a.effects
                .iter()
                .any(|e| matches!(e, Eff::Modify(StatKind::Life, _)))
        });
        // Local statics read neither damage nor stats; the check keeps the two in step.
        let reach = if read_damage || read_stats {
            None
        } else {
            statics().try_fold(0, |reach: u8, a| Some(reach.max(a.local_reach()?)))
        };
        self.statics_read_damage = read_damage;
        self.statics_read_stats = read_stats;
        self.statics_modify_life = modify_life;
        self.statics_reach = reach;
        self.statics_by_neighbours = statics().all(|a| a.neighbour_bonus(0).is_some());
        let mut changed = statics().flat_map(|a| &a.effects).filter_map(|e| match e {
            Eff::Modify(stat, _) => Some(*stat),
            _ => None,
        });
        let first = changed.next();
        self.neighbour_stat = first.filter(|&stat| changed.all(|other| other == stat));
    }

    /// The keywords that can come into play from these cards: their own, those their
    /// abilities grant, and those of the cards they summon, transform into or combine into.
    #[must_use]
    pub fn reachable_keywords(&self, cards: impl IntoIterator<Item = CardIdx>) -> Vec<bool> {
        let mut card_seen = vec![false; self.cards.len()];
        let mut keyword_seen = vec![false; self.keywords.len()];
        let mut cards: Vec<CardIdx> = cards.into_iter().collect();
        let mut keywords: Vec<KwIdx> = Vec::new();
        loop {
            if let Some(card) = cards.pop() {
                if std::mem::replace(&mut card_seen[card as usize], true) {
                    continue;
                }
                keywords.extend(self.cards[card as usize].keywords.iter().map(|&(k, _)| k));
            } else if let Some(keyword) = keywords.pop() {
                if std::mem::replace(&mut keyword_seen[keyword as usize], true) {
                    continue;
                }
                for effect in self.keywords[keyword as usize]
                    .abilities
                    .iter()
                    .flat_map(|a| a.effects.iter())
                {
                    match effect {
                        Eff::Grant(k, _) => keywords.push(*k),
                        Eff::Summon(card, _) | Eff::Transform(card) => cards.push(*card),
                        Eff::Combine(_, _, into) => cards.extend(into.iter().copied()),
                        _ => {}
                    }
                }
            } else {
                return keyword_seen;
            }
        }
    }

    /// The cards some keyword's ability creates (summons, transforms into, combines into):
    /// tokens, by index.
    #[must_use]
    pub fn created_cards(&self) -> Vec<bool> {
        let mut created = vec![false; self.cards.len()];
        for effect in self
            .keywords
            .iter()
            .flat_map(|k| k.abilities.iter())
            .flat_map(|a| a.effects.iter())
        {
            match effect {
                Eff::Summon(card, _) | Eff::Transform(card) => created[*card as usize] = true,
                Eff::Combine(_, _, into) => {
                    for &card in into {
                        created[card as usize] = true;
                    }
                }
                _ => {}
            }
        }
        created
    }

    /// The card index of an id.
    #[must_use]
    pub fn card_index(&self, id: &str) -> Option<CardIdx> {
        self.cards
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as CardIdx)
    }

    /// The keyword index of a name (any case).
    #[must_use]
    pub fn keyword_index(&self, name: &str) -> Option<KwIdx> {
        let wanted = crate::model::keyword::normalise(name);
        self.keywords
            .iter()
            .position(|k| crate::model::keyword::normalise(&k.name) == wanted)
            .map(|i| i as KwIdx)
    }
}

/// A player as an index: A = 0, B = 1.
#[must_use]
pub fn side(player: Player) -> usize {
    player.index()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn static_ability(target: Sel, effects: Vec<Eff>) -> AbilityProgram {
        AbilityProgram {
            hook: Hook::Static,
            hook_tribe: None,
            condition: Cond::True,
            target,
            effects,
            quick: None,
        }
    }

    fn times(a: Amt, b: Amt) -> Amt {
        Amt::Times(Box::new(a), Box::new(b))
    }

    #[test]
    fn neighbour_shapes_give_their_bonus() {
        // Incite's shape: fixed amounts to the allies beside the bearer.
        let incite = static_ability(
            Sel::AdjacentAllies,
            vec![
                Eff::Modify(StatKind::Attack, Amt::Fixed(2)),
                Eff::Modify(StatKind::Life, Amt::Value),
            ],
        );
        let bonus = incite.neighbour_bonus(3).unwrap();
        assert_eq!((bonus.to_each, bonus.per_neighbour), ([2, 3, 0], [0; 3]));
        // Swarm's shape: an amount per ally beside, to the bearer, either way round.
        let swarm = static_ability(
            Sel::This,
            vec![
                Eff::Modify(StatKind::Attack, times(Amt::Value, Amt::AdjacentAllies)),
                Eff::Modify(StatKind::Armor, times(Amt::AdjacentAllies, Amt::Fixed(4))),
                Eff::Modify(StatKind::Armor, Amt::AdjacentAllies),
            ],
        );
        let bonus = swarm.neighbour_bonus(2).unwrap();
        assert_eq!((bonus.to_each, bonus.per_neighbour), ([0; 3], [2, 0, 5]));
    }

    #[test]
    fn other_statics_have_no_neighbour_shape() {
        let not_shaped = [
            static_ability(
                Sel::OtherAllies(None),
                vec![Eff::Modify(StatKind::Attack, Amt::Fixed(1))],
            ),
            static_ability(
                Sel::AdjacentAllies,
                vec![Eff::Modify(StatKind::Attack, Amt::AdjacentAllies)],
            ),
            static_ability(
                Sel::This,
                vec![Eff::Modify(
                    StatKind::Attack,
                    times(Amt::AdjacentAllies, Amt::AdjacentAllies),
                )],
            ),
            static_ability(
                Sel::This,
                vec![Eff::Modify(StatKind::Attack, Amt::OwnAttack)],
            ),
            AbilityProgram {
                condition: Cond::Wounded,
                ..static_ability(
                    Sel::AdjacentAllies,
                    vec![Eff::Modify(StatKind::Attack, Amt::Fixed(1))],
                )
            },
        ];
        for ability in not_shaped {
            assert_eq!(ability.neighbour_bonus(1), None, "{ability:?}");
        }
    }
}
