//! Turns the data model's abilities into [`Program`] parts: every keyword, card and tribe name
//! resolved to an index, unknown names reported where they are written.

use std::collections::HashMap;
use std::path::Path;

use crate::diag::{Diagnostics, locate_literal};
use crate::model::keyword::normalise;
use crate::model::{
    Ability, AbilityKind, Amount, Condition, Duration, Effect, KeywordDef, Stat, Target, Trigger,
};

use super::origin::Origin;
use super::program::{
    AbilityProgram, Amt, CardIdx, Cond, Eff, Hook, KeywordProgram, KwIdx, MAX_TRIBES, Program, Sel,
    StatKind, Until, flag,
};

/// Compiles definitions into a program it borrows.
pub struct Compiler<'p> {
    program: &'p mut Program,
    /// Keyword indices by normalised name and card indices by id, the first of each as
    /// [`Program::keyword_index`] and [`Program::card_index`] find it: a pack of 30,000 cards
    /// looks its names up here instead of walking the tables once per name.
    keyword_names: HashMap<String, KwIdx>,
    card_ids: HashMap<String, CardIdx>,
}

struct Ctx<'a> {
    file: &'a Path,
    source: &'a str,
}

impl<'p> Compiler<'p> {
    /// A compiler filling `program` (whose keyword and card tables are already listed).
    pub fn new(program: &'p mut Program) -> Self {
        let mut keyword_names = HashMap::new();
        for (i, keyword) in program.keywords.iter().enumerate() {
            keyword_names
                .entry(normalise(&keyword.name))
                .or_insert(i as KwIdx);
        }
        let mut card_ids = HashMap::new();
        for (i, card) in program.cards.iter().enumerate() {
            card_ids.entry(card.id.clone()).or_insert(i as CardIdx);
        }
        Self {
            program,
            keyword_names,
            card_ids,
        }
    }

    /// The keyword index of a name (any case), as [`Program::keyword_index`] gives it.
    #[must_use]
    pub fn keyword_index(&self, name: &str) -> Option<KwIdx> {
        self.keyword_names.get(&normalise(name)).copied()
    }

    /// The program so far.
    #[must_use]
    pub fn program(&self) -> &Program {
        self.program
    }

    /// The program so far, mutable.
    pub fn program_mut(&mut self) -> &mut Program {
        self.program
    }

