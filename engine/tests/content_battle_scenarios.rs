//! Every starter scenario in `content/battle-line/scenarios/` ends as its `expect` says.
//! (`SIGILFORGE_BLESS=path` writes the actual results there as JSON instead of failing.)

use std::path::PathBuf;

use sigilforge_engine::battle::{Battle, expectation_failures, load_scenario_file, winner_name};

fn scenarios() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../content/battle-line/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn content_every_starter_scenario_ends_as_expected() {
    let files = scenarios();
    assert!(
        files.len() >= 52,
        "one scenario per keyword and special rule: {}",
        files.len()
    );
    let bless = std::env::var("SIGILFORGE_BLESS").ok();
    let mut actual = serde_json::Map::new();
    let mut failures = Vec::new();
    for file in &files {
        let (scenario, setup) = load_scenario_file(file).unwrap_or_else(|e| panic!("{e}"));
        let mut battle = Battle::new(&setup, scenario.seed);
        battle.run();
        let winner = winner_name(battle.winner());
        let life = battle.life();
        let [da, db] = battle.discard();
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        actual.insert(
            name.clone(),
            serde_json::json!({"winner": winner, "life": life, "discard": [da, db]}),
        );
        if bless.is_some() {
            continue;
        }
        let expect = scenario
            .expect
            .unwrap_or_else(|| panic!("{name} has no expect"));
        assert!(!expect.because.is_empty(), "{name}: say why");
        // Every part is written down: none is left unchecked.
        assert!(
            expect.winner.is_some() && expect.life.is_some() && expect.discard.is_some(),
            "{name}: expect winner, life and discard"
        );
        failures.extend(
            expectation_failures(&battle, &expect)
                .into_iter()
                .map(|f| format!("{name}: {f}")),
        );
    }
    if let Some(path) = bless {
        std::fs::write(path, serde_json::to_string_pretty(&actual).unwrap()).unwrap();
        return;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
