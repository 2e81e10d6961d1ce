//! Scenarios as tests: every scenario file of a pack (battle, rules, glyph, encounter) run by
//! its own command's runner, then checked against its expectations. `sigilforge test PACK`
//! prints the results; the editor's Library shows the same results as badges.
//!
//! What counts as a failure is each system's own: a battle that does not end as its `expect`
//! says, a rules script that makes a mistake or an `expect` that does not hold, and, for glyph
//! networks and encounters (which have no expectations), a file their command refuses or a run
//! that cannot start. Each failure is located (`file:line:col: message`).

use std::fmt::Write as _;
use std::path::Path;

use crate::command::CommandOutput;
use crate::diag::{Diagnostic, Diagnostics, Location, Severity};
use crate::ron_io;

/// The rule system a scenario file belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum System {
    /// `BattleScenario(...)`: the battle line.
    Battle,
    /// `RulesScenario(...)`: the rules sandbox.
    Rules,
    /// `GlyphNetwork(...)`: glyph networks.
    Glyph,
    /// `Encounter(...)`: tabletop encounters.
    Encounter,
}

impl System {
    /// The system's name as the command line writes it (`battle`, `rules`, …).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            System::Battle => "battle",
            System::Rules => "rules",
            System::Glyph => "glyph",
            System::Encounter => "encounter",
        }
    }

    /// The system a file's leading tag names, if it is a scenario.
    #[must_use]
    pub fn of_source(source: &str) -> Option<Self> {
        match ron_io::leading_tag(source)? {
            "BattleScenario" => Some(System::Battle),
            "RulesScenario" => Some(System::Rules),
            "GlyphNetwork" => Some(System::Glyph),
            "Encounter" => Some(System::Encounter),
            _ => None,
        }
    }
}

/// One scenario run as a test.
#[derive(Debug, Clone)]
pub struct ScenarioResult {
    /// Which system ran it.
    pub system: System,
    /// The scenario's name (its file name if it could not be read).
    pub name: String,
    /// What failed, each at the place in the file it is about (empty: it passed).
    pub failures: Vec<Diagnostic>,
}

