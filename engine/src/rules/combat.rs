//! Attacks, for games whose profile has [`CombatRules`] (Grand Archive's combat phase; a
//! designer's own game may have them too). Our reading of the Grand Archive comprehensive
//! rules (docs/rules/abilities-and-effects.md, "Combat"):
//!
//! - **Declaring** (`Attack`): the turn player, in the profile's combat phase, with an empty
//!   stack and priority, picks an awake unit they rule with power above 0 (an ally, or their
//!   champion) and a unit the opponent rules as its target. Declaring rests the attacker. While
//!   the opponent rules a unit with the profile's taunt keyword, only such a unit can be
//!   attacked. Nobody gets priority during the declaration; its On Attack (`Attacks`) and
//!   `Attacked` triggers then go on the stack.
//! - **Interception** (`Intercept`): once the stack is empty and before the target retaliates,
//!   the defending player may have an awake unit they rule with the profile's intercept keyword
//!   become the attack's target in place of another of their units. It stays awake (so it may
//!   retaliate); the attack's On Attack triggers do not fire again.
//! - **Retaliation** (`Retaliate`): once the stack is empty, the target's ruler may rest it, if
//!   it is awake and has power above 0 and the profile allows retaliation; it will deal its
//!   power to the attacker.
//! - **Damage**: when both players pass in succession with an empty stack, the attacker deals
//!   damage equal to its power to its target and a retaliating target its power to the
//!   attacker, at once. Combat damage to a champion is marked on it, as on an ally. A unit that
//!   left the field deals and takes none. An attack that deals damage to its target sets off the
//!   attacker's On Hit (`Hits`); one whose damage destroys its target, its On Kill (`Kills`).
//!   Then the combat ends and the main phase goes on.
//! - **Weapons** (the profile's `combat.weapons`): a unit of a kind the profile lets use
//!   weapons (Grand Archive: the champion, never an ally) may declare its attack with a weapon
//!   it rules on the field: awake, if using it rests it (Grand Archive), and with durability
//!   left. The weapon's power adds to the attacker's. A weapon enters the field with durability
//!   counters equal to its durability stat; in the damage step of an attack it was used in it
//!   loses one, even when the damage was 0 or prevented (not when the attack never reached its
//!   damage step); with none left it is destroyed as a state check and goes where destroyed
//!   cards go.
//! - **Attack cards** (the profile's `combat.attack_cards`): played from hand at slow speed (the
//!   turn player, in the combat phase, with priority and an empty stack), their cost paid as
//!   any card's, resting the awake champion as an additional cost (and a weapon used with it).
//!   The target is named as it is played and checked again when the card resolves: the card
//!   then becomes the champion's attack (its "intent"; here it stays off every other zone) and
//!   the attack is declared; with no legal target it fizzles and the champion stays rested.
//!   The attack's power is the champion's, the weapon's and the card's together; the card's
//!   On Attack, On Hit and On Kill fire as the champion's do (a weapon's too). When its combat
//!   ends the card goes to the profile's `after_combat` zone.

use crate::model::Player;
use crate::model::ability::Duration;
use crate::model::profile::CombatRules;

use super::event::RulesCause;
use super::game::{Event, Game, Illegal};
use super::resolve::Ctx;
use super::state::{AttackPlay, Combat, Zone};

/// The attack in progress, as the Rules tab shows it ([`Game::attack_details`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackView {
    /// The attacking unit.
    pub attacker: String,
    /// Its target.
    pub target: String,
    /// The weapon it attacks with.
    pub weapon: Option<String>,
    /// The attack card that is the attack.
    pub attack_card: Option<String>,
    /// The damage it would deal now: the attacker's, the weapon's and the card's power.
    pub power: i32,
    /// Whether the target rested to retaliate.
    pub retaliating: bool,
}

impl Game {
    /// The attack in progress, as `(attacker, target)`.
    #[must_use]
    pub fn attack_in_progress(&self) -> Option<(&str, &str)> {
        self.combat
            .as_ref()
            .map(|c| (c.attacker.as_str(), c.target.as_str()))
    }

