//! The analyser: what a network can do, found WITHOUT running it.
//!
//! It works on states `(glyph, command)` — "this glyph receives this command" — joined by the
//! sends of the glyph's abilities along links. It is optimistic (every Reaction may fire, no glyph
//! is disabled or dismissed except by its own `dismiss_on`/`Dismiss` on that very command), so
//! whatever a real run does is inside what it reports: if it says "quiet by round n", the run is
//! quiet by then; a loop it finds is one the network can run forever.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::event::GlyphEnd;
use super::model::{GlyphAction, GlyphNetwork, GlyphTime};
use super::run::{BREAK_RANGE, distance, index_of};

/// What the analyser found.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphAnalysis {
    /// `Quiet` if the network surely falls quiet within `max_rounds`, else `MaxRounds`.
    pub predicted_end: GlyphEnd,
    /// The round by which the network is quiet at the latest (when `predicted_end` is quiet).
    pub quiet_by: Option<u32>,
    /// The shortest loop through which a command can keep re-sending itself forever.
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
/// A search state: glyph index and the command it receives.
type State = (usize, String);

/// The static view the searches share.
struct Graph<'a> {
    net: &'a GlyphNetwork,
    /// Per link (file order, known ids only): glyph indices and the round a move breaks it.
    links: Vec<LinkSpan>,
}

impl Graph<'_> {
    /// Commands glyph `g` may send on receiving `command`, in order.
    ///
    /// A dismissal in a Free Reaction always happens, so nothing after it is sent. A dismissal in a
    /// Reaction ends only its own ability for sure: the Reaction is skipped when the round's Beat
    /// is already spent, and then the abilities listed after it still fire.
    fn sends(&self, g: usize, command: &str) -> Vec<&str> {
        let def = &self.net.glyphs[g];
        let mut out = Vec::new();
        if def.dismiss_on.as_deref() == Some(command) {
            return out;
        }
        for ability in def.abilities.iter().filter(|a| a.on == command) {
            for action in &ability.does {
                match action {
                    GlyphAction::Send(c) => out.push(c.as_str()),
                    GlyphAction::Dismiss if ability.time == GlyphTime::FreeReaction => return out,
                    GlyphAction::Dismiss => break,
                    GlyphAction::Effect(_) | GlyphAction::Disable(_) => {}
                }
            }
        }
        out
    }

    /// Glyphs that receive what `g` sends for delivery in round `at` (`None`: after every move).
    fn receivers(&self, g: usize, at: Option<u32>) -> Vec<usize> {
        let mut out = vec![g];
        for &(a, b, broken) in &self.links {
            let standing = match (broken, at) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(br), Some(t)) => t < br,
            };
            if !standing {
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

    /// States that follow `(g, command)` when delivered in round `at`.
    fn next(&self, g: usize, command: &str, at: Option<u32>) -> Vec<State> {
        let mut out = Vec::new();
        for c in self.sends(g, command) {
            for h in self.receivers(g, at) {
                let s = (h, c.to_owned());
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// Whether receiving `command` dismisses or disables glyph `g`.
    fn stops(&self, g: usize, command: &str) -> bool {
        let d = &self.net.glyphs[g];
        d.dismiss_on.as_deref() == Some(command)
            || d.disable_on
                .as_ref()
                .is_some_and(|(c, n)| c == command && *n > 0)
            || d.abilities.iter().any(|a| {
                a.on == command
                    && a.does.iter().any(|x| {
                        matches!(x, GlyphAction::Dismiss)
                            || matches!(x, GlyphAction::Disable(n) if *n > 0)
                    })
            })
    }

    fn listens(&self, g: usize, command: &str) -> bool {
        let d = &self.net.glyphs[g];
        d.abilities.iter().any(|a| a.on == command)
            || d.dismiss_on.as_deref() == Some(command)
            || d.disable_on.as_ref().is_some_and(|(c, _)| c == command)
    }
}

/// Analyses `net` without running it.
#[must_use]
pub fn analyse(net: &GlyphNetwork) -> GlyphAnalysis {
    let (links, breaking_links) = link_breaks(net);
    let graph = Graph { net, links };
    let max = net.max_rounds;

    let mut reached_glyphs = BTreeSet::new();
    let mut reach = Vec::new();
    let mut first_seen: BTreeMap<State, u32> = BTreeMap::new();
    for inj in &net.inject {
        let mut reaches = Vec::new();
        if let Some(g) = index_of(net, &inj.glyph).filter(|_| inj.round >= 1 && inj.round <= max) {
            let mut seen: BTreeMap<State, u32> = BTreeMap::new();
            let mut queue = VecDeque::from([((g, inj.command.clone()), inj.round)]);
            seen.insert((g, inj.command.clone()), inj.round);
            while let Some(((h, c), t)) = queue.pop_front() {
                reaches.push(Reach {
                    glyph: net.glyphs[h].id.clone(),
                    command: c.clone(),
                    round: t,
                    after: t - inj.round,
                });
                reached_glyphs.insert(h);
                let e = first_seen.entry((h, c.clone())).or_insert(t);
                *e = (*e).min(t);
                if t >= max {
                    continue;
                }
                for s in graph.next(h, &c, Some(t + 1)) {
                    if !seen.contains_key(&s) {
                        seen.insert(s.clone(), t + 1);
                        queue.push_back((s, t + 1));
                    }
                }
            }
        }
        reach.push(InjectionReach {
            round: inj.round,
            glyph: inj.glyph.clone(),
            command: inj.command.clone(),
            reaches,
        });
    }

    let mut runaway = shortest_loop(&graph, &first_seen);
    if let Some(lp) = runaway.as_mut() {
        for r in reach.iter().flat_map(|x| &x.reaches) {
            let in_loop = lp.steps.iter().any(|(g, _)| g == &r.glyph);
            let stops = index_of(net, &r.glyph).is_some_and(|g| graph.stops(g, &r.command));
            if in_loop && stops && !lp.may_stop.contains(r) {
                lp.may_stop.push(r.clone());
            }
        }
    }
    let quiet_by = quiet_round(&graph);
    let predicted_end = if runaway.is_none() && quiet_by.is_some() {
        GlyphEnd::Quiet
    } else {
        GlyphEnd::MaxRounds
    };
    let unreached = net
        .glyphs
        .iter()
        .enumerate()
        .filter(|(i, _)| !reached_glyphs.contains(i))
        .map(|(_, g)| g.id.clone())
        .collect();
    GlyphAnalysis {
        predicted_end,
        quiet_by: if runaway.is_none() { quiet_by } else { None },
        runaway,
        reach,
        unreached,
        unheard: unheard(&graph),
        breaking_links,
    }
}

/// Links by index with the round a move breaks them, and the report of those breaks.
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
            let d = distance(positions[link.0], positions[link.1]);
            if link.2.is_none() && d > BREAK_RANGE {
                link.2 = Some(r);
                report.push(BreakingLink {
                    a: net.glyphs[link.0].id.clone(),
                    b: net.glyphs[link.1].id.clone(),
                    round: r,
                    distance: d,
                });
            }
        }
    }
    (links, report)
}

