//! The Balance panel's suggested fixes (issue #33): for a flagged card, "Suggest a fix" runs
//! the engine's `balance::suggest` on the pack as edited (a background thread, like the run),
//! shows what it found ("Attack 4 → 3: +9.1 → +1.2 points, 95% interval ±0.8") and "Apply"
//! makes the change as one edit (one undo step) of the card.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::time::Duration;

use egui::Ui;
use sigilforge_engine::balance::suggest::{CardSuggestion, Outcome, describe, suggest};
use sigilforge_engine::balance::{BalanceConfig, Control, Impact};
use sigilforge_engine::pack::Pack;

use crate::jobs;
use crate::shell::commands::{BalanceCommand, EditCommand};
use crate::shell::document::{Document, Item};

/// The suggestions asked for, and the search running.
#[derive(Default)]
pub struct SuggestPanel {
    /// The card being searched, and the search.
    job: Option<(String, jobs::Job<Option<Outcome>>)>,
    /// What the searches found, by card id (for the pack as it was when asked).
    pub found: BTreeMap<String, Outcome>,
    /// Why the last search failed.
    pub error: Option<String>,
}

impl SuggestPanel {
    /// Starts the search for card `id` of `pack` with `config` (one at a time: a new one
    /// cancels the search running).
    pub fn start(&mut self, pack: Pack, config: BalanceConfig, id: String) {
        if let Some((_, job)) = self.job.take() {
            job.cancel();
        }
        let card = id.clone();
        let work = jobs::Job::spawn(move |counter, stop| {
            let control = Control {
                progress: &|done| counter.store(done, Ordering::Relaxed),
                cancel: stop,
                threads: None,
            };
            suggest(&pack, &config, &card, control).map_err(anyhow::Error::from)
        });
        self.error = None;
        self.found.remove(&id);
        self.job = Some((id, work));
    }

    /// Whether a search is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Picks up a finished search; how soon to look again (`None`: nothing running).
    pub fn poll(&mut self) -> Option<Duration> {
        let (id, job) = self.job.as_ref()?;
        let Some(outcome) = job.finished("balance suggestion") else {
            return Some(Duration::from_millis(50));
        };
        let id = id.clone();
        match outcome {
            Ok(Some(found)) => {
                self.found.insert(id, found);
            }
            Ok(None) => {}
            Err(e) => self.error = Some(format!("{e:#}")),
        }
        self.job = None;
        None
    }

    /// The flagged cards, each with "Suggest a fix" and, once found, the fix and "Apply".
    pub fn ui(
        &self,
        ui: &mut Ui,
        flagged: &[&Impact],
        doc: &Document,
        commands: &mut Vec<EditCommand>,
    ) {
        if flagged.is_empty() {
            return;
        }
        egui::CollapsingHeader::new("Suggested fixes")
            .id_salt("balance-suggest")
            .default_open(true)
            .show(ui, |ui| {
                ui.weak("The smallest change to one number (attack, life, a keyword's value) that brings the card inside the margin, played on the same matches and seeds.");
                if let Some(error) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, format!("⚠ {error}"));
                }
                for card in flagged {
                    ui.horizontal_wrapped(|ui| {
                        let searching = self.job.as_ref().is_some_and(|(id, _)| *id == card.id);
                        if searching {
                            ui.spinner();
                            ui.label(format!("Searching a fix for {}…", card.name));
                        } else if ui
                            .button(format!("Suggest a fix for {}", card.name))
                            .clicked()
                        {
                            commands.push(EditCommand::Balance(BalanceCommand::Suggest(
                                card.id.clone(),
                            )));
                        }
                        let Some(outcome) = self.found.get(&card.id) else {
                            return;
                        };
                        ui.label(describe(&CardSuggestion {
                            id: card.id.clone(),
                            name: card.name.clone(),
                            outcome: outcome.clone(),
                        }));
                        if let Outcome::Suggested(fix) = outcome
                            && let Some(addr) = doc.card_addr(&fix.id)
                            && ui
                                .button(format!(
                                    "Apply: {} {} → {}",
                                    fix.knob.label(),
                                    fix.from,
                                    fix.to
                                ))
                                .on_hover_text("Change the card (one undo step)")
                                .clicked()
                        {
                            commands.push(EditCommand::ReplaceItem {
                                addr,
                                item: Box::new(Item::Card(fix.card.clone())),
                                label: format!(
                                    "Balance fix: {} {} {} → {}",
                                    fix.name,
                                    fix.knob.label(),
                                    fix.from,
                                    fix.to
                                ),
                            });
                        }
                    });
                }
            });
    }
}
