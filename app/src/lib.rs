//! Sigilforge app: the editor (eframe/egui) and the command-line interface, over the engine.
//!
//! Laid out by what the user works on, beside one shell: `shell` (the window, the document and
//! its one `apply`, commands, dock and workspaces, undo history, reload, recovery, and the
//! panels every workspace shares: library, problems, log, text view, help), `cards` (card and
//! keyword editors, preview, battle sandbox, Rules tab), `encounters` (encounter tab, table,
//! creatures, tabletop abilities and statuses), `glyphs` (glyph network editor), `sets`
//! (balance lab, set statistics, decks, outputs), `sandbox` (the one sandbox host every
//! system's sandbox panel runs on), `form` (the one generic form), `cli`.

pub mod cards;
pub mod cli;
pub mod dialogs;
pub mod encounters;
pub mod form;
pub mod glyphs;
pub mod jobs;
pub mod sandbox;
pub mod sets;
pub mod shell;
