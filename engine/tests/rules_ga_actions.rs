//! Issue #26: the mechanics the Grand Archive actions of the starter set need, each general
//! (any card may use it), tried with invented inline cards: cost abilities ("costs N less / more"
//! behind restrictions and conditions, additional costs such as sacrificing a weapon), a
//! condition on what a card targets, "choose one" modes with effects on another selector, a
//! token made with a counter on it, a delayed trigger at the beginning of your next phase, a
//! condition on the attack in progress, and a shroud keyword. Each test also shows it can fail.

#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use sigilforge_engine::model::GameProfile;
use sigilforge_engine::rules::RulesScenario;
use sigilforge_engine::rules::names::check_scenario;

mod rules_common;
use rules_common::{fails, passes};

mod ga_text_common;
use ga_text_common::assert_reads;

const COST_CARDS: &str = r#"
        "seer": (name: "Ash Seer", kind: Champion, life: 20, classes: ["Cleric"], stats: {"level": 1}),
        "rival": (name: "Rival", kind: Champion, life: 20, classes: ["Mage"], stats: {"level": 1}),
        "flare": (name: "Flare", kind: Action, cost: 3, classes: ["Cleric"], abilities: [
            (kind: Static, restrictions: [(requires: Class([]))],
                condition: Some(AmountAtLeast(OpponentCountIn(Memory, None), 2)),
                effects: [CostsLess(Fixed(2))]),
            (kind: Static, condition: Some(Targets(IsKind("Champion"))), effects: [CostsMore(Fixed(1))]),
            (kind: Static, target: Chosen(filter: Some(IsUnit)), effects: [Damage(Fixed(1))]),
        ]),
        "freebie": (name: "Freebie", kind: Action, cost: 1, abilities: [
            (kind: Static, effects: [CostsLess(Fixed(5))]),
            (kind: Static, target: Controller, effects: [GainLife(Fixed(1))]),
        ]),
        "page": (name: "Page", kind: Ally, attack: 1, life: 3),
        "coin": (name: "Coin", kind: Action),
"#;

