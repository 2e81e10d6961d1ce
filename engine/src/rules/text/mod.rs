//! Rules text generated from an ability's structure, so card text never drifts from behaviour:
//! `When this enters play: deal 2 damage to each Beast an opponent rules.`
//!
//! Every variant of the model's enums is matched exhaustively (no `_` arms), so adding a
//! variant to `model::ability` fails to compile here until its wording is written.

use std::fmt::Write as _;

use crate::model::ability::{
    Ability, AbilityKind, ActivationCost, Duration, Effect, ReplacementMode, Restriction,
    RestrictionTiming, Target, Trigger,
};
use crate::model::{CardKind, GameProfile, KeywordDef, Zone};

mod effect;
#[cfg(test)]
mod tests;
mod words;

use effect::effect_text;
pub(crate) use words::{THIS_CARD, restriction_text};
use words::{
    condition_clause, cost_text, duration_text, event_text, subtype_text, target_text, trigger_text,
};

/// Looks up a card's printed name by its id.
pub type CardNames<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The game's words generated text is put in: its profile's stat names and trigger words,
/// and the printed names of the cards it names.
#[derive(Clone, Copy, Default)]
pub struct Words<'a> {
    /// The game's profile; none: the model's own words (`ATK`, "When this enters play").
    pub profile: Option<&'a GameProfile>,
    /// A card's printed name by id; none (or `None` for an id): the id as written.
    pub card_name: Option<CardNames<'a>>,
}

/// How long an effect lasts in words, starting with a space (" until dawn"), or nothing for
/// an instant one: the wording layer's reading of a [`crate::model::ability::Duration`].
#[must_use]
pub fn duration_words(d: &crate::model::ability::Duration) -> String {
    duration_text(d)
}

/// An effect in words, on "it", for a log line that names it ("move it to the front").
#[must_use]
pub fn effect_words(e: &crate::model::ability::Effect) -> String {
    in_words(&effect_text(e, "it", "X"), &Words::default())
}

/// A condition as a clause after "if" ("a Fire card was revealed this way").
#[must_use]
pub fn condition_words(c: &crate::model::ability::Condition) -> String {
    in_words(&words::condition_clause(c), &Words::default())
}

/// [`condition_words`] in a game's words ("an opponent controls").
#[must_use]
pub fn condition_words_in(words: &Words<'_>, c: &crate::model::ability::Condition) -> String {
    in_words(&words::condition_clause(c), words)
}

/// What a condition picks, as a noun phrase ("weapon", "Ally you rule").
#[must_use]
pub fn noun_words(c: &crate::model::ability::Condition) -> String {
    in_words(&words::noun_phrase(c), &Words::default())
}

/// A rule change in words ("beasts may not receive wounds").
#[must_use]
pub fn rule_words(rule: &str) -> String {
    effect::rule_text(rule)
}

/// A cost paid with cards in words ("discard a Fire card", "remove three enlighten counters
/// from this"), for a log line.
#[must_use]
pub fn words_for_payment(p: &crate::model::ability::CostPart) -> String {
    in_words(&words::pay_text(p), &Words::default())
}

/// The id a card's own text names itself by, filled in with its name on the card
/// ([`crate::rules::card_text::card_text_lines_in`]).
#[must_use]
pub(crate) fn words_self_id() -> &'static str {
    words::SELF_ID
}

/// A trigger in the model's words ("At the start of your turn").
#[must_use]
pub fn trigger_words(t: &Trigger) -> String {
    trigger_text(t)
}

/// The rules text of one ability. `keyword_value` fills in `Amount::Value` (`Armor 2` → 2);
/// without one it reads `X`.
#[must_use]
pub fn ability_text(ability: &Ability, keyword_value: Option<i32>) -> String {
    let value = keyword_value.map_or_else(|| "X".to_owned(), |v| v.to_string());
    in_words(&render(ability, &value, None, None), &Words::default())
}

