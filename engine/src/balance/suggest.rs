//! The balance lab's suggested fix (issue #33): for a flagged card, the smallest change to one
//! of its numbers (attack, life, a keyword's value) that brings its effect on the win rate
//! inside the margin, found by paired simulation on the same matches and seeds.
//!
//! Why only the matches the card plays: a card's own numbers change only the games it is in
//! (pool cards are never created by an effect: tokens are left out of the pool), and its
//! with/without difference is worked out from the matches it is in and the run's match count
//! alone (`stats::with_without`: the rest of a match scores what the card's side did not). So
//! each candidate replays the same matches the balance run drew for that card, on the same
//! seeds, about a quarter of the run for a 60-card pool and 7-card lines, and the change it
//! makes is measured paired, game for game, against the card as it is.
//!
//! Cost is not tried: a balance game draws line-ups and plays no cards, so no battle reads it.
//! What readings the search makes: `docs/rules/balance.md` ("Suggested fixes").

use std::sync::atomic::Ordering;

use serde::{Deserialize, Serialize};

use crate::model::{Card, KeywordRef};
use crate::pack::{Content, Pack};

use super::lab::{BalanceConfig, Lineups, Version, choose_pool, draw_lineups};
use super::run::{Control, drive};
use super::stats::{FeatureSums, PairedSums, is_outlier, with_without};
use super::tally::{Player, Sums};
use super::{BalanceError, BalanceReport, Impact};

/// The most a number is moved from its printed value.
pub const MAX_STEP: i32 = 8;

/// Which number of a card a suggestion changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Knob {
    /// Printed attack.
    Attack,
    /// Printed life.
    Life,
    /// The value of this keyword the card prints (`Armor 2`: `Armor`).
    Keyword(String),
}

impl Knob {
    /// How the number reads: `Attack`, `Life`, `Armor`.
    #[must_use]
    pub fn label(&self) -> &str {
        match self {
            Knob::Attack => "Attack",
            Knob::Life => "Life",
            Knob::Keyword(name) => name,
        }
    }

    /// The card's value of this number (`None`: it has no such keyword, or no value).
    #[must_use]
    pub fn value(&self, card: &Card) -> Option<i32> {
        match self {
            Knob::Attack => Some(card.attack),
            Knob::Life => Some(card.life),
            Knob::Keyword(name) => card
                .keyword_refs()
                .flatten()
                .find(|k| k.name.eq_ignore_ascii_case(name))
                .and_then(|k| k.value),
        }
    }

    /// The lowest value it may take (a creature needs 1 life; a keyword's value is at least 1).
    fn floor(&self) -> i32 {
        match self {
            Knob::Attack => 0,
            Knob::Life | Knob::Keyword(_) => 1,
        }
    }

    /// `card` with this number set to `value`.
    #[must_use]
    pub fn apply(&self, card: &Card, value: i32) -> Card {
        let mut card = card.clone();
        match self {
            Knob::Attack => card.attack = value,
            Knob::Life => card.life = value,
            Knob::Keyword(name) => {
                for written in &mut card.keywords {
                    if let Some(mut k) = KeywordRef::parse(written)
                        && k.name.eq_ignore_ascii_case(name)
                        && k.value.is_some()
                    {
                        k.value = Some(value);
                        *written = k.to_text();
                    }
                }
            }
        }
        card
    }

    /// The numbers of `card` the search tries: attack, life, and each keyword with a value.
    #[must_use]
    pub fn of(card: &Card) -> Vec<Knob> {
        let mut knobs = vec![Knob::Attack, Knob::Life];
        for k in card.keyword_refs().flatten() {
            if k.value.is_some()
                && !knobs
                    .iter()
                    .any(|o| matches!(o, Knob::Keyword(n) if n.eq_ignore_ascii_case(&k.name)))
            {
                knobs.push(Knob::Keyword(k.name));
            }
        }
        knobs
    }
}

/// A card's effect on the win rate (with − without) and its 95% interval, as rates.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    /// `win_rate − without`.
    pub delta: f64,
    /// Its 95% interval.
    pub ci95: [f64; 2],
}

