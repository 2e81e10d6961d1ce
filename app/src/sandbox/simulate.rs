//! The one Simulate control every system with an outcome shares: how many runs, the button,
//! the progress, then what was counted (each outcome with its share, a button loading a seed
//! that ended that way; the system's own lines; a bar chart).
//!
//! A system plugs in thinly: it turns its engine's simulate function into a [`Work`] (run on a
//! background thread) and the engine's report into a [`Tally`]. The battle line counts wins,
//! draws and losses (`battle::simulate`); an encounter its heroes' win rate
//! (`encounter::simulate`). Glyph networks draw no random numbers (every run is the same) and
//! the rules sandbox checks a script, so neither has one.
//!
//! Live odds ([`Simulation::live`], the battle line's): once simulated, every change of the
//! content re-runs the simulation by itself, a short quiet moment ([`DEBOUNCE`]) after the last
//! change, on a background thread. A change cancels the job running and bumps a generation
//! counter; a tally is taken only from a job of the current generation, and the tally of older
//! content is never shown, so the numbers on screen are always those of the content as it is.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, Plot};

use super::SandboxCommand;
use crate::jobs;

/// A system's simulation ready to run on a background thread: given a progress callback (runs
/// done so far) and a cancel flag (set when its result is no longer wanted: it may stop early,
/// its result is dropped), it plays the runs and counts them, or says why it could not.
pub type Work = Box<dyn FnOnce(&(dyn Fn(u64) + Sync), &AtomicBool) -> anyhow::Result<Tally> + Send>;

/// How long live odds wait after a change before re-running: a burst of edits (typing a
/// number) runs once, and a single edit is still re-run and drawn well within 100 ms.
pub const DEBOUNCE: Duration = Duration::from_millis(30);

/// What a simulation counted, as the shared control shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    /// Runs played.
    pub runs: u64,
    /// A line shown first, above the counts, if the system sums the runs up in one (the
    /// encounter's band and both tables' win rates).
    pub headline: Option<String>,
    /// Each outcome with how many runs ended so.
    pub outcomes: Vec<OutcomeCount>,
    /// The system's own lines (a win rate with its interval, averages, per-hero chances).
    pub lines: Vec<String>,
    /// A bar chart, if the system has one.
    pub chart: Option<Chart>,
}

/// One outcome counted over the runs.
#[derive(Debug, Clone, PartialEq)]
pub struct OutcomeCount {
    /// What it is ("A wins").
    pub label: String,
    /// Runs that ended so.
    pub count: u64,
    /// A seed that ends so (a button loads it), if the system keeps one.
    pub example: Option<u64>,
}

/// A bar chart of a simulation.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// What it shows (a line above it).
    pub caption: String,
    /// The vertical axis, if it needs a name.
    pub y_label: Option<String>,
    /// The bars.
    pub bars: Vec<ChartBar>,
}

/// One bar.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartBar {
    /// Where it stands on the horizontal axis.
    pub x: f64,
    /// Its name under the axis (bars at whole `x` values), if the axis is not a number.
    pub name: Option<String>,
    /// Its height.
    pub value: f64,
    /// Good for the first side (green), bad (red), or neither.
    pub good: Option<bool>,
    /// A seed whose run ended in this bar (a click loads it at its last step), if kept.
    pub seed: Option<u64>,
}

/// A running job: its progress, cancel and tally, and the content's generation it counts.
#[derive(Debug)]
struct Job {
    work: jobs::Job<Tally>,
    /// The content's generation the job counts.
    generation: u64,
}

impl Job {
    fn cancel(&self) {
        self.work.cancel();
    }
}

/// The Simulate control's state: how many runs, the job running, the last tally.
#[derive(Debug)]
pub struct Simulation {
    runs: u32,
    /// What Simulate does, in the system's words (its hover text).
    what: &'static str,
    /// Whether the system's simulate function reports runs done (else a spinner shows).
    counts_progress: bool,
    job: Option<Job>,
    last: Option<anyhow::Result<Tally>>,
    /// The content changed since the last tally.
    stale: bool,
    /// Re-run by itself after every change, once simulated (live odds).
    live: bool,
    /// When the debounced re-run of live odds is due.
    due: Option<Instant>,
    /// Changes of the content (and of the run count) so far: a tally is taken only from a job
    /// started after the last one.
    generation: u64,
}

impl Simulation {
    /// A control that plays `runs` runs by default; `what` says what Simulate does.
    #[must_use]
    pub fn new(runs: u32, what: &'static str) -> Self {
        Self {
            runs,
            what,
            counts_progress: true,
            job: None,
            last: None,
            stale: false,
            live: false,
            due: None,
            generation: 0,
        }
    }