/// [`ability_text`] in a game's words (the Abilities library, in the game of the file that
/// holds the ability).
#[must_use]
pub fn ability_text_in(words: &Words<'_>, ability: &Ability, keyword_value: Option<i32>) -> String {
    let value = keyword_value.map_or_else(|| "X".to_owned(), |v| v.to_string());
    in_words(&render(ability, &value, None, words.profile), words)
}

/// The rules text of an ability printed on a card of this kind: "enters play" reads as the
/// kind's own word ("When this beast is recruited", "When this item is forged").
#[must_use]
pub fn card_ability_text(kind: CardKind, ability: &Ability, keyword_value: Option<i32>) -> String {
    card_ability_text_in(&Words::default(), kind, ability, keyword_value)
}

/// [`card_ability_text`] in a game's words: its stat names (`POWER`), its trigger words
/// (`On Enter:`) and card names instead of ids.
#[must_use]
pub fn card_ability_text_in(
    words: &Words<'_>,
    kind: CardKind,
    ability: &Ability,
    keyword_value: Option<i32>,
) -> String {
    let value = keyword_value.map_or_else(|| "X".to_owned(), |v| v.to_string());
    in_words(&render(ability, &value, Some(kind), words.profile), words)
}

/// Fills in the marked stats and card ids of built text with the game's words.
fn in_words(text: &str, words: &Words<'_>) -> String {
    use words::{CARD_CLOSE, CARD_OPEN, STAT_CLOSE, STAT_OPEN, TRIGGER_CLOSE, TRIGGER_OPEN};
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find([STAT_OPEN, CARD_OPEN, TRIGGER_OPEN]) {
        out.push_str(&rest[..start]);
        let open = rest[start..].chars().next().unwrap_or(STAT_OPEN);
        let close = match open {
            STAT_OPEN => STAT_CLOSE,
            TRIGGER_OPEN => TRIGGER_CLOSE,
            _ => CARD_CLOSE,
        };
        let inner_start = start + open.len_utf8();
        let Some(len) = rest[inner_start..].find(close) else {
            out.push_str(&rest[inner_start..]);
            return out;
        };
        let inner = &rest[inner_start..inner_start + len];
        let control = || words.profile.map_or("rule", GameProfile::control_word);
        let word = if open == TRIGGER_OPEN {
            // A granted ability's trigger: the game's word ("On Attack"), else plain words.
            match ron::from_str::<Trigger>(inner) {
                Ok(t) => words
                    .profile
                    .and_then(|p| p.trigger_word(&t))
                    .map_or_else(|| words::trigger_text(&t), str::to_owned),
                Err(_) => inner.to_owned(),
            }
        } else if open == STAT_OPEN && inner == words::RULE_VERB {
            control().to_owned()
        } else if open == STAT_OPEN && inner == words::RULES_VERB {
            format!("{}s", control())
        } else if open == STAT_OPEN && inner == words::PLAYER_LIFE {
            // With no game named (the battle line), a player's life is just "life".
            words
                .profile
                .map_or("life", |p| p.player_life.as_str())
                .to_owned()
        } else if open == STAT_OPEN {
            words
                .profile
                .and_then(|p| p.stat_word(inner))
                .map_or_else(|| inner.to_owned(), str::to_owned)
        } else if inner == words::SELF_ID || inner == words::SELF_ID_UPPER {
            let plain = if inner == words::SELF_ID {
                "this"
            } else {
                "This"
            };
            words
                .card_name
                .and_then(|f| f(words::SELF_ID))
                .unwrap_or_else(|| plain.to_owned())
        } else {
            words.card_name.and_then(|f| f(inner)).unwrap_or_else(|| {
                if inner == words::THIS_CARD {
                    "this".to_owned()
                } else {
                    inner.to_owned()
                }
            })
        };
        // "a spark token" becomes "an Ember Spark token": the article was written before the
        // name was known.
        let vowel = word
            .chars()
            .next()
            .is_some_and(|c| "AEIOUaeiou".contains(c));
        if vowel && (out.ends_with(" a ") || out == "a ") {
            out.insert(out.len() - 1, 'n');
        }
        out.push_str(&word);
        rest = &rest[inner_start + len + close.len_utf8()..];
    }
    out.push_str(rest);
    out
}

