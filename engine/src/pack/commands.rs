//! `sigilforge validate` and `sigilforge fmt`, as engine functions returning [`CommandOutput`].

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use std::collections::BTreeMap;

use super::{Content, MANIFEST_FILE, Pack, find_pack_root, load_pack, read_text};
use crate::battle::setup::PackCache;
use crate::command::CommandOutput;
use crate::diag::{Diagnostics, Location, Severity};
use crate::model::PackManifest;
use crate::ron_io;

/// Every problem `validate` reports for a pack folder or one file: the pack's own checks
/// (what the editor shows) plus, for each file a command runs, that command's checks.
fn problems_for(path: &Path) -> Diagnostics {
    let mut diags = Diagnostics::new();
    // Files that did not read: their problems are the root ones, listed first.
    let mut roots = std::collections::BTreeSet::new();
    if path.is_dir() {
        let pack = load_pack(path, &mut diags);
        roots = pack
            .files
            .iter()
            .filter(|f| matches!(f.content, Content::Unread { .. }))
            .map(|f| pack.root.join(&f.path))
            .collect();
        let paths = PackPaths::of(&pack);
        let mut run = Diagnostics::new();
        // Scenarios naming the same pack share its compiled content (issue #29).
        let mut packs = PackCache::default();
        // While a card file does not read, running the scenarios that play its cards would
        // report each of them unknown: the syntax error is the root problem, shown alone.
        let cards_unread = !pack.unread_files("CardSet").is_empty();
        for file in &pack.files {
            if cards_unread
                && matches!(
                    ron_io::leading_tag(&file.source),
                    Some("BattleScenario" | "RulesScenario")
                )
            {
                continue;
            }
            let file_path = pack.root.join(&file.path);
            let mut found = Diagnostics::new();
            check_as_run_with(&file_path, &file.source, &mut packs, &mut found);
            paths.keep_run_checks(&diags, &file_path, found, &mut run);
        }
        diags.extend(run);
    } else if !path.exists() {
        diags.error(path, Location::START, "no such file or folder");
    } else if let Some(root) = find_pack_root(path) {
        let mut pack_level = Diagnostics::new();
        let pack = load_pack(&root, &mut pack_level);
        let paths = PackPaths::of(&pack);
        let mut found = Diagnostics::new();
        if let Some(text) = read_text(path, &mut found) {
            check_as_run(path, &text, &mut found);
        }
        let wanted = canonical(path);
        paths.keep_run_checks(&pack_level, path, found, &mut diags);
        for d in pack_level.into_vec() {
            if canonical(&d.file) == wanted {
                diags.push(d);
            }
        }
    } else if let Some(text) = read_text(path, &mut diags) {
        if is_run_by_a_command(&text) {
            check_as_run(path, &text, &mut diags);
        } else {
            lone_file_problems(path, &text, &mut diags);
        }
    }
    diags.sort();
    diags.dedup();
    root_problems_first(diags, &roots)
}

/// The problems of the files that did not read (`roots`) first: what follows may be their
/// consequence. Then the rest; each group in file order.
fn root_problems_first(
    diags: Diagnostics,
    roots: &std::collections::BTreeSet<PathBuf>,
) -> Diagnostics {
    let (first, rest): (Vec<_>, Vec<_>) = diags
        .into_vec()
        .into_iter()
        .partition(|d| roots.contains(&d.file));
    let mut out = Diagnostics::new();
    for d in first.into_iter().chain(rest) {
        out.push(d);
    }
    out
}

/// Whether a command runs files like this one (`battle`, `glyph`, `encounter`, `rules`).
fn is_run_by_a_command(source: &str) -> bool {
    matches!(
        ron_io::leading_tag(source),
        Some("BattleScenario" | "GlyphNetwork" | "Encounter" | "RulesScenario")
    )
}

/// Records every problem the command that runs a file of this kind would find (`battle`,
/// `glyph`, `encounter`, `rules`), by calling the very function that command checks with:
/// the one place `validate` learns what those commands refuse. Other kinds: nothing.
pub fn check_as_run(path: &Path, source: &str, diags: &mut Diagnostics) {
    check_as_run_with(path, source, &mut PackCache::default(), diags);
}

