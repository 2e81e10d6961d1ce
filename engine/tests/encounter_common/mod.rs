//! Helpers for encounter tests: load an inline encounter against the starter tabletop pack,
//! run it, read the log.
#![allow(dead_code)] // each test binary uses a different subset

use std::path::{Path, PathBuf};

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::{EncounterRun, load_source};

/// The starter content folder (`content/encounters`).
pub fn pack_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack/encounters")
}

/// Loads an encounter written inline (as if it sat in the starter folder), with no diagnostics.
pub fn start(src: &str, seed: u64) -> EncounterRun {
    let mut diags = Diagnostics::new();
    let (enc, content) =
        load_source(src, &pack_dir().join("inline_test.ron"), &mut diags).expect("loads");
    assert!(
        diags.is_empty(),
        "{:?}",
        diags.iter().map(ToString::to_string).collect::<Vec<_>>()
    );
    EncounterRun::new(&content, &enc, seed).expect("starts")
}

/// Loads and plays an inline encounter to its end.
pub fn play(src: &str) -> EncounterRun {
    let mut run = start(src, 7);
    run.run_to_end();
    run
}

/// The problems loading (which validates) an inline encounter reports, as text.
pub fn problems(src: &str) -> Vec<String> {
    let mut diags = Diagnostics::new();
    let _loaded = load_source(src, &pack_dir().join("inline_test.ron"), &mut diags);
    diags.iter().map(ToString::to_string).collect()
}

/// Whether some log line contains `needle`.
pub fn has(run: &EncounterRun, needle: &str) -> bool {
    run.log().iter().any(|e| e.text.contains(needle))
}

/// The whole log, one line per entry (for assertion messages).
pub fn log_text(run: &EncounterRun) -> String {
    run.log()
        .iter()
        .map(|e| e.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}
