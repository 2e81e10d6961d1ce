//! [`Battle`]: the turn machine over [`State`], one event per [`Battle::step`], replay by re-running
//! from the seed, and a log-off mode for Monte Carlo.

use std::sync::Arc;

use super::event::{Cause, CreatureId, Event, EventKind, Phase};
use super::program::{CardIdx, Hook, MAX_SLOTS, Program, StatKind};
use super::rules::side_player;
use super::setup::{BattleSetup, Play, Setup};
use super::state::{Ctx, NONE, Pending, Slots, Stage, State, walk_index};
use super::stats::StatPart;
use crate::core::Moments;

pub use crate::core::LOOP_LIMIT;
use crate::core::{LoopGuard, SeededRng};

/// A battle in progress.
#[derive(Debug, Clone)]
pub struct Battle {
    pub(super) program: Arc<Program>,
    pub(super) setup: Arc<Setup>,
    pub(super) seed: u64,
    /// Events handed out by [`Battle::step`] (the battle may have worked further ahead).
    pub(super) returned: u32,
    pub(super) state: State,
}

/// How a battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    /// Player A won.
    A,
    /// Player B won.
    B,
    /// Both fell at once.
    Draw,
    /// `max_turns` was reached.
    None,
}

impl Battle {
    /// A battle at its start (before turn 1) with the given seed; the log is kept.
    #[must_use]
    pub fn new(setup: &BattleSetup, seed: u64) -> Self {
        Self::with_log(setup, seed, true)
    }

    /// A battle from content and an in-memory scenario (the sandbox's entry point).
    pub fn from_scenario(
        content: &super::BattleContent,
        scenario: &crate::model::BattleScenario,
        seed: u64,
    ) -> Result<Self, super::LoadError> {
        Ok(Self::new(&super::prepare(content, scenario)?, seed))
    }

    /// As [`Battle::new`], choosing whether the whole log is kept (off: faster, for simulation;
    /// [`Battle::step`] still hands out each event).
    #[must_use]
    pub fn with_log(setup: &BattleSetup, seed: u64, keep_log: bool) -> Self {
        let program = Arc::clone(&setup.program);
        let s = Arc::clone(&setup.setup);
        let mut state = State {
            rng: SeededRng::new(seed),
            creatures: Vec::with_capacity(32),
            lines: [[NONE; MAX_SLOTS]; 2],
            occupancy: [0; 2],
            board_hooks: 0,
            slots: s.slots,
            life: [s.life; 2],
            discard: [Vec::with_capacity(16), Vec::with_capacity(16)],
            turn: 0,
            max_turns: s.max_turns,
            stage: if s.max_turns == 0 {
                Stage::Over
            } else {
                Stage::TurnBegin
            },
            queue: super::state::PendingQueue::with_capacity(64),
            order: [[NONE; MAX_SLOTS]; 2],
            order_left: [0; 2],
            order_hooked: [0; 2],
            walk_hooked: [[0; 2]; 2],
            may_hold_grants: false,
            returning: Vec::with_capacity(8),
            log: Vec::with_capacity(if keep_log { 512 } else { 64 }),
            log_start: 0,
            next_index: 0,
            keep_log,
            stats_dirty: true,
            stats_full: true,
            stats_moved: [0; 2],
            check_deaths: false,
            suspects: 0,
            guard: LoopGuard::new(),
            phase_event: 0,
            result: 3,
            moments: Moments::off(),
            tally: false,
            fired: Vec::new(),
        };
        for (side, line) in s.lines.iter().enumerate() {
            for (slot, &card) in line.iter().enumerate().take(s.slots) {
                state.place(&program, card, side as u8, slot);
            }
        }
        state.settle_setup(&program);
        Self {
            program,
            setup: s,
            seed,
            returned: 0,
            state,
        }
    }

    /// The events handed out by [`Battle::step`] so far (the whole log of a battle that ran).
    #[must_use]
    pub fn handed_out(&self) -> &[Event] {
        let end =
            (self.returned.saturating_sub(self.state.log_start) as usize).min(self.state.log.len());
        &self.state.log[..end]
    }

