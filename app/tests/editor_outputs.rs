//! The File menu's outputs through the real editor (issue #15), each with the file dialog
//! replaced by a path: card images, the print sheet, the Tabletop Simulator deck, CSV export,
//! CSV import (shown first, applied as one undoable edit, saved as the changed lines only), and
//! Export pack… / Import pack… (the archive as saved, unpacked into a new folder and opened).

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::dialogs::{PickResult, script};
use sigilforge::shell::{EditCommand, ItemAddr, Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;

mod ui_common;
use ui_common::{click, editor_harness, pack_fixture, wait_until_opened};

const CARDS: &str = "// The test cards.\nCardSet(\n    cards: [\n        (id: \"wolf\", name: \"Grey Wolf\", attack: 2, life: 3),\n        (id: \"bear\", name: \"Bear\", attack: 4, life: 6),\n    ],\n)\n";

fn harness(dir: &Path) -> Harness<'static, SigilforgeApp> {
    let mut diags = Diagnostics::new();
    editor_harness(SigilforgeApp::with_pack(
        load_pack(dir, &mut diags),
        Settings::default(),
    ))
}

/// Picks `item` in the File menu with the dialog answering `path`, confirms the options
/// (when the output has any), and lets the job finish.
fn run_output(harness: &mut Harness<'_, SigilforgeApp>, item: &str, path: &Path, options: bool) {
    script(&harness.ctx, vec![PickResult::Picked(path.to_owned())]);
    click(harness, "File");
    click(harness, item);
    if options {
        click(harness, "Choose where…");
    }
    // The job runs on its own thread; the editor polls it every frame it draws.
    for _ in 0..6_000 {
        if !harness.state().outputs().running() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        harness.step();
    }
    harness.run();
    assert!(!harness.state().outputs().running(), "the job never ended");
}

/// Exports the pack's CSV to `csv` through the File menu and writes it back as `edit`
/// changes it (what a person, or a spreadsheet, does to the sheet).
fn export_and_edit_csv(
    harness: &mut Harness<'_, SigilforgeApp>,
    csv: &Path,
    edit: impl FnOnce(&str) -> String,
) {
    run_output(harness, "Export CSV…", csv, false);
    click(harness, "OK");
    let text = std::fs::read_to_string(csv).unwrap();
    let edited = edit(&text);
    assert_ne!(edited, text, "the edit changed nothing");
    std::fs::write(csv, edited).unwrap();
}

fn message(harness: &Harness<'_, SigilforgeApp>) -> String {
    harness
        .state()
        .outputs()
        .finished
        .as_ref()
        .map(|f| f.text.clone())
        .unwrap_or_default()
}

#[test]
fn export_card_images_writes_a_png_per_card_and_offers_the_folder() {
    let dir = pack_fixture(&[("cards.ron", CARDS)]);
    let out = tempfile::tempdir().unwrap();
    let mut harness = harness(dir.path());
    run_output(&mut harness, "Export card images…", out.path(), true);
    assert!(
        message(&harness).starts_with("Wrote 2 card images"),
        "{}",
        message(&harness)
    );
    for id in ["wolf", "bear"] {
        let bytes = std::fs::read(out.path().join(format!("{id}.png"))).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"));
    }
    harness.get_by_label("Open folder");
    click(&mut harness, "OK");
    assert!(harness.state().outputs().finished.is_none());
}

#[test]
fn print_sheet_writes_a_pdf() {
    let dir = pack_fixture(&[("cards.ron", CARDS)]);
    let out = tempfile::tempdir().unwrap();
    let pdf = out.path().join("cards.pdf");
    let mut harness = harness(dir.path());
    run_output(&mut harness, "Print sheet (PDF)…", &pdf, true);
    assert!(
        message(&harness).contains("print sheet of 2 cards on 2 pages"),
        "{}",
        message(&harness)
    );
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
}

#[test]
fn tabletop_simulator_deck_writes_the_deck_json() {
    let dir = pack_fixture(&[("cards.ron", CARDS)]);
    let out = tempfile::tempdir().unwrap();
    let mut harness = harness(dir.path());
    run_output(&mut harness, "Tabletop Simulator deck…", out.path(), true);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.path().join("deck.json")).unwrap())
            .unwrap();
    assert!(json.get("ObjectStates").is_some(), "{json}");
}

#[test]
fn export_csv_writes_a_row_per_card() {
    let dir = pack_fixture(&[("cards.ron", CARDS)]);
    let out = tempfile::tempdir().unwrap();
    let csv = out.path().join("cards.csv");
    let mut harness = harness(dir.path());
    run_output(&mut harness, "Export CSV…", &csv, false);
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.contains("wolf,Grey Wolf"), "{text}");
}

