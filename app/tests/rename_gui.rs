//! Renaming a keyword everywhere (`egui_kittest`, the real app): the keyword editor previews
//! the files the rename touches, one click renames the definition and its three cards (a
//! value and an ability's reference kept right), and one undo puts every use back.
#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use egui_kittest::kittest::Queryable;
use sigilforge::shell::{EditCommand, Settings, SigilforgeApp};
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
        .map(|id| doc.pack().card(id).unwrap().keywords.clone())
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
    harness.get_by_label("Renaming Thorns to Spikes changes 3 file(s):");
    harness.get_by_label("keywords.ron: 2 item(s)");
    harness.get_by_label("cards.ron: 2 item(s)");
    harness.get_by_label("more.ron: 1 item(s)");
    click(&mut harness, "Rename everywhere");

    let doc = harness.state().document().unwrap();
    assert!(doc.pack().keyword_def("Spikes").is_some());
    assert!(doc.pack().keywords().all(|(_, k)| k.name != "Thorns"));
    assert_eq!(
        keywords_of(&harness),
        [
            vec!["Spikes 1".to_owned()],
            vec!["Spikes 2".to_owned(), "Fury".to_owned()],
            vec![],
            vec!["Spikes 3".to_owned()],
        ]
    );
    let fury = doc.pack().keyword_def("Fury").unwrap();
    let text = ron::to_string(&fury.abilities).unwrap();
    assert!(text.contains("HasKeyword(\"Spikes\")"), "{text}");

    // One undo step puts every use back.
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert_eq!(keywords_of(&harness), before);
    let doc = harness.state().document().unwrap();
    assert!(doc.pack().keyword_def("Thorns").is_some());
    assert!(doc.pack().keyword_def("Spikes").is_none());
}

const PUPS: &str = r#"CardSet(
    cards: [
        (id: "den_mother", name: "Den Mother", attack: 1, life: 3, abilities: [(kind: Triggered(Summoned), effects: [Summon(card: "wolf_token")])]),
        (id: "wolf_token", name: "Wolf Token", kind: Token, attack: 1, life: 1),
        (id: "briar", name: "Briar", attack: 1, life: 3),
    ],
)
"#;

const SHAPESHIFT: &str = r#"CardSet(
    cards: [
        (id: "shifter", name: "Shifter", attack: 2, life: 2, abilities: [(kind: Static, condition: Some(IsCard("wolf_token")), effects: [Transform("wolf_token")])]),
    ],
)
"#;

#[test]
fn a_card_id_is_renamed_everywhere_from_the_card_editor_and_undone_in_one_step() {
    let scenario = "// The wolf_token pups wait in the city.\n\
         RulesScenario(name: \"Pups\", pack: Some(\".\"), a: (city: [\"wolf_token\"]))\n";
    let dir = pack_fixture(&[
        ("pups.ron", PUPS),
        ("shift.ron", SHAPESHIFT),
        ("pups-scenario.ron", scenario),
    ]);
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let mut harness = editor_harness(SigilforgeApp::with_pack(pack, Settings::default()));
    let text_of = |h: &egui_kittest::Harness<'_, SigilforgeApp>, id: &str| {
        let card = h
            .state()
            .document()
            .unwrap()
            .pack()
            .card(id)
            .cloned()
            .unwrap();
        ron::to_string(&card.abilities).unwrap()
    };
    harness.get_by_label("Wolf Token").click_accesskit();
    harness.run();

    // An id another card has is refused, and nothing is offered to apply.
    set_field(&mut harness, "Rename everywhere to", "briar");
    harness.get_by_label("⚠ The pack already has a card with id briar");
    assert!(harness.query_by_label("Rename everywhere").is_none());

    set_field(&mut harness, "Rename everywhere to", "wolf_pup");
    harness.get_by_label("Renaming wolf_token to wolf_pup changes 3 file(s):");
    harness.get_by_label("pups.ron: 2 item(s)");
    harness.get_by_label("shift.ron: 1 item(s)");
    // The scenario naming the card is rewritten in its text, its comment kept.
    harness.get_by_label("pups-scenario.ron: where its text names wolf_token (comments kept)");
    assert!(harness.query_by_label_contains("Not rewritten").is_none());
    click(&mut harness, "Rename everywhere");
    let doc = harness.state().document().unwrap();
    assert!(doc.pack().card("wolf_token").is_none());
    assert_eq!(doc.pack().card("wolf_pup").unwrap().name, "Wolf Token");
    assert!(text_of(&harness, "den_mother").contains("\"wolf_pup\""));
    let scenario_text = |h: &egui_kittest::Harness<'_, SigilforgeApp>| {
        let doc = h.state().document().unwrap();
        doc.pack().file("pups-scenario.ron").unwrap().source.clone()
    };
    assert_eq!(
        scenario_text(&harness),
        scenario.replace("[\"wolf_token\"]", "[\"wolf_pup\"]")
    );
    let shifter = text_of(&harness, "shifter");
    assert!(
        shifter.contains("IsCard(\"wolf_pup\")") && shifter.contains("Transform(\"wolf_pup\")"),
        "{shifter}"
    );

    // One undo puts the id and every use back.
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    let doc = harness.state().document().unwrap();
    assert!(doc.pack().card("wolf_pup").is_none());
    assert!(doc.pack().card("wolf_token").is_some());
    assert!(text_of(&harness, "den_mother").contains("\"wolf_token\""));
    assert!(text_of(&harness, "shifter").contains("Transform(\"wolf_token\")"));
    assert_eq!(scenario_text(&harness), scenario);
}