impl Effect {
    fn of(sums: &FeatureSums, matches: u64) -> Option<Self> {
        let d = with_without(sums, matches)?;
        Some(Self {
            delta: d.delta?,
            ci95: d.ci95?,
        })
    }

    /// Half the interval's width.
    #[must_use]
    pub fn half_width(&self) -> f64 {
        (self.ci95[1] - self.ci95[0]) / 2.0
    }
}

/// The fix found for a flagged card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Suggestion {
    /// The card's id.
    pub id: String,
    /// Its printed name.
    pub name: String,
    /// Which number to change.
    pub knob: Knob,
    /// Its value now.
    pub from: i32,
    /// The value suggested.
    pub to: i32,
    /// The card's effect now, over the matches it plays.
    pub before: Effect,
    /// Its effect with the change, on the same matches and seeds.
    pub after: Effect,
    /// The paired change of the card's win rate, after − before, with its 95% interval.
    pub change: [f64; 3],
    /// The card with the change made (what applying the suggestion writes).
    pub card: Card,
}

impl Suggestion {
    /// How the suggestion reads: "Attack 4 → 3: +9.1 → +1.2 points, 95% interval ±0.8".
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "{} {} → {}: {:+.1} → {:+.1} points, 95% interval ±{:.1}",
            self.knob.label(),
            self.from,
            self.to,
            100.0 * self.before.delta,
            100.0 * self.after.delta,
            100.0 * self.after.half_width()
        )
    }
}

/// What the search found for one card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Outcome {
    /// The card is not flagged: nothing to fix.
    Fine,
    /// The smallest change found.
    Suggested(Box<Suggestion>),
    /// No change of one number by up to [`MAX_STEP`] brings it inside the margin.
    NotFound {
        /// The closest the search came: the number, its value and the effect there.
        closest: Option<Box<Suggestion>>,
    },
}

/// One card's matches, played on several versions of it.
struct CardLab<'p> {
    pack: &'p Pack,
    config: &'p BalanceConfig,
    pool: Vec<String>,
    /// The card's pool position.
    pos: u16,
    /// The matches of the run that put the card on a line.
    matches: Vec<u64>,
    control: Control<'p>,
}

/// Per match of [`CardLab::matches`]: side-games with the card and the half points they scored.
type Scores = Vec<(u64, u64)>;

/// A worker of [`CardLab::play`]: its player, sums, and per match played `(index, (n, s))`.
type Worker = (Player, Sums, Vec<(u64, (u64, u64))>);

impl CardLab<'_> {
    /// Plays the card's matches with `card` in place of the pack's: its sums and per-match scores.
    fn play(&self, card: &Card) -> Result<Option<(FeatureSums, Scores)>, BalanceError> {
        let pack = with_card(self.pack, card);
        let version = Version::new(&pack, &self.pool, self.config)?;
        let (pool_len, line_size, seed) =
            (self.pool.len(), self.config.line_size, self.config.seed);
        let pos = self.pos;
        let draw = |i: u64, scratch: &mut Vec<u16>, out: &mut Lineups| {
            // `drive` hands out 0..len: the i-th match the card plays.
            let index = self.matches.get(i as usize).copied().unwrap_or_default();
            draw_lineups(seed, index, pool_len, line_size, scratch, out);
        };
        let init = || (Player::new(&version), Sums::new(&version), Vec::new());
        let play = |w: &mut Worker, lineups: &Lineups| {
            let outcome = w.0.play(&version, lineups, &mut w.1);
            let mut n = 0;
            let mut s = 0;
            for (l, line) in lineups.lines.iter().enumerate() {
                if line.contains(&pos) {
                    n += 2;
                    s += outcome.scores[l];
                }
            }
            w.2.push((lineups.index, (n, s)));
        };
        let merge = |mut a: Worker, b: Worker| {
            a.2.extend(b.2);
            a
        };
        let Some((_, _, mut per_match)) = drive(
            self.matches.len() as u64,
            self.control,
            &draw,
            &init,
            &play,
            &merge,
        ) else {
            return Ok(None);
        };
        per_match.sort_unstable_by_key(|(index, _)| *index);
        let mut sums = FeatureSums::default();
        let scores: Scores = per_match.into_iter().map(|(_, ns)| ns).collect();
        for &(n, s) in &scores {
            sums.add(n, s);
        }
        Ok(Some((sums, scores)))
    }
}

