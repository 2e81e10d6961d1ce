//! The words for an ability's parts: restrictions, costs, triggers, durations, stats,
//! amounts, targets and conditions. Every variant is matched (no `_` arms), so a variant added
//! to `model::ability` fails to compile here until its wording is written.

use std::fmt::Write as _;

use crate::model::Zone;
use crate::model::ability::{
    ActivatedSubtype, ActivationCost, Amount, Condition, CostPart, Duration, RestrictionKind, Stat,
    Target, Trigger,
};

use super::capitalise;

/// A restriction as printed: `LV 2+`, `Class: Warrior`, `Fire Element`.
pub(crate) fn restriction_text(r: &RestrictionKind) -> String {
    match r {
        RestrictionKind::Level(n) => format!("LV {n}+"),
        RestrictionKind::Class(list) if list.is_empty() => "Class Bonus".to_owned(),
        RestrictionKind::Class(list) => format!("Class: {}", list.join("/")),
        RestrictionKind::Memory(n) => format!("Memory {n}+"),
        RestrictionKind::Element(e) => format!("{e} Element"),
        RestrictionKind::Champion(name) => format!("Champion: {name}"),
        RestrictionKind::Damage(n) => format!("Damage {n}+"),
        RestrictionKind::Counters { kind, at_least } => {
            format!("{} {at_least}+", super::capitalise(kind))
        }
    }
}

pub(super) fn subtype_text(s: &ActivatedSubtype) -> String {
    match s {
        ActivatedSubtype::Battle => "Battle — ".to_owned(),
        ActivatedSubtype::Vote => "Vote — ".to_owned(),
        ActivatedSubtype::Duel => "Duel — ".to_owned(),
        ActivatedSubtype::Ritual { stat, threshold } => {
            format!("Ritual, {stat} {threshold} — ")
        }
    }
}

pub(super) fn cost_text(cost: &ActivationCost) -> String {
    let mut parts = Vec::new();
    if let Some(p) = &cost.phase {
        parts.push(capitalise(p));
    }
    if cost.resource > 0 {
        parts.push(format!("{} resource", cost.resource));
    }
    if cost.fealty > 0 {
        parts.push(format!("{} fealty", cost.fealty));
    }
    parts.extend(cost.extra.iter().map(|e| capitalise(e)));
    parts.extend(cost.pay.iter().map(|p| capitalise(&pay_text(p))));
    let mut text = if parts.is_empty() {
        "Activate".to_owned()
    } else {
        parts.join(", ")
    };
    for r in &cost.reductions {
        let when: Vec<String> = r
            .restrictions
            .iter()
            .map(|r| restriction_text(&r.requires))
            .collect();
        let when = if when.is_empty() {
            String::new()
        } else {
            format!(" while {}", when.join(", "))
        };
        let _ = write!(text, ", costing {} less{when}", r.amount);
    }
    text
}

/// One cost paid with cards, in words (`banish this`, `put 2 cards from your hand into your
/// memory`).
pub(crate) fn pay_text(p: &CostPart) -> String {
    match p {
        CostPart::Rest => "REST".to_owned(),
        CostPart::BanishThis => format!("banish {}", card_ref(THIS_CARD)),
        CostPart::DiscardThis => format!("discard {}", card_ref(THIS_CARD)),
        CostPart::SacrificeThis => format!("sacrifice {}", card_ref(THIS_CARD)),
        CostPart::Discard(n) => format!("discard {}", cards(&n.to_string())),
        CostPart::Reserve(n) => format!(
            "put {} from your hand into your memory",
            cards(&n.to_string())
        ),
        CostPart::BanishFromMemory(n) => {
            format!("banish {} from your memory", cards(&n.to_string()))
        }
        CostPart::DiscardMatching(c) => format!("discard {}", revealed(c)),
        CostPart::BanishFromGraveyard { count, filter } => {
            let what = match filter {
                Some(c) if *count == 1 => revealed(c),
                Some(c) => format!("{count} {}s", noun_phrase(c)),
                None => cards(&count.to_string()),
            };
            format!("banish {what} from your graveyard")
        }
        CostPart::RemoveCounters { kind, count } => {
            let n = match count {
                1 => crate::wording::a_or_an(kind),
                n => format!("{n} {kind}"),
            };
            let plural = if *count == 1 { "" } else { "s" };
            format!("remove {n} counter{plural} from {}", this_ref())
        }
        CostPart::Either(ways) => {
            let ways: Vec<String> = ways
                .iter()
                .map(|w| {
                    let parts: Vec<String> = w.iter().map(pay_text).collect();
                    parts.join(" and ")
                })
                .collect();
            ways.join(" or ")
        }
        CostPart::Sacrifice(c) => format!("sacrifice {}", crate::wording::a_or_an(&noun_phrase(c))),
    }
}

