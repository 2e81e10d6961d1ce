//! Rules text generated from an ability's structure, so card text never drifts from behaviour:
//! `When this enters play: deal 2 damage to each Beast an opponent rules.`
//!
//! Every variant of the model's enums is matched exhaustively (no `_` arms), so adding a
//! variant to `model::ability` fails to compile here until its wording is written.

use std::fmt::Write as _;

use crate::model::ability::{
    Ability, AbilityKind, ActivatedSubtype, ActivationCost, Amount, Condition, Duration, Effect,
    ReplacementMode, Restriction, RestrictionKind, RestrictionTiming, Stat, Target, Trigger,
};
use crate::model::{CardKind, KeywordDef};

/// The rules text of one ability. `keyword_value` fills in `Amount::Value` (`Armor 2` → 2);
/// without one it reads `X`.
#[must_use]
pub fn ability_text(ability: &Ability, keyword_value: Option<i32>) -> String {
    let value = keyword_value.map_or_else(|| "X".to_owned(), |v| v.to_string());
    render(ability, &value, None)
}

/// The rules text of an ability printed on a card of this kind: "enters play" reads as the
/// kind's own word ("When this beast is recruited", "When this item is forged").
#[must_use]
pub fn card_ability_text(kind: CardKind, ability: &Ability, keyword_value: Option<i32>) -> String {
    let value = keyword_value.map_or_else(|| "X".to_owned(), |v| v.to_string());
    render(ability, &value, Some(kind))
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
    render(ability, param.unwrap_or("X"), None)
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
        .map(|a| render(a, &value, None))
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

fn render(ability: &Ability, value: &str, kind: Option<CardKind>) -> String {
    let mut out = String::new();
    let (statics, inline): (Vec<&Restriction>, Vec<&Restriction>) = ability
        .restrictions
        .iter()
        .partition(|r| r.timing == RestrictionTiming::Static);
    for r in &statics {
        let _ = write!(out, "[{}] ", restriction_text(&r.requires));
    }
    let body = effects_sentence(ability, value);
    let body = match &ability.condition {
        Some(c) => format!("if this is {}, {body}", condition_text(c)),
        None => body,
    };
    let body = if inline.is_empty() {
        body
    } else {
        let names: Vec<String> = inline
            .iter()
            .map(|r| restriction_text(&r.requires))
            .collect();
        format!("{} — {body}", names.join(", "))
    };
    let sentence = match &ability.kind {
        AbilityKind::Activated { cost, subtype } => {
            let sub = subtype.as_ref().map(subtype_text).unwrap_or_default();
            format!("{sub}{}: {body}", cost_text(cost))
        }
        AbilityKind::Triggered(Trigger::Summoned) => format!("{}: {body}", enters_play(kind)),
        AbilityKind::Triggered(t) => format!("{}: {body}", trigger_text(t)),
        AbilityKind::Static => capitalise(&body),
        AbilityKind::Replacement {
            replaces,
            mode,
            uses,
        } => {
            let times = match uses {
                Some(1) => " (once)".to_owned(),
                Some(n) => format!(" ({n} times)"),
                None => " (each time)".to_owned(),
            };
            match mode {
                ReplacementMode::Instead => {
                    format!("If {}, {body} instead{times}", event_text(replaces))
                }
                ReplacementMode::Skip => {
                    format!("If {}, skip it{times}", event_text(replaces))
                }
            }
        }
    };
    out.push_str(&finish(&sentence));
    out
}

fn finish(s: &str) -> String {
    let s = capitalise(s.trim());
    if s.ends_with('.') { s } else { format!("{s}.") }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

fn effects_sentence(ability: &Ability, value: &str) -> String {
    let target = target_text(&ability.target);
    let parts: Vec<String> = ability
        .effects
        .iter()
        .map(|e| effect_text(e, &target, value))
        .collect();
    let mut s = if parts.is_empty() {
        "nothing happens".to_owned()
    } else {
        parts.join(", then ")
    };
    s.push_str(&duration_text(&ability.duration));
    s
}

fn restriction_text(r: &RestrictionKind) -> String {
    match r {
        RestrictionKind::Level(n) => format!("LV {n}+"),
        RestrictionKind::Class(list) if list.is_empty() => "Class Bonus".to_owned(),
        RestrictionKind::Class(list) => format!("Class: {}", list.join("/")),
        RestrictionKind::Memory(n) => format!("Memory {n}+"),
        RestrictionKind::Element(e) => format!("{e} Element"),
        RestrictionKind::Champion(name) => format!("Champion: {name}"),
    }
}

fn subtype_text(s: &ActivatedSubtype) -> String {
    match s {
        ActivatedSubtype::Battle => "Battle — ".to_owned(),
        ActivatedSubtype::Vote => "Vote — ".to_owned(),
        ActivatedSubtype::Duel => "Duel — ".to_owned(),
        ActivatedSubtype::Ritual { stat, threshold } => {
            format!("Ritual ({stat} {threshold}) — ")
        }
    }
}

fn cost_text(cost: &ActivationCost) -> String {
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
    if parts.is_empty() {
        "Activate".to_owned()
    } else {
        parts.join(", ")
    }
}

fn trigger_text(t: &Trigger) -> String {
    match t {
        Trigger::Summoned => "When this enters play".to_owned(),
        Trigger::AllySummoned { tribe } => match tribe {
            Some(t) => format!("When another allied {t} enters play"),
            None => "When another ally enters play".to_owned(),
        },
        Trigger::StartOfTurn => "At the start of each turn".to_owned(),
        Trigger::EndOfTurn => "At the end of each turn".to_owned(),
        Trigger::PhaseBegins(p) => format!("At the start of each {p}"),
        Trigger::Attacks => "When this attacks".to_owned(),
        Trigger::AttacksCreature => "When this attacks a creature".to_owned(),
        Trigger::Attacked => "When this is attacked".to_owned(),
        Trigger::Damaged => "When this is dealt damage".to_owned(),
        Trigger::Destroyed => "When this is destroyed".to_owned(),
        Trigger::AllyDestroyed => "When another ally is destroyed".to_owned(),
        Trigger::OtherDestroyed => "When another creature is destroyed".to_owned(),
        Trigger::WouldBeDamaged => "When this would be dealt damage".to_owned(),
        Trigger::WouldDealDamage => "When this would deal damage".to_owned(),
        Trigger::Played => "When this is played".to_owned(),
        Trigger::Attached => "When an artifact is attached".to_owned(),
        Trigger::CardPlayed => "When you play a card".to_owned(),
        Trigger::Named(n) => format!("When {n}"),
    }
}

/// A trigger read as the event a replacement or a delayed trigger waits for.
fn event_text(t: &Trigger) -> String {
    match t {
        Trigger::WouldBeDamaged => "this would be dealt damage".to_owned(),
        Trigger::Destroyed => "this would be destroyed".to_owned(),
        Trigger::PhaseBegins(p) => format!("your {p} would begin"),
        Trigger::StartOfTurn => "your turn would begin".to_owned(),
        Trigger::EndOfTurn => "your turn would end".to_owned(),
        other => {
            let t = trigger_text(other);
            let t = t.strip_prefix("When ").unwrap_or(&t).to_owned();
            format!("{t} would happen")
        }
    }
}

fn delayed_text(t: &Trigger) -> String {
    match t {
        Trigger::PhaseBegins(p) => format!("at the start of the next {p}"),
        Trigger::StartOfTurn => "at the start of the next turn".to_owned(),
        Trigger::EndOfTurn => "at the end of the turn".to_owned(),
        other => format!("the next time {}", {
            let t = trigger_text(other);
            t.strip_prefix("When ").unwrap_or(&t).to_owned()
        }),
    }
}

fn duration_text(d: &Duration) -> String {
    match d {
        Duration::Instant => String::new(),
        Duration::EndOfTurn => " until end of turn".to_owned(),
        Duration::UntilPhase(p) => format!(" until {p}"),
        Duration::Turns(n) => format!(" for {n} turn{}", if *n == 1 { "" } else { "s" }),
        Duration::Indefinite => " for the rest of the game".to_owned(),
    }
}

fn stat_text(s: &Stat) -> String {
    match s {
        Stat::Attack => "ATK".to_owned(),
        Stat::Life => "life".to_owned(),
        Stat::Armor => "armor".to_owned(),
        Stat::Named(n) => n.clone(),
    }
}

fn amount_text(a: &Amount, value: &str) -> String {
    match a {
        Amount::Value => value.to_owned(),
        Amount::Fixed(n) => n.to_string(),
        Amount::OwnAttack => "its ATK".to_owned(),
        Amount::DamageTaken => "the damage it took".to_owned(),
        Amount::AlliesOfTribe(t) => format!("the number of other allied {t}"),
        Amount::AlliesWithKeyword(k) => format!("the number of other allies with {k}"),
        Amount::AdjacentAllies => "the number of adjacent allies".to_owned(),
        Amount::AlliedArtifacts => "the number of artifacts on your creatures".to_owned(),
        Amount::OwnArtifacts => "the number of artifacts on it".to_owned(),
        Amount::Times(x, y) => format!("{} × {}", amount_text(x, value), amount_text(y, value)),
    }
}

fn signed(a: &Amount, value: &str) -> String {
    match a {
        Amount::Fixed(n) if *n < 0 => n.to_string(),
        other => format!("+{}", amount_text(other, value)),
    }
}

fn cards(n: &str) -> String {
    if n == "1" {
        "a card".to_owned()
    } else {
        format!("{n} cards")
    }
}

fn effect_text(e: &Effect, target: &str, value: &str) -> String {
    match e {
        Effect::Damage(a) => format!("deal {} damage to {target}", amount_text(a, value)),
        Effect::DamageOpponent(a) => {
            format!("deal {} damage to your opponent", amount_text(a, value))
        }
        Effect::Heal(a) => format!("heal {} from {target}", amount_text(a, value)),
        Effect::HealAll => format!("heal all damage from {target}"),
        Effect::GainLife(a) => format!("gain {} vitae", amount_text(a, value)),
        Effect::Modify(s, a) => format!("{target} gets {} {}", signed(a, value), stat_text(s)),
        Effect::ModifyPermanently(s, a) => format!(
            "{target} gets {} {} permanently",
            signed(a, value),
            stat_text(s)
        ),
        Effect::Grant(k) => format!("{target} gains {k}"),
        Effect::Remove(k) => format!("{target} loses {k}"),
        Effect::AddStatus(s) => format!("{target} gets the {s} status"),
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
            into.join(", ")
        ),
        Effect::MoveToFront => format!("move {target} to the front of its line"),
        Effect::MoveToBack => format!("move {target} to the back of its line"),
        Effect::ReturnAtEndOfTurn => format!("return {target} at the end of the turn"),
        Effect::Summon { card, enemy_line } => {
            if *enemy_line {
                format!("summon {card} into your opponent's line")
            } else {
                format!("summon {card}")
            }
        }
        Effect::Transform(card) => format!("{target} becomes {card}"),
        Effect::Draw(a) => format!("draw {}", cards(&amount_text(a, value))),
        Effect::Discard(a) => format!("discard {}", cards(&amount_text(a, value))),
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
            "{target} has {} {} (set)",
            stat_text(s),
            amount_text(a, value)
        ),
        Effect::Modal(modes) => {
            let list: Vec<String> = modes
                .iter()
                .map(|m| {
                    let inner: Vec<String> =
                        m.iter().map(|e| effect_text(e, target, value)).collect();
                    format!("• {}", inner.join(", then "))
                })
                .collect();
            format!("choose one — {}", list.join("; "))
        }
        Effect::Restricted {
            restrictions,
            effects,
        } => {
            let tags: Vec<String> = restrictions
                .iter()
                .map(|r| match r.timing {
                    RestrictionTiming::Static => format!("[{}]", restriction_text(&r.requires)),
                    RestrictionTiming::InLine => restriction_text(&r.requires),
                })
                .collect();
            let inner: Vec<String> = effects
                .iter()
                .map(|e| effect_text(e, target, value))
                .collect();
            format!("{} {}", tags.join(" "), inner.join(", then "))
        }
    }
}