    /// Resolves until the next event and returns it; `None` once the game is over.
    pub fn step(&mut self) -> Option<Event> {
        loop {
            if self.returned < self.state.next_index {
                // The board a caller reads after this step shows up-to-date effective stats.
                self.state.ensure_stats(&self.program);
                let event = self.state.log[(self.returned - self.state.log_start) as usize];
                self.returned += 1;
                return Some(event);
            }
            if self.state.stage == Stage::Over && self.state.queue.is_empty() {
                return None;
            }
            if !self.state.keep_log {
                self.state.log.clear();
                self.state.log_start = self.state.next_index;
            }
            self.advance();
        }
    }

    /// Runs to the end.
    pub fn run(&mut self) {
        if self.state.keep_log {
            self.run_to_end::<true>();
        } else {
            // Nobody will read these events: count them without building them.
            self.state.log.clear();
            self.run_to_end::<false>();
        }
        self.state.log_start = self.state.next_index;
        self.state.ensure_stats(&self.program);
        self.returned = self.state.next_index;
    }

    /// [`Battle::run`]'s work, `LOG`: whether events are built and recorded.
    fn run_to_end<const LOG: bool>(&mut self) {
        // Nobody is handed events one at a time here, so no need to stop after each: the turn
        // under way finishes unit by unit, the next ones run straight through (`run_turn`).
        // A battle keeping moments records the stage machine's every stage in them: it keeps
        // to the machine.
        loop {
            match self.state.stage {
                Stage::Over => break,
                Stage::TurnBegin if !self.state.moments.is_kept() => {
                    let p = &*self.program;
                    let plays = &self.setup.plays;
                    let st = &mut self.state;
                    // The checks the machine's next unit would begin with.
                    settle::<LOG>(p, st);
                    while run_turn::<LOG>(p, plays, st) {}
                    break;
                }
                _ => self.advance_once::<true, LOG>(),
            }
        }
    }

    /// Turns this battle into a copy of `start` (a battle that has not started) with another
    /// seed, reusing this battle's buffers: Monte Carlo runs allocate nothing per battle.
    pub fn reset_from(&mut self, start: &Battle, seed: u64) {
        // Usually the same content already: skip the two atomic reference-count updates.
        if !Arc::ptr_eq(&self.program, &start.program) {
            self.program = Arc::clone(&start.program);
        }
        if !Arc::ptr_eq(&self.setup, &start.setup) {
            self.setup = Arc::clone(&start.setup);
        }
        self.seed = seed;
        self.returned = start.returned;
        self.state.copy_reseeded(&start.state, seed);
    }

    /// Turns this battle into a copy of `start` (a battle that has not started, usually with
    /// empty lines) with these starting lines added and another seed, reusing this battle's
    /// buffers: the balance lab plays many line-ups of one compiled content this way. The
    /// result is the battle [`Battle::new`] makes for a scenario with these lines (the setup's
    /// recorded lines are not changed, so [`Battle::replay_to`] would replay `start`'s).
    pub fn reset_with_lines(&mut self, start: &Battle, lines: [&[CardIdx]; 2], seed: u64) {
        self.reset_from(start, seed);
        let program = &*self.program;
        let slots = self.state.slots;
        for (side, line) in lines.iter().enumerate() {
            for (slot, &card) in line.iter().enumerate().take(slots) {
                self.state.place(program, card, side as u8, slot);
            }
        }
        // As `with_log` leaves a fresh battle: stats known, no death check pending.
        self.state.settle_setup(program);
    }

    /// Turns on (or off) noting every ability that acts in [`State::fired`]; battles reset from
    /// this one inherit the setting.
    pub fn set_tally(&mut self, on: bool) {
        self.state.tally = on;
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.state.stage == Stage::Over
    }

    /// The result once over.
    #[must_use]
    pub fn winner(&self) -> Option<Winner> {
        self.is_over().then_some(match self.state.result {
            0 => Winner::A,
            1 => Winner::B,
            2 => Winner::Draw,
            _ => Winner::None,
        })
    }

