//! Sigilforge's outputs: card images, print-and-play PDFs and Tabletop Simulator decks drawn
//! from card templates (SVG with named slots) and the engine's rules-text generator.
//!
//! One drawing per card feeds every output: [`deck::Deck`] fills a template with a card
//! ([`compose`]), usvg parses the result once, and then resvg rasterises it ([`raster`],
//! [`tts`], the editor's preview) or krilla writes it as vector PDF with subset fonts
//! ([`print`]). No GUI dependency; the same pack and options give the same bytes.

mod cache;
pub mod cli;
pub mod compose;
pub mod deck;
pub mod fonts;
pub mod images;
mod layers;
pub mod paper;
pub mod pdf_prefs;
pub mod pixels;
pub mod print;
pub mod progress;
pub mod raster;
pub mod sheet_pdf;
pub mod template;
pub mod text_fit;
pub mod tts;

use std::path::PathBuf;

pub use deck::{BackChoice, Deck};
pub use progress::Progress;

/// Why an output could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A template is broken (located).
    #[error(transparent)]
    Template(#[from] template::TemplateError),
    /// `--cards` named ids the pack does not have.
    #[error("no card with id {0} in the pack")]
    UnknownCards(String),
    /// `--deck` named no deck of the pack, or the deck lists a card the pack lacks.
    #[error(transparent)]
    Deck(#[from] sigilforge_engine::pack::DeckError),
    /// An input file could not be read.
    #[error("{}: {message}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// An output file could not be written.
    #[error("cannot write {}: {message}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// A filled template is not valid SVG (a template problem the parser did not catch).
    #[error("the drawing of {what} is not valid SVG: {message}")]
    Svg {
        /// Which card (or `back`).
        what: String,
        /// usvg's message.
        message: String,
    },
    /// An option is out of range.
    #[error("{0}")]
    Option(String),
    /// The PDF writer failed.
    #[error("cannot make the PDF: {0}")]
    Pdf(String),
    /// The job was cancelled; nothing more was written.
    #[error("cancelled")]
    Cancelled,
}

/// What a finished job wrote.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    /// The files written, in order.
    pub files: Vec<PathBuf>,
    /// How many cards were drawn.
    pub cards: usize,
    /// How many pages (PDF) or sheets (Tabletop Simulator).
    pub pages: usize,
    /// Things to tell the designer, each prefixed with the card id.
    pub warnings: Vec<String>,
}

/// Writes `bytes` to `path` with the engine's one atomic write (temporary file, fsync,
/// rename), so a reader never sees half a file.
pub fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<(), RenderError> {
    sigilforge_engine::atomic::write_bytes_atomic(path, bytes)
        .map(|_| ())
        .map_err(|e| RenderError::Write {
            path: path.to_owned(),
            message: match e {
                sigilforge_engine::atomic::WriteError::Io { source, .. } => source.to_string(),
                sigilforge_engine::atomic::WriteError::Serialize { message, .. } => message,
            },
        })
}
