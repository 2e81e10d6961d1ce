//! The node-graph view (egui-snarl): each glyph a node listing its abilities, each link a wire.
//!
//! The [`Snarl`] is a view cache rebuilt from the network; the viewer never changes it for
//! good: dragging a wire emits [`GlyphEdit::AddLink`] (refused beyond 1u, with the reason),
//! dropping a node emits one [`GlyphEdit::MoveGlyph`] (node positions are glyph positions
//! scaled by [`PIXELS_PER_UNIT`]).

use egui::emath::TSTransform;
use egui::{Color32, Pos2, Rect, RichText, Ui};
use egui_snarl::ui::{PinInfo, SnarlPin, SnarlStyle, SnarlViewer, SnarlWidget};
use egui_snarl::{InPin, InPinId, NodeId, OutPin, OutPinId, Snarl};
use sigilforge_engine::glyph::{GlyphAction, GlyphDef, GlyphNetwork};

use super::sandbox::Sandbox;
use super::widgets::snap;
use super::{Frame, GlyphEdit};

/// Graph pixels per unit of distance.
pub const PIXELS_PER_UNIT: f32 = 360.0;

/// The widest a node's ability list gets before it wraps (keeps nodes 1u apart from overlapping).
const NODE_BODY_WIDTH: f32 = 230.0;

/// A node: the glyph's id (nodes are rebuilt whenever the network changes).
#[derive(Debug, Clone)]
pub struct GlyphNode {
    /// The glyph's id.
    pub id: String,
}

/// The graph view's cache.
pub struct GraphView {
    snarl: Snarl<GlyphNode>,
    /// Frames left in which the view is fitted to the nodes (the first frames, and after "Fit").
    fit_frames: u8,
    /// The nodes' rects as last drawn, in graph coordinates (what "Fit" fits).
    node_rects: Vec<Rect>,
}

impl Default for GraphView {
    fn default() -> Self {
        GraphView {
            snarl: Snarl::new(),
            // Two: the first frame only knows node positions, the second their sizes too.
            fit_frames: 2,
            node_rects: Vec::new(),
        }
    }
}

/// Where a glyph's node goes.
fn node_pos(pos: (f64, f64)) -> Pos2 {
    Pos2::new(
        pos.0 as f32 * PIXELS_PER_UNIT,
        pos.1 as f32 * PIXELS_PER_UNIT,
    )
}

impl GraphView {
    /// Rebuilds the nodes and wires from the network.
    pub fn rebuild(&mut self, net: &GlyphNetwork) {
        let mut snarl = Snarl::new();
        let ids: Vec<NodeId> = net
            .glyphs
            .iter()
            .map(|g| snarl.insert_node(node_pos(g.pos), GlyphNode { id: g.id.clone() }))
            .collect();
        let node_of = |id: &str| net.glyphs.iter().position(|g| g.id == id).map(|i| ids[i]);
        for (a, b) in &net.links {
            if let (Some(na), Some(nb)) = (node_of(a), node_of(b)) {
                snarl.connect(
                    OutPinId {
                        node: na,
                        output: 0,
                    },
                    InPinId { node: nb, input: 0 },
                );
            }
        }
        self.snarl = snarl;
    }

    /// Draws the graph.
    pub fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>, sandbox: &Sandbox) {
        ui.horizontal(|ui| {
            if ui
                .button("Fit")
                .on_hover_text("Show every glyph")
                .clicked()
            {
                self.fit_frames = 1;
            }
            ui.label("Drag from a glyph's link pin to another glyph's to link them (within 1u). Right-click a node to inject, select or delete.")
                .on_hover_text("Node positions are the glyphs' positions (1u = Swinging Distance); dropping a node moves the glyph");
        });
        let fit = if self.fit_frames > 0 && self.snarl.nodes().next().is_some() {
            self.fit_frames -= 1;
            Some(ui.available_rect_before_wrap())
        } else {
            None
        };
        let previous_rects = std::mem::take(&mut self.node_rects);
        let mut viewer = GlyphViewer {
            frame,
            sandbox,
            fit,
            previous_rects,
            node_rects: Vec::new(),
        };
        let style = SnarlStyle {
            collapsible: Some(false),
            ..SnarlStyle::new()
        };
        SnarlWidget::new().id_salt("glyph_graph").style(style).show(
            &mut self.snarl,
            &mut viewer,
            ui,
        );
        self.node_rects = std::mem::take(&mut viewer.node_rects);
        // A node drop is one MoveGlyph: wait until no button is down, then compare.
        if ui.input(|i| i.pointer.any_down()) {
            return;
        }
        let net = viewer.frame.net;
        let mut moved = Vec::new();
        for (node, pos, value) in self.snarl.nodes_pos_ids() {
            let Some(g) = net.glyphs.iter().find(|g| g.id == value.id) else {
                continue;
            };
            if (pos - node_pos(g.pos)).length() > 0.5 {
                let to = (
                    snap(f64::from(pos.x / PIXELS_PER_UNIT)),
                    snap(f64::from(pos.y / PIXELS_PER_UNIT)),
                );
                moved.push((
                    node,
                    g.pos,
                    GlyphEdit::MoveGlyph {
                        id: g.id.clone(),
                        to,
                    },
                ));
            }
        }
        for (node, old, edit) in moved {
            // Put the node back: it moves for good when the host applies the edit.
            if let Some(info) = self.snarl.get_node_info_mut(node) {
                info.pos = node_pos(old);
            }
            viewer.frame.emit(edit);
        }
    }
}

