//! Issue #30 in the real editor (`egui_kittest`, by the labels a user reads): a GM builds a
//! tabletop ability (a Flavor, an Upgrade, a Component, a Save) and a creature that knows it
//! through the generic forms of the Library's Tabletop abilities and Creatures tabs, sees the
//! engine's level check beside the Upgrade, saves, and finds the files rewritten item by
//! item; a status condition changed in its editor re-runs an open encounter's sandbox.
#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::shell::SigilforgeApp;
use sigilforge_engine::pack::Content;

mod ui_common;
use ui_common::{click, click_topmost, fixture_copy, hosted_harness, pick_last, tap, type_into};

const CREATURES: &str = "encounters/tabletop/creatures.ron";
const ABILITIES: &str = "encounters/tabletop/abilities.ron";
const STATUSES: &str = "encounters/tabletop/statuses.ron";

fn content(harness: &Harness<'_, SigilforgeApp>, file: &str) -> Content {
    harness
        .state()
        .document()
        .unwrap()
        .pack()
        .file(file)
        .unwrap()
        .content
        .clone()
}

/// The text of a list file up to its closing `]`: what an item added at the end leaves as it
/// was, byte for byte.
fn before_the_end(text: &str) -> &str {
    &text[..text.rfind(']').unwrap()]
}

#[test]
fn a_creature_with_a_new_ability_is_built_through_the_forms_and_saved_item_by_item() {
    let dir = fixture_copy();
    let creatures_before = std::fs::read_to_string(dir.path().join(CREATURES)).unwrap();
    let abilities_before = std::fs::read_to_string(dir.path().join(ABILITIES)).unwrap();
    let mut harness = hosted_harness(dir.path());

    // The ability: a name, a Component, a Save, one Flavor to pick and one Upgrade.
    click(&mut harness, "Tabletop abilities");
    harness.get_by_label_contains("Elemental Blast");
    click(&mut harness, "New tabletop ability");
    type_into(&mut harness, "Name", 0, "Frost Lash");
    tap(&mut harness, "Add component");
    type_into(&mut harness, "Name", 1, "A wand");
    tap(&mut harness, "Add save");
    type_into(&mut harness, "Modifier", 0, "Grit");
    tap(&mut harness, "Whether there is a flavors");
    type_into(&mut harness, "Pick", 0, "1");
    tap(&mut harness, "Add option");
    type_into(&mut harness, "Name", 2, "Rime");
    tap(&mut harness, "Add upgrade");
    type_into(&mut harness, "Name", 3, "Keen(1)");
    type_into(&mut harness, "Min level", 0, "3");
    let Content::AbilityLibrary(lib) = content(&harness, ABILITIES) else {
        panic!("not an ability library");
    };
    let made = lib.abilities.last().unwrap().clone();
    assert_eq!(made.id, "new_ability");
    assert_eq!(made.name, "Frost Lash");
    assert_eq!(made.components[0].name, "A wand");
    assert_eq!(made.saves[0].modifier, "Grit");
    let flavors = made.flavors.as_ref().unwrap();
    assert_eq!(
        (flavors.pick, flavors.options[0].name.as_str()),
        (1, "Rime")
    );
    assert_eq!(
        (made.upgrades[0].name.as_str(), made.upgrades[0].min_level),
        ("Keen(1)", 3)
    );

    // The creature: it knows the ability, its Flavor and its Upgrade picked from the
    // ability's own lists.
    click(&mut harness, "Creatures");
    harness.get_by_label_contains("The Hag");
    click(&mut harness, "New creature");
    tap(&mut harness, "Add ability");
    pick_last(&mut harness, "new_ability");
    tap(&mut harness, "Add flavor");
    pick_last(&mut harness, "Rime");
    tap(&mut harness, "Add upgrade");
    pick_last(&mut harness, "Keen(1)");
    // The engine's level check shows beside the Upgrade, and goes once the level is reached.
    let level_problem = "needs level 3; `new_creature` is level 0";
    assert!(
        harness.query_by_label_contains(level_problem).is_some(),
        "no level check shown"
    );
    type_into(&mut harness, "Level", 0, "3");
    assert!(harness.query_by_label_contains(level_problem).is_none());

    // Typing the level was one undo step; undo and redo it.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert!(harness.query_by_label_contains(level_problem).is_some());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run();
    assert!(harness.query_by_label_contains(level_problem).is_none());

    // Typing a number key by key is one undo step: 10 → 1 → 12, one undo back to 10.
    let health = |h: &Harness<'_, SigilforgeApp>| match content(h, CREATURES) {
        Content::StatBlocks(set) => set.creatures.last().unwrap().health,
        _ => panic!("not stat blocks"),
    };
    assert_eq!(health(&harness), 10);
    harness
        .get_all_by_role_and_label(Role::TextInput, "Health")
        .next()
        .unwrap()
        .focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    for (key, now) in [("1", 1), ("2", 12)] {
        harness
            .get_by_role_and_label(Role::TextInput, "Health")
            .type_text(key);
        harness.run();
        assert_eq!(health(&harness), now);
    }
    assert_eq!(health(&harness), 12);
    harness.key_press(Key::Tab);
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(
        health(&harness),
        10,
        "typing 12 was more than one undo step"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run();
    assert_eq!(health(&harness), 12);

    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert!(!harness.state().is_dirty());

    // Read back: the new items as built, every other item byte for byte as it was.
    let creatures_after = std::fs::read_to_string(dir.path().join(CREATURES)).unwrap();
    let abilities_after = std::fs::read_to_string(dir.path().join(ABILITIES)).unwrap();
    assert!(creatures_after.starts_with(before_the_end(&creatures_before)));
    assert!(abilities_after.starts_with(before_the_end(&abilities_before)));
    let mut diags = sigilforge_engine::diag::Diagnostics::new();
    let pack = sigilforge_engine::pack::load_pack(dir.path(), &mut diags);
    let Some(Content::StatBlocks(set)) = pack.file(CREATURES).map(|f| &f.content) else {
        panic!("no stat blocks");
    };
    let block = set.creatures.last().unwrap();
    assert_eq!((block.id.as_str(), block.level), ("new_creature", 3));
    assert_eq!(block.abilities[0].id, "new_ability");
    assert_eq!(block.abilities[0].flavors, ["Rime"]);
    assert_eq!(block.abilities[0].upgrades, ["Keen(1)"]);
    let Some(Content::AbilityLibrary(lib)) = pack.file(ABILITIES).map(|f| &f.content) else {
        panic!("no ability library");
    };
    assert_eq!(lib.abilities.last(), Some(&made));
    let problems: Vec<String> = diags
        .iter()
        .filter(|d| d.message.contains("new_"))
        .map(ToString::to_string)
        .collect();
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn a_status_changed_in_its_editor_re_runs_an_open_encounters_sandbox() {
    let dir = fixture_copy();
    // Test set-up: the goblins start Burning (no starter creature uses the status).
    let path = dir.path().join(CREATURES);
    let text = std::fs::read_to_string(&path).unwrap();
    let text = text.replacen(
        "id: \"goblin\",",
        "id: \"goblin\",\n            conditions: {\"Burning\": 2},",
        1,
    );
    std::fs::write(&path, text).unwrap();
    let mut harness = hosted_harness(dir.path());
    click(&mut harness, "Encounters");
    click(
        &mut harness,
        "Goblin Ambush  (encounters/goblin_ambush.ron)",
    );
    click_topmost(&mut harness, "Sandbox");
    click_topmost(&mut harness, "Run to end");
    let log = |h: &mut Harness<'_, SigilforgeApp>| {
        let editor = h
            .state_mut()
            .hosted_encounter_editor("encounters/goblin_ambush.ron");
        format!("{:?}", editor.sandbox.run().unwrap().log())
    };
    let before = log(&mut harness);
    assert!(before.contains("Burning"), "the goblins do not burn");

    click(&mut harness, "Statuses");
    click(&mut harness, "Burning");
    type_into(&mut harness, "Damage at turn start", 0, "4");
    let Content::StatusLibrary(lib) = content(&harness, STATUSES) else {
        panic!("not a status library");
    };
    assert_eq!(lib.conditions[0].damage_at_turn_start, 4);

    // Back to the encounter: its sandbox played the new Burning.
    click(&mut harness, "Encounters");
    click(
        &mut harness,
        "Goblin Ambush  (encounters/goblin_ambush.ron)",
    );
    click_topmost(&mut harness, "Run to end");
    let after = log(&mut harness);
    assert!(after != before, "the sandbox did not re-run");
}

