//! `--deck NAME` on `render`, `print` and `tts`: a deck with counts gives that many cards,
//! each copy its own PNG, PDF card and TTS card, in the deck's order.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod common;

use common::small_pack;
use serde_json::Value;
use sigilforge_render::Progress;
use sigilforge_render::cli::{PrintArgs, print_command, render_command, tts_command};
use sigilforge_render::tts::TtsOptions;

/// Copies per card of the test deck: 40 cards, three of them with duplicates.
const COUNTS: [(&str, u32); 4] = [("c1", 14), ("c2", 13), ("c3", 12), ("c4", 1)];

fn deck_total() -> usize {
    COUNTS.iter().map(|(_, n)| *n as usize).sum()
}

/// A five-card pack with a deck `forty` of [`COUNTS`] (card `c5` is left out of it).
fn pack_with_deck() -> tempfile::TempDir {
    let dir = small_pack(5);
    let entries: Vec<String> = COUNTS
        .iter()
        .map(|(id, n)| format!("        (card: \"{id}\", count: {n}),"))
        .collect();
    std::fs::write(
        dir.path().join("forty.ron"),
        format!(
            "Deck(\n    id: \"forty\",\n    name: \"Forty\",\n    cards: [\n{}\n    ],\n)\n",
            entries.join("\n")
        ),
    )
    .unwrap();
    dir
}

#[test]
fn render_writes_a_png_per_copy() {
    let pack = pack_with_deck();
    let out = tempfile::tempdir().unwrap();
    let r = render_command(
        pack.path(),
        out.path(),
        30.0,
        None,
        Some("forty"),
        "0",
        &Progress::new(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(deck_total(), 40);
    let mut names: Vec<String> = std::fs::read_dir(out.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), deck_total(), "{names:?}");
    assert!(names.contains(&"c1-14.png".to_owned()), "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with("c5")), "{names:?}");
}

#[test]
fn print_lays_out_every_copy() {
    let pack = pack_with_deck();
    let out = tempfile::tempdir().unwrap();
    let pdf = out.path().join("deck.pdf");
    let args = PrintArgs {
        deck: Some("Forty".into()),
        ..PrintArgs::default()
    };
    let r = print_command(pack.path(), &pdf, &args, &Progress::new());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with(&format!("printed {} cards", deck_total())),
        "{}",
        r.stdout
    );
    let document = lopdf::Document::load(&pdf).unwrap();
    let one_of_each = tempfile::tempdir().unwrap();
    let single = one_of_each.path().join("all.pdf");
    let r = print_command(
        pack.path(),
        &single,
        &PrintArgs::default(),
        &Progress::new(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("printed 5 cards"), "{}", r.stdout);
    assert!(
        document.get_pages().len() > lopdf::Document::load(&single).unwrap().get_pages().len(),
        "the deck's copies take more pages than one of each card"
    );
}

#[test]
fn tts_deck_holds_every_copy_in_deck_order() {
    let pack = pack_with_deck();
    let out = tempfile::tempdir().unwrap();
    let options = TtsOptions {
        dpi: 30.0,
        url_base: None,
    };
    let r = tts_command(
        pack.path(),
        out.path(),
        &options,
        Some("forty"),
        &Progress::new(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let json: Value =
        serde_json::from_slice(&std::fs::read(out.path().join("deck.json")).unwrap()).unwrap();
    let cards = json["ObjectStates"][0]["ContainedObjects"]
        .as_array()
        .unwrap();
    assert_eq!(cards.len(), deck_total());
    let names: Vec<&str> = cards
        .iter()
        .map(|c| c["Nickname"].as_str().unwrap())
        .collect();
    let expected: Vec<String> = COUNTS
        .iter()
        .flat_map(|(id, n)| {
            std::iter::repeat_n(format!("Card {}", id.trim_start_matches('c')), *n as usize)
        })
        .collect();
    assert_eq!(names, expected);
}

#[test]
fn an_unknown_deck_is_a_bad_option_with_a_hint() {
    let pack = pack_with_deck();
    let out = tempfile::tempdir().unwrap();
    let r = render_command(
        pack.path(),
        &out.path().join("x"),
        30.0,
        None,
        Some("fourty"),
        "0",
        &Progress::new(),
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("did you mean `forty`"), "{}", r.stderr);
    assert!(!out.path().join("x").exists(), "nothing may be written");
}
