//! `sigilforge test content` passes: every scenario of the starter content, the card games on
//! their own profiles (`content/tidecallers`) among them, meets its expectations.

use std::path::Path;

use sigilforge_engine::pack::scenario_tests::test_command;

#[test]
fn every_starter_scenario_passes_sigilforge_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let out = test_command(&root);
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("tidecallers/ebb_tide.ron"),
        "{}",
        out.stdout
    );
}
