//! The key to the document's mutating methods: only `apply` (this module's parent) can make one,
//! so "`apply` is the only code that changes the document" is checked by the compiler.

/// Proof that the caller is `SigilforgeApp::apply`'s path (`editor/apply.rs`). Every method of
/// `Document` that changes it takes one.
#[derive(Debug)]
pub struct ApplyKey(());

impl ApplyKey {
    /// Made only in `editor/apply.rs`.
    pub(super) const fn new() -> Self {
        Self(())
    }
}