pub(super) fn trigger_text(t: &Trigger) -> String {
    match t {
        Trigger::Summoned => "When this enters play".to_owned(),
        Trigger::AllySummoned { tribe } => match tribe {
            Some(t) => format!("When another allied {t} enters play"),
            None => "When another ally enters play".to_owned(),
        },
        Trigger::StartOfTurn => "At the start of each turn".to_owned(),
        Trigger::EndOfTurn => "At the end of each turn".to_owned(),
        Trigger::StartOfYourTurn => "At the start of your turn".to_owned(),
        Trigger::SeasonEnds => "At the end of each season".to_owned(),
        Trigger::PhaseBegins(p) => format!("At the start of each {p}"),
        Trigger::YourPhaseBegins(p) => format!("At the beginning of your {p} phase"),
        Trigger::Attacks => "When this attacks".to_owned(),
        Trigger::AttacksCreature => "When this attacks a creature".to_owned(),
        Trigger::Attacked => "When this is attacked".to_owned(),
        Trigger::Hits => "When this hits with an attack".to_owned(),
        Trigger::Kills => "When this destroys what it attacks".to_owned(),
        Trigger::Damaged => "When this is dealt damage".to_owned(),
        Trigger::Destroyed => "When this is destroyed".to_owned(),
        Trigger::AllyDestroyed => "When another ally is destroyed".to_owned(),
        Trigger::OtherDestroyed => "When another creature is destroyed".to_owned(),
        Trigger::WouldBeDamaged => "When this would be dealt damage".to_owned(),
        Trigger::WouldDealDamage => "When this would deal damage".to_owned(),
        Trigger::Played => "When this is played".to_owned(),
        Trigger::Attached => "When an artifact is attached".to_owned(),
        Trigger::CardPlayed => "When you play a card".to_owned(),
        Trigger::ChampionLevelsUp => "Whenever your champion levels up".to_owned(),
        Trigger::Named(n) => format!("When {n}"),
    }
}

/// A trigger read as the event a replacement or a delayed trigger waits for.
pub(super) fn event_text(t: &Trigger) -> String {
    match t {
        Trigger::WouldBeDamaged => "this would be dealt damage".to_owned(),
        Trigger::Destroyed => "this would be destroyed".to_owned(),
        Trigger::PhaseBegins(p) => format!("your {p} would begin"),
        Trigger::YourPhaseBegins(p) => format!("your {p} phase would begin"),
        Trigger::StartOfTurn => "a turn would begin".to_owned(),
        Trigger::StartOfYourTurn => "your turn would begin".to_owned(),
        Trigger::EndOfTurn => "your turn would end".to_owned(),
        Trigger::SeasonEnds => "the season would end".to_owned(),
        other => {
            let t = trigger_text(other);
            let t = t.strip_prefix("When ").unwrap_or(&t).to_owned();
            if t.contains(" would ") {
                return t;
            }
            format!("{t} would happen")
        }
    }
}

