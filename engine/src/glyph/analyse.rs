//! The analyser: what a network can do, found WITHOUT running it.
//!
//! It works on states `(glyph, stimulus)` — "this glyph receives this command" or "notices
//! this" (seen, touched, traced, a connection made or broken, its state or counter changing) —
//! joined by what the glyph's abilities do: sends along links, their own changes, timed
//! Actions' delays. It is optimistic (every Reaction may fire, every state guard may hold,
//! every `SetState` changes the state, every `Connect` succeeds, no glyph is disabled or
//! dismissed except by its own `dismiss_on`/`Dismiss` on that very stimulus — yet a glyph that
//! can dismiss itself may go later in the round it sends, so its sends also reach the links it
//! has then — and a move may break a connection an ability made), so whatever a real
//! run does is inside what it reports: if it says "quiet by round n", the run is quiet by then;
//! a loop it finds is one the network can run forever. On a network without those
//! uncertainties (Free Reactions and Actions only, no guards, dismissals, disables, states,
//! counters or connects) it is exact: `glyph_props` checks both.
//!
//! Its prediction of what WILL happen (who hears what, in which round, and how the network
//! ends) is [`PlayedOut`]: a glyph network has no dice — every Beat, guard, state, dismissal and
//! moved glyph follows from the file — so its future is exactly what the engine's own run does,
//! and the analyser plays it out rather than keeping a second, approximate rulebook that could
//! disagree with the run (issue #27: "run and analyser must always agree"). The paths above stay
//! beside it: they explain how a command can get somewhere, and what could loop.

use std::collections::{BTreeMap, BTreeSet};

use super::event::GlyphEnd;
use super::model::{GlyphAction, GlyphNetwork, GlyphTime, GlyphTrigger, Outside, Stimulus};
use super::run::{BREAK_RANGE, GlyphRun, LINK_RANGE, index_of, shape_gap};

/// What the analyser found.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphAnalysis {
    /// How the network ends: [`PlayedOut::end`].
    pub predicted_end: GlyphEnd,
    /// The round in which the network falls quiet (when `predicted_end` is quiet).
    pub quiet_by: Option<u32>,
    /// What the network will do, played out.
    pub played: PlayedOut,
    /// The shortest loop through which a command can keep re-sending itself forever (a loop the
    /// paths allow; [`PlayedOut::end`] says whether this network's run is caught in it).
    pub runaway: Option<RunawayLoop>,
    /// For each injection in file order: what it can reach and when.
    pub reach: Vec<InjectionReach>,
    /// Glyphs no command ever reaches, in file order.
    pub unreached: Vec<String>,
    /// Commands sent (or injected) that no glyph receiving them listens to.
    pub unheard: Vec<Unheard>,
    /// Links that a scheduled move will break, in file order.
    pub breaking_links: Vec<BreakingLink>,
}

/// What the network will do: its run, played to the end without keeping a log.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedOut {
    /// How the run ends.
    pub end: GlyphEnd,
    /// How many rounds it plays.
    pub rounds: u32,
    /// Each `(glyph, command or what it noticed)` the run delivers, with the first round it
    /// does, in order of that round, then glyph, then stimulus.
    pub heard: Vec<Reception>,
}

/// A glyph receiving a command, or noticing something, for the first time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reception {
    /// The glyph's id.
    pub glyph: String,
    /// The command, or what it noticed, as the run's log names it.
    pub what: String,
    /// The first round it happens.
    pub round: u32,
}

impl PlayedOut {
    /// Plays `net` to its end.
    #[must_use]
    pub fn of(net: &GlyphNetwork) -> Self {
        let outcome = GlyphRun::new(net).run_to_end();
        let mut first: BTreeMap<(String, String), u32> = BTreeMap::new();
        for r in &outcome.rounds {
            for x in r.received.iter().chain(&r.noticed) {
                first.entry(x.clone()).or_insert(r.round);
            }
        }
        let mut heard: Vec<Reception> = first
            .into_iter()
            .map(|((glyph, what), round)| Reception { glyph, what, round })
            .collect();
        heard.sort_by(|a, b| (a.round, &a.glyph, &a.what).cmp(&(b.round, &b.glyph, &b.what)));
        PlayedOut {
            // `run_to_end` always ends the run; a run without an end would be a bug of the
            // engine, and "busy at max_rounds" is the reading that never promises quiet.
            end: outcome.end.unwrap_or(GlyphEnd::MaxRounds),
            rounds: u32::try_from(outcome.rounds.len()).unwrap_or(u32::MAX),
            heard,
        }
    }
}

