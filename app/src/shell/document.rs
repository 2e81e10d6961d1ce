//! The document: the open pack, its problems, and the primitive changes `App::apply` makes to
//! it. Panels only ever read a `&Document`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};
use sigilforge_engine::diag::{Diagnostic, Diagnostics};
use sigilforge_engine::locate::ListItems;
use sigilforge_engine::model::{Card, CardSet, KeywordDef, KeywordSet};
use sigilforge_engine::pack::{
    Content, FileMerge, ItemEditError, ListElement, Pack, PackFile, SaveError, element_ident,
    list_position, validate,
};
use sigilforge_engine::ron_doc::parts::{ItemEdit, ItemKey, Side, element};
use sigilforge_engine::ron_doc::splice::SpliceError;

use super::apply::key::ApplyKey;
use super::census::CardCensus;

/// Documents made in this process, counted: each gets its own number, so a cache keyed by a
/// [`Revision`] never takes one document's state for another's.
static DOCUMENTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A document and one of its generations: what a cache remembers it was built from, to ask
/// [`Document::files_changed_since`] what changed since.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Revision {
    document: u64,
    generation: u64,
}

/// Which list of a file an item lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ItemKind {
    /// A card in a `CardSet` file.
    Card,
    /// A keyword in a `KeywordSet` file.
    Keyword,
}

/// Where a card or keyword is now: its file (relative path) and its index in that file's list.
/// A transient address (a command's target, a tab, a problem's item): what a change holds and
/// what a saved layout keeps name the item by its id instead.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ItemAddr {
    /// Card or keyword.
    pub kind: ItemKind,
    /// The file's path relative to the pack root.
    pub file: String,
    /// Index in the file's list.
    pub index: usize,
}

impl ItemAddr {
    /// A card's address.
    #[must_use]
    pub fn card(file: &str, index: usize) -> Self {
        Self {
            kind: ItemKind::Card,
            file: file.to_owned(),
            index,
        }
    }

    /// A keyword's address.
    #[must_use]
    pub fn keyword(file: &str, index: usize) -> Self {
        Self {
            kind: ItemKind::Keyword,
            file: file.to_owned(),
            index,
        }
    }
}

/// A card or a keyword, by value: what commands and the typed change helpers speak in.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A card.
    Card(Card),
    /// A keyword definition.
    Keyword(KeywordDef),
}

/// One reversible change to the pack. Items change through one shape, [`Change::Items`], keyed
/// by identity: a card or keyword by its id (resp. name), anything else by its field or element
/// name. Panels and commands speak in cards and keywords through the typed helpers
/// ([`Change::card_replaced`], [`Change::item_inserted`], …), which build those item edits.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A new, empty content file is created.
    CreateFile {
        /// Relative path.
        path: String,
        /// Its (empty) content.
        content: Content,
    },
    /// A file created in this session is dropped again (undoing its creation).
    DeleteFile {
        /// Relative path.
        path: String,
        /// Its content.
        content: Content,
    },
    /// Items of a file change (cards, keywords, glyphs, encounters' parts, any kind): each
    /// item named by its identity, with its text before and after, so undo can check the item
    /// still holds what this change left there. A card or keyword is found by its id (its
    /// edit's index a hint) and only that item is read again.
    Items {
        /// Relative path.
        path: String,
        /// The item edits, applied all or nothing.
        edits: Vec<ItemEdit>,
    },
    /// A file's text changes (typed in the text view); it is parsed again.
    Text {
        /// Relative path.
        path: String,
        /// The text before.
        before: String,
        /// The text after.
        after: String,
    },
}

impl Change {
    /// The change that undoes this one.
    #[must_use]
    pub fn inverse(&self) -> Change {
        match self {
            Change::CreateFile { path, content } => Change::DeleteFile {
                path: path.clone(),
                content: content.clone(),
            },
            Change::DeleteFile { path, content } => Change::CreateFile {
                path: path.clone(),
                content: content.clone(),
            },
            Change::Items { path, edits } => Change::Items {
                path: path.clone(),
                edits: edits.iter().rev().map(ItemEdit::inverse).collect(),
            },
            Change::Text {
                path,
                before,
                after,
            } => Change::Text {
                path: path.clone(),
                before: after.clone(),
                after: before.clone(),
            },
        }
    }

    /// A card of `file` (at `index` now) changes from `before` to `after`.
    pub fn card_replaced(
        file: &str,
        index: usize,
        before: &Card,
        after: &Card,
    ) -> Result<Change, ChangeError> {
        list_change(file, index, Some(before), Some(after))
    }

