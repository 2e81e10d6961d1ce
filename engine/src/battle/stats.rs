//! Effective stats, recomputed from the board: printed + permanent changes + artifacts + every
//! static ability in play. The same walk feeds the hot path (just sums) and the sandbox's
//! breakdown ("where does each point of attack come from").

use std::hint::select_unpredictable;

use super::event::{AbilitySource, CreatureId, Via};
use super::program::{Eff, Hook, KwIdx, MAX_SLOTS, Program, Sel, StatKind};
use super::state::{Ctx, NONE, Slots, State, TargetRef};

/// Where a part of a stat comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatSource {
    /// The printed value.
    Printed,
    /// Permanent changes (Berserk, Rider's Might).
    Permanent,
    /// An attached artifact (its card).
    Artifact(super::program::CardIdx),
    /// A static ability of a creature in play.
    Ability(AbilitySource),
}

/// One contribution to a creature's stat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatPart {
    /// Which stat.
    pub stat: StatKind,
    /// How much.
    pub amount: i32,
    /// From where.
    pub source: StatSource,
}

const STATS: [StatKind; 3] = [StatKind::Attack, StatKind::Life, StatKind::Armor];

/// Every slot of both sides: a full recomputation applies each static to all its targets.
const EVERY_SLOT: [u32; 2] = [u32::MAX; 2];

/// A slot mask widened by `reach` slots each way (the common reaches without a loop).
#[inline]
fn spread(mask: u32, reach: u8) -> u32 {
    match reach {
        0 => mask,
        1 => mask | (mask << 1) | (mask >> 1),
        _ => {
            let mut mask = mask;
            for _ in 0..reach {
                mask |= (mask << 1) | (mask >> 1);
            }
            mask
        }
    }
}

impl State {
    /// Recomputes every creature's effective stats, reporting each contribution to `sink`.
    pub fn recompute_stats(&mut self, p: &Program, sink: impl FnMut(CreatureId, StatPart)) {
        self.recompute_stats_with::<true>(p, sink);
    }

    /// The recomputation; with `PARTS` off (the hot path) the base of each creature is copied
    /// as a whole instead of being reported part by part.
    fn recompute_stats_with<const PARTS: bool>(
        &mut self,
        p: &Program,
        mut sink: impl FnMut(CreatureId, StatPart),
    ) {
        self.stats_dirty = false;
        self.stats_full = false;
        self.stats_moved = [0; 2];
        // With no static reading stats, the order statics are added in cannot matter: fixed
        // ones go in with the base, and only the others are walked. The breakdown walks all.
        let fold = !PARTS && !p.statics_read_stats;
        let walked = if fold {
            Hook::Static.bit()
        } else {
            Hook::Static.bit() | Hook::FixedStatic.bit()
        };
        // With no walked static changing life, life is final after the first pass.
        let early_lethal = fold && !p.statics_modify_life;
        let mut static_bearers = [NONE; 2 * MAX_SLOTS];
        let mut bearers = 0;
        let mut board_hooks = 0;
        let mut lethal = false;
        for side in 0..2u8 {
            let line = self.lines[side as usize];
            for slot in Slots(self.occupied(side)) {
                let id = line[slot];
                let c = &mut self.creatures[id as usize];
                if fold {
                    c.stats = c.folded;
                    lethal |= c.doomed | (c.damage >= c.life());
                } else {
                    c.stats = c.base;
                }
                board_hooks |= c.hooks;
                if PARTS {
                    report_base(p, id, c, &mut sink);
                }
                // Written every time, kept only for a bearer: no branch on the board's contents.
                static_bearers[bearers] = id;
                bearers += usize::from(c.hooks & walked != 0);
            }
        }
        self.board_hooks = board_hooks;
        for &id in &static_bearers[..bearers] {
            self.apply_statics_of(p, id, walked, EVERY_SLOT, &mut sink);
        }
        if !early_lethal {
            // A life bonus that went away may leave a creature at 0: ask for a death check then.
            lethal = false;
            for side in 0..2u8 {
                let line = self.lines[side as usize];
                for slot in Slots(self.occupied(side)) {
                    let c = &self.creatures[line[slot] as usize];
                    lethal |= c.doomed | (c.damage >= c.life());
                }
            }
        }
        if lethal {
            self.suspect_all();
        }
    }

