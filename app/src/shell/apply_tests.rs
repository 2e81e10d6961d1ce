//! The document's change shape: cards change through item edits keyed by their id. Any run of
//! changes applied, then undone last first, gives back the file's text byte for byte (comments
//! included) and its cards as they were; redone, the text and cards it had after the run. After
//! every step the typed cards are what the file's text reads as. A delete undone puts back the
//! text the item had, its comments included.

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
    Reid(usize, String),
    Insert(usize, String),
    Remove(usize),
    Comment(String),
}

/// Random steps; `ids`: a card's id may change too (the splice changes it in place, its
/// comment and layout kept, so undo still gives back every byte).
fn steps(ids: bool) -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        (0..4usize, -3..20i32).prop_map(|(i, a)| Step::Attack(i, a)),
        (0..4usize, "[A-Za-z ]{1,8}").prop_map(|(i, n)| Step::Rename(i, n)),
        (0..4usize, "[a-z]{1,6}").prop_map(move |(i, id)| if ids {
            Step::Reid(i, id)
        } else {
            Step::Rename(i, id)
        }),
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

/// The cards the file's text reads as, and the cards the document holds.
fn read_and_held(doc: &Document) -> (Content, Content) {
    let mut diags = Diagnostics::new();
    let read = Content::parse(&text(doc), Path::new("cards.ron"), &mut diags);
    let held = doc
        .pack()
        .file("cards.ron")
        .map(|f| f.content.clone())
        .expect("the file");
    (read, held)
}

fn change_for(doc: &Document, step: &Step) -> Option<Change> {
    let card = |i| doc.card(&ItemAddr::card("cards.ron", i)).cloned();
    let replaced = |i: usize, edit: &dyn Fn(&mut Card)| {
        let before = card(i)?;
        let mut after = before.clone();
        edit(&mut after);
        Some(Change::card_replaced("cards.ron", i, &before, &after).expect("written"))
    };
    match step {
        Step::Attack(i, attack) => replaced(*i, &|c| c.attack = *attack),
        Step::Rename(i, name) => replaced(*i, &|c| c.name.clone_from(name)),
        Step::Reid(i, id) => replaced(*i, &|c| c.id.clone_from(id)),
        Step::Insert(i, id) => {
            let card = Card {
                id: id.clone(),
                name: id.clone(),
                ..Card::default()
            };
            Some(Change::item_inserted("cards.ron", *i, &Item::Card(card)).expect("written"))
        }
        Step::Remove(i) => {
            Some(Change::item_removed("cards.ron", *i, &Item::Card(card(*i)?)).expect("written"))
        }
        Step::Comment(words) => {
            let before = text(doc);
            Some(Change::Text {
                path: "cards.ron".into(),
                after: format!("// {words}\n{before}"),
                before,
            })
        }
    }
}

/// Applies each step's change (a refused one must change nothing), checking after each that
/// the cards are what the text reads as; returns the changes applied.
fn run(doc: &mut Document, steps: &[Step]) -> Result<Vec<Change>, TestCaseError> {
    let mut applied = Vec::new();
    for step in steps {
        let Some(change) = change_for(doc, step) else {
            continue;
        };
        let before = text(doc);
        if doc.apply_change(&change, &KEY).is_ok() {
            applied.push(change);
        } else {
            prop_assert_eq!(text(doc), before);
        }
        let (read, held) = read_and_held(doc);
        prop_assert_eq!(read, held, "the cards are what the text reads as");
    }
    Ok(applied)
}

fn content(doc: &Document) -> Option<Content> {
    doc.pack().file("cards.ron").map(|f| f.content.clone())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn undo_gives_back_the_text_and_redo_the_edited_one(steps in steps(true)) {
        let mut doc = document();
        let applied = run(&mut doc, &steps)?;
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

    #[test]
    fn card_edits_and_their_undo_keep_the_text_and_the_cards_one(steps in steps(true)) {
        let mut doc = document();
        let start = content(&doc);
        let applied = run(&mut doc, &steps)?;
        let edited = content(&doc);
        for change in applied.iter().rev() {
            doc.apply_change(&change.inverse(), &KEY).expect("undo applies");
            let (read, held) = read_and_held(&doc);
            prop_assert_eq!(read, held, "the cards are what the text reads as");
        }
        prop_assert_eq!(content(&doc), start);
        for change in &applied {
            doc.apply_change(change, &KEY).expect("redo applies");
        }
        prop_assert_eq!(content(&doc), edited);
        let (read, held) = read_and_held(&doc);
        prop_assert_eq!(read, held, "the cards are what the text reads as");
    }
}

#[test]
fn a_card_is_changed_by_its_id_wherever_it_moved() {
    let mut doc = document();
    let bear = doc
        .card(&ItemAddr::card("cards.ron", 1))
        .cloned()
        .expect("the bear");
    let stronger = Card {
        attack: 9,
        ..bear.clone()
    };
    // Recorded while the bear was second; the wolf before it goes, so it is first now.
    let change = Change::card_replaced("cards.ron", 1, &bear, &stronger).expect("written");
    let Change::Items { edits, .. } = &change else {
        panic!("a card changes through item edits: {change:?}");
    };
    assert_eq!(edits.len(), 1);
    assert_eq!(
        format!("{:?}", edits[0].key),
        r#"Element("cards", "\"bear\"")"#
    );
    let wolf = doc
        .card(&ItemAddr::card("cards.ron", 0))
        .cloned()
        .expect("the wolf");
    let gone = Change::item_removed("cards.ron", 0, &Item::Card(wolf)).expect("written");
    doc.apply_change(&gone, &KEY).expect("the wolf goes");
    doc.apply_change(&change, &KEY).expect("found by id");
    assert_eq!(doc.card(&ItemAddr::card("cards.ron", 0)), Some(&stronger));
    assert!(text(&doc).contains("(id: \"bear\", name: \"Bear\", attack: 9, life: 6),"));
    // Its undo checks the bear still holds what the change left: an edit since refuses it.
    let other = Card {
        attack: 1,
        ..stronger.clone()
    };
    let since = Change::card_replaced("cards.ron", 0, &stronger, &other).expect("written");
    doc.apply_change(&since, &KEY).expect("applies");
    let before = text(&doc);
    assert!(
        doc.apply_change(&change.inverse(), &KEY).is_err(),
        "attack changed since"
    );
    assert_eq!(text(&doc), before, "a refused undo changes nothing");
}