    /// Live odds: once simulated, re-run by itself after every change (see the module doc).
    #[must_use]
    pub fn live(mut self) -> Self {
        self.live = true;
        self
    }

    /// Whether the tally shown is for the content as it is now (no change since it began).
    #[must_use]
    pub fn is_current(&self) -> bool {
        self.tally().is_some() && !self.stale
    }

    /// For a simulate function that does not report runs done: a spinner shows instead.
    #[must_use]
    pub fn without_progress(mut self) -> Self {
        self.counts_progress = false;
        self
    }

    /// How many runs Simulate plays.
    #[must_use]
    pub fn runs(&self) -> u32 {
        self.runs
    }

    /// Runs done so far, while a job runs.
    #[must_use]
    pub fn progress(&self) -> Option<u64> {
        self.job.as_ref().map(|j| j.work.done())
    }

    /// The last tally, if the last job finished well.
    #[must_use]
    pub fn tally(&self) -> Option<&Tally> {
        self.last.as_ref().and_then(|r| r.as_ref().ok())
    }

    /// Carries out `SetRuns` and `Simulate` (`work` makes the job for a number of runs; `None`:
    /// nothing to simulate). Returns whether the command was one of them.
    pub fn apply(
        &mut self,
        command: &SandboxCommand,
        work: impl FnOnce(u32) -> Option<Work>,
    ) -> bool {
        match command {
            SandboxCommand::SetRuns(n) => {
                self.runs = (*n).max(1);
                // Live odds follow the run count too: the tally shown is for the count shown.
                if self.live {
                    self.content_changed();
                }
            }
            SandboxCommand::Simulate => {
                if let Some(work) = work(self.runs) {
                    self.start(work);
                }
            }
            _ => return false,
        }
        true
    }

    /// Starts `work` on a background thread (a job still running is cancelled: its result is
    /// dropped).
    pub fn start(&mut self, work: Work) {
        if let Some(old) = self.job.take() {
            old.cancel();
        }
        self.due = None;
        let work = jobs::Job::spawn(move |counter, stop| {
            work(&|done| counter.store(done, Ordering::Relaxed), stop)
        });
        self.job = Some(Job {
            work,
            generation: self.generation,
        });
    }

    /// Whether the debounced re-run of live odds is due now (then it is no longer pending: the
    /// system starts it with [`Self::start`]).
    pub fn take_due(&mut self) -> bool {
        match self.due {
            Some(at) if Instant::now() >= at => {
                self.due = None;
                true
            }
            _ => false,
        }
    }

    /// Whether a live re-run waits for its quiet moment or runs.
    #[must_use]
    pub fn is_updating(&self) -> bool {
        self.due.is_some() || self.job.is_some()
    }

    /// Picks up a finished job; true while one runs or a live re-run is pending (keep
    /// repainting).
    pub fn poll(&mut self) -> bool {
        let Some(job) = &self.job else {
            return self.due.is_some();
        };
        let Some(result) = job.work.finished("simulation") else {
            return true;
        };
        // Only a job of the content as it is now has the numbers to show.
        if job.generation == self.generation {
            self.last = Some(result);
            self.stale = false;
        }
        self.job = None;
        self.due.is_some()
    }

    /// The content changed: the last tally is for what it was. Live odds cancel the job
    /// running and re-run after [`DEBOUNCE`], once there is something simulated to follow.
    pub fn content_changed(&mut self) {
        self.generation += 1;
        let running = self.job.take().inspect(Job::cancel).is_some();
        if self.last.is_some() {
            self.stale = true;
        }
        if self.live && (running || self.last.is_some()) {
            self.due = Some(Instant::now() + DEBOUNCE);
        }
    }
}

