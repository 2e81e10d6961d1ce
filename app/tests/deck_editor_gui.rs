//! The deck editor (`egui_kittest`, issue #33) on the real app: the deck's running count, a
//! card added from the pack and its undo, and a new deck.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

mod ui_common;

use egui_kittest::kittest::Queryable;
use sigilforge::shell::tab::Tab;
use sigilforge::shell::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;
use ui_common::pack_fixture;

const CARDS: &str = "CardSet(cards: [
    (id: \"wolf\", name: \"Wolf\", cost: 1, attack: 2, life: 3),
    (id: \"bear\", name: \"Bear\", cost: 3, attack: 4, life: 6),
])
";

const DECK: &str = "// Our beasts.\nDeck(\n    id: \"beasts\",\n    name: \"Beasts\",\n    cards: [\n        (card: \"wolf\", count: 12),\n    ],\n)\n";

#[test]
fn the_deck_editor_counts_adds_a_card_as_one_edit_and_makes_a_deck() {
    let dir = pack_fixture(&[("cards.ron", CARDS), ("beasts.ron", DECK)]);
    let mut diags = Diagnostics::new();
    let app = SigilforgeApp::with_pack(load_pack(dir.path(), &mut diags), Settings::default());
    // Tall enough for the card picker's list to open below it in the bottom panel.
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1600.0, 1600.0])
        .with_max_steps(1_000)
        .build_eframe(move |_cc| app);
    harness.run();
    harness.state_mut().apply(EditCommand::ShowTab(Tab::Decks));
    harness.run();
    harness.get_by_label("12 cards");
    // Bear, picked and added: 13, one undo step, the person's comment kept in the file's text.
    harness.get_by_label("Card to add").click();
    harness.run();
    harness.get_by_label("Bear (bear)").click();
    harness.run();
    harness.get_by_label("Add to deck").click();
    harness.run();
    harness.get_by_label("13 cards");
    let text = |h: &egui_kittest::Harness<'_, SigilforgeApp>| {
        h.state()
            .document()
            .unwrap()
            .pack()
            .file("beasts.ron")
            .unwrap()
            .source
            .clone()
    };
    assert!(
        text(&harness).starts_with("// Our beasts.\n"),
        "{}",
        text(&harness)
    );
    assert!(text(&harness).contains("\"bear\""), "{}", text(&harness));
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    harness.get_by_label("12 cards");
    assert_eq!(text(&harness), DECK);
    // A new deck is a file of its own, shown at once, empty.
    harness.get_by_label("New deck").click();
    harness.run();
    harness.get_by_label("0 cards");
    assert!(
        harness
            .state()
            .document()
            .unwrap()
            .pack()
            .file("decks/deck.ron")
            .is_some()
    );
}
