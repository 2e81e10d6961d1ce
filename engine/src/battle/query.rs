//! Board queries abilities use: conditions, amounts and target selectors. Nothing here allocates.

use rand::Rng as _;

use super::event::CreatureId;
use super::program::{Amt, Cond, Program, Sel};
use super::state::{Ctx, NONE, Slots, State, TargetRef, Targets};

impl State {
    /// Evaluates a condition on `subject`, for an ability whose bearer belongs to `owner`.
    /// Most abilities have no condition: that case is inlined at the call site.
    #[must_use]
    #[inline]
    pub fn cond(&self, p: &Program, c: &Cond, subject: CreatureId, owner: u8, ctx: &Ctx) -> bool {
        matches!(c, Cond::True) || self.cond_of(p, c, subject, owner, ctx)
    }

    fn cond_of(&self, p: &Program, c: &Cond, subject: CreatureId, owner: u8, ctx: &Ctx) -> bool {
        let me = || self.creature(subject);
        match c {
            Cond::True => true,
            Cond::All(v) => v.iter().all(|c| self.cond(p, c, subject, owner, ctx)),
            Cond::Any(v) => v.iter().any(|c| self.cond(p, c, subject, owner, ctx)),
            Cond::Not(c) => !self.cond(p, c, subject, owner, ctx),
            Cond::Source(c) => {
                ctx.subject != NONE && self.cond(p, c, ctx.subject, owner, &Ctx::default())
            }
            Cond::AttackDamage => ctx.attack_damage,
            Cond::AttackingPlayer => ctx.attacking_player,
            Cond::AttackingCreature => ctx.attacking_creature,
            _ if subject == NONE => false,
            Cond::Wounded => me().damage > 0,
            Cond::HasTribe(t) => p.cards[me().card as usize].tribes & (1u128 << t) != 0,
            Cond::HasKeyword(k) => me().has_keyword(p, *k),
            Cond::IsKind(k) => p.cards[me().card as usize].kind == *k,
            Cond::IsCard(card) => me().card == *card,
            Cond::HasArtifact => me().artifact_count > 0,
            Cond::StatAtLeast(s, v) => me().stats[*s as usize] >= *v,
            Cond::StatAtMost(s, v) => me().stats[*s as usize] <= *v,
            Cond::SummonedThisTurn => me().summoned_turn == self.turn,
            Cond::AlliesWithKeywordAtLeast(k, n) => {
                let side = me().owner;
                let count = self
                    .line(side)
                    .filter(|&id| id != subject && self.creature(id).has_keyword(p, *k))
                    .count();
                count >= *n as usize
            }
            Cond::Allied => me().owner == owner,
            Cond::Enemy => me().owner != owner,
            Cond::DamagedThisTurn => me().damaged_turn == self.turn,
            Cond::HasEnemyOpposite => self.at(1 - me().owner, me().slot as usize) != NONE,
            Cond::Returned => me().returned,
            Cond::Unsupported => false,
        }
    }

    /// Evaluates an amount for a bearer with a keyword value. Most amounts are the keyword's
    /// value, a number or the damage just taken: those are inlined at the call site.
    #[must_use]
    #[inline]
    pub fn amount(&self, p: &Program, a: &Amt, bearer: CreatureId, value: i32, ctx: &Ctx) -> i32 {
        match a {
            Amt::Value => value,
            Amt::Fixed(n) => *n,
            Amt::DamageTaken => ctx.amount,
            _ => self.amount_of(p, a, bearer, value, ctx),
        }
    }