#[test]
fn cost_abilities_change_the_cost_as_the_card_is_played_and_nothing_is_paid_on_a_refusal() {
    let text = format!(
        r#"RulesScenario(
        name: "cost abilities",
        profile: Some("Grand Archive"),
        cards: {{ {COST_CARDS} }},
        a: (champion: Some("seer"), resource: 2, hand: ["flare", "flare#2", "freebie"]),
        b: (champion: Some("rival"), city: ["page"], memory: ["coin", "coin#2"]),
        script: [
            Play(player: A, card: "flare", targets: ["rival"]),   // 3 - 2 + 1 = 2
            ResolveAll,
            Play(player: A, card: "flare#2", targets: ["page"]),  // 3 - 2 = 1 of 0 left: refused
            Play(player: A, card: "freebie"),                     // 1 - 5: never below 0
            ResolveAll,
        ],
        expect: [
            At(1, [Resource(A, 0), Log("costs 2 less"), Log("costs 1 more")]),
            At(3, [Rejected(1), Zone("flare#2", "hand")]),
            Wounds("rival", 1), Resource(A, 0), Vitae(A, 21), Rejected(1),
        ],
    )"#
    );
    passes(&text);
    // It can fail: without the class bonus's condition, the first Flare costs 4 and is refused.
    fails(&text.replace(r#"memory: ["coin", "coin#2"]"#, r#"memory: ["coin"]"#));
    // Nor does the reduction apply to a champion of another class.
    fails(&text.replace(
        r#"classes: ["Cleric"], stats"#,
        r#"classes: ["Mage"], stats"#,
    ));
}

#[test]
fn an_additional_cost_sacrifices_the_first_card_of_its_kind_you_rule_or_refuses_the_play() {
    let text = r#"RulesScenario(
        name: "sacrifice a weapon",
        profile: Some("Grand Archive"),
        cards: {
            "hurl": (name: "Hurl", kind: Action, cost: 1, abilities: [
                (kind: Static, effects: [AdditionalCost([Sacrifice(HasTribe("weapon"))])]),
                (kind: Static, target: Chosen(filter: Some(IsUnit)), effects: [Damage(Fixed(3))]),
            ]),
            "axe": (name: "Axe", kind: Item, tribes: ["Weapon"], attack: 1, life: 1),
            "club": (name: "Club", kind: Item, tribes: ["Weapon"], attack: 1, life: 1),
            "page": (name: "Page", kind: Ally, attack: 1, life: 5),
        },
        a: (resource: 2, city: ["axe"], hand: ["hurl", "hurl#2"]),
        b: (city: ["page", "club"]),
        script: [
            Play(player: A, card: "hurl", targets: ["page"]),
            ResolveAll,
            Play(player: A, card: "hurl#2", targets: ["page"]),   // no weapon of A's left
        ],
        expect: [
            At(1, [Zone("axe", "graveyard"), Resource(A, 1)]),
            Wounds("page", 3), Zone("club", "field"), Zone("hurl#2", "hand"), Resource(A, 1),
            Rejected(1),
        ],
    )"#;
    passes(text);
    // It can fail: with a second weapon of A's own, the second one is paid and played.
    fails(&text.replace(r#"city: ["axe"]"#, r#"city: ["axe", "club#2"]"#));
}

#[test]
fn a_modal_card_chooses_a_token_with_a_counter_or_counters_on_each_ally() {
    let text = r#"RulesScenario(
        name: "choose one",
        profile: Some("Grand Archive"),
        cards: {
            "rally": (name: "Rally", kind: Action, abilities: [(kind: Static, target: Controller, effects: [
                Modal([
                    [CreateToken(card: "drone", count: 2, with: [AddCounters("buff", Fixed(1))])],
                    [On(target: AllMatching(All([IsKind("Ally"), Allied])), effects: [AddCounters("buff", Fixed(2))])],
                ]),
            ])]),
            "drone": (name: "Drone", kind: Ally, attack: 1, life: 1),
            "page": (name: "Page", kind: Ally, attack: 1, life: 1),
        },
        a: (city: ["page"], hand: ["rally", "rally#2"]),
        b: (city: ["page#2"]),
        script: [
            Play(player: A, card: "rally", mode: Some(0)), ResolveAll,
            Play(player: A, card: "rally#2", mode: Some(1)), ResolveAll,
        ],
        expect: [
            At(2, [Counters("drone#t1", "buff", 1), Counters("drone#t2", "buff", 1), Counters("page", "buff", 0)]),
            Counters("drone#t1", "buff", 3), Counters("page", "buff", 2), Counters("page#2", "buff", 0),
            Stat("page", "POWER", 3),
        ],
    )"#;
    passes(text);
    // It can fail: mode 0 twice makes two more drones and no counters on the page.
    fails(&text.replace("mode: Some(1)", "mode: Some(0)"));
}

#[test]
fn a_delayed_trigger_waits_for_the_beginning_of_your_own_next_phase() {
    let text = r#"RulesScenario(
        name: "your next recollection phase",
        profile: Some("Grand Archive"),
        cards: {
            "dawnlight": (name: "Dawnlight", kind: Action, abilities: [(kind: Static, target: Controller, effects: [
                Delayed(when: YourPhaseBegins("recollection"), effects: [GainLife(Fixed(3))]),
            ])]),
        },
        a: (hand: ["dawnlight"]),
        script: [
            Play(player: A, card: "dawnlight"), ResolveAll,
            AdvanceTo("recollection"), ResolveAll,   // B's
            AdvanceTo("recollection"), ResolveAll,   // A's
            AdvanceTo("recollection"), AdvanceTo("recollection"), ResolveAll,   // spent
        ],
        expect: [At(4, [Vitae(A, 20)]), At(6, [Vitae(A, 23)]), Vitae(A, 23)],
    )"#;
    passes(text);
    // It can fail: a delayed trigger on any player's phase fires in B's turn already.
    fails(&text.replace("YourPhaseBegins", "PhaseBegins"));
}

