//! `validate` agrees with the commands that run files: every file `battle`, `glyph`,
//! `encounter` or `rules` refuses, `validate` refuses too. The files are real ones (the starter
//! pack's scenarios, networks, encounters and rules tests, and the contract examples) with
//! random faults put in: a string or number replaced, a field name misspelled, a line dropped.
//! Each is checked inside a copy of the starter pack (as a pack file) and alone in a folder.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod spec_examples;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use proptest::prelude::*;
use sigilforge_engine::battle::cli::battle_command;
use sigilforge_engine::command::CommandOutput;
use sigilforge_engine::encounter::cli::encounter_command;
use sigilforge_engine::glyph::cli::glyph_command;
use sigilforge_engine::pack::validate_command;
use sigilforge_engine::rules::cli::rules_command;

/// The commands that run files, by the tag of the files they run.
fn run(tag: &str, path: &Path) -> CommandOutput {
    match tag {
        "BattleScenario" => battle_command(path, None, None, true),
        "GlyphNetwork" => glyph_command(path, true, false),
        "Encounter" => encounter_command(path, None, true, None, None),
        "RulesScenario" => rules_command(path, true),
        other => panic!("no command runs {other}"),
    }
}

/// A file to break: its text, its path relative to the starter pack (where a copy of it goes),
/// and the tag of what it holds.
#[derive(Debug, Clone)]
struct Seed {
    rel: String,
    text: String,
    tag: &'static str,
}

fn seeds() -> &'static [Seed] {
    static SEEDS: OnceLock<Vec<Seed>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let root = spec_examples::workspace().join("engine/tests/fixtures/pack");
        let mut files: Vec<(PathBuf, String)> = Vec::new();
        for dir in [
            "battle-line/scenarios",
            "glyphs",
            "encounters",
            "rules-tests",
        ] {
            for path in spec_examples::ron_files_in(&root.join(dir)) {
                files.push((path.clone(), format!("{dir}/zz-mutant.ron")));
            }
        }
        for folder in ["battle-examples", "glyph-examples"] {
            for path in spec_examples::ron_files_in(&spec_examples::fixture_dir(folder)) {
                files.push((path, "zz-mutant.ron".to_owned()));
            }
        }
        files
            .into_iter()
            .filter_map(|(path, rel)| {
                let text = std::fs::read_to_string(&path).unwrap();
                let tag = [
                    "BattleScenario",
                    "GlyphNetwork",
                    "Encounter",
                    "RulesScenario",
                ]
                .into_iter()
                .find(|t| sigilforge_engine::ron_io::leading_tag(&text) == Some(*t))?;
                Some(Seed { rel, text, tag })
            })
            .collect()
    })
}

/// Byte ranges in a text.
type Spans = Vec<(usize, usize)>;

/// Spans of the string literals and numbers in a RON text, and of field names (`name:`).
fn tokens(text: &str) -> (Spans, Spans, Spans) {
    let bytes = text.as_bytes();
    let (mut strings, mut numbers, mut fields) = (Vec::new(), Vec::new(), Vec::new());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                strings.push((start, (i + 1).min(bytes.len())));
                i += 1;
            }
            b'0'..=b'9' | b'-' => {
                let start = i;
                i += 1;
                while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                    i += 1;
                }
                numbers.push((start, i));
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                if bytes.get(i) == Some(&b':') {
                    fields.push((start, i));
                }
            }
            _ => i += 1,
        }
    }
    (strings, numbers, fields)
}