/// "When this beast is recruited": how a card of this kind enters play.
fn enters_play(kind: Option<CardKind>) -> String {
    let Some(kind) = kind else {
        return "When this enters play".to_owned();
    };
    match kind {
        CardKind::Beast => "When this beast is recruited".to_owned(),
        CardKind::Item => "When this item is forged".to_owned(),
        CardKind::Structure => "When this structure is built".to_owned(),
        CardKind::Creature => "When this creature is summoned".to_owned(),
        CardKind::Artifact => "When this artifact is attached".to_owned(),
        CardKind::Spell
        | CardKind::Champion
        | CardKind::Relic
        | CardKind::Clade
        | CardKind::Ally
        | CardKind::Action
        | CardKind::Token => format!("When this {} enters play", kind.name().to_ascii_lowercase()),
    }
}

/// The rules text of one of a keyword's abilities, reading `Amount::Value` as the keyword's
/// parameter name (`deal N damage`), as a designer sees it while building the keyword.
#[must_use]
pub fn keyword_ability_text(param: Option<&str>, ability: &Ability) -> String {
    in_words(
        &render(ability, param.unwrap_or("X"), None, None),
        &Words::default(),
    )
}

/// The rules text of a keyword: its name (and parameter), then what its abilities do.
#[must_use]
pub fn keyword_text(def: &KeywordDef) -> String {
    let value = def.param.clone().unwrap_or_else(|| "X".to_owned());
    let head = match &def.param {
        Some(p) => format!("{} {p}", def.name),
        None => def.name.clone(),
    };
    let mut parts: Vec<String> = def
        .abilities
        .iter()
        .map(|a| in_words(&render(a, &value, None, None), &Words::default()))
        .collect();
    if parts.is_empty() && !def.summary.is_empty() {
        parts.push(def.summary.clone());
    }
    if !def.flags.is_empty() {
        parts.push(format!("(Rule: {}.)", def.flags.join(", ")));
    }
    if parts.is_empty() {
        head
    } else {
        format!("{head} — {}", parts.join(" "))
    }
}