    /// The attack in progress in full: who attacks what, with which weapon and attack card,
    /// and the power it would deal now.
    #[must_use]
    pub fn attack_details(&self) -> Option<AttackView> {
        let c = self.combat.as_ref()?;
        let power_stat = self
            .profile
            .combat
            .as_ref()
            .map_or("attack", |r| r.power.as_str());
        Some(AttackView {
            attacker: c.attacker.clone(),
            target: c.target.clone(),
            weapon: c.weapon.clone(),
            attack_card: c.attack_card.clone(),
            power: self.attack_power(c, power_stat),
            retaliating: c.retaliating,
        })
    }

    fn combat_rules(&mut self) -> Option<CombatRules> {
        let rules = self.profile.combat.clone();
        if rules.is_none() {
            let game = self.profile.name.clone();
            self.reject(format!(
                "{game} has no attacks: its game profile names no combat rules"
            ));
        }
        rules
    }

    /// Why `player` cannot begin an attack now (their turn, priority, an empty stack, the
    /// combat phase, no combat in progress), if they cannot. `what` names the attempt.
    fn may_begin_attack(
        &self,
        rules: &CombatRules,
        player: Player,
        what: &str,
    ) -> Result<(), Illegal> {
        if let Some((a, t)) = self.attack_in_progress() {
            return Err(Illegal(format!(
                "{a} is still attacking {t}: one combat at a time"
            )));
        }
        if player != self.active || self.priority != player || !self.stack.is_empty() {
            return Err(Illegal(format!(
                "{player:?} can {what} only on their own turn, with priority and an empty stack"
            )));
        }
        if !self.phase_name().eq_ignore_ascii_case(&rules.phase) {
            return Err(Illegal(format!(
                "{what}: only in the {} phase, not the {}",
                rules.phase,
                self.phase_name()
            )));
        }
        Ok(())
    }

    /// Declares an attack (see the module's reading), with a weapon if one is named.
    pub(crate) fn attack(
        &mut self,
        player: Player,
        attacker: &str,
        target: &str,
        weapon: Option<&str>,
    ) {
        if !self.known(attacker) || !self.known(target) || !weapon.is_none_or(|w| self.known(w)) {
            return;
        }
        let Some(rules) = self.combat_rules() else {
            return;
        };
        if let Err(why) = self.may_begin_attack(&rules, player, "declare an attack") {
            return self.reject(why);
        }
        let extra = match weapon.map(|w| self.can_use_weapon(&rules, player, attacker, w)) {
            Some(Err(why)) => return self.reject(why),
            Some(Ok(power)) => power,
            None => 0,
        };
        if let Err(why) = self.can_attack(&rules, player, attacker, extra) {
            return self.reject(why);
        }
        if let Err(why) = self.can_be_attacked(&rules, player, target) {
            return self.reject(why);
        }
        if let Some(o) = self.obj_mut(attacker) {
            o.rested = true;
        }
        let with = self.use_weapon(&rules, weapon);
        self.say(format!(
            "{player:?} declares an attack: {attacker} attacks {target}{with}, and {attacker} rests"
        ));
        self.begin_combat(Combat {
            attacker: attacker.to_owned(),
            target: target.to_owned(),
            player,
            retaliating: false,
            weapon: weapon.map(str::to_owned),
            attack_card: None,
        });
    }

    /// The combat begins: its On Attack and Attacked triggers fire; the turn player acts.
    fn begin_combat(&mut self, combat: Combat) {
        let (attacker, target) = (combat.attacker.clone(), combat.target.clone());
        // Static abilities read the attack in progress (`Attacking`, an attack card's own).
        self.changed();
        self.combat = Some(combat);
        self.fire(&Event::Attacks(attacker, target));
        self.passes = 0;
        self.priority = self.active;
    }

    /// Rests a weapon used in an attack if the profile says using one rests it; the words
    /// for the declaration (` with sword, which rests`).
    fn use_weapon(&mut self, rules: &CombatRules, weapon: Option<&str>) -> String {
        let Some(w) = weapon else {
            return String::new();
        };
        if rules.weapons.as_ref().is_some_and(|r| r.rests) {
            if let Some(o) = self.obj_mut(w) {
                o.rested = true;
            }
            format!(" with {w}, which rests")
        } else {
            format!(" with {w}")
        }
    }

