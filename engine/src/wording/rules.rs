//! The rules sandbox's sentences for its typed values: a continuous effect's change, how long
//! it lasts, a delayed trigger, targets and rule references, in the game's words.

use crate::model::GameProfile;
use crate::model::ability::{Duration, Trigger};
use crate::rules::state::Change;

/// What a change does to the cards it affects, with the verb for one card or several:
/// "gets +2 ATK", "lose Flight", "is ruled by A".
#[must_use]
pub fn change(change: &Change, profile: &GameProfile, several: bool) -> String {
    let s = if several { "" } else { "s" };
    match change {
        Change::Modify(stat, n) => format!("get{s} {n:+} {}", stat_word(stat, profile)),
        Change::Set(stat, n) => format!(
            "ha{} {} {n}",
            if several { "ve" } else { "s" },
            stat_word(stat, profile)
        ),
        Change::Gain(k) => format!("gain{s} {k}"),
        Change::Lose(k) => format!("lose{s} {k}"),
        Change::Rule(r) => format!(
            "follow{s} a new rule: {}",
            crate::rules::text::rule_words(r)
        ),
        Change::Control(p) => format!("{} ruled by {p:?}", if several { "are" } else { "is" }),
        Change::Element(e) => format!("become{s} {e}"),
        Change::GainAbility(a) => format!("gain{s} “{}”", granted(a, profile)),
        Change::NoRetaliation => format!(
            "{} attacks that can't be retaliated",
            if several { "make" } else { "makes" }
        ),
    }
}

/// A granted ability in the game's words, for the log.
fn granted(ability: &crate::model::ability::Ability, profile: &GameProfile) -> String {
    let words = crate::rules::text::Words {
        profile: Some(profile),
        card_name: None,
    };
    crate::rules::text::ability_text_in(&words, ability, None)
}

/// A change as a noun, for an effect that ends: "+2 ATK", "the rule that beasts may not receive wounds".
#[must_use]
pub fn change_noun(change: &Change, profile: &GameProfile) -> String {
    match change {
        Change::Modify(stat, n) => format!("{n:+} {}", stat_word(stat, profile)),
        Change::Set(stat, n) => format!("{} set to {n}", stat_word(stat, profile)),
        Change::Gain(k) => format!("gaining {k}"),
        Change::Lose(k) => format!("losing {k}"),
        Change::Rule(r) => format!("the rule that {}", crate::rules::text::rule_words(r)),
        Change::Control(p) => format!("{p:?}'s control"),
        Change::Element(e) => format!("the {e} element"),
        Change::GainAbility(a) => format!("having “{}”", granted(a, profile)),
        Change::NoRetaliation => "attacks that can't be retaliated".to_owned(),
    }
}

/// The game's word for a stat key (`atk` → `ATK`, or `POWER` in a game that says so).
#[must_use]
pub fn stat_word(stat: &str, profile: &GameProfile) -> String {
    profile
        .stat_word(stat)
        .map_or_else(|| stat.to_uppercase(), str::to_owned)
}

/// How long an effect lasts, starting with a space, or nothing for an instant one:
/// " until dawn", " for the rest of the game".
#[must_use]
pub fn duration(d: &Duration) -> String {
    crate::rules::text::duration_words(d)
}

/// When a delayed trigger fires, as a clause: "at the start of your turn".
#[must_use]
pub fn delayed(t: &Trigger, profile: &GameProfile) -> String {
    let words = profile
        .trigger_word(t)
        .map_or_else(|| crate::rules::text::trigger_words(t), str::to_owned);
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().collect::<String>() + chars.as_str()
    })
}

/// A card list a play or activation is aimed at, starting with " on ", or nothing.
#[must_use]
pub fn targets(ids: &[String]) -> String {
    if ids.is_empty() {
        String::new()
    } else {
        format!(" on {}", super::list(ids))
    }
}

/// A rulebook reference closing a sentence: ", rule 22.1a".
#[must_use]
pub fn rule(number: &str) -> String {
    format!(", rule {number}")
}
