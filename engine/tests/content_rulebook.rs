//! Content test (issue #27): the starter pack's rulebook Glyphic Spells
//! (`content/glyphs/spells/`) and abilities (`content/encounters/book/`) each run as a
//! scenario whose expectations come from the book, and every scenario of the pack passes
//! (`sigilforge test content`).

use std::path::Path;

use sigilforge_engine::pack::test_command;

#[test]
fn every_scenario_of_the_starter_pack_passes_with_the_rulebook_ones_among_them() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let out = test_command(&content);
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    let ok = |name: &str| {
        out.stdout
            .lines()
            .any(|l| l.starts_with("ok") && l.contains(name))
    };
    for spell in [
        "watchman.ron",
        "strand.ron",
        "lock.ron",
        "mouth.ron",
        "console.ron",
        "glyphic-wand.ron",
    ] {
        assert!(ok(spell), "{spell} not run:\n{}", out.stdout);
    }
    let book = std::fs::read_dir(content.join("encounters/book"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "ron"))
        .count();
    assert!(book >= 12, "{book} rulebook scenarios");
    let ran = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("ok") && l.contains("book"))
        .count();
    assert_eq!(ran, book, "{}", out.stdout);
}
