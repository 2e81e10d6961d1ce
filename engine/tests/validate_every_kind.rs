//! `sigilforge validate FILE` lists every problem, not the first: one file of each kind, each
//! with three different faults (one a typo'd field, which the reader skips to go on), gives
//! three located problems. The runnable kinds include the faults their command refuses
//! (`battle`'s unknown keyword and card, `rules`' unknown phase, …).

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use sigilforge_engine::pack::validate_command;

/// Validates `source` as a lone file (no pack around it) and returns the problems as
/// `line:col: message`, in order.
fn problems(source: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file.ron");
    std::fs::write(&file, source).unwrap();
    let out = validate_command(&file);
    let prefix = format!("{}:", file.display());
    let lines: Vec<String> = out
        .stdout
        .lines()
        .map(|l| {
            l.strip_prefix(&prefix)
                .unwrap_or_else(|| panic!("not located in the file: {l}"))
                .to_owned()
        })
        .collect();
    assert_eq!(
        out.code,
        i32::from(!lines.is_empty()),
        "exit code for {lines:?}"
    );
    lines
}

/// Asserts three problems, each starting with the given `line:col: ` and containing the text.
fn assert_three(source: &str, expected: [(&str, &str); 3]) {
    let got = problems(source);
    assert_eq!(got.len(), 3, "{got:#?}");
    for (line, (at, text)) in got.iter().zip(expected) {
        assert!(
            line.starts_with(&format!("{at}: ")) && line.contains(text),
            "expected `{at}: …{text}…`, got `{line}` (all: {got:#?})"
        );
    }
}

#[test]
fn card_set() {
    assert_three(
        r#"CardSet(cards: [
    (id: "grunt", name: "Grunt", atack: 3),
    (id: "knight", name: "Knight", keywords: ["Armr 2"]),
    (id: "grunt", name: "Grunt again"),
])
"#,
        [
            ("2:34", "unknown field `atack`"),
            ("3:47", "unknown keyword `Armr` on card `knight`"),
            ("4:10", "duplicate card id `grunt`"),
        ],
    );
}

#[test]
fn keyword_set() {
    assert_three(
        r#"KeywordSet(keywords: [
    (name: "Thorns", param: Some("N"), sumary: "Hurts attackers."),
    (name: "Thorns", param: Some("N")),
    (name: "Gift", abilities: [(kind: Static, effects: [Grant("Nope")])]),
])
"#,
        [
            ("2:40", "unknown field `sumary`"),
            ("3:12", "keyword `Thorns` is defined twice"),
            ("4:63", "refers to keyword `Nope`, which does not exist"),
        ],
    );
}

#[test]
fn battle_scenario() {
    // The issue's file: an unknown keyword and a card that does not exist, plus a typo.
    assert_three(
        r#"BattleScenario(
    name: "lone",
    cards: {
        "k": (name: "K", attack: 1, life: 2, keywords: ["Armour 2"]),
    },
    a: ["k"],
    b: ["ghost"],
    mxa_turns: 3,
)
"#,
        [
            (
                "4:57",
                "unknown keyword `Armour` on card `k`; did you mean `Armor`?",
            ),
            ("7:9", "unknown card id `ghost`"),
            ("8:5", "unknown field `mxa_turns`"),
        ],
    );
}

#[test]
fn glyph_network() {
    assert_three(
        r##"GlyphNetwork(
    name: "n",
    glyphs: [
        (id: "a", pos: (0.0, 0.0)),
        (id: "a", pos: (0.5, 0.0)),
        (id: "b", pos: (5.0, 0.0), colur: Some("#ffffff")),
    ],
    links: [("a", "b")],
)
"##,
        [
            ("5:14", "two glyphs have the id \"a\""),
            ("6:36", "unknown field `colur`"),
            ("8:13", "is 5.00u long"),
        ],
    );
}

#[test]
fn stat_block_set() {
    assert_three(
        r#"StatBlockSet(creatures: [
    (id: "imp", name: "Imp", level: 1, health: 4, abilities: [(id: "no_such_ability")]),
    (id: "bat", name: "Bat", level: 1, health: 2, helth: 5),
    (id: "bat", name: "Bat again", level: 1, health: 2),
])
"#,
        [
            ("2:68", "`imp` knows unknown ability `no_such_ability`"),
            ("3:51", "unknown field `helth`"),
            ("4:10", "duplicate stat block id `bat`"),
        ],
    );
}

