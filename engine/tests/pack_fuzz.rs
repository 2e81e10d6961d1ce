//! Property tests: random bytes and random mutations of real files never panic the loader.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod spec_examples;

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Content, load_pack};

fn real_files() -> Vec<String> {
    let root = spec_examples::workspace();
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = vec![root.join("engine/tests/fixtures")];
    stack.extend(
        ["battle-examples", "glyph-examples"]
            .map(spec_examples::shared_dir)
            .into_iter()
            .flatten(),
    );
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "ron") {
                out.push(std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    out.sort();
    out
}

/// One edit: delete a range, insert bytes, duplicate a range, or replace a byte.
#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Insert(usize, Vec<u8>),
    Duplicate(usize, usize),
    Replace(usize, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0usize..40).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (
            any::<usize>(),
            proptest::collection::vec(
                prop_oneof![
                    Just(b'('),
                    Just(b')'),
                    Just(b'['),
                    Just(b'"'),
                    Just(b','),
                    Just(b':'),
                    any::<u8>()
                ],
                0..12
            )
        )
            .prop_map(|(a, b)| Mutation::Insert(a, b)),
        (any::<usize>(), 0usize..200).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Replace(a, b)),
    ]
}

fn apply(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = bytes.len().max(1);
        match m {
            Mutation::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                if at < end {
                    bytes.drain(at..end);
                }
            }
            Mutation::Insert(at, new) => {
                let at = at % (bytes.len() + 1);
                bytes.splice(at..at, new.iter().copied());
            }
            Mutation::Duplicate(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                if at < end {
                    let copy = bytes[at..end].to_vec();
                    bytes.splice(end..end, copy);
                }
            }
            Mutation::Replace(at, b) => {
                if !bytes.is_empty() {
                    let at = at % bytes.len();
                    bytes[at] = *b;
                }
            }
        }
    }
    bytes
}

fn load_text(text: &str) {
    let mut diags = Diagnostics::new();
    let content = Content::parse(text, Path::new("fuzz.ron"), &mut diags);
    // Whatever parsed must also save.
    let _ = content.to_text();
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        load_text(&String::from_utf8_lossy(&bytes));
        for tag in sigilforge_engine::pack::KNOWN_TAGS {
            load_text(&format!("{tag}({})", String::from_utf8_lossy(&bytes)));
        }
    }

    #[test]
    fn mutated_real_files_never_panic(pick in any::<usize>(), mutations in proptest::collection::vec(mutation(), 1..6)) {
        let files = real_files();
        prop_assume!(!files.is_empty());
        let original = &files[pick % files.len()];
        let mutated = apply(original.clone().into_bytes(), &mutations);
        load_text(&String::from_utf8_lossy(&mutated));
    }
}

#[test]
fn a_pack_of_mutated_files_still_loads() {
    let files = real_files();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"f\", name: \"F\", version: \"1\")",
    )
    .unwrap();
    for (i, text) in files.iter().enumerate() {
        let cut = text.len() / 2;
        let mut bytes = text.as_bytes().to_vec();
        bytes.truncate(cut);
        std::fs::write(dir.path().join(format!("half{i}.ron")), &bytes).unwrap();
        std::fs::write(dir.path().join(format!("whole{i}.ron")), text).unwrap();
    }
    std::fs::write(dir.path().join("binary.ron"), [0xff, 0xfe, 0x00, 0x01]).unwrap();
    let mut diags = Diagnostics::new();
    let pack = load_pack(dir.path(), &mut diags);
    assert!(diags.has_errors());
    assert_eq!(
        pack.files.len(),
        files.len() * 2,
        "every readable file is kept"
    );
}
