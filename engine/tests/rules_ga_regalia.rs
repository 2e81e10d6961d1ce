//! Issue #26: the general mechanics Grand Archive regalia need, each on invented cards of this
//! test's own: "each player" as the players an effect acts on, "your champion" as a target,
//! "activate this ability only if …" (refused with nothing paid), counting cards in play
//! whoever controls them, a trigger on your champion levelling up, and "the next card you play
//! this turn costs N less". Then their generated text in the game's words, and `validate`
//! refusing a level-up trigger in a game without levelling up.

#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use sigilforge_engine::model::GameProfile;
use sigilforge_engine::rules::text::Words;
use sigilforge_engine::rules::{RulesScenario, run_scenario};

mod ga_text_common;
use ga_text_common::assert_reads;

/// Runs a scenario written inline and checks it meets its expectations with no error.
fn passes(ron: &str) {
    let scenario: RulesScenario = ron::from_str(ron).unwrap();
    let game = run_scenario(&scenario).unwrap();
    assert!(game.errors.is_empty(), "{:?}", game.errors);
    let failures = game.check(&scenario.expect);
    assert!(failures.is_empty(), "{failures:?}\n{}", game.report());
}

#[test]
fn each_player_draws_and_discards_the_turn_player_first() {
    passes(
        r#"RulesScenario(
            name: "each player",
            profile: Some("Grand Archive"),
            cards: {
                "orb": (name: "Orb", kind: Item, abilities: [
                    (name: "Share", kind: Activated(), target: EachPlayer, effects: [Draw(Fixed(1))]),
                    (name: "Spill", kind: Activated(), target: EachPlayer, effects: [Discard(Fixed(2))]),
                ]),
                "page": (name: "Page", kind: Action),
            },
            a: (city: ["orb"], deck: ["page"], hand: ["page#2"]),
            b: (deck: ["page#3"], hand: ["page#4", "page#5", "page#6"]),
            script: [
                Activate(player: A, card: "orb", ability: "Share"), ResolveAll,
                Activate(player: A, card: "orb", ability: "Spill"), ResolveAll,
            ],
            expect: [
                At(2, [ZoneSize(A, "hand", 2), ZoneSize(B, "hand", 4), Zone("page#3", "hand")]),
                ZoneSize(A, "hand", 0), ZoneSize(B, "hand", 2),
                ZoneSize(A, "graveyard", 2), ZoneSize(B, "graveyard", 2),
                Log("A draws 1 of 1"), Log("B discards 2 of 2"),
            ],
        )"#,
    );
}

#[test]
fn your_champion_is_a_target_for_counters_and_a_static_level_bonus() {
    // The Totem gives your champion +1 level while you control a Beast ally; the Marker puts a
    // preparation counter on your champion. B's Beast does not count for A.
    passes(
        r#"RulesScenario(
            name: "your champion",
            profile: Some("Grand Archive"),
            cards: {
                "seer": (name: "Seer", kind: Champion, life: 20, stats: {"level": 1}),
                "rival": (name: "Rival", kind: Champion, life: 20, stats: {"level": 1}),
                "totem": (name: "Totem", kind: Item, abilities: [(
                    kind: Static, target: YourChampion,
                    condition: Some(AmountAtLeast(CountIn(City, Some(All([IsKind("ally"), HasTribe("Beast")]))), 1)),
                    effects: [Modify(Named("level"), Fixed(1))],
                )]),
                "marker": (name: "Marker", kind: Item, abilities: [
                    (name: "Mark", kind: Activated(), target: YourChampion, effects: [AddCounters("preparation", Fixed(1))]),
                ]),
                "wolf": (name: "Wolf", kind: Ally, tribes: ["Beast"], attack: 1, life: 1),
            },
            a: (champion: Some("seer"), city: ["totem", "marker"], hand: ["wolf"]),
            b: (champion: Some("rival"), city: ["wolf#2"]),
            script: [
                Activate(player: A, card: "marker", ability: "Mark"), ResolveAll,
                Play(player: A, card: "wolf"),
            ],
            expect: [
                At(0, [Level(A, 1), Level(B, 1)]),
                At(2, [Counters("seer", "preparation", 1), Counters("rival", "preparation", 0)]),
                Level(A, 2), Level(B, 1),
            ],
        )"#,
    );
}

