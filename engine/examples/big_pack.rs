//! Writes the generated big pack of issue #29 (30,000 cards, 50 scenarios) into a folder:
//! `cargo run --release -p sigilforge-engine --example big_pack -- DIR [CARDS] [SCENARIOS]`.
//! Then `sigilforge validate DIR` or `sigilforge DIR` measure what a big set costs.

use std::path::PathBuf;
use std::process::ExitCode;

use sigilforge_engine::big_pack::BigPack;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next().map(PathBuf::from) else {
        eprintln!("usage: big_pack DIR [CARDS] [SCENARIOS]");
        return ExitCode::from(2);
    };
    let mut size = BigPack::ISSUE_29;
    for (slot, arg) in [&mut size.cards, &mut size.scenarios].into_iter().zip(args) {
        let Ok(n) = arg.parse() else {
            eprintln!("not a whole number: {arg}");
            return ExitCode::from(2);
        };
        *slot = n;
    }
    match size.write(&dir) {
        Ok(()) => {
            println!(
                "wrote {} cards and {} scenarios to {}",
                size.cards,
                size.scenarios,
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}
