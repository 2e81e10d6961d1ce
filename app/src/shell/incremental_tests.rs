//! What the document and the panels keep up to date change by change (issue #29: the card
//! census, each file's dirty flag, the library's rows, the ability form's context) equals what a
//! build from the whole pack gives, after any run of edits, undos, text edits and new files.

use std::collections::BTreeSet;
use std::path::Path;

use proptest::prelude::*;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::model::{Card, PackManifest};
use sigilforge_engine::pack::{Content, Pack, PackFile};

use super::KEY;
use crate::cards::abilities::{CachedContext, form_context};
use crate::shell::census::CardCensus;
use crate::shell::document::{Change, Document, Item, ItemAddr};
use crate::shell::panels::library::{LibraryPanel, filter_cards};

const BEASTS: &str = "CardSet(\n    cards: [\n        // A wolf.\n        (id: \"wolf\", name: \"Grey Wolf\", attack: 2, life: 3, tribes: [\"Beast\"], keywords: [\"Armor 1\"]),\n        (id: \"bear\", name: \"Bear\", attack: 4, life: 6, tribes: [\"Beast\"], tags: [\"rare\"]),\n    ],\n)\n";
const BIRDS: &str = "CardSet(\n    cards: [\n        (id: \"owl\", name: \"Owl\", attack: 1, life: 1, tribes: [\"Bird\"], classes: [\"Scout\"]),\n    ],\n)\n";
const FILES: [&str; 3] = ["beasts.ron", "birds.ron", "new.ron"];
const TRIBES: [&str; 3] = ["Beast", "Bird", "Fish"];

/// One step of a run.
#[derive(Debug, Clone)]
enum Step {
    /// Card `i` of file `f` gets attack `a`.
    Attack(usize, usize, i32),
    /// Card `i` of file `f` gets the tribe, tag and keyword named.
    Retribe(usize, usize, usize, String),
    /// A card with this id goes in at `i` of file `f`.
    Insert(usize, usize, String),
    /// Card `i` of file `f` goes.
    Remove(usize, usize),
    /// File `f`'s text gets a comment line on top.
    Comment(usize),
    /// The new file is created (empty).
    CreateFile,
    /// The last change applied is undone.
    Undo,
    /// The library's search becomes this (and its tribe filter the tribe named, if any).
    Search(String, Option<usize>),
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        (0..3usize, 0..4usize, -3..20i32).prop_map(|(f, i, a)| Step::Attack(f, i, a)),
        (0..3usize, 0..4usize, 0..3usize, "[a-z]{1,4}")
            .prop_map(|(f, i, t, w)| Step::Retribe(f, i, t, w)),
        (0..3usize, 0..4usize, "[a-z]{1,4}").prop_map(|(f, i, id)| Step::Insert(f, i, id)),
        (0..3usize, 0..4usize).prop_map(|(f, i)| Step::Remove(f, i)),
        (0..3usize).prop_map(Step::Comment),
        Just(Step::CreateFile),
        Just(Step::Undo),
        ("[a-z]{0,2}", prop::option::of(0..3usize)).prop_map(|(q, t)| Step::Search(q, t)),
    ];
    prop::collection::vec(step, 1..24)
}

