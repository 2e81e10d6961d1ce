//! The `battle` and `simulate` commands as functions (the `sigilforge` binary only prints them).

use std::fmt::Write as _;
use std::path::Path;

use crate::command::CommandOutput;

use super::core::Battle;
use super::event::EventKind;
use super::setup::{BattleSetup, Setup, load_scenario_file};

/// `sigilforge battle FILE [--seed N] [--max-turns N] [--json]`: runs the battle to its end.
/// With `json`, prints the spec's JSON object; otherwise a readable step-by-step log.
/// A bad file: one line `file:line:col: message` on stderr, exit 2, nothing on stdout.
#[must_use]
pub fn battle_command(
    path: &Path,
    seed: Option<u64>,
    max_turns: Option<u32>,
    json: bool,
) -> CommandOutput {
    let setup = match load_scenario_file(path) {
        Ok((_, setup)) => setup,
        Err(err) => return CommandOutput::bad_input(err.to_string()),
    };
    let setup = with_max_turns(setup, max_turns);
    let seed = seed.unwrap_or(setup.setup.seed);
    if json {
        let mut battle = Battle::with_log(&setup, seed, false);
        battle.run();
        return CommandOutput::json(&battle.outcome_json());
    }
    let mut battle = Battle::new(&setup, seed);
    let mut out = String::new();
    let _ = writeln!(out, "{} (seed {seed})", setup.setup.name);
    while let Some(event) = battle.step() {
        let text = battle.describe_tagged(&event);
        match event.kind {
            EventKind::TurnBegan { .. } => {
                let _ = writeln!(out, "\n=== {text} ===");
            }
            EventKind::PhaseBegan { .. } => {
                let _ = writeln!(out, "--- {text} ---");
            }
            _ => {
                let cause = battle.describe_cause_tagged(&event);
                if cause.is_empty() {
                    let _ = writeln!(out, "#{:<4} {text}", event.index);
                } else {
                    let _ = writeln!(out, "#{:<4} {text}  ← {cause}", event.index);
                }
            }
        }
    }
    let _ = writeln!(out, "\n{}", battle.outcome_json());
    CommandOutput::ok(out)
}

/// A setup with `max_turns` overridden (the command line's `--max-turns`).
#[must_use]
pub fn with_max_turns(setup: BattleSetup, max_turns: Option<u32>) -> BattleSetup {
    match max_turns {
        Some(m) => BattleSetup {
            program: setup.program,
            setup: std::sync::Arc::new(Setup {
                max_turns: m,
                ..(*setup.setup).clone()
            }),
        },
        None => setup,
    }
}

/// The name a scenario's `expect` uses for how a battle ended: `A`, `B`, `draw` or `none`.
#[must_use]
pub fn winner_name(winner: Option<super::Winner>) -> &'static str {
    match winner {
        Some(super::Winner::A) => "A",
        Some(super::Winner::B) => "B",
        Some(super::Winner::Draw) => "draw",
        Some(super::Winner::None) | None => "none",
    }
}

/// How a finished battle differs from its scenario's `expect`, one line per part that does
/// not match (winner, life, discard piles); empty when it ends as expected. A part the
/// expectation leaves out is not checked.
#[must_use]
pub fn expectation_failures(
    battle: &Battle,
    expect: &crate::model::scenario::Expectation,
) -> Vec<String> {
    let mut failures = Vec::new();
    let winner = winner_name(battle.winner());
    if let Some(wanted) = &expect.winner
        && wanted != winner
    {
        failures.push(format!("winner {winner}, expected {wanted}"));
    }
    let life = battle.life();
    if let Some(wanted) = expect.life
        && wanted != (life[0], life[1])
    {
        failures.push(format!("life {life:?}, expected {wanted:?}"));
    }
    let [da, db] = battle.discard();
    if let Some((wa, wb)) = &expect.discard
        && (wa, wb) != (&da, &db)
    {
        failures.push(format!("discard {da:?} {db:?}, expected {wa:?} {wb:?}"));
    }
    failures
}