    /// The log so far (everything when the log is kept).
    #[must_use]
    pub fn log(&self) -> &[Event] {
        &self.state.log
    }

    /// How many events have happened.
    #[must_use]
    pub fn event_count(&self) -> u32 {
        self.state.next_index
    }

    /// The compiled content.
    #[must_use]
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The resolved scenario.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The raw state (for the sandbox and tests).
    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The current turn (0 before turn 1).
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.state.turn
    }

    /// Players' life, A then B.
    #[must_use]
    pub fn life(&self) -> [i32; 2] {
        self.state.life
    }

    /// Where each point of a creature's attack, life and armor comes from: printed, permanent
    /// changes, artifacts and each static ability in play (by creature and keyword).
    #[must_use]
    pub fn stat_breakdown(&self, creature: CreatureId) -> Vec<StatPart> {
        let mut scratch = self.state.clone();
        let mut parts = Vec::new();
        scratch.recompute_stats(&self.program, |id, part| {
            if id == creature {
                parts.push(part);
            }
        });
        parts
    }

    /// The effective value of a stat (what the breakdown sums to).
    #[must_use]
    pub fn stat(&self, creature: CreatureId, stat: StatKind) -> i32 {
        self.state.creature(creature).stats[stat as usize]
    }

    /// Works until something is logged or the game ends. Steps that log nothing (a skipped
    /// stage, an ability whose condition fails) run on in this loop: to a caller they were
    /// never separate steps.
    fn advance(&mut self) {
        loop {
            let before = self.state.next_index;
            self.advance_once::<false, true>();
            if self.state.next_index != before || self.state.stage == Stage::Over {
                return;
            }
        }
    }

    /// One unit of work: a queued ability, a death check, or the next steps of the turn.
    /// `TO_END`: the battle runs to its end with nobody handed events one at a time
    /// ([`Battle::run`]), so a unit may go on further (see [`next_in_order`]); stepping keeps
    /// each unit as small as it is, so the events a step has worked ahead stay few.
    #[allow(clippy::inline_always)] // measured: inlined into both loops it saves a tenth of a battle's instructions
    #[inline(always)]
    fn advance_once<const TO_END: bool, const LOG: bool>(&mut self) {
        let p = &*self.program;
        let plays = &self.setup.plays;
        let st = &mut self.state;
        if due_work::<LOG>(p, st) {
            return;
        }
        st.guard.progress();
        // A stage that only logs the turn's structure (a turn or phase begins, a pass that
        // finds nobody) queues nothing, kills nobody and changes no stat: the next stage
        // follows in this same call instead of going round the checks above again, which
        // would find nothing to do. Everything else returns to them.
        loop {
            match st.stage {
                Stage::TurnBegin => {
                    st.turn += 1;
                    let turn = st.turn;
                    st.phase_event = st.emit::<LOG>(EventKind::TurnBegan { turn }, Cause::RULES);
                    st.stage = Stage::StartPhase;
                    continue;
                }
                Stage::StartPhase => {
                    begin_phase::<LOG>(st, Phase::Start);
                    st.stage = if st.board_may_have(Hook::StartOfTurn)
                        && snapshot_order(st, Hook::StartOfTurn)
                    {
                        Stage::StartEach
                    } else {
                        Stage::DeployPhase
                    };
                    continue;
                }
                Stage::StartEach => {
                    if next_in_order::<TO_END, LOG>(p, st, Hook::StartOfTurn) {
                        return;
                    }
                    st.stage = Stage::DeployPhase;
                    continue;
                }
                Stage::DeployPhase => {
                    begin_phase::<LOG>(st, Phase::Deploy);
                    let turn = st.turn;
                    let first = plays.partition_point(|pl| pl.turn < turn);
                    st.stage = Stage::DeployEach(first);
                    continue;
                }
                Stage::DeployEach(i) => match plays.get(i) {
                    Some(play) if play.turn == st.turn => {
                        let cause = Cause::after(st.phase_event);
                        st.play::<LOG>(p, play, cause);
                        st.stage = Stage::DeployEach(i + 1);
                    }
                    _ => {
                        st.stage = Stage::BattlePhase;
                        continue;
                    }
                },
                Stage::BattlePhase => {
                    begin_phase::<LOG>(st, Phase::Battle);
                    st.stage = Stage::BattleSlot(0);
                    continue;
                }
                // Slots where nobody would attack are skipped: attacking there does nothing.
                Stage::BattleSlot(s) => {
                    if let Some(slot) = st.next_attack_slot(s as usize, false) {
                        st.attack_slot::<LOG>(p, slot, false);
                        st.stage = Stage::BattleSlot(slot as u8 + 1);
                    } else {
                        st.stage = Stage::FurySlot(0);
                        continue;
                    }
                }
                Stage::FurySlot(s) => {
                    if let Some(slot) = st.next_attack_slot(s as usize, true) {
                        st.attack_slot::<LOG>(p, slot, true);
                        st.stage = Stage::FurySlot(slot as u8 + 1);
                    } else {
                        st.stage = Stage::BattleCheck;
                        continue;
                    }
                }
                Stage::BattleCheck => {
                    if !check_game_end::<LOG>(st, false) {
                        st.stage = Stage::CloseGaps;
                        continue;
                    }
                }
                Stage::CloseGaps => {
                    begin_phase::<LOG>(st, Phase::CloseGaps);
                    let cause = Cause::after(st.phase_event);
                    st.close_gaps::<LOG>(cause);
                    // Lines that moved may change stats (and so life): back to the checks.
                    st.stage = Stage::EndPhase;
                }
                Stage::EndPhase => {
                    begin_phase::<LOG>(st, Phase::End);
                    st.stage = if st.board_may_have(Hook::EndOfTurn)
                        && snapshot_order(st, Hook::EndOfTurn)
                    {
                        Stage::EndEach
                    } else {
                        Stage::EndReturns
                    };
                    continue;
                }
                Stage::EndEach => {
                    if next_in_order::<TO_END, LOG>(p, st, Hook::EndOfTurn) {
                        return;
                    }
                    st.stage = Stage::EndReturns;
                    continue;
                }
                Stage::EndReturns => {
                    let cause = Cause::after(st.phase_event);
                    st.expire_and_return::<LOG>(p, cause);
                    st.stage = Stage::EndCheck;
                }
                Stage::EndCheck => {
                    if !check_game_end::<LOG>(st, true) {
                        st.stage = Stage::TurnBegin;
                        // Running to the end, the next turn is `run_turn`'s (what it checks
                        // first finds nothing due here: the turn machine only moves on).
                        if !TO_END {
                            continue;
                        }
                    }
                }
                Stage::Over => {}
            }
            return;
        }
    }
}

