//! Validation finds every problem, located, and a broken pack still opens with what parsed.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::path::Path;

mod spec_examples;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{load_pack, validate_command};

// Flags are the battle engine's rule flags: `validate` runs the checks `battle` runs, so an
// unknown flag here would be a problem (it was once passed over).
const KEYWORDS: &str = r#"KeywordSet(keywords: [
    (name: "Armor", param: Some("N"), abilities: [(kind: Static, effects: [Modify(Armor, Value)])]),
    (name: "Fury", flags: ["AttackTwice"]),
])
"#;

const CARDS: &str = r#"CardSet(cards: [
    (id: "grunt", name: "Grunt", attack: 3, life: 5, tribes: ["Warrior"]),
    (id: "knight", name: "Knight", attack: 1, life: 4, keywords: ["Armor 2"]),
])
"#;

const SCENARIO: &str = r#"BattleScenario(
    name: "Knight holds",
    pack: Some(".."),
    a: ["grunt"],
    b: ["knight"],
)
"#;

fn write_pack(dir: &Path, cards: &str) {
    std::fs::write(
        dir.join("pack.ron"),
        "Pack(id: \"t\", name: \"Test\", version: \"1.0.0\")\n",
    )
    .unwrap();
    std::fs::write(dir.join("keywords.ron"), KEYWORDS).unwrap();
    std::fs::write(dir.join("cards.ron"), cards).unwrap();
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    std::fs::write(dir.join("scenarios/knight.ron"), SCENARIO).unwrap();
}

#[test]
fn a_clean_pack_has_no_problems() {
    let dir = tempfile::tempdir().unwrap();
    write_pack(dir.path(), CARDS);
    let out = validate_command(dir.path());
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.is_empty());
}

#[test]
fn typo_unknown_keyword_and_dangling_reference_give_three_located_errors() {
    let dir = tempfile::tempdir().unwrap();
    let broken = r#"CardSet(cards: [
    (id: "grunt", name: "Grunt", atack: 3, life: 5, tribes: ["Warrior"]),
    (id: "knight", name: "Knight", attack: 1, life: 4, keywords: ["Armr 2"]),
    (id: "mage", name: "Mage", abilities: [(kind: Triggered(Summoned), effects: [Summon(card: "imp")])]),
])
"#;
    write_pack(dir.path(), broken);
    let out = validate_command(dir.path());
    assert_eq!(out.code, 1);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", out.stdout);
    let file = dir.path().join("cards.ron").display().to_string();
    assert!(
        lines[0].starts_with(&format!("{file}:2:34: unknown field `atack`")),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with(&format!("{file}:3:67: unknown keyword `Armr`")),
        "{}",
        lines[1]
    );
    assert!(lines[1].contains("did you mean `Armor`"), "{}", lines[1]);
    assert!(lines[2].starts_with(&format!("{file}:4:")), "{}", lines[2]);
    assert!(
        lines[2].contains("card `imp`, which does not exist"),
        "{}",
        lines[2]
    );
}

#[test]
fn a_pack_with_errors_still_opens_with_what_parsed() {
    let dir = tempfile::tempdir().unwrap();
    write_pack(dir.path(), CARDS);
    std::fs::write(
        dir.path().join("broken.ron"),
        "CardSet(cards: [ (id: \"x\", name: ",
    )
    .unwrap();
    let mut diags = Diagnostics::new();
    let pack = load_pack(dir.path(), &mut diags);
    assert!(diags.has_errors());
    assert_eq!(
        pack.cards().count(),
        2,
        "the good file's cards are still there"
    );
    // And the broken file is kept verbatim, so saving cannot lose it.
    let broken = pack.file("broken.ron").unwrap();
    assert_eq!(
        broken.content.to_text().unwrap(),
        "CardSet(cards: [ (id: \"x\", name: "
    );
}

