//! The one sandbox panel every rule system uses: the same controls (step, step back, run to
//! end, reset, seed, a timeline to seek any step, and Simulate where the system has an outcome
//! to count), the same log (each line with its cause, copies of one card told apart by id), the
//! same "Why" pane (the selected event's whole cause chain, then "why this order" in the
//! system's words) and a board each system draws through [`SystemSandbox::board_ui`], always
//! at the selected event.
//!
//! Each system wraps its engine run ([`sigilforge_engine::core::Sandbox`]) in a [`Runner`],
//! which replays from the seed to seek and step back and reads the board right after an event
//! from the run's kept moments ([`sigilforge_engine::core::AtEvent`]), and implements
//! [`SystemSandbox`]: the battle line ([`battle`]), glyph networks ([`glyph`]), encounters
//! ([`encounter`]) and the rules sandbox ([`rules`], whose tab is a later issue). The panel
//! draws from `&dyn SystemSandbox` and only pushes [`SandboxCommand`]s; the host wraps them in
//! its `EditCommand` and applies them in its one `apply`. Simulating is [`simulate`]'s shared
//! control over each engine's own simulate function.

pub mod battle;
pub mod built_at;
pub mod encounter;
pub mod glyph;
pub mod panel;
pub mod rules;
pub mod rules_act;
pub mod set_up;
pub mod simulate;

use sigilforge_engine::core::{AtEvent, Sandbox};

pub use built_at::BuiltAt;
pub use panel::sandbox_ui;
pub use simulate::Simulation;

/// What the sandbox controls ask for; the host applies it with [`SystemSandbox::apply`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SandboxCommand {
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
    /// How many runs Simulate plays.
    SetRuns(u32),
    /// Play that many seeded runs on a background thread and count their outcomes.
    Simulate,
    /// Play this seed from the start (a simulated run that ended a given way).
    LoadSeed(u64),
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
    /// The Simulate control, for a system with an outcome worth counting over many seeds.
    fn simulation(&self) -> Option<&Simulation> {
        None
    }
    /// Carries out a control.
    fn apply(&mut self, command: &SandboxCommand);
}

/// An engine run with what the panel needs around it: the run's length, the selected event,
/// and how the board at that event is read: from the run's kept moments (exact), or, for a
/// system that keeps none, from the run replayed to the step that logged it.
#[derive(Debug, Clone)]
pub struct Runner<S> {
    /// The run as stepped.
    pub run: S,
    total: usize,
    selected: Option<usize>,
    /// The run replayed to the step that logged the selected event (only without moments).
    replayed: Option<S>,
    /// Makes a run (a rebuilt one) keep what the board needs: moments, or nothing.
    prepare: fn(S) -> S,
    /// Whether the run keeps moments (the board at an event is read from them).
    moments: bool,
}

impl<S: Sandbox> Runner<S> {
    /// A runner over `run` (at whatever step it is) whose board at a selected event is the run
    /// replayed to the step that logged it (for a system that keeps no moments).
    pub fn new(run: S) -> Self {
        Self::prepared(run, std::convert::identity, false)
    }

    fn prepared(run: S, prepare: fn(S) -> S, moments: bool) -> Self {
        let run = prepare(run);
        let total = run.seek(usize::MAX).steps();
        Self {
            run,
            total,
            selected: None,
            replayed: None,
            prepare,
            moments,
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
        self.selected
    }

    /// The run whose state a board without moments shows: replayed to the step that logged the
    /// selected event, or as stepped.
    #[must_use]
    pub fn shown(&self) -> &S {
        self.replayed.as_ref().unwrap_or(&self.run)
    }

    /// Carries out a control (Simulate and its runs are the system's: ignored here). Anything
    /// that moves the run clears the selection.
    pub fn apply(&mut self, command: &SandboxCommand) {
        match command {
            SandboxCommand::Select(Some(i)) if *i < self.run.log().len() => {
                self.selected = Some(*i);
                // A run that keeps moments reads the board from them: no replay.
                self.replayed = (!self.moments).then(|| self.run.seek_event(*i));
                return;
            }
            SandboxCommand::Select(_) | SandboxCommand::SetRuns(_) | SandboxCommand::Simulate => {}
            SandboxCommand::Step => {
                self.run.step();
            }
            SandboxCommand::StepBack => self.run.step_back(),
            SandboxCommand::RunToEnd => {
                self.run.run_to_end();
            }
            SandboxCommand::Reset => self.run.reset(),
            SandboxCommand::Seek(n) => self.run = self.run.seek(*n),
            SandboxCommand::SetSeed(seed) => {
                let steps = self.run.steps();
                self.run = self.run.reseed(*seed).seek(steps);
                self.total = self.run.seek(usize::MAX).steps();
            }
            SandboxCommand::LoadSeed(seed) => {
                self.run = self.run.reseed(*seed);
                self.total = self.run.seek(usize::MAX).steps();
            }
        }
        self.selected = None;
        self.replayed = None;
    }

    /// The same run rebuilt (content edited): replayed to the same step.
    pub fn replace(&mut self, run: &S) {
        let steps = self.run.steps();
        // The length is counted on a run that keeps no moments (copying the board at every
        // event of a whole run is most of an edit's cost); the one kept is stepped only as far
        // as it was.
        self.total = run.seek(usize::MAX).steps();
        self.run = (self.prepare)(run.restart()).seek(steps);
        self.selected = None;
        self.replayed = None;
    }
}

impl<S: AtEvent> Runner<S> {
    /// A runner over `run` (not stepped yet) that keeps a moment per event, so the board at a
    /// selected event is exactly the board right after it.
    pub fn with_moments(run: S) -> Self {
        Self::prepared(run, AtEvent::keep_moments, true)
    }

    /// The board the panel shows: right after the selected event, else as the run stands.
    #[must_use]
    pub fn board(&self) -> S::Moment {
        self.selected
            .and_then(|i| self.run.at_event(i))
            .unwrap_or_else(|| self.run.moment())
    }
}
