//! Reading the state with every static effect in force: a card's abilities after gains and
//! losses (19.1d, 22.3d), its characteristics after continuous effects in timestamp order
//! (22.3c) with the reasons ([`Game::characteristic_breakdown`]), who rules it (22.3), its
//! element, a champion's level. Each reading works the static abilities out
//! (`statics.rs`) and reads through a `View` (`view.rs`).

use crate::model::Player;
use crate::model::ability::{Ability, AbilityKind};

use super::game::Game;
use super::state::{AbilityEntry, Breakdown};
use std::sync::Arc;

use super::cache::Statics;
use super::statics;
use super::view::View;

impl Game {
    /// Every static effect in force now, worked out in dependency order (once per state).
    pub(crate) fn statics(&self) -> Arc<Statics> {
        self.statics_cache.get(|| statics::compute(self))
    }

    /// Reads the game with every static effect in force.
    pub(crate) fn read<R>(&self, f: impl FnOnce(&View<'_>) -> R) -> R {
        let statics = self.statics();
        f(&View::new(self, &statics.effects))
    }

    /// Checks every cached reading of static effects against a fresh one, panicking on a
    /// difference: for tests that the cache is cleared by every change.
    #[doc(hidden)]
    pub fn verify_static_cache(&mut self) {
        self.statics_cache.verify = true;
    }

    /// The abilities a card has now.
    pub(crate) fn abilities_of(&self, id: &str) -> Vec<AbilityEntry> {
        self.read(|v| v.abilities_of(id))
    }

    /// The activated abilities a card has now (printed, from keywords, gained), in the order
    /// an `Activate` action counts them; each label is what the action can name it by.
    #[must_use]
    pub fn activated_abilities(&self, id: &str) -> Vec<AbilityEntry> {
        let mut list = self.abilities_of(id);
        list.retain(|e| matches!(e.ability.kind, AbilityKind::Activated { .. }));
        list
    }

    /// The characteristics a card shows: ATK and life when it has either, then its named
    /// stats (`level`, `INT`) in name order. Empty if there is no such card.
    #[must_use]
    pub fn characteristics(&self, id: &str) -> Vec<String> {
        let Some(obj) = self.obj(id) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if obj.card.attack != 0 || obj.card.life != 0 {
            out.extend(["ATK".to_owned(), "life".to_owned()]);
        }
        out.extend(obj.card.stats.keys().cloned());
        out
    }

    /// The abilities a card has now that work as it is played (a spell's or action's static
    /// abilities, whose targets and mode are chosen then).
    #[must_use]
    pub fn played_abilities(&self, id: &str) -> Vec<AbilityEntry> {
        let mut list = self.abilities_of(id);
        list.retain(|e| {
            matches!(e.ability.kind, AbilityKind::Static) && e.ability.zones.is_empty()
        });
        list
    }

    /// Whether a card has an ability or keyword by name now.
    #[must_use]
    pub fn has_ability(&self, id: &str, name: &str) -> bool {
        self.read(|v| v.has_ability(id, name))
    }

    /// The names of a card's abilities and keywords now, in order.
    #[must_use]
    pub fn ability_names(&self, id: &str) -> Vec<String> {
        self.read(|v| {
            v.granted_names(id)
                .into_iter()
                .map(|(n, value, _)| match value {
                    Some(value) => format!("{n} {value}"),
                    None => n,
                })
                .collect()
        })
    }

    /// Whether a rule change (`"NoWounds"`) is in force, from a resolved effect or a static ability.
    #[must_use]
    pub fn rule_active(&self, rule: &str) -> bool {
        self.read(|v| v.rule_active(rule))
    }

    /// A card's characteristic now (0 if it has none).
    #[must_use]
    pub fn stat(&self, id: &str, stat: &str) -> i32 {
        self.read(|v| v.stat(id, stat))
    }

    /// A ruler's champion level with every modifier (0 with no champion): the one level every
    /// restriction, expectation and static ability reads.
    #[must_use]
    pub fn level(&self, player: Player) -> i32 {
        self.read(|v| v.level(player))
    }

    /// Who rules a card now (22.3: its owner unless a change of control says otherwise);
    /// `None` if there is no such card.
    #[must_use]
    pub fn ruler(&self, id: &str) -> Option<Player> {
        self.obj(id)?;
        Some(self.read(|v| v.ruler(id)))
    }

    /// A card's element now (printed, then changes in timestamp order).
    #[must_use]
    pub fn element(&self, id: &str) -> Option<String> {
        self.read(|v| v.element(id))
    }

    /// Why a card's characteristic has its value: the printed value, then every effect applied
    /// to it in timestamp order, with its source. `None` if there is no such card.
    #[must_use]
    pub fn characteristic_breakdown(&self, card: &str, stat: &str) -> Option<Breakdown> {
        self.read(|v| v.breakdown(card, stat))
    }

    /// The abilities a name stands for when a card gains it: a keyword's abilities (labelled
    /// with the keyword's name, or their own), else the first named ability of that name
    /// printed on a card of the scenario (by card id). Empty if nothing defines it.
    pub(crate) fn defined_abilities(&self, name: &str) -> Vec<(String, Ability)> {
        if let Some(def) = self.keywords.iter().find(|d| d.matches(name)) {
            return def
                .abilities
                .iter()
                .map(|a| {
                    let label = if a.name.is_empty() {
                        def.name.clone()
                    } else {
                        a.name.clone()
                    };
                    (label, a.clone())
                })
                .collect();
        }
        let wanted = crate::model::keyword::normalise(name);
        self.cards
            .values()
            .flat_map(|c| &c.abilities)
            .find(|a| !a.name.is_empty() && crate::model::keyword::normalise(&a.name) == wanted)
            .map(|a| vec![(a.name.clone(), a.clone())])
            .unwrap_or_default()
    }

    /// Whether anything defines an ability or keyword name: a keyword definition, a named
    /// ability printed on a card, or a keyword written on a card.
    pub(crate) fn is_defined(&self, name: &str) -> bool {
        let Some(r) = crate::model::KeywordRef::parse(name) else {
            return false;
        };
        let wanted = crate::model::keyword::normalise(&r.name);
        self.keywords.iter().any(|d| d.matches(&r.name))
            || !self.defined_abilities(&r.name).is_empty()
            || self
                .cards
                .values()
                .chain(self.objects.iter().map(|o| &o.card))
                .flat_map(|c| c.keyword_refs().flatten())
                .any(|k| crate::model::keyword::normalise(&k.name) == wanted)
    }
}
