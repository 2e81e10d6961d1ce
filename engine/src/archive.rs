//! Content pack archives: `sigilforge export` and `sigilforge import`.
//!
//! An archive is a zip of the pack folder plus `sigilforge-archive.ron`, a manifest with the
//! pack's id and version and the size and SHA-256 of every file. Export validates first and
//! writes entries in sorted order with fixed timestamps, so the same pack gives the same bytes.
//! Import trusts nothing: every entry name, size and checksum is checked, sizes and counts are
//! capped (a zip bomb stops early), and nothing is written until the whole archive has checked
//! out; the folder then appears in one rename.

use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::diag::Diagnostics;
use crate::pack::load_pack;
use crate::ron_io;

/// Name of the archive manifest inside the zip.
pub const ARCHIVE_MANIFEST: &str = "sigilforge-archive.ron";
/// At most this many entries in an archive.
pub const MAX_ENTRIES: usize = 10_000;
/// At most this many bytes unpacked in total.
pub const MAX_TOTAL_BYTES: u64 = 256 * 1024 * 1024;
/// At most this many bytes in one unpacked file.
pub const MAX_ENTRY_BYTES: u64 = 64 * 1024 * 1024;

/// The archive's own manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchiveManifest {
    /// Archive format version (1).
    pub format: u32,
    /// The pack's id.
    pub pack_id: String,
    /// The pack's version.
    pub version: String,
    /// The pack's schema version.
    pub schema_version: u32,
    /// Every file, sorted by path.
    pub files: Vec<ArchivedFile>,
}

/// One file listed in an archive manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedFile {
    /// Path inside the pack, `/`-separated.
    pub path: String,
    /// Size in bytes.
    pub size: u64,
    /// SHA-256 of the contents, lowercase hex.
    pub sha256: String,
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportReport {
    /// The pack's id.
    pub pack_id: String,
    /// The pack's version.
    pub version: String,
    /// Files written (not counting the archive manifest).
    pub files: usize,
}

/// What an import unpacked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportReport {
    /// Files unpacked.
    pub files: usize,
    /// Bytes unpacked.
    pub bytes: u64,
}

