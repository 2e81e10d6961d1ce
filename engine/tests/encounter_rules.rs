//! Encounter rules: the eight Ability Times, Score bands and criticals, the Save table,
//! status condition kinds, Components, Bonuses and Penalties, Flavors, Upgrades, Prepared.

mod encounter_common;

use encounter_common::{has, pack_dir, play};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::ability::UpgradeKind;
use sigilforge_engine::encounter::dice::{DiceRule, DiceSource};
use sigilforge_engine::encounter::{Band, EncounterRun, SaveMod, load_source, save_mod};
use sigilforge_engine::encounter::{FlavorError, UpgradeError};

/// An encounter in the tabletop pack with these combatants, script and extras.
fn source(combatants: &str, script: &str, extra: &str) -> String {
    format!(
        "Encounter(name: \"test\", pack: Some(\"tabletop\"), map: (width: 12, height: 8, blocking: [(6, 0)]),\n\
         combatants: [{combatants}],\nscript: [{script}],\n{extra})"
    )
}

fn start(src: &str) -> EncounterRun {
    encounter_common::start(src, 7)
}

fn texts(run: &EncounterRun) -> Vec<String> {
    run.log().iter().map(|e| e.text.clone()).collect()
}

const BOB_AND_GOBLIN: &str = "(id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2)),\
    (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (3, 2))";

const ALICE_AND_GOBLIN: &str = "(id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (2, 2)),\
    (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (5, 2), reacts: false)";

// ---------- Ability Times ----------

#[test]
fn time_action_spends_a_beat_and_tests_at_once() {
    let run = play(&source(
        BOB_AND_GOBLIN,
        "ForceRoll([4, 4]), Use(ability: \"melee_attack\", targets: [\"gob\"])",
        "",
    ));
    assert_eq!(run.combatant("bob").unwrap().beats, 1);
    // High (4+4+2 = 10): 3 damage + 1 from Powerful(1).
    assert_eq!(run.combatant("gob").unwrap().health, 5 - 4);
}

#[test]
fn time_free_action_spends_no_beat() {
    let run = play(&source(
        BOB_AND_GOBLIN,
        "Use(ability: \"ready_riposte\")",
        "",
    ));
    let bob = run.combatant("bob").unwrap();
    assert_eq!(bob.beats, 2);
    assert_eq!(bob.prepared.len(), 1);
}

#[test]
fn time_slow_action_tests_at_the_start_of_the_next_turn() {
    let src = source(
        ALICE_AND_GOBLIN,
        "Use(ability: \"fireball\", shape: Some((origin: (5, 2)))), EndTurn, EndTurn, ForceRoll([5, 5])",
        "",
    );
    let mut run = start(&src);
    run.step(); // start the fireball
    assert_eq!(run.combatant("alice").unwrap().beats, 1);
    assert_eq!(run.combatant("gob").unwrap().health, 5, "no effect yet");
    assert_eq!(run.combatant("alice").unwrap().pending.len(), 1);
    run.step(); // alice ends her turn
    run.step(); // the goblin ends its turn: alice's turn starts and the fireball takes its Test
    assert_eq!(run.combatant("alice").unwrap().pending.len(), 0);
    assert!(
        run.combatant("gob").unwrap().health < 5,
        "{:#?}",
        texts(&run)
    );
}

#[test]
fn time_slow_action_drops_targets_that_became_invalid() {
    let src = source(
        ALICE_AND_GOBLIN,
        "Use(ability: \"fireball\", shape: Some((origin: (5, 2)))), EndTurn, Move((8, 5)), EndTurn",
        "",
    );
    let run = play(&src);
    assert_eq!(run.combatant("gob").unwrap().health, 5);
    assert!(has(
        &run,
        "Fireball has no valid targets: an automatic Fail with no effect"
    ));
}

