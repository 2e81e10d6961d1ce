//! The glyph network and encounter editors hosted as dock tabs. Their components only read the
//! file's content and push edits; `SigilforgeApp::apply` turns each edit into a `Change::Items`
//! holding only the items it changed, so undo, dirty markers, autosave and re-validation work
//! as for cards, and a save rewrites only those items.

use std::collections::BTreeMap;
use std::path::Path;

use egui::Ui;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::{Encounter, EncounterContent, load_source};
use sigilforge_engine::pack::Content;

use super::app::SigilforgeApp;
use super::commands::EditCommand;
use super::dock::Tab;
use super::document::{Change, Document};
use super::panels::log::Level;
use crate::encounter_ui::{EncounterEdit, EncounterEditor, apply_encounter_edit};
use crate::glyph_ui::{GlyphEdit, GlyphEditor, apply_glyph_edit, new_network};

/// Where new glyph networks go.
const GLYPH_DIR: &str = "glyphs";
/// Where new encounters go (next to the `tabletop` stat blocks).
const ENCOUNTER_DIR: &str = "encounters";

/// A new encounter: two starter stat blocks from the `tabletop` pack on a small open map.
const STARTER_ENCOUNTER: &str = r#"Encounter(
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
struct CachedContent {
    /// The encounter's `pack` field when built.
    pack: Option<String>,
    /// The engine's content (stat blocks, abilities, conditions).
    content: EncounterContent,
}

/// One editor per open file, and the encounter content each one uses.
#[derive(Default)]
pub struct HostedEditors {
    glyph: BTreeMap<String, GlyphEditor>,
    encounter: BTreeMap<String, EncounterEditor>,
    contents: BTreeMap<String, CachedContent>,
    /// The document generation the library snapshot was taken at.
    seen_generation: Option<u64>,
    /// Ability, stat block and status library files as last seen: a change drops every cache.
    libraries: Vec<(String, Content)>,
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

    /// Draws a glyph network tab.
    pub fn glyph_ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        file: &str,
        commands: &mut Vec<EditCommand>,
    ) {
        let Some(Content::GlyphNetwork(net)) = doc.pack.file(file).map(|f| &f.content) else {
            ui.label(format!(
                "{file} is not a glyph network in this pack (any more)."
            ));
            return;
        };
        let mut edits = Vec::new();
        self.glyph_editor(file).ui(ui, net, &mut edits);
        commands.extend(edits.into_iter().map(|edit| EditCommand::Glyph {
            file: file.to_owned(),
            edit,
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
        let Some(Content::Encounter(enc)) = doc.pack.file(file).map(|f| &f.content) else {
            crate::encounter_ui::empty_ui(ui);
            return;
        };
        self.forget_stale_contents(doc);
        let content = content_for(&mut self.contents, doc, file, enc);
        let editor = self.encounter.entry(file.to_owned()).or_default();
        let mut edits = Vec::new();
        editor.ui(ui, enc, content, &mut edits);
        commands.extend(edits.into_iter().map(|edit| EditCommand::Encounter {
            file: file.to_owned(),
            edit,
        }));
    }

    /// Drops every cached content when a library file (abilities, stat blocks, statuses) changed.
    /// Compared once per document change, not every frame.
    fn forget_stale_contents(&mut self, doc: &Document) {
        if self.seen_generation == Some(doc.generation) {
            return;
        }
        self.seen_generation = Some(doc.generation);
        let libraries: Vec<(String, Content)> = doc
            .pack
            .files
            .iter()
            .filter(|f| {
                matches!(
                    f.content.tag(),
                    Some("AbilityLibrary" | "StatBlockSet" | "StatusLibrary")
                )
            })
            .map(|f| (f.path.clone(), f.content.clone()))
            .collect();
        if libraries != self.libraries {
            self.libraries = libraries;
            self.contents.clear();
        }
    }
}

/// The content an encounter uses, built once per file and kept until its `pack` changes.
fn content_for<'a>(
    contents: &'a mut BTreeMap<String, CachedContent>,
    doc: &Document,
    file: &str,
    enc: &Encounter,
) -> &'a EncounterContent {
    let stale = contents.get(file).is_none_or(|c| c.pack != enc.pack);
    if stale {
        let content = build_content(&doc.pack.root.join(file), enc);
        contents.insert(
            file.to_owned(),
            CachedContent {
                pack: enc.pack.clone(),
                content,
            },
        );
    }
    &contents[file].content
}

