//! The lab's fixed parts: the pool, the rules every match is played with, each version of the
//! content compiled once, and how match `i` draws its two line-ups and its seed.

use std::sync::Arc;

use rand::Rng as _;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::battle::program::{CardIdx, KwIdx, MAX_SLOTS};
use crate::battle::setup::Setup;
use crate::battle::{Battle, BattleContent, BattleSetup};
use crate::diag::Diagnostics;
use crate::model::BattleScenario;
use crate::pack::Pack;

use super::BalanceError;
use super::pool::{PoolFilter, pool_ids};

/// "Not in the pool" in a card-to-pool-position table.
pub const NOT_IN_POOL: u16 = u16::MAX;

/// How a balance run plays: how many battles, how lines are drawn, the rules of each battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BalanceConfig {
    /// Battles to play (rounded up to an even number: each match is played twice).
    pub runs: u64,
    /// Creatures per line (also the line length).
    pub line_size: usize,
    /// Starting life.
    pub life: i32,
    /// Turn limit (a game reaching it has no winner and counts as a draw).
    pub max_turns: u32,
    /// Where the match draws start: the same seed draws the same line-ups.
    pub seed: u64,
    /// The pool filter (empty: every creature card of the pack).
    pub filter: String,
    /// How far clear of zero a card's interval must be to be flagged (a rate, 0.03 = 3 points):
    /// the practical margin, what a designer would call a real difference.
    pub margin: f64,
    /// Draw line-ups from this deck's creatures only (its id or name; copies do not weigh:
    /// a line holds distinct cards), the filter applied on top.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
}

impl Default for BalanceConfig {
    fn default() -> Self {
        Self {
            runs: 100_000,
            line_size: 7,
            life: 20,
            max_turns: 30,
            seed: 0,
            filter: String::new(),
            margin: 0.03,
            deck: None,
        }
    }
}

impl BalanceConfig {
    /// Matches played: half the battles, rounded up.
    #[must_use]
    pub fn matches(&self) -> u64 {
        self.runs.div_ceil(2)
    }
}

/// The two line-ups of one match (pool positions, slot 1 first) and its battle seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lineups {
    /// The match's index (0-based).
    pub index: u64,
    /// Line X (player A in the first game, B in the swapped one), then line Y.
    pub lines: [Vec<u16>; 2],
    /// The battle seed of both games.
    pub seed: u64,
}

/// Draws match `index`'s line-ups: `line_size` distinct cards for each line, independently,
/// from a generator seeded by the run's seed and the match index alone (so any thread can
/// draw any match and the draws never depend on the thread count).
pub fn draw_lineups(
    seed: u64,
    index: u64,
    pool_len: usize,
    line_size: usize,
    scratch: &mut Vec<u16>,
    out: &mut Lineups,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    out.index = index;
    for line in &mut out.lines {
        scratch.clear();
        scratch.extend(0..pool_len as u16);
        line.clear();
        for i in 0..line_size.min(pool_len) {
            // u32, not usize: the battle draws usize ranges in its hot loop, and a second
            // caller of that instantiation changes how it is inlined there.
            let j = rng.random_range(i as u32..pool_len as u32) as usize;
            scratch.swap(i, j);
            line.push(scratch[i]);
        }
    }
    out.seed = rng.random();
}

/// One version of the content, compiled once for every match.
#[derive(Debug, Clone)]
pub struct Version {
    /// A battle with empty lines, the log off: each game resets a copy of it.
    pub start: Battle,
    /// The program's card for each pool position.
    pub cards: Vec<CardIdx>,
    /// Pool position of each program card, or [`NOT_IN_POOL`].
    pub pool_pos: Vec<u16>,
    /// The keyword features: program keywords printed on some pool card, by name.
    pub keywords: Vec<KwIdx>,
    /// Each pool card's keyword features (indices into `keywords`).
    pub card_keywords: Vec<Vec<u16>>,
    /// Keyword names by program index (for the fired counts).
    pub keyword_names: Vec<String>,
    /// Each pool card's own keywords (printed, and its own abilities), program indices.
    pub printed: Vec<Vec<KwIdx>>,
}