#[test]
fn an_export_refuses_a_pack_with_problems_and_writes_nothing() {
    let dir = pack_fixture(&[(
        "cards.ron",
        "CardSet(cards: [(id: \"wolf\", name: \"Wolf\", keywords: [\"Flyng\"])])\n",
    )]);
    let out = tempfile::tempdir().unwrap();
    let mut harness = harness(dir.path());
    run_output(&mut harness, "Export card images…", out.path(), true);
    assert!(
        message(&harness).contains("fix them first"),
        "{}",
        message(&harness)
    );
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
}

#[test]
fn import_csv_shows_the_changes_then_applies_them_as_one_undoable_edit() {
    let dir = pack_fixture(&[("cards.ron", CARDS)]);
    let out = tempfile::tempdir().unwrap();
    let csv = out.path().join("cards.csv");
    let mut harness = harness(dir.path());
    // One cell changed (the bear's attack) and one new row.
    export_and_edit_csv(&mut harness, &csv, |text| {
        let edited = text.replace("bear,Bear,Creature,0,4,", "bear,Bear,Creature,0,5,");
        assert!(edited.contains("bear,Bear,Creature,0,5,"), "{text}");
        edited + "cards.ron,owl,Owl,Creature,1,1,2,,,,,,\r\n"
    });

    run_output(&mut harness, "Import CSV…", &csv, false);
    harness.get_by_label_contains("1 new cards, 1 changed");
    harness.get_by_label_contains("attack 4 ➡ 5");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("cards.ron")).unwrap(),
        CARDS,
        "nothing is written before Apply"
    );
    click(&mut harness, "Apply");
    let doc = harness.state().document().unwrap();
    assert_eq!(doc.card(&ItemAddr::card("cards.ron", 1)).unwrap().attack, 5);
    assert_eq!(doc.card(&ItemAddr::card("cards.ron", 2)).unwrap().id, "owl");

    harness.state_mut().apply(EditCommand::Save);
    let saved = std::fs::read_to_string(dir.path().join("cards.ron")).unwrap();
    // Item-level save: the bear's line changes in place, the owl is appended after it, and
    // nothing else of the file moves (its comment and layout stay).
    let expected = CARDS.replace(
        "        (id: \"bear\", name: \"Bear\", attack: 4, life: 6),\n",
        "        (id: \"bear\", name: \"Bear\", attack: 5, life: 6),\n        (id: \"owl\", name: \"Owl\", cost: 1, attack: 1, life: 2),\n",
    );
    assert_eq!(saved, expected);

    harness.state_mut().apply(EditCommand::Undo);
    let doc = harness.state().document().unwrap();
    assert_eq!(doc.card(&ItemAddr::card("cards.ron", 1)).unwrap().attack, 4);
    assert!(
        doc.card(&ItemAddr::card("cards.ron", 2)).is_none(),
        "one undo takes back the whole import"
    );
}

#[test]
fn import_csv_shows_spreadsheet_damage_cell_by_cell_before_anything_changes() {
    let dir = pack_fixture(&[("cards.ron", CARDS)]);
    let out = tempfile::tempdir().unwrap();
    let csv = out.path().join("cards.csv");
    let mut harness = harness(dir.path());
    // A spreadsheet ran the bear's name as a formula and saved its error.
    export_and_edit_csv(&mut harness, &csv, |text| {
        text.replace("bear,Bear,", "bear,#NAME?,")
    });

    run_output(&mut harness, "Import CSV…", &csv, false);
    harness.get_by_label_contains("1 cells look changed by a spreadsheet");
    // Row 3 (the header is row 1), column 3 (name), as the spreadsheet counts them.
    harness.get_by_label_contains(&format!("{}:3:3: `#NAME?`", csv.display()));
    let doc = harness.state().document().unwrap();
    assert_eq!(
        doc.card(&ItemAddr::card("cards.ron", 1)).unwrap().name,
        "Bear"
    );
    assert!(doc.dirty_files().is_empty(), "nothing changes before Apply");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("cards.ron")).unwrap(),
        CARDS
    );
}

#[test]
fn import_csv_with_a_bad_cell_names_it_and_changes_nothing() {
    let dir = pack_fixture(&[("cards.ron", CARDS)]);
    let out = tempfile::tempdir().unwrap();
    let csv = out.path().join("cards.csv");
    std::fs::write(&csv, "id,attack\r\nwolf,lots\r\n").unwrap();
    let mut harness = harness(dir.path());
    run_output(&mut harness, "Import CSV…", &csv, false);
    let text = message(&harness);
    assert!(
        text.contains(&format!(
            "{}:2:2: attack `lots` is not a whole number",
            csv.display()
        )),
        "{text}"
    );
    assert!(harness.state().outputs().import.is_none());
    assert!(harness.state().document().unwrap().dirty_files().is_empty());
}

