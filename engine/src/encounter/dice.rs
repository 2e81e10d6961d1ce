//! Tests and Saves: the dice rule, Advantage and Disadvantage, Score bands and the Save table.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use rand::Rng as _;

use crate::core::SeededRng;
use serde::{Deserialize, Serialize};

/// Most dice kept by a rule (larger rules are clamped; the validator reports them).
pub const MAX_DICE: u32 = 6;
/// Most faces per die.
pub const MAX_SIDES: u32 = 20;
/// Most net Advantages or Disadvantages on one roll.
const MAX_NET: i64 = 8;

/// The dice rule of a pack or encounter. Default: 2d6 + modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceRule {
    /// Dice kept (and rolled with no Advantage or Disadvantage).
    #[serde(default = "two")]
    pub dice: u32,
    /// Faces per die.
    #[serde(default = "six")]
    pub sides: u32,
    /// Highest total that is still Low.
    #[serde(default = "six_i")]
    pub low_max: i32,
    /// Highest total that is still Mixed (above it is High).
    #[serde(default = "nine")]
    pub mixed_max: i32,
}

fn two() -> u32 {
    2
}
fn six() -> u32 {
    6
}
fn six_i() -> i32 {
    6
}
fn nine() -> i32 {
    9
}

impl Default for DiceRule {
    fn default() -> Self {
        Self {
            dice: 2,
            sides: 6,
            low_max: 6,
            mixed_max: 9,
        }
    }
}

/// A Score band.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Band {
    /// Every kept die shows 1 (natural 2).
    CriticalFailure,
    /// ..6.
    Low,
    /// 7..9.
    Mixed,
    /// 10..
    High,
    /// Every kept die shows its top face (natural 12).
    CriticalSuccess,
}

impl Band {
    /// Low or Critical Failure: the Test failed.
    #[must_use]
    pub fn failed(self) -> bool {
        matches!(self, Self::CriticalFailure | Self::Low)
    }

    /// How the seed writes it.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::CriticalFailure => "Critical Failure",
            Self::Low => "Low",
            Self::Mixed => "Mixed",
            Self::High => "High",
            Self::CriticalSuccess => "Critical Success",
        }
    }
}

/// One rolled Test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// Every die rolled, in order.
    pub dice: Vec<u32>,
    /// The dice kept.
    pub kept: Vec<u32>,
    /// The modifier added.
    pub modifier: i32,
    /// Kept dice + modifier.
    pub total: i32,
    /// Net Advantages (negative = Disadvantages).
    pub net_advantage: i32,
    /// The band.
    pub band: Band,
}

/// Where dice come from: a seeded generator, with forced rolls queued by a script first.
#[derive(Debug, Clone)]
pub struct DiceSource {
    rng: SeededRng,
    forced: std::collections::VecDeque<Vec<u32>>,
}

impl DiceSource {
    /// A source seeded from the encounter seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: SeededRng::new(seed),
            forced: std::collections::VecDeque::new(),
        }
    }

    /// Rolls damage dice from the generator (forced rolls are for Tests and Saves, so a script
    /// that forces a Test is not thrown off by the damage it deals).
    pub fn roll_damage(&mut self, dice: super::damage_dice::DamageDice) -> Vec<u32> {
        let sides = dice.sides.clamp(2, super::damage_dice::MAX_DAMAGE_SIDES);
        (0..dice.count.min(super::damage_dice::MAX_DAMAGE_DICE))
            .map(|_| self.rng.random_range(1..=sides))
            .collect()
    }

    /// Queues the raw dice of a later roll (missing dice come from the generator).
    pub fn force(&mut self, dice: Vec<u32>) {
        self.forced.push_back(dice);
    }

    /// Rolls a Test: `advantages` and `disadvantages` cancel one for one; each net Advantage adds
    /// a die and drops the lowest, each net Disadvantage adds one and drops the highest.
    pub fn roll(
        &mut self,
        rule: &DiceRule,
        modifier: i32,
        advantages: u32,
        disadvantages: u32,
    ) -> Roll {
        // Bounded so hostile content cannot ask for millions of dice.
        let net =
            (i64::from(advantages) - i64::from(disadvantages)).clamp(-MAX_NET, MAX_NET) as i32;
        let keep = rule.dice.clamp(1, MAX_DICE) as usize;
        let count = keep + net.unsigned_abs() as usize;
        let forced = self.forced.pop_front().unwrap_or_default();
        let sides = rule.sides.clamp(2, MAX_SIDES);
        let dice: Vec<u32> = (0..count)
            .map(|i| match forced.get(i) {
                Some(d) => (*d).clamp(1, sides),
                None => self.rng.random_range(1..=sides),
            })
            .collect();
        let mut sorted = dice.clone();
        sorted.sort_unstable();
        let kept: Vec<u32> = if net >= 0 {
            sorted.iter().rev().take(keep).rev().copied().collect()
        } else {
            sorted.iter().take(keep).copied().collect()
        };
        let total = (kept.iter().sum::<u32>() as i32).saturating_add(modifier);
        let band = band_of(rule, &kept, total);
        Roll {
            dice,
            kept,
            modifier,
            total,
            net_advantage: net,
            band,
        }
    }
}