/// The shortest cycle (over links no move breaks) through a reachable state.
fn shortest_loop(graph: &Graph<'_>, reachable: &BTreeMap<State, u32>) -> Option<RunawayLoop> {
    let mut best: Option<(usize, u32, Vec<State>)> = None;
    for (start, &first_round) in reachable {
        // Breadth-first search from `start` back to itself.
        let mut parent: BTreeMap<State, State> = BTreeMap::new();
        let mut queue = VecDeque::from([start.clone()]);
        let mut found = None;
        'search: while let Some(s) = queue.pop_front() {
            for n in graph.next(s.0, &s.1, None) {
                if &n == start {
                    found = Some(s);
                    break 'search;
                }
                if !parent.contains_key(&n) {
                    parent.insert(n.clone(), s.clone());
                    queue.push_back(n);
                }
            }
        }
        let Some(mut last) = found else { continue };
        let mut path = vec![last.clone()];
        while &last != start {
            let Some(p) = parent.get(&last) else { break };
            last = p.clone();
            path.push(last.clone());
        }
        path.reverse();
        let better = best
            .as_ref()
            .is_none_or(|(len, round, _)| (path.len(), first_round) < (*len, *round));
        if better {
            best = Some((path.len(), first_round, path));
        }
    }
    best.map(|(len, first_round, path)| RunawayLoop {
        steps: path
            .into_iter()
            .map(|(g, c)| (graph.net.glyphs[g].id.clone(), c))
            .collect(),
        rounds: len as u32,
        first_round,
        may_stop: Vec::new(),
    })
}

/// Propagates the SET of possible receptions round by round (never their number, beats or
/// disables): the round after which nothing can be waiting, or `None` if something may still be
/// busy after `max_rounds`.
fn quiet_round(graph: &Graph<'_>) -> Option<u32> {
    let net = graph.net;
    let last_scheduled = net
        .inject
        .iter()
        .map(|i| i.round)
        .chain(net.moves.iter().map(|m| m.round))
        .max()
        .unwrap_or(0);
    let mut active: BTreeSet<State> = BTreeSet::new();
    for t in 1..=net.max_rounds {
        let mut now: BTreeSet<State> = BTreeSet::new();
        for inj in net.inject.iter().filter(|i| i.round == t) {
            if let Some(g) = index_of(net, &inj.glyph) {
                now.insert((g, inj.command.clone()));
            }
        }
        for (g, c) in &active {
            now.extend(graph.next(*g, c, Some(t)));
        }
        let sends = now.iter().any(|(g, c)| !graph.sends(*g, c).is_empty());
        if !sends && t >= last_scheduled {
            return Some(t);
        }
        active = now;
    }
    None
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
        match (&self.runaway, self.quiet_by) {
            (Some(l), _) => {
                let chain: Vec<String> = l
                    .steps
                    .iter()
                    .map(|(g, c)| format!("{g} receives \"{c}\""))
                    .collect();
                let _ = writeln!(
                    s,
                    "RUNAWAY: this network can run until max_rounds. Shortest loop ({} round{} a turn, from round {}): {} -> again.",
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
            (None, Some(q)) => {
                let _ = writeln!(
                    s,
                    "Quiet: the network falls quiet by round {q} at the latest."
                );
            }
            (None, None) => {
                let _ = writeln!(
                    s,
                    "Busy at max_rounds: something may still be waiting after the last round (a chain or schedule longer than max_rounds)."
                );
            }
        }
        for r in &self.reach {
            let _ = writeln!(
                s,
                "Injection of \"{}\" at {} (round {}) can reach:",
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
