//! The library: every card (and keyword, scenario, …) in the pack, searchable and filterable,
//! in a virtualised table that draws only the visible rows.

use std::collections::BTreeSet;

use egui::{Id, Ui};
use egui_extras::{Column, TableBuilder};
use sigilforge_engine::model::{Card, CardKind, KeywordRef};
use sigilforge_engine::pack::{Content, PackFile};

use crate::shell::commands::EditCommand;
use crate::shell::document::{Document, ItemAddr, Revision};
use crate::shell::tabletop_items::TabletopKind;

/// The library's tabs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LibraryTab {
    /// Cards.
    #[default]
    Cards,
    /// Keyword definitions.
    Keywords,
    /// Abilities written out on cards and keywords.
    Abilities,
    /// Glyph network files.
    Glyphs,
    /// Encounter files.
    Encounters,
    /// Battle scenarios.
    Scenarios,
    /// Stat blocks of the tabletop game.
    Creatures,
    /// Abilities of the tabletop game.
    TabletopAbilities,
    /// Status conditions of the tabletop game.
    Statuses,
}

impl LibraryTab {
    const ALL: [(LibraryTab, &'static str); 9] = [
        (LibraryTab::Cards, "Cards"),
        (LibraryTab::Keywords, "Keywords"),
        (LibraryTab::Abilities, "Abilities"),
        (LibraryTab::Glyphs, "Glyph networks"),
        (LibraryTab::Encounters, "Encounters"),
        (LibraryTab::Scenarios, "Scenarios"),
        (LibraryTab::Creatures, "Creatures"),
        (LibraryTab::TabletopAbilities, "Tabletop abilities"),
        (LibraryTab::Statuses, "Statuses"),
    ];
}

/// The search box's id, so Ctrl+F can focus it.
#[must_use]
pub fn search_id() -> Id {
    Id::new("library-search")
}

/// Search, filters and the cached filtered row list.
#[derive(Default)]
pub struct LibraryPanel {
    /// Which list is shown.
    pub tab: LibraryTab,
    /// The search text.
    pub query: String,
    /// Only cards of this kind.
    pub kind: Option<CardKind>,
    /// Only cards of this tribe.
    pub tribe: Option<String>,
    /// Only cards with this keyword.
    pub keyword: Option<String>,
    /// The Scenarios list and the last run's results.
    pub scenarios: crate::cards::scenarios::ScenarioList,
    /// The cards selected for a bulk edit (Ctrl+click a name, or "Select shown").
    pub selection: BTreeSet<ItemAddr>,
    /// The bulk edit being written.
    pub bulk: crate::shell::bulk::BulkEdit,
    /// The search of the creatures, tabletop abilities and statuses lists.
    pub tabletop_query: String,
    cache: Cache,
}

/// The filters the cached rows were computed for: query, kind, tribe, keyword.
type Filters = (String, Option<CardKind>, Option<String>, Option<String>);

/// The rows and filter options, kept from frame to frame. After an edit only the rows of the
/// files it changed are filtered again (issue #29: a 30,000-card pack is not walked per edit).
#[derive(Default)]
struct Cache {
    /// The filters and the document revision `rows` are for.
    key: Option<(Filters, Revision)>,
    /// The cards that pass the filters, in file order. A row is two numbers, not an address:
    /// a 30,000-card pack's rows are built without an allocation each (an address is made for
    /// the rows drawn).
    rows: Vec<Row>,
    /// Each card file's path and how many of `rows` it holds, in file order: where a file's
    /// rows lie.
    per_file: Vec<(String, usize)>,
    /// The tribes offered, and the census revision they were read at.
    tribes: (Option<u64>, Vec<String>),
    /// The keywords offered, and the census revision they were read at.
    keywords: (Option<u64>, Vec<String>),
    total: usize,
}

/// A card shown in the library: its file (an index into [`Cache::per_file`]) and its index
/// in that file's list.
#[derive(Clone, Copy, Debug)]
struct Row {
    file: u32,
    index: u32,
}

impl Cache {
    /// The address of the card in `row`.
    fn addr(&self, row: Row) -> ItemAddr {
        ItemAddr::card(&self.per_file[row.file as usize].0, row.index as usize)
    }

