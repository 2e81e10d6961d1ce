//! The starter pack (`content/`) through the `sigilforge` binary: it validates clean and every
//! starter scenario of every rule system passes `sigilforge test`. A content test: changing the
//! starter pack may fail it, and nothing outside the `content_*` tests.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

#[path = "../../engine/tests/spec_examples/mod.rs"]
mod spec_examples;

use std::process::Command;

use spec_examples::workspace;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sigilforge"))
}

#[test]
fn content_validate_accepts_the_starter_pack() {
    let out = bin()
        .arg("validate")
        .arg(workspace().join("content"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn content_test_runs_every_starter_scenario_of_every_system_and_all_pass() {
    let out = bin()
        .arg("test")
        .arg(workspace().join("content"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    for system in ["battle", "rules", "glyph", "encounter"] {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with("ok") && l.contains(system)),
            "no {system} scenario ran: {stdout}"
        );
    }
    let last = stdout.lines().last().unwrap();
    assert!(last.ends_with(" passed, 0 failed"), "{last}");
}
