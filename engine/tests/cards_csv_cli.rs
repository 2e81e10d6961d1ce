//! `sigilforge csv export` and `csv import` on a pack folder: export then import changes no
//! file, a one-cell change rewrites that card's line only (item-level save) and a new id is
//! appended, and a bad row is reported as `cards.csv:ROW:COL: message` with nothing written.

#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use std::path::Path;

use sigilforge_engine::cards_csv::{export_command, import_command};

const CARDS: &str = "// Hand-written: the comment and the layout must survive an import.\nCardSet(\n    cards: [\n        (id: \"wolf\", name: \"Grey Wolf\", attack: 2, life: 3, keywords: [\"Armor 2\"]),\n        (id: \"bear\", name: \"Bear\",      attack: 4, life: 6),\n    ],\n)\n";

fn pack() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"test\", name: \"Test Pack\", version: \"0.1.0\", schema_version: 1)\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("cards.ron"), CARDS).unwrap();
    dir
}

fn cards(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("cards.ron")).unwrap()
}

fn export(dir: &Path) -> String {
    let csv = dir.join("cards.csv");
    let out = export_command(dir, &csv);
    assert_eq!(out.code, 0, "{}", out.stderr);
    std::fs::read_to_string(csv).unwrap()
}

#[test]
fn export_then_import_writes_nothing() {
    let dir = pack();
    let text = export(dir.path());
    assert!(text.contains("Armor 2"), "{text}");
    let out = import_command(&dir.path().join("cards.csv"), dir.path());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("wrote"), "{}", out.stdout);
    assert_eq!(cards(dir.path()), CARDS);
}

#[test]
fn one_cell_changes_one_line_and_a_new_id_appends() {
    let dir = pack();
    let text = export(dir.path());
    let edited = text.replace("bear,Bear,Creature,0,4,", "bear,Bear,Creature,0,5,")
        + "cards.ron,owl,Owl,Creature,1,1,2,,,,,,\r\n";
    assert!(edited.contains(",0,5,"), "{text}");
    let csv = dir.path().join("cards.csv");
    std::fs::write(&csv, edited).unwrap();
    let out = import_command(&csv, dir.path());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("1 changed, 1 new"), "{}", out.stdout);
    let expected = CARDS.replace(
        "        (id: \"bear\", name: \"Bear\",      attack: 4, life: 6),\n",
        "        (id: \"bear\", name: \"Bear\",      attack: 5, life: 6),\n        (id: \"owl\", name: \"Owl\", cost: 1, attack: 1, life: 2),\n",
    );
    assert_eq!(cards(dir.path()), expected);
}

#[test]
fn bad_rows_are_located_and_nothing_is_written() {
    let dir = pack();
    let csv = dir.path().join("cards.csv");
    std::fs::write(
        &csv,
        "id,attack,keywords\r\nwolf,9,\r\nbear,lots,\r\nowl,1,Armr 2\r\n",
    )
    .unwrap();
    let out = import_command(&csv, dir.path());
    assert_eq!(out.code, 1);
    let shown = csv.display();
    assert!(
        out.stderr
            .contains(&format!("{shown}:3:2: attack `lots` is not a whole number")),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains(&format!("{shown}:4:3: unknown keyword `Armr`")),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("nothing was written"));
    assert_eq!(
        cards(dir.path()),
        CARDS,
        "the good row (wolf) is not written either"
    );
}

#[test]
fn no_pack_or_no_csv_is_exit_2() {
    let dir = pack();
    let out = import_command(&dir.path().join("missing.csv"), dir.path());
    assert_eq!(out.code, 2);
    let empty = tempfile::tempdir().unwrap();
    let csv = dir.path().join("cards.csv");
    std::fs::write(&csv, "id\r\n").unwrap();
    assert_eq!(import_command(&csv, empty.path()).code, 2);
}
