//! What the sandbox shows: the final state as JSON (zones, characteristics with their
//! breakdowns, who rules what, continuous effects with timestamps) and as a readable report.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::model::Player;

use super::game::Game;
use super::state::stat_key;
use super::state::{Change, ContinuousEffect, Zone};
use super::view::View;

/// The stats worth showing for a card: ATK, life, its printed named stats, and any stat an
/// effect touches.
fn stat_names(v: &View<'_>, statics: &[ContinuousEffect], id: &str) -> Vec<String> {
    let mut names = vec!["atk".to_owned(), "life".to_owned()];
    if let Some(o) = v.game.obj(id) {
        names.extend(o.card.stats.keys().map(|k| stat_key(k)));
        names.extend(o.permanent.iter().map(|(k, _)| k.clone()));
    }
    for e in v.game.effects.iter().chain(statics.iter()) {
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

fn card_json(v: &View<'_>, statics: &[ContinuousEffect], id: &str) -> Value {
    let Some(o) = v.game.obj(id) else {
        return Value::Null;
    };
    let mut stats = serde_json::Map::new();
    let mut why = serde_json::Map::new();
    for name in stat_names(v, statics, id) {
        if let Some(b) = v.breakdown(id, &name) {
            stats.insert(name.clone(), json!(b.value));
            if !b.steps.is_empty() {
                why.insert(name, json!(b));
            }
        }
    }
    let names: Vec<String> = v
        .granted_names(id)
        .into_iter()
        .map(|(n, value, _)| value.map_or_else(|| n.clone(), |x| format!("{n} {x}")))
        .collect();
    let mut card = json!({
        "id": id,
        "name": o.card.name,
        "kind": o.card.kind.name(),
        "stats": stats,
        "abilities": names,
        "text": v
            .abilities_of(id)
            .iter()
            .map(|e| super::text::card_ability_text(o.card.kind, &e.ability, e.value))
            .collect::<Vec<_>>(),
    });
    if let Some(map) = card.as_object_mut() {
        let ruler = v.ruler(id);
        if ruler != o.owner {
            map.insert("ruler".into(), json!(ruler));
            map.insert("owner".into(), json!(o.owner));
        }
        if let Some(element) = v.element(id) {
            map.insert("element".into(), json!(element));
        }
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

/// A zone's cards: in full where they can be modified (22.3), else by id.
fn zone_json(v: &View<'_>, statics: &[ContinuousEffect], zone: Zone, ids: &[String]) -> Value {
    let list: Vec<Value> = if zone.reached_by_continuous_effects() {
        ids.iter().map(|c| card_json(v, statics, c)).collect()
    } else {
        ids.iter().map(|c| json!(c)).collect()
    };
    Value::Array(list)
}

fn player_json(v: &View<'_>, statics: &[ContinuousEffect], p: Player) -> Value {
    let me = v.game.player(p);
    let mut zones = serde_json::Map::new();
    for zone in Zone::ALL.into_iter().filter(|z| !z.shared()) {
        let ids = v.zone_ids(p, zone);
        if !ids.is_empty() {
            zones.insert(zone.name().into(), zone_json(v, statics, zone, &ids));
        }
    }
    json!({
        "vitae": me.vitae,
        "resource": me.resource,
        "fealty": me.fealty,
        "level": v.level(p),
        "classes": me.classes,
        "elements": me.elements,
        "zones": zones,
    })
}

impl Game {
    /// The state as JSON: what `rules --json` prints.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let statics = self.statics();
        let v = View::new(self, &statics.effects);
        let stack: Vec<Value> = self
            .stack
            .iter()
            .map(|i| {
                let targets: Vec<&str> = i.targets.iter().map(|t| t.card.as_str()).collect();
                json!({"label": i.label, "controller": i.controller, "targets": targets})
            })
            .collect();
        let mut ordered = statics.effects.clone();
        ordered.sort_by_key(|e| e.timestamp);
        let mut shared = serde_json::Map::new();
        for zone in Zone::ALL.into_iter().filter(|z| z.shared()) {
            let ids = v.zone_ids(self.active, zone);
            if !ids.is_empty() {
                shared.insert(
                    zone.name().into(),
                    zone_json(&v, &statics.effects, zone, &ids),
                );
            }
        }
        json!({
            "turn": self.turn,
            "season": self.season,
            "phase": self.phase_name(),
            "active": self.active,
            "priority": self.priority,
            "players": {
                "A": player_json(&v, &statics.effects, Player::A),
                "B": player_json(&v, &statics.effects, Player::B),
            },
            "shared_zones": shared,
            "stack": stack,
            "continuous_effects": self.effects,
            "static_effects": ordered,
            "replacements": self.replacements,
            "delayed_triggers": self.delayed.iter().map(|d| json!({"when": format!("{:?}", d.when), "source": d.source})).collect::<Vec<_>>(),
            "log": self.log,
            "rejected": self.rejected,
            "errors": self.errors,
        })
    }

    /// A readable account: the log, then each player's cards with their stats.
    #[must_use]
    pub fn report(&self) -> String {
        let statics = self.statics();
        let v = View::new(self, &statics.effects);
        let mut out = String::new();
        let card_names = crate::wording::rules_names(self);
        for line in &self.log {
            out.push_str(&card_names.in_text(&line.text));
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "-- turn {}, season {}, {}, priority {:?}, stack {} --",
            self.turn,
            self.season,
            self.phase_name(),
            self.priority,
            self.stack.len()
        );
        let line = |out: &mut String, zone: Zone, id: &str| {
            if !zone.in_play() {
                let _ = writeln!(out, "  {}: {}", zone.name(), card_names.name(id));
                return;
            }
            let stats: Vec<String> = stat_names(&v, &statics.effects, id)
                .iter()
                .map(|s| format!("{s} {}", v.stat(id, s)))
                .collect();
            let names: Vec<String> = v.granted_names(id).into_iter().map(|(n, _, _)| n).collect();
            let at = v
                .game
                .obj(id)
                .and_then(|o| o.attached_to.clone())
                .map_or_else(String::new, |h| format!(" on {}", card_names.name(&h)));
            let keywords = if names.is_empty() {
                String::new()
            } else {
                format!("; {}", names.join(", "))
            };
            let _ = writeln!(
                out,
                "  {}: {}{at}: {}{keywords}",
                zone.name(),
                card_names.name(id),
                stats.join(", ")
            );
        };
        for p in [Player::A, Player::B] {
            let me = self.player(p);
            let _ = writeln!(
                out,
                "{p:?}: {} {}, resource {}, fealty {}, level {}",
                self.profile.player_life,
                me.vitae,
                me.resource,
                me.fealty,
                v.level(p)
            );
            let less = self.next_card_less(p);
            if less > 0 {
                let _ = writeln!(out, "  the next card {p:?} plays costs {less} less");
            }
            for zone in Zone::ALL.into_iter().filter(|z| !z.shared()) {
                for id in v.zone_ids(p, zone) {
                    line(&mut out, zone, &id);
                }
            }
        }
        for zone in Zone::ALL.into_iter().filter(|z| z.shared()) {
            for id in v.zone_ids(self.active, zone) {
                line(&mut out, zone, &id);
            }
        }
        for e in &self.effects {
            let _ = writeln!(
                out,
                "  effect of {} with timestamp {}: {} on {}{}",
                e.source_name,
                e.timestamp,
                crate::wording::rules::change_noun(&e.change, &self.profile),
                crate::wording::list(&e.affected),
                crate::wording::rules::duration(&e.duration)
            );
        }
        out
    }
}
