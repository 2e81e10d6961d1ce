//! The set as a whole and what leaves the editor: the balance lab (odds, A/B, suggested
//! fixes), set statistics, the deck editor, and the outputs (pack export and import, card
//! images, print sheets, Tabletop Simulator decks, CSV).

pub mod balance;
pub mod balance_ab;
pub mod balance_suggest;
pub mod deck_editor;
pub mod output_command;
pub mod outputs;
pub mod set_panel;
