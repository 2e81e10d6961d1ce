//! The one generic form: draws and edits any model value through its
//! [`Reflect`](sigilforge_engine::reflect::Reflect) shape. Abilities, effects, conditions,
//! targets, costs, restrictions and durations all go through here, so a variant added to the
//! model has a form with no new widget.
//!
//! Labels are plain English from the model's doc comments (a variant's first clause, a field's
//! name in words), tooltips the whole doc comment. Numbers are typed as text and checked as they
//! are typed: a number that does not fit stays in its box with the problem beside it (nothing is
//! reverted behind the user's back). Texts that name a keyword, a card, a phase or a tribe are
//! checked against the pack and offer its names.
//!
//! The form edits a copy; the panel compares and pushes one command (`FormChange` says whether
//! it was a value typed, which merges into one undo step per field, or a structural edit — add,
//! remove, duplicate, move — which is always its own step).

use egui::{Id, RichText, Ui};
use sigilforge_engine::reflect::{
    EnumReflect, FieldInfo, ListMut, MapMut, OptionMut, Refers, Reflect, TypeInfo, ValueMut, words,
};

/// A list of names the pack knows, shared: a context is cloned per item drawn (its own
/// problems, the Flavors of the ability a struct names), and a big pack's card ids must not
/// be copied each time.
pub type Names = std::sync::Arc<[String]>;

/// Each tabletop ability's Flavor names and Upgrade names, by its id.
pub type AbilityLists = std::collections::BTreeMap<String, (Vec<String>, Vec<String>)>;

/// What the pack knows, for suggestions and in-place checks.
#[derive(Debug, Clone, Default)]
pub struct FormContext {
    /// Keyword names.
    pub keywords: Names,
    /// Card ids.
    pub cards: Names,
    /// Tribes and classes in use.
    pub tribes: Names,
    /// Phase names.
    pub phases: Names,
    /// Tabletop ability ids.
    pub abilities: Names,
    /// Status condition names.
    pub statuses: Names,
    /// Each tabletop ability's Flavor and Upgrade names, by id: a struct whose field names an
    /// ability ([`Refers::Ability`]) offers that ability's lists to its Flavor and Upgrade
    /// fields.
    pub ability_lists: std::sync::Arc<AbilityLists>,
    /// The Flavors offered here (the ability named beside the field, or the one edited).
    pub flavors: Vec<String>,
    /// The Upgrades offered here.
    pub upgrades: Vec<String>,
    /// Problems found by the engine's checks, by the form path they are about
    /// (`"abilities.0.upgrades"`): each is shown under that field or list item.
    pub problems: Vec<(String, String)>,
}

impl FormContext {
    /// The context for a struct's fields: when one of them names a tabletop ability, the
    /// Flavors and Upgrades offered are that ability's.
    fn narrowed(&self, value: &dyn Reflect) -> Option<FormContext> {
        use sigilforge_engine::reflect::ValueRef;
        let ValueRef::Struct(info, fields) = value.value() else {
            return None;
        };
        let id = info
            .fields
            .iter()
            .zip(fields)
            .find_map(|(f, v)| match (f.refers, v.value()) {
                (Refers::Ability, ValueRef::Text(t)) => Some(t),
                _ => None,
            })?;
        let (flavors, upgrades) = self.ability_lists.get(id)?;
        let mut ctx = self.clone();
        ctx.flavors.clone_from(flavors);
        ctx.upgrades.clone_from(upgrades);
        Some(ctx)
    }

    /// The problems about exactly this path.
    fn problems_at<'a>(&'a self, path: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.problems
            .iter()
            .filter(move |(p, _)| p == path)
            .map(|(_, m)| m.as_str())
    }
}

/// Shows the engine's problems about a path, under its widget.
fn problems_ui(ui: &mut Ui, ctx: &FormContext, path: &str) {
    for problem in ctx.problems_at(path) {
        ui.label(RichText::new(format!("⚠ {problem}")).color(ui.visuals().warn_fg_color));
    }
}

/// What an edit in the form was.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum FormChange {
    /// Nothing changed.
    #[default]
    None,
    /// A value was typed or picked at this path (consecutive edits of one path merge).
    Value(String),
    /// Something was added, removed, duplicated or moved: its own undo step.
    Structure(String),
}

