//! The `encounter` command on the shipped encounters: run, JSON, simulate, sheet, bad input.

use std::path::{Path, PathBuf};

use sigilforge_engine::encounter::cli::encounter_command;

fn content(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../content/encounters")
        .join(name)
}

#[test]
fn hags_hut_runs_and_prints_the_log() {
    let out = encounter_command(&content("hags_hut.ron"), Some(0), false, None, None);
    println!("{}", out.stdout);
    eprintln!("{}", out.stderr);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("no valid targets"), "{}", out.stdout);
}