/// One unit of what is due before the turn machine may move on: a queued ability, else a
/// death check that destroyed someone. False when nothing was due.
#[allow(clippy::inline_always)] // inlined into the stage machine and each of `run_turn`'s waits
#[inline(always)]
fn due_work<const LOG: bool>(p: &Program, st: &mut State) -> bool {
    if let Some(pending) = st.queue.pop_front() {
        resolve_pending::<LOG>(p, st, pending);
        return true;
    }
    // Stats first when a static ability can change life: a creature whose life bonus just
    // went away must die at this check whether or not someone read the board in between
    // (stepping and running agree). Otherwise every change that can lower a life asks for a
    // death check itself, and stats wait until someone reads them.
    if p.statics_modify_life {
        st.ensure_stats(p);
    }
    if st.check_deaths {
        st.check_deaths = false;
        if st.process_deaths::<LOG>(p) {
            return true;
        }
    }
    false
}

/// Everything due before the turn machine moves on, then the move noted for the loop guard:
/// what the calls of `advance_once` between two of its stages do.
#[allow(clippy::inline_always)] // one short loop at each of `run_turn`'s waits
#[inline(always)]
fn settle<const LOG: bool>(p: &Program, st: &mut State) {
    while due_work::<LOG>(p, st) {}
    st.guard.progress();
}

