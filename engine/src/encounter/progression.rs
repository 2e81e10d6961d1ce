//! Growing an ability: Flavors chosen when it is gained (then fixed), Upgrades taken with points
//! of the right kind (a numbered series in order, each superseding the last), and the ability as
//! a given character has it.

use super::ability::{AbilityDef, Effect, Flavor, Upgrade, UpgradeKind};
use crate::model::{KnownAbility, StatBlock};

impl Upgrade {
    /// Series name and rank: `"Powerful(2)"` → `("Powerful", 2)`; no number → `(name, 0)`.
    #[must_use]
    pub fn series(&self) -> (&str, u32) {
        series_of(&self.name)
    }
}

/// Series name and rank of an upgrade name.
#[must_use]
pub fn series_of(name: &str) -> (&str, u32) {
    if let Some(open) = name.rfind('(')
        && name.ends_with(')')
        && let Some(digits) = name.get(open + 1..name.len() - 1)
        && let Ok(rank) = digits.parse::<u32>()
    {
        return (name.get(..open).unwrap_or(name).trim_end(), rank);
    }
    (name, 0)
}

/// Why an Upgrade cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UpgradeError {
    /// Not listed on the ability.
    #[error("`{0}` is not an upgrade of this ability")]
    Unknown(String),
    /// Wrong kind of upgrade point.
    #[error("`{name}` is a {needed:?} upgrade; a {offered:?} upgrade cannot buy it")]
    WrongKind {
        /// Upgrade.
        name: String,
        /// Its kind.
        needed: UpgradeKind,
        /// The points offered.
        offered: UpgradeKind,
    },
    /// Series out of order.
    #[error("`{name}` needs `{series}({previous})` first")]
    OutOfOrder {
        /// Upgrade.
        name: String,
        /// Series.
        series: String,
        /// The rank needed before it.
        previous: u32,
    },
    /// Level too low.
    #[error("`{0}` needs level {1}")]
    Level(String, u32),
    /// Already taken.
    #[error("`{0}` is already taken")]
    Taken(String),
}

/// Which part of a known ability a problem is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownField {
    /// The ability's id (not in the library).
    Id,
    /// A Flavor chosen, or how many.
    Flavors,
    /// An Upgrade taken.
    Upgrades,
    /// An Upgrade marked as bought with a Prestige Upgrade.
    Prestige,
}

/// A problem with an ability as a stat block knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownProblem {
    /// The part it is about (where the editor shows it).
    pub field: KnownField,
    /// The text written where it is (the id, the Flavor or the Upgrade), to locate it.
    pub at: String,
    /// What is wrong, in words.
    pub message: String,
}

/// Every problem with `known` as `block` has it: an unknown ability, the wrong number of
/// Flavors or one the ability does not list, and each Upgrade's checks (listed on the ability,
/// a Prestige Upgrade bought with one, the level unless Prestige bought it, a series in
/// order); then Prestige marks on Upgrades not taken. `def` is the ability from the library.
/// The one check the pack validator and the creature editor both show.
#[must_use]
pub fn known_ability_problems(
    block: &StatBlock,
    known: &KnownAbility,
    def: Option<&AbilityDef>,
) -> Vec<KnownProblem> {
    let id = &block.id;
    let mut out = Vec::new();
    let mut push = |field, at: &str, message: String| {
        out.push(KnownProblem {
            field,
            at: at.to_owned(),
            message,
        });
    };
    let Some(def) = def else {
        push(
            KnownField::Id,
            &known.id,
            format!("`{id}` knows unknown ability `{}`", known.id),
        );
        return out;
    };
    let pick = def.flavors.as_ref().map_or(0, |f| f.pick) as usize;
    if known.flavors.len() != pick {
        push(
            KnownField::Flavors,
            &known.id,
            format!(
                "`{}` needs {pick} Flavor(s) chosen when gained; {} given",
                known.id,
                known.flavors.len()
            ),
        );
    }
    for f in &known.flavors {
        if def.flavor(f).is_none() {
            push(
                KnownField::Flavors,
                f,
                format!("`{f}` is not a Flavor of `{}`", known.id),
            );
        }
    }
    for (i, u) in known.upgrades.iter().enumerate() {
        let Some(up) = def.upgrades.iter().find(|x| &x.name == u) else {
            push(
                KnownField::Upgrades,
                u,
                format!("`{u}` is not an Upgrade of `{}`", known.id),
            );
            continue;
        };
        // Seed 004, 1.8: "you may need to reach certain Levels ... before you can take on
        // those Upgrades"; a Prestige Upgrade buys "any Upgrade, ignoring Requirements", and
        // some are listed as "Prestige Upgrades that you can only gain using a Prestige
        // Upgrade".
        let by_prestige = known.prestige.contains(u);
        if up.kind == UpgradeKind::Prestige && !by_prestige {
            push(
                KnownField::Upgrades,
                u,
                format!(
                    "`{u}` of `{}` is a Prestige Upgrade: only a Prestige Upgrade buys it; \
                     list it in `prestige` too",
                    known.id
                ),
            );
        } else if !by_prestige && up.min_level > block.level {
            push(
                KnownField::Upgrades,
                u,
                format!(
                    "`{u}` of `{}` needs level {}; `{id}` is level {} (if a Prestige \
                     Upgrade bought it, list it in `prestige`)",
                    known.id, up.min_level, block.level
                ),
            );
        }
        let (series, rank) = up.series();
        if rank > 1 {
            let previous = format!("{series}({})", rank - 1);
            if !known.upgrades[..i].contains(&previous) {
                push(
                    KnownField::Upgrades,
                    u,
                    format!("`{u}` is part of a series: `{previous}` must be taken before it"),
                );
            }
        }
    }
    for p in &known.prestige {
        if !known.upgrades.contains(p) {
            push(
                KnownField::Prestige,
                p,
                format!(
                    "`{p}` is marked as bought with a Prestige Upgrade but is not among the \
                     Upgrades `{id}` took for `{}`",
                    known.id
                ),
            );
        }
    }
    out
}