struct GlyphViewer<'f, 'a> {
    frame: &'f mut Frame<'a>,
    sandbox: &'f Sandbox,
    /// The screen rect to fit the nodes into this frame, if a fit is due.
    fit: Option<Rect>,
    /// Node rects drawn last frame (graph coordinates), for fitting.
    previous_rects: Vec<Rect>,
    /// Node rects drawn this frame.
    node_rects: Vec<Rect>,
}

impl GlyphViewer<'_, '_> {
    fn def(&self, id: &str) -> Option<&GlyphDef> {
        self.frame.net.glyphs.iter().find(|g| g.id == id)
    }
}

/// One line per ability: `on "ping" -> Reaction -> Send("ping"), Effect("ring")`.
#[must_use]
pub fn ability_lines(def: &GlyphDef) -> Vec<String> {
    let mut lines: Vec<String> = def
        .abilities
        .iter()
        .map(|a| {
            let does: Vec<String> = a.does.iter().map(action_text).collect();
            let guard = a
                .if_state
                .as_ref()
                .map(|s| format!(" (if {s})"))
                .unwrap_or_default();
            format!(
                "on {}{guard} -> {} -> {}",
                a.trigger_text(),
                a.time_text(),
                does.join(", ")
            )
        })
        .collect();
    if let Some(c) = &def.dismiss_on {
        lines.push(format!("on \"{c}\" -> Free Reaction -> dismissed"));
    }
    if let Some((c, n)) = &def.disable_on {
        lines.push(format!(
            "on \"{c}\" -> Free Reaction -> disabled {n} round(s)"
        ));
    }
    lines
}

/// An action as written: `Send("ping")`.
#[must_use]
pub fn action_text(action: &GlyphAction) -> String {
    action.to_string()
}

impl SnarlViewer<GlyphNode> for GlyphViewer<'_, '_> {
    fn title(&mut self, node: &GlyphNode) -> String {
        node.id.clone()
    }

    fn node_frame(
        &mut self,
        default: egui::Frame,
        node: NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        snarl: &Snarl<GlyphNode>,
    ) -> egui::Frame {
        let id = &snarl[node].id;
        let mut f = default;
        if let Some(colour) = self.sandbox.shine_of(id) {
            f.fill = colour.gamma_multiply(0.55);
            f.stroke = egui::Stroke::new(3.0, colour);
        } else if self.frame.selected.as_deref() == Some(id.as_str()) {
            f.stroke = egui::Stroke::new(2.0, Color32::LIGHT_BLUE);
        }
        f
    }

    fn show_header(
        &mut self,
        node: NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        ui: &mut Ui,
        snarl: &mut Snarl<GlyphNode>,
    ) {
        let id = snarl[node].id.clone();
        let selected = self.frame.selected.as_deref() == Some(id.as_str());
        let title = ui
            .selectable_label(selected, RichText::new(&id).strong())
            .on_hover_text("Click to select (or, in link mode, to link); right-click for more");
        if title.clicked() {
            self.frame.glyph_clicked(&id);
        }
        // The title takes the node's clicks, so it opens the node's menu itself.
        title.context_menu(|ui| self.node_menu(ui, &id));
    }

    fn inputs(&mut self, _node: &GlyphNode) -> usize {
        1
    }

    fn outputs(&mut self, _node: &GlyphNode) -> usize {
        1
    }

