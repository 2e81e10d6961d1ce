//! A/B: two versions of a pack (as edited and as saved, or another folder, or a git revision)
//! played on the same matches (same line-ups, same seeds), paired: the change in each card's
//! win rate and the first player's with a paired 95% interval, and the games whose result
//! flipped, each one a battle that can be replayed in both versions.

use serde::{Deserialize, Serialize};

use crate::battle::{Battle, BattleContent};
use crate::model::keyword::normalise;
use crate::pack::Pack;

use super::lab::{
    BalanceConfig, Lineups, Version, choose_pool, draw_lineups, game_scenario, match_scenario,
};
use super::report::BalanceReport;
use super::run::{Control, drive};
use super::stats::{Change, PairedSums, paired_change};
use super::tally::{MatchOutcome, Player, Sums};
use super::{BalanceError, card_names};

/// Flipped games kept in a report (the first ones in match order; the count is exact).
pub const MAX_FLIPS: usize = 1_000;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// The first player won.
    #[serde(rename = "A")]
    A,
    /// The second player won.
    #[serde(rename = "B")]
    B,
    /// Both fell at once.
    #[serde(rename = "draw")]
    Draw,
    /// The turn limit was reached.
    #[serde(rename = "none")]
    None,
}

impl GameResult {
    /// From the engine's result code (0 A, 1 B, 2 draw, 3 none).
    #[must_use]
    pub fn from_code(code: u8) -> Self {
        match code {
            0 => Self::A,
            1 => Self::B,
            2 => Self::Draw,
            _ => Self::None,
        }
    }

    /// As the battle's `winner()` reads.
    #[must_use]
    pub fn of_winner(winner: Option<crate::battle::Winner>) -> Self {
        match winner {
            Some(crate::battle::Winner::A) => Self::A,
            Some(crate::battle::Winner::B) => Self::B,
            Some(crate::battle::Winner::Draw) => Self::Draw,
            _ => Self::None,
        }
    }

    /// How it reads.
    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            Self::A => "A wins",
            Self::B => "B wins",
            Self::Draw => "draw",
            Self::None => "no winner",
        }
    }
}

/// A game whose result differs between the two versions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flip {
    /// The match.
    #[serde(rename = "match")]
    pub match_index: u64,
    /// The second game of the match (line Y as player A).
    pub swapped: bool,
    /// The battle seed.
    pub seed: u64,
    /// The result before.
    pub before: GameResult,
    /// The result after.
    pub after: GameResult,
    /// Player A's line (card ids, slot 1 first).
    pub a: Vec<String>,
    /// Player B's line.
    pub b: Vec<String>,
}

impl Flip {
    /// The game as a battle scenario (to replay it in either version).
    #[must_use]
    pub fn scenario(&self, config: &BalanceConfig) -> crate::model::BattleScenario {
        match_scenario(
            self.match_index,
            self.swapped,
            self.seed,
            self.a.clone(),
            self.b.clone(),
            config,
        )
    }

    /// The game played to its end in both versions, logs kept, with the first event where
    /// the two logs differ (what the editor opens them at).
    ///
    /// # Errors
    /// A version's content cannot play the game's line-ups.
    pub fn replay(
        &self,
        before: &BattleContent,
        after: &BattleContent,
        config: &BalanceConfig,
    ) -> Result<FlipReplay, crate::battle::LoadError> {
        let scenario = self.scenario(config);
        let play = |content: &BattleContent| -> Result<Battle, crate::battle::LoadError> {
            let mut battle = Battle::from_scenario(content, &scenario, self.seed)?;
            battle.run();
            Ok(battle)
        };
        let (before, after) = (play(before)?, play(after)?);
        let first_difference = first_difference(&before, &after);
        Ok(FlipReplay {
            before,
            after,
            first_difference,
        })
    }
}

/// A flipped game replayed in both versions.
#[derive(Debug, Clone)]
pub struct FlipReplay {
    /// The game as the version before plays it, to its end.
    pub before: Battle,
    /// As the version after plays it.
    pub after: Battle,
    /// The first event where the logs differ (as they read).
    pub first_difference: usize,
}