impl Version {
    /// Compiles a pack's content for a pool. Fails with the located problems if it does not
    /// compile, or names a pool card it does not have.
    pub fn new(pack: &Pack, pool: &[String], config: &BalanceConfig) -> Result<Self, BalanceError> {
        let content = BattleContent::from_pack(pack);
        let mut diags = Diagnostics::new();
        let mut program = content.compile(&mut diags);
        if diags.has_errors() {
            return Err(BalanceError::Content(diags));
        }
        let mut cards = Vec::with_capacity(pool.len());
        for id in pool {
            match program.card_index(id) {
                Some(c) => cards.push(c),
                None => return Err(BalanceError::MissingCard(id.clone())),
            }
        }
        // The hot path's shortcuts are judged on what can come into play: the whole pool.
        let in_play = program.reachable_keywords(cards.iter().copied());
        program.set_static_flags(|k| in_play[k as usize]);
        let mut pool_pos = vec![NOT_IN_POOL; program.cards.len()];
        for (pos, &c) in cards.iter().enumerate() {
            pool_pos[c as usize] = pos as u16;
        }
        let mut keywords: Vec<KwIdx> = Vec::new();
        let mut card_keywords = Vec::with_capacity(cards.len());
        for (&c, id) in cards.iter().zip(pool) {
            let own = content
                .cards
                .get(id)
                .is_some_and(|(card, _)| !card.abilities.is_empty());
            let printed = &program.cards[c as usize].keywords;
            // A card's own abilities are compiled as a last, hidden keyword: not a feature.
            let printed = &printed[..printed.len() - usize::from(own)];
            let mut mine = Vec::new();
            for &(kw, _) in printed {
                let feature = keywords.iter().position(|&k| k == kw).unwrap_or_else(|| {
                    keywords.push(kw);
                    keywords.len() - 1
                });
                // (`iter().any`, not `contains`: a new caller of the battle's own slice helpers
                // changes how they are inlined in its hot loop.)
                if !mine.contains(&(feature as u16)) {
                    mine.push(feature as u16);
                }
            }
            card_keywords.push(mine);
        }
        let keyword_names = program.keywords.iter().map(|k| k.name.clone()).collect();
        let printed = cards
            .iter()
            .map(|&c| {
                program.cards[c as usize]
                    .keywords
                    .iter()
                    .map(|&(k, _)| k)
                    .collect()
            })
            .collect();
        let setup = BattleSetup {
            program: Arc::new(program),
            setup: Arc::new(Setup {
                name: "balance".into(),
                lines: [Vec::new(), Vec::new()],
                plays: Vec::new(),
                life: config.life,
                slots: config.line_size,
                max_turns: config.max_turns,
                seed: 0,
            }),
        };
        let mut start = Battle::with_log(&setup, 0, false);
        start.set_tally(true);
        Ok(Self {
            start,
            cards,
            pool_pos,
            keywords,
            card_keywords,
            keyword_names,
            printed,
        })
    }
}

/// Checks the settings and picks the pool (the filter's creatures, tokens left out); the
/// pool's ids in pack order.
pub fn choose_pool(pack: &Pack, config: &BalanceConfig) -> Result<Vec<String>, BalanceError> {
    if config.line_size == 0 || config.line_size > MAX_SLOTS {
        return Err(BalanceError::LineSize(config.line_size));
    }
    let filter = PoolFilter::parse(&config.filter)?;
    // Problems compiling are reported when the version is built; here only tokens matter.
    let program = BattleContent::from_pack(pack).compile(&mut Diagnostics::new());
    let created = program.created_cards();
    let is_token = |id: &str| program.card_index(id).is_some_and(|c| created[c as usize]);
    let mut pool = pool_ids(pack, &filter, &is_token);
    if let Some(name) = &config.deck {
        let deck = pack.deck(name)?;
        // A deck names its cards outright: a token it lists is drawn like any creature.
        let listed = |id: &str| deck.cards.iter().any(|e| e.card == id);
        let named = pool_ids(pack, &filter, &|_| false);
        pool = named.into_iter().filter(|id| listed(id)).collect();
    }
    if pool.len() < config.line_size {
        return Err(BalanceError::PoolTooSmall {
            pool: pool.len(),
            line_size: config.line_size,
        });
    }
    if pool.len() >= NOT_IN_POOL as usize {
        return Err(BalanceError::PoolTooLarge(pool.len()));
    }
    Ok(pool)
}

/// The battle scenario of one game of a match, to open it in the sandbox: the line-ups by
/// card id, the run's rules, the match's seed. `swapped` is the second game (line Y as A).
#[must_use]
pub fn game_scenario(
    pool: &[String],
    lineups: &Lineups,
    swapped: bool,
    config: &BalanceConfig,
) -> BattleScenario {
    let ids =
        |line: &[u16]| -> Vec<String> { line.iter().map(|&p| pool[p as usize].clone()).collect() };
    let (x, y) = (ids(&lineups.lines[0]), ids(&lineups.lines[1]));
    let (a, b) = if swapped { (y, x) } else { (x, y) };
    match_scenario(lineups.index, swapped, lineups.seed, a, b, config)
}

/// A balance game as a battle scenario: lines `a` and `b`, the run's rules, `seed`.
#[must_use]
pub fn match_scenario(
    index: u64,
    swapped: bool,
    seed: u64,
    a: Vec<String>,
    b: Vec<String>,
    config: &BalanceConfig,
) -> BattleScenario {
    BattleScenario {
        name: format!(
            "Balance match {index}{}",
            if swapped { " (sides swapped)" } else { "" }
        ),
        seed,
        max_turns: config.max_turns,
        life: config.life,
        slots: config.line_size as u32,
        pack: None,
        cards: std::collections::BTreeMap::new(),
        a,
        b,
        plays: Vec::new(),
        expect: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_draws_the_same_lines_whoever_draws_it() {
        let mut scratch = Vec::new();
        let mut first = Lineups {
            index: 0,
            lines: [Vec::new(), Vec::new()],
            seed: 0,
        };
        let mut again = first.clone();
        draw_lineups(7, 41, 60, 7, &mut scratch, &mut first);
        // Another match drawn in between must not matter.
        draw_lineups(7, 3, 60, 7, &mut scratch, &mut again);
        draw_lineups(7, 41, 60, 7, &mut scratch, &mut again);
        assert_eq!(first, again);
        for line in &first.lines {
            let mut sorted = line.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), 7, "distinct cards in a line: {line:?}");
        }
    }
}