    /// Why `attacker` cannot attack with `weapon` for `player`, if it cannot; else the
    /// weapon's power.
    fn can_use_weapon(
        &self,
        rules: &CombatRules,
        player: Player,
        attacker: &str,
        weapon: &str,
    ) -> Result<i32, Illegal> {
        let Some(w) = &rules.weapons else {
            let game = &self.profile.name;
            return Err(Illegal(format!(
                "{game} has no weapons: its combat rules name none"
            )));
        };
        let Some(o) = self.obj(weapon) else {
            return Err(Illegal(format!("no card instance `{weapon}`")));
        };
        if !w.card.matches(o.card.kind, &o.card.tribes) {
            return Err(Illegal(format!("{weapon} is not a weapon")));
        }
        if !o.zone.in_play() {
            return Err(Illegal(format!(
                "{weapon} is not on the {}: only a weapon there is used",
                self.profile.zone_name(Zone::City)
            )));
        }
        if self.ruler(weapon) != Some(player) {
            return Err(Illegal(format!("{player:?} does not rule {weapon}")));
        }
        let kind = self.obj(attacker).map(|a| a.card.kind);
        if !kind.is_some_and(|k| w.users.contains(&k)) {
            let users: Vec<String> = w
                .users
                .iter()
                .map(|k| k.name().to_ascii_lowercase())
                .collect();
            return Err(Illegal(format!(
                "{attacker} cannot use a weapon: only a {} can",
                crate::wording::list(&users)
            )));
        }
        if w.rests && o.rested {
            return Err(Illegal(format!(
                "{weapon} is rested: only an awake weapon is used in an attack"
            )));
        }
        if self.durability(weapon).unwrap_or(0) <= 0 {
            return Err(Illegal(format!("{weapon} has no durability left")));
        }
        Ok(self.stat(weapon, &rules.power))
    }

    /// A weapon's durability now: its durability counters (the profile's weapon rules); None
    /// for a card that is not a weapon, or in a game without weapons.
    #[must_use]
    pub fn durability(&self, weapon: &str) -> Option<i32> {
        let rules = self.profile.combat.as_ref()?.weapons.as_ref()?;
        let o = self.obj(weapon)?;
        if !rules.card.matches(o.card.kind, &o.card.tribes) {
            return None;
        }
        Some(o.counters.get(&rules.counter).copied().unwrap_or(0))
    }

    /// A weapon entering the field gets durability counters equal to its durability stat.
    pub(crate) fn arm_weapon(&mut self, id: &str) {
        let Some(rules) = self.profile.combat.as_ref().and_then(|c| c.weapons.clone()) else {
            return;
        };
        let Some(o) = self.obj(id) else {
            return;
        };
        if !rules.card.matches(o.card.kind, &o.card.tribes) {
            return;
        }
        let n = self.stat(id, &rules.durability).max(0);
        if let Some(o) = self.obj_mut(id) {
            o.counters.insert(rules.counter.clone(), n);
        }
        self.say(format!("{id} enters with {n} {} counters", rules.counter));
    }

    /// A weapon with no durability counters left is destroyed (a state check).
    pub(crate) fn weapon_checks(&mut self) {
        let Some(rules) = self.profile.combat.as_ref().and_then(|c| c.weapons.clone()) else {
            return;
        };
        let spent: Vec<String> = self
            .objects
            .iter()
            .filter(|o| o.zone.in_play() && rules.card.matches(o.card.kind, &o.card.tribes))
            .filter(|o| o.counters.get(&rules.counter).copied().unwrap_or(0) <= 0)
            .map(|o| o.id.clone())
            .collect();
        for id in spent {
            self.say(format!(
                "{id} has no {} left: it is destroyed",
                rules.counter
            ));
            self.destroy(&id);
        }
    }

