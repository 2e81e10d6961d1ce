//! The battle content of a pack held in memory: `BattleContent::from_pack` lives beside the
//! pack (not in `battle`), so the battle engine never depends on packs and `pack` ->
//! `validate` -> `battle::content` is no circle.

use std::sync::Arc;

use crate::battle::content::{BattleContent, Origin};

use super::{Content, Pack};

impl BattleContent {
    /// The standard library plus the cards and keywords of a pack held in memory (as the editor
    /// holds it, edits included), in the pack's file order.
    #[must_use]
    pub fn from_pack(pack: &Pack) -> Self {
        let mut content = Self::standard();
        for file in &pack.files {
            // Only card and keyword files are origins (each holds a copy of its file's text).
            let origin = || Origin::new(pack.root.join(&file.path), &file.source);
            match &file.content {
                Content::Cards(set) => {
                    let origin = origin();
                    for card in &set.cards {
                        content.add_card(card.clone(), Arc::clone(&origin));
                    }
                }
                Content::Keywords(set) => {
                    let origin = origin();
                    for keyword in &set.keywords {
                        content.add_keyword(keyword.clone(), Arc::clone(&origin));
                    }
                }
                _ => {}
            }
        }
        content
    }
}
