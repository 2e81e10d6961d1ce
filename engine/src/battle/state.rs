//! The battle's mutable state and the board queries abilities use: conditions, amounts and target
//! selectors. Lines are fixed-size arrays of creature ids; nothing here allocates.

use std::collections::VecDeque;

use rand::Rng as _;
use rand_chacha::ChaCha8Rng;

use super::event::{AbilitySource, Cause, CreatureId, Event, EventKind, Via};
use super::program::{
    Amt, CardIdx, Cond, Hook, KwIdx, MAX_ARTIFACTS, MAX_GRANTS, MAX_SLOTS, Program, Sel,
};

/// "No creature" in a slot or a reference.
pub const NONE: CreatureId = CreatureId::MAX;
/// A grant that never expires.
pub const FOREVER: u32 = u32::MAX;

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
    /// Effective attack, life and armor.
    pub stats: [i32; 3],
    /// The last event that hurt or doomed it (the cause logged when it is destroyed).
    pub last_hit: Option<u32>,
    /// Hook bits of every ability it has.
    pub hooks: u32,
    /// Rule flags of every keyword it has.
    pub flags: u8,
}

impl Creature {
    /// A fresh creature of a card.
    #[must_use]
    pub fn new(program: &Program, card: CardIdx, owner: u8, slot: u8, turn: u32) -> Self {
        let c = &program.cards[card as usize];
        Self {
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
            stats: [c.attack, c.life, 0],
            last_hit: None,
            hooks: c.hooks,
            flags: c.flags,
        }
    }

    /// Effective attack.
    #[must_use]
    pub fn attack(&self) -> i32 {
        self.stats[0]
    }

    /// Effective life.
    #[must_use]
    pub fn life(&self) -> i32 {
        self.stats[1]
    }

    /// Effective armor.
    #[must_use]
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

    /// Whether it has a keyword.
    #[must_use]
    pub fn has_keyword(&self, program: &Program, keyword: KwIdx) -> bool {
        let mut found = false;
        self.each_keyword(program, |k, _, _| found |= k == keyword);
        found
    }

    /// Recomputes the hook and flag unions after artifacts or grants change.
    pub fn refresh_hooks(&mut self, program: &Program) {
        let (mut hooks, mut flags) = (0, 0);
        self.each_keyword(program, |k, _, _| {
            let kw = &program.keywords[k as usize];
            hooks |= kw.hooks;
            flags |= kw.flags;
        });
        self.hooks = hooks;
        self.flags = flags;
    }
}

/// What an ability knows about the event it answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ctx {
    /// The other creature involved: the attacked one, the attacker, the damage's source or target.
    pub subject: CreatureId,
    /// An amount (damage taken).
    pub amount: i32,
    /// The slot involved (the attacked slot; the slot a creature died in).
    pub slot: u8,
    /// The bearer is attacking the opposing player.
    pub attacking_player: bool,
    /// The bearer is attacking a creature.
    pub attacking_creature: bool,
    /// The damage in question is attack damage.
    pub attack_damage: bool,
}

impl Default for Ctx {
    fn default() -> Self {
        Self {
            subject: NONE,
            amount: 0,
            slot: 0,
            attacking_player: false,
            attacking_creature: false,
            attack_damage: false,
        }
    }
}

/// A triggered ability waiting to resolve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pending {
    /// The ability.
    pub source: AbilitySource,
    /// The event it answers.
    pub after: u32,
    /// What it knows about that event.
    pub ctx: Ctx,
}

/// What an ability's effects apply to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetRef {
    /// A creature.
    Creature(CreatureId),
    /// A player (0 = A, 1 = B).
    Player(u8),
}

/// Up to two lines' worth of targets, without allocating.
#[derive(Debug, Clone, Copy)]
pub struct Targets {
    items: [TargetRef; 2 * MAX_SLOTS],
    len: usize,
}

impl Targets {
    /// No targets.
    #[must_use]
    pub fn new() -> Self {
        Self {
            items: [TargetRef::Player(0); 2 * MAX_SLOTS],
            len: 0,
        }
    }
    fn push(&mut self, t: TargetRef) {
        if self.len < self.items.len() {
            self.items[self.len] = t;
            self.len += 1;
        }
    }
    /// The targets.
    #[must_use]
    pub fn as_slice(&self) -> &[TargetRef] {
        &self.items[..self.len]
    }
}

impl Default for Targets {
    fn default() -> Self {
        Self::new()
    }
}

