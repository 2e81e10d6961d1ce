//! The seed's worked examples (004, 1.8), step by step: #Bob's Multi-Attack with Strained,
//! #Bob's Dodge with a missing Component, #Alice's Delay with Exhausted against the Hag's
//! Elemental Blast, #Alice's Illusion with Concentration, #Alice's Fiery Bolt Flavor.

use std::path::{Path, PathBuf};

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::{EncounterRun, LogEntry, load, load_source};

fn encounter_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pack/encounters")
        .join(name)
}

fn start_file(name: &str) -> EncounterRun {
    let mut diags = Diagnostics::new();
    let (enc, content) = load(&encounter_file(name), &mut diags).expect("loads");
    assert!(
        diags.is_empty(),
        "{:?}",
        diags.iter().map(ToString::to_string).collect::<Vec<_>>()
    );
    EncounterRun::new(&content, &enc, 0).expect("starts")
}

fn step_texts(run: &mut EncounterRun) -> Vec<String> {
    run.step()
        .map(|entries: &[LogEntry]| entries.iter().map(|e| e.text.clone()).collect())
        .unwrap_or_default()
}

fn any(texts: &[String], needle: &str) -> bool {
    texts.iter().any(|t| t.contains(needle))
}

#[test]
fn seed_bob_multi_attack_with_strained() {
    let mut run = start_file("bob_multi_attack.ron");
    let bob = |run: &EncounterRun| run.combatant("bob").expect("bob").clone();
    for _ in 0..4 {
        step_texts(&mut run); // goblin_a's attack and #Bob's Dodge (the next test)
    }
    assert_eq!(run.state().turn.as_deref(), Some("bob"));
    // "#Bob starts his turn with 2 Beats."
    assert_eq!(bob(&run).beats, 2);
    step_texts(&mut run); // ForceRoll
    // "#Bob spends a Beat to use the Multi-Attack Ability ... gets a High Score. As a result,
    // #Bob gains a stack of Strained and #Bob gains two extra Beats."
    let t = step_texts(&mut run);
    assert!(
        any(&t, "bob spends a Beat and starts Multi-Attack"),
        "{t:#?}"
    );
    assert!(any(&t, "= 13 → High Score"), "{t:#?}");
    assert!(any(&t, "bob gains 1 stack of Strained, now 1"));
    assert_eq!(bob(&run).beats, 3, "2 − 1 + 2");
    assert_eq!(bob(&run).stacks("Strained"), 1);
    // "#Bob uses his two extra Beats to perform Melee Attacks."
    step_texts(&mut run);
    let t = step_texts(&mut run);
    assert!(any(&t, "starts Melee Attack"), "{t:#?}");
    step_texts(&mut run);
    step_texts(&mut run);
    assert_eq!(bob(&run).beats, 1, "one Beat remaining");
    // "Since #Bob has a stack of Strained, #Bob must perform the Test for Multi-Attack with a
    // Disadvantage. #Bob Fails the Test. As a result, #Bob gains a stack of Vulnerable and must
    // end his Turn, though he does not gain a stack of Strained."
    step_texts(&mut run); // ForceRoll
    let t = step_texts(&mut run);
    assert!(any(&t, "1 stack of Strained: 1 Disadvantage"), "{t:#?}");
    assert!(
        any(&t, "rolled 1, 2 and 6, kept 1 and 2 = 5 → Low Score"),
        "{t:#?}"
    );
    assert!(any(&t, "bob gains 1 stack of Vulnerable, now 1"));
    assert!(any(&t, "bob must end his turn") || any(&t, "bob must end its turn"));
    assert!(any(&t, "bob's turn ends"));
    assert_eq!(bob(&run).stacks("Strained"), 1, "no new stack on a fail");
    // "since he gained the stacks of Strained on this Turn, #Bob will have to wait until the end
    // of his next Turn to remove the stack of Strained he gained on this Turn."
    assert_eq!(bob(&run).stacks("Vulnerable"), 1);
    assert_eq!(run.state().turn.as_deref(), Some("goblin_b"));
}

