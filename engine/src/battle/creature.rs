//! [`Creature`]: one creature instance on the battle line, with what follows from its card,
//! artifacts and granted keywords (hook and flag unions, base and fixed stats).

use super::event::{AbilitySource, CreatureId, Via};
use super::program::{CardIdx, Hook, KwIdx, MAX_ARTIFACTS, MAX_GRANTS, NeighbourBonus, Program};

/// "No creature" in a slot or a reference.
pub const NONE: CreatureId = CreatureId::MAX;

/// One creature instance.
#[allow(clippy::struct_excessive_bools)] // independent rule states of one creature; a bit set would only hide them
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Creature {
    /// Its card.
    pub card: CardIdx,
    /// Its owner: 0 = A, 1 = B.
    pub owner: u8,
    /// Its slot (0-based); kept after it leaves, for "the enemy opposite" of death abilities.
    pub slot: u8,
    /// Whether it stands in a line.
    pub on_line: bool,
    /// Damage marked.
    pub damage: i32,
    /// Permanent changes (attack, life, armor): Berserk, Rider's Might.
    pub permanent: [i32; 3],
    /// Attached artifacts.
    pub artifacts: [CardIdx; MAX_ARTIFACTS],
    /// How many of `artifacts` are used.
    pub artifact_count: u8,
    /// Granted keywords: (keyword, value, last turn it lasts or [`FOREVER`]).
    pub grants: [(KwIdx, i32, u32); MAX_GRANTS],
    /// How many of `grants` are used.
    pub grant_count: u8,
    /// The turn it entered (0: the starting line).
    pub summoned_turn: u32,
    /// The last turn it was dealt damage.
    pub damaged_turn: u32,
    /// The turn it may not attack in (Soothsay, Terrify).
    pub no_attack_turn: u32,
    /// It came back after being destroyed.
    pub returned: bool,
    /// An effect destroyed it; it leaves at the next check.
    pub doomed: bool,
    /// It returns at the end of this turn (Reanimate).
    pub will_return: bool,
    /// Printed + permanent changes + attached artifacts: the stats before static abilities.
    pub base: [i32; 3],
    /// `base` plus what its [`Hook::FixedStatic`] abilities add (`Armor N`; the same until its
    /// keywords change), kept with it: the recomputation's starting point when fixed statics
    /// can be added first (no static reads stats), copied instead of summed.
    pub folded: [i32; 3],
    /// What its [`Hook::Static`] abilities of a neighbour shape do (the hot path's patch when
    /// [`Program::statics_by_neighbours`]): the same until its keywords change.
    pub neighbours: NeighbourBonus,
    /// Effective attack, life and armor.
    pub stats: [i32; 3],
    /// The last event that hurt or doomed it (the cause logged when it is destroyed).
    pub last_hit: Option<u32>,
    /// Hook bits of every ability it has.
    pub hooks: u32,
    /// Rule flags of every keyword it has.
    pub flags: u8,
    /// Damage it has dealt, to creatures and players (after armor and prevention), counted
    /// only while tallying (the balance lab).
    pub dealt: i32,
    /// Damage it has been dealt (after armor and prevention), counted only while tallying.
    pub taken: i32,
}

impl Creature {
    /// A fresh creature of a card.
    #[must_use]
    pub fn new(program: &Program, card: CardIdx, owner: u8, slot: u8, turn: u32) -> Self {
        let c = &program.cards[card as usize];
        let mut creature = Self {
            card,
            owner,
            slot,
            on_line: true,
            damage: 0,
            permanent: [0; 3],
            artifacts: [0; MAX_ARTIFACTS],
            artifact_count: 0,
            grants: [(0, 0, 0); MAX_GRANTS],
            grant_count: 0,
            summoned_turn: turn,
            damaged_turn: 0,
            no_attack_turn: 0,
            returned: false,
            doomed: false,
            will_return: false,
            base: [c.attack, c.life, 0],
            folded: [c.attack, c.life, 0],
            neighbours: NeighbourBonus::default(),
            stats: [c.attack, c.life, 0],
            last_hit: None,
            hooks: c.hooks,
            flags: c.flags,
            dealt: 0,
            taken: 0,
        };
        creature.refresh_base(program);
        creature
    }

    /// Effective attack.
    #[must_use]
    #[inline]
    pub fn attack(&self) -> i32 {
        self.stats[0]
    }

    /// Effective life.
    #[must_use]
    #[inline]
    pub fn life(&self) -> i32 {
        self.stats[1]
    }

    /// Effective armor.
    #[must_use]
    #[inline]
    pub fn armor(&self) -> i32 {
        self.stats[2]
    }

