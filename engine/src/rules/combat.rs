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

use crate::model::Player;
use crate::model::ability::Duration;
use crate::model::profile::CombatRules;

use super::event::RulesCause;
use super::game::{Event, Game, Illegal};
use super::resolve::Ctx;
use super::state::Combat;

impl Game {
    /// The attack in progress, as `(attacker, target)`.
    #[must_use]
    pub fn attack_in_progress(&self) -> Option<(&str, &str)> {
        self.combat
            .as_ref()
            .map(|c| (c.attacker.as_str(), c.target.as_str()))
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

    /// Declares an attack (see the module's reading).
    pub(crate) fn attack(&mut self, player: Player, attacker: &str, target: &str) {
        if !self.known(attacker) || !self.known(target) {
            return;
        }
        let Some(rules) = self.combat_rules() else {
            return;
        };
        if let Some((a, t)) = self.attack_in_progress() {
            let why = format!("{a} is still attacking {t}: one combat at a time");
            return self.reject(why);
        }
        if player != self.active || self.priority != player || !self.stack.is_empty() {
            return self.reject(format!(
                "{player:?} can declare an attack only on their own turn, with priority and an empty stack"
            ));
        }
        if !self.phase_name().eq_ignore_ascii_case(&rules.phase) {
            return self.reject(format!(
                "attacks are declared in the {} phase, not the {}",
                rules.phase,
                self.phase_name()
            ));
        }
        if let Err(why) = self.can_attack(&rules, player, attacker) {
            return self.reject(why);
        }
        if let Err(why) = self.can_be_attacked(&rules, player, target) {
            return self.reject(why);
        }
        if let Some(o) = self.obj_mut(attacker) {
            o.rested = true;
        }
        self.say(format!(
            "{player:?} declares an attack: {attacker} attacks {target}, and {attacker} rests"
        ));
        self.combat = Some(Combat {
            attacker: attacker.to_owned(),
            target: target.to_owned(),
            player,
            retaliating: false,
        });
        self.fire(&Event::Attacks(attacker.to_owned(), target.to_owned()));
        self.passes = 0;
        self.priority = self.active;
    }

    /// Why `attacker` cannot attack for `player`, if it cannot.
    fn can_attack(
        &self,
        rules: &CombatRules,
        player: Player,
        attacker: &str,
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
        if self.stat(attacker, &rules.power) <= 0 {
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
        let Some(c) = self.combat.take() else {
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
            self.stat(&c.attacker, &power_stat).max(0)
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
        if hit {
            self.fire(&Event::Hit(c.attacker.clone(), c.target.clone()));
        }
        self.state_checks();
        let killed = t_here && !on_field(self, &c.target);
        if hit && killed {
            self.fire(&Event::Killed(c.attacker.clone(), c.target.clone()));
        }
        self.say(format!("the combat of {} ends", c.attacker));
        self.passes = 0;
        self.priority = self.active;
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
