//! What the sandbox shows: the final state as JSON (zones, characteristics with their
//! breakdowns, continuous effects with timestamps), and the `expect` checks.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::model::Player;

use super::game::Game;
use super::query::stat_key;
use super::scenario::Expect;
use super::state::{Change, Zone};

impl Game {
    /// The stats worth showing for a card: ATK, life, its printed named stats, and any stat an
    /// effect touches.
    fn stat_names(&self, id: &str) -> Vec<String> {
        let mut names = vec!["atk".to_owned(), "life".to_owned()];
        if let Some(o) = self.obj(id) {
            names.extend(o.card.stats.keys().map(|k| stat_key(k)));
            names.extend(o.permanent.iter().map(|(k, _)| k.clone()));
        }
        for e in self.effects.iter().chain(self.static_effects().iter()) {
            if let Change::Modify(s, _) | Change::Set(s, _) = &e.change
                && e.affected.iter().any(|a| a == id)
            {
                names.push(s.clone());
            }
        }
        let mut seen = Vec::new();
        names.retain(|n| {
            let fresh = !seen.contains(n);
            seen.push(n.clone());
            fresh
        });
        names
    }

    fn card_json(&self, id: &str) -> Value {
        let Some(o) = self.obj(id) else {
            return Value::Null;
        };
        let mut stats = serde_json::Map::new();
        let mut why = serde_json::Map::new();
        for name in self.stat_names(id) {
            if let Some(b) = self.characteristic_breakdown(id, &name) {
                stats.insert(name.clone(), json!(b.value));
                if !b.steps.is_empty() {
                    why.insert(name, json!(b));
                }
            }
        }
        let mut card = json!({
            "id": id,
            "name": o.card.name,
            "kind": o.card.kind.name(),
            "stats": stats,
            "abilities": self.ability_names(id),
            "text": self
                .abilities_of(id, true)
                .iter()
                .map(|e| super::text::card_ability_text(o.card.kind, &e.ability, e.value))
                .collect::<Vec<_>>(),
        });
        if let Some(map) = card.as_object_mut() {
            if let Some(host) = &o.attached_to {
                map.insert("attached_to".into(), json!(host));
            }
            if o.wounds != 0 {
                map.insert("wounds".into(), json!(o.wounds));
            }
            if !why.is_empty() {
                map.insert("breakdown".into(), Value::Object(why));
            }
        }
        card
    }

    fn player_json(&self, p: Player) -> Value {
        let me = self.player(p);
        let mut zones = serde_json::Map::new();
        for zone in Zone::ALL {
            let ids = self.zone_ids(p, zone);
            if ids.is_empty() {
                continue;
            }
            let list: Vec<Value> = if zone.in_play() {
                ids.iter().map(|c| self.card_json(c)).collect()
            } else {
                ids.iter().map(|c| json!(c)).collect()
            };
            zones.insert(zone.name().into(), Value::Array(list));
        }
        json!({
            "vitae": me.vitae,
            "resource": me.resource,
            "fealty": me.fealty,
            "level": self.level(p),
            "classes": me.classes,
            "elements": me.elements,
            "zones": zones,
        })
    }

