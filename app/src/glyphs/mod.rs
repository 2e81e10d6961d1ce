//! The glyph network editor: node graph, map and round-by-round sandbox.
//!
//! [`GlyphEditor`] is an embeddable panel. It only READS the [`GlyphNetwork`] it is given and
//! pushes [`GlyphEdit`] values for the host to apply with [`apply_glyph_edit`] (the host's single
//! place that changes the document, where undo is recorded), and [`GlyphSandboxCommand`]s (the
//! sandbox's steps and injections) for the host to apply with [`GlyphEditor::apply_sandbox`].
//! Its views (the egui-snarl graph, the map) are caches rebuilt from the network whenever it
//! changes; the sandbox run is replayed to the same round then.
//!
//! A host (e.g. a dock tab) does this each frame:
//!
//! ```ignore
//! let (mut edits, mut runs) = (Vec::new(), Vec::new());
//! self.glyph_editor.ui(ui, &doc.network, doc.revision, &mut edits, &mut runs);
//! for edit in edits {
//!     // The host's single `apply`: record undo, mark dirty, then change the document.
//!     if let Err(reason) = glyphs::apply_glyph_edit(&mut doc.network, &edit) {
//!         self.glyph_editor.set_refusal(Some(reason.to_string()));
//!     }
//! }
//! for command in runs {
//!     self.glyph_editor.apply_sandbox(&command);
//! }
//! ```
//!
//! The host hands over the network's revision with it, a number that moves whenever the
//! network changes (these edits, undo, a reload): the editor rebuilds its caches when it moved
//! (the one refresh model of every sandbox host, `crate::sandbox::BuiltAt`).

pub mod analysis;
pub mod edit;
pub mod graph_view;
pub mod inspector;
pub mod map_view;
pub mod sandbox;
pub mod widgets;

use egui::{Color32, RichText, Ui};
use sigilforge_engine::glyph::GlyphNetwork;

pub use edit::{
    GlyphEdit, GlyphEditError, apply_glyph_edit, check_glyph_edit, new_network, next_glyph_id,
};
pub use sandbox::GlyphSandboxCommand;

use analysis::AnalysisPanel;
use graph_view::GraphView;
use inspector::Inspector;
use map_view::MapView;
use sandbox::Sandbox;

/// Which view fills the centre of the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlyphViewMode {
    /// The node graph (egui-snarl): abilities and links as wires.
    Graph,
    /// The map in units with link and break rings.
    Map,
    /// The analyser's findings.
    Analysis,
}

/// The glyph network editor's view state (nothing in it is part of the document).
pub struct GlyphEditor {
    /// The selected glyph's id.
    selected: Option<String>,
    /// The central view.
    mode: GlyphViewMode,
    /// Link mode: the next glyph clicked is linked to this one.
    link_from: Option<String>,
    /// Why the last edit was refused, shown in red until the next accepted edit.
    refusal: Option<String>,
    /// Where the pointer was when an edit was refused (e.g. a wire dropped too far away): the
    /// reason shows there as a tooltip until the pointer moves away.
    refusal_at: Option<egui::Pos2>,
    /// The revision of the network the caches were built from (the host's: it moves whenever
    /// the network changes, by an edit, an undo or a reload).
    built_at: crate::sandbox::BuiltAt,
    graph: GraphView,
    map: MapView,
    inspector: Inspector,
    sandbox: Sandbox,
    analysis: AnalysisPanel,
}

impl Default for GlyphEditor {
    fn default() -> Self {
        Self::new()
    }
}

/// What the panels share while drawing one frame: the network, the selection, the edits and
/// the sandbox's commands.
pub struct Frame<'a> {
    /// The network being edited (read-only).
    pub net: &'a GlyphNetwork,
    /// Edits pushed this frame.
    edits: &'a mut Vec<GlyphEdit>,
    /// Sandbox commands pushed this frame (steps, injections).
    pub sandbox: &'a mut Vec<GlyphSandboxCommand>,
    /// The selected glyph.
    pub selected: &'a mut Option<String>,
    /// Link mode's first glyph.
    pub link_from: &'a mut Option<String>,
    /// The last refusal.
    pub refusal: &'a mut Option<String>,
}