    /// A card or keyword of `file` (at `index` now) changes from `before` to `after` (both of
    /// one kind).
    pub fn item_replaced(
        file: &str,
        index: usize,
        before: &Item,
        after: &Item,
    ) -> Result<Change, ChangeError> {
        match (before, after) {
            (Item::Card(b), Item::Card(a)) => list_change(file, index, Some(b), Some(a)),
            (Item::Keyword(b), Item::Keyword(a)) => list_change(file, index, Some(b), Some(a)),
            _ => Err(ChangeError::KindChanged(file.to_owned())),
        }
    }

    /// A card or keyword goes into `file` at `index`.
    pub fn item_inserted(file: &str, index: usize, item: &Item) -> Result<Change, ChangeError> {
        match item {
            Item::Card(c) => list_change(file, index, None, Some(c)),
            Item::Keyword(k) => list_change(file, index, None, Some(k)),
        }
    }

    /// The card or keyword at `index` of `file` goes.
    pub fn item_removed(file: &str, index: usize, item: &Item) -> Result<Change, ChangeError> {
        match item {
            Item::Card(c) => list_change(file, index, Some(c), None),
            Item::Keyword(k) => list_change(file, index, Some(k), None),
        }
    }

    /// Whether the change adds or removes items of a card or keyword list (more of one than of
    /// the other): the items after them move, and the editor tabs with them.
    #[must_use]
    pub fn moves_items(&self) -> bool {
        let Change::Items { edits, .. } = self else {
            return false;
        };
        let came = edits.iter().filter(|e| e.before.is_none()).count();
        let went = edits.iter().filter(|e| e.after.is_none()).count();
        came != went
    }

    /// The file the change is in.
    #[must_use]
    pub fn path(&self) -> &str {
        match self {
            Change::CreateFile { path, .. }
            | Change::DeleteFile { path, .. }
            | Change::Items { path, .. }
            | Change::Text { path, .. } => path,
        }
    }
}

/// The item edits of one card or keyword of `file` (at `index`): each side serialized alone
/// (one item, never its file). An item whose id changes is the old one going and the new one
/// coming at the same place (as `parts::diff` has it), so undo finds each by its own id.
fn list_change<T: ListElement>(
    file: &str,
    index: usize,
    before: Option<&T>,
    after: Option<&T>,
) -> Result<Change, ChangeError> {
    let side = |value: Option<&T>| {
        value
            .map(|v| {
                element(v).map_err(|source| ChangeError::Serialize {
                    path: file.to_owned(),
                    source,
                })
            })
            .transpose()
    };
    let key = |name: &str| ItemKey::Element(T::FIELD.to_owned(), name.to_owned());
    let edit = |name: &str, before: Option<String>, after: Option<String>| ItemEdit {
        key: key(name),
        before,
        after,
        index,
    };
    let edits = match (side(before)?, side(after)?) {
        (Some((was, b)), Some((name, a))) if was != name => {
            vec![edit(&was, Some(b), None), edit(&name, None, Some(a))]
        }
        (Some((name, b)), a) => vec![edit(&name, Some(b), a.map(|(_, a)| a))],
        (None, Some((name, a))) => vec![edit(&name, None, Some(a))],
        (None, None) => Vec::new(),
    };
    Ok(Change::Items {
        path: file.to_owned(),
        edits,
    })
}

/// The one edit of a card or keyword list a change makes, if that is all it does.
fn single_list_edit(change: &Change) -> Option<&ItemEdit> {
    match change {
        Change::Items { edits, .. } => match edits.as_slice() {
            [edit] if matches!(&edit.key, ItemKey::Element(f, _) if f == Card::FIELD || f == KeywordDef::FIELD) => {
                Some(edit)
            }
            _ => None,
        },
        _ => None,
    }
}

/// A validation problem, with the item it belongs to when one could be found.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The engine's diagnostic.
    pub diagnostic: Diagnostic,
    /// The item at the problem's line, if any.
    pub item: Option<ItemAddr>,
    /// The field of the item whose text the problem points at (`"keywords"`, `"id"`).
    pub field: Option<String>,
}

/// Why a change was refused. The document is left as it was.
#[derive(Debug, thiserror::Error)]
pub enum ChangeError {
    /// No pack is open.
    #[error("no pack is open")]
    NoPack,
    /// The file is not (or no longer) in the pack.
    #[error("{0} is not in the pack")]
    NotInPack(String),
    /// A file to create is there already.
    #[error("{0} already exists")]
    AlreadyExists(String),
    /// A file to drop holds something else than the change recorded.
    #[error("{0} changed since; it is kept")]
    FileChanged(String),
    /// A file's text is not the text the change recorded.
    #[error("{0}: its text changed since")]
    TextChanged(String),
    /// A change would turn a card into a keyword or a keyword into a card.
    #[error("{0}: a card cannot become a keyword, nor a keyword a card")]
    KindChanged(String),
    /// An item could not be written as text for its change.
    #[error("{path}: {source}")]
    Serialize {
        /// The file.
        path: String,
        /// Why.
        source: SpliceError,
    },
    /// Item edits of a file were refused.
    #[error("{path}: {source}")]
    Items {
        /// The file.
        path: String,
        /// Why.
        source: ItemEditError,
    },
    /// The changed value could not be written into the file's text.
    #[error("{path}: {source}")]
    Sync {
        /// The file.
        path: String,
        /// Why.
        source: SaveError,
    },
}

