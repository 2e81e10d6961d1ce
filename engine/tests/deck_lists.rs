//! Deck lists as content: the starter deck loads with the pack and holds what it says; a deck
//! that names a card the pack lacks is a located `validate` problem with the nearest id; random
//! deck lists round-trip and their copies add up (proptest).

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::model::{DeckEntry, DeckList};
use sigilforge_engine::pack::{Content, load_pack, validate_command};
use sigilforge_engine::ron_io::to_canonical;

fn content_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../content")
}

#[test]
fn content_starter_deck_is_forty_cards_of_the_pack() {
    let mut diags = Diagnostics::new();
    let pack = load_pack(&content_dir(), &mut diags);
    assert!(!diags.has_errors(), "{diags:?}");
    let deck = pack.deck("starter_line").unwrap();
    assert_eq!(deck.game, "battle-line");
    assert_eq!(deck.total(), 40);
    let cards = pack.deck_cards("Starter Line").unwrap();
    assert_eq!(cards.len(), 40);
    assert!(cards.iter().all(|c| pack.card(&c.id).is_some()));
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// A folder with a `pack.ron` and nothing else yet.
fn empty_pack() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "pack.ron",
        "Pack(id: \"p\", name: \"P\", version: \"0.1.0\")\n",
    );
    dir
}

#[test]
fn validate_locates_an_unknown_card_in_a_deck() {
    let dir = empty_pack();
    write(
        dir.path(),
        "cards.ron",
        "CardSet(cards: [(id: \"grey_wolf\", name: \"Grey Wolf\", attack: 2, life: 3)])\n",
    );
    write(
        dir.path(),
        "deck.ron",
        "Deck(\n    id: \"d\",\n    cards: [\n        (card: \"grey_wolf\", count: 2),\n        (card: \"grey_wolff\"),\n    ],\n)\n",
    );
    let out = validate_command(dir.path());
    assert_eq!(out.code, 1, "{out:?}");
    let text = format!("{}{}", out.stdout, out.stderr);
    assert!(
        text.contains(
            "deck.ron:5:16: deck `d` lists unknown card `grey_wolff`; did you mean `grey_wolf`?"
        ),
        "{text}"
    );
}