    /// Plays an attack card: its target is named now and checked again as it resolves (see
    /// the module's reading).
    pub(crate) fn play_attack(
        &mut self,
        player: Player,
        card: &str,
        target: &str,
        weapon: Option<&str>,
    ) {
        if !self.known(card) || !self.known(target) || !weapon.is_none_or(|w| self.known(w)) {
            return;
        }
        let Some(rules) = self.combat_rules() else {
            return;
        };
        if rules.attack_cards.is_none() {
            let game = self.profile.name.clone();
            return self.reject(format!(
                "{game} has no attack cards: its combat rules name none"
            ));
        }
        let Some(obj) = self.obj(card).cloned() else {
            return;
        };
        if obj.owner != player || obj.zone != Zone::Hand {
            return self.reject(format!("{player:?} has no `{card}` in hand"));
        }
        if !rules.is_attack_card(obj.card.kind, &obj.card.tribes) {
            return self.reject(format!("{card} is not an attack card"));
        }
        if let Err(why) = self.may_begin_attack(&rules, player, "play an attack card") {
            return self.reject(format!("{card}: {why}"));
        }
        let Some(champion) = self.player(player).champion.clone() else {
            return self.reject(format!("{player:?} has no champion to attack with {card}"));
        };
        if self.obj(&champion).is_some_and(|o| o.rested) {
            return self.reject(format!(
                "{champion} is rested: playing {card} rests the champion, so it must be awake"
            ));
        }
        let extra = match weapon.map(|w| self.can_use_weapon(&rules, player, &champion, w)) {
            Some(Err(why)) => return self.reject(why),
            Some(Ok(power)) => power,
            None => 0,
        };
        let extra = extra + self.stat(card, &rules.power);
        if let Err(why) = self.can_attack(&rules, player, &champion, extra) {
            return self.reject(why);
        }
        if let Err(why) = self.can_be_attacked(&rules, player, target) {
            return self.reject(why);
        }
        let refused = self.rejected.len();
        self.play_card(player, card, &[], None, None, true);
        if self.rejected.len() > refused {
            return;
        }
        if let Some(o) = self.obj_mut(&champion) {
            o.rested = true;
        }
        let with = self.use_weapon(&rules, weapon);
        self.say(format!(
            "{champion} rests to play {card}, which will attack {target}{with}"
        ));
        self.attack_plays.push(AttackPlay {
            card: card.to_owned(),
            attacker: champion,
            target: target.to_owned(),
            weapon: weapon.map(str::to_owned),
            player,
        });
    }

    /// An attack card resolved: it becomes the champion's attack, or fizzles without a legal
    /// target (see the module's reading).
    pub(crate) fn attack_card_resolves(&mut self, play: AttackPlay) {
        let Some(rules) = self.profile.combat.clone() else {
            return;
        };
        let after = rules
            .attack_cards
            .as_ref()
            .map_or(self.profile.resolved_to, |a| a.after_combat);
        let here = |g: &Game, id: &str| g.obj(id).is_some_and(|o| o.zone.in_play());
        let why = if let Some((a, t)) = self.attack_in_progress() {
            Some(format!("{a} is still attacking {t}: one combat at a time"))
        } else if !here(self, &play.attacker) {
            Some(format!("{} is no longer on the field", play.attacker))
        } else {
            self.can_be_attacked(&rules, play.player, &play.target)
                .err()
                .map(|e| e.0)
        };
        if let Some(why) = why {
            self.say(format!("{}'s attack fizzles: {why}", play.card));
            return self.move_to(&play.card, after);
        }
        let weapon = play.weapon.filter(|w| here(self, w));
        let with = weapon
            .as_ref()
            .map_or_else(String::new, |w| format!(" and {w}"));
        self.say(format!(
            "{card} is {attacker}'s attack: {attacker} attacks {target} with {card}{with}",
            card = play.card,
            attacker = play.attacker,
            target = play.target,
        ));
        self.begin_combat(Combat {
            attacker: play.attacker,
            target: play.target,
            player: play.player,
            retaliating: false,
            weapon,
            attack_card: Some(play.card),
        });
    }

    /// The power an attack deals: its attacker's, its weapon's and its attack card's.
    fn attack_power(&self, c: &Combat, power_stat: &str) -> i32 {
        let here = |id: &str| self.obj(id).is_some_and(|o| o.zone.in_play());
        let weapon = c
            .weapon
            .as_deref()
            .filter(|w| here(w))
            .map_or(0, |w| self.stat(w, power_stat));
        let card = c
            .attack_card
            .as_deref()
            .filter(|a| self.obj(a).is_some_and(|o| o.zone == Zone::Stack))
            .map_or(0, |a| self.stat(a, power_stat));
        self.stat(&c.attacker, power_stat) + weapon + card
    }