    /// The addresses of every row, in order.
    fn addrs(&self) -> impl ExactSizeIterator<Item = ItemAddr> + '_ {
        self.rows.iter().map(|&row| self.addr(row))
    }

    /// Filters the rows of the files in `changed` again; `false` when one of them was no card
    /// file when the rows were built (its place among the rows is not known: build them all).
    fn refilter(&mut self, doc: &Document, filter: &Filter<'_>, changed: &[&str]) -> bool {
        for path in changed {
            let Some(at) = self.per_file.iter().position(|(p, _)| p.as_str() == *path) else {
                if doc
                    .pack()
                    .file(path)
                    .is_some_and(|f| matches!(f.content, Content::Cards(_)))
                {
                    return false;
                }
                continue;
            };
            let mut rows = Vec::new();
            if let Some(file) = doc.pack().file(path) {
                rows.extend(filter.matching(file).map(|index| row(at, index)));
            }
            let start: usize = self.per_file[..at].iter().map(|(_, n)| n).sum();
            let (n, count) = (self.per_file[at].1, rows.len());
            self.rows.splice(start..start + n, rows);
            self.per_file[at].1 = count;
        }
        true
    }

    /// Filters every card of the pack.
    fn rebuild(&mut self, doc: &Document, filter: &Filter<'_>) {
        self.rows.clear();
        self.per_file.clear();
        for file in &doc.pack().files {
            if matches!(file.content, Content::Cards(_)) {
                let (before, at) = (self.rows.len(), self.per_file.len());
                self.rows
                    .extend(filter.matching(file).map(|index| row(at, index)));
                self.per_file
                    .push((file.path.clone(), self.rows.len() - before));
            }
        }
    }
}

/// The row of card `index` of the card file at `file` in [`Cache::per_file`] (a pack's files
/// and a file's cards are far fewer than `u32::MAX`: the editor reads them whole).
fn row(file: usize, index: usize) -> Row {
    let number = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Row {
        file: number(file),
        index: number(index),
    }
}

impl LibraryPanel {
    /// Brings the filtered rows up to date with the query, the filters and the pack: all of
    /// them when a filter changed, else those of the files changed since.
    pub fn refresh(&mut self, doc: &Document) {
        let filters: Filters = (
            self.query.clone(),
            self.kind,
            self.tribe.clone(),
            self.keyword.clone(),
        );
        let revision = doc.revision();
        let same_filters = self.cache.key.as_ref().is_some_and(|(f, _)| *f == filters);
        let seen = self.cache.key.as_ref().map(|(_, r)| *r);
        if same_filters && seen == Some(revision) {
            return;
        }
        let filter = Filter::new(
            &self.query,
            self.kind,
            self.tribe.as_deref(),
            self.keyword.as_deref(),
        );
        let changed = seen
            .filter(|_| same_filters)
            .and_then(|seen| doc.files_changed_since(seen));
        let done = changed.is_some_and(|changed| self.cache.refilter(doc, &filter, &changed));
        if !done {
            self.cache.rebuild(doc, &filter);
        }
        let census = doc.census().total();
        if self.cache.tribes.0 != Some(census.tribes.revision()) {
            self.cache.tribes = (Some(census.tribes.revision()), census.tribes.to_vec());
        }
        if self.cache.keywords.0 != Some(census.keywords.revision()) {
            self.cache.keywords = (Some(census.keywords.revision()), census.keywords.to_vec());
        }
        self.cache.total = census.cards;
        self.cache.key = Some((filters, revision));
    }

