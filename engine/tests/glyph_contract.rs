//! The `glyph --json` contract: every example in `engine/tests/fixtures/glyph-examples/` (and the
//! shared spec's, when it is beside the project) gives exactly its `.json`, and a bad file gives
//! exit 2 with one located line on stderr.

mod spec_examples;

use std::path::{Path, PathBuf};

use sigilforge_engine::glyph::cli::glyph_command;

/// The repository's copy of the examples (the vault alarm and one-beat networks).
fn examples_dir() -> PathBuf {
    spec_examples::fixture_dir("glyph-examples")
}

#[test]
fn every_spec_example_gives_exactly_its_json() {
    for ron in spec_examples::example_files("glyph-examples", 2) {
        let expected: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(ron.with_extension("json")).unwrap())
                .unwrap();
        let out = glyph_command(&ron, true, false);
        if expected.get("error").is_some() {
            // An error case (as `shared/tools/contract_cases.py` reads them): exit 2, nothing on
            // stdout, one `file:line:col: message` line on stderr.
            assert_eq!(out.code, 2, "{}: {out:?}", ron.display());
            assert!(out.stdout.is_empty(), "{}", ron.display());
            assert_eq!(out.stderr.lines().count(), 1, "{}", ron.display());
            assert!(
                out.stderr.starts_with(&format!("{}:", ron.display())),
                "{}",
                out.stderr
            );
            continue;
        }
        assert_eq!(out.code, 0, "{}: {}", ron.display(), out.stderr);
        assert!(out.stderr.is_empty(), "{}: {}", ron.display(), out.stderr);
        let got: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(got, expected, "{}", ron.display());
        // Key order as in the spec (serde_json keeps insertion order here).
        let keys: Vec<&String> = got.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["end", "rounds", "dismissed", "links"]);
        let round_keys: Vec<&String> = got["rounds"][0].as_object().unwrap().keys().collect();
        assert_eq!(
            round_keys,
            ["round", "received", "sent", "effects", "skipped"]
        );
    }
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("a writable temp dir");
    p
}

fn assert_one_located_line(
    out: &sigilforge_engine::command::CommandOutput,
    file: &Path,
    line: usize,
    col: usize,
) {
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    assert_eq!(out.stderr.lines().count(), 1, "{:?}", out.stderr);
    let prefix = format!("{}:{line}:{col}: ", file.display());
    assert!(
        out.stderr.starts_with(&prefix),
        "{:?} vs {prefix}",
        out.stderr
    );
}

#[test]
fn syntax_error_gives_exit_2_and_one_located_line() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "bad.ron",
        "GlyphNetwork(\n    name: \"x\"\n    glyphs: [],\n)",
    );
    let out = glyph_command(&p, true, false);
    assert_eq!(out.code, 2);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.starts_with(&format!("{}:3:", p.display())),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1);
}

#[test]
fn too_long_link_gives_exit_2_at_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "far.ron",
        "GlyphNetwork(\n    name: \"far\",\n    glyphs: [\n        (id: \"a\", pos: (0.0, 0.0)),\n        (id: \"b\", pos: (3.0, 0.0)),\n    ],\n    links: [(\"a\", \"b\")],\n)\n",
    );
    let out = glyph_command(&p, true, false);
    assert_one_located_line(&out, &p, 7, 13);
    assert!(out.stderr.contains("1u"), "{}", out.stderr);
    // Also without --json and with --analyse: a bad file is refused the same way.
    assert_one_located_line(&glyph_command(&p, false, false), &p, 7, 13);
    assert_one_located_line(&glyph_command(&p, false, true), &p, 7, 13);
}

#[test]
fn unknown_glyph_in_injection_is_located_at_its_id() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "unknown.ron",
        "GlyphNetwork(\n    name: \"u\",\n    glyphs: [(id: \"door\", pos: (0.0, 0.0))],\n    inject: [(round: 1, glyph: \"dor\", command: \"door\")],\n)\n",
    );
    let out = glyph_command(&p, true, false);
    assert_one_located_line(&out, &p, 4, 32);
    assert!(
        out.stderr.contains("did you mean \"door\""),
        "{}",
        out.stderr
    );
}

#[test]
fn missing_file_gives_exit_2() {
    let p = Path::new("/nonexistent/glyphs.ron");
    let out = glyph_command(p, true, false);
    assert_one_located_line(&out, p, 1, 1);
}

#[test]
fn readable_log_and_analysis_are_printed_without_json() {
    let vault = examples_dir().join("01-vault-alarm.ron");
    let out = glyph_command(&vault, false, false);
    assert_eq!(out.code, 0);
    assert!(out.stdout.contains("Round 4"), "{}", out.stdout);
    assert!(out.stdout.contains("bell: effect “ring”"), "{}", out.stdout);
    assert!(
        out.stdout.contains("End: max_rounds after round 4"),
        "{}",
        out.stdout
    );
    let analysis = glyph_command(&vault, false, true);
    assert_eq!(analysis.code, 0);
    assert!(analysis.stdout.contains("RUNAWAY"), "{}", analysis.stdout);
    let json = glyph_command(&vault, true, true);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["predicted_end"], "max_rounds");
    assert_eq!(v["runaway"]["loop"], serde_json::json!([["bell", "alarm"]]));
}