#[test]
fn ability_library() {
    assert_three(
        r#"AbilityLibrary(abilities: [
    (id: "hex", name: "Hex", category: Mage, time: Action, target: (kinds: [Creature]),
        outcomes: (high: [Status("Cursed", 1)])),
    (id: "zap", name: "Zap", category: Mage, time: Action, target: (kinds: [Creature])),
    (id: "zap", name: "Zap again", category: Mage, time: Action, target: (kinds: [Creature]),
        colour: "red"),
])
"#,
        [
            ("3:34", "unknown status condition `Cursed` in `hex`"),
            ("5:10", "ability id `zap` is defined twice in this file"),
            ("6:9", "unknown field `colour`"),
        ],
    );
}

#[test]
fn status_library() {
    assert_three(
        r#"StatusLibrary(conditions: [
    (name: "Soaked", disadvantage_per_stack: 1),
    (name: "Soaked", sumary: "Wet through."),
    (name: ""),
])
"#,
        [
            (
                "3:12",
                "status condition `Soaked` is defined twice in this file",
            ),
            ("3:22", "unknown field `sumary`"),
            ("4:12", "a status condition is empty"),
        ],
    );
}

#[test]
fn encounter() {
    assert_three(
        r#"Encounter(
    name: "e",
    map: (width: 5, height: 5),
    creatures: [(id: "imp", name: "Imp", level: 1, health: 4)],
    combatants: [
        (id: "a", stat_block: "imp", side: "heroes", position: (1, 1)),
        (id: "b", stat_block: "ghost", side: "foes", position: (2, 2)),
    ],
    turn_order: ["b", "nobody", "a"],
    max_rouds: 3,
)
"#,
        [
            ("7:31", "unknown stat block `ghost`"),
            ("9:23", "turn order names unknown combatant `nobody`"),
            ("10:5", "unknown field `max_rouds`"),
        ],
    );
}

#[test]
fn rules_scenario() {
    assert_three(
        r#"RulesScenario(
    name: "r",
    cards: {"owl": (name: "Owl", kind: Beast, attack: 2, life: 2)},
    a: (hand: ["ghost"], city: ["owl"]),
    phase: "noon",
    descripton: "a typo",
)
"#,
        [
            ("4:16", "unknown card `ghost`"),
            ("5:12", "unknown phase `noon`"),
            ("6:5", "unknown field `descripton`"),
        ],
    );
}

#[test]
fn rules_scenario_that_runs() {
    // Set up cleanly, it is run: the script's mistakes and failed expectations are problems too.
    assert_three(
        r#"RulesScenario(
    name: "r",
    cards: {"owl": (name: "Owl", kind: Beast, attack: 2, life: 2)},
    a: (city: ["owl"]),
    script: [Play(player: A, card: "fox"), Pass],
    expect: [Stat("owl", "ATK", 3), Zone("owl", "city")],
    descripton: "a typo",
)
"#,
        [
            ("5:14", "script error: "),
            ("6:14", "expectation failed: owl ATK: expected 3, got 2"),
            ("7:5", "unknown field `descripton`"),
        ],
    );
}

/// Issue #31: one missing `)` in the pack's card file gives that problem first and not one
/// "unknown card" per deck line and scenario: 2 problems in all, on the engine's own pack
/// (it used to print 170 and more).
#[test]
fn a_broken_card_file_is_the_root_problem_first_and_its_consequences_are_not_listed() {
    let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
    let dir = tempfile::tempdir().unwrap();
    copy(&from, dir.path());
    let cards = dir.path().join("battle-line/cards.ron");
    let text = std::fs::read_to_string(&cards).unwrap();
    // The first card's closing `)` goes.
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("(id:"))
        .unwrap();
    let broken = line.trim_end().strip_suffix("),").unwrap().to_owned() + ",";
    std::fs::write(&cards, text.replacen(line, &broken, 1)).unwrap();
    let out = validate_command(dir.path());
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(lines.len() <= 3, "{lines:#?}");
    assert!(
        lines[0].contains("battle-line/cards.ron") && lines[0].contains("`)` is missing"),
        "{lines:#?}"
    );
    assert_eq!(out.code, 1);
}

fn copy(from: &std::path::Path, to: &std::path::Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
