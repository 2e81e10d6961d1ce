//! `sigilforge rules FILE [--json]`: runs a rules scenario and prints the final state.

use std::fmt::Write as _;
use std::path::Path;

use crate::command::CommandOutput;
use crate::diag::locate_literal;

use super::game::Game;
use super::scenario::RulesScenario;

/// Reads, sets up and runs a rules scenario file.
///
/// Exit 2 with `file:line:col: message` for a file that cannot be read or names a card that
/// does not exist; exit 1 when the script makes a mistake or an `expect` fails (listed on
/// standard error); 0 otherwise. Standard output is the JSON state (`json`) or a readable log.
#[must_use]
pub fn rules_command(path: &Path, json: bool) -> CommandOutput {
    let source = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => {
            return CommandOutput::bad_input(format!("{}:1:1: cannot read: {e}", path.display()));
        }
    };
    let mut scenario: RulesScenario = match crate::ron_io::parse_one(&source, path) {
        Ok(s) => s,
        Err(message) => return CommandOutput::bad_input(message),
    };
    let base = path.parent().unwrap_or(Path::new("."));
    if let Err(message) = super::load_scenario_pack(&mut scenario, base) {
        return CommandOutput::bad_input(message);
    }
    let mut game = match Game::new(&scenario) {
        Ok(g) => g,
        Err(e) => {
            let at = locate_literal(&source, &e.literal, 0);
            return CommandOutput::bad_input(format!(
                "{}:{}:{}: {}",
                path.display(),
                at.line,
                at.column,
                e.message
            ));
        }
    };
    game.run_checked(&scenario.script, &scenario.expect);
    let failures = game.check(&scenario.expect);
    let stdout = if json {
        let mut value = game.to_json();
        if let Some(map) = value.as_object_mut() {
            map.insert("name".into(), serde_json::json!(scenario.name));
            map.insert(
                "expect".into(),
                serde_json::json!({"checked": scenario.expect.len(), "failed": failures}),
            );
        }
        let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
        text.push('\n');
        text
    } else {
        format!("{}\n{}", scenario.name, game.report())
    };
    let mut stderr = String::new();
    for e in &game.errors {
        let _ = writeln!(stderr, "{}: script error: {e}", path.display());
    }
    for f in &failures {
        let _ = writeln!(stderr, "{}: expectation failed: {f}", path.display());
    }
    let code = i32::from(!stderr.is_empty());
    CommandOutput {
        stdout,
        stderr,
        code,
    }
}
