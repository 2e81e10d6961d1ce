//! The one difficulty estimate (issue #32, item 6): an encounter played over N seeds by two
//! tables — careful play and simple play — with a band word (Easy, Medium, Hard, Deadly) read
//! from the careful table's win rate. The encounter tab's headline, "Compare with saved" and the
//! sheet all take it from here, with the same [`EstimatePlan`], so their numbers are the same.
//! The band rule and why it reads the careful table: `docs/rules/encounters.md`, "Difficulty".

use serde::Serialize;

use super::file::{Encounter, EncounterContent};
use super::policy::{SimulationReport, simulate_seeds};
use super::run::{EncounterError, Table};

/// Runs per table unless the user asks for another number (the encounter tab's default).
pub const ESTIMATE_RUNS: u32 = 1000;

/// How many seeds an estimate plays and from which: seeds `first_seed` to
/// `first_seed + runs − 1`, the same on every table and every version compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EstimatePlan {
    /// Runs per table.
    pub runs: u32,
    /// The first seed.
    pub first_seed: u64,
}

impl Default for EstimatePlan {
    fn default() -> Self {
        Self {
            runs: ESTIMATE_RUNS,
            first_seed: 0,
        }
    }
}

impl From<u32> for EstimatePlan {
    /// `runs` runs from seed 0 (what the encounter tab and the command line play).
    fn from(runs: u32) -> Self {
        Self {
            runs,
            first_seed: 0,
        }
    }
}

impl EstimatePlan {
    /// "1000 runs, seeds 0–999".
    #[must_use]
    pub fn describe(&self) -> String {
        let last = self
            .first_seed
            .saturating_add(u64::from(self.runs.saturating_sub(1)));
        format!("{} runs, seeds {}–{last}", self.runs, self.first_seed)
    }
}

/// How a table plays both sides of an estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum PlayStyle {
    /// Every creature weighs its whole kit ([`Table::CAREFUL`]).
    Careful,
    /// Every creature uses its best-looking Action at the nearest enemy ([`Table::NAIVE`]).
    Simple,
}

impl PlayStyle {
    /// Both, the careful one first (it sets the band).
    pub const ALL: [Self; 2] = [Self::Careful, Self::Simple];

    /// "careful play", "simple play": how every screen and the sheet name the table.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Careful => "careful play",
            Self::Simple => "simple play",
        }
    }

    /// What the table does, in a sentence.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::Careful => {
                "every creature weighs its whole kit: Components, Strain, healing, cover, Reactions"
            }
            Self::Simple => "every creature uses its best-looking Action at the nearest enemy",
        }
    }

    /// The policies of this table.
    #[must_use]
    pub fn table(self) -> Table {
        match self {
            Self::Careful => Table::CAREFUL,
            Self::Simple => Table::NAIVE,
        }
    }
}

/// The difficulty word. The rule (`docs/rules/encounters.md`, "Difficulty"): the heroes' win
/// rate with careful play, at least 90% Easy, at least 70% Medium, at least 50% Hard, below that
/// Deadly (the heroes lose more fights than they win).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum DifficultyBand {
    /// The heroes lose fewer than 1 fight in 10.
    Easy,
    /// The heroes lose up to 3 fights in 10.
    Medium,
    /// The heroes lose up to half their fights.
    Hard,
    /// The heroes lose more fights than they win.
    Deadly,
}

impl DifficultyBand {
    /// Lowest win rates of Easy, Medium and Hard (below the last: Deadly).
    pub const THRESHOLDS: [(Self, f64); 3] =
        [(Self::Easy, 0.9), (Self::Medium, 0.7), (Self::Hard, 0.5)];

    /// The band of a heroes' win rate (0 to 1).
    #[must_use]
    pub fn of_win_rate(win_rate: f64) -> Self {
        Self::THRESHOLDS
            .iter()
            .find(|(_, low)| win_rate >= *low)
            .map_or(Self::Deadly, |(band, _)| *band)
    }

    /// "Easy", "Medium", "Hard", "Deadly".
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Easy => "Easy",
            Self::Medium => "Medium",
            Self::Hard => "Hard",
            Self::Deadly => "Deadly",
        }
    }
}

/// The difficulty estimate of an encounter: both tables over the same seeds, and its band.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Difficulty {
    /// The seeds played (the same on both tables).
    pub plan: EstimatePlan,
    /// The band word, from the careful table's win rate ([`DifficultyBand::of_win_rate`]).
    pub band: DifficultyBand,
    /// Careful play on both sides ([`PlayStyle::Careful`]).
    pub careful: SimulationReport,
    /// Simple play on both sides ([`PlayStyle::Simple`]).
    pub naive: SimulationReport,
}

impl Difficulty {
    /// The report of one table.
    #[must_use]
    pub fn table(&self, style: PlayStyle) -> &SimulationReport {
        match style {
            PlayStyle::Careful => &self.careful,
            PlayStyle::Simple => &self.naive,
        }
    }

    /// The headline every view shows: "Hard: the heroes win 51.6% with careful play, 66.6%
    /// with simple play (1000 runs, seeds 0–999)".
    #[must_use]
    pub fn headline(&self) -> String {
        format!(
            "{}: the heroes win {:.1}% with {}, {:.1}% with {} ({})",
            self.band.word(),
            self.careful.win_rate * 100.0,
            PlayStyle::Careful.label(),
            self.naive.win_rate * 100.0,
            PlayStyle::Simple.label(),
            self.plan.describe()
        )
    }
}

/// The difficulty estimate: both tables over the plan's seeds (the script is ignored).
///
/// # Errors
/// The encounter cannot start (a combatant without a stat block, …).
pub fn estimate_difficulty(
    content: &EncounterContent,
    encounter: &Encounter,
    plan: impl Into<EstimatePlan>,
) -> Result<Difficulty, EncounterError> {
    let plan = plan.into();
    let table_report = |style: PlayStyle| {
        simulate_seeds(
            content,
            encounter,
            plan.first_seed,
            plan.runs,
            style.table(),
        )
    };
    let careful = table_report(PlayStyle::Careful)?;
    let naive = table_report(PlayStyle::Simple)?;
    Ok(Difficulty {
        plan,
        band: DifficultyBand::of_win_rate(careful.win_rate),
        careful,
        naive,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_band_reads_the_win_rate_at_its_thresholds() {
        let band = DifficultyBand::of_win_rate;
        assert_eq!(band(1.0), DifficultyBand::Easy);
        assert_eq!(band(0.9), DifficultyBand::Easy);
        assert_eq!(band(0.899), DifficultyBand::Medium);
        assert_eq!(band(0.7), DifficultyBand::Medium);
        assert_eq!(band(0.699), DifficultyBand::Hard);
        assert_eq!(band(0.5), DifficultyBand::Hard);
        assert_eq!(band(0.499), DifficultyBand::Deadly);
        assert_eq!(band(0.0), DifficultyBand::Deadly);
    }

    #[test]
    fn a_plan_names_its_seeds() {
        assert_eq!(EstimatePlan::default().describe(), "1000 runs, seeds 0–999");
        let plan = EstimatePlan {
            runs: 10,
            first_seed: 5,
        };
        assert_eq!(plan.describe(), "10 runs, seeds 5–14");
    }
}
