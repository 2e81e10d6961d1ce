//! A glyph network as a scenario test: its `expect` list checked against a run's outcome.

use super::event::GlyphEnd;
use super::model::{GlyphExpect, GlyphNetwork};
use super::outcome::GlyphOutcome;

/// Each expectation of `net` that `outcome` does not meet: its index in `expect` and why.
#[must_use]
pub fn failures(net: &GlyphNetwork, outcome: &GlyphOutcome) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, e) in net.expect.iter().enumerate() {
        let why = match e {
            GlyphExpect::Effect(round, glyph, effect) => {
                let met = outcome.rounds.iter().any(|r| {
                    r.round == *round && r.effects.iter().any(|(g, x)| g == glyph && x == effect)
                });
                (!met).then(|| {
                    let when: Vec<String> = rounds_of(outcome, glyph, effect, false);
                    format!(
                        "expected {glyph} to have the effect \"{effect}\" in round {round}; {}",
                        if when.is_empty() {
                            "it never does".to_owned()
                        } else {
                            format!("it does in round {}", when.join(", "))
                        }
                    )
                })
            }
            GlyphExpect::NoEffect(glyph, effect) => {
                let when = rounds_of(outcome, glyph, effect, false);
                (!when.is_empty()).then(|| {
                    format!(
                        "expected {glyph} never to have the effect \"{effect}\"; it does in round {}",
                        when.join(", ")
                    )
                })
            }
            GlyphExpect::EffectRounds(glyph, effect, rounds) => {
                let when = rounds_of(outcome, glyph, effect, false);
                let wanted: Vec<String> = rounds.iter().map(ToString::to_string).collect();
                (when != wanted).then(|| {
                    format!(
                        "expected {glyph} to have the effect \"{effect}\" in round(s) [{}]; it does in [{}]",
                        wanted.join(", "),
                        when.join(", ")
                    )
                })
            }
            GlyphExpect::Hears(round, glyph, what) => {
                let met = outcome.rounds.iter().any(|r| {
                    r.round == *round
                        && r.received
                            .iter()
                            .chain(&r.noticed)
                            .any(|(g, x)| g == glyph && x == what)
                });
                (!met).then(|| {
                    let when = rounds_of(outcome, glyph, what, true);
                    format!(
                        "expected {glyph} to receive \"{what}\" in round {round}; {}",
                        if when.is_empty() {
                            "it never does".to_owned()
                        } else {
                            format!("it does in round {}", when.join(", "))
                        }
                    )
                })
            }
            GlyphExpect::Dismissed(glyph) => (!outcome.dismissed.contains(glyph))
                .then(|| format!("expected {glyph} to be dismissed; it never is")),
            GlyphExpect::Ends(end) => {
                let got = outcome.end.map_or("unfinished", GlyphEnd::as_str);
                (got != end).then(|| {
                    format!(
                        "expected the run to end \"{end}\"; it ends \"{got}\" after round {}",
                        outcome.rounds.len()
                    )
                })
            }
        };
        if let Some(why) = why {
            out.push((i, why));
        }
    }
    out
}

/// The rounds in which `glyph` has effect `what` (or receives or notices it, when `heard`).
fn rounds_of(outcome: &GlyphOutcome, glyph: &str, what: &str, heard: bool) -> Vec<String> {
    outcome
        .rounds
        .iter()
        .filter(|r| {
            let list: Vec<&(String, String)> = if heard {
                r.received.iter().chain(&r.noticed).collect()
            } else {
                r.effects.iter().collect()
            };
            list.iter().any(|(g, x)| g == glyph && x == what)
        })
        .map(|r| r.round.to_string())
        .collect()
}
