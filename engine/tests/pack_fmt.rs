//! `sigilforge fmt`: the starter content is in canonical form, formatting keeps every comment,
//! and it is idempotent.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::path::Path;

use sigilforge_engine::pack::fmt_command;
use sigilforge_engine::ron_doc::format::format_text;

#[test]
fn content_starter_is_in_canonical_form() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let out = fmt_command(&content, true);
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
}

#[test]
fn fmt_keeps_every_comment() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cards.ron");
    let text = "// head\n/* block */ CardSet( // after open\n  cards:[ // list\n   (id:\"a\",name:\"A\"), // a\n   // above b\n   (id:\"b\",name:\"B\",/* inner */ attack:2)\n  ] // after list\n) // end\n// tail\n";
    std::fs::write(&file, text).unwrap();
    let out = fmt_command(&file, false);
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    let formatted = std::fs::read_to_string(&file).unwrap();
    for comment in [
        "// head",
        "/* block */",
        "// after open",
        "// list",
        "// a",
        "// above b",
        "/* inner */",
        "// after list",
        "// end",
        "// tail",
    ] {
        assert!(formatted.contains(comment), "{comment} lost:\n{formatted}");
    }
    assert_eq!(format_text(&formatted).unwrap(), formatted);
    assert!(formatted.contains("    cards: [ // list\n"), "{formatted}");
    assert_eq!(fmt_command(&file, true).code, 0);
}
