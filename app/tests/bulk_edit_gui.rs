//! Multi-select in the card list and a bulk field edit (`egui_kittest`, issue #33): the cards
//! the search shows are selected, Attack is set on all of them as one undo step, and one Undo
//! puts every card back.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

mod ui_common;

use egui_kittest::kittest::Queryable;
use sigilforge::shell::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;
use ui_common::{editor_harness, pack_fixture, set_field};

const CARDS: &str = "CardSet(cards: [
    (id: \"wolf\", name: \"Wolf\", attack: 2, life: 3, tribes: [\"Beast\"]),
    (id: \"bear\", name: \"Bear\", attack: 4, life: 6, tribes: [\"Beast\"]),
    (id: \"boar\", name: \"Boar\", attack: 3, life: 3, tribes: [\"Beast\"]),
    (id: \"knight\", name: \"Knight\", attack: 2, life: 5, tribes: [\"Warrior\"]),
])
";

fn attacks(harness: &egui_kittest::Harness<'_, SigilforgeApp>) -> Vec<(String, i32)> {
    harness
        .state()
        .document()
        .unwrap()
        .pack()
        .cards()
        .map(|(_, c)| (c.id.clone(), c.attack))
        .collect()
}

#[test]
fn a_bulk_edit_of_the_shown_cards_is_one_undo_step() {
    let dir = pack_fixture(&[("cards.ron", CARDS)]);
    let mut diags = Diagnostics::new();
    let app = SigilforgeApp::with_pack(load_pack(dir.path(), &mut diags), Settings::default());
    let mut harness = editor_harness(app);
    let before = attacks(&harness);
    // The Beasts: searched, then all selected.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::F);
    harness.run();
    harness
        .get_by(|n| n.placeholder() == Some("Search cards (Ctrl+F)"))
        .type_text("Beast");
    harness.run();
    harness.get_by_label("3 of 4 cards");
    harness.get_by_label("Select shown").click();
    harness.run();
    harness.get_by_label("3 selected");
    harness.get_by_label("Field").click();
    harness.run();
    harness.get_by_label("Attack").click();
    harness.run();
    set_field(&mut harness, "Value", "7");
    harness.get_by_label("Apply to 3 cards").click();
    harness.run();
    let after = attacks(&harness);
    for (id, attack) in &after {
        let expected = if id == "knight" { 2 } else { 7 };
        assert_eq!(*attack, expected, "{id}: {after:?}");
    }
    // One undo step puts all three back.
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert_eq!(attacks(&harness), before);
    // A value that does not read is refused before anything changes.
    set_field(&mut harness, "Value", "lots");
    harness.get_by_label("Apply to 3 cards").click();
    harness.run();
    assert_eq!(attacks(&harness), before);
}
