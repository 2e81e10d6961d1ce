//! The lossless RON document layer: every file keeps its text, and edits touch only the items
//! that changed. `lex` reads tokens (comments included), `tree` finds where each value lies,
//! `format` lays values out, `splice` writes a changed value into an existing text in the style
//! of its neighbours, `list` keeps where a list file's items lie between saves, `parts` names
//! the items of a file for item-level edits and merges, `fields` merges inside one item, `describe` puts an item edit in words.
//!
//! Why our own and not a crate: the lossless RON parsers available (`ron2`, `ronin-core`,
//! `ron-edit`) are young (0.x, a few releases each) and none re-renders a serde value into an
//! existing tree in its neighbours' style, which is the part we need most; a tokenizer plus a
//! span tree is small, and the `ron` crate stays the one deserializer.

pub mod describe;
pub mod fields;
pub mod format;
pub mod lex;
pub mod list;
pub mod parts;
pub mod splice;
pub mod tree;
