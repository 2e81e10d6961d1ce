//! `validate` compiles a pack once for all its scenarios (issue #29): checking every file of a
//! pack with one shared `PackCache` finds exactly what checking each file alone finds (what
//! `battle` finds running it), on the starter pack and on a generated pack with faults put in
//! its cards and scenarios.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod spec_examples;

use std::path::{Path, PathBuf};

use sigilforge_engine::battle::setup::PackCache;
use sigilforge_engine::big_pack::BigPack;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{check_as_run, check_as_run_with, validate_command};

/// Every `.ron` file under `dir`, in every folder, sorted (as a pack lists them).
fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_owned()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "ron") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Per file: what checking it alone finds, and what checking it with one cache for the whole
/// folder finds.
fn alone_and_shared(dir: &Path) -> Vec<(PathBuf, Diagnostics, Diagnostics)> {
    let mut packs = PackCache::default();
    ron_files(dir)
        .into_iter()
        .map(|path| {
            let source = std::fs::read_to_string(&path).unwrap();
            let mut alone = Diagnostics::new();
            check_as_run(&path, &source, &mut alone);
            let mut shared = Diagnostics::new();
            check_as_run_with(&path, &source, &mut packs, &mut shared);
            (path, alone, shared)
        })
        .collect()
}

fn assert_same(dir: &Path) -> Vec<(PathBuf, Diagnostics)> {
    alone_and_shared(dir)
        .into_iter()
        .map(|(path, alone, shared)| {
            assert_eq!(alone, shared, "{}", path.display());
            (path, alone)
        })
        .collect()
}

#[test]
fn the_test_pack_scenarios_find_the_same_with_one_compile() {
    let found = assert_same(&spec_examples::workspace().join("engine/tests/fixtures/pack"));
    assert!(found.len() > 50, "the test pack's files were read");
}

/// A generated pack with a broken card (unknown keyword, an ability naming a missing card), a
/// scenario naming a missing card, one redefining the broken card inline, and one naming a
/// folder that is no pack.
fn faulty_pack(dir: &Path) {
    BigPack {
        cards: 300,
        card_files: 3,
        scenarios: 12,
    }
    .write(dir)
    .unwrap();
    let cards = dir.join("cards/cards_00.ron");
    let text = std::fs::read_to_string(&cards).unwrap().replacen(
        "tribes: [\"Warrior\"], keywords: [",
        "tribes: [\"Warrior\"], abilities: [(kind: Triggered(Summoned), effects: [Summon(card: \"nobody\")])], keywords: [\"Flyyng\", ",
        1,
    );
    std::fs::write(&cards, text).unwrap();
    let scenario = |n: usize| dir.join(format!("scenarios/scenario_{n:02}.ron"));
    let text = std::fs::read_to_string(scenario(1)).unwrap().replacen(
        "a: [\"",
        "a: [\"card_99999\", \"",
        1,
    );
    std::fs::write(scenario(1), text).unwrap();
    let text = std::fs::read_to_string(scenario(2)).unwrap().replacen(
        "    a: [",
        "    cards: {\n        \"card_00001\": (name: \"Fixed\", attack: 1, life: 1, keywords: [\"Armorr 1\"]),\n    },\n    a: [\"card_00001\", ",
        1,
    );
    std::fs::write(scenario(2), text).unwrap();
    let text = std::fs::read_to_string(scenario(3))
        .unwrap()
        .replace("pack: Some(\"..\")", "pack: Some(\"../cards\")");
    std::fs::write(scenario(3), text).unwrap();
}

#[test]
fn faulty_generated_pack_finds_the_same_with_one_compile() {
    let dir = tempfile::tempdir().unwrap();
    faulty_pack(dir.path());
    let found = assert_same(dir.path());
    let text = |name: &str| {
        found
            .iter()
            .find(|(p, _)| p.ends_with(name))
            .map(|(_, d)| d.iter().map(ToString::to_string).collect::<Vec<_>>())
            .unwrap()
    };
    let missing = text("scenario_01.ron");
    assert!(
        missing.iter().any(|m| m.contains("card_99999")),
        "{missing:?}"
    );
    assert!(
        missing.iter().any(|m| m.contains("Flyyng")),
        "the pack's own problems come with every scenario that runs it: {missing:?}"
    );
    let inline = text("scenario_02.ron");
    assert!(inline.iter().any(|m| m.contains("Armorr")), "{inline:?}");
    let no_pack = text("scenario_03.ron");
    assert!(
        no_pack.iter().any(|m| m.contains("not a pack")),
        "{no_pack:?}"
    );
    let out = validate_command(dir.path());
    assert_eq!(out.code, 1);
    assert!(out.stdout.contains("card_99999"), "{}", out.stdout);
}

#[test]
fn generated_pack_is_valid() {
    let dir = tempfile::tempdir().unwrap();
    BigPack {
        cards: 500,
        card_files: 4,
        scenarios: 20,
    }
    .write(dir.path())
    .unwrap();
    let out = validate_command(dir.path());
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
}
