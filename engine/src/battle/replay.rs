//! The battle line as the editor's sandbox drives it ([`crate::core::Sandbox`]): a step is one
//! event; stepping back and seeking replay from the seed; a battle that keeps moments shows
//! its board right after any event ([`crate::core::AtEvent`]).

use std::sync::Arc;

use super::core::{Battle, Winner};
use super::event::Event;
use super::setup::BattleSetup;
use crate::core::{AtEvent, Moments, Sandbox};

impl Battle {
    /// The same battle from its start, stepped `n` events in: stepping back is replaying
    /// ([`Sandbox::seek`]).
    #[must_use]
    pub fn replay_to(&self, n: u32) -> Battle {
        Sandbox::seek(self, n as usize)
    }

    /// This battle, keeping a copy of the board right after each event from now on (the
    /// sandbox's board at a selected event, [`Battle::at_event`]). Only a battle that has not
    /// logged anything yet can start keeping them; a replay of it keeps them too.
    #[must_use]
    pub fn keep_moments(mut self) -> Self {
        if self.state.next_index == 0 && self.state.keep_log {
            self.state.moments = Moments::kept();
        }
        self
    }

    /// The board right after event `event` (handed out already), read like any battle; `None`
    /// unless the battle keeps moments ([`Battle::keep_moments`]).
    #[must_use]
    pub fn at_event(&self, event: u32) -> Option<Battle> {
        if event >= self.returned {
            return None;
        }
        let mut state = self.state.moments.get(event as usize)?.clone();
        state.ensure_stats(&self.program);
        Some(Battle {
            program: Arc::clone(&self.program),
            setup: Arc::clone(&self.setup),
            seed: self.seed,
            returned: event + 1,
            state,
        })
    }

    /// The scenario this battle plays, resolved (what [`super::simulate::simulate`] runs).
    #[must_use]
    pub fn battle_setup(&self) -> BattleSetup {
        BattleSetup {
            program: Arc::clone(&self.program),
            setup: Arc::clone(&self.setup),
        }
    }
}

/// The battle line in the editor's sandbox: a step is one event.
impl Sandbox for Battle {
    type Event = Event;
    type Outcome = Winner;

    fn restart(&self) -> Self {
        self.reseed(self.seed)
    }

    fn reseed(&self, seed: u64) -> Self {
        let mut fresh = Battle::with_log(&self.battle_setup(), seed, self.state.keep_log);
        fresh.state.moments = self.state.moments.fresh();
        fresh
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn step(&mut self) -> bool {
        Battle::step(self).is_some()
    }

    fn steps(&self) -> usize {
        self.returned as usize
    }

    fn log(&self) -> &[Event] {
        self.handed_out()
    }

    fn outcome(&self) -> Option<Winner> {
        if self.returned < self.state.next_index {
            return None;
        }
        self.winner()
    }
}

/// The board at an event is a battle read like any other.
impl AtEvent for Battle {
    type Moment = Battle;

    fn keep_moments(self) -> Self {
        Battle::keep_moments(self)
    }

    fn at_event(&self, event: usize) -> Option<Battle> {
        Battle::at_event(self, u32::try_from(event).ok()?)
    }

    /// Right after the last event handed out (the battle itself may have worked further
    /// ahead); as set up before the first.
    fn moment(&self) -> Battle {
        match self.returned.checked_sub(1) {
            Some(last) => Battle::at_event(self, last).unwrap_or_else(|| self.clone()),
            None => self.clone(),
        }
    }
}