/// The band of a roll: criticals read on the kept dice, then the total.
#[must_use]
pub fn band_of(rule: &DiceRule, kept: &[u32], total: i32) -> Band {
    if !kept.is_empty() && kept.iter().all(|d| *d == 1) {
        Band::CriticalFailure
    } else if !kept.is_empty() && kept.iter().all(|d| *d == rule.sides.clamp(2, MAX_SIDES)) {
        Band::CriticalSuccess
    } else if total <= rule.low_max {
        Band::Low
    } else if total <= rule.mixed_max {
        Band::Mixed
    } else {
        Band::High
    }
}

/// How the Test's band changes the targets' Save (the seed's table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SaveMod {
    /// Critical Failure: the target passes without rolling.
    AutoPass,
    /// Low: the Save has an Advantage.
    Advantage,
    /// Mixed: a plain Save.
    Plain,
    /// High: the Save has a Disadvantage.
    Disadvantage,
    /// Critical Success: the target fails without rolling.
    AutoFail,
}

/// The Save table.
#[must_use]
pub fn save_mod(test_band: Band) -> SaveMod {
    match test_band {
        Band::CriticalFailure => SaveMod::AutoPass,
        Band::Low => SaveMod::Advantage,
        Band::Mixed => SaveMod::Plain,
        Band::High => SaveMod::Disadvantage,
        Band::CriticalSuccess => SaveMod::AutoFail,
    }
}

/// The probability of each band, in band order.
pub type BandChances = [(Band, f64); 5];

/// An ability with no Test: its Mixed outcome, for certain (what the policies weigh it by).
pub const NO_TEST_CHANCES: BandChances = [
    (Band::CriticalFailure, 0.0),
    (Band::Low, 0.0),
    (Band::Mixed, 1.0),
    (Band::High, 0.0),
    (Band::CriticalSuccess, 0.0),
];

/// Probability of each band for a plain 2-dice-style roll with `modifier` (no Advantage), used
/// by the simulation policies to rank abilities. Exact enumeration over `dice` dice.
#[must_use]
pub fn band_chances(rule: &DiceRule, modifier: i32) -> BandChances {
    band_chances_net(rule, modifier, 0)
}

/// Largest number of outcomes [`band_chances_net`] enumerates; beyond it, fewer extra dice are
/// counted (an approximation only the policies see).
const MAX_ENUMERATED: u64 = 50_000;

