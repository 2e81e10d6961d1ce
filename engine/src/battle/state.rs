//! The battle's mutable state: creatures, lines, the trigger queue and the log. Queries live in
//! [`super::query`]. Lines are fixed-size arrays of creature ids.

use crate::core::{LoopGuard, Moments, SeededRng};

use super::event::{AbilitySource, Cause, CreatureId, Event, EventKind, Via};
use super::program::{CardIdx, Hook, KwIdx, MAX_SLOTS, Program, Quick};

/// `State::suspects` when every creature must be looked at (one whose id has no bit, 64 or
/// more, makes it so too).
pub const ALL_SUSPECT: u64 = u64::MAX;
/// A grant that never expires.
pub const FOREVER: u32 = u32::MAX;
/// The hooks of the start and end of turn walks, by [`walk_index`].
pub const WALK_HOOKS: [Hook; 2] = [Hook::StartOfTurn, Hook::EndOfTurn];

/// The index of a walk's hook in [`WALK_HOOKS`] and [`State::walk_hooked`].
#[must_use]
pub fn walk_index(hook: Hook) -> usize {
    usize::from(hook != Hook::StartOfTurn)
}

pub use super::creature::{Creature, NONE};

/// The slots of a bit mask, lowest first.
#[derive(Debug, Clone)]
pub struct Slots(pub u32);

impl Iterator for Slots {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let slot = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(slot)
    }
}

/// `dst.clone_from(src)` (reusing `dst`'s buffer), with an empty `src`, as a start that has
/// not begun has (no log, nothing queued or discarded), a plain clear.
#[inline]
fn copy_vec<T: Clone>(dst: &mut Vec<T>, src: &Vec<T>) {
    if src.is_empty() {
        dst.clear();
    } else {
        dst.clone_from(src);
    }
}

/// Abilities that acted during a walk, noted in [`State::fired`] after it (see [`State::acted`]).
#[derive(Debug, Clone, Copy)]
pub struct Acted {
    items: [Option<AbilitySource>; 4],
    len: usize,
    on: bool,
}

impl Acted {
    /// Remembers an ability that acted (the first four of one walk).
    #[inline]
    pub fn push(&mut self, source: AbilitySource) {
        if self.on && self.len < self.items.len() {
            self.items[self.len] = Some(source);
            self.len += 1;
        }
    }

    /// Notes them all.
    #[inline]
    pub fn note(self, state: &mut State) {
        for source in self.items.into_iter().take(self.len).flatten() {
            state.note_fired(source);
        }
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

/// The triggered abilities waiting, first in first out. A vector read from a moving head
/// rather than a ring: it empties many times a battle, and then starts again at its front, so
/// taking the next one is an index test with no wrap-around.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PendingQueue {
    items: Vec<Pending>,
    head: usize,
}

impl PendingQueue {
    /// An empty queue with room for `capacity` abilities.
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            items: Vec::with_capacity(capacity),
            head: 0,
        }
    }

    /// Adds an ability at the back.
    #[inline]
    pub fn push_back(&mut self, pending: Pending) {
        self.items.push(pending);
    }

    /// Takes the ability at the front.
    #[inline]
    pub fn pop_front(&mut self) -> Option<Pending> {
        let pending = *self.items.get(self.head)?;
        self.head += 1;
        if self.head == self.items.len() {
            self.clear();
        }
        Some(pending)
    }

    /// Drops every waiting ability.
    #[inline]
    pub fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    /// Whether nothing waits.
    #[must_use]
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }
}

impl Clone for PendingQueue {
    fn clone(&self) -> Self {
        Self {
            items: self.items.clone(),
            head: self.head,
        }
    }

    /// Reuses this queue's buffer (a Monte Carlo reset allocates nothing).
    fn clone_from(&mut self, other: &Self) {
        copy_vec(&mut self.items, &other.items);
        self.head = other.head;
    }
}

/// What an ability's effects apply to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetRef {
    /// A creature.
    Creature(CreatureId),
    /// A player (0 = A, 1 = B).
    Player(u8),
}

/// Up to two lines' worth of targets, without allocating. Kept as plain ids (a player is
/// [`PLAYER_TARGET`] + its index) so that making an empty list is a few wide stores.
#[derive(Debug, Clone, Copy)]
pub struct Targets {
    items: [u16; 2 * MAX_SLOTS],
    len: usize,
}

