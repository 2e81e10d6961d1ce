//! The one sandbox panel every rule system uses: the same controls (step, step back, run to
//! end, reset, seed, a timeline to seek any step), the same log (each line with its cause,
//! copies of one card told apart by id), the same "Why" pane (the selected event's whole cause
//! chain, then "why this order" in the system's words) and a board each system draws through
//! [`SystemSandbox::board_ui`], always at the selected event.
//!
//! Each system wraps its engine run ([`sigilforge_engine::core::Sandbox`]) in a [`Runner`],
//! which replays from the seed to seek and step back, and implements [`SystemSandbox`]: the
//! battle line ([`battle`]), glyph networks ([`glyph`]), encounters ([`encounter`]) and the
//! rules sandbox ([`rules`], whose tab is a later issue). The panel draws from `&dyn
//! SystemSandbox` and only pushes [`StepCommand`]s; the host applies them in one place.

pub mod battle;
pub mod encounter;
pub mod glyph;
pub mod panel;
pub mod rules;

use sigilforge_engine::core::{Cause, Sandbox};

pub use panel::sandbox_ui;

/// A cause in words: "by ability 1 of door, after #3".
#[must_use]
pub fn cause_text<A: std::fmt::Display>(cause: &Cause<A>) -> String {
    let mut parts = Vec::new();
    if let Some(a) = &cause.ability {
        parts.push(format!("by {a}"));
    }
    if let Some(after) = cause.after {
        parts.push(format!("after #{after}"));
    }
    parts.join(", ")
}

/// What the sandbox controls ask for; the host applies it with [`SystemSandbox::apply`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepCommand {
    /// One step forward.
    Step,
    /// One step back (a replay from the seed).
    StepBack,
    /// Step until the run is over.
    RunToEnd,
    /// Back to the start.
    Reset,
    /// To this many steps from the start (the timeline).
    Seek(usize),
    /// Another seed, replayed to the same step.
    SetSeed(u64),
    /// Show this event's "why", and the board right after it (`None`: the current step).
    Select(Option<usize>),
}

/// A rule system's run as the one sandbox panel drives and shows it.
pub trait SystemSandbox {
    /// What one step is called: "event", "round", "action".
    fn step_word(&self) -> &'static str;
    /// Steps taken.
    fn steps(&self) -> usize;
    /// Steps a run takes to its end (the timeline's length).
    fn total_steps(&self) -> usize;
    /// The seed, for systems that draw random numbers.
    fn seed(&self) -> Option<u64>;
    /// Events logged so far.
    fn log_len(&self) -> usize;
    /// An event in words (copies of one card told apart by id).
    fn line(&self, event: usize) -> String;
    /// An event's cause in words ("by Burst 1 of A's Bomber [3], after #12"), empty if none.
    fn cause(&self, event: usize) -> String;
    /// The event, then the event it answers, and so on.
    fn why(&self, event: usize) -> Vec<usize>;
    /// Why the event came when it did: the ordering rule that put it there.
    fn order(&self, event: usize) -> String;
    /// How the run ended, once it has.
    fn outcome(&self) -> Option<String>;
    /// The selected event, if any.
    fn selected(&self) -> Option<usize>;
    /// Draws the board as it was right after the selected event (or at the current step).
    fn board_ui(&self, ui: &mut egui::Ui);
    /// Carries out a control.
    fn apply(&mut self, command: &StepCommand);
}

/// An engine run with what the panel needs around it: the run's length, the selected event
/// and the run replayed to it (kept, so the board does not replay every frame).
#[derive(Debug, Clone)]
pub struct Runner<S> {
    /// The run as stepped.
    pub run: S,
    total: usize,
    selected: Option<(usize, S)>,
}

impl<S: Sandbox> Runner<S> {
    /// A runner over `run` (at whatever step it is).
    pub fn new(run: S) -> Self {
        let total = run.seek(usize::MAX).steps();
        Self {
            run,
            total,
            selected: None,
        }
    }

    /// Steps a run takes to its end.
    #[must_use]
    pub fn total(&self) -> usize {
        self.total
    }

    /// The selected event.
    #[must_use]
    pub fn selected(&self) -> Option<usize> {
        self.selected.as_ref().map(|(i, _)| *i)
    }

    /// The run whose state the board shows: replayed to the selected event, or as stepped.
    #[must_use]
    pub fn shown(&self) -> &S {
        self.selected.as_ref().map_or(&self.run, |(_, at)| at)
    }

    /// Carries out a control. Anything that moves the run clears the selection.
    pub fn apply(&mut self, command: &StepCommand) {
        match command {
            StepCommand::Select(Some(i)) if *i < self.run.log().len() => {
                self.selected = Some((*i, self.run.seek_event(*i)));
                return;
            }
            StepCommand::Select(_) => {}
            StepCommand::Step => {
                self.run.step();
            }
            StepCommand::StepBack => self.run.step_back(),
            StepCommand::RunToEnd => {
                self.run.run_to_end();
            }
            StepCommand::Reset => self.run.reset(),
            StepCommand::Seek(n) => self.run = self.run.seek(*n),
            StepCommand::SetSeed(seed) => {
                let steps = self.run.steps();
                self.run = self.run.reseed(*seed).seek(steps);
                self.total = self.run.seek(usize::MAX).steps();
            }
        }
        self.selected = None;
    }

    /// The same run rebuilt (content edited): replayed to the same step.
    pub fn replace(&mut self, run: &S) {
        let steps = self.run.steps();
        self.total = run.seek(usize::MAX).steps();
        self.run = run.seek(steps);
        self.selected = None;
    }
}
