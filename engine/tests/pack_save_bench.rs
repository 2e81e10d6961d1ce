//! Saving one edited card in a 10,000-card file: the diff is that card's line only, and the
//! time is printed (run `cargo test --release -p sigilforge-engine --test pack_save_bench --
//! --ignored --nocapture`; a benchmark, not a timed assertion).

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::fmt::Write as _;
use std::time::Instant;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::model::{Card, CardSet};
use sigilforge_engine::pack::{Content, load_pack};

/// A pack with one card file of `n` one-line cards, a header comment and a comment every 100.
fn big_pack(n: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"big\", name: \"Big\", version: \"1.0.0\")\n",
    )
    .unwrap();
    let mut text = String::from("// Many cards.\nCardSet(\n    cards: [\n");
    for i in 0..n {
        if i % 100 == 0 {
            let _ = writeln!(text, "        // Block {}.", i / 100);
        }
        let _ = writeln!(
            text,
            "        (id: \"c{i}\", name: \"Card {i}\", attack: {}, life: {}, tribes: [\"Beast\"], text: \"It's card {i}.\"),",
            i % 7,
            1 + i % 9
        );
    }
    text.push_str("    ],\n)\n");
    std::fs::write(dir.path().join("cards.ron"), text).unwrap();
    dir
}

fn edit_one_and_save(
    n: usize,
) -> (
    std::time::Duration,
    std::time::Duration,
    Vec<(String, String)>,
) {
    let dir = big_pack(n);
    let mut diags = Diagnostics::new();
    let mut pack = load_pack(dir.path(), &mut diags);
    assert!(!diags.has_errors(), "{diags:?}");
    let before = std::fs::read_to_string(dir.path().join("cards.ron")).unwrap();
    let Content::Cards(CardSet { cards }) = &mut pack.files[0].content else {
        panic!("not a card file");
    };
    let card: &mut Card = &mut cards[n / 2];
    card.attack = 42;
    let start = Instant::now();
    pack.files[0].sync().unwrap();
    let splice = start.elapsed();
    let written = pack.save().unwrap();
    let total = start.elapsed();
    assert_eq!(written, vec!["cards.ron".to_owned()]);
    let after = std::fs::read_to_string(dir.path().join("cards.ron")).unwrap();
    assert_eq!(before.lines().count(), after.lines().count());
    let diff = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
        .collect();
    (splice, total, diff)
}

#[test]
fn one_edited_card_in_a_big_file_changes_its_line_only() {
    let n = 2_000;
    let (_, _, diff) = edit_one_and_save(n);
    assert_eq!(diff.len(), 1, "{diff:?}");
    assert!(diff[0].0.contains(&format!("\"c{}\"", n / 2)));
    assert!(diff[0].1.contains("attack: 42"), "{diff:?}");
}

#[test]
#[ignore = "benchmark: run in release with --ignored --nocapture"]
fn bench_save_one_card_in_10000() {
    for _ in 0..3 {
        let (splice, total, diff) = edit_one_and_save(10_000);
        assert_eq!(diff.len(), 1);
        println!(
            "10,000-card file, one card edited: splice {:.2} ms, splice + write (fsync) {:.2} ms, {} line changed",
            splice.as_secs_f64() * 1000.0,
            total.as_secs_f64() * 1000.0,
            diff.len()
        );
    }
}