fn rule_text(rule: &str) -> String {
    match rule {
        "NoWounds" => "beasts may not receive wounds".to_owned(),
        other => other.to_owned(),
    }
}

fn target_text(t: &Target) -> String {
    match t {
        Target::This => "this".to_owned(),
        Target::Controller => "you".to_owned(),
        Target::Opponent => "your opponent".to_owned(),
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
        Target::AlliesWhere(c) => format!("each ally {}", condition_text(c)),
        Target::FirstAllyWhere(c) => format!("the first ally {}", condition_text(c)),
        Target::EnemiesWhere(c) => format!("each enemy {}", condition_text(c)),
        Target::FirstEnemyWhere(c) => format!("the first enemy {}", condition_text(c)),
    }
}

/// "Beast you rule with INT 3 or more" from `All([IsKind("Beast"), Allied, StatAtLeast(..)])`.
fn noun_phrase(c: &Condition) -> String {
    let list: Vec<&Condition> = match c {
        Condition::All(list) => list.iter().collect(),
        other => vec![other],
    };
    let mut noun = "card".to_owned();
    let mut before = Vec::new();
    let mut after = Vec::new();
    for c in list {
        match c {
            Condition::IsKind(k) => noun.clone_from(k),
            Condition::HasTribe(t) => before.push(t.clone()),
            Condition::Allied => after.insert(0, "you rule".to_owned()),
            Condition::Enemy => after.insert(0, "an opponent rules".to_owned()),
            other => after.push(condition_text(other)),
        }
    }
    before.push(noun);
    let mut s = before.join(" ");
    if !after.is_empty() {
        s.push(' ');
        s.push_str(&after.join(" "));
    }
    s
}