#[test]
fn time_reaction_spends_a_beat_and_resolves_before_the_test() {
    // The goblin attacks bob on its turn; bob's Dodge (a Reaction) resolves first.
    let src = source(
        BOB_AND_GOBLIN,
        "EndTurn, ForceRoll([6, 5]), ForceRoll([4, 4]), Use(ability: \"melee_attack\", targets: [\"bob\"])",
        "",
    );
    let run = play(&src);
    let log = texts(&run);
    let dodge = log
        .iter()
        .position(|t| t.contains("answers with Dodge"))
        .unwrap();
    let attack_test = log
        .iter()
        .position(|t| t.contains("gob tests Melee Attack"))
        .unwrap();
    assert!(dodge < attack_test, "{log:#?}");
    let bob = run.combatant("bob").unwrap();
    assert_eq!(bob.beats, 1, "the Reaction cost a Beat");
    // Dodge with a missing Dodge Point: 3 dice, highest dropped: [6, 5, r] keeps the two lowest.
    // The goblin's High (4+4+1 = 9 → Mixed, 2 damage) minus the Ward.
    assert!(bob.health >= 8, "{log:#?}");
}

#[test]
fn time_free_reaction_spends_no_beat() {
    let src = source(
        BOB_AND_GOBLIN,
        "Use(ability: \"ready_riposte\"), EndTurn, ForceRoll([1, 2, 2]), ForceRoll([5, 5]), ForceRoll([2, 2]), \
         Use(ability: \"melee_attack\", targets: [\"bob\"])",
        "",
    );
    let run = play(&src);
    assert!(
        has(&run, "bob answers with Riposte, a Free Reaction"),
        "{:#?}",
        texts(&run)
    );
    // The Prepared Free Reaction is bob's one answer to this trigger: no Beat spent, no Dodge.
    assert_eq!(run.combatant("bob").unwrap().beats, 2);
    assert!(!has(&run, "answers with Dodge"));
}

#[test]
fn time_reactions_one_per_character_per_trigger_in_turn_order() {
    // bob knows two Reactions that match (Dodge, and a Prepared Riposte): he uses only one.
    // alice (later in the turn order) answers with Delay after bob.
    let combatants = "(id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2)),\
        (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (3, 2)),\
        (id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (2, 4))";
    let src = source(
        combatants,
        "Use(ability: \"ready_riposte\"), EndTurn, Use(ability: \"melee_attack\", targets: [\"bob\"])",
        "turn_order: [\"bob\", \"gob\", \"alice\"],",
    );
    let run = play(&src);
    let log = texts(&run);
    let bob_answers = log
        .iter()
        .filter(|t| t.starts_with("bob ") && t.contains("answers"))
        .count();
    assert_eq!(bob_answers, 1, "{log:#?}");
    let bob_at = log
        .iter()
        .position(|t| t.starts_with("bob ") && t.contains("answers"))
        .unwrap();
    let alice_at = log
        .iter()
        .position(|t| t.contains("alice spends a Beat and answers with Delay"))
        .unwrap();
    assert!(bob_at < alice_at, "turn order: bob before alice");
}

#[test]
fn time_passive_is_always_on_and_cannot_be_started() {
    let run = play(&source(
        BOB_AND_GOBLIN,
        "Use(ability: \"guard_stance\")",
        "",
    ));
    assert_eq!(
        run.combatant("bob").unwrap().block.stat("Grit"),
        2,
        "1 + Guard Stance"
    );
    assert!(has(&run, "a Passive is always in effect"));
    assert_eq!(run.combatant("bob").unwrap().beats, 2);
}

#[test]
fn time_montage_is_refused_in_an_encounter() {
    let run = play(&source(ALICE_AND_GOBLIN, "Use(ability: \"forage\")", ""));
    assert!(has(
        &run,
        "alice cannot use Forage: Montages cannot be used in an encounter"
    ));
    assert_eq!(run.combatant("alice").unwrap().beats, 2);
}

#[test]
fn time_episodic_is_refused_in_an_encounter() {
    let run = play(&source(ALICE_AND_GOBLIN, "Use(ability: \"omen\")", ""));
    assert!(has(&run, "alice cannot use Omen: Episodic abilities"));
}

#[test]
fn beats_run_out_and_refuse_more_actions() {
    let run = play(&source(
        BOB_AND_GOBLIN,
        "Use(ability: \"melee_attack\", targets: [\"gob\"]), Use(ability: \"melee_attack\", targets: [\"gob\"]), \
         Use(ability: \"melee_attack\", targets: [\"gob\"])",
        "",
    ));
    assert!(has(&run, "no Beats left"));
}

// ---------- Score bands and criticals ----------

fn roll(dice: &[u32], modifier: i32, adv: u32, dis: u32) -> (Vec<u32>, Band) {
    let mut src = DiceSource::new(1);
    src.force(dice.to_vec());
    let r = src.roll(&DiceRule::default(), modifier, adv, dis);
    (r.kept, r.band)
}

