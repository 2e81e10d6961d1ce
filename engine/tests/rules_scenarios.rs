//! Runs every rules scenario under `content/rules-tests/` and checks its `expect` block; checks
//! that every seed rule number (ChiAxis 19.x, 22.x) and every Grand Archive restriction kind and
//! timing has a named scenario.

use std::path::{Path, PathBuf};

use sigilforge_engine::rules::cli::rules_command;
use sigilforge_engine::rules::{Game, RulesScenario, run_scenario};

/// The starter pack's rules scenarios: only the `content_*` tests, whose job is checking the
/// starter pack, read them.
fn scenario_files() -> Vec<PathBuf> {
    ron_files_in("../content/rules-tests")
}

/// The rules scenarios of the engine tests' own pack (`tests/fixtures/pack/`).
fn fixture_files() -> Vec<PathBuf> {
    ron_files_in("tests/fixtures/pack/rules-tests")
}

/// The `.ron` files directly in `dir` (relative to the engine crate), sorted.
fn ron_files_in(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

fn load(path: &Path) -> RulesScenario {
    let source =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    sigilforge_engine::ron_io::parse_one(&source, path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn content_every_rules_scenario_meets_its_expectations() {
    let files = scenario_files();
    assert!(files.len() >= 30, "only {} scenarios", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let scenario = load(path);
        assert!(
            !scenario.expect.is_empty(),
            "{} has no expect",
            path.display()
        );
        let game = run_scenario(&scenario).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // The same run with every cached reading of static effects checked against a fresh one.
        let mut checked =
            Game::new(&scenario).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        checked.verify_static_cache();
        checked.run_checked(&scenario.script, &scenario.expect);
        assert_eq!(checked.log, game.log, "{}", path.display());
        for e in &game.errors {
            failures.push(format!("{}: script error: {e}", path.display()));
        }
        for f in game.check(&scenario.expect) {
            failures.push(format!("{}: {f}\n{}", path.display(), game.report()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Each file under `engine/tests/fixtures/rules-errors/` starts with `// exit N: message` and must
/// exit N with that message on standard error: the errors a designer sees are part of the
/// contract.
#[test]
fn every_error_scenario_fails_with_its_message() {
    let files = ron_files_in("tests/fixtures/rules-errors");
    assert!(files.len() >= 6, "only {} error scenarios", files.len());
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let head = source.lines().next().unwrap_or("");
        let (code, message) = head
            .strip_prefix("// exit ")
            .and_then(|rest| rest.split_once(": "))
            .unwrap_or_else(|| {
                panic!("{}: first line is not `// exit N: message`", path.display())
            });
        let out = rules_command(&path, false);
        assert_eq!(
            out.code.to_string(),
            code,
            "{}: {}",
            path.display(),
            out.stderr
        );
        assert!(
            out.stderr.contains(message),
            "{}: expected `{message}` in:\n{}",
            path.display(),
            out.stderr
        );
    }
}

#[test]
fn content_every_seed_rule_and_restriction_has_a_named_scenario() {
    let names: Vec<String> = scenario_files().iter().map(|p| load(p).name).collect();
    let required = [
        "19.1a ",
        "19.1b ",
        "19.1c ",
        "19.1d ",
        "19.2 ",
        "19.2a ",
        "19.2b ",
        "19.2c ",
        "19.2d ",
        "19.2e ",
        "19.3 ",
        "19.3a ",
        "19.3b ",
        "19.3c ",
        "19.3d ",
        "19.4 ",
        "22.1a ",
        "22.1b ",
        "22.2 ",
        "22.2a ",
        "22.3a ",
        "22.3b ",
        "22.3c ",
        "22.3d ",
        "22.4a ",
        "22.4b ",
        "22.4c ",
        "GA level ",
        "GA class ",
        "GA memory ",
        "GA element ",
        "GA champion ",
        "GA static ",
        "GA in-line ",
    ];
    let missing: Vec<&str> = required
        .iter()
        .filter(|r| !names.iter().any(|n| n.starts_with(*r)))
        .copied()
        .collect();
    assert!(missing.is_empty(), "no scenario named for {missing:?}");
}

/// `docs/rules/abilities-and-effects.md` maps every seed sentence to scenarios: every scenario
/// it names exists, and every scenario is named there.
#[test]
fn content_the_rules_map_names_every_scenario_and_only_real_ones() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules/abilities-and-effects.md"),
    )
    .unwrap();
    let named: Vec<&str> = doc
        .split(|c: char| c == '`' || c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .filter(|w| Path::new(w).extension().is_some_and(|e| e == "ron"))
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/rules-tests");
    // Error scenarios (`rules-errors/…`) are test fixtures beside this file.
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for name in &named {
        assert!(
            dir.join(name).is_file() || fixtures.join(name).is_file(),
            "the map names {name}, which does not exist"
        );
    }
    for path in scenario_files() {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            named.iter().any(|n| *n == file),
            "{file} is not in docs/rules/abilities-and-effects.md"
        );
    }
}

#[test]
fn content_the_seed_examples_are_quoted_word_for_word() {
    let texts: Vec<String> = scenario_files()
        .iter()
        .map(|p| {
            let s = load(p);
            format!("{} {}", s.name, s.description)
        })
        .collect();
    for example in [
        "An effect that reads “Beasts you rule with INT3 or more have ATK +1 until dawn” gives the bonus to all beasts you rule with INT3 or more when the ability resolves— If a beast you rule increases their INT after this, they don’t gain the ATK bonus.",
        "An effect that reads “Beasts may not receive wounds until dawn” doesn’t modify any characteristics, so it’s modifying the rules of the game. That means the effect will apply even to beasts that weren’t in play when the continuous effect began.",
        "One effect “gives a beast flight until dawn”. The next effect “removes flight from a beast until dawn”. Chronological order dictates the second effect overrides the first. In this case, the duration is the same. If one effect ends, the remaining effect is still active regardless of when chronologically it was played.",
    ] {
        assert!(
            texts.iter().any(|t| t.contains(example)),
            "no scenario quotes: {example}"
        );
    }
}

#[test]
fn the_cli_prints_json_and_exits_zero_for_a_passing_scenario() {
    let path = fixture_files()
        .into_iter()
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("22_3b_")
        })
        .unwrap();
    let out = rules_command(&path, true);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(value["expect"]["failed"], serde_json::json!([]));
    assert!(
        value["continuous_effects"][0]["timestamp"]
            .as_u64()
            .unwrap()
            > 0
    );
    let text = rules_command(&path, false);
    assert_eq!(text.code, 0);
    assert!(text.stdout.contains("resolve"), "{}", text.stdout);
}

#[test]
fn a_bad_file_exits_two_with_a_located_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ron");
    std::fs::write(
        &path,
        "RulesScenario(\n  name: \"x\",\n  a: (hand: [\"ghost\"]),\n)",
    )
    .unwrap();
    let out = rules_command(&path, true);
    assert_eq!(out.code, 2);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.contains("bad.ron:3:14: unknown card `ghost`"),
        "{}",
        out.stderr
    );
    std::fs::write(
        &path,
        "RulesScenario(\n  name: \"x\",\n  a: (hand: [\"ghost\"], hnad: []),\n)",
    )
    .unwrap();
    let out = rules_command(&path, false);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with(&format!("{}:3:", path.display())),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1);
}