/// Runs one whole turn to the end straight through, as [`Battle::advance_once`] running to the
/// end goes through the stages from [`Stage::TurnBegin`] (nothing due): the same steps in the
/// same order, with [`settle`] wherever the machine would return and begin its next unit,
/// without going back through the stage match a hundred times a battle. `st.stage` is not
/// kept up to date meanwhile (only the machine reads it; a battle keeping moments, which
/// record it, keeps to the machine): it is [`Stage::TurnBegin`] between turns and
/// [`Stage::Over`] at the end. Returns whether the game goes on.
/// `random_boards_step_run_and_log_off_agree` compares the logs with stepping's.
fn run_turn<const LOG: bool>(p: &Program, plays: &[Play], st: &mut State) -> bool {
    st.turn += 1;
    let turn = st.turn;
    st.phase_event = st.emit::<LOG>(EventKind::TurnBegan { turn }, Cause::RULES);
    begin_phase::<LOG>(st, Phase::Start);
    if st.board_may_have(Hook::StartOfTurn) {
        snapshot_order(st, Hook::StartOfTurn);
        while next_in_order::<true, LOG>(p, st, Hook::StartOfTurn) {
            settle::<LOG>(p, st);
        }
    }
    begin_phase::<LOG>(st, Phase::Deploy);
    if !plays.is_empty() {
        let mut i = plays.partition_point(|pl| pl.turn < turn);
        while let Some(play) = plays.get(i).filter(|pl| pl.turn == turn) {
            let cause = Cause::after(st.phase_event);
            st.play::<LOG>(p, play, cause);
            i += 1;
            settle::<LOG>(p, st);
        }
    }
    begin_phase::<LOG>(st, Phase::Battle);
    // Slots where nobody would attack are skipped: attacking there does nothing.
    for second in [false, true] {
        let mut from = 0;
        while let Some(slot) = st.next_attack_slot(from, second) {
            st.attack_slot::<LOG>(p, slot, second);
            from = slot + 1;
            settle::<LOG>(p, st);
        }
    }
    if check_game_end::<LOG>(st, false) {
        return false;
    }
    begin_phase::<LOG>(st, Phase::CloseGaps);
    let cause = Cause::after(st.phase_event);
    st.close_gaps::<LOG>(cause);
    settle::<LOG>(p, st);
    begin_phase::<LOG>(st, Phase::End);
    if st.board_may_have(Hook::EndOfTurn) {
        snapshot_order(st, Hook::EndOfTurn);
        while next_in_order::<true, LOG>(p, st, Hook::EndOfTurn) {
            settle::<LOG>(p, st);
        }
    }
    let cause = Cause::after(st.phase_event);
    st.expire_and_return::<LOG>(p, cause);
    settle::<LOG>(p, st);
    !check_game_end::<LOG>(st, true)
}

fn begin_phase<const LOG: bool>(st: &mut State, phase: Phase) {
    let turn_event = st.phase_event;
    st.phase_event = st.emit::<LOG>(EventKind::PhaseBegan { phase }, Cause::after(turn_event));
}

/// Notes the lines as this phase's order, and which of their creatures may have `hook`
/// ([`State::walk_hooked`], kept as the lines change). False when none may: the walk would
/// find nobody (and with nobody acting, nobody can gain the hook mid-phase), so it is skipped.
fn snapshot_order(st: &mut State, hook: Hook) -> bool {
    st.order = st.lines;
    st.order_left = st.occupancy;
    let hooked = st.walk_hooked[walk_index(hook)];
    st.order_hooked = [hooked[0] & st.occupancy[0], hooked[1] & st.occupancy[1]];
    debug_assert!(
        (0..2u8).all(|side| Slots(st.occupied(side)).all(|slot| {
            let c = &st.creatures[st.lines[side as usize][slot] as usize];
            c.hooks & hook.bit() == 0 || st.order_hooked[side as usize] & (1 << slot) != 0
        })),
        "walk hooks miss a creature with the hook"
    );
    st.order_hooked != [0; 2]
}

