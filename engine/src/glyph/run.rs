//! Running a glyph network round by round, exactly as `docs/rules/glyphs.md` says.
//!
//! [`GlyphRun`] plays one round per [`GlyphRun::step_round`] call and records every step as a
//! [`GlyphEvent`] with its cause. Stepping back re-runs from the start (`super::replay`),
//! so it can never drift from stepping forward. A run never panics on any network, valid or
//! not: links, injections and moves naming unknown glyphs are ignored here (the validator
//! refuses them before a CLI run).

use std::collections::BTreeMap;

use super::event::{
    AbilityRef, GlyphCause, GlyphEnd, GlyphEvent, GlyphEventKind, GlyphRound, GlyphSource,
    LinkBreak,
};
use super::model::{GlyphAction, GlyphDef, GlyphNetwork, GlyphTime, Injection, Outside, Stimulus};
use super::moment::GlyphBoard;
use super::outcome::GlyphOutcome;
use crate::core::Moments;

/// Swinging Distance: glyphs may be linked when at most this far apart.
pub const LINK_RANGE: f64 = 1.0;
/// Spitting Distance: a link breaks for good when its glyphs end up farther apart than this.
pub const BREAK_RANGE: f64 = 4.0;
/// The most commands a whole run may deliver; beyond it the run ends as [`GlyphEnd::Flood`]
/// (a network whose glyphs each send several commands per command grows exponentially).
pub const MAX_DELIVERIES: usize = 200_000;

/// Straight-line distance between two positions.
#[must_use]
pub fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// The gap between two glyphs: the shortest distance between their shapes (a point at `pos`,
/// or the line from `pos` to `pos + extent` of a glyph with extent).
#[must_use]
pub fn shape_gap(
    a: (f64, f64),
    a_extent: Option<(f64, f64)>,
    b: (f64, f64),
    b_extent: Option<(f64, f64)>,
) -> f64 {
    let end = |p: (f64, f64), e: Option<(f64, f64)>| e.map_or(p, |(dx, dy)| (p.0 + dx, p.1 + dy));
    let (a2, b2) = (end(a, a_extent), end(b, b_extent));
    if segments_cross(a, a2, b, b2) {
        return 0.0;
    }
    [
        point_to_segment(a, b, b2),
        point_to_segment(a2, b, b2),
        point_to_segment(b, a, a2),
        point_to_segment(b2, a, a2),
    ]
    .into_iter()
    .fold(f64::INFINITY, f64::min)
}

/// [`shape_gap`] of two glyphs as written in the file.
#[must_use]
pub fn glyph_gap(a: &GlyphDef, b: &GlyphDef) -> f64 {
    shape_gap(a.pos, a.extent, b.pos, b.extent)
}

fn point_to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return distance(p, a);
    }
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
    distance(p, (a.0 + t * dx, a.1 + t * dy))
}

fn segments_cross(a: (f64, f64), a2: (f64, f64), b: (f64, f64), b2: (f64, f64)) -> bool {
    let cross = |o: (f64, f64), p: (f64, f64), q: (f64, f64)| {
        (p.0 - o.0) * (q.1 - o.1) - (p.1 - o.1) * (q.0 - o.0)
    };
    let (d1, d2) = (cross(b, b2, a), cross(b, b2, a2));
    let (d3, d4) = (cross(a, a2, b), cross(a, a2, b2));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// Errors of the interactive API.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GlyphRunError {
    /// No glyph has this id.
    #[error("no glyph has the id \"{0}\"")]
    UnknownGlyph(String),
    /// The run has already played round `max_rounds`.
    #[error("the run is over: round {0} (max_rounds) has been played")]
    NoRoundsLeft(u32),
}

#[derive(Debug, Clone)]
pub(super) struct Link {
    pub(super) a: usize,
    pub(super) b: usize,
    standing: bool,
}

/// One stimulus arriving at a glyph: what, its sender (`None`: injected or not a command) and
/// the index of the event it answers (the `Sent` it delivers, the change that caused it).
type Delivery = (Stimulus, Option<usize>, Option<usize>);