#[test]
fn band_critical_failure_on_both_kept_dice_one() {
    assert_eq!(roll(&[1, 1], 8, 0, 0).1, Band::CriticalFailure);
}

#[test]
fn band_low_up_to_six() {
    assert_eq!(roll(&[2, 3], 1, 0, 0).1, Band::Low);
}

#[test]
fn band_mixed_seven_to_nine() {
    assert_eq!(roll(&[3, 4], 0, 0, 0).1, Band::Mixed);
    assert_eq!(roll(&[4, 5], 0, 0, 0).1, Band::Mixed);
}

#[test]
fn band_high_ten_and_up() {
    assert_eq!(roll(&[5, 5], 0, 0, 0).1, Band::High);
}

#[test]
fn band_critical_success_on_both_kept_dice_six() {
    assert_eq!(roll(&[6, 6], -5, 0, 0).1, Band::CriticalSuccess);
}

#[test]
fn advantage_adds_a_die_and_drops_the_lowest() {
    assert_eq!(roll(&[1, 4, 6], 0, 1, 0), (vec![4, 6], Band::High));
}

#[test]
fn disadvantage_adds_a_die_and_drops_the_highest() {
    assert_eq!(roll(&[1, 4, 6], 0, 0, 1), (vec![1, 4], Band::Low));
}

#[test]
fn advantages_and_disadvantages_cancel_one_for_one() {
    // 2 Advantages, 1 Disadvantage: net one Advantage, three dice.
    assert_eq!(roll(&[2, 3, 6], 0, 2, 1), (vec![3, 6], Band::Mixed));
    let (kept, _) = roll(&[2, 3], 0, 1, 1);
    assert_eq!(kept, vec![2, 3]);
}

#[test]
fn a_critical_needs_the_kept_dice_not_the_rolled_ones() {
    // Disadvantage with [1, 1, 6] keeps [1, 1]: a Critical Failure.
    assert_eq!(roll(&[1, 6, 1], 9, 0, 1).1, Band::CriticalFailure);
    // Advantage with [1, 6, 6] keeps [6, 6]: a Critical Success.
    assert_eq!(roll(&[1, 6, 6], 0, 1, 0).1, Band::CriticalSuccess);
}

#[test]
fn band_effects_follow_the_score_in_an_encounter() {
    for (dice, expected_health) in [
        ("[1, 1]", 5 - 2), // Critical Failure falls back to Low: 1 + Powerful 1
        ("[1, 2]", 5 - 2), // Low 5: 1 + 1
        ("[3, 3]", 5 - 3), // Mixed 8: 2 + 1
        ("[4, 4]", 5 - 4), // High 10: 3 + 1
        ("[6, 6]", 5 - 6), // Critical Success: 5 + 1
    ] {
        let run = play(&source(
            BOB_AND_GOBLIN,
            &format!("ForceRoll({dice}), Use(ability: \"melee_attack\", targets: [\"gob\"])"),
            "",
        ));
        assert_eq!(
            run.combatant("gob").unwrap().health,
            expected_health,
            "{dice}"
        );
    }
}

#[test]
fn no_test_is_an_automatic_mixed_score() {
    let combatants = "(id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (2, 2)),\
        (id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (3, 2)),\
        (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (9, 2))";
    let run = play(&source(
        combatants,
        "Use(ability: \"healing_word\", targets: [\"alice\"])",
        "",
    ));
    assert!(has(
        &run,
        "Healing Word has no Test: an automatic Mixed Score"
    ));
    assert!(has(&run, "alice heals 0, health 8 of 8"));
}

// ---------- Saves ----------

#[test]
fn save_table_matches_the_seed() {
    assert_eq!(save_mod(Band::CriticalFailure), SaveMod::AutoPass);
    assert_eq!(save_mod(Band::Low), SaveMod::Advantage);
    assert_eq!(save_mod(Band::Mixed), SaveMod::Plain);
    assert_eq!(save_mod(Band::High), SaveMod::Disadvantage);
    assert_eq!(save_mod(Band::CriticalSuccess), SaveMod::AutoFail);
}

