//! The generated rules text of every card of the starter content's card games (each card file
//! that follows a game profile), in that game's words: its stat names, trigger words and card
//! names. A snapshot reads like the printed cards; a change to the wording shows as its diff.

use std::fmt::Write as _;
use std::path::Path;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Content, load_pack};
use sigilforge_engine::rules::card_text::{CardTextLine, card_text_lines_in};
use sigilforge_engine::rules::file_profile;
use sigilforge_engine::rules::text::Words;

#[test]
fn every_card_of_every_card_game_reads_like_a_printed_card() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let mut diags = Diagnostics::new();
    let pack = load_pack(&root, &mut diags);
    let mut out = String::new();
    let mut sets = 0;
    for file in &pack.files {
        let Content::Cards(set) = &file.content else {
            continue;
        };
        let Some(profile) = file_profile(&pack, &file.path) else {
            continue;
        };
        let profile = profile.expect("the set's profile reads");
        sets += 1;
        let name_of = |id: &str| {
            set.cards
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.name.clone())
        };
        let words = Words {
            profile: Some(&profile),
            card_name: Some(&name_of),
        };
        writeln!(out, "== {} ({}) ==", file.path, profile.name).unwrap();
        for card in &set.cards {
            writeln!(out, "{} — {:?}", card.name, card.kind).unwrap();
            // A keyword reads as the pack defines it (its reminder), as on the printed card.
            let keyword = |name: &str| {
                pack.keywords()
                    .map(|(_, def)| def)
                    .find(|def| def.name.eq_ignore_ascii_case(name))
            };
            for line in card_text_lines_in(&words, card, keyword) {
                writeln!(out, "  {}", CardTextLine::to_plain(&line)).unwrap();
            }
        }
    }
    assert!(sets >= 1, "no card set follows a game profile");
    insta::assert_snapshot!(out);
}
