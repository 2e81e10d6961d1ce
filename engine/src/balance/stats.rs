//! The statistics of the balance lab (why these: `docs/rules/balance.md`).
//!
//! The unit of independence is the **match**: two line-ups drawn at random from the pool, played
//! twice with the sides swapped. Within a match the observations are tied together (one side's
//! win is the other's loss; the swapped game repeats the line-ups), so every interval here
//! treats a match as one sample (cluster-robust), never a single game or side.
//!
//! Scores are counted in half points so every sum stays an integer (a win is 2, a draw or a
//! game that reaches the turn limit 1, a loss 0): integer sums are the same in any order, so
//! the results do not depend on how the work was split between threads.

use serde::{Deserialize, Serialize};

/// z for a two-sided 95% normal interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Half points a side scores in one game.
pub const WIN: u64 = 2;
/// Half points for a draw or a game with no winner.
pub const DRAW: u64 = 1;
/// Observations (side-games) in one match: two games, two sides each.
pub const SIDES_PER_MATCH: u64 = 4;
/// Half points handed out in one match (each game hands out [`WIN`]).
pub const POINTS_PER_MATCH: u64 = 2 * WIN;

/// Sums over matches for one feature (a card or a keyword on the line): what the with/without
/// difference and its interval are worked out from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatureSums {
    /// Σ n: side-games with the feature on the line (0, 2 or 4 per match).
    pub n: u64,
    /// Σ s: half points those side-games scored.
    pub s: u64,
    /// Σ s².
    pub ss: u64,
    /// Σ n².
    pub nn: u64,
    /// Σ s·n.
    pub sn: u64,
}

impl FeatureSums {
    /// Adds one match: `n` side-games with the feature, scoring `s` half points.
    #[inline]
    pub fn add(&mut self, n: u64, s: u64) {
        self.n += n;
        self.s += s;
        self.ss += s * s;
        self.nn += n * n;
        self.sn += s * n;
    }

    /// Adds another set of sums.
    pub fn merge(&mut self, other: &FeatureSums) {
        self.n += other.n;
        self.s += other.s;
        self.ss += other.ss;
        self.nn += other.nn;
        self.sn += other.sn;
    }
}

/// A difference of two rates with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Difference {
    /// Win rate with the feature.
    pub with: f64,
    /// Win rate without it (`None` when every side-game had it).
    pub without: Option<f64>,
    /// `with − without`.
    pub delta: Option<f64>,
    /// The 95% interval of `delta`.
    pub ci95: Option<[f64; 2]>,
}

/// Win rate with a feature minus win rate without it over `matches` matches, with a 95%
/// interval from the delta method for a ratio of sums, clustered by match.
#[must_use]
pub fn with_without(sums: &FeatureSums, matches: u64) -> Option<Difference> {
    if sums.n == 0 || matches == 0 {
        return None;
    }
    let m = matches as f64;
    let n_w = sums.n as f64;
    let s_w = sums.s as f64;
    let with = s_w / n_w; // half points per side-game: 0..2
    let n_o = (SIDES_PER_MATCH * matches - sums.n) as f64;
    if n_o == 0.0 {
        return Some(Difference {
            with: with / 2.0,
            without: None,
            delta: None,
            ci95: None,
        });
    }
    let s_o = (POINTS_PER_MATCH * matches - sums.s) as f64;
    let without = s_o / n_o;
    // Per match, the without-side sums are the rest of the match: n_o = 4 − n, s_o = 4 − s.
    // The linearised difference per match is z = e_w / N_w − e_o / N_o with
    // e_w = s − R_w n and e_o = (4 − s) − R_o (4 − n); z = a·s + b·n + c.
    let sides = SIDES_PER_MATCH as f64;
    let points = POINTS_PER_MATCH as f64;
    let a = 1.0 / n_w + 1.0 / n_o;
    let b = -with / n_w - without / n_o;
    let c = -(points - without * sides) / n_o;
    let ss = sums.ss as f64;
    let nn = sums.nn as f64;
    let sn = sums.sn as f64;
    let var = a * a * ss
        + b * b * nn
        + c * c * m
        + 2.0 * a * b * sn
        + 2.0 * a * c * s_w
        + 2.0 * b * c * n_w;
    // Small-sample correction for estimating the spread from the matches themselves.
    let var = if matches > 1 {
        var.max(0.0) * m / (m - 1.0)
    } else {
        0.0
    };
    let delta = (with - without) / 2.0;
    let half = Z95 * var.sqrt() / 2.0;
    Some(Difference {
        with: with / 2.0,
        without: Some(without / 2.0),
        delta: Some(delta),
        ci95: Some([delta - half, delta + half]),
    })
}

/// Whether an interval is clear of zero by more than `margin` (either side): an outlier.
#[must_use]
pub fn is_outlier(ci95: Option<[f64; 2]>, margin: f64) -> bool {
    ci95.is_some_and(|[lo, hi]| lo > margin || hi < -margin)
}

/// Sums over matches of a paired change: `d` is the change (after − before) in half points a
/// feature's side-games scored in one match, `n` how many side-games had it (the same in both
/// versions: same line-ups).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedSums {
    /// Σ n.
    pub n: u64,
    /// Σ n².
    pub nn: u64,
    /// Σ d.
    pub d: i64,
    /// Σ d².
    pub dd: u64,
    /// Σ d·n.
    pub dn: i64,
}