#[derive(Debug, Clone)]
struct Pending {
    sender: usize,
    command: String,
    /// Index of the `Sent` event.
    event: usize,
    /// Set when the sender was dismissed after sending: the glyphs linked to it then, who
    /// still receive the command (it shone before it went).
    to: Option<Vec<usize>>,
}

/// A timed ability (Time: Action with a delay) waiting to take effect.
#[derive(Debug, Clone)]
struct Due {
    round: u32,
    glyph: usize,
    ability: usize,
    /// Index of the `Started` event.
    event: usize,
}

/// A network being run. Cheap to create; re-creating and stepping is how the sandbox steps back.
#[derive(Debug, Clone)]
pub struct GlyphRun {
    net: GlyphNetwork,
    /// Glyph id to file index (the first glyph with that id).
    index: BTreeMap<String, usize>,
    positions: Vec<(f64, f64)>,
    present: Vec<bool>,
    /// A glyph receives nothing in rounds up to and including this one.
    disabled_until: Vec<u32>,
    pub(super) links: Vec<Link>,
    pending: Vec<Pending>,
    /// Each glyph's extent (see [`GlyphDef::extent`]).
    extents: Vec<Option<(f64, f64)>>,
    /// Each glyph's state now.
    states: Vec<Option<String>>,
    /// Each glyph's counter now.
    counters: Vec<i64>,
    /// Letters traced on each glyph since its last reset or passphrase.
    traced: Vec<String>,
    /// A glyph's own changes (state, counter, links) it listens for, noticed next delivery:
    /// `(glyph, what, event that caused it)`.
    inner: Vec<(usize, Stimulus, usize)>,
    /// Timed abilities waiting to take effect.
    due: Vec<Due>,
    log: Vec<GlyphEvent>,
    rounds: Vec<GlyphRound>,
    dismissed: Vec<usize>,
    delivered: usize,
    end: Option<GlyphEnd>,
    /// The glyphs as they stood right after each event, when the sandbox keeps them.
    pub(super) moments: Moments<GlyphBoard>,
}

impl GlyphRun {
    /// Starts a run of `net` (round 0: nothing played yet).
    #[must_use]
    pub fn new(net: &GlyphNetwork) -> Self {
        let n = net.glyphs.len();
        let links = net
            .links
            .iter()
            .filter_map(|(a, b)| {
                Some(Link {
                    a: index_of(net, a)?,
                    b: index_of(net, b)?,
                    standing: true,
                })
            })
            .collect();
        let mut index = BTreeMap::new();
        for (i, g) in net.glyphs.iter().enumerate().rev() {
            index.insert(g.id.clone(), i);
        }
        let mut run = GlyphRun {
            net: net.clone(),
            index,
            positions: net.glyphs.iter().map(|g| g.pos).collect(),
            present: vec![true; n],
            disabled_until: vec![0; n],
            links,
            pending: Vec::new(),
            extents: net.glyphs.iter().map(|g| g.extent).collect(),
            states: net.glyphs.iter().map(|g| g.state.clone()).collect(),
            counters: vec![0; n],
            traced: vec![String::new(); n],
            inner: Vec::new(),
            due: Vec::new(),
            log: Vec::new(),
            rounds: Vec::new(),
            dismissed: Vec::new(),
            delivered: 0,
            end: None,
            moments: Moments::off(),
        };
        if net.max_rounds == 0 {
            run.end = Some(if run.scheduled_after(0) {
                GlyphEnd::MaxRounds
            } else {
                GlyphEnd::Quiet
            });
        }
        run
    }

    /// The network being run (including commands added with [`GlyphRun::inject`]).
    #[must_use]
    pub fn network(&self) -> &GlyphNetwork {
        &self.net
    }

    /// The last round played (0 before the first).
    #[must_use]
    pub fn round(&self) -> u32 {
        self.rounds.len() as u32
    }

    /// How the run ended, or `None` while it can still step.
    #[must_use]
    pub fn end(&self) -> Option<GlyphEnd> {
        self.end
    }

    /// Every event so far, in order.
    #[must_use]
    pub fn log(&self) -> &[GlyphEvent] {
        &self.log
    }