pub(super) fn delayed_text(t: &Trigger) -> String {
    match t {
        Trigger::PhaseBegins(p) => format!("at the start of the next {p}"),
        Trigger::YourPhaseBegins(p) => format!("at the beginning of your next {p} phase"),
        Trigger::StartOfTurn => "at the start of the next turn".to_owned(),
        Trigger::EndOfTurn => "at the end of the turn".to_owned(),
        Trigger::StartOfYourTurn => "at the start of your next turn".to_owned(),
        Trigger::SeasonEnds => "at the end of the season".to_owned(),
        other => format!("the next time {}", {
            let t = trigger_text(other);
            t.strip_prefix("When ").unwrap_or(&t).to_owned()
        }),
    }
}

pub(super) fn duration_text(d: &Duration) -> String {
    match d {
        Duration::Instant => String::new(),
        Duration::EndOfTurn => " until end of turn".to_owned(),
        Duration::UntilPhase(p) => format!(" until {p}"),
        Duration::Turns(n) => format!(" for {n} turn{}", if *n == 1 { "" } else { "s" }),
        Duration::Indefinite => " for the rest of the game".to_owned(),
        Duration::UntilSeasonEnds => " until the end of the season".to_owned(),
    }
}

/// A stat, marked so the game's word for it is filled in last ([`super::in_words`]): the words
/// below reach a stat through many phrases, and only the finished text knows the game.
pub(super) fn stat_text(s: &Stat) -> String {
    let word = match s {
        Stat::Attack => "ATK",
        Stat::Life => "life",
        Stat::Armor => "armor",
        Stat::Named(n) => n,
    };
    format!("{STAT_OPEN}{word}{STAT_CLOSE}")
}

/// A player's life total ("vitae" in ChiAxis), marked like a stat so the game's word for it
/// (its profile's `player_life`) is filled in last.
pub(super) fn player_life() -> String {
    format!("{STAT_OPEN}{PLAYER_LIFE}{STAT_CLOSE}")
}

/// The verb for controlling a card ("you rule", "you control"), marked like a stat so the
/// game's word for it (its profile's `control_word`) is filled in last.
pub(super) fn rule_verb() -> String {
    format!("{STAT_OPEN}{RULE_VERB}{STAT_CLOSE}")
}

/// [`rule_verb`] after "an opponent": "rules", "controls".
pub(super) fn rules_verb() -> String {
    format!("{STAT_OPEN}{RULES_VERB}{STAT_CLOSE}")
}

/// The key [`rule_verb`] marks (no stat has a space in its name).
pub(super) const RULE_VERB: &str = "rule verb";
/// The key [`rules_verb`] marks.
pub(super) const RULES_VERB: &str = "rules verb";

/// The model's word for a player's life total, the key [`player_life`] marks.
pub(super) const PLAYER_LIFE: &str = "vitae";

/// A card id, marked so its printed name is filled in last ([`super::in_words`]).
pub(super) fn card_ref(id: &str) -> String {
    format!("{CARD_OPEN}{id}{CARD_CLOSE}")
}

/// The card the ability is printed on, marked like a card id: a card's printed text names
/// it ("Banish Chalice of Blood"), text without a card says "this".
pub(crate) const THIS_CARD: &str = "\u{E005}this card";

/// Private-use characters around a stat's default word in text being built.
pub(super) const STAT_OPEN: char = '\u{E000}';
/// Closes [`STAT_OPEN`].
pub(super) const STAT_CLOSE: char = '\u{E001}';
/// Private-use characters around a trigger (written as RON) in text being built: the game's
/// trigger word ("On Attack") is filled in last, as for stats.
pub(super) const TRIGGER_OPEN: char = '\u{E004}';
/// Closes [`TRIGGER_OPEN`].
pub(super) const TRIGGER_CLOSE: char = '\u{E005}';

/// A trigger, marked so the game's word for it is filled in last ([`super::in_words`]); a
/// trigger that cannot be written as RON (none can fail) reads in plain words.
pub(super) fn trigger_ref(t: &Trigger) -> String {
    match ron::to_string(t) {
        Ok(r) => format!("{TRIGGER_OPEN}{r}{TRIGGER_CLOSE}"),
        Err(_) => trigger_text(t),
    }
}

