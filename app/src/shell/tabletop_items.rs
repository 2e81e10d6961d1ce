//! The tabletop items the document edits (issue #30): creatures (stat blocks), tabletop
//! abilities and status conditions, by kind, address and value, and the list operations on the
//! files that hold them. A leaf of the shell like `document`'s `ItemAddr`: commands and tabs
//! name tabletop items without depending on the editor that draws them
//! (`crate::encounters::tabletop`).

use super::document::Document;
use serde::{Deserialize, Serialize};
use sigilforge_engine::encounter::{AbilityDef, AbilityLibrary};
use sigilforge_engine::model::{StatBlock, StatBlockSet, StatusCondition, StatusLibrary};
use sigilforge_engine::pack::Content;
use sigilforge_engine::reflect::{Reflect, Sample};
/// Which tabletop list an item belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TabletopKind {
    /// A stat block in a `StatBlockSet` file.
    Creature,
    /// An ability in an `AbilityLibrary` file.
    Ability,
    /// A status condition in a `StatusLibrary` file.
    Status,
}

impl TabletopKind {
    /// The word for one ("creature").
    #[must_use]
    pub fn noun(self) -> &'static str {
        match self {
            Self::Creature => "creature",
            Self::Ability => "tabletop ability",
            Self::Status => "status",
        }
    }

    /// The word for several ("creatures").
    #[must_use]
    pub fn plural(self) -> &'static str {
        match self {
            Self::Creature => "creatures",
            Self::Ability => "tabletop abilities",
            Self::Status => "statuses",
        }
    }

    /// Where the first one goes when the pack has no file of this kind yet (beside the
    /// starter pack's tabletop files).
    #[must_use]
    pub fn new_file(self) -> &'static str {
        match self {
            Self::Creature => "encounters/tabletop/creatures.ron",
            Self::Ability => "encounters/tabletop/abilities.ron",
            Self::Status => "encounters/tabletop/statuses.ron",
        }
    }

    /// Whether a file holds this kind's list.
    #[must_use]
    pub fn holds(self, content: &Content) -> bool {
        matches!(
            (self, content),
            (Self::Creature, Content::StatBlocks(_))
                | (Self::Ability, Content::AbilityLibrary(_))
                | (Self::Status, Content::StatusLibrary(_))
        )
    }

    /// A file of this kind holding only `item`.
    #[must_use]
    pub fn file_with(self, item: TabletopItem) -> Content {
        let mut content = match self {
            Self::Creature => Content::StatBlocks(StatBlockSet::default()),
            Self::Ability => Content::AbilityLibrary(AbilityLibrary::default()),
            Self::Status => Content::StatusLibrary(StatusLibrary::default()),
        };
        insert(&mut content, usize::MAX, item);
        content
    }
}

/// Where a tabletop item lives: its kind, its file (relative path) and its index in the list.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TabletopAddr {
    /// Creature, ability or status.
    pub kind: TabletopKind,
    /// The file's path relative to the pack root.
    pub file: String,
    /// Index in the file's list.
    pub index: usize,
}

/// A tabletop item by value.
#[derive(Debug, Clone, PartialEq)]
#[allow(
    clippy::large_enum_variant,
    reason = "one lives for an edit, boxed in its command; boxing each variant only adds noise"
)]
pub enum TabletopItem {
    /// A stat block.
    Creature(StatBlock),
    /// A tabletop ability.
    Ability(AbilityDef),
    /// A status condition.
    Status(StatusCondition),
}

impl TabletopItem {
    /// Its name as the Library lists it.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Self::Creature(c) => &c.name,
            Self::Ability(a) => &a.name,
            Self::Status(s) => &s.name,
        }
    }

    /// What identifies it in its file (the id; a status is known by its name).
    #[must_use]
    pub fn key(&self) -> &str {
        match self {
            Self::Creature(c) => &c.id,
            Self::Ability(a) => &a.id,
            Self::Status(s) => &s.name,
        }
    }

    fn set_key(&mut self, key: String) {
        match self {
            Self::Creature(c) => c.id = key,
            Self::Ability(a) => a.id = key,
            Self::Status(s) => s.name = key,
        }
    }

    /// The form's view of it.
    pub fn reflect_mut(&mut self) -> &mut dyn Reflect {
        match self {
            Self::Creature(c) => c,
            Self::Ability(a) => a,
            Self::Status(s) => s,
        }
    }

    /// A new one of `kind`, keyed so no item in `taken` clashes with it.
    #[must_use]
    pub fn new_of(kind: TabletopKind, taken: &[String]) -> Self {
        let mut item = match kind {
            TabletopKind::Creature => Self::Creature(StatBlock {
                name: "New creature".into(),
                health: 10,
                ..StatBlock::sample()
            }),
            TabletopKind::Ability => Self::Ability(AbilityDef {
                name: "New ability".into(),
                ..AbilityDef::sample()
            }),
            TabletopKind::Status => Self::Status(StatusCondition::sample()),
        };
        let base = match kind {
            TabletopKind::Creature => "new_creature",
            TabletopKind::Ability => "new_ability",
            TabletopKind::Status => "New status",
        };
        item.set_key(free_key(base, taken));
        item
    }

    /// A copy keyed apart from every item in `taken` (`hag_copy`, `Burning copy`).
    #[must_use]
    pub fn duplicate(&self, taken: &[String]) -> Self {
        let mut copy = self.clone();
        let sep = if matches!(self, Self::Status(_)) {
            " "
        } else {
            "_"
        };
        copy.set_key(free_key(&format!("{}{sep}copy", self.key()), taken));
        copy
    }
}

