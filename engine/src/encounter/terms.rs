//! The terms of an ability's Test: the Advantages and Disadvantages its Upgrades, Components,
//! Test status, Bonuses and Penalties give, the extra damage of its Bonuses, and the resources
//! it spends. Computed without changing the run, once for the engine (`resolve`, which then
//! spends and logs) and for the careful policy's odds, so both count them the same way.

use std::collections::BTreeMap;
use std::fmt;

use super::ability::{AbilityDef, Condition, TestStatus};
use super::run::EncounterRun;
use crate::model::KnownAbility;

/// What the log says about one term of a Test (names borrowed from the ability).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum TermNote<'a> {
    /// Its Upgrades give this many Advantages.
    Upgrades(u32),
    /// A Component paid for with a resource.
    ComponentSpent(&'a str),
    /// A Component not met: a Disadvantage.
    ComponentMissing(&'a str),
    /// What statuses give the Test (the Test's own status, every-Test ones, the targets').
    Statuses(String),
    /// A Bonus with no cost.
    Bonus(&'a str),
    /// A Bonus paid for: its name, the points, the resource.
    BonusPaid(&'a str, i32, &'a str),
    /// A chosen Bonus the creature cannot pay for.
    BonusSkipped(&'a str, i32, &'a str),
    /// A Penalty that applies.
    Penalty(&'a str),
}

impl fmt::Display for TermNote<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Upgrades(n) => write!(f, "Upgrades +{n} Advantage"),
            Self::ComponentSpent(c) => write!(f, "Component {c} spent"),
            Self::ComponentMissing(c) => write!(f, "missing Component {c}: a Disadvantage"),
            Self::Statuses(note) => f.write_str(note),
            Self::Bonus(b) => write!(f, "Bonus {b}"),
            Self::BonusPaid(b, n, res) => write!(f, "Bonus {b}, paying {n} {res}"),
            Self::BonusSkipped(b, n, res) => write!(f, "Bonus {b} skipped: cannot pay {n} {res}"),
            Self::Penalty(p) => write!(f, "Penalty {p}"),
        }
    }
}

/// The terms of one Test, before any is paid.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct TestTerms<'a> {
    /// Advantages (Upgrades, Bonuses, the targets' statuses).
    pub(super) advantages: u32,
    /// Disadvantages (missing Components, the tester's statuses, Penalties).
    pub(super) disadvantages: u32,
    /// Extra damage of the Bonuses taken.
    pub(super) extra_damage: i32,
    /// The resources the Components and Bonuses spend, in order.
    pub(super) spends: Vec<(&'a str, i32)>,
    /// What the log says, in order.
    pub(super) notes: Vec<TermNote<'a>>,
}

impl TestTerms<'_> {
    /// Net Advantages (negative: Disadvantages), as the dice count them.
    pub(super) fn net(&self) -> i32 {
        let net = i64::from(self.advantages) - i64::from(self.disadvantages);
        i32::try_from(net).unwrap_or(if net < 0 { i32::MIN } else { i32::MAX })
    }
}

