//! A change of the Rules tab's try-out set-up (each player's champion, level, resource, hand
//! and field), as data: what the set-up panel (`cards/try_out_setup.rs`) sends and the
//! editor's apply makes into one undoable edit of the try-out file.

use sigilforge_engine::model::Player;
use sigilforge_engine::rules::{PlayerSetup, RulesScenario};

/// Where in a player's set-up a card goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetUpZone {
    /// In hand: played (and paid for) by clicking.
    Hand,
    /// On the field (the city): there from the start.
    Field,
}

impl SetUpZone {
    pub(crate) fn word(self) -> &'static str {
        match self {
            SetUpZone::Hand => "hand",
            SetUpZone::Field => "field",
        }
    }

    fn list(self, setup: &mut PlayerSetup) -> &mut Vec<String> {
        match self {
            SetUpZone::Hand => &mut setup.hand,
            SetUpZone::Field => &mut setup.city,
        }
    }
}

/// One change of the try-out's set-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetUp {
    /// The player's champion (a pack card id), or none.
    Champion(Player, Option<String>),
    /// The champion's level at the start; none: its card's printed level.
    Level(Player, Option<i32>),
    /// The resource the player starts with.
    Resource(Player, i32),
    /// Add a copy of a pack card (its id) to a zone; a second copy is `id#2`.
    Add(Player, SetUpZone, String),
    /// Take the entry at this index out of a zone.
    Remove(Player, SetUpZone, usize),
}

impl SetUp {
    /// What the undo history calls it.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            SetUp::Champion(p, Some(c)) => format!("Try-out: {p:?}'s champion is {c}"),
            SetUp::Champion(p, None) => format!("Try-out: {p:?} has no champion"),
            SetUp::Level(p, Some(l)) => format!("Try-out: {p:?}'s champion at level {l}"),
            SetUp::Level(p, None) => format!("Try-out: {p:?}'s champion at its printed level"),
            SetUp::Resource(p, n) => format!("Try-out: {p:?} starts with {n} resource"),
            SetUp::Add(p, z, c) => format!("Try-out: {c} to {p:?}'s {}", z.word()),
            SetUp::Remove(p, z, _) => format!("Try-out: a card out of {p:?}'s {}", z.word()),
        }
    }

    /// Makes the change in `scenario`; false when it changes nothing.
    pub fn apply_to(&self, scenario: &mut RulesScenario) -> bool {
        match self {
            SetUp::Champion(p, c) => replace(&mut setup(scenario, *p).champion, c.clone()),
            SetUp::Level(p, l) => replace(&mut setup(scenario, *p).level, *l),
            SetUp::Resource(p, n) => replace(&mut setup(scenario, *p).resource, *n),
            SetUp::Add(p, zone, id) => {
                // Instances are unique across the scenario: `wolf`, then the first free `wolf#n`.
                let taken = |e: &str| {
                    [&scenario.a, &scenario.b].iter().any(|s| {
                        s.zone_lists()
                            .iter()
                            .flat_map(|(list, _)| list.iter())
                            .chain(&s.champion)
                            .any(|x| x.split('@').next() == Some(e))
                    })
                };
                let mut entry = id.clone();
                let mut n = 1;
                while taken(&entry) {
                    n += 1;
                    entry = format!("{id}#{n}");
                }
                zone.list(setup(scenario, *p)).push(entry);
                true
            }
            SetUp::Remove(p, zone, i) => {
                let list = zone.list(setup(scenario, *p));
                if *i < list.len() {
                    list.remove(*i);
                    true
                } else {
                    false
                }
            }
        }
    }
}

/// A player's set-up in the scenario.
fn setup(scenario: &mut RulesScenario, player: Player) -> &mut PlayerSetup {
    match player {
        Player::A => &mut scenario.a,
        Player::B => &mut scenario.b,
    }
}

/// Sets `slot` to `value`; whether that changed it.
fn replace<T: PartialEq>(slot: &mut T, value: T) -> bool {
    if *slot == value {
        return false;
    }
    *slot = value;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_change_edits_the_set_up_and_says_when_it_changed_nothing() {
        let mut s = RulesScenario::default();
        assert!(SetUp::Champion(Player::A, Some("captain".into())).apply_to(&mut s));
        assert!(!SetUp::Champion(Player::A, Some("captain".into())).apply_to(&mut s));
        assert!(SetUp::Level(Player::A, Some(2)).apply_to(&mut s));
        assert_eq!(s.a.level, Some(2));
        assert!(SetUp::Add(Player::B, SetUpZone::Field, "wolf".into()).apply_to(&mut s));
        assert!(SetUp::Add(Player::B, SetUpZone::Field, "wolf".into()).apply_to(&mut s));
        assert_eq!(s.b.city, ["wolf", "wolf#2"]);
        assert!(SetUp::Remove(Player::B, SetUpZone::Field, 0).apply_to(&mut s));
        assert!(!SetUp::Remove(Player::B, SetUpZone::Field, 5).apply_to(&mut s));
        assert_eq!(s.b.city, ["wolf#2"]);
        // The freed name is used again, never a second `wolf#2`.
        assert!(SetUp::Add(Player::A, SetUpZone::Hand, "wolf".into()).apply_to(&mut s));
        assert!(SetUp::Add(Player::A, SetUpZone::Hand, "wolf".into()).apply_to(&mut s));
        assert_eq!(s.a.hand, ["wolf", "wolf#3"]);
        assert!(SetUp::Resource(Player::B, 3).apply_to(&mut s));
        assert_eq!(s.b.resource, 3);
    }
}
