//! The wording layer over every scenario of every system in the engine tests' pack
//! (`wording_common::check_pack`): no sentence a person reads shows the file's syntax or an
//! id where the item has a name.

use std::path::Path;

mod wording_common;

#[test]
fn no_sentence_of_any_scenario_shows_syntax_or_ids() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
    let (runs, found) = wording_common::check_pack(&root);
    assert!(runs >= 60, "only {runs} scenarios ran");
    assert!(
        found.is_empty(),
        "{} sentences read wrong:\n{}",
        found.len(),
        found.join("\n")
    );
}
