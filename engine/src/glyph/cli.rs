//! `sigilforge glyph FILE [--json] [--analyse]`: run (or analyse) a glyph network file.

use std::fmt::Write as _;
use std::path::Path;

use super::analyse::analyse;
use super::check::load_file;
use super::event::GlyphEventKind;
use super::run::GlyphRun;
use crate::command::CommandOutput;

/// Runs the `glyph` subcommand.
///
/// - `json`: the spec's JSON on stdout (or the analyser's JSON with `analyse`).
/// - neither: a readable round-by-round log (warnings about the file on stderr).
/// - `analyse`: the analyser's report instead of a run (the network is not run).
///
/// A bad file: one line `file:line:column: message` on stderr, exit 2, nothing on stdout.
#[must_use]
pub fn glyph_command(path: &Path, json: bool, analyse_only: bool) -> CommandOutput {
    let (net, warnings) = match load_file(path) {
        Ok(loaded) => loaded,
        Err(diags) => {
            let first = diags
                .iter()
                .find(|d| d.severity == crate::diag::Severity::Error)
                .map_or_else(
                    || format!("{}:1:1: could not be read", path.display()),
                    ToString::to_string,
                );
            return CommandOutput::bad_input(first);
        }
    };
    let mut stderr = String::new();
    if !json {
        for w in &warnings {
            let _ = writeln!(stderr, "{w}");
        }
    }
    let stdout = if analyse_only {
        let report = analyse(&net);
        if json {
            pretty(&report.to_json())
        } else {
            format!("Analysis of \"{}\"\n{}", net.name, report.to_text())
        }
    } else {
        let mut run = GlyphRun::new(&net);
        let outcome = run.run_to_end();
        if json {
            pretty(&outcome.to_json())
        } else {
            readable_log(&run)
        }
    };
    CommandOutput {
        stdout,
        stderr,
        code: 0,
    }
}

fn pretty(value: &serde_json::Value) -> String {
    let mut s = serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string());
    s.push('\n');
    s
}

/// The run as text: each round's events, then the ending, dismissals and standing links.
#[must_use]
pub fn readable_log(run: &GlyphRun) -> String {
    let net = run.network();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} — {}, {}, at most {}",
        net.name,
        crate::wording::plural(net.glyphs.len(), "glyph", "glyphs"),
        crate::wording::plural(net.links.len(), "link", "links"),
        crate::wording::plural(net.max_rounds, "round", "rounds")
    );
    for round in run.rounds() {
        let _ = writeln!(s, "Round {}", round.round);
        let events = run.events_of(round.round);
        if events
            .iter()
            .all(|e| matches!(e.kind, GlyphEventKind::Ended { .. }))
        {
            let _ = writeln!(s, "  nothing happens");
        }
        for e in events {
            let _ = writeln!(s, "  {}", e.text);
        }
    }
    let end = run.end().map_or("unfinished", |e| e.as_str());
    let _ = writeln!(s, "End: {end} after round {}", run.round());
    let outcome = run.outcome();
    let dismissed = if outcome.dismissed.is_empty() {
        "none".to_owned()
    } else {
        outcome.dismissed.join(", ")
    };
    let _ = writeln!(s, "Dismissed: {dismissed}");
    let links: Vec<String> = outcome
        .links
        .iter()
        .map(|(a, b)| format!("{a}–{b}"))
        .collect();
    let links = if links.is_empty() {
        "none".to_owned()
    } else {
        links.join(", ")
    };
    let _ = writeln!(s, "Links standing: {links}");
    s
}