/// A loop of `(glyph, command)` receptions that repeats forever.
#[derive(Debug, Clone, PartialEq)]
pub struct RunawayLoop {
    /// The receptions, in order; the last one's sends lead back to the first.
    pub steps: Vec<(String, String)>,
    /// How many rounds one turn of the loop takes.
    pub rounds: u32,
    /// The earliest round the loop can start.
    pub first_round: u32,
    /// Receptions the network can reach that dismiss or disable a glyph of the loop (e.g. a
    /// scheduled all-clear): the loop may stop there, depending on timing.
    pub may_stop: Vec<Reach>,
}

/// What one injection can reach.
#[derive(Debug, Clone, PartialEq)]
pub struct InjectionReach {
    /// The injection's round.
    pub round: u32,
    /// The glyph it is injected at.
    pub glyph: String,
    /// The injected command.
    pub command: String,
    /// Every `(glyph, command)` reception it can cause, earliest first.
    pub reaches: Vec<Reach>,
}

/// One reception an injection can cause.
#[derive(Debug, Clone, PartialEq)]
pub struct Reach {
    /// The glyph that receives.
    pub glyph: String,
    /// The command it receives.
    pub command: String,
    /// The earliest round it can happen.
    pub round: u32,
    /// Rounds after the injection (0: the injection itself).
    pub after: u32,
}

/// A command nobody who receives it listens to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unheard {
    /// The sender (or the glyph injected at).
    pub glyph: String,
    /// The command.
    pub command: String,
    /// Whether it is an injection rather than a send.
    pub injected: bool,
}

/// A link a scheduled move breaks.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakingLink {
    /// First glyph, as written.
    pub a: String,
    /// Second glyph, as written.
    pub b: String,
    /// The round of the move that breaks it.
    pub round: u32,
    /// How far apart the glyphs end up then.
    pub distance: f64,
}

/// A link by glyph indices, with the round a scheduled move breaks it (`None`: never).
type LinkSpan = (usize, usize, Option<u32>);
/// A search state: glyph index and what it receives or notices.
type State = (usize, Stimulus);

/// The static view the searches share.
struct Graph<'a> {
    net: &'a GlyphNetwork,
    /// Per link (file order, known ids only, then every `Connect` an ability may make): glyph
    /// indices and the round a move breaks it.
    links: Vec<LinkSpan>,
    /// Rounds in which a move may break a connection an ability makes (`Connect`), by glyph
    /// indices: such a link is not in the file, so `links` keeps it standing for sends, but
    /// whoever listens may notice it break.
    connect_breaks: Vec<(usize, usize, u32)>,
}

/// What one ability does when it fires on a stimulus.
struct Firing<'a> {
    /// Rounds from the stimulus to its effect (a timed Action's delay; else 0).
    delay: u32,
    /// Commands it sends, each with whether the glyph itself still hears it (not when the
    /// ability dismisses the glyph after sending).
    sends: Vec<(&'a str, bool)>,
    /// What its own changes make glyphs notice (state, counter, connections).
    notices: Vec<State>,
    /// Whether it dismisses the glyph (its neighbours notice the broken connections).
    dismisses: bool,
}