    /// Compiles keyword `index` from its definition.
    pub fn keyword(
        &mut self,
        index: usize,
        def: &KeywordDef,
        origin: &Origin,
        diags: &mut Diagnostics,
    ) {
        let ctx = Ctx {
            file: &origin.file,
            source: &origin.source,
        };
        let mut flags = 0;
        for name in &def.flags {
            match flag::NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
                Some((_, bit)) => flags |= bit,
                None => diags.error(
                    ctx.file,
                    locate_literal(ctx.source, name, 0),
                    format!(
                        "unknown flag `{name}` on keyword `{}` (known: AttackTwice, NoArtifacts, SetAside, Immovable)",
                        def.name
                    ),
                ),
            }
        }
        let abilities: Vec<AbilityProgram> = def
            .abilities
            .iter()
            .map(|a| self.ability(a, &ctx, diags))
            .collect();
        let hooks = abilities.iter().fold(0, |h, a| h | a.hook.bit());
        let entry = &mut self.program.keywords[index];
        entry.abilities = abilities;
        entry.flags = flags;
        entry.hooks = hooks;
    }

    /// Appends and compiles a new keyword (a card's own abilities), returning its index.
    pub fn push_keyword(
        &mut self,
        def: &KeywordDef,
        origin: &Origin,
        diags: &mut Diagnostics,
    ) -> KwIdx {
        let index = self.program.keywords.len();
        self.keyword_names
            .entry(normalise(&def.name))
            .or_insert(index as KwIdx);
        self.program.keywords.push(KeywordProgram {
            name: def.name.clone(),
            has_param: false,
            abilities: Vec::new(),
            flags: 0,
            hooks: 0,
        });
        self.keyword(index, def, origin, diags);
        index as KwIdx
    }

    /// The bit of a tribe (interned on first use).
    pub fn tribe(
        &mut self,
        name: &str,
        file: &Path,
        source: &str,
        diags: &mut Diagnostics,
    ) -> Option<u16> {
        if let Some(i) = self
            .program
            .tribes
            .iter()
            .position(|t| t.eq_ignore_ascii_case(name))
        {
            return Some(i as u16);
        }
        if self.program.tribes.len() >= MAX_TRIBES {
            diags.error(
                file,
                locate_literal(source, name, 0),
                format!("more than {MAX_TRIBES} different tribes in one battle"),
            );
            return None;
        }
        self.program.tribes.push(name.to_owned());
        Some((self.program.tribes.len() - 1) as u16)
    }

    fn tribe_in(&mut self, name: &str, ctx: &Ctx<'_>, diags: &mut Diagnostics) -> u16 {
        self.tribe(name, ctx.file, ctx.source, diags).unwrap_or(0)
    }

    fn keyword_ref(&mut self, name: &str, ctx: &Ctx<'_>, diags: &mut Diagnostics) -> KwIdx {
        self.keyword_index(name).unwrap_or_else(|| {
            diags.error(
                ctx.file,
                locate_literal(ctx.source, name, 0),
                format!("unknown keyword `{name}`"),
            );
            0
        })
    }

    fn card_ref(&mut self, id: &str, ctx: &Ctx<'_>, diags: &mut Diagnostics) -> u16 {
        self.card_ids.get(id).copied().unwrap_or_else(|| {
            diags.error(
                ctx.file,
                locate_literal(ctx.source, id, 0),
                format!("unknown card id `{id}`"),
            );
            0
        })
    }

    fn ability(&mut self, a: &Ability, ctx: &Ctx<'_>, diags: &mut Diagnostics) -> AbilityProgram {
        let mut hook_tribe = None;
        let hook = match &a.kind {
            AbilityKind::Static => Hook::Static,
            AbilityKind::Triggered(t) | AbilityKind::Replacement { replaces: t, .. } => match t {
                Trigger::Summoned => Hook::Summoned,
                Trigger::AllySummoned { tribe } => {
                    hook_tribe = tribe.as_deref().map(|t| self.tribe_in(t, ctx, diags));
                    Hook::AllySummoned
                }
                Trigger::StartOfTurn => Hook::StartOfTurn,
                Trigger::EndOfTurn => Hook::EndOfTurn,
                Trigger::Attacks | Trigger::AttacksCreature => Hook::Attacks,
                Trigger::Attacked => Hook::Attacked,
                Trigger::Damaged => Hook::Damaged,
                Trigger::Destroyed => Hook::Destroyed,
                Trigger::AllyDestroyed => Hook::AllyDestroyed,
                Trigger::OtherDestroyed => Hook::OtherDestroyed,
                Trigger::WouldBeDamaged => Hook::WouldBeDamaged,
                Trigger::WouldDealDamage => Hook::WouldDealDamage,
                Trigger::Played | Trigger::CardPlayed => Hook::Played,
                Trigger::Attached => Hook::Attached,
                Trigger::PhaseBegins(_)
                | Trigger::YourPhaseBegins(_)
                | Trigger::Named(_)
                | Trigger::StartOfYourTurn
                | Trigger::SeasonEnds
                | Trigger::Hits
                | Trigger::Kills
                | Trigger::ChampionLevelsUp => Hook::Unsupported,
            },
            AbilityKind::Activated { .. } => Hook::Unsupported,
        };
        let mut condition = match &a.condition {
            Some(c) => self.cond(c, ctx, diags),
            None => Cond::True,
        };
        if matches!(a.kind, AbilityKind::Triggered(Trigger::AttacksCreature)) {
            condition = Cond::All(vec![Cond::AttackingCreature, condition]);
        }
        let until = match a.duration {
            Duration::Indefinite => Until::Forever,
            _ => Until::EndOfTurn,
        };
        let mut ability = AbilityProgram {
            hook,
            hook_tribe,
            condition,
            target: self.target(&a.target, ctx, diags),
            effects: a
                .effects
                .iter()
                .map(|e| self.effect(e, until, ctx, diags))
                .collect(),
            quick: None,
        };
        let fixed = ability.hook == Hook::Static
            && ability.condition == Cond::True
            && ability.target == Sel::This
            && ability
                .effects
                .iter()
                .all(|e| matches!(e, Eff::Modify(_, Amt::Value | Amt::Fixed(_))));
        if fixed {
            ability.hook = Hook::FixedStatic;
        }
        ability.quick = ability.quick_form();
        ability
    }

    fn cond(&mut self, c: &Condition, ctx: &Ctx<'_>, diags: &mut Diagnostics) -> Cond {
        match c {
            Condition::All(v) => Cond::All(v.iter().map(|c| self.cond(c, ctx, diags)).collect()),
            Condition::Any(v) => Cond::Any(v.iter().map(|c| self.cond(c, ctx, diags)).collect()),
            Condition::Not(c) => Cond::Not(Box::new(self.cond(c, ctx, diags))),
            Condition::Wounded => Cond::Wounded,
            Condition::HasTribe(t) => Cond::HasTribe(self.tribe_in(t, ctx, diags)),
            Condition::HasKeyword(k) => Cond::HasKeyword(self.keyword_ref(k, ctx, diags)),
            Condition::IsKind(k) => crate::model::CardKind::ALL
                .iter()
                .find(|kind| kind.name().eq_ignore_ascii_case(k))
                .map_or(Cond::Unsupported, |kind| Cond::IsKind(*kind)),
            Condition::IsCard(id) => Cond::IsCard(self.card_ref(id, ctx, diags)),
            Condition::HasArtifact => Cond::HasArtifact,
            Condition::StatAtLeast(s, v) => {
                stat(s).map_or(Cond::Unsupported, |s| Cond::StatAtLeast(s, *v))
            }
            Condition::StatAtMost(s, v) => {
                stat(s).map_or(Cond::Unsupported, |s| Cond::StatAtMost(s, *v))
            }
            Condition::SummonedThisTurn => Cond::SummonedThisTurn,
            Condition::AlliesWithKeywordAtLeast(k, n) => {
                Cond::AlliesWithKeywordAtLeast(self.keyword_ref(k, ctx, diags), *n)
            }
            Condition::Allied => Cond::Allied,
            Condition::Enemy => Cond::Enemy,
            Condition::Source(c) => Cond::Source(Box::new(self.cond(c, ctx, diags))),
            Condition::AttackDamage => Cond::AttackDamage,
            Condition::AttackingPlayer => Cond::AttackingPlayer,
            Condition::AttackingCreature => Cond::AttackingCreature,
            Condition::DamagedThisTurn => Cond::DamagedThisTurn,
            Condition::HasEnemyOpposite => Cond::HasEnemyOpposite,
            Condition::Returned => Cond::Returned,
            Condition::InZone(_)
            | Condition::HasElement(_)
            | Condition::AmountAtLeast(..)
            | Condition::AmountAtMost(..)
            | Condition::RevealedThisWay(_)
            | Condition::IsUnit
            | Condition::Rested
            | Condition::Attacking(_)
            | Condition::Targets(_) => Cond::Unsupported,
        }
    }

    fn amount(&mut self, a: &Amount, ctx: &Ctx<'_>, diags: &mut Diagnostics) -> Amt {
        match a {
            Amount::Value => Amt::Value,
            Amount::Fixed(n) => Amt::Fixed(*n),
            Amount::OwnAttack => Amt::OwnAttack,
            Amount::DamageTaken => Amt::DamageTaken,
            Amount::AlliesOfTribe(t) => Amt::AlliesOfTribe(self.tribe_in(t, ctx, diags)),
            Amount::AlliesWithKeyword(k) => Amt::AlliesWithKeyword(self.keyword_ref(k, ctx, diags)),
            Amount::AdjacentAllies => Amt::AdjacentAllies,
            Amount::AlliedArtifacts => Amt::AlliedArtifacts,
            Amount::OwnArtifacts => Amt::OwnArtifacts,
            Amount::Times(a, b) => Amt::Times(
                Box::new(self.amount(a, ctx, diags)),
                Box::new(self.amount(b, ctx, diags)),
            ),
            // A card game's zone count has no meaning on the battle line: said, not zero.
            Amount::CountIn(..) | Amount::SumIn(..) | Amount::OpponentCountIn(..) => {
                let variant = match a {
                    Amount::CountIn(..) => "CountIn",
                    Amount::OpponentCountIn(..) => "OpponentCountIn",
                    _ => "SumIn",
                };
                diags.error(
                    ctx.file,
                    locate_literal(ctx.source, variant, 0),
                    format!(
                        "`{variant}` counts cards in a zone: the battle line has no zones (use it in a card game's rules scenario)"
                    ),
                );
                Amt::Fixed(0)
            }
            Amount::ChampionDamage | Amount::CountMatching(_) => {
                let (variant, why) = if matches!(a, Amount::ChampionDamage) {
                    ("ChampionDamage", "the battle line has no champions")
                } else {
                    (
                        "CountMatching",
                        "it counts a card game's cards in play and zones",
                    )
                };
                diags.error(
                    ctx.file,
                    locate_literal(ctx.source, variant, 0),
                    format!("`{variant}`: {why} (use it in a card game's rules scenario)"),
                );
                Amt::Fixed(0)
            }
            // Only a rules sandbox's sacrifice counts; the battle line sacrifices nothing, and
            // keeps no counters.
            Amount::SacrificedThisWay | Amount::CountersOnThis(_) => Amt::Fixed(0),
        }
    }

    fn target(&mut self, t: &Target, ctx: &Ctx<'_>, diags: &mut Diagnostics) -> Sel {
        match t {
            Target::This => Sel::This,
            Target::Controller => Sel::Controller,
            Target::Opponent => Sel::Opponent,
            Target::EnemyOpposite => Sel::EnemyOpposite,
            Target::FrontEnemy => Sel::FrontEnemy,
            Target::LastEnemy => Sel::LastEnemy,
            Target::AllEnemies => Sel::AllEnemies,
            Target::RandomEnemy => Sel::RandomEnemy,
            Target::StrongestEnemy => Sel::StrongestEnemy,
            Target::OtherAllies { tribe } => {
                Sel::OtherAllies(tribe.as_deref().map(|t| self.tribe_in(t, ctx, diags)))
            }
            Target::AdjacentAllies => Sel::AdjacentAllies,
            Target::FrontAlly => Sel::FrontAlly,
            Target::MostDamagedAlly => Sel::MostDamagedAlly,
            Target::AlliesWithArtifacts => Sel::AlliesWithArtifacts,
            Target::AttackedCreature => Sel::AttackedCreature,
            Target::AdjacentToAttacked => Sel::AdjacentToAttacked,
            Target::Attacker => Sel::Attacker,
            Target::EventSubject => Sel::EventSubject,
            Target::AlliesWhere(c) => Sel::AlliesWhere(self.cond(c, ctx, diags)),
            Target::FirstAllyWhere(c) => Sel::FirstAllyWhere(self.cond(c, ctx, diags)),
            Target::EnemiesWhere(c) => Sel::EnemiesWhere(self.cond(c, ctx, diags)),
            Target::FirstEnemyWhere(c) => Sel::FirstEnemyWhere(self.cond(c, ctx, diags)),
            Target::AllMatching(c) => Sel::AllMatching(self.cond(c, ctx, diags)),
            Target::Chosen { .. }
            | Target::Restricted { .. }
            | Target::EachPlayer
            | Target::OthersYouControl(_)
            | Target::YourChampion => Sel::Unsupported,
        }
    }

    fn effect(&mut self, e: &Effect, until: Until, ctx: &Ctx<'_>, diags: &mut Diagnostics) -> Eff {
        match e {
            Effect::Damage(a) => Eff::Damage(self.amount(a, ctx, diags)),
            Effect::DamageOpponent(a) => Eff::DamageOpponent(self.amount(a, ctx, diags)),
            Effect::Heal(a) => Eff::Heal(self.amount(a, ctx, diags)),
            Effect::HealAll => Eff::HealAll,
            Effect::GainLife(a) => Eff::GainLife(self.amount(a, ctx, diags)),
            Effect::Modify(s, a) => match stat(s) {
                Some(s) => Eff::Modify(s, self.amount(a, ctx, diags)),
                None => Eff::Unsupported,
            },
            Effect::ModifyPermanently(s, a) => match stat(s) {
                Some(s) => Eff::ModifyPermanently(s, self.amount(a, ctx, diags)),
                None => Eff::Unsupported,
            },
            Effect::Grant(k) => Eff::Grant(self.keyword_ref(k, ctx, diags), until),
            Effect::AddStatus(k) => Eff::Grant(self.keyword_ref(k, ctx, diags), Until::Forever),
            Effect::PreventAttack => Eff::PreventAttack,
            Effect::Destroy => Eff::Destroy,
            Effect::DestroyArtifact => Eff::DestroyArtifact,
            Effect::RemoveFromGame => Eff::RemoveFromGame,
            Effect::MoveToFront => Eff::MoveToFront,
            Effect::MoveToBack => Eff::MoveToBack,
            Effect::ReturnAtEndOfTurn => Eff::ReturnAtEndOfTurn,
            Effect::Summon { card, enemy_line } => {
                Eff::Summon(self.card_ref(card, ctx, diags), *enemy_line)
            }
            Effect::Transform(card) => Eff::Transform(self.card_ref(card, ctx, diags)),
            Effect::PreventDamage => Eff::PreventDamage,
            Effect::ReduceDamage(a) => Eff::ReduceDamage(self.amount(a, ctx, diags)),
            Effect::IncreaseDamage(a) => Eff::IncreaseDamage(self.amount(a, ctx, diags)),
            Effect::RedirectDamage => Eff::RedirectDamage,
            Effect::AttachTo => Eff::AttachTo,
            Effect::Combine {
                keyword,
                count,
                into,
            } => Eff::Combine(
                self.keyword_ref(keyword, ctx, diags),
                *count,
                into.iter().map(|c| self.card_ref(c, ctx, diags)).collect(),
            ),
            Effect::Remove(_)
            | Effect::GrantAbility(_)
            | Effect::YouMay { .. }
            | Effect::CantBeRetaliated
            | Effect::Draw(_)
            | Effect::Discard(_)
            | Effect::Delayed { .. }
            | Effect::Custom(_)
            | Effect::ChangeRule(_)
            | Effect::SetStat(..)
            | Effect::Modal(_)
            | Effect::Restricted { .. }
            | Effect::GainControl
            | Effect::Bury
            | Effect::PutInto(_)
            | Effect::Relocate { .. }
            | Effect::Barter
            | Effect::CreateToken { .. }
            | Effect::Recruit
            | Effect::Forge { .. }
            | Effect::Build
            | Effect::Vote { .. }
            | Effect::Duel { .. }
            | Effect::ChangeElement(_)
            | Effect::AddCounters(..)
            | Effect::RemoveCounters(..)
            | Effect::Glimpse(_)
            | Effect::DamageUnpreventable(_)
            | Effect::Prevent(_)
            | Effect::DrawIntoMemory(_)
            | Effect::Recover(_)
            | Effect::Empower(_)
            | Effect::Reveal(_)
            | Effect::LevelUp
            | Effect::NextCardCostsLess(_)
            | Effect::Sacrifice
            | Effect::On { .. }
            | Effect::CostsLess(_)
            | Effect::CostsMore(_)
            | Effect::AdditionalCost(_)
            | Effect::If { .. } => Eff::Unsupported,
        }
    }
}

fn stat(s: &Stat) -> Option<StatKind> {
    match s {
        Stat::Attack => Some(StatKind::Attack),
        Stat::Life => Some(StatKind::Life),
        Stat::Armor => Some(StatKind::Armor),
        Stat::Named(_) => None,
    }
}