    /// Applies every static ability of `id`, in keyword order (printed, artifacts, granted),
    /// to the creatures of `only` (a slot mask per side) among its targets.
    /// Indexes rather than iterators: applying one may change the board these are read from.
    fn apply_statics_of(
        &mut self,
        p: &Program,
        id: CreatureId,
        walked: u32,
        only: [u32; 2],
        sink: &mut impl FnMut(CreatureId, StatPart),
    ) {
        let card = self.creatures[id as usize].card;
        for a in &p.cards[card as usize].abilities {
            if walked & a.hook.bit() != 0 {
                let source = AbilitySource {
                    creature: id,
                    keyword: a.keyword,
                    ability: a.ability,
                    value: a.value,
                    via: Via::Printed,
                };
                self.apply_static(p, source, only, sink);
            }
        }
        for i in 0..self.creatures[id as usize].artifact_count as usize {
            let a = self.creatures[id as usize].artifacts[i];
            for &(kw, value) in &p.cards[a as usize].keywords {
                self.apply_keyword_statics(p, id, kw, value, Via::Artifact(a), walked, only, sink);
            }
        }
        for i in 0..self.creatures[id as usize].grant_count as usize {
            let (kw, value, _) = self.creatures[id as usize].grants[i];
            self.apply_keyword_statics(p, id, kw, value, Via::Granted, walked, only, sink);
        }
    }

    #[inline]
    fn apply_keyword_statics(
        &mut self,
        p: &Program,
        creature: CreatureId,
        keyword: KwIdx,
        value: i32,
        via: Via,
        walked: u32,
        only: [u32; 2],
        sink: &mut impl FnMut(CreatureId, StatPart),
    ) {
        let def = &p.keywords[keyword as usize];
        if def.hooks & walked == 0 {
            return;
        }
        for (i, a) in def.abilities.iter().enumerate() {
            if walked & a.hook.bit() != 0 {
                let source = AbilitySource {
                    creature,
                    keyword,
                    ability: i as u8,
                    value,
                    via,
                };
                self.apply_static(p, source, only, sink);
            }
        }
    }

    fn apply_static(
        &mut self,
        p: &Program,
        source: AbilitySource,
        only: [u32; 2],
        sink: &mut impl FnMut(CreatureId, StatPart),
    ) {
        let ability = &p.keywords[source.keyword as usize].abilities[source.ability as usize];
        let owner = self.creatures[source.creature as usize].owner;
        let ctx = Ctx::default();
        if !self.cond(p, &ability.condition, source.creature, owner, &ctx) {
            return;
        }
        // The common shapes (the bearer, its neighbours, its allies) skip the general selector.
        let bearer = source.creature;
        let mut ids = [NONE; 2 * MAX_SLOTS];
        let mut n = 0;
        let mut push = |id: CreatureId| {
            if id != NONE {
                ids[n] = id;
                n += 1;
            }
        };
        match ability.target {
            Sel::This => push(bearer),
            Sel::AdjacentAllies => {
                let slot = self.creatures[bearer as usize].slot as usize;
                if slot > 0 {
                    push(self.at(owner, slot - 1));
                }
                push(self.at(owner, slot + 1));
            }
            Sel::OtherAllies(tribe) => {
                for &id in &self.lines[owner as usize][..self.slots] {
                    if id != NONE
                        && id != bearer
                        && tribe.is_none_or(|t| {
                            p.cards[self.creatures[id as usize].card as usize].tribes & (1u128 << t)
                                != 0
                        })
                    {
                        push(id);
                    }
                }
            }
            _ => {
                for t in self.select(p, &ability.target, bearer, owner, &ctx).iter() {
                    if let TargetRef::Creature(id) = t {
                        push(id);
                    }
                }
            }
        }
        for effect in &ability.effects {
            let Eff::Modify(stat, amount) = effect else {
                continue;
            };
            let amount = self.amount(p, amount, bearer, source.value, &ctx);
            if amount == 0 {
                continue;
            }
            for &t in &ids[..n] {
                let c = &mut self.creatures[t as usize];
                if only[c.owner as usize] & (1 << c.slot) == 0 {
                    continue;
                }
                c.stats[*stat as usize] += amount;
                sink(
                    t,
                    StatPart {
                        stat: *stat,
                        amount,
                        source: StatSource::Ability(source),
                    },
                );
            }
        }
    }