/// Why an export or import was refused.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The pack has validation errors; nothing was written.
    #[error("the pack has problems, so it was not exported:\n{0}")]
    Invalid(String),
    /// `--deck` names no deck of the pack (or the deck cannot be cut out of it).
    #[error(transparent)]
    Deck(#[from] crate::pack::DeckError),
    /// An entry's path is unsafe.
    #[error(
        "refused: entry `{0}` has an unsafe path (absolute, `..`, or a drive); nothing was written"
    )]
    UnsafePath(String),
    /// An entry is a symbolic link.
    #[error("refused: entry `{0}` is a symbolic link; nothing was written")]
    Link(String),
    /// Too many entries.
    #[error(
        "refused: the archive has {0} entries, over the limit of {MAX_ENTRIES}; nothing was written"
    )]
    TooManyEntries(usize),
    /// Too large when unpacked (a zip bomb, or simply too big).
    #[error(
        "refused: `{entry}` would unpack to more than {limit} bytes (a zip bomb?); nothing was written"
    )]
    TooLarge {
        /// The entry where the limit was crossed.
        entry: String,
        /// The limit crossed.
        limit: u64,
    },
    /// The archive manifest is missing or wrong.
    #[error("refused: {0}; nothing was written")]
    BadManifest(String),
    /// A file's checksum or size does not match the manifest.
    #[error(
        "refused: `{0}` does not match its checksum in the archive manifest; nothing was written"
    )]
    Checksum(String),
    /// The destination exists (the command line's `--force` replaces it).
    #[error("{0} already exists and is not empty")]
    Exists(PathBuf),
    /// The archive path is not a file (a folder, say).
    #[error("{0} is not a file: choose the pack archive (.zip) itself")]
    NotAFile(PathBuf),
    /// The zip itself is damaged.
    #[error("not a readable zip archive: {0}")]
    Zip(#[from] zip::result::ZipError),
    /// Writing the archive failed.
    #[error(transparent)]
    Write(#[from] crate::atomic::WriteError),
    /// The file system refused.
    #[error("{path}: {source}")]
    Io {
        /// What was being read or written.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> ArchiveError + '_ {
    move |source| ArchiveError::Io {
        path: path.to_owned(),
        source,
    }
}

/// A value could not be turned into the bytes its fingerprint is taken of.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot fingerprint the content: {0}")]
pub struct FingerprintError(String);

/// Hex SHA-256 of a value's JSON: equal values, equal fingerprints. Fails rather than hash
/// nothing, which would make every value look the same (and hide a change).
pub fn fingerprint_of(value: &impl serde::Serialize) -> Result<String, FingerprintError> {
    let bytes = serde_json::to_vec(value).map_err(|e| FingerprintError(e.to_string()))?;
    Ok(sha256_hex(&bytes))
}

/// Hex SHA-256 of bytes.
#[must_use]
pub fn sha256_hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// Validates the pack in `pack_dir` and writes it to `output` as a zip archive.
pub fn export_pack(pack_dir: &Path, output: &Path) -> Result<ExportReport, ArchiveError> {
    export_pack_with(pack_dir, output, None)
}

/// [`export_pack`], or with `deck`, the pack cut down to that deck ([`crate::pack::Pack::deck_subset`]):
/// the manifest, the keywords, the deck and the cards it plays, plus every file that is not
/// RON (art, templates). The cut pack is validated too: an archive always imports cleanly.
pub fn export_pack_with(
    pack_dir: &Path,
    output: &Path,
    deck: Option<&str>,
) -> Result<ExportReport, ArchiveError> {
    let mut diags = Diagnostics::new();
    let pack = load_pack(pack_dir, &mut diags);
    if diags.has_errors() {
        diags.sort();
        let list: Vec<String> = diags.iter().map(ToString::to_string).collect();
        return Err(ArchiveError::Invalid(list.join("\n")));
    }
    let subset = match deck {
        Some(name) => {
            let subset = pack.deck_subset(name)?;
            let mut diags = Diagnostics::new();
            crate::pack::validate(&subset, &mut diags);
            if diags.has_errors() {
                let list: Vec<String> = diags.iter().map(ToString::to_string).collect();
                return Err(ArchiveError::Invalid(list.join("\n")));
            }
            Some(subset)
        }
        None => None,
    };
    let mut files = Vec::new();
    for rel in pack_files(pack_dir)? {
        let bytes = match &subset {
            // The cut pack's RON files as cut; its manifest and non-RON files as on disk.
            // (`.ron` as the pack loader reads it: exactly that extension.)
            Some(subset)
                if Path::new(&rel).extension().is_some_and(|e| e == "ron")
                    && rel != crate::pack::MANIFEST_FILE =>
            {
                match subset.file(&rel) {
                    Some(file) => file.source.clone().into_bytes(),
                    None => continue,
                }
            }
            _ => {
                let path = pack_dir.join(&rel);
                std::fs::read(&path).map_err(io_err(&path))?
            }
        };
        files.push((rel, bytes));
    }
    let manifest = ArchiveManifest {
        format: 1,
        pack_id: pack.manifest.id.clone(),
        version: pack.manifest.version.clone(),
        schema_version: pack.manifest.schema_version,
        files: files
            .iter()
            .map(|(path, bytes)| ArchivedFile {
                path: path.clone(),
                size: bytes.len() as u64,
                sha256: sha256_hex(bytes),
            })
            .collect(),
    };
    let manifest_text = ron_io::to_canonical("ArchiveManifest", &manifest)
        .map_err(|e| ArchiveError::BadManifest(e.to_string()))?;

    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default())
        .unix_permissions(0o644);
    zip.start_file(ARCHIVE_MANIFEST, options)?;
    zip.write_all(manifest_text.as_bytes())
        .map_err(io_err(output))?;
    for (rel, bytes) in &files {
        zip.start_file(rel.as_str(), options)?;
        zip.write_all(bytes).map_err(io_err(output))?;
    }
    let bytes = zip.finish()?.into_inner();
    crate::atomic::write_bytes_atomic(output, &bytes)?;
    Ok(ExportReport {
        pack_id: manifest.pack_id,
        version: manifest.version,
        files: files.len(),
    })
}

/// Every regular file in a pack folder (hidden entries, `target/` and the scratch folder
/// skipped), sorted,
/// as `/`-separated relative paths. Symbolic links are not followed or exported.
fn pack_files(root: &Path) -> Result<Vec<String>, ArchiveError> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel_dir) = stack.pop() {
        let dir = root.join(&rel_dir);
        for entry in std::fs::read_dir(&dir).map_err(io_err(&dir))? {
            let entry = entry.map_err(io_err(&dir))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "target" {
                continue;
            }
            // The editor's scratch files (try-outs) never ship.
            if rel_dir.as_os_str().is_empty() && name == crate::pack::SCRATCH_DIR {
                continue;
            }
            let kind = entry.file_type().map_err(io_err(&dir))?;
            let rel = rel_dir.join(&name);
            if kind.is_dir() {
                stack.push(rel);
            } else if kind.is_file() {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Whether an entry name is a plain relative path with no `..`, root, drive or backslash.
fn safe_relative(name: &str) -> Option<PathBuf> {
    if name.is_empty() || name.contains('\\') || name.contains('\0') || name.contains(':') {
        return None;
    }
    let path = Path::new(name);
    let mut clean = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => clean.push(part),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    (!clean.as_os_str().is_empty()).then_some(clean)
}

/// Unpacks `archive` into `dest` after checking all of it. `dest` must not exist (or be empty)
/// unless `force` is set; nothing is written unless every check passes.
pub fn import_pack(archive: &Path, dest: &Path, force: bool) -> Result<ImportReport, ArchiveError> {
    if dest.exists() && !force {
        let empty = std::fs::read_dir(dest).is_ok_and(|mut d| d.next().is_none());
        if !empty {
            return Err(ArchiveError::Exists(dest.to_owned()));
        }
    }
    if archive.is_dir() {
        return Err(ArchiveError::NotAFile(archive.to_owned()));
    }
    let file = std::fs::File::open(archive).map_err(io_err(archive))?;
    let mut zip = zip::ZipArchive::new(std::io::BufReader::new(file))?;
    if zip.len() > MAX_ENTRIES {
        return Err(ArchiveError::TooManyEntries(zip.len()));
    }
    // First pass: names, kinds and declared sizes, before reading any content.
    let mut declared_total = 0u64;
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i)?;
        let name = entry.name().to_owned();
        if safe_relative(&name).is_none() {
            return Err(ArchiveError::UnsafePath(name));
        }
        if entry.is_symlink() {
            return Err(ArchiveError::Link(name));
        }
        declared_total = declared_total.saturating_add(entry.size());
        if entry.size() > MAX_ENTRY_BYTES {
            return Err(ArchiveError::TooLarge {
                entry: name,
                limit: MAX_ENTRY_BYTES,
            });
        }
        if declared_total > MAX_TOTAL_BYTES {
            return Err(ArchiveError::TooLarge {
                entry: name,
                limit: MAX_TOTAL_BYTES,
            });
        }
    }
    // Second pass: read each entry with a hard cap (headers can lie), into memory.
    let mut contents: Vec<(PathBuf, String, Vec<u8>)> = Vec::new();
    let mut total = 0u64;
    for i in 0..zip.len() {
        let entry = zip.by_index(i)?;
        if entry.is_dir() {
            continue;
        }
        let name = entry.name().to_owned();
        let Some(rel) = safe_relative(&name) else {
            return Err(ArchiveError::UnsafePath(name));
        };
        let mut bytes = Vec::new();
        entry
            .take(MAX_ENTRY_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io_err(archive))?;
        total += bytes.len() as u64;
        if bytes.len() as u64 > MAX_ENTRY_BYTES {
            return Err(ArchiveError::TooLarge {
                entry: name,
                limit: MAX_ENTRY_BYTES,
            });
        }
        if total > MAX_TOTAL_BYTES {
            return Err(ArchiveError::TooLarge {
                entry: name,
                limit: MAX_TOTAL_BYTES,
            });
        }
        contents.push((rel, name, bytes));
    }
    let manifest_bytes = contents
        .iter()
        .find(|(_, name, _)| name == ARCHIVE_MANIFEST)
        .map(|(_, _, b)| b.clone())
        .ok_or_else(|| {
            ArchiveError::BadManifest(format!("the archive has no {ARCHIVE_MANIFEST}"))
        })?;
    let manifest_text = String::from_utf8(manifest_bytes)
        .map_err(|_| ArchiveError::BadManifest(format!("{ARCHIVE_MANIFEST} is not text")))?;
    let manifest: ArchiveManifest = ron_io::parse_one(&manifest_text, Path::new(ARCHIVE_MANIFEST))
        .map_err(|first| ArchiveError::BadManifest(first.to_string()))?;
    let files: Vec<(PathBuf, String, Vec<u8>)> = contents
        .into_iter()
        .filter(|(_, name, _)| name != ARCHIVE_MANIFEST)
        .collect();
    if files.len() != manifest.files.len() {
        return Err(ArchiveError::BadManifest(format!(
            "the manifest lists {} files but the archive holds {}",
            manifest.files.len(),
            files.len()
        )));
    }
    for (_, name, bytes) in &files {
        let listed = manifest
            .files
            .iter()
            .find(|f| &f.path == name)
            .ok_or_else(|| {
                ArchiveError::BadManifest(format!("`{name}` is not listed in the manifest"))
            })?;
        if listed.size != bytes.len() as u64 || listed.sha256 != sha256_hex(bytes) {
            return Err(ArchiveError::Checksum(name.clone()));
        }
    }
    // Everything checked: write to a temporary folder beside `dest`, then move it into place.
    let parent = dest
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(io_err(parent))?;
    // Made as `create_dir` would make it: the imported pack is the user's, not private.
    let staging =
        crate::atomic::temp_dir_in(parent, ".sigilforge-import-").map_err(io_err(parent))?;
    let mut bytes_written = 0u64;
    for (rel, _, bytes) in &files {
        let path = staging.path().join(rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io_err(dir))?;
        }
        std::fs::write(&path, bytes).map_err(io_err(&path))?;
        bytes_written += bytes.len() as u64;
    }
    let staged = staging.keep();
    if dest.exists() {
        // The replaced pack's folder keeps its mode, as a replaced file does.
        let mode = std::fs::metadata(dest).map_err(io_err(dest))?.permissions();
        std::fs::set_permissions(&staged, mode).map_err(io_err(&staged))?;
        let old = tempfile::Builder::new()
            .prefix(".sigilforge-old-")
            .tempdir_in(parent)
            .map_err(io_err(parent))?;
        let old_path = old.keep().join("pack");
        std::fs::rename(dest, &old_path).map_err(io_err(dest))?;
        std::fs::rename(&staged, dest).map_err(io_err(dest))?;
        if let Some(old_root) = old_path.parent() {
            let _ = std::fs::remove_dir_all(old_root); // the replaced pack; failure only leaves a hidden folder
        }
    } else {
        std::fs::rename(&staged, dest).map_err(io_err(dest))?;
    }
    Ok(ImportReport {
        files: files.len(),
        bytes: bytes_written,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_json_cannot_hold_has_no_fingerprint_rather_than_the_empty_one() {
        let ok = std::collections::BTreeMap::from([("a", 1)]);
        assert_eq!(fingerprint_of(&ok).unwrap().len(), 64);
        // JSON keys are strings: a map keyed by pairs cannot be written, and must not hash
        // as nothing (every such value would then look the same).
        let pairs = std::collections::BTreeMap::from([((1, 2), 3)]);
        assert!(fingerprint_of(&pairs).is_err());
    }

    #[test]
    fn unsafe_names_are_refused() {
        assert!(safe_relative("../x").is_none());
        assert!(safe_relative("a/../../x").is_none());
        assert!(safe_relative("/etc/passwd").is_none());
        assert!(safe_relative("C:/x").is_none());
        assert!(safe_relative("a\\b").is_none());
        assert_eq!(safe_relative("./a/b.ron"), Some(PathBuf::from("a/b.ron")));
    }
}
