//! The document's change shape: any run of changes applied, then undone last first, gives back
//! the file's text byte for byte (comments included); redone, the text it had after the run.
//! A delete undone puts back the text the item had, its comments included.

use std::path::Path;

use proptest::prelude::*;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::model::{Card, PackManifest};
use sigilforge_engine::pack::{Content, Pack, PackFile};

use super::KEY;
use crate::shell::document::{Change, Document, Item, ItemAddr};

const CARDS: &str = "// The test cards.\nCardSet(\n    cards: [\n        // A wolf.\n        (id: \"wolf\", name: \"Grey Wolf\", attack: 2, life: 3),\n        (id: \"bear\", name: \"Bear\", attack: 4, life: 6),\n\n        (id: \"owl\", name: \"Owl\", attack: 1, life: 1), // small\n    ],\n)\n";

/// What a test step does, turned into a `Change` against the document as it is then.
#[derive(Debug, Clone)]
enum Step {
    Attack(usize, i32),
    Rename(usize, String),
    Insert(usize, String),
    Remove(usize),
    Comment(String),
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        (0..4usize, -3..20i32).prop_map(|(i, a)| Step::Attack(i, a)),
        (0..4usize, "[A-Za-z ]{1,8}").prop_map(|(i, n)| Step::Rename(i, n)),
        (0..5usize, "[a-z]{1,6}").prop_map(|(i, id)| Step::Insert(i, id)),
        (0..4usize).prop_map(Step::Remove),
        "[a-z ]{0,10}".prop_map(Step::Comment),
    ];
    prop::collection::vec(step, 1..12)
}

fn document() -> Document {
    let mut diags = Diagnostics::new();
    let content = Content::parse(CARDS, Path::new("cards.ron"), &mut diags);
    assert!(diags.is_empty(), "{diags:?}");
    let mut pack = Pack::new(Path::new("/nowhere"), PackManifest::new("t", "T"));
    pack.files
        .push(PackFile::loaded("cards.ron", CARDS.to_owned(), content));
    Document::validated(pack)
}

fn text(doc: &Document) -> String {
    doc.pack()
        .file("cards.ron")
        .map(|f| f.source.clone())
        .unwrap_or_default()
}

fn change_for(doc: &Document, step: &Step) -> Option<Change> {
    let addr = |i| ItemAddr::card("cards.ron", i);
    let card = |i| doc.card(&addr(i)).cloned();
    Some(match step {
        Step::Attack(i, attack) => {
            let before = card(*i)?;
            let after = Card {
                attack: *attack,
                ..before.clone()
            };
            Change::Replace {
                addr: addr(*i),
                before: Item::Card(before),
                after: Item::Card(after),
            }
        }
        Step::Rename(i, name) => {
            let before = card(*i)?;
            let after = Card {
                name: name.clone(),
                ..before.clone()
            };
            Change::Replace {
                addr: addr(*i),
                before: Item::Card(before),
                after: Item::Card(after),
            }
        }
        Step::Insert(i, id) => Change::Insert {
            addr: addr(*i),
            item: Item::Card(Card {
                id: id.clone(),
                name: id.clone(),
                ..Card::default()
            }),
        },
        Step::Remove(i) => Change::Remove {
            addr: addr(*i),
            item: Item::Card(card(*i)?),
        },
        Step::Comment(words) => {
            let before = text(doc);
            Change::Text {
                path: "cards.ron".into(),
                after: format!("// {words}\n{before}"),
                before,
            }
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn undo_gives_back_the_text_and_redo_the_edited_one(steps in steps()) {
        let mut doc = document();
        let mut applied = Vec::new();
        for step in &steps {
            let Some(change) = change_for(&doc, step) else { continue };
            // A change the document refuses (an insert past the end) changes nothing.
            let before = text(&doc);
            if doc.apply_change(&change, &KEY).is_ok() {
                applied.push(change);
            } else {
                prop_assert_eq!(text(&doc), before);
            }
        }
        let content = |doc: &Document| doc.pack().file("cards.ron").map(|f| f.content.clone());
        let edited = (text(&doc), content(&doc));
        for change in applied.iter().rev() {
            doc.apply_change(&change.inverse(), &KEY).expect("undo applies");
        }
        prop_assert_eq!(text(&doc), CARDS);
        prop_assert!(doc.dirty_files().is_empty(), "{:?}", doc.dirty_files());
        for change in &applied {
            doc.apply_change(change, &KEY).expect("redo applies");
        }
        prop_assert_eq!(text(&doc), edited.0);
        prop_assert_eq!(content(&doc), edited.1);
    }
}