/// `pack` with the card of `card`'s id replaced by `card`.
#[must_use]
pub fn with_card(pack: &Pack, card: &Card) -> Pack {
    let mut pack = pack.clone();
    for file in &mut pack.files {
        if let Content::Cards(set) = &mut file.content
            && let Some(c) = set.cards.iter_mut().find(|c| c.id == card.id)
        {
            c.clone_from(card);
        }
    }
    pack
}

/// The paired change of the card's win rate between two plays of its matches:
/// `[change, lo, hi]` (rates), clustered by match.
fn paired(before: &Scores, after: &Scores, matches: u64) -> [f64; 3] {
    let mut sums = PairedSums::default();
    for (&(n, s0), &(_, s1)) in before.iter().zip(after) {
        sums.add(n, s1 as i64 - s0 as i64);
    }
    // The run's other matches do not have the card: they add n = 0 and d = 0, and count.
    match super::stats::paired_change(&sums, matches) {
        Some(c) => [c.change, c.ci95[0], c.ci95[1]],
        None => [0.0, 0.0, 0.0],
    }
}

/// Searches the smallest change to one number of card `id` that brings its effect inside
/// `config.margin`, on the matches a balance run with `config` draws. `Ok(None)` when
/// cancelled. A card that is not flagged is [`Outcome::Fine`].
///
/// The search moves each number one step at a time towards a weaker card (a stronger one for a
/// card that is too weak), all numbers at each step, and stops at the first step where one
/// number brings the card's effect to within the margin (`|delta| ≤ margin`); among several,
/// the one closest to zero. A keyword's value is tried both ways at the first step, then the
/// way that moved the effect towards zero. A number that overshoots (beyond the margin on the
/// other side) or stops moving the effect is not moved further.
pub fn suggest(
    pack: &Pack,
    config: &BalanceConfig,
    id: &str,
    control: Control<'_>,
) -> Result<Option<Outcome>, BalanceError> {
    let pool = choose_pool(pack, config)?;
    let pos = pool
        .iter()
        .position(|p| p == id)
        .ok_or_else(|| BalanceError::MissingCard(id.to_owned()))?;
    let card = pack
        .card(id)
        .ok_or_else(|| BalanceError::MissingCard(id.to_owned()))?
        .clone();
    let total = config.matches();
    let pos16 = u16::try_from(pos).map_err(|_| BalanceError::PoolTooLarge(pool.len()))?;
    let mut scratch = Vec::new();
    let mut lineups = super::run::empty_lineups();
    let matches: Vec<u64> = (0..total)
        .filter(|&i| {
            draw_lineups(
                config.seed,
                i,
                pool.len(),
                config.line_size,
                &mut scratch,
                &mut lineups,
            );
            lineups.lines.iter().any(|l| l.contains(&pos16))
        })
        .collect();
    let lab = CardLab {
        pack,
        config,
        pool,
        pos: pos16,
        matches,
        control,
    };
    let Some((base_sums, base_scores)) = lab.play(&card)? else {
        return Ok(None);
    };
    let Some(before) = Effect::of(&base_sums, total) else {
        return Ok(Some(Outcome::Fine));
    };
    if !is_outlier(Some(before.ci95), config.margin) {
        return Ok(Some(Outcome::Fine));
    }
    let weaker = if before.delta > 0.0 { -1 } else { 1 };
    let margin = config.margin;
    // Each number being moved: its knob, its printed value, the direction, still live.
    let mut live: Vec<(Knob, i32, i32)> = Knob::of(&card)
        .into_iter()
        .filter_map(|k| k.value(&card).map(|v| (k, v, 0)))
        .collect();
    let mut closest: Option<Suggestion> = None;
    for step in 1..=MAX_STEP {
        let mut found: Vec<Suggestion> = Vec::new();
        let mut next = Vec::new();
        for (knob, from, dir) in live {
            let directions: Vec<i32> = match (&knob, dir) {
                (_, d) if d != 0 => vec![d],
                (Knob::Keyword(_), _) => vec![weaker, -weaker],
                _ => vec![weaker],
            };
            let mut best: Option<(i32, Suggestion)> = None;
            for d in directions {
                let to = from + d * step;
                if to < knob.floor() {
                    continue;
                }
                let changed = knob.apply(&card, to);
                let Some((sums, scores)) = lab.play(&changed)? else {
                    return Ok(None);
                };
                let Some(after) = Effect::of(&sums, total) else {
                    continue;
                };
                let suggestion = Suggestion {
                    id: card.id.clone(),
                    name: card.name.clone(),
                    knob: knob.clone(),
                    from,
                    to,
                    before,
                    after,
                    change: paired(&base_scores, &scores, total),
                    card: changed,
                };
                if best
                    .as_ref()
                    .is_none_or(|(_, b)| after.delta.abs() < b.after.delta.abs())
                {
                    best = Some((d, suggestion));
                }
            }
            let Some((d, suggestion)) = best else {
                continue;
            };
            let gap = suggestion.after.delta.abs();
            if closest.as_ref().is_none_or(|c| gap < c.after.delta.abs()) {
                closest = Some(suggestion.clone());
            }
            if gap <= margin {
                found.push(suggestion);
            } else if suggestion.after.delta * before.delta > 0.0
                && gap < before.delta.abs() - f64::EPSILON
            {
                // Still on the same side and closer: worth another step.
                next.push((knob, from, d));
            }
        }
        if let Some(best) = found
            .into_iter()
            .min_by(|a, b| a.after.delta.abs().total_cmp(&b.after.delta.abs()))
        {
            return Ok(Some(Outcome::Suggested(Box::new(best))));
        }
        if next.is_empty() || control.cancel.load(Ordering::Relaxed) {
            break;
        }
        live = next;
    }
    Ok(Some(Outcome::NotFound {
        closest: closest.map(Box::new),
    }))
}