#[test]
fn a_failed_expectation_exits_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fail.ron");
    std::fs::write(
        &path,
        "RulesScenario(name: \"x\", cards: {\"w\": (name: \"W\", kind: Beast, attack: 2)}, a: (city: [\"w\"]), expect: [Stat(\"w\", \"ATK\", 5)])",
    )
    .unwrap();
    let out = rules_command(&path, false);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("w ATK: expected 5, got 2"),
        "{}",
        out.stderr
    );
}

#[test]
fn scenarios_are_deterministic() {
    for path in fixture_files().iter().take(10) {
        let a = rules_command(path, true);
        let b = rules_command(path, true);
        assert_eq!(a, b);
    }
}

/// Saving a run from the editor: at every step of every scenario, the state read as
/// expectations (`Game::expected_now`) and written to a file with the script so far reads back
/// as a scenario that meets them.
#[test]
fn a_run_saved_at_any_step_with_its_state_as_expectations_passes() {
    for path in &fixture_files() {
        let scenario = load(path);
        let mut game = Game::new(&scenario).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for at in 0..=scenario.script.len() {
            if at > 0 {
                game.run_action(&scenario.script[at - 1]);
            }
            let saved = RulesScenario {
                script: scenario.script[..at].to_vec(),
                expect: game.expected_now(),
                ..scenario.clone()
            };
            let text = sigilforge_engine::ron_io::to_canonical("RulesScenario", &saved)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let read: RulesScenario = sigilforge_engine::ron_io::parse_one(&text, path)
                .unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
            let replayed =
                run_scenario(&read).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let failures = replayed.check(&read.expect);
            assert!(
                failures.is_empty(),
                "{} saved after step {at}: {failures:?}",
                path.display()
            );
        }
    }
}