#[test]
fn new_duplicate_and_delete_a_status_each_one_undo_step() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    let names = |h: &Harness<'_, SigilforgeApp>| match content(h, STATUSES) {
        Content::StatusLibrary(lib) => lib
            .conditions
            .iter()
            .map(|c| c.name.clone())
            .collect::<Vec<_>>(),
        _ => panic!("not a status library"),
    };
    let before = names(&harness);
    click(&mut harness, "Statuses");
    // The search narrows the list.
    harness
        .get_by_role_and_label(Role::TextInput, "Search statuses")
        .focus();
    harness.run();
    harness
        .get_by_role_and_label(Role::TextInput, "Search statuses")
        .type_text("stun");
    harness.run();
    assert!(harness.query_by_label("Burning").is_none());
    harness.get_by_label("Stunned");
    harness
        .get_by_role_and_label(Role::TextInput, "Search statuses")
        .focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.key_press(Key::Backspace);
    harness.run();

    click(&mut harness, "Burning");
    click(&mut harness, "Duplicate");
    let mut with_copy = before.clone();
    with_copy.insert(1, "Burning copy".to_owned());
    assert_eq!(names(&harness), with_copy);
    click(&mut harness, "Delete");
    assert_eq!(names(&harness), before);
    click(&mut harness, "New status");
    assert_eq!(
        names(&harness).last().map(String::as_str),
        Some("New status")
    );
    for expected in [&before, &with_copy, &before] {
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run();
        assert_eq!(&names(&harness), expected);
    }
}
