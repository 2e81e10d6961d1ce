//! `sigilforge rules FILE [--json]`: runs a rules scenario and prints the final state.
//!
//! The checks live here once: [`load_source`] (the file, its pack, the setup) and
//! [`run_checked`] (the script's mistakes and the expectations). The command runs both;
//! `sigilforge validate` runs both through [`check_source`].

use std::fmt::Write as _;
use std::path::Path;

use crate::command::CommandOutput;
use crate::diag::{Diagnostics, Severity, locate_literal};
use crate::locate;

use super::game::Game;
use super::scenario::RulesScenario;

/// Reads, sets up and runs a rules scenario file.
///
/// Exit 2 with `file:line:col: message` for a file that cannot be read or set up (a syntax
/// error, a missing pack, a card that does not exist); exit 1 when the script makes a mistake
/// or an `expect` fails (each listed on standard error, located); 0 otherwise. Standard output
/// is the JSON state (`json`) or a readable log.
#[must_use]
pub fn rules_command(path: &Path, json: bool) -> CommandOutput {
    let source = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => {
            return CommandOutput::bad_input(format!("{}:1:1: cannot read: {e}", path.display()));
        }
    };
    let mut setup = Diagnostics::new();
    let loaded = load_source(&source, path, &mut setup);
    let first_error = setup.iter().find(|d| d.severity == Severity::Error);
    let (scenario, mut game) = match (loaded, first_error) {
        (Some(loaded), None) => loaded,
        (_, first) => {
            return CommandOutput::bad_input(first.map_or_else(
                || format!("{}:1:1: could not be read", path.display()),
                ToString::to_string,
            ));
        }
    };
    let mut problems = Diagnostics::new();
    let failures = run_checked(&mut game, &scenario, &source, path, &mut problems);
    let stdout = if json {
        let mut value = game.to_json();
        if let Some(map) = value.as_object_mut() {
            map.insert("name".into(), serde_json::json!(scenario.name));
            map.insert(
                "expect".into(),
                serde_json::json!({"checked": scenario.expect.len(), "failed": failures}),
            );
        }
        // A `serde_json::Value` always writes (its map keys are strings): `{:#}` is pretty.
        format!("{value:#}\n")
    } else {
        format!("{}\n{}", scenario.name, game.report())
    };
    let mut stderr = String::new();
    for d in &problems {
        let _ = writeln!(stderr, "{d}");
    }
    CommandOutput {
        stdout,
        stderr,
        code: i32::from(problems.has_errors()),
    }
}

/// Every check `rules` makes before running a scenario's text (`file` names it and anchors its
/// `pack`): the RON (going on past a typo'd field), the pack, then the setup (unknown cards,
/// phases, attachments), each problem located. Gives the scenario and its game when the game
/// could be set up; `rules` runs it only if nothing at all was recorded, `validate` runs it
/// anyway to report what the script would do.
pub fn load_source(
    source: &str,
    file: &Path,
    diags: &mut Diagnostics,
) -> Option<(RulesScenario, Game)> {
    let mut scenario: RulesScenario = crate::ron_io::parse(source, file, diags)?;
    super::load_scenario_pack(&mut scenario, source, file, diags);
    super::load_scenario_profile(&mut scenario, source, file, diags);
    let (game, errors) = Game::setup(&scenario);
    let set_up = errors.is_empty();
    for e in errors {
        diags.error(file, locate_literal(source, &e.literal, 0), e.message);
    }
    for w in super::names::check_scenario(game.profile(), &scenario) {
        if w.warning {
            diags.warning(file, locate_literal(source, &w.literal, 0), w.message);
        }
    }
    set_up.then_some((scenario, game))
}

/// Runs the script, recording each mistake it makes at the action that made it and each
/// failed expectation at that expectation. Returns the failed expectations' texts (for the
/// JSON's `expect.failed`).
pub fn run_checked(
    game: &mut Game,
    scenario: &RulesScenario,
    source: &str,
    file: &Path,
    diags: &mut Diagnostics,
) -> Vec<String> {
    for (step, e) in game.run_checked(&scenario.script, &scenario.expect) {
        let at = match step {
            Some(i) => locate::item(source, "script", i),
            None => locate::field(source, "script"),
        };
        diags.error(file, at, format!("script error: {e}"));
    }
    let mut failed = Vec::new();
    for (i, expect) in scenario.expect.iter().enumerate() {
        for f in game.check(std::slice::from_ref(expect)) {
            diags.error(
                file,
                locate::item(source, "expect", i),
                format!("expectation failed: {f}"),
            );
            failed.push(f);
        }
    }
    failed
}

/// Every check `rules` makes on a scenario's text, set up and run: what `validate` reports for
/// a `RulesScenario` file.
pub fn check_source(source: &str, file: &Path, diags: &mut Diagnostics) {
    if let Some((scenario, mut game)) = load_source(source, file, diags) {
        run_checked(&mut game, &scenario, source, file, diags);
    }
}
