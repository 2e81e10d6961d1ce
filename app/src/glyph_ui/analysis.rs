//! The analyser panel: what the network can do, found without running it, recomputed whenever
//! the network changes.

use egui::{Color32, RichText, Ui};
use sigilforge_engine::glyph::{GlyphAnalysis, GlyphNetwork, analyse};

/// The analysis of the network as last seen.
#[derive(Default)]
pub struct AnalysisPanel {
    analysis: Option<GlyphAnalysis>,
}

impl AnalysisPanel {
    /// Re-analyses `net`.
    pub fn recompute(&mut self, net: &GlyphNetwork) {
        self.analysis = Some(analyse(net));
    }

    /// The current analysis.
    #[must_use]
    pub fn analysis(&self) -> Option<&GlyphAnalysis> {
        self.analysis.as_ref()
    }

    /// Whether the analyser found that a scheduled move breaks the link `a`–`b`; its round.
    #[must_use]
    pub fn breaks(&self, a: &str, b: &str) -> Option<u32> {
        self.analysis
            .as_ref()?
            .breaking_links
            .iter()
            .find_map(|l| ((l.a == a && l.b == b) || (l.a == b && l.b == a)).then_some(l.round))
    }

    /// Draws the findings.
    pub fn ui(&self, ui: &mut Ui, net: &GlyphNetwork) {
        let Some(a) = &self.analysis else { return };
        egui::ScrollArea::vertical()
            .id_salt("glyph_analysis")
            .show(ui, |ui| {
                ui.heading(format!("Analysis of {}", net.name));
                match (&a.runaway, a.quiet_by) {
                    (Some(l), _) => {
                        ui.label(
                            RichText::new("Runaway loop predicted")
                                .color(Color32::from_rgb(230, 70, 70))
                                .strong(),
                        )
                        .on_hover_text("A command can keep re-sending itself until max_rounds");
                        let chain: Vec<String> = l
                            .steps
                            .iter()
                            .map(|(g, c)| format!("{g} receives \"{c}\""))
                            .collect();
                        ui.label(format!(
                            "Shortest loop ({} round(s) a turn, from round {}): {} -> again",
                            l.rounds,
                            l.first_round,
                            chain.join(" -> ")
                        ));
                        for r in &l.may_stop {
                            ui.label(format!(
                                "It may stop in round {}: {} receives \"{}\", which dismisses or disables it",
                                r.round, r.glyph, r.command
                            ));
                        }
                    }
                    (None, Some(q)) => {
                        ui.label(
                            RichText::new(format!("Quiet by round {q} at the latest"))
                                .color(Color32::from_rgb(110, 200, 110)),
                        );
                    }
                    (None, None) => {
                        ui.label("Busy at max_rounds: a chain or schedule longer than max_rounds");
                    }
                }
                ui.separator();
                ui.label(RichText::new("Reach").strong())
                    .on_hover_text("For each injection, every reception it can cause, earliest first");
                if a.reach.is_empty() {
                    ui.label("No injections in the network.");
                }
                for (n, r) in a.reach.iter().enumerate() {
                    ui.label(format!(
                        "\"{}\" injected at {} in round {}:",
                        r.command, r.glyph, r.round
                    ));
                    egui::Grid::new(("glyph_reach", n))
                        .striped(true)
                        .show(ui, |ui| {
                            ui.label("glyph");
                            ui.label("receives");
                            ui.label("round");
                            ui.label("after");
                            ui.end_row();
                            for x in &r.reaches {
                                ui.label(&x.glyph);
                                ui.label(format!("\"{}\"", x.command));
                                ui.label(x.round.to_string());
                                ui.label(format!("+{}", x.after));
                                ui.end_row();
                            }
                        });
                }
                ui.separator();
                if a.unreached.is_empty() {
                    ui.label("Every glyph can be reached.");
                } else {
                    ui.label(format!("Never reached by any command: {}", a.unreached.join(", ")));
                }
                for u in &a.unheard {
                    let what = if u.injected { "injected at" } else { "sent by" };
                    ui.label(format!(
                        "Unheard: \"{}\" {what} {}: no glyph receiving it listens to it",
                        u.command, u.glyph
                    ));
                }
                for b in &a.breaking_links {
                    ui.label(
                        RichText::new(format!(
                            "Link {}–{} breaks in round {} (moved {:.2}u apart, beyond 4u)",
                            b.a, b.b, b.round, b.distance
                        ))
                        .color(Color32::from_rgb(230, 150, 60)),
                    );
                }
            });
    }
}