    /// The cards shown now (after [`Self::refresh`]), in order.
    #[must_use]
    pub fn rows(&self) -> impl ExactSizeIterator<Item = ItemAddr> + '_ {
        self.cache.addrs()
    }

    /// Draws the library.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
        ui.horizontal_wrapped(|ui| {
            for (tab, label) in LibraryTab::ALL {
                ui.selectable_value(&mut self.tab, tab, label)
                    .on_hover_text(format!("Show the pack's {}", label.to_lowercase()));
            }
        });
        ui.separator();
        match self.tab {
            LibraryTab::Cards => self.cards_ui(ui, doc, commands),
            LibraryTab::Keywords => keywords_ui(ui, doc, commands),
            LibraryTab::Abilities => abilities_ui(ui, doc, commands),
            LibraryTab::Glyphs => super::super::hosted::files_ui(ui, doc, true, commands),
            LibraryTab::Encounters => super::super::hosted::files_ui(ui, doc, false, commands),
            LibraryTab::Scenarios => self.scenarios.ui(ui, doc, commands),
            LibraryTab::Creatures => self.tabletop_ui(ui, doc, TabletopKind::Creature, commands),
            LibraryTab::TabletopAbilities => {
                self.tabletop_ui(ui, doc, TabletopKind::Ability, commands);
            }
            LibraryTab::Statuses => self.tabletop_ui(ui, doc, TabletopKind::Status, commands),
        }
    }

    fn tabletop_ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        kind: TabletopKind,
        commands: &mut Vec<EditCommand>,
    ) {
        crate::encounters::tabletop::library_ui(ui, doc, kind, &mut self.tabletop_query, commands);
    }

    fn cards_ui(&mut self, ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.query)
                    .id(search_id())
                    .hint_text("Search cards (Ctrl+F)")
                    .desired_width(ui.available_width() - 90.0),
            )
            .on_hover_text("Search by name, id, tribe, tag, keyword or text");
            if ui
                .button("New card")
                .on_hover_text("Add a card to the pack and open it (Ctrl+N)")
                .clicked()
            {
                commands.push(EditCommand::NewCard);
            }
        });
        self.refresh(doc);
        ui.horizontal(|ui| {
            let kind_text = self.kind.map_or("Any kind", CardKind::name);
            egui::ComboBox::from_id_salt("filter-kind")
                .selected_text(kind_text)
                .width(90.0)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.kind, None, "Any kind");
                    for kind in CardKind::ALL {
                        ui.selectable_value(&mut self.kind, Some(kind), kind.name());
                    }
                })
                .response
                .on_hover_text("Only cards of this kind");
            option_filter(
                ui,
                "filter-tribe",
                "Any tribe",
                &mut self.tribe,
                &self.cache.tribes.1,
            )
            .on_hover_text("Only cards of this tribe");
            option_filter(
                ui,
                "filter-keyword",
                "Any keyword",
                &mut self.keyword,
                &self.cache.keywords.1,
            )
            .on_hover_text("Only cards with this keyword");
        });
        self.refresh(doc);
        self.bulk_ui(ui, commands);
        let total = self.cache.total;
        ui.weak(format!("{} of {total} cards", self.cache.rows.len()));
        if total == 0 {
            ui.label("This pack has no cards yet. Click \"New card\" to make the first one.");
            return;
        }
        let row_height = 20.0;
        let cache = &self.cache;
        let selection = &mut self.selection;
        TableBuilder::new(ui)
            .id_salt("library-cards")
            .striped(true)
            .sense(egui::Sense::click())
            .resizable(true)
            .column(Column::remainder().at_least(120.0).clip(true))
            .column(Column::auto().at_least(60.0))
            .column(Column::exact(34.0))
            .column(Column::exact(34.0))
            .column(Column::exact(34.0))
            .column(Column::auto().at_least(80.0).clip(true))
            .header(20.0, |mut header| {
                for title in ["Name", "Kind", "Cost", "Atk", "Life", "Tribes"] {
                    header.col(|ui| {
                        ui.strong(title);
                    });
                }
            })
            .body(|body| {
                body.rows(row_height, cache.rows.len(), |mut row| {
                    let Some(&shown) = cache.rows.get(row.index()) else {
                        return;
                    };
                    let addr = &cache.addr(shown);
                    let Some(card) = doc.card(addr) else {
                        return;
                    };
                    row.set_selected(selection.contains(addr));
                    row.col(|ui| {
                        let response = ui
                            .add(
                                egui::Label::new(&card.name)
                                    .truncate()
                                    .sense(egui::Sense::click_and_drag()),
                            )
                            .on_hover_text(format!(
                                "{} — click to edit, drag into the sandbox",
                                card.id
                            ));
                        response.dnd_set_drag_payload(card.id.clone());
                        if response.clicked() && ui.input(|i| i.modifiers.command) {
                            if !selection.remove(addr) {
                                selection.insert(addr.clone());
                            }
                        } else if response.clicked() {
                            commands.push(EditCommand::Open {
                                addr: addr.clone(),
                                field: None,
                            });
                        }
                    });
                    row.col(|ui| {
                        ui.label(card.kind.name());
                    });
                    row.col(|ui| {
                        ui.label(card.cost.to_string());
                    });
                    row.col(|ui| {
                        ui.label(card.attack.to_string());
                    });
                    row.col(|ui| {
                        ui.label(card.life.to_string());
                    });
                    row.col(|ui| {
                        ui.label(card.tribes.join(", "));
                    });
                    if row.response().clicked()
                        && !row.response().ctx.input(|i| i.modifiers.command)
                    {
                        commands.push(EditCommand::Open {
                            addr: addr.clone(),
                            field: None,
                        });
                    }
                });
            });
    }
}