fn render(
    ability: &Ability,
    value: &str,
    kind: Option<CardKind>,
    profile: Option<&GameProfile>,
) -> String {
    let mut out = String::new();
    let (statics, inline): (Vec<&Restriction>, Vec<&Restriction>) = ability
        .restrictions
        .iter()
        .partition(|r| r.timing == RestrictionTiming::Static);
    if !statics.is_empty() {
        let tags: Vec<String> = statics
            .iter()
            .map(|r| restriction_text(&r.requires))
            .collect();
        let _ = write!(out, "{} — ", tags.join(", "));
    }
    let from = zones_text(&ability.zones);
    let body = effects_sentence(ability, value);
    // A replacement's condition joins its "If this would…"; any other ability's leads its body.
    let replacement = matches!(ability.kind, AbilityKind::Replacement { .. });
    // A static ability that changes things for as long as it holds (stats, keywords, a card's
    // cost) is read all along: "as long as", as printed. A spell's text done once as it
    // resolves, and a cost read from what the card targets, say "if".
    let continuous = matches!(ability.kind, AbilityKind::Static)
        && ability.effects.iter().all(|e| {
            lasts(e)
                || matches!(
                    e,
                    Effect::CostsLess(_) | Effect::CostsMore(_) | Effect::AdditionalCost(_)
                )
        });
    let body = match &ability.condition {
        Some(c) if continuous && !matches!(c, crate::model::ability::Condition::Targets(_)) => {
            format!("as long as {}, {body}", condition_clause(c))
        }
        Some(c) if !replacement => format!("if {}, {body}", condition_clause(c)),
        _ => body,
    };
    let also = match &ability.condition {
        Some(c) if replacement => format!(" and {}", condition_clause(c)),
        _ => String::new(),
    };
    let body = if inline.is_empty() {
        body
    } else {
        let names: Vec<String> = inline
            .iter()
            .map(|r| restriction_text(&r.requires))
            .collect();
        format!("{} — {}", names.join(", "), capitalise(&body))
    };
    let sentence = match &ability.kind {
        AbilityKind::Activated { cost, subtype } => {
            let sub = subtype.as_ref().map(subtype_text).unwrap_or_default();
            format!("{sub}{}: {body}", cost_text(cost))
        }
        AbilityKind::Triggered(t) if profile.and_then(|p| p.trigger_word(t)).is_some() => {
            let word = profile.and_then(|p| p.trigger_word(t)).unwrap_or_default();
            format!("{word}: {body}")
        }
        AbilityKind::Triggered(Trigger::Summoned) => format!("{}: {body}", enters_play(kind)),
        // "Whenever …" reads as one sentence, as printed: "Whenever your champion levels up,
        // deal 4 damage …".
        AbilityKind::Triggered(t) if trigger_text(t).starts_with("Whenever ") => {
            format!("{}, {body}", trigger_text(t))
        }
        AbilityKind::Triggered(t) => format!("{}: {body}", trigger_text(t)),
        AbilityKind::Static if !from.is_empty() => format!("while this is in {from}, {body}"),
        AbilityKind::Static => capitalise(&body),
        AbilityKind::Replacement {
            replaces,
            mode,
            uses,
        } => {
            let times = match uses {
                Some(1) => ", once".to_owned(),
                Some(n) => format!(", up to {n} times"),
                None => ", each time".to_owned(),
            };
            match mode {
                ReplacementMode::Instead => {
                    format!("If {}{also}, {body} instead{times}", event_text(replaces))
                }
                ReplacementMode::Skip => {
                    format!("If {}{also}, skip it{times}", event_text(replaces))
                }
            }
        }
    };
    let sentence = match &ability.kind {
        AbilityKind::Activated { .. } | AbilityKind::Triggered(_) if !from.is_empty() => {
            format!("From {from} — {sentence}")
        }
        _ => sentence,
    };
    out.push_str(&finish(&sentence));
    if let AbilityKind::Activated {
        cost: ActivationCost {
            only_if: Some(c), ..
        },
        ..
    } = &ability.kind
    {
        let _ = write!(
            out,
            " Activate this ability only if {}.",
            condition_clause(c)
        );
    }
    out
}

/// "your hand or your graveyard", for abilities that work from other zones; empty in play.
fn zones_text(zones: &[Zone]) -> String {
    let names: Vec<String> = zones
        .iter()
        .map(|z| {
            if z.shared() {
                format!("the {}", z.name())
            } else {
                format!("your {}", z.name())
            }
        })
        .collect();
    names.join(" or ")
}

/// A granted ability as it reads inside quotes (`On Attack: deal 1 damage to your champion.`):
/// its trigger marked for the game's word, its cost, or its static text.
pub(super) fn granted_text(ability: &Ability, value: &str) -> String {
    let body = effects_sentence(ability, value);
    let body = match &ability.condition {
        Some(c) => format!("if {}, {body}", condition_clause(c)),
        None => body,
    };
    let sentence = match &ability.kind {
        AbilityKind::Activated { cost, .. } => format!("{}: {body}", cost_text(cost)),
        AbilityKind::Triggered(t) => format!("{}: {body}", words::trigger_ref(t)),
        AbilityKind::Static | AbilityKind::Replacement { .. } => body,
    };
    finish(&sentence)
}

/// The effects of an ability as one clause, for logs (`deal 2 damage to target card`).
pub(crate) fn effects_text(ability: &Ability) -> String {
    in_words(&effects_sentence(ability, "X"), &Words::default())
}

fn finish(s: &str) -> String {
    let s = capitalise(s.trim());
    // A sentence ending in a quoted ability ends with the quote's own full stop.
    if s.ends_with('.') || s.ends_with(".”") {
        s
    } else {
        format!("{s}.")
    }
}