fn arb_deck() -> impl Strategy<Value = DeckList> {
    (
        "[a-z_]{1,12}",
        "[ -~]{0,16}",
        prop::collection::vec(("[a-z_]{1,10}", 1..20u32), 0..12),
    )
        .prop_map(|(id, name, entries)| DeckList {
            id,
            name,
            game: "battle-line".into(),
            cards: entries
                .into_iter()
                .map(|(card, count)| DeckEntry { card, count })
                .collect(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_deck_round_trips_and_counts_its_copies(deck in arb_deck()) {
        let text = to_canonical("Deck", &deck).unwrap();
        let mut diags = Diagnostics::new();
        let read = Content::parse(&text, Path::new("deck.ron"), &mut diags);
        prop_assert!(diags.is_empty(), "{:?}\n{}", diags, text);
        prop_assert_eq!(read, Content::Deck(deck.clone()));
        let total: u64 = deck.cards.iter().map(|e| u64::from(e.count)).sum();
        prop_assert_eq!(deck.total(), total);
    }
}

fn archived_files(archive: &Path, into: &Path) -> Vec<String> {
    sigilforge_engine::archive::import_pack(archive, into, false).unwrap();
    let mut names = Vec::new();
    let mut stack = vec![into.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(into).unwrap();
                names.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    names.sort();
    names
}

#[test]
fn export_with_a_deck_archives_the_deck_and_only_its_cards() {
    let dir = empty_pack();
    write(
        dir.path(),
        "cards.ron",
        "// The wolves.\nCardSet(\n    cards: [\n        (id: \"grey_wolf\", name: \"Grey Wolf\", attack: 2, life: 3),\n        // Not in the deck.\n        (id: \"dire_wolf\", name: \"Dire Wolf\", attack: 4, life: 5),\n        (id: \"cub\", name: \"Cub\", attack: 1, life: 1),\n    ],\n)\n",
    );
    write(
        dir.path(),
        "deck.ron",
        "Deck(id: \"pups\", cards: [(card: \"cub\", count: 3), (card: \"grey_wolf\")])\n",
    );
    write(
        dir.path(),
        "other.ron",
        "Deck(id: \"big\", cards: [(card: \"dire_wolf\", count: 2)])\n",
    );
    let out = tempfile::tempdir().unwrap();
    let zip = out.path().join("pups.zip");
    sigilforge_engine::archive::export_pack_with(dir.path(), &zip, Some("pups")).unwrap();
    let unpacked = out.path().join("pups");
    assert_eq!(
        archived_files(&zip, &unpacked),
        ["cards.ron", "deck.ron", "pack.ron"]
    );
    let cards = std::fs::read_to_string(unpacked.join("cards.ron")).unwrap();
    assert!(cards.starts_with("// The wolves.\n"), "{cards}");
    assert!(
        !cards.contains("dire_wolf") && !cards.contains("Not in the deck"),
        "{cards}"
    );
    let mut diags = Diagnostics::new();
    let pack = load_pack(&unpacked, &mut diags);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(pack.deck_cards("pups").unwrap().len(), 4);
    // An unknown deck writes nothing.
    let err = sigilforge_engine::archive::export_pack_with(dir.path(), &zip, Some("pupz"));
    assert!(err.unwrap_err().to_string().contains("did you mean `pups`"));
}

#[test]
fn content_starter_deck_exports_a_pack_that_validates() {
    let out = tempfile::tempdir().unwrap();
    let zip = out.path().join("starter.zip");
    sigilforge_engine::archive::export_pack_with(&content_dir(), &zip, Some("starter_line"))
        .unwrap();
    let unpacked = out.path().join("starter");
    let files = archived_files(&zip, &unpacked);
    assert!(!files.iter().any(|f| f.contains("scenarios/")), "{files:?}");
    let mut diags = Diagnostics::new();
    let pack = load_pack(&unpacked, &mut diags);
    assert!(!diags.has_errors(), "{diags:?}");
    assert_eq!(pack.deck_cards("starter_line").unwrap().len(), 40);
}

#[test]
fn a_balance_can_draw_its_line_ups_from_a_deck() {
    use sigilforge_engine::balance::{BalanceConfig, Control, run_balance};
    let dir = empty_pack();
    let cards: Vec<String> = (0..10)
        .map(|i| format!("(id: \"c{i}\", name: \"C{i}\", attack: 2, life: 4)"))
        .collect();
    write(
        dir.path(),
        "cards.ron",
        &format!("CardSet(cards: [{}])\n", cards.join(", ")),
    );
    write(
        dir.path(),
        "deck.ron",
        "Deck(id: \"d\", cards: [(card: \"c7\", count: 3), (card: \"c2\"), (card: \"c5\"), (card: \"c9\", count: 2)])\n",
    );
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let control = Control {
        progress: &|_| {},
        cancel: &cancel,
        threads: Some(1),
    };
    let config = BalanceConfig {
        runs: 40,
        line_size: 3,
        deck: Some("d".into()),
        ..BalanceConfig::default()
    };
    let report = run_balance(&pack, &config, control).unwrap().unwrap();
    let pool: Vec<&str> = report.cards.iter().map(|c| c.id.as_str()).collect();
    // In pack order; copies do not weigh.
    assert_eq!(pool, ["c2", "c5", "c7", "c9"]);
    let unknown = BalanceConfig {
        deck: Some("dd".into()),
        ..config
    };
    let err = run_balance(&pack, &unknown, control)
        .unwrap_err()
        .to_string();
    assert!(err.contains("did you mean `d`"), "{err}");
}
