//! The glyph network and encounter editors hosted as dock tabs. Their components only read the
//! file's content and push edits; `SigilforgeApp::apply` turns each edit into a `Change::Items`
//! holding only the items it changed, so undo, dirty markers, autosave and re-validation work
//! as for cards, and a save rewrites only those items.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context as _;
use egui::Ui;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::{
    EditedTexts, Encounter, EncounterContent, StatBlockChange, load_source, load_source_as_edited,
};
use sigilforge_engine::pack::Content;

use super::commands::EditCommand;
use super::document::Document;
use crate::encounters::EncounterEditor;
use crate::glyphs::GlyphEditor;

/// Where new glyph networks go.
pub(super) const GLYPH_DIR: &str = "glyphs";
/// Where new encounters go (next to the `tabletop` stat blocks).
pub(super) const ENCOUNTER_DIR: &str = "encounters";

/// A new encounter: two starter stat blocks from the `tabletop` pack on a small open map.
pub(super) const STARTER_ENCOUNTER: &str = r#"Encounter(
    name: "New encounter",
    pack: Some("tabletop"),
    map: (width: 10, height: 8),
    combatants: [
        (id: "bob", stat_block: "bob", side: "heroes", position: (2, 4)),
        (id: "goblin_1", stat_block: "goblin", side: "foes", position: (7, 4)),
    ],
    play_out: true,
)
"#;

/// The content an encounter uses, with what it was built from (to know when to rebuild).
pub(super) struct CachedContent {
    /// The encounter's `pack` field when built.
    pack: Option<String>,
    /// The encounter's stat block changes when built: they are applied in the content.
    changes: Vec<StatBlockChange>,
    /// The engine's content (stat blocks, abilities, conditions).
    content: EncounterContent,
}

/// One editor per open file, and the encounter content each one uses.
#[derive(Default)]
pub struct HostedEditors {
    glyph: BTreeMap<String, GlyphEditor>,
    encounter: BTreeMap<String, EncounterEditor>,
    pub(super) contents: BTreeMap<String, CachedContent>,
    /// The document generation the library snapshot was taken at.
    seen_generation: Option<u64>,
    /// Ability, stat block and status library files as last seen: a change drops every cache.
    libraries: Vec<(String, Content)>,
    /// The document generation at which the libraries last changed: part of every encounter's
    /// revision (its content is built from them).
    libraries_at: u64,
    /// The paper Export sheet… writes a PDF sheet on: chosen in any encounter tab, the same in
    /// every tab, remembered for the session (A4 until chosen).
    pub(super) sheet_paper: sigilforge_render::paper::Paper,
}

impl HostedEditors {
    /// The glyph editor of a file (made on first use).
    pub fn glyph_editor(&mut self, file: &str) -> &mut GlyphEditor {
        self.glyph.entry(file.to_owned()).or_default()
    }

    /// The encounter editor of a file (made on first use).
    pub fn encounter_editor(&mut self, file: &str) -> &mut EncounterEditor {
        self.encounter.entry(file.to_owned()).or_default()
    }

    /// A save changed what "as saved" is: every encounter's "Compare with saved" report (made
    /// against the version saved before) is dropped, never shown stale.
    pub fn forget_comparisons(&mut self) {
        for editor in self.encounter.values_mut() {
            editor.sandbox.ab.forget();
        }
    }

    /// Draws a glyph network tab.
    pub fn glyph_ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        file: &str,
        commands: &mut Vec<EditCommand>,
    ) {
        let Some(Content::GlyphNetwork(net)) = doc.pack().file(file).map(|f| &f.content) else {
            ui.label(format!(
                "{file} is not a glyph network in this pack (any more)."
            ));
            return;
        };
        let (mut edits, mut runs) = (Vec::new(), Vec::new());
        let revision = doc.changed_at([file]);
        self.glyph_editor(file)
            .ui(ui, net, revision, &mut edits, &mut runs);
        commands.extend(edits.into_iter().map(|edit| EditCommand::Glyph {
            file: file.to_owned(),
            edit,
        }));
        commands.extend(runs.into_iter().map(|command| EditCommand::GlyphSandbox {
            file: file.to_owned(),
            command,
        }));
    }

    /// Draws an encounter tab.
    pub fn encounter_ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        file: &str,
        commands: &mut Vec<EditCommand>,
    ) {
        let Some(Content::Encounter(enc)) = doc.pack().file(file).map(|f| &f.content) else {
            crate::encounters::empty_ui(ui);
            return;
        };
        self.forget_stale_contents(doc);
        // The encounter changes with its file, its content with the libraries it is built from.
        let revision = doc.changed_at([file]).max(self.libraries_at);
        let content = content_for(&mut self.contents, doc, file, enc);
        let editor = self.encounter.entry(file.to_owned()).or_default();
        let (mut edits, mut runs) = (Vec::new(), Vec::new());
        editor.sheet_paper = self.sheet_paper;
        editor.ui(ui, (enc, content, revision), &mut edits, &mut runs);
        self.sheet_paper = editor.sheet_paper;
        if editor.take_export_request() {
            commands.push(EditCommand::ExportSheet(file.to_owned()));
        }
        commands.extend(edits.into_iter().map(|edit| EditCommand::Encounter {
            file: file.to_owned(),
            edit,
        }));
        commands.extend(
            runs.into_iter()
                .map(|command| EditCommand::EncounterSandbox {
                    file: file.to_owned(),
                    command,
                }),
        );
    }

    /// Drops every cached content when a library file (abilities, stat blocks, statuses) changed.
    /// Compared once per document change, not every frame.
    pub(super) fn forget_stale_contents(&mut self, doc: &Document) {
        if self.seen_generation == Some(doc.generation()) {
            return;
        }
        self.seen_generation = Some(doc.generation());
        let libraries: Vec<(String, Content)> = doc
            .pack()
            .files
            .iter()
            .filter(|f| is_library(&f.content))
            .map(|f| (f.path.clone(), f.content.clone()))
            .collect();
        if libraries != self.libraries {
            self.libraries = libraries;
            self.libraries_at = doc.generation();
            self.contents.clear();
        }
    }
}

