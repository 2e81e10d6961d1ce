//! Saving one edited card in a 10,000-card file: the diff is that card's line only, and the
//! time is printed (run `cargo test --release -p sigilforge-engine --test pack_save_bench --
//! --ignored --nocapture`; a benchmark, not a timed assertion). The atomic write of the same
//! text to another file is timed on its own too: its fsync is the disk's share of the figure.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::model::{Card, CardSet};
use sigilforge_engine::pack::{Content, load_pack};
use sigilforge_engine::ron_io::write_atomic;

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

/// What one save of one edited card costs.
struct Timings {
    /// Splicing the edit into the file's text (`PackFile::sync`).
    splice: Duration,
    /// `Pack::save` after the splice: the disk check, the atomic write and its fsync.
    save: Duration,
    /// `write_atomic` of the same text to a new file, alone (the disk's share).
    write_alone: Duration,
}

fn edit_one_and_save(n: usize) -> (Timings, Vec<(String, String)>) {
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
    let start = Instant::now();
    let written = pack.save().unwrap();
    let save = start.elapsed();
    assert_eq!(written, vec!["cards.ron".to_owned()]);
    let after = std::fs::read_to_string(dir.path().join("cards.ron")).unwrap();
    let start = Instant::now();
    write_atomic(&dir.path().join("copy.ron"), &after).unwrap();
    let write_alone = start.elapsed();
    assert_eq!(before.lines().count(), after.lines().count());
    let diff = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
        .collect();
    let timings = Timings {
        splice,
        save,
        write_alone,
    };
    (timings, diff)
}

#[test]
fn one_edited_card_in_a_big_file_changes_its_line_only() {
    let n = 2_000;
    let (_, diff) = edit_one_and_save(n);
    assert_eq!(diff.len(), 1, "{diff:?}");
    assert!(diff[0].0.contains(&format!("\"c{}\"", n / 2)));
    assert!(diff[0].1.contains("attack: 42"), "{diff:?}");
}

#[test]
#[ignore = "benchmark: run in release with --ignored --nocapture"]
fn bench_save_one_card_in_10000() {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    for _ in 0..5 {
        let (t, diff) = edit_one_and_save(10_000);
        assert_eq!(diff.len(), 1);
        println!(
            "10,000-card file, one card edited ({} line changed): splice {:.3} ms, save (disk check + atomic write + fsync) {:.2} ms; the same atomic write alone {:.2} ms",
            diff.len(),
            ms(t.splice),
            ms(t.save),
            ms(t.write_alone),
        );
    }
}
