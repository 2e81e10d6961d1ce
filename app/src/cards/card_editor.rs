//! The card editor: every field of a card as a form, with its problems shown beside the fields.

use std::collections::HashMap;

use egui::{Id, Response, RichText, Ui};
use sigilforge_engine::diag::Severity;
use sigilforge_engine::model::{Card, CardKind, KeywordRef};
use sigilforge_engine::rename::Rename;

use super::abilities::{CachedContext, card_abilities_ui};
use super::card_fields::{KindField, kind_fields, kind_rows, shows, stat_key, tribes_word};
use super::item_edit::edit_command;
use crate::form::FormChange;
use crate::sandbox::rules::RulesCommand;
use crate::shell::commands::EditCommand;
use crate::shell::document::{Document, ItemAddr, Problem};
use crate::shell::panels::rename::rename_ui;

/// Scratch state: the "add" boxes of the chip lists, and which field to focus next.
#[derive(Default)]
pub struct CardEditorPanel {
    add_text: HashMap<(ItemAddr, &'static str), String>,
    /// Tribe, tag and class suggestions, read again only when the names in use change.
    known: Option<Known>,
    /// A field to focus on the next frame (from a Problems click): `(item, field)`.
    pub focus: Option<(ItemAddr, String)>,
    /// The ability form's suggestions (keywords, card ids, tribes, phases).
    form: CachedContext,
}

/// The values the pack's cards already use, offered as chips' suggestions.
#[derive(Debug, Clone, Default)]
struct Known {
    /// The revisions of the pack's tribe, tag and class names they were read at
    /// ([`crate::shell::census::Counted::revision`]).
    revisions: [u64; 3],
    tribes: Vec<String>,
    tags: Vec<String>,
    classes: Vec<String>,
}

/// Draws one card's form.
impl CardEditorPanel {
    /// Draws the editor for the card at `addr`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        addr: &ItemAddr,
        commands: &mut Vec<EditCommand>,
    ) {
        let Some(original) = doc.card(addr) else {
            crate::shell::panels::placeholders::missing_item(ui, doc, addr, commands);
            return;
        };
        let mut card = original.clone();
        let census = doc.census().total();
        let revisions = [
            census.tribes.revision(),
            census.tags.revision(),
            census.classes.revision(),
        ];
        if self.known.as_ref().is_none_or(|k| k.revisions != revisions) {
            self.known = Some(Known {
                revisions,
                tribes: census.tribes.to_vec(),
                tags: census.tags.to_vec(),
                classes: census.classes.to_vec(),
            });
        }
        let Known {
            tribes,
            tags,
            classes,
            ..
        } = self.known.clone().unwrap_or_default();
        let problems: Vec<&Problem> = doc.problems_for(addr).collect();
        let focus = self
            .focus
            .take_if(|(a, _)| a == addr)
            .map(|(_, field)| field);
        ui.horizontal(|ui| {
            ui.heading(if card.name.is_empty() {
                "(unnamed card)"
            } else {
                &card.name
            });
            if ui
                .button("Duplicate")
                .on_hover_text("Add a copy of this card to the pack")
                .clicked()
            {
                commands.push(EditCommand::DuplicateCard(addr.clone()));
            }
            if ui
                .button("Delete card")
                .on_hover_text("Remove this card from the pack (Ctrl+Z brings it back)")
                .clicked()
            {
                commands.push(EditCommand::Delete(addr.clone()));
            }
            if ui
                .button("Try in Rules tab")
                .on_hover_text("Put this card in the try-out rules scenario (a champion as A's champion, a card played from hand in A's hand, any other in A's city) and play it in the Rules tab")
                .clicked()
            {
                commands.push(EditCommand::Rules(RulesCommand::TryCard(card.id.clone())));
            }
        });
        ui.weak(format!("in {}", addr.file));
        // A problem in a field the form shows it beside is drawn there; any other at the top.
        for p in problems.iter().filter(|p| {
            p.field
                .as_deref()
                .is_none_or(|f| !INLINE_FIELDS.contains(&f))
        }) {
            problem_line(ui, p);
        }
        ui.separator();
        let mut changed: Option<&'static str> = None;
        let mut form_change = FormChange::None;
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                egui::Grid::new(("card-form", addr))
                    .num_columns(2)
                    .spacing([12.0, 6.0])
                    .striped(false)
                    .show(ui, |ui| {
                        let f = focus.as_deref();
                        if text_row(
                            ui,
                            "Id",
                            &mut card.id,
                            "Stable id other files use",
                            f == Some("id"),
                        )
                        .changed()
                        {
                            changed = Some("id");
                        }
                        field_problems(ui, &problems, "id");
                        if text_row(
                            ui,
                            "Name",
                            &mut card.name,
                            "The printed name",
                            f == Some("name"),
                        )
                        .changed()
                        {
                            changed = Some("name");
                        }
                        field_problems(ui, &problems, "name");
                        let label = ui.label("Kind");
                        let before = card.kind;
                        egui::ComboBox::from_id_salt(("kind", addr))
                            .selected_text(card.kind.name())
                            .show_ui(ui, |ui| {
                                for kind in CardKind::ALL {
                                    ui.selectable_value(&mut card.kind, kind, kind.name());
                                }
                            })
                            .response
                            .labelled_by(label.id)
                            .on_hover_text("Creature, Artifact and Spell play in the battle line");
                        if card.kind != before {
                            changed = Some("kind");
                        }
                        ui.end_row();
                        if let Some(field) = kind_rows(ui, &mut card, f) {
                            changed = Some(field);
                        }
                        ui.label("Stats");
                        if self.stats_ui(ui, addr, &mut card) {
                            changed = Some("stats");
                        }
                        ui.end_row();
                        if shows(&card, KindField::Classes) {
                            ui.label("Classes");
                            if self.chips(
                                ui,
                                addr,
                                "classes",
                                &mut card.classes,
                                &classes,
                                "Add class",
                            ) {
                                changed = Some("classes");
                            }
                            ui.end_row();
                        }
                        if shows(&card, KindField::Tribes) {
                            let word = tribes_word(card.kind);
                            ui.label(word);
                            let add = if word == "Subtypes" {
                                "Add subtype"
                            } else {
                                "Add tribe"
                            };
                            if self.chips(ui, addr, "tribes", &mut card.tribes, &tribes, add) {
                                changed = Some("tribes");
                            }
                            ui.end_row();
                        }
                        ui.label("Tags");
                        if self.chips(ui, addr, "tags", &mut card.tags, &tags, "Add tag") {
                            changed = Some("tags");
                        }
                        ui.end_row();
                        ui.label("Keywords");
                        if self.keyword_chips(ui, doc, addr, &mut card) {
                            changed = Some("keywords");
                        }
                        ui.end_row();
                        field_problems(ui, &problems, "keywords");
                        let label = ui.label("Text");
                        let response = ui
                            .add(
                                egui::TextEdit::multiline(&mut card.text)
                                    .desired_rows(3)
                                    .hint_text("Extra rules or flavour text"),
                            )
                            .labelled_by(label.id)
                            .on_hover_text("Printed after the keywords' rules text");
                        if response.changed() {
                            changed = Some("text");
                        }
                        ui.end_row();
                        let label = ui.label("Art");
                        ui.horizontal(|ui| {
                            let mut art = card.art.clone().unwrap_or_default();
                            let response = ui
                                .add(
                                    egui::TextEdit::singleline(&mut art)
                                        .hint_text("assets/… (empty: placeholder)"),
                                )
                                .labelled_by(label.id)
                                .on_hover_text(
                                    "An image path relative to the pack's assets/ folder",
                                );
                            if response.changed() {
                                card.art = (!art.trim().is_empty()).then_some(art);
                                changed = Some("art");
                            }
                            let browse = ui.make_persistent_id(("art-browse", addr));
                            if ui
                                .button("Browse…")
                                .on_hover_text("Pick an image file")
                                .clicked()
                            {
                                crate::dialogs::open(
                                    ui.ctx(),
                                    browse,
                                    crate::dialogs::PathRequest::open_file(
                                        "Pick the card's art",
                                        "images",
                                        &["png", "jpg", "jpeg"],
                                    )
                                    .start_in(doc.pack().root.join("assets")),
                                );
                            }
                            if let Some(path) = crate::dialogs::take(ui.ctx(), browse) {
                                let assets = doc.pack().root.join("assets");
                                let rel = path.strip_prefix(&assets).unwrap_or(&path);
                                card.art = Some(rel.to_string_lossy().replace('\\', "/"));
                                changed = Some("art");
                            }
                        });
                        ui.end_row();
                        field_problems(ui, &problems, "art");
                    });
                ui.separator();
                if !original.id.is_empty() {
                    let current = original.id.clone();
                    let to = self.add_text.entry((addr.clone(), "rename")).or_default();
                    rename_ui(
                        ui,
                        doc,
                        &original.id,
                        to,
                        &|to| Rename::Card {
                            from: current.clone(),
                            to,
                        },
                        &|new| {
                            doc.pack()
                                .card(new)
                                .is_some()
                                .then(|| format!("The pack already has a card with id {new}"))
                        },
                        commands,
                    );
                    ui.separator();
                }
                ui.strong("Abilities")
                    .on_hover_text("Abilities written out on this card, beyond its keywords");
                let ctx = self.form.get(doc);
                form_change =
                    card_abilities_ui(ui, ctx, Id::new(("card-abilities", addr)), &mut card);
            });
        commands.extend(edit_command(
            addr,
            original,
            card,
            form_change,
            changed.map(str::to_owned),
        ));
    }

    fn stats_ui(&mut self, ui: &mut Ui, addr: &ItemAddr, card: &mut Card) -> bool {
        let mut changed = false;
        ui.vertical(|ui| {
            let mut remove = None;
            let in_rows: Vec<&str> = kind_fields(card.kind)
                .iter()
                .filter_map(|f| stat_key(*f))
                .collect();
            for (name, value) in &mut card.stats {
                if in_rows.contains(&name.as_str()) {
                    continue;
                }
                ui.horizontal(|ui| {
                    let label = ui.label(name.as_str());
                    changed |= ui
                        .add(egui::DragValue::new(value))
                        .labelled_by(label.id)
                        .on_hover_text(format!("The card's {name}"))
                        .changed();
                    if ui
                        .small_button("×")
                        .on_hover_text(format!("Remove {name}"))
                        .clicked()
                    {
                        remove = Some(name.clone());
                    }
                });
            }
            if let Some(name) = remove {
                card.stats.remove(&name);
                changed = true;
            }
            ui.horizontal(|ui| {
                let buffer = self.add_text.entry((addr.clone(), "stats")).or_default();
                let response = ui
                    .add(
                        egui::TextEdit::singleline(buffer)
                            .hint_text("New stat")
                            .desired_width(90.0),
                    )
                    .on_hover_text("A named stat, e.g. INT or level");
                let enter = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui
                    .button("Add stat")
                    .on_hover_text("Add this stat with value 0")
                    .clicked()
                    || enter)
                    && !buffer.trim().is_empty()
                {
                    card.stats.insert(buffer.trim().to_owned(), 0);
                    buffer.clear();
                    changed = true;
                }
            });
        });
        changed
    }

    /// A list of removable chips plus an "add" box with suggestions.
    fn chips(
        &mut self,
        ui: &mut Ui,
        addr: &ItemAddr,
        field: &'static str,
        items: &mut Vec<String>,
        suggestions: &[String],
        add_label: &str,
    ) -> bool {
        let mut changed = false;
        ui.vertical(|ui| {
            ui.horizontal_wrapped(|ui| {
                let mut remove = None;
                for (i, item) in items.iter().enumerate() {
                    if ui
                        .button(format!("{item}  ×"))
                        .on_hover_text(format!("Remove {item}"))
                        .clicked()
                    {
                        remove = Some(i);
                    }
                }
                if let Some(i) = remove {
                    items.remove(i);
                    changed = true;
                }
            });
            if let Some(added) = self.add_box(ui, addr, field, suggestions, add_label, items) {
                items.push(added);
                changed = true;
            }
        });
        changed
    }

    /// The "add" box: typed text plus matching suggestions to click. Returns what to add.
    fn add_box(
        &mut self,
        ui: &mut Ui,
        addr: &ItemAddr,
        field: &'static str,
        suggestions: &[String],
        add_label: &str,
        present: &[String],
    ) -> Option<String> {
        let buffer = self.add_text.entry((addr.clone(), field)).or_default();
        let mut added = None;
        ui.horizontal(|ui| {
            let response = ui
                .add(
                    egui::TextEdit::singleline(buffer)
                        .id(Id::new(("add", field, addr)))
                        .hint_text(hint_for(add_label))
                        .desired_width(140.0),
                )
                .on_hover_text(format!(
                    "{add_label}: type, then press Enter or pick a suggestion"
                ));
            let enter = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui
                .button(add_label)
                .on_hover_text(format!("{add_label} to the card"))
                .clicked()
                || enter)
                && !buffer.trim().is_empty()
            {
                added = Some(buffer.trim().to_owned());
            }
        });
        let typed = buffer.trim().to_lowercase();
        if !typed.is_empty() && added.is_none() {
            ui.horizontal_wrapped(|ui| {
                for s in suggestions
                    .iter()
                    .filter(|s| s.to_lowercase().contains(&typed) && !present.contains(s))
                    .take(8)
                {
                    if ui
                        .small_button(s)
                        .on_hover_text(format!("Add {s}"))
                        .clicked()
                    {
                        added = Some(s.clone());
                    }
                }
            });
        }
        if added.is_some() {
            buffer.clear();
        }
        added
    }

    fn keyword_chips(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        addr: &ItemAddr,
        card: &mut Card,
    ) -> bool {
        let mut changed = false;
        ui.vertical(|ui| {
            let mut remove = None;
            for (i, written) in card.keywords.iter_mut().enumerate() {
                ui.horizontal(|ui| {
                    let Some(mut kref) = KeywordRef::parse(written) else {
                        ui.label(RichText::new(format!("\"{written}\"")).weak());
                        return;
                    };
                    let def = doc.keyword_def(&kref.name);
                    let label = ui.label(RichText::new(&kref.name).strong());
                    let label = label.on_hover_text(
                        def.map_or("This keyword is not defined in the pack", |d| {
                            d.summary.as_str()
                        }),
                    );
                    if def.is_some_and(|d| d.param.is_some()) || kref.value.is_some() {
                        let mut value = kref.value.unwrap_or(1);
                        if ui
                            .add(egui::DragValue::new(&mut value).range(-99..=99))
                            .labelled_by(label.id)
                            .on_hover_text("The keyword's value")
                            .changed()
                        {
                            kref.value = Some(value);
                            *written = kref.to_text();
                            changed = true;
                        }
                    }
                    if ui
                        .small_button("×")
                        .on_hover_text(format!("Remove {}", kref.name))
                        .clicked()
                    {
                        remove = Some(i);
                    }
                });
            }
            if let Some(i) = remove {
                card.keywords.remove(i);
                changed = true;
            }
            let names: Vec<String> = doc
                .pack()
                .keywords()
                .filter(|(_, k)| !k.hidden)
                .map(|(_, k)| k.name.clone())
                .collect();
            let present: Vec<String> = card.keyword_refs().flatten().map(|k| k.name).collect();
            if let Some(name) = self.add_box(ui, addr, "keywords", &names, "Add keyword", &present)
            {
                let with_value = match doc.keyword_def(&name) {
                    Some(def)
                        if def.param.is_some()
                            && KeywordRef::parse(&name).and_then(|k| k.value).is_none() =>
                    {
                        format!("{} 1", def.name)
                    }
                    Some(def) => def.name.clone(),
                    None => name,
                };
                card.keywords.push(with_value);
                changed = true;
            }
        });
        changed
    }
}

