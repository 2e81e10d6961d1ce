//! The panels. Each draws from a `&Document` and pushes `EditCommand`s; none mutates the pack.

pub mod help;
pub mod library;
pub mod log;
pub mod placeholders;
pub mod problems;
pub mod rename;
pub mod text_view;

use super::document::ItemAddr;

/// View state of every panel (scroll positions live in egui; this is what egui cannot keep).
#[derive(Default)]
pub struct Panels {
    /// The library's search, filters and cached rows.
    pub library: library::LibraryPanel,
    /// Card editor scratch state.
    pub card_editor: crate::cards::card_editor::CardEditorPanel,
    /// Keyword editor scratch state.
    pub keyword_editor: crate::cards::keyword_editor::KeywordEditorPanel,
    /// The item the preview shows (the editor tab seen last).
    pub previewed: Option<ItemAddr>,
    /// The preview's drawing of it.
    pub preview: crate::cards::preview::PreviewPanel,
    /// The log lines.
    pub log: log::Log,
    /// The battle sandbox.
    pub sandbox: crate::cards::sandbox::SandboxPanel,
    /// The Rules tab: a rules scenario in the one sandbox panel.
    pub rules: crate::cards::rules_sandbox::RulesSandboxPanel,
    /// The Balance panel.
    pub balance: crate::sets::balance::BalancePanel,
    /// The Set panel.
    pub set: crate::sets::set_panel::SetPanel,
    /// The deck editor.
    pub decks: crate::sets::deck_editor::DeckEditor,
    /// The glyph network and encounter editors, one per open file.
    pub hosted: super::hosted::HostedEditors,
    /// The text views' cursor requests.
    pub text_views: text_view::TextViews,
    /// The form context of the creature, tabletop ability and status editors.
    pub tabletop_form: crate::cards::abilities::CachedContext,
}