/// `base`, or `base 2`, `base 3`, … whichever is not taken.
fn free_key(base: &str, taken: &[String]) -> String {
    let sep = if base.contains(' ') { " " } else { "_" };
    let mut key = base.to_owned();
    let mut n = 2;
    while taken.contains(&key) {
        key = format!("{base}{sep}{n}");
        n += 1;
    }
    key
}

/// The items of a file, if it is of this kind.
#[must_use]
pub fn items(content: &Content, kind: TabletopKind) -> Vec<TabletopItem> {
    match (kind, content) {
        (TabletopKind::Creature, Content::StatBlocks(set)) => set
            .creatures
            .iter()
            .cloned()
            .map(TabletopItem::Creature)
            .collect(),
        (TabletopKind::Ability, Content::AbilityLibrary(lib)) => lib
            .abilities
            .iter()
            .cloned()
            .map(TabletopItem::Ability)
            .collect(),
        (TabletopKind::Status, Content::StatusLibrary(lib)) => lib
            .conditions
            .iter()
            .cloned()
            .map(TabletopItem::Status)
            .collect(),
        _ => Vec::new(),
    }
}

/// One item of a file.
#[must_use]
pub fn item(content: &Content, addr: &TabletopAddr) -> Option<TabletopItem> {
    match (addr.kind, content) {
        (TabletopKind::Creature, Content::StatBlocks(set)) => set
            .creatures
            .get(addr.index)
            .cloned()
            .map(TabletopItem::Creature),
        (TabletopKind::Ability, Content::AbilityLibrary(lib)) => lib
            .abilities
            .get(addr.index)
            .cloned()
            .map(TabletopItem::Ability),
        (TabletopKind::Status, Content::StatusLibrary(lib)) => lib
            .conditions
            .get(addr.index)
            .cloned()
            .map(TabletopItem::Status),
        _ => None,
    }
}

/// The keys (ids, or status names) every file of `kind` in the pack uses.
#[must_use]
pub fn taken_keys(doc: &Document, kind: TabletopKind) -> Vec<String> {
    doc.pack()
        .files
        .iter()
        .flat_map(|f| items(&f.content, kind))
        .map(|i| i.key().to_owned())
        .collect()
}

/// Puts `item` at `index` of the file's list (replacing what is there); `false` when the file
/// is not of the item's kind or the index is out of range.
pub fn replace(content: &mut Content, index: usize, item: TabletopItem) -> bool {
    match (content, item) {
        (Content::StatBlocks(set), TabletopItem::Creature(c)) => {
            set.creatures.get_mut(index).map(|slot| *slot = c).is_some()
        }
        (Content::AbilityLibrary(lib), TabletopItem::Ability(a)) => {
            lib.abilities.get_mut(index).map(|slot| *slot = a).is_some()
        }
        (Content::StatusLibrary(lib), TabletopItem::Status(s)) => lib
            .conditions
            .get_mut(index)
            .map(|slot| *slot = s)
            .is_some(),
        _ => false,
    }
}

/// Inserts `item` at `index` (at the end when past it); returns where it went, `None` when
/// the file is not of the item's kind.
pub fn insert(content: &mut Content, index: usize, item: TabletopItem) -> Option<usize> {
    fn put<T>(list: &mut Vec<T>, index: usize, value: T) -> usize {
        let at = index.min(list.len());
        list.insert(at, value);
        at
    }
    match (content, item) {
        (Content::StatBlocks(set), TabletopItem::Creature(c)) => {
            Some(put(&mut set.creatures, index, c))
        }
        (Content::AbilityLibrary(lib), TabletopItem::Ability(a)) => {
            Some(put(&mut lib.abilities, index, a))
        }
        (Content::StatusLibrary(lib), TabletopItem::Status(s)) => {
            Some(put(&mut lib.conditions, index, s))
        }
        _ => None,
    }
}

/// Removes the item at `addr.index`; `false` when there is none.
pub fn remove(content: &mut Content, addr: &TabletopAddr) -> bool {
    fn take<T>(list: &mut Vec<T>, index: usize) -> bool {
        (index < list.len()).then(|| list.remove(index)).is_some()
    }
    match (addr.kind, content) {
        (TabletopKind::Creature, Content::StatBlocks(set)) => take(&mut set.creatures, addr.index),
        (TabletopKind::Ability, Content::AbilityLibrary(lib)) => {
            take(&mut lib.abilities, addr.index)
        }
        (TabletopKind::Status, Content::StatusLibrary(lib)) => {
            take(&mut lib.conditions, addr.index)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_and_copied_items_never_clash() {
        let taken = vec!["new_creature".to_owned(), "hag".to_owned()];
        let item = TabletopItem::new_of(TabletopKind::Creature, &taken);
        assert_eq!(item.key(), "new_creature_2");
        let hag = TabletopItem::Creature(StatBlock {
            id: "hag".into(),
            ..StatBlock::default()
        });
        assert_eq!(hag.duplicate(&taken).key(), "hag_copy");
        let status = TabletopItem::new_of(TabletopKind::Status, &["New status".to_owned()]);
        assert_eq!(status.key(), "New status 2");
    }
}
