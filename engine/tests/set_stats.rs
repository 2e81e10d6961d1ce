//! `sigilforge stats PACK [--deck NAME] --json` equals the counts the test makes itself from the
//! cards it wrote: on a fixed pack with a deck, and on random packs (proptest).

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::collections::BTreeMap;
use std::path::Path;

use proptest::prelude::*;
use serde_json::{Value, json};
use sigilforge_engine::model::{Card, CardKind, CardSet, DeckEntry, DeckList};
use sigilforge_engine::ron_io::to_canonical;
use sigilforge_engine::set_stats::stats_command;

/// Writes a pack of `cards` (and `deck`, if any) into `dir`.
fn write_pack(dir: &Path, cards: &[Card], deck: Option<&DeckList>) {
    std::fs::write(
        dir.join("pack.ron"),
        "Pack(id: \"stats\", name: \"Stats\", version: \"0.1.0\")\n",
    )
    .unwrap();
    let set = CardSet {
        cards: cards.to_vec(),
    };
    std::fs::write(
        dir.join("cards.ron"),
        to_canonical("CardSet", &set).unwrap(),
    )
    .unwrap();
    if let Some(deck) = deck {
        std::fs::write(dir.join("deck.ron"), to_canonical("Deck", deck).unwrap()).unwrap();
    }
}

fn bump(map: &mut BTreeMap<String, u64>, key: impl Into<String>, by: u64) {
    *map.entry(key.into()).or_default() += by;
}

/// The statistics counted here, plainly, from `(card, copies)`.
fn expected(source: &str, cards: &[(&Card, u64)]) -> Value {
    let mut cost = BTreeMap::new();
    let mut attack = BTreeMap::new();
    let mut life = BTreeMap::new();
    let mut keywords = BTreeMap::new();
    let mut tribes = BTreeMap::new();
    let mut kinds = BTreeMap::new();
    let mut rarities = BTreeMap::new();
    let mut total = 0;
    for (card, n) in cards {
        total += n;
        bump(&mut cost, card.cost.to_string(), *n);
        bump(&mut attack, card.attack.to_string(), *n);
        bump(&mut life, card.life.to_string(), *n);
        for k in &card.keywords {
            // The test's keywords are one word, with or without a value.
            bump(&mut keywords, k.split(' ').next().unwrap(), *n);
        }
        for t in &card.tribes {
            bump(&mut tribes, t.clone(), *n);
        }
        bump(&mut kinds, card.kind.name(), *n);
        let rarity = ["common", "uncommon", "rare", "mythic"]
            .into_iter()
            .find(|r| card.tags.iter().any(|t| t.eq_ignore_ascii_case(r)))
            .unwrap_or("none");
        bump(&mut rarities, rarity, *n);
    }
    json!({
        "source": source, "cards": total, "cost": cost, "attack": attack, "life": life,
        "stats": {}, "keywords": keywords, "tribes": tribes, "kinds": kinds, "rarities": rarities,
    })
}

fn run(dir: &Path, deck: Option<&str>) -> Value {
    let out = stats_command(dir, deck, true);
    assert_eq!(out.code, 0, "{}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap()
}

fn card(id: &str, cost: i32, attack: i32, life: i32) -> Card {
    Card {
        id: id.into(),
        name: id.into(),
        cost,
        attack,
        life,
        ..Card::default()
    }
}

#[test]
fn stats_json_equals_the_tests_own_counts() {
    let dir = tempfile::tempdir().unwrap();
    let cards = vec![
        Card {
            keywords: vec!["Armor 2".into(), "Fury".into()],
            tribes: vec!["Warrior".into()],
            tags: vec!["rare".into()],
            ..card("knight", 3, 2, 6)
        },
        Card {
            keywords: vec!["Fury".into()],
            tribes: vec!["Beast".into(), "Warrior".into()],
            tags: vec!["Common".into()],
            ..card("wolf", 1, 2, 3)
        },
        Card {
            kind: CardKind::Spell,
            ..card("zap", 2, 0, 0)
        },
    ];
    let deck = DeckList {
        id: "d".into(),
        cards: vec![
            DeckEntry {
                card: "wolf".into(),
                count: 4,
            },
            DeckEntry {
                card: "zap".into(),
                count: 2,
            },
        ],
        ..DeckList::default()
    };
    write_pack(dir.path(), &cards, Some(&deck));
    let whole: Vec<(&Card, u64)> = cards.iter().map(|c| (c, 1)).collect();
    assert_eq!(run(dir.path(), None), expected("pack stats", &whole));
    let copies = [(&cards[1], 4), (&cards[2], 2)];
    let got = run(dir.path(), Some("d"));
    assert_eq!(got, expected("deck d", &copies));
    assert_eq!(got["cards"], 6);
    assert_eq!(got["keywords"]["Fury"], 4);
    // An unknown deck is a bad input (exit 2), with the nearest id.
    let out = stats_command(dir.path(), Some("dd"), true);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("did you mean `d`"), "{}", out.stderr);
}

fn arb_card(i: usize) -> impl Strategy<Value = Card> {
    (
        0..6i32,
        0..5i32,
        1..8i32,
        prop::sample::subsequence(vec!["Fury", "Armor 1", "Armor 3", "Regen 2", "Dodge"], 0..3),
        prop::sample::subsequence(vec!["Beast", "Warrior", "Undead"], 0..3),
        prop::option::of(prop::sample::select(vec![
            "common", "Uncommon", "RARE", "mythic",
        ])),
        prop::sample::select(vec![
            CardKind::Creature,
            CardKind::Spell,
            CardKind::Artifact,
        ]),
    )
        .prop_map(move |(cost, attack, life, kws, tribes, rarity, kind)| {
            // "Armor 1" and "Armor 3" on one card would be one keyword twice: keep one.
            let mut keywords: Vec<String> = Vec::new();
            for k in kws {
                if !keywords
                    .iter()
                    .any(|w| w.split(' ').next() == k.split(' ').next())
                {
                    keywords.push(k.to_owned());
                }
            }
            Card {
                kind,
                keywords,
                tribes: tribes.into_iter().map(str::to_owned).collect(),
                tags: rarity.into_iter().map(str::to_owned).collect(),
                ..card(&format!("c{i}"), cost, attack, life)
            }
        })
}

fn arb_pack() -> impl Strategy<Value = (Vec<Card>, Vec<u32>)> {
    (1..12usize).prop_flat_map(|n| {
        (
            (0..n).map(arb_card).collect::<Vec<_>>(),
            prop::collection::vec(0..4u32, n),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn stats_json_counts_any_pack_and_deck((cards, counts) in arb_pack()) {
        let dir = tempfile::tempdir().unwrap();
        let deck = DeckList {
            id: "d".into(),
            cards: cards
                .iter()
                .zip(&counts)
                .filter(|(_, n)| **n > 0)
                .map(|(c, n)| DeckEntry { card: c.id.clone(), count: *n })
                .collect(),
            ..DeckList::default()
        };
        write_pack(dir.path(), &cards, Some(&deck));
        let whole: Vec<(&Card, u64)> = cards.iter().map(|c| (c, 1)).collect();
        prop_assert_eq!(run(dir.path(), None), expected("pack stats", &whole));
        let copies: Vec<(&Card, u64)> = cards
            .iter()
            .zip(&counts)
            .filter(|(_, n)| **n > 0)
            .map(|(c, n)| (c, u64::from(*n)))
            .collect();
        prop_assert_eq!(run(dir.path(), Some("d")), expected("deck d", &copies));
    }
}
