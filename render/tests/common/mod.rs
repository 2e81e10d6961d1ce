//! Packs for the output tests: the tests' own pack (not the starter content, which designers
//! change freely), and small packs written to a temporary folder.

#![allow(dead_code)] // each test file uses a different part
#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::path::{Path, PathBuf};

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Pack, load_pack};

/// The tests' pack folder: the engine tests' fixture pack (`engine/tests/fixtures/pack/`, a
/// copy of the starter pack kept apart from `content/`), shared so the workspace keeps one.
pub fn fixture_pack_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures/pack")
}

/// The tests' pack, loaded (it has no problems).
pub fn fixture_pack() -> Pack {
    let mut diags = Diagnostics::new();
    let pack = load_pack(&fixture_pack_dir(), &mut diags);
    assert!(!diags.has_errors(), "{diags:?}");
    pack
}

/// A pack of `n` plain creatures (`c1`, `c2`, …) in a temporary folder.
pub fn small_pack(n: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"small\", name: \"Small Pack\", version: \"0.1.0\")\n",
    )
    .unwrap();
    let cards: Vec<String> = (1..=n)
        .map(|i| {
            format!(
                "        (id: \"c{i}\", name: \"Card {i}\", attack: {}, life: {}, keywords: [\"Fury\"]),",
                i % 5,
                1 + i % 7
            )
        })
        .collect();
    std::fs::write(
        dir.path().join("cards.ron"),
        format!("CardSet(\n    cards: [\n{}\n    ],\n)\n", cards.join("\n")),
    )
    .unwrap();
    dir
}

/// Width and height from a PNG's header.
pub fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    (w, h)
}
