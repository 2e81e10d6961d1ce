//! What the pack's cards use (tribes, tags, classes, keyword names, ids), counted per card file
//! and over the whole pack, kept up to date by each change of the document: an edit of one card
//! costs that card's values, any other change of a file costs that file (issue #29: a
//! 30,000-card pack's suggestions and filters are not recounted after every edit).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

use sigilforge_engine::model::Card;
use sigilforge_engine::pack::{Content, Pack};

/// Revisions of the name sets, unique in the process: a list built from one set's names (and
/// kept by its revision) is never taken for another set's, even across documents.
static NEXT_REVISION: AtomicU64 = AtomicU64::new(1);

fn next_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, Ordering::Relaxed)
}

/// Names, each with how many cards use it (a card naming one twice counts twice).
#[derive(Debug, Clone)]
pub struct Counted {
    counts: BTreeMap<String, usize>,
    /// Changes when a name appears or goes (not when only a count moves): what is built from
    /// the names alone is rebuilt only then.
    revision: u64,
}

impl Default for Counted {
    fn default() -> Self {
        Self {
            counts: BTreeMap::new(),
            revision: next_revision(),
        }
    }
}

/// Two sets are equal when they count the same names the same: the revision is bookkeeping.
impl PartialEq for Counted {
    fn eq(&self, other: &Self) -> bool {
        self.counts == other.counts
    }
}

impl Counted {
    fn add(&mut self, name: &str, n: usize) {
        if n == 0 {
            return;
        }
        if let Some(count) = self.counts.get_mut(name) {
            *count += n;
        } else {
            self.counts.insert(name.to_owned(), n);
            self.revision = next_revision();
        }
    }

    fn remove(&mut self, name: &str, n: usize) {
        let Some(count) = self.counts.get_mut(name) else {
            return;
        };
        *count = count.saturating_sub(n);
        if *count == 0 {
            self.counts.remove(name);
            self.revision = next_revision();
        }
    }

    fn add_all(&mut self, other: &Counted) {
        for (name, n) in &other.counts {
            self.add(name, *n);
        }
    }

    fn remove_all(&mut self, other: &Counted) {
        for (name, n) in &other.counts {
            self.remove(name, *n);
        }
    }

    /// The names in use, sorted, each once.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.counts.keys().map(String::as_str)
    }

    /// The names, sorted, as owned strings.
    #[must_use]
    pub fn to_vec(&self) -> Vec<String> {
        self.counts.keys().cloned().collect()
    }

    /// Changes whenever the set of names does (see [`Counted::names`]).
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
    }
}

/// What a group of cards uses.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CardCounts {
    /// How many cards.
    pub cards: usize,
    /// Their tribes.
    pub tribes: Counted,
    /// Their tags.
    pub tags: Counted,
    /// Their classes.
    pub classes: Counted,
    /// The names of the keywords they carry (those that read as a keyword reference).
    pub keywords: Counted,
    /// Their ids (empty ids left out).
    pub ids: Counted,
}

impl CardCounts {
    fn of<'a>(cards: impl IntoIterator<Item = &'a Card>) -> Self {
        let mut counts = Self::default();
        for card in cards {
            counts.count(card, true);
        }
        counts
    }

    /// Counts a card in (`add`) or out.
    fn count(&mut self, card: &Card, add: bool) {
        let step = |set: &mut Counted, name: &str| {
            if add {
                set.add(name, 1);
            } else {
                set.remove(name, 1);
            }
        };
        for t in &card.tribes {
            step(&mut self.tribes, t);
        }
        for t in &card.tags {
            step(&mut self.tags, t);
        }
        for c in &card.classes {
            step(&mut self.classes, c);
        }
        for k in card.keyword_refs().flatten() {
            step(&mut self.keywords, &k.name);
        }
        if !card.id.is_empty() {
            step(&mut self.ids, &card.id);
        }
        if add {
            self.cards += 1;
        } else {
            self.cards = self.cards.saturating_sub(1);
        }
    }

    fn add_all(&mut self, other: &CardCounts) {
        self.cards += other.cards;
        self.tribes.add_all(&other.tribes);
        self.tags.add_all(&other.tags);
        self.classes.add_all(&other.classes);
        self.keywords.add_all(&other.keywords);
        self.ids.add_all(&other.ids);
    }

    fn remove_all(&mut self, other: &CardCounts) {
        self.cards = self.cards.saturating_sub(other.cards);
        self.tribes.remove_all(&other.tribes);
        self.tags.remove_all(&other.tags);
        self.classes.remove_all(&other.classes);
        self.keywords.remove_all(&other.keywords);
        self.ids.remove_all(&other.ids);
    }
}

/// The pack's card counts, per card file and in all.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CardCensus {
    files: BTreeMap<String, CardCounts>,
    total: CardCounts,
}

impl CardCensus {
    /// Counts every card of `pack` (what the document does once, when it is made).
    #[must_use]
    pub fn of(pack: &Pack) -> Self {
        let mut census = Self::default();
        for file in &pack.files {
            if let Content::Cards(set) = &file.content {
                let counts = CardCounts::of(&set.cards);
                census.total.add_all(&counts);
                census.files.insert(file.path.clone(), counts);
            }
        }
        census
    }

    /// What every card of the pack uses.
    #[must_use]
    pub fn total(&self) -> &CardCounts {
        &self.total
    }

    /// Counts the file at `path` again (it changed, appeared or went).
    pub fn recount_file(&mut self, pack: &Pack, path: &str) {
        if let Some(old) = self.files.remove(path) {
            self.total.remove_all(&old);
        }
        if let Some(Content::Cards(set)) = pack.file(path).map(|f| &f.content) {
            let counts = CardCounts::of(&set.cards);
            self.total.add_all(&counts);
            self.files.insert(path.to_owned(), counts);
        }
    }

    /// One card of the file at `path` went from `before` to `after`.
    pub fn replace_card(&mut self, path: &str, before: &Card, after: &Card) {
        if before == after {
            return;
        }
        // The new values are counted in before the old ones out: a value both use (a card's
        // id, its only tribe) never drops to 0 on the way, so its set's revision stays and
        // the lists built from it are kept.
        if let Some(file) = self.files.get_mut(path) {
            file.count(after, true);
            file.count(before, false);
        }
        self.total.count(after, true);
        self.total.count(before, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_goes_when_its_last_card_does_and_the_revision_says_so() {
        let mut set = Counted::default();
        set.add("Beast", 2);
        let r = set.revision();
        set.remove("Beast", 1);
        assert_eq!(set.to_vec(), ["Beast"]);
        assert_eq!(set.revision(), r, "only a count moved");
        set.remove("Beast", 1);
        assert!(set.to_vec().is_empty());
        assert_ne!(set.revision(), r);
    }
}
