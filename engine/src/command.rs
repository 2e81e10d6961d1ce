//! What a CLI subcommand produces, so each command's logic lives (and is tested) in the engine
//! and the `sigilforge` binary only prints it.

/// `value` as pretty JSON with a final newline: every command's `--json` output.
pub fn pretty_json(value: &impl serde::Serialize) -> Result<String, serde_json::Error> {
    let mut text = serde_json::to_string_pretty(value)?;
    text.push('\n');
    Ok(text)
}

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

    /// Success printing `value` as `--json` output (see [`pretty_json`]); a value JSON cannot
    /// hold fails the command (exit 1, said on standard error), never an empty success.
    #[must_use]
    pub fn json(value: &impl serde::Serialize) -> Self {
        match pretty_json(value) {
            Ok(stdout) => Self::ok(stdout),
            Err(e) => Self::cannot_write_json(&e),
        }
    }

    /// The command's result could not be written as JSON: exit 1, the reason on standard
    /// error, nothing on standard output.
    #[must_use]
    pub fn cannot_write_json(error: &serde_json::Error) -> Self {
        Self {
            stdout: String::new(),
            stderr: format!("cannot write the result as JSON: {error}\n"),
            code: 1,
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