impl FormChange {
    fn value(&mut self, path: &str) {
        if !matches!(self, FormChange::Structure(_)) {
            *self = FormChange::Value(path.to_owned());
        }
    }

    fn structure(&mut self, label: String) {
        *self = FormChange::Structure(label);
    }
}

/// A field's label: `#[reflect(label)]`, else its name in words, else (tuple fields) what
/// its type is.
#[must_use]
pub fn field_label(field: &FieldInfo) -> String {
    if let Some(label) = field.label {
        return label.to_owned();
    }
    if field.name.parse::<usize>().is_err() {
        return words(field.name);
    }
    match field.refers {
        Refers::Keyword => return "Keyword".into(),
        Refers::Card => return "Card".into(),
        Refers::Phase => return "Phase".into(),
        Refers::Tribe => return "Tribe".into(),
        Refers::Ability => return "Ability".into(),
        Refers::Status => return "Status".into(),
        Refers::Flavor => return "Flavor".into(),
        Refers::Upgrade => return "Upgrade".into(),
        Refers::Nothing => {}
    }
    type_noun((field.ty)(), true)
}

/// What a type is, in a word or two: `Condition` → "Condition", a list → "List".
fn type_noun(ty: TypeInfo, capital: bool) -> String {
    let word = match ty {
        TypeInfo::Bool => "Yes or no".to_owned(),
        TypeInfo::Int { .. } => "Number".to_owned(),
        TypeInfo::Text => "Text".to_owned(),
        TypeInfo::Option(inner) => return type_noun(inner(), capital),
        TypeInfo::List(inner) => format!("List of {}s", type_noun(inner(), false)),
        TypeInfo::Map(inner) => format!("{}s by name", type_noun(inner(), false)),
        TypeInfo::Tuple(_) => "Pair".to_owned(),
        TypeInfo::Struct(s) => words(s.name),
        TypeInfo::Enum(e) => words(e.name),
    };
    if capital { word } else { word.to_lowercase() }
}

/// The singular noun for a list's items, from the list's label ("Effects" → "effect").
fn item_noun(label: &str) -> String {
    let l = label.to_lowercase();
    // "Bonuses", "Statuses", "Classes": the plural adds "es" after an s ("bonuse" read wrong).
    let es_after_s = l
        .strip_suffix("es")
        .filter(|s| ["nus", "tus", "ss"].iter().any(|end| s.ends_with(end)));
    // "Critical success" is one already.
    let singular = l.ends_with("ss").then(|| l.clone());
    singular
        .or_else(|| es_after_s.map(str::to_owned))
        .or_else(|| l.strip_suffix("ies").map(|s| format!("{s}y")))
        .or_else(|| l.strip_suffix('s').map(str::to_owned))
        .unwrap_or(l)
}

/// Whether a value draws on one line (so it can sit beside a label or a variant picker).
fn is_inline(value: &dyn Reflect) -> bool {
    use sigilforge_engine::reflect::ValueRef;
    match value.value() {
        ValueRef::Bool(_) | ValueRef::Int(_) | ValueRef::Text(_) => true,
        ValueRef::Enum(e) => e.fields().iter().all(|f| is_inline(*f)) && e.fields().len() <= 2,
        ValueRef::Option(o) => o.is_none_or(is_inline),
        ValueRef::Tuple(items) => items.into_iter().all(is_inline),
        ValueRef::List(_) | ValueRef::Map(_) | ValueRef::Struct(..) => false,
    }
}

