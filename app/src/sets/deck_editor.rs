//! The deck editor (issue #33): pick a deck of the pack (or make a new one), see its running
//! count and cost curve, change a card's copies with − and +, and add a card of the pack.
//! Every change is one `EditCommand::SetDeck` (one undo step, written item by item).

use egui::Ui;
use sigilforge_engine::model::{DeckEntry, DeckList};
use sigilforge_engine::pack::Content;
use sigilforge_engine::set_stats::SetStats;

use super::set_panel::histogram_ui;
use crate::shell::commands::EditCommand;
use crate::shell::document::Document;

/// The deck editor's choices.
#[derive(Debug, Clone, Default)]
pub struct DeckEditor {
    /// The deck file shown (relative path).
    pub file: Option<String>,
    /// The card picked to add (its id).
    pub add: Option<String>,
}

impl DeckEditor {
    /// The deck shown: its file and list, when the file still holds a deck.
    #[must_use]
    pub fn deck<'d>(&self, doc: &'d Document) -> Option<(&'d str, &'d DeckList)> {
        let file = doc.pack().file(self.file.as_deref()?)?;
        match &file.content {
            Content::Deck(deck) => Some((file.path.as_str(), deck)),
            _ => None,
        }
    }

    /// Draws the editor.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
        let decks: Vec<(String, String)> = doc
            .pack()
            .decks()
            .map(|(f, d)| (f.path.clone(), d.title().to_owned()))
            .collect();
        if self.deck(doc).is_none() {
            self.file = decks.first().map(|(f, _)| f.clone());
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Deck");
            let shown = self
                .file
                .as_ref()
                .and_then(|f| decks.iter().find(|(p, _)| p == f))
                .map_or_else(|| "No deck".to_owned(), |(_, t)| t.clone());
            egui::ComboBox::from_id_salt("deck-pick")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (path, title) in &decks {
                        ui.selectable_value(&mut self.file, Some(path.clone()), title);
                    }
                })
                .response
                .labelled_by(label.id);
            if ui
                .button("New deck")
                .on_hover_text("Add an empty deck file under decks/")
                .clicked()
            {
                commands.push(EditCommand::NewDeck);
            }
        });
        let Some((path, deck)) = self.deck(doc) else {
            ui.weak("This pack has no deck yet. Click \"New deck\" to make one.");
            return;
        };
        let cards = doc.pack().deck_cards(&deck.id).unwrap_or_default();
        let stats = SetStats::of(format!("deck {}", deck.id), cards);
        ui.heading(format!("{} cards", deck.total()));
        ui.weak(format!(
            "{} lines; mean cost {:.2}, attack {:.2}, life {:.2}",
            deck.cards.len(),
            SetStats::mean(&stats.cost),
            SetStats::mean(&stats.attack),
            SetStats::mean(&stats.life)
        ));
        histogram_ui(ui, "Deck cost curve", &stats.cost);
        let set = |deck: DeckList, label: String| EditCommand::SetDeck {
            file: path.to_owned(),
            deck,
            label,
        };
        egui::Grid::new("deck-lines").striped(true).show(ui, |ui| {
            for (i, entry) in deck.cards.iter().enumerate() {
                let name = doc.pack().card(&entry.card).map_or_else(
                    || format!("{} (not in the pack)", entry.card),
                    |c| c.name.clone(),
                );
                ui.label(&name);
                ui.label(entry.count.to_string());
                if ui
                    .small_button("−")
                    .on_hover_text(format!("One {name} fewer (at 0 the line goes)"))
                    .clicked()
                {
                    let mut edited = deck.clone();
                    if entry.count <= 1 {
                        edited.cards.remove(i);
                    } else {
                        edited.cards[i].count -= 1;
                    }
                    commands.push(set(edited, format!("Remove one {name}")));
                }
                if ui
                    .small_button("+")
                    .on_hover_text(format!("One {name} more"))
                    .clicked()
                {
                    let mut edited = deck.clone();
                    edited.cards[i].count += 1;
                    commands.push(set(edited, format!("Add one {name}")));
                }
                ui.end_row();
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Card to add");
            let picked = self
                .add
                .as_ref()
                .and_then(|id| doc.pack().card(id))
                .map_or_else(
                    || "Pick a card".to_owned(),
                    |c| format!("{} ({})", c.name, c.id),
                );
            egui::ComboBox::from_id_salt("deck-add")
                .selected_text(picked)
                .height(320.0)
                .show_ui(ui, |ui| {
                    for (_, card) in doc.pack().cards() {
                        // The id too: two cards may share a name.
                        ui.selectable_value(
                            &mut self.add,
                            Some(card.id.clone()),
                            format!("{} ({})", card.name, card.id),
                        );
                    }
                })
                .response
                .labelled_by(label.id);
            if let Some(id) = self.add.clone()
                && ui.button("Add to deck").clicked()
            {
                let mut edited = deck.clone();
                match edited.cards.iter_mut().find(|e| e.card == id) {
                    Some(entry) => entry.count += 1,
                    None => edited.cards.push(DeckEntry {
                        card: id.clone(),
                        count: 1,
                    }),
                }
                let name = doc.pack().card(&id).map_or(id.clone(), |c| c.name.clone());
                commands.push(set(edited, format!("Add {name} to the deck")));
            }
        });
    }
}
