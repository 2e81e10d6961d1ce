//! `simulate` and `balance`: the engine runs them; this adds the terminal progress bar.

use std::io::IsTerminal as _;
use std::path::Path;

use sigilforge_engine::balance::{self, BalanceConfig};
use sigilforge_engine::battle;
use sigilforge_engine::command::CommandOutput;

/// `sigilforge simulate FILE --runs N [--threads T] [--json]`, with a progress bar on a terminal.
pub fn simulate(file: &Path, runs: u64, threads: Option<usize>, json: bool) -> CommandOutput {
    with_progress(runs, &|progress| {
        battle::simulate::simulate_command(file, runs, threads, json, progress)
    })
}

/// `sigilforge balance PACK ...`, with a progress bar on a terminal (an A/B plays each battle
/// in both versions).
pub fn balance(
    pack: &Path,
    config: &BalanceConfig,
    options: &balance::cli::Options,
) -> CommandOutput {
    let runs = config.matches() * 2;
    with_progress(runs, &|progress| {
        balance::cli::balance_command(pack, config, options, progress)
    })
}

/// A progress callback: battles done so far.
type Progress<'a> = &'a (dyn Fn(u64) + Sync);

/// Runs `command` with a terminal progress bar over `total` battles (none when stderr is not
/// a terminal).
fn with_progress(total: u64, command: &dyn Fn(Progress<'_>) -> CommandOutput) -> CommandOutput {
    if !std::io::stderr().is_terminal() {
        return command(&|_| {});
    }
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} battles ({per_sec}, {eta} left)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let output = command(&|done| bar.set_position(done));
    bar.finish_and_clear();
    output
}