/// How a player is written in [`Targets`] (creature ids stay below it).
const PLAYER_TARGET: u16 = NONE - 2;

impl Targets {
    /// No targets.
    #[must_use]
    pub fn new() -> Self {
        Self {
            items: [NONE; 2 * MAX_SLOTS],
            len: 0,
        }
    }

    pub(super) fn push(&mut self, t: TargetRef) {
        if self.len < self.items.len() {
            self.items[self.len] = match t {
                TargetRef::Creature(id) => id,
                TargetRef::Player(p) => PLAYER_TARGET + u16::from(p.min(1)),
            };
            self.len += 1;
        }
    }

    /// The targets, in the order chosen.
    pub fn iter(&self) -> impl Iterator<Item = TargetRef> + '_ {
        self.items[..self.len].iter().map(|&t| {
            if t >= PLAYER_TARGET {
                TargetRef::Player((t - PLAYER_TARGET) as u8)
            } else {
                TargetRef::Creature(t)
            }
        })
    }

    /// The first target.
    #[must_use]
    pub fn first(&self) -> Option<TargetRef> {
        self.iter().next()
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
///
/// The methods that log events take a `LOG` parameter, whether events are built at all
/// ([`State::emit`]): stepping and a kept log use `true`; a log-off battle running to its end
/// (Monte Carlo), `false`.
#[allow(clippy::struct_excessive_bools)] // independent flags of the turn machine and its shortcuts
#[derive(Debug, Clone)]
pub struct State {
    /// The seeded generator.
    pub rng: SeededRng,
    /// Every creature instance ever made (ids index this).
    pub creatures: Vec<Creature>,
    /// The lines: creature ids by slot, [`NONE`] when empty.
    pub lines: [[CreatureId; MAX_SLOTS]; 2],
    /// Every hook of every creature in a line, or more (a superset: it grows as creatures
    /// arrive or gain abilities, and is made exact at each stat recomputation). A rule that
    /// would ask every creature about a hook nobody has skips the walk.
    pub board_hooks: u32,
    /// A bit per occupied slot of each side (see [`State::occupied`]).
    pub occupancy: [u32; 2],
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
    pub queue: PendingQueue,
    /// The lines as they stood when this phase's start/end abilities began (they run in
    /// that order: A's slots, then B's).
    pub order: [[CreatureId; MAX_SLOTS]; 2],
    /// The slots of `order` still to run, per side.
    pub order_left: [u32; 2],
    /// The slots of `order` whose creature had this phase's hook when the phase began, per
    /// side, or every slot once a creature's hooks may have grown since (a keyword granted
    /// mid-phase): the walk skips the others without looking at them.
    pub order_hooked: [u32; 2],
    /// Per start/end-of-turn walk ([`walk_index`]) and side, the slots whose creature may have
    /// that walk's hook (every one that has it, or more), kept as creatures arrive, leave,
    /// move and gain abilities: a walk's snapshot copies it instead of asking each creature.
    pub walk_hooked: [[u32; 2]; 2],
    /// Whether a creature in a line may hold a granted keyword (end of turn skips the expiry
    /// walk otherwise).
    pub may_hold_grants: bool,
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
    /// Base stats, fixed statics or hooks changed since the last recomputation (not only the
    /// lines): every creature's stats are recomputed, never patched.
    pub stats_full: bool,
    /// The slots of each side whose creature changed since the last recomputation (a bit
    /// mask, or more): with local statics ([`Program::statics_reach`]) they tell which
    /// creatures' stats need patching.
    pub stats_moved: [u32; 2],
    /// Some creature may have to be destroyed.
    pub check_deaths: bool,
    /// The creatures that may have to be destroyed at the next check (damage, destruction),
    /// a bit per creature id; [`ALL_SUSPECT`] when any might be. A mask, not a list: noting
    /// one is an `or`, with no search for whether it was noted already.
    pub suspects: u64,
    /// Resolutions since the turn machine last moved.
    pub guard: LoopGuard,
    /// The event that started the current phase (the cause of plain rule events).
    pub phase_event: u32,
    /// Winner when over: 0 = A, 1 = B, 2 = draw, 3 = none.
    pub result: u8,
    /// The sandbox's record of the board right after each event (`moments[i]` after event
    /// `i`), kept only when asked for ([`super::Battle::keep_moments`]): an event is logged
    /// once its change is made, so a copy taken as it is logged shows exactly that moment.
    pub moments: Moments<State>,
    /// Whether to note in [`State::fired`] every ability that acts and count damage dealt and
    /// taken per creature (the balance lab; off, each costs one well-predicted test).
    pub tally: bool,
    /// With `tally` on: each ability that acted (a triggered ability whose condition held, a
    /// replacement that applied), by bearer and keyword, in order.
    pub fired: Vec<(CreatureId, KwIdx)>,
}

impl State {
    /// Makes this state a copy of `other`, reusing its buffers (no allocation once they are
    /// large enough).
    pub fn copy_from(&mut self, other: &State) {
        self.copy_all_but_rng(other);
        self.rng.clone_from(&other.rng);
    }

    /// As [`State::copy_from`], with the generator started afresh from `seed` instead of
    /// copied (a Monte Carlo reset, which would overwrite the copy: it is a few hundred bytes).
    pub fn copy_reseeded(&mut self, other: &State, seed: u64) {
        self.copy_all_but_rng(other);
        self.rng.reseed(seed);
    }

    /// Copies every field but the generator. Every field is named, so a new field cannot be
    /// forgotten here.
    fn copy_all_but_rng(&mut self, other: &State) {
        let State {
            rng: _,
            creatures,
            lines,
            board_hooks,
            occupancy,
            slots,
            life,
            discard,
            turn,
            max_turns,
            stage,
            queue,
            order,
            order_left,
            order_hooked,
            walk_hooked,
            may_hold_grants,
            returning,
            log,
            log_start,
            next_index,
            keep_log,
            stats_dirty,
            stats_full,
            stats_moved,
            check_deaths,
            suspects,
            guard,
            phase_event,
            result,
            moments,
            tally,
            fired,
        } = other;
        self.creatures.clone_from(creatures);
        self.lines = *lines;
        self.occupancy = *occupancy;
        self.board_hooks = *board_hooks;
        self.slots = *slots;
        self.life = *life;
        copy_vec(&mut self.discard[0], &discard[0]);
        copy_vec(&mut self.discard[1], &discard[1]);
        self.turn = *turn;
        self.max_turns = *max_turns;
        self.stage = *stage;
        self.queue.clone_from(queue);
        self.order = *order;
        self.order_left = *order_left;
        self.order_hooked = *order_hooked;
        self.walk_hooked = *walk_hooked;
        self.may_hold_grants = *may_hold_grants;
        copy_vec(&mut self.returning, returning);
        copy_vec(&mut self.log, log);
        self.log_start = *log_start;
        self.next_index = *next_index;
        self.keep_log = *keep_log;
        self.stats_dirty = *stats_dirty;
        self.stats_full = *stats_full;
        self.stats_moved = *stats_moved;
        self.check_deaths = *check_deaths;
        self.suspects = *suspects;
        self.guard = *guard;
        self.phase_event = *phase_event;
        self.result = *result;
        self.moments.clone_from(moments);
        self.tally = *tally;
        copy_vec(&mut self.fired, fired);
    }

    /// Records an event and returns its index. `LOG`: whether events are recorded at all
    /// (off only while a log-off battle runs to its end: nobody reads those events, so they
    /// are counted but not built). It is a compile-time choice, not a field read at each event:
    /// in the log-off copy of the hot path every event's kind and cause, and whatever computes
    /// them, are dead code (measured: a tenth of a mirror battle's instructions).
    #[inline]
    pub fn emit<const LOG: bool>(&mut self, kind: EventKind, cause: Cause) -> u32 {
        let index = self.next_index;
        self.next_index += 1;
        if LOG {
            self.log.push(Event {
                index,
                turn: self.turn,
                kind,
                cause,
            });
            if self.moments.is_kept() {
                self.record_moment();
            }
        }
        index
    }

    /// Notes that an ability acted (for the balance lab's keyword counts), when tallying.
    #[inline]
    pub(super) fn note_fired(&mut self, source: AbilitySource) {
        if self.tally {
            self.fired.push((source.creature, source.keyword));
        }
    }

    /// An empty list of abilities that acted during a walk over a creature's abilities (which
    /// borrows the state, so they are noted after it), kept only when tallying.
    #[inline]
    pub(super) fn acted(&self) -> Acted {
        Acted {
            items: [None; 4],
            len: 0,
            on: self.tally,
        }
    }

    /// Keeps a copy of the board as it is now (without the log and the earlier moments).
    #[cold]
    #[inline(never)]
    fn record_moment(&mut self) {
        let mut moments = std::mem::take(&mut self.moments);
        let log = std::mem::take(&mut self.log);
        moments.record(self.clone());
        self.log = log;
        self.moments = moments;
    }

    /// The creature with this id.
    #[must_use]
    #[inline]
    pub fn creature(&self, id: CreatureId) -> &Creature {
        &self.creatures[id as usize]
    }

    /// The creature id in a slot (0-based) of a side, or [`NONE`].
    #[must_use]
    #[inline]
    pub fn at(&self, side: u8, slot: usize) -> CreatureId {
        if slot < self.slots {
            self.lines[side as usize][slot]
        } else {
            NONE
        }
    }

    /// The occupied ids of a side, slot order.
    #[inline]
    pub fn line(&self, side: u8) -> impl Iterator<Item = CreatureId> + '_ {
        let line = &self.lines[side as usize];
        Slots(self.occupied(side)).map(move |slot| line[slot])
    }

    /// A bit per occupied slot of a side (bit 0 = slot 1), kept with the lines: loops over a
    /// line walk its bits instead of testing every slot, since which slots are empty changes
    /// all battle long and a test per slot mispredicts often.
    #[must_use]
    #[inline]
    pub fn occupied(&self, side: u8) -> u32 {
        debug_assert_eq!(
            self.occupancy[side as usize],
            self.count_occupied(side),
            "occupancy out of step with the line"
        );
        self.occupancy[side as usize]
    }

    /// The occupancy of a side, worked out from its line.
    fn count_occupied(&self, side: u8) -> u32 {
        let mut mask = 0u32;
        for (slot, &id) in self.lines[side as usize][..self.slots].iter().enumerate() {
            mask |= u32::from(id != NONE) << slot;
        }
        mask
    }

    /// Notes that a creature's base stats or fixed statics changed (or a creature arrived):
    /// stats need recomputing, and its life may now be 0 even if no static changes life, so
    /// the next death check must look.
    #[inline]
    pub(super) fn base_changed(&mut self) {
        self.stats_dirty = true;
        self.stats_full = true;
        self.suspect_all();
    }

    /// Notes that creatures left a line or moved in it. Only a static ability can make that
    /// change anyone's stats (a neighbour's bonus, a count of allies): with no creature in a
    /// line holding one, every stat stays what it was and no recomputation is due.
    #[inline]
    pub(super) fn line_changed(&mut self) {
        self.stats_dirty |= self.board_hooks & Hook::Static.bit() != 0;
    }

    /// A battle as set up: stats known, no death check pending, and a creature that starts at
    /// 0 life (or marked) kept a suspect for the next check, so the next death check destroys it as a full look
    /// would (found by `random_keyword_text_never_panics_the_loader`: a 0-life card).
    pub(super) fn settle_setup(&mut self, p: &Program) {
        self.ensure_stats(p);
        self.check_deaths = false;
        self.suspects = 0;
        for id in 0..self.creatures.len() {
            let c = &self.creatures[id];
            if c.on_line && (c.doomed || c.damage >= c.life()) {
                self.suspect(id as CreatureId);
            }
        }
        // Kept for the next check, which comes when it always did.
        self.check_deaths = false;
    }

    /// Asks for a death check of one creature (it was damaged or marked).
    #[inline]
    pub(super) fn suspect(&mut self, id: CreatureId) {
        self.check_deaths = true;
        self.suspects |= 1u64.checked_shl(u32::from(id)).unwrap_or(ALL_SUSPECT);
    }

    /// Asks for a death check of every creature.
    #[inline]
    pub(super) fn suspect_all(&mut self) {
        self.check_deaths = true;
        self.suspects = ALL_SUSPECT;
    }

    /// Whether some creature in a line may have an ability with `hook`.
    #[must_use]
    #[inline]
    pub fn board_may_have(&self, hook: Hook) -> bool {
        debug_assert!(
            (0..2u8).all(|side| self
                .line(side)
                .all(|id| self.creature(id).hooks & !self.board_hooks == 0)),
            "board hooks miss a creature's hooks"
        );
        self.board_hooks & hook.bit() != 0
    }

    /// Notes that a creature's hooks may have grown (it arrived, or gained a keyword).
    #[inline]
    pub(super) fn note_hooks(&mut self, id: CreatureId) {
        let c = &self.creatures[id as usize];
        self.board_hooks |= c.hooks;
        if c.on_line {
            let (side, bit, hooks) = (c.owner as usize, 1u32 << c.slot, c.hooks);
            for (walk, hook) in WALK_HOOKS.into_iter().enumerate() {
                if hooks & hook.bit() != 0 {
                    self.walk_hooked[walk][side] |= bit;
                }
            }
        }
        // A creature in this phase's order may now have its hook: look at every one again.
        self.order_hooked = [u32::MAX; 2];
    }

    /// Whether some creature in a line may have a walk's hook: while none has,
    /// [`State::walk_hooked`] is left alone (a board with no such ability pays nothing for it),
    /// and a creature that brings one notes it ([`State::note_hooks`]).
    #[inline]
    pub(super) fn walks_hooked(&self) -> bool {
        self.board_hooks & (WALK_HOOKS[0].bit() | WALK_HOOKS[1].bit()) != 0
    }

    /// Notes the walk hooks of the creature in a slot (or of nobody) in
    /// [`State::walk_hooked`].
    #[inline]
    fn note_walk_hooks(&mut self, side: u8, slot: usize, id: CreatureId) {
        if !self.walks_hooked() {
            return;
        }
        let hooks = if id == NONE {
            0
        } else {
            self.creatures[id as usize].hooks
        };
        let bit = 1u32 << slot;
        for (walk, hook) in WALK_HOOKS.into_iter().enumerate() {
            let mask = &mut self.walk_hooked[walk][side as usize];
            *mask = (*mask & !bit) | (u32::from(hooks & hook.bit() != 0) << slot);
        }
    }

    /// Works [`State::walk_hooked`] out again for a side whose line (and occupancy) was
    /// rewritten as a whole.
    pub(super) fn refresh_walk_hooks(&mut self, side: u8) {
        if !self.walks_hooked() {
            return;
        }
        let line = &self.lines[side as usize];
        let mut masks = [0u32; 2];
        for slot in Slots(self.occupancy[side as usize]) {
            let hooks = self.creatures[line[slot] as usize].hooks;
            for (mask, hook) in masks.iter_mut().zip(WALK_HOOKS) {
                *mask |= u32::from(hooks & hook.bit() != 0) << slot;
            }
        }
        for (walk, mask) in masks.into_iter().enumerate() {
            self.walk_hooked[walk][side as usize] = mask;
        }
    }

    /// Puts `id` (or [`NONE`]) in a slot, keeping the occupancy in step.
    #[inline]
    pub(super) fn set_slot(&mut self, side: u8, slot: usize, id: CreatureId) {
        self.lines[side as usize][slot] = id;
        self.note_walk_hooks(side, slot, id);
        let bit = 1u32 << slot;
        self.stats_moved[side as usize] |= bit;
        if id == NONE {
            self.occupancy[side as usize] &= !bit;
        } else {
            self.occupancy[side as usize] |= bit;
        }
    }

    /// Works the occupancy of a side out again after its line was rewritten as a whole (its
    /// creatures may all have moved).
    pub(super) fn refresh_occupancy(&mut self, side: u8) {
        self.occupancy[side as usize] = self.count_occupied(side);
        self.stats_moved[side as usize] = u32::MAX;
        self.refresh_walk_hooks(side);
    }

    /// The index of the first empty slot behind the last occupied one.
    #[must_use]
    pub fn slot_behind_last(&self, side: u8) -> Option<usize> {
        let line = &self.lines[side as usize][..self.slots];
        let last = line.iter().rposition(|&id| id != NONE);
        let slot = last.map_or(0, |l| l + 1);
        (slot < self.slots).then_some(slot)
    }

    /// Calls `f` for each ability of `id` with `hook`, in keyword order.
    #[inline]
    pub fn each_ability(
        &self,
        p: &Program,
        id: CreatureId,
        hook: Hook,
        f: impl FnMut(AbilitySource),
    ) {
        let c = self.creature(id);
        if c.hooks & hook.bit() != 0 {
            c.each_ability(p, id, hook, f);
        }
    }

    /// Queues every ability of `id` with `hook` (optionally only those whose tribe filter matches
    /// the tribes of `subject`).
    /// Most creatures have no ability for most hooks: that test is inlined at every call site.
    #[inline]
    pub fn enqueue(&mut self, p: &Program, id: CreatureId, hook: Hook, after: u32, ctx: Ctx) {
        if self.creatures[id as usize].hooks & hook.bit() != 0 {
            self.enqueue_abilities(p, id, hook, after, ctx);
        }
    }

    /// [`State::enqueue`] once the creature has an ability with `hook`. Most have only
    /// printed ones, and only `AllySummoned(tribe)` filters by the other creature's tribes:
    /// that case queues them straight from the card, the rest goes through
    /// [`State::enqueue_filtered`].
    #[inline(never)]
    fn enqueue_abilities(&mut self, p: &Program, id: CreatureId, hook: Hook, after: u32, ctx: Ctx) {
        let c = &self.creatures[id as usize];
        if hook != Hook::AllySummoned && c.only_printed() {
            let queue = &mut self.queue;
            c.each_printed_ability(p, id, hook, |source| {
                queue.push_back(Pending { source, after, ctx });
            });
            return;
        }
        self.enqueue_filtered(p, id, hook, after, ctx);
    }

    /// For a start or end of turn walk, which runs with the queue empty: queues every ability
    /// of `id` with `hook` but the first, and returns that one (the one the queue would hand
    /// out next, with no event context), so that it can resolve at once, with its quick form
    /// when it has one.
    // Inlined into the walk (measured): the call, its register saves and the returned copy
    // were a third of its cost.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn enqueue_all_but_first(
        &mut self,
        p: &Program,
        id: CreatureId,
        hook: Hook,
        after: u32,
    ) -> Option<(AbilitySource, Option<Quick>)> {
        debug_assert!(self.queue.is_empty(), "a walk runs with the queue empty");
        let ctx = Ctx::default();
        let c = &self.creatures[id as usize];
        // Only `AllySummoned` filters by another creature: never a walk's hook.
        if hook != Hook::AllySummoned && c.only_printed() {
            // The first printed ability with the hook is found by itself, the others (rare)
            // queued after it: the same order as `each_printed_ability`, without carrying
            // an `Option` through its loop.
            let abilities = &p.cards[c.card as usize].abilities;
            let first = abilities.iter().position(|a| a.hook == hook)?;
            let source = |a: &super::program::PrintedAbility| AbilitySource {
                creature: id,
                keyword: a.keyword,
                ability: a.ability,
                value: a.value,
                via: Via::Printed,
            };
            for a in &abilities[first + 1..] {
                if a.hook == hook {
                    self.queue.push_back(Pending {
                        source: source(a),
                        after,
                        ctx,
                    });
                }
            }
            let a = &abilities[first];
            return Some((source(a), a.quick));
        }
        self.enqueue_filtered(p, id, hook, after, ctx);
        let source = self.queue.pop_front()?.source;
        let quick = p.keywords[source.keyword as usize].abilities[source.ability as usize].quick;
        Some((source, quick))
    }

    #[inline(never)]
    fn enqueue_filtered(&mut self, p: &Program, id: CreatureId, hook: Hook, after: u32, ctx: Ctx) {
        // Disjoint field borrows: read the creature while pushing to the queue, no copy.
        let creatures = &self.creatures;
        let queue = &mut self.queue;
        creatures[id as usize].each_ability(p, id, hook, |source| {
            let a = &p.keywords[source.keyword as usize].abilities[source.ability as usize];
            // Only `AllySummoned(tribe)` filters by the other creature's tribes.
            let matches = a.hook_tribe.is_none_or(|t| {
                ctx.subject != NONE
                    && p.cards[creatures[ctx.subject as usize].card as usize].tribes & (1u128 << t)
                        != 0
            });
            if matches {
                queue.push_back(Pending { source, after, ctx });
            }
        });
    }
}