/// What the disk did to the pack's files, as the editor takes it in (an outside edit). These
/// change the document too, so they go through `apply` like every edit, but are no undo step:
/// undo takes back the user's edits, never the disk's.
#[derive(Debug, Clone)]
pub enum DiskChange {
    /// A file appeared on disk, read by the start-up loader with its reading problems.
    Added {
        /// The file as read.
        file: Box<PackFile>,
        /// Its reading problems.
        problems: Diagnostics,
    },
    /// A file was deleted on disk (and had no unsaved edits here, or the user took the disk's side).
    Removed {
        /// Relative path.
        path: String,
    },
    /// A file was renamed on disk (the new path holds the old one's text).
    Renamed {
        /// Old relative path.
        from: String,
        /// New relative path.
        to: String,
    },
    /// A file deleted on disk is kept here with its edits: saving writes it again.
    KeptDeleted {
        /// Relative path.
        path: String,
    },
    /// A file changed on disk: merged item by item with the edits here (base = the text last
    /// loaded), items changed on both sides taken as `choices` say.
    Merged {
        /// Relative path.
        path: String,
        /// The text on disk.
        text: String,
        /// What that text holds, as the loader read it.
        content: Box<Content>,
        /// Its reading problems.
        problems: Diagnostics,
        /// For items changed on both sides: which side to keep.
        choices: BTreeMap<ItemKey, Side>,
    },
}

/// The open pack and what the editor knows about it. Panels read it through `&Document`; every
/// method that changes it takes an [`ApplyKey`], which only `editor/apply.rs` can make.
#[derive(Debug, Clone)]
pub struct Document {
    pack: Pack,
    /// Problems found reading each file (syntax errors, unknown fields): kept across
    /// re-validation, replaced when that file is read again (reloaded, or its text edited).
    load_problems: Vec<Diagnostic>,
    /// Every current problem (load problems plus the latest validation).
    problems: Vec<Problem>,
    /// Files that differ from disk (updated once per change).
    dirty_files: BTreeSet<String>,
    /// The text removed cards and keywords had in their file, comments above them included
    /// (file, item, text), newest last: an undo that puts one back puts back that text.
    removed_texts: Vec<RemovedText>,
    /// Cards and keywords (file, id or name) edited since their file was last in step with
    /// the disk: an editor tab shows the unsaved dot for its own item only, not for every
    /// item of a dirty file.
    edited_items: BTreeSet<(String, String)>,
    pack_dirty: bool,
    /// Bumped on every change, so caches know when to recompute.
    generation: u64,
    /// This document's number (see [`Revision`]).
    id: u64,
    /// The generation at which each file's content last changed (files never changed are
    /// absent): a cache over all cards updates only the files changed since it was built.
    file_changed: BTreeMap<String, u64>,
    /// The generation at which a file last appeared, went or was renamed.
    files_listed: u64,
    /// What the cards use, counted per file, kept up to date by every change.
    census: CardCensus,
}

impl Document {
    /// Wraps a pack as `read_pack` returned it, with the problems reading its files found;
    /// validates it once.
    #[must_use]
    pub fn new(pack: Pack, read_diags: &Diagnostics) -> Self {
        let mut doc = Self::unchecked(pack, read_diags);
        let validation = doc.validation();
        doc.set_problems(validation);
        doc
    }

    /// [`Document::new`] without the validation: its problems are the reading problems until
    /// [`Document::set_validation`] (the editor opens a big pack this way and checks it on a
    /// thread of its own).
    #[must_use]
    pub fn unchecked(pack: Pack, read_diags: &Diagnostics) -> Self {
        let mut doc = Self {
            pack,
            load_problems: read_diags.iter().cloned().collect(),
            problems: Vec::new(),
            dirty_files: BTreeSet::new(),
            edited_items: BTreeSet::new(),
            removed_texts: Vec::new(),
            pack_dirty: false,
            generation: 0,
            id: DOCUMENTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            file_changed: BTreeMap::new(),
            files_listed: 0,
            census: CardCensus::default(),
        };
        doc.census = CardCensus::of(&doc.pack);
        doc.update_dirty(None);
        doc.set_problems(Vec::new());
        doc
    }

    /// Wraps a pack that was not just read (built in memory, or changed since): validates it.
    #[must_use]
    pub fn validated(pack: Pack) -> Self {
        Self::new(pack, &Diagnostics::new())
    }

