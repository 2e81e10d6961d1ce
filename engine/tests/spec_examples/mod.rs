//! The contract examples tests run: the repository's own copy in `engine/tests/fixtures/`
//! (always there, so a clone of the repository alone passes its tests), plus the shared spec's
//! folder beside the project when it exists (`../shared/spec/`, one level further up from a
//! worktree), so a new example there is run as soon as it appears.
//!
//! Used by engine tests (`mod spec_examples;`) and app tests (`#[path = …] mod spec_examples;`):
//! both crates sit one level under the workspace root.
#![allow(dead_code)] // each test binary uses a different subset

use std::path::{Path, PathBuf};

/// The workspace root (both crates' manifests are one level under it).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The repository's copy of the examples in `folder` (`battle-examples`, `glyph-examples`).
pub fn fixture_dir(folder: &str) -> PathBuf {
    workspace().join("engine/tests/fixtures").join(folder)
}

/// The shared spec's folder of that name, if the shared material is beside the project.
/// Says so on standard output (once per test binary) when it is not (shown with `--nocapture`).
pub fn shared_dir(folder: &str) -> Option<PathBuf> {
    let root = workspace();
    let found = ["../shared/spec", "../../shared/spec"]
        .iter()
        .map(|rel| root.join(rel).join(folder))
        .find(|p| p.is_dir());
    if found.is_none() {
        static NOTED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
        let mut noted = NOTED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !noted.iter().any(|f| f == folder) {
            noted.push(folder.to_owned());
            println!(
                "note: no shared spec folder `{folder}` beside the project; running the repository's fixtures only"
            );
        }
    }
    found
}

/// Copies the folder `from` (and everything under it) to `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", from.display()));
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target)
                .unwrap_or_else(|e| panic!("{}: {e}", target.display()));
        }
    }
}

/// The `.ron` files directly in `dir`, sorted.
pub fn ron_files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            e.unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path()
        })
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

/// Every example of `folder`: the repository's fixtures first, then the shared spec's (when
/// present). Panics if the repository's copy has fewer than `at_least` examples.
pub fn example_files(folder: &str, at_least: usize) -> Vec<PathBuf> {
    let mut files = ron_files_in(&fixture_dir(folder));
    assert!(
        files.len() >= at_least,
        "expected at least {at_least} examples in {}, found {files:?}",
        fixture_dir(folder).display()
    );
    if let Some(shared) = shared_dir(folder) {
        files.extend(ron_files_in(&shared));
    }
    files
}
