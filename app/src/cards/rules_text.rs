//! Rules text for the card preview and the Abilities library, generated from the pack's keyword
//! definitions in the words of the game each file follows (its profile's stat, trigger and life
//! words, card names for ids): the engine's wording layer, the same text the rules sandbox, the
//! card renderer and the tests over every scenario read.

use sigilforge_engine::model::{Ability, Card, GameProfile};
use sigilforge_engine::pack::Pack;
use sigilforge_engine::rules::card_text::{CardTextLine, card_text_lines_in};
use sigilforge_engine::rules::file_profile;
use sigilforge_engine::rules::text::{Words, ability_text_in};
// Rules text comes from the engine's generator, the same one the rules sandbox prints, so the
// preview can never drift from behaviour.
pub use sigilforge_engine::rules::text::{ability_text, card_ability_text};

use crate::shell::document::Document;

/// The game a pack file follows, if the pack names one (the battle-line starter cards follow
/// none and read "life", "ATK").
fn profile_of(pack: &Pack, path: &str) -> Option<GameProfile> {
    file_profile(pack, path).and_then(Result::ok)
}

/// A card's printed name by id, from the pack.
fn card_name(pack: &Pack, id: &str) -> Option<String> {
    pack.cards()
        .find(|(_, c)| c.id == id)
        .map(|(_, c)| c.name.clone())
}

/// One line of rules text per keyword, then the card's abilities, then its own text (the
/// engine's [`card_text_lines_in`], the same the card renderer prints), in the words of the
/// game the card's file (`path`) follows. The caller names the file: the preview draws every
/// frame and does not look for the card among all of a big pack's cards (issue #29).
#[must_use]
pub fn card_rules_text(doc: &Document, path: &str, card: &Card) -> Vec<String> {
    let pack = doc.pack();
    let profile = profile_of(pack, path);
    let names = |id: &str| card_name(pack, id);
    let words = Words {
        profile: profile.as_ref(),
        card_name: Some(&names),
    };
    card_text_lines_in(&words, card, |name| doc.keyword_def(name))
        .iter()
        .map(CardTextLine::to_plain)
        .collect()
}

/// An ability of the keyword file at `path` as the Abilities library lists it.
#[must_use]
pub fn library_ability_text(pack: &Pack, path: &str, ability: &Ability) -> String {
    let profile = profile_of(pack, path);
    let names = |id: &str| card_name(pack, id);
    let words = Words {
        profile: profile.as_ref(),
        card_name: Some(&names),
    };
    ability_text_in(&words, ability, None)
}