    /// The pack as edited.
    #[must_use]
    pub fn pack(&self) -> &Pack {
        &self.pack
    }

    /// Every current problem: reading problems, then the latest validation's.
    #[must_use]
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The files that differ from disk (as of the last change).
    #[must_use]
    pub fn dirty_files(&self) -> &BTreeSet<String> {
        &self.dirty_files
    }

    /// The document's revision: bumped by every change (edits, undo, outside edits, saves),
    /// so a cache or a sandbox keyed by it knows when to recompute.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// This document at its current generation, for caches that update by what changed
    /// since ([`Document::files_changed_since`]).
    #[must_use]
    pub fn revision(&self) -> Revision {
        Revision {
            document: self.id,
            generation: self.generation,
        }
    }

    /// The files whose content changed since `seen` (a revision of this document), in path
    /// order; `None` when that cannot be told by file (another document, or a file appeared,
    /// went or was renamed since): the caller then builds again from the whole pack.
    #[must_use]
    pub fn files_changed_since(&self, seen: Revision) -> Option<Vec<&str>> {
        if seen.document != self.id || self.files_listed > seen.generation {
            return None;
        }
        Some(
            self.file_changed
                .iter()
                .filter(|(_, g)| **g > seen.generation)
                .map(|(path, _)| path.as_str())
                .collect(),
        )
    }