/// Resolves the next creature's abilities for `hook` (running to the end, `TO_END`, the next
/// ones' too while that leaves nothing to do in between); false when every creature has had
/// its turn.
fn next_in_order<const TO_END: bool, const LOG: bool>(
    p: &Program,
    st: &mut State,
    hook: Hook,
) -> bool {
    for side in 0..2 {
        loop {
            let due = st.order_left[side] & st.order_hooked[side];
            if due == 0 {
                // The rest had no such ability: they have had their turn.
                st.order_left[side] = 0;
                break;
            }
            let slot = due.trailing_zeros() as usize;
            // This slot and every one before it have had their turn.
            st.order_left[side] &= !((2u64 << slot) - 1) as u32;
            let id = st.order[side][slot];
            let c = st.creature(id);
            if c.on_line && c.hooks & hook.bit() != 0 {
                let after = st.phase_event;
                // The queue is empty whenever the turn machine runs, so this creature's first
                // ability is the next one the queue would hand out: it resolves now, without
                // the trip through the queue and back through `advance_once`. Its other
                // abilities wait in the queue and what it triggers queues behind them, in the
                // order queuing them all would give.
                let owner = c.owner;
                if let Some((source, quick)) = st.enqueue_all_but_first(p, id, hook, after) {
                    // It stands in its line (checked above): a quick form resolves from the
                    // card's copy of it, without looking the ability up again.
                    if tick_guard::<LOG>(st, after) {
                        match quick {
                            Some(quick) => {
                                st.resolve_quick::<LOG>(p, quick, source, owner, after, 0);
                            }
                            // No quick form: `resolve` would hand it on to the general path.
                            None => st.resolve_general::<LOG>(
                                p,
                                Pending {
                                    source,
                                    after,
                                    ctx: Ctx::default(),
                                },
                            ),
                        }
                    }
                }
                // Running to the end, with nothing queued, no death to check and no static
                // that changes life (stats are then brought up to date first), going back
                // through `advance_once` would find nothing to do before coming back here:
                // the walk goes on, as the turn machine moving on would.
                if !TO_END || !st.queue.is_empty() || st.check_deaths || p.statics_modify_life {
                    return true;
                }
                st.guard.progress();
            }
        }
    }
    false
}

/// Resolves a queued ability, counting it against the loop guard ([`tick_guard`]).
// Inlined into the walks and the queue (measured): a quick resolution is a few dozen
// instructions, and `pending` then stays in registers instead of being written out for a call.
#[allow(clippy::inline_always)]
#[inline(always)]
fn resolve_pending<const LOG: bool>(p: &Program, st: &mut State, pending: Pending) {
    if tick_guard::<LOG>(st, pending.after) {
        st.resolve::<LOG>(p, pending);
    }
}

/// Counts a resolution against the loop guard; false past the limit, where every waiting
/// ability is dropped and the limit is logged (after `after`) instead of resolving.
#[inline]
fn tick_guard<const LOG: bool>(st: &mut State, after: u32) -> bool {
    let Err(hit) = st.guard.tick() else {
        return true;
    };
    st.queue.clear();
    st.emit::<LOG>(
        EventKind::LoopLimit {
            resolutions: hit.resolutions,
        },
        Cause::after(after),
    );
    false
}

/// Checks life totals (and, at the end of a turn, `max_turns`); ends the game if due. The test
/// is inlined; ending the game is not.
#[inline]
fn check_game_end<const LOG: bool>(st: &mut State, end_of_turn: bool) -> bool {
    let [a, b] = st.life;
    if a > 0 && b > 0 && !(end_of_turn && st.turn >= st.max_turns) {
        return false;
    }
    end_game::<LOG>(st, end_of_turn)
}

