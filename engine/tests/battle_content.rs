//! Content for the battle line: the standard library, packs, a designer's own keyword, and
//! located errors.

use std::path::{Path, PathBuf};

use sigilforge_engine::battle::cli::battle_command;
use sigilforge_engine::battle::{Battle, BattleContent, load_scenario_file};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::model::keyword::normalise;

/// The starter pack's battle line: only the `content_*` tests, whose job is checking the starter
/// pack, read it.
fn content_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../content/battle-line")
}

/// The battle line of the engine tests' own pack (`tests/fixtures/pack/`).
fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack/battle-line")
}

#[test]
fn thorns_deals_value_to_the_attacker() {
    // Thorns is not in the engine: the pack's battle-line/designer/thorns.ron defines it in RON.
    assert!(
        BattleContent::standard()
            .compile(&mut Diagnostics::new())
            .keyword_index("Thorns")
            .is_none()
    );
    let (scenario, setup) =
        load_scenario_file(&fixture_dir().join("scenarios/thorns.ron")).unwrap();
    let mut battle = Battle::new(&setup, scenario.seed);
    battle.run();
    let board = battle.board();
    assert_eq!(board[0][0].card, "orc_grunt");
    assert_eq!(
        board[0][0].damage, 3,
        "1 from the hedgehog's attack + Thorns 2"
    );
    assert_eq!(board[1][0].damage, 3);
}

#[test]
fn content_starter_cards_use_every_keyword() {
    let mut content = BattleContent::standard();
    let mut diags = Diagnostics::new();
    content.add_pack_dir(&content_dir(), &mut diags);
    assert!(diags.is_empty(), "{diags:?}");
    let program = content.compile(&mut diags);
    assert!(diags.is_empty(), "{diags:?}");
    let mut missing = Vec::new();
    for (def, _) in &content.keywords {
        if def.hidden {
            continue;
        }
        let wanted = normalise(&def.name);
        let used = content.cards.values().any(|(card, _)| {
            card.keyword_refs()
                .flatten()
                .any(|k| normalise(&k.name) == wanted)
        });
        if !used {
            missing.push(def.name.clone());
        }
    }
    assert!(missing.is_empty(), "no starter card has {missing:?}");
    assert!(program.keywords.len() >= 53, "{}", program.keywords.len());
}

#[test]
fn content_every_keyword_and_special_rule_has_a_scenario() {
    for name in [
        "ambush",
        "armor",
        "ascend",
        "assassin",
        "bastion",
        "beastmaster",
        "berserk",
        "bolt",
        "breakthrough",
        "burst",
        "carrot-seeker",
        "charge",
        "cleansing-fire",
        "curse",
        "cross-over",
        "dodge",
        "dominate",
        "fade",
        "fury",
        "gatekeeper",
        "heal",
        "incite",
        "inspire",
        "invulnerability",
        "loremaster",
        "machinist",
        "mindless",
        "plague-bearer",
        "reanimate",
        "reaper",
        "refresh",
        "regen",
        "regen-aura",
        "riders-might",
        "sabotage",
        "shield",
        "skirmish",
        "soothsay",
        "soul-drain",
        "storm",
        "swarm",
        "techlord",
        "templars-wrath",
        "undead-hunger",
        "vengeance",
        "warriors-oath",
        "endless-serpent",
        "ice-block",
        "melt",
        "omega-rabbit",
        "terrify",
        "thorns",
    ] {
        assert!(
            content_dir()
                .join(format!("scenarios/{name}.ron"))
                .is_file(),
            "{name}"
        );
    }
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("a file in a folder")).expect("folder");
    std::fs::write(&path, text).expect("write");
    path
}

fn error_of(text: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = write(dir.path(), "s.ron", text);
    let out = battle_command(&file, None, None, true);
    assert_eq!(out.code, 2, "{}", out.stdout);
    assert!(out.stdout.is_empty());
    out.stderr.replace(&dir.path().display().to_string(), "DIR")
}

#[test]
fn unknown_card_id_is_located() {
    let e = error_of("BattleScenario(\n    name: \"x\",\n    a: [\"ghost\"],\n    b: [],\n)\n");
    assert_eq!(e.trim(), "DIR/s.ron:3:9: unknown card id `ghost`");
}

#[test]
fn missing_value_is_located() {
    let e = error_of(
        "BattleScenario(\n    name: \"x\",\n    cards: {\n        \"k\": (name: \"K\", keywords: [\"Fury\", \"Armor\"]),\n    },\n    a: [\"k\"],\n)\n",
    );
    assert_eq!(
        e.trim(),
        "DIR/s.ron:4:45: keyword `Armor` needs a value, e.g. `Armor 2`"
    );
}

#[test]
fn value_where_none_belongs_is_located() {
    let e = error_of(
        "BattleScenario(\n    name: \"x\",\n    cards: {\n        \"k\": (name: \"K\", keywords: [\"Fury 2\"]),\n    },\n    a: [\"k\"],\n)\n",
    );
    assert_eq!(
        e.trim(),
        "DIR/s.ron:4:37: keyword `Fury` takes no value, but `2` is written"
    );
}