    /// The "why" of an event: it, then the event it answers, and so on up to an injection or
    /// a move ([`crate::core::why`]). Empty if the index is out of range.
    #[must_use]
    pub fn why(&self, event: usize) -> Vec<&GlyphEvent> {
        crate::core::why(&self.log, event)
            .into_iter()
            .map(|i| &self.log[i])
            .collect()
    }

    /// Every round played so far.
    #[must_use]
    pub fn rounds(&self) -> &[GlyphRound] {
        &self.rounds
    }

    /// The events of one round (1-based); empty if not played.
    #[must_use]
    pub fn events_of(&self, round: u32) -> &[GlyphEvent] {
        self.rounds
            .get((round as usize).wrapping_sub(1))
            .and_then(|r| self.log.get(r.events.clone()))
            .unwrap_or(&[])
    }

    /// Glyphs that shone in a round (1-based), with the colour they shine in (their `colour`).
    #[must_use]
    pub fn shining(&self, round: u32) -> Vec<(&str, Option<&str>)> {
        let Some(r) = self.rounds.get((round as usize).wrapping_sub(1)) else {
            return Vec::new();
        };
        r.shining
            .iter()
            .filter_map(|id| {
                let g = self.net.glyphs.iter().find(|g| &g.id == id)?;
                Some((g.id.as_str(), g.colour.as_deref()))
            })
            .collect()
    }

    /// Where each glyph is now, in file order.
    #[must_use]
    pub fn positions(&self) -> &[(f64, f64)] {
        &self.positions
    }

    /// Whether the glyph (by file index) is still present (not dismissed).
    #[must_use]
    pub fn is_present(&self, glyph: usize) -> bool {
        self.present.get(glyph).copied().unwrap_or(false)
    }

    /// The last round a glyph (by file index) is disabled in (0: not disabled).
    #[must_use]
    pub fn disabled_until(&self, glyph: usize) -> u32 {
        self.disabled_until.get(glyph).copied().unwrap_or(0)
    }

    /// Links still standing, in file order, as written (unknown ids never appear).
    #[must_use]
    pub fn standing_links(&self) -> Vec<(String, String)> {
        self.links
            .iter()
            .filter(|l| l.standing)
            .map(|l| (self.id(l.a).to_owned(), self.id(l.b).to_owned()))
            .collect()
    }

    /// Commands sent last round that wait for delivery next round, as `(sender, command)`.
    #[must_use]
    pub fn waiting(&self) -> Vec<(&str, &str)> {
        self.pending
            .iter()
            .map(|p| (self.id(p.sender), p.command.as_str()))
            .collect()
    }

    /// The outcome so far (what `glyph --json` prints once the run has ended).
    #[must_use]
    pub fn outcome(&self) -> GlyphOutcome {
        GlyphOutcome {
            end: self.end,
            rounds: self.rounds.clone(),
            dismissed: self
                .dismissed
                .iter()
                .map(|&i| self.id(i).to_owned())
                .collect(),
            links: self.standing_links(),
        }
    }

    /// Plays rounds until the run ends; returns the outcome.
    pub fn run_to_end(&mut self) -> GlyphOutcome {
        while self.step_round().is_some() {}
        self.outcome()
    }

    /// The sandbox's "inject": `command` arrives at `glyph` at the start of the next round
    /// (after those written in the file for that round). Reopens a run that ended quiet.
    /// Returns the round it arrives in. The injection becomes part of [`GlyphRun::network`],
    /// so stepping back keeps it.
    pub fn inject(&mut self, glyph: &str, command: &str) -> Result<u32, GlyphRunError> {
        if !self.index.contains_key(glyph) {
            return Err(GlyphRunError::UnknownGlyph(glyph.to_owned()));
        }
        let round = self.round() + 1;
        if round > self.net.max_rounds {
            return Err(GlyphRunError::NoRoundsLeft(self.net.max_rounds));
        }
        self.net.inject.push(Injection {
            round,
            glyph: glyph.to_owned(),
            command: command.to_owned(),
        });
        if self.end == Some(GlyphEnd::Quiet) {
            self.end = None;
        }
        Ok(round)
    }

