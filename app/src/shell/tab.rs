//! [`Tab`]: which dock tabs exist (a leaf module: commands and panels name tabs without
//! depending on how the dock draws them).

use serde::{Deserialize, Serialize};

use super::document::ItemAddr;

/// A dock tab.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tab {
    /// The library (cards, keywords, …).
    Library,
    /// An editor for one card or keyword.
    Editor(ItemAddr),
    /// The card preview and inspector.
    Preview,
    /// Validation problems.
    Problems,
    /// What the editor did.
    Log,
    /// The battle sandbox.
    Sandbox,
    /// The rules sandbox: a rules scenario stepped through its script.
    Rules,
    /// The balance lab: each card's effect on the odds.
    Balance,
    /// Set statistics: cost curve, stat spreads and counts of the pack or a deck.
    Set,
    /// The deck editor: a deck's cards with their counts, its running count and curve.
    Decks,
    /// The glyph network editor for one file (relative path).
    Glyph(String),
    /// The encounter editor for one file (relative path).
    Encounter(String),
    /// Any file as text (relative path).
    Text(String),
    /// The editor of a creature, tabletop ability or status condition.
    Tabletop(super::tabletop_items::TabletopAddr),
    /// The start page: what the editor area shows while a pack is open and no editor tab is
    /// (`workspace::keep_start_page` adds and removes it; the user never has to close it).
    Start,
}
