//! Help: the getting-started steps (on the no-pack page, the start page and in the F1 overlay)
//! and every shortcut. Each step has the button that does it, so a new user goes from nothing to a
//! tested card, an encounter and a print sheet without looking anything up.

use egui::{Context, RichText, Ui};

use sigilforge_engine::pack::Content;

use crate::sets::output_command::{OutputCommand, OutputKind};
use crate::shell::Document;
use crate::shell::commands::EditCommand;
use crate::shell::tab::Tab;

/// A step's button: its label, its tooltip and the command it sends.
type Action = (&'static str, &'static str, fn() -> EditCommand);

/// One getting-started step: a title, what to do in words, and its buttons.
struct Step {
    title: &'static str,
    how: &'static str,
    actions: &'static [Action],
}

/// From nothing to a tested card, an encounter and a print sheet.
const STEPS: [Step; 5] = [
    Step {
        title: "1. Open or start a pack",
        how: "A pack is a folder of RON files with a pack.ron. Everything you make is saved \
              there as text you can read, diff and edit by hand.",
        actions: &[
            (
                "Open a pack…",
                "Pick a folder that holds a pack.ron (Ctrl+O)",
                || EditCommand::OpenDialog,
            ),
            (
                "New pack",
                "Pick an empty folder and start a pack there",
                || EditCommand::NewPackDialog,
            ),
        ],
    },
    Step {
        title: "2. Make a card",
        how: "A new card opens its form: name it, set its cost and stats, add abilities with \
              \"Add ability\". The Preview shows it as it prints; Problems lists anything the \
              pack cannot use, with a click to the field.",
        actions: &[(
            "Start a new card",
            "A new card in the first card file (Ctrl+N)",
            || EditCommand::NewCard,
        )],
    },
    Step {
        title: "3. Test it",
        how: "Battle-line cards play in the Sandbox: pick or build a battle, step with F10, \
              step back with Shift+F10 and read why each thing happened. Cards of a game with \
              a profile play in the Rules tab: \"Try in Rules tab\" on the card sets up a \
              try-out (champion, level, hand, resources) where you play, activate and attack.",
        actions: &[
            ("Open the Sandbox", "The battle sandbox", || {
                EditCommand::ShowTab(Tab::Sandbox)
            }),
            ("Open the Rules tab", "The rules sandbox", || {
                EditCommand::ShowTab(Tab::Rules)
            }),
        ],
    },
    Step {
        title: "4. Prepare an encounter",
        how: "A new encounter places creatures on a map. Step it in its sandbox to see each roll \
              and Reaction, export the GM sheet, and run it at the table with \"Table\".",
        actions: &[("Start a new encounter", "A new encounter file", || {
            EditCommand::NewEncounter
        })],
    },
    Step {
        title: "5. Print",
        how: "A print-and-play PDF of the pack's cards, cut marks and bleed included; card \
              images, Tabletop Simulator decks and CSV are in the File menu beside it.",
        actions: &[(
            "Print sheet…",
            "A print-and-play PDF (File ▸ Print sheet)",
            || EditCommand::Output(OutputCommand::Start(OutputKind::Print)),
        )],
    },
];

/// Draws the getting-started steps; a step that needs a pack is greyed out until one is open.
/// Returns whether a button was clicked (the overlay then closes).
pub fn getting_started_ui(ui: &mut Ui, pack_open: bool, commands: &mut Vec<EditCommand>) -> bool {
    let mut clicked = false;
    for (i, step) in STEPS.iter().enumerate() {
        ui.add_space(4.0);
        let done = i == 0 && pack_open;
        let title = if done {
            format!("{} ✔", step.title)
        } else {
            step.title.to_owned()
        };
        ui.label(RichText::new(title).strong());
        ui.label(step.how);
        ui.horizontal(|ui| {
            ui.add_enabled_ui(i == 0 || pack_open, |ui| {
                for (label, hover, command) in step.actions {
                    if ui.button(*label).on_hover_text(*hover).clicked() {
                        commands.push(command());
                        clicked = true;
                    }
                }
            });
        });
    }
    clicked
}

/// The start page: the editor area while a pack is open and no editor tab is. The pack's name
/// and what it holds, then the getting-started steps (the first one done).
pub fn start_page_ui(ui: &mut Ui, doc: &Document, commands: &mut Vec<EditCommand>) {
    use sigilforge_engine::wording::plural;
    let pack = doc.pack();
    let of_kind =
        |wanted: fn(&Content) -> bool| pack.files.iter().filter(|f| wanted(&f.content)).count();
    let encounters = of_kind(|c| matches!(c, Content::Encounter(_)));
    let networks = of_kind(|c| matches!(c, Content::GlyphNetwork(_)));
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.set_max_width(640.0);
        ui.add_space(8.0);
        ui.heading(format!("Start: {}", pack.manifest.name));
        ui.label(format!(
            "This pack holds {}, {} and {}. Open one from the Library, or go on below.",
            plural(pack.cards().count(), "card", "cards"),
            plural(encounters, "encounter", "encounters"),
            plural(networks, "glyph network", "glyph networks"),
        ));
        getting_started_ui(ui, true, commands);
    });
}

/// The shortcuts, as listed in the overlay.
pub const SHORTCUTS: [(&str, &str); 12] = [
    ("Ctrl+N", "New card"),
    ("Ctrl+S", "Save every changed file"),
    ("Ctrl+Shift+S", "Save the pack to another folder"),
    ("Ctrl+O", "Open a pack"),
    ("Ctrl+Z", "Undo"),
    ("Ctrl+Y / Ctrl+Shift+Z", "Redo"),
    ("Ctrl+F", "Search the library"),
    ("F10", "Sandbox: step"),
    ("Shift+F10", "Sandbox: step back"),
    ("F5", "Sandbox: run to the end"),
    ("F1", "Show or hide this help"),
    ("Ctrl+T", "Switch light / dark theme"),
];

/// Draws the overlay; returns true when it should close.
#[must_use]
pub fn ui(ctx: &Context, pack_open: bool, commands: &mut Vec<EditCommand>) -> bool {
    let mut close = false;
    egui::Modal::new(egui::Id::new("help-overlay")).show(ctx, |ui| {
        ui.set_max_width(640.0);
        ui.heading("Sigilforge — getting started");
        egui::ScrollArea::vertical()
            .max_height(ctx.content_rect().height() * 0.7)
            .show(ui, |ui| {
                close |= getting_started_ui(ui, pack_open, commands);
                ui.separator();
                ui.heading("Keyboard shortcuts");
                egui::Grid::new("shortcuts")
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        for (keys, what) in SHORTCUTS {
                            ui.monospace(keys);
                            ui.label(what);
                            ui.end_row();
                        }
                    });
            });
        ui.separator();
        if ui
            .button("Close help")
            .on_hover_text("Close (F1 or Escape)")
            .clicked()
        {
            close = true;
        }
    });
    close || ctx.input(|i| i.key_pressed(egui::Key::Escape))
}
