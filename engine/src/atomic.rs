//! Writing files atomically, the one way every save and export writes: a temporary file in the
//! same folder, flushed and fsynced, then renamed over the target. A crash leaves either the old
//! file or the new one.
//!
//! The new file gets the permissions a plain `File::create` would give it: the existing file's
//! mode when it replaces one, otherwise `0666` less the user's umask. (A bare temporary file is
//! created `0600`, and the rename would keep that: files the user saves or exports are theirs
//! to share.) [`temp_dir_in`] does the same for a folder built aside and renamed into place
//! (an imported pack).

use std::io::Write as _;
use std::path::Path;

/// Errors writing a file.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The value could not be turned into RON.
    #[error("cannot write {path}: {message}")]
    Serialize {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
    /// The file system refused.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
}

/// Writes `contents` to `path` atomically (see the module). Skips the write when the file
/// already holds exactly these bytes (an unchanged save touches nothing). Returns whether it
/// wrote.
pub fn write_atomic(path: &Path, contents: &str) -> Result<bool, WriteError> {
    write_bytes_atomic(path, contents.as_bytes())
}

/// [`write_atomic`] for bytes (archives).
pub fn write_bytes_atomic(path: &Path, contents: &[u8]) -> Result<bool, WriteError> {
    if std::fs::read(path).is_ok_and(|old| old == contents) {
        return Ok(false);
    }
    replace_atomic(path, contents)?;
    Ok(true)
}

/// Writes `contents` to `path` atomically without first reading what is there: for a caller
/// that has just read the file and knows these bytes differ (a pack save checks the disk
/// before it writes, and need not read the file a second time).
pub fn replace_atomic(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    let io = |source| WriteError::Io {
        path: path.display().to_string(),
        source,
    };
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut tmp = temp_file_in(dir).map_err(io)?;
    if let Ok(existing) = std::fs::metadata(path) {
        // Replacing a file keeps its mode exactly (not narrowed by the umask again).
        tmp.as_file()
            .set_permissions(existing.permissions())
            .map_err(io)?;
    }
    tmp.write_all(contents).map_err(io)?;
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    // fsync the folder too, so the rename itself survives a crash.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all(); // best effort: not every platform can fsync a directory
    }
    Ok(())
}

/// A temporary file in `dir` created as `File::create` would create it (`0666` less the umask).
#[cfg(unix)]
fn temp_file_in(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    use std::os::unix::fs::PermissionsExt as _;
    tempfile::Builder::new()
        .prefix(".sigilforge-")
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)
}

/// A temporary file in `dir` (permissions are inherited from the folder on this platform).
#[cfg(not(unix))]
fn temp_file_in(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    tempfile::Builder::new()
        .prefix(".sigilforge-")
        .tempfile_in(dir)
}

/// A temporary folder in `dir`, to be filled and renamed into place, created as `create_dir`
/// would create it (`0777` less the umask): a bare temporary folder is `0700`, and the rename
/// would keep that.
pub fn temp_dir_in(dir: &Path, prefix: &str) -> std::io::Result<tempfile::TempDir> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(std::fs::Permissions::from_mode(0o777));
    }
    builder.tempdir_in(dir)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path)
            .expect("the file was just written")
            .permissions()
            .mode()
            & 0o777
    }

    /// The process umask, as a file made with `File::create` shows it (what it leaves of 0666).
    fn umask() -> u32 {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let probe = dir.path().join("probe");
        std::fs::File::create(&probe).expect("a file in a temporary folder");
        0o666 & !mode(&probe)
    }

    #[test]
    fn a_new_file_gets_the_mode_file_create_would_give() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sheet.html");
        assert!(write_atomic(&path, "<html></html>").unwrap());
        // Under the usual umask 022 that is 0644, where a bare temporary file would be 0600.
        assert_eq!(mode(&path), 0o666 & !umask());
    }

    #[test]
    fn replacing_a_file_keeps_its_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cards.ron");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        assert!(write_atomic(&path, "new").unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(mode(&path), 0o640);
    }

    #[test]
    fn unchanged_bytes_are_not_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.ron");
        assert!(write_bytes_atomic(&path, b"same").unwrap());
        assert!(!write_bytes_atomic(&path, b"same").unwrap());
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    }
}
