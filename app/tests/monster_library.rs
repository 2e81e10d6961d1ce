//! Issue #32, item 10, on the real editor: the monster library finds stat blocks by name, tag
//! and level and shows their key numbers; adding a goblin twice numbers the second ("Goblin 2",
//! id `goblin_2`); "Tweak … here" leads to the per-encounter stat block change.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::shell::SigilforgeApp;
use sigilforge_engine::pack::Content;

mod ui_common;
use ui_common::{click_topmost, fixture_copy, hosted_harness};

const HUT: &str = "encounters/hags_hut.ron";

fn open_hut(harness: &mut Harness<'_, SigilforgeApp>) {
    harness.get_by_label("Encounters").click();
    harness.run();
    harness
        .get_by_label_contains("(encounters/hags_hut.ron)")
        .click();
    harness.run();
    harness.run();
}

fn search(harness: &mut Harness<'_, SigilforgeApp>, text: &str) {
    let field = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "Search");
    field.focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.key_press(egui::Key::Backspace);
    harness.run();
    harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "Search")
        .type_text(text);
    harness.run();
}

/// The ids of the Hut's combatants, as the document has them.
fn ids(harness: &Harness<'_, SigilforgeApp>) -> Vec<String> {
    let doc = harness.state().document().unwrap();
    let Some(Content::Encounter(enc)) = doc.pack().file(HUT).map(|f| &f.content) else {
        panic!("the Hut is an encounter");
    };
    enc.combatants.iter().map(|c| c.id.clone()).collect()
}

#[test]
fn the_library_finds_a_goblin_and_a_second_one_is_goblin_2() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    open_hut(&mut harness);
    harness.get_by_label("Monster library");
    // By tag: the goblins are Goblinoid, the Hag is not.
    search(&mut harness, "goblinoid");
    harness.get_by_label("Goblin (goblin)");
    assert!(
        harness.query_by_label("The Hag (hag)").is_none(),
        "filtered out"
    );
    // By level: "level 4" finds the Hag only.
    search(&mut harness, "level 4");
    harness.get_by_label("The Hag (hag)");
    assert!(harness.query_by_label("Goblin (goblin)").is_none());
    // By name, with its key numbers.
    search(&mut harness, "gob");
    harness.get_by_label_contains("level 1 · 5 health · 2 Beats · speed 4");
    click_topmost(&mut harness, "Goblin (goblin)");
    click_topmost(&mut harness, "Add to foes");
    harness.run();
    harness.get_by_label_contains("Selected: Goblin at");
    click_topmost(&mut harness, "Goblin (goblin)");
    click_topmost(&mut harness, "Add to foes");
    harness.run();
    assert_eq!(ids(&harness), ["hag", "bob", "alice", "goblin", "goblin_2"]);
    // The second is selected and named Goblin 2, as the map, logs and sheet name it.
    harness.get_by_label_contains("Selected: Goblin 2 at");
    harness.get_by_label("Id in the file: goblin_2");
    harness.get_by_label_contains("2 here");
    // The library entry leads to the change for this encounter: the first goblin is selected
    // and its stat block's fields for this encounter show.
    click_topmost(&mut harness, "Tweak Goblin here");
    harness.get_by_label_contains("Selected: Goblin at");
    harness.get_by_label("Id in the file: goblin");
    harness.get_by_label("Stat block Goblin (goblin), shared");
    harness.get_by_label("Name here");
}
