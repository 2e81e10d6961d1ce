//! Packs: a folder of RON files plus `pack.ron`.
//!
//! Loading reads every `.ron` file under the folder (sorted, so results never depend on the
//! order the file system lists them), tells what each holds by its leading tag (`CardSet(`,
//! `KeywordSet(`, `BattleScenario(`, …), and collects **every** problem with file, line and
//! column. A pack with errors still opens with whatever parsed; files that could not be read
//! are kept as text so saving never loses them. Saving writes canonical RON atomically and only
//! touches files whose content changed, so an unchanged pack saves byte-identical.

mod background;
mod battle_content;
mod commands;
mod decks;
mod item_edit_error;
mod list_edits;
mod merge;
mod migrate;
pub mod scenario_tests;
pub(crate) mod validate;

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostics, Location};
use crate::encounter::{AbilityLibrary, Encounter};
use crate::glyph::GlyphNetwork;
use crate::model::StatusLibrary;
use crate::model::{
    BattleScenario, Card, CardSet, DeckList, KeywordDef, KeywordSet, PackManifest, StatBlockSet,
};
use crate::ron_doc::list::{ListIndex, ListSplice};
use crate::ron_doc::splice::SpliceError;
use crate::ron_io::{self, WriteError};
use crate::rules::scenario::RulesScenario;

pub use background::{BackgroundValidation, Validated};
pub use commands::{
    check_as_run, check_as_run_with, fmt_command, load_for_command, validate_command,
};
pub use decks::DeckError;
pub use item_edit_error::ItemEditError;
pub use list_edits::{ListElement, element_ident, position as list_position};
pub use merge::FileMerge;
pub use migrate::{MigrateError, migrate};
pub use scenario_tests::{ScenarioResult, System, run_scenario, test_command};
pub use validate::validate;

/// The manifest's file name at a pack's root.
pub const MANIFEST_FILE: &str = "pack.ron";

/// The folder, at a pack's root, for what the editor writes while a designer tries things (the
/// try-out scenario, runs saved from it): loaded and validated like any file, but left out of
/// `export` and of `sigilforge test`, so a scratch file never ships or fails a pack.
pub const SCRATCH_DIR: &str = "scratch";

