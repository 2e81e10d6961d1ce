//! Property tests: random scripts and hostile numbers never panic the encounter engine, and a
//! run always ends.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::{EncounterRun, load_source};

fn pack_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack/encounters")
}

const ABILITIES: [&str; 12] = [
    "melee_attack",
    "multi_attack",
    "elemental_blast",
    "illusion",
    "healing_word",
    "flame_spray",
    "fireball",
    "turn_undead",
    "ready_riposte",
    "forage",
    "omen",
    "dodge",
];
const WHO: [&str; 4] = ["bob", "alice", "gob", "skel"];

fn action() -> impl Strategy<Value = String> {
    prop_oneof![
        (0..ABILITIES.len(), 0..WHO.len()).prop_map(|(a, t)| format!(
            "Use(ability: \"{}\", targets: [\"{}\"])",
            ABILITIES[a], WHO[t]
        )),
        (0..ABILITIES.len(), -2i32..14, -2i32..10, -2i32..14, -2i32..10).prop_map(
            |(a, x, y, tx, ty)| format!(
                "Use(ability: \"{}\", shape: Some((origin: ({x}, {y}), toward: Some(({tx}, {ty})))))",
                ABILITIES[a]
            )
        ),
        (-2i32..14, -2i32..10).prop_map(|(x, y)| format!("Move(({x}, {y}))")),
        Just("TakeCover".to_owned()),
        Just("EndTurn".to_owned()),
        proptest::collection::vec(0u32..9, 0..5).prop_map(|d| format!("ForceRoll({d:?})")),
        (0..WHO.len(), any::<bool>()).prop_map(|(w, on)| format!("Reactions(\"{}\", {on})", WHO[w])),
    ]
}

fn encounter(script: &[String], play_out: bool) -> String {
    format!(
        "Encounter(name: \"fuzz\", pack: Some(\"tabletop\"), map: (width: 12, height: 8, blocking: [(5, 3), (5, 4)], cover: [(7, 7)]),\n\
         combatants: [(id: \"bob\", stat_block: \"bob\", side: \"heroes\", position: (2, 3)),\
           (id: \"alice\", stat_block: \"alice\", side: \"heroes\", position: (1, 5)),\
           (id: \"gob\", stat_block: \"goblin\", side: \"foes\", position: (8, 3)),\
           (id: \"skel\", stat_block: \"skeleton\", side: \"foes\", position: (9, 6))],\n\
         script: [{}], play_out: {play_out}, max_rounds: 8)",
        script.join(", ")
    )
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_scripts_never_panic_and_always_end(
        script in proptest::collection::vec(action(), 0..40),
        seed in any::<u64>(),
        play_out in any::<bool>(),
    ) {
        let mut diags = Diagnostics::new();
        let (enc, content) = load_source(&encounter(&script, play_out), &pack_dir().join("fuzz.ron"), &mut diags)
            .expect("parses");
        let mut run = EncounterRun::new(&content, &enc, seed).expect("starts");
        run.run_to_end();
        prop_assert!(run.outcome().is_some());
        for c in &run.state().combatants {
            prop_assert!(c.health <= c.max_health);
        }
    }

    #[test]
    fn hostile_numbers_never_panic(
        amount in any::<i32>(),
        stacks in any::<u32>(),
        beats in any::<u32>(),
        speed in any::<u32>(),
        advantage in any::<u32>(),
        seed in any::<u64>(),
    ) {
        let src = format!(
            "Encounter(name: \"numbers\", map: (width: 6, height: 3),\n\
             abilities: [(id: \"big\", name: \"Big\", time: Action, \
               target: (kinds: [Creature], side: Any, reach: Some((distance: Sniping))), \
               test: Some((modifier: \"Fighter\", status: Some(Strained))), \
               bonuses: [(name: \"Huge\", advantage: {advantage}, extra_damage: {amount})], \
               outcomes: (low: [Damage(amount: {amount}), Status(\"Vulnerable\", {stacks})], \
                 mixed: [Healing({amount}), GainBeats({beats}), GainResource(\"Gold\", {amount})], \
                 high: [Damage(amount: {amount}), SelfStatus(\"Strained\", {stacks})]))],\n\
             creatures: [(id: \"x\", name: \"X\", health: {amount}, beats: {beats}, speed: {speed}, \
               stats: {{\"Fighter\": {amount}}}, abilities: [(id: \"big\")])],\n\
             combatants: [(id: \"a\", stat_block: \"x\", side: \"a\", position: (0, 1)),\
               (id: \"b\", stat_block: \"x\", side: \"b\", position: (5, 1))],\n\
             play_out: true, max_rounds: 4)"
        );
        let mut diags = Diagnostics::new();
        let (enc, content) = load_source(&src, &pack_dir().join("numbers.ron"), &mut diags).expect("parses");
        let mut run = EncounterRun::new(&content, &enc, seed).expect("starts");
        run.run_to_end();
        prop_assert!(run.outcome().is_some());
    }

    #[test]
    fn random_text_never_panics_the_loader(text in "\\PC{0,300}") {
        let mut diags = Diagnostics::new();
        let _ = load_source(&format!("Encounter({text})"), &pack_dir().join("junk.ron"), &mut diags);
    }
}
