//! [`Origin`]: the file a card or keyword definition was read from, with its text, so problems
//! found later (compiling, resolving a scenario) point at the right line.

use std::path::PathBuf;
use std::sync::Arc;

/// Where a definition was read from, kept so later problems can be located.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The file.
    pub file: PathBuf,
    /// Its text.
    pub source: Arc<str>,
}

impl Origin {
    /// An origin for text read from `file`.
    #[must_use]
    pub fn new(file: impl Into<PathBuf>, source: &str) -> Arc<Self> {
        Arc::new(Self {
            file: file.into(),
            source: Arc::from(source),
        })
    }
}