fn document() -> Document {
    let mut pack = Pack::new(Path::new("/nowhere"), PackManifest::new("t", "T"));
    for (path, text) in [("beasts.ron", BEASTS), ("birds.ron", BIRDS)] {
        let mut diags = Diagnostics::new();
        let content = Content::parse(text, Path::new(path), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        pack.files
            .push(PackFile::loaded(path, text.to_owned(), content));
    }
    Document::validated(pack)
}

fn change_for(doc: &Document, step: &Step) -> Option<Change> {
    let replace = |f: usize, i: usize, edit: &dyn Fn(&mut Card)| {
        let addr = ItemAddr::card(FILES[f], i);
        let before = doc.card(&addr)?.clone();
        let mut after = before.clone();
        edit(&mut after);
        Change::card_replaced(&addr.file, addr.index, &before, &after).ok()
    };
    match step {
        Step::Attack(f, i, a) => replace(*f, *i, &|c| c.attack = *a),
        Step::Retribe(f, i, t, word) => replace(*f, *i, &|c| {
            c.tribes = vec![TRIBES[*t].to_owned()];
            c.tags.push(word.clone());
            c.classes = vec![word.to_uppercase()];
            c.keywords = vec![format!("{word} 1")];
        }),
        Step::Insert(f, i, id) => {
            let card = Card {
                id: id.clone(),
                name: id.clone(),
                tribes: vec![TRIBES[id.len() % 3].to_owned()],
                ..Card::default()
            };
            Change::item_inserted(FILES[*f], *i, &Item::Card(card)).ok()
        }
        Step::Remove(f, i) => {
            let addr = ItemAddr::card(FILES[*f], *i);
            let card = doc.card(&addr)?.clone();
            Change::item_removed(FILES[*f], *i, &Item::Card(card)).ok()
        }
        Step::Comment(f) => {
            let before = doc.pack().file(FILES[*f])?.source.clone();
            Some(Change::Text {
                path: FILES[*f].to_owned(),
                after: format!("// note\n{before}"),
                before,
            })
        }
        Step::CreateFile => Some(Change::CreateFile {
            path: FILES[2].to_owned(),
            content: Content::Cards(sigilforge_engine::model::CardSet::default()),
        }),
        Step::Undo | Step::Search(..) => None,
    }
}

/// The form context's card ids and tribes, read from every card.
fn ids_and_tribes(pack: &Pack) -> (Vec<String>, Vec<String>) {
    let mut ids = BTreeSet::new();
    let mut tribes = BTreeSet::new();
    for (_, card) in pack.cards() {
        if !card.id.is_empty() {
            ids.insert(card.id.clone());
        }
        tribes.extend(card.tribes.iter().cloned());
    }
    (ids.into_iter().collect(), tribes.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn what_is_kept_up_to_date_equals_a_build_from_the_whole_pack(steps in steps()) {
        let mut doc = document();
        let mut library = LibraryPanel::default();
        let mut form = CachedContext::default();
        let mut applied: Vec<Change> = Vec::new();
        for step in &steps {
            match step {
                Step::Undo => {
                    // An undo the document refuses (a text edit's undo after an item's edit and
                    // undo left other bytes than it recorded) changes nothing: what is kept must
                    // still agree with the pack, which the checks below see.
                    if let Some(change) = applied.pop()
                        && doc.apply_change(&change.inverse(), &KEY).is_err()
                    {
                        applied.push(change);
                    }
                }
                Step::Search(query, tribe) => {
                    query.clone_into(&mut library.query);
                    library.tribe = tribe.map(|t| TRIBES[t].to_owned());
                }
                _ => {
                    if let Some(change) = change_for(&doc, step)
                        && doc.apply_change(&change, &KEY).is_ok()
                    {
                        applied.push(change);
                    }
                }
            }
            prop_assert_eq!(doc.census(), &CardCensus::of(doc.pack()));
            let dirty: BTreeSet<String> = doc
                .pack()
                .files
                .iter()
                .filter(|f| f.is_dirty())
                .map(|f| f.path.clone())
                .collect();
            prop_assert_eq!(doc.dirty_files(), &dirty);
            prop_assert_eq!(doc.is_dirty(), doc.pack().is_dirty());
            library.refresh(&doc);
            let rows = filter_cards(&doc, &library.query, None, library.tribe.as_deref(), None);
            prop_assert_eq!(library.rows().collect::<Vec<_>>(), rows);
            let (ids, tribes) = ids_and_tribes(doc.pack());
            let context = form.get(&doc);
            prop_assert_eq!(&context.cards[..], ids.as_slice());
            prop_assert_eq!(&context.tribes[..], tribes.as_slice());
            let scratch = form_context(&doc);
            prop_assert_eq!(&context.cards, &scratch.cards);
        }
    }
}

#[test]
fn the_census_counts_what_the_cards_use() {
    let doc = document();
    let total = doc.census().total();
    assert_eq!(total.cards, 3);
    assert_eq!(total.tribes.to_vec(), ["Beast", "Bird"]);
    assert_eq!(total.tags.to_vec(), ["rare"]);
    assert_eq!(total.classes.to_vec(), ["Scout"]);
    assert_eq!(total.keywords.to_vec(), ["Armor"]);
    assert_eq!(total.ids.to_vec(), ["bear", "owl", "wolf"]);
}

#[test]
fn an_edit_of_one_card_tells_its_file_alone_as_changed_and_keeps_the_names_lists() {
    let mut doc = document();
    let seen = doc.revision();
    let ids = doc.census().total().ids.revision();
    let tribes = doc.census().total().tribes.revision();
    let addr = ItemAddr::card("birds.ron", 0);
    let before = doc.card(&addr).cloned().expect("the owl");
    let after = Card {
        attack: 5,
        ..before.clone()
    };
    let change = Change::card_replaced(&addr.file, addr.index, &before, &after).expect("written");
    doc.apply_change(&change, &KEY).expect("applies");
    assert_eq!(doc.files_changed_since(seen), Some(vec!["birds.ron"]));
    // The owl keeps its id and tribe: the lists built from them are kept.
    assert_eq!(doc.census().total().ids.revision(), ids);
    assert_eq!(doc.census().total().tribes.revision(), tribes);
    assert_eq!(doc.files_changed_since(doc.revision()), Some(Vec::new()));
    assert!(
        document().files_changed_since(seen).is_none(),
        "another document"
    );
}
