//! Glyph networks in the one sandbox panel: a step is a round. The network has no dice, so no
//! seed, and nothing to simulate (every run is the same). The board lists each glyph right
//! after the selected event, in the middle of its round too (the map and the graph show the
//! same moment).

use egui::Ui;
use sigilforge_engine::core::Sandbox;
use sigilforge_engine::glyph::{GlyphEnd, GlyphEventKind, GlyphRun};

use sigilforge_engine::wording::Worded as _;

use super::{SandboxCommand, SystemSandbox};
use crate::glyphs::sandbox::{GlyphSandboxCommand, Sandbox as GlyphSandbox};

impl GlyphSandbox {
    fn run(&self) -> Option<&GlyphRun> {
        self.runner.as_ref().map(|r| &r.run)
    }
}

impl SystemSandbox for GlyphSandbox {
    fn step_word(&self) -> &'static str {
        "round"
    }

    fn steps(&self) -> usize {
        self.run().map_or(0, Sandbox::steps)
    }

    fn total_steps(&self) -> usize {
        self.runner.as_ref().map_or(0, super::Runner::total)
    }

    fn seed(&self) -> Option<u64> {
        None
    }

    fn log_len(&self) -> usize {
        self.run().map_or(0, |r| r.log().len())
    }

    fn line(&self, i: usize) -> String {
        self.run()
            .and_then(|r| r.log().get(i))
            .map(|e| format!("round {}: {}", e.round, e.text))
            .unwrap_or_default()
    }

    fn cause(&self, i: usize) -> String {
        self.run()
            .and_then(|r| r.log().get(i))
            .map(|_| self.run().map(|r| r.cause_line(i)).unwrap_or_default())
            .unwrap_or_default()
    }

    fn why(&self, i: usize) -> Vec<usize> {
        self.run().map(|r| Sandbox::why(r, i)).unwrap_or_default()
    }

    fn order(&self, i: usize) -> String {
        let Some(e) = self.run().and_then(|r| r.log().get(i)) else {
            return String::new();
        };
        match e.kind {
            GlyphEventKind::Moved { .. } => {
                "Step 1 of a round: the moves scheduled for it come first, in file order."
            }
            GlyphEventKind::LinkBroken { .. } if e.cause.after.is_none() => {
                "Step 1 of a round: after the moves, every link beyond Spitting Distance, 4u, breaks."
            }
            GlyphEventKind::LinkBroken { .. } => {
                "A dismissed glyph's links go with it, in file order."
            }
            GlyphEventKind::Received { .. }
            | GlyphEventKind::Noticed { .. }
            | GlyphEventKind::Blocked { .. } => {
                "Step 2: glyphs receive in file order; each gets this round's injections first, then last round's sends in the order they were sent."
            }
            GlyphEventKind::Fired { .. } => {
                "Step 3: glyphs react in file order; for each command received, in order, the built-ins dismiss_on and disable_on answer first, then the abilities in listed order."
            }
            GlyphEventKind::Started { .. } => {
                "A timed ability, one with Time: Action, starts when triggered and takes effect after its delay, before what the glyph receives that round."
            }
            GlyphEventKind::Skipped { .. } => {
                "A Reaction spends the glyph's one Beat a round: a later Reaction in the same round is skipped."
            }
            GlyphEventKind::Sent { .. }
            | GlyphEventKind::Effect { .. }
            | GlyphEventKind::Dismissed { .. }
            | GlyphEventKind::Disabled { .. }
            | GlyphEventKind::Changed { .. } => {
                "An ability's actions happen in the order written, right after it fires."
            }
            GlyphEventKind::Ended { .. } => "The run ends after the round that ends it.",
        }
        .to_owned()
    }

    fn outcome(&self) -> Option<String> {
        self.run().and_then(GlyphRun::end).map(|end| {
            match end {
                GlyphEnd::Quiet => "Quiet: nothing waits and nothing is scheduled",
                GlyphEnd::MaxRounds => "Runaway: max_rounds reached while still busy",
                GlyphEnd::Flood => "Runaway: a flood of commands",
            }
            .to_owned()
        })
    }

    fn selected(&self) -> Option<usize> {
        self.runner.as_ref().and_then(super::Runner::selected)
    }

    fn board_ui(&self, ui: &mut Ui) {
        let (Some(m), Some(run)) = (self.moment(), self.run()) else {
            return;
        };
        match self.selected() {
            Some(i) => ui.label(format!("Round {}, right after #{i}", m.round)),
            None => ui.label(format!("After round {}", m.round)),
        };
        ui.horizontal_wrapped(|ui| {
            for (i, g) in run.network().glyphs.iter().enumerate() {
                let mut state = vec![format!(
                    "at {:?}",
                    m.positions.get(i).copied().unwrap_or(g.pos)
                )];
                if !m.is_present(i) {
                    state.push("dismissed".to_owned());
                }
                if m.disabled_until(i) >= m.round && m.disabled_until(i) > 0 {
                    state.push(format!("disabled to round {}", m.disabled_until(i)));
                }
                if self.shine_of(&g.id).is_some() {
                    state.push("shines".to_owned());
                }
                ui.label(format!("{}: {}", g.id, state.join(", ")));
            }
        });
        let links: Vec<String> = m.links.iter().map(|(a, b)| format!("{a}–{b}")).collect();
        ui.label(format!("Links standing: {}", links.join(", ")));
    }

    fn apply(&mut self, command: &SandboxCommand) {
        GlyphSandbox::apply(self, &GlyphSandboxCommand::Run(command.clone()));
    }
}
