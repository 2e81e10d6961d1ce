//! `SigilforgeApp`'s side of the creature, tabletop ability and status editors: each edit is
//! the whole file before and after, recorded through `replace_file` as the items it changed
//! (one undo step, saved item-level), the same path the glyph and encounter editors take.

use sigilforge_engine::pack::Content;

use super::app::SigilforgeApp;
use super::document::{Change, ItemAddr};
use super::panels::log::Level;
use super::tab::Tab;
use super::tabletop_items::{self as tabletop, TabletopAddr, TabletopItem, TabletopKind};
use crate::form::FormChange;

impl SigilforgeApp {
    /// Writes an item edited in its form.
    pub(super) fn set_tabletop(
        &mut self,
        addr: &TabletopAddr,
        item: TabletopItem,
        change: &FormChange,
    ) {
        let Some(before) = self.file_content(&addr.file) else {
            return;
        };
        let mut after = before.clone();
        let name = item.name().to_owned();
        if !tabletop::replace(&mut after, addr.index, item) {
            self.report(
                Level::Error,
                format!("{}: no {} to edit there", addr.file, addr.kind.noun()),
            );
            return;
        }
        let (label, merge) = match change {
            FormChange::None => return,
            // Typing into one field merges into one step. The key is the history's item key:
            // an address in this (non-card) file plus the kind and the field's path, which no
            // card edit can have.
            FormChange::Value(path) => (
                format!("Edit {name}: {}", path.replace('.', " ")),
                Some((
                    ItemAddr::card(&addr.file, addr.index),
                    format!("{:?}.{path}", addr.kind),
                )),
            ),
            FormChange::Structure(what) => (format!("{what} ({name})"), None),
        };
        self.replace_file_merging(label, &addr.file, &before, &after, merge);
    }

    /// Adds a new item of `kind` at the end of the pack's first file of that kind (a new file
    /// when there is none) and opens it.
    pub(super) fn new_tabletop(&mut self, kind: TabletopKind) {
        let Some(doc) = &self.doc else {
            self.report(Level::Error, "Open or create a pack first".into());
            return;
        };
        let item = TabletopItem::new_of(kind, &tabletop::taken_keys(doc, kind));
        let label = format!("New {}", kind.noun());
        let existing = doc
            .pack()
            .files
            .iter()
            .find(|f| kind.holds(&f.content))
            .map(|f| (f.path.clone(), f.content.clone()));
        if let Some((file, before)) = existing {
            self.insert_tabletop(label, &file, &before, usize::MAX, item);
            return;
        }
        let Some(path) = self.free_path("", kind.new_file().trim_end_matches(".ron")) else {
            return;
        };
        let content = kind.file_with(item);
        let created = Change::CreateFile {
            path: path.clone(),
            content,
        };
        if self.edit(label, vec![created], None) {
            self.show_in_editor_area(Tab::Tabletop(TabletopAddr {
                kind,
                file: path,
                index: 0,
            }));
        }
    }

    /// Adds a copy of an item right after it and opens the copy.
    pub(super) fn duplicate_tabletop(&mut self, addr: &TabletopAddr) {
        let Some(doc) = &self.doc else { return };
        let Some(before) = self.file_content(&addr.file) else {
            return;
        };
        let Some(item) = tabletop::item(&before, addr) else {
            return;
        };
        let copy = item.duplicate(&tabletop::taken_keys(doc, addr.kind));
        let label = format!("Duplicate {}", item.name());
        self.insert_tabletop(label, &addr.file, &before, addr.index + 1, copy);
    }

    fn insert_tabletop(
        &mut self,
        label: String,
        file: &str,
        before: &Content,
        index: usize,
        item: TabletopItem,
    ) {
        let kind = match item {
            TabletopItem::Creature(_) => TabletopKind::Creature,
            TabletopItem::Ability(_) => TabletopKind::Ability,
            TabletopItem::Status(_) => TabletopKind::Status,
        };
        let mut after = before.clone();
        let Some(at) = tabletop::insert(&mut after, index, item) else {
            return;
        };
        if self.replace_file(label, file, before, &after) {
            self.show_in_editor_area(Tab::Tabletop(TabletopAddr {
                kind,
                file: file.to_owned(),
                index: at,
            }));
        }
    }

    /// Removes an item and closes its tab; tabs of the items after it follow their item.
    pub(super) fn delete_tabletop(&mut self, addr: &TabletopAddr) {
        let Some(before) = self.file_content(&addr.file) else {
            return;
        };
        let name = tabletop::item(&before, addr).map(|i| i.name().to_owned());
        let mut after = before.clone();
        if !tabletop::remove(&mut after, addr) {
            return;
        }
        let label = format!("Delete {}", name.unwrap_or_default());
        if !self.replace_file(label, &addr.file, &before, &after) {
            return;
        }
        self.dock
            .retain_tabs(|tab| !matches!(tab, Tab::Tabletop(a) if a == addr));
        for (_, tab) in self.dock.iter_all_tabs_mut() {
            if let Tab::Tabletop(a) = tab
                && a.file == addr.file
                && a.kind == addr.kind
                && a.index > addr.index
            {
                a.index -= 1;
            }
        }
    }
}
