//! `sigilforge validate` and `sigilforge fmt`, as engine functions returning [`CommandOutput`].

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::{Content, MANIFEST_FILE, find_pack_root, load_pack, read_text};
use crate::command::CommandOutput;
use crate::diag::Diagnostics;
use crate::model::PackManifest;
use crate::ron_io;

/// Loads a pack folder, or the pack holding a file (falling back to the file alone), and
/// returns the problems that concern `path`.
fn problems_for(path: &Path) -> Diagnostics {
    let mut diags = Diagnostics::new();
    if path.is_dir() {
        let _ = load_pack(path, &mut diags);
    } else if !path.exists() {
        diags.error(path, crate::diag::Location::START, "no such file or folder");
    } else if let Some(root) = find_pack_root(path) {
        let mut all = Diagnostics::new();
        let _ = load_pack(&root, &mut all);
        let wanted = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        for d in all.into_vec() {
            if d.file.canonicalize().is_ok_and(|f| f == wanted) {
                diags.error(&d.file, d.location, d.message);
            }
        }
    } else if let Some(text) = read_text(path, &mut diags) {
        let _ = Content::parse(&text, path, &mut diags);
    }
    diags.sort();
    diags
}

/// `sigilforge validate PATH`: every problem as `file:line:col: message` on stdout; exit 1 if
/// any is an error.
#[must_use]
pub fn validate_command(path: &Path) -> CommandOutput {
    let diags = problems_for(path);
    let mut out = CommandOutput::default();
    for d in &diags {
        let _ = writeln!(out.stdout, "{d}");
    }
    let errors = diags
        .iter()
        .filter(|d| d.severity == crate::diag::Severity::Error)
        .count();
    if errors > 0 {
        let _ = writeln!(out.stderr, "{errors} problem(s) found");
        out.code = 1;
    } else {
        let _ = writeln!(out.stderr, "{}: no problems", path.display());
    }
    out
}

/// `sigilforge fmt PATH [--check]`: rewrites each readable file in canonical form: indentation,
/// spacing, commas and blank lines normalised, every comment and line break kept
/// ([`crate::ron_doc::format::format_text`]). A file with any problem is left as it is
/// (rewriting it could drop what the user wrote), and reported.
#[must_use]
pub fn fmt_command(path: &Path, check: bool) -> CommandOutput {
    let files: Vec<PathBuf> = if path.is_dir() {
        let mut diags = Diagnostics::new();
        let mut list: Vec<PathBuf> = super::ron_files(path, &mut diags)
            .into_iter()
            .map(|r| path.join(r))
            .collect();
        if path.join(MANIFEST_FILE).is_file() {
            list.insert(0, path.join(MANIFEST_FILE));
        }
        list
    } else {
        vec![path.to_owned()]
    };
    let mut out = CommandOutput::default();
    let mut changed = 0usize;
    let mut skipped = 0usize;
    for file in files {
        let mut diags = Diagnostics::new();
        let Some(text) = read_text(&file, &mut diags) else {
            skipped += 1;
            report(&mut out, &diags);
            continue;
        };
        let readable = if file.file_name().is_some_and(|n| n == MANIFEST_FILE) {
            ron_io::parse::<PackManifest>(&text, &file, &mut diags).is_some()
        } else {
            !matches!(
                Content::parse(&text, &file, &mut diags),
                Content::Unread { .. }
            )
        };
        // The layout is normalised token by token: comments and line breaks stay.
        let canonical = if readable {
            crate::ron_doc::format::format_text(&text).ok()
        } else {
            None
        };
        let canonical = match canonical {
            Some(c) if diags.is_empty() => c,
            _ => {
                skipped += 1;
                if diags.is_empty() {
                    let _ = writeln!(
                        out.stderr,
                        "{}: left as is (not a kind this build formats)",
                        file.display()
                    );
                } else {
                    report(&mut out, &diags);
                }
                continue;
            }
        };
        if canonical == text {
            continue;
        }
        changed += 1;
        if check {
            let _ = writeln!(out.stdout, "{}: not in canonical form", file.display());
        } else if let Err(e) = ron_io::write_atomic(&file, &canonical) {
            let _ = writeln!(out.stderr, "{e}");
            out.code = 1;
        } else {
            let _ = writeln!(out.stdout, "formatted {}", file.display());
        }
    }
    if skipped > 0 {
        let _ = writeln!(
            out.stderr,
            "{skipped} file(s) left untouched because of the problems above"
        );
        out.code = 1;
    }
    if check && changed > 0 {
        out.code = 1;
    }
    out
}

fn report(out: &mut CommandOutput, diags: &Diagnostics) {
    for d in diags {
        let _ = writeln!(out.stderr, "{d}");
    }
}
