//! Moving cards between zones: entering the city (triggers fire), leaving it (attachments,
//! wounds and skirmish places go; items go with their beast; a token ceases to exist), leaving
//! the zones continuous effects reach (their effects on it end), replacement abilities coming
//! into force where they work (22.4a), and state checks.

use crate::model::ability::{AbilityKind, Target};
use crate::model::{CardKind, Player};

use super::game::{Event, Game};
use super::state::{ActiveReplacement, StackItem, Zone};
use super::statics::works_from;

impl Game {
    /// Moves a card to a zone (its owner's, or the shared ravine or market).
    pub(crate) fn move_to(&mut self, id: &str, zone: Zone) {
        self.move_to_attached(id, zone, None);
    }

    /// Moves a card; into the city attached to `host` if given (set before it enters, so its
    /// Forge abilities see where it was forged). Within the city it only changes location.
    pub(crate) fn move_to_attached(&mut self, id: &str, zone: Zone, host: Option<&str>) {
        let Some(from) = self.obj(id).map(|o| o.zone) else {
            return;
        };
        if from == zone && zone == Zone::City {
            if let Some(o) = self.obj_mut(id) {
                o.attached_to = host.map(str::to_owned);
            }
            let at = host.map_or_else(|| "the city itself".to_owned(), str::to_owned);
            return self.say(format!("{id} moves to {at}"));
        }
        let was_in_play = from.in_play();
        self.seq += 1;
        let seq = self.seq;
        let timestamp = self.tick();
        let turn = self.turn;
        if let Some(o) = self.obj_mut(id) {
            o.zone = zone;
            o.seq = seq;
            o.entered = timestamp;
        }
        if was_in_play && !zone.in_play() {
            self.leave_play(id, from, zone);
        }
        if from.reached_by_continuous_effects() && !zone.reached_by_continuous_effects() {
            self.end_effects_on(id, zone);
        }
        let token = self
            .obj(id)
            .is_some_and(|o| o.token || o.card.kind == CardKind::Token);
        if token && from == Zone::City && zone != Zone::City {
            self.changed();
            self.objects.retain(|o| o.id != id);
            self.replacements
                .retain(|r| !(r.permanent && r.source == id));
            return self.say(format!("{id} is a token: it ceases to exist, rule 22.2"));
        }
        self.register_replacements(id);
        if !was_in_play && zone == Zone::City {
            if let Some(o) = self.obj_mut(id) {
                o.attached_to = host.map(str::to_owned);
                o.entered_turn = turn;
            }
            let at = host.map_or_else(String::new, |h| format!(" on {h}"));
            self.say(format!("{id} enters the city{at}, timestamp {timestamp}"));
            self.arm_weapon(id);
            self.fire(&Event::EntersPlay(id.to_owned()));
        }
    }

    /// A card leaves play: it is no longer attached, its wounds and skirmish place go; items
    /// attached to it go with it, beasts attached to it stay in the city itself.
    fn leave_play(&mut self, id: &str, from: Zone, to: Zone) {
        if let Some(o) = self.obj_mut(id) {
            o.attached_to = None;
            o.wounds = 0;
            o.prevent = 0;
        }
        self.skirmish.retain(|s| s != id);
        let line = format!(
            "{id} leaves the {} for the {}",
            self.profile.zone_name(from),
            self.profile.zone_name(to)
        );
        self.say(line);
        let riders: Vec<(String, bool)> = self
            .objects
            .iter()
            .filter(|o| o.attached_to.as_deref() == Some(id))
            .map(|o| (o.id.clone(), o.card.kind == CardKind::Item))
            .collect();
        for (rider, item) in riders {
            if item {
                self.say(format!("{rider} goes with {id}"));
                self.move_to(&rider, to);
            } else if let Some(o) = self.obj_mut(&rider) {
                o.attached_to = None;
            }
        }
    }

