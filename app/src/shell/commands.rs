//! Everything a panel can ask for. Panels push these; `SigilforgeApp::apply` carries them out.

use std::path::PathBuf;

use sigilforge_engine::model::{Card, KeywordDef};

use super::document::{Item, ItemAddr};
use crate::encounters::{EncounterEdit, EncounterSandboxCommand};
use crate::glyphs::{GlyphEdit, GlyphSandboxCommand};

/// A request from the UI. Only `SigilforgeApp::apply` acts on these.
#[derive(Debug, Clone, PartialEq)]
pub enum EditCommand {
    /// Replace a card with an edited copy; `field` names what changed (edits of one field merge
    /// into one undo step).
    SetCard {
        /// Which card.
        addr: ItemAddr,
        /// Its new value.
        card: Box<Card>,
        /// The field edited (`"attack"`, `"name"`, …).
        field: String,
    },
    /// Replace a keyword definition with an edited copy.
    SetKeyword {
        /// Which keyword.
        addr: ItemAddr,
        /// Its new value.
        keyword: Box<KeywordDef>,
        /// The part edited.
        field: String,
    },
    /// Replace a card or keyword with an edited copy as its own undo step, never merged with
    /// the edits around it: adding, removing, duplicating or moving an ability or an effect.
    ReplaceItem {
        /// Which item.
        addr: ItemAddr,
        /// Its new value.
        item: Box<Item>,
        /// What the step is called in the Edit menu ("Add ability").
        label: String,
    },
    /// Change one field on several cards as one undo step (the library's bulk edit).
    BulkEdit {
        /// The cards.
        cards: Vec<ItemAddr>,
        /// What changes on each.
        edit: super::bulk::BulkEdit,
    },
    /// Add a new card (to the first card file, making one if needed) and open it.
    NewCard,
    /// Add a copy of a card and open it.
    DuplicateCard(ItemAddr),
    /// Delete a card or keyword.
    Delete(ItemAddr),
    /// Add a new keyword and open it.
    NewKeyword,
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Save every changed file.
    Save,
    /// Save the pack to a folder picked in a dialog.
    SaveAs,
    /// Pick a pack folder to open.
    OpenDialog,
    /// Pick an empty folder and start a new pack there.
    NewPackDialog,
    /// Open the pack in this folder.
    OpenPack(PathBuf),
    /// Open an item's editor tab (and focus `field` when given).
    Open {
        /// What to open.
        addr: ItemAddr,
        /// The field to focus, if any.
        field: Option<String>,
    },
    /// Bring a panel to the front (opening it where its workspace has it, if it was closed).
    ShowTab(super::tab::Tab),
    /// Close a panel (the View menu brings it back).
    HideTab(super::tab::Tab),
    /// Put the shown workspace's panels back where they started, keeping the open editor tabs.
    ResetLayout,
    /// Put the keyboard focus in the library's search box.
    FocusSearch,
    /// Switch between the light and the dark theme.
    ToggleTheme,
    /// Show or hide the shortcuts overlay.
    ToggleHelp,
    /// Bring back the edits from the recovery file.
    RestoreRecovery,
    /// Throw the recovery file away.
    DiscardRecovery,
    /// The answer to "save changes before closing?".
    CloseAnswer(CloseAnswer),
    /// Files changed on disk by another program (relative paths).
    ReloadFromDisk(Vec<String>),
    /// A battle sandbox action: building the battle, stepping, simulating.
    Sandbox(crate::sandbox::battle::BattleCommand),
    /// A Rules tab action: pick a rules scenario, step through it.
    Rules(crate::sandbox::rules::RulesCommand),
    /// Run every scenario of the pack and show the results in the Library's Scenarios list.
    RunAllScenarios,
    /// A Balance panel action.
    Balance(BalanceCommand),
    /// An edit made in a glyph network tab.
    Glyph {
        /// The network's file (relative path).
        file: String,
        /// What changed.
        edit: GlyphEdit,
    },
    /// An edit made in an encounter tab.
    Encounter {
        /// The encounter's file (relative path).
        file: String,
        /// What changed.
        edit: EncounterEdit,
    },
    /// A glyph network tab's sandbox: a step, a seek, an injection.
    GlyphSandbox {
        /// The network's file (relative path).
        file: String,
        /// What the sandbox asked for.
        command: GlyphSandboxCommand,
    },
    /// An encounter tab's sandbox: a step, a seek, Simulate, the policies switch.
    EncounterSandbox {
        /// The encounter's file (relative path).
        file: String,
        /// What the sandbox asked for.
        command: EncounterSandboxCommand,
    },
    /// Ask where to save an encounter's printable sheet (a dialog), then write it.
    ExportSheet(String),
    /// Open a glyph network or encounter file in its tab.
    OpenFile(String),
    /// Rename a keyword or a card id everywhere the pack uses it (one undoable edit).
    Rename(sigilforge_engine::rename::Rename),
    /// Add a new glyph network file under `glyphs/` and open it.
    NewGlyphNetwork,
    /// Add a new encounter file under `encounters/` and open it.
    NewEncounter,
    /// Open a creature's, tabletop ability's or status condition's editor tab.
    OpenTabletop(super::tabletop_items::TabletopAddr),
    /// Replace a creature, tabletop ability or status with its edited copy: a value typed
    /// merges into one undo step per field, a structural edit is its own step.
    SetTabletop {
        /// Which item.
        addr: super::tabletop_items::TabletopAddr,
        /// Its new value.
        item: Box<super::tabletop_items::TabletopItem>,
        /// What the form says the edit was.
        change: crate::form::FormChange,
    },
    /// Add a new creature, tabletop ability or status and open it.
    NewTabletop(super::tabletop_items::TabletopKind),
    /// Add a copy of a creature, tabletop ability or status after it and open the copy.
    DuplicateTabletop(super::tabletop_items::TabletopAddr),
    /// Remove a creature, tabletop ability or status.
    DeleteTabletop(super::tabletop_items::TabletopAddr),
    /// Write a deck list over the deck in this file (one undo step).
    SetDeck {
        /// The deck file (relative path).
        file: String,
        /// The deck as edited.
        deck: sigilforge_engine::model::DeckList,
        /// What the step is called ("Add Wolf").
        label: String,
    },
    /// Add an empty deck file under `decks/` and show it in the deck editor.
    NewDeck,
    /// Merge with the choices made in the conflict dialog.
    ResolveConflicts,
    /// A file's text was edited in the text view.
    SetText {
        /// The file (relative path).
        file: String,
        /// Its whole new text.
        text: String,
    },
    /// A File menu output: card images, print sheet, Tabletop Simulator deck, CSV.
    Output(crate::sets::output_command::OutputCommand),
    /// Open a file as text, with the cursor at a place.
    OpenText {
        /// The file (relative path).
        file: String,
        /// Where to put the cursor.
        at: Option<sigilforge_engine::diag::Location>,
    },
}

/// The choices of the close dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloseAnswer {
    /// Save, then close.
    Save,
    /// Close without saving.
    Discard,
    /// Keep the window open.
    Cancel,
}

/// What the Balance panel asks the editor for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BalanceCommand {
    /// Run a balance of the pack as edited, with the panel's settings.
    Run,
    /// Stop the run in progress (nothing of it is kept).
    Cancel,
    /// A/B the pack as edited against another version, with the panel's settings: the pack as
    /// saved (`None`), another folder or a git revision of the pack's folder.
    Compare(Option<sigilforge_engine::balance::baseline::Against>),
    /// Ask for the folder to compare with (a file dialog; its answer is a `Compare`).
    PickFolder,
    /// Stop the comparison in progress.
    CancelCompare,
    /// Open a flipped game of the comparison (its index) in both versions.
    OpenFlip(usize),
    /// Search the smallest change to one number of this flagged card (its id).
    Suggest(String),
    /// A control of one side of the opened flipped game.
    FlipStep {
        /// The edited version's side (else the saved one's).
        after: bool,
        /// What its sandbox panel asked for.
        command: crate::sandbox::SandboxCommand,
    },
}
