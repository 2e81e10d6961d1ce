//! The panels. Each draws from a `&Document` and pushes `EditCommand`s; none mutates the pack.

pub mod abilities;
pub mod balance;
pub mod balance_ab;
pub mod balance_suggest;
pub mod card_editor;
pub mod card_fields;
pub mod deck_editor;
pub mod help;
pub mod keyword_editor;
pub mod library;
pub mod log;
pub mod preview;
pub mod problems;
pub mod rename;
pub mod rules_sandbox;
pub mod sandbox;
pub mod sandbox_plays;
pub mod scenarios;
pub mod set_panel;
pub mod text_view;
pub mod try_out_setup;

use egui::Ui;

use super::commands::EditCommand;
use super::document::ItemAddr;

/// View state of every panel (scroll positions live in egui; this is what egui cannot keep).
#[derive(Default)]
pub struct Panels {
    /// The library's search, filters and cached rows.
    pub library: library::LibraryPanel,
    /// Card editor scratch state.
    pub card_editor: card_editor::CardEditorPanel,
    /// Keyword editor scratch state.
    pub keyword_editor: keyword_editor::KeywordEditorPanel,
    /// The item the preview shows (the editor tab seen last).
    pub previewed: Option<ItemAddr>,
    /// The preview's drawing of it.
    pub preview: preview::PreviewPanel,
    /// The log lines.
    pub log: log::Log,
    /// The battle sandbox.
    pub sandbox: sandbox::SandboxPanel,
    /// The Rules tab: a rules scenario in the one sandbox panel.
    pub rules: rules_sandbox::RulesSandboxPanel,
    /// The Balance panel.
    pub balance: balance::BalancePanel,
    /// The Set panel.
    pub set: set_panel::SetPanel,
    /// The deck editor.
    pub decks: deck_editor::DeckEditor,
    /// The glyph network and encounter editors, one per open file.
    pub hosted: super::hosted::HostedEditors,
    /// The text views' cursor requests.
    pub text_views: text_view::TextViews,
    /// The form context of the creature, tabletop ability and status editors.
    pub tabletop_form: abilities::CachedContext,
}

/// What every panel shows when no pack is open.
pub fn empty_state(ui: &mut Ui, commands: &mut Vec<EditCommand>) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.set_max_width(640.0);
        ui.add_space(12.0);
        ui.heading("No pack open");
        ui.label("Open a pack folder to edit its cards, or start a new one. Then:");
        help::getting_started_ui(ui, false, commands);
    });
}

/// What an editor tab shows when its item cannot be shown: why, and, when its file has a syntax
/// error, the way to the text view that fixes it.
pub fn missing_item(
    ui: &mut Ui,
    doc: &super::Document,
    addr: &ItemAddr,
    commands: &mut Vec<EditCommand>,
) {
    ui.label(doc.missing_item_reason(addr));
    if doc.file_is_unread(&addr.file)
        && ui
            .button("Open as text")
            .on_hover_text("Open the file as text to fix it")
            .clicked()
    {
        commands.push(EditCommand::OpenText {
            file: addr.file.clone(),
            at: None,
        });
    }
}
