//! The dock layout: which tabs exist and how each is drawn.

use egui::{Id, Ui, WidgetText};
use egui_dock::{DockState, TabViewer};

use super::commands::EditCommand;
use sigilforge_engine::pack::Content;

use super::document::{Document, ItemAddr, ItemKind};
use super::panels::Panels;

pub use super::tab::Tab;

/// The item each card or keyword tab shows, by identity: `(where it is now, its id or name)`.
/// A layout is saved with these, so a tab finds its item again by id wherever the item is when
/// the layout comes back (positions move when a file is edited elsewhere).
#[must_use]
pub fn editor_tab_items(dock: &DockState<Tab>, doc: &Document) -> Vec<(ItemAddr, String)> {
    dock.iter_all_tabs()
        .filter_map(|(_, tab)| match tab {
            Tab::Editor(addr) => match addr.kind {
                ItemKind::Card => doc.card(addr).map(|c| (addr.clone(), c.id.clone())),
                ItemKind::Keyword => doc.keyword(addr).map(|k| (addr.clone(), k.name.clone())),
            },
            _ => None,
        })
        .collect()
}

/// Moves each card or keyword tab of `items` (an address and the id it showed there) to where
/// that id is now in its file; a tab whose item is gone closes. A file that does not read keeps
/// its tabs: they say why their item is not shown and show it again once the file is fixed.
pub fn retarget_editor_tabs(
    dock: &mut DockState<Tab>,
    doc: &Document,
    items: &[(ItemAddr, String)],
) {
    let mut moves: Vec<(&ItemAddr, Option<ItemAddr>)> = Vec::new();
    for (addr, key) in items {
        if doc.file_is_unread(&addr.file) {
            continue;
        }
        let content = doc.pack().file(&addr.file).map(|f| &f.content);
        let found = match (addr.kind, content) {
            (ItemKind::Card, Some(Content::Cards(set))) => {
                set.cards.iter().position(|c| c.id == *key)
            }
            (ItemKind::Keyword, Some(Content::Keywords(set))) => {
                set.keywords.iter().position(|k| k.name == *key)
            }
            _ => None,
        };
        moves.push((
            addr,
            found.map(|index| ItemAddr {
                index,
                ..addr.clone()
            }),
        ));
    }
    dock.retain_tabs(|t| {
        !matches!(t, Tab::Editor(a) if moves.iter().any(|(from, to)| *from == a && to.is_none()))
    });
    for (_, tab) in dock.iter_all_tabs_mut() {
        if let Tab::Editor(a) = tab
            && let Some((_, Some(to))) = moves.iter().find(|(from, _)| *from == a)
        {
            *a = to.clone();
        }
    }
}

/// Draws tabs from the document; collects what they ask for.
pub struct Viewer<'a> {
    /// The open document, if any.
    pub doc: Option<&'a Document>,
    /// Panel view state.
    pub panels: &'a mut Panels,
    /// Requests collected this frame.
    pub commands: &'a mut Vec<EditCommand>,
    /// The item whose editor was drawn last (the preview follows it).
    pub shown_item: &'a mut Option<ItemAddr>,
}

impl TabViewer for Viewer<'_> {
    type Tab = Tab;

    fn id(&mut self, tab: &mut Tab) -> Id {
        Id::new(("sigilforge-tab", &*tab))
    }

    fn title(&mut self, tab: &mut Tab) -> WidgetText {
        tab_title(self.doc, tab).into()
    }

    fn on_tab_button(&mut self, tab: &mut Tab, response: &egui::Response) {
        // egui_dock paints its titles: named here, a tab is read by screen readers and found
        // by tests by its title like any other button.
        let title = self.title(tab).text().to_owned();
        response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &title));
    }

    fn is_closeable(&self, tab: &Tab) -> bool {
        // Every panel closes; the View menu brings it back (`workspace::show_panel`). The start
        // page goes by itself when an editor opens.
        *tab != Tab::Start
    }

    fn ui(&mut self, ui: &mut Ui, tab: &mut Tab) {
        let Some(doc) = self.doc else {
            super::panels::placeholders::empty_state(ui, self.commands);
            return;
        };
        match tab {
            Tab::Library => self.panels.library.ui(ui, doc, self.commands),
            Tab::Editor(addr) => {
                *self.shown_item = Some(addr.clone());
                match addr.kind {
                    ItemKind::Card => self.panels.card_editor.ui(ui, doc, addr, self.commands),
                    ItemKind::Keyword => {
                        self.panels.keyword_editor.ui(ui, doc, addr, self.commands);
                    }
                }
            }
            Tab::Preview => {
                self.panels
                    .preview
                    .ui(ui, doc, self.panels.previewed.as_ref());
            }
            Tab::Problems => super::panels::problems::ui(ui, doc, self.commands),
            Tab::Log => super::panels::log::ui(ui, &self.panels.log),
            Tab::Sandbox => self.panels.sandbox.ui(ui, doc, self.commands),
            Tab::Rules => self.panels.rules.ui(ui, doc, self.commands),
            Tab::Balance => self.panels.balance.ui(ui, doc, self.commands),
            Tab::Set => self.panels.set.ui(ui, doc),
            Tab::Decks => self.panels.decks.ui(ui, doc, self.commands),
            Tab::Glyph(file) => self.panels.hosted.glyph_ui(ui, doc, file, self.commands),
            Tab::Encounter(file) => {
                self.panels
                    .hosted
                    .encounter_ui(ui, doc, file, self.commands);
            }
            Tab::Text(file) => self.panels.text_views.ui(ui, doc, file, self.commands),
            Tab::Start => super::panels::help::start_page_ui(ui, doc, self.commands),
            Tab::Tabletop(addr) => {
                let ctx = self.panels.tabletop_form.get(doc);
                crate::encounters::tabletop::editor_ui(ui, doc, ctx, addr, self.commands);
            }
        }
    }
}

