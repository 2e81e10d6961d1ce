//! The tabletop game's library content in the editor (issue #30): creatures (stat blocks),
//! tabletop abilities and status conditions, each listed in the Library with a search and
//! edited in its own tab through the one generic form (`crate::form`). A tab only reads the
//! pack and pushes commands; `SigilforgeApp` turns each edit into the item-level change the
//! glyph and encounter editors use (`replace_file`), so undo, dirty marks, re-validation and
//! the item-level save work as for every other file.

use egui::{Id, RichText, Ui};
use sigilforge_engine::encounter::{AbilityDef, KnownField, known_ability_problems};
use sigilforge_engine::pack::Content;

use crate::form::{FormChange, FormContext, struct_form};
use crate::shell::commands::EditCommand;
use crate::shell::document::Document;

use crate::shell::tabletop_items::{TabletopAddr, TabletopItem, TabletopKind, item, items};

/// A tabletop ability of the pack by id (the first file that has it).
fn ability_def<'a>(doc: &'a Document, id: &str) -> Option<&'a AbilityDef> {
    doc.pack().files.iter().find_map(|f| match &f.content {
        Content::AbilityLibrary(lib) => lib.abilities.iter().find(|a| a.id == id),
        _ => None,
    })
}

/// The engine's checks of an item, by the form path they are about: for a creature, each
/// known ability's id, Flavors (how many, which) and Upgrades (listed, level, Prestige,
/// series order), the very checks `validate` reports.
#[must_use]
pub fn problems(doc: &Document, item: &TabletopItem) -> Vec<(String, String)> {
    let TabletopItem::Creature(block) = item else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, known) in block.abilities.iter().enumerate() {
        let def = ability_def(doc, &known.id);
        for p in known_ability_problems(block, known, def) {
            let field = match p.field {
                KnownField::Id => "id",
                KnownField::Flavors => "flavors",
                KnownField::Upgrades => "upgrades",
                KnownField::Prestige => "prestige",
            };
            out.push((format!("abilities.{i}.{field}"), p.message));
        }
    }
    out
}

/// The Library's list of one kind: a search, "New …", and every item of the pack; a click
/// opens its editor tab.
pub fn library_ui(
    ui: &mut Ui,
    doc: &Document,
    kind: TabletopKind,
    query: &mut String,
    commands: &mut Vec<EditCommand>,
) {
    let plural = kind.plural();
    ui.horizontal(|ui| {
        let search = format!("Search {plural}");
        let response = ui
            .add(
                egui::TextEdit::singleline(query)
                    .id(Id::new(("tabletop-search", kind)))
                    .hint_text(&search)
                    .desired_width(ui.available_width() - 140.0),
            )
            .on_hover_text("Search by name or id");
        crate::form::name_box(&response, &search, query);
        let new = format!("New {}", kind.noun());
        if ui
            .button(&new)
            .on_hover_text(format!("Add a {} to the pack and open it", kind.noun()))
            .clicked()
        {
            commands.push(EditCommand::NewTabletop(kind));
        }
    });
    let needle = query.trim().to_lowercase();
    let mut shown = 0;
    let mut total = 0;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for file in &doc.pack().files {
                for (index, item) in items(&file.content, kind).iter().enumerate() {
                    total += 1;
                    let hit = needle.is_empty()
                        || item.name().to_lowercase().contains(&needle)
                        || item.key().to_lowercase().contains(&needle);
                    if !hit {
                        continue;
                    }
                    shown += 1;
                    let text = if item.key() == item.name() {
                        item.name().to_owned()
                    } else {
                        format!("{} ({})", item.name(), item.key())
                    };
                    if ui
                        .selectable_label(false, text)
                        .on_hover_text(format!("{} — click to edit", file.path))
                        .clicked()
                    {
                        commands.push(EditCommand::OpenTabletop(TabletopAddr {
                            kind,
                            file: file.path.clone(),
                            index,
                        }));
                    }
                }
            }
            if total == 0 {
                ui.label(format!(
                    "This pack has no {plural} yet. Click \"New {}\" to make one.",
                    kind.noun()
                ));
            }
        });
    ui.weak(format!("{shown} of {total} {plural}"));
}

/// The editor tab's title: the item's name, `•` when its file is unsaved.
#[must_use]
pub fn title(doc: &Document, addr: &TabletopAddr) -> String {
    let name = doc
        .pack()
        .file(&addr.file)
        .and_then(|f| item(&f.content, addr))
        .map_or_else(|| "(missing)".to_owned(), |i| i.name().to_owned());
    let name = if name.trim().is_empty() {
        format!("(unnamed {})", addr.kind.noun())
    } else {
        name
    };
    if doc.is_file_dirty(&addr.file) {
        format!("{name} •")
    } else {
        name
    }
}

/// Draws an item's editor tab: its name, Duplicate and Delete, then the generic form over a
/// copy; an edit becomes one [`EditCommand::SetTabletop`].
pub fn editor_ui(
    ui: &mut Ui,
    doc: &Document,
    ctx: &FormContext,
    addr: &TabletopAddr,
    commands: &mut Vec<EditCommand>,
) {
    let Some(mut value) = doc
        .pack()
        .file(&addr.file)
        .and_then(|f| item(&f.content, addr))
    else {
        ui.label(format!(
            "There is no {} {} in {} (any more).",
            addr.kind.noun(),
            addr.index + 1,
            addr.file
        ));
        return;
    };
    ui.horizontal(|ui| {
        ui.heading(value.name());
        ui.weak(format!("{} in {}", addr.kind.noun(), addr.file));
    });
    ui.horizontal(|ui| {
        if ui
            .button("Duplicate")
            .on_hover_text(format!(
                "Add a copy of this {} and open it",
                addr.kind.noun()
            ))
            .clicked()
        {
            commands.push(EditCommand::DuplicateTabletop(addr.clone()));
        }
        if ui
            .button("Delete")
            .on_hover_text(format!(
                "Remove this {} from its file (Undo brings it back)",
                addr.kind.noun()
            ))
            .clicked()
        {
            commands.push(EditCommand::DeleteTabletop(addr.clone()));
        }
    });
    ui.separator();
    let mut ctx = ctx.clone();
    ctx.problems = problems(doc, &value);
    if let TabletopItem::Ability(def) = &value {
        // An ability's own Save may name one of its own Flavors.
        ctx.flavors = def
            .flavors
            .iter()
            .flat_map(|l| l.options.iter().map(|f| f.name.clone()))
            .collect();
        ctx.upgrades = def.upgrades.iter().map(|u| u.name.clone()).collect();
    }
    let mut change = FormChange::None;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            struct_form(
                ui,
                &ctx,
                Id::new(("tabletop", addr)),
                value.reflect_mut(),
                "",
                &mut change,
            );
            if !ctx.problems.is_empty() {
                ui.separator();
                ui.label(
                    RichText::new(format!(
                        "{} problem(s): shown beside their fields",
                        ctx.problems.len()
                    ))
                    .color(ui.visuals().warn_fg_color),
                );
            }
        });
    if change != FormChange::None {
        commands.push(EditCommand::SetTabletop {
            addr: addr.clone(),
            item: Box::new(value),
            change,
        });
    }
}
