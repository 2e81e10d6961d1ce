//! `battle` and `simulate`: the engine runs them; this adds the terminal progress bar.

use std::io::IsTerminal as _;
use std::path::Path;

use sigilforge_engine::battle;
use sigilforge_engine::command::CommandOutput;

/// `sigilforge simulate FILE --runs N [--threads T] [--json]`, with a progress bar on a terminal.
pub fn simulate(file: &Path, runs: u64, threads: Option<usize>, json: bool) -> CommandOutput {
    if !std::io::stderr().is_terminal() {
        return battle::simulate::simulate_command(file, runs, threads, json, &|_| {});
    }
    let bar = indicatif::ProgressBar::new(runs);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} battles ({per_sec}, {eta} left)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let output = battle::simulate::simulate_command(file, runs, threads, json, &|done| {
        bar.set_position(done);
    });
    bar.finish_and_clear();
    output
}