    /// Recomputes stats if anything changed since the last time. Called before nearly every
    /// read, so the clean case is an inlined flag test and the recomputation stays out of line.
    #[inline]
    pub fn ensure_stats(&mut self, p: &Program) {
        if self.stats_dirty {
            self.recompute_stats_now(p);
        }
    }

    /// Chooses the recomputation; each is out of line, so this choice stays a few
    /// instructions without the register saves of the big ones.
    #[inline(never)]
    fn recompute_stats_now(&mut self, p: &Program) {
        // Neighbour shapes are local: `statics_reach` is then known to be `Some`.
        if p.statics_by_neighbours && !self.stats_full {
            // One copy per stat: the stat's index is then a constant, with no bounds checks.
            match p.neighbour_stat {
                Some(StatKind::Attack) => self.patch_one_by_neighbours::<0>(p),
                Some(StatKind::Life) => self.patch_one_by_neighbours::<1>(p),
                Some(StatKind::Armor) => self.patch_one_by_neighbours::<2>(p),
                None => self.patch_by_neighbours(p),
            }
            return;
        }
        self.recompute_stats_slow(p);
    }

    #[inline(never)]
    fn recompute_stats_slow(&mut self, p: &Program) {
        match p.statics_reach {
            Some(reach) if !self.stats_full => self.patch_stats(p, reach),
            _ => self.recompute_stats_with::<false>(p, |_, _| {}),
        }
    }

    /// [`State::patch_by_neighbours`] when every static in play changes one stat, the one of
    /// index `STAT` ([`Program::neighbour_stat`]): the others are their folded base all along
    /// (a recomputation starts each creature from it and no static changes them; a permanent
    /// change patches both), so only that one is worked out. The same sum as
    /// [`State::stats_by_neighbours`], checked like it.
    #[inline(never)]
    fn patch_one_by_neighbours<const STAT: usize>(&mut self, p: &Program) {
        self.stats_dirty = false;
        let moved = std::mem::take(&mut self.stats_moved);
        // Only life bonuses that went away can leave a creature at 0.
        let modify_life = STAT == StatKind::Life as usize;
        debug_assert_eq!(modify_life, p.statics_modify_life);
        let stat = STAT;
        // Every neighbour shape reaches one slot. Both sides in one mask (side B's slots from
        // bit `MAX_SLOTS` on), walked by one loop: how many slots changed is as random as the
        // battle, and each loop's end is a mispredicted branch.
        let dirty = |side: usize| spread(moved[side], 1) & self.occupancy[side];
        let both = dirty(0) | dirty(1) << MAX_SLOTS;
        for bit in Slots(both) {
            let (side, slot) = (bit / MAX_SLOTS, bit % MAX_SLOTS);
            let line = &self.lines[side];
            let id = line[slot];
            // Selects, not branches: which neighbours are there is as random as the
            // battle, and a branch on it is mispredicted often. Slot 0's left reads itself
            // and is then dropped.
            let left = select_unpredictable(slot > 0, line[slot.saturating_sub(1)], NONE);
            let right = self.at(side as u8, slot + 1);
            let c = &self.creatures[id as usize];
            let mut value = c.folded[stat];
            let mut beside = 0;
            for other in [left, right] {
                // An empty side reads this creature's own bonus and adds nothing.
                let here = other != NONE;
                let giver = if here { other } else { id };
                let bonus = self.creatures[giver as usize].neighbours.to_each[stat];
                beside += i32::from(here);
                value += select_unpredictable(here, bonus, 0);
            }
            // As `Amt::Times` multiplies.
            value += c.neighbours.per_neighbour[stat].saturating_mul(beside);
            let c = &mut self.creatures[id as usize];
            c.stats[stat] = value;
            // A life bonus that went away may leave it at 0; the others' life did not
            // change.
            if modify_life && (c.doomed | (c.damage >= c.life())) {
                self.suspect(id);
            }
        }
    }

