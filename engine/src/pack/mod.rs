//! Packs: a folder of RON files plus `pack.ron`.
//!
//! Loading reads every `.ron` file under the folder (sorted, so results never depend on the
//! order the file system lists them), tells what each holds by its leading tag (`CardSet(`,
//! `KeywordSet(`, `BattleScenario(`, …), and collects **every** problem with file, line and
//! column. A pack with errors still opens with whatever parsed; files that could not be read
//! are kept as text so saving never loses them. Saving writes canonical RON atomically and only
//! touches files whose content changed, so an unchanged pack saves byte-identical.

mod commands;
mod migrate;
mod validate;

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostics, Location};
use crate::encounter::{AbilityLibrary, Encounter};
use crate::glyph::GlyphNetwork;
use crate::model::StatusLibrary;
use crate::model::{
    BattleScenario, Card, CardSet, KeywordDef, KeywordSet, PackManifest, StatBlockSet,
};
use crate::ron_io::{self, WriteError};
use crate::rules::scenario::RulesScenario;

pub use commands::{check_as_run, fmt_command, validate_command};
pub use migrate::migrate;
pub use validate::validate;

/// The manifest's file name at a pack's root.
pub const MANIFEST_FILE: &str = "pack.ron";
/// Tag of the manifest file.
pub const MANIFEST_TAG: &str = "Pack";
/// At most this many files are read from one pack (a guard against pointing at `/`).
pub const MAX_PACK_FILES: usize = 20_000;

/// What one content file holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Content {
    /// `CardSet(cards: [...])`.
    Cards(CardSet),
    /// `KeywordSet(keywords: [...])`.
    Keywords(KeywordSet),
    /// `BattleScenario(...)`.
    BattleScenario(BattleScenario),
    /// `GlyphNetwork(...)`.
    GlyphNetwork(GlyphNetwork),
    /// `StatBlockSet(creatures: [...])`.
    StatBlocks(StatBlockSet),
    /// `AbilityLibrary(...)`: tabletop abilities with headers, and the pack's dice rule.
    AbilityLibrary(AbilityLibrary),
    /// `StatusLibrary(...)`: status conditions as data.
    StatusLibrary(StatusLibrary),
    /// `Encounter(...)`: a tabletop encounter.
    Encounter(Box<Encounter>),
    /// `RulesScenario(...)`: a rules regression case for the rules sandbox.
    RulesScenario(Box<RulesScenario>),
    /// A file this build cannot read (a syntax error, or a kind it does not know). Its text is
    /// kept exactly as it was, so saving the pack writes it back unchanged.
    Unread {
        /// The leading tag, if one was found.
        tag: Option<String>,
        /// The file's text.
        source: String,
    },
}

impl Content {
    /// The tag this content is written with.
    #[must_use]
    pub fn tag(&self) -> Option<&str> {
        match self {
            Content::Cards(_) => Some("CardSet"),
            Content::Keywords(_) => Some("KeywordSet"),
            Content::BattleScenario(_) => Some("BattleScenario"),
            Content::GlyphNetwork(_) => Some("GlyphNetwork"),
            Content::StatBlocks(_) => Some("StatBlockSet"),
            Content::AbilityLibrary(_) => Some("AbilityLibrary"),
            Content::StatusLibrary(_) => Some("StatusLibrary"),
            Content::Encounter(_) => Some("Encounter"),
            Content::RulesScenario(_) => Some("RulesScenario"),
            Content::Unread { tag, .. } => tag.as_deref(),
        }
    }