#[test]
fn saves_in_play_follow_the_test_band() {
    // Flame Spray: a cone from alice toward the goblin, an Edge Save after the Test.
    let cases = [
        ("[1, 1]", "passes the Edge Save automatically", 0),
        ("[1, 2]", "Edge Save, with an Advantage:", 3),
        ("[2, 2]", "Edge Save, with no modification:", 2),
        ("[4, 4]", "Edge Save, with a Disadvantage:", 3),
        ("[6, 6]", "fails the Edge Save automatically", 0),
    ];
    for (dice, needle, save_dice) in cases {
        let run = play(&source(
            "(id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (2, 2)),\
             (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (4, 2), reacts: false)",
            &format!(
                "ForceRoll({dice}), Use(ability: \"flame_spray\", shape: Some((origin: (2, 2), toward: Some((4, 2)))))"
            ),
            "",
        ));
        assert!(has(&run, needle), "{dice}: {:#?}", texts(&run));
        if save_dice > 0 {
            let save = run
                .log()
                .iter()
                .find(|e| e.text.contains("Edge Save, "))
                .unwrap();
            let rolled = save
                .text
                .split("rolled ")
                .nth(1)
                .unwrap()
                .split(", kept")
                .next()
                .unwrap()
                .replace(" and ", ", ");
            assert_eq!(rolled.split(", ").count(), save_dice, "{}", save.text);
        }
    }
}

// ---------- Status conditions ----------

#[test]
fn status_fleeting_stack_gained_on_own_turn_lasts_until_the_end_of_the_next_turn() {
    let src = source(
        BOB_AND_GOBLIN,
        "ForceRoll([5, 5]), Use(ability: \"multi_attack\"), EndTurn, EndTurn",
        "",
    );
    let mut run = start(&src);
    run.step();
    run.step();
    assert_eq!(run.combatant("bob").unwrap().stacks("Strained"), 1);
    run.step(); // bob's first turn ends: the stack was gained this turn, it stays
    assert_eq!(run.combatant("bob").unwrap().stacks("Strained"), 1);
    run.step(); // goblin's turn ends; bob's second turn starts
    assert_eq!(run.combatant("bob").unwrap().stacks("Strained"), 1);
    run.end_turn(); // bob's second turn ends: now it goes
    assert_eq!(run.combatant("bob").unwrap().stacks("Strained"), 0);
}

#[test]
fn status_fleeting_stack_gained_off_turn_goes_at_the_end_of_the_bearers_next_turn() {
    let extra = "abilities: [(id: \"hex\", name: \"Hex\", time: Action, \
        target: (kinds: [Creature], side: Enemy, reach: Some((distance: Throwing))), \
        outcomes: (mixed: [Status(\"Vulnerable\", 2)]))],\
        creatures: [(id: \"witch\", name: \"Witch\", health: 5, abilities: [(id: \"hex\")])],";
    let combatants = "(id: \"witch\", stat_block: \"witch\", side: \"foes\", position: (5, 2)),\
        (id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2), reacts: false)";
    let src = source(
        combatants,
        "Use(ability: \"hex\", targets: [\"bob\"]), EndTurn, EndTurn",
        extra,
    );
    let run = play(&src);
    // Two stacks gained on the witch's turn; bob's turn ends: one goes.
    assert_eq!(
        run.combatant("bob").unwrap().stacks("Vulnerable"),
        1,
        "{:#?}",
        texts(&run)
    );
}

#[test]
fn status_vulnerable_adds_damage_taken() {
    let extra = "abilities: [(id: \"hex\", name: \"Hex\", time: Action, \
        target: (kinds: [Creature], side: Enemy, reach: Some((distance: Throwing))), \
        outcomes: (mixed: [Status(\"Vulnerable\", 2)]))],\
        creatures: [(id: \"witch\", name: \"Witch\", health: 5, abilities: [(id: \"hex\"), (id: \"melee_attack\")])],";
    let combatants = "(id: \"witch\", stat_block: \"witch\", side: \"foes\", position: (3, 2)),\
        (id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2), reacts: false)";
    let src = source(
        combatants,
        "Use(ability: \"hex\", targets: [\"bob\"]), ForceRoll([3, 4]), Use(ability: \"melee_attack\", targets: [\"bob\"])",
        extra,
    );
    let run = play(&src);
    // Mixed 7: 2 damage + 2 Vulnerable.
    assert_eq!(run.combatant("bob").unwrap().health, 10 - 4);
}

