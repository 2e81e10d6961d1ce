//! `sigilforge encounter FILE [--seed N] [--json] [--simulate N] [--sheet OUT.html|OUT.pdf]`.

use std::fmt::Write as _;
use std::path::Path;

use super::difficulty::{EstimatePlan, PlayStyle, estimate_difficulty};
use super::load::load;
use super::run::EncounterRun;
use super::sheet::{SheetWriteError, encounter_sheet_content, sheet_content, write_sheet_file};
use super::space::cell_words;
use crate::command::{CommandOutput, pretty_json};
use crate::diag::{Diagnostics, Severity};

/// Runs an encounter file and prints the final state and the log (JSON with `json`); with
/// `simulate = Some(N)` prints the difficulty estimate over seeds 0..N−1 instead (a careful
/// table, then a naive one, each with its interval); with `sheet`
/// also writes a printable HTML sheet. Exit 0 ok, 1 problems found, 2 unreadable file.
#[must_use]
pub fn encounter_command(
    path: &Path,
    seed: Option<u64>,
    json: bool,
    simulate_runs: Option<u32>,
    sheet: Option<&Path>,
) -> CommandOutput {
    encounter_command_with(path, seed, json, simulate_runs, sheet, None)
}

pub use super::sheet::PdfWriter;

/// [`encounter_command`], with a PDF writer for a sheet path ending in `.pdf` (without one, such
/// a path is refused with exit 2).
#[must_use]
pub fn encounter_command_with(
    path: &Path,
    seed: Option<u64>,
    json: bool,
    simulate_runs: Option<u32>,
    sheet: Option<&Path>,
    pdf: Option<PdfWriter<'_>>,
) -> CommandOutput {
    let mut diags = Diagnostics::new();
    let Some((encounter, content)) = load(path, &mut diags) else {
        let first = diags.iter().next().map_or_else(
            || format!("{}:1:1: cannot be read", path.display()),
            ToString::to_string,
        );
        return CommandOutput::bad_input(first);
    };
    let mut stderr = String::new();
    for d in &diags {
        let _ = writeln!(stderr, "{d}");
    }
    if diags.iter().any(|d| d.severity == Severity::Error) {
        return CommandOutput {
            stdout: String::new(),
            stderr,
            code: 1,
        };
    }
    // With --simulate, the sheet shows that estimate rather than simulating its own.
    let difficulty = match simulate_runs.map(|runs| estimate_difficulty(&content, &encounter, runs))
    {
        None => None,
        Some(Ok(d)) => Some(d),
        Some(Err(e)) => return CommandOutput::bad_input(format!("{}:1:1: {e}", path.display())),
    };
    let mut stdout = String::new();
    if let Some(out) = sheet {
        let sheet = match &difficulty {
            Some(d) => sheet_content(&encounter, &content, Some(d)),
            None => encounter_sheet_content(&encounter, &content, EstimatePlan::default()),
        };
        match write_sheet_file(out, &sheet, pdf) {
            Ok(()) => {}
            Err(e @ SheetWriteError::NoPdfWriter(_)) => {
                return CommandOutput::bad_input(e.to_string());
            }
            Err(e) => {
                let _ = writeln!(stderr, "{e}");
                return CommandOutput {
                    stdout,
                    stderr,
                    code: 1,
                };
            }
        }
        if !json {
            let _ = writeln!(stdout, "Sheet written to {}", out.display());
        }
    }
    if let Some(difficulty) = difficulty {
        if json {
            stdout = match pretty_json(&difficulty) {
                Ok(text) => text,
                Err(e) => return CommandOutput::cannot_write_json(&e),
            };
        } else {
            let _ = writeln!(stdout, "{}: {}", encounter.name, difficulty.headline());
            for style in PlayStyle::ALL {
                let (label, report) = (style.label(), difficulty.table(style));
                let _ = writeln!(
                    stdout,
                    "{label}: `{}` win rate {:.1}% (95% Wilson interval {:.1}%–{:.1}%), draws {}, average rounds {:.2}",
                    report.heroes,
                    report.win_rate * 100.0,
                    report.win_rate_low * 100.0,
                    report.win_rate_high * 100.0,
                    report.draws,
                    report.average_rounds
                );
                for (id, p) in &report.drop_chance {
                    let _ = writeln!(stdout, "  {id} drops in {:.1}% of runs", p * 100.0);
                }
            }
        }
        return CommandOutput {
            stdout,
            stderr,
            code: 0,
        };
    }
    let seed = seed.unwrap_or(0);
    let mut run = match EncounterRun::new(&content, &encounter, seed) {
        Ok(r) => r,
        Err(e) => return CommandOutput::bad_input(format!("{}:1:1: {e}", path.display())),
    };
    run.run_to_end();
    if json {
        let value = serde_json::json!({
            "encounter": encounter.name,
            "seed": seed,
            "outcome": run.outcome(),
            "final": run.state(),
            "log": run.log(),
        });
        stdout = match pretty_json(&value) {
            Ok(text) => text,
            Err(e) => return CommandOutput::cannot_write_json(&e),
        };
    } else {
        let _ = writeln!(stdout, "{} (seed {seed})", encounter.name);
        let names = crate::wording::encounter_names(&run);
        for entry in run.log() {
            let who = entry.actor.as_deref().map_or("-", |a| names.name(a));
            let cause = (entry.cause.after)
                .map(|c| format!("  ← #{c}"))
                .unwrap_or_default();
            let _ = writeln!(
                stdout,
                "#{:<3} r{} {:<8} {}{cause}",
                entry.index,
                entry.round,
                who,
                names.in_text(&entry.text)
            );
        }
        let _ = writeln!(stdout, "\nFinal state:");
        for c in run.state().combatants {
            let conds: Vec<String> = c
                .conditions
                .iter()
                .map(|(k, v)| format!("{k}×{v}"))
                .collect();
            let _ = writeln!(
                stdout,
                "  {:<10} {:<8} health {} of {} at {}{}{}",
                names.name(&c.id),
                c.side,
                c.health,
                c.max_health,
                cell_words(c.position),
                if conds.is_empty() {
                    String::new()
                } else {
                    format!(", {}", conds.join(", "))
                },
                if c.health <= 0 { ", down" } else { "" }
            );
        }
    }
    CommandOutput {
        stdout,
        stderr,
        code: 0,
    }
}