/// Draws a struct's fields as a two-column grid (label, widget). The entry point for an
/// ability: `struct_form(ui, ctx, id, &mut ability, "", &mut change)`.
pub fn struct_form(
    ui: &mut Ui,
    ctx: &FormContext,
    id: Id,
    value: &mut dyn Reflect,
    path: &str,
    change: &mut FormChange,
) {
    let narrowed = ctx.narrowed(value);
    let ctx = narrowed.as_ref().unwrap_or(ctx);
    let ValueMut::Struct(info, fields) = value.value_mut() else {
        value_form(ui, ctx, id, value, None, path, change);
        return;
    };
    egui::Grid::new(id.with("grid"))
        .num_columns(2)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            for (field, f) in fields.into_iter().zip(info.fields) {
                // At the top of its row: a tall list's label centred beside it reads as the
                // label of the field above.
                // Not wrapped: a top-down cell is as narrow as its widest label so far.
                ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                    ui.add(egui::Label::new(field_label(f)).extend())
                        .on_hover_text(hover(f.doc, &field_label(f)));
                });
                let path = join(path, f.name);
                ui.vertical(|ui| {
                    value_form(ui, ctx, id.with(f.name), field, Some(f), &path, change);
                    problems_ui(ui, ctx, &path);
                });
                ui.end_row();
            }
        });
}

fn join(path: &str, part: &str) -> String {
    if path.is_empty() {
        part.to_owned()
    } else {
        format!("{path}.{part}")
    }
}

fn hover(doc: &str, fallback: &str) -> String {
    if doc.is_empty() {
        fallback.to_owned()
    } else {
        doc.to_owned()
    }
}

/// Draws any value by its shape.
pub fn value_form(
    ui: &mut Ui,
    ctx: &FormContext,
    id: Id,
    value: &mut dyn Reflect,
    field: Option<&FieldInfo>,
    path: &str,
    change: &mut FormChange,
) {
    named_value_form(ui, ctx, id, value, field, None, path, change);
}

/// [`value_form`] with a name other than the field's for a number or a text box (a tuple's
/// items, a map's values): what a screen reader, and a GUI test, finds it by.
#[allow(clippy::too_many_arguments)] // the form's walk carries its context down
fn named_value_form(
    ui: &mut Ui,
    ctx: &FormContext,
    id: Id,
    value: &mut dyn Reflect,
    field: Option<&FieldInfo>,
    name: Option<&str>,
    path: &str,
    change: &mut FormChange,
) {
    match value.value_mut() {
        ValueMut::Bool(b) => {
            let text =
                name.map_or_else(|| field.map(field_label).unwrap_or_default(), str::to_owned);
            if ui.checkbox(b, text).changed() {
                change.value(path);
            }
        }
        ValueMut::Int(n) => int_form(ui, id, n, field, name, path, change),
        ValueMut::Text(s) => text_form(ui, ctx, id, s, field, name, path, change),
        ValueMut::Option(o) => option_form(ui, ctx, id, o, field, path, change),
        ValueMut::List(list) => list_form(ui, ctx, id, list, field, path, change),
        ValueMut::Map(map) => map_form(ui, ctx, id, map, field, path, change),
        ValueMut::Tuple(items) => tuple_form(ui, ctx, id, items, field, path, change),
        ValueMut::Struct(..) => {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                struct_form(ui, ctx, id, value, path, change);
            });
        }
        ValueMut::Enum(e) => enum_form(ui, ctx, id, e, field, path, change),
    }
}

fn label_of(field: Option<&FieldInfo>, fallback: &str) -> String {
    field.map_or_else(|| fallback.to_owned(), field_label)
}

fn int_form(
    ui: &mut Ui,
    id: Id,
    n: &mut dyn sigilforge_engine::reflect::IntMut,
    field: Option<&FieldInfo>,
    name: Option<&str>,
    path: &str,
    change: &mut FormChange,
) {
    let key = id.with("typed");
    let current = n.get().to_string();
    let mut text = ui
        .data_mut(|d| d.get_temp::<String>(key))
        .unwrap_or_else(|| current.clone());
    let label = name.map_or_else(|| label_of(field, "Number"), str::to_owned);
    let tip = field.map_or(String::new(), |f| f.doc.to_owned());
    ui.horizontal(|ui| {
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut text)
                    .id(id.with("int"))
                    .hint_text(label.clone())
                    .desired_width(56.0),
            )
            .on_hover_text(hover(&tip, &label));
        name_box(&response, &label, &text);
        let problem = match text.trim().parse::<i64>() {
            Err(_) => Some("type a whole number".to_owned()),
            Ok(v) if field.and_then(|f| f.min).is_some_and(|m| v < m) => Some(format!(
                "at least {}",
                field.and_then(|f| f.min).unwrap_or_default()
            )),
            Ok(v) if v == n.get() => None,
            Ok(v) => match n.set(v) {
                Ok(()) => {
                    change.value(path);
                    None
                }
                Err(e) => Some(e.to_string()),
            },
        };
        if let Some(problem) = &problem {
            ui.label(
                RichText::new(format!("⚠ {label}: {problem}")).color(ui.visuals().error_fg_color),
            );
        }
        if response.has_focus() || problem.is_some() {
            ui.data_mut(|d| d.insert_temp(key, text));
        } else {
            ui.data_mut(|d| d.remove::<String>(key));
        }
    });
}

