//! What a balance run found, per card and per keyword: the report the Balance panel shows,
//! `balance --json` prints (`docs/formats/balance.md`) and the results file keeps.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::lab::{BalanceConfig, Version};
use super::stats::{Difference, FeatureSums, Z95, is_outlier, with_without};
use super::tally::{CreatureSums, Sums};

/// The run's outcome as a whole.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Overall {
    /// Games won by the first player (A).
    pub first_wins: u64,
    /// Games won by the second player (B).
    pub second_wins: u64,
    /// Games where both fell at once.
    pub draws: u64,
    /// Games that reached the turn limit.
    pub no_winner: u64,
    /// The first player's win rate (a draw or no winner counts half).
    pub first_player: f64,
    /// Its 95% interval.
    pub first_player_ci95: [f64; 2],
    /// Average turns a game lasted.
    pub average_turns: f64,
}

/// One card's (or keyword's) effect on the odds and what its creatures did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Impact {
    /// The card id, or the keyword's name.
    pub id: String,
    /// The card's name (the keyword's name again for a keyword).
    pub name: String,
    /// Side-games with it on the line.
    pub games: u64,
    /// Win rate of those (a draw or no winner counts half).
    pub win_rate: f64,
    /// Win rate of the side-games without it (`null` if it was on every line).
    pub without: Option<f64>,
    /// `win_rate − without`.
    pub delta: Option<f64>,
    /// The 95% interval of `delta` (clustered by match: `docs/rules/balance.md`).
    pub ci95: Option<[f64; 2]>,
    /// The interval is clear of zero by more than the run's margin.
    pub outlier: bool,
    /// Mean damage a creature of it dealt per game (to creatures and players).
    pub damage_dealt: f64,
    /// Mean damage a creature of it took per game.
    pub damage_taken: f64,
    /// Share of games its creature was still on the line at the end.
    pub survival: f64,
    /// How often each keyword acted, per game its creature played.
    pub fired: BTreeMap<String, f64>,
    /// For a keyword: how many pool cards print it (1 for a card).
    pub cards: u64,
}

/// A balance run's report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BalanceReport {
    /// How it was run.
    pub config: BalanceConfig,
    /// Battles played (two per match).
    pub runs: u64,
    /// Matches played.
    pub matches: u64,
    /// The whole run.
    pub overall: Overall,
    /// Per pool card, in pool order.
    pub cards: Vec<Impact>,
    /// Per keyword printed on pool cards, in order of first appearance.
    pub keywords: Vec<Impact>,
}

impl BalanceReport {
    /// Builds the report from a version's sums.
    #[must_use]
    pub fn new(
        config: &BalanceConfig,
        pool: &[String],
        names: &[String],
        version: &Version,
        sums: &Sums,
    ) -> Self {
        let matches = sums.matches;
        let games = 2 * matches;
        let keywords = sums.keyword_count;
        // A card's own keywords only: a keyword granted to it (Pestilence) is its giver's.
        let fired_of = |card: usize| -> BTreeMap<String, f64> {
            let per_game = sums.creatures[card].games.max(1) as f64;
            version.printed[card]
                .iter()
                .filter_map(|&kw| {
                    let n = sums.fired[card * keywords + kw as usize];
                    (n > 0).then(|| {
                        (
                            version.keyword_names[kw as usize].clone(),
                            n as f64 / per_game,
                        )
                    })
                })
                .collect()
        };
        let cards = pool
            .iter()
            .enumerate()
            .map(|(p, id)| {
                impact(
                    id,
                    &names[p],
                    &sums.features[p],
                    &sums.creatures[p],
                    matches,
                    config.margin,
                    fired_of(p),
                    1,
                )
            })
            .collect();
        let pool_len = pool.len();
        let keywords_out = version
            .keywords
            .iter()
            .enumerate()
            .map(|(k, &kw)| {
                let f = pool_len + k;
                let holders: Vec<usize> = (0..pool_len)
                    .filter(|&p| version.card_keywords[p].contains(&(k as u16)))
                    .collect();
                let firings: u64 = holders
                    .iter()
                    .map(|&p| sums.fired[p * keywords + kw as usize])
                    .sum();
                let name = &version.keyword_names[kw as usize];
                let per_game = sums.creatures[f].games.max(1) as f64;
                let fired = if firings > 0 {
                    BTreeMap::from([(name.clone(), firings as f64 / per_game)])
                } else {
                    BTreeMap::new()
                };
                impact(
                    name,
                    name,
                    &sums.features[f],
                    &sums.creatures[f],
                    matches,
                    config.margin,
                    fired,
                    holders.len() as u64,
                )
            })
            .collect();
        let first_rate = sums.first.0 as f64 / (2 * games).max(1) as f64;
        // Per match the first player scores a ∈ 0..4 half points over its two games.
        let m = matches.max(1) as f64;
        let mean = sums.first.0 as f64 / m;
        let var = if matches > 1 {
            (sums.first.1 as f64 - m * mean * mean).max(0.0) / (m - 1.0)
        } else {
            0.0
        };
        let half = Z95 * (var / m).sqrt() / 4.0;
        Self {
            config: config.clone(),
            runs: games,
            matches,
            overall: Overall {
                first_wins: sums.results[0],
                second_wins: sums.results[1],
                draws: sums.results[2],
                no_winner: sums.results[3],
                first_player: first_rate,
                first_player_ci95: [first_rate - half, first_rate + half],
                average_turns: sums.turns as f64 / games.max(1) as f64,
            },
            cards,
            keywords: keywords_out,
        }
    }

