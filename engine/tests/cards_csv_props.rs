//! Property tests of the CSV loader (`cards_csv`): any text gives a plan or located problems,
//! never a panic, and export then import of any cards changes nothing.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::collections::BTreeMap;
use std::path::Path;

use proptest::prelude::*;
use sigilforge_engine::cards_csv::{apply_plan, export_csv, plan_import};
use sigilforge_engine::model::{Card, CardKind, CardSet, KeywordDef, KeywordSet, PackManifest};
use sigilforge_engine::pack::{Content, Pack, PackFile};

/// A pack with two keywords and `cards` split over two card files.
fn pack_of(cards: &[Card]) -> Pack {
    let mut pack = Pack::new(Path::new("/nonexistent"), PackManifest::new("t", "T"));
    pack.files.push(PackFile::new(
        "keywords.ron",
        Content::Keywords(KeywordSet {
            keywords: vec![
                KeywordDef {
                    name: "Armor".into(),
                    param: Some("N".into()),
                    ..KeywordDef::default()
                },
                KeywordDef {
                    name: "Fury".into(),
                    ..KeywordDef::default()
                },
            ],
        }),
    ));
    let half = cards.len() / 2;
    let (a, b) = cards.split_at(half);
    for (name, cards) in [("a.ron", a), ("b.ron", b)] {
        pack.files.push(PackFile::new(
            name,
            Content::Cards(CardSet {
                cards: cards.to_vec(),
            }),
        ));
    }
    pack
}

/// Text a designer might type in a cell: quotes, commas, semicolons, line breaks, accents.
fn cell_text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 ,;\"'()\\-\n\t.:éß日本]{0,24}"
}

/// A list element: no `;` (the separator) and no space at either end (cells are trimmed).
fn list_word() -> impl Strategy<Value = String> {
    "[A-Za-z][A-Za-z0-9 ]{0,8}[A-Za-z0-9]"
}

fn card(id: String) -> impl Strategy<Value = Card> {
    (
        cell_text(),
        prop_oneof![
            Just(CardKind::Creature),
            Just(CardKind::Beast),
            Just(CardKind::Spell)
        ],
        (-1000i32..1000, -1000i32..1000, -1000i32..1000),
        proptest::collection::vec(list_word(), 0..3),
        proptest::collection::vec(list_word(), 0..3),
        proptest::sample::subsequence(vec!["Armor 2", "Fury"], 0..=2),
        cell_text(),
        proptest::collection::btree_map("[A-Z]{1,4}", -50i32..50, 0..3),
    )
        .prop_map(
            move |(name, kind, (cost, attack, life), tribes, tags, keywords, text, stats)| Card {
                id: id.clone(),
                name,
                kind,
                cost,
                attack,
                life,
                tribes,
                tags,
                keywords: keywords.into_iter().map(str::to_owned).collect(),
                text,
                stats: stats.into_iter().collect::<BTreeMap<_, _>>(),
                ..Card::default()
            },
        )
}

fn cards() -> impl Strategy<Value = Vec<Card>> {
    (1usize..8).prop_flat_map(|n| {
        (0..n)
            .map(|i| card(format!("card_{i}")))
            .collect::<Vec<_>>()
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn export_then_import_of_any_cards_changes_nothing(cards in cards()) {
        let pack = pack_of(&cards);
        let text = export_csv(&pack).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let plan = plan_import(&pack, &text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        prop_assert!(plan.changes.is_empty(), "{:?}\n{}", plan.changes, text);
        prop_assert_eq!(plan.unchanged, pack.cards().count());
    }

    #[test]
    fn one_changed_cell_changes_that_card_only(cards in cards(), pick in any::<prop::sample::Index>(), attack in -1000i32..1000) {
        let pack = pack_of(&cards);
        let ids: Vec<String> = pack.cards().map(|(_, c)| c.id.clone()).collect();
        let target = pick.get(&ids).clone();
        let before = pack.card(&target).unwrap().attack;
        prop_assume!(before != attack);
        let text = export_csv(&pack).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
        let mut writer = csv::Writer::from_writer(Vec::new());
        for (row, record) in reader.records().enumerate() {
            let record = record.unwrap();
            let mut cells: Vec<String> = record.iter().map(str::to_owned).collect();
            if row > 0 && cells[1] == target {
                cells[5] = attack.to_string();
            }
            writer.write_record(&cells).unwrap();
        }
        let edited = String::from_utf8(writer.into_inner().unwrap()).unwrap();
        let plan = plan_import(&pack, &edited).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert_eq!(plan.changes.len(), 1);
        prop_assert_eq!(&plan.changes[0].after.id, &target);
        prop_assert_eq!(plan.changes[0].after.attack, attack);
        let mut applied = pack.clone();
        apply_plan(&mut applied, &plan).unwrap();
        for (_, card) in applied.cards() {
            let old = pack.card(&card.id).unwrap();
            if card.id == target {
                prop_assert_eq!(card.attack, attack);
            } else {
                prop_assert_eq!(card, old);
            }
        }
    }

    #[test]
    fn any_text_gives_a_plan_or_located_problems(text in "[a-z0-9:,;\"\n\r ]{0,200}|(file,)?id,name,cost,attack,keywords,stat:X\n[a-z0-9,;\"\n -]{0,200}") {
        let pack = pack_of(&[Card { id: "x".into(), ..Card::default() }]);
        if let Err(errors) = plan_import(&pack, &text) {
            prop_assert!(!errors.is_empty());
            let rows = text.lines().count().max(1) as u64;
            for e in &errors {
                prop_assert!(e.row >= 1 && e.row <= rows + 1, "{e:?} in {text:?}");
                prop_assert!(e.column >= 1, "{e:?}");
                prop_assert!(!e.message.is_empty());
            }
        }
    }
}