/// Whether a pack-relative, `/`-separated path lies in the [`SCRATCH_DIR`].
#[must_use]
pub fn is_scratch(rel: &str) -> bool {
    rel.strip_prefix(SCRATCH_DIR)
        .is_some_and(|rest| rest.starts_with('/'))
}
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
    /// `GameProfile(...)`: the rules of a card game that differ between games.
    GameProfile(Box<crate::model::GameProfile>),
    /// `Deck(...)`: a deck list, card ids with counts (`docs/formats/deck.md`).
    Deck(DeckList),
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
            Content::GameProfile(_) => Some("GameProfile"),
            Content::Deck(_) => Some("Deck"),
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
            Content::GameProfile(v) => ron_io::to_canonical("GameProfile", v),
            Content::Deck(v) => ron_io::to_canonical("Deck", v),
            Content::Unread { source, .. } => Ok(source.clone()),
        }
    }

    /// Writes this content into `text`, which holds `old`, changing only the items that differ
    /// (see [`crate::ron_doc::splice`]). Fails when `text` does not have `old`'s shape.
    pub fn splice_into(&self, text: &str, old: &Content) -> Result<String, SpliceError> {
        let spliced = self.splice_indexed(text, old, &mut ListIndex::default())?;
        Ok(spliced.text().unwrap_or(text).to_owned())
    }

    /// [`Content::splice_into`] with the list index kept for `text` between saves (see
    /// [`ListIndex`]): one edited card in a long file costs that card.
    fn splice_indexed(
        &self,
        text: &str,
        old: &Content,
        index: &mut ListIndex,
    ) -> Result<ListSplice, SpliceError> {
        use crate::ron_doc::splice::splice_value;
        let listed = match (old, self) {
            (Content::Cards(o), Content::Cards(n)) => {
                index.splice(text, "cards", &o.cards, &n.cards)
            }
            (Content::Keywords(o), Content::Keywords(n)) => {
                index.splice(text, "keywords", &o.keywords, &n.keywords)
            }
            (Content::StatBlocks(o), Content::StatBlocks(n)) => {
                index.splice(text, "creatures", &o.creatures, &n.creatures)
            }
            _ => Err(SpliceError::Mismatch),
        };
        if let Ok(spliced) = listed {
            return Ok(spliced);
        }
        index.clear();
        if old == self {
            return Ok(ListSplice::Unchanged);
        }
        let whole = match (old, self) {
            (Content::Cards(o), Content::Cards(n)) => splice_value(text, o, n),
            (Content::Keywords(o), Content::Keywords(n)) => splice_value(text, o, n),
            (Content::BattleScenario(o), Content::BattleScenario(n)) => splice_value(text, o, n),
            (Content::GlyphNetwork(o), Content::GlyphNetwork(n)) => splice_value(text, o, n),
            (Content::StatBlocks(o), Content::StatBlocks(n)) => splice_value(text, o, n),
            (Content::AbilityLibrary(o), Content::AbilityLibrary(n)) => splice_value(text, o, n),
            (Content::StatusLibrary(o), Content::StatusLibrary(n)) => splice_value(text, o, n),
            (Content::Encounter(o), Content::Encounter(n)) => {
                splice_value(text, o.as_ref(), n.as_ref())
            }
            (Content::RulesScenario(o), Content::RulesScenario(n)) => {
                splice_value(text, o.as_ref(), n.as_ref())
            }
            (Content::GameProfile(o), Content::GameProfile(n)) => {
                splice_value(text, o.as_ref(), n.as_ref())
            }
            (Content::Deck(o), Content::Deck(n)) => splice_value(text, o, n),
            (_, Content::Unread { source, .. }) => Ok(source.clone()),
            _ => Err(SpliceError::Mismatch),
        };
        whole.map(ListSplice::Whole)
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
            Some("GameProfile") => {
                ron_io::parse(source, file, diags).map(|p| Content::GameProfile(Box::new(p)))
            }
            Some("Deck") => ron_io::parse(source, file, diags).map(Content::Deck),
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
pub const KNOWN_TAGS: [&str; 11] = [
    "CardSet",
    "KeywordSet",
    "BattleScenario",
    "GlyphNetwork",
    "StatBlockSet",
    "AbilityLibrary",
    "StatusLibrary",
    "Encounter",
    "RulesScenario",
    "GameProfile",
    "Deck",
];

/// One file of a pack: its value, and its text kept as the person wrote it.
///
/// `source` is the file's text as it would be saved now. It starts as the text read from disk;
/// [`PackFile::sync`] splices each edit of `content` into it (only the changed items are
/// rewritten), so comments, blank lines and the author's layout survive every save.
#[derive(Debug, Clone, PartialEq)]
pub struct PackFile {
    /// Path relative to the pack root, with `/` separators (`battle-line/cards.ron`).
    pub path: String,
    /// What it holds now.
    pub content: Content,
    /// Its text: as loaded, with every synced edit spliced in. Problems are located in it.
    pub source: String,
    /// The value `source` holds (`None`: no text yet, the canonical form is written).
    source_content: Option<Content>,
    /// The text on disk when last loaded or saved; `None` for a file not on disk yet.
    disk: Option<String>,
    /// Where `source`'s list items lie, kept between saves (list files only).
    index: ListIndex,
}

impl PackFile {
    /// A new file that has never been saved (its text will be the canonical form).
    #[must_use]
    pub fn new(path: impl Into<String>, content: Content) -> Self {
        let mut file = Self {
            path: path.into(),
            content,
            source: String::new(),
            source_content: None,
            disk: None,
            index: ListIndex::default(),
        };
        if file.sync().is_err() {
            // A value that cannot be written keeps an empty text: `Pack::save` syncs again
            // and reports the error then, naming the file.
            file.source.clear();
        }
        file
    }

    /// The file at `path` (relative to the pack root) holding `text`, parsed as loading the
    /// pack parses it; `file` names it in the problems parsing reports to `diags`.
    #[must_use]
    pub fn parsed(
        path: impl Into<String>,
        text: String,
        file: &Path,
        diags: &mut Diagnostics,
    ) -> Self {
        let content = Content::parse(&text, file, diags);
        Self::loaded(path, text, content)
    }

    /// A file as read from disk: `text` and the content parsed from it.
    #[must_use]
    pub fn loaded(path: impl Into<String>, text: String, content: Content) -> Self {
        let index = match content {
            Content::Cards(_) | Content::Keywords(_) | Content::StatBlocks(_) => {
                ListIndex::read(&text)
            }
            _ => ListIndex::default(),
        };
        Self {
            path: path.into(),
            source_content: Some(content.clone()),
            content,
            disk: Some(text.clone()),
            source: text,
            index,
        }
    }

    /// Whether this file differs from what is on disk.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        let text = match &self.content {
            Content::Unread { source, .. } => source.as_str(),
            _ if self.source_content.as_ref() != Some(&self.content) => return true,
            _ => self.source.as_str(),
        };
        self.disk.as_deref() != Some(text)
    }

    /// The text on disk when the file was last loaded or saved (`None`: not on disk yet).
    #[must_use]
    pub fn disk_text(&self) -> Option<&str> {
        self.disk.as_deref()
    }

    /// Brings `source` up to date with `content`, rewriting only the items that changed.
    /// Returns whether the text changed.
    ///
    /// The person's text is never replaced behind their back: when the edit cannot be spliced
    /// into it, or the spliced text does not read back as the edited value, the text stays as
    /// it was, the edit stays in `content` (the file is dirty), and the error says so
    /// ([`SaveError::Splice`]); saving then refuses the file until the caller either undoes the
    /// edit or asks for [`PackFile::rewrite_canonical`]. Only a file with no text yet is
    /// written in the canonical form.
    pub fn sync(&mut self) -> Result<bool, SaveError> {
        if let Content::Unread { source, .. } = &self.content {
            let changed = self.source != *source;
            self.source.clone_from(source);
            self.source_content = Some(self.content.clone());
            return Ok(changed);
        }
        let Some(old) = &self.source_content else {
            return self.rewrite_canonical();
        };
        // One look over the items finds what changed (a list file's unchanged save compares
        // each item once, and an edited one costs that item; see `ListIndex`).
        let spliced = self
            .content
            .splice_indexed(&self.source, old, &mut self.index)
            .and_then(|spliced| match spliced {
                ListSplice::Unchanged => Ok(None),
                // `ListIndex` read each spliced item back as its new value, and nothing
                // outside the items moved: the check costs the edited items, not the file.
                ListSplice::Items(text, items) => Ok(Some((text, Some(items)))),
                ListSplice::Whole(text) if self.holds_content(&text) => Ok(Some((text, None))),
                ListSplice::Whole(_) => Err(SpliceError::ReadBack),
            });
        match spliced {
            Ok(None) => Ok(false),
            Ok(Some((text, items))) => Ok(self.take_text(text, items.as_deref())),
            Err(error) => {
                self.index.clear();
                Err(SaveError::Splice {
                    path: self.path.clone(),
                    error,
                })
            }
        }
    }

    /// Replaces the file's text with the canonical form of `content` (comments and layout
    /// are not kept): for a file with no text yet, or when the person chose it after
    /// [`PackFile::sync`] could not splice an edit into their text.
    pub fn rewrite_canonical(&mut self) -> Result<bool, SaveError> {
        self.index.clear();
        let text = self.content.to_text().map_err(|e| SaveError::Serialize {
            path: self.path.clone(),
            message: e.to_string(),
        })?;
        Ok(self.take_text(text, None))
    }

    /// Takes `text` as the file's text, which holds `content` now (`items`: the indices of
    /// the only list items that changed, when known). Returns whether the text changed.
    fn take_text(&mut self, text: String, items: Option<&[usize]>) -> bool {
        let changed = text != self.source;
        self.source = text;
        match (&mut self.source_content, &self.content) {
            (Some(Content::Cards(old)), Content::Cards(new)) => {
                catch_up(&mut old.cards, &new.cards, items);
            }
            (Some(Content::Keywords(old)), Content::Keywords(new)) => {
                catch_up(&mut old.keywords, &new.keywords, items);
            }
            (Some(Content::StatBlocks(old)), Content::StatBlocks(new)) => {
                catch_up(&mut old.creatures, &new.creatures, items);
            }
            (slot, content) => *slot = Some(content.clone()),
        }
        changed
    }

    /// Whether `text` reads back as `content`.
    fn holds_content(&self, text: &str) -> bool {
        let mut ignored = Diagnostics::new();
        Content::parse(text, Path::new(&self.path), &mut ignored) == self.content
    }

    /// Puts `text` in place of the file's text when it reads as the same content: an undo that
    /// puts a removed item back puts back the text it had, its comments included, instead of
    /// the splice's canonical form. Returns whether it did (a text that reads otherwise is
    /// refused, so nothing changes behind the content's back).
    pub fn restore_text(&mut self, text: String) -> bool {
        if text == self.source || !self.holds_content(&text) {
            return false;
        }
        self.source = text;
        self.source_content = Some(self.content.clone());
        self.index.clear();
        true
    }

    /// Replaces the file's text with what a person typed: it is parsed again (problems go to
    /// `diags`); a text that does not parse is kept as it is, so nothing typed is lost.
    pub fn set_text(&mut self, text: String, file: &Path, diags: &mut Diagnostics) {
        self.content = Content::parse(&text, file, diags);
        self.source_content = Some(self.content.clone());
        self.source = text;
        self.index.clear();
    }

    /// Takes what is on disk as the new base: the file was reloaded or merged. `content` stays
    /// as the caller set it; `text` and `disk_content` are the disk's.
    pub fn rebase(&mut self, text: String, disk_content: Content) {
        self.disk = Some(text.clone());
        self.source = text;
        self.source_content = Some(disk_content);
        self.index.clear();
    }

    /// Forgets that the file is on disk (it will be written as new, e.g. by save as).
    pub fn forget_disk(&mut self) {
        self.disk = None;
    }
}

