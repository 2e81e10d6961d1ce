//! The `sigilforge` binary itself, run the way outside tests run it: every contract example
//! (`engine/tests/fixtures/*-examples`, and the shared spec's when it is beside the project)
//! gives exactly its JSON, and `validate` reports located problems.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

#[path = "../../engine/tests/spec_examples/mod.rs"]
mod spec_examples;
mod ui_common;

use std::process::Command;

use spec_examples::workspace;
use ui_common::pdf_page_sizes;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sigilforge"))
}

/// Runs `sigilforge SUB FILE --json` on every example of a contract folder (the way the
/// shared spec's contract checker does) and returns the names that differ.
fn contract_failures(sub: &str, folder: &str, at_least: usize) -> (usize, Vec<String>) {
    let files = spec_examples::example_files(folder, at_least);
    let mut failures = Vec::new();
    for ron in &files {
        let want: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(ron.with_extension("json")).unwrap())
                .unwrap();
        let out = bin().arg(sub).arg(ron).arg("--json").output().unwrap();
        let name = ron.file_name().unwrap().to_string_lossy().into_owned();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let ok = if want.get("error").is_some() {
            out.status.code() == Some(2)
                && stdout.trim().is_empty()
                && stderr.contains(&name)
                && stderr.contains(':')
        } else {
            out.status.code() == Some(0)
                && serde_json::from_str::<serde_json::Value>(&stdout).ok() == Some(want)
        };
        if !ok {
            failures.push(format!(
                "{name}: exit {:?}; {stdout}{stderr}",
                out.status.code()
            ));
        }
    }
    (files.len(), failures)
}

#[test]
fn every_glyph_example_gives_its_json_through_the_binary() {
    let (count, failures) = contract_failures("glyph", "glyph-examples", 2);
    assert!(count >= 2);
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_battle_example_gives_its_json_through_the_binary() {
    let (count, failures) = contract_failures("battle", "battle-examples", 5);
    assert!(count >= 5);
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn simulate_reports_rates_through_the_binary() {
    let file = spec_examples::fixture_dir("battle-examples").join("04-win.ron");
    let out = bin()
        .args(["simulate", "--runs", "200", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["runs"], 200, "{report}");
}

#[test]
fn rules_and_encounter_commands_run_fixture_files() {
    let rules = workspace().join("engine/tests/fixtures/pack/rules-tests");
    let first = std::fs::read_dir(&rules)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "ron"))
        .unwrap();
    let out = bin()
        .arg("rules")
        .arg(&first)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(serde_json::from_slice::<serde_json::Value>(&out.stdout).is_ok());
    let enc = workspace().join("engine/tests/fixtures/pack/encounters/hags_hut.ron");
    let out = bin()
        .arg("encounter")
        .arg(&enc)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(serde_json::from_slice::<serde_json::Value>(&out.stdout).is_ok());
}

#[test]
fn validate_reports_located_problems_and_exits_1() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("pack.ron"),
        "Pack(id: \"t\", name: \"T\", version: \"1\")\n",
    )
    .unwrap();
    std::fs::write(
        tmp.path().join("cards.ron"),
        "CardSet(cards: [\n    (id: \"a\", nmae: \"A\"),\n])\n",
    )
    .unwrap();
    let out = bin().arg("validate").arg(tmp.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("cards.ron:2:15: unknown field `nmae`"),
        "{stdout}"
    );
}

#[test]
fn a_bad_glyph_file_exits_2_with_a_location_and_no_stdout() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("bad.ron");
    std::fs::write(&file, "GlyphNetwork(\n    name: \"x\",\n    glyphs: [(id: \"a\", pos: (0.0, 0.0)) (id: \"b\")],\n)\n").unwrap();
    let out = bin()
        .arg("glyph")
        .arg(&file)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("bad.ron:3:"), "{stderr}");
}

#[test]
fn test_names_each_failed_expectation_and_exits_1() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("pack.ron"),
        "Pack(id: \"t\", name: \"T\", version: \"1\")\n",
    )
    .unwrap();
    let scenario = |vitae: i32| {
        format!(
            "RulesScenario(\n    name: \"Gain {vitae}\",\n    cards: {{\"well\": (name: \"Well\", kind: Structure)}},\n    \
             a: (city: [\"well\"]),\n    script: [Apply(player: A, effects: [GainLife(Fixed(2))])],\n    \
             expect: [Vitae(A, {vitae})],\n)\n"
        )
    };
    std::fs::write(tmp.path().join("good.ron"), scenario(22)).unwrap();
    std::fs::write(tmp.path().join("bad.ron"), scenario(30)).unwrap();
    let out = bin().arg("test").arg(tmp.path()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("FAILED rules     bad.ron — Gain 30"),
        "{stdout}"
    );
    // The failure is located at the expectation that failed.
    assert!(stdout.contains("bad.ron:6:"), "{stdout}");
    assert!(
        stdout.contains("ok     rules     good.ron — Gain 22"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().last(), Some("1 passed, 1 failed"));

    let not_a_pack = bin()
        .arg("test")
        .arg(tmp.path().join("good.ron"))
        .output()
        .unwrap();
    assert_eq!(not_a_pack.status.code(), Some(2));
}

/// `encounter --sheet OUT.pdf --paper letter` writes Letter pages; a paper it does not know
/// exits 2 with a message naming the option and the choices, and writes nothing.
#[test]
fn encounter_sheet_takes_a_paper() {
    let enc = workspace().join("engine/tests/fixtures/pack/encounters/bob_multi_attack.ron");
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("bob.pdf");
    let out = bin()
        .arg("encounter")
        .arg(&enc)
        .arg("--sheet")
        .arg(&pdf)
        .args(["--paper", "letter"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sizes = pdf_page_sizes(&std::fs::read(&pdf).unwrap());
    assert!(!sizes.is_empty());
    for (w, h) in sizes {
        assert!(
            (w - 612.0).abs() < 0.1 && (h - 792.0).abs() < 0.1,
            "{w} × {h}"
        );
    }

    let bad = dir.path().join("bad.pdf");
    let out = bin()
        .arg("encounter")
        .arg(&enc)
        .arg("--sheet")
        .arg(&bad)
        .args(["--paper", "b5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--paper") && stderr.contains("b5") && stderr.contains("a4 or letter"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
    assert!(!bad.exists(), "nothing written");
}
