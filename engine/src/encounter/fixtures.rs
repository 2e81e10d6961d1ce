//! Starter encounters for the unit tests of this module, read from the engine tests' fixture
//! pack (`tests/fixtures/pack/`, a copy of the starter pack kept apart from `content/`).

use super::{Encounter, EncounterContent};

/// Goblin Ambush with its content, as the starter pack has it.
pub(super) fn goblin_ambush() -> (EncounterContent, Encounter) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pack/encounters/goblin_ambush.ron");
    let mut diags = crate::diag::Diagnostics::new();
    let (encounter, content) = super::load(&path, &mut diags).expect("the starter encounter loads");
    (content, encounter)
}
