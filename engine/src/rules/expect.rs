//! The `expect` checks of a rules scenario: each failure is one plain-English line that names
//! what was expected and what was found (a card or zone that does not exist says so).

use crate::model::Player;

use super::game::Game;
use super::scenario::Expect;
use super::state::Zone;

impl Game {
    /// Checks a scenario's expectations; each failure is one plain-English line. `At(step, ..)`
    /// reports what was found after that step while the script ran ([`Game::run_checked`]).
    #[must_use]
    pub fn check(&self, expect: &[Expect]) -> Vec<String> {
        let mut failures = Vec::new();
        for e in expect {
            if let Some(f) = self.check_one(e) {
                failures.push(f);
            }
        }
        failures
    }

    fn check_one(&self, e: &Expect) -> Option<String> {
        let fail = |ok: bool, what: String| (!ok).then_some(what);
        if let Some(card) = card_named(e)
            && self.obj(card).is_none()
        {
            return Some(format!(
                "{}: no card instance `{card}` in this scenario",
                expectation_name(e)
            ));
        }
        match e {
            Expect::Stat(c, s, v) => {
                let got = self.stat(c, s);
                fail(got == *v, format!("{c} {s}: expected {v}, got {got}"))
            }
            Expect::Has(c, a) => fail(
                self.has_ability(c, a),
                format!("{c} should have {a}; it has {:?}", self.ability_names(c)),
            ),
            Expect::Lacks(c, a) => fail(
                !self.has_ability(c, a),
                format!(
                    "{c} should not have {a}; it has {:?}",
                    self.ability_names(c)
                ),
            ),
            Expect::Zone(c, z) => {
                let Some(zone) = self.profile.parse_zone(z) else {
                    return Some(unknown_zone(z));
                };
                let got = self.obj(c).map(|o| o.zone);
                fail(
                    got == Some(zone),
                    format!(
                        "{c}: expected in the {}, is in the {}",
                        zone.name(),
                        got.map_or("nowhere", Zone::name)
                    ),
                )
            }
            Expect::Wounds(c, n) => {
                let got = self.obj(c).map_or(0, |o| o.wounds);
                fail(got == *n, format!("{c}: expected {n} wounds, has {got}"))
            }
            Expect::Vitae(p, n) => {
                let got = self.player(*p).vitae;
                fail(got == *n, format!("{p:?} vitae: expected {n}, got {got}"))
            }
            Expect::Resource(p, n) => {
                let got = self.player(*p).resource;
                fail(
                    got == *n,
                    format!("{p:?} resource: expected {n}, got {got}"),
                )
            }
            Expect::Fealty(p, n) => {
                let got = self.player(*p).fealty;
                fail(got == *n, format!("{p:?} fealty: expected {n}, got {got}"))
            }
            Expect::Level(p, n) => {
                let got = self.level(*p);
                fail(got == *n, format!("{p:?} level: expected {n}, got {got}"))
            }
            Expect::ZoneSize(p, z, n) => {
                let Some(zone) = self.profile.parse_zone(z) else {
                    return Some(unknown_zone(z));
                };
                let got = self.zone_ids(*p, zone).len();
                fail(
                    got == *n,
                    format!("{p:?} {}: expected {n} cards, got {got}", zone.name()),
                )
            }
            Expect::Stack(n) => {
                let got = self.stack.len();
                fail(got == *n, format!("stack: expected {n} items, got {got}"))
            }
            Expect::StackOrder(wanted) => {
                let got: Vec<&str> = self.stack.iter().rev().map(|i| i.label.as_str()).collect();
                let same = got.len() == wanted.len()
                    && self.stack.iter().rev().zip(wanted).all(|(i, w)| {
                        i.label.eq_ignore_ascii_case(w) || i.source.eq_ignore_ascii_case(w)
                    });
                fail(
                    same,
                    format!("stack, top first: expected {wanted:?}, got {got:?}"),
                )
            }
            Expect::Priority(p) => fail(
                self.priority == *p,
                format!("priority: expected {p:?}, got {:?}", self.priority),
            ),
            Expect::Phase(ph) => fail(
                self.phase_name().eq_ignore_ascii_case(ph),
                format!("phase: expected {ph}, got {}", self.phase_name()),
            ),
            Expect::Season(n) => fail(
                self.season == *n,
                format!("season: expected {n}, got {}", self.season),
            ),
            Expect::Rested(c, want) => {
                let got = self.obj(c).map(|o| o.rested);
                fail(
                    got == Some(*want),
                    format!("{c}: expected rested {want}, got {got:?}"),
                )
            }
            Expect::Lost(p, want) => {
                let got = self.lost[usize::from(*p == Player::B)];
                fail(
                    got == *want,
                    format!("{p:?}: expected lost = {want}, got {got}"),
                )
            }
            Expect::DeckTop(p, want) => {
                let deck = self.zone_ids(*p, Zone::Deck);
                let got: Vec<String> = deck.into_iter().take(want.len()).collect();
                fail(
                    got == *want,
                    format!("{p:?}'s deck: expected {want:?} on top, got {got:?}"),
                )
            }
            Expect::Counters(c, kind, want) => {
                let got = self
                    .obj(c)
                    .map(|o| o.counters.get(kind).copied().unwrap_or(0));
                fail(
                    got == Some(*want),
                    format!("{c}: expected {want} {kind} counters, got {got:?}"),
                )
            }
            Expect::Durability(c, want) => {
                let got = self.durability(c);
                fail(
                    got == Some(*want),
                    format!("{c}: expected durability {want}, got {got:?} (None: not a weapon)"),
                )
            }
            Expect::Rejected(n) => fail(
                self.rejected.len() == *n,
                format!("expected {n} refused actions, got {:?}", self.rejected),
            ),
            Expect::Log(text) => fail(
                self.log.iter().any(|l| l.text.contains(text.as_str())),
                format!("no log line contains `{text}`"),
            ),
            Expect::NoLog(text) => fail(
                !self.log.iter().any(|l| l.text.contains(text.as_str())),
                format!("a log line contains `{text}`"),
            ),
            Expect::ActiveEffects(n) => fail(
                self.effects.len() == *n,
                format!(
                    "expected {n} active continuous effects, got {}",
                    self.effects.len()
                ),
            ),
            Expect::AttachedTo(c, host) => {
                if let Some(h) = host
                    && self.obj(h).is_none()
                {
                    return Some(format!(
                        "AttachedTo: no card instance `{h}` in this scenario"
                    ));
                }
                let got = self.obj(c).and_then(|o| o.attached_to.clone());
                let say = |x: &Option<String>| x.clone().unwrap_or_else(|| "nothing".into());
                fail(
                    got == *host,
                    format!(
                        "{c}: expected attached to {}, is attached to {}",
                        say(host),
                        say(&got)
                    ),
                )
            }
            Expect::Ruler(c, p) => {
                let got = self.ruler(c).unwrap_or(Player::A);
                fail(
                    got == *p,
                    format!("{c}: expected ruled by {p:?}, is ruled by {got:?}"),
                )
            }
            Expect::Element(c, want) => {
                let got = self.element(c);
                let same = match (&got, want) {
                    (Some(g), Some(w)) => g.eq_ignore_ascii_case(w),
                    (None, None) => true,
                    _ => false,
                };
                fail(same, format!("{c} element: expected {want:?}, got {got:?}"))
            }
            Expect::At(step, _) => match self.checkpoints.get(step) {
                None => Some(format!(
                    "At({step}): the script has no step {step} (0 is before the first action, then one per action)"
                )),
                Some(found) if found.is_empty() => None,
                Some(found) => Some(format!("after step {step}: {}", found.join("; "))),
            },
        }
    }
}

