//! The balance lab (issue #16): what each card of a pool does to the odds, and what an edit
//! changes.
//!
//! A run draws matches from a pool of creature cards: two line-ups at random (seeded by the
//! run's seed and the match index), played twice with the sides swapped so going first
//! cancels out. Per card and per keyword it reports the win rate with it on the line against
//! without it, with a 95% interval clustered by match (`docs/rules/balance.md`), and what its
//! creatures did (damage dealt and taken, survival, abilities that acted).
//!
//! - [`pool`]: which cards (a filter over the pack); [`lab`]: the settings, each version of the
//!   content compiled once, how match `i` is drawn; [`tally`]: one match played and summed;
//!   [`run`]: the parallel driver (progress, cancel); [`stats`]: the intervals;
//!   [`report`]: the report and its JSON; [`ab`]: two versions on the same matches, paired;
//!   [`baseline`]: the version to compare with (a folder, a git revision); [`saved`]: the
//!   results file beside the pack; [`cli`]: `sigilforge balance`.
//!
//! Results never depend on the thread count: every sum is an integer, and each match draws
//! from its own generator.

pub mod ab;
pub mod baseline;
pub mod cli;
pub mod lab;
pub mod pool;
pub mod report;
pub mod run;
pub mod saved;
pub mod stats;
pub mod suggest;
pub mod tally;

pub use ab::{AbReport, run_ab};
pub use lab::BalanceConfig;
pub use report::{BalanceReport, Impact};
pub use run::Control;

use crate::diag::Diagnostics;
use crate::pack::Pack;

use lab::{Version, choose_pool, draw_lineups};
use tally::{Player, Sums};

/// Why a balance run cannot start.
#[derive(Debug, Clone, thiserror::Error)]
pub enum BalanceError {
    /// The content does not compile: every problem, located.
    #[error("{}", first_problem(.0))]
    Content(Diagnostics),
    /// A pool card is missing from a version (A/B against a pack without it).
    #[error("card `{0}` is not in the version compared")]
    MissingCard(String),
    /// The filter cannot be read.
    #[error(transparent)]
    Filter(#[from] pool::FilterError),
    /// Fewer pool cards than a line holds.
    #[error("the pool has {pool} creature cards, fewer than a line of {line_size}")]
    PoolTooSmall {
        /// Cards in the pool.
        pool: usize,
        /// Cards per line.
        line_size: usize,
    },
    /// More pool cards than the lab can index.
    #[error("the pool has {0} cards; the lab takes at most 65,534")]
    PoolTooLarge(usize),
    /// The line size is out of range.
    #[error("a line holds 1 to 16 creatures, not {0}")]
    LineSize(usize),
    /// The version to compare with could not be read.
    #[error("{0}")]
    Baseline(String),
    /// The deck to draw from is not in the pack.
    #[error(transparent)]
    Deck(#[from] crate::pack::DeckError),
}

fn first_problem(d: &Diagnostics) -> String {
    d.iter().next().map_or_else(
        || "the content does not compile".to_owned(),
        ToString::to_string,
    )
}

/// Runs a balance over a pack (as held in memory: the editor passes its edited pack).
/// `Ok(None)` when cancelled.
pub fn run_balance(
    pack: &Pack,
    config: &BalanceConfig,
    control: Control<'_>,
) -> Result<Option<BalanceReport>, BalanceError> {
    let pool = choose_pool(pack, config)?;
    let version = Version::new(pack, &pool, config)?;
    let names = card_names(pack, &pool);
    let pool_len = pool.len();
    let draw = |index: u64, scratch: &mut Vec<u16>, out: &mut lab::Lineups| {
        draw_lineups(config.seed, index, pool_len, config.line_size, scratch, out);
    };
    let init = || (Player::new(&version), Sums::new(&version));
    let play = |w: &mut (Player, Sums), lineups: &lab::Lineups| {
        w.0.play(&version, lineups, &mut w.1);
    };
    let merge = |mut a: (Player, Sums), b: (Player, Sums)| {
        a.1.merge(&b.1);
        a
    };
    let Some((_, sums)) = run::drive(config.matches(), control, &draw, &init, &play, &merge) else {
        return Ok(None);
    };
    Ok(Some(BalanceReport::new(
        config, &pool, &names, &version, &sums,
    )))
}

/// The printed names of the pool's cards (the id when a card has no name).
fn card_names(pack: &Pack, pool: &[String]) -> Vec<String> {
    pool.iter()
        .map(|id| {
            pack.card(id)
                .map(|c| c.name.clone())
                .filter(|n| !n.trim().is_empty())
                .unwrap_or_else(|| id.clone())
        })
        .collect()
}
