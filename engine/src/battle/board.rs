//! Line changes: creatures placed, taken off, moved, transformed and combined; gaps closing;
//! end-of-turn grant expiry and returns.

use super::event::{Cause, CreatureId, EventKind};
use super::program::{CardIdx, MAX_SLOTS, Program, flag};
use super::rules::{line_ids, side_player};
use super::state::{Creature, NONE, Slots, State};

impl State {
    /// Makes a creature of `card` in a slot and returns its id.
    pub fn place(&mut self, p: &Program, card: CardIdx, side: u8, slot: usize) -> CreatureId {
        let id = self.creatures.len() as CreatureId;
        self.creatures
            .push(Creature::new(p, card, side, slot as u8, self.turn));
        self.set_slot(side, slot, id);
        self.note_hooks(id);
        self.base_changed();
        id
    }

    /// Takes a creature off its line (its slot becomes empty).
    #[inline]
    pub fn take_off_line(&mut self, id: CreatureId) {
        let c = &mut self.creatures[id as usize];
        if c.on_line {
            c.on_line = false;
            let (side, slot) = (c.owner, c.slot as usize);
            self.set_slot(side, slot, NONE);
            self.line_changed();
        }
    }

    pub(super) fn set_line(&mut self, side: u8, order: &[CreatureId]) {
        let line = &mut self.lines[side as usize];
        line.fill(NONE);
        for (slot, &id) in order.iter().enumerate().take(self.slots) {
            line[slot] = id;
            self.creatures[id as usize].slot = slot as u8;
        }
        self.refresh_occupancy(side);
        self.base_changed();
    }

    pub(super) fn move_to<const LOG: bool>(&mut self, id: CreatureId, front: bool, cause: Cause) {
        let c = self.creatures[id as usize];
        if !c.on_line {
            return;
        }
        let side = c.owner as usize;
        let from = c.slot as usize;
        let line = &mut self.lines[side];
        if front {
            // Everything in front of it shifts back one slot, into the slot it left.
            line.copy_within(0..from, 1);
            line[0] = id;
        } else {
            // The creatures behind it move up one; it goes behind the last of them.
            let last = line[..self.slots]
                .iter()
                .rposition(|&x| x != NONE)
                .unwrap_or(from);
            line.copy_within(from + 1..=last, from);
            line[last] = id;
        }
        for slot in 0..self.slots {
            let x = self.lines[side][slot];
            if x != NONE {
                self.creatures[x as usize].slot = slot as u8;
            }
        }
        self.refresh_occupancy(side as u8);
        self.line_changed();
        let to = self.creatures[id as usize].slot;
        if to as usize != from {
            self.emit::<LOG>(
                EventKind::Moved {
                    creature: id,
                    from: from as u8 + 1,
                    to: to + 1,
                },
                cause,
            );
        }
    }

    pub(super) fn transform<const LOG: bool>(
        &mut self,
        p: &Program,
        t: CreatureId,
        card: CardIdx,
        cause: Cause,
    ) {
        let old = self.creatures[t as usize];
        if !old.on_line {
            return;
        }
        self.take_off_line(t);
        let id = self.place(p, card, old.owner, old.slot as usize);
        let c = &mut self.creatures[id as usize];
        c.artifacts = old.artifacts;
        c.artifact_count = old.artifact_count;
        c.summoned_turn = old.summoned_turn;
        c.refresh_hooks(p);
        self.note_hooks(id);
        self.emit::<LOG>(EventKind::Transformed { from: t, into: id }, cause);
    }

    pub(super) fn combine<const LOG: bool>(
        &mut self,
        p: &Program,
        bearer: CreatureId,
        kw: u16,
        count: u32,
        into: &[CardIdx],
        cause: Cause,
    ) {
        let me = self.creatures[bearer as usize];
        if !me.on_line {
            return;
        }
        let side = me.owner;
        let mut group = [NONE; MAX_SLOTS];
        let mut n = 1;
        group[0] = bearer;
        for id in self.line(side).collect::<line_ids::Ids>().iter() {
            if n < count as usize && id != bearer && self.creatures[id as usize].has_keyword(p, kw)
            {
                group[n] = id;
                n += 1;
            }
        }
        if n < count as usize {
            return;
        }
        group[..n].sort_by_key(|&id| self.creatures[id as usize].slot);
        for &id in &group[..n] {
            self.take_off_line(id);
            let c = self.creatures[id as usize];
            self.discard[side as usize].push((c.card, id));
            for &a in &c.artifacts[..c.artifact_count as usize] {
                self.discard[side as usize].push((a, NONE));
            }
            self.emit::<LOG>(EventKind::Removed { creature: id }, cause);
        }
        let mut order = [NONE; MAX_SLOTS];
        let mut len = 0;
        for &card in into.iter().take(self.slots) {
            let id = self.creatures.len() as CreatureId;
            self.creatures
                .push(Creature::new(p, card, side, len as u8, self.turn));
            order[len] = id;
            len += 1;
        }
        for id in self.line(side).collect::<line_ids::Ids>().iter() {
            if len < self.slots {
                order[len] = id;
                len += 1;
            } else {
                self.take_off_line(id);
                self.emit::<LOG>(EventKind::Removed { creature: id }, cause);
            }
        }
        self.set_line(side, &order[..len]);
        for &id in order.iter().take(into.len().min(self.slots)) {
            let slot = self.creatures[id as usize].slot + 1;
            self.emit::<LOG>(
                EventKind::Summoned {
                    creature: id,
                    slot,
                    returned: false,
                },
                cause,
            );
        }
    }

