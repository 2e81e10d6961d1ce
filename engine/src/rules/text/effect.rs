//! The words for one effect, given the words for its target: `deal 2 damage to target beast`.

use crate::model::Zone;
use crate::model::ability::{Amount, Effect, RestrictionTiming, Stat, Tie};

use super::words::{
    amount_text, card_ref, cards, condition_clause, delayed_text, pay_text, player_life,
    restriction_text, revealed, rule_verb, signed, stat_text, target_text,
};

pub(super) fn effect_text(e: &Effect, target: &str, value: &str) -> String {
    match e {
        Effect::Damage(a) => format!("deal {} damage to {target}", amount_text(a, value)),
        Effect::DamageUnpreventable(a) => format!(
            "deal {} damage to {target}; it can't be prevented",
            amount_text(a, value)
        ),
        Effect::Prevent(a) => format!(
            "prevent the next {} damage that would be dealt to {target}",
            amount_text(a, value)
        ),
        Effect::DamageOpponent(a) => {
            format!("deal {} damage to your opponent", amount_text(a, value))
        }
        Effect::Heal(a) => format!("heal {} from {target}", amount_text(a, value)),
        Effect::HealAll => format!("heal all damage from {target}"),
        Effect::GainLife(a) => format!("gain {} {}", amount_text(a, value), player_life()),
        Effect::Modify(s, a) => modify_text(target, s, a, value, ""),
        Effect::ModifyPermanently(s, a) => modify_text(target, s, a, value, " permanently"),
        Effect::Grant(k) => format!("{target} {} {k}", verb(target, "gains")),
        Effect::GrantAbility(ability) => format!(
            "{target} {} “{}”",
            verb(target, "gains"),
            super::granted_text(ability, value)
        ),
        Effect::YouMay { pay, then } => {
            let pay: Vec<String> = pay.iter().map(pay_text).collect();
            let then: Vec<String> = then.iter().map(|e| effect_text(e, target, value)).collect();
            format!(
                "you may {}. If you do, {}",
                pay.join(" and "),
                then.join(", then ")
            )
        }
        Effect::CantBeRetaliated => format!("attacks by {target} can't be retaliated"),
        Effect::Remove(k) => format!("{target} {} {k}", verb(target, "loses")),
        Effect::AddStatus(s) => format!("{target} {} the {s} status", verb(target, "gets")),
        Effect::PreventAttack => format!("{target} cannot attack this turn"),
        Effect::Destroy => format!("destroy {target}"),
        Effect::DestroyArtifact => format!("destroy the first artifact on {target}"),
        Effect::RemoveFromGame => format!("remove {target} from the game"),
        Effect::PreventDamage => "prevent that damage".to_owned(),
        Effect::ReduceDamage(a) => format!("that damage is reduced by {}", amount_text(a, value)),
        Effect::IncreaseDamage(a) => {
            format!("that damage is increased by {}", amount_text(a, value))
        }
        Effect::RedirectDamage => format!("that damage is dealt to {target}"),
        Effect::AttachTo => format!("attach this to {target}"),
        Effect::Combine {
            keyword,
            count,
            into,
        } => format!(
            "discard this and {} allies with {keyword} and put {} in the first slots",
            count.saturating_sub(1),
            into.iter()
                .map(|c| card_ref(c))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Effect::MoveToFront => format!("move {target} to the front of its line"),
        Effect::MoveToBack => format!("move {target} to the back of its line"),
        Effect::ReturnAtEndOfTurn => format!("return {target} at the end of the turn"),
        Effect::Summon { card, enemy_line } => {
            if *enemy_line {
                format!("summon {} into your opponent's line", card_ref(card))
            } else {
                format!("summon {}", card_ref(card))
            }
        }
        Effect::Transform(card) => {
            format!("{target} {} {}", verb(target, "becomes"), card_ref(card))
        }
        Effect::Draw(a) => match other_players(target) {
            Some(who) => format!("{who} draws {}", cards(&amount_text(a, value))),
            None => format!("draw {}", cards(&amount_text(a, value))),
        },
        Effect::Discard(a) => match other_players(target) {
            Some(who) => format!("{who} discards {}", cards(&amount_text(a, value))),
            None => format!("discard {}", cards(&amount_text(a, value))),
        },
        Effect::NextCardCostsLess(a) => {
            let who = other_players(target)
                .map_or_else(|| "you play".to_owned(), |w| format!("{w} plays"));
            format!("the next card {who} costs {} less", amount_text(a, value))
        }
        Effect::Delayed { when, effects } => {
            let inner: Vec<String> = effects
                .iter()
                .map(|e| effect_text(e, target, value))
                .collect();
            format!("{}, {}", delayed_text(when), inner.join(", then "))
        }
        Effect::Custom(text) => text.clone(),
        Effect::ChangeRule(rule) => rule_text(rule),
        Effect::SetStat(s, a) => format!(
            "{target} {} {} {}",
            verb(target, "has"),
            stat_text(s),
            amount_text(a, value)
        ),
        // As printed: "Choose one — • Summon …. • Put …." (a card's paragraph is one line of
        // words, so the bullets stay in it).
        Effect::Modal(modes) => {
            let list: Vec<String> = modes
                .iter()
                .map(|m| {
                    let inner: Vec<String> =
                        m.iter().map(|e| effect_text(e, target, value)).collect();
                    format!("• {}.", super::capitalise(&inner.join(", then ")))
                })
                .collect();
            format!("choose one — {}", list.join(" "))
        }
        Effect::On {
            target: on,
            effects,
        } => {
            let on = target_text(on);
            let inner: Vec<String> = effects.iter().map(|e| effect_text(e, &on, value)).collect();
            inner.join(", then ")
        }
        Effect::CostsLess(a) => format!("this card costs {} less", amount_text(a, value)),
        Effect::CostsMore(a) => format!("this card costs {} more", amount_text(a, value)),
        Effect::AdditionalCost(parts) => {
            let parts: Vec<String> = parts.iter().map(pay_text).collect();
            format!(
                "as an additional cost to play this card, {}",
                parts.join(" and ")
            )
        }
        Effect::GainControl => format!("you {} {target}", rule_verb()),
        Effect::Bury => format!("bury {target}"),
        Effect::PutInto(zone) => put_into_text(*zone, target),
        Effect::Relocate { to } => {
            let place = match to {
                crate::model::ability::Target::Controller => "the city itself".to_owned(),
                other => target_text(other),
            };
            format!("move {target} to {place}")
        }
        Effect::Barter => {
            "barter: put a card from your hand into the market and take a card from the market"
                .to_owned()
        }
        Effect::CreateToken {
            card,
            count,
            for_opponent,
            with,
        } => {
            let who = if *for_opponent {
                "your opponent creates"
            } else {
                "create"
            };
            let made = if *count == 1 {
                format!("{who} a {} token", card_ref(card))
            } else {
                format!("{who} {count} {} tokens", card_ref(card))
            };
            format!("{made}{}", token_with_text(with, *count, value))
        }
        Effect::Glimpse(a) => format!("glimpse {}", amount_text(a, value)),
        // "For each" reads after the action, as printed: "draw a card into your memory for
        // each card sacrificed this way".
        Effect::DrawIntoMemory(crate::model::ability::Amount::SacrificedThisWay) => {
            "draw a card into your memory for each card sacrificed this way".to_owned()
        }
        Effect::DrawIntoMemory(a) => {
            format!("draw {} into your memory", cards(&amount_text(a, value)))
        }
        Effect::Recover(a) => format!("recover {}", amount_text(a, value)),
        Effect::Empower(a) => format!("empower {}", amount_text(a, value)),
        Effect::Reveal(None) => "reveal a card from your hand".to_owned(),
        Effect::Reveal(Some(c)) => format!("reveal {} from your hand", revealed(c)),
        Effect::LevelUp => "level up".to_owned(),
        Effect::Sacrifice => format!("sacrifice {target}"),
        Effect::If { condition, then } => {
            let inner: Vec<String> = then.iter().map(|e| effect_text(e, target, value)).collect();
            format!(
                "if {}, {}",
                condition_clause(condition),
                inner.join(", then ")
            )
        }
        Effect::Recruit => format!("recruit {target}"),
        Effect::Forge { onto } => format!("forge {target} onto {}", target_text(onto)),
        Effect::Build => format!("build {target}"),
        Effect::Vote { winner, loser, tie } => format!(
            "call a conclave vote — {}",
            contest_text(winner, loser, tie, "that ruler", value)
        ),
        Effect::Duel {
            stat,
            winner,
            loser,
            tie,
        } => {
            let stat = match stat {
                Stat::Attack => "ATK".to_owned(),
                other => stat_text(other),
            };
            format!(
                "duel {target}, the higher {stat} wins — {}",
                contest_text(winner, loser, tie, "that beast", value)
            )
        }
        Effect::ChangeElement(e) => format!("{target} {} {e}", verb(target, "becomes")),
        Effect::AddCounters(kind, n) => {
            format!(
                "put {} on {target}",
                counters_text(kind, &amount_text(n, value))
            )
        }
        Effect::RemoveCounters(kind, n) => {
            format!(
                "remove {} from {target}",
                counters_text(kind, &amount_text(n, value))
            )
        }
        Effect::Restricted {
            restrictions,
            effects,
        } => {
            let tags: Vec<String> = restrictions
                .iter()
                .map(|r| match r.timing {
                    RestrictionTiming::Static => format!("{} —", restriction_text(&r.requires)),
                    RestrictionTiming::InLine => restriction_text(&r.requires),
                })
                .collect();
            let inner: Vec<String> = effects
                .iter()
                .map(|e| effect_text(e, target, value))
                .collect();
            // As printed, the text a restriction guards starts a sentence: "LV 2+ — Deal 3".
            format!(
                "{} {}",
                tags.join(" "),
                super::capitalise(&inner.join(", then "))
            )
        }
    }
}

/// What happens to each token as it is created: " with a buff counter on it" for counters,
/// else ", then it gains Flying" (on "them" for several).
fn token_with_text(with: &[Effect], count: u32, value: &str) -> String {
    let it = if count == 1 { "it" } else { "them" };
    let counters: Option<Vec<String>> = with
        .iter()
        .map(|e| match e {
            Effect::AddCounters(kind, n) => Some(counters_text(kind, &amount_text(n, value))),
            _ => None,
        })
        .collect();
    match counters {
        _ if with.is_empty() => String::new(),
        Some(list) => format!(" with {} on {it}", list.join(" and ")),
        None => {
            let inner: Vec<String> = with.iter().map(|e| effect_text(e, it, value)).collect();
            format!(", then {}", inner.join(", then "))
        }
    }
}

/// A verb for its subject: "this gets", but "you get" and "up to 2 target cards get".
/// The players an effect that acts on a player names, when they are not the ability's
/// controller ("each player", "your opponent"): the effect then reads in the third person
/// ("each player draws a card"). `None`: the controller ("draw a card").
fn other_players(target: &str) -> Option<&str> {
    use crate::model::ability::Target;
    [Target::EachPlayer, Target::Opponent]
        .iter()
        .map(target_text)
        .find(|t| t == target)
        .map(|_| target)
}

fn verb<'a>(subject: &str, third_person: &'a str) -> &'a str {
    let plural = subject == "you"
        || subject == "them"
        || subject.starts_with("up to ")
        || subject.starts_with("all ")
        || subject.starts_with("both ")
        || subject.contains(" cards");
    if !plural {
        return third_person;
    }
    match third_person {
        "gets" => "get",
        "gains" => "gain",
        "loses" => "lose",
        "has" => "have",
        "becomes" => "become",
        other => other,
    }
}