/// The first event where two battles' logs differ as they read (card ids compared, not the
/// versions' internal indices), or the shorter log's length when one is the other's start.
#[must_use]
pub fn first_difference(before: &Battle, after: &Battle) -> usize {
    let (x, y) = (before.log(), after.log());
    x.iter()
        .zip(y)
        .position(|(a, b)| before.describe_tagged(a) != after.describe_tagged(b))
        .unwrap_or(x.len().min(y.len()))
}

/// One card's win rate before and after, paired.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardChange {
    /// Card id (or a group's name).
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Side-games with it on the line (the same in both versions).
    pub games: u64,
    /// Win rate with it, before.
    pub before: f64,
    /// Win rate with it, after.
    pub after: f64,
    /// `after − before`.
    pub change: f64,
    /// Paired 95% interval of the change.
    pub ci95: [f64; 2],
    /// The interval excludes zero.
    pub significant: bool,
}

/// What an A/B run found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AbReport {
    /// What "before" is (`"as saved"`, a folder, `git:REV`).
    pub before_label: String,
    /// What "after" is (`"as edited"`, a folder).
    pub after_label: String,
    /// Battles per version.
    pub runs: u64,
    /// Matches per version.
    pub matches: u64,
    /// Cards whose definition (or a keyword they print) differs.
    pub edited: Vec<String>,
    /// Pool cards of one version that the other does not have (left out of the pool).
    pub not_compared: Vec<String>,
    /// The first player's win rate, paired.
    pub first_player: CardChange,
    /// Lines holding at least one edited card, paired (none when nothing was edited).
    pub edited_lines: Option<CardChange>,
    /// Per pool card, paired.
    pub cards: Vec<CardChange>,
    /// Games whose result flipped.
    pub flipped: u64,
    /// The first [`MAX_FLIPS`] of them, in match order.
    pub flips: Vec<Flip>,
    /// The run as a balance of the version before.
    pub before: BalanceReport,
    /// And of the version after.
    pub after: BalanceReport,
}

/// Paired sums of one A/B run.
#[derive(Debug, Clone, Default)]
struct PairSums {
    cards: Vec<PairedSums>,
    edited: PairedSums,
    /// Half points the edited lines scored before.
    edited_before: u64,
    first: PairedSums,
    flipped: u64,
    flips: Vec<Flip>,
    // Per match scratch: per pool card, side-games and change.
    scratch_n: Vec<u64>,
    scratch_d: Vec<i64>,
    touched: Vec<u16>,
}

impl PairSums {
    fn new(pool: usize) -> Self {
        Self {
            cards: vec![PairedSums::default(); pool],
            scratch_n: vec![0; pool],
            scratch_d: vec![0; pool],
            ..Self::default()
        }
    }

    fn add(
        &mut self,
        lineups: &Lineups,
        before: &MatchOutcome,
        after: &MatchOutcome,
        edited: &[bool],
    ) {
        let mut edited_n = 0;
        let mut edited_d = 0;
        for (l, line) in lineups.lines.iter().enumerate() {
            let d = after.scores[l] as i64 - before.scores[l] as i64;
            if line.iter().any(|&p| edited[p as usize]) {
                edited_n += 2;
                edited_d += d;
                self.edited_before += before.scores[l];
            }
            for &p in line {
                let p = p as usize;
                if self.scratch_n[p] == 0 {
                    self.touched.push(p as u16);
                }
                self.scratch_n[p] += 2;
                self.scratch_d[p] += d;
            }
        }
        for &p in &self.touched {
            let p = p as usize;
            self.cards[p].add(self.scratch_n[p], self.scratch_d[p]);
            self.scratch_n[p] = 0;
            self.scratch_d[p] = 0;
        }
        self.touched.clear();
        if edited_n > 0 {
            self.edited.add(edited_n, edited_d);
        } else {
            // A match without edited lines still counts toward the interval's matches.
            self.edited.add(0, 0);
        }
        self.first.add(
            2,
            after.first_player() as i64 - before.first_player() as i64,
        );
        for game in 0..2 {
            if before.results[game] != after.results[game] {
                self.flipped += 1;
                if self.flips.len() < MAX_FLIPS {
                    self.flips.push(Flip {
                        match_index: lineups.index,
                        swapped: game == 1,
                        seed: lineups.seed,
                        before: GameResult::from_code(before.results[game]),
                        after: GameResult::from_code(after.results[game]),
                        a: Vec::new(),
                        b: Vec::new(),
                    });
                }
            }
        }
    }

