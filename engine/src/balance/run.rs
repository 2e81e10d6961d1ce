//! The parallel driver: matches in chunks on rayon, each worker folding its matches into its
//! own sums, the sums merged at the end. Progress is reported per chunk; a cancel flag is
//! checked between chunks.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;

use super::lab::Lineups;

/// Matches per work item (and per progress report).
pub const CHUNK: u64 = 256;

/// How a run reports: battles done so far, and whether to stop.
#[derive(Clone, Copy)]
pub struct Control<'a> {
    /// Called with the number of battles played so far.
    pub progress: &'a (dyn Fn(u64) + Sync),
    /// Set to stop early (the run then returns nothing).
    pub cancel: &'a AtomicBool,
    /// Worker threads (default: all).
    pub threads: Option<usize>,
}

/// Runs `play` over matches `0..matches` on `threads` threads; each worker starts from
/// `init()`, the workers are merged with `merge`. `None` when cancelled.
pub fn drive<W: Send>(
    matches: u64,
    control: Control<'_>,
    draw: &(dyn Fn(u64, &mut Vec<u16>, &mut Lineups) + Sync),
    init: &(dyn Fn() -> W + Sync),
    play: &(dyn Fn(&mut W, &Lineups) + Sync),
    merge: &(dyn Fn(W, W) -> W + Sync),
) -> Option<W> {
    let done = AtomicU64::new(0);
    let chunks = matches.div_ceil(CHUNK);
    let work = || {
        (0..chunks)
            .into_par_iter()
            .fold(
                || (init(), Vec::new(), empty_lineups()),
                |(mut worker, mut scratch, mut lineups), chunk| {
                    if control.cancel.load(Ordering::Relaxed) {
                        return (worker, scratch, lineups);
                    }
                    let from = chunk * CHUNK;
                    let to = (from + CHUNK).min(matches);
                    for index in from..to {
                        draw(index, &mut scratch, &mut lineups);
                        play(&mut worker, &lineups);
                    }
                    let battles = 2 * (to - from);
                    (control.progress)(done.fetch_add(battles, Ordering::Relaxed) + battles);
                    (worker, scratch, lineups)
                },
            )
            .map(|(worker, _, _)| worker)
            .reduce_with(merge)
    };
    let result = match rayon::ThreadPoolBuilder::new()
        .num_threads(control.threads.unwrap_or(0))
        .build()
    {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    };
    if control.cancel.load(Ordering::Relaxed) {
        return None;
    }
    Some(result.unwrap_or_else(init))
}

/// Line-ups to draw into.
#[must_use]
pub fn empty_lineups() -> Lineups {
    Lineups {
        index: 0,
        lines: [Vec::new(), Vec::new()],
        seed: 0,
    }
}
