//! Schema migration: the hook every file passes through on load.

use crate::model::CURRENT_SCHEMA_VERSION;

/// Brings a file written for `schema_version` up to [`CURRENT_SCHEMA_VERSION`].
///
/// Version 1 is the first schema, so today this only refuses versions it does not know. A
/// future version adds a step here (`1 => rename field x to y`) and keeps every older step, so
/// any old pack loads; the next save writes the current schema.
pub fn migrate(schema_version: u32, source: &str) -> Result<String, String> {
    match schema_version {
        0 => Err("schema version 0 is not valid; the first schema is 1".to_owned()),
        v if v > CURRENT_SCHEMA_VERSION => Err(format!(
            "schema version {v} is newer than this Sigilforge reads ({CURRENT_SCHEMA_VERSION})"
        )),
        _ => Ok(source.to_owned()),
    }
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
                .contains("newer")
        );
        assert!(migrate(0, "").is_err());
    }
}
