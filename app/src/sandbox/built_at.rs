//! The one refresh model every sandbox host follows: a host remembers the document revision
//! its run was built from and rebuilds (replaying to the same step) when the document's
//! revision has moved on — after an edit, an undo, a reload or a merge alike. Nothing pushes a
//! "rebuild now" notice and nothing compares whole encounters or networks each frame.

/// The document revision (`Document::generation`) a host's run was built from.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct BuiltAt(Option<u64>);

impl BuiltAt {
    /// Whether the run was built from this revision.
    #[must_use]
    pub fn is(self, revision: u64) -> bool {
        self.0 == Some(revision)
    }

    /// The run is now built from `revision`.
    pub fn set(&mut self, revision: u64) {
        self.0 = Some(revision);
    }

    /// The run must be rebuilt whatever the revision (its own inputs changed: a seed, a mode).
    pub fn forget(&mut self) {
        self.0 = None;
    }
}

#[cfg(test)]
mod tests {
    use super::BuiltAt;

    #[test]
    fn a_host_rebuilds_once_per_revision_and_when_told_to() {
        let mut built = BuiltAt::default();
        assert!(!built.is(0), "nothing is built at first");
        built.set(3);
        assert!(built.is(3));
        assert!(!built.is(4), "the document moved on");
        built.forget();
        assert!(!built.is(3), "forgotten: rebuilt at the same revision");
    }
}