/// One card of a report with what the search found for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardSuggestion {
    /// The card's id.
    pub id: String,
    /// Its printed name.
    pub name: String,
    /// What was found.
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// A search for every card `report` flags, strongest effect first. `Ok(None)` when cancelled.
pub fn suggest_flagged(
    pack: &Pack,
    report: &BalanceReport,
    control: Control<'_>,
) -> Result<Option<Vec<CardSuggestion>>, BalanceError> {
    let mut flagged: Vec<&Impact> = report.cards.iter().filter(|c| c.outlier).collect();
    flagged.sort_by(|a, b| {
        let size = |c: &Impact| c.delta.map_or(0.0, f64::abs);
        size(b).total_cmp(&size(a)).then(a.id.cmp(&b.id))
    });
    let mut out = Vec::new();
    for card in flagged {
        let Some(outcome) = suggest(pack, &report.config, &card.id, control)? else {
            return Ok(None);
        };
        out.push(CardSuggestion {
            id: card.id.clone(),
            name: card.name.clone(),
            outcome,
        });
    }
    Ok(Some(out))
}

/// A card's line in the command's table.
#[must_use]
pub fn describe(card: &CardSuggestion) -> String {
    match &card.outcome {
        Outcome::Fine => format!("{}: inside the margin, no change", card.name),
        Outcome::Suggested(s) => format!("{}: {}", card.name, s.describe()),
        Outcome::NotFound { closest } => match closest {
            Some(c) => format!(
                "{}: no single number within {MAX_STEP} steps brings it inside the margin (closest: {})",
                card.name,
                c.describe()
            ),
            None => format!("{}: no number to change", card.name),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knobs_read_and_write_keyword_values() {
        let card = Card {
            id: "k".into(),
            attack: 3,
            life: 5,
            keywords: vec!["Armor 2".into(), "Fury".into()],
            ..Card::default()
        };
        let knobs = Knob::of(&card);
        assert_eq!(
            knobs,
            [Knob::Attack, Knob::Life, Knob::Keyword("Armor".into())]
        );
        assert_eq!(knobs[2].value(&card), Some(2));
        let changed = knobs[2].apply(&card, 1);
        assert_eq!(changed.keywords, ["Armor 1", "Fury"]);
        assert_eq!(Knob::Life.apply(&card, 4).life, 4);
    }
}
