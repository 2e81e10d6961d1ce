//! The Abilities library in the user's words (issue #31): each keyword's abilities written by
//! the engine's wording layer, in the game of the file that holds them (the battle line names
//! no game: "life", never "vitae"), with no syntax of the file in any sentence.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use egui_kittest::kittest::{NodeT, Queryable};
use sigilforge::shell::{Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;
use sigilforge_engine::wording::leak;

mod ui_common;
use ui_common::{editor_harness as harness, fixture_copy};

#[test]
fn the_abilities_library_reads_as_english_in_the_battle_line_s_words() {
    let dir = fixture_copy();
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let keywords: Vec<String> = pack.keywords().map(|(_, k)| k.name.clone()).collect();
    let mut harness = harness(SigilforgeApp::with_pack(pack, Settings::default()));
    harness.get_by_label("Abilities").click();
    harness.run();
    // Assassin (the starter's battle line): a replacement with a condition, once garbled as
    // "If this would deal damage would happen, if this is when the damage is from an attack…".
    harness.get_by_label(
        "Assassin: If this would deal damage and the damage is from an attack and this is \
         attacking the opposing player, that damage is increased by X instead, each time.",
    );
    let sentences: Vec<String> = harness
        .query_all_by_label_contains(": ")
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| keywords.iter().any(|k| l.starts_with(&format!("{k}: "))))
        .collect();
    assert!(sentences.len() >= 20, "{sentences:#?}");
    for s in &sentences {
        assert_eq!(leak(s), None, "{s}");
        assert!(!s.contains("vitae"), "the battle line says life: {s}");
    }
}