/// [`check_game_end`] once one side is out of life or the last turn ended.
#[inline(never)]
fn end_game<const LOG: bool>(st: &mut State, end_of_turn: bool) -> bool {
    let [a, b] = st.life;
    let result = match (a <= 0, b <= 0) {
        (true, true) => 2,
        (false, true) => 0,
        (true, false) => 1,
        (false, false) if end_of_turn && st.turn >= st.max_turns => 3,
        _ => return false,
    };
    st.result = result;
    st.stage = Stage::Over;
    st.queue.clear();
    let winner = match result {
        0 => Some(side_player(0)),
        1 => Some(side_player(1)),
        _ => None,
    };
    let after = st.phase_event;
    st.emit::<LOG>(
        EventKind::GameOver {
            winner,
            draw: result == 2,
        },
        Cause::after(after),
    );
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::{BattleContent, prepare};
    use crate::model::BattleScenario;

    fn battle(a: &[&str]) -> Battle {
        let scenario: BattleScenario = ron::from_str(&format!(
            "(name: \"t\", cards: {{\"x\": (name: \"X\", life: 3)}}, a: [{}])",
            a.iter()
                .map(|s| format!("\"{s}\""))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .unwrap();
        Battle::new(&prepare(&BattleContent::standard(), &scenario).unwrap(), 0)
    }

    #[test]
    fn closing_gaps_stops_at_a_wall_of_ice() {
        let mut b = battle(&["x", "x", "x", "wall_of_ice", "x"]);
        let ids = b.state.lines[0];
        b.state.take_off_line(ids[0]);
        b.state.take_off_line(ids[2]);
        b.state.close_gaps::<true>(Cause::RULES);
        let line = b.state.lines[0];
        assert_eq!(
            line[0], ids[1],
            "the creature in front of the wall moves up"
        );
        assert_eq!(line[1], NONE);
        assert_eq!(line[3], ids[3], "the wall stays");
        assert_eq!(line[4], ids[4], "nothing moves past the wall");
        assert_eq!(b.state.creature(ids[1]).slot, 0);
    }

    #[test]
    fn a_start_ability_granted_mid_phase_acts_in_that_phase() {
        // The start-of-turn walk skips slots whose creature lacked the hook when the phase
        // began; one that gains it from an earlier creature's ability must still act.
        let mut content = BattleContent::standard();
        for def in [
            r#"(name: "Herald", abilities: [(kind: Triggered(StartOfTurn), target: OtherAllies(), effects: [Grant("Chime")])])"#,
            r#"(name: "Chime", abilities: [(kind: Triggered(StartOfTurn), target: Opponent, effects: [Damage(Fixed(1))])])"#,
        ] {
            let keyword: crate::model::KeywordDef = ron::from_str(def).unwrap();
            content.add_keyword(keyword, crate::battle::content::Origin::new("t.ron", ""));
        }
        let scenario: BattleScenario = ron::from_str(
            r#"(name: "t", max_turns: 1, cards: {
                "herald": (name: "Herald", life: 5, keywords: ["Herald"]),
                "plain": (name: "Plain", life: 5),
            }, a: ["herald", "plain"], b: ["plain"])"#,
        )
        .unwrap();
        let mut b = Battle::new(&prepare(&content, &scenario).unwrap(), 0);
        b.run();
        let plain = b.state.lines[0][1];
        let deploy = b
            .log()
            .iter()
            .position(|e| {
                matches!(
                    e.kind,
                    EventKind::PhaseBegan {
                        phase: Phase::Deploy
                    }
                )
            })
            .unwrap();
        assert!(
            b.log()[..deploy].iter().any(
                |e| matches!(e.kind, EventKind::AbilityTriggered { creature } if creature == plain)
            ),
            "the granted Chime acts in the start phase it was granted in"
        );
    }

    #[test]
    fn a_battle_with_no_turns_is_over_at_once() {
        let scenario: BattleScenario = ron::from_str("(name: \"t\", max_turns: 0)").unwrap();
        let mut b = Battle::new(&prepare(&BattleContent::standard(), &scenario).unwrap(), 0);
        assert!(b.step().is_none());
        assert_eq!((b.winner(), b.turn()), (Some(Winner::None), 0));
    }
}
