//! Sigilforge app: the editor (eframe/egui) and the command-line interface, over the engine.

pub mod cli;
pub mod dialogs;
pub mod editor;
pub mod encounter_ui;
pub mod form;
pub mod glyph_ui;
pub mod jobs;
pub mod sandbox;
pub mod tabletop_ui;