impl Graph<'_> {
    /// What glyph `g`'s abilities do on `stimulus`, in order.
    ///
    /// An unguarded dismissal in a Free Reaction (or an Action taking effect at once) always
    /// happens, so nothing after it is done; a guarded one (`if_state`, a passphrase) may not. A dismissal in a Reaction ends only its own ability for sure:
    /// the Reaction is skipped when the round's Beat is already spent, and then the abilities
    /// listed after it still fire. A delayed Action's dismissal comes later.
    fn firings(&self, g: usize, stimulus: &Stimulus) -> Vec<Firing<'_>> {
        let def = &self.net.glyphs[g];
        let mut out = Vec::new();
        if let Some(c) = stimulus.command()
            && def.dismiss_on.as_deref() == Some(c)
        {
            out.push(Firing {
                delay: 0,
                sends: Vec::new(),
                notices: Vec::new(),
                dismisses: true,
            });
            return out;
        }
        // Optimistic: a passphrase may be completed by any letter.
        for ability in def.abilities.iter().filter(|a| {
            a.answers(stimulus, "")
                || matches!(
                    (&a.when, stimulus),
                    (
                        Some(GlyphTrigger::Passphrase(_)),
                        Stimulus::Outside(Outside::Traced(_))
                    )
                )
        }) {
            let delay = if ability.time == GlyphTime::Action {
                ability.delay
            } else {
                0
            };
            let dismiss_at = ability
                .does
                .iter()
                .position(|x| matches!(x, GlyphAction::Dismiss));
            let done = &ability.does[..dismiss_at.unwrap_or(ability.does.len())];
            let mut firing = Firing {
                delay,
                sends: Vec::new(),
                notices: Vec::new(),
                dismisses: dismiss_at.is_some(),
            };
            for action in done {
                match action {
                    GlyphAction::Send(c) => firing.sends.push((c.as_str(), dismiss_at.is_none())),
                    GlyphAction::SetState(s) => {
                        self.notice(g, Stimulus::State(s.clone()), &mut firing.notices);
                    }
                    GlyphAction::Reset => {
                        if let Some(s) = &def.state {
                            self.notice(g, Stimulus::State(s.clone()), &mut firing.notices);
                        }
                    }
                    GlyphAction::Count(_) => {
                        for a in &def.abilities {
                            if let Some(GlyphTrigger::CounterIs(n)) = a.when {
                                self.notice(g, Stimulus::Counter(n), &mut firing.notices);
                            }
                        }
                    }
                    GlyphAction::Connect(other) => {
                        if let Some(o) = index_of(self.net, other).filter(|&o| o != g) {
                            self.notice(g, Stimulus::Linked, &mut firing.notices);
                            self.notice(o, Stimulus::Linked, &mut firing.notices);
                        }
                    }
                    GlyphAction::Effect(_) | GlyphAction::Disable(_) | GlyphAction::Dismiss => {}
                }
            }
            // Only a dismissal that surely fires stops the abilities after it: a state guard
            // may not hold, a passphrase may not be complete, and then they still fire.
            let sure = ability.if_state.is_none() && ability.answers(stimulus, "");
            let stops_all = sure
                && dismiss_at.is_some()
                && (ability.time == GlyphTime::FreeReaction
                    || (ability.time == GlyphTime::Action && delay == 0));
            out.push(firing);
            if stops_all {
                break;
            }
        }
        out
    }

    /// Adds `(g, what)` when glyph `g` listens for `what` (the run delivers nothing else).
    fn notice(&self, g: usize, what: Stimulus, out: &mut Vec<State>) {
        if self.net.glyphs[g].listens_for(&what) && !out.contains(&(g, what.clone())) {
            out.push((g, what));
        }
    }

    /// Glyphs linked to `g` in round `at` (`None`: after every move), without `g`.
    fn linked(&self, g: usize, at: Option<u32>) -> Vec<usize> {
        let mut out = Vec::new();
        for &(a, b, broken) in &self.links {
            let standing = match (broken, at) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(br), Some(t)) => t < br,
            };
            if !standing || a == b {
                continue;
            }
            let other = if a == g {
                b
            } else if b == g {
                a
            } else {
                continue;
            };
            if !out.contains(&other) {
                out.push(other);
            }
        }
        out
    }

    /// Glyphs that receive what `g` sends for delivery in round `at` (`None`: after every move).
    fn receivers(&self, g: usize, at: Option<u32>) -> Vec<usize> {
        let mut out = vec![g];
        out.extend(self.linked(g, at));
        out
    }

    /// States that follow `(g, stimulus)` received in round `t` (`None`: after every move),
    /// each with how many rounds later it arrives (at least 1).
    fn next(&self, g: usize, stimulus: &Stimulus, t: Option<u32>) -> Vec<(State, u32)> {
        let mut out: Vec<(State, u32)> = Vec::new();
        let mut add = |s: State, d: u32| {
            if let Some(e) = out.iter_mut().find(|(x, _)| *x == s) {
                e.1 = e.1.min(d);
            } else {
                out.push((s, d));
            }
        };
        for f in self.firings(g, stimulus) {
            let after = f.delay.saturating_add(1);
            let fired_in = t.map(|t| t.saturating_add(f.delay));
            for (c, self_hears) in &f.sends {
                let mut to = if *self_hears {
                    self.receivers(g, fired_in.map(|r| r.saturating_add(1)))
                } else {
                    // Dismissed after sending: the glyphs linked to it when it went.
                    self.linked(g, fired_in)
                };
                // Another ability (on this stimulus or another one that round) may still dismiss
                // the glyph after it sent: its command then goes to the links it had when it went,
                // including one a move of next round would have broken (a dismissed glyph's move
                // never happens).
                if *self_hears && self.may_dismiss_itself(g) {
                    for h in self.linked(g, fired_in) {
                        if !to.contains(&h) {
                            to.push(h);
                        }
                    }
                }
                for h in to {
                    add((h, Stimulus::Command((*c).to_owned())), after);
                }
            }
            for s in f.notices {
                add(s, after);
            }
            if f.dismisses {
                for h in self.linked(g, fired_in) {
                    let mut v = Vec::new();
                    self.notice(h, Stimulus::Unlinked, &mut v);
                    for s in v {
                        add(s, after);
                    }
                }
            }
        }
        out
    }

    /// Whether glyph `g` can dismiss itself at all (`dismiss_on`, or a `Dismiss` in any of its
    /// abilities): only such a glyph's sends can outlive it.
    fn may_dismiss_itself(&self, g: usize) -> bool {
        let d = &self.net.glyphs[g];
        d.dismiss_on.is_some()
            || d.abilities
                .iter()
                .any(|a| a.does.iter().any(|x| matches!(x, GlyphAction::Dismiss)))
    }

    /// Whether receiving `command` dismisses or disables glyph `g`.
    fn stops(&self, g: usize, stimulus: &Stimulus) -> bool {
        let d = &self.net.glyphs[g];
        let command = stimulus.command();
        (command.is_some() && d.dismiss_on.as_deref() == command)
            || d.disable_on
                .as_ref()
                .is_some_and(|(c, n)| Some(c.as_str()) == command && *n > 0)
            || d.abilities.iter().any(|a| {
                a.answers(stimulus, "")
                    && a.does.iter().any(|x| {
                        matches!(x, GlyphAction::Dismiss)
                            || matches!(x, GlyphAction::Disable(n) if *n > 0)
                    })
            })
    }

    fn listens(&self, g: usize, command: &str) -> bool {
        self.net.glyphs[g].listens_for(&Stimulus::Command(command.to_owned()))
    }

    /// What starts activity without a glyph sending it, with the round: injections, outside
    /// events, the network's start, and the connections moves break. Each with its label for
    /// the report (`(round, glyph, what)`), in that order.
    fn roots(&self) -> Vec<(u32, usize, Stimulus)> {
        let net = self.net;
        let mut out = Vec::new();
        for inj in &net.inject {
            if let Some(g) = index_of(net, &inj.glyph) {
                out.push((inj.round, g, Stimulus::Command(inj.command.clone())));
            }
        }
        for ev in &net.events {
            if let Some(g) = index_of(net, &ev.glyph) {
                out.push((ev.round, g, Stimulus::Outside(ev.what.clone())));
            }
        }
        for (g, def) in net.glyphs.iter().enumerate() {
            if def.listens_for(&Stimulus::Created) {
                out.push((1, g, Stimulus::Created));
            }
        }
        for &(a, b, broken) in &self.links {
            if let Some(r) = broken {
                for g in [a, b] {
                    let mut v = Vec::new();
                    self.notice(g, Stimulus::Unlinked, &mut v);
                    if let Some((g, s)) = v.pop() {
                        out.push((r, g, s));
                    }
                }
            }
        }
        for &(a, b, r) in &self.connect_breaks {
            for g in [a, b] {
                let mut v = Vec::new();
                self.notice(g, Stimulus::Unlinked, &mut v);
                if let Some((g, s)) = v.pop()
                    && !out.contains(&(r, g, s.clone()))
                {
                    out.push((r, g, s));
                }
            }
        }
        out
    }
}