    fn merge(&mut self, o: &PairSums) {
        for (a, b) in self.cards.iter_mut().zip(&o.cards) {
            a.merge(b);
        }
        self.edited.merge(&o.edited);
        self.edited_before += o.edited_before;
        self.first.merge(&o.first);
        self.flipped += o.flipped;
        self.flips.extend(o.flips.iter().cloned());
        self.flips.sort_by_key(|f| (f.match_index, f.swapped));
        self.flips.truncate(MAX_FLIPS);
    }
}

struct Worker {
    before: (Player, Sums),
    after: (Player, Sums),
    pair: PairSums,
}

/// Plays the same matches on two versions of a pack and pairs the results. The pool is the
/// filter's cards in `after` that `before` also has. `Ok(None)` when cancelled.
pub fn run_ab(
    before_pack: &Pack,
    before_label: &str,
    after_pack: &Pack,
    after_label: &str,
    config: &BalanceConfig,
    control: Control<'_>,
) -> Result<Option<AbReport>, BalanceError> {
    let candidates = choose_pool(after_pack, config)?;
    let before_content = BattleContent::from_pack(before_pack);
    let after_content = BattleContent::from_pack(after_pack);
    let (pool, not_compared): (Vec<String>, Vec<String>) = candidates
        .into_iter()
        .partition(|id| before_content.cards.contains_key(id));
    if pool.len() < config.line_size {
        return Err(BalanceError::PoolTooSmall {
            pool: pool.len(),
            line_size: config.line_size,
        });
    }
    let before = Version::new(before_pack, &pool, config)?;
    let after = Version::new(after_pack, &pool, config)?;
    let edited: Vec<bool> = pool
        .iter()
        .map(|id| is_edited(&before_content, &after_content, id))
        .collect();
    let pool_len = pool.len();
    let draw = |index: u64, scratch: &mut Vec<u16>, out: &mut Lineups| {
        draw_lineups(config.seed, index, pool_len, config.line_size, scratch, out);
    };
    let init = || Worker {
        before: (Player::new(&before), Sums::new(&before)),
        after: (Player::new(&after), Sums::new(&after)),
        pair: PairSums::new(pool_len),
    };
    let play = |w: &mut Worker, lineups: &Lineups| {
        let b = w.before.0.play(&before, lineups, &mut w.before.1);
        let a = w.after.0.play(&after, lineups, &mut w.after.1);
        w.pair.add(lineups, &b, &a, &edited);
    };
    let merge = |mut x: Worker, y: Worker| {
        x.before.1.merge(&y.before.1);
        x.after.1.merge(&y.after.1);
        x.pair.merge(&y.pair);
        x
    };
    let Some(mut w) = drive(config.matches(), control, &draw, &init, &play, &merge) else {
        return Ok(None);
    };
    // The flips' line-ups, drawn again (a match's draw depends on its index alone).
    let mut scratch = Vec::new();
    let mut lineups = super::run::empty_lineups();
    for flip in &mut w.pair.flips {
        draw(flip.match_index, &mut scratch, &mut lineups);
        let scenario = game_scenario(&pool, &lineups, flip.swapped, config);
        flip.a = scenario.a;
        flip.b = scenario.b;
    }
    let names = card_names(after_pack, &pool);
    let matches = w.before.1.matches;
    let before_report = BalanceReport::new(config, &pool, &names, &before, &w.before.1);
    let after_report = BalanceReport::new(config, &pool, &names, &after, &w.after.1);
    let cards = pool
        .iter()
        .enumerate()
        .map(|(p, id)| {
            card_change(
                id,
                &names[p],
                before_report.cards[p].win_rate,
                &w.pair.cards[p],
                matches,
            )
        })
        .collect();
    let first_before = before_report.overall.first_player;
    let first_player = card_change(
        "first player",
        "First player",
        first_before,
        &w.pair.first,
        matches,
    );
    let edited_ids: Vec<String> = pool
        .iter()
        .zip(&edited)
        .filter(|&(_, &e)| e)
        .map(|(id, _)| id.clone())
        .collect();
    let edited_lines = (w.pair.edited.n > 0).then(|| {
        let before_rate = w.pair.edited_before as f64 / (2 * w.pair.edited.n) as f64;
        card_change(
            "edited",
            "Lines with an edited card",
            before_rate,
            &w.pair.edited,
            matches,
        )
    });
    Ok(Some(AbReport {
        before_label: before_label.to_owned(),
        after_label: after_label.to_owned(),
        runs: 2 * matches,
        matches,
        edited: edited_ids,
        not_compared,
        first_player,
        edited_lines,
        cards,
        flipped: w.pair.flipped,
        flips: w.pair.flips,
        before: before_report,
        after: after_report,
    }))
}