    /// The canonical text of this content (an unread file's original text).
    pub fn to_text(&self) -> Result<String, ron::Error> {
        match self {
            Content::Cards(v) => ron_io::to_canonical("CardSet", v),
            Content::Keywords(v) => ron_io::to_canonical("KeywordSet", v),
            Content::BattleScenario(v) => ron_io::to_canonical("BattleScenario", v),
            Content::GlyphNetwork(v) => ron_io::to_canonical("GlyphNetwork", v),
            Content::StatBlocks(v) => ron_io::to_canonical("StatBlockSet", v),
            Content::AbilityLibrary(v) => ron_io::to_canonical("AbilityLibrary", v),
            Content::StatusLibrary(v) => ron_io::to_canonical("StatusLibrary", v),
            Content::Encounter(v) => ron_io::to_canonical("Encounter", v),
            Content::RulesScenario(v) => ron_io::to_canonical("RulesScenario", v),
            Content::Unread { source, .. } => Ok(source.clone()),
        }
    }

    /// Parses `source` by its leading tag. Unknown tags and unreadable files come back as
    /// [`Content::Unread`] with the problem recorded.
    pub fn parse(source: &str, file: &Path, diags: &mut Diagnostics) -> Content {
        let tag = ron_io::leading_tag(source);
        let unread = || Content::Unread {
            tag: tag.map(str::to_owned),
            source: source.to_owned(),
        };
        let parsed = match tag {
            Some("CardSet") => ron_io::parse(source, file, diags).map(Content::Cards),
            Some("KeywordSet") => ron_io::parse(source, file, diags).map(Content::Keywords),
            Some("BattleScenario") => {
                ron_io::parse(source, file, diags).map(Content::BattleScenario)
            }
            Some("GlyphNetwork") => ron_io::parse(source, file, diags).map(Content::GlyphNetwork),
            Some("StatBlockSet") => ron_io::parse(source, file, diags).map(Content::StatBlocks),
            Some("AbilityLibrary") => {
                ron_io::parse(source, file, diags).map(Content::AbilityLibrary)
            }
            Some("StatusLibrary") => ron_io::parse(source, file, diags).map(Content::StatusLibrary),
            Some("Encounter") => {
                ron_io::parse(source, file, diags).map(|e| Content::Encounter(Box::new(e)))
            }
            Some("RulesScenario") => {
                ron_io::parse(source, file, diags).map(|r| Content::RulesScenario(Box::new(r)))
            }
            Some(other) => {
                diags.error(
                    file,
                    Location::START,
                    format!(
                        "`{other}(` is not a kind of Sigilforge file (expected one of: {})",
                        KNOWN_TAGS.join(", ")
                    ),
                );
                None
            }
            None => {
                diags.error(
                    file,
                    Location::START,
                    format!(
                        "a content file must start with what it holds, e.g. `CardSet(` (one of: {})",
                        KNOWN_TAGS.join(", ")
                    ),
                );
                None
            }
        };
        parsed.unwrap_or_else(unread)
    }
}

/// Tags this build reads.
pub const KNOWN_TAGS: [&str; 9] = [
    "CardSet",
    "KeywordSet",
    "BattleScenario",
    "GlyphNetwork",
    "StatBlockSet",
    "AbilityLibrary",
    "StatusLibrary",
    "Encounter",
    "RulesScenario",
];

/// One file of a pack.
#[derive(Debug, Clone, PartialEq)]
pub struct PackFile {
    /// Path relative to the pack root, with `/` separators (`battle-line/cards.ron`).
    pub path: String,
    /// What it holds now.
    pub content: Content,
    /// What it held when loaded or last saved; a file equal to this is not rewritten.
    saved: Option<Content>,
    /// Its text when loaded, for locating problems found after parsing.
    pub source: String,
}

impl PackFile {
    /// A new file that has never been saved.
    #[must_use]
    pub fn new(path: impl Into<String>, content: Content) -> Self {
        Self {
            path: path.into(),
            content,
            saved: None,
            source: String::new(),
        }
    }

    /// Whether this file differs from what is on disk.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.saved.as_ref() != Some(&self.content)
    }
}

/// A loaded pack.
#[derive(Debug, Clone, PartialEq)]
pub struct Pack {
    /// The folder it was loaded from (or will be saved to).
    pub root: PathBuf,
    /// `pack.ron`.
    pub manifest: PackManifest,
    manifest_saved: Option<PackManifest>,
    /// Its content files, sorted by path.
    pub files: Vec<PackFile>,
}