impl Frame<'_> {
    /// Pushes `edit` if the network would accept it; otherwise records why (shown in red).
    /// Returns whether it was pushed.
    pub fn emit(&mut self, edit: GlyphEdit) -> bool {
        match check_glyph_edit(self.net, &edit) {
            Ok(()) => {
                *self.refusal = None;
                self.edits.push(edit);
                true
            }
            Err(reason) => {
                *self.refusal = Some(reason.to_string());
                false
            }
        }
    }

    /// A glyph was clicked in a view: completes a link in link mode, else selects it.
    pub fn glyph_clicked(&mut self, id: &str) {
        if let Some(from) = self.link_from.take()
            && from != id
        {
            self.emit(GlyphEdit::AddLink {
                a: from,
                b: id.to_owned(),
            });
        }
        *self.selected = Some(id.to_owned());
    }

    /// Asks the sandbox to inject `command` at `glyph` (next round).
    pub fn inject(&mut self, glyph: &str, command: &str) {
        self.sandbox.push(GlyphSandboxCommand::Inject {
            glyph: glyph.to_owned(),
            command: command.to_owned(),
        });
    }

    /// Deletes a glyph (and clears the selection if it was selected).
    pub fn delete_glyph(&mut self, id: &str) {
        if self.emit(GlyphEdit::RemoveGlyph { id: id.to_owned() })
            && self.selected.as_deref() == Some(id)
        {
            *self.selected = None;
        }
    }
}

impl GlyphEditor {
    /// An editor with nothing selected, showing the graph.
    #[must_use]
    pub fn new() -> Self {
        GlyphEditor {
            selected: None,
            mode: GlyphViewMode::Graph,
            link_from: None,
            refusal: None,
            refusal_at: None,
            built_at: crate::sandbox::BuiltAt::default(),
            graph: GraphView::default(),
            map: MapView::default(),
            inspector: Inspector::default(),
            sandbox: Sandbox::default(),
            analysis: AnalysisPanel::default(),
        }
    }

    /// The selected glyph's id.
    #[must_use]
    pub fn selected(&self) -> Option<&str> {
        self.selected.as_deref()
    }

    /// Selects a glyph (e.g. from the host's outline).
    pub fn select(&mut self, id: Option<String>) {
        self.selected = id;
    }

    /// Switches the central view.
    pub fn set_mode(&mut self, mode: GlyphViewMode) {
        self.mode = mode;
    }

    /// Why the last edit was refused, if it was.
    #[must_use]
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    /// Records a refusal the host got from [`apply_glyph_edit`], to show it in the panel.
    pub fn set_refusal(&mut self, reason: Option<String>) {
        self.refusal = reason;
    }

    /// The sandbox's current round (0 before the first).
    #[must_use]
    pub fn sandbox_round(&self) -> u32 {
        self.sandbox.round()
    }

    /// Carries out what the sandbox asked for (its controls, timeline and injections): the
    /// host calls this from its one `apply`.
    pub fn apply_sandbox(&mut self, command: &GlyphSandboxCommand) {
        self.sandbox.apply(command);
    }

    /// Glyphs shining in the sandbox's current round, with the colour they shine in.
    #[must_use]
    pub fn shining(&self) -> Vec<(String, egui::Color32)> {
        self.sandbox.shining()
    }

    /// Draws the editor into `ui`, reading `net`, pushing the user's changes into `edits` and
    /// the sandbox's commands into `sandbox_commands`. The host applies them (with
    /// [`apply_glyph_edit`] and [`GlyphEditor::apply_sandbox`]) after this call.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        net: &GlyphNetwork,
        revision: u64,
        edits: &mut Vec<GlyphEdit>,
        sandbox_commands: &mut Vec<GlyphSandboxCommand>,
    ) {
        self.sync(net, revision);
        let refusal_before = self.refusal.clone();
        let GlyphEditor {
            selected,
            mode,
            link_from,
            refusal,
            graph,
            map,
            inspector,
            sandbox,
            analysis,
            ..
        } = self;
        let mut frame = Frame {
            net,
            edits,
            sandbox: sandbox_commands,
            selected,
            link_from,
            refusal,
        };
        toolbar(ui, mode, &mut frame, sandbox);
        // At 1280×720 the graph or map keeps most of the tab: the side panels start at a
        // share of it (then keep the size the user drags them to).
        let room = ui.available_size();
        egui::Panel::right(ui.id().with("glyph_inspector"))
            .resizable(true)
            .default_size((room.x * 0.3).clamp(240.0, 330.0))
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("glyph_inspector_scroll")
                    .show(ui, |ui| inspector.ui(ui, &mut frame));
            });
        egui::Panel::bottom(ui.id().with("glyph_sandbox"))
            .resizable(true)
            .default_size((room.y * 0.33).clamp(180.0, 260.0))
            .min_size(160.0)
            .show(ui, |ui| sandbox.ui(ui, &mut frame));
        egui::CentralPanel::default().show(ui, |ui| match mode {
            GlyphViewMode::Graph => graph.ui(ui, &mut frame, sandbox),
            GlyphViewMode::Map => map.ui(ui, &mut frame, sandbox, analysis),
            GlyphViewMode::Analysis => analysis.ui(ui, net),
        });
        self.refusal_tooltip(ui, refusal_before.as_deref());
    }

    /// Shows a new refusal's reason as a tooltip where the pointer was, until it moves away.
    fn refusal_tooltip(&mut self, ui: &Ui, before: Option<&str>) {
        if self.refusal.is_some() && self.refusal.as_deref() != before {
            self.refusal_at = ui.ctx().pointer_latest_pos();
        }
        let (Some(reason), Some(at)) = (self.refusal.clone(), self.refusal_at) else {
            return;
        };
        let near = ui
            .ctx()
            .pointer_latest_pos()
            .is_some_and(|p| p.distance(at) < 40.0);
        if !near {
            self.refusal_at = None;
            return;
        }
        let id = ui.id().with("glyph_refusal_tooltip");
        egui::Tooltip::always_open(ui.ctx().clone(), ui.layer_id(), id, at).show(|ui| {
            ui.label(RichText::new(reason).color(Color32::from_rgb(230, 70, 70)));
        });
    }

    /// Rebuilds the caches when the network's revision moved since they were built.
    fn sync(&mut self, net: &GlyphNetwork, revision: u64) {
        if self.built_at.is(revision) {
            return;
        }
        self.graph.rebuild(net);
        self.sandbox.network_changed(net);
        self.analysis.recompute(net);
        if let Some(id) = &self.selected
            && !net.glyphs.iter().any(|g| &g.id == id)
        {
            self.selected = None;
        }
        self.built_at.set(revision);
    }
}