fn condition_text(c: &Condition) -> String {
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
        Condition::SummonedThisTurn => "that entered play this turn".to_owned(),
        Condition::AlliesWithKeywordAtLeast(k, n) => {
            format!("while at least {n} other allies have {k}")
        }
        Condition::Allied => "yours".to_owned(),
        Condition::Enemy => "an opponent's".to_owned(),
        Condition::Source(c) => format!("whose source is {}", condition_text(c)),
        Condition::IsCard(id) => format!("named {id}"),
        Condition::AttackDamage => "when the damage is from an attack".to_owned(),
        Condition::AttackingPlayer => "attacking the opposing player".to_owned(),
        Condition::AttackingCreature => "attacking a creature".to_owned(),
        Condition::DamagedThisTurn => "already dealt damage this turn".to_owned(),
        Condition::HasEnemyOpposite => "with an enemy opposite".to_owned(),
        Condition::Returned => "that has returned".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ability::Restriction;

    fn ability(src: &str) -> Ability {
        ron::from_str(src).unwrap()
    }

    #[test]
    fn a_recruit_trigger_reads_as_the_brief_example() {
        let a = ability(
            "(kind: Triggered(Summoned), target: Chosen(count: 1, filter: Some(IsKind(\"beast\"))), effects: [Damage(Fixed(2))])",
        );
        assert_eq!(
            ability_text(&a, None),
            "When this enters play: deal 2 damage to target beast."
        );
    }

    #[test]
    fn on_a_card_the_kind_names_how_it_enters_play() {
        let a = ability(
            "(kind: Triggered(Summoned), target: Chosen(count: 1, filter: Some(IsKind(\"beast\"))), effects: [Damage(Fixed(2))])",
        );
        assert_eq!(
            card_ability_text(CardKind::Beast, &a, None),
            "When this beast is recruited: deal 2 damage to target beast."
        );
        assert!(
            card_ability_text(CardKind::Structure, &a, None)
                .starts_with("When this structure is built:")
        );
    }

    #[test]
    fn the_seed_22_3b_example_reads_back() {
        let a = ability(
            "(kind: Static, target: AllMatching(All([IsKind(\"Beast\"), Allied, StatAtLeast(Named(\"INT\"), 3)])), effects: [Modify(Attack, Fixed(1))], duration: UntilPhase(\"dawn\"))",
        );
        assert_eq!(
            ability_text(&a, None),
            "Each Beast you rule with INT 3 or more gets +1 ATK until dawn."
        );
    }

    #[test]
    fn costs_subtypes_and_restrictions_are_written() {
        let a = ability(
            "(kind: Activated(cost: (phase: Some(\"dusk\"), resource: 2), subtype: Some(Ritual(stat: \"INT\", threshold: 5))), restrictions: [(requires: Level(2)), (requires: Memory(1), timing: InLine)], target: Controller, effects: [GainLife(Fixed(5))])",
        );
        assert_eq!(
            ability_text(&a, None),
            "[LV 2+] Ritual (INT 5) — Dusk, 2 resource: Memory 1+ — gain 5 vitae."
        );
    }

    #[test]
    fn keyword_values_fill_in_and_keywords_name_their_parameter() {
        let a =
            ability("(kind: Triggered(Summoned), target: AllEnemies, effects: [Damage(Value)])");
        assert_eq!(
            ability_text(&a, Some(3)),
            "When this enters play: deal 3 damage to each enemy."
        );
        let def = KeywordDef {
            name: "Ambush".into(),
            param: Some("N".into()),
            abilities: vec![a],
            ..KeywordDef::default()
        };
        assert_eq!(
            keyword_text(&def),
            "Ambush N — When this enters play: deal N damage to each enemy."
        );
    }

    #[test]
    fn replacements_modes_and_rule_changes_are_written() {
        let skip = ability("(kind: Replacement(replaces: WouldBeDamaged, mode: Skip))");
        assert_eq!(
            ability_text(&skip, None),
            "If this would be dealt damage, skip it (once)."
        );
        let modal = Ability {
            name: String::new(),
            kind: AbilityKind::Static,
            restrictions: Vec::new(),
            condition: None,
            target: Target::Chosen {
                count: 1,
                filter: None,
            },
            effects: vec![Effect::Modal(vec![
                vec![Effect::Damage(Amount::Fixed(1))],
                vec![Effect::Restricted {
                    restrictions: vec![Restriction {
                        requires: RestrictionKind::Level(2),
                        timing: RestrictionTiming::Static,
                    }],
                    effects: vec![Effect::Damage(Amount::Fixed(3))],
                }],
            ])],
            duration: Duration::Instant,
        };
        assert_eq!(
            ability_text(&modal, None),
            "Choose one — • deal 1 damage to target card; • [LV 2+] deal 3 damage to target card."
        );
        let rule = ability(
            "(kind: Static, effects: [ChangeRule(\"NoWounds\")], duration: UntilPhase(\"dawn\"))",
        );
        assert_eq!(
            ability_text(&rule, None),
            "Beasts may not receive wounds until dawn."
        );
    }
}