impl ScenarioResult {
    /// Whether every expectation held.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Runs the scenario in `source` (the text of `file`) as a test; `None` for a file that is not
/// a scenario (cards, keywords, …). Deterministic: the scenario's own seed (0 for an
/// encounter, as `sigilforge encounter` plays it).
#[must_use]
pub fn run_scenario(file: &Path, source: &str) -> Option<ScenarioResult> {
    let system = System::of_source(source)?;
    let mut diags = Diagnostics::new();
    let name = match system {
        System::Battle => run_battle(file, source, &mut diags),
        System::Rules => run_rules(file, source, &mut diags),
        System::Glyph => run_glyph(file, source, &mut diags),
        System::Encounter => run_encounter(file, source, &mut diags),
    };
    let name = name.unwrap_or_else(|| {
        file.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    });
    let failures = diags
        .into_vec()
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    Some(ScenarioResult {
        system,
        name,
        failures,
    })
}

fn run_battle(file: &Path, source: &str, diags: &mut Diagnostics) -> Option<String> {
    let (scenario, setup) = crate::battle::setup::load_scenario_source(source, file, diags)?;
    let mut battle = crate::battle::Battle::new(&setup, scenario.seed);
    battle.run();
    if let Some(expect) = &scenario.expect {
        for failure in crate::battle::expectation_failures(&battle, expect) {
            diags.error(file, crate::locate::field(source, "expect"), failure);
        }
    }
    Some(scenario.name)
}

fn run_rules(file: &Path, source: &str, diags: &mut Diagnostics) -> Option<String> {
    let (scenario, mut game) = crate::rules::cli::load_source(source, file, diags)?;
    crate::rules::cli::run_checked(&mut game, &scenario, source, file, diags);
    Some(scenario.name)
}

fn run_glyph(file: &Path, source: &str, diags: &mut Diagnostics) -> Option<String> {
    match crate::glyph::load(source, file) {
        Ok((net, _warnings)) => {
            let outcome = crate::glyph::GlyphRun::new(&net).run_to_end();
            for (i, why) in crate::glyph::expect::failures(&net, &outcome) {
                diags.error(file, crate::locate::item(source, "expect", i), why);
            }
            Some(net.name)
        }
        Err(found) => {
            diags.extend(found);
            None
        }
    }
}

fn run_encounter(file: &Path, source: &str, diags: &mut Diagnostics) -> Option<String> {
    let (encounter, content) = crate::encounter::load_source(source, file, diags)?;
    if diags.has_errors() {
        return Some(encounter.name);
    }
    match crate::encounter::EncounterRun::new(&content, &encounter, 0) {
        Ok(mut run) => {
            run.run_to_end();
            for (i, e) in encounter.expect.iter().enumerate() {
                if let Some(why) = e.failure(&run) {
                    diags.error(file, crate::locate::item(source, "expect", i), why);
                }
            }
        }
        Err(e) => diags.error(file, Location::START, e.to_string()),
    }
    Some(encounter.name)
}

/// Every scenario of the pack in `root`, each with its path relative to the root, in path
/// order. Problems listing or reading the files are recorded in `diags`.
#[must_use]
pub fn test_pack(root: &Path, diags: &mut Diagnostics) -> Vec<(String, ScenarioResult)> {
    let mut out = Vec::new();
    let mut files = super::ron_files(root, diags);
    files.sort();
    for rel in files {
        if super::is_scratch(&rel.replace('\\', "/")) {
            continue;
        }
        let path = root.join(&rel);
        let Some(source) = super::read_text(&path, diags) else {
            continue;
        };
        if let Some(result) = run_scenario(&path, &source) {
            out.push((rel, result));
        }
    }
    out
}

/// The last line of a test run: `N passed, M failed`.
#[must_use]
pub fn summary<'a>(results: impl IntoIterator<Item = &'a ScenarioResult>) -> String {
    let (mut passed, mut failed) = (0usize, 0usize);
    for r in results {
        if r.passed() {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    format!("{passed} passed, {failed} failed")
}

/// `sigilforge test PACK`: runs every scenario of every system in the pack, one line each
/// (`ok` or `FAILED`, the system, the file, the name), each failure located under it, and
/// ends with `N passed, M failed`. Exit 1 if any failed, 2 if PACK is not a pack.
#[must_use]
pub fn test_command(root: &Path) -> CommandOutput {
    if !root.join(super::MANIFEST_FILE).is_file() {
        return CommandOutput::bad_input(format!(
            "{}:1:1: not a pack folder (no {})",
            root.display(),
            super::MANIFEST_FILE
        ));
    }
    let mut problems = Diagnostics::new();
    let results = test_pack(root, &mut problems);
    let mut out = CommandOutput::default();
    for d in &problems {
        let _ = writeln!(out.stderr, "{d}");
    }
    for (rel, r) in &results {
        let verdict = if r.passed() { "ok    " } else { "FAILED" };
        let _ = writeln!(
            out.stdout,
            "{verdict} {:<9} {rel} — {}",
            r.system.name(),
            r.name
        );
        for f in &r.failures {
            let _ = writeln!(out.stdout, "    {f}");
        }
    }
    let _ = writeln!(out.stdout, "{}", summary(results.iter().map(|(_, r)| r)));
    if results.iter().any(|(_, r)| !r.passed()) || problems.has_errors() {
        out.code = 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(vitae: i32) -> String {
        format!(
            "RulesScenario(\n    name: \"Gain\",\n    cards: {{\"well\": (name: \"Well\", kind: Structure)}},\n    \
             a: (city: [\"well\"]),\n    script: [Apply(player: A, effects: [GainLife(Fixed(2))])],\n    \
             expect: [Vitae(A, {vitae})],\n)\n"
        )
    }

    #[test]
    fn a_scenario_passes_or_fails_at_its_expectation_and_other_files_are_no_scenarios() {
        let file = Path::new("gain.ron");
        let good = run_scenario(file, &rules(22)).unwrap();
        assert_eq!((good.system, good.name.as_str()), (System::Rules, "Gain"));
        assert!(good.passed(), "{:?}", good.failures);
        let bad = run_scenario(file, &rules(30)).unwrap();
        assert!(!bad.passed());
        assert_eq!(bad.failures[0].location.line, 6, "{:?}", bad.failures);
        assert_eq!(summary([&good, &bad]), "1 passed, 1 failed");
        assert!(run_scenario(file, "CardSet(cards: [])").is_none());
        // A file its command refuses fails, located.
        let broken = run_scenario(file, "RulesScenario(name: \"x\", cards: {,})").unwrap();
        assert!(!broken.passed());
    }
}