/// Analyses `net` without running it.
#[must_use]
pub fn analyse(net: &GlyphNetwork) -> GlyphAnalysis {
    let (links, breaking_links) = link_breaks(net);
    let connect_breaks = connect_breaks(net);
    let graph = Graph {
        net,
        links,
        connect_breaks,
    };
    let max = net.max_rounds;

    let mut reached_glyphs = BTreeSet::new();
    let mut reach = Vec::new();
    let mut first_seen: BTreeMap<State, u32> = BTreeMap::new();
    for (round, g, what) in graph.roots() {
        let mut reaches = Vec::new();
        if round >= 1 && round <= max {
            // Earliest arrival first (delays make the steps uneven): Dijkstra over rounds.
            let mut seen: BTreeMap<State, u32> = BTreeMap::new();
            let mut queue: BTreeSet<(u32, State)> = BTreeSet::from([(round, (g, what.clone()))]);
            seen.insert((g, what.clone()), round);
            while let Some((t, (h, c))) = queue.pop_first() {
                if seen.get(&(h, c.clone())).is_some_and(|&best| best < t) {
                    continue;
                }
                reaches.push(Reach {
                    glyph: net.glyphs[h].id.clone(),
                    command: c.to_string(),
                    round: t,
                    after: t - round,
                });
                reached_glyphs.insert(h);
                let e = first_seen.entry((h, c.clone())).or_insert(t);
                *e = (*e).min(t);
                for (s, d) in graph.next(h, &c, Some(t)) {
                    let at = t.saturating_add(d);
                    if at > max {
                        continue;
                    }
                    if seen.get(&s).is_none_or(|&best| at < best) {
                        seen.insert(s.clone(), at);
                        queue.insert((at, s));
                    }
                }
            }
        }
        reach.push(InjectionReach {
            round,
            glyph: net.glyphs[g].id.clone(),
            command: what.to_string(),
            reaches,
        });
    }

    let mut runaway = shortest_loop(&graph, &first_seen);
    if let Some(lp) = runaway.as_mut() {
        for r in reach.iter().flat_map(|x| &x.reaches) {
            let in_loop = lp.steps.iter().any(|(g, _)| g == &r.glyph);
            let stops = first_seen.keys().any(|(g, c)| {
                net.glyphs[*g].id == r.glyph && c.to_string() == r.command && graph.stops(*g, c)
            });
            if in_loop && stops && !lp.may_stop.contains(r) {
                lp.may_stop.push(r.clone());
            }
        }
    }
    let played = PlayedOut::of(net);
    let unreached = net
        .glyphs
        .iter()
        .enumerate()
        .filter(|(i, _)| !reached_glyphs.contains(i))
        .map(|(_, g)| g.id.clone())
        .collect();
    GlyphAnalysis {
        predicted_end: played.end,
        quiet_by: (played.end == GlyphEnd::Quiet).then_some(played.rounds),
        played,
        runaway,
        reach,
        unreached,
        unheard: unheard(&graph),
        breaking_links,
    }
}