    /// The cards whose interval clears zero by more than `margin`.
    pub fn outliers(&self, margin: f64) -> impl Iterator<Item = &Impact> {
        self.cards
            .iter()
            .filter(move |c| is_outlier(c.ci95, margin))
    }

    /// The report as JSON (`docs/formats/balance.md`).
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// The report as a readable table, strongest cards first.
    #[must_use]
    pub fn to_table(&self) -> String {
        let mut out = String::new();
        let o = &self.overall;
        let _ = writeln!(
            out,
            "{} battles ({} matches, sides swapped), {}-card lines from {} cards, seed {}",
            self.runs,
            self.matches,
            self.config.line_size,
            self.cards.len(),
            self.config.seed
        );
        let _ = writeln!(
            out,
            "first player wins {:.1}% (95%: {:.1}%–{:.1}%), {:.1} turns a game; outliers: interval clear of 0 by {:.1} points\n",
            o.first_player * 100.0,
            o.first_player_ci95[0] * 100.0,
            o.first_player_ci95[1] * 100.0,
            o.average_turns,
            self.config.margin * 100.0
        );
        write_rows(&mut out, "card", &self.cards);
        out.push('\n');
        write_rows(&mut out, "keyword", &self.keywords);
        out
    }
}

#[allow(clippy::too_many_arguments)] // the parts of one row, each from a different sum
fn impact(
    id: &str,
    name: &str,
    sums: &FeatureSums,
    creatures: &CreatureSums,
    matches: u64,
    margin: f64,
    fired: BTreeMap<String, f64>,
    cards: u64,
) -> Impact {
    let d = with_without(sums, matches).unwrap_or(Difference {
        with: 0.0,
        without: None,
        delta: None,
        ci95: None,
    });
    let per = creatures.games.max(1) as f64;
    Impact {
        id: id.to_owned(),
        name: name.to_owned(),
        games: sums.n,
        win_rate: d.with,
        without: d.without,
        delta: d.delta,
        ci95: d.ci95,
        outlier: is_outlier(d.ci95, margin),
        damage_dealt: creatures.dealt as f64 / per,
        damage_taken: creatures.taken as f64 / per,
        survival: creatures.survived as f64 / per,
        fired,
        cards,
    }
}

fn write_rows(out: &mut String, what: &str, rows: &[Impact]) {
    let _ = writeln!(
        out,
        "{what:<22} {:>8} {:>6} {:>7} {:>17} {:>6} {:>6} {:>5}  fired per game",
        "games", "win%", "delta", "95% interval", "dealt", "taken", "alive"
    );
    let mut sorted: Vec<&Impact> = rows.iter().collect();
    sorted.sort_by(|a, b| b.delta.unwrap_or(0.0).total_cmp(&a.delta.unwrap_or(0.0)));
    for r in sorted {
        let pct = |x: f64| format!("{:+.1}", x * 100.0);
        let (delta, ci) = match (r.delta, r.ci95) {
            (Some(d), Some([lo, hi])) => (pct(d), format!("{} … {}", pct(lo), pct(hi))),
            _ => ("-".to_owned(), "-".to_owned()),
        };
        let fired: Vec<String> = r.fired.iter().map(|(k, v)| format!("{k} {v:.2}")).collect();
        let _ = writeln!(
            out,
            "{:<22} {:>8} {:>6.1} {:>7} {:>17} {:>6.2} {:>6.2} {:>4.0}%  {}{}",
            truncate(&r.id, 22),
            r.games,
            r.win_rate * 100.0,
            delta,
            ci,
            r.damage_dealt,
            r.damage_taken,
            r.survival * 100.0,
            fired.join(", "),
            if r.outlier { "  ← outlier" } else { "" }
        );
    }
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(n - 1).collect();
        t.push('…');
        t
    }
}