/// Makes `old` equal to `new`, cloning only the items that differ (cheap for one edited item
/// in a long list): `items` when the splice said which, else each item that compares unequal.
fn catch_up<T: Clone + PartialEq>(old: &mut Vec<T>, new: &[T], items: Option<&[usize]>) {
    if let Some(items) = items
        && old.len() == new.len()
    {
        for &i in items {
            if let (Some(o), Some(n)) = (old.get_mut(i), new.get(i)) {
                o.clone_from(n);
            }
        }
        return;
    }
    if old.len() != new.len() {
        *old = new.to_vec();
        return;
    }
    for (o, n) in old.iter_mut().zip(new) {
        if o != n {
            o.clone_from(n);
        }
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
    /// `pack.ron`'s text when last loaded or saved.
    manifest_source: Option<String>,
    /// Its content files, sorted by path.
    pub files: Vec<PackFile>,
}

impl Pack {
    /// The files of a kind (`"CardSet"`) that did not read: while one is broken, what it
    /// would define is unknown, and that is its syntax error's consequence, not a problem of
    /// its own (reported once, at the root).
    #[must_use]
    pub fn unread_files(&self, tag: &str) -> Vec<&str> {
        self.files
            .iter()
            .filter(|f| matches!(&f.content, Content::Unread { tag: Some(t), .. } if t == tag))
            .map(|f| f.path.as_str())
            .collect()
    }

    /// A new, empty pack at `root` (nothing is written until it is saved).
    #[must_use]
    pub fn new(root: &Path, manifest: PackManifest) -> Self {
        Self {
            root: root.to_owned(),
            manifest,
            manifest_saved: None,
            manifest_source: None,
            files: Vec::new(),
        }
    }

    /// Every card in the pack with the file it is in, in file order.
    pub fn cards(&self) -> impl Iterator<Item = (&PackFile, &Card)> {
        // Each file's cards borrowed in place: a walk of a 30,000-card pack allocates nothing.
        self.files.iter().flat_map(|f| {
            let cards: &[Card] = match &f.content {
                Content::Cards(set) => &set.cards,
                _ => &[],
            };
            cards.iter().map(move |c| (f, c))
        })
    }

    /// Every keyword definition in the pack, in file order.
    pub fn keywords(&self) -> impl Iterator<Item = (&PackFile, &KeywordDef)> {
        self.files.iter().flat_map(|f| {
            let keywords: &[KeywordDef] = match &f.content {
                Content::Keywords(set) => &set.keywords,
                _ => &[],
            };
            keywords.iter().map(move |k| (f, k))
        })
    }

    /// The keyword definition this name refers to (case-insensitively, as
    /// [`KeywordDef::matches`]): the pack's own (the first in file order), else the standard
    /// battle-line library's, the same lookup validation uses.
    #[must_use]
    pub fn keyword_def(&self, name: &str) -> Option<&KeywordDef> {
        self.keywords()
            .map(|(_, k)| k)
            .find(|k| k.matches(name))
            .or_else(|| {
                validate::standard_keywords()
                    .keywords
                    .iter()
                    .find(|k| k.matches(name))
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
        self.is_manifest_dirty() || self.files.iter().any(PackFile::is_dirty)
    }

    /// Whether `pack.ron` differs from disk (an editor that tracks each file's
    /// [`PackFile::is_dirty`] itself asks this for the rest of [`Pack::is_dirty`]).
    #[must_use]
    pub fn is_manifest_dirty(&self) -> bool {
        self.manifest_saved.as_ref() != Some(&self.manifest)
    }

    /// The file at this relative path, to change it.
    #[must_use]
    pub fn file_mut(&mut self, path: &str) -> Option<&mut PackFile> {
        self.files.iter_mut().find(|f| f.path == path)
    }

    /// Splices every edited file's content into its text (see [`PackFile::sync`]).
    pub fn sync_sources(&mut self) -> Result<(), SaveError> {
        for file in &mut self.files {
            file.sync()?;
        }
        Ok(())
    }

    /// Writes every changed file (and the manifest) atomically; unchanged files are not touched.
    /// Only the items that changed are rewritten: comments and layout stay. A file changed on
    /// disk since it was loaded is not overwritten ([`SaveError::ChangedOnDisk`]; nothing is
    /// written then). Returns the relative paths written.
    pub fn save(&mut self) -> Result<Vec<String>, SaveError> {
        self.save_checked(true)
    }

    fn save_checked(&mut self, check_disk: bool) -> Result<Vec<String>, SaveError> {
        self.sync_sources()?;
        let manifest_text = if self.manifest_saved.as_ref() == Some(&self.manifest) {
            None
        } else {
            let spliced = match (&self.manifest_source, &self.manifest_saved) {
                (Some(text), Some(old)) => {
                    crate::ron_doc::splice::splice_value(text, old, &self.manifest).ok()
                }
                _ => None,
            };
            Some(match spliced {
                Some(t) => t,
                None => ron_io::to_canonical(MANIFEST_TAG, &self.manifest).map_err(|e| {
                    SaveError::Serialize {
                        path: MANIFEST_FILE.into(),
                        message: e.to_string(),
                    }
                })?,
            })
        };
        // Which files to write: after the sync each text says what its content says, so a
        // file is to be written when its text is not what the disk holds (no item compared).
        let dirty: Vec<bool> = self
            .files
            .iter()
            .map(|f| f.disk.as_deref() != Some(f.source.as_str()))
            .collect();
        if check_disk {
            if manifest_text.is_some() {
                check_unchanged(&self.root, MANIFEST_FILE, self.manifest_source.as_deref())?;
            }
            for (file, _) in self.files.iter().zip(&dirty).filter(|(_, d)| **d) {
                check_unchanged(&self.root, &file.path, file.disk.as_deref())?;
            }
        }
        let mut written = Vec::new();
        if let Some(text) = manifest_text {
            ron_io::write_atomic(&self.root.join(MANIFEST_FILE), &text)?;
            self.manifest_saved = Some(self.manifest.clone());
            self.manifest_source = Some(text);
            written.push(MANIFEST_FILE.to_owned());
        }
        for (file, _) in self.files.iter_mut().zip(dirty).filter(|(_, d)| *d) {
            let path = self.root.join(&file.path);
            if check_disk {
                // Just checked: the disk holds `file.disk`, which differs from the source.
                crate::atomic::replace_atomic(&path, file.source.as_bytes())?;
            } else {
                ron_io::write_atomic(&path, &file.source)?;
            }
            file.disk = Some(file.source.clone());
            written.push(file.path.clone());
        }
        Ok(written)
    }

    /// Saves to a new folder (save as): every file is written there.
    pub fn save_as(&mut self, root: &Path) -> Result<Vec<String>, SaveError> {
        root.clone_into(&mut self.root);
        self.manifest_saved = None;
        for file in &mut self.files {
            file.forget_disk();
        }
        self.save_checked(false)
    }

    /// Takes `text` as `pack.ron`'s text on disk (after a reload).
    pub fn rebase_manifest(&mut self, text: String, manifest: PackManifest) {
        self.manifest_source = Some(text);
        self.manifest_saved = Some(manifest);
    }
}

/// Fails when the file on disk is no longer what was loaded (`expected`; `None`: it should not
/// exist): someone else changed it, and writing would throw their change away unseen.
fn check_unchanged(root: &Path, rel: &str, expected: Option<&str>) -> Result<(), SaveError> {
    let on_disk = std::fs::read(root.join(rel)).ok();
    let same = match (&on_disk, expected) {
        (None, None) => true,
        (Some(bytes), Some(text)) => bytes.as_slice() == text.as_bytes(),
        _ => false,
    };
    if same {
        Ok(())
    } else {
        Err(SaveError::ChangedOnDisk {
            path: rel.to_owned(),
        })
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
    /// An edit could not be written into the file's text as the person wrote it (the text
    /// does not have the shape it was loaded with, or the spliced text would not read back as
    /// the edit). The text is kept as it was and the edit waits in the file's content.
    #[error(
        "{path}: the edit cannot be written into the file's text without rewriting it ({error}); the text is kept as it was and the edit is not saved"
    )]
    Splice {
        /// The file (relative path).
        path: String,
        /// What went wrong.
        #[source]
        error: SpliceError,
    },
    /// The file changed on disk since it was loaded; it must be merged before saving.
    #[error("{path} changed on disk since it was loaded: reload it to merge the changes first")]
    ChangedOnDisk {
        /// The file (relative path).
        path: String,
    },
}

/// Loads the pack in `root`, recording every problem (parse and cross-reference) in `diags`.
/// Never fails: a missing or broken `pack.ron` is a problem, and a default manifest stands in.
#[must_use]
pub fn load_pack(root: &Path, diags: &mut Diagnostics) -> Pack {
    let pack = read_pack(root, diags);
    validate(&pack, diags);
    pack
}

/// Reads the pack in `root` like [`load_pack`], recording the problems of reading each file,
/// without the cross-file validation (for a caller that validates on its own).
#[must_use]
pub fn read_pack(root: &Path, diags: &mut Diagnostics) -> Pack {
    let manifest_path = root.join(MANIFEST_FILE);
    let fallback = || {
        let name = root
            .file_name()
            .map_or_else(|| "pack".to_owned(), |n| n.to_string_lossy().into_owned());
        PackManifest::new(&name, &name)
    };
    let (manifest, manifest_saved, manifest_source) = match read_text(&manifest_path, diags) {
        Some(text) => match ron_io::parse::<PackManifest>(&text, &manifest_path, diags) {
            Some(m) => (m.clone(), Some(m), Some(text)),
            None => (fallback(), None, Some(text)),
        },
        None => (fallback(), None, None),
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
        if let Some(file) = load_file(root, &rel, manifest.schema_version, diags) {
            files.push(file);
        }
    }
    Pack {
        root: root.to_owned(),
        manifest,
        manifest_saved,
        manifest_source,
        files,
    }
}

/// Reads one content file of a pack (`rel` under `root`) the way loading the pack does:
/// size check, UTF-8, schema migration, then parsing by its tag. Every problem goes to `diags`.
/// `None` when it cannot be read as text at all.
pub fn load_file(
    root: &Path,
    rel: &str,
    schema_version: u32,
    diags: &mut Diagnostics,
) -> Option<PackFile> {
    let path = root.join(rel);
    let text = read_text(&path, diags)?;
    let text = match migrate(schema_version, &text) {
        Ok(t) => t,
        Err(error) => {
            diags.error(&path, Location::START, error.to_string());
            text
        }
    };
    Some(PackFile::parsed(rel, text, &path, diags))
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
