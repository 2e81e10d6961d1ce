//! `pack.ron`: what a pack is, who made it, and which schema its files follow.

use serde::{Deserialize, Serialize};

/// The schema version this build writes. Older files are migrated on load (see `crate::pack::migrate`).
pub const CURRENT_SCHEMA_VERSION: u32 = 1;

/// The manifest of a content pack, stored as `pack.ron` at the pack's root.
/// Written as `Pack(...)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Pack")]
pub struct PackManifest {
    /// Stable machine id, e.g. `"starter"`. Lowercase letters, digits, `-` and `_`.
    pub id: String,
    /// Human-readable name shown in the editor.
    pub name: String,
    /// The pack's own version, e.g. `"0.1.0"`.
    pub version: String,
    /// Schema version of the files in the pack; see [`CURRENT_SCHEMA_VERSION`].
    #[serde(default = "default_schema")]
    pub schema_version: u32,
    /// Who made it.
    #[serde(default)]
    pub author: String,
    /// What it contains, in a sentence or two.
    #[serde(default)]
    pub description: String,
    /// The game profile its cards and rules scenarios follow: a built-in one by name
    /// (`"Grand Archive"`) or a `.ron` file in the pack (`"profile.ron"`). None: ChiAxis.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
}

fn default_schema() -> u32 {
    CURRENT_SCHEMA_VERSION
}

impl PackManifest {
    /// A manifest for a new, empty pack.
    #[must_use]
    pub fn new(id: &str, name: &str) -> Self {
        Self {
            id: id.to_owned(),
            name: name.to_owned(),
            version: "0.1.0".to_owned(),
            schema_version: CURRENT_SCHEMA_VERSION,
            author: String::new(),
            description: String::new(),
            profile: None,
        }
    }
}
