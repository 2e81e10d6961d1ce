//! The A/B of an encounter change (issue #16, item 4; issue #32, item 6): two versions of an
//! encounter (as saved and as edited) played on the same seeds as the difficulty estimate
//! ([`EstimatePlan`]), by both of its tables (careful play and simple play), paired seed by seed:
//! for each table the change in the heroes' win rate with its paired 95% interval (the balance
//! lab's [`paired_change`]: each seed is one pair), and the seeds whose result flipped.

use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use super::difficulty::{EstimatePlan, PlayStyle};
use super::file::{Encounter, EncounterContent};
use super::policy::{Estimate, SimulationReport};
use super::run::EncounterError;
use crate::balance::stats::{Change, PairedSums, WIN, paired_change};

/// Flipped seeds kept in a report (the first ones; the count is exact).
pub const MAX_FLIPPED: usize = 200;

/// What an encounter A/B found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EncounterAb {
    /// The seeds both versions played (the difficulty estimate's).
    pub plan: EstimatePlan,
    /// Careful play on both sides.
    pub careful: TableAb,
    /// Simple play on both sides.
    pub naive: TableAb,
}

impl EncounterAb {
    /// The comparison of one table.
    #[must_use]
    pub fn table(&self, style: PlayStyle) -> &TableAb {
        match style {
            PlayStyle::Careful => &self.careful,
            PlayStyle::Simple => &self.naive,
        }
    }
}

/// One table's comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableAb {
    /// The estimate of the version before.
    pub before: SimulationReport,
    /// The estimate of the version after.
    pub after: SimulationReport,
    /// The heroes' win rate after minus before.
    pub change: f64,
    /// Paired 95% interval of the change.
    pub ci95: [f64; 2],
    /// The interval excludes zero.
    pub significant: bool,
    /// Seeds the heroes won in one version and not in the other.
    pub flipped: u32,
    /// The first [`MAX_FLIPPED`] of them: the seed, and whether the heroes won after.
    pub flips: Vec<(u64, bool)>,
}

/// Plays the plan's seeds of both versions with both tables and pairs the heroes' results seed
/// by seed. `Ok(None)` when `cancel` was set.
///
/// # Errors
/// A version cannot start (a combatant without a stat block, …).
pub fn compare(
    before: (&EncounterContent, &Encounter),
    after: (&EncounterContent, &Encounter),
    plan: impl Into<EstimatePlan>,
    cancel: &AtomicBool,
) -> Result<Option<EncounterAb>, EncounterError> {
    let plan = plan.into();
    let Some(careful) = compare_table(before, after, plan, PlayStyle::Careful, cancel)? else {
        return Ok(None);
    };
    let Some(naive) = compare_table(before, after, plan, PlayStyle::Simple, cancel)? else {
        return Ok(None);
    };
    Ok(Some(EncounterAb {
        plan,
        careful,
        naive,
    }))
}

fn compare_table(
    before: (&EncounterContent, &Encounter),
    after: (&EncounterContent, &Encounter),
    plan: EstimatePlan,
    style: PlayStyle,
    cancel: &AtomicBool,
) -> Result<Option<TableAb>, EncounterError> {
    let table = style.table();
    let mut estimates = (Estimate::new(before.1), Estimate::new(after.1));
    let mut pairs = PairedSums::default();
    let (mut flipped, mut flips) = (0, Vec::new());
    for n in 0..plan.runs {
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let seed = plan.first_seed.wrapping_add(u64::from(n));
        let was = estimates.0.play_table(before.0, before.1, seed, table)?;
        let is = estimates.1.play_table(after.0, after.1, seed, table)?;
        // One pair per seed, in the half points the balance lab counts (a win is WIN).
        let points = |won: bool| if won { WIN as i64 } else { 0 };
        pairs.add(1, points(is) - points(was));
        if was != is {
            flipped += 1;
            if flips.len() < MAX_FLIPPED {
                flips.push((seed, is));
            }
        }
    }
    let (before, after) = (estimates.0.report(), estimates.1.report());
    let change = paired_change(&pairs, u64::from(plan.runs)).unwrap_or(Change {
        change: 0.0,
        ci95: [0.0, 0.0],
    });
    Ok(Some(TableAb {
        before,
        after,
        change: change.change,
        ci95: change.ci95,
        significant: change.significant(),
        flipped,
        flips,
    }))
}