/// The id [`this_ref`] marks: the card the text is printed on. Filled in with its name where
/// the text is a card's own (`card_text_lines_in` in a game's words), else "this".
pub(crate) const SELF_ID: &str = "\u{E010}";
/// [`SELF_ID`] at the start of a sentence: "This", or the name.
pub(super) const SELF_ID_UPPER: &str = "\u{E011}";

/// The card the text is printed on ("this", or its name on the card), marked like a card id.
pub(super) fn this_ref() -> String {
    card_ref(SELF_ID)
}

/// Private-use characters around a card id in text being built.
pub(super) const CARD_OPEN: char = '\u{E002}';
/// Closes [`CARD_OPEN`].
pub(super) const CARD_CLOSE: char = '\u{E003}';

pub(super) fn amount_text(a: &Amount, value: &str) -> String {
    match a {
        Amount::Value => value.to_owned(),
        Amount::Fixed(n) => n.to_string(),
        Amount::OwnAttack => "its ATK".to_owned(),
        Amount::DamageTaken => "the damage it took".to_owned(),
        Amount::AlliesOfTribe(t) => format!("the number of other {t} allies"),
        Amount::AlliesWithKeyword(k) => format!("the number of other allies with {k}"),
        Amount::AdjacentAllies => "the number of adjacent allies".to_owned(),
        Amount::AlliedArtifacts => "the number of artifacts on your creatures".to_owned(),
        Amount::OwnArtifacts => "the number of artifacts on it".to_owned(),
        Amount::Times(x, y) => format!("{} × {}", amount_text(x, value), amount_text(y, value)),
        Amount::CountIn(zone, None) => format!("the number of cards in your {}", zone.name()),
        Amount::CountIn(zone, Some(c)) => format!(
            "the number of cards in your {} that are {}",
            zone.name(),
            condition_text(c)
        ),
        Amount::SumIn(stat, zone) => format!(
            "the total {} of the cards in your {}",
            stat_text(stat),
            zone.name()
        ),
        Amount::SacrificedThisWay => "the number of cards sacrificed this way".to_owned(),
        Amount::ChampionDamage => "the damage on your champion".to_owned(),
        Amount::CountMatching(c) => format!("the number of {}", noun_phrase_plural(c)),
        Amount::OpponentCountIn(zone, None) => {
            format!("the number of cards in your opponent's {}", zone.name())
        }
        Amount::OpponentCountIn(zone, Some(c)) => format!(
            "the number of cards in your opponent's {} that are {}",
            zone.name(),
            condition_text(c)
        ),
        Amount::CountersOnThis(kind) => format!("the number of {kind} counters on this"),
    }
}

pub(super) fn signed(a: &Amount, value: &str) -> String {
    match a {
        Amount::Fixed(n) if *n < 0 => n.to_string(),
        other => format!("+{}", amount_text(other, value)),
    }
}

pub(super) fn cards(n: &str) -> String {
    if n == "1" {
        "a card".to_owned()
    } else {
        format!("{n} cards")
    }
}