/// Draws the control; what the user asks for is pushed, never done here.
pub fn simulate_ui(ui: &mut Ui, sim: &Simulation, push: &mut dyn FnMut(SandboxCommand)) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Runs");
        let mut runs = sim.runs;
        if ui
            .add(egui::DragValue::new(&mut runs).range(1..=1_000_000))
            .labelled_by(label.id)
            .on_hover_text(if sim.live {
                "How many runs Simulate plays (seeds 0 to N−1); once simulated, the odds re-run after every change"
            } else {
                "How many runs Simulate plays (seeds 0 to N−1)"
            })
            .changed()
        {
            push(SandboxCommand::SetRuns(runs));
        }
        if ui
            .add_enabled(sim.job.is_none(), egui::Button::new("Simulate"))
            .on_hover_text(sim.what)
            .clicked()
        {
            push(SandboxCommand::Simulate);
        }
        if let Some(done) = sim.progress() {
            let hover = "Running on a background thread; the editor stays usable";
            if sim.counts_progress {
                ui.add(
                    egui::ProgressBar::new(done as f32 / sim.runs.max(1) as f32)
                        .desired_width(220.0)
                        .text(format!("Simulating: {done} of {}", sim.runs)),
                )
                .on_hover_text(hover);
            } else {
                ui.spinner();
                ui.label(format!("Simulating {} runs…", sim.runs))
                    .on_hover_text(hover);
            }
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
    });
    match &sim.last {
        None => {}
        Some(Err(e)) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("Cannot simulate: {e:#}"),
            );
        }
        Some(Ok(_)) if sim.stale && sim.live => {
            // Never the numbers of an older line-up: they are being re-run.
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(RichText::new("Updating the odds for the content as edited…").italics())
                    .on_hover_text("Live odds re-run after every change, on a background thread");
            });
        }
        Some(Ok(tally)) => {
            if sim.stale {
                ui.label(RichText::new("The content changed since: simulate again.").italics())
                    .on_hover_text("The numbers below are for the content as it was");
            }
            tally_ui(ui, tally, push);
        }
    }
}

fn tally_ui(ui: &mut Ui, tally: &Tally, push: &mut dyn FnMut(SandboxCommand)) {
    let runs = tally.runs.max(1) as f64;
    if let Some(headline) = &tally.headline {
        ui.label(RichText::new(headline).strong());
    }
    ui.horizontal_wrapped(|ui| {
        for o in &tally.outcomes {
            let text = format!(
                "{}: {} ({:.1}%)",
                o.label,
                o.count,
                100.0 * o.count as f64 / runs
            );
            match o.example {
                Some(seed) => {
                    if ui
                        .button(text)
                        .on_hover_text(format!("Load seed {seed}, an example of this outcome"))
                        .clicked()
                    {
                        push(SandboxCommand::LoadSeed(seed));
                    }
                }
                None => {
                    ui.label(text);
                }
            }
        }
    });
    if tally.lines.is_empty() && tally.chart.is_none() {
        return;
    }
    // Foldable: the chart is tall, and the board, log and Why below need the room too.
    egui::CollapsingHeader::new("Details")
        .id_salt("sandbox-simulation-details")
        .default_open(true)
        .show(ui, |ui| {
            for line in &tally.lines {
                ui.label(line);
            }
            if let Some(chart) = &tally.chart {
                chart_ui(ui, chart, push);
            }
        })
        .header_response
        .on_hover_text("The simulation's numbers and chart; fold them to give the run more room");
}

/// The bar a click at plot coordinate `x` picks: the nearest bar with a seed, within one unit
/// (bars stand at whole numbers), so a click beside a thin bar still hits it.
#[must_use]
pub fn bar_at(bars: &[ChartBar], x: f64) -> Option<&ChartBar> {
    bars.iter()
        .filter(|b| b.seed.is_some() && (b.x - x).abs() <= 1.0)
        .min_by(|a, b| (a.x - x).abs().total_cmp(&(b.x - x).abs()))
}

/// The accessible name of a chart whose bars load seeds (what a click in it does).
pub const CLICKABLE_CHART: &str = "Histogram: click a bar to load one of its seeds at its end";

