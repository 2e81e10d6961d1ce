//! Table mode's Reactions and waiting actions: the prompt for the Reaction question the session
//! holds (which creature, what triggered it, each Reaction it could use with its cost; "React
//! with …" at the engine's roll or the table's Score, or "Skip …'s Reaction"), who decides each
//! side's Reactions (the GM or the engine's policy), and the lines saying what waits on a
//! creature (a Slow or delayed ability, a Prepared one) for its row in the creature list and
//! its token on the map. Each answer is a [`TableAction`] the engine replays with the rest.

use egui::{Color32, RichText, Ui};
use sigilforge_engine::encounter::space::Cell;
use sigilforge_engine::encounter::{
    EncounterRun, ReactionChoice, ReactionDecider, ReactionQuestion, TableAction, TableSession,
};
use sigilforge_engine::wording::{Names, encounter_names};

/// The GM's choices in the Reaction prompt: the table's Score, if the GM types one.
#[derive(Debug, Default)]
pub struct ReactionControls {
    /// Whether the GM types the Score the table rolled (else the engine rolls).
    pub typed: bool,
    /// The Score typed (it starts in the middle of the first Test's dice).
    pub score: Option<i32>,
}

impl ReactionControls {
    /// Draws the prompt of the question waiting, if one is, and pushes the GM's answer.
    pub(super) fn prompt_ui(
        &mut self,
        ui: &mut Ui,
        session: &TableSession,
        actions: &mut Vec<TableAction>,
    ) {
        let Some(q) = session.question() else {
            self.score = None;
            return;
        };
        egui::Frame::group(ui.style())
            .stroke(egui::Stroke::new(2.0, Color32::from_rgb(240, 180, 60)))
            .show(ui, |ui| {
                self.question_ui(ui, q, &encounter_names(session.run()), actions);
            });
    }

    fn question_ui(
        &mut self,
        ui: &mut Ui,
        q: &ReactionQuestion,
        names: &Names,
        actions: &mut Vec<TableAction>,
    ) {
        let creature = names.name(&q.creature);
        ui.label(
            RichText::new(format!("Reaction? {creature} may react"))
                .strong()
                .color(Color32::from_rgb(240, 180, 60)),
        )
        .on_hover_text("Nothing else happens until the GM answers (or undoes the action)");
        ui.label(format!("Trigger: {}", names.in_text(&q.trigger)));
        let tests = q.options.iter().filter_map(|o| o.score_range);
        if let Some((low, high)) = tests.clone().next() {
            ui.horizontal_wrapped(|ui| {
                ui.radio_value(&mut self.typed, false, "The engine rolls the Reaction")
                    .on_hover_text("The run's seeded dice (undo replays them exactly)");
                ui.radio_value(&mut self.typed, true, "The table rolled the Reaction")
                    .on_hover_text("Type the Score the player rolled for the Reaction's Test");
                if self.typed {
                    let score = self.score.get_or_insert(low + (high - low) / 2);
                    let label = ui.label("Reaction Score");
                    ui.add(egui::DragValue::new(score))
                        .labelled_by(label.id)
                        .on_hover_text("Kept dice plus the modifier; the engine refuses one the dice cannot make");
                }
            });
        }
        for o in &q.options {
            ui.horizontal_wrapped(|ui| {
                let score = o.score_range.and(self.score.filter(|_| self.typed));
                if ui
                    .button(format!("React with {}", o.name))
                    .on_hover_text(format!(
                        "{} answers with {} ({}), {}",
                        q.creature,
                        o.name,
                        o.time.name(),
                        score.map_or_else(
                            || "the engine rolling".to_owned(),
                            |s| format!("at the table's Score of {s}")
                        )
                    ))
                    .clicked()
                {
                    actions.push(TableAction::Reaction {
                        creature: q.creature.clone(),
                        choice: ReactionChoice::Use {
                            ability: o.ability.clone(),
                            score,
                        },
                    });
                }
                ui.label(format!("{}: costs {}", o.time.name(), o.cost));
            });
        }
        if ui
            .button(format!("Skip {creature}'s Reaction"))
            .on_hover_text("It lets the trigger pass: nothing is spent")
            .clicked()
        {
            actions.push(TableAction::Reaction {
                creature: q.creature.clone(),
                choice: ReactionChoice::Skip,
            });
        }
    }
}

/// Who decides each side's Reactions: one toggle per side ("heroes: GM decides").
pub(super) fn deciders_ui(ui: &mut Ui, run: &EncounterRun, actions: &mut Vec<TableAction>) {
    let mut sides: Vec<&str> = run.combatants.iter().map(|c| c.side.as_str()).collect();
    sides.sort_unstable();
    sides.dedup();
    ui.horizontal_wrapped(|ui| {
        ui.label("Reactions:")
            .on_hover_text("Who decides each side's Reactions: the GM is asked each time, or the engine's policy answers (logged)");
        for side in sides {
            let now = run.reaction_decider(side);
            let (text, next) = match now {
                ReactionDecider::Table => (format!("{side}: GM decides"), ReactionDecider::Engine),
                ReactionDecider::Engine => (format!("{side}: engine decides"), ReactionDecider::Table),
            };
            if ui
                .selectable_label(now == ReactionDecider::Table, text)
                .on_hover_text("Click to switch who decides this side's Reactions")
                .clicked()
            {
                actions.push(TableAction::ReactionsBy {
                    side: side.to_owned(),
                    by: next,
                });
            }
        }
    });
}

/// What waits on creature `who` of `run`, one line each, creatures by name: "Waiting: Aimed
/// Shot on #Bob (its Test comes at the start of Archer's next turn)".
#[must_use]
pub fn waiting_lines(run: &EncounterRun, who: &str) -> Vec<String> {
    let names = encounter_names(run);
    run.index_of(who).map_or_else(Vec::new, |i| {
        run.waiting(i)
            .into_iter()
            .map(|w| names.in_text(&format!("Waiting: {} ({})", w.what, w.when)))
            .collect()
    })
}

/// The map mark of what waits on creature `who`: `Some` when something does, with the cells
/// it will reach.
#[must_use]
pub fn waiting_cells(run: &EncounterRun, who: &str) -> Option<Vec<Cell>> {
    let waiting = run.waiting(run.index_of(who)?);
    (!waiting.is_empty()).then(|| waiting.into_iter().flat_map(|w| w.cells).collect())
}