    /// Closes each line's gaps (a creature with the Immovable flag stays and blocks the ones behind).
    pub fn close_gaps<const LOG: bool>(&mut self, cause: Cause) {
        for side in 0..2u8 {
            let occupied = self.occupied(side);
            if occupied & (occupied + 1) == 0 {
                // Slot 1 onward with no gap: nothing moves.
                continue;
            }
            // The creatures in front of the first gap stay: only those behind it are walked,
            // each moved up in place (to a slot no further back than its own, already
            // emptied or walked).
            let first_gap = (!occupied).trailing_zeros() as usize;
            let mut closed = occupied & ((1 << first_gap) - 1);
            // The walk masks move with their creatures, bit by bit, instead of being worked out
            // again from every creature's hooks.
            let walks = self.walks_hooked();
            let hooked = self.walk_hooked.map(|masks| masks[side as usize]);
            let mut rehooked = hooked.map(|mask| mask & closed);
            let line = &mut self.lines[side as usize];
            let mut next = first_gap;
            let mut moved = false;
            for slot in Slots(occupied >> first_gap << first_gap) {
                let id = line[slot];
                let c = &mut self.creatures[id as usize];
                if c.flags & flag::IMMOVABLE != 0 {
                    next = slot;
                }
                if next != slot {
                    line[next] = id;
                    line[slot] = NONE;
                    c.slot = next as u8;
                    moved = true;
                }
                if walks {
                    for (new, old) in rehooked.iter_mut().zip(hooked) {
                        *new |= (old >> slot & 1) << next;
                    }
                }
                closed |= 1 << next;
                next += 1;
            }
            if moved {
                // Every slot from the first gap on may hold another creature now.
                self.stats_moved[side as usize] |= (occupied | closed) >> first_gap << first_gap;
                self.occupancy[side as usize] = closed;
                if walks {
                    for (masks, mask) in self.walk_hooked.iter_mut().zip(rehooked) {
                        masks[side as usize] = mask;
                    }
                }
                self.line_changed();
                self.emit::<LOG>(
                    EventKind::GapsClosed {
                        player: side_player(side),
                    },
                    cause,
                );
            }
        }
    }

    /// End of turn: grants run out; creatures due to return come back at the back of their lines.
    /// Most turns have neither: that test is inlined.
    #[inline]
    pub fn expire_and_return<const LOG: bool>(&mut self, p: &Program, cause: Cause) {
        if self.may_hold_grants || !self.returning.is_empty() {
            self.expire_grants_and_return::<LOG>(p, cause);
        }
    }

    #[inline(never)]
    fn expire_grants_and_return<const LOG: bool>(&mut self, p: &Program, cause: Cause) {
        let turn = self.turn;
        let mut still_granted = false;
        for side in 0..2u8 {
            if !self.may_hold_grants {
                break;
            }
            let line = self.lines[side as usize];
            for slot in Slots(self.occupied(side)) {
                let c = &mut self.creatures[line[slot] as usize];
                let before = c.grant_count;
                let mut kept = 0;
                for i in 0..c.grant_count as usize {
                    if c.grants[i].2 > turn {
                        c.grants[kept] = c.grants[i];
                        kept += 1;
                    }
                }
                still_granted |= kept > 0;
                if kept != before as usize {
                    c.grant_count = kept as u8;
                    c.refresh_hooks(p);
                    self.base_changed();
                }
            }
        }
        self.may_hold_grants = still_granted;
        if self.returning.is_empty() {
            return;
        }
        let returning = std::mem::take(&mut self.returning);
        for &id in &returning {
            let dead = self.creatures[id as usize];
            let side = dead.owner;
            // With no room it stays in the discard pile.
            let Some(slot) = self.slot_behind_last(side) else {
                continue;
            };
            // It leaves the discard pile (its artifacts stay there).
            if let Some(pos) = self.discard[side as usize]
                .iter()
                .position(|&(_, c)| c == id)
            {
                self.discard[side as usize].remove(pos);
            }
            let new = self.place(p, dead.card, side, slot);
            self.creatures[new as usize].returned = true;
            self.emit::<LOG>(
                EventKind::Summoned {
                    creature: new,
                    slot: slot as u8 + 1,
                    returned: true,
                },
                cause,
            );
        }
        self.returning = returning;
        self.returning.clear();
    }
}
