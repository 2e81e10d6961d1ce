//! Abilities' generated text in Grand Archive's words, for the tests of the Grand Archive
//! mechanics: each case is an ability written in RON and the line a printed card would say.

use sigilforge_engine::model::GameProfile;
use sigilforge_engine::model::ability::Ability;
use sigilforge_engine::rules::text::{Words, ability_text_in};

/// The text of the ability written in `ron`, in the built-in Grand Archive profile's words.
pub fn text(ron: &str) -> String {
    let ability: Ability = ron::from_str(ron).unwrap();
    let profile = GameProfile::built_in("Grand Archive").unwrap();
    let words = Words {
        profile: Some(&profile),
        card_name: None,
    };
    ability_text_in(&words, &ability, None)
}

/// Every `(ability RON, wanted text)` case reads as wanted; the failure lists each that does not.
pub fn assert_reads(cases: &[(&str, &str)]) {
    let mut wrong = Vec::new();
    for (ron, want) in cases {
        let got = text(ron);
        if got != *want {
            wrong.push(format!("{ron}\n  want: {want}\n  got:  {got}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