/// [`check_as_run`] for one of many files: the packs battle scenarios name are read and
/// compiled once for all of them (`packs`), the checks and problems are the same.
pub fn check_as_run_with(
    path: &Path,
    source: &str,
    packs: &mut PackCache,
    diags: &mut Diagnostics,
) {
    match ron_io::leading_tag(source) {
        Some("BattleScenario") => {
            crate::battle::setup::check_scenario_source(source, path, packs, diags);
        }
        Some("GlyphNetwork") => match crate::glyph::load(source, path) {
            Ok((_, found)) | Err(found) => diags.extend(found),
        },
        Some("Encounter") => {
            // Only the problems it records are wanted here, not the loaded encounter.
            let _ = crate::encounter::load_source(source, path, diags);
        }
        Some("RulesScenario") => crate::rules::cli::check_source(source, path, diags),
        _ => {}
    }
}

/// A file outside any pack that no command runs (cards, keywords, stat blocks, …): checked as
/// a pack of that one file, so duplicate ids, unknown keywords and dangling references count.
/// The status and ability libraries in the same folder come along (an ability file names the
/// statuses defined beside it), but only this file's problems are reported.
fn lone_file_problems(path: &Path, text: &str, diags: &mut Diagnostics) {
    let content = Content::parse(text, path, diags);
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let mut pack = super::Pack::new(dir, PackManifest::new("file", "file"));
    let mut file = super::PackFile::new(name.to_string_lossy(), content);
    text.clone_into(&mut file.source);
    pack.files.push(file);
    let mut siblings = Diagnostics::new();
    let mut beside: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    beside.sort();
    for other in beside {
        if other.extension().is_none_or(|e| e != "ron") || canonical(&other) == canonical(path) {
            continue;
        }
        let Ok(source) = std::fs::read_to_string(&other) else {
            continue;
        };
        if !matches!(
            ron_io::leading_tag(&source),
            Some("StatusLibrary" | "AbilityLibrary")
        ) {
            continue;
        }
        let content = Content::parse(&source, &other, &mut siblings);
        let Some(other_name) = other.file_name() else {
            continue;
        };
        let mut file = super::PackFile::new(other_name.to_string_lossy(), content);
        file.source = source;
        pack.files.push(file);
    }
    let mut found = Diagnostics::new();
    super::validate(&pack, &mut found);
    let wanted = canonical(path);
    for d in found.into_vec() {
        if canonical(&d.file) == wanted {
            diags.push(d);
        }
    }
}

/// A path with `..` and links resolved, for telling whether two paths name one file.
fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_owned())
}

/// The pack's files by their canonical paths, so a problem a command found in a pack file
/// (through `pack: Some("../..")`, say) is named the way the pack's own checks name it.
struct PackPaths(BTreeMap<PathBuf, PathBuf>);

impl PackPaths {
    fn of(pack: &super::Pack) -> Self {
        let mut map = BTreeMap::new();
        for file in &pack.files {
            let p = pack.root.join(&file.path);
            map.insert(canonical(&p), p);
        }
        Self(map)
    }

    /// Adds to `out` what running `file` found (`found`), written with the pack's names for
    /// its files: every problem in `file` itself, and problems in other files only where the
    /// pack's own checks (`pack_level`) found no error there (they already name those files'
    /// problems, in their own words).
    fn keep_run_checks(
        &self,
        pack_level: &Diagnostics,
        file: &Path,
        found: Diagnostics,
        out: &mut Diagnostics,
    ) {
        let own = canonical(file);
        for mut d in found.into_vec() {
            let at = canonical(&d.file);
            if let Some(named) = self.0.get(&at) {
                named.clone_into(&mut d.file);
            }
            let reported_there = || {
                pack_level
                    .iter()
                    .any(|p| p.severity == Severity::Error && canonical(&p.file) == at)
            };
            if at == own || !reported_there() {
                out.push(d);
            }
        }
    }
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
        .filter(|d| d.severity == Severity::Error)
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

/// Loads a pack that must have no problems: `Err` is the command's answer (exit 2 for no
/// pack, 1 for problems, each as `file:line:col: message`).
pub fn load_for_command(dir: &Path) -> Result<Pack, CommandOutput> {
    if !dir.join(MANIFEST_FILE).is_file() {
        return Err(CommandOutput::bad_input(format!(
            "{}: not a pack folder (no {})",
            dir.display(),
            MANIFEST_FILE
        )));
    }
    let mut diags = Diagnostics::new();
    let pack = load_pack(dir, &mut diags);
    if diags.has_errors() {
        diags.sort();
        let mut out = CommandOutput {
            code: 1,
            ..CommandOutput::default()
        };
        report(&mut out, &diags);
        let _ = writeln!(
            out.stderr,
            "the pack has problems; fix them first (nothing was written)"
        );
        return Err(out);
    }
    Ok(pack)
}