/// Every distinct value of a string list field across the pack's cards (for suggestions).
fn text_row(ui: &mut Ui, label: &str, value: &mut String, tip: &str, focus: bool) -> Response {
    let label = ui.label(label);
    let response = ui
        .add(egui::TextEdit::singleline(value).desired_width(240.0))
        .labelled_by(label.id)
        .on_hover_text(tip);
    if focus {
        response.request_focus();
    }
    ui.end_row();
    response
}

/// The fields whose problems are drawn beside them (see [`field_problems`]).
const INLINE_FIELDS: [&str; 4] = ["id", "name", "keywords", "art"];

fn field_problems(ui: &mut Ui, problems: &[&Problem], field: &str) {
    let mine: Vec<&&Problem> = problems
        .iter()
        .filter(|p| p.field.as_deref() == Some(field))
        .collect();
    if mine.is_empty() {
        return;
    }
    ui.label("");
    ui.vertical(|ui| {
        for p in mine {
            problem_line(ui, p);
        }
    });
    ui.end_row();
}

fn problem_line(ui: &mut Ui, problem: &Problem) {
    let color = match problem.diagnostic.severity {
        Severity::Error => ui.visuals().error_fg_color,
        Severity::Warning => ui.visuals().warn_fg_color,
    };
    ui.label(RichText::new(format!("⚠ {}", problem.diagnostic.message)).color(color));
}

/// The placeholder of an "add" box: `Add keyword` → `Keyword name…`.
fn hint_for(add_label: &str) -> String {
    let what = add_label.trim_start_matches("Add ");
    let mut chars = what.chars();
    let first = chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>())
        .unwrap_or_default();
    format!("{first}{} name…", chars.as_str())
}