    /// The latest generation at which the content of any of `files` changed (0: never since
    /// the document was opened): what a view of those files keys its rebuilds by, so an edit
    /// of another file leaves it as it is.
    #[must_use]
    pub fn changed_at<'a>(&self, files: impl IntoIterator<Item = &'a str>) -> u64 {
        files
            .into_iter()
            .filter_map(|f| self.file_changed.get(f).copied())
            .max()
            .unwrap_or(0)
    }

    /// What the pack's cards use (tribes, tags, classes, keywords, ids), counted.
    #[must_use]
    pub fn census(&self) -> &CardCensus {
        &self.census
    }

    /// Notes that the content of the file at `path` changed in this generation.
    fn content_changed(&mut self, path: &str) {
        self.file_changed.insert(path.to_owned(), self.generation);
        self.census.recount_file(&self.pack, path);
    }

    /// Notes that the list of files changed in this generation (`paths` appeared or went).
    fn files_relisted(&mut self, paths: &[&str]) {
        self.files_listed = self.generation;
        for path in paths {
            self.content_changed(path);
        }
    }

    /// Replaces the reading problems of one file (it was read again).
    fn set_file_problems(&mut self, file: &str, diags: &Diagnostics) {
        let path = self.pack.root.join(file);
        self.load_problems.retain(|d| d.file != path);
        self.load_problems.extend(diags.iter().cloned());
    }

    /// Re-runs validation over the current content. Each file's text holds every edit (see
    /// [`Document::apply_change`]), so problem locations point at the text that would be saved.
    pub(super) fn revalidate(&mut self, _: &ApplyKey) {
        let validation = self.validation();
        self.set_problems(validation);
    }

    /// Shows the problems a validation of the pack as it stands found (the editor checks big
    /// packs on a thread of their own: `pack::BackgroundValidation`).
    pub fn set_validation(&mut self, validation: Vec<Diagnostic>) {
        self.set_problems(validation);
    }

    fn validation(&self) -> Vec<Diagnostic> {
        let mut diags = Diagnostics::new();
        validate(&self.pack, &mut diags);
        diags.into_vec()
    }

    fn set_problems(&mut self, validation: Vec<Diagnostic>) {
        let mut all: Vec<Diagnostic> = self.load_problems.clone();
        all.extend(validation);
        let spans = if all.is_empty() {
            BTreeMap::new()
        } else {
            self.item_spans()
        };
        self.problems = all
            .into_iter()
            .map(|diagnostic| {
                let (item, field) = self
                    .item_at(&spans, &diagnostic)
                    .map_or((None, None), |(item, field)| (Some(item), field));
                Problem {
                    diagnostic,
                    item,
                    field,
                }
            })
            .collect();
    }

    /// Works out again which files differ from disk, once per change and not every frame:
    /// `Some(paths)` the files a change touched (the others are as they were), `None` every
    /// file. Comparing a file's content with what it was loaded as walks the whole file, so a
    /// 30,000-card pack pays it for the edited file only (issue #29).
    fn update_dirty(&mut self, touched: Option<&[&str]>) {
        match touched {
            None => {
                self.dirty_files = self
                    .pack
                    .files
                    .iter()
                    .filter(|f| f.is_dirty())
                    .map(|f| f.path.clone())
                    .collect();
            }
            Some(paths) => {
                for path in paths {
                    if self.pack.file(path).is_some_and(PackFile::is_dirty) {
                        self.dirty_files.insert((*path).to_owned());
                    } else {
                        self.dirty_files.remove(*path);
                    }
                }
            }
        }
        let dirty = &self.dirty_files;
        self.edited_items.retain(|(file, _)| dirty.contains(file));
        self.pack_dirty = !self.dirty_files.is_empty() || self.pack.is_manifest_dirty();
    }

    /// Notes the items a change touches (see `edited_items`): cards and keywords by their id
    /// (resp. name), other items by their element name.
    fn note_edited(&mut self, change: &Change) {
        let Change::Items { path, edits } = change else {
            return;
        };
        for edit in edits {
            if let ItemKey::Element(_, key) = &edit.key {
                let name = element_ident(key)
                    .map_or_else(|| key.trim_matches('"').to_owned(), |(name, _)| name);
                self.edited_items.insert((path.clone(), name));
            }
        }
    }

    /// Whether the card or keyword at `addr` was edited and its file not saved since.
    #[must_use]
    pub fn is_item_edited(&self, addr: &ItemAddr) -> bool {
        if !self.dirty_files.contains(&addr.file) {
            return false;
        }
        let name = match addr.kind {
            ItemKind::Card => self.card(addr).map(|c| c.ident().to_owned()),
            ItemKind::Keyword => self.keyword(addr).map(|k| k.ident().to_owned()),
        };
        // A file changed as text (or by a merge) names no item: every item of it may differ.
        name.is_none_or(|n| self.edited_items.contains(&(addr.file.clone(), n)))
            || !self.edited_items.iter().any(|(f, _)| f == &addr.file)
    }

    /// Whether anything differs from disk (as of the last change).
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.pack_dirty
    }

    /// Where each list file's items are written, read once per validation: `file ->` its
    /// items and the kind they are.
    fn item_spans(&self) -> BTreeMap<String, (ListItems, ItemKind)> {
        let mut out = BTreeMap::new();
        for file in &self.pack.files {
            let (key, kind) = match &file.content {
                Content::Cards(_) => ("cards", ItemKind::Card),
                Content::Keywords(_) => ("keywords", ItemKind::Keyword),
                _ => continue,
            };
            out.insert(
                file.path.clone(),
                (ListItems::read(&file.source, key), kind),
            );
        }
        out
    }

    /// The item a problem is written in, and the item's field whose text it points at.
    fn item_at(
        &self,
        spans: &BTreeMap<String, (ListItems, ItemKind)>,
        diagnostic: &Diagnostic,
    ) -> Option<(ItemAddr, Option<String>)> {
        let rel = diagnostic
            .file
            .strip_prefix(&self.pack.root)
            .ok()?
            .to_string_lossy()
            .replace('\\', "/");
        let (items, kind) = spans.get(&rel)?;
        let source = &self.pack.file(&rel)?.source;
        let (index, field) = items.at(source, diagnostic.location.offset_in(source))?;
        let addr = match kind {
            ItemKind::Card => ItemAddr::card(&rel, index),
            ItemKind::Keyword => ItemAddr::keyword(&rel, index),
        };
        Some((addr, field))
    }

    /// The problems that belong to one item.
    pub fn problems_for<'a>(&'a self, addr: &'a ItemAddr) -> impl Iterator<Item = &'a Problem> {
        self.problems
            .iter()
            .filter(move |p| p.item.as_ref() == Some(addr))
    }

    /// The card at an address.
    #[must_use]
    pub fn card(&self, addr: &ItemAddr) -> Option<&Card> {
        match &self.pack.file(&addr.file)?.content {
            Content::Cards(set) if addr.kind == ItemKind::Card => set.cards.get(addr.index),
            _ => None,
        }
    }

    /// Where the card with this id is written (the first one, if an id repeats).
    #[must_use]
    pub fn card_addr(&self, id: &str) -> Option<ItemAddr> {
        self.pack.files.iter().find_map(|file| match &file.content {
            Content::Cards(set) => set
                .cards
                .iter()
                .position(|c| c.id == id)
                .map(|i| ItemAddr::card(&file.path, i)),
            _ => None,
        })
    }

    /// The keyword at an address.
    #[must_use]
    pub fn keyword(&self, addr: &ItemAddr) -> Option<&KeywordDef> {
        match &self.pack.file(&addr.file)?.content {
            Content::Keywords(set) if addr.kind == ItemKind::Keyword => {
                set.keywords.get(addr.index)
            }
            _ => None,
        }
    }

    /// Whether the file at `path` does not read (a syntax error or an unknown kind): its text is
    /// kept as it was, and only the text view can change it.
    #[must_use]
    pub fn file_is_unread(&self, path: &str) -> bool {
        matches!(
            self.pack.file(path).map(|f| &f.content),
            Some(Content::Unread { .. })
        )
    }

    /// Why the item at `addr` cannot be shown, in words for the panel that wanted it: its file
    /// does not read (a syntax error, fixed in the text view), or the item is gone.
    #[must_use]
    pub fn missing_item_reason(&self, addr: &ItemAddr) -> String {
        let what = match addr.kind {
            ItemKind::Card => "card",
            ItemKind::Keyword => "keyword",
        };
        match self.pack.file(&addr.file).map(|f| &f.content) {
            Some(Content::Unread { .. }) => format!(
                "The {what} shown here cannot be read: {} has a syntax error. Open it with \
                 Problems ➡ Text to fix it; the {what} comes back as soon as the file reads.",
                addr.file
            ),
            Some(_) => format!("The {what} shown here was deleted or moved in its file."),
            None => format!("The {what} shown here is gone: {} was deleted.", addr.file),
        }
    }

    /// Whether the file holding an item has unsaved changes.
    #[must_use]
    pub fn is_file_dirty(&self, file: &str) -> bool {
        self.dirty_files.contains(file)
    }

    /// The keyword definition a card's keyword text names, if the pack defines it.
    #[must_use]
    pub fn keyword_def(&self, name: &str) -> Option<&KeywordDef> {
        self.pack.keyword_def(name)
    }

    /// The first file of a kind, if any.
    #[must_use]
    pub fn first_file_of(&self, kind: ItemKind) -> Option<&PackFile> {
        self.pack.files.iter().find(|f| match kind {
            ItemKind::Card => matches!(f.content, Content::Cards(_)),
            ItemKind::Keyword => matches!(f.content, Content::Keywords(_)),
        })
    }

    /// How many items a file holds in the list of `kind`.
    #[must_use]
    pub fn len_of(&self, file: &str, kind: ItemKind) -> usize {
        match (self.pack.file(file).map(|f| &f.content), kind) {
            (Some(Content::Cards(s)), ItemKind::Card) => s.cards.len(),
            (Some(Content::Keywords(s)), ItemKind::Keyword) => s.keywords.len(),
            _ => 0,
        }
    }

    /// Applies one primitive change, then splices it into the file's text. A change applies
    /// only where the document still holds what it expects (an undo after an outside change
    /// is refused); it changes nothing otherwise.
    pub(super) fn apply_change(
        &mut self,
        change: &Change,
        _: &ApplyKey,
    ) -> Result<(), ChangeError> {
        self.generation += 1;
        let path = change.path();
        // A card's edit is counted by its difference (the card as it was, and as it is after
        // the change merged into it), not by counting its whole file again: the card is found
        // where the change will find it, and is there after it (a change in place).
        let single = single_list_edit(change);
        let card_before = single
            .filter(|e| e.before.is_some() && e.after.is_some())
            .and_then(|edit| match &self.pack.file(path)?.content {
                Content::Cards(set) => {
                    let at = list_position(&set.cards, edit)?;
                    Some((at, set.cards[at].clone()))
                }
                _ => None,
            });
        self.change_content(change)?;
        self.note_edited(change);
        match (change, card_before) {
            (Change::Items { .. }, Some((at, before))) => {
                self.file_changed.insert(path.to_owned(), self.generation);
                if let Some(Content::Cards(set)) = self.pack.file(path).map(|f| &f.content)
                    && let Some(after) = set.cards.get(at)
                {
                    self.census.replace_card(path, &before, after);
                }
            }
            (Change::CreateFile { .. } | Change::DeleteFile { .. }, _) => {
                self.files_relisted(&[path]);
            }
            _ => self.content_changed(path),
        }
        // Only a card's or keyword's removal or insertion needs the text before it (a whole
        // file's copy): a field edit, the hot path, does not pay for it.
        let moved = single.filter(|e| e.before.is_none() != e.after.is_none());
        let synced = match self.pack.file_mut(path) {
            Some(file) => {
                let before = moved.map(|_| file.source.clone());
                let synced = file.sync().map(|_| ());
                if synced.is_ok()
                    && let (Some(edit), Some(before)) = (moved, before)
                {
                    keep_removed_text(&mut self.removed_texts, file, edit, &before);
                }
                synced
            }
            None => Ok(()),
        };
        self.update_dirty(Some(&[path]));
        synced.map_err(|source| ChangeError::Sync {
            path: path.to_owned(),
            source,
        })
    }

    /// Takes in what the disk did (an outside edit). A merge that meets items changed on both
    /// sides without a choice for each changes nothing and returns them (`conflicts`).
    pub(super) fn apply_disk_change(
        &mut self,
        change: DiskChange,
        _: &ApplyKey,
    ) -> Result<FileMerge, ChangeError> {
        self.generation += 1;
        // What the caches over all cards must count again: the files this change names, and
        // whether the list of files changed.
        let (touched, relisted): (Vec<String>, bool) = match &change {
            DiskChange::Added { file, .. } => (vec![file.path.clone()], true),
            DiskChange::Removed { path } => (vec![path.clone()], true),
            DiskChange::Renamed { from, to } => (vec![from.clone(), to.clone()], true),
            DiskChange::KeptDeleted { .. } => (Vec::new(), false),
            DiskChange::Merged { path, .. } => (vec![path.clone()], false),
        };
        let merge = self.take_disk_change(change);
        let touched: Vec<&str> = touched.iter().map(String::as_str).collect();
        if relisted {
            self.files_relisted(&touched);
        } else {
            for path in &touched {
                self.content_changed(path);
            }
        }
        // Outside edits are rare: every file's dirty flag is worked out again.
        self.update_dirty(None);
        merge
    }

    fn take_disk_change(&mut self, change: DiskChange) -> Result<FileMerge, ChangeError> {
        let mut merge = FileMerge::default();
        match change {
            DiskChange::Added { file, problems } => {
                if self.pack.file(&file.path).is_some() {
                    return Err(ChangeError::AlreadyExists(file.path));
                }
                let path = file.path.clone();
                self.pack.files.push(*file);
                self.pack.files.sort_by(|a, b| a.path.cmp(&b.path));
                self.set_file_problems(&path, &problems);
            }
            DiskChange::Removed { path } => {
                if self.pack.file(&path).is_none() {
                    return Err(ChangeError::NotInPack(path));
                }
                self.pack.files.retain(|f| f.path != path);
                self.set_file_problems(&path, &Diagnostics::new());
            }
            DiskChange::Renamed { from, to } => {
                if self.pack.file(&to).is_some() {
                    return Err(ChangeError::AlreadyExists(to));
                }
                let file = self
                    .pack
                    .file_mut(&from)
                    .ok_or_else(|| ChangeError::NotInPack(from.clone()))?;
                to.clone_into(&mut file.path);
                self.pack.files.sort_by(|a, b| a.path.cmp(&b.path));
                let (old, new) = (self.pack.root.join(&from), self.pack.root.join(&to));
                for d in &mut self.load_problems {
                    if d.file == old {
                        d.file.clone_from(&new);
                    }
                }
            }
            DiskChange::KeptDeleted { path } => {
                self.pack
                    .file_mut(&path)
                    .ok_or_else(|| ChangeError::NotInPack(path.clone()))?
                    .forget_disk();
            }
            DiskChange::Merged {
                path,
                text,
                content,
                problems,
                choices,
            } => {
                let file = self
                    .pack
                    .file_mut(&path)
                    .ok_or_else(|| ChangeError::NotInPack(path.clone()))?;
                merge = file.merge_from_disk(text, *content, &choices);
                if merge.conflicts.is_empty() {
                    let synced = file.sync();
                    self.set_file_problems(&path, &problems);
                    synced.map_err(|source| ChangeError::Sync { path, source })?;
                }
            }
        }
        Ok(merge)
    }

    /// Writes every changed file (`Pack::save`); the saved files are no longer dirty.
    pub(super) fn save(&mut self, _: &ApplyKey) -> Result<Vec<String>, SaveError> {
        self.generation += 1;
        let saved = self.pack.save();
        self.update_dirty(None);
        saved
    }

    /// Writes the whole pack into `dir` and makes it the pack's root (`Pack::save_as`).
    pub(super) fn save_as(&mut self, dir: &Path, _: &ApplyKey) -> Result<Vec<String>, SaveError> {
        self.generation += 1;
        let saved = self.pack.save_as(dir);
        self.update_dirty(None);
        saved
    }

    fn change_content(&mut self, change: &Change) -> Result<(), ChangeError> {
        match change {
            Change::CreateFile { path, content } => {
                if self.pack.file(path).is_some() {
                    return Err(ChangeError::AlreadyExists(path.clone()));
                }
                self.pack
                    .files
                    .push(PackFile::new(path.clone(), content.clone()));
                self.pack.files.sort_by(|a, b| a.path.cmp(&b.path));
                Ok(())
            }
            Change::DeleteFile { path, content } => {
                match self.pack.file(path) {
                    Some(f) if f.content == *content => {}
                    Some(_) => return Err(ChangeError::FileChanged(path.clone())),
                    None => return Err(ChangeError::NotInPack(path.clone())),
                }
                self.pack.files.retain(|f| &f.path != path);
                Ok(())
            }
            Change::Items { path, edits } => {
                let root = self.pack.root.clone();
                let file = self
                    .pack
                    .file_mut(path)
                    .ok_or_else(|| ChangeError::NotInPack(path.clone()))?;
                file.content
                    .apply_item_edits(edits, &root.join(path))
                    .map_err(|source| ChangeError::Items {
                        path: path.clone(),
                        source,
                    })
            }
            Change::Text {
                path,
                before,
                after,
            } => {
                let root = self.pack.root.clone();
                let file = self
                    .pack
                    .file_mut(path)
                    .ok_or_else(|| ChangeError::NotInPack(path.clone()))?;
                if file.source != *before {
                    return Err(ChangeError::TextChanged(path.clone()));
                }
                let mut diags = Diagnostics::new();
                file.set_text(after.clone(), &root.join(path), &mut diags);
                self.set_file_problems(path, &diags);
                Ok(())
            }
        }
    }
}