impl Pack {
    /// A new, empty pack at `root` (nothing is written until it is saved).
    #[must_use]
    pub fn new(root: &Path, manifest: PackManifest) -> Self {
        Self {
            root: root.to_owned(),
            manifest,
            manifest_saved: None,
            files: Vec::new(),
        }
    }

    /// Every card in the pack with the file it is in, in file order.
    pub fn cards(&self) -> impl Iterator<Item = (&PackFile, &Card)> {
        self.files.iter().flat_map(|f| match &f.content {
            Content::Cards(set) => set.cards.iter().map(move |c| (f, c)).collect::<Vec<_>>(),
            _ => Vec::new(),
        })
    }

    /// Every keyword definition in the pack, in file order.
    pub fn keywords(&self) -> impl Iterator<Item = (&PackFile, &KeywordDef)> {
        self.files.iter().flat_map(|f| match &f.content {
            Content::Keywords(set) => set.keywords.iter().map(move |k| (f, k)).collect::<Vec<_>>(),
            _ => Vec::new(),
        })
    }

    /// The card with this id, if any.
    #[must_use]
    pub fn card(&self, id: &str) -> Option<&Card> {
        self.cards().map(|(_, c)| c).find(|c| c.id == id)
    }

    /// The file at this relative path.
    #[must_use]
    pub fn file(&self, path: &str) -> Option<&PackFile> {
        self.files.iter().find(|f| f.path == path)
    }

    /// Whether anything differs from disk.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.manifest_saved.as_ref() != Some(&self.manifest)
            || self.files.iter().any(PackFile::is_dirty)
    }

    /// Writes every changed file (and the manifest) atomically; unchanged files are not touched.
    /// Returns the relative paths written.
    pub fn save(&mut self) -> Result<Vec<String>, SaveError> {
        let mut written = Vec::new();
        if self.manifest_saved.as_ref() != Some(&self.manifest) {
            let text = ron_io::to_canonical(MANIFEST_TAG, &self.manifest).map_err(|e| {
                SaveError::Serialize {
                    path: MANIFEST_FILE.into(),
                    message: e.to_string(),
                }
            })?;
            ron_io::write_atomic(&self.root.join(MANIFEST_FILE), &text)?;
            self.manifest_saved = Some(self.manifest.clone());
            written.push(MANIFEST_FILE.to_owned());
        }
        for file in &mut self.files {
            if !file.is_dirty() {
                continue;
            }
            let text = file.content.to_text().map_err(|e| SaveError::Serialize {
                path: file.path.clone(),
                message: e.to_string(),
            })?;
            ron_io::write_atomic(&self.root.join(&file.path), &text)?;
            file.saved = Some(file.content.clone());
            file.source = text;
            written.push(file.path.clone());
        }
        Ok(written)
    }

    /// Saves to a new folder (save as): every file is written there.
    pub fn save_as(&mut self, root: &Path) -> Result<Vec<String>, SaveError> {
        root.clone_into(&mut self.root);
        self.manifest_saved = None;
        for file in &mut self.files {
            file.saved = None;
        }
        self.save()
    }
}