/// Names a text box by its field's label (its hint shows only while it is empty), so a screen
/// reader — and a GUI test — finds "Resource" or "Phase" whatever it holds.
pub(crate) fn name_box(response: &egui::Response, label: &str, text: &str) {
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::WidgetType::TextEdit, true, label);
        info.current_text_value = Some(text.to_owned());
        info
    });
}

/// Names a variant picker by its field's label (or its type's name), its value the variant
/// shown, so a screen reader — and a GUI test — finds "Time" or "Glyph action".
fn name_picker(response: &egui::Response, label: &str, shown: &str) {
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::WidgetType::ComboBox, true, label);
        info.current_text_value = Some(shown.to_owned());
        info
    });
}

/// The names a text field's kind offers, and the problem with `text` (if any).
fn known_names(ctx: &FormContext, refers: Refers) -> &[String] {
    match refers {
        Refers::Keyword => &ctx.keywords,
        Refers::Card => &ctx.cards,
        Refers::Phase => &ctx.phases,
        Refers::Tribe => &ctx.tribes,
        Refers::Ability => &ctx.abilities,
        Refers::Status => &ctx.statuses,
        Refers::Flavor => &ctx.flavors,
        Refers::Upgrade => &ctx.upgrades,
        Refers::Nothing => &[],
    }
}

/// What is wrong with a text as typed, if anything.
#[must_use]
pub fn text_problem(ctx: &FormContext, text: &str, field: Option<&FieldInfo>) -> Option<String> {
    let field = field?;
    let refers = field.refers;
    let text = text.trim();
    if text.is_empty() {
        return (!field.optional || refers != Refers::Nothing)
            .then(|| format!("{} is empty", field_label(field)));
    }
    let known = known_names(ctx, refers);
    let name = match refers {
        // "Armor 2": the keyword is the name before the value.
        Refers::Keyword => sigilforge_engine::model::KeywordRef::parse(text)
            .map_or_else(|| text.to_owned(), |k| k.name),
        _ => text.to_owned(),
    };
    let what = match refers {
        Refers::Keyword => "keyword",
        Refers::Card => "card id",
        Refers::Phase => "phase",
        Refers::Ability => "ability",
        Refers::Status => "status",
        Refers::Flavor => "Flavor",
        Refers::Upgrade => "Upgrade",
        Refers::Tribe | Refers::Nothing => return None,
    };
    if known.is_empty() || known.iter().any(|k| k.eq_ignore_ascii_case(&name)) {
        None
    } else if refers == Refers::Phase {
        Some(format!("not a phase (one of {})", known.join(", ")))
    } else if matches!(refers, Refers::Flavor | Refers::Upgrade) {
        Some(format!(
            "not {what} of this ability (one of {})",
            known.join(", ")
        ))
    } else {
        Some(format!("no {what} \"{name}\" in the pack"))
    }
}

#[allow(clippy::too_many_arguments)] // the form's walk carries its context down
fn text_form(
    ui: &mut Ui,
    ctx: &FormContext,
    id: Id,
    s: &mut String,
    field: Option<&FieldInfo>,
    name: Option<&str>,
    path: &str,
    change: &mut FormChange,
) {
    let label = name.map_or_else(|| label_of(field, "Text"), str::to_owned);
    let tip = field.map_or(String::new(), |f| f.doc.to_owned());
    let refers = field.map_or(Refers::Nothing, |f| f.refers);
    ui.horizontal(|ui| {
        let response = ui
            .add(
                egui::TextEdit::singleline(s)
                    .id(id.with("text"))
                    .hint_text(label.clone())
                    .desired_width(140.0),
            )
            .on_hover_text(hover(&tip, &label));
        name_box(&response, &label, s);
        if response.changed() {
            change.value(path);
        }
        let known = known_names(ctx, refers);
        if !known.is_empty() {
            ui.menu_button("▾", |ui| {
                egui::ScrollArea::vertical()
                    .max_height(240.0)
                    .show(ui, |ui| {
                        for name in known {
                            if ui.button(name).clicked() {
                                s.clone_from(name);
                                change.value(path);
                                ui.close();
                            }
                        }
                    });
            })
            .response
            .on_hover_text(format!("Pick a {} the pack has", label.to_lowercase()));
        }
        if let Some(problem) = text_problem(ctx, s, field) {
            ui.label(RichText::new(format!("⚠ {problem}")).color(ui.visuals().warn_fg_color));
        }
    });
}

