//! The `sigilforge` binary: with no arguments it opens the editor; with a subcommand it runs
//! the command-line interface.

fn main() -> std::process::ExitCode {
    sigilforge::cli::main()
}
