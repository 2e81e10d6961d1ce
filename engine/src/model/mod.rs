//! The content model: every kind of thing a Sigilforge pack holds, as plain serde types.
//!
//! The types here are data only. Rules live in the engines (`crate::battle`, `crate::glyph`,
//! `crate::encounter`, `crate::rules`); validation of references across files lives in
//! `crate::pack`. Every type round-trips through RON: load, save, load gives an equal value.

pub mod ability;
pub mod card;
pub mod creature;
pub mod deck;
pub mod keyword;
pub mod manifest;
pub mod profile;
pub mod scenario;
pub mod zone;

pub use ability::{
    Ability, AbilityKind, ActivatedSubtype, ActivationCost, Amount, Condition, CostPart,
    CostReduction, Duration, Effect, ReplacementMode, Restriction, RestrictionKind,
    RestrictionTiming, Stat, Target, Tie, Trigger,
};
pub use card::{BadKeywordRef, Card, CardKind, CardSet, CardSpeed, KeywordRef};
pub use creature::{
    KnownAbility, StatBlock, StatBlockSet, StatusCondition, StatusKind, StatusLibrary,
};
pub use deck::{DeckEntry, DeckList};
pub use keyword::{KeywordDef, KeywordSet};
pub use manifest::{CURRENT_SCHEMA_VERSION, PackManifest};
pub use profile::GameProfile;
pub use scenario::{BattleScenario, Player, ScheduledPlay};
pub use zone::Zone;

/// `serde(skip_serializing_if)` helper: true for a type's default value, so saved files stay short.
pub(crate) fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}