#[test]
fn seed_bob_dodge_with_a_missing_component() {
    let mut run = start_file("bob_multi_attack.ron");
    let health_before = run.combatant("bob").expect("bob").health;
    step_texts(&mut run); // ForceRoll (Dodge)
    step_texts(&mut run); // ForceRoll (attack)
    // "#Bob looks and sees that the Dodge Ability has a Component of "1 Dodge Point". #Bob has no
    // more Dodge Points. #Bob decides to use the Dodge Ability anyway. ... he must make the Test
    // with a Disadvantage. #Bob fails the Test, but even with a Low Score, #Bob can reduce the
    // incoming Damage by 1 point."
    let t = step_texts(&mut run);
    let dodge = t
        .iter()
        .position(|s| s.contains("bob spends a Beat and answers with Dodge"))
        .expect("dodge");
    let attack = t
        .iter()
        .position(|s| s.contains("goblin_a tests Melee Attack"))
        .expect("attack");
    assert!(
        dodge < attack,
        "the Reaction resolves before the attack's Test: {t:#?}"
    );
    assert!(
        any(&t, "missing Component 1 Dodge Point: a Disadvantage"),
        "{t:#?}"
    );
    assert!(
        any(&t, "rolled 1, 3 and 5, kept 1 and 3 = 5 → Low Score"),
        "{t:#?}"
    );
    assert!(any(&t, "bob will take 1 less damage"));
    // High: 3 damage − 1 Ward = 2.
    assert!(any(&t, "bob takes 2 damage: 3, 1 warded off"), "{t:#?}");
    assert_eq!(run.combatant("bob").expect("bob").health, health_before - 2);
    assert_eq!(
        run.combatant("bob").expect("bob").beats,
        1,
        "the Reaction cost a Beat"
    );
}

#[test]
fn seed_alice_delay_with_exhausted_against_the_hags_elemental_blast() {
    let mut run = start_file("hags_hut.ron");
    let alice = |run: &EncounterRun| run.combatant("alice").expect("alice").clone();
    step_texts(&mut run); // bob does not Dodge in the telling
    step_texts(&mut run); // ForceRoll
    // "The Hag starts her Elemental Blast, targeting #Bob. #Alice uses her Delay Ability in
    // Reaction ... gets a High Score. As a result, #Alice gains a stack of Exhausted and the
    // Hag's Spell changes from being an Action to being a Slow Action."
    let t = step_texts(&mut run);
    assert!(any(
        &t,
        "hag spends a Beat and starts Elemental Blast, an Action, targeting bob"
    ));
    assert!(any(
        &t,
        "alice spends a Beat and answers with Delay, a Reaction"
    ));
    assert!(any(
        &t,
        "alice tests Delay with Mage +3: rolled 5 and 5, kept 5 and 5 = 13 → High Score"
    ));
    assert!(any(&t, "alice gains 1 stack of Exhausted, now 1"));
    assert!(any(
        &t,
        "Elemental Blast waits: its Test comes at the start of hag's next turn"
    ));
    assert_eq!(run.combatant("hag").expect("hag").pending.len(), 1);
    assert_eq!(run.combatant("bob").expect("bob").health, 10);
    // "The Hag starts another Elemental Blast, this time targeting #Alice. #Alice attempts to
    // use her Delay Ability again ... with a Disadvantage. #Alice Fails the Test. ... she does
    // not gain a stack of Strained. The Hag performs her Elemental Blast Test against #Alice and
    // #Alice takes some Damage as a result."
    step_texts(&mut run);
    step_texts(&mut run);
    let t = step_texts(&mut run);
    assert!(any(&t, "1 stack of Exhausted: 1 Disadvantage"), "{t:#?}");
    assert!(any(&t, "kept 1 and 2 = 6 → Low Score"));
    assert!(any(&t, "Delay has no effect on a Low Score"));
    assert!(any(
        &t,
        "hag tests Elemental Blast with Mage +2: rolled 4 and 4, kept 4 and 4 = 10 → High Score"
    ));
    // High 5 + Powerful(1) 1, Fiery Bolt: Fire.
    assert!(
        any(&t, "alice takes 6 Fire damage; health 2 of 8"),
        "{t:#?}"
    );
    assert_eq!(alice(&run).stacks("Exhausted"), 1);
    assert_eq!(alice(&run).stacks("Strained"), 0);
    // "The Hag ends her Turn. #Bob is able to get behind cover."
    step_texts(&mut run);
    let t = step_texts(&mut run);
    assert!(any(&t, "bob spends a Beat and gets behind cover"));
    step_texts(&mut run);
    // "When the Hag's next Turn starts, #Bob is an invalid target of the delayed Elemental
    // Blast, so the Elemental Blast no longer has any targets and is an automatic Fail."
    let t = step_texts(&mut run);
    assert!(any(&t, "Round 2 begins"));
    assert!(
        any(&t, "hag's waiting Elemental Blast takes its Test now"),
        "{t:#?}"
    );
    assert!(any(
        &t,
        "Elemental Blast has no valid targets: an automatic Fail with no effect"
    ));
    assert_eq!(run.combatant("bob").expect("bob").health, 10);
    // "#Alice will retain her stacks of Exhausted until the end of the Episode."
    assert_eq!(alice(&run).stacks("Exhausted"), 1);
    assert!(run.step().is_some(), "the script ends the run");
    assert!(run.step().is_none());
}