    fn amount_of(&self, p: &Program, a: &Amt, bearer: CreatureId, value: i32, ctx: &Ctx) -> i32 {
        let me = self.creature(bearer);
        let side = me.owner;
        match a {
            Amt::Value => value,
            Amt::Fixed(n) => *n,
            Amt::OwnAttack => me.attack(),
            Amt::DamageTaken => ctx.amount,
            Amt::AlliesOfTribe(t) => self
                .line(side)
                .filter(|&id| {
                    id != bearer
                        && p.cards[self.creature(id).card as usize].tribes & (1u128 << t) != 0
                })
                .count() as i32,
            Amt::AlliesWithKeyword(k) => self
                .line(side)
                .filter(|&id| id != bearer && self.creature(id).has_keyword(p, *k))
                .count() as i32,
            Amt::AdjacentAllies => {
                let s = me.slot as usize;
                i32::from(s > 0 && self.at(side, s - 1) != NONE)
                    + i32::from(self.at(side, s + 1) != NONE)
            }
            Amt::AlliedArtifacts => self
                .line(side)
                .map(|id| i32::from(self.creature(id).artifact_count))
                .sum(),
            Amt::OwnArtifacts => i32::from(me.artifact_count),
            Amt::Times(a, b) => self
                .amount(p, a, bearer, value, ctx)
                .saturating_mul(self.amount(p, b, bearer, value, ctx)),
        }
    }

