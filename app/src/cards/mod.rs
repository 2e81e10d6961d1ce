//! Cards and rules: the card and keyword editors, the card preview, the abilities library,
//! the battle sandbox (battle-line cards) and the Rules tab (cards of a game with a profile),
//! with its try-out set-up and scenario list. Each panel draws from a `&Document` and pushes
//! `EditCommand`s (see `shell`).

pub mod abilities;
pub mod card_editor;
pub mod card_fields;
mod item_edit;
pub mod keyword_editor;
pub mod preview;
pub mod rules_sandbox;
pub mod rules_text;
pub mod sandbox;
pub mod sandbox_plays;
pub mod scenarios;
pub mod try_out_setup;