    /// [`State::patch_stats`] when every static in play has a neighbour shape
    /// ([`Program::statics_by_neighbours`]): a creature's stats are its folded base plus what
    /// the allies beside it give and what it gets per ally beside it ([`super::program::NeighbourBonus`]), so
    /// the creatures beside a slot whose creature changed are worked out from their
    /// neighbours alone, without walking anyone's abilities. The same sums as the general
    /// walk, checked against the breakdown by `patched_stats_match_a_full_recomputation`.
    #[inline(never)]
    fn patch_by_neighbours(&mut self, p: &Program) {
        self.stats_dirty = false;
        let moved = std::mem::take(&mut self.stats_moved);
        for side in 0..2u8 {
            // Every neighbour shape reaches one slot.
            let dirty = spread(moved[side as usize], 1) & self.occupancy[side as usize];
            for slot in Slots(dirty) {
                let id = self.lines[side as usize][slot];
                let stats = self.stats_by_neighbours(side, slot);
                let c = &mut self.creatures[id as usize];
                c.stats = stats;
                // A life bonus that went away may leave it at 0; the others' life did not
                // change.
                if p.statics_modify_life && (c.doomed | (c.damage >= c.life())) {
                    self.suspect(id);
                }
            }
        }
    }

    /// The effective stats of the creature in `slot` of `side` by its neighbours' bonuses
    /// (see [`State::patch_by_neighbours`]).
    #[inline]
    fn stats_by_neighbours(&self, side: u8, slot: usize) -> [i32; 3] {
        let line = &self.lines[side as usize];
        let c = &self.creatures[line[slot] as usize];
        let mut stats = c.folded;
        let mut beside = 0;
        let left = if slot > 0 { line[slot - 1] } else { NONE };
        for id in [left, self.at(side, slot + 1)] {
            if id != NONE {
                beside += 1;
                let to_each = self.creatures[id as usize].neighbours.to_each;
                for (stat, add) in stats.iter_mut().zip(to_each) {
                    *stat += add;
                }
            }
        }
        if beside != 0 {
            for (stat, per) in stats.iter_mut().zip(c.neighbours.per_neighbour) {
                // As `Amt::Times` multiplies.
                *stat += per.saturating_mul(beside);
            }
        }
        stats
    }

    /// The recomputation when only the lines changed and every static in play is local
    /// (reaching `reach` slots within its bearer's line): the creatures within `reach` of a
    /// slot whose creature changed start again from their folded base and take the statics of
    /// the bearers within `reach` of them; everyone else's stats cannot have changed. The same
    /// sums as a full recomputation (no static reads stats, so the order they are added in
    /// does not matter), checked against it by `patched_stats_match_a_full_recomputation`.
    /// `board_hooks` stays the superset it was until the next full recomputation.
    fn patch_stats(&mut self, p: &Program, reach: u8) {
        self.stats_dirty = false;
        let moved = std::mem::take(&mut self.stats_moved);
        for side in 0..2 {
            let occupied = self.occupancy[side];
            let dirty = spread(moved[side], reach) & occupied;
            if dirty == 0 {
                continue;
            }
            let line = self.lines[side];
            for slot in Slots(dirty) {
                let c = &mut self.creatures[line[slot] as usize];
                c.stats = c.folded;
            }
            let mut only = [0; 2];
            only[side] = dirty;
            for slot in Slots(spread(dirty, reach) & occupied) {
                let id = line[slot];
                if self.creatures[id as usize].hooks & Hook::Static.bit() != 0 {
                    self.apply_statics_of(p, id, Hook::Static.bit(), only, &mut |_, _| {});
                }
            }
            // A life bonus that went away may leave a patched creature at 0; the others' life
            // did not change.
            for slot in Slots(dirty) {
                let c = &self.creatures[line[slot] as usize];
                if c.doomed | (c.damage >= c.life()) {
                    self.suspect(line[slot]);
                }
            }
        }
    }
}

/// Reports the parts of a creature's base stats: printed, permanent changes, artifacts.
fn report_base(
    p: &Program,
    id: CreatureId,
    c: &super::state::Creature,
    sink: &mut impl FnMut(CreatureId, StatPart),
) {
    let card = &p.cards[c.card as usize];
    let printed = [card.attack, card.life, 0];
    for (i, stat) in STATS.iter().enumerate() {
        for (amount, source) in [
            (printed[i], StatSource::Printed),
            (c.permanent[i], StatSource::Permanent),
        ] {
            if amount != 0 {
                sink(
                    id,
                    StatPart {
                        stat: *stat,
                        amount,
                        source,
                    },
                );
            }
        }
    }
    for &a in &c.artifacts[..c.artifact_count as usize] {
        let art = &p.cards[a as usize];
        for (stat, amount) in [(StatKind::Attack, art.attack), (StatKind::Life, art.life)] {
            if amount != 0 {
                sink(
                    id,
                    StatPart {
                        stat,
                        amount,
                        source: StatSource::Artifact(a),
                    },
                );
            }
        }
    }
}