/// A paired change row: the before rate from the balance, the change from the paired sums.
fn card_change(id: &str, name: &str, before: f64, sums: &PairedSums, matches: u64) -> CardChange {
    let change = paired_change(sums, matches).unwrap_or(Change {
        change: 0.0,
        ci95: [0.0, 0.0],
    });
    CardChange {
        id: id.to_owned(),
        name: name.to_owned(),
        games: sums.n,
        before,
        after: before + change.change,
        change: change.change,
        ci95: change.ci95,
        significant: change.significant(),
    }
}

/// Whether a card differs between two contents: its definition, or a keyword it prints.
fn is_edited(before: &BattleContent, after: &BattleContent, id: &str) -> bool {
    let (Some((b, _)), Some((a, _))) = (before.cards.get(id), after.cards.get(id)) else {
        return true;
    };
    if a != b {
        return true;
    }
    let definition = |content: &BattleContent, name: &str| {
        let name = normalise(name);
        content
            .keywords
            .iter()
            .find(|(k, _)| normalise(&k.name) == name)
            .map(|(k, _)| k.clone())
    };
    a.keyword_refs()
        .flatten()
        .any(|k| definition(before, &k.name) != definition(after, &k.name))
}

impl AbReport {
    /// The report as JSON (`docs/formats/balance.md`).
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// The report as readable text: the overall change, the cards that changed most, flips.
    #[must_use]
    pub fn to_table(&self) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let pct = |x: f64| format!("{:+.1}", x * 100.0);
        let row = |out: &mut String, c: &CardChange| {
            let _ = writeln!(
                out,
                "{:<26} {:>8} {:>7.1} {:>7.1} {:>7} {:>8} … {:<7}{}",
                c.id,
                c.games,
                c.before * 100.0,
                c.after * 100.0,
                pct(c.change),
                pct(c.ci95[0]),
                pct(c.ci95[1]),
                if c.significant { " significant" } else { "" }
            );
        };
        let _ = writeln!(
            out,
            "A/B: {} (before) vs {} (after), {} battles each on the same matches and seeds",
            self.before_label, self.after_label, self.runs
        );
        if self.edited.is_empty() {
            let _ = writeln!(out, "no pool card differs between the two versions");
        } else {
            let _ = writeln!(out, "edited: {}", self.edited.join(", "));
        }
        if !self.not_compared.is_empty() {
            let _ = writeln!(
                out,
                "left out (only in one version): {}",
                self.not_compared.join(", ")
            );
        }
        let _ = writeln!(
            out,
            "\n{:<26} {:>8} {:>7} {:>7} {:>7} {:>20}",
            "win rate of", "games", "before", "after", "change", "paired 95% interval"
        );
        row(&mut out, &self.first_player);
        if let Some(edited) = &self.edited_lines {
            row(&mut out, edited);
        }
        let mut cards: Vec<&CardChange> = self.cards.iter().collect();
        cards.sort_by(|a, b| b.change.abs().total_cmp(&a.change.abs()));
        for c in cards {
            row(&mut out, c);
        }
        let _ = writeln!(
            out,
            "\n{} of {} games flipped{}",
            self.flipped,
            self.runs,
            if self.flips.is_empty() {
                String::new()
            } else {
                format!(" (first {} below)", self.flips.len().min(20))
            }
        );
        for f in self.flips.iter().take(20) {
            let _ = writeln!(
                out,
                "match {}{} seed {}: {} → {}  (A: {} | B: {})",
                f.match_index,
                if f.swapped { " swapped" } else { "" },
                f.seed,
                f.before.text(),
                f.after.text(),
                f.a.join(" "),
                f.b.join(" ")
            );
        }
        out
    }
}