    /// The cards whose On Attack, On Hit and On Kill fire as the attacker's: the attack in
    /// progress's weapon and attack card.
    pub(crate) fn attack_helper(&self, id: &str) -> Option<&str> {
        let c = self.combat.as_ref()?;
        let helps = c.weapon.as_deref() == Some(id) || c.attack_card.as_deref() == Some(id);
        helps.then_some(c.attacker.as_str())
    }

    /// Why `attacker` cannot attack for `player`, if it cannot; `extra` is the power its
    /// weapon or attack card adds.
    fn can_attack(
        &self,
        rules: &CombatRules,
        player: Player,
        attacker: &str,
        extra: i32,
    ) -> Result<(), Illegal> {
        let Some(o) = self.obj(attacker) else {
            return Err(Illegal(format!("no card instance `{attacker}`")));
        };
        if !o.zone.in_play() || !rules.is_unit(o.card.kind) {
            return Err(Illegal(format!(
                "{attacker} is not a unit on the field: it cannot attack"
            )));
        }
        if self.ruler(attacker) != Some(player) {
            return Err(Illegal(format!("{player:?} does not rule {attacker}")));
        }
        if o.rested {
            return Err(Illegal(format!(
                "{attacker} is rested: only an awake unit attacks"
            )));
        }
        if self.stat(attacker, &rules.power) + extra <= 0 {
            return Err(Illegal(format!(
                "{attacker} has no power: it cannot attack"
            )));
        }
        Ok(())
    }

    /// Why `target` cannot be attacked by `player`, if it cannot.
    fn can_be_attacked(
        &self,
        rules: &CombatRules,
        player: Player,
        target: &str,
    ) -> Result<(), Illegal> {
        let taunt = rules.taunt.as_deref();
        let Some(o) = self.obj(target) else {
            return Err(Illegal(format!("no card instance `{target}`")));
        };
        if !o.zone.in_play() || !rules.is_unit(o.card.kind) {
            return Err(Illegal(format!(
                "{target} is not a unit on the field: it cannot be attacked"
            )));
        }
        if self.ruler(target) != Some(player.other()) {
            return Err(Illegal(format!("{target} is not an opponent's unit")));
        }
        if let Some(taunt) = taunt {
            let taunting: Vec<String> = self
                .objects
                .iter()
                .filter(|u| u.zone.in_play() && rules.is_unit(u.card.kind))
                .filter(|u| self.ruler(&u.id) == Some(player.other()))
                .filter(|u| self.has_ability(&u.id, taunt))
                .map(|u| u.id.clone())
                .collect();
            if !taunting.is_empty() && !taunting.iter().any(|t| t == target) {
                return Err(Illegal(format!(
                    "{} has {taunt}: attacks must target it",
                    taunting.join(" and ")
                )));
            }
        }
        Ok(())
    }

    /// The attack's target rests to retaliate (see the module's reading).
    pub(crate) fn retaliate(&mut self, unit: &str) {
        if !self.known(unit) {
            return;
        }
        let Some(rules) = self.combat_rules() else {
            return;
        };
        let Some(combat) = self.combat.clone() else {
            return self.reject(format!("{unit} cannot retaliate: nothing is attacking"));
        };
        if !rules.retaliation {
            let game = self.profile.name.clone();
            return self.reject(format!("{game} has no retaliation"));
        }
        if combat.target != unit {
            return self.reject(format!(
                "{unit} is not the target of the attack: only {} can retaliate",
                combat.target
            ));
        }
        if combat.retaliating {
            return self.reject(format!("{unit} is already retaliating"));
        }
        if !self.stack.is_empty() {
            return self.reject(format!(
                "{unit} retaliates once the stack is empty, before the damage"
            ));
        }
        if self.obj(unit).is_some_and(|o| o.rested) {
            return self.reject(format!("{unit} is rested: only an awake unit retaliates"));
        }
        let unretaliatable = std::iter::once(combat.attacker.as_str())
            .chain(combat.weapon.as_deref())
            .find(|c| {
                self.read(|v| {
                    v.effects_on(c)
                        .iter()
                        .any(|e| matches!(e.change, super::state::Change::NoRetaliation))
                })
            })
            .map(str::to_owned);
        if let Some(why) = unretaliatable {
            return self.reject(format!(
                "{unit} cannot retaliate: attacks by {why} can't be retaliated"
            ));
        }
        if self.stat(unit, &rules.power) <= 0 {
            return self.reject(format!("{unit} has no power: it cannot retaliate"));
        }
        if let Some(o) = self.obj_mut(unit) {
            o.rested = true;
        }
        if let Some(c) = self.combat.as_mut() {
            c.retaliating = true;
        }
        let attacker = combat.attacker;
        self.say(format!("{unit} rests to retaliate against {attacker}"));
    }