fn option_form(
    ui: &mut Ui,
    ctx: &FormContext,
    id: Id,
    o: &mut dyn OptionMut,
    field: Option<&FieldInfo>,
    path: &str,
    change: &mut FormChange,
) {
    let label = label_of(field, "Value");
    if let TypeInfo::Enum(info) = o.inner_type() {
        // An optional choice: "none" first, then the variants.
        let current = o.inner_mut().and_then(|inner| match inner.value_mut() {
            ValueMut::Enum(e) => Some(e.variant()),
            _ => None,
        });
        let mut picked = current;
        let text = current.map_or_else(|| "— none —".to_owned(), |i| info.variants[i].title());
        let response = egui::ComboBox::from_id_salt(id.with("option"))
            .selected_text(text.clone())
            .width(220.0)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut picked, None, "— none —")
                    .on_hover_text(format!("No {}", label.to_lowercase()));
                for (i, v) in info.variants.iter().enumerate() {
                    ui.selectable_value(&mut picked, Some(i), v.title())
                        .on_hover_text(hover(v.doc, v.name));
                }
            })
            .response
            .on_hover_text(hover(field.map_or("", |f| f.doc), &label));
        name_picker(&response, &label, &text);
        if picked != current {
            o.set_some(picked.is_some());
            if let Some(i) = picked
                && let Some(inner) = o.inner_mut()
                && let ValueMut::Enum(e) = inner.value_mut()
            {
                e.set_variant(i);
            }
            change.value(path);
        }
        if let Some(inner) = o.inner_mut()
            && let ValueMut::Enum(e) = inner.value_mut()
        {
            variant_fields(ui, ctx, id, e, path, change);
        }
        return;
    }
    ui.horizontal(|ui| {
        let mut some = o.inner_mut().is_some();
        let whether = format!("Whether there is a {}", label.to_lowercase());
        let response = ui.checkbox(&mut some, "");
        // The box has no words beside it: a screen reader (and a test) reads it by its tip.
        response.widget_info(|| {
            egui::WidgetInfo::selected(egui::WidgetType::Checkbox, true, some, &whether)
        });
        if response.on_hover_text(&whether).changed() {
            o.set_some(some);
            change.value(path);
        }
        match o.inner_mut() {
            Some(inner) => value_form(ui, ctx, id.with("some"), inner, field, path, change),
            None => {
                ui.weak("none");
            }
        }
    });
}

fn enum_form(
    ui: &mut Ui,
    ctx: &FormContext,
    id: Id,
    e: &mut dyn EnumReflect,
    field: Option<&FieldInfo>,
    path: &str,
    change: &mut FormChange,
) {
    let info = e.info();
    let current = e.variant();
    let mut picked = current;
    let title = info.variants[current].title();
    let response = egui::ComboBox::from_id_salt(id.with("variant"))
        .selected_text(title.clone())
        .width(220.0)
        .show_ui(ui, |ui| {
            for (i, v) in info.variants.iter().enumerate() {
                ui.selectable_value(&mut picked, i, v.title())
                    .on_hover_text(hover(v.doc, v.name));
            }
        })
        .response
        .on_hover_text(hover(info.variants[current].doc, info.name));
    name_picker(&response, &label_of(field, &words(info.name)), &title);
    if picked != current {
        e.set_variant(picked);
        change.value(path);
    }
    variant_fields(ui, ctx, id, e, path, change);
}

