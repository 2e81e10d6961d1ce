//! The keyword editor: name, value, summary, and the abilities the keyword stands for, in the
//! one ability editor (`abilities`); its rules text updates as you edit.

use egui::{Id, Ui};
use sigilforge_engine::model::{Ability, AbilityKind, Amount, Effect, KeywordDef, Target, Trigger};
use sigilforge_engine::reflect::Sample;
use sigilforge_engine::rename::Rename;
use sigilforge_engine::rules::text::keyword_ability_text;

use super::abilities::{CachedContext, abilities_ui};
use super::item_edit::edit_command;
use crate::form::FormChange;
use crate::shell::commands::EditCommand;
use crate::shell::document::{Document, ItemAddr};
use crate::shell::panels::rename::rename_ui;

/// The ability form's suggestions, cached per pack generation.
#[derive(Default)]
pub struct KeywordEditorPanel {
    form: CachedContext,
    /// The new name typed under "Rename everywhere".
    rename_to: String,
}

impl KeywordEditorPanel {
    /// Draws the editor for the keyword at `addr`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        addr: &ItemAddr,
        commands: &mut Vec<EditCommand>,
    ) {
        let Some(original) = doc.keyword(addr) else {
            crate::shell::panels::placeholders::missing_item(ui, doc, addr, commands);
            return;
        };
        let mut keyword = original.clone();
        let mut changed: Option<String> = None;
        let mut form_change = FormChange::None;
        ui.horizontal(|ui| {
            ui.heading(if keyword.name.is_empty() {
                "(unnamed keyword)"
            } else {
                &keyword.name
            });
            if ui
                .button("Delete keyword")
                .on_hover_text("Remove this keyword from the pack (Ctrl+Z brings it back)")
                .clicked()
            {
                commands.push(EditCommand::Delete(addr.clone()));
            }
        });
        for p in doc.problems_for(addr) {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("⚠ {}", p.diagnostic.message),
            );
        }
        ui.separator();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                egui::Grid::new(("keyword-form", addr))
                    .num_columns(2)
                    .show(ui, |ui| {
                        let label = ui.label("Keyword name");
                        if ui
                            .text_edit_singleline(&mut keyword.name)
                            .labelled_by(label.id)
                            .on_hover_text("The name cards write, e.g. Thorns")
                            .changed()
                        {
                            changed = Some("name".into());
                        }
                        ui.end_row();
                        ui.label("Value");
                        ui.horizontal(|ui| {
                            let mut takes = keyword.param.is_some();
                            if ui
                                .checkbox(&mut takes, "Takes a value")
                                .on_hover_text("Like Armor 2: cards write a number after the name")
                                .changed()
                            {
                                keyword.param = takes.then(|| "N".to_owned());
                                changed = Some("param".into());
                            }
                        });
                        ui.end_row();
                        let label = ui.label("Summary");
                        if ui
                            .add(egui::TextEdit::multiline(&mut keyword.summary).desired_rows(2))
                            .labelled_by(label.id)
                            .on_hover_text("Reminder text printed on cards; N stands for the value")
                            .changed()
                        {
                            changed = Some("summary".into());
                        }
                        ui.end_row();
                        ui.label("Hidden");
                        if ui
                            .checkbox(
                                &mut keyword.hidden,
                                "Engine-internal (not offered on cards)",
                            )
                            .on_hover_text("Hidden keywords are not suggested in the card editor")
                            .changed()
                        {
                            changed = Some("hidden".into());
                        }
                        ui.end_row();
                    });
                ui.separator();
                let current = original.name.clone();
                rename_ui(
                    ui,
                    doc,
                    &original.name,
                    &mut self.rename_to,
                    &|to| Rename::Keyword {
                        from: current.clone(),
                        to,
                    },
                    &|new| {
                        doc.pack()
                            .keywords()
                            .any(|(_, k)| k.matches(new) && !k.matches(&current))
                            .then(|| format!("The pack already has a keyword named {new}"))
                    },
                    commands,
                );
                ui.separator();
                ui.strong("Abilities")
                    .on_hover_text("What the keyword does; the value is \"the keyword's value\"");
                let param = keyword.param.clone();
                let ctx = self.form.get(doc);
                form_change = abilities_ui(
                    ui,
                    ctx,
                    Id::new(("keyword-abilities", addr)),
                    &mut keyword.abilities,
                    &|a| keyword_ability_text(param.as_deref(), a),
                );
            });
        commands.extend(edit_command(addr, original, keyword, form_change, changed));
    }
}

/// A new keyword's starting definition.
#[must_use]
pub fn new_keyword(name: &str) -> KeywordDef {
    KeywordDef {
        name: name.to_owned(),
        param: Some("N".into()),
        summary: "When summoned, deal N damage to the last enemy creature.".into(),
        abilities: vec![Ability {
            kind: AbilityKind::Triggered(Trigger::Summoned),
            target: Target::LastEnemy,
            effects: vec![Effect::Damage(Amount::Value)],
            ..Ability::sample()
        }],
        flags: Vec::new(),
        hidden: false,
    }
}