pub(super) fn target_text(t: &Target) -> String {
    match t {
        Target::This => this_ref(),
        Target::Controller => "you".to_owned(),
        Target::Opponent => "your opponent".to_owned(),
        Target::EachPlayer => "each player".to_owned(),
        Target::YourChampion => "your champion".to_owned(),
        Target::EnemyOpposite => "the enemy opposite".to_owned(),
        Target::FrontEnemy => "the front enemy".to_owned(),
        Target::LastEnemy => "the last enemy".to_owned(),
        Target::AllEnemies => "each enemy".to_owned(),
        Target::RandomEnemy => "a random enemy".to_owned(),
        Target::StrongestEnemy => "the strongest enemy".to_owned(),
        Target::OtherAllies { tribe } => match tribe {
            Some(t) => format!("each other allied {t}"),
            None => "each other ally".to_owned(),
        },
        Target::AdjacentAllies => "each adjacent ally".to_owned(),
        Target::FrontAlly => "the front ally".to_owned(),
        Target::MostDamagedAlly => "the most damaged ally".to_owned(),
        Target::AlliesWithArtifacts => "each ally with an artifact".to_owned(),
        Target::AttackedCreature => "the attacked creature".to_owned(),
        Target::AdjacentToAttacked => "each enemy next to the attacked creature".to_owned(),
        Target::Attacker => "the attacker".to_owned(),
        Target::EventSubject => "that card".to_owned(),
        Target::Chosen { count, filter } => {
            let noun = filter
                .as_ref()
                .map_or_else(|| "card".to_owned(), noun_phrase);
            if *count == 1 {
                format!("target {noun}")
            } else {
                format!("up to {count} target {noun}s")
            }
        }
        Target::AllMatching(c) => format!("each {}", noun_phrase(c)),
        Target::OthersYouControl(c) => format!("each other {} you control", noun_phrase(c)),
        Target::AlliesWhere(c) => format!("each ally {}", condition_text(c)),
        Target::FirstAllyWhere(c) => format!("the first ally {}", condition_text(c)),
        Target::EnemiesWhere(c) => format!("each enemy {}", condition_text(c)),
        Target::FirstEnemyWhere(c) => format!("the first enemy {}", condition_text(c)),
        Target::Restricted {
            restrictions,
            unlocked,
            otherwise,
        } => {
            let tags: Vec<String> = restrictions
                .iter()
                .map(|r| restriction_text(&r.requires))
                .collect();
            format!(
                "{}, or with {} {} instead",
                target_text(otherwise),
                tags.join(", "),
                target_text(unlocked)
            )
        }
    }
}

/// "Beast you rule with INT 3 or more" from `All([IsKind("Beast"), Allied, StatAtLeast(..)])`.
pub(super) fn noun_phrase(c: &Condition) -> String {
    noun_phrase_as(c, false)
}

/// [`noun_phrase`] for many: "Beasts you rule with INT 3 or more".
pub(super) fn noun_phrase_plural(c: &Condition) -> String {
    noun_phrase_as(c, true)
}

fn noun_phrase_as(c: &Condition, many: bool) -> String {
    // "item or weapon": a choice between kinds or subtypes reads as their nouns.
    if let Condition::Any(list) = c
        && list
            .iter()
            .all(|c| matches!(c, Condition::IsKind(_) | Condition::HasTribe(_)))
    {
        let nouns: Vec<String> = list.iter().map(|c| noun_phrase_as(c, many)).collect();
        return nouns.join(" or ");
    }
    let list: Vec<&Condition> = match c {
        Condition::All(list) => list.iter().collect(),
        other => vec![other],
    };
    let mut noun = "card".to_owned();
    let mut kind_named = false;
    // Whether the noun is already in the plural ("Allies or Weapons").
    let mut counted = false;
    // Where the last subtype went among the words before the noun.
    let mut subtype_at = None;
    let mut before = Vec::new();
    let mut after = Vec::new();
    for c in list {
        match c {
            Condition::IsKind(k) => {
                noun.clone_from(k);
                kind_named = true;
            }
            Condition::HasTribe(t) => {
                subtype_at = Some(before.len());
                before.push(t.clone());
            }
            // "Animal or Beast ally": subtypes any of which will do.
            Condition::Any(tribes)
                if tribes.iter().all(|t| matches!(t, Condition::HasTribe(_))) =>
            {
                let names: Vec<&str> = tribes
                    .iter()
                    .filter_map(|t| match t {
                        Condition::HasTribe(name) => Some(name.as_str()),
                        _ => None,
                    })
                    .collect();
                subtype_at = Some(before.len());
                before.push(names.join(" or "));
            }
            // "Ally or Weapon": kinds and subtypes any of which will do.
            Condition::Any(items) if items.iter().all(|i| simple_noun(i).is_some()) => {
                let nouns: Vec<String> = items
                    .iter()
                    .filter_map(simple_noun)
                    .map(|n| if many { plural_of(n) } else { n.to_owned() })
                    .collect();
                noun = nouns.join(" or ");
                kind_named = true;
                counted = many;
            }
            Condition::Allied => after.insert(0, format!("you {}", rule_verb())),
            Condition::Enemy => after.insert(0, format!("an opponent {}", rules_verb())),
            Condition::HasElement(e) => before.push(e.clone()),
            Condition::Rested => before.push("rested".to_owned()),
            Condition::IsUnit => "unit".clone_into(&mut noun),
            Condition::InZone(z) => after.push(zone_phrase(*z)),
            other => after.push(condition_text(other)),
        }
    }
    // No kind named: the subtype is the noun ("target weapon you control", not "weapon card").
    if !kind_named && let Some(i) = subtype_at {
        noun = before.remove(i);
    }
    if many && !counted {
        noun = plural_of(&noun);
    }
    before.push(noun);
    let mut s = before.join(" ");
    if !after.is_empty() {
        s.push(' ');
        s.push_str(&after.join(" "));
    }
    s
}