impl EncounterRun {
    /// The terms of `user`'s Test of `def` on `targets`: `bonuses` names the Bonuses chosen
    /// (`None`: every Bonus with no cost); mandatory ones always apply. A Component or Bonus
    /// paid with a resource counts what the earlier ones of this Test spent.
    pub(super) fn test_terms<'a>(
        &self,
        user: usize,
        def: &'a AbilityDef,
        known: &KnownAbility,
        targets: &[usize],
        bonuses: Option<&[String]>,
    ) -> TestTerms<'a> {
        let mut terms = TestTerms {
            advantages: def.upgrade_advantage(known),
            ..TestTerms::default()
        };
        if terms.advantages > 0 {
            terms.notes.push(TermNote::Upgrades(terms.advantages));
        }
        // Resources spent so far by this Test.
        let mut spent: BTreeMap<&str, i32> = BTreeMap::new();
        let have = |spent: &BTreeMap<&str, i32>, name: &str| {
            let now = self.combatants[user]
                .resources
                .get(name)
                .copied()
                .unwrap_or(0);
            now.saturating_sub(spent.get(name).copied().unwrap_or(0))
        };
        for comp in &def.components {
            let holds = match &comp.check {
                Condition::Resource(name, n) => have(&spent, name) >= *n,
                other => self.condition_holds(user, targets, other),
            };
            if !holds {
                terms.disadvantages = terms.disadvantages.saturating_add(1);
                terms.notes.push(TermNote::ComponentMissing(&comp.name));
            } else if comp.spends
                && let Condition::Resource(name, n) = &comp.check
            {
                let s = spent.entry(name.as_str()).or_insert(0);
                *s = s.saturating_add(*n);
                terms.spends.push((name, *n));
                terms.notes.push(TermNote::ComponentSpent(&comp.name));
            }
        }
        // Statuses: the Test's own (Strained, Exhausted, Concentrating) and every status that
        // changes every Test or a Test against its bearer (`status_test_mods`).
        let named = def
            .test
            .as_ref()
            .and_then(|t| t.status)
            .map(TestStatus::name);
        let statuses = self.status_test_mods(user, named, targets);
        terms.advantages = terms.advantages.saturating_add(statuses.advantages);
        terms.disadvantages = terms.disadvantages.saturating_add(statuses.disadvantages);
        terms
            .notes
            .extend(statuses.notes.into_iter().map(TermNote::Statuses));
        for b in &def.bonuses {
            let chosen = b.mandatory
                || match bonuses {
                    None => b.cost.is_none(),
                    Some(list) => list.contains(&b.name),
                };
            if !chosen || !self.condition_holds(user, targets, &b.condition) {
                continue;
            }
            if let Some((res, n)) = &b.cost {
                if have(&spent, res) < *n {
                    terms.notes.push(TermNote::BonusSkipped(&b.name, *n, res));
                    continue;
                }
                let s = spent.entry(res.as_str()).or_insert(0);
                *s = s.saturating_add(*n);
                terms.spends.push((res, *n));
                terms.notes.push(TermNote::BonusPaid(&b.name, *n, res));
            } else {
                terms.notes.push(TermNote::Bonus(&b.name));
            }
            terms.advantages = terms.advantages.saturating_add(b.advantage);
            terms.extra_damage = terms.extra_damage.saturating_add(b.extra_damage);
        }
        for pen in &def.penalties {
            let times = pen
                .per_stack_of
                .as_ref()
                .map_or(1, |s| self.combatants[user].stacks(s));
            if times > 0 && self.condition_holds(user, targets, &pen.condition) {
                let n = pen.disadvantage.saturating_mul(times);
                terms.disadvantages = terms.disadvantages.saturating_add(n);
                terms.notes.push(TermNote::Penalty(&pen.name));
            }
        }
        terms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ambush() -> EncounterRun {
        let (content, encounter) = crate::encounter::fixtures::goblin_ambush();
        EncounterRun::new(&content, &encounter, 0).unwrap()
    }

    /// The archer's Aimed Shot at #Bob: Steady Aim (no enemy next to it) counts with no cost;
    /// Called Shot only when chosen, paid with its one Focus Point, +2 damage; chosen twice
    /// over one point, the second payment is skipped.
    #[test]
    fn bonuses_count_what_they_cost_once() {
        let mut run = ambush();
        let (archer, bob) = (
            run.index_of("archer").unwrap(),
            run.index_of("bob").unwrap(),
        );
        let (shot, known) = run.ability_for(archer, "aimed_shot").unwrap();
        let plain = run.test_terms(archer, &shot, &known, &[bob], None);
        assert_eq!(
            (plain.advantages, plain.disadvantages, plain.extra_damage),
            (1, 0, 0)
        );
        assert_eq!(plain.notes, vec![TermNote::Bonus("Steady Aim")]);
        assert!(plain.spends.is_empty());

        let called = ["Called Shot".to_owned()];
        let paid = run.test_terms(archer, &shot, &known, &[bob], Some(&called));
        assert_eq!(paid.extra_damage, 2);
        assert_eq!(paid.spends, vec![("Focus Point", 1)]);
        assert_eq!(
            paid.notes[0].to_string(),
            "Bonus Called Shot, paying 1 Focus Point"
        );

        run.combatants[archer]
            .resources
            .insert("Focus Point".to_owned(), 0);
        let broke = run.test_terms(archer, &shot, &known, &[bob], Some(&called));
        assert_eq!(broke.extra_damage, 0);
        assert_eq!(
            broke.notes[0].to_string(),
            "Bonus Called Shot skipped: cannot pay 1 Focus Point"
        );
    }

    /// Seed 004, 1.8: "#Bob cannot fulfil the Dodge Point Component, he must make the Test for
    /// the Dodge Ability with a Disadvantage." With a point, it is spent instead.
    #[test]
    fn a_missing_component_is_a_disadvantage_and_a_met_one_is_spent() {
        let mut run = ambush();
        let bob = run.index_of("bob").unwrap();
        let (dodge, known) = run.ability_for(bob, "dodge").unwrap();
        let none = run.test_terms(bob, &dodge, &known, &[], None);
        assert_eq!(none.net(), -1);
        assert_eq!(
            none.notes[0].to_string(),
            "missing Component 1 Dodge Point: a Disadvantage"
        );
        run.combatants[bob]
            .resources
            .insert("Dodge Point".to_owned(), 1);
        let one = run.test_terms(bob, &dodge, &known, &[], None);
        assert_eq!(one.net(), 0);
        assert_eq!(one.spends, vec![("Dodge Point", 1)]);
    }
}