#[test]
fn status_persistent_exhausted_stays_for_the_episode() {
    let combatants = "(id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (2, 2)),\
        (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (3, 2))";
    let src = source(
        combatants,
        "EndTurn, ForceRoll([5, 5]), Use(ability: \"melee_attack\", targets: [\"alice\"]), EndTurn, EndTurn, EndTurn, EndTurn",
        "",
    );
    let run = play(&src);
    assert!(has(&run, "alice gains 1 stack of Exhausted, now 1"));
    assert_eq!(run.combatant("alice").unwrap().stacks("Exhausted"), 1);
    assert!(run.round() >= 3);
}

#[test]
fn status_concentrating_is_one_stack_per_effect_with_a_disadvantage_each() {
    let src = source(
        ALICE_AND_GOBLIN,
        "ForceRoll([4, 4]), Use(ability: \"illusion\"), ForceRoll([6, 5, 4]), Use(ability: \"illusion\")",
        "",
    );
    let run = play(&src);
    let alice = run.combatant("alice").unwrap();
    assert_eq!(alice.stacks("Concentrating"), 2);
    // Second Test: one Disadvantage (3 dice, the 6 dropped): 5 + 4 + 3 = 12, High.
    assert!(
        has(&run, "rolled 6, 5 and 4, kept 4 and 5 = 12"),
        "{:#?}",
        texts(&run)
    );
}

#[test]
fn status_concentration_fail_ends_every_concentration_effect() {
    let src = source(
        ALICE_AND_GOBLIN,
        "ForceRoll([4, 4]), Use(ability: \"illusion\"), ForceRoll([1, 2, 6]), Use(ability: \"illusion\")",
        "",
    );
    let run = play(&src);
    assert!(has(
        &run,
        "Concentration effects end, the Concentration Test failed"
    ));
    // The Low effect still happens and brings a fresh stack.
    assert_eq!(run.combatant("alice").unwrap().stacks("Concentrating"), 1);
}

#[test]
fn status_concentrating_damage_forces_a_focus_save_with_a_disadvantage_per_stack() {
    let combatants = "(id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (2, 2)),\
        (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (3, 2))";
    let src = source(
        combatants,
        "Reactions(\"alice\", false), ForceRoll([4, 4]), Use(ability: \"illusion\"), EndTurn, \
         ForceRoll([4, 4]), ForceRoll([1, 1, 6]), Use(ability: \"melee_attack\", targets: [\"alice\"])",
        "",
    );
    let run = play(&src);
    assert!(
        has(
            &run,
            "Focus Save with 1 Disadvantage for Concentrating: rolled 1, 1 and 6, kept 1 and 1"
        ),
        "{:#?}",
        texts(&run)
    );
    assert!(has(&run, "Concentration effects end, failed Focus Save"));
    assert_eq!(run.combatant("alice").unwrap().stacks("Concentrating"), 0);
}

// ---------- Components, Bonuses and Penalties ----------

#[test]
fn component_missing_gives_a_disadvantage() {
    let src = source(
        BOB_AND_GOBLIN,
        "EndTurn, ForceRoll([2, 3, 6]), Use(ability: \"melee_attack\", targets: [\"bob\"])",
        "",
    );
    let run = play(&src);
    assert!(has(&run, "missing Component 1 Dodge Point: a Disadvantage"));
    assert!(has(&run, "rolled 2, 3 and 6, kept 2 and 3"));
}

#[test]
fn component_met_is_spent_and_gives_no_disadvantage() {
    let extra = "creatures: [(id: \"dodger\", name: \"Dodger\", health: 6, stats: {\"Rogue\": 1}, \
        abilities: [(id: \"dodge\")], resources: {\"Dodge Point\": 1})],";
    let combatants = "(id: \"dodger\", stat_block: \"dodger\", side: \"heroes\", position: (2, 2)),\
        (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (3, 2))";
    let src = source(
        combatants,
        "EndTurn, ForceRoll([2, 3]), Use(ability: \"melee_attack\", targets: [\"dodger\"]), \
         EndTurn, EndTurn, Use(ability: \"melee_attack\", targets: [\"dodger\"])",
        extra,
    );
    let run = play(&src);
    assert!(has(&run, "Component 1 Dodge Point spent"));
    assert!(has(&run, "rolled 2 and 3, kept 2 and 3"));
    assert_eq!(run.combatant("dodger").unwrap().resources["Dodge Point"], 0);
    // The second Dodge lacks the point.
    assert!(has(&run, "missing Component 1 Dodge Point"));
}