pub(super) fn rule_text(rule: &str) -> String {
    match rule {
        "NoWounds" => "beasts may not receive wounds".to_owned(),
        other => other.to_owned(),
    }
}

/// "put target card into its owner's den", with the zones' own verbs (bury, discard, banish).
fn put_into_text(zone: Zone, target: &str) -> String {
    match zone {
        Zone::Graveyard => format!("bury {target}"),
        Zone::Discard => format!("discard {target}"),
        Zone::Banishment => format!("banish {target}"),
        Zone::Hand => format!("return {target} to its owner's hand"),
        Zone::Deck => format!("put {target} on top of its owner's deck"),
        Zone::City => format!("put {target} into its owner's city"),
        Zone::Ravine | Zone::Market => format!("put {target} into the {}", zone.name()),
        Zone::Den | Zone::Memory | Zone::Stack | Zone::Champion => {
            format!("put {target} into its owner's {}", zone.name())
        }
    }
}

/// "winner: gain 2 vitae; loser: discard a card; on a tie, nothing happens".
fn contest_text(winner: &[Effect], loser: &[Effect], tie: &Tie, side: &str, value: &str) -> String {
    let list = |effects: &[Effect]| {
        let parts: Vec<String> = effects
            .iter()
            .map(|e| effect_text(e, side, value))
            .collect();
        if parts.is_empty() {
            "nothing happens".to_owned()
        } else {
            parts.join(", then ")
        }
    };
    let tie = match tie {
        Tie::Nothing => "nothing happens".to_owned(),
        Tie::CallerWins => "you win".to_owned(),
        Tie::CallerLoses => "you lose".to_owned(),
        Tie::Effects(e) => format!("to each side: {}", list(e)),
    };
    format!(
        "winner: {}; loser: {}; on a tie, {tie}",
        list(winner),
        list(loser)
    )
}

