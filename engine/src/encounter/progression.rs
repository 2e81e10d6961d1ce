//! Growing an ability: Flavors chosen when it is gained (then fixed), Upgrades taken with points
//! of the right kind (a numbered series in order, each superseding the last), and the ability as
//! a given character has it.

use super::ability::{AbilityDef, Effect, Flavor, Upgrade, UpgradeKind};
use crate::model::KnownAbility;

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
}
