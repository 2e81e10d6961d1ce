//! The analyser panel: what the network will do (played out) and what it can do (its paths),
//! recomputed whenever the network changes.

use egui::{Color32, RichText, Ui};
use sigilforge_engine::glyph::{GlyphAnalysis, GlyphEnd, GlyphNetwork, analyse};

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
                let red = Color32::from_rgb(230, 70, 70);
                let p = &a.played;
                match p.end {
                    GlyphEnd::Quiet => ui.label(
                        RichText::new(format!("Quiet in round {}", p.rounds))
                            .color(Color32::from_rgb(110, 200, 110)),
                    ),
                    GlyphEnd::MaxRounds => ui.label(
                        RichText::new(format!("Runaway: still busy when round {} ends", p.rounds))
                            .color(red)
                            .strong(),
                    ),
                    GlyphEnd::Flood => ui.label(
                        RichText::new(format!("Flood after round {}", p.rounds))
                            .color(red)
                            .strong(),
                    ),
                }
                .on_hover_text("The network played out: glyphs have no dice, so this is what the run will do");
                if let Some(l) = &a.runaway {
                    let chain: Vec<String> = l
                        .steps
                        .iter()
                        .map(|(g, c)| format!("{g} receives \"{c}\""))
                        .collect();
                    let lead = if p.end == GlyphEnd::Quiet {
                        "A loop is possible, but this run leaves it"
                    } else {
                        "The loop"
                    };
                    ui.label(format!(
                        "{lead}: {} round(s) a turn, from round {}: {} -> again",
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
                if !p.heard.is_empty() {
                    ui.separator();
                    ui.label(RichText::new("Heard in the run").strong())
                        .on_hover_text("Each glyph's first reception of each command, or what it noticed");
                    egui::Grid::new("glyph_heard").striped(true).show(ui, |ui| {
                        ui.label("round");
                        ui.label("glyph");
                        ui.label("hears");
                        ui.end_row();
                        for h in &p.heard {
                            ui.label(h.round.to_string());
                            ui.label(&h.glyph);
                            ui.label(format!("\"{}\"", h.what));
                            ui.end_row();
                        }
                    });
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