    /// The state as JSON: what `rules --json` prints.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let stack: Vec<Value> = self
            .stack
            .iter()
            .map(|i| json!({"label": i.label, "controller": i.controller, "targets": i.targets}))
            .collect();
        let mut statics = self.static_effects();
        statics.sort_by_key(|e| e.timestamp);
        json!({
            "turn": self.turn,
            "phase": self.phase_name(),
            "active": self.active,
            "priority": self.priority,
            "players": {"A": self.player_json(Player::A), "B": self.player_json(Player::B)},
            "stack": stack,
            "continuous_effects": self.effects,
            "static_effects": statics,
            "replacements": self.replacements,
            "delayed_triggers": self.delayed.iter().map(|d| json!({"when": format!("{:?}", d.when), "source": d.source})).collect::<Vec<_>>(),
            "log": self.log,
            "rejected": self.rejected,
            "errors": self.errors,
        })
    }

    fn zone_of(&self, id: &str) -> Option<Zone> {
        self.obj(id).map(|o| o.zone)
    }

    /// Checks a scenario's expectations; each failure is one plain-English line.
    #[must_use]
    pub fn check(&self, expect: &[Expect]) -> Vec<String> {
        let mut failures = Vec::new();
        let mut fail = |ok: bool, what: String| {
            if !ok {
                failures.push(what);
            }
        };
        let known = |id: &str| self.obj(id).is_some();
        for e in expect {
            match e {
                Expect::Stat(c, s, v) => {
                    let got = self.stat(c, s);
                    fail(
                        known(c) && got == *v,
                        format!("{c} {s}: expected {v}, got {got}"),
                    );
                }
                Expect::Has(c, a) => fail(
                    known(c) && self.has_ability(c, a),
                    format!("{c} should have {a}; it has {:?}", self.ability_names(c)),
                ),
                Expect::Lacks(c, a) => fail(
                    known(c) && !self.has_ability(c, a),
                    format!(
                        "{c} should not have {a}; it has {:?}",
                        self.ability_names(c)
                    ),
                ),
                Expect::Zone(c, z) => {
                    let got = self.zone_of(c);
                    fail(
                        got.is_some() && got == Zone::parse(z),
                        format!("{c}: expected in {z}, is in {:?}", got.map(Zone::name)),
                    );
                }
                Expect::Wounds(c, n) => {
                    let got = self.obj(c).map_or(-1, |o| o.wounds);
                    fail(got == *n, format!("{c}: expected {n} wounds, has {got}"));
                }
                Expect::Vitae(p, n) => {
                    let got = self.player(*p).vitae;
                    fail(got == *n, format!("{p:?} vitae: expected {n}, got {got}"));
                }
                Expect::Resource(p, n) => {
                    let got = self.player(*p).resource;
                    fail(
                        got == *n,
                        format!("{p:?} resource: expected {n}, got {got}"),
                    );
                }
                Expect::Level(p, n) => {
                    let got = self.level(*p);
                    fail(got == *n, format!("{p:?} level: expected {n}, got {got}"));
                }
                Expect::ZoneSize(p, z, n) => {
                    let got = Zone::parse(z).map_or(usize::MAX, |z| self.zone_ids(*p, z).len());
                    fail(
                        got == *n,
                        format!("{p:?} {z}: expected {n} cards, got {got}"),
                    );
                }
                Expect::Stack(n) => {
                    let got = self.stack.len();
                    fail(got == *n, format!("stack: expected {n} items, got {got}"));
                }
                Expect::Priority(p) => fail(
                    self.priority == *p,
                    format!("priority: expected {p:?}, got {:?}", self.priority),
                ),
                Expect::Phase(ph) => fail(
                    self.phase_name().eq_ignore_ascii_case(ph),
                    format!("phase: expected {ph}, got {}", self.phase_name()),
                ),
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
            }
        }
        failures
    }

    /// A readable account: the log, then each player's cards in play with their stats.
    #[must_use]
    pub fn report(&self) -> String {
        let mut out = String::new();
        for line in &self.log {
            out.push_str(&line.text);
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "-- turn {}, {}, priority {:?}, stack {} --",
            self.turn,
            self.phase_name(),
            self.priority,
            self.stack.len()
        );
        for p in [Player::A, Player::B] {
            let me = self.player(p);
            let _ = writeln!(
                out,
                "{p:?}: vitae {}, resource {}, level {}",
                me.vitae,
                me.resource,
                self.level(p)
            );
            for zone in Zone::ALL {
                for id in self.zone_ids(p, zone) {
                    if !zone.in_play() {
                        let _ = writeln!(out, "  {}: {id}", zone.name());
                        continue;
                    }
                    let stats: Vec<String> = self
                        .stat_names(&id)
                        .iter()
                        .map(|s| format!("{s} {}", self.stat(&id, s)))
                        .collect();
                    let _ = writeln!(
                        out,
                        "  {}: {id} ({}) [{}]",
                        zone.name(),
                        stats.join(", "),
                        self.ability_names(&id).join(", ")
                    );
                }
            }
        }
        for e in &self.effects {
            let _ = writeln!(
                out,
                "  effect @{} {}: {:?} on {:?} ({:?})",
                e.timestamp, e.source_name, e.change, e.affected, e.duration
            );
        }
        out
    }
}