/// Why Flavors cannot be chosen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FlavorError {
    /// Flavors are fixed once chosen.
    #[error("the Flavors of `{0}` were chosen when it was gained and are fixed")]
    Fixed(String),
    /// Wrong number.
    #[error("`{ability}` needs {pick} Flavor(s), {given} given")]
    Count {
        /// Ability.
        ability: String,
        /// Needed.
        pick: u32,
        /// Given.
        given: usize,
    },
    /// Not an option.
    #[error("`{0}` is not a Flavor of this ability")]
    Unknown(String),
}

impl AbilityDef {
    /// Gains this ability, choosing its Flavors now (they stay fixed).
    pub fn learn(&self, flavors: &[&str]) -> Result<KnownAbility, FlavorError> {
        let pick = self.flavors.as_ref().map_or(0, |f| f.pick);
        if flavors.len() != pick as usize {
            return Err(FlavorError::Count {
                ability: self.id.clone(),
                pick,
                given: flavors.len(),
            });
        }
        for f in flavors {
            if self.flavor(f).is_none() {
                return Err(FlavorError::Unknown((*f).to_owned()));
            }
        }
        Ok(KnownAbility {
            id: self.id.clone(),
            flavors: flavors.iter().map(|f| (*f).to_owned()).collect(),
            upgrades: Vec::new(),
            prestige: Vec::new(),
        })
    }

    /// A Flavor by name.
    #[must_use]
    pub fn flavor(&self, name: &str) -> Option<&Flavor> {
        self.flavors
            .as_ref()
            .and_then(|l| l.options.iter().find(|f| f.name == name))
    }

    /// Takes an Upgrade with points of kind `offered`, checking type, level and series order.
    pub fn take_upgrade(
        &self,
        known: &mut KnownAbility,
        name: &str,
        offered: UpgradeKind,
        level: u32,
    ) -> Result<(), UpgradeError> {
        let upgrade = self
            .upgrades
            .iter()
            .find(|u| u.name == name)
            .ok_or_else(|| UpgradeError::Unknown(name.to_owned()))?;
        if known.upgrades.iter().any(|u| u == name) {
            return Err(UpgradeError::Taken(name.to_owned()));
        }
        let prestige = offered == UpgradeKind::Prestige;
        if !prestige && offered != upgrade.kind {
            return Err(UpgradeError::WrongKind {
                name: name.to_owned(),
                needed: upgrade.kind,
                offered,
            });
        }
        if !prestige && level < upgrade.min_level {
            return Err(UpgradeError::Level(name.to_owned(), upgrade.min_level));
        }
        let (series, rank) = upgrade.series();
        if rank > 1 {
            let previous = format!("{series}({})", rank - 1);
            if !known.upgrades.contains(&previous) {
                return Err(UpgradeError::OutOfOrder {
                    name: name.to_owned(),
                    series: series.to_owned(),
                    previous: rank - 1,
                });
            }
        }
        known.upgrades.push(name.to_owned());
        if prestige {
            known.prestige.push(name.to_owned());
        }
        Ok(())
    }

    /// The upgrades in effect: in each series only the highest rank taken (it supersedes the rest).
    #[must_use]
    pub fn active_upgrades(&self, known: &KnownAbility) -> Vec<&Upgrade> {
        let taken: Vec<&Upgrade> = self
            .upgrades
            .iter()
            .filter(|u| known.upgrades.contains(&u.name))
            .collect();
        taken
            .iter()
            .filter(|u| {
                let (series, rank) = u.series();
                rank == 0
                    || !taken.iter().any(|o| {
                        let (s, r) = o.series();
                        s == series && r > rank
                    })
            })
            .copied()
            .collect()
    }