#[test]
fn an_ability_usable_only_if_is_refused_with_nothing_paid_until_it_holds() {
    // The Relic: pay 1 and banish it to draw, only if A's champion has 3 or more damage and
    // no opponent controls an ally. Refused twice (too little damage; then B's ally), with the
    // Relic still on the field and the resource unpaid; used once both hold.
    passes(
        r#"RulesScenario(
            name: "only if",
            profile: Some("Grand Archive"),
            cards: {
                "seer": (name: "Seer", kind: Champion, life: 20, stats: {"level": 1}),
                "relic": (name: "Relic", kind: Item, abilities: [(
                    name: "Last Resort",
                    kind: Activated(cost: (resource: 1, pay: [BanishThis], only_if: Some(All([
                        AmountAtLeast(ChampionDamage, 3),
                        AmountAtMost(CountMatching(All([IsKind("ally"), Enemy])), 0),
                    ])))),
                    target: Controller, effects: [Draw(Fixed(1))],
                )]),
                "guard": (name: "Guard", kind: Ally, attack: 1, life: 1),
                "page": (name: "Page", kind: Action),
            },
            a: (champion: Some("seer"), city: ["relic"], deck: ["page"], resource: 1),
            b: (city: ["guard"]),
            script: [
                Activate(player: A, card: "relic", ability: "Last Resort"),
                Apply(player: B, effects: [Damage(Fixed(3))], targets: ["seer"]),
                Activate(player: A, card: "relic", ability: "Last Resort"),
                Apply(player: A, effects: [Destroy], targets: ["guard"]),
                Activate(player: A, card: "relic", ability: "Last Resort"), ResolveAll,
            ],
            expect: [
                At(3, [Rejected(2), Zone("relic", "field"), Resource(A, 1), Wounds("seer", 3)]),
                Zone("relic", "banishment"), Resource(A, 0), ZoneSize(A, "hand", 1), Rejected(2),
                Log("is activated only if your champion has 3 or more damage and no opponent controls an ally"),
            ],
        )"#,
    );
}

#[test]
fn a_trigger_on_your_champion_levelling_up_fires_for_yours_only() {
    // The Scepter deals 4 damage to a champion A does not control whenever A's champion levels
    // up; B's champion levelling up sets off nothing.
    passes(
        r#"RulesScenario(
            name: "levels up",
            profile: Some("Grand Archive"),
            cards: {
                "seer": (name: "Seer", kind: Champion, life: 20, stats: {"level": 1}),
                "rival": (name: "Rival", kind: Champion, life: 20, stats: {"level": 1}),
                "scepter": (name: "Scepter", kind: Item, abilities: [(
                    kind: Triggered(ChampionLevelsUp),
                    target: Chosen(count: 1, filter: Some(All([IsKind("champion"), Enemy]))),
                    effects: [Damage(Fixed(4))],
                )]),
            },
            a: (champion: Some("seer"), city: ["scepter"]),
            b: (champion: Some("rival")),
            script: [
                Apply(player: B, effects: [LevelUp]), ResolveAll,
                Apply(player: A, effects: [LevelUp]), ResolveAll,
            ],
            expect: [
                At(2, [Level(B, 2), Wounds("rival", 0), Wounds("seer", 0)]),
                Level(A, 2), Wounds("rival", 4), Wounds("seer", 0),
            ],
        )"#,
    );
}

#[test]
fn the_next_card_costs_less_once_and_only_this_turn() {
    // The Stone: the next card A plays this turn costs 2 less. The first Bolt (cost 3) costs 1,
    // the second the full 3 (A has 3 left: paid). A second Stone's reduction, unused, ends with
    // the turn: the third Bolt, next turn, costs 3 and is refused with 2.
    passes(
        r#"RulesScenario(
            name: "next card",
            profile: Some("Grand Archive"),
            cards: {
                "stone": (name: "Stone", kind: Item, abilities: [(
                    name: "Channel", kind: Activated(cost: (pay: [BanishThis])), target: Controller,
                    effects: [NextCardCostsLess(Fixed(2))], duration: EndOfTurn,
                )]),
                "bolt": (name: "Bolt", kind: Action, cost: 3),
            },
            a: (city: ["stone", "stone#2"], hand: ["bolt", "bolt#2", "bolt#3"], resource: 4),
            script: [
                Activate(player: A, card: "stone", ability: "Channel"), ResolveAll,
                Play(player: A, card: "bolt"), ResolveAll,
                Play(player: A, card: "bolt#2"), ResolveAll,
                Activate(player: A, card: "stone#2", ability: "Channel"), ResolveAll,
                AdvanceTo("main"), AdvanceTo("main"),
                Apply(player: A, effects: [GainLife(Fixed(0))]),
                Play(player: A, card: "bolt#3"),
            ],
            expect: [
                At(4, [Resource(A, 3), Zone("bolt", "graveyard")]),
                At(6, [Resource(A, 0), Zone("bolt#2", "graveyard")]),
                Zone("bolt#3", "hand"), Rejected(1),
                Log("bolt costs 2 less: stone: Channel"),
                Log("the next card costing 2 less ends"),
            ],
        )"#,
    );
}

#[test]
fn a_held_reduction_shows_on_the_board_until_it_is_used() {
    let scenario: RulesScenario = ron::from_str(
        r#"RulesScenario(
            name: "held",
            profile: Some("Grand Archive"),
            cards: {
                "stone": (name: "Stone", kind: Item, abilities: [(
                    name: "Channel", kind: Activated(cost: (pay: [BanishThis])), target: Controller,
                    effects: [NextCardCostsLess(Fixed(2))], duration: EndOfTurn,
                )]),
            },
            a: (city: ["stone"]),
            script: [Activate(player: A, card: "stone", ability: "Channel"), ResolveAll],
        )"#,
    )
    .unwrap();
    let game = run_scenario(&scenario).unwrap();
    assert!(
        game.report().contains("the next card A plays costs 2 less"),
        "{}",
        game.report()
    );
}