    /// A card went where continuous effects do not reach (22.3): the resolved effects that
    /// locked it in no longer apply to it, even if it comes back.
    fn end_effects_on(&mut self, id: &str, zone: Zone) {
        let mut ended = 0;
        self.effects_mut().retain_mut(|e| {
            let before = e.affected.len();
            e.affected.retain(|a| a != id);
            ended += before - e.affected.len();
            // An effect whose last card left is over; one on nobody from the start stays.
            !(before > 0 && e.affected.is_empty())
        });
        if ended > 0 {
            self.say(format!(
                "{id} is in the {}, where continuous effects do not reach: {} on it {}, rule 22.3",
                zone.name(),
                crate::wording::plural(ended, "effect", "effects"),
                if ended == 1 { "ends" } else { "end" }
            ));
        }
    }

    /// A card's own replacement abilities are in force while it is where they work (22.4a):
    /// the ones it had go, the ones that work from its zone now come.
    pub(crate) fn register_replacements(&mut self, id: &str) {
        self.replacements
            .retain(|r| !(r.permanent && r.source == id));
        let Some(obj) = self.obj(id) else { return };
        let (owner, entered, zone, kind) = (obj.owner, obj.entered, obj.zone, obj.card.kind);
        for entry in self.abilities_of(id) {
            if let AbilityKind::Replacement { replaces, uses, .. } = &entry.ability.kind
                && works_from(&entry.ability, zone, kind)
            {
                self.next_replacement += 1;
                self.replacements.push(ActiveReplacement {
                    id: self.next_replacement,
                    timestamp: entered,
                    source: id.to_owned(),
                    controller: owner,
                    replaces: replaces.clone(),
                    ability: entry.ability.clone(),
                    uses_left: *uses,
                    value: entry.value,
                    watches: None,
                    permanent: true,
                });
            }
        }
    }

    /// A spell's replacement abilities come into force when it resolves (22.4a).
    pub(crate) fn register_resolved_replacements(&mut self, card: &str, item: &StackItem) {
        for entry in self.abilities_of(card) {
            if let AbilityKind::Replacement { replaces, uses, .. } = &entry.ability.kind
                && entry.ability.zones.is_empty()
            {
                let ts = self.tick();
                let watches = matches!(entry.ability.target, Target::Chosen { .. })
                    .then(|| item.targets.iter().map(|t| t.card.clone()).collect());
                self.say(format!("replacement from {card} in force, timestamp {ts}"));
                self.next_replacement += 1;
                self.replacements.push(ActiveReplacement {
                    id: self.next_replacement,
                    timestamp: ts,
                    source: card.to_owned(),
                    controller: item.controller,
                    replaces: replaces.clone(),
                    ability: entry.ability.clone(),
                    uses_left: *uses,
                    value: entry.value,
                    watches,
                    permanent: false,
                });
            }
        }
    }

    /// Cards of the kinds the profile says die of damage are destroyed once their wounds reach
    /// their life.
    pub(crate) fn state_checks(&mut self) {
        for _ in 0..100 {
            let dying: Vec<String> = self.read(|v| {
                v.game
                    .objects
                    .iter()
                    .filter(|o| o.zone == Zone::City && o.wounds > 0)
                    .filter(|o| v.game.profile.destroyed_by_damage.contains(&o.card.kind))
                    .filter(|o| {
                        let life = v.stat(&o.id, "life");
                        life > 0 && o.wounds >= life
                    })
                    .map(|o| o.id.clone())
                    .collect()
            });
            if dying.is_empty() {
                self.weapon_checks();
                self.champion_checks();
                return;
            }
            for id in dying {
                self.say(format!("{id} has wounds equal to its life"));
                self.destroy(&id);
            }
        }
    }

    /// A champion whose damage reached its life dies and its player loses (a profile with
    /// `champion_dies`, Grand Archive); logged once per player.
    fn champion_checks(&mut self) {
        if !self.profile.champion_dies {
            return;
        }
        for p in [Player::A, Player::B] {
            let index = usize::from(p == Player::B);
            if self.lost[index] {
                continue;
            }
            let Some(champion) = self.player(p).champion.clone() else {
                continue;
            };
            let Some(wounds) = self.obj(&champion).map(|o| o.wounds) else {
                continue;
            };
            let life = self.stat(&champion, "life");
            if life > 0 && wounds >= life {
                self.lost[index] = true;
                self.say(format!(
                    "{champion} has {wounds} damage, its life is {life}: it dies, and {p:?} loses the game"
                ));
            }
        }
    }
}
