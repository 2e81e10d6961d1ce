//! The keyword editor: a keyword is built from ability blocks (trigger, condition, target,
//! effects) picked from the engine's primitives; its rules text updates as you edit.

use std::collections::HashMap;

use egui::{Id, RichText, Ui};
use serde::Serialize;
use serde::de::DeserializeOwned;
use sigilforge_engine::model::{
    Ability, AbilityKind, Amount, Condition, Duration, Effect, KeywordDef, Stat, Target, Trigger,
};

use crate::editor::commands::EditCommand;
use crate::editor::document::{Document, ItemAddr};
use crate::editor::rules_text::{ron_text, variant_name};
use sigilforge_engine::rules::text::keyword_ability_text;

/// Scratch text of the parameter boxes while they are being typed in.
#[derive(Default)]
pub struct KeywordEditorPanel {
    param_text: HashMap<Id, String>,
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
            ui.label("This keyword no longer exists.");
            return;
        };
        let mut keyword = original.clone();
        let mut changed: Option<String> = None;
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
                ui.strong("Abilities");
                let mut remove = None;
                let param = keyword.param.clone();
                for (i, ability) in keyword.abilities.iter_mut().enumerate() {
                    let id = Id::new(("ability", addr, i));
                    egui::Frame::group(ui.style()).show(ui, |ui| {
                        if let Some(field) = self.ability_ui(ui, id, ability) {
                            changed = Some(format!("ability {i} {field}"));
                        }
                        ui.label(
                            RichText::new(keyword_ability_text(param.as_deref(), ability))
                                .italics(),
                        );
                        if ui
                            .small_button("Remove ability")
                            .on_hover_text("Delete this ability from the keyword")
                            .clicked()
                        {
                            remove = Some(i);
                        }
                    });
                }
                if let Some(i) = remove {
                    keyword.abilities.remove(i);
                    changed = Some("abilities".into());
                }
                if ui
                    .button("Add ability")
                    .on_hover_text("Add a block: when it happens, to what, what it does")
                    .clicked()
                {
                    keyword.abilities.push(Ability {
                        name: String::new(),
                        kind: AbilityKind::Triggered(Trigger::Summoned),
                        restrictions: Vec::new(),
                        condition: None,
                        target: Target::This,
                        effects: vec![Effect::Damage(Amount::Value)],
                        duration: Duration::Instant,
                        zones: Vec::new(),
                    });
                    changed = Some("abilities".into());
                }
            });
        if let Some(field) = changed
            && &keyword != original
        {
            commands.push(EditCommand::SetKeyword {
                addr: addr.clone(),
                keyword: Box::new(keyword),
                field,
            });
        }
    }

    /// One ability's blocks. Returns which block changed.
    fn ability_ui(&mut self, ui: &mut Ui, id: Id, ability: &mut Ability) -> Option<&'static str> {
        let mut changed = None;
        egui::Grid::new(id).num_columns(2).show(ui, |ui| {
            ui.label("When");
            let mut when = When::of(&ability.kind);
            let before = when.clone();
            egui::ComboBox::from_id_salt(id.with("when"))
                .selected_text(when.name())
                .show_ui(ui, |ui| {
                    for option in When::options() {
                        let name = option.name();
                        ui.selectable_value(&mut when, option, name);
                    }
                })
                .response
                .on_hover_text("Triggered: acts on an event. Static: always on.");
            if when != before {
                ability.kind = when.into_kind();
                changed = Some("when");
            }
            ui.end_row();
            if let AbilityKind::Triggered(trigger) = &mut ability.kind {
                ui.label("Trigger");
                if self.picker(ui, id.with("trigger"), trigger, &trigger_templates()) {
                    changed = Some("trigger");
                }
                ui.end_row();
            }
            if let AbilityKind::Replacement { replaces, .. } = &mut ability.kind {
                ui.label("Replaces");
                if self.picker(ui, id.with("replaces"), replaces, &trigger_templates()) {
                    changed = Some("replaces");
                }
                ui.end_row();
            }
            ui.label("Condition");
            ui.horizontal(|ui| {
                let mut has = ability.condition.is_some();
                if ui
                    .checkbox(&mut has, "Only if")
                    .on_hover_text("An extra condition checked when the ability would act")
                    .changed()
                {
                    ability.condition = has.then_some(Condition::Wounded);
                    changed = Some("condition");
                }
                if let Some(condition) = &mut ability.condition
                    && self.picker(ui, id.with("condition"), condition, &condition_templates())
                {
                    changed = Some("condition");
                }
            });
            ui.end_row();
            ui.label("Target");
            if self.picker(
                ui,
                id.with("target"),
                &mut ability.target,
                &target_templates(),
            ) {
                changed = Some("target");
            }
            ui.end_row();
            ui.label("Effects");
            ui.vertical(|ui| {
                let mut remove = None;
                for (i, effect) in ability.effects.iter_mut().enumerate() {
                    ui.horizontal(|ui| {
                        if self.picker(ui, id.with(("effect", i)), effect, &effect_templates()) {
                            changed = Some("effects");
                        }
                        if ui
                            .small_button("×")
                            .on_hover_text("Remove this effect")
                            .clicked()
                        {
                            remove = Some(i);
                        }
                    });
                }
                if let Some(i) = remove {
                    ability.effects.remove(i);
                    changed = Some("effects");
                }
                if ui
                    .small_button("Add effect")
                    .on_hover_text("Add another effect, done in order")
                    .clicked()
                {
                    ability.effects.push(Effect::Damage(Amount::Value));
                    changed = Some("effects");
                }
            });
            ui.end_row();
        });
        changed
    }

    /// A combo over a block's variants, plus a text box for its parameters (in RON) when it has any.
    fn picker<T>(&mut self, ui: &mut Ui, id: Id, value: &mut T, templates: &[T]) -> bool
    where
        T: Serialize + DeserializeOwned + Clone + PartialEq,
    {
        let mut changed = false;
        ui.horizontal(|ui| {
            let current = variant_name(value);
            egui::ComboBox::from_id_salt(id)
                .selected_text(&current)
                .show_ui(ui, |ui| {
                    for template in templates {
                        let name = variant_name(template);
                        if ui.selectable_label(name == current, &name).clicked() && name != current {
                            *value = template.clone();
                            changed = true;
                            self.param_text.remove(&id);
                        }
                    }
                })
                .response
                .on_hover_text("Pick a building block");
            let text = ron_text(value);
            if text.contains('(') {
                let buffer = self.param_text.entry(id).or_insert_with(|| text.clone());
                let response = ui
                    .add(egui::TextEdit::singleline(buffer).desired_width(180.0).code_editor())
                    .on_hover_text("Parameters, e.g. Damage(Fixed(2)) or Damage(Value) for the keyword's value");
                if response.changed() {
                    match ron::from_str::<T>(buffer) {
                        Ok(parsed) => {
                            if &parsed != value {
                                *value = parsed;
                                changed = true;
                            }
                        }
                        Err(_) => {
                            ui.colored_label(ui.visuals().error_fg_color, "not valid yet");
                        }
                    }
                }
                if !response.has_focus() && !response.changed() {
                    *buffer = text;
                }
            }
        });
        changed
    }
}