impl LibraryPanel {
    /// Selection and the bulk edit: "Select shown", and with cards selected, a field, a value
    /// and "Apply to N cards" (one undo step).
    fn bulk_ui(&mut self, ui: &mut Ui, commands: &mut Vec<EditCommand>) {
        use crate::shell::bulk::BulkField;
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Select shown")
                .on_hover_text(
                    "Select every card the search and filters show (Ctrl+click a name selects one)",
                )
                .clicked()
            {
                self.selection.extend(self.cache.addrs());
            }
            if self.selection.is_empty() {
                return;
            }
            ui.label(format!("{} selected", self.selection.len()));
            if ui.button("Clear selection").clicked() {
                self.selection.clear();
                return;
            }
            let label = ui.label("Field");
            egui::ComboBox::from_id_salt("bulk-field")
                .selected_text(self.bulk.field.label())
                .show_ui(ui, |ui| {
                    for field in BulkField::ALL {
                        ui.selectable_value(&mut self.bulk.field, field, field.label());
                    }
                })
                .response
                .labelled_by(label.id);
            let label = ui.label("Value");
            ui.add(egui::TextEdit::singleline(&mut self.bulk.value).desired_width(80.0))
                .labelled_by(label.id);
            let problem = self.bulk.check().err();
            let apply = ui.add_enabled(
                problem.is_none(),
                egui::Button::new(format!("Apply to {} cards", self.selection.len())),
            );
            let apply = match &problem {
                Some(p) => apply.on_disabled_hover_text(p.to_string()),
                None => apply.on_hover_text("Change every selected card (one undo step)"),
            };
            if apply.clicked() {
                commands.push(EditCommand::BulkEdit {
                    cards: self.selection.iter().cloned().collect(),
                    edit: self.bulk.clone(),
                });
            }
        });
    }
}

fn option_filter(
    ui: &mut Ui,
    id: &str,
    any: &str,
    value: &mut Option<String>,
    options: &[String],
) -> egui::Response {
    egui::ComboBox::from_id_salt(id)
        .selected_text(value.as_deref().unwrap_or(any))
        .width(100.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(value, None, any);
            for option in options {
                ui.selectable_value(value, Some(option.clone()), option);
            }
        })
        .response
}

/// The cards that match a search and filters, in pack order.
#[must_use]
pub fn filter_cards(
    doc: &Document,
    query: &str,
    kind: Option<CardKind>,
    tribe: Option<&str>,
    keyword: Option<&str>,
) -> Vec<ItemAddr> {
    let filter = Filter::new(query, kind, tribe, keyword);
    doc.pack()
        .files
        .iter()
        .flat_map(|file| {
            filter
                .matching(file)
                .map(|index| ItemAddr::card(&file.path, index))
        })
        .collect()
}

/// The library's search and filters, ready to test cards with.
struct Filter<'a> {
    needle: String,
    kind: Option<CardKind>,
    tribe: Option<&'a str>,
    keyword: Option<&'a str>,
}

