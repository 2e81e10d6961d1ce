//! Every file under `content/` and every battle example (`engine/tests/fixtures/`, and the shared
//! spec's when it is beside the project) loads into the model and round-trips: load → save →
//! load gives equal values, and saving twice gives equal bytes.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod spec_examples;

use std::path::{Path, PathBuf};

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Content, load_pack};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn ron_files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "ron") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn assert_round_trips(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut diags = Diagnostics::new();
    let content = Content::parse(&text, path, &mut diags);
    assert!(
        !matches!(content, Content::Unread { .. }),
        "{} did not load: {diags:?}",
        path.display()
    );
    assert!(diags.is_empty(), "{}: {diags:?}", path.display());
    let saved = content.to_text().unwrap();
    let mut again = Diagnostics::new();
    let reloaded = Content::parse(&saved, path, &mut again);
    assert!(
        again.is_empty(),
        "{}: canonical text does not load: {again:?}\n{saved}",
        path.display()
    );
    assert_eq!(
        reloaded,
        content,
        "{}: values differ after a round trip",
        path.display()
    );
    assert_eq!(
        reloaded.to_text().unwrap(),
        saved,
        "{}: saving twice gives different bytes",
        path.display()
    );
}

#[test]
fn content_every_file_round_trips() {
    let files = ron_files_under(&workspace().join("content"));
    let files: Vec<_> = files
        .into_iter()
        .filter(|p| !p.ends_with("pack.ron"))
        .collect();
    for file in &files {
        assert_round_trips(file);
    }
}

#[test]
fn every_spec_battle_example_round_trips() {
    for file in &spec_examples::example_files("battle-examples", 5) {
        assert_round_trips(file);
    }
}

#[test]
fn content_starter_pack_validates_and_an_unchanged_save_writes_nothing() {
    let src = workspace().join("content");
    let tmp = tempfile::tempdir().unwrap();
    spec_examples::copy_dir(&src, tmp.path());
    let mut diags = Diagnostics::new();
    let mut pack = load_pack(tmp.path(), &mut diags);
    assert!(
        !diags.has_errors(),
        "starter content has problems: {diags:#?}"
    );
    assert!(!pack.is_dirty());
    let before = snapshot(tmp.path());
    let written = pack.save().unwrap();
    assert!(written.is_empty(), "an unchanged pack rewrote {written:?}");
    assert_eq!(snapshot(tmp.path()), before);
}

#[test]
fn save_as_then_reload_gives_an_equal_pack() {
    let src = workspace().join("engine/tests/fixtures/pack");
    let mut diags = Diagnostics::new();
    let mut pack = load_pack(&src, &mut diags);
    let out = tempfile::tempdir().unwrap();
    pack.save_as(out.path()).unwrap();
    let mut again = Diagnostics::new();
    let reloaded = load_pack(out.path(), &mut again);
    assert!(!again.has_errors(), "{again:#?}");
    let a: Vec<_> = pack.files.iter().map(|f| (&f.path, &f.content)).collect();
    let b: Vec<_> = reloaded
        .files
        .iter()
        .map(|f| (&f.path, &f.content))
        .collect();
    assert_eq!(a, b);
    assert_eq!(pack.manifest, reloaded.manifest);
    // And a second save of the reloaded pack is byte-identical.
    let before = snapshot(out.path());
    let mut reloaded = reloaded;
    reloaded.save_as(out.path()).unwrap();
    assert_eq!(snapshot(out.path()), before);
}

fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out: Vec<_> = ron_files_under(dir)
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect();
    out.sort();
    out
}
