//! `sigilforge balance PACK [--runs N] [--line-size 7] [--pool FILTER] [--json] ...` as a
//! function (the binary only prints it): a balance of the pack, or with a version to compare
//! with, an A/B of the two.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use crate::command::CommandOutput;
use crate::diag::Diagnostics;
use crate::pack::{Content, MANIFEST_FILE, Pack, load_pack};

use super::suggest::{CardSuggestion, describe, suggest_flagged};
use super::{BalanceConfig, BalanceError, Control, run_ab, run_balance, saved};

pub use super::baseline::Against;

/// What the command is asked to do besides the balance settings.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Worker threads (default: all).
    pub threads: Option<usize>,
    /// Print JSON (`docs/formats/balance.md`).
    pub json: bool,
    /// Compare with this version (A/B) instead of a plain balance.
    pub against: Option<Against>,
    /// Save the results beside the pack (as the editor does), for the Balance panel.
    pub save: bool,
    /// For each flagged card, search the smallest change to one number that brings it inside
    /// the margin (`suggest::suggest_flagged`).
    pub suggest: bool,
}

/// Runs the command. Exit 0 when the run completes, 2 for a bad pack, filter or setting.
#[must_use]
pub fn balance_command(
    pack_dir: &Path,
    config: &BalanceConfig,
    options: &Options,
    progress: &(dyn Fn(u64) + Sync),
) -> CommandOutput {
    let pack = match read_pack(pack_dir) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let cancel = AtomicBool::new(false);
    let control = Control {
        progress,
        cancel: &cancel,
        threads: options.threads,
    };
    // A `serde_json::Value` always writes (its map keys are strings): `{:#}` is its pretty form.
    let render = |value: serde_json::Value| format!("{value:#}\n");
    match &options.against {
        None => match run_balance(&pack, config, control) {
            Ok(Some(report)) => {
                let suggestions = if options.suggest {
                    match suggest_flagged(&pack, &report, control) {
                        Ok(Some(found)) => Some(found),
                        Ok(None) => return CommandOutput::bad_input("cancelled"),
                        Err(e) => return bad(&e),
                    }
                } else {
                    None
                };
                let mut out = CommandOutput::ok(if options.json {
                    let mut json = report.to_json();
                    if let (Some(found), Some(map)) = (&suggestions, json.as_object_mut()) {
                        map.insert(
                            "suggestions".into(),
                            serde_json::to_value(found).unwrap_or_default(),
                        );
                    }
                    render(json)
                } else {
                    let mut table = report.to_table();
                    if let Some(found) = &suggestions {
                        table.push_str(&suggestions_table(found, config.margin));
                    }
                    table
                });
                if options.save
                    && let Err(e) = saved::save(pack_dir, &pack, &report)
                {
                    out.stderr = format!("{e}\n");
                    out.code = 1;
                }
                out
            }
            Ok(None) => CommandOutput::bad_input("cancelled"),
            Err(e) => bad(&e),
        },
        Some(against) => {
            // A folder is read as the pack is, so its problems are listed the same way.
            let before = match against {
                Against::Folder(dir) => read_pack(dir),
                Against::Revision(_) => against.load(pack_dir).map_err(|e| bad(&e)),
            };
            let before = match before {
                Ok(p) => p,
                Err(out) => return out,
            };
            let label = against.label();
            let after_label = pack_dir.display().to_string();
            match run_ab(&before, &label, &pack, &after_label, config, control) {
                Ok(Some(report)) => CommandOutput::ok(if options.json {
                    render(report.to_json())
                } else {
                    report.to_table()
                }),
                Ok(None) => CommandOutput::bad_input("cancelled"),
                Err(e) => bad(&e),
            }
        }
    }
}

/// The suggestions under the report's table.
fn suggestions_table(found: &[CardSuggestion], margin: f64) -> String {
    let mut lines = vec![
        String::new(),
        format!(
            "Suggested fixes (flagged cards, margin {:.1} points):",
            100.0 * margin
        ),
    ];
    if found.is_empty() {
        lines.push("  no card is flagged".to_owned());
    }
    lines.extend(found.iter().map(|c| format!("  {}", describe(c))));
    lines.push(String::new());
    lines.join("\n")
}

fn bad(e: &BalanceError) -> CommandOutput {
    match e {
        BalanceError::Content(diags) => CommandOutput::bad_input(
            diags
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        e => CommandOutput::bad_input(format!("balance: {e}")),
    }
}

/// Loads a pack folder; problems in the files the battles read (cards, keywords, files that
/// did not parse) stop the command with every one of them listed.
fn read_pack(dir: &Path) -> Result<Pack, CommandOutput> {
    if !dir.join(MANIFEST_FILE).is_file() {
        return Err(CommandOutput::bad_input(format!(
            "{}: not a pack folder (no {MANIFEST_FILE})",
            dir.display()
        )));
    }
    let mut diags = Diagnostics::new();
    let pack = load_pack(dir, &mut diags);
    let relevant: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == crate::diag::Severity::Error)
        .filter(|d| {
            pack.files.iter().any(|f| {
                pack.root.join(&f.path) == d.file
                    && matches!(
                        f.content,
                        Content::Cards(_) | Content::Keywords(_) | Content::Unread { .. }
                    )
            })
        })
        .map(ToString::to_string)
        .collect();
    if relevant.is_empty() {
        Ok(pack)
    } else {
        Err(CommandOutput::bad_input(relevant.join("\n")))
    }
}