impl<'a> Filter<'a> {
    fn new(
        query: &str,
        kind: Option<CardKind>,
        tribe: Option<&'a str>,
        keyword: Option<&'a str>,
    ) -> Self {
        Self {
            needle: query.trim().to_lowercase(),
            kind,
            tribe,
            keyword,
        }
    }

    /// The indices of the cards of `file` that pass (none when it is no card file).
    fn matching<'f>(&'f self, file: &'f PackFile) -> impl Iterator<Item = usize> + 'f {
        let cards = match &file.content {
            Content::Cards(set) => set.cards.as_slice(),
            _ => &[],
        };
        cards
            .iter()
            .enumerate()
            .filter(|(_, card)| self.passes(card))
            .map(|(index, _)| index)
    }

    /// Whether `card` passes the search and filters.
    fn passes(&self, card: &Card) -> bool {
        if self.kind.is_some_and(|k| k != card.kind)
            || self
                .tribe
                .is_some_and(|t| !card.tribes.iter().any(|c| c == t))
            || self.keyword.is_some_and(|k| {
                !card
                    .keyword_refs()
                    .flatten()
                    .any(|r: KeywordRef| r.name.eq_ignore_ascii_case(k))
            })
        {
            return false;
        }
        let needle = self.needle.as_str();
        needle.is_empty()
            || contains_lower(&card.name, needle)
            || contains_lower(&card.id, needle)
            || card.tribes.iter().any(|t| contains_lower(t, needle))
            || card.tags.iter().any(|t| contains_lower(t, needle))
            || card.keywords.iter().any(|t| contains_lower(t, needle))
            || contains_lower(&card.text, needle)
    }
}

fn contains_lower(haystack: &str, needle_lower: &str) -> bool {
    if haystack.is_ascii() && needle_lower.is_ascii() {
        haystack
            .as_bytes()
            .windows(needle_lower.len())
            .any(|w| w.eq_ignore_ascii_case(needle_lower.as_bytes()))
    } else {
        haystack.to_lowercase().contains(needle_lower)
    }
}

fn keywords_ui(ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
    if ui
        .button("New keyword")
        .on_hover_text("Define a keyword from trigger, condition, target and effect blocks")
        .clicked()
    {
        commands.push(EditCommand::NewKeyword);
    }
    let mut any = false;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for file in &doc.pack().files {
                let Content::Keywords(set) = &file.content else {
                    continue;
                };
                for (index, keyword) in set.keywords.iter().enumerate() {
                    any = true;
                    let title = match &keyword.param {
                        Some(p) => format!("{} {p}", keyword.name),
                        None => keyword.name.clone(),
                    };
                    if ui
                        .selectable_label(false, title)
                        .on_hover_text(if keyword.summary.is_empty() {
                            "Click to edit"
                        } else {
                            keyword.summary.as_str()
                        })
                        .clicked()
                    {
                        commands.push(EditCommand::Open {
                            addr: ItemAddr::keyword(&file.path, index),
                            field: None,
                        });
                    }
                }
            }
            if !any {
                ui.label("No keywords yet. Click \"New keyword\" to define one.");
            }
        });
}

fn abilities_ui(ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let mut any = false;
            for file in &doc.pack().files {
                let Content::Keywords(set) = &file.content else {
                    continue;
                };
                for (index, keyword) in set.keywords.iter().enumerate() {
                    for ability in &keyword.abilities {
                        any = true;
                        let text = crate::cards::rules_text::library_ability_text(
                            doc.pack(),
                            &file.path,
                            ability,
                        );
                        if ui
                            .selectable_label(false, format!("{}: {text}", keyword.name))
                            .on_hover_text("Click to edit the keyword that holds this ability")
                            .clicked()
                        {
                            commands.push(EditCommand::Open {
                                addr: ItemAddr::keyword(&file.path, index),
                                field: Some("abilities".into()),
                            });
                        }
                    }
                }
            }
            if !any {
                ui.label(
                    "No abilities yet: keywords hold them. Open the Keywords tab to make one.",
                );
            }
        });
}