/// The "when" choice: the ability kinds the editor offers.
#[derive(Debug, Clone, PartialEq)]
enum When {
    Triggered(Trigger),
    Static,
    Other(AbilityKind),
}

impl When {
    fn of(kind: &AbilityKind) -> Self {
        match kind {
            AbilityKind::Triggered(t) => When::Triggered(t.clone()),
            AbilityKind::Static => When::Static,
            other => When::Other(other.clone()),
        }
    }

    fn options() -> Vec<When> {
        vec![
            When::Triggered(Trigger::Summoned),
            When::Static,
            When::Other(AbilityKind::Replacement {
                replaces: Trigger::WouldBeDamaged,
                mode: sigilforge_engine::model::ReplacementMode::Instead,
                uses: None,
            }),
        ]
    }

    fn name(&self) -> String {
        match self {
            When::Triggered(_) => "Triggered".to_owned(),
            When::Static => "Static".to_owned(),
            When::Other(kind) => variant_name(kind),
        }
    }

    fn into_kind(self) -> AbilityKind {
        match self {
            When::Triggered(t) => AbilityKind::Triggered(t),
            When::Static => AbilityKind::Static,
            When::Other(kind) => kind,
        }
    }
}

fn trigger_templates() -> Vec<Trigger> {
    vec![
        Trigger::Summoned,
        Trigger::AllySummoned { tribe: None },
        Trigger::StartOfTurn,
        Trigger::EndOfTurn,
        Trigger::Attacks,
        Trigger::AttacksCreature,
        Trigger::Attacked,
        Trigger::Damaged,
        Trigger::Destroyed,
        Trigger::AllyDestroyed,
        Trigger::OtherDestroyed,
        Trigger::WouldBeDamaged,
        Trigger::WouldDealDamage,
        Trigger::Played,
        Trigger::Attached,
        Trigger::CardPlayed,
    ]
}