#[test]
fn bonus_free_applies_and_costly_only_when_chosen_and_paid() {
    let combatants = "(id: \"archer\", stat_block: \"goblin_archer\", side: \"foes\", position: (8, 2)),\
        (id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2), reacts: false)";
    let src = source(
        combatants,
        "ForceRoll([3, 4, 1]), Use(ability: \"aimed_shot\", targets: [\"bob\"], bonuses: Some([\"Steady Aim\", \"Called Shot\"]))",
        "",
    );
    let run = play(&src);
    assert!(has(&run, "Bonus Steady Aim"), "{:#?}", texts(&run));
    assert!(has(&run, "Bonus Called Shot, paying 1 Focus Point"));
    // Advantage: [3, 4, 1] keeps [3, 4] + Rogue 2 = 9 Mixed: 2 + 2 Called Shot.
    assert_eq!(run.combatant("bob").unwrap().health, 10 - 4);
    assert_eq!(run.combatant("archer").unwrap().resources["Focus Point"], 0);
}

#[test]
fn bonus_with_a_cost_is_skipped_unless_chosen() {
    let combatants = "(id: \"archer\", stat_block: \"goblin_archer\", side: \"foes\", position: (8, 2)),\
        (id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2), reacts: false)";
    let run = play(&source(
        combatants,
        "ForceRoll([3, 4, 1]), Use(ability: \"aimed_shot\", targets: [\"bob\"])",
        "",
    ));
    assert!(has(&run, "Bonus Steady Aim"));
    assert!(!has(&run, "Called Shot"));
    assert_eq!(run.combatant("bob").unwrap().health, 10 - 2);
}

#[test]
fn penalty_applies_whenever_its_condition_holds() {
    let combatants = "(id: \"archer\", stat_block: \"goblin_archer\", side: \"foes\", position: (3, 2)),\
        (id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2), reacts: false)";
    let run = play(&source(
        combatants,
        "ForceRoll([5, 5, 1]), Use(ability: \"aimed_shot\", targets: [\"bob\"])",
        "",
    ));
    assert!(has(&run, "Penalty In Melee"));
    assert!(!has(&run, "Steady Aim"));
    assert!(has(&run, "kept 1 and 5"), "{:#?}", texts(&run));
}

// ---------- Flavors ----------

#[test]
fn flavor_is_chosen_when_gained_then_fixed() {
    let mut diags = Diagnostics::new();
    let (_, content) =
        sigilforge_engine::encounter::load(&pack_dir().join("hags_hut.ron"), &mut diags).unwrap();
    let blast = &content.abilities["elemental_blast"];
    let known = blast.learn(&["Fiery Bolt"]).unwrap();
    assert_eq!(known.flavors, vec!["Fiery Bolt".to_owned()]);
    assert!(matches!(
        blast.learn(&[]),
        Err(FlavorError::Count {
            pick: 1,
            given: 0,
            ..
        })
    ));
    assert!(matches!(
        blast.learn(&["Wet Bolt"]),
        Err(FlavorError::Unknown(_))
    ));
    // Applied: the damage is Fire.
    let as_known = blast.as_known(&known);
    assert!(format!("{:?}", as_known.outcomes.high).contains("Fire"));
}

#[test]
fn flavor_missing_on_a_stat_block_is_a_located_error() {
    let src = source(
        "(id: \"x\", stat_block: \"mage\", side: \"heroes\", position: (1, 1))",
        "",
        "creatures: [(id: \"mage\", name: \"Mage\", health: 3,\n abilities: [(id: \"elemental_blast\")])],",
    );
    let mut diags = Diagnostics::new();
    load_source(&src, &pack_dir().join("inline_test.ron"), &mut diags).unwrap();
    let msgs: Vec<String> = diags.iter().map(ToString::to_string).collect();
    assert!(
        msgs.iter()
            .any(|m| m.contains("inline_test.ron:5:") && m.contains("needs 1 Flavor")),
        "{msgs:?}"
    );
}

// ---------- Upgrades ----------

