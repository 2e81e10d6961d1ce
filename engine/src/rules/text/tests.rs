//! Tests of the generated rules text: every wording reads like a card.

use super::*;
use crate::model::ability::{
    AbilityKind, Amount, Duration, Effect, Restriction, RestrictionKind, RestrictionTiming, Target,
};

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
        "LV 2+ — Ritual, INT 5 — Dusk, 2 resource: Memory 1+ — gain 5 life."
    );
}

#[test]
fn keyword_values_fill_in_and_keywords_name_their_parameter() {
    let a = ability("(kind: Triggered(Summoned), target: AllEnemies, effects: [Damage(Value)])");
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
        "If this would be dealt damage, skip it, once."
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
        zones: Vec::new(),
    };
    assert_eq!(
        ability_text(&modal, None),
        "Choose one — • deal 1 damage to target card; • LV 2+ — deal 3 damage to target card."
    );
    let rule = ability(
        "(kind: Static, effects: [ChangeRule(\"NoWounds\")], duration: UntilPhase(\"dawn\"))",
    );
    assert_eq!(
        ability_text(&rule, None),
        "Beasts may not receive wounds until dawn."
    );
}

/// The text of a static ability with these effects (on a beast, with this target).
fn says(target: &str, effects: &str) -> String {
    ability_text(
        &ability(&format!(
            "(kind: Static, target: {target}, effects: [{effects}])"
        )),
        None,
    )
}

#[test]
fn control_zones_and_one_off_moves_read_like_a_card() {
    let beast = "Chosen(count: 1, filter: Some(IsKind(\"beast\")))";
    assert_eq!(
        ability_text(
            &ability(&format!(
                "(kind: Static, target: {beast}, effects: [GainControl], duration: UntilPhase(\"dusk\"))"
            )),
            None
        ),
        "You rule target beast until dusk."
    );
    assert_eq!(says(beast, "Bury"), "Bury target beast.");
    assert_eq!(
        says(beast, "PutInto(Hand)"),
        "Return target beast to its owner's hand."
    );
    assert_eq!(
        says(beast, "PutInto(Ravine)"),
        "Put target beast into the ravine."
    );
    assert_eq!(
        says(beast, "PutInto(Den)"),
        "Put target beast into its owner's den."
    );
    assert_eq!(
        says(beast, "Relocate(to: Controller)"),
        "Move target beast to the city itself."
    );
    assert_eq!(
        says(
            beast,
            "Relocate(to: AllMatching(All([IsKind(\"Structure\"), Allied])))"
        ),
        "Move target beast to each Structure you rule."
    );
    assert_eq!(
        says("Controller", "CreateToken(card: \"Spark\", count: 2)"),
        "Create 2 Spark tokens."
    );
    assert_eq!(
        says("Controller", "CreateToken(card: \"Spark\")"),
        "Create a Spark token."
    );
    assert_eq!(
        says(
            "Chosen(count: 1, filter: Some(All([IsKind(\"Beast\"), InZone(Den)])))",
            "Recruit"
        ),
        "Recruit target Beast in a den."
    );
    assert_eq!(
        says(
            "Chosen(count: 1, filter: Some(All([IsKind(\"Item\"), InZone(Hand)])))",
            "Forge(onto: This)"
        ),
        "Forge target Item in a hand onto this."
    );
    assert_eq!(
        says("Chosen(count: 2)", "Barter"),
        "Barter: put a card from your hand into the market and take a card from the market."
    );
    assert_eq!(
        says(beast, "ChangeElement(\"Water\")"),
        "Target beast becomes Water."
    );
    assert_eq!(
        says(
            "AllMatching(HasElement(\"Fire\"))",
            "Modify(Attack, Fixed(1))"
        ),
        "Each Fire card gets +1 ATK."
    );
}

#[test]
fn votes_duels_and_their_ties_read_like_a_card() {
    let vote = ability(
        "(kind: Activated(cost: (phase: Some(\"dusk\")), subtype: Some(Vote)), effects: [Vote(winner: [GainLife(Fixed(2))], loser: [Discard(Fixed(1))], tie: CallerWins)])",
    );
    assert_eq!(
        ability_text(&vote, None),
        "Vote — Dusk: call a conclave vote — winner: gain 2 life; loser: discard a card; on a tie, you win."
    );
    let duel = ability(
        "(kind: Activated(subtype: Some(Duel)), target: Chosen(count: 1, filter: Some(IsKind(\"Beast\"))), effects: [Duel(loser: [Destroy], tie: Effects([Damage(Fixed(1))]))])",
    );
    assert_eq!(
        ability_text(&duel, None),
        "Duel — Activate: duel target Beast, the higher ATK wins — winner: nothing happens; loser: destroy that beast; on a tie, to each side: deal 1 damage to that beast."
    );
    let quiet = ability("(kind: Static, target: Controller, effects: [Vote()])");
    assert_eq!(
        ability_text(&quiet, None),
        "Call a conclave vote — winner: nothing happens; loser: nothing happens; on a tie, nothing happens."
    );
}