fn toolbar(ui: &mut Ui, mode: &mut GlyphViewMode, frame: &mut Frame<'_>, sandbox: &Sandbox) {
    egui::Panel::top(ui.id().with("glyph_toolbar")).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(mode, GlyphViewMode::Graph, "Graph")
                .on_hover_text("Glyphs as nodes with their abilities; links as wires");
            ui.selectable_value(mode, GlyphViewMode::Map, "Map")
                .on_hover_text(
                    "Glyphs where they stand, in units, with their link (1u) and break (4u) rings",
                );
            ui.selectable_value(mode, GlyphViewMode::Analysis, "Analysis")
                .on_hover_text("What the network can do, found without running it");
            ui.separator();
            if ui
                .button("Add glyph")
                .on_hover_text(
                    "Add a glyph with no abilities, 1u right of the last one (within link range)",
                )
                .clicked()
            {
                let id = next_glyph_id(frame.net);
                let pos = free_spot(frame.net);
                if frame.emit(GlyphEdit::AddGlyph {
                    id: id.clone(),
                    pos,
                }) {
                    *frame.selected = Some(id);
                }
            }
            let link_text = if frame.link_from.is_some() {
                "Cancel link"
            } else {
                "Link"
            };
            let can_link = frame.selected.is_some() || frame.link_from.is_some();
            if ui
                .add_enabled(can_link, egui::Button::new(link_text))
                .on_hover_text("Link the selected glyph to the next glyph you click (within 1u)")
                .on_disabled_hover_text("Select a glyph first")
                .clicked()
            {
                *frame.link_from = match frame.link_from.take() {
                    Some(_) => None,
                    None => frame.selected.clone(),
                };
            }
            if ui
                .add_enabled(frame.selected.is_some(), egui::Button::new("Delete"))
                .on_hover_text("Delete the selected glyph with its links, injections and moves")
                .on_disabled_hover_text("Select a glyph first")
                .clicked()
                && let Some(id) = frame.selected.clone()
            {
                frame.delete_glyph(&id);
            }
            ui.separator();
            ui.label(format!("Sandbox round {}", sandbox.round()));
        });
        if let Some(from) = frame.link_from.as_deref() {
            ui.label(
                RichText::new(format!("Linking {from}: click the glyph to link it with"))
                    .color(Color32::LIGHT_BLUE),
            );
        }
        if let Some(reason) = frame.refusal.as_deref() {
            ui.label(
                RichText::new(format!("Refused: {reason}")).color(Color32::from_rgb(230, 70, 70)),
            )
            .on_hover_text(reason);
        }
    });
}

/// Where "Add glyph" puts a glyph: 1u right of the last one (just within link range, and
/// far enough apart that their graph nodes do not overlap).
fn free_spot(net: &GlyphNetwork) -> (f64, f64) {
    net.glyphs.last().map_or((0.0, 0.0), |g| {
        (widgets::snap(g.pos.0 + 1.0), widgets::snap(g.pos.1))
    })
}