    /// Plays the next round; `None` once the run has ended.
    pub fn step_round(&mut self) -> Option<&GlyphRound> {
        if self.end.is_some() {
            return None;
        }
        let r = self.round() + 1;
        let first_event = self.log.len();
        // Kept so a round refused as a flood leaves no trace (its moves are undone too).
        let before_moves = (
            self.positions.clone(),
            self.links.clone(),
            self.inner.clone(),
        );
        self.apply_moves(r);
        let deliveries = self.deliveries(r);
        let count: usize = deliveries.iter().map(|(list, _)| list.len()).sum();
        if self.delivered + count > MAX_DELIVERIES {
            self.log.truncate(first_event);
            self.moments.truncate(first_event);
            (self.positions, self.links, self.inner) = before_moves;
            self.end = Some(GlyphEnd::Flood);
            return None;
        }
        self.delivered += count;
        let mut summary = GlyphRound {
            round: r,
            ..GlyphRound::default()
        };
        let mut received_events = vec![Vec::new(); deliveries.len()];
        for (g, (list, blocked_until)) in deliveries.into_iter().enumerate() {
            for (stimulus, from, because) in list {
                let glyph = self.id(g).to_owned();
                if blocked_until > 0 {
                    let kind = GlyphEventKind::Blocked {
                        glyph,
                        command: stimulus.to_string(),
                        until: blocked_until,
                    };
                    self.push(r, after(because), kind);
                    continue;
                }
                let kind = if let Some(command) = stimulus.command() {
                    summary.received.push((glyph.clone(), command.to_owned()));
                    GlyphEventKind::Received {
                        glyph,
                        command: command.to_owned(),
                        from: from.map(|s| self.id(s).to_owned()),
                    }
                } else {
                    summary.noticed.push((glyph.clone(), stimulus.to_string()));
                    GlyphEventKind::Noticed {
                        glyph,
                        what: stimulus.to_string(),
                    }
                };
                let ev = self.push(r, after(because), kind);
                received_events[g].push((stimulus, ev));
            }
        }
        self.pending.clear();
        self.inner.clear();
        for (g, list) in received_events.into_iter().enumerate() {
            self.react(r, g, list, &mut summary);
        }
        summary.shining = (0..self.net.glyphs.len())
            .filter(|&g| summary.sent.iter().any(|(id, _)| id == self.id(g)))
            .map(|g| self.id(g).to_owned())
            .collect();
        if self.pending.is_empty()
            && self.inner.is_empty()
            && self.due.is_empty()
            && !self.scheduled_after(r)
        {
            self.end = Some(GlyphEnd::Quiet);
        } else if r >= self.net.max_rounds {
            self.end = Some(GlyphEnd::MaxRounds);
        }
        if let Some(end) = self.end {
            self.push(r, GlyphCause::RULES, GlyphEventKind::Ended { end });
        }
        summary.events = first_event..self.log.len();
        self.rounds.push(summary);
        self.rounds.last()
    }

    /// Step 1: moves scheduled for round `r`, then links beyond Spitting Distance break.
    fn apply_moves(&mut self, r: u32) {
        let moves: Vec<(usize, (f64, f64))> = self
            .net
            .moves
            .iter()
            .filter(|m| m.round == r)
            .filter_map(|m| Some((*self.index.get(&m.glyph)?, m.to)))
            .collect();
        if moves.is_empty() {
            return;
        }
        for (g, to) in moves {
            if !self.present[g] {
                continue;
            }
            self.positions[g] = to;
            let glyph = self.id(g).to_owned();
            self.push(r, GlyphCause::RULES, GlyphEventKind::Moved { glyph, to });
        }
        for i in 0..self.links.len() {
            let (a, b) = (self.links[i].a, self.links[i].b);
            let d = self.gap(a, b);
            if self.links[i].standing && d > BREAK_RANGE {
                self.links[i].standing = false;
                let why = LinkBreak::Distance(d);
                let kind = GlyphEventKind::LinkBroken {
                    a: self.id(a).to_owned(),
                    b: self.id(b).to_owned(),
                    why,
                };
                let ev = self.push(r, GlyphCause::RULES, kind);
                self.notice(a, Stimulus::Unlinked, ev);
                self.notice(b, Stimulus::Unlinked, ev);
            }
        }
    }

