//! Monte Carlo: one battle over seeds `0..runs`, in parallel (rayon), the log off. Results are
//! gathered per seed and summarised in seed order, so they never depend on the thread count.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;
use serde_json::{Map, Value, json};

use crate::command::CommandOutput;

use super::core::{Battle, Winner};
use super::setup::{BattleSetup, load_scenario_file};

/// Seeds per work item (and per progress report).
const CHUNK: u64 = 1024;

/// A rate with its 95% Wilson confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    /// How many runs.
    pub count: u64,
    /// count / runs.
    pub rate: f64,
    /// Lower bound of the 95% interval.
    pub low: f64,
    /// Upper bound of the 95% interval.
    pub high: f64,
}

/// Average and 10th/50th/90th percentiles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    /// The mean.
    pub mean: f64,
    /// 10th percentile.
    pub p10: i32,
    /// Median.
    pub p50: i32,
    /// 90th percentile.
    pub p90: i32,
}

/// What a simulation found.
#[derive(Debug, Clone, PartialEq)]
pub struct SimulationReport {
    /// Number of runs (seeds 0..runs).
    pub runs: u64,
    /// A's remaining life minus B's (each at least 0) over the runs, smallest difference
    /// first (the sandbox's histogram; not in the JSON).
    pub life_difference: Vec<LifeBar>,
    /// A wins.
    pub win: Rate,
    /// Both fell at once.
    pub draw: Rate,
    /// B wins.
    pub loss: Rate,
    /// `max_turns` reached.
    pub none: Rate,
    /// A's remaining life.
    pub life_a: Spread,
    /// B's remaining life.
    pub life_b: Spread,
    /// Turns played.
    pub turns: Spread,
    /// The first seed with each outcome: win, draw, loss, none.
    pub examples: [Option<u64>; 4],
}

/// One bar of the life-difference histogram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LifeBar {
    /// A's remaining life minus B's.
    pub difference: i32,
    /// Runs that ended so.
    pub runs: u64,
    /// The first seed that ended so (to load it).
    pub seed: u64,
}

#[derive(Debug, Clone, Copy)]
struct RunResult {
    outcome: u8,
    life: [i32; 2],
    turns: u32,
}

/// Runs seeds `0..runs` of a battle on `threads` threads (default: all), calling `progress`
/// with the number of runs done so far from time to time.
#[must_use]
pub fn simulate(
    setup: &BattleSetup,
    runs: u64,
    threads: Option<usize>,
    progress: &(dyn Fn(u64) + Sync),
) -> SimulationReport {
    let never = AtomicBool::new(false);
    simulate_until(setup, runs, threads, progress, &never).unwrap_or_else(|| summarise(&[]))
}

