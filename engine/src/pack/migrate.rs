//! Schema migration: the hook every file passes through on load.

use crate::model::CURRENT_SCHEMA_VERSION;

/// Brings a file written for `schema_version` up to [`CURRENT_SCHEMA_VERSION`].
///
/// Version 1 is the first schema, so today this only refuses versions it does not know. A
/// future version adds a step here (`1 => rename field x to y`) and keeps every older step, so
/// any old pack loads; the next save writes the current schema.
pub fn migrate(schema_version: u32, source: &str) -> Result<String, MigrateError> {
    match schema_version {
        0 => Err(MigrateError::Zero),
        v if v > CURRENT_SCHEMA_VERSION => Err(MigrateError::Newer(v)),
        _ => Ok(source.to_owned()),
    }
}

/// A schema version [`migrate`] cannot bring up to date.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MigrateError {
    /// Version 0 was never written.
    #[error("schema version 0 is not valid; the first schema is 1")]
    Zero,
    /// Written by a newer Sigilforge.
    #[error("schema version {0} is newer than this Sigilforge reads ({CURRENT_SCHEMA_VERSION})")]
    Newer(u32),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn current_schema_passes_through_and_future_is_refused() {
        assert_eq!(
            migrate(1, "CardSet(cards: [])").unwrap(),
            "CardSet(cards: [])"
        );
        assert!(
            migrate(CURRENT_SCHEMA_VERSION + 1, "")
                .unwrap_err()
                .to_string()
                .contains("newer")
        );
        assert!(migrate(0, "").is_err());
    }
}