/// A card noun for many: "allies", "cards", "Beasts".
fn plural_of(noun: &str) -> String {
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{noun}s"),
    }
}

/// A count of cards compared with a number, as a clause: "you rule an Animal ally", "no
/// opponent rules an ally", "an opponent has 4 or more cards in their memory", "your champion
/// has 20 or more damage". `None`: the amount has no such reading (it reads as "X is 2 or
/// more").
fn amount_clause(a: &Amount, at_least: bool, n: i32) -> Option<String> {
    let nouns = |filter: &Option<Condition>| {
        filter.as_ref().map_or_else(
            || ("card".to_owned(), "cards".to_owned()),
            |c| (noun_phrase(c), noun_phrase_plural(c)),
        )
    };
    let (one, many, lead_one, lead_many, tail) = match a {
        Amount::CountIn(Zone::City, filter) => {
            let (one, many) = nouns(filter);
            let you = format!("you {}", rule_verb());
            (one, many, you.clone(), you, String::new())
        }
        Amount::CountIn(zone, filter) => {
            let (one, many) = nouns(filter);
            let tail = format!(" in your {}", zone.name());
            (
                one,
                many,
                "you have".to_owned(),
                "you have".to_owned(),
                tail,
            )
        }
        Amount::OpponentCountIn(zone, filter) => {
            let (one, many) = nouns(filter);
            let tail = format!(" in their {}", zone.name());
            let lead = "an opponent has".to_owned();
            (one, many, lead.clone(), lead, tail)
        }
        Amount::CountMatching(c) => {
            // Whose cards they are leads the clause: "no opponent controls an ally".
            let list: Vec<Condition> = match c {
                Condition::All(list) => list.clone(),
                other => vec![other.clone()],
            };
            let side = if list.contains(&Condition::Enemy) {
                Some(Condition::Enemy)
            } else if list.contains(&Condition::Allied) {
                Some(Condition::Allied)
            } else {
                None
            };
            let rest = Condition::All(
                list.into_iter()
                    .filter(|x| Some(x) != side.as_ref())
                    .collect(),
            );
            let (one, many) = (noun_phrase(&rest), noun_phrase_plural(&rest));
            match side {
                Some(Condition::Enemy) => {
                    let opponent = format!("an opponent {}", rules_verb());
                    return Some(match (at_least, n) {
                        (false, 0) => format!(
                            "no opponent {} {}",
                            rules_verb(),
                            crate::wording::a_or_an(&one)
                        ),
                        (true, 1) => format!("{opponent} {}", crate::wording::a_or_an(&one)),
                        (true, n) => format!("{opponent} {n} or more {many}"),
                        (false, n) => format!("{opponent} {n} or fewer {many}"),
                    });
                }
                Some(_) => {
                    let you = format!("you {}", rule_verb());
                    (one, many, you.clone(), you, String::new())
                }
                None => (
                    one,
                    many,
                    "there is".to_owned(),
                    "there are".to_owned(),
                    String::new(),
                ),
            }
        }
        Amount::CountersOnThis(kind) => {
            let this = this_ref();
            return Some(match (at_least, n) {
                (true, 1) => format!("{this} has a {kind} counter"),
                (true, n) => format!("{this} has {n} or more {kind} counters"),
                (false, 0) => format!("{this} has no {kind} counters"),
                (false, n) => format!("{this} has {n} or fewer {kind} counters"),
            });
        }
        Amount::ChampionDamage => {
            return Some(match (at_least, n) {
                (false, 0) => "your champion has no damage".to_owned(),
                (true, n) => format!("your champion has {n} or more damage"),
                (false, n) => format!("your champion has {n} or less damage"),
            });
        }
        _ => return None,
    };
    Some(match (at_least, n) {
        (true, 1) => format!("{lead_one} {}{tail}", crate::wording::a_or_an(&one)),
        (true, n) => format!("{lead_many} {n} or more {many}{tail}"),
        (false, 0) => format!("{lead_many} no {many}{tail}"),
        (false, n) => format!("{lead_many} {n} or fewer {many}{tail}"),
    })
}

