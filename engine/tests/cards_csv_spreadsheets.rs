//! The CSV round trip through a spreadsheet (issue #28): the export starts with a UTF-8 byte
//! order mark and has an element column; an import reads what spreadsheets write
//! (semicolons, Windows-1252) and says so; and the damage a spreadsheet does (leading zeros
//! dropped, a formula run, text turned into a date, accented letters garbled) is reported
//! cell by cell, located, before anything is written.

#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use std::path::Path;

use sigilforge_engine::cards_csv::{export_command, import_command, import_command_with};

/// Cards whose values a spreadsheet damages: an id with leading zeros, an accented name, a
/// tribe that reads as a date, a tag of digits and text that reads as a formula.
const CARDS: &str = "CardSet(\n    cards: [\n        (id: \"007\", name: \"Élan Vital\", attack: 1, life: 1, element: Some(\"Fire\")),\n        (id: \"ash\", name: \"Ash Hound\", attack: 2, life: 2, tribes: [\"1-2\"], tags: [\"007\"], text: \"=2-2\"),\n    ],\n)\n";

fn pack() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"sheet\", name: \"Sheet Pack\", version: \"0.1.0\", schema_version: 1)\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("cards.ron"), CARDS).unwrap();
    dir
}

fn cards(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("cards.ron")).unwrap()
}

#[test]
fn the_export_has_a_bom_and_an_element_column_and_round_trips() {
    let dir = pack();
    let csv = dir.path().join("cards.csv");
    let out = export_command(dir.path(), &csv);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let bytes = std::fs::read(&csv).unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBFfile,id,name,"), "no BOM");
    let text = String::from_utf8(bytes).unwrap();
    let header = text.lines().next().unwrap();
    assert!(header.ends_with(",abilities,element"), "{header}");
    assert!(text.contains("\r\ncards.ron,007,Élan Vital,"), "{text}");
    assert!(text.lines().nth(1).unwrap().ends_with(",Fire"), "{text}");
    // Read back unchanged: nothing to change, nothing to warn about, the file untouched.
    let back = import_command(&csv, dir.path());
    assert_eq!(back.code, 0, "{}", back.stderr);
    assert!(back.stderr.is_empty(), "{}", back.stderr);
    assert!(
        back.stdout.contains("0 changed, 0 new, 2 unchanged"),
        "{}",
        back.stdout
    );
    assert_eq!(cards(dir.path()), CARDS);
}

/// The sheet after a spreadsheet opened it as Windows-1252 and saved it: `007` became `7`,
/// `Élan` came back as `Ã‰lan`, the tribe `1-2` became the date `2-Jan`, the tag `007`
/// became `7`, and the text `=2-2` was run as a formula and saved as `0`.
const DAMAGED: &str = "\u{feff}file,id,name,kind,cost,attack,life,tribes,tags,keywords,text,art,abilities,element\r\ncards.ron,7,Ã‰lan Vital,Creature,0,1,1,,,,,,,Fire\r\ncards.ron,ash,Ash Hound,Creature,0,2,2,2-Jan,7,,0,,,\r\n";

#[test]
fn spreadsheet_damage_is_warned_cell_by_cell_and_nothing_is_written() {
    let dir = pack();
    let csv = dir.path().join("cards.csv");
    std::fs::write(&csv, DAMAGED).unwrap();
    let out = import_command(&csv, dir.path());
    assert_eq!(out.code, 1, "{}\n{}", out.stdout, out.stderr);
    let shown = csv.display();
    let warned: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("warning: "))
        .collect();
    // Row and column as a spreadsheet counts them (the header is row 1).
    let places: Vec<String> = [(2, 2), (2, 3), (3, 8), (3, 9), (3, 11)]
        .iter()
        .map(|(r, c)| format!("warning: {shown}:{r}:{c}: "))
        .collect();
    assert_eq!(warned.len(), places.len(), "{}", out.stderr);
    for (line, place) in warned.iter().zip(&places) {
        assert!(line.starts_with(place.as_str()), "{line}\nwant {place}");
    }
    assert!(
        warned[0].contains("`007`") && warned[0].contains("leading zeros"),
        "{}",
        warned[0]
    );
    assert!(warned[1].contains("`Élan Vital`"), "{}", warned[1]);
    assert!(warned[2].contains("date"), "{}", warned[2]);
    assert!(warned[3].contains("`7` was `007`"), "{}", warned[3]);
    assert!(
        warned[4].contains("`=2-2`") && warned[4].contains("formula"),
        "{}",
        warned[4]
    );
    assert!(out.stderr.contains("nothing was written"), "{}", out.stderr);
    assert_eq!(cards(dir.path()), CARDS, "nothing is written");
    // Taken as they are on request.
    let forced = import_command_with(&csv, dir.path(), true);
    assert_eq!(forced.code, 0, "{}", forced.stderr);
    assert!(forced.stderr.contains("warning: "), "{}", forced.stderr);
    assert!(
        cards(dir.path()).contains("(id: \"7\""),
        "{}",
        cards(dir.path())
    );
}

#[test]
fn semicolons_and_windows_1252_are_read_and_said() {
    let dir = pack();
    let csv = dir.path().join("cards.csv");
    // What Excel writes as "CSV" where the comma is the decimal mark: semicolons, and "É" as
    // the single byte 0xC9.
    std::fs::write(&csv, b"id;name;attack\r\n007;\xC9lan Vital;3\r\n").unwrap();
    let out = import_command(&csv, dir.path());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains("note: read as Windows-1252"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("note: semicolon-separated"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.contains("attack 1 → 3"), "{}", out.stdout);
    // The accented name read right is no change: only the attack changed.
    assert!(!out.stdout.contains("name"), "{}", out.stdout);
    assert!(
        cards(dir.path()).contains("name: \"Élan Vital\", attack: 3"),
        "{}",
        cards(dir.path())
    );
}
