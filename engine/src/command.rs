//! What a CLI subcommand produces, so each command's logic lives (and is tested) in the engine
//! and the `sigilforge` binary only prints it.

/// The result of running a subcommand: what to print where, and the exit status.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CommandOutput {
    /// Printed on standard output (the JSON for `--json`).
    pub stdout: String,
    /// Printed on standard error (logs, one-line errors).
    pub stderr: String,
    /// Exit status: 0 success, 1 problems found, 2 bad input file.
    pub code: i32,
}

impl CommandOutput {
    /// Success with this standard output.
    #[must_use]
    pub fn ok(stdout: String) -> Self {
        Self {
            stdout,
            stderr: String::new(),
            code: 0,
        }
    }

    /// A bad input file: one line on standard error, exit 2, nothing on standard output.
    #[must_use]
    pub fn bad_input(message: impl Into<String>) -> Self {
        let mut stderr = message.into();
        if !stderr.ends_with('\n') {
            stderr.push('\n');
        }
        Self {
            stdout: String::new(),
            stderr,
            code: 2,
        }
    }
}
