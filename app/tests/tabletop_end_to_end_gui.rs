//! Issue #30's whole way in the real editor (`egui_kittest`, by the labels a user reads): a GM
//! makes a new tabletop ability through the forms (a Component, a Save, a new Flavor and a new
//! Upgrade), a creature that knows it with that Flavor and Upgrade, adds the creature to an
//! encounter from the encounter tab's picker, changes its health for that encounter only,
//! steps the sandbox until the creature uses the new ability, and exports the sheet, which
//! prints the ability as built.
#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sigilforge_engine::pack::Content;

mod ui_common;
use ui_common::{
    click, click_topmost, fixture_copy, hosted_harness, pick_last, set_field, tap, type_into,
};

const AMBUSH: &str = "encounters/goblin_ambush.ron";

/// The sandbox log's lines (`#12 r2 Bile Imp: …`) that contain `needle`.
fn log_lines<S>(harness: &egui_kittest::Harness<'_, S>, needle: &str) -> Vec<String> {
    use egui_kittest::kittest::NodeT as _;
    harness
        .query_all_by_label_contains(needle)
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.starts_with('#'))
        .collect()
}

/// Scrolls to the last widget labelled `label` (the one just added to a list) and clicks it.
fn tap_last<S>(harness: &mut egui_kittest::Harness<'_, S>, label: &str) {
    harness
        .get_all_by_label(label)
        .last()
        .unwrap()
        .scroll_to_me();
    harness.run();
    harness.get_all_by_label(label).last().unwrap().click();
    harness.run();
}

#[test]
fn a_new_ability_goes_from_the_forms_through_an_encounter_to_the_sheet() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());

    // The ability: a copy of Elemental Blast (a GM starts from a neighbour) renamed, with a
    // Component, a Save, a new Flavor that deals Acid damage and a new Upgrade.
    click(&mut harness, "Tabletop abilities");
    click(&mut harness, "Elemental Blast (elemental_blast)");
    click_topmost(&mut harness, "Duplicate");
    type_into(&mut harness, "Name", 0, "Acid Lash");
    tap(&mut harness, "Add component");
    type_into(&mut harness, "Name", 1, "A vial of bile");
    tap(&mut harness, "Add save");
    type_into(&mut harness, "Modifier", 1, "Edge");
    tap(&mut harness, "Add option");
    // Names so far: the ability, the Component, three Flavors; the new Flavor is the sixth.
    type_into(&mut harness, "Name", 5, "Acid Spit");
    tap_last(&mut harness, "Whether there is a damage kind");
    let kinds = harness
        .get_all_by_role_and_label(egui::accesskit::Role::TextInput, "Damage kind")
        .count();
    type_into(&mut harness, "Damage kind", kinds - 1, "Acid");
    tap(&mut harness, "Add upgrade");
    let names = harness
        .get_all_by_role_and_label(egui::accesskit::Role::TextInput, "Name")
        .count();
    type_into(&mut harness, "Name", names - 1, "Corrosive(1)");
    let extras = harness
        .get_all_by_role_and_label(egui::accesskit::Role::TextInput, "Extra damage")
        .count();
    type_into(&mut harness, "Extra damage", extras - 1, "2");
    let doc = harness.state().document().unwrap();
    let Some(Content::AbilityLibrary(lib)) = doc
        .pack()
        .file("encounters/tabletop/abilities.ron")
        .map(|f| &f.content)
    else {
        panic!("no ability library");
    };
    let made = lib
        .abilities
        .iter()
        .find(|a| a.name == "Acid Lash")
        .expect("the ability is built")
        .clone();
    assert_eq!(made.components[0].name, "A vial of bile");
    assert_eq!(made.saves.last().unwrap().modifier, "Edge");
    let acid = made.flavors.as_ref().unwrap().options.last().unwrap();
    assert_eq!(
        (acid.name.as_str(), acid.damage_kind.as_deref()),
        ("Acid Spit", Some("Acid"))
    );
    let corrosive = made.upgrades.last().unwrap();
    assert_eq!(
        (corrosive.name.as_str(), corrosive.extra_damage),
        ("Corrosive(1)", 2)
    );

    // The creature knows it, with the new Flavor and the new Upgrade.
    click(&mut harness, "Creatures");
    click(&mut harness, "New creature");
    type_into(&mut harness, "Name", 0, "Bile Imp");
    tap(&mut harness, "Add ability");
    pick_last(&mut harness, &made.id);
    tap(&mut harness, "Add flavor");
    pick_last(&mut harness, "Acid Spit");
    tap(&mut harness, "Add upgrade");
    pick_last(&mut harness, "Corrosive(1)");

    // The encounter: the GM picks the imp in the encounter tab's picker and adds it to the
    // foes, then gives it more health here only.
    click(&mut harness, "Encounters");
    click(
        &mut harness,
        "Goblin Ambush  (encounters/goblin_ambush.ron)",
    );
    let search = harness
        .get_all_by_role_and_label(egui::accesskit::Role::TextInput, "Search")
        .count();
    type_into(&mut harness, "Search", search - 1, "imp");
    click_topmost(&mut harness, "Bile Imp (new_creature)");
    click_topmost(&mut harness, "Add to foes");
    click_topmost(&mut harness, "7. Bile Imp (foes)");
    harness.get_by_label("Stat block Bile Imp (new_creature), shared");
    set_field(&mut harness, "Health here", "40");
    harness.get_by_label("Stat block Bile Imp (new_creature), changed here");
    let doc = harness.state().document().unwrap();
    let Some(Content::Encounter(enc)) = doc.pack().file(AMBUSH).map(|f| &f.content) else {
        panic!("no encounter");
    };
    assert!(
        enc.combatants
            .iter()
            .any(|c| c.stat_block == "new_creature")
    );
    assert_eq!(
        enc.stat_block_change("new_creature").and_then(|c| c.health),
        Some(40)
    );

    // The sandbox: step until a log line of the imp's shows Acid Lash, dealing Acid damage.
    click_topmost(&mut harness, "Sandbox");
    let mut steps = 0;
    while log_lines(&harness, "Acid Lash").is_empty() {
        assert!(steps < 200, "the imp never used Acid Lash");
        click_topmost(&mut harness, "Step");
        steps += 1;
    }
    let used = log_lines(&harness, "Acid Lash");
    assert!(used[0].contains("Bile Imp"), "{used:?}");
    while log_lines(&harness, "Acid damage").is_empty() {
        assert!(steps < 200, "Acid Lash dealt no Acid damage");
        click_topmost(&mut harness, "Step");
        steps += 1;
    }

    // Saved, then the sheet: the imp's Acid Lash as built, with its Flavor and Upgrade, its
    // Component and its Save; its health changed here.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert!(!harness.state().is_dirty());
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join("ambush.html");
    sigilforge::dialogs::script(
        &harness.ctx,
        vec![sigilforge::dialogs::PickResult::Picked(path.clone())],
    );
    click_topmost(&mut harness, "Prep");
    ui_common::press_topmost(&mut harness, "Export sheet…");
    // The sheet is written on a thread of its own (it may estimate the difficulty first).
    ui_common::wait_for_label_contains(&mut harness, "Sheet written to");
    let html = std::fs::read_to_string(&path).unwrap();
    for built in [
        "<h3>Bile Imp</h3>",
        "Acid Lash — Flavor: Acid Spit",
        "Corrosive(1)",
        "A vial of bile",
        "Edge Save",
        "Stat block changed for this encounter only",
    ] {
        assert!(html.contains(built), "{built:?} not in the sheet:\n{html}");
    }
}
