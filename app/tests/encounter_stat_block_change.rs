//! A stat block changed for one encounter only, in the real editor (issue #30): the GM gives
//! the Hag of the Hag's Hut another Flavor, an Upgrade, a name and health from the encounter
//! tab; each edit is one undo step; saving writes the change into the encounter file item by
//! item and leaves the shared creatures file byte for byte; the sandbox plays the changed Hag,
//! the exported sheet and its preview print her as changed; a reset makes her the shared Hag
//! again.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sigilforge::shell::EditCommand;
use sigilforge_engine::pack::Content;

mod ui_common;
use ui_common::{
    click_topmost, fixture_copy, hosted_harness, press_topmost, set_field, wait_for_label_contains,
};

const HUT: &str = "encounters/hags_hut.ron";

fn hag_change(
    harness: &egui_kittest::Harness<'_, sigilforge::shell::SigilforgeApp>,
) -> Option<sigilforge_engine::encounter::StatBlockChange> {
    let doc = harness.state().document().unwrap();
    match &doc.pack().file(HUT).unwrap().content {
        Content::Encounter(enc) => enc.stat_block_change("hag").cloned(),
        other => panic!("{HUT} is not an encounter: {other:?}"),
    }
}

#[test]
fn the_gm_changes_the_hag_for_this_encounter_only() {
    let dir = fixture_copy();
    let creatures = dir.path().join("encounters/tabletop/creatures.ron");
    let shared_before = std::fs::read(&creatures).unwrap();
    let hut_before = std::fs::read_to_string(dir.path().join(HUT)).unwrap();
    let mut harness = hosted_harness(dir.path());
    harness.get_by_label("Encounters").click();
    harness.run();
    harness
        .get_by_label_contains("(encounters/hags_hut.ron)")
        .click();
    harness.run();
    harness.run();

    // Select the Hag in the turn order: her stat block is the shared one.
    click_topmost(&mut harness, "1. The Hag (foes)");
    harness.get_by_label("Stat block The Hag (hag), shared");

    // Another Flavor, then another Upgrade: two edits, two undo steps.
    click_topmost(&mut harness, "Frost Bolt");
    harness.run();
    click_topmost(&mut harness, "Elemental Blast: Powerful(2)");
    harness.run();
    let change = hag_change(&harness).expect("the Hag is changed here");
    let blast = &change.abilities["elemental_blast"];
    assert_eq!(blast.add_flavors, ["Frost Bolt"]);
    assert_eq!(blast.remove_flavors, ["Fiery Bolt"]);
    assert_eq!(blast.add_upgrades, ["Powerful(2)"]);
    harness.get_by_label("1. The Hag (foes, changed here)");
    harness.get_by_label("Stat block The Hag (hag), changed here");
    harness.get_by_label_contains("Elemental Blast: Flavor Frost Bolt added");

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    harness.run();
    let undone = hag_change(&harness).expect("the Flavor is still changed");
    assert!(undone.abilities["elemental_blast"].add_upgrades.is_empty());
    assert_eq!(
        undone.abilities["elemental_blast"].add_flavors,
        ["Frost Bolt"]
    );
    harness.state_mut().apply(EditCommand::Redo);
    harness.run();
    harness.run();
    assert_eq!(hag_change(&harness), Some(change.clone()));

    // Her name and health here, each one more edit.
    set_field(&mut harness, "Name here", "The Frost Hag");
    harness.run();
    set_field(&mut harness, "Health here", "24");
    harness.run();
    let renamed = hag_change(&harness).unwrap();
    assert_eq!(renamed.name.as_deref(), Some("The Frost Hag"));
    assert_eq!(renamed.health, Some(24));
    assert_eq!(renamed.abilities, change.abilities);
    harness.get_by_label("Stat block The Frost Hag (hag), changed here");

    // Saved item by item: the encounter file holds the change and keeps its comments; the
    // shared creatures file is byte for byte as it was.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    harness.run();
    let hut = std::fs::read_to_string(dir.path().join(HUT)).unwrap();
    assert_ne!(hut, hut_before);
    assert!(hut.contains("stat_block_changes"), "{hut}");
    assert!(hut.contains("\"Frost Bolt\""), "{hut}");
    assert!(hut.contains("\"Powerful(2)\""), "{hut}");
    assert!(
        hut.contains("// #Bob does not Dodge in the seed's telling."),
        "{hut}"
    );
    assert_eq!(std::fs::read(&creatures).unwrap(), shared_before);

    // The sandbox plays the changed Hag: her Elemental Blast is a Frost Bolt.
    click_topmost(&mut harness, "Sandbox");
    for _ in 0..6 {
        click_topmost(&mut harness, "Step");
    }
    harness.run();
    assert!(
        harness.query_all_by_label_contains("Cold damage").count() > 0,
        "no Cold damage in the sandbox's log"
    );
    assert_eq!(
        harness.query_all_by_label_contains("Fire damage").count(),
        0,
        "the Hag still throws Fiery Bolts"
    );

    // The exported sheet prints the Frost Bolt and says the Hag is changed here.
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join("hut.html");
    sigilforge::dialogs::script(
        &harness.ctx,
        vec![sigilforge::dialogs::PickResult::Picked(path.clone())],
    );
    click_topmost(&mut harness, "Prep");
    ui_common::press_topmost(&mut harness, "Export sheet…");
    // The sheet is written on a thread of its own (it may estimate the difficulty first).
    ui_common::wait_for_label_contains(&mut harness, "Sheet written to");
    let html = std::fs::read_to_string(&path).unwrap();
    assert!(html.contains("Flavor: Frost Bolt"), "{html}");
    assert!(html.contains("The Frost Hag"), "{html}");
    assert!(
        html.contains("Stat block changed for this encounter only"),
        "{html}"
    );

    // The sheet's preview in the tab says so too.
    // (Frames one by one: the sheet's estimate plays on a thread, its spinner asks for them.)
    press_topmost(&mut harness, "Preview sheet");
    wait_for_label_contains(
        &mut harness,
        "Stat block changed for this encounter only: name The Hag → The Frost Hag; health 16 → 24",
    );

    // Reset: the Hag is the shared one again, in one more undo step.
    click_topmost(&mut harness, "Prep");
    click_topmost(&mut harness, "Reset to shared");
    harness.run();
    assert_eq!(hag_change(&harness), None);
    harness.get_by_label("1. The Hag (foes)");
}