/// Builds an encounter's content the way the engine loads it (resolving `pack` next to `path`).
fn build_content(path: &Path, enc: &Encounter) -> EncounterContent {
    let mut diags = Diagnostics::new();
    Content::Encounter(Box::new(enc.clone()))
        .to_text()
        .ok()
        .and_then(|text| load_source(&text, path, &mut diags))
        .map_or_else(EncounterContent::new, |(_, content)| content)
}

/// The title of a hosted tab: the network's or encounter's name, `•` when its file is unsaved.
#[must_use]
pub fn title(doc: &Document, file: &str) -> String {
    let name = match doc.pack.file(file).map(|f| &f.content) {
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
    for file in &doc.pack.files {
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

impl SigilforgeApp {
    /// The titles of the open glyph network and encounter tabs, as the dock shows them.
    #[must_use]
    pub fn hosted_tab_titles(&self) -> Vec<String> {
        let Some(doc) = &self.doc else {
            return Vec::new();
        };
        self.dock
            .iter_all_tabs()
            .filter_map(|(_, tab)| match tab {
                Tab::Glyph(file) | Tab::Encounter(file) => Some(title(doc, file)),
                _ => None,
            })
            .collect()
    }

    /// Applies an edit from a glyph network tab as one whole-file change.
    pub(super) fn apply_glyph(&mut self, file: &str, edit: &GlyphEdit) {
        let Some(before) = self.file_content(file) else {
            return;
        };
        let Content::GlyphNetwork(mut net) = before.clone() else {
            return;
        };
        match apply_glyph_edit(&mut net, edit) {
            Ok(()) => {
                self.panels.hosted.glyph_editor(file).set_refusal(None);
                self.replace_file(edit.label(), file, before, Content::GlyphNetwork(net));
            }
            Err(reason) => {
                self.panels
                    .hosted
                    .glyph_editor(file)
                    .set_refusal(Some(reason.clone()));
                self.report(Level::Error, format!("{file}: {reason}"));
            }
        }
    }

    /// Applies an edit from an encounter tab as one whole-file change.
    pub(super) fn apply_encounter(&mut self, file: &str, edit: &EncounterEdit) {
        let Some(before) = self.file_content(file) else {
            return;
        };
        let Content::Encounter(mut enc) = before.clone() else {
            return;
        };
        let result = match &self.doc {
            Some(doc) => {
                self.panels.hosted.forget_stale_contents(doc);
                let content = content_for(&mut self.panels.hosted.contents, doc, file, &enc);
                apply_encounter_edit(&mut enc, content, edit)
            }
            None => return,
        };
        match result {
            Ok(()) => {
                self.panels.hosted.encounter_editor(file).set_refusal(None);
                self.replace_file(edit.describe(), file, before, Content::Encounter(enc));
            }
            Err(reason) => {
                self.panels
                    .hosted
                    .encounter_editor(file)
                    .set_refusal(Some(reason.clone()));
                self.report(Level::Error, format!("{file}: {reason}"));
            }
        }
    }

    /// Opens (or shows) the tab of a glyph network or encounter file.
    pub(super) fn open_file(&mut self, file: &str) {
        let tab = match self.file_content(file) {
            Some(Content::GlyphNetwork(_)) => Tab::Glyph(file.to_owned()),
            Some(Content::Encounter(_)) => Tab::Encounter(file.to_owned()),
            _ => {
                self.report(
                    Level::Error,
                    format!("{file} is not a glyph network or an encounter"),
                );
                return;
            }
        };
        self.show_in_editor_area(tab);
    }

    /// Adds a new glyph network (`glyphs/network.ron`, …) and opens it.
    pub(super) fn new_glyph_network(&mut self) {
        let Some(path) = self.free_path(GLYPH_DIR, "network") else {
            return;
        };
        self.create_and_open(&path, Content::GlyphNetwork(new_network("New network")));
    }

    /// Adds a new encounter (`encounters/encounter.ron`, …) with two starter creatures and opens it.
    pub(super) fn new_encounter(&mut self) {
        let Some(path) = self.free_path(ENCOUNTER_DIR, "encounter") else {
            return;
        };
        let Some(root) = self.doc.as_ref().map(|d| d.pack.root.clone()) else {
            return;
        };
        let mut diags = Diagnostics::new();
        let content = Content::parse(STARTER_ENCOUNTER, &root.join(&path), &mut diags);
        if !matches!(content, Content::Encounter(_)) {
            self.report(
                Level::Error,
                "could not make the starter encounter".to_owned(),
            );
            return;
        }
        self.create_and_open(&path, content);
    }

    fn create_and_open(&mut self, path: &str, content: Content) {
        let label = match &content {
            Content::GlyphNetwork(_) => "New glyph network",
            _ => "New encounter",
        };
        self.edit(
            label.to_owned(),
            vec![Change::CreateFile {
                path: path.to_owned(),
                content,
            }],
            None,
        );
        self.open_file(path);
    }

    /// `dir/base.ron`, or `dir/base-2.ron`, … whichever the pack does not have yet.
    fn free_path(&mut self, dir: &str, base: &str) -> Option<String> {
        let Some(doc) = &self.doc else {
            self.report(Level::Error, "Open or create a pack first".into());
            return None;
        };
        let mut path = format!("{dir}/{base}.ron");
        let mut n = 2;
        while doc.pack.file(&path).is_some() {
            path = format!("{dir}/{base}-{n}.ron");
            n += 1;
        }
        Some(path)
    }

    fn file_content(&self, file: &str) -> Option<Content> {
        self.doc
            .as_ref()
            .and_then(|d| d.pack.file(file))
            .map(|f| f.content.clone())
    }

    /// Records an edit of a glyph network or encounter as the items it changed (a glyph, a
    /// link, a combatant, a field), never the whole file: saving rewrites those items only,
    /// and undo checks each still holds what the edit left.
    fn replace_file(&mut self, label: String, file: &str, before: Content, after: Content) {
        if before == after {
            return;
        }
        let edits = before.item_edits(&after);
        if edits.is_empty() {
            self.report(
                Level::Error,
                format!(
                    "{file}: this edit could not be expressed item by item; it was not applied"
                ),
            );
            return;
        }
        let change = Change::Items {
            path: file.to_owned(),
            edits,
        };
        self.edit(label, vec![change], None);
    }

    /// Shows a tab next to the item editors (or in an empty leaf), adding it if needed: item
    /// editors, glyph networks and encounters all open in the middle area.
    pub(super) fn show_in_editor_area(&mut self, tab: Tab) {
        if let Some(path) = self.dock.find_tab(&tab) {
            let _ = self.dock.set_active_tab(path); // the path was just found
            return;
        }
        let editors = self
            .dock
            .iter_leaves()
            .find(|(_, leaf)| {
                leaf.tabs()
                    .iter()
                    .any(|t| matches!(t, Tab::Editor(_) | Tab::Glyph(_) | Tab::Encounter(_)))
            })
            .map(|(path, _)| path);
        let leaf = editors.or_else(|| {
            self.dock
                .iter_leaves()
                .find(|(_, leaf)| leaf.tabs().is_empty())
                .map(|(path, _)| path)
        });
        if let Some(path) = leaf
            && let Ok(leaf) = self.dock.leaf_mut(path)
        {
            leaf.append_tab(tab);
            return;
        }
        if let Some((node, _)) = self.dock.find_main_surface_tab(&Tab::Preview) {
            self.dock
                .main_surface_mut()
                .split_left(node, 0.7, vec![tab]);
        } else {
            self.dock.push_to_first_leaf(tab);
        }
    }

    /// Closes the tab of a file that is no longer in the pack (its creation was undone).
    pub(super) fn close_file_tabs(&mut self, file: &str) {
        self.dock
            .retain_tabs(|tab| !matches!(tab, Tab::Glyph(f) | Tab::Encounter(f) if f == file));
    }
}