/// How many removed items' texts are kept for their undo.
const REMOVED_TEXTS_KEPT: usize = 64;

/// The text a removed card or keyword had in its file.
#[derive(Debug, Clone)]
struct RemovedText {
    /// The file.
    file: String,
    /// The item removed (its compact text, as its change holds it).
    item: String,
    /// Its text in the file, comment lines above it included.
    text: String,
    /// Where it stood.
    at: usize,
    /// A hash of the file's text right after the removal (the text stands at `at` when the
    /// file still reads so).
    left: u64,
}

fn text_hash(text: &str) -> u64 {
    use std::hash::{Hash as _, Hasher as _};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// A removal (`edit`, the one item edit of its change) notes the text the item had (`before`
/// is the file's text before it); putting the same item back in the same file restores that
/// text when it reads as the same content.
fn keep_removed_text(
    removed: &mut Vec<RemovedText>,
    file: &mut PackFile,
    edit: &ItemEdit,
    before: &str,
) {
    match (&edit.before, &edit.after) {
        (Some(item), None) => {
            let Some((start, end)) = changed_lines(before, &file.source) else {
                return;
            };
            if removed.len() == REMOVED_TEXTS_KEPT {
                removed.remove(0);
            }
            removed.push(RemovedText {
                file: file.path.clone(),
                item: item.clone(),
                text: before[start..end].to_owned(),
                at: start,
                left: text_hash(&file.source),
            });
        }
        (None, Some(item)) => {
            let Some(found) = removed
                .iter()
                .rposition(|r| r.file == file.path && r.item == *item)
            else {
                return;
            };
            let RemovedText { text, at, left, .. } = removed.remove(found);
            // Right after the removal (its undo) the text goes back where it was; later, where
            // the splice put the item, in whole lines.
            let start = if text_hash(before) == left && before.is_char_boundary(at) {
                at
            } else if let Some((start, _)) = changed_lines(&file.source, before) {
                start
            } else {
                return;
            };
            let restored = format!("{}{text}{}", &before[..start], &before[start..]);
            // A text that no longer fits (the file changed around it) keeps the splice's form.
            file.restore_text(restored);
        }
        _ => {}
    }
}

/// What `long` holds that `short` does not (one run of text taken out of `long`), moved to
/// start at a line start where the text allows (an item's indentation and the comment lines
/// above it go with it); `None` when it does not fall on char boundaries.
fn changed_lines(long: &str, short: &str) -> Option<(usize, usize)> {
    let (head, tail) = unchanged_ends(long, short);
    let (mut start, mut end) = (head, long.len() - tail);
    let bytes = long.as_bytes();
    while start > 0
        && bytes[start - 1] != b'\n'
        && end > start
        && bytes[start - 1] == bytes[end - 1]
    {
        start -= 1;
        end -= 1;
    }
    (long.is_char_boundary(start) && long.is_char_boundary(end)).then_some((start, end))
}

/// How many bytes two texts share at the start and at the end (on char boundaries, never
/// overlapping): what lies between is what an edit changed.
fn unchanged_ends(a: &str, b: &str) -> (usize, usize) {
    let mut head = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    while !(a.is_char_boundary(head) && b.is_char_boundary(head)) {
        head -= 1;
    }
    let room = a.len().min(b.len()) - head;
    let mut tail = a
        .bytes()
        .rev()
        .zip(b.bytes().rev())
        .take_while(|(x, y)| x == y)
        .count()
        .min(room);
    while !(a.is_char_boundary(a.len() - tail) && b.is_char_boundary(b.len() - tail)) {
        tail -= 1;
    }
    (head, tail)
}

/// An empty content file of a kind.
#[must_use]
pub fn empty_content(kind: ItemKind) -> Content {
    match kind {
        ItemKind::Card => Content::Cards(CardSet::default()),
        ItemKind::Keyword => Content::Keywords(KeywordSet::default()),
    }
}

/// The pack root's display name.
#[must_use]
pub fn pack_title(pack: &Pack) -> String {
    if pack.manifest.name.is_empty() {
        pack.root.file_name().map_or_else(
            || pack.root.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    } else {
        pack.manifest.name.clone()
    }
}

/// Whether `path` is inside the pack root.
#[must_use]
pub fn is_inside(pack: &Pack, path: &Path) -> bool {
    path.starts_with(&pack.root)
}