#[test]
fn duplicate_ids_missing_values_and_unexpected_values_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let cards = r#"CardSet(cards: [
    (id: "grunt", name: "Grunt", keywords: ["Armor"]),
    (id: "grunt", name: "Grunt again", keywords: ["Fury 2"]),
])
"#;
    write_pack(dir.path(), cards);
    let out = validate_command(dir.path());
    assert_eq!(out.code, 1);
    assert!(
        out.stdout.contains("keyword `Armor` needs a value"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("keyword `Fury` takes no value"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains(":3:10: duplicate card id `grunt`"),
        "{}",
        out.stdout
    );
}

#[test]
fn scenario_references_to_missing_cards_are_located() {
    let dir = tempfile::tempdir().unwrap();
    write_pack(dir.path(), CARDS);
    std::fs::write(
        dir.path().join("scenarios/bad.ron"),
        "BattleScenario(\n    name: \"x\",\n    pack: Some(\"..\"),\n    a: [\"grunt\", \"ghost\"],\n    b: [],\n)\n",
    )
    .unwrap();
    let out = validate_command(dir.path());
    assert_eq!(out.code, 1);
    assert!(
        out.stdout.contains("bad.ron:4:18: unknown card id `ghost`"),
        "{}",
        out.stdout
    );
}

#[test]
fn standard_keywords_are_known_without_a_keyword_file() {
    let dir = tempfile::tempdir().unwrap();
    write_pack(dir.path(), CARDS);
    std::fs::remove_file(dir.path().join("keywords.ron")).unwrap();
    std::fs::write(
        dir.path().join("more.ron"),
        "CardSet(cards: [(id: \"ox\", name: \"Ox\", keywords: [\"Warrior's Oath\", \"Soul Drain 2\", \"Armor\"])])",
    )
    .unwrap();
    let out = validate_command(dir.path());
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{}", out.stdout);
    assert!(
        lines[0].contains("keyword `Armor` needs a value"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_single_file_can_be_validated() {
    let dir = tempfile::tempdir().unwrap();
    write_pack(dir.path(), CARDS);
    let out = validate_command(&dir.path().join("cards.ron"));
    assert_eq!(out.code, 0, "{}", out.stdout);
    let out = validate_command(&dir.path().join("nope.ron"));
    assert_eq!(out.code, 1);
}

#[test]
fn files_of_unknown_kind_are_named() {
    let dir = tempfile::tempdir().unwrap();
    write_pack(dir.path(), CARDS);
    std::fs::write(dir.path().join("odd.ron"), "Spaceship(speed: 3)").unwrap();
    let out = validate_command(dir.path());
    assert_eq!(out.code, 1);
    assert!(
        out.stdout
            .contains("odd.ron:1:1: `Spaceship(` is not a kind of Sigilforge file"),
        "{}",
        out.stdout
    );
}

#[test]
fn fmt_normalises_spacing_keeps_line_breaks_and_leaves_broken_files_alone() {
    let dir = tempfile::tempdir().unwrap();
    write_pack(
        dir.path(),
        "CardSet(cards:[(id:\"a\",name:\"A\",tribes:[\"X\"])])",
    );
    std::fs::write(
        dir.path().join("broken.ron"),
        "CardSet(cards: [(id: \"b\", nam: \"B\")])",
    )
    .unwrap();
    let out = sigilforge_engine::pack::fmt_command(dir.path(), false);
    assert_eq!(out.code, 1, "a broken file is reported: {}", out.stderr);
    let cards = std::fs::read_to_string(dir.path().join("cards.ron")).unwrap();
    assert_eq!(
        cards, "CardSet(cards: [(id: \"a\", name: \"A\", tribes: [\"X\"])])\n",
        "one line stays one line; spacing is normalised"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("broken.ron")).unwrap(),
        "CardSet(cards: [(id: \"b\", nam: \"B\")])"
    );
    let check = sigilforge_engine::pack::fmt_command(&dir.path().join("cards.ron"), true);
    assert_eq!(check.code, 0, "already canonical: {}", check.stdout);
}

#[test]
fn a_broken_encounter_file_is_reported_once() {
    let dir = tempfile::tempdir().unwrap();
    write_pack(dir.path(), CARDS);
    std::fs::write(
        dir.path().join("fight.ron"),
        "Encounter(\n    nmae: \"x\",\n)\n",
    )
    .unwrap();
    let mut diags = Diagnostics::new();
    let _ = load_pack(dir.path(), &mut diags);
    let about_typo = diags.iter().filter(|d| d.message.contains("nmae")).count();
    assert_eq!(about_typo, 1, "{diags:#?}");
}

/// One missing `)` in the starter cards: the syntax error, then one "unavailable" problem for
/// everything that file would have defined, not one per reference.
#[test]
fn a_syntax_error_gives_one_root_problem() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
    let dir = tempfile::tempdir().unwrap();
    spec_examples::copy_dir(&src, dir.path());
    let cards = dir.path().join("battle-line/cards.ron");
    let text = std::fs::read_to_string(&cards).unwrap();
    let broken = text.replacen("then runs.\"),", "then runs.\",", 1);
    assert_ne!(broken, text);
    std::fs::write(&cards, &broken).unwrap();
    let mut diags = Diagnostics::new();
    let _ = load_pack(dir.path(), &mut diags);
    let messages: Vec<String> = diags.iter().map(ToString::to_string).collect();
    let unavailable = messages
        .iter()
        .filter(|m| m.contains("unavailable"))
        .count();
    let missing = messages
        .iter()
        .filter(|m| m.contains("does not exist"))
        .count();
    assert_eq!(unavailable, 1, "{messages:#?}");
    assert_eq!(missing, 0, "{messages:#?}");
    assert!(
        messages
            .iter()
            .any(|m| m.contains("battle-line/cards.ron has a syntax error")),
        "{messages:#?}"
    );
    assert!(messages.len() <= 3, "{messages:#?}");
    // The error is where the `)` was due (just past the comma), not on the next line where
    // the reader first stumbles; the item's open `(` is named.
    let line = broken
        .lines()
        .position(|l| l.contains("then runs.\","))
        .unwrap()
        + 1;
    let column = broken
        .lines()
        .nth(line - 1)
        .unwrap()
        .find("then runs.\",")
        .unwrap()
        + "then runs.\",".len()
        + 1;
    let at = format!(
        "battle-line/cards.ron:{line}:{column}: a `)` is missing here: the `(` at line {line}, column"
    );
    assert!(
        messages.iter().any(|m| m.contains(&at)),
        "{at}\n{messages:#?}"
    );
}