    fn show_input(
        &mut self,
        _pin: &InPin,
        ui: &mut Ui,
        _snarl: &mut Snarl<GlyphNode>,
    ) -> impl SnarlPin + 'static {
        ui.label("link")
            .on_hover_text("Drop a wire here to link; right-click to unlink all");
        PinInfo::circle().with_fill(Color32::from_rgb(120, 170, 255))
    }

    fn show_output(
        &mut self,
        _pin: &OutPin,
        ui: &mut Ui,
        _snarl: &mut Snarl<GlyphNode>,
    ) -> impl SnarlPin + 'static {
        ui.label("link")
            .on_hover_text("Drag a wire from here to another glyph to link them");
        PinInfo::circle().with_fill(Color32::from_rgb(120, 170, 255))
    }

    fn has_body(&mut self, _node: &GlyphNode) -> bool {
        true
    }

    fn show_body(
        &mut self,
        node: NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        ui: &mut Ui,
        snarl: &mut Snarl<GlyphNode>,
    ) {
        let Some(def) = self.def(&snarl[node].id) else {
            return;
        };
        ui.vertical(|ui| {
            // Nodes stay narrower than a unit of distance so neighbours do not overlap.
            ui.set_max_width(NODE_BODY_WIDTH);
            let lines = ability_lines(def);
            if lines.is_empty() {
                ui.weak("no abilities");
            }
            for line in lines {
                ui.add(egui::Label::new(RichText::new(line).small()).wrap());
            }
        });
    }

    fn final_node_rect(
        &mut self,
        _node: NodeId,
        rect: Rect,
        _ui: &mut Ui,
        _snarl: &mut Snarl<GlyphNode>,
    ) {
        self.node_rects.push(rect);
    }

    fn current_transform(&mut self, to_global: &mut TSTransform, snarl: &mut Snarl<GlyphNode>) {
        let Some(screen) = self.fit.take() else {
            return;
        };
        let mut bb = Rect::NOTHING;
        for r in &self.previous_rects {
            bb = bb.union(*r);
        }
        // Before the first frame only positions are known: assume a typical node's size.
        for (pos, _) in snarl.nodes_pos() {
            bb = bb.union(Rect::from_min_size(pos, egui::vec2(250.0, 90.0)));
        }
        if !bb.is_finite() || bb.width() <= 0.0 || bb.height() <= 0.0 {
            return;
        }
        let bb = bb.expand(40.0);
        let scaling = (screen.size() / bb.size()).min_elem().clamp(0.2, 1.0);
        *to_global = TSTransform {
            scaling,
            translation: screen.center().to_vec2() - bb.center().to_vec2() * scaling,
        };
    }

    fn has_node_menu(&mut self, _node: &GlyphNode) -> bool {
        true
    }

    fn show_node_menu(
        &mut self,
        node: NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        ui: &mut Ui,
        snarl: &mut Snarl<GlyphNode>,
    ) {
        let id = snarl[node].id.clone();
        self.node_menu(ui, &id);
    }

    fn connect(&mut self, from: &OutPin, to: &InPin, snarl: &mut Snarl<GlyphNode>) {
        let a = snarl[from.id.node].id.clone();
        let b = snarl[to.id.node].id.clone();
        self.frame.emit(GlyphEdit::AddLink { a, b });
    }

    fn disconnect(&mut self, from: &OutPin, to: &InPin, snarl: &mut Snarl<GlyphNode>) {
        let a = snarl[from.id.node].id.clone();
        let b = snarl[to.id.node].id.clone();
        self.frame.emit(GlyphEdit::RemoveLink { a, b });
    }

    fn drop_outputs(&mut self, pin: &OutPin, snarl: &mut Snarl<GlyphNode>) {
        self.unlink_all(&snarl[pin.id.node].id.clone());
    }

    fn drop_inputs(&mut self, pin: &InPin, snarl: &mut Snarl<GlyphNode>) {
        self.unlink_all(&snarl[pin.id.node].id.clone());
    }
}

impl GlyphViewer<'_, '_> {
    /// The node's right-click menu (on its frame or its title).
    fn node_menu(&mut self, ui: &mut Ui, id: &str) {
        let id = id.to_owned();
        let command = self.sandbox.command().to_owned();
        if ui
            .button(format!("Inject \"{command}\" here"))
            .on_hover_text("The sandbox command arrives here at the start of the next round")
            .clicked()
        {
            self.frame.inject(&id, &command);
            ui.close();
        }
        if ui
            .button("Select")
            .on_hover_text("Show this glyph in the inspector")
            .clicked()
        {
            *self.frame.selected = Some(id.clone());
            ui.close();
        }
        if ui
            .button("Link from here")
            .on_hover_text("Then click the glyph to link with")
            .clicked()
        {
            *self.frame.link_from = Some(id.clone());
            ui.close();
        }
        if ui
            .button("Delete glyph")
            .on_hover_text("Delete it with its links, injections and moves")
            .clicked()
        {
            self.frame.delete_glyph(&id);
            ui.close();
        }
    }

    fn unlink_all(&mut self, id: &str) {
        let links: Vec<(String, String)> = self
            .frame
            .net
            .links
            .iter()
            .filter(|(a, b)| a == id || b == id)
            .cloned()
            .collect();
        for (a, b) in links {
            self.frame.emit(GlyphEdit::RemoveLink { a, b });
        }
    }
}
