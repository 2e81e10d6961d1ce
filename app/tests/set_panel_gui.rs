//! The Set panel (`egui_kittest`, issue #33) on the real app: the pack's counts, a deck's
//! copies chosen in the Count picker, and the filter narrowing both.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

mod ui_common;

use egui_kittest::kittest::Queryable;
use sigilforge::shell::tab::Tab;
use sigilforge::shell::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;
use ui_common::{editor_harness, pack_fixture, set_field};

const CARDS: &str = "CardSet(cards: [
    (id: \"wolf\", name: \"Wolf\", cost: 1, attack: 2, life: 3, tribes: [\"Beast\"], tags: [\"common\"]),
    (id: \"bear\", name: \"Bear\", cost: 3, attack: 4, life: 6, tribes: [\"Beast\"], keywords: [\"Armor 1\"]),
    (id: \"knight\", name: \"Knight\", cost: 2, attack: 2, life: 5, tribes: [\"Warrior\"], tags: [\"rare\"]),
])
";

const DECK: &str = "Deck(id: \"beasts\", name: \"Beasts\", cards: [(card: \"wolf\", count: 12), (card: \"bear\", count: 3), (card: \"knight\")])\n";

#[test]
fn the_set_panel_counts_the_pack_a_deck_and_a_filter() {
    let dir = pack_fixture(&[("cards.ron", CARDS), ("deck.ron", DECK)]);
    let mut diags = Diagnostics::new();
    let app = SigilforgeApp::with_pack(load_pack(dir.path(), &mut diags), Settings::default());
    let mut harness = editor_harness(app);
    harness.state_mut().apply(EditCommand::ShowTab(Tab::Set));
    harness.run();
    harness.get_by_label("3 cards (pack test)");
    harness.get_by_label("Cost curve (mean 2.00)");
    // The deck, picked in the Count box: its copies are counted.
    harness.get_by_label("Count").click();
    harness.run();
    harness.get_by_label("Deck Beasts").click();
    harness.run();
    harness.get_by_label("16 cards (deck beasts)");
    assert_eq!(harness.state().set_panel().deck.as_deref(), Some("beasts"));
    // Filtered to the Beasts: 15 of the deck's 16.
    set_field(&mut harness, "Filter", "tribe:Beast");
    harness.get_by_label("15 cards (deck beasts)");
    // A filter that does not read says why.
    set_field(&mut harness, "Filter", "colour:red");
    harness.get_by_label_contains("unknown key `colour:`");
}