    /// Calls `f(keyword, value, via)` for every keyword it has: printed, from artifacts, granted.
    pub fn each_keyword(&self, program: &Program, mut f: impl FnMut(KwIdx, i32, Via)) {
        for &(kw, v) in &program.cards[self.card as usize].keywords {
            f(kw, v, Via::Printed);
        }
        for &a in &self.artifacts[..self.artifact_count as usize] {
            for &(kw, v) in &program.cards[a as usize].keywords {
                f(kw, v, Via::Artifact(a));
            }
        }
        for &(kw, v, _) in &self.grants[..self.grant_count as usize] {
            f(kw, v, Via::Granted);
        }
    }

    /// Calls `f` for every ability with `hook` it has, in keyword order: printed (from the
    /// card's flattened list), from artifacts, granted.
    #[inline]
    pub fn each_ability(
        &self,
        program: &Program,
        id: CreatureId,
        hook: Hook,
        mut f: impl FnMut(AbilitySource),
    ) {
        self.each_printed_ability(program, id, hook, &mut f);
        if self.only_printed() {
            return;
        }
        self.each_added_ability(program, id, hook, f);
    }

    /// Whether all its abilities are printed ones (no artifact, no granted keyword): then
    /// [`Creature::each_printed_ability`] finds them all.
    #[must_use]
    #[inline]
    pub fn only_printed(&self) -> bool {
        self.artifact_count == 0 && self.grant_count == 0
    }

    /// The first part of [`Creature::each_ability`]: the printed abilities with `hook`.
    #[inline]
    pub fn each_printed_ability(
        &self,
        program: &Program,
        id: CreatureId,
        hook: Hook,
        mut f: impl FnMut(AbilitySource),
    ) {
        for a in &program.cards[self.card as usize].abilities {
            if a.hook == hook {
                f(AbilitySource {
                    creature: id,
                    keyword: a.keyword,
                    ability: a.ability,
                    value: a.value,
                    via: Via::Printed,
                });
            }
        }
    }

    /// The rest of [`Creature::each_ability`]: abilities with `hook` from artifacts, then
    /// granted ones.
    fn each_added_ability(
        &self,
        program: &Program,
        id: CreatureId,
        hook: Hook,
        mut f: impl FnMut(AbilitySource),
    ) {
        let mut each = |kw: KwIdx, value: i32, via: Via| {
            let def = &program.keywords[kw as usize];
            if def.hooks & hook.bit() == 0 {
                return;
            }
            for (i, a) in def.abilities.iter().enumerate() {
                if a.hook == hook {
                    f(AbilitySource {
                        creature: id,
                        keyword: kw,
                        ability: i as u8,
                        value,
                        via,
                    });
                }
            }
        };
        for &a in &self.artifacts[..self.artifact_count as usize] {
            for &(kw, v) in &program.cards[a as usize].keywords {
                each(kw, v, Via::Artifact(a));
            }
        }
        for &(kw, v, _) in &self.grants[..self.grant_count as usize] {
            each(kw, v, Via::Granted);
        }
    }

    /// Whether it has a keyword.
    #[must_use]
    pub fn has_keyword(&self, program: &Program, keyword: KwIdx) -> bool {
        let mut found = false;
        self.each_keyword(program, |k, _, _| found |= k == keyword);
        found
    }

    /// Recomputes what follows from its keywords and artifacts (the hook and flag unions, the
    /// base stats) after artifacts or grants change.
    pub fn refresh_hooks(&mut self, program: &Program) {
        let (mut hooks, mut flags) = (0, 0);
        self.each_keyword(program, |k, _, _| {
            let kw = &program.keywords[k as usize];
            hooks |= kw.hooks;
            flags |= kw.flags;
        });
        self.hooks = hooks;
        self.flags = flags;
        self.refresh_base(program);
    }

    /// Recomputes [`Creature::base`] after a permanent change or an artifact change.
    pub fn refresh_base(&mut self, program: &Program) {
        let card = &program.cards[self.card as usize];
        let mut base = [
            card.attack + self.permanent[0],
            card.life + self.permanent[1],
            self.permanent[2],
        ];
        for &a in &self.artifacts[..self.artifact_count as usize] {
            let art = &program.cards[a as usize];
            base[0] += art.attack;
            base[1] += art.life;
        }
        self.base = base;
        let mut fixed = [0; 3];
        self.each_ability(program, NONE, Hook::FixedStatic, |source| {
            let ability =
                &program.keywords[source.keyword as usize].abilities[source.ability as usize];
            let add = ability.fixed_modifiers(source.value);
            for (sum, add) in fixed.iter_mut().zip(add) {
                *sum += add;
            }
        });
        self.folded = [base[0] + fixed[0], base[1] + fixed[1], base[2] + fixed[2]];
        let mut neighbours = NeighbourBonus::default();
        self.each_ability(program, NONE, Hook::Static, |source| {
            let ability =
                &program.keywords[source.keyword as usize].abilities[source.ability as usize];
            // Another shape leaves `Program::statics_by_neighbours` off: this is then unused.
            if let Some(bonus) = ability.neighbour_bonus(source.value) {
                neighbours.add(bonus);
            }
        });
        self.neighbours = neighbours;
    }
}