/// The text with its first letter in upper case (a sentence's start).
pub(crate) fn capitalise(s: &str) -> String {
    // The card's own name or "This": the marker says which, as the word is filled in last.
    let lower = words::this_ref();
    if let Some(rest) = s.strip_prefix(&lower) {
        return format!("{}{rest}", words::card_ref(words::SELF_ID_UPPER));
    }
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

fn effects_sentence(ability: &Ability, value: &str) -> String {
    let target = target_text(&ability.target);
    // Chosen targets are named once; the effects after that say "it" or "them" ("target
    // weapon gets +2 POWER, then put a durability counter on it").
    let again = match &ability.target {
        Target::Chosen { count: 1, .. } => Some("it"),
        Target::Chosen { .. } => Some("them"),
        _ => None,
    };
    let mut parts: Vec<String> = Vec::new();
    for e in &ability.effects {
        let named = parts.iter().any(|p| p.contains(&target));
        let on = match again {
            Some(pronoun) if named => pronoun,
            _ => target.as_str(),
        };
        parts.push(effect_text(e, on, value));
    }
    // The duration belongs to the effects that last: after the last continuous one, so a
    // one-off move after it ("then banish this") does not read as lasting. After a granted
    // ability's quote it would read as part of the quote: it leads the sentence instead
    // ("until end of turn, this gets +2 POWER and gains “On Kill: …”").
    let duration = duration_text(&ability.duration);
    let lasting = ability.effects.iter().rposition(lasts);
    let at = lasting.or_else(|| parts.len().checked_sub(1));
    // A reduction waiting for the next card lasts "this turn", said where the card is named:
    // "the next card you play this turn costs 2 less".
    let waits_this_turn = at.and_then(|i| ability.effects.get(i)).is_some_and(|e| {
        matches!(e, Effect::NextCardCostsLess(_)) && ability.duration == Duration::EndOfTurn
    });
    // A granted ability is quoted: its duration goes first ("until end of turn, Lorraine …").
    let quoted = lasting
        .and_then(|i| ability.effects.get(i))
        .is_some_and(|e| matches!(e, Effect::GrantAbility(_)));
    if quoted && !duration.is_empty() {
        if let Some(first) = parts.first_mut() {
            *first = format!("{}, {first}", duration.trim_start());
        }
    } else if let Some(part) = at.and_then(|i| parts.get_mut(i)) {
        if waits_this_turn {
            *part = part.replacen(" costs ", " this turn costs ", 1);
        } else {
            part.push_str(&duration);
        }
    }
    // A static ability's lasting changes hold together ("gets +1 POWER and gains …"); other
    // effects (a spell's text among them) happen in order ("draw a card, then discard a card"). Two lasting changes
    // to the same subject share it: "Lorraine gets +2 POWER and gains …".
    let apart = if matches!(ability.kind, AbilityKind::Static) && ability.effects.iter().all(lasts)
    {
        " and "
    } else {
        ", then "
    };
    if parts.is_empty() {
        return "nothing happens".to_owned();
    }
    let subject = format!("{target} ");
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        let both_last = i > 0
            && ability.effects.get(i - 1).is_some_and(lasts)
            && ability.effects.get(i).is_some_and(lasts);
        match part.strip_prefix(&subject) {
            Some(rest) if both_last => {
                out.push_str(" and ");
                out.push_str(rest);
            }
            _ => {
                if i > 0 {
                    out.push_str(apart);
                }
                out.push_str(part);
            }
        }
    }
    out
}

/// Whether an effect lasts for the ability's duration (a continuous change) rather than
/// happening once.
fn lasts(e: &Effect) -> bool {
    matches!(
        e,
        Effect::Modify(..)
            | Effect::Grant(_)
            | Effect::GrantAbility(_)
            | Effect::CantBeRetaliated
            | Effect::Remove(_)
            | Effect::SetStat(..)
            | Effect::ChangeRule(_)
            | Effect::GainControl
            | Effect::ChangeElement(_)
            | Effect::PreventAttack
            | Effect::NextCardCostsLess(_)
    )
}