    /// A unit with the intercept keyword becomes the attack's target (see the module's reading).
    pub(crate) fn intercept(&mut self, unit: &str) {
        if !self.known(unit) {
            return;
        }
        let Some(rules) = self.combat_rules() else {
            return;
        };
        let Some(keyword) = rules.intercept.clone() else {
            let game = self.profile.name.clone();
            return self.reject(format!(
                "{game} has no interception: its combat rules name no intercept keyword"
            ));
        };
        let Some(combat) = self.combat.clone() else {
            return self.reject(format!("{unit} cannot intercept: nothing is attacking"));
        };
        if let Err(why) = self.can_intercept(&rules, &keyword, &combat, unit) {
            return self.reject(why);
        }
        self.changed();
        if let Some(c) = self.combat.as_mut() {
            unit.clone_into(&mut c.target);
        }
        self.say(format!(
            "{unit} intercepts with {keyword}: {} now attacks {unit} instead of {}",
            combat.attacker, combat.target
        ));
    }

    /// Why `unit` cannot intercept `combat`, if it cannot.
    fn can_intercept(
        &self,
        rules: &CombatRules,
        keyword: &str,
        combat: &Combat,
        unit: &str,
    ) -> Result<(), Illegal> {
        if combat.target == unit {
            return Err(Illegal(format!(
                "{unit} is already the target of the attack"
            )));
        }
        if combat.retaliating {
            return Err(Illegal(format!(
                "{} already retaliates: too late for {unit} to intercept",
                combat.target
            )));
        }
        if !self.stack.is_empty() {
            return Err(Illegal(format!(
                "{unit} intercepts once the stack is empty, before the damage"
            )));
        }
        let Some(o) = self.obj(unit) else {
            return Err(Illegal(format!("no card instance `{unit}`")));
        };
        if !o.zone.in_play() || !rules.is_unit(o.card.kind) {
            return Err(Illegal(format!(
                "{unit} is not a unit on the field: it cannot intercept"
            )));
        }
        let defender = combat.player.other();
        if self.ruler(unit) != Some(defender) {
            return Err(Illegal(format!(
                "{unit} is not {defender:?}'s: only the attacked player's units intercept"
            )));
        }
        if !self.has_ability(unit, keyword) {
            return Err(Illegal(format!(
                "{unit} has no {keyword}: it cannot intercept"
            )));
        }
        if o.rested {
            return Err(Illegal(format!(
                "{unit} is rested: only an awake unit intercepts"
            )));
        }
        Ok(())
    }

    /// The damage step, then the end of combat: called when both players pass with an empty
    /// stack while an attack is in progress.
    pub(crate) fn combat_damage(&mut self) {
        // The combat stays in progress until it ends: its weapon's and attack card's On Hit
        // and On Kill fire as the attacker's.
        let Some(c) = self.combat.clone() else {
            return;
        };
        let power_stat = self
            .profile
            .combat
            .as_ref()
            .map_or_else(|| "attack".to_owned(), |r| r.power.clone());
        let on_field = |g: &Game, id: &str| g.obj(id).is_some_and(|o| o.zone.in_play());
        let (a_here, t_here) = (on_field(self, &c.attacker), on_field(self, &c.target));
        let power = if a_here {
            self.attack_power(&c, &power_stat).max(0)
        } else {
            0
        };
        let back = if c.retaliating && t_here && a_here {
            self.stat(&c.target, &power_stat).max(0)
        } else {
            0
        };
        self.say(format!(
            "combat damage: {} deals {power} to {}{}",
            c.attacker,
            c.target,
            if c.retaliating {
                format!(", and {} deals {back} back", c.target)
            } else {
                String::new()
            }
        ));
        let hit = if a_here && t_here {
            self.combat_hit(&c.attacker, &c.target, power, c.player)
        } else {
            false
        };
        if back > 0 {
            self.combat_hit(&c.target, &c.attacker, back, c.player.other());
        }
        if let Some(w) = c.weapon.as_deref().filter(|w| on_field(self, w)) {
            self.wear(w);
        }
        if hit {
            self.fire(&Event::Hit(c.attacker.clone(), c.target.clone()));
        }
        self.state_checks();
        let killed = t_here && !on_field(self, &c.target);
        if hit && killed {
            self.fire(&Event::Killed(c.attacker.clone(), c.target.clone()));
        }
        self.changed();
        self.combat = None;
        self.say(format!("the combat of {} ends", c.attacker));
        if let Some(card) = &c.attack_card
            && self.obj(card).is_some_and(|o| o.zone == Zone::Stack)
        {
            let to = self
                .profile
                .combat
                .as_ref()
                .and_then(|r| r.attack_cards.as_ref())
                .map_or(self.profile.resolved_to, |a| a.after_combat);
            self.move_to(card, to);
        }
        self.passes = 0;
        self.priority = self.active;
    }

