//! Pixels kept for the life of the process, across jobs and across the editor preview's draws
//! (issue #29): cropped art (`images`) and each template's static layer (`layers`). Every entry
//! is keyed by what it is made from (a crop by its file's path, length and modification time;
//! a layer by the SVG text that draws it), so a kept entry is never stale, and which thread made
//! it first does not matter. Each kind has a byte budget; an entry that would pass it empties
//! that kind first (a job needs few entries, and makes the ones it uses again at once).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// Entries of one kind, by key, within a byte budget.
pub(crate) struct Kept<V> {
    entries: Mutex<Entries<V>>,
    budget: usize,
}

struct Entries<V> {
    map: BTreeMap<String, V>,
    bytes: usize,
}

impl<V: Clone> Kept<V> {
    /// An empty store holding at most `budget` bytes (as `size` counts them).
    pub(crate) const fn new(budget: usize) -> Self {
        Self {
            entries: Mutex::new(Entries {
                map: BTreeMap::new(),
                bytes: 0,
            }),
            budget,
        }
    }

    /// The entry for `key`, made by `build` (without holding the lock, so other threads go on)
    /// and kept when it is not already there; `size` is what it costs in bytes.
    pub(crate) fn get_or_make(
        &self,
        key: &str,
        build: impl FnOnce() -> V,
        size: impl Fn(&V) -> usize,
    ) -> V {
        if let Some(kept) = self.get(key) {
            return kept;
        }
        let made = build();
        let cost = size(&made);
        // A poisoned lock (a panic elsewhere while holding it) only loses the keeping.
        if let Ok(mut entries) = self.entries.lock()
            && cost <= self.budget
        {
            if entries.bytes + cost > self.budget {
                entries.map.clear();
                entries.bytes = 0;
            }
            if entries.map.insert(key.to_owned(), made.clone()).is_none() {
                entries.bytes += cost;
            }
        }
        made
    }

    /// The entry for `key`, if it is kept.
    pub(crate) fn get(&self, key: &str) -> Option<V> {
        self.entries.lock().ok()?.map.get(key).cloned()
    }
}

/// Bytes of an optional shared buffer (an image that could not be read costs its key only).
pub(crate) fn buffer_bytes(value: Option<&Arc<Vec<u8>>>) -> usize {
    value.map_or(0, |b| b.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_made_once_and_the_budget_empties_the_store() {
        let kept: Kept<Arc<Vec<u8>>> = Kept::new(10);
        let size = |v: &Arc<Vec<u8>>| v.len();
        let a = kept.get_or_make("a", || Arc::new(vec![1; 6]), size);
        let again = kept.get_or_make("a", || Arc::new(vec![2; 6]), size);
        assert!(Arc::ptr_eq(&a, &again), "made twice");
        // 6 + 6 > 10: "a" goes so "b" fits.
        kept.get_or_make("b", || Arc::new(vec![3; 6]), size);
        assert!(kept.get("a").is_none());
        assert_eq!(kept.get("b").map(|b| b[0]), Some(3));
        // Larger than the whole budget: handed back, not kept, and nothing else lost.
        let big = kept.get_or_make("c", || Arc::new(vec![4; 11]), size);
        assert_eq!(big.len(), 11);
        assert!(kept.get("c").is_none());
        assert!(kept.get("b").is_some());
    }
}