/// Links by index with the round a move breaks them (then every connection an ability may
/// make, which no move is assumed to break), and the report of those breaks.
fn link_breaks(net: &GlyphNetwork) -> (Vec<LinkSpan>, Vec<BreakingLink>) {
    let mut positions: Vec<(f64, f64)> = net.glyphs.iter().map(|g| g.pos).collect();
    let mut links: Vec<LinkSpan> = net
        .links
        .iter()
        .filter_map(|(a, b)| Some((index_of(net, a)?, index_of(net, b)?, None)))
        .collect();
    let mut rounds: Vec<u32> = net
        .moves
        .iter()
        .map(|m| m.round)
        .filter(|&r| r >= 1 && r <= net.max_rounds)
        .collect();
    rounds.sort_unstable();
    rounds.dedup();
    let mut report = Vec::new();
    for r in rounds {
        for m in net.moves.iter().filter(|m| m.round == r) {
            if let Some(g) = index_of(net, &m.glyph) {
                positions[g] = m.to;
            }
        }
        for link in &mut links {
            let (a, b) = (&net.glyphs[link.0], &net.glyphs[link.1]);
            let d = shape_gap(positions[link.0], a.extent, positions[link.1], b.extent);
            if link.2.is_none() && d > BREAK_RANGE {
                link.2 = Some(r);
                report.push(BreakingLink {
                    a: a.id.clone(),
                    b: b.id.clone(),
                    round: r,
                    distance: d,
                });
            }
        }
    }
    for (g, def) in net.glyphs.iter().enumerate() {
        for a in &def.abilities {
            for x in &a.does {
                if let GlyphAction::Connect(o) = x
                    && let Some(o) = index_of(net, o)
                {
                    links.push((g, o, None));
                }
            }
        }
    }
    (links, report)
}

/// The move rounds in which a connection some ability may make (`Connect`) can break: the
/// pair ends up beyond Spitting Distance (4u) while such a link may stand, i.e. after a moment
/// the pair was within Swinging Distance (1u) and with no break since. Optimistic: it does not
/// ask whether the `Connect` really fires, so the run's breaks are all among these.
fn connect_breaks(net: &GlyphNetwork) -> Vec<(usize, usize, u32)> {
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (g, def) in net.glyphs.iter().enumerate() {
        for x in def.abilities.iter().flat_map(|a| &a.does) {
            if let GlyphAction::Connect(o) = x
                && let Some(o) = index_of(net, o).filter(|&o| o != g)
                && !pairs.contains(&(g, o))
                && !pairs.contains(&(o, g))
            {
                pairs.push((g, o));
            }
        }
    }
    if pairs.is_empty() {
        return Vec::new();
    }
    let mut rounds: Vec<u32> = net
        .moves
        .iter()
        .map(|m| m.round)
        .filter(|&r| r >= 1 && r <= net.max_rounds)
        .collect();
    rounds.sort_unstable();
    rounds.dedup();
    let mut positions: Vec<(f64, f64)> = net.glyphs.iter().map(|g| g.pos).collect();
    let gap = |positions: &[(f64, f64)], a: usize, b: usize| {
        let (da, db) = (&net.glyphs[a], &net.glyphs[b]);
        shape_gap(positions[a], da.extent, positions[b], db.extent)
    };
    // Whether a connection may stand between each pair now.
    let mut may_stand: Vec<bool> = pairs
        .iter()
        .map(|&(a, b)| gap(&positions, a, b) <= LINK_RANGE)
        .collect();
    let mut out = Vec::new();
    for r in rounds {
        for m in net.moves.iter().filter(|m| m.round == r) {
            if let Some(g) = index_of(net, &m.glyph) {
                positions[g] = m.to;
            }
        }
        for (i, &(a, b)) in pairs.iter().enumerate() {
            let d = gap(&positions, a, b);
            if may_stand[i] && d > BREAK_RANGE {
                out.push((a, b, r));
                may_stand[i] = false;
            }
            // A `Connect` may (re)make it from this round on, after the moves.
            may_stand[i] |= d <= LINK_RANGE;
        }
    }
    out
}