#[test]
fn seasons_turns_zones_and_guarded_targets_read_like_a_card() {
    let delayed = ability(
        "(kind: Static, target: Controller, effects: [Delayed(when: SeasonEnds, effects: [Draw(Fixed(2))])])",
    );
    assert_eq!(
        ability_text(&delayed, None),
        "At the end of the season, draw 2 cards."
    );
    let mine = ability(
        "(kind: Triggered(StartOfYourTurn), target: Controller, effects: [GainLife(Fixed(1))], duration: UntilSeasonEnds)",
    );
    assert_eq!(
        ability_text(&mine, None),
        "At the start of your turn: gain 1 life until the end of the season."
    );
    let from_grave = ability(
        "(kind: Activated(cost: (phase: Some(\"main\"))), zones: [Graveyard], target: Controller, effects: [GainLife(Fixed(1))])",
    );
    assert_eq!(
        ability_text(&from_grave, None),
        "From your graveyard — Main: gain 1 life."
    );
    let in_hand = ability(
        "(kind: Static, zones: [Hand, Market], restrictions: [(requires: Level(2))], target: This, effects: [Modify(Named(\"cost\"), Fixed(-1))])",
    );
    assert_eq!(
        ability_text(&in_hand, None),
        "LV 2+ — While this is in your hand or the market, this gets -1 cost."
    );
    let guarded = ability(
        "(kind: Static, target: Restricted(restrictions: [(requires: Level(3))], unlocked: Chosen(count: 2), otherwise: Chosen(count: 1)), effects: [Damage(Fixed(1))])",
    );
    assert_eq!(
        ability_text(&guarded, None),
        "Deal 1 damage to target card, or with LV 3+ up to 2 target cards instead."
    );
}

#[test]
fn a_profile_puts_the_text_in_its_games_words() {
    let ga = crate::model::GameProfile::built_in("Grand Archive").unwrap();
    let a = ability(
        "(kind: Triggered(Summoned), effects: [Modify(Attack, Fixed(1)), GainLife(Fixed(2)), CreateToken(card: \"spark\")])",
    );
    let names = |id: &str| (id == "spark").then(|| "Ember Spark".to_owned());
    let words = super::Words {
        profile: Some(&ga),
        card_name: Some(&names),
    };
    assert_eq!(
        super::card_ability_text_in(&words, CardKind::Ally, &a, None),
        "On Enter: this gets +1 POWER, then gain 2 life, then create an Ember Spark token."
    );
    // Without a profile: the model's own words and the id as written.
    assert_eq!(
        super::card_ability_text(CardKind::Ally, &a, None),
        "When this ally enters play: this gets +1 ATK, then gain 2 life, then create a spark token."
    );
}

#[test]
fn a_condition_reads_as_a_clause_and_a_duration_stays_with_what_lasts() {
    let a = ability(
        "(kind: Static, condition: Some(Not(AlliesWithKeywordAtLeast(\"Ally Unit\", 1))), effects: [Modify(Attack, Fixed(2))])",
    );
    assert_eq!(
        super::ability_text(&a, None),
        "As long as no other ally you rule has Ally Unit, this gets +2 ATK."
    );
    let b = ability(
        "(kind: Activated(), effects: [Modify(Attack, Fixed(2)), PutInto(Banishment)], duration: EndOfTurn)",
    );
    assert_eq!(
        super::ability_text(&b, None),
        "Activate: this gets +2 ATK until end of turn, then banish this."
    );
}

#[test]
fn prevention_and_unpreventable_damage_read_as_sentences() {
    let shield = ability(
        "(kind: Triggered(Summoned), target: Chosen(count: 1, filter: None), effects: [Prevent(Fixed(2))])",
    );
    assert_eq!(
        ability_text(&shield, None),
        "When this enters play: prevent the next 2 damage that would be dealt to target card."
    );
    let burn = ability(
        "(kind: Triggered(Summoned), target: Chosen(count: 1, filter: None), effects: [DamageUnpreventable(Fixed(3))])",
    );
    assert_eq!(
        ability_text(&burn, None),
        "When this enters play: deal 3 damage to target card; it can't be prevented."
    );
}

#[test]
fn a_weapons_and_an_attack_cards_triggers_read_in_the_games_words() {
    let ga = crate::model::GameProfile::built_in("Grand Archive").unwrap();
    let words = super::Words {
        profile: Some(&ga),
        card_name: None,
    };
    // A weapon's On Hit puts a durability counter back on it (its counters are its durability).
    let mend = ability(
        "(kind: Triggered(Hits), target: This, effects: [AddCounters(\"durability\", Fixed(1))])",
    );
    assert_eq!(
        super::card_ability_text_in(&words, CardKind::Item, &mend, None),
        "On Hit: put a durability counter on this."
    );
    // An attack card's On Attack reads as the champion's.
    let surge =
        ability("(kind: Triggered(Attacks), target: Controller, effects: [GainLife(Fixed(1))])");
    assert_eq!(
        super::card_ability_text_in(&words, CardKind::Action, &surge, None),
        "On Attack: gain 1 life."
    );
}