/// Probability of each band with `net` Advantages (negative: Disadvantages), kept as
/// [`DiceSource::roll`] keeps them: each net Advantage adds a die and drops the lowest, each
/// Disadvantage adds one and drops the highest. Exact enumeration over at most 3 kept dice and
/// as many extra dice as stay under 50,000 outcomes.
#[must_use]
pub fn band_chances_net(rule: &DiceRule, modifier: i32, net: i32) -> BandChances {
    let sides = rule.sides.clamp(2, MAX_SIDES);
    let keep = rule.dice.clamp(1, 3);
    let mut extra = net.unsigned_abs().min(MAX_NET as u32);
    while extra > 0 && u64::from(sides).pow(keep + extra) > MAX_ENUMERATED {
        extra -= 1;
    }
    let n = keep + extra;
    let mut counts = [0u64; 5];
    let total_outcomes = u64::from(sides).pow(n);
    let mut dice = Vec::with_capacity(n as usize);
    for index in 0..total_outcomes {
        let mut rest = index;
        dice.clear();
        for _ in 0..n {
            dice.push((rest % u64::from(sides)) as u32 + 1);
            rest /= u64::from(sides);
        }
        dice.sort_unstable();
        let kept = if net >= 0 {
            &dice[(n - keep) as usize..]
        } else {
            &dice[..keep as usize]
        };
        let total = (kept.iter().sum::<u32>() as i32).saturating_add(modifier);
        counts[band_of(rule, kept, total) as usize] += 1;
    }
    let p = |i: usize| counts[i] as f64 / total_outcomes.max(1) as f64;
    [
        (Band::CriticalFailure, p(0)),
        (Band::Low, p(1)),
        (Band::Mixed, p(2)),
        (Band::High, p(3)),
        (Band::CriticalSuccess, p(4)),
    ]
}

/// Band chances by (modifier, net Advantages) under one dice rule, computed once and shared
/// by every run of one estimate (the policies' odds are a pure function of the rule, so sharing
/// them changes no result, only the time).
#[derive(Debug, Clone)]
pub(super) struct OddsCache {
    rule: DiceRule,
    table: Arc<Mutex<BTreeMap<(i32, i32), BandChances>>>,
}

impl OddsCache {
    /// An empty cache for `rule`.
    pub(super) fn new(rule: DiceRule) -> Self {
        Self {
            rule,
            table: Arc::default(),
        }
    }

    /// The rule these odds are for.
    pub(super) fn rule(&self) -> DiceRule {
        self.rule
    }

    /// [`band_chances_net`] for this rule, from the cache when computed before.
    pub(super) fn chances(&self, modifier: i32, net: i32) -> BandChances {
        // A panic elsewhere cannot leave a half-written entry: each is inserted whole.
        let mut table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        *table
            .entry((modifier, net))
            .or_insert_with(|| band_chances_net(&self.rule, modifier, net))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_chances_sum_to_one_and_match_2d6() {
        let chances = band_chances(&DiceRule::default(), 0);
        let total: f64 = chances.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // Natural 2 and natural 12: 1/36 each; Mixed (7..9): 15/36; High (10, 11): 5/36.
        assert!((chances[0].1 - 1.0 / 36.0).abs() < 1e-12);
        assert!((chances[4].1 - 1.0 / 36.0).abs() < 1e-12);
        assert!((chances[2].1 - 15.0 / 36.0).abs() < 1e-12);
        assert!((chances[3].1 - 5.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn a_disadvantage_keeps_the_lowest_dice_in_the_chances() {
        // 3d6 keeping the lowest two: a natural 2 needs at least two 1s: 16 of 216.
        let chances = band_chances_net(&DiceRule::default(), 0, -1);
        assert!((chances[0].1 - 16.0 / 216.0).abs() < 1e-12);
        let total: f64 = chances.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // An Advantage keeps the highest: a natural 12 needs two 6s, also 16 of 216.
        let up = band_chances_net(&DiceRule::default(), 0, 1);
        assert!((up[4].1 - 16.0 / 216.0).abs() < 1e-12);
        // Hostile counts are bounded: a d20 rule with 8 Advantages still answers.
        let d20 = DiceRule {
            dice: 3,
            sides: 20,
            ..DiceRule::default()
        };
        let many = band_chances_net(&d20, 0, 8);
        let total: f64 = many.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn the_same_seed_rolls_the_same_dice() {
        let rule = DiceRule::default();
        let mut a = DiceSource::new(11);
        let mut b = DiceSource::new(11);
        for _ in 0..50 {
            assert_eq!(a.roll(&rule, 1, 1, 0), b.roll(&rule, 1, 1, 0));
        }
    }

    #[test]
    fn hostile_advantage_counts_are_bounded() {
        let mut src = DiceSource::new(0);
        let roll = src.roll(&DiceRule::default(), 0, u32::MAX, 0);
        assert_eq!(roll.dice.len(), 2 + 8);
    }
}