#[test]
fn seed_alice_illusion_with_concentration() {
    let src = "Encounter(name: \"altar\", pack: Some(\"tabletop\"), map: (width: 8, height: 4),\n\
        combatants: [(id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (1, 1)),\
          (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (6, 1))],\n\
        script: [ForceRoll([5, 5]), Use(ability: \"illusion\"), ForceRoll([1, 2, 6]), \
          Use(ability: \"illusion\"), Use(ability: \"illusion\"), EndTurn])";
    let mut diags = Diagnostics::new();
    let (enc, content) = load_source(src, &encounter_file("altar.ron"), &mut diags).expect("loads");
    let mut run = EncounterRun::new(&content, &enc, 0).expect("starts");
    step_texts(&mut run);
    // "#Alice performs her Test for the Ability and gets a High Score. ... This active effect
    // gives #Alice a stack of Concentrating."
    let t = step_texts(&mut run);
    assert!(any(&t, "= 13 → High Score"));
    assert!(any(&t, "a convincing illusion takes shape"));
    assert!(any(&t, "alice gains a stack of Concentrating, now 1"));
    step_texts(&mut run);
    // "This time #Alice must make the Test with a Disadvantage ... #Alice gets a Low Score,
    // causing all her active Concentration Ability effects to end ... on a Low Score, Illusion
    // Spell still takes effect ... #Alice once again gains a stack of Concentrating."
    let t = step_texts(&mut run);
    assert!(
        any(&t, "1 stack of Concentrating: 1 Disadvantage"),
        "{t:#?}"
    );
    assert!(any(&t, "kept 1 and 2 = 6 → Low Score"), "{t:#?}");
    assert!(
        any(
            &t,
            "alice's Concentration effects end, the Concentration Test failed: a convincing illusion takes shape"
        ),
        "{t:#?}"
    );
    assert!(any(&t, "a faint illusion takes shape"));
    assert!(any(&t, "alice gains a stack of Concentrating, now 1"));
    assert_eq!(
        run.combatant("alice")
            .expect("alice")
            .stacks("Concentrating"),
        1
    );
    // "#Alice is out of Beats and ends her Turn."
    let t = step_texts(&mut run);
    assert!(any(&t, "alice cannot use Illusion: no Beats left"));
    let t = step_texts(&mut run);
    assert!(any(&t, "alice's turn ends"));
}

#[test]
fn seed_alice_fiery_bolt_flavor_is_fixed() {
    let mut diags = Diagnostics::new();
    let (_, content) = load(&encounter_file("hags_hut.ron"), &mut diags).expect("loads");
    let alice = &content.creatures["alice"];
    let known = alice
        .abilities
        .iter()
        .find(|k| k.id == "elemental_blast")
        .expect("knows it");
    assert_eq!(known.flavors, vec!["Fiery Bolt".to_owned()]);
    let blast = content.abilities["elemental_blast"].as_known(known);
    assert!(format!("{:?}", blast.outcomes.mixed).contains("Some(\"Fire\")"));
}