/// The shortest cycle (over links no move breaks) through a reachable state, by rounds.
fn shortest_loop(graph: &Graph<'_>, reachable: &BTreeMap<State, u32>) -> Option<RunawayLoop> {
    let mut best: Option<(u32, u32, Vec<State>)> = None;
    for (start, &first_round) in reachable {
        // Dijkstra from `start` back to itself, by rounds; `dist` keeps each state's parent.
        let mut dist: BTreeMap<State, (u32, Option<State>)> = BTreeMap::new();
        let mut queue: BTreeSet<(u32, State)> = BTreeSet::new();
        for (n, d) in graph.next(start.0, &start.1, None) {
            if dist.get(&n).is_none_or(|&(b, _)| d < b) {
                dist.insert(n.clone(), (d, None));
                queue.insert((d, n));
            }
        }
        let mut rounds = None;
        while let Some((t, s)) = queue.pop_first() {
            if dist.get(&s).is_some_and(|&(b, _)| b < t) {
                continue;
            }
            if &s == start {
                rounds = Some(t);
                break;
            }
            for (n, d) in graph.next(s.0, &s.1, None) {
                let at = t.saturating_add(d);
                if dist.get(&n).is_none_or(|&(b, _)| at < b) {
                    dist.insert(n.clone(), (at, Some(s.clone())));
                    queue.insert((at, n));
                }
            }
        }
        let Some(rounds) = rounds else { continue };
        // Walk back from the state before `start` to the first step after it.
        let mut back = Vec::new();
        let mut at = dist.get(start).and_then(|(_, p)| p.clone());
        while let Some(s) = at {
            if back.contains(&s) || &s == start {
                break;
            }
            at = dist.get(&s).and_then(|(_, p)| p.clone());
            back.push(s);
        }
        back.push(start.clone());
        back.reverse();
        let better = best
            .as_ref()
            .is_none_or(|(len, round, _)| (rounds, first_round) < (*len, *round));
        if better {
            best = Some((rounds, first_round, back));
        }
    }
    best.map(|(rounds, first_round, path)| RunawayLoop {
        steps: path
            .into_iter()
            .map(|(g, c)| (graph.net.glyphs[g].id.clone(), c.to_string()))
            .collect(),
        rounds,
        first_round,
        may_stop: Vec::new(),
    })
}

/// Sends (and injections) that no glyph receiving them listens to.
fn unheard(graph: &Graph<'_>) -> Vec<Unheard> {
    let net = graph.net;
    let mut out: Vec<Unheard> = Vec::new();
    for inj in &net.inject {
        if let Some(g) = index_of(net, &inj.glyph)
            && !graph.listens(g, &inj.command)
        {
            out.push(Unheard {
                glyph: inj.glyph.clone(),
                command: inj.command.clone(),
                injected: true,
            });
        }
    }
    for (g, def) in net.glyphs.iter().enumerate() {
        let receivers = graph.receivers(g, Some(0));
        for ability in &def.abilities {
            for action in &ability.does {
                if let GlyphAction::Send(c) = action {
                    let heard = receivers.iter().any(|&h| graph.listens(h, c));
                    let entry = Unheard {
                        glyph: def.id.clone(),
                        command: c.clone(),
                        injected: false,
                    };
                    if !heard && !out.contains(&entry) {
                        out.push(entry);
                    }
                }
            }
        }
    }
    out
}