/// A kind or a subtype as a noun on its own ("Ally", "Weapon").
fn simple_noun(c: &Condition) -> Option<&str> {
    match c {
        Condition::IsKind(k) | Condition::HasTribe(k) => Some(k),
        _ => None,
    }
}

pub(super) fn condition_text(c: &Condition) -> String {
    match c {
        Condition::All(list) => list
            .iter()
            .map(condition_text)
            .collect::<Vec<_>>()
            .join(" and "),
        Condition::Any(list) => list
            .iter()
            .map(condition_text)
            .collect::<Vec<_>>()
            .join(" or "),
        Condition::Not(c) => format!("not {}", condition_text(c)),
        Condition::Wounded => "wounded".to_owned(),
        Condition::HasTribe(t) => format!("a {t}"),
        Condition::HasKeyword(k) => format!("with {k}"),
        Condition::IsKind(k) => format!("a {k}"),
        Condition::HasArtifact => "with an artifact attached".to_owned(),
        Condition::StatAtLeast(s, n) => format!("with {} {n} or more", stat_text(s)),
        Condition::StatAtMost(s, n) => format!("with {} {n} or less", stat_text(s)),
        Condition::AmountAtLeast(a, n) => match a.as_ref() {
            Amount::CountersOnThis(kind) => format!("with {n} or more {kind} counters on it"),
            a => format!("while {} is {n} or more", amount_text(a, "X")),
        },
        Condition::AmountAtMost(a, 0) => format!("while {} is 0", amount_text(a, "X")),
        Condition::AmountAtMost(a, n) => format!("while {} is {n} or less", amount_text(a, "X")),
        Condition::SummonedThisTurn => "that entered play this turn".to_owned(),
        Condition::AlliesWithKeywordAtLeast(k, n) => {
            format!("while at least {n} other allies have {k}")
        }
        Condition::Allied => "yours".to_owned(),
        Condition::Enemy => "an opponent's".to_owned(),
        Condition::Source(c) => format!("whose source is {}", condition_text(c)),
        Condition::IsCard(id) => format!("named {}", card_ref(id)),
        Condition::AttackDamage => "when the damage is from an attack".to_owned(),
        Condition::AttackingPlayer => "attacking the opposing player".to_owned(),
        Condition::AttackingCreature => "attacking a creature".to_owned(),
        Condition::DamagedThisTurn => "already dealt damage this turn".to_owned(),
        Condition::HasEnemyOpposite => "with an enemy opposite".to_owned(),
        Condition::Returned => "that has returned".to_owned(),
        Condition::InZone(z) => zone_phrase(*z),
        Condition::HasElement(e) => e.clone(),
        Condition::RevealedThisWay(c) => format!("{} was revealed this way", revealed(c)),
        Condition::IsUnit => "a unit".to_owned(),
        Condition::Rested => "rested".to_owned(),
        Condition::Attacking(c) => format!("attacking {}", revealed(c)),
        Condition::Targets(c) => format!("targeting {}", revealed(c)),
    }
}