    /// Selects the targets of an ability of `bearer` (which may be [`NONE`] for an artifact being
    /// played by side `owner`).
    pub fn select(
        &mut self,
        p: &Program,
        sel: &Sel,
        bearer: CreatureId,
        owner: u8,
        ctx: &Ctx,
    ) -> Targets {
        let mut out = Targets::new();
        let enemy = 1 - owner;
        let creature = TargetRef::Creature;
        match sel {
            Sel::AllEnemies => self.line(enemy).for_each(|id| out.push(creature(id))),
            Sel::OtherAllies(tribe) => {
                for id in self.line(owner) {
                    let card = &p.cards[self.creature(id).card as usize];
                    if id != bearer && tribe.is_none_or(|t| card.tribes & (1u128 << t) != 0) {
                        out.push(creature(id));
                    }
                }
            }
            Sel::AdjacentAllies => {
                if bearer != NONE {
                    let my_slot = self.creature(bearer).slot as usize;
                    if my_slot > 0 && self.at(owner, my_slot - 1) != NONE {
                        out.push(creature(self.at(owner, my_slot - 1)));
                    }
                    if self.at(owner, my_slot + 1) != NONE {
                        out.push(creature(self.at(owner, my_slot + 1)));
                    }
                }
            }
            Sel::AlliesWithArtifacts => {
                for id in self.line(owner) {
                    if id != bearer && self.creature(id).artifact_count > 0 {
                        out.push(creature(id));
                    }
                }
            }
            Sel::AdjacentToAttacked => {
                let s = ctx.slot as usize;
                if s > 0 && self.at(enemy, s - 1) != NONE {
                    out.push(creature(self.at(enemy, s - 1)));
                }
                if self.at(enemy, s + 1) != NONE {
                    out.push(creature(self.at(enemy, s + 1)));
                }
            }
            Sel::AlliesWhere(c) => {
                for id in self.line(owner) {
                    if self.cond(p, c, id, owner, ctx) {
                        out.push(creature(id));
                    }
                }
            }
            Sel::EnemiesWhere(c) => {
                for id in self.line(enemy) {
                    if self.cond(p, c, id, owner, ctx) {
                        out.push(creature(id));
                    }
                }
            }
            Sel::AllMatching(c) => {
                for side in [0, 1] {
                    for id in self.line(side) {
                        if self.cond(p, c, id, owner, ctx) {
                            out.push(creature(id));
                        }
                    }
                }
            }
            _ => {
                if let Some(t) = self.select_one(p, sel, bearer, owner, ctx) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// The target of a selector that picks at most one ([`Sel::picks_one`]); `None` when it
    /// finds nobody, and for the selectors that may pick several ([`State::select`] lists
    /// those, and hands the others here: one implementation of each selector). The few that
    /// most abilities use are picked inline; the rest in [`State::select_other_one`].
    #[allow(clippy::inline_always)] // measured: the call costs more than these arms
    #[inline(always)]
    pub fn select_one(
        &mut self,
        p: &Program,
        sel: &Sel,
        bearer: CreatureId,
        owner: u8,
        ctx: &Ctx,
    ) -> Option<TargetRef> {
        let enemy = 1 - owner;
        match sel {
            Sel::This => (bearer != NONE).then_some(TargetRef::Creature(bearer)),
            Sel::Controller => Some(TargetRef::Player(owner)),
            Sel::Opponent => Some(TargetRef::Player(enemy)),
            Sel::RandomEnemy => self.random_enemy(owner).map(TargetRef::Creature),
            _ => self.select_other_one(p, sel, bearer, owner, ctx),
        }
    }

    /// A random enemy of side `owner`'s (one draw, among the occupied slots in order), or
    /// `None` with no draw when the enemy line is empty.
    #[inline]
    pub(super) fn random_enemy(&mut self, owner: u8) -> Option<CreatureId> {
        let enemy = 1 - owner;
        let occupied = self.occupied(enemy);
        let n = occupied.count_ones() as usize;
        if n == 0 {
            return None;
        }
        let pick = self.rng.random_range(0..n);
        let slot = Slots(occupied).nth(pick)?;
        Some(self.lines[enemy as usize][slot])
    }

    /// [`State::select_one`] for the selectors it does not pick inline.
    #[inline(never)]
    fn select_other_one(
        &self,
        p: &Program,
        sel: &Sel,
        bearer: CreatureId,
        owner: u8,
        ctx: &Ctx,
    ) -> Option<TargetRef> {
        let enemy = 1 - owner;
        let creature = |id: CreatureId| Some(TargetRef::Creature(id));
        match sel {
            Sel::EnemyOpposite => {
                if bearer == NONE {
                    return None;
                }
                let id = self.at(enemy, self.creature(bearer).slot as usize);
                if id == NONE { None } else { creature(id) }
            }
            Sel::FrontEnemy => self.line(enemy).next().and_then(creature),
            Sel::LastEnemy => self.line(enemy).last().and_then(creature),
            Sel::StrongestEnemy => {
                let mut best: Option<CreatureId> = None;
                for id in self.line(enemy) {
                    if best.is_none_or(|b| self.creature(id).attack() > self.creature(b).attack()) {
                        best = Some(id);
                    }
                }
                best.and_then(creature)
            }
            Sel::FrontAlly => {
                // Slot 1 itself (rules/battle-line.md: "the creature in slot 1"): while slot 1
                // stands empty mid-battle, nobody gets the bonus.
                let id = self.at(owner, 0);
                if id != NONE && id != bearer {
                    creature(id)
                } else {
                    None
                }
            }
            Sel::MostDamagedAlly => {
                let mut best: Option<CreatureId> = None;
                for id in self.line(owner) {
                    let d = self.creature(id).damage;
                    if id != bearer && d > 0 && best.is_none_or(|b| d > self.creature(b).damage) {
                        best = Some(id);
                    }
                }
                best.and_then(creature)
            }
            Sel::AttackedCreature | Sel::Attacker | Sel::EventSubject => {
                if ctx.subject != NONE && self.creature(ctx.subject).on_line {
                    creature(ctx.subject)
                } else {
                    None
                }
            }
            Sel::FirstAllyWhere(c) => self
                .line(owner)
                .find(|&id| self.cond(p, c, id, owner, ctx))
                .and_then(creature),
            Sel::FirstEnemyWhere(c) => self
                .line(enemy)
                .find(|&id| self.cond(p, c, id, owner, ctx))
                .and_then(creature),
            // `select_one`'s own (never handed here), and the selectors that may pick several.
            Sel::This
            | Sel::Controller
            | Sel::Opponent
            | Sel::RandomEnemy
            | Sel::AllEnemies
            | Sel::OtherAllies(_)
            | Sel::AdjacentAllies
            | Sel::AlliesWithArtifacts
            | Sel::AdjacentToAttacked
            | Sel::AlliesWhere(_)
            | Sel::EnemiesWhere(_)
            | Sel::AllMatching(_)
            | Sel::Unsupported => None,
        }
    }
}