#[test]
fn an_attack_card_static_reads_the_attack_in_progress() {
    let text = r#"RulesScenario(
        name: "attacking a rested unit",
        profile: Some("Grand Archive"),
        cards: {
            "blade": (name: "Shade", kind: Champion, life: 20, stats: {"level": 1}),
            "stab": (name: "Stab", kind: Action, tribes: ["Attack"], attack: 1, speed: Some(Slow), abilities: [
                (kind: Static, condition: Some(Attacking(Rested)), effects: [Modify(Attack, Fixed(3))]),
            ]),
            "page": (name: "Page", kind: Ally, attack: 1, life: 9, abilities: [
                (name: "Brace", kind: Activated(cost: (pay: [Rest])), target: Controller, effects: [GainLife(Fixed(1))]),
            ]),
        },
        a: (champion: Some("blade"), hand: ["stab"]),
        b: (city: ["page"]),
        script: [
            Pass, Activate(player: B, card: "page", ability: "Brace"), ResolveAll,
            PlayAttack(player: A, card: "stab", target: "page"), ResolveAll,
            Pass, Pass,
        ],
        expect: [At(5, [Stat("stab", "POWER", 4)]), Wounds("page", 4), Stat("stab", "POWER", 1)],
    )"#;
    passes(text);
    // It can fail: an awake target gets the printed 1.
    fails(&text.replace(
        r#"Pass, Activate(player: B, card: "page", ability: "Brace"), ResolveAll,"#,
        "Pass, Pass, Pass,",
    ));
}

