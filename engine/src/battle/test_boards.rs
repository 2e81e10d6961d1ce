//! Boards for the battle engine's unit tests (the property tests that compare a fast path with
//! the general one): a scenario written from creatures given as numbers and keywords.

use super::{BattleContent, BattleSetup, prepare};
use crate::model::BattleScenario;

/// A test creature: attack, life and its keywords as written (`"Armor 1"`).
pub(super) type TestCreature<'a> = (i32, i32, Vec<&'a str>);

/// The standard content with these lines (`a` then `b`; creature `i` is card `c{i}`),
/// optionally ending after `max_turns`.
pub(super) fn setup(a: &[TestCreature], b: &[TestCreature], max_turns: Option<u32>) -> BattleSetup {
    let cards = a
        .iter()
        .chain(b)
        .enumerate()
        .map(|(i, (attack, life, keywords))| {
            let keywords = keywords
                .iter()
                .map(|k| format!("\"{k}\""))
                .collect::<Vec<_>>()
                .join(", ");
            format!(
                "\"c{i}\": (name: \"C{i}\", attack: {attack}, life: {life}, keywords: [{keywords}])"
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let names = |from: usize, n: usize| {
        (from..from + n)
            .map(|i| format!("\"c{i}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let max_turns = max_turns.map_or(String::new(), |n| format!("max_turns: {n}, "));
    let scenario: BattleScenario = ron::from_str(&format!(
        "(name: \"t\", {max_turns}cards: {{{cards}}}, a: [{}], b: [{}])",
        names(0, a.len()),
        names(a.len(), b.len())
    ))
    .expect("the test scenario parses");
    prepare(&BattleContent::standard(), &scenario).expect("the test scenario resolves")
}