/// Saving failed.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// A value could not be written as RON.
    #[error("cannot write {path}: {message}")]
    Serialize {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
    /// The file system refused.
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// Loads the pack in `root`, recording every problem (parse and cross-reference) in `diags`.
/// Never fails: a missing or broken `pack.ron` is a problem, and a default manifest stands in.
#[must_use]
pub fn load_pack(root: &Path, diags: &mut Diagnostics) -> Pack {
    let manifest_path = root.join(MANIFEST_FILE);
    let fallback = || {
        let name = root
            .file_name()
            .map_or_else(|| "pack".to_owned(), |n| n.to_string_lossy().into_owned());
        PackManifest::new(&name, &name)
    };
    let (manifest, manifest_saved) = match read_text(&manifest_path, diags) {
        Some(text) => match ron_io::parse::<PackManifest>(&text, &manifest_path, diags) {
            Some(m) => (m.clone(), Some(m)),
            None => (fallback(), None),
        },
        None => (fallback(), None),
    };
    if manifest.schema_version > crate::model::CURRENT_SCHEMA_VERSION {
        diags.error(
            &manifest_path,
            Location::START,
            format!(
                "this pack uses schema version {}, newer than this Sigilforge reads ({}); update Sigilforge",
                manifest.schema_version,
                crate::model::CURRENT_SCHEMA_VERSION
            ),
        );
    }
    let mut files = Vec::new();
    for rel in ron_files(root, diags) {
        let path = root.join(&rel);
        let Some(text) = read_text(&path, diags) else {
            continue;
        };
        let text = match migrate(manifest.schema_version, &text) {
            Ok(t) => t,
            Err(message) => {
                diags.error(&path, Location::START, message);
                text
            }
        };
        let content = Content::parse(&text, &path, diags);
        files.push(PackFile {
            path: rel,
            saved: Some(content.clone()),
            content,
            source: text,
        });
    }
    let pack = Pack {
        root: root.to_owned(),
        manifest,
        manifest_saved,
        files,
    };
    validate(&pack, diags);
    pack
}

/// Reads a file as UTF-8 text, refusing oversized files before reading them.
pub(crate) fn read_text(path: &Path, diags: &mut Diagnostics) -> Option<String> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.len() > ron_io::MAX_FILE_BYTES as u64 => {
            diags.error(
                path,
                Location::START,
                format!(
                    "file is {} bytes; the limit is {} bytes",
                    meta.len(),
                    ron_io::MAX_FILE_BYTES
                ),
            );
            return None;
        }
        Ok(_) => {}
        Err(e) => {
            diags.error(path, Location::START, format!("cannot read: {e}"));
            return None;
        }
    }
    match std::fs::read(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Some(text),
            Err(e) => {
                let offset = e.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(e.as_bytes());
                diags.error(
                    path,
                    Location::of_offset(&text, offset),
                    "the file is not valid UTF-8 text here",
                );
                None
            }
        },
        Err(e) => {
            diags.error(path, Location::START, format!("cannot read: {e}"));
            None
        }
    }
}

/// Relative paths of every `.ron` file under `root` except the manifest, sorted. Hidden folders
/// and `target/` are skipped; symlinks are not followed.
fn ron_files(root: &Path, diags: &mut Diagnostics) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel_dir) = stack.pop() {
        let dir = root.join(&rel_dir);
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) => {
                diags.error(&dir, Location::START, format!("cannot list folder: {e}"));
                continue;
            }
        };
        let mut names: Vec<_> = entries.filter_map(Result::ok).collect();
        names.sort_by_key(std::fs::DirEntry::file_name);
        for entry in names {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "target" {
                continue;
            }
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let rel = rel_dir.join(&name);
            if kind.is_dir() {
                stack.push(rel);
            } else if kind.is_file()
                && Path::new(&name).extension().is_some_and(|e| e == "ron")
                && rel != Path::new(MANIFEST_FILE)
            {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
            if out.len() > MAX_PACK_FILES {
                diags.error(
                    root,
                    Location::START,
                    format!("more than {MAX_PACK_FILES} files; is this really a pack folder?"),
                );
                out.sort();
                return out;
            }
        }
    }
    out.sort();
    out
}

/// The pack folder that holds `path`: the nearest ancestor (or itself) with a `pack.ron`.
#[must_use]
pub fn find_pack_root(path: &Path) -> Option<PathBuf> {
    let start = if path.is_dir() { path } else { path.parent()? };
    start
        .ancestors()
        .find(|p| p.join(MANIFEST_FILE).is_file())
        .map(Path::to_path_buf)
}
