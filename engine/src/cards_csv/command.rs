//! `sigilforge csv export` and `sigilforge csv import`: the CSV round trip on a pack folder.

use std::fmt::Write as _;
use std::path::Path;

use super::{apply_plan, describe_plan, export_csv, plan_import_bytes};
use crate::command::CommandOutput;

/// `sigilforge csv export PACK -o cards.csv`: exit 0 when written, 1 when the pack has
/// problems (listed; nothing is written) or the file cannot be written, 2 for no pack.
#[must_use]
pub fn export_command(pack_dir: &Path, output: &Path) -> CommandOutput {
    let pack = match crate::pack::load_for_command(pack_dir) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let text = match export_csv(&pack) {
        Ok(text) => text,
        Err(e) => {
            return CommandOutput {
                stdout: String::new(),
                stderr: format!("{e}\n"),
                code: 1,
            };
        }
    };
    match crate::ron_io::write_atomic(output, &text) {
        Ok(_) => CommandOutput::ok(format!(
            "wrote {} ({} cards)\n",
            output.display(),
            pack.cards().count()
        )),
        Err(e) => CommandOutput {
            stdout: String::new(),
            stderr: format!("{e}\n"),
            code: 1,
        },
    }
}

/// `sigilforge csv import cards.csv PACK [--accept-warnings]`: rows matched by id change
/// those cards only, new ids append; exit 0 when written (or nothing to change), 1 when a row
/// is bad (each as `cards.csv:ROW:COL: message`; nothing is written), when a cell looks
/// damaged by a spreadsheet and `accept_warnings` is off (each located; nothing is written),
/// or when the pack cannot be saved, 2 for no pack or an unreadable CSV file.
#[must_use]
pub fn import_command(csv_path: &Path, pack_dir: &Path) -> CommandOutput {
    import_command_with(csv_path, pack_dir, false)
}

/// [`import_command`], writing despite damage warnings when `accept_warnings`.
#[must_use]
pub fn import_command_with(
    csv_path: &Path,
    pack_dir: &Path,
    accept_warnings: bool,
) -> CommandOutput {
    let bytes = match std::fs::read(csv_path) {
        Ok(t) => t,
        Err(e) => return CommandOutput::bad_input(format!("{}: {e}", csv_path.display())),
    };
    let mut pack = match crate::pack::load_for_command(pack_dir) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let failed = |stderr: String| CommandOutput {
        stdout: String::new(),
        stderr,
        code: 1,
    };
    let plan = match plan_import_bytes(&pack, &bytes) {
        Ok(plan) => plan,
        Err(errors) => {
            let mut stderr = String::new();
            for e in &errors {
                let _ = writeln!(stderr, "{}", e.display(csv_path));
            }
            let _ = writeln!(stderr, "nothing was written");
            return failed(stderr);
        }
    };
    let mut said = String::new();
    for note in &plan.notes {
        let _ = writeln!(said, "{}: note: {note}", csv_path.display());
    }
    for w in &plan.warnings {
        let _ = writeln!(said, "warning: {}", w.display(csv_path));
    }
    if !plan.warnings.is_empty() && !accept_warnings {
        let _ = writeln!(
            said,
            "{} cells look changed by a spreadsheet; nothing was written (fix them, or import with --accept-warnings to take them as they are)",
            plan.warnings.len()
        );
        return failed(said);
    }
    if let Err(e) = apply_plan(&mut pack, &plan) {
        return failed(format!("{e}\nnothing was written\n"));
    }
    match pack.save() {
        Ok(written) => {
            let mut out = describe_plan(&plan);
            for file in written {
                let _ = writeln!(out, "wrote {file}");
            }
            let mut done = CommandOutput::ok(out);
            done.stderr = said;
            done
        }
        Err(e) => failed(format!("{e}\n")),
    }
}
