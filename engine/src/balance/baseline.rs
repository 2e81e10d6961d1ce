//! The version an A/B compares with: a pack folder on disk (the pack as saved is its own
//! folder) or a git revision of the pack's folder, read with `git` into a temporary folder and
//! loaded like any pack.

use std::io::{Read as _, Write as _};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use crate::diag::Diagnostics;
use crate::pack::{MANIFEST_FILE, Pack, load_pack};

use super::BalanceError;

/// The version an A/B compares the pack with (the pack as saved is [`load_folder`] of its own
/// folder).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Against {
    /// Another pack folder.
    Folder(PathBuf),
    /// The pack's folder at a git revision.
    Revision(String),
}

impl Against {
    /// How the version reads in a report: the folder's path, or `git:REV`.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Self::Folder(dir) => dir.display().to_string(),
            Self::Revision(rev) => format!("git:{rev}"),
        }
    }

    /// Loads the version; `pack_root` is the folder of the pack it is compared with (where a
    /// revision is read from).
    ///
    /// # Errors
    /// The folder is not a pack, or git cannot give the revision.
    pub fn load(&self, pack_root: &Path) -> Result<Pack, BalanceError> {
        match self {
            Self::Folder(dir) => load_folder(dir),
            Self::Revision(rev) => load_git_revision(pack_root, rev),
        }
    }
}

/// Loads the pack in a folder (its content as saved on disk).
pub fn load_folder(dir: &Path) -> Result<Pack, BalanceError> {
    if !dir.join(MANIFEST_FILE).is_file() {
        return Err(BalanceError::Baseline(format!(
            "{} has no {MANIFEST_FILE}: not a pack folder",
            dir.display()
        )));
    }
    let mut diags = Diagnostics::new();
    Ok(load_pack(dir, &mut diags))
}

/// Loads the pack folder `pack_root` as it was at git revision `rev` (a commit, tag, branch or
/// `HEAD~2`). Needs `git` on the path and the folder inside a repository.
pub fn load_git_revision(pack_root: &Path, rev: &str) -> Result<Pack, BalanceError> {
    let fail = |what: String| BalanceError::Baseline(format!("git revision `{rev}`: {what}"));
    if rev.trim().is_empty() || rev.starts_with('-') {
        return Err(fail("not a revision".into()));
    }
    let listing = git(
        pack_root,
        &[
            "ls-tree",
            "-r",
            "-z",
            "--full-name",
            "--name-only",
            rev,
            "--",
            ".",
        ],
        None,
    )
    .map_err(|e| fail(e.to_string()))?;
    let prefix =
        git(pack_root, &["rev-parse", "--show-prefix"], None).map_err(|e| fail(e.to_string()))?;
    let prefix = String::from_utf8_lossy(&prefix).trim().to_owned();
    let files: Vec<String> = listing
        .split(|&b| b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .filter(|p| Path::new(p).extension().is_some_and(|e| e == "ron"))
        .collect();
    if files.is_empty() {
        return Err(fail(format!(
            "no .ron files under {} at that revision",
            pack_root.display()
        )));
    }
    let request = files.iter().fold(String::new(), |mut out, f| {
        out.push_str(rev);
        out.push(':');
        out.push_str(f);
        out.push('\n');
        out
    });
    let blobs = git(
        pack_root,
        &["cat-file", "--batch"],
        Some(request.as_bytes()),
    )
    .map_err(|e| fail(e.to_string()))?;
    let dir = tempfile::tempdir().map_err(|e| fail(format!("cannot make a folder: {e}")))?;
    let mut rest: &[u8] = &blobs;
    for file in &files {
        let (text, after) = next_blob(rest).ok_or_else(|| fail(format!("cannot read {file}")))?;
        rest = after;
        let relative = file.strip_prefix(&prefix).unwrap_or(file);
        if Path::new(relative)
            .components()
            .any(|c| !matches!(c, Component::Normal(_)))
        {
            return Err(fail(format!("unexpected path {file}")));
        }
        let path = dir.path().join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| fail(e.to_string()))?;
        }
        std::fs::write(&path, text).map_err(|e| fail(e.to_string()))?;
    }
    let mut pack = load_folder(dir.path())?;
    // The folder goes away; the pack keeps where it really lives.
    pack_root.clone_into(&mut pack.root);
    Ok(pack)
}

/// One object of `git cat-file --batch` output: `<sha> <type> <size>\n<bytes>\n`.
fn next_blob(out: &[u8]) -> Option<(&[u8], &[u8])> {
    let header_end = out.iter().position(|&b| b == b'\n')?;
    let header = std::str::from_utf8(&out[..header_end]).ok()?;
    let size: usize = header.rsplit(' ').next()?.parse().ok()?;
    let body = out.get(header_end + 1..header_end + 1 + size)?;
    let rest = out.get(header_end + 2 + size..).unwrap_or(&[]);
    Some((body, rest))
}

/// Why a git command gave no answer.
#[derive(Debug, thiserror::Error)]
enum GitError {
    /// git could not be started (not installed, not on the path).
    #[error("cannot run git: {0}")]
    Spawn(std::io::Error),
    /// Talking to the running git failed.
    #[error("cannot talk to git: {0}")]
    Pipe(std::io::Error),
    /// The thread feeding git's input stopped.
    #[error("cannot write to git")]
    Feeder,
    /// git ran and refused: the first line it said.
    #[error("{0}")]
    Refused(String),
}

/// Runs git in `dir`, returning its standard output (or what it said on failure).
fn git(dir: &Path, args: &[&str], input: Option<&[u8]>) -> Result<Vec<u8>, GitError> {
    let mut child = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(GitError::Spawn)?;
    // Feed stdin from a thread so a large answer cannot fill the pipe and stall both sides.
    let feeder = match (input, child.stdin.take()) {
        (Some(bytes), Some(mut stdin)) => {
            let bytes = bytes.to_vec();
            Some(std::thread::spawn(move || stdin.write_all(&bytes)))
        }
        _ => None,
    };
    let mut stdout = Vec::new();
    if let Some(mut out) = child.stdout.take() {
        out.read_to_end(&mut stdout).map_err(GitError::Pipe)?;
    }
    let output = child.wait_with_output().map_err(GitError::Pipe)?;
    if let Some(feeder) = feeder {
        match feeder.join() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(GitError::Pipe(e)),
            Err(_) => return Err(GitError::Feeder),
        }
    }
    if !output.status.success() {
        let said = String::from_utf8_lossy(&output.stderr);
        return Err(GitError::Refused(
            said.lines().next().unwrap_or("git failed").to_owned(),
        ));
    }
    Ok(stdout)
}