/// A tab's title as the dock shows it (an edited item's tab ends in ` •`).
#[must_use]
pub fn tab_title(doc: Option<&Document>, tab: &Tab) -> String {
    let fixed = match tab {
        Tab::Library => "Library",
        Tab::Preview => "Preview",
        Tab::Log => "Log",
        Tab::Sandbox => "Sandbox",
        Tab::Rules => "Rules",
        Tab::Balance => "Balance",
        Tab::Set => "Set",
        Tab::Decks => "Decks",
        Tab::Start => "Start",
        Tab::Problems => {
            return match doc.map_or(0, |d| d.problems().len()) {
                0 => "Problems".to_owned(),
                n => format!("Problems ({n})"),
            };
        }
        Tab::Glyph(file) | Tab::Encounter(file) => {
            return doc.map_or_else(|| file.clone(), |doc| super::hosted::title(doc, file));
        }
        Tab::Tabletop(addr) => {
            return doc.map_or_else(
                || addr.file.clone(),
                |doc| crate::encounters::tabletop::title(doc, addr),
            );
        }
        Tab::Text(file) => {
            let dirty = doc.is_some_and(|d| d.is_file_dirty(file));
            return format!("{file} (text){}", if dirty { " •" } else { "" });
        }
        Tab::Editor(addr) => {
            let Some(doc) = doc else {
                return "Editor".to_owned();
            };
            let name = match addr.kind {
                ItemKind::Card => doc.card(addr).map(|c| c.name.clone()),
                ItemKind::Keyword => doc.keyword(addr).map(|k| k.name.clone()),
            }
            .unwrap_or_else(|| "(missing)".to_owned());
            let name = if name.trim().is_empty() {
                "(unnamed)".to_owned()
            } else {
                name
            };
            return if doc.is_item_edited(addr) {
                format!("{name} •")
            } else {
                name
            };
        }
    };
    fixed.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(ids: &[&str]) -> Document {
        use sigilforge_engine::model::{Card, CardSet, PackManifest};
        use sigilforge_engine::pack::{Pack, PackFile};
        let set = CardSet {
            cards: ids
                .iter()
                .map(|id| Card {
                    id: (*id).to_owned(),
                    name: (*id).to_owned(),
                    ..Card::default()
                })
                .collect(),
        };
        let mut pack = Pack::new(
            std::path::Path::new("/nowhere"),
            PackManifest::new("t", "T"),
        );
        pack.files
            .push(PackFile::new("cards.ron", Content::Cards(set)));
        Document::validated(pack)
    }

    #[test]
    fn a_restored_tab_finds_its_card_by_id_and_closes_when_it_is_gone() {
        let before = doc(&["wolf", "bear", "owl"]);
        let mut dock = crate::shell::workspace::Workspace::BattleCards.default_layout();
        for i in [0, 1, 2] {
            dock.push_to_focused_leaf(Tab::Editor(ItemAddr::card("cards.ron", i)));
        }
        let items = editor_tab_items(&dock, &before);
        assert_eq!(items.len(), 3);
        // Edited elsewhere since: reordered, the bear gone, a fox added in front.
        let after = doc(&["fox", "owl", "wolf"]);
        retarget_editor_tabs(&mut dock, &after, &items);
        let shown: Vec<String> = dock
            .iter_all_tabs()
            .filter_map(|(_, t)| match t {
                Tab::Editor(a) => after.card(a).map(|c| c.id.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(shown, ["wolf", "owl"]);
    }
}