/// The content an encounter uses, built once per file and kept until its `pack` or its stat
/// block changes change.
pub(super) fn content_for<'a>(
    contents: &'a mut BTreeMap<String, CachedContent>,
    doc: &Document,
    file: &str,
    enc: &Encounter,
) -> &'a EncounterContent {
    let stale = contents
        .get(file)
        .is_none_or(|c| c.pack != enc.pack || c.changes != enc.stat_block_changes);
    if stale {
        let content = build_content(doc, &doc.pack().root.join(file), enc);
        contents.insert(
            file.to_owned(),
            CachedContent {
                pack: enc.pack.clone(),
                changes: enc.stat_block_changes.clone(),
                content,
            },
        );
    }
    &contents[file].content
}

/// Builds an encounter's content the way the engine loads it (resolving `pack` next to `path`),
/// the pack's library files (abilities, stat blocks, statuses) as edited: unsaved edits
/// included, so the sandbox, its estimate and "Compare with saved"'s edited side play them.
fn build_content(doc: &Document, path: &Path, enc: &Encounter) -> EncounterContent {
    let edited: EditedTexts = doc
        .pack()
        .files
        .iter()
        .filter(|f| is_library(&f.content))
        .map(|f| (doc.pack().root.join(&f.path), f.source.clone()))
        .collect();
    let mut diags = Diagnostics::new();
    Content::Encounter(Box::new(enc.clone()))
        .to_text()
        .ok()
        .and_then(|text| load_source_as_edited(&text, path, &edited, &mut diags))
        .map_or_else(EncounterContent::new, |(_, content)| content)
}

/// Whether a file is one of the libraries encounters draw on (abilities, stat blocks, statuses).
fn is_library(content: &Content) -> bool {
    matches!(
        content.tag(),
        Some("AbilityLibrary" | "StatBlockSet" | "StatusLibrary")
    )
}

/// An encounter file as saved on disk, with the content it uses (what "Compare with saved"
/// compares the encounter as edited with).
pub(super) fn load_saved(path: &Path) -> anyhow::Result<(Encounter, EncounterContent)> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {} as saved", path.display()))?;
    let mut diags = Diagnostics::new();
    load_source(&text, path, &mut diags).ok_or_else(|| {
        diags.iter().next().map_or_else(
            || anyhow::anyhow!("{} as saved does not load", path.display()),
            |d| anyhow::anyhow!("as saved: {d}"),
        )
    })
}

/// The title of a hosted tab: the network's or encounter's name, `•` when its file is unsaved.
#[must_use]
pub fn title(doc: &Document, file: &str) -> String {
    let name = match doc.pack().file(file).map(|f| &f.content) {
        Some(Content::GlyphNetwork(net)) => net.name.clone(),
        Some(Content::Encounter(enc)) => enc.name.clone(),
        _ => "(missing)".to_owned(),
    };
    let name = if name.trim().is_empty() {
        file.to_owned()
    } else {
        name
    };
    if doc.is_file_dirty(file) {
        format!("{name} •")
    } else {
        name
    }
}

/// The library's list of glyph network or encounter files: each opens its tab, plus a "New" button.
pub fn files_ui(ui: &mut Ui, doc: &Document, glyphs: bool, commands: &mut Vec<EditCommand>) {
    let (tag, what, new_label, new_command) = if glyphs {
        (
            "GlyphNetwork",
            "glyph networks",
            "New glyph network",
            EditCommand::NewGlyphNetwork,
        )
    } else {
        (
            "Encounter",
            "encounters",
            "New encounter",
            EditCommand::NewEncounter,
        )
    };
    if ui
        .button(new_label)
        .on_hover_text(format!("Add a file under {what} and open it"))
        .clicked()
    {
        commands.push(new_command);
    }
    ui.separator();
    let mut any = false;
    for file in &doc.pack().files {
        if file.content.tag() != Some(tag) {
            continue;
        }
        any = true;
        let name = match &file.content {
            Content::GlyphNetwork(net) => net.name.as_str(),
            Content::Encounter(enc) => enc.name.as_str(),
            _ => "",
        };
        let text = if name.is_empty() {
            file.path.clone()
        } else {
            format!("{name}  ({})", file.path)
        };
        if ui
            .selectable_label(false, text)
            .on_hover_text("Open it in its own tab")
            .clicked()
        {
            commands.push(EditCommand::OpenFile(file.path.clone()));
        }
    }
    if !any {
        ui.label(format!("This pack has no {what} yet."));
    }
}
