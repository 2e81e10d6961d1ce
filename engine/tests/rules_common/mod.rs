//! Running a rules scenario written inline, for the rules tests: what it failed, whether it
//! passed. One runner for every test file that checks scenarios this way.

#![allow(dead_code)] // Each test binary uses the helpers it needs.

use sigilforge_engine::rules::{RulesScenario, run_scenario};

/// Runs a scenario text and returns its errors and failed expectations, then the game's
/// report when there are any (none: it met them all).
pub fn failures(text: &str) -> Vec<String> {
    let scenario: RulesScenario = ron::from_str(text).expect("scenario parses");
    let game = run_scenario(&scenario).expect("scenario sets up");
    let mut failed = game.errors.clone();
    failed.extend(game.check(&scenario.expect));
    if !failed.is_empty() {
        failed.push(game.report());
    }
    failed
}

/// The scenario meets every expectation with no error; the failure lists what it did not.
pub fn passes(text: &str) {
    let f = failures(text);
    assert!(f.is_empty(), "{}", f.join("\n"));
}

/// The scenario fails (an expectation or an error): a test's proof that it can fail.
pub fn fails(text: &str) {
    assert!(!failures(text).is_empty(), "expected a failure:\n{text}");
}