#[test]
fn a_pack_folder_without_a_manifest_is_refused_not_walked() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "loose/cards.ron", "CardSet(cards: [])\n");
    let file = write(
        dir.path(),
        "s.ron",
        "BattleScenario(name: \"x\", pack: Some(\"loose\"), a: [])\n",
    );
    let out = battle_command(&file, None, None, true);
    assert_eq!(out.code, 2);
    let e = out.stderr.replace(&dir.path().display().to_string(), "DIR");
    assert_eq!(
        e.trim(),
        "DIR/s.ron:1:38: pack folder `DIR/loose` has no pack.ron: not a pack"
    );
}

#[test]
fn unknown_keyword_in_a_pack_file_is_located_in_that_file() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "pack/pack.ron",
        "Pack(id: \"p\", name: \"P\", version: \"0.1.0\", schema_version: 1)\n",
    );
    write(
        dir.path(),
        "pack/cards.ron",
        "CardSet(cards: [\n    (id: \"imp\", name: \"Imp\", keywords: [\"Flying\"]),\n])\n",
    );
    let file = write(
        dir.path(),
        "s.ron",
        "BattleScenario(name: \"x\", pack: Some(\"pack\"), a: [\"imp\"])\n",
    );
    let out = battle_command(&file, None, None, true);
    assert_eq!(out.code, 2);
    let e = out.stderr.replace(&dir.path().display().to_string(), "DIR");
    assert_eq!(
        e.trim(),
        "DIR/s.ron/../pack/cards.ron:2:41: unknown keyword `Flying` on card `imp`"
            .replace("s.ron/../", "")
    );
}

#[test]
fn inline_cards_override_pack_cards_and_pack_keywords_join_the_standard_ones() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "pack/pack.ron",
        "Pack(id: \"p\", name: \"P\", version: \"0.1.0\", schema_version: 1)\n",
    );
    write(
        dir.path(),
        "pack/cards.ron",
        "CardSet(cards: [(id: \"imp\", name: \"Imp\", attack: 1, life: 1, keywords: [\"Sting 2\"])])\n",
    );
    write(
        dir.path(),
        "pack/keywords.ron",
        "KeywordSet(keywords: [(name: \"Sting\", param: Some(\"N\"), abilities: [(kind: Triggered(Summoned), target: AllEnemies, effects: [Damage(Value)])])])\n",
    );
    let file = write(
        dir.path(),
        "s.ron",
        "BattleScenario(name: \"x\", max_turns: 1, pack: Some(\"pack\"), cards: {\"ox\": (name: \"Ox\", life: 9)}, a: [], b: [\"ox\"], plays: [(turn: 1, player: A, card: \"imp\")])\n",
    );
    let out = battle_command(&file, None, None, true);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        v["b"][0]["damage"], 3,
        "Sting 2 on arrival + the imp's attack 1"
    );
}

#[test]
fn readable_log_names_turns_phases_and_causes() {
    let out = battle_command(
        &fixture_dir().join("scenarios/burst.ron"),
        None,
        None,
        false,
    );
    assert_eq!(out.code, 0);
    assert!(out.stdout.contains("=== Turn 1 ==="), "{}", out.stdout);
    assert!(out.stdout.contains("--- Deploy phase ---"));
    assert!(
        out.stdout.contains("Burst 1 of A's Powder Monkey acts"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("takes 1 ability damage from A's Powder Monkey  ← by Burst 1 of A's Powder Monkey, after #"), "{}", out.stdout);
}

#[test]
fn seed_and_max_turns_can_be_overridden() {
    let file = fixture_dir().join("scenarios/fury.ron");
    let out = battle_command(&file, Some(9), Some(3), true);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["turns"], 3);
    assert_eq!(
        v["b"],
        serde_json::json!([]),
        "the dummy (life 12) falls to 6 a turn in turn 2"
    );
    assert_eq!(v["discard"]["b"], serde_json::json!(["training_dummy"]));
    assert_eq!(v["life"]["b"], 14, "turn 3: 6 to the player");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 64,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..proptest::prelude::ProptestConfig::default()
    })]
    #[test]
    fn random_keyword_text_never_panics_the_loader(
        keywords in proptest::collection::vec("[A-Za-z' ]{0,12}( -?[0-9]{1,3})?", 0..4),
        attack in -5..20i32,
        life in -5..20i32,
        line in proptest::collection::vec("[a-z]{1,3}", 0..9),
    ) {
        use sigilforge_engine::model::{BattleScenario, Card};
        let mut sc: BattleScenario = ron::from_str("(name: \"fuzz\", max_turns: 3)").unwrap();
        sc.cards.insert("k".into(), Card { name: "K".into(), attack, life, keywords, ..Card::default() });
        sc.a = line.clone();
        sc.a.push("k".into());
        sc.b = line;
        // Either a located error or a battle that ends.
        if let Ok(setup) = sigilforge_engine::battle::prepare(&BattleContent::standard(), &sc) {
            let mut b = Battle::new(&setup, 1);
            b.run();
            proptest::prop_assert!(b.is_over());
        }
    }
}
