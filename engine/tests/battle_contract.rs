//! The battle contract: every example in `engine/tests/fixtures/battle-examples/` (and the shared
//! spec's, when it is beside the project) run through `battle_command(.., json = true)` gives
//! exactly the JSON next to it.

mod spec_examples;

use sigilforge_engine::battle::cli::battle_command;

#[test]
fn every_spec_example_gives_its_json() {
    let files = spec_examples::example_files("battle-examples", 5);
    let mut failures = Vec::new();
    for ron in &files {
        let out = battle_command(ron, None, None, true);
        assert_eq!(out.code, 0, "{}: {}", ron.display(), out.stderr);
        let got: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let want: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(ron.with_extension("json")).unwrap())
                .unwrap();
        if got != want {
            failures.push(format!("{}:\n got  {got}\n want {want}", ron.display()));
        }
        // Key order as in the spec.
        let keys: Vec<&String> = got.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["winner", "turns", "life", "a", "b", "discard"]);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_bad_file_is_one_located_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.ron");
    std::fs::write(
        &file,
        "BattleScenario(\n    name: \"x\",\n    cards: {\n        \"k\": (name: \"K\", attack: 1, life: 1, keywords: [\"Armr 2\"]),\n    },\n    a: [\"k\"],\n    b: [],\n)\n",
    )
    .unwrap();
    let out = battle_command(&file, None, None, true);
    assert_eq!(out.code, 2);
    assert!(out.stdout.is_empty());
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(out.stderr.contains("bad.ron:4:"), "{}", out.stderr);
    assert!(
        out.stderr.contains("unknown keyword `Armr`"),
        "{}",
        out.stderr
    );
}