#[test]
fn the_new_mechanics_read_like_printed_text() {
    let cases = [
        (
            "(kind: Activated(cost: (pay: [BanishThis])), target: EachPlayer, effects: [Draw(Fixed(1))])",
            "Banish this: each player draws a card.",
        ),
        (
            "(kind: Activated(cost: (pay: [BanishThis])), target: EachPlayer, effects: [Discard(Fixed(1))])",
            "Banish this: each player discards a card.",
        ),
        (
            "(kind: Activated(cost: (pay: [BanishThis], only_if: Some(AmountAtLeast(ChampionDamage, 20)))), target: Controller, effects: [Draw(Fixed(2))])",
            "Banish this: draw 2 cards. Activate this ability only if your champion has 20 or more damage.",
        ),
        (
            "(kind: Activated(cost: (pay: [BanishThis], only_if: Some(AmountAtMost(CountMatching(All([IsKind(\"ally\"), Enemy])), 0)))), target: AllMatching(All([IsKind(\"ally\"), Allied])), effects: [Modify(Attack, Fixed(1))], duration: EndOfTurn)",
            "Banish this: each ally you control gets +1 POWER until end of turn. Activate this ability only if no opponent controls an ally.",
        ),
        (
            "(kind: Static, target: YourChampion, condition: Some(AmountAtLeast(CountIn(City, Some(All([IsKind(\"ally\"), Any([HasTribe(\"Animal\"), HasTribe(\"Beast\")])]))), 1)), effects: [Modify(Named(\"level\"), Fixed(1))])",
            "As long as you control an Animal or Beast ally, your champion gets +1 LV.",
        ),
        (
            "(kind: Activated(cost: (pay: [BanishThis])), target: Controller, effects: [NextCardCostsLess(Fixed(2))], duration: EndOfTurn)",
            "Banish this: the next card you play this turn costs 2 less.",
        ),
        (
            "(kind: Triggered(ChampionLevelsUp), target: Chosen(count: 1, filter: Some(All([IsKind(\"champion\"), Enemy]))), effects: [Damage(Fixed(4))])",
            "Whenever your champion levels up, deal 4 damage to target champion an opponent controls.",
        ),
        (
            "(kind: Activated(cost: (resource: 2, pay: [BanishThis])), target: YourChampion, effects: [Glimpse(Fixed(2)), AddCounters(\"preparation\", Fixed(1))])",
            "2 resource, Banish this: glimpse 2, then put a preparation counter on your champion.",
        ),
        (
            "(kind: Activated(cost: (pay: [BanishThis])), target: Chosen(filter: Some(All([HasTribe(\"weapon\"), Allied]))), effects: [Modify(Attack, Fixed(2)), AddCounters(\"durability\", Fixed(1))], duration: EndOfTurn)",
            "Banish this: target weapon you control gets +2 POWER until end of turn, then put a durability counter on it.",
        ),
    ];
    assert_reads(&cases);
}

#[test]
fn validate_refuses_a_level_up_trigger_in_a_game_without_levelling_up() {
    let scenario: RulesScenario = ron::from_str(
        r#"RulesScenario(
            name: "no level up",
            profile: Some("ChiAxis"),
            cards: {
                "idol": (name: "Idol", kind: Structure, abilities: [(
                    kind: Triggered(ChampionLevelsUp), target: Controller, effects: [GainLife(Fixed(1))],
                )]),
            },
            a: (city: ["idol"]),
        )"#,
    )
    .unwrap();
    let profile = GameProfile::chiaxis();
    let problems = sigilforge_engine::rules::names::check_scenario(&profile, &scenario);
    assert!(
        problems
            .iter()
            .any(|p| !p.warning && p.message.contains("has no level up")),
        "{problems:?}"
    );
}

#[test]
fn a_cost_that_moves_the_card_names_it_on_the_printed_card() {
    use sigilforge_engine::model::Card;
    use sigilforge_engine::rules::card_text::{CardTextLine, card_text_lines_in};
    let card: Card = ron::from_str(
        r#"(id: "orb", name: "Bauble of Plenty", kind: Item, abilities: [
            (kind: Activated(cost: (resource: 1, pay: [BanishThis])), target: EachPlayer, effects: [Draw(Fixed(1))]),
        ])"#,
    )
    .unwrap();
    let profile = GameProfile::built_in("Grand Archive").unwrap();
    let words = Words {
        profile: Some(&profile),
        card_name: None,
    };
    let lines: Vec<String> = card_text_lines_in(&words, &card, |_| None)
        .iter()
        .map(CardTextLine::to_plain)
        .collect();
    assert_eq!(
        lines,
        ["1 resource, Banish Bauble of Plenty: each player draws a card."]
    );
}