    /// This ability as a given character has it: Flavors and Upgrades applied.
    #[must_use]
    pub fn as_known(&self, known: &KnownAbility) -> AbilityDef {
        let mut def = self.clone();
        let flavors: Vec<&Flavor> = known
            .flavors
            .iter()
            .filter_map(|f| self.flavor(f))
            .collect();
        let ups = self.active_upgrades(known);
        let extra_damage = ups
            .iter()
            .map(|u| u.extra_damage)
            .fold(0i32, i32::saturating_add);
        let extra_healing = ups
            .iter()
            .map(|u| u.extra_healing)
            .fold(0i32, i32::saturating_add);
        let damage_kind = flavors.iter().find_map(|f| f.damage_kind.clone());
        let adjust = |effects: &mut Vec<Effect>| {
            for e in effects.iter_mut() {
                match e {
                    Effect::Damage { amount, dice, kind } => {
                        if *amount > 0 || dice.is_some() {
                            *amount = amount.saturating_add(extra_damage);
                        }
                        if kind.is_none() {
                            kind.clone_from(&damage_kind);
                        }
                    }
                    Effect::Healing(amount) if *amount > 0 => {
                        *amount = amount.saturating_add(extra_healing);
                    }
                    _ => {}
                }
            }
        };
        let o = &mut def.outcomes;
        for band in [
            &mut o.critical_failure,
            &mut o.low,
            &mut o.mixed,
            &mut o.high,
            &mut o.critical_success,
        ] {
            adjust(band);
        }
        // A Save written for one Flavor applies only when that Flavor was chosen (Frost Bolt's
        // slowing Save is not Fiery Bolt's).
        def.saves.retain(|save| {
            save.flavor
                .as_ref()
                .is_none_or(|f| known.flavors.iter().any(|k| k == f))
        });
        for save in &mut def.saves {
            adjust(&mut save.on_fail);
            adjust(&mut save.on_pass);
            if let Some(s) = flavors.iter().find_map(|f| f.save.clone()) {
                save.modifier = s;
            }
        }
        for u in &ups {
            if let (Some(d), Some(reach)) = (u.reach, def.target.reach.as_mut()) {
                reach.distance = reach.distance.max(d);
            }
            if let Some(c) = &u.drops_component {
                def.components.retain(|k| &k.name != c);
            }
        }
        def
    }

    /// Advantages granted by the active upgrades.
    #[must_use]
    pub fn upgrade_advantage(&self, known: &KnownAbility) -> u32 {
        self.active_upgrades(known)
            .iter()
            .map(|u| u.advantage)
            .fold(0u32, u32::saturating_add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_names_split_into_name_and_rank() {
        assert_eq!(series_of("Powerful(2)"), ("Powerful", 2));
        assert_eq!(series_of("Far-Reaching"), ("Far-Reaching", 0));
        assert_eq!(series_of("Odd(x)"), ("Odd(x)", 0));
    }

    #[test]
    fn known_ability_problems_check_level_and_prestige_by_field() {
        let def = AbilityDef {
            id: "blast".into(),
            upgrades: vec![
                Upgrade {
                    name: "Keen(1)".into(),
                    min_level: 3,
                    ..Upgrade::default()
                },
                Upgrade {
                    name: "Legend".into(),
                    kind: UpgradeKind::Prestige,
                    ..Upgrade::default()
                },
            ],
            ..AbilityDef::default()
        };
        let block = StatBlock {
            id: "hag".into(),
            level: 2,
            ..StatBlock::default()
        };
        let known = KnownAbility {
            id: "blast".into(),
            upgrades: vec!["Keen(1)".into(), "Legend".into()],
            prestige: vec!["Gone".into()],
            ..KnownAbility::default()
        };
        let fields: Vec<(KnownField, &str)> = known_ability_problems(&block, &known, Some(&def))
            .iter()
            .map(|p| {
                (
                    p.field,
                    if p.message.contains("needs level 3") {
                        "level"
                    } else if p.message.contains("only a Prestige Upgrade buys it") {
                        "prestige kind"
                    } else if p.message.contains("not among the Upgrades") {
                        "prestige mark"
                    } else {
                        "other"
                    },
                )
            })
            .collect();
        assert_eq!(
            fields,
            [
                (KnownField::Upgrades, "level"),
                (KnownField::Upgrades, "prestige kind"),
                (KnownField::Prestige, "prestige mark"),
            ]
        );
        // Bought with Prestige Upgrades, both are fine at level 2.
        let bought = KnownAbility {
            prestige: vec!["Keen(1)".into(), "Legend".into()],
            ..known
        };
        assert!(known_ability_problems(&block, &bought, Some(&def)).is_empty());
        assert_eq!(
            known_ability_problems(&block, &bought, None)[0].field,
            KnownField::Id
        );
    }
}
