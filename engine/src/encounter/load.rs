//! Reading an encounter file: its content (the `pack` folder and inline definitions) loaded,
//! then every problem checked ([`super::check`]), all collected in one `Diagnostics`.

use std::path::Path;

use super::file::{ENCOUNTER_TAG, EditedTexts, Encounter, EncounterContent};
use crate::diag::{Diagnostics, Location, locate_literal};

/// Reads an encounter file and its content (pack + inline), collecting every problem.
pub fn load(path: &Path, diags: &mut Diagnostics) -> Option<(Encounter, EncounterContent)> {
    let source = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => {
            diags.error(path, Location::START, format!("cannot read: {e}"));
            return None;
        }
    };
    load_source(&source, path, diags)
}

/// Like [`load`] from text already read (`file` names it and anchors a relative `pack`).
pub fn load_source(
    source: &str,
    file: &Path,
    diags: &mut Diagnostics,
) -> Option<(Encounter, EncounterContent)> {
    load_source_as_edited(source, file, &EditedTexts::new(), diags)
}

/// Like [`load_source`], the `pack` folder's files that `edited` holds read from it instead of
/// the disk: the encounter with the content as an editor has it, unsaved edits included.
pub fn load_source_as_edited(
    source: &str,
    file: &Path,
    edited: &EditedTexts,
    diags: &mut Diagnostics,
) -> Option<(Encounter, EncounterContent)> {
    if crate::ron_io::leading_tag(source) != Some(ENCOUNTER_TAG) {
        diags.error(
            file,
            Location::START,
            format!("an encounter file starts with `{ENCOUNTER_TAG}(`"),
        );
        return None;
    }
    let encounter: Encounter = crate::ron_io::parse(source, file, diags)?;
    let mut content = EncounterContent::new();
    if let Some(pack) = &encounter.pack {
        let dir = file.parent().unwrap_or(Path::new(".")).join(pack);
        let mut pack_diags = Diagnostics::new();
        content.add_pack_dir_as_edited(&dir, edited, &mut pack_diags);
        if pack_diags.iter().any(|d| d.file == dir) {
            diags.error(
                file,
                locate_literal(source, pack, 0),
                format!("pack folder `{pack}` not found next to this file"),
            );
        }
        // The missing folder is reported once, at the `pack` line, not again at the folder.
        let rest: Vec<_> = pack_diags
            .into_vec()
            .into_iter()
            .filter(|d| d.file != dir)
            .collect();
        for d in rest {
            match d.severity {
                crate::diag::Severity::Error => diags.error(&d.file, d.location, d.message),
                crate::diag::Severity::Warning => diags.warning(&d.file, d.location, d.message),
            }
        }
    }
    content.add_inline(&encounter, file);
    content.sources.insert(file.to_owned(), source.to_owned());
    super::check::check(source, file, &encounter, &content, diags);
    Some((encounter, content))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ENCOUNTER: &str = r#"Encounter(
    name: "Test",
    pack: Some("lib"),
    map: (width: 6, height: 6),
    combatants: [
        (id: "g", stat_block: "goblin", side: "foes", position: (1, 1)),
    ],
)
"#;

    fn goblin(health: u32) -> String {
        format!(
            "StatBlockSet(creatures: [(id: \"goblin\", name: \"Goblin\", level: 1, health: {health}, abilities: [])])\n"
        )
    }

    #[test]
    fn edited_texts_are_read_instead_of_the_disk_and_new_ones_too() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let lib = dir.path().join("lib");
        std::fs::create_dir(&lib).expect("the pack folder");
        std::fs::write(lib.join("creatures.ron"), goblin(5)).expect("written");
        let file = dir.path().join("test.ron");
        let mut diags = Diagnostics::new();
        let (_, saved) = load_source(ENCOUNTER, &file, &mut diags).expect("loads");
        assert_eq!(saved.creatures["goblin"].health, 5);
        // As edited: the file on disk changed in the editor, and a file not saved yet.
        let edited = EditedTexts::from([
            (lib.join("creatures.ron"), goblin(50)),
            (
                lib.join("more.ron"),
                goblin(7).replace("\"goblin\"", "\"orc\""),
            ),
        ]);
        let (_, content) =
            load_source_as_edited(ENCOUNTER, &file, &edited, &mut diags).expect("loads");
        assert_eq!(content.creatures["goblin"].health, 50);
        assert_eq!(content.creatures["orc"].health, 7);
        assert!(diags.is_empty(), "{diags:?}");
        // Edited texts outside the `pack` folder are not read.
        let elsewhere = EditedTexts::from([(dir.path().join("other.ron"), goblin(9))]);
        let (_, content) =
            load_source_as_edited(ENCOUNTER, &file, &elsewhere, &mut diags).expect("loads");
        assert_eq!(content.creatures["goblin"].health, 5);
    }
}
