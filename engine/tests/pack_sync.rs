//! A file's text is the person's: an edit that cannot be spliced into it is reported and the
//! text stays, never silently replaced by the canonical form; every splice is read back.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::fmt::Write as _;
use std::path::Path;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Content, Pack, PackFile, SaveError};

const CARDS: &str = "// Our cards: keep this comment.\nCardSet(\n    cards: [\n        (id: \"grunt\", name: \"Grunt\", attack: 2, life: 3), // the first\n    ],\n)\n";

fn parse(text: &str) -> Content {
    let mut diags = Diagnostics::new();
    let content = Content::parse(text, Path::new("cards.ron"), &mut diags);
    assert!(diags.is_empty(), "{diags:?}");
    content
}

fn set_attack(content: &mut Content, attack: i32) {
    let Content::Cards(set) = content else {
        panic!("a card file")
    };
    set.cards[0].attack = attack;
}

/// A file whose text the splice cannot read (a stray `)` after its value, as an outside tool
/// might leave it) while its value is still the one loaded.
fn unreadable_text() -> PackFile {
    let content = parse(CARDS);
    PackFile::loaded("cards.ron", broken(), content)
}

fn broken() -> String {
    format!("{CARDS})\n")
}

#[test]
fn a_failed_splice_is_reported_and_the_file_keeps_its_text() {
    let mut file = unreadable_text();
    set_attack(&mut file.content, 9);
    let err = file.sync().unwrap_err();
    assert!(
        matches!(&err, SaveError::Splice { path, .. } if path == "cards.ron"),
        "{err:?}"
    );
    assert!(err.to_string().contains("text is kept"), "{err}");
    assert_eq!(file.source, broken(), "the person's text is untouched");
    assert!(file.is_dirty(), "the edit waits in the content, not lost");

    // Saving refuses the file, says why, and writes nothing.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("cards.ron"), broken()).unwrap();
    let mut pack = Pack::new(
        dir.path(),
        sigilforge_engine::model::PackManifest::new("t", "t"),
    );
    pack.files.push(file);
    assert!(matches!(pack.save(), Err(SaveError::Splice { .. })));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("cards.ron")).unwrap(),
        broken()
    );

    // Only when asked is the canonical form written (comments go: the person chose it).
    let file = &mut pack.files[0];
    assert!(file.rewrite_canonical().unwrap());
    assert_eq!(parse(&file.source), file.content);
    assert!(!file.source.contains("keep this comment"));
}

#[test]
fn an_edit_in_a_large_file_is_spliced_and_verified_not_canonicalised() {
    // Over the old 64 KiB limit, where the read-back check used to be skipped.
    let mut text = String::from("// A long file.\nCardSet(\n    cards: [\n");
    for i in 0..2_000 {
        writeln!(
            text,
            "        (id: \"c{i}\", name: \"Card {i}\", attack: 1, life: 1), // note {i}"
        )
        .unwrap();
    }
    text.push_str("    ],\n)\n");
    assert!(text.len() > 64 * 1024);
    let mut file = PackFile::loaded("cards.ron", text.clone(), parse(&text));
    let Content::Cards(set) = &mut file.content else {
        panic!("a card file")
    };
    set.cards[1_500].attack = 7;
    assert!(file.sync().unwrap());
    let changed: Vec<(&str, &str)> = text
        .lines()
        .zip(file.source.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(
        changed,
        [(
            "        (id: \"c1500\", name: \"Card 1500\", attack: 1, life: 1), // note 1500",
            "        (id: \"c1500\", name: \"Card 1500\", attack: 7, life: 1), // note 1500"
        )]
    );
    assert_eq!(parse(&file.source), file.content);
}