/// Where the turn machine is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// A new turn begins.
    TurnBegin,
    /// The start phase begins.
    StartPhase,
    /// Start-of-turn abilities, creature by creature.
    StartEach,
    /// The deploy phase begins.
    DeployPhase,
    /// The next scheduled play.
    DeployEach(usize),
    /// The battle phase begins.
    BattlePhase,
    /// Attacks of a slot.
    BattleSlot(u8),
    /// Fury's second attacks of a slot.
    FurySlot(u8),
    /// Game end check after the battle.
    BattleCheck,
    /// Lines close up.
    CloseGaps,
    /// The end phase begins.
    EndPhase,
    /// End-of-turn abilities, creature by creature.
    EndEach,
    /// Grants expire; Reanimate returns.
    EndReturns,
    /// Game end check after the end phase.
    EndCheck,
    /// The game is over.
    Over,
}

/// The mutable state of a battle (cloned cheaply; no references into content).
#[derive(Debug, Clone)]
pub struct State {
    /// The seeded generator.
    pub rng: ChaCha8Rng,
    /// Every creature instance ever made (ids index this).
    pub creatures: Vec<Creature>,
    /// The lines: creature ids by slot, [`NONE`] when empty.
    pub lines: [[CreatureId; MAX_SLOTS]; 2],
    /// Line length.
    pub slots: usize,
    /// Players' life.
    pub life: [i32; 2],
    /// Discard piles: (card, the creature it came with or [`NONE`]).
    pub discard: [Vec<(CardIdx, CreatureId)>; 2],
    /// The current turn (0 before turn 1).
    pub turn: u32,
    /// The last turn.
    pub max_turns: u32,
    /// Where the turn machine is.
    pub stage: Stage,
    /// Triggered abilities waiting.
    pub queue: VecDeque<Pending>,
    /// The creatures whose start/end abilities run this phase, in order.
    pub order: [CreatureId; 2 * MAX_SLOTS],
    /// How many of `order` are used.
    pub order_len: u8,
    /// The next one of `order`.
    pub order_pos: u8,
    /// Creatures that return at the end of this turn, in the order they died.
    pub returning: Vec<CreatureId>,
    /// The log (all of it when kept; otherwise the events not yet handed out).
    pub log: Vec<Event>,
    /// The index of `log[0]`.
    pub log_start: u32,
    /// The next event's index.
    pub next_index: u32,
    /// Whether the whole log is kept.
    pub keep_log: bool,
    /// Stats need recomputing.
    pub stats_dirty: bool,
    /// Some creature may have to be destroyed.
    pub check_deaths: bool,
    /// Resolutions since the turn machine last moved (loop guard).
    pub resolutions: u32,
    /// The event that started the current phase (the cause of plain rule events).
    pub phase_event: u32,
    /// Winner when over: 0 = A, 1 = B, 2 = draw, 3 = none.
    pub result: u8,
}

impl State {
    /// Records an event and returns its index.
    pub fn emit(&mut self, kind: EventKind, cause: Cause) -> u32 {
        let index = self.next_index;
        self.next_index += 1;
        self.log.push(Event {
            index,
            turn: self.turn,
            kind,
            cause,
        });
        index
    }

    /// The creature with this id.
    #[must_use]
    pub fn creature(&self, id: CreatureId) -> &Creature {
        &self.creatures[id as usize]
    }

    /// The creature id in a slot (0-based) of a side, or [`NONE`].
    #[must_use]
    pub fn at(&self, side: u8, slot: usize) -> CreatureId {
        if slot < self.slots {
            self.lines[side as usize][slot]
        } else {
            NONE
        }
    }