/// [`simulate`] that stops early when `cancel` is set (then `None`): the sandbox's live odds
/// drop a run as soon as the line-up it was for changes.
#[must_use]
pub fn simulate_until(
    setup: &BattleSetup,
    runs: u64,
    threads: Option<usize>,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> Option<SimulationReport> {
    let start = Battle::with_log(setup, 0, false);
    let done = AtomicU64::new(0);
    let chunks: Vec<u64> = (0..runs.div_ceil(CHUNK)).collect();
    let work = || -> Vec<RunResult> {
        chunks
            .par_iter()
            .flat_map_iter(|&chunk| {
                if cancel.load(Ordering::Relaxed) {
                    return Vec::new();
                }
                let from = chunk * CHUNK;
                let to = (from + CHUNK).min(runs);
                let mut battle = start.clone();
                let results: Vec<RunResult> = (from..to)
                    .map(|seed| run_one(&mut battle, &start, seed))
                    .collect();
                progress(done.fetch_add(to - from, Ordering::Relaxed) + (to - from));
                results
            })
            .collect()
    };
    let results = match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
    {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    };
    (!cancel.load(Ordering::Relaxed)).then(|| summarise(&results))
}

/// [`simulate`] from content and an in-memory scenario.
pub fn simulate_scenario(
    content: &super::BattleContent,
    scenario: &crate::model::BattleScenario,
    runs: u64,
    threads: Option<usize>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SimulationReport, super::LoadError> {
    let setup = super::prepare(content, scenario)?;
    Ok(simulate(&setup, runs, threads, progress))
}

fn run_one(battle: &mut Battle, start: &Battle, seed: u64) -> RunResult {
    battle.reset_from(start, seed);
    battle.run();
    let outcome = match battle.winner() {
        Some(Winner::A) => 0,
        Some(Winner::Draw) => 1,
        Some(Winner::B) => 2,
        _ => 3,
    };
    RunResult {
        outcome,
        life: battle.life(),
        turns: battle.turn(),
    }
}

fn summarise(results: &[RunResult]) -> SimulationReport {
    let runs = results.len() as u64;
    let mut counts = [0u64; 4];
    let mut examples = [None; 4];
    for (seed, r) in results.iter().enumerate() {
        counts[r.outcome as usize] += 1;
        examples[r.outcome as usize].get_or_insert(seed as u64);
    }
    let spread = |f: &dyn Fn(&RunResult) -> i32| {
        let mut v: Vec<i32> = results.iter().map(f).collect();
        v.sort_unstable();
        let pct = |q: usize| {
            if v.is_empty() {
                0
            } else {
                v[((v.len() - 1) * q) / 100]
            }
        };
        let mean = if v.is_empty() {
            0.0
        } else {
            v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64
        };
        Spread {
            mean,
            p10: pct(10),
            p50: pct(50),
            p90: pct(90),
        }
    };
    let mut difference = std::collections::BTreeMap::<i32, (u64, u64)>::new();
    for (seed, r) in results.iter().enumerate() {
        difference
            .entry(r.life[0].max(0) - r.life[1].max(0))
            .or_insert((0, seed as u64))
            .0 += 1;
    }
    SimulationReport {
        runs,
        life_difference: difference
            .into_iter()
            .map(|(difference, (runs, seed))| LifeBar {
                difference,
                runs,
                seed,
            })
            .collect(),
        win: wilson(counts[0], runs),
        draw: wilson(counts[1], runs),
        loss: wilson(counts[2], runs),
        none: wilson(counts[3], runs),
        life_a: spread(&|r| r.life[0]),
        life_b: spread(&|r| r.life[1]),
        turns: spread(&|r| r.turns as i32),
        examples,
    }
}

/// The 95% Wilson score interval for `count` successes in `runs` trials.
#[must_use]
pub fn wilson(count: u64, runs: u64) -> Rate {
    if runs == 0 {
        return Rate {
            count,
            rate: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let z = 1.959_963_984_540_054_f64;
    let n = runs as f64;
    let p = count as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    Rate {
        count,
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

impl SimulationReport {
    /// The report as JSON (rates, intervals, spreads, example seeds).
    #[must_use]
    pub fn to_json(&self) -> Value {
        let rate = |r: &Rate| json!({"count": r.count, "rate": r.rate, "ci95": [r.low, r.high]});
        let spread = |s: &Spread| json!({"mean": s.mean, "p10": s.p10, "p50": s.p50, "p90": s.p90});
        let mut outcomes = Map::new();
        outcomes.insert("win".into(), rate(&self.win));
        outcomes.insert("draw".into(), rate(&self.draw));
        outcomes.insert("loss".into(), rate(&self.loss));
        outcomes.insert("none".into(), rate(&self.none));
        let mut examples = Map::new();
        for (name, seed) in ["win", "draw", "loss", "none"].iter().zip(self.examples) {
            examples.insert((*name).into(), seed.map_or(Value::Null, |s| json!(s)));
        }
        let mut m = Map::new();
        m.insert("runs".into(), json!(self.runs));
        m.insert("outcomes".into(), Value::Object(outcomes));
        m.insert(
            "life".into(),
            json!({"a": spread(&self.life_a), "b": spread(&self.life_b)}),
        );
        m.insert("turns".into(), spread(&self.turns));
        m.insert("example_seeds".into(), Value::Object(examples));
        Value::Object(m)
    }

    /// The report as a readable table.
    #[must_use]
    pub fn to_table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{} runs (seeds 0..{})", self.runs, self.runs);
        let _ = writeln!(
            out,
            "{:<6} {:>8} {:>8}  {:<17} {:>12}",
            "result", "count", "rate", "95% interval", "example seed"
        );
        let rows = [
            ("A wins", &self.win),
            ("draw", &self.draw),
            ("B wins", &self.loss),
            ("none", &self.none),
        ];
        for ((name, r), example) in rows.iter().zip(self.examples) {
            let example = example.map_or_else(|| "-".to_owned(), |s| s.to_string());
            let _ = writeln!(
                out,
                "{name:<6} {:>8} {:>7.2}%  {:>6.2}% - {:>6.2}% {example:>12}",
                r.count,
                r.rate * 100.0,
                r.low * 100.0,
                r.high * 100.0
            );
        }
        let _ = writeln!(
            out,
            "\n{:<10} {:>8} {:>6} {:>6} {:>6}",
            "", "mean", "p10", "p50", "p90"
        );
        for (name, s) in [
            ("life A", &self.life_a),
            ("life B", &self.life_b),
            ("turns", &self.turns),
        ] {
            let _ = writeln!(
                out,
                "{name:<10} {:>8.2} {:>6} {:>6} {:>6}",
                s.mean, s.p10, s.p50, s.p90
            );
        }
        out
    }
}

/// `sigilforge simulate FILE --runs N [--threads N] [--json]`.
#[must_use]
pub fn simulate_command(
    path: &Path,
    runs: u64,
    threads: Option<usize>,
    json: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> CommandOutput {
    let setup = match load_scenario_file(path) {
        Ok((_, setup)) => setup,
        Err(err) => return CommandOutput::bad_input(err.to_string()),
    };
    let report = simulate(&setup, runs, threads, progress);
    if json {
        CommandOutput::json(&report.to_json())
    } else {
        CommandOutput::ok(report.to_table())
    }
}