/// The wolf's attack set to `attack`, unsaved.
fn edit_wolf_attack(harness: &mut Harness<'_, SigilforgeApp>, attack: i32) {
    let addr = ItemAddr::card("cards.ron", 0);
    let mut card = harness
        .state()
        .document()
        .unwrap()
        .card(&addr)
        .unwrap()
        .clone();
    card.attack = attack;
    harness.state_mut().apply(EditCommand::SetCard {
        addr,
        card: Box::new(card),
        field: "attack".into(),
    });
    harness.run();
}

#[test]
fn export_pack_offers_to_save_first_then_import_pack_unpacks_and_opens_it() {
    let dir = pack_fixture(&[("cards.ron", CARDS)]);
    let out = tempfile::tempdir().unwrap();
    let zip = out.path().join("shared.zip");
    let mut harness = harness(dir.path());
    edit_wolf_attack(&mut harness, 7);
    script(&harness.ctx, vec![PickResult::Picked(zip.clone())]);
    click(&mut harness, "File");
    click(&mut harness, "Export pack…");
    harness.get_by_label("You have unsaved changes; the archive will not have them.");
    click(&mut harness, "Save now");
    assert!(!harness.state().is_dirty());
    assert!(
        harness
            .query_by_label("You have unsaved changes; the archive will not have them.")
            .is_none()
    );
    click(&mut harness, "Choose where…");
    assert!(
        message(&harness).starts_with("Wrote pack `"),
        "{}",
        message(&harness)
    );
    assert!(
        message(&harness).contains("(2 files)"),
        "{}",
        message(&harness)
    );
    click(&mut harness, "OK");

    // Import it into a folder that already holds something: a new folder named after the archive.
    let shelf = tempfile::tempdir().unwrap();
    std::fs::write(shelf.path().join("notes.txt"), "mine").unwrap();
    script(
        &harness.ctx,
        vec![
            PickResult::Picked(zip.clone()),
            PickResult::Picked(shelf.path().to_owned()),
        ],
    );
    click(&mut harness, "File");
    click(&mut harness, "Import pack…");
    let unpacked = shelf.path().join("shared");
    // The window stays up while the pack is read: the message says it is being opened, and
    // the status bar says when it is.
    assert!(
        message(&harness).contains("Opening it now."),
        "{}",
        message(&harness)
    );
    wait_until_opened(&mut harness);
    assert!(
        harness
            .state()
            .status_text()
            .is_some_and(|s| s.starts_with("Opened ")),
        "{:?}",
        harness.state().status_text()
    );
    let doc = harness.state().document().unwrap();
    assert_eq!(doc.pack().root, unpacked);
    let wolf = doc.card(&ItemAddr::card("cards.ron", 0)).unwrap();
    assert_eq!(wolf.attack, 7, "the saved edit travelled in the archive");
    assert_eq!(
        std::fs::read_to_string(unpacked.join("cards.ron")).unwrap(),
        std::fs::read_to_string(dir.path().join("cards.ron")).unwrap()
    );
    assert_eq!(
        std::fs::read_to_string(shelf.path().join("notes.txt")).unwrap(),
        "mine"
    );

    // The same archive again: that folder is taken now, and nothing is written.
    click(&mut harness, "OK");
    script(
        &harness.ctx,
        vec![
            PickResult::Picked(zip),
            PickResult::Picked(shelf.path().to_owned()),
        ],
    );
    click(&mut harness, "File");
    click(&mut harness, "Import pack…");
    assert!(
        message(&harness).starts_with("Nothing was unpacked"),
        "{}",
        message(&harness)
    );
    assert!(
        message(&harness).contains("already exists and is not empty"),
        "{}",
        message(&harness)
    );
    assert!(
        !message(&harness).contains("--force"),
        "a command-line hint in the editor"
    );

    // A folder picked instead of the archive is named as such.
    click(&mut harness, "OK");
    script(
        &harness.ctx,
        vec![
            PickResult::Picked(out.path().to_owned()),
            PickResult::Picked(shelf.path().to_owned()),
        ],
    );
    click(&mut harness, "File");
    click(&mut harness, "Import pack…");
    assert!(
        message(&harness).contains("is not a file: choose the pack archive"),
        "{}",
        message(&harness)
    );
}