/// One fault to put in.
#[derive(Debug, Clone)]
enum Fault {
    /// The n-th string becomes this (quoted).
    String(usize, &'static str),
    /// The n-th string becomes the m-th string of the file.
    SwapString(usize, usize),
    /// The n-th number becomes this.
    Number(usize, &'static str),
    /// The n-th field name gets a letter doubled.
    Typo(usize),
    /// The n-th line goes.
    DropLine(usize),
}

fn fault() -> impl Strategy<Value = Fault> {
    let words = prop::sample::select(vec![
        "",
        "ghost",
        "Armour 2",
        "Armor",
        "Fury 2",
        "noon",
        "a",
        "bell",
        "goblin",
        "melee_attack",
    ]);
    let numbers = prop::sample::select(vec!["0", "1", "-1", "17", "40"]);
    prop_oneof![
        3 => (any::<usize>(), words).prop_map(|(n, w)| Fault::String(n, w)),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(n, m)| Fault::SwapString(n, m)),
        2 => (any::<usize>(), numbers).prop_map(|(n, v)| Fault::Number(n, v)),
        1 => any::<usize>().prop_map(Fault::Typo),
        1 => any::<usize>().prop_map(Fault::DropLine),
    ]
}

fn apply(text: &str, fault: &Fault) -> String {
    let (strings, numbers, fields) = tokens(text);
    let replace =
        |(a, b): (usize, usize), with: &str| format!("{}{with}{}", &text[..a], &text[b..]);
    let pick = |list: &[(usize, usize)], n: usize| (!list.is_empty()).then(|| list[n % list.len()]);
    match fault {
        Fault::String(n, w) => pick(&strings, *n).map(|s| replace(s, &format!("\"{w}\""))),
        Fault::SwapString(n, m) => pick(&strings, *n)
            .zip(pick(&strings, *m))
            .map(|(s, (a, b))| replace(s, &text[a..b])),
        Fault::Number(n, v) => pick(&numbers, *n).map(|s| replace(s, v)),
        Fault::Typo(n) => pick(&fields, *n)
            .map(|(a, b)| replace((a, b), &format!("{}{}", &text[a..b], &text[b - 1..b]))),
        Fault::DropLine(n) => {
            let lines: Vec<&str> = text.lines().collect();
            (!lines.is_empty()).then(|| {
                let drop = n % lines.len();
                lines
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != drop)
                    .map(|(_, l)| *l)
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        }
    }
    .unwrap_or_else(|| text.to_owned())
}

/// A copy of the starter pack, made once for the whole test binary.
fn starter_copy() -> &'static Path {
    static COPY: OnceLock<tempfile::TempDir> = OnceLock::new();
    COPY.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        spec_examples::copy_dir(
            &spec_examples::workspace().join("engine/tests/fixtures/pack"),
            dir.path(),
        );
        dir
    })
    .path()
}

/// Writes `text` at `path`, runs the command and `validate`, and checks they agree.
fn check_agrees(tag: &str, path: &Path, text: &str) -> Result<(), TestCaseError> {
    std::fs::write(path, text).unwrap();
    let ran = run(tag, path);
    let validated = validate_command(path);
    if ran.code != 0 {
        prop_assert_eq!(
            validated.code,
            1,
            "`{}` refused (exit {}: {}) but validate passed:\n{}\n--- file ---\n{}",
            tag,
            ran.code,
            ran.stderr.trim(),
            validated.stdout,
            text
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn what_a_command_refuses_validate_refuses(pick in any::<usize>(), faults in prop::collection::vec(fault(), 1..3)) {
        let seed = &seeds()[pick % seeds().len()];
        let text = faults.iter().fold(seed.text.clone(), |t, f| apply(&t, f));
        // As a file of the starter pack (where its `pack: Some("../..")` resolves)…
        let in_pack = starter_copy().join(&seed.rel);
        check_agrees(seed.tag, &in_pack, &text)?;
        std::fs::remove_file(&in_pack).unwrap();
        // …and alone in a folder of its own.
        let alone = tempfile::tempdir().unwrap();
        check_agrees(seed.tag, &alone.path().join("file.ron"), &text)?;
    }
}

#[test]
fn the_seeds_cover_every_command() {
    for tag in [
        "BattleScenario",
        "GlyphNetwork",
        "Encounter",
        "RulesScenario",
    ] {
        assert!(
            seeds().iter().any(|s| s.tag == tag),
            "no {tag} file to break"
        );
    }
}