    /// A weapon used in an attack loses a durability counter in the damage step.
    fn wear(&mut self, weapon: &str) {
        let Some(counter) = self
            .profile
            .combat
            .as_ref()
            .and_then(|r| r.weapons.as_ref())
            .map(|w| w.counter.clone())
        else {
            return;
        };
        let left = self.obj_mut(weapon).map_or(0, |o| {
            let n = o.counters.entry(counter.clone()).or_insert(0);
            *n = (*n - 1).max(0);
            *n
        });
        self.say(format!(
            "{weapon} was used in the attack: it loses a {counter} counter, {left} left"
        ));
    }

    /// `from` deals `n` combat damage to `to`; whether any was dealt (none when prevented).
    fn combat_hit(&mut self, from: &str, to: &str, n: i32, controller: Player) -> bool {
        let before = self.obj(to).map_or(0, |o| o.wounds);
        let label = self
            .obj(from)
            .map_or_else(|| from.to_owned(), |o| o.card.name.clone());
        let ctx = Ctx {
            controller,
            source: from.to_owned(),
            label,
            cards: vec![to.to_owned()],
            players: Vec::new(),
            value: None,
            duration: Duration::Instant,
            subject: Some(to.to_owned()),
            chosen: vec![to.to_owned()],
            replacing: None,
        };
        self.with_cause(RulesCause::RULES, |g| g.deal_damage(to, n, &ctx));
        self.obj(to).map_or(0, |o| o.wounds) > before
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

    use std::sync::Arc;

    use crate::model::CardKind;
    use crate::rules::{Action, Game, RulesScenario};

    const GOLEM: &str = r#"RulesScenario(
        name: "a golem item attacks",
        profile: Some("Grand Archive"),
        cards: {
            "golem": (name: "Brass Golem", kind: Item, attack: 1, stats: {"guard": 4}),
            "keeper": (name: "Grove Keeper", kind: Champion, attack: 0, life: 18, stats: {"level": 1}),
        },
        a: (city: ["golem"]),
        b: (champion: Some("keeper")),
    )"#;

    fn attack(game: &mut Game) {
        game.run_action(&Action::Attack {
            player: crate::model::Player::A,
            attacker: "golem".into(),
            target: "keeper".into(),
            weapon: None,
        });
        game.run_action(&Action::Pass);
        game.run_action(&Action::Pass);
    }

    #[test]
    fn which_kinds_are_units_and_the_power_stat_come_from_the_profile() {
        let scenario: RulesScenario = ron::from_str(GOLEM).unwrap();
        // Grand Archive names no units: today's kinds, and an item is not one.
        let mut game = Game::new(&scenario).unwrap();
        attack(&mut game);
        assert_eq!(game.rejected.len(), 1, "{:?}", game.rejected);
        // A game whose items are units and fight with their guard.
        let mut game = Game::new(&scenario).unwrap();
        let mut profile = (*game.profile).clone();
        let combat = profile.combat.as_mut().unwrap();
        combat.units = vec![CardKind::Item, CardKind::Champion];
        combat.power = "guard".into();
        game.profile = Arc::new(profile);
        attack(&mut game);
        assert!(game.rejected.is_empty(), "{:?}", game.rejected);
        assert_eq!(game.object("keeper").unwrap().wounds, 4);
    }
}
