//! `sigilforge test content` passes: every scenario of the starter content, the card games on
//! their own profiles (`content/tidecallers`) among them, meets its expectations.

use std::path::Path;

use sigilforge_engine::model::GameProfile;
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

/// The starter's Grand Archive set follows `content/grand-archive/profile.ron`, a designer's
/// copy of the built-in profile scenarios name as "Grand Archive": the two must not drift apart.
#[test]
fn the_starter_grand_archive_profile_is_the_built_in_one() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/grand-archive/profile.ron");
    let text = std::fs::read_to_string(&path).expect("the starter's Grand Archive profile exists");
    let starter: GameProfile = ron::from_str(&text).expect("it reads as a game profile");
    assert_eq!(
        Some(starter),
        GameProfile::built_in("Grand Archive"),
        "content/grand-archive/profile.ron differs from engine/profiles/grand_archive.ron"
    );
}