/// A condition as a whole clause after "if" ("this is wounded", "fewer than 2 other allies you
/// rule have Ally Unit"): a condition on the card reads with "this is", one on the game reads
/// on its own, and "not" negates the clause rather than being put before its words.
pub(super) fn condition_clause(c: &Condition) -> String {
    match c {
        Condition::All(list) => list
            .iter()
            .map(condition_clause)
            .collect::<Vec<_>>()
            .join(" and "),
        Condition::Any(list) => list
            .iter()
            .map(condition_clause)
            .collect::<Vec<_>>()
            .join(" or "),
        Condition::AlliesWithKeywordAtLeast(k, 1) => {
            format!("another ally you {} has {k}", rule_verb())
        }
        Condition::AlliesWithKeywordAtLeast(k, n) => {
            format!("{n} or more other allies you {} have {k}", rule_verb())
        }
        Condition::Not(inner) => match inner.as_ref() {
            Condition::AlliesWithKeywordAtLeast(k, 1) => {
                format!("no other ally you {} has {k}", rule_verb())
            }
            Condition::AlliesWithKeywordAtLeast(k, n) => {
                format!("fewer than {n} other allies you {} have {k}", rule_verb())
            }
            Condition::All(_) | Condition::Any(_) => {
                format!("it is not so that {}", condition_clause(inner))
            }
            other => {
                let clause = condition_clause(other);
                let this = this_ref();
                if let Some(rest) = clause.strip_prefix(&format!("{this} has ")) {
                    format!("{this} does not have {rest}")
                } else if let Some(rest) = clause.strip_prefix(&format!("{this} is ")) {
                    format!("{this} is not {rest}")
                } else {
                    format!("it is not so that {clause}")
                }
            }
        },
        Condition::AttackDamage => "the damage is from an attack".to_owned(),
        Condition::RevealedThisWay(c) => format!("{} was revealed this way", revealed(c)),
        Condition::Targets(c) => format!("it targets {}", revealed(c)),
        Condition::SummonedThisTurn => "this entered play this turn".to_owned(),
        Condition::Returned => "this has returned".to_owned(),
        Condition::Source(c) => {
            let what = condition_text(c);
            match what.strip_prefix("with ") {
                Some(rest) => format!("the source of the damage has {rest}"),
                None => format!("the source of the damage is {what}"),
            }
        }
        Condition::AmountAtLeast(a, n) | Condition::AmountAtMost(a, n) => {
            let at_least = matches!(c, Condition::AmountAtLeast(..));
            amount_clause(a, at_least, *n).unwrap_or_else(|| {
                let than = match (at_least, n) {
                    (false, 0) => "0".to_owned(),
                    (true, n) => format!("{n} or more"),
                    (false, n) => format!("{n} or less"),
                };
                format!("{} is {than}", amount_text(a, "X"))
            })
        }
        other => {
            let what = condition_text(other);
            match what.strip_prefix("with ") {
                Some(rest) => format!("{} has {rest}", this_ref()),
                None => format!("{} is {what}", this_ref()),
            }
        }
    }
}

/// "a Fire card", "an Ally": what a reveal looks for.
pub(super) fn revealed(c: &Condition) -> String {
    let noun = noun_phrase(c);
    crate::wording::a_or_an(&noun)
}

/// "in a graveyard", "in the market".
pub(super) fn zone_phrase(z: Zone) -> String {
    if z.shared() {
        format!("in the {}", z.name())
    } else {
        format!("in a {}", z.name())
    }
}
