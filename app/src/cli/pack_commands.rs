//! `validate`, `fmt`, `export` and `import`.

use std::path::Path;

use sigilforge_engine::command::CommandOutput;
use sigilforge_engine::{archive, pack};

/// `sigilforge validate PATH`.
pub fn validate(path: &Path) -> CommandOutput {
    pack::validate_command(path)
}

/// `sigilforge fmt PATH [--check]`.
pub fn fmt(path: &Path, check: bool) -> CommandOutput {
    pack::fmt_command(path, check)
}

/// `sigilforge export PACK -o FILE.zip [--deck NAME]`: exit 1 when the pack has problems or
/// the archive cannot be written, 2 for an unknown deck.
pub fn export(pack_dir: &Path, output: &Path, deck: Option<&str>) -> CommandOutput {
    match archive::export_pack_with(pack_dir, output, deck) {
        Ok(report) => CommandOutput::ok(format!(
            "wrote {} ({} files, pack `{}` version {})\n",
            output.display(),
            report.files,
            report.pack_id,
            report.version
        )),
        Err(e @ archive::ArchiveError::Deck(_)) => CommandOutput::bad_input(e.to_string()),
        Err(e) => CommandOutput {
            stdout: String::new(),
            stderr: format!("{e}\n"),
            code: 1,
        },
    }
}

/// `sigilforge import FILE.zip DIR [--force]`.
pub fn import(archive_path: &Path, dir: &Path, force: bool) -> CommandOutput {
    match archive::import_pack(archive_path, dir, force) {
        Ok(report) => CommandOutput::ok(format!(
            "unpacked {} files ({} bytes) into {}\n",
            report.files,
            report.bytes,
            dir.display()
        )),
        Err(e) => {
            let hint = if matches!(e, archive::ArchiveError::Exists(_)) {
                "; pass --force to replace it"
            } else {
                ""
            };
            CommandOutput {
                stdout: String::new(),
                stderr: format!("{e}{hint}\n"),
                code: 1,
            }
        }
    }
}