impl GlyphAnalysis {
    /// The analysis as JSON (what `glyph FILE --analyse --json` prints).
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        let runaway = self.runaway.as_ref().map(|l| {
            serde_json::json!({
                "loop": l.steps.iter().map(|(g, c)| serde_json::json!([g, c])).collect::<Vec<_>>(),
                "rounds": l.rounds,
                "first_round": l.first_round,
                "may_stop": l.may_stop.iter().map(|r| serde_json::json!({
                    "glyph": r.glyph, "command": r.command, "round": r.round,
                })).collect::<Vec<_>>(),
            })
        });
        let reach: Vec<serde_json::Value> = self
            .reach
            .iter()
            .map(|r| {
                let reaches: Vec<serde_json::Value> = r
                    .reaches
                    .iter()
                    .map(|x| {
                        serde_json::json!({
                            "glyph": x.glyph, "command": x.command, "round": x.round, "after": x.after,
                        })
                    })
                    .collect();
                serde_json::json!({
                    "inject": {"round": r.round, "glyph": r.glyph, "command": r.command},
                    "reaches": reaches,
                })
            })
            .collect();
        let unheard: Vec<serde_json::Value> = self
            .unheard
            .iter()
            .map(|u| serde_json::json!({"glyph": u.glyph, "command": u.command, "injected": u.injected}))
            .collect();
        let breaking: Vec<serde_json::Value> = self
            .breaking_links
            .iter()
            .map(|b| serde_json::json!({"link": [b.a, b.b], "round": b.round, "distance": b.distance}))
            .collect();
        serde_json::json!({
            "predicted_end": self.predicted_end.as_str(),
            "quiet_by": self.quiet_by,
            "played": {
                "end": self.played.end.as_str(),
                "rounds": self.played.rounds,
                "heard": self.played.heard.iter().map(|h| serde_json::json!({
                    "glyph": h.glyph, "what": h.what, "round": h.round,
                })).collect::<Vec<_>>(),
            },
            "runaway": runaway,
            "reach": reach,
            "unreached": self.unreached,
            "unheard": unheard,
            "breaking_links": breaking,
        })
    }

    /// The analysis as a readable report.
    #[must_use]
    pub fn to_text(&self) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        let p = &self.played;
        let _ = match p.end {
            GlyphEnd::Quiet => writeln!(s, "Quiet: the network falls quiet in round {}.", p.rounds),
            GlyphEnd::MaxRounds => writeln!(
                s,
                "RUNAWAY: the network is still busy when round {} (max_rounds) ends.",
                p.rounds
            ),
            GlyphEnd::Flood => writeln!(
                s,
                "FLOOD: after round {} the network would deliver more commands than the engine allows.",
                p.rounds
            ),
        };
        if let Some(l) = &self.runaway {
            let chain: Vec<String> = l
                .steps
                .iter()
                .map(|(g, c)| format!("{g} receives \"{c}\""))
                .collect();
            let _ = writeln!(
                s,
                "{} Shortest loop ({} round{} a turn, from round {}): {} -> again.",
                if p.end == GlyphEnd::Quiet {
                    "A loop is possible, but this run leaves it."
                } else {
                    "The loop:"
                },
                l.rounds,
                if l.rounds == 1 { "" } else { "s" },
                l.first_round,
                chain.join(" -> ")
            );
            for r in &l.may_stop {
                let _ = writeln!(
                    s,
                    "  It may stop in round {}: {} receives \"{}\", which dismisses or disables it.",
                    r.round, r.glyph, r.command
                );
            }
        }
        if !p.heard.is_empty() {
            let _ = writeln!(s, "Heard in the run:");
            for h in &p.heard {
                let _ = writeln!(s, "  round {}: {} hears \"{}\"", h.round, h.glyph, h.what);
            }
        }
        for r in &self.reach {
            let what = if r.command.starts_with('<') {
                "Event"
            } else {
                "Injection of"
            };
            let _ = writeln!(
                s,
                "{what} \"{}\" at {} (round {}) can reach:",
                r.command, r.glyph, r.round
            );
            for x in &r.reaches {
                let _ = writeln!(
                    s,
                    "  {} receives \"{}\" in round {} (+{})",
                    x.glyph, x.command, x.round, x.after
                );
            }
        }
        if !self.unreached.is_empty() {
            let _ = writeln!(
                s,
                "Never reached by any command: {}",
                self.unreached.join(", ")
            );
        }
        for u in &self.unheard {
            let what = if u.injected { "injected at" } else { "sent by" };
            let _ = writeln!(
                s,
                "Unheard: \"{}\" {what} {} — no glyph receiving it listens to it",
                u.command, u.glyph
            );
        }
        for b in &self.breaking_links {
            let _ = writeln!(
                s,
                "Link {}–{} breaks in round {} (moved {:.2}u apart, beyond 4u)",
                b.a, b.b, b.round, b.distance
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::glyph::check::load;

    fn net(src: &str) -> GlyphNetwork {
        load(src, Path::new("t.ron")).expect("a valid network").0
    }

    /// The earliest round the analyser's paths say `glyph` can hear `what`.
    fn reached(report: &GlyphAnalysis, glyph: &str, what: &str) -> Option<u32> {
        report
            .reach
            .iter()
            .flat_map(|r| &r.reaches)
            .filter(|x| x.glyph == glyph && x.command == what)
            .map(|x| x.round)
            .min()
    }

    /// The run's first round in which `glyph` hears `what`.
    fn heard(net: &GlyphNetwork, glyph: &str, what: &str) -> Option<u32> {
        let played = PlayedOut::of(net);
        played
            .heard
            .iter()
            .find(|h| h.glyph == glyph && h.what == what)
            .map(|h| h.round)
    }

    /// `glyph_props.proptest-regressions` `cc ba0776e1…`: in round 6 g0 sends "b" (a Free
    /// Reaction), then dismisses itself (a Reaction on the same "a"). The "b" goes to g1, linked
    /// to g0 when it went; the paths used to aim it at round 7's links, which g0's move that
    /// round would have broken, but a dismissed glyph never moves.
    #[test]
    fn a_send_reaches_the_links_a_glyph_had_when_a_later_ability_dismissed_it() {
        let n = net(r#"GlyphNetwork(
            name: "send, then dismissed by the next ability",
            max_rounds: 8,
            glyphs: [
                (id: "g0", pos: (0, 0), abilities: [
                    (on: "a", time: FreeReaction, does: [Send("b")]),
                    (on: "a", time: Reaction, does: [Dismiss]),
                    (on: "b", time: Reaction, does: [Send("a")]),
                ]),
                (id: "g1", pos: (0, 0)),
            ],
            links: [("g1", "g0")],
            inject: [(round: 5, glyph: "g0", command: "b")],
            moves: [(round: 7, glyph: "g0", to: (0, 4.5))],
        )"#);
        assert_eq!(heard(&n, "g1", "b"), Some(7), "the run delivers it");
        assert_eq!(reached(&analyse(&n), "g1", "b"), Some(7));
    }

    /// `glyph_analyser_props.proptest-regressions` `cc 26577d2b…`: g1's Free Reaction that
    /// dismisses it on "b" only fires while g1 is "open", which it never is, so its Reaction
    /// listed next still sends "a"; the paths used to take any Free Reaction's dismissal as
    /// certain and stopped there.
    #[test]
    fn a_guarded_dismissal_does_not_stop_the_abilities_after_it() {
        let n = net(r#"GlyphNetwork(
            name: "a dismissal whose guard does not hold",
            max_rounds: 5,
            glyphs: [
                (id: "g1", pos: (0, 0), abilities: [
                    (on: "b", time: FreeReaction, if_state: Some("open"), does: [Dismiss]),
                    (on: "b", time: Reaction, does: [Send("a")]),
                ]),
            ],
            inject: [(round: 1, glyph: "g1", command: "b")],
        )"#);
        assert_eq!(heard(&n, "g1", "a"), Some(2), "the run delivers it");
        assert_eq!(reached(&analyse(&n), "g1", "a"), Some(2));
    }

    /// `glyph_analyser_props.proptest-regressions` `cc 14bc6f2b…`: g2 connects to g1 when the
    /// network starts, and g1's move in round 2 (4.03u away) breaks that connection, which g2
    /// notices; the paths used to keep every connection an ability makes standing forever.
    #[test]
    fn a_move_breaking_a_connection_an_ability_made_is_noticed() {
        let n = net(r#"GlyphNetwork(
            name: "a connection made, then moved apart",
            max_rounds: 11,
            glyphs: [
                (id: "g0", pos: (0, 0)),
                (id: "g1", pos: (0, 0)),
                (id: "g2", pos: (0, 0), abilities: [
                    (when: Some(Created), time: Reaction, does: [Connect("g1")]),
                    (when: Some(Unlinked), time: Reaction, does: []),
                ]),
            ],
            moves: [(round: 2, glyph: "g1", to: (3.5, 2.0))],
        )"#);
        let broken = "<connection broken>";
        assert_eq!(heard(&n, "g2", broken), Some(2), "the run delivers it");
        assert_eq!(reached(&analyse(&n), "g2", broken), Some(2));
    }
}
