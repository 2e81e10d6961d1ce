//! "Rename everywhere" under a keyword's or a card's editor: the new name, a preview of the
//! files and items the rename touches (`shell::rename`), and one button that applies it as
//! one undoable edit (`EditCommand::Rename`).

use egui::Ui;
use sigilforge_engine::rename::Rename;

use crate::shell::commands::EditCommand;
use crate::shell::document::Document;
use crate::shell::rename::{rename_changes, rename_misses, rename_preview};

/// What the rename would touch, worked out for one document generation and one pair of names.
#[derive(Clone)]
struct RenamePreview {
    /// (pack folder, document generation, current name, new name).
    key: (std::path::PathBuf, u64, String, String),
    /// Each file it changes, with how many items (`None`: its text is rewritten).
    files: Vec<(String, Option<usize>)>,
    /// Places it cannot rewrite.
    misses: Vec<String>,
    /// Why the rename cannot be made, if it cannot (an item that cannot be written).
    error: Option<String>,
}

/// The preview of `rename`, worked out again only when the typed name or the document changed
/// (kept in the widget's memory), not on every frame while the user types or hovers.
fn preview_for(
    ui: &Ui,
    doc: &Document,
    current: &str,
    new: &str,
    rename: &Rename,
) -> RenamePreview {
    let id = ui.id().with("rename_preview");
    let key = (
        doc.pack().root.clone(),
        doc.generation(),
        current.to_owned(),
        new.to_owned(),
    );
    if let Some(kept) = ui
        .data(|d| d.get_temp::<RenamePreview>(id))
        .filter(|p| p.key == key)
    {
        return kept;
    }
    let preview = match rename_changes(doc, rename) {
        Ok(changes) => RenamePreview {
            key,
            files: rename_preview(&changes),
            misses: rename_misses(doc, rename, &changes),
            error: None,
        },
        Err(error) => RenamePreview {
            key,
            files: Vec::new(),
            misses: Vec::new(),
            error: Some(error.to_string()),
        },
    };
    ui.data_mut(|d| d.insert_temp(id, preview.clone()));
    preview
}

/// Draws the rename row for `rename` built from the name typed in `to`; `taken` says why a
/// new name cannot be used (another keyword or card has it), if it cannot.
pub fn rename_ui(
    ui: &mut Ui,
    doc: &Document,
    current: &str,
    to: &mut String,
    make: &dyn Fn(String) -> Rename,
    taken: &dyn Fn(&str) -> Option<String>,
    commands: &mut Vec<EditCommand>,
) {
    ui.horizontal(|ui| {
        let label = ui.label("Rename everywhere to");
        ui.text_edit_singleline(to)
            .labelled_by(label.id)
            .on_hover_text("The new name, written wherever the pack uses this one: cards, keyword lists, abilities and scenarios");
    });
    let new = to.trim();
    if new.is_empty() || new == current {
        return;
    }
    if let Some(why) = taken(new) {
        ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {why}"));
        return;
    }
    let rename = make(new.to_owned());
    let RenamePreview {
        files,
        misses,
        error,
        ..
    } = preview_for(ui, doc, current, new, &rename);
    if let Some(error) = error {
        ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {error}"));
        return;
    }
    ui.label(format!(
        "Renaming {current} to {new} changes {} file(s):",
        files.len()
    ));
    for (file, items) in &files {
        ui.weak(match items {
            Some(n) => format!("{file}: {n} item(s)"),
            None => format!("{file}: where its text names {current} (comments kept)"),
        });
    }
    if !misses.is_empty() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "⚠ Not rewritten, still naming {current}: {} (edit them by hand)",
                misses.join(", ")
            ),
        );
    }
    if ui
        .button("Rename everywhere")
        .on_hover_text("One edit: Undo puts every use back")
        .clicked()
    {
        commands.push(EditCommand::Rename(rename));
        to.clear();
    }
}