fn chart_ui(ui: &mut Ui, chart: &Chart, push: &mut dyn FnMut(SandboxCommand)) {
    ui.label(&chart.caption);
    let clickable = chart.bars.iter().any(|b| b.seed.is_some());
    let bars: Vec<Bar> = chart
        .bars
        .iter()
        .map(|b| {
            let bar = Bar::new(b.x, b.value).width(0.6);
            let bar = match (&b.name, b.seed) {
                (Some(name), _) => bar.name(name),
                (None, Some(seed)) => bar.name(format!("{:+}: click for seed {seed}", b.x)),
                (None, None) => bar,
            };
            match b.good {
                Some(true) => bar.fill(Color32::from_rgb(80, 160, 90)),
                Some(false) => bar.fill(Color32::from_rgb(190, 80, 60)),
                None => bar,
            }
        })
        .collect();
    let names: Vec<(f64, String)> = chart
        .bars
        .iter()
        .filter_map(|b| Some((b.x, b.name.clone()?)))
        .collect();
    let mut plot = Plot::new(("simulation-chart", &chart.caption))
        .height(150.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .include_y(0.0);
    if let Some(y) = &chart.y_label {
        plot = plot.y_axis_label(y);
    }
    if !names.is_empty() {
        plot = plot.x_axis_formatter(move |mark, _| {
            names
                .iter()
                .find(|(x, _)| (mark.value - x).abs() < 1e-6)
                .map(|(_, n)| n.clone())
                .unwrap_or_default()
        });
    }
    let shown = plot.show(ui, |plot| {
        plot.bar_chart(BarChart::new(chart.caption.clone(), bars));
        plot.pointer_coordinate()
    });
    if !clickable {
        return;
    }
    let response = shown
        .response
        .on_hover_text("Click a bar to load one of its seeds at its last step");
    response
        .widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Other, true, CLICKABLE_CHART));
    if response.clicked()
        && let Some(at) = shown.inner
        && let Some(seed) = bar_at(&chart.bars, at.x).and_then(|b| b.seed)
    {
        push(SandboxCommand::LoadSeed(seed));
        push(SandboxCommand::RunToEnd);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(runs: u64) -> Tally {
        Tally {
            runs,
            headline: None,
            outcomes: Vec::new(),
            lines: vec![format!("{runs} runs")],
            chart: None,
        }
    }

    fn work(runs: u64) -> Work {
        Box::new(move |_: &(dyn Fn(u64) + Sync), _: &AtomicBool| Ok(tally(runs)))
    }

    fn finish(sim: &mut Simulation) {
        while sim.job.is_some() {
            sim.poll();
            std::thread::yield_now();
        }
    }

    #[test]
    fn live_odds_rerun_after_a_change_and_never_show_the_older_content() {
        let mut sim = Simulation::new(5, "count").live();
        sim.content_changed();
        assert!(
            !sim.is_updating(),
            "nothing simulated yet: nothing to follow"
        );
        sim.start(work(1));
        finish(&mut sim);
        assert!(sim.is_current());
        // A change while a job runs: the job is dropped, its tally never taken.
        sim.start(work(2));
        sim.content_changed();
        assert!(
            !sim.is_current(),
            "the tally shown is for the older content"
        );
        assert!(sim.poll(), "a re-run is pending");
        assert_eq!(sim.tally(), Some(&tally(1)));
        std::thread::sleep(DEBOUNCE);
        assert!(sim.take_due());
        assert!(!sim.take_due(), "due once");
        sim.start(work(3));
        finish(&mut sim);
        assert!(sim.is_current());
        assert_eq!(sim.tally(), Some(&tally(3)));
        // The run count re-runs them too.
        sim.apply(&SandboxCommand::SetRuns(9), |_| None);
        assert!(!sim.is_current() && sim.is_updating());
    }

    #[test]
    fn a_click_picks_the_nearest_bar_with_a_seed_within_one_unit() {
        let bar = |x: f64, seed: Option<u64>| ChartBar {
            x,
            name: None,
            value: 1.0,
            good: None,
            seed,
        };
        let bars = [
            bar(-4.0, Some(7)),
            bar(0.0, Some(1)),
            bar(1.0, None),
            bar(5.0, Some(12)),
        ];
        assert_eq!(bar_at(&bars, -4.3).and_then(|b| b.seed), Some(7));
        assert_eq!(bar_at(&bars, 0.9).and_then(|b| b.seed), Some(1));
        assert_eq!(bar_at(&bars, 4.2).and_then(|b| b.seed), Some(12));
        assert!(bar_at(&bars, 2.5).is_none(), "no bar near");
    }

    #[test]
    fn a_job_reports_its_tally_and_a_change_marks_it_stale() {
        let mut sim = Simulation::new(10, "count");
        assert!(sim.apply(&SandboxCommand::SetRuns(0), |_| None));
        assert_eq!(sim.runs(), 1, "at least one run");
        assert!(!sim.apply(&SandboxCommand::Step, |_| None));
        sim.apply(&SandboxCommand::SetRuns(7), |_| None);
        sim.apply(&SandboxCommand::Simulate, |runs| {
            Some(Box::new(
                move |progress: &(dyn Fn(u64) + Sync), _: &AtomicBool| {
                    progress(u64::from(runs));
                    Ok(tally(u64::from(runs)))
                },
            ))
        });
        while sim.poll() {
            std::thread::yield_now();
        }
        assert_eq!(sim.tally(), Some(&tally(7)));
        assert!(!sim.stale);
        sim.content_changed();
        assert!(sim.stale);
    }
}
