//! The wording layer over every scenario of the starter pack (`content/`), as the engine's own
//! fixture pack is checked in `wording_every_scenario.rs`: a designer's edit to the starter
//! pack that makes a sentence show syntax or an id fails here.

use std::path::Path;

mod wording_common;

#[test]
fn content_no_sentence_of_any_starter_scenario_shows_syntax_or_ids() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let (runs, found) = wording_common::check_pack(&root);
    assert!(runs >= 60, "only {runs} scenarios ran");
    assert!(
        found.is_empty(),
        "{} sentences read wrong:\n{}",
        found.len(),
        found.join("\n")
    );
}
