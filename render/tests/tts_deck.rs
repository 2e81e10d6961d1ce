//! `sigilforge tts`: deck sheets of at most 10 × 7 with the hidden card last, a back image,
//! and a saved-object JSON whose grid counts and card ids match the sheets.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod common;

use common::{fixture_pack_dir, png_size, small_pack};
use serde_json::Value;
use sigilforge_render::Progress;
use sigilforge_render::cli::tts_command;
use sigilforge_render::tts::TtsOptions;

fn export(pack: &std::path::Path, options: &TtsOptions) -> (tempfile::TempDir, Value) {
    let out = tempfile::tempdir().unwrap();
    let result = tts_command(pack, out.path(), options, None, &Progress::new());
    assert_eq!(result.code, 0, "{}", result.stderr);
    let json: Value =
        serde_json::from_slice(&std::fs::read(out.path().join("deck.json")).unwrap()).unwrap();
    (out, json)
}

#[test]
fn the_starter_deck_is_one_full_sheet_with_matching_json() {
    let (out, json) = export(
        &fixture_pack_dir(),
        &TtsOptions {
            dpi: 40.0,
            url_base: None,
        },
    );
    let deck = &json["ObjectStates"][0];
    assert_eq!(deck["Name"], "Deck");
    assert_eq!(deck["Nickname"], "Sigilforge Starter Pack");
    let cards = deck["ContainedObjects"].as_array().unwrap();
    assert_eq!(cards.len(), 63);
    let ids: Vec<u64> = deck["DeckIDs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(ids, (100..163).collect::<Vec<u64>>());
    assert_eq!(cards[0]["CardID"], 100);
    assert_eq!(cards[0]["Name"], "Card");
    assert!(!cards[0]["Description"].as_str().unwrap().is_empty());
    let sheet = &deck["CustomDeck"]["1"];
    // 63 cards and the hidden card: 64 cells, 10 across, 7 down.
    assert_eq!(
        (sheet["NumWidth"].as_u64(), sheet["NumHeight"].as_u64()),
        (Some(10), Some(7))
    );
    assert_eq!(sheet["BackIsHidden"], true);
    let face_url = sheet["FaceURL"].as_str().unwrap();
    assert!(
        face_url.starts_with("file:///") && face_url.ends_with("/sheet-1.png"),
        "{face_url}"
    );
    assert!(sheet["BackURL"].as_str().unwrap().ends_with("/back.png"));
    assert_eq!(cards[5]["CustomDeck"]["1"], *sheet);
    // The sheet is exactly 10 × 7 cards of the back's size.
    let (bw, bh) = png_size(&std::fs::read(out.path().join("back.png")).unwrap());
    let sheet_png = std::fs::read(out.path().join("sheet-1.png")).unwrap();
    assert_eq!(png_size(&sheet_png), (10 * bw, 7 * bh));
    // The last cell holds the hidden card: the back.
    let sheet_image = tiny_skia::Pixmap::decode_png(&sheet_png).unwrap();
    let back_image =
        tiny_skia::Pixmap::decode_png(&std::fs::read(out.path().join("back.png")).unwrap())
            .unwrap();
    for (x, y) in [(bw / 2, bh / 2), (3, 3), (bw - 4, bh - 4)] {
        assert_eq!(
            sheet_image.pixel(9 * bw + x, 6 * bh + y),
            back_image.pixel(x, y)
        );
    }
}

#[test]
fn seventy_cards_take_two_sheets_and_urls_can_point_online() {
    let pack = small_pack(70);
    let (out, json) = export(
        pack.path(),
        &TtsOptions {
            dpi: 30.0,
            url_base: Some("https://example.org/deck/".into()),
        },
    );
    let deck = &json["ObjectStates"][0];
    let ids: Vec<u64> = deck["DeckIDs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let mut want: Vec<u64> = (100..169).collect();
    want.push(200);
    assert_eq!(ids, want);
    let first = &deck["CustomDeck"]["1"];
    let second = &deck["CustomDeck"]["2"];
    assert_eq!(
        (first["NumWidth"].as_u64(), first["NumHeight"].as_u64()),
        (Some(10), Some(7))
    );
    // One card and the hidden card: TTS's smallest grid, 2 × 2.
    assert_eq!(
        (second["NumWidth"].as_u64(), second["NumHeight"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(first["FaceURL"], "https://example.org/deck/sheet-1.png");
    assert_eq!(second["FaceURL"], "https://example.org/deck/sheet-2.png");
    assert_eq!(first["BackURL"], "https://example.org/deck/back.png");
    let contained = deck["ContainedObjects"].as_array().unwrap();
    assert_eq!(contained[69]["CardID"], 200);
    assert!(contained[69]["CustomDeck"]["2"].is_object());
    let (bw, bh) = png_size(&std::fs::read(out.path().join("back.png")).unwrap());
    assert_eq!(
        png_size(&std::fs::read(out.path().join("sheet-2.png")).unwrap()),
        (2 * bw, 2 * bh)
    );
}

#[test]
fn one_card_is_a_card_not_a_deck() {
    let pack = small_pack(1);
    let (_out, json) = export(
        pack.path(),
        &TtsOptions {
            dpi: 30.0,
            url_base: None,
        },
    );
    let card = &json["ObjectStates"][0];
    assert_eq!(card["Name"], "Card");
    assert_eq!(card["CardID"], 100);
    assert_eq!(card["Nickname"], "Card 1");
}
