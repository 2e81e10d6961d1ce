//! The deck editor's edits (issue #33): a deck list changed as one edit of its file (item by
//! item, so the person's comments and layout stay), and a new deck file.

use sigilforge_engine::model::DeckList;
use sigilforge_engine::pack::Content;

use super::SigilforgeApp;
use super::document::Change;
use super::panels::log::Level;

/// Where new decks go.
pub const DECK_DIR: &str = "decks";

impl SigilforgeApp {
    /// Writes `deck` over the deck in `file` as one undo step called `label`.
    pub(super) fn set_deck(&mut self, file: &str, deck: DeckList, label: String) {
        let Some(before) = self
            .doc
            .as_ref()
            .and_then(|d| d.pack().file(file))
            .map(|f| f.content.clone())
        else {
            self.report(Level::Error, format!("{file}: no such deck file"));
            return;
        };
        if !matches!(before, Content::Deck(_)) {
            self.report(Level::Error, format!("{file} is not a deck"));
            return;
        }
        self.replace_file(label, file, &before, &Content::Deck(deck));
    }

    /// Adds an empty deck (`decks/deck.ron`, `decks/deck-2.ron`, …) with an id no other deck
    /// has, and shows it in the deck editor.
    pub(super) fn new_deck(&mut self) {
        let Some(path) = self.free_path(DECK_DIR, "deck") else {
            return;
        };
        let Some(doc) = &self.doc else { return };
        let mut id = "new_deck".to_owned();
        let mut n = 2;
        while doc.pack().decks().any(|(_, d)| d.id == id) {
            id = format!("new_deck_{n}");
            n += 1;
        }
        let deck = DeckList {
            id,
            name: "New deck".into(),
            ..DeckList::default()
        };
        let applied = self.edit(
            "New deck".to_owned(),
            vec![Change::CreateFile {
                path: path.clone(),
                content: Content::Deck(deck),
            }],
            None,
        );
        if applied {
            self.panels.decks.file = Some(path);
        }
    }
}
