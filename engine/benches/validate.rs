//! `sigilforge validate` on the generated big pack of issue #29 (30,000 cards in 30 files,
//! 50 battle scenarios naming the pack): wall time per run, best of a few. For CPU time run the
//! binary under `/usr/bin/time -v` (`cargo run --release -p sigilforge-engine --example big_pack
//! -- DIR`, then `sigilforge validate DIR`). `BIG_PACK_CARDS` / `BIG_PACK_SCENARIOS` change the size,
//! `BIG_PACK_RUNS` the number of runs.
#![allow(missing_docs, clippy::print_stdout)]

use std::time::Instant;

use sigilforge_engine::big_pack::BigPack;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{read_pack, validate, validate_command};

fn main() {
    let mut size = BigPack::ISSUE_29;
    let env = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    size.cards = env("BIG_PACK_CARDS", size.cards);
    size.scenarios = env("BIG_PACK_SCENARIOS", size.scenarios);
    let dir = tempfile::tempdir().expect("a temporary folder");
    size.write(dir.path())
        .expect("the generated pack is written");
    let runs = env("BIG_PACK_RUNS", 3);
    let mut best = f64::INFINITY;
    for run in 0..runs {
        let start = Instant::now();
        let out = validate_command(dir.path());
        let secs = start.elapsed().as_secs_f64();
        best = best.min(secs);
        println!(
            "validate run {run}: {secs:.3} s, exit {}, {} line(s) of problems",
            out.code,
            out.stdout.lines().count()
        );
        if run == 0 {
            for line in out.stdout.lines().take(5) {
                println!("  {line}");
            }
        }
    }
    println!(
        "validate, {} cards and {} scenarios: best {best:.3} s",
        size.cards, size.scenarios
    );
    // What the editor runs after an edit: the pack's own checks on the pack in memory.
    let mut diags = Diagnostics::new();
    let pack = read_pack(dir.path(), &mut diags);
    let mut best = f64::INFINITY;
    for _ in 0..runs.max(1) * 3 {
        let start = Instant::now();
        let mut diags = Diagnostics::new();
        validate(&pack, &mut diags);
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "pack::validate of the pack in memory (the editor's check after an edit): best {:.1} ms",
        best * 1e3
    );
}