#[test]
fn a_shroud_keeps_activations_and_triggers_from_targeting_but_not_attacks() {
    let text = r#"RulesScenario(
        name: "omnishroud",
        profile: Some("Grand Archive"),
        cards: {
            "hero": (name: "Hero", kind: Champion, attack: 1, life: 20, stats: {"level": 1}),
            "cloak": (name: "Cloak", kind: Action, abilities: [
                (kind: Static, target: Chosen(filter: Some(IsUnit)), effects: [Grant("Omnishroud")], duration: EndOfTurn),
            ]),
            "zap": (name: "Zap", kind: Action, abilities: [
                (kind: Static, target: Chosen(filter: Some(IsUnit)), effects: [Damage(Fixed(1))]),
            ]),
            "hound": (name: "Hound", kind: Ally, attack: 1, life: 5, abilities: [
                (kind: Triggered(Summoned), target: Chosen(filter: Some(All([IsUnit, Enemy]))), effects: [Damage(Fixed(2))]),
            ]),
            "page": (name: "Page", kind: Ally, attack: 1, life: 5),
            "guard": (name: "Guard", kind: Ally, attack: 1, life: 5),
        },
        keywords: [(name: "Omnishroud")],
        a: (champion: Some("hero"), hand: ["cloak", "zap", "hound"]),
        b: (city: ["page", "guard"]),
        script: [
            Play(player: A, card: "cloak", targets: ["page"]), ResolveAll,
            Play(player: A, card: "zap", targets: ["page"]),   // refused
            Play(player: A, card: "hound"), ResolveAll,        // its trigger skips the page
            Attack(player: A, attacker: "hero", target: "page"), Pass, Pass,
        ],
        expect: [
            At(3, [Rejected(1), Zone("zap", "hand")]),
            Wounds("guard", 2), Wounds("page", 1), Rejected(1),
        ],
    )"#;
    passes(text);
    // It can fail: without the shroud the Zap is played at the page.
    fails(&text.replace(r#"effects: [Grant("Omnishroud")]"#, "effects: []"));
}

#[test]
fn the_new_parts_read_like_printed_text() {
    let cases = [
        (
            "(kind: Static, restrictions: [(requires: Class([]))], condition: Some(AmountAtLeast(OpponentCountIn(Memory, None), 4)), effects: [CostsLess(Fixed(2))])",
            "Class Bonus — As long as an opponent has 4 or more cards in their memory, this card costs 2 less.",
        ),
        (
            r#"(kind: Static, condition: Some(Targets(HasTribe("regalia"))), effects: [CostsMore(Fixed(2))])"#,
            "If it targets a regalia, this card costs 2 more.",
        ),
        (
            r#"(kind: Static, effects: [AdditionalCost([Sacrifice(HasTribe("weapon"))])])"#,
            "As an additional cost to play this card, sacrifice a weapon.",
        ),
        (
            r#"(kind: Static, target: Chosen(filter: Some(Any([IsKind("item"), HasTribe("weapon")]))), effects: [Destroy])"#,
            "Destroy target item or weapon.",
        ),
        (
            r#"(kind: Static, target: Controller, effects: [Recover(Fixed(4)), Delayed(when: YourPhaseBegins("recollection"), effects: [Recover(Fixed(4))])])"#,
            "Recover 4, then at the beginning of your next recollection phase, recover 4.",
        ),
        (
            "(kind: Static, condition: Some(Attacking(All([Rested, IsUnit]))), effects: [Modify(Attack, Fixed(2))])",
            "As long as this is attacking a rested unit, this gets +2 POWER.",
        ),
        (
            r#"(kind: Static, target: Controller, effects: [Modal([[CreateToken(card: "drone", with: [AddCounters("buff", Fixed(1))])], [On(target: AllMatching(All([IsKind("ally"), Allied])), effects: [AddCounters("buff", Fixed(1))])]])])"#,
            "Choose one — • Create a drone token with a buff counter on it. • Put a buff counter on each ally you control.",
        ),
        (
            r#"(kind: Static, restrictions: [(requires: Damage(20), timing: InLine)], target: Chosen(filter: Some(HasTribe("weapon"))), effects: [AddCounters("durability", Fixed(2))])"#,
            "Damage 20+ — Put 2 durability counters on target weapon.",
        ),
    ];
    assert_reads(&cases);
}

#[test]
fn validate_checks_the_mode_a_script_chooses_and_where_cost_effects_stand() {
    let profile = GameProfile::built_in("Grand Archive").unwrap();
    let scenario: RulesScenario = ron::from_str(
        r#"RulesScenario(
        name: "modes",
        cards: {
            "rally": (name: "Rally", kind: Action, abilities: [
                (kind: Static, target: Controller, effects: [Modal([[Draw(Fixed(1))], [GainLife(Fixed(1))]])]),
                (kind: Static, target: Controller, effects: [Modal([[Draw(Fixed(2))]])]),
                (name: "Odd", kind: Activated(), effects: [CostsLess(Fixed(1))]),
            ]),
            "plain": (name: "Plain", kind: Action),
        },
        a: (hand: ["rally", "rally#2", "plain"]),
        script: [
            Play(player: A, card: "rally", mode: Some(1)),
            Play(player: A, card: "rally#2", mode: Some(2)),
            Play(player: A, card: "plain", mode: Some(0)),
        ],
    )"#,
    )
    .unwrap();
    let problems: Vec<String> = check_scenario(&profile, &scenario)
        .into_iter()
        .map(|p| {
            format!(
                "{} {}",
                if p.warning { "warning" } else { "error" },
                p.message
            )
        })
        .collect();
    let has = |text: &str| problems.iter().any(|p| p.contains(text));
    assert!(
        has("warning script step 2: `rally#2` has 2 modes (0 to 1): there is no mode 2"),
        "{problems:#?}"
    );
    assert!(
        has("warning script step 3: `plain` has no modes"),
        "{problems:#?}"
    );
    assert!(
        has("warning `rally`, ability 2: `Modal` has 1 mode"),
        "{problems:#?}"
    );
    assert!(
        has("warning `rally`, ability `Odd`: `CostsLess` changes what a card costs"),
        "{problems:#?}"
    );
    assert!(!has("script step 1"), "{problems:#?}");
}
