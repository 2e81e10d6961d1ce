//! `validate`, `fmt`, `export` and `import`.

use std::fmt::Write as _;
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

/// `sigilforge export PACK -o FILE.zip`.
pub fn export(pack_dir: &Path, output: &Path) -> CommandOutput {
    match archive::export_pack(pack_dir, output) {
        Ok(report) => {
            let mut out = String::new();
            let _ = writeln!(
                out,
                "wrote {} ({} files, pack `{}` version {})",
                output.display(),
                report.files,
                report.pack_id,
                report.version
            );
            CommandOutput::ok(out)
        }
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