/// The current variant's fields: beside the picker when they are short, else indented below.
fn variant_fields(
    ui: &mut Ui,
    ctx: &FormContext,
    id: Id,
    e: &mut dyn EnumReflect,
    path: &str,
    change: &mut FormChange,
) {
    let variant = &e.info().variants[e.variant()];
    if variant.fields.is_empty() {
        return;
    }
    let vpath = join(path, variant.name);
    let inline = e.fields().into_iter().all(is_inline);
    let id = id.with(variant.name);
    let draw = |ui: &mut Ui, e: &mut dyn EnumReflect, change: &mut FormChange| {
        for (field, f) in e.fields_mut().into_iter().zip(variant.fields) {
            let fpath = join(&vpath, f.name);
            let label = field_label(f);
            if inline {
                ui.horizontal(|ui| {
                    if !matches!((f.ty)(), TypeInfo::Bool) {
                        ui.label(RichText::new(&label).weak())
                            .on_hover_text(hover(f.doc, &label));
                    }
                    value_form(ui, ctx, id.with(f.name), field, Some(f), &fpath, change);
                });
            } else {
                ui.label(RichText::new(&label).weak())
                    .on_hover_text(hover(f.doc, &label));
                value_form(ui, ctx, id.with(f.name), field, Some(f), &fpath, change);
            }
        }
    };
    if ui.layout().is_horizontal() {
        // Inside a row (an inline variant within an inline variant, `Modify(ATK, Fixed(2))`):
        // egui indents only columns, so the fields follow on the row, or stack beside it.
        if inline {
            draw(ui, e, change);
        } else {
            ui.vertical(|ui| draw(ui, e, change));
        }
        return;
    }
    ui.indent(id.with("fields"), |ui| {
        if inline {
            ui.horizontal_wrapped(|ui| draw(ui, e, change));
        } else {
            draw(ui, e, change);
        }
    });
}

fn list_form(
    ui: &mut Ui,
    ctx: &FormContext,
    id: Id,
    list: &mut dyn ListMut,
    field: Option<&FieldInfo>,
    path: &str,
    change: &mut FormChange,
) {
    let label = label_of(field, &type_noun(list.item_type(), true));
    let noun = item_noun(&label);
    let n = list.len();
    let items_are_text = matches!(list.item_type(), TypeInfo::Text);
    let mut op: Option<(&str, usize)> = None;
    for i in 0..n {
        let Some(item) = list.item_mut(i) else {
            continue;
        };
        let item_path = join(path, &i.to_string());
        egui::Frame::new()
            .inner_margin(egui::Margin::symmetric(4, 2))
            .stroke(ui.visuals().widgets.noninteractive.bg_stroke)
            .corner_radius(3.0)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.weak(format!("{}.", i + 1));
                    if ui
                        .add_enabled(i > 0, egui::Button::new("⬆").small())
                        .on_hover_text(format!("Move this {noun} up"))
                        .clicked()
                    {
                        op = Some(("up", i));
                    }
                    if ui
                        .add_enabled(i + 1 < n, egui::Button::new("⬇").small())
                        .on_hover_text(format!("Move this {noun} down"))
                        .clicked()
                    {
                        op = Some(("down", i));
                    }
                    if ui
                        .small_button("Duplicate")
                        .on_hover_text(format!("Add a copy of this {noun} after it"))
                        .clicked()
                    {
                        op = Some(("duplicate", i));
                    }
                    if ui
                        .small_button("×")
                        .on_hover_text(format!("Remove this {noun}"))
                        .clicked()
                    {
                        op = Some(("remove", i));
                    }
                });
                value_form(
                    ui,
                    ctx,
                    id.with(i),
                    item,
                    field.filter(|_| items_are_text),
                    &item_path,
                    change,
                );
                problems_ui(ui, ctx, &item_path);
            });
    }
    if ui
        .small_button(format!("Add {noun}"))
        .on_hover_text(hover(field.map_or("", |f| f.doc), &label))
        .clicked()
    {
        op = Some(("add", n));
    }
    if let Some((what, i)) = op {
        let text = match what {
            "up" => {
                list.swap(i, i - 1);
                format!("Move {noun} up")
            }
            "down" => {
                list.swap(i, i + 1);
                format!("Move {noun} down")
            }
            "duplicate" => {
                list.duplicate(i);
                format!("Duplicate {noun}")
            }
            "remove" => {
                list.remove(i);
                format!("Remove {noun}")
            }
            _ => {
                list.push_sample();
                format!("Add {noun}")
            }
        };
        change.structure(text);
    }
}

