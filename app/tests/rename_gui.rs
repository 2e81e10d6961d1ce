//! Renaming a keyword everywhere (`egui_kittest`, the real app): the keyword editor previews
//! the files the rename touches, one click renames the definition and its three cards (a
//! value and an ability's reference kept right), and one undo puts every use back.
#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use egui_kittest::kittest::Queryable;
use sigilforge::editor::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;
use ui_common::{click, editor_harness, pack_fixture, set_field};

mod ui_common;

const KEYWORDS: &str = r#"KeywordSet(
    keywords: [
        (name: "Thorns", param: Some("N"), summary: "Deals N damage back."),
        (name: "Fury", summary: "Attacks twice.", abilities: [(kind: Static, condition: Some(HasKeyword("Thorns")), effects: [Grant("Flight")])]),
    ],
)
"#;

const CARDS: &str = r#"CardSet(
    cards: [
        (id: "briar", name: "Briar", attack: 1, life: 3, keywords: ["Thorns 1"]),
        (id: "hedge", name: "Hedge", attack: 0, life: 5, keywords: ["Thorns 2", "Fury"]),
        (id: "plain", name: "Plain", attack: 2, life: 2),
    ],
)
"#;

const MORE_CARDS: &str = r#"CardSet(
    cards: [
        (id: "rose", name: "Rose", attack: 1, life: 1, keywords: ["thorns 3"]),
    ],
)
"#;

fn keywords_of(h: &egui_kittest::Harness<'_, SigilforgeApp>) -> Vec<Vec<String>> {
    let doc = h.state().document().unwrap();
    ["briar", "hedge", "plain", "rose"]
        .iter()
        .map(|id| doc.pack.card(id).unwrap().keywords.clone())
        .collect()
}

#[test]
fn a_keyword_used_by_three_cards_is_renamed_everywhere_and_undone_in_one_step() {
    let dir = pack_fixture(&[
        ("keywords.ron", KEYWORDS),
        ("cards.ron", CARDS),
        ("more.ron", MORE_CARDS),
    ]);
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let mut harness = editor_harness(SigilforgeApp::with_pack(pack, Settings::default()));
    let before = keywords_of(&harness);
    click(&mut harness, "Keywords");
    click(&mut harness, "Thorns N");
    set_field(&mut harness, "Rename everywhere to", "Spikes");
    // The preview names each file the rename touches and how many of its items change.
    harness.get_by_label("Renaming Thorns to Spikes changes 5 item(s) in 3 file(s):");
    harness.get_by_label("keywords.ron: 2 item(s)");
    harness.get_by_label("cards.ron: 2 item(s)");
    harness.get_by_label("more.ron: 1 item(s)");
    click(&mut harness, "Rename everywhere");

    let doc = harness.state().document().unwrap();
    assert!(doc.pack.keyword_def("Spikes").is_some());
    assert!(doc.pack.keywords().all(|(_, k)| k.name != "Thorns"));
    assert_eq!(
        keywords_of(&harness),
        [
            vec!["Spikes 1".to_owned()],
            vec!["Spikes 2".to_owned(), "Fury".to_owned()],
            vec![],
            vec!["Spikes 3".to_owned()],
        ]
    );
    let fury = doc.pack.keyword_def("Fury").unwrap();
    let text = ron::to_string(&fury.abilities).unwrap();
    assert!(text.contains("HasKeyword(\"Spikes\")"), "{text}");

    // One undo step puts every use back.
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert_eq!(keywords_of(&harness), before);
    let doc = harness.state().document().unwrap();
    assert!(doc.pack.keyword_def("Thorns").is_some());
    assert!(doc.pack.keyword_def("Spikes").is_none());
}