/// "This gets +2 ATK", and for an amount in words "This gets +X ATK, where X is the number of
/// other Beast allies" (a sign before words does not read).
fn modify_text(target: &str, stat: &Stat, a: &Amount, value: &str, how_long: &str) -> String {
    let gets = verb(target, "gets");
    let stat = stat_text(stat);
    match a {
        Amount::Fixed(_) | Amount::Value => {
            format!("{target} {gets} {} {stat}{how_long}", signed(a, value))
        }
        other => format!(
            "{target} {gets} +X {stat}{how_long}, where X is {}",
            amount_text(other, value)
        ),
    }
}

/// `a durability counter`, `an ember counter`, `2 buff counters`: as a printed card counts them.
fn counters_text(kind: &str, n: &str) -> String {
    if n == "1" {
        format!("{} counter", crate::wording::a_or_an(kind))
    } else {
        format!("{n} {kind} counters")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_amount_in_words_reads_as_x_with_its_meaning() {
        let beasts = Effect::Modify(Stat::Attack, Amount::AlliesOfTribe("Beast".into()));
        // The stat's word is marked for the game's own word, filled in last.
        let plain = |t: String| t.replace(['\u{E000}', '\u{E001}'], "");
        let text = plain(effect_text(&beasts, "this", ""));
        assert!(
            text.ends_with("+X ATK, where X is the number of other Beast allies")
                && text.starts_with("this gets"),
            "{text}"
        );
        let fixed = Effect::ModifyPermanently(Stat::Attack, Amount::Fixed(2));
        assert!(plain(effect_text(&fixed, "this", "")).ends_with("+2 ATK permanently"));
        assert_eq!(
            crate::wording::leak("this gets +the damage it took ATK"),
            Some("a sign before words")
        );
    }
}