/// A tuple (`(String, i32)`: a resource and its points) on one row, its items named
/// "Cost 1", "Cost 2", … after the field.
fn tuple_form(
    ui: &mut Ui,
    ctx: &FormContext,
    id: Id,
    items: Vec<&mut dyn Reflect>,
    field: Option<&FieldInfo>,
    path: &str,
    change: &mut FormChange,
) {
    let label = label_of(field, "Pair");
    ui.horizontal(|ui| {
        for (i, item) in items.into_iter().enumerate() {
            let name = format!("{label} {}", i + 1);
            let item_path = join(path, &i.to_string());
            named_value_form(
                ui,
                ctx,
                id.with(("item", i)),
                item,
                field,
                Some(&name),
                &item_path,
                change,
            );
        }
    });
}

/// A map from names to values (stats, resources, stacks): one row per entry, its name typed
/// in a box (applied when the box is left, so the entry does not jump while it is typed) and
/// its value named by that name, so "Grit" is the box that holds the Grit modifier.
fn map_form(
    ui: &mut Ui,
    ctx: &FormContext,
    id: Id,
    map: &mut dyn MapMut,
    field: Option<&FieldInfo>,
    path: &str,
    change: &mut FormChange,
) {
    let label = label_of(field, &type_noun(map.value_type(), true));
    let noun = item_noun(&label);
    let mut remove = None;
    let mut rename: Option<(usize, String)> = None;
    for i in 0..map.len() {
        let Some(key) = map.key(i).map(str::to_owned) else {
            continue;
        };
        ui.horizontal(|ui| {
            let typed = id.with(("key typed", i));
            let mut text = ui
                .data_mut(|d| d.get_temp::<String>(typed))
                .unwrap_or_else(|| key.clone());
            let key_name = format!("{} name", words(&noun));
            let response = ui
                .add(
                    egui::TextEdit::singleline(&mut text)
                        .id(id.with(("key", i)))
                        .hint_text(key_name.clone())
                        .desired_width(110.0),
                )
                .on_hover_text(format!("The {noun}'s name; applied when you leave the box"));
            name_box(&response, &key_name, &text);
            if response.has_focus() {
                ui.data_mut(|d| d.insert_temp(typed, text));
            } else {
                ui.data_mut(|d| d.remove::<String>(typed));
                if text != key {
                    rename = Some((i, text));
                }
            }
            if let Some(value) = map.value_mut(i) {
                let value_path = join(path, &key);
                named_value_form(
                    ui,
                    ctx,
                    id.with(("value", &key)),
                    value,
                    field,
                    Some(&key),
                    &value_path,
                    change,
                );
            }
            if ui
                .small_button("×")
                .on_hover_text(format!("Remove this {noun}"))
                .clicked()
            {
                remove = Some(i);
            }
        });
    }
    let problem_key = id.with("key problem");
    if let Some((i, text)) = rename {
        match map.rename(i, &text) {
            Ok(()) => {
                ui.data_mut(|d| d.remove::<String>(problem_key));
                change.structure(format!("Rename {noun}"));
            }
            Err(e) => {
                ui.data_mut(|d| d.insert_temp(problem_key, e.0));
            }
        }
    }
    if let Some(problem) = ui.data(|d| d.get_temp::<String>(problem_key)) {
        ui.label(RichText::new(format!("⚠ {problem}")).color(ui.visuals().warn_fg_color));
    }
    if let Some(i) = remove {
        map.remove(i);
        change.structure(format!("Remove {noun}"));
    }
    if ui
        .small_button(format!("Add {noun}"))
        .on_hover_text(hover(field.map_or("", |f| f.doc), &label))
        .clicked()
    {
        map.insert_sample();
        change.structure(format!("Add {noun}"));
    }
}

#[cfg(test)]
#[path = "form_tests.rs"]
mod tests;