#[test]
fn upgrade_series_must_be_taken_in_order_and_supersedes() {
    let mut diags = Diagnostics::new();
    let (_, content) =
        sigilforge_engine::encounter::load(&pack_dir().join("hags_hut.ron"), &mut diags).unwrap();
    let blast = &content.abilities["elemental_blast"];
    let mut known = blast.learn(&["Shock Bolt"]).unwrap();
    assert!(matches!(
        blast.take_upgrade(&mut known, "Powerful(2)", UpgradeKind::Spell, 5),
        Err(UpgradeError::OutOfOrder { previous: 1, .. })
    ));
    assert!(matches!(
        blast.take_upgrade(&mut known, "Powerful(1)", UpgradeKind::Fighter, 5),
        Err(UpgradeError::WrongKind { .. })
    ));
    blast
        .take_upgrade(&mut known, "Powerful(1)", UpgradeKind::Spell, 5)
        .unwrap();
    blast
        .take_upgrade(&mut known, "Powerful(2)", UpgradeKind::Spell, 5)
        .unwrap();
    let active: Vec<&str> = blast
        .active_upgrades(&known)
        .iter()
        .map(|u| u.name.as_str())
        .collect();
    assert_eq!(active, vec!["Powerful(2)"]);
    // High is 5; Powerful(2) supersedes Powerful(1): +2, not +3.
    let def = blast.as_known(&known);
    assert!(
        format!("{:?}", def.outcomes.high).contains("amount: 7"),
        "{:?}",
        def.outcomes.high
    );
}

#[test]
fn upgrade_prestige_buys_any_upgrade_ignoring_requirements() {
    let mut diags = Diagnostics::new();
    let (_, content) =
        sigilforge_engine::encounter::load(&pack_dir().join("hags_hut.ron"), &mut diags).unwrap();
    let attack = &content.abilities["melee_attack"];
    let mut known = attack.learn(&[]).unwrap();
    attack
        .take_upgrade(&mut known, "Powerful(1)", UpgradeKind::Fighter, 1)
        .unwrap();
    assert!(matches!(
        attack.take_upgrade(&mut known, "Powerful(2)", UpgradeKind::Fighter, 1),
        Err(UpgradeError::Level(_, 3))
    ));
    attack
        .take_upgrade(&mut known, "Powerful(2)", UpgradeKind::Prestige, 1)
        .unwrap();
    let blast = &content.abilities["elemental_blast"];
    let mut k2 = blast.learn(&["Fiery Bolt"]).unwrap();
    assert!(matches!(
        blast.take_upgrade(&mut k2, "Far-Reaching", UpgradeKind::Spell, 9),
        Err(UpgradeError::WrongKind { .. })
    ));
    blast
        .take_upgrade(&mut k2, "Far-Reaching", UpgradeKind::Prestige, 1)
        .unwrap();
    assert_eq!(
        blast.as_known(&k2).target.reach.unwrap().distance.units(),
        16
    );
}

#[test]
fn upgrade_series_out_of_order_on_a_stat_block_is_a_located_error() {
    let src = source(
        "(id: \"x\", stat_block: \"brute\", side: \"heroes\", position: (1, 1))",
        "",
        "creatures: [(id: \"brute\", name: \"Brute\", health: 3,\n abilities: [(id: \"melee_attack\", upgrades: [\"Powerful(2)\"])])],",
    );
    let mut diags = Diagnostics::new();
    load_source(&src, &pack_dir().join("inline_test.ron"), &mut diags).unwrap();
    let msgs: Vec<String> = diags.iter().map(ToString::to_string).collect();
    assert!(
        msgs.iter().any(|m| m.contains("inline_test.ron:5:")
            && m.contains("`Powerful(1)` must be taken before it")),
        "{msgs:?}"
    );
}

// ---------- Prepared abilities ----------

#[test]
fn prepared_reaction_is_unusable_until_prepared_and_expires_after_one_use() {
    let src = source(
        BOB_AND_GOBLIN,
        "Reactions(\"bob\", true), Use(ability: \"ready_riposte\"), EndTurn, ForceRoll([1, 2, 3]), ForceRoll([5, 5]), \
         Use(ability: \"melee_attack\", targets: [\"bob\"]), Use(ability: \"melee_attack\", targets: [\"bob\"])",
        "",
    );
    let run = play(&src);
    let log = texts(&run);
    assert!(has(&run, "bob Prepares Riposte: it expires after 1 use"));
    assert_eq!(
        log.iter()
            .filter(|t| t.contains("answers with Riposte"))
            .count(),
        1,
        "{log:#?}"
    );
    assert!(has(&run, "bob's Prepared Riposte expires after its use"));
    assert!(run.combatant("bob").unwrap().prepared.is_empty());
}