fn condition_templates() -> Vec<Condition> {
    vec![
        Condition::Wounded,
        Condition::HasTribe("Warrior".into()),
        Condition::HasKeyword("Armor".into()),
        Condition::HasArtifact,
        Condition::StatAtLeast(Stat::Attack, 3),
        Condition::StatAtMost(Stat::Life, 2),
        Condition::SummonedThisTurn,
        Condition::AlliesWithKeywordAtLeast("Armor".into(), 2),
        Condition::Allied,
        Condition::Enemy,
        Condition::Not(Box::new(Condition::Wounded)),
        Condition::Source(Box::new(Condition::HasTribe("Beast".into()))),
        Condition::IsCard("grunt".into()),
        Condition::AttackDamage,
        Condition::AttackingPlayer,
        Condition::AttackingCreature,
        Condition::DamagedThisTurn,
        Condition::HasEnemyOpposite,
        Condition::Returned,
    ]
}

fn target_templates() -> Vec<Target> {
    vec![
        Target::This,
        Target::Controller,
        Target::Opponent,
        Target::EnemyOpposite,
        Target::FrontEnemy,
        Target::LastEnemy,
        Target::AllEnemies,
        Target::RandomEnemy,
        Target::StrongestEnemy,
        Target::OtherAllies { tribe: None },
        Target::AdjacentAllies,
        Target::FrontAlly,
        Target::MostDamagedAlly,
        Target::AttackedCreature,
        Target::Attacker,
        Target::EventSubject,
        Target::AlliesWhere(Condition::Wounded),
        Target::FirstAllyWhere(Condition::Wounded),
        Target::EnemiesWhere(Condition::HasArtifact),
        Target::FirstEnemyWhere(Condition::HasArtifact),
    ]
}

fn effect_templates() -> Vec<Effect> {
    vec![
        Effect::Damage(Amount::Value),
        Effect::DamageOpponent(Amount::Value),
        Effect::Heal(Amount::Value),
        Effect::HealAll,
        Effect::GainLife(Amount::Value),
        Effect::Modify(Stat::Attack, Amount::Value),
        Effect::ModifyPermanently(Stat::Attack, Amount::Value),
        Effect::Grant("Armor 1".into()),
        Effect::Remove("Armor".into()),
        Effect::PreventAttack,
        Effect::Destroy,
        Effect::MoveToFront,
        Effect::MoveToBack,
        Effect::Summon {
            card: "wall_of_ice".into(),
            enemy_line: false,
        },
        Effect::DestroyArtifact,
        Effect::RemoveFromGame,
        Effect::PreventDamage,
        Effect::ReduceDamage(Amount::Value),
        Effect::IncreaseDamage(Amount::Value),
        Effect::RedirectDamage,
        Effect::AttachTo,
        Effect::SetStat(Stat::Attack, Amount::Value),
        Effect::Custom("describe it".into()),
    ]
}

/// A new keyword's starting definition.
#[must_use]
pub fn new_keyword(name: &str) -> KeywordDef {
    KeywordDef {
        name: name.to_owned(),
        param: Some("N".into()),
        summary: "When summoned, deal N damage to the last enemy creature.".into(),
        abilities: vec![Ability {
            name: String::new(),
            kind: AbilityKind::Triggered(Trigger::Summoned),
            restrictions: Vec::new(),
            condition: None,
            target: Target::LastEnemy,
            effects: vec![Effect::Damage(Amount::Value)],
            duration: Duration::Instant,
            zones: Vec::new(),
        }],
        flags: Vec::new(),
        hidden: false,
    }
}