    /// The gap between two glyphs where they stand now ([`shape_gap`]).
    fn gap(&self, a: usize, b: usize) -> f64 {
        shape_gap(
            self.positions[a],
            self.extents[a],
            self.positions[b],
            self.extents[b],
        )
    }

    /// Queues one of a glyph's own changes for its next delivery, if it listens for it.
    fn notice(&mut self, g: usize, what: Stimulus, event: usize) {
        if self.present[g] && self.net.glyphs[g].listens_for(&what) {
            self.inner.push((g, what, event));
        }
    }

    /// Step 2: for each glyph in file order, what arrives: commands injected for `r`, outside
    /// events for `r` (file order), the network's start (round 1), its own changes since the
    /// last delivery, then last round's sends by itself or a glyph linked to it now (by the
    /// glyphs it was linked to when it was dismissed, for a sender dismissed since), in send
    /// order; with the last round it is disabled in when it is disabled now (it then
    /// receives none of it), else 0.
    fn deliveries(&self, r: u32) -> Vec<(Vec<Delivery>, u32)> {
        let n = self.net.glyphs.len();
        let mut lists: Vec<Vec<Delivery>> = vec![Vec::new(); n];
        for inj in self.net.inject.iter().filter(|i| i.round == r) {
            if let Some(&g) = self.index.get(&inj.glyph) {
                lists[g].push((Stimulus::Command(inj.command.clone()), None, None));
            }
        }
        for ev in self.net.events.iter().filter(|e| e.round == r) {
            if let Some(&g) = self.index.get(&ev.glyph) {
                lists[g].push((Stimulus::Outside(ev.what.clone()), None, None));
            }
        }
        if r == 1 {
            for (g, def) in self.net.glyphs.iter().enumerate() {
                if def.listens_for(&Stimulus::Created) {
                    lists[g].push((Stimulus::Created, None, None));
                }
            }
        }
        for (g, what, event) in &self.inner {
            lists[*g].push((what.clone(), None, Some(*event)));
        }
        let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); n];
        for link in self.links.iter().filter(|l| l.standing && l.a != l.b) {
            neighbours[link.a].push(link.b);
            neighbours[link.b].push(link.a);
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        for p in &self.pending {
            let recipients: Vec<usize> = match &p.to {
                Some(to) => to.clone(),
                None => std::iter::once(p.sender)
                    .chain(neighbours[p.sender].iter().copied())
                    .collect(),
            };
            for g in recipients {
                let command = Stimulus::Command(p.command.clone());
                lists[g].push((command, Some(p.sender), Some(p.event)));
            }
        }
        lists
            .into_iter()
            .enumerate()
            .map(|(g, list)| {
                if !self.present[g] {
                    (Vec::new(), 0)
                } else if r <= self.disabled_until[g] {
                    (list, self.disabled_until[g])
                } else {
                    (list, 0)
                }
            })
            .collect()
    }

    /// Step 3 for one glyph: its timed abilities due this round, then, for each stimulus
    /// received in order, the built-ins (commands only), then its abilities in listed order.
    fn react(&mut self, r: u32, g: usize, received: Vec<(Stimulus, usize)>, sum: &mut GlyphRound) {
        let mut beat_spent = false;
        let def = self.net.glyphs[g].clone();
        let glyph = def.id.clone();
        let (now, later): (Vec<Due>, Vec<Due>) = std::mem::take(&mut self.due)
            .into_iter()
            .partition(|d| d.round == r && d.glyph == g);
        self.due = later;
        for d in now {
            if !self.present[g] {
                return;
            }
            let this = GlyphSource {
                glyph: glyph.clone(),
                ability: AbilityRef::Listed(d.ability),
            };
            if r <= self.disabled_until[g] {
                let kind = GlyphEventKind::Blocked {
                    glyph: glyph.clone(),
                    command: format!("<ability {} takes effect>", d.ability + 1),
                    until: self.disabled_until[g],
                };
                self.push(r, GlyphCause::by(this, Some(d.event as u32)), kind);
                continue;
            }
            let kind = GlyphEventKind::Fired {
                glyph: glyph.clone(),
                ability: AbilityRef::Listed(d.ability),
                command: "<its delay is over>".to_owned(),
                spent_beat: false,
            };
            let fired = self.push(r, GlyphCause::by(this.clone(), Some(d.event as u32)), kind);
            let by = GlyphCause::by(this, Some(fired as u32));
            if self.perform(r, g, &def.abilities[d.ability].does, &by, sum) {
                return;
            }
        }
        for (stimulus, received_ev) in received {
            if !self.present[g] {
                return;
            }
            if let Stimulus::Outside(Outside::Traced(letter)) = &stimulus {
                self.traced[g].push_str(letter);
            }
            let label = stimulus.to_string();
            if let Some(command) = stimulus.command() {
                if def.dismiss_on.as_deref() == Some(command) {
                    let by = self.fired(r, &glyph, AbilityRef::DismissOn, command, received_ev);
                    self.dismiss(r, g, &by);
                    return;
                }
                if let Some((_, n)) = def.disable_on.as_ref().filter(|(c, _)| c == command) {
                    let by = self.fired(r, &glyph, AbilityRef::DisableOn, command, received_ev);
                    self.disable(r, g, *n, by);
                }
            }
            let mut passphrase_heard = false;
            for (i, ability) in def.abilities.iter().enumerate() {
                if !ability.answers(&stimulus, &self.traced[g])
                    || ability
                        .if_state
                        .as_ref()
                        .is_some_and(|s| self.states[g].as_ref() != Some(s))
                {
                    continue;
                }
                passphrase_heard |= matches!(
                    ability.when,
                    Some(super::model::GlyphTrigger::Passphrase(_))
                );
                let spends = ability.time == GlyphTime::Reaction;
                let this = GlyphSource {
                    glyph: glyph.clone(),
                    ability: AbilityRef::Listed(i),
                };
                if spends && beat_spent {
                    sum.skipped.push((glyph.clone(), label.clone()));
                    let kind = GlyphEventKind::Skipped {
                        glyph: glyph.clone(),
                        ability: i,
                        command: label.clone(),
                    };
                    self.push(r, GlyphCause::by(this, Some(received_ev as u32)), kind);
                    continue;
                }
                beat_spent |= spends;
                if ability.time == GlyphTime::Action && ability.delay > 0 {
                    let due = r.saturating_add(ability.delay);
                    let kind = GlyphEventKind::Started {
                        glyph: glyph.clone(),
                        ability: i,
                        command: label.clone(),
                        due,
                    };
                    let event = self.push(r, GlyphCause::by(this, Some(received_ev as u32)), kind);
                    self.due.push(Due {
                        round: due,
                        glyph: g,
                        ability: i,
                        event,
                    });
                    continue;
                }
                let kind = GlyphEventKind::Fired {
                    glyph: glyph.clone(),
                    ability: AbilityRef::Listed(i),
                    command: label.clone(),
                    spent_beat: spends,
                };
                let fired = self.push(
                    r,
                    GlyphCause::by(this.clone(), Some(received_ev as u32)),
                    kind,
                );
                let by = GlyphCause::by(this, Some(fired as u32));
                if self.perform(r, g, &ability.does, &by, sum) {
                    return;
                }
            }
            if passphrase_heard {
                self.traced[g].clear();
            }
        }
    }

    /// Does an ability's actions in order; `true` when the glyph dismissed itself (the rest
    /// is not done).
    fn perform(
        &mut self,
        r: u32,
        g: usize,
        does: &[GlyphAction],
        by: &GlyphCause,
        sum: &mut GlyphRound,
    ) -> bool {
        let glyph = self.id(g).to_owned();
        for action in does {
            match action {
                GlyphAction::Send(c) => {
                    sum.sent.push((glyph.clone(), c.clone()));
                    let kind = GlyphEventKind::Sent {
                        glyph: glyph.clone(),
                        command: c.clone(),
                    };
                    let event = self.push(r, by.clone(), kind);
                    self.pending.push(Pending {
                        sender: g,
                        command: c.clone(),
                        event,
                        to: None,
                    });
                }
                GlyphAction::Effect(e) => {
                    sum.effects.push((glyph.clone(), e.clone()));
                    let kind = GlyphEventKind::Effect {
                        glyph: glyph.clone(),
                        effect: e.clone(),
                    };
                    self.push(r, by.clone(), kind);
                }
                GlyphAction::Dismiss => {
                    self.dismiss(r, g, by);
                    return true;
                }
                GlyphAction::Disable(n) => self.disable(r, g, *n, by.clone()),
                GlyphAction::SetState(new) => {
                    if self.states[g].as_ref() != Some(new) {
                        self.set_state(r, g, Some(new.clone()), by);
                    }
                }
                GlyphAction::Count(k) => {
                    let value = self.counters[g].saturating_add(*k);
                    self.counters[g] = value;
                    let kind = GlyphEventKind::Changed {
                        glyph: glyph.clone(),
                        what: format!("its counter is {value}"),
                    };
                    let ev = self.push(r, by.clone(), kind);
                    self.notice(g, Stimulus::Counter(value), ev);
                }
                GlyphAction::Reset => {
                    self.counters[g] = 0;
                    self.traced[g].clear();
                    let kind = GlyphEventKind::Changed {
                        glyph: glyph.clone(),
                        what: "reset: counter 0, traced letters forgotten".to_owned(),
                    };
                    self.push(r, by.clone(), kind);
                    let initial = self.net.glyphs[g].state.clone();
                    if self.states[g] != initial {
                        self.set_state(r, g, initial, by);
                    }
                }
                GlyphAction::Connect(other) => self.connect(r, g, other, by),
            }
        }
        false
    }

    fn set_state(&mut self, r: u32, g: usize, new: Option<String>, by: &GlyphCause) {
        let old = std::mem::replace(&mut self.states[g], new.clone());
        let name = |s: &Option<String>| s.clone().unwrap_or_else(|| "no state".to_owned());
        let kind = GlyphEventKind::Changed {
            glyph: self.id(g).to_owned(),
            what: format!("state {} → {}", name(&old), name(&new)),
        };
        let ev = self.push(r, by.clone(), kind);
        if let Some(new) = new {
            self.notice(g, Stimulus::State(new), ev);
        }
    }

    /// `Connect`: a link to `other` if it is present and within Swinging Distance (1u).
    fn connect(&mut self, r: u32, g: usize, other: &str, by: &GlyphCause) {
        let glyph = self.id(g).to_owned();
        let o = self.index.get(other).copied();
        let refused = match o {
            None => Some(format!("no glyph “{other}”")),
            Some(o) if o == g => Some("it cannot connect to itself".to_owned()),
            Some(o) if !self.present[o] => Some(format!("{other} is dismissed")),
            Some(o) if self.gap(g, o) > LINK_RANGE => Some(format!(
                "{other} is {:.2}u away, beyond Swinging Distance (1u)",
                self.gap(g, o)
            )),
            Some(o)
                if self
                    .links
                    .iter()
                    .any(|l| l.standing && ((l.a == g && l.b == o) || (l.a == o && l.b == g))) =>
            {
                Some(format!("already linked to {other}"))
            }
            Some(_) => None,
        };
        let what = match &refused {
            Some(why) => format!("cannot connect to {other}: {why}"),
            None => format!("connects to {other}"),
        };
        let ev = self.push(r, by.clone(), GlyphEventKind::Changed { glyph, what });
        if let (None, Some(o)) = (refused, o) {
            self.links.push(Link {
                a: g,
                b: o,
                standing: true,
            });
            self.notice(g, Stimulus::Linked, ev);
            self.notice(o, Stimulus::Linked, ev);
        }
    }

    /// Logs a built-in Free Reaction firing; returns the cause of what it does.
    fn fired(
        &mut self,
        r: u32,
        glyph: &str,
        ability: AbilityRef,
        command: &str,
        ev: usize,
    ) -> GlyphCause {
        let kind = GlyphEventKind::Fired {
            glyph: glyph.to_owned(),
            ability,
            command: command.to_owned(),
            spent_beat: false,
        };
        let this = GlyphSource {
            glyph: glyph.to_owned(),
            ability,
        };
        let fired = self.push(r, GlyphCause::by(this.clone(), Some(ev as u32)), kind);
        GlyphCause::by(this, Some(fired as u32))
    }

    fn dismiss(&mut self, r: u32, g: usize, cause: &GlyphCause) {
        self.present[g] = false;
        self.dismissed.push(g);
        self.due.retain(|d| d.glyph != g);
        self.inner.retain(|(h, _, _)| *h != g);
        // What it sent before it went still reaches the glyphs linked to it now.
        let mut linked: Vec<usize> = self
            .links
            .iter()
            .filter(|l| l.standing && l.a != l.b && (l.a == g || l.b == g))
            .map(|l| if l.a == g { l.b } else { l.a })
            .collect();
        linked.sort_unstable();
        linked.dedup();
        for p in self
            .pending
            .iter_mut()
            .filter(|p| p.sender == g && p.to.is_none())
        {
            p.to = Some(linked.clone());
        }
        // A command whose sender went with no link standing reaches nobody: it keeps no round
        // alive (the analyser, which sees no recipient, agrees).
        self.pending
            .retain(|p| p.to.as_ref().is_none_or(|to| !to.is_empty()));
        let glyph = self.id(g).to_owned();
        self.push(r, cause.clone(), GlyphEventKind::Dismissed { glyph });
        for i in 0..self.links.len() {
            let link = &self.links[i];
            if link.standing && (link.a == g || link.b == g) {
                let other = if link.a == g { link.b } else { link.a };
                let kind = GlyphEventKind::LinkBroken {
                    a: self.id(link.a).to_owned(),
                    b: self.id(link.b).to_owned(),
                    why: LinkBreak::Dismissed,
                };
                self.links[i].standing = false;
                let ev = self.push(r, cause.clone(), kind);
                self.notice(other, Stimulus::Unlinked, ev);
            }
        }
    }

    fn disable(&mut self, r: u32, g: usize, rounds: u32, cause: GlyphCause) {
        let until = r.saturating_add(rounds).max(self.disabled_until[g]);
        self.disabled_until[g] = until;
        let glyph = self.id(g).to_owned();
        self.push(r, cause, GlyphEventKind::Disabled { glyph, until });
    }

    /// Whether an injection or move is scheduled after round `r`.
    fn scheduled_after(&self, r: u32) -> bool {
        self.net.inject.iter().any(|i| i.round > r)
            || self.net.moves.iter().any(|m| m.round > r)
            || self.net.events.iter().any(|e| e.round > r)
    }

    pub(super) fn id(&self, g: usize) -> &str {
        self.net.glyphs.get(g).map_or("?", |d| d.id.as_str())
    }

    fn push(&mut self, round: u32, cause: GlyphCause, kind: GlyphEventKind) -> usize {
        let text = kind.describe();
        self.log.push(GlyphEvent {
            round,
            kind,
            cause,
            text,
        });
        if self.moments.is_kept() {
            let board = self.board();
            self.moments.record(board);
        }
        self.log.len() - 1
    }

    /// The glyphs as they stand now (what a kept moment records).
    pub(super) fn board(&self) -> GlyphBoard {
        GlyphBoard {
            positions: self.positions.clone(),
            present: self.present.clone(),
            disabled_until: self.disabled_until.clone(),
            standing: self.links.iter().map(|l| l.standing).collect(),
        }
    }
}

/// Caused by an earlier event (a delivery by the `Sent` it delivers), if any.
fn after(event: Option<usize>) -> GlyphCause {
    GlyphCause::after_opt(event.map(|e| e as u32))
}

/// The file index of the first glyph with this id.
#[must_use]
pub fn index_of(net: &GlyphNetwork, id: &str) -> Option<usize> {
    net.glyphs.iter().position(|g| g.id == id)
}