#[test]
fn prepared_only_ability_is_refused_until_prepared() {
    let extra = "abilities: [\
        (id: \"power_strike\", name: \"Power Strike\", time: Action, prepared_only: true, \
         target: (kinds: [Creature], side: Enemy, reach: Some((distance: Swinging))), \
         outcomes: (mixed: [Damage(amount: 2)])),\
        (id: \"wind_up\", name: \"Wind Up\", time: FreeAction, target: (kinds: [Myself]), \
         outcomes: (mixed: [Prepare(ability: \"power_strike\", expires: Uses(1))]))],\
        creatures: [(id: \"brute\", name: \"Brute\", health: 6, abilities: [(id: \"power_strike\"), (id: \"wind_up\")])],";
    let combatants = "(id: \"brute\", stat_block: \"brute\", side: \"foes\", position: (2, 2)),\
        (id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (3, 2), reacts: false)";
    let src = source(
        combatants,
        "Use(ability: \"power_strike\", targets: [\"bob\"]), Use(ability: \"wind_up\"), \
         Use(ability: \"power_strike\", targets: [\"bob\"]), Use(ability: \"power_strike\", targets: [\"bob\"])",
        extra,
    );
    let run = play(&src);
    let refusals = texts(&run)
        .iter()
        .filter(|t| t.contains("cannot use Power Strike: it is not Prepared"))
        .count();
    assert_eq!(refusals, 2, "{:#?}", texts(&run));
    assert_eq!(run.combatant("bob").unwrap().health, 10 - 2);
}

#[test]
fn prepared_ability_expires_after_its_span_or_with_concentration() {
    let extra = "abilities: [\
        (id: \"ready_span\", name: \"Ready (span)\", time: FreeAction, target: (kinds: [Myself]), \
         outcomes: (mixed: [Prepare(ability: \"riposte\", expires: Rounds(1))])),\
        (id: \"ready_focus\", name: \"Ready (focus)\", time: Action, target: (kinds: [Myself]), \
         test: Some((modifier: \"Mage\", status: Some(Concentrating))), \
         outcomes: (low: [], mixed: [Prepare(ability: \"dodge\", expires: Concentration)], high: [Prepare(ability: \"dodge\", expires: Concentration)]))],\
        creatures: [(id: \"duelist\", name: \"Duelist\", health: 6, stats: {\"Mage\": 1}, \
         abilities: [(id: \"ready_span\"), (id: \"ready_focus\")])],";
    let combatants = "(id: \"duelist\", stat_block: \"duelist\", side: \"heroes\", position: (2, 2)),\
        (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (9, 2))";
    let src = source(
        combatants,
        "Use(ability: \"ready_span\"), ForceRoll([4, 4]), Use(ability: \"ready_focus\"), EndTurn, EndTurn, \
         ForceRoll([1, 2, 6]), Use(ability: \"ready_focus\"), EndTurn",
        extra,
    );
    let run = play(&src);
    assert!(
        has(&run, "duelist's Prepared riposte expires"),
        "{:#?}",
        texts(&run)
    );
    assert!(has(
        &run,
        "duelist's Prepared dodge expires with its Concentration"
    ));
    assert!(run.combatant("duelist").unwrap().prepared.is_empty());
}

#[test]
fn a_ward_raised_against_a_delayed_ability_still_applies_when_it_lands() {
    // bob Dodges (Ward 3 on High) and alice Delays the goblin's attack; the attack lands at the
    // start of the goblin's next turn and the Ward still counts.
    let combatants = "(id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (3, 2)),\
        (id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 2)),\
        (id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (2, 4))";
    let src = source(
        combatants,
        "ForceRoll([6, 5, 5]), ForceRoll([5, 5]), Use(ability: \"melee_attack\", targets: [\"bob\"]), EndTurn, \
         Reactions(\"bob\", false), EndTurn, ForceRoll([5, 5]), EndTurn",
        "turn_order: [\"gob\", \"bob\", \"alice\"],",
    );
    let run = play(&src);
    assert!(
        has(&run, "the triggering Action becomes a Slow Action"),
        "{:#?}",
        texts(&run)
    );
    // High: 3 damage − Ward 3 = 0.
    assert!(
        has(&run, "bob takes 0 damage: 3, 3 warded off"),
        "{:#?}",
        texts(&run)
    );
}