impl Game {
    /// What the state shows now, as expectations a scenario can keep (saving a run from the
    /// editor as a new scenario): phase, priority, the stack top first, refused actions, each
    /// player's vitae, resource, fealty, champion level and zone sizes, and each card in a
    /// city with its zone, attachment and characteristics. Read as a script's end reads it:
    /// with waiting triggers put on the stack, so the saved scenario passes when replayed.
    #[must_use]
    pub fn expected_now(&self) -> Vec<Expect> {
        let mut game = self.clone();
        game.flush_pending();
        game.expectations()
    }

    fn expectations(&self) -> Vec<Expect> {
        let mut out = vec![
            Expect::Phase(self.phase_name().to_owned()),
            Expect::Priority(self.priority),
            Expect::Stack(self.stack.len()),
        ];
        if !self.stack.is_empty() {
            let labels = self.stack.iter().rev().map(|i| i.label.clone()).collect();
            out.push(Expect::StackOrder(labels));
        }
        out.push(Expect::Rejected(self.rejected.len()));
        for p in [Player::A, Player::B] {
            let state = self.player(p);
            out.push(Expect::Vitae(p, state.vitae));
            out.push(Expect::Resource(p, state.resource));
            out.push(Expect::Fealty(p, state.fealty));
            if state.champion.is_some() {
                out.push(Expect::Level(p, self.level(p)));
            }
            for zone in Zone::ALL {
                let n = self.zone_ids(p, zone).len();
                if n > 0 {
                    out.push(Expect::ZoneSize(p, zone.name().to_owned(), n));
                }
            }
        }
        for p in [Player::A, Player::B] {
            for id in self.zone_ids(p, Zone::City) {
                let Some(obj) = self.obj(&id) else { continue };
                out.push(Expect::Zone(id.clone(), Zone::City.name().to_owned()));
                out.push(Expect::AttachedTo(id.clone(), obj.attached_to.clone()));
                for stat in self.characteristics(&id) {
                    let value = self.stat(&id, &stat);
                    out.push(Expect::Stat(id.clone(), stat, value));
                }
            }
        }
        out
    }
}

/// The card an expectation is about, if it names one.
fn card_named(e: &Expect) -> Option<&str> {
    match e {
        Expect::Stat(c, ..)
        | Expect::Has(c, _)
        | Expect::Lacks(c, _)
        | Expect::Zone(c, _)
        | Expect::Wounds(c, _)
        | Expect::AttachedTo(c, _)
        | Expect::Ruler(c, _)
        | Expect::Element(c, _) => Some(c),
        _ => None,
    }
}

/// The expectation's name as written (`Stat`, `Zone`).
fn expectation_name(e: &Expect) -> String {
    let debug = format!("{e:?}");
    debug.split('(').next().unwrap_or("").to_owned()
}

fn unknown_zone(z: &str) -> String {
    format!(
        "unknown zone `{z}` (expected one of: {})",
        Zone::ALL.map(Zone::name).join(", ")
    )
}