    /// The occupied ids of a side, slot order.
    pub fn line(&self, side: u8) -> impl Iterator<Item = CreatureId> + '_ {
        self.lines[side as usize][..self.slots]
            .iter()
            .copied()
            .filter(|&id| id != NONE)
    }

    /// The index of the first empty slot behind the last occupied one.
    #[must_use]
    pub fn slot_behind_last(&self, side: u8) -> Option<usize> {
        let line = &self.lines[side as usize][..self.slots];
        let last = line.iter().rposition(|&id| id != NONE);
        let slot = last.map_or(0, |l| l + 1);
        (slot < self.slots).then_some(slot)
    }

    /// Evaluates a condition on `subject`, for an ability whose bearer belongs to `owner`.
    #[must_use]
    pub fn cond(&self, p: &Program, c: &Cond, subject: CreatureId, owner: u8, ctx: &Ctx) -> bool {
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

    /// Evaluates an amount for a bearer with a keyword value.
    #[must_use]
    pub fn amount(&self, p: &Program, a: &Amt, bearer: CreatureId, value: i32, ctx: &Ctx) -> i32 {
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
        let my_slot = if bearer == NONE {
            0
        } else {
            self.creature(bearer).slot as usize
        };
        let creature = TargetRef::Creature;
        match sel {
            Sel::This => {
                if bearer != NONE {
                    out.push(creature(bearer));
                }
            }
            Sel::Controller => out.push(TargetRef::Player(owner)),
            Sel::Opponent => out.push(TargetRef::Player(enemy)),
            Sel::EnemyOpposite => {
                let id = self.at(enemy, my_slot);
                if bearer != NONE && id != NONE {
                    out.push(creature(id));
                }
            }
            Sel::FrontEnemy => {
                if let Some(id) = self.line(enemy).next() {
                    out.push(creature(id));
                }
            }
            Sel::LastEnemy => {
                if let Some(id) = self.line(enemy).last() {
                    out.push(creature(id));
                }
            }
            Sel::AllEnemies => self.line(enemy).for_each(|id| out.push(creature(id))),
            Sel::RandomEnemy => {
                let n = self.line(enemy).count();
                if n > 0 {
                    let pick = self.rng.random_range(0..n);
                    if let Some(id) = self.line(enemy).nth(pick) {
                        out.push(creature(id));
                    }
                }
            }
            Sel::StrongestEnemy => {
                let mut best: Option<CreatureId> = None;
                for id in self.line(enemy) {
                    if best.is_none_or(|b| self.creature(id).attack() > self.creature(b).attack()) {
                        best = Some(id);
                    }
                }
                if let Some(id) = best {
                    out.push(creature(id));
                }
            }
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
                    if my_slot > 0 && self.at(owner, my_slot - 1) != NONE {
                        out.push(creature(self.at(owner, my_slot - 1)));
                    }
                    if self.at(owner, my_slot + 1) != NONE {
                        out.push(creature(self.at(owner, my_slot + 1)));
                    }
                }
            }
            Sel::FrontAlly => {
                // Slot 1 itself (rules/battle-line.md: "the creature in slot 1"): while slot 1
                // stands empty mid-battle, nobody gets the bonus.
                let id = self.at(owner, 0);
                if id != NONE && id != bearer {
                    out.push(creature(id));
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
                if let Some(id) = best {
                    out.push(creature(id));
                }
            }
            Sel::AlliesWithArtifacts => {
                for id in self.line(owner) {
                    if id != bearer && self.creature(id).artifact_count > 0 {
                        out.push(creature(id));
                    }
                }
            }
            Sel::AttackedCreature | Sel::Attacker | Sel::EventSubject => {
                if ctx.subject != NONE && self.creature(ctx.subject).on_line {
                    out.push(creature(ctx.subject));
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
            Sel::AlliesWhere(c) | Sel::FirstAllyWhere(c) => {
                let first = matches!(sel, Sel::FirstAllyWhere(_));
                for id in self.line(owner) {
                    if self.cond(p, c, id, owner, ctx) {
                        out.push(creature(id));
                        if first {
                            break;
                        }
                    }
                }
            }
            Sel::EnemiesWhere(c) | Sel::FirstEnemyWhere(c) => {
                let first = matches!(sel, Sel::FirstEnemyWhere(_));
                for id in self.line(enemy) {
                    if self.cond(p, c, id, owner, ctx) {
                        out.push(creature(id));
                        if first {
                            break;
                        }
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
            Sel::Unsupported => {}
        }
        out
    }

    /// Calls `f` for each ability of `id` with `hook`, in keyword order.
    pub fn each_ability(
        &self,
        p: &Program,
        id: CreatureId,
        hook: Hook,
        mut f: impl FnMut(AbilitySource),
    ) {
        let c = self.creature(id);
        if c.hooks & hook.bit() == 0 {
            return;
        }
        c.each_keyword(p, |kw, value, via| {
            let def = &p.keywords[kw as usize];
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
        });
    }

    /// Queues every ability of `id` with `hook` (optionally only those whose tribe filter matches
    /// the tribes of `subject`).
    pub fn enqueue(&mut self, p: &Program, id: CreatureId, hook: Hook, after: u32, ctx: Ctx) {
        if self.creatures[id as usize].hooks & hook.bit() == 0 {
            return;
        }
        let subject_tribes = if ctx.subject == NONE {
            0
        } else {
            p.cards[self.creature(ctx.subject).card as usize].tribes
        };
        // Disjoint field borrows: read the creature while pushing to the queue, no copy.
        let c = &self.creatures[id as usize];
        let queue = &mut self.queue;
        c.each_keyword(p, |kw, value, via| {
            let def = &p.keywords[kw as usize];
            if def.hooks & hook.bit() == 0 {
                return;
            }
            for (i, a) in def.abilities.iter().enumerate() {
                if a.hook == hook
                    && a.hook_tribe
                        .is_none_or(|t| subject_tribes & (1u128 << t) != 0)
                {
                    queue.push_back(Pending {
                        source: AbilitySource {
                            creature: id,
                            keyword: kw,
                            ability: i as u8,
                            value,
                            via,
                        },
                        after,
                        ctx,
                    });
                }
            }
        });
    }
}