impl PairedSums {
    /// Adds one match.
    #[inline]
    pub fn add(&mut self, n: u64, d: i64) {
        self.n += n;
        self.nn += n * n;
        self.d += d;
        self.dd += d.unsigned_abs() * d.unsigned_abs();
        self.dn += d * n as i64;
    }

    /// Adds another set of sums.
    pub fn merge(&mut self, other: &PairedSums) {
        self.n += other.n;
        self.nn += other.nn;
        self.d += other.d;
        self.dd += other.dd;
        self.dn += other.dn;
    }
}

/// A paired change of a rate with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// After − before.
    pub change: f64,
    /// Its 95% interval.
    pub ci95: [f64; 2],
}

impl Change {
    /// Whether the interval excludes zero.
    #[must_use]
    pub fn significant(&self) -> bool {
        self.ci95[0] > 0.0 || self.ci95[1] < 0.0
    }

    /// How the change of a rate that was `before` reads: "+2.5 points (was 40.0%, now 42.5%;
    /// 95% interval +0.3 to +4.7)", with ", not significant" when the interval holds zero
    /// (words, not an arrow: the editor's fonts have no `→`).
    #[must_use]
    pub fn describe(&self, before: f64) -> String {
        format!(
            "{:+.1} points (was {:.1}%, now {:.1}%; 95% interval {:+.1} to {:+.1}){}",
            100.0 * self.change,
            100.0 * before,
            100.0 * (before + self.change),
            100.0 * self.ci95[0],
            100.0 * self.ci95[1],
            if self.significant() {
                ""
            } else {
                ", not significant"
            }
        )
    }
}

/// The change in a win rate between two versions played on the same matches: Σd / Σn with a
/// 95% interval (ratio estimator, clustered by match).
#[must_use]
pub fn paired_change(sums: &PairedSums, matches: u64) -> Option<Change> {
    if sums.n == 0 || matches == 0 {
        return None;
    }
    let n = sums.n as f64;
    let r = sums.d as f64 / n;
    // Σ (d − r·n)² = Σd² − 2rΣdn + r²Σn².
    let resid = sums.dd as f64 - 2.0 * r * sums.dn as f64 + r * r * sums.nn as f64;
    let m = matches as f64;
    let var = if matches > 1 {
        resid.max(0.0) / (n * n) * m / (m - 1.0)
    } else {
        0.0
    };
    let change = r / 2.0;
    let half = Z95 * var.sqrt() / 2.0;
    Some(Change {
        change,
        ci95: [change - half, change + half],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same numbers worked out the long way: per-match residuals, summed.
    fn by_hand(matches: &[(u64, u64)]) -> (f64, f64) {
        let n_w: f64 = matches.iter().map(|m| m.0 as f64).sum();
        let s_w: f64 = matches.iter().map(|m| m.1 as f64).sum();
        let n_o: f64 = matches.iter().map(|m| 4.0 - m.0 as f64).sum();
        let s_o: f64 = matches.iter().map(|m| 4.0 - m.1 as f64).sum();
        let (rw, ro) = (s_w / n_w, s_o / n_o);
        let var: f64 = matches
            .iter()
            .map(|&(n, s)| {
                let (n, s) = (n as f64, s as f64);
                let z = (s - rw * n) / n_w - ((4.0 - s) - ro * (4.0 - n)) / n_o;
                z * z
            })
            .sum();
        let m = matches.len() as f64;
        ((rw - ro) / 2.0, (var * m / (m - 1.0)).sqrt() / 2.0)
    }

    #[test]
    fn the_expanded_sums_agree_with_per_match_residuals() {
        let matches = [
            (2, 4),
            (0, 0),
            (4, 4),
            (2, 1),
            (2, 0),
            (0, 0),
            (4, 6),
            (2, 3),
        ];
        let mut sums = FeatureSums::default();
        for &(n, s) in &matches {
            sums.add(n, s);
        }
        let d = with_without(&sums, matches.len() as u64).unwrap();
        let (delta, sd) = by_hand(&matches);
        assert!((d.delta.unwrap() - delta).abs() < 1e-12);
        let [lo, hi] = d.ci95.unwrap();
        assert!(((hi - lo) / 2.0 - Z95 * sd).abs() < 1e-12);
    }

    #[test]
    fn a_feature_on_every_line_has_no_without() {
        let mut sums = FeatureSums::default();
        sums.add(4, 4);
        sums.add(4, 4);
        let d = with_without(&sums, 2).unwrap();
        assert_eq!((d.with, d.without, d.delta), (0.5, None, None));
        assert!(with_without(&FeatureSums::default(), 2).is_none());
    }

    #[test]
    fn outliers_clear_zero_by_the_margin() {
        assert!(is_outlier(Some([0.03, 0.05]), 0.02));
        assert!(!is_outlier(Some([0.01, 0.05]), 0.02));
        assert!(is_outlier(Some([-0.05, -0.03]), 0.02));
        assert!(!is_outlier(None, 0.0));
    }

    #[test]
    fn no_change_is_not_significant_and_a_steady_gain_is() {
        let mut same = PairedSums::default();
        for _ in 0..50 {
            same.add(2, 0);
        }
        let c = paired_change(&same, 50).unwrap();
        assert!(c.change.abs() < f64::EPSILON);
        assert!(!c.significant());
        let mut gain = PairedSums::default();
        for i in 0..50 {
            gain.add(2, if i % 3 == 0 { 0 } else { 2 });
        }
        let c = paired_change(&gain, 50).unwrap();
        assert!(c.change > 0.0 && c.significant(), "{c:?}");
    }
}
