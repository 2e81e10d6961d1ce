//! The node-graph view (egui-snarl): each glyph a node listing its abilities, each link a wire.
//!
//! The [`Snarl`] is a view cache rebuilt from the network; the viewer never changes it for
//! good: dragging a wire emits [`GlyphEdit::AddLink`] (refused beyond 1u, with the reason),
//! dropping a node emits one [`GlyphEdit::MoveGlyph`] (node positions are glyph positions
//! scaled by [`PIXELS_PER_UNIT`]).
//!
//! The view fits the nodes to its panel, again whenever the panel changes size, until the user
//! pans or zooms ("Fit" fits again); fitting never goes below [`READABLE_SCALE`], so text stays
//! at least 11 px at the default zoom. A left click on a node (title or abilities) selects it.
//! The sandbox's run state (dismissed, disabled, waiting; broken links) is drawn on the nodes.

use egui::emath::TSTransform;
use egui::{Color32, Pos2, Rect, RichText, Ui};
use egui_snarl::ui::{PinInfo, SnarlPin, SnarlStyle, SnarlViewer, SnarlWidget};
use egui_snarl::{InPin, InPinId, NodeId, OutPin, OutPinId, Snarl};
use sigilforge_engine::glyph::{GlyphDef, GlyphNetwork};

use super::sandbox::{RUN_LEGEND, RunState, Sandbox};
use super::widgets::snap;
use super::{Frame, GlyphEdit};

/// Graph pixels per unit of distance.
pub const PIXELS_PER_UNIT: f32 = 270.0;

/// The widest a node's ability list gets before it wraps (keeps nodes 1u apart from overlapping).
const NODE_BODY_WIDTH: f32 = 170.0;

/// The smallest scale fitting zooms out to: body text (12.5 points) stays above 11 px. A
/// network too big for its panel at this scale is fitted at it, centred; the user pans.
pub const READABLE_SCALE: f32 = 0.9;

/// The largest scale fitting zooms in to (a network of one glyph is not blown up).
const MAX_FIT_SCALE: f32 = 1.25;

/// A node: the glyph's id (nodes are rebuilt whenever the network changes).
#[derive(Debug, Clone)]
pub struct GlyphNode {
    /// The glyph's id.
    pub id: String,
}

/// The graph view's cache.
pub struct GraphView {
    snarl: Snarl<GlyphNode>,
    /// Whether the view follows the panel (fitted each frame) rather than the user's pan and
    /// zoom: true until the user pans or zooms, and again after "Fit".
    fitting: bool,
    /// The transform fitting last set and the panel it was fitted to: a transform found
    /// otherwise in the same panel is the user's.
    fitted: Option<(TSTransform, Rect)>,
    /// The nodes' rects as last drawn, in graph coordinates, by glyph id (what fitting fits,
    /// where broken links are marked).
    node_rects: Vec<(String, Rect)>,
}

impl Default for GraphView {
    fn default() -> Self {
        GraphView {
            snarl: Snarl::new(),
            fitting: true,
            fitted: None,
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
                .on_hover_text("Show every glyph, and keep fitting the panel as it is resized")
                .clicked()
            {
                self.fitting = true;
                self.fitted = None;
            }
            ui.label("Click a node to select it; drag between link pins to link (within 1u); right-click for more.")
                .on_hover_text("Node positions are the glyphs' positions (1u = Swinging Distance); dropping a node moves the glyph");
            ui.label(RichText::new("Run state (?)").weak())
                .on_hover_text(RUN_LEGEND);
        });
        let fit = (self.fitting && self.snarl.nodes().next().is_some()).then(|| Fit {
            screen: ui.available_rect_before_wrap(),
            last: self.fitted,
            // A node being dragged keeps the view still (its rect moves with the pointer).
            hold: ui.input(|i| i.pointer.any_down()),
        });
        let previous_rects = std::mem::take(&mut self.node_rects);
        let mut viewer = GlyphViewer {
            frame,
            sandbox,
            fit,
            fitted: None,
            user_moved: false,
            previous_rects,
            node_rects: Vec::new(),
            shown_transform: TSTransform::IDENTITY,
        };
        let style = SnarlStyle {
            collapsible: Some(false),
            min_scale: Some(0.2),
            ..SnarlStyle::new()
        };
        SnarlWidget::new().id_salt("glyph_graph").style(style).show(
            &mut self.snarl,
            &mut viewer,
            ui,
        );
        self.node_rects = std::mem::take(&mut viewer.node_rects);
        // egui-snarl's node frame takes the pointer's clicks on a node (over its title and
        // abilities too): a left click on a node selects its glyph here.
        if let Some(id) = clicked_node(ui, viewer.shown_transform, &self.node_rects) {
            viewer.frame.glyph_clicked(&id);
        }
        if viewer.user_moved {
            self.fitting = false;
            self.fitted = None;
        } else if let Some(fitted) = viewer.fitted {
            self.fitted = Some(fitted);
        }
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

/// A fit due this frame.
#[derive(Clone, Copy)]
struct Fit {
    /// The screen rect to fit the nodes into.
    screen: Rect,
    /// The transform the last fit set, and the rect it fitted.
    last: Option<(TSTransform, Rect)>,
    /// Keep the last fit (a node is being dragged).
    hold: bool,
}

struct GlyphViewer<'f, 'a> {
    frame: &'f mut Frame<'a>,
    sandbox: &'f Sandbox,
    /// The fit due this frame, if the view follows the panel.
    fit: Option<Fit>,
    /// The transform this frame's fit set, with the rect it fitted.
    fitted: Option<(TSTransform, Rect)>,
    /// The user panned or zoomed since the last fit: fitting stops.
    user_moved: bool,
    /// Node rects drawn last frame (graph coordinates), for fitting and the link marks.
    previous_rects: Vec<(String, Rect)>,
    /// Node rects drawn this frame.
    node_rects: Vec<(String, Rect)>,
    /// The graph's transform (graph coordinates to screen) this frame.
    shown_transform: TSTransform,
}

impl GlyphViewer<'_, '_> {
    fn def(&self, id: &str) -> Option<&GlyphDef> {
        self.frame.net.glyphs.iter().find(|g| g.id == id)
    }

    /// The glyph's state in the sandbox's run.
    fn state(&self, id: &str) -> RunState {
        self.frame
            .net
            .glyphs
            .iter()
            .position(|g| g.id == id)
            .map_or(RunState::Active, |i| self.sandbox.state_of(i, id))
    }

    /// The transform showing every node in `screen`, centred, at a readable scale.
    fn fitting_transform(&self, screen: Rect, snarl: &Snarl<GlyphNode>) -> Option<TSTransform> {
        let mut bb = Rect::NOTHING;
        for (_, r) in &self.previous_rects {
            bb = bb.union(*r);
        }
        // Before the first frame only positions are known: assume a typical node's size.
        for (pos, _) in snarl.nodes_pos() {
            bb = bb.union(Rect::from_min_size(pos, egui::vec2(NODE_BODY_WIDTH, 90.0)));
        }
        if !bb.is_finite() || bb.width() <= 0.0 || bb.height() <= 0.0 {
            return None;
        }
        let bb = bb.expand(24.0);
        let scaling = (screen.size() / bb.size())
            .min_elem()
            .clamp(READABLE_SCALE, MAX_FIT_SCALE);
        Some(TSTransform {
            scaling,
            translation: screen.center().to_vec2() - bb.center().to_vec2() * scaling,
        })
    }
}

/// The glyph whose node was left-clicked this frame, if any: a click (not a drag) on the
/// graph's own layer (not on a menu over it) inside a node's rect.
fn clicked_node(ui: &Ui, to_global: TSTransform, rects: &[(String, Rect)]) -> Option<String> {
    let pos = ui.input(|i| {
        i.pointer
            .button_clicked(egui::PointerButton::Primary)
            .then(|| i.pointer.interact_pos())
            .flatten()
    })?;
    let on_graph = ui
        .ctx()
        .layer_id_at(pos)
        .is_some_and(|layer| layer.order == ui.layer_id().order);
    if !on_graph {
        return None;
    }
    let at = to_global.inverse() * pos;
    // The last drawn is on top.
    rects
        .iter()
        .rev()
        .find(|(_, r)| r.contains(at))
        .map(|(id, _)| id.clone())
}

/// Whether two transforms differ by more than rounding.
fn differs(a: TSTransform, b: TSTransform) -> bool {
    (a.scaling - b.scaling).abs() > 1e-3 || (a.translation - b.translation).length() > 0.5
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
        let selected = self.frame.selected.as_deref() == Some(id.as_str());
        match self.state(id) {
            RunState::Dismissed => {
                f.fill = f.fill.gamma_multiply(0.35);
                f.stroke = egui::Stroke::new(1.0, Color32::from_gray(70));
            }
            state @ RunState::Disabled { .. } => {
                f.fill = f.fill.gamma_multiply(0.6);
                f.stroke = egui::Stroke::new(2.0, state.colour());
            }
            RunState::Waiting { .. } | RunState::Active => {
                if let Some(colour) = self.sandbox.shine_of(id) {
                    f.fill = colour.gamma_multiply(0.55);
                    f.stroke = egui::Stroke::new(3.0, colour);
                }
            }
        }
        if selected {
            f.stroke = egui::Stroke::new(2.5, Color32::LIGHT_BLUE);
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
        let state = self.state(&id);
        let mut text = RichText::new(&id).strong();
        if state == RunState::Dismissed {
            text = text.strikethrough().weak();
        }
        let title = ui
            .selectable_label(selected, text)
            .on_hover_text("Click to select (or, in link mode, to link); right-click for more");
        if title.clicked() {
            self.frame.glyph_clicked(&id);
        }
        // The title takes the node's clicks, so it opens the node's menu itself.
        title.context_menu(|ui| self.node_menu(ui, &id));
        if let Some(tag) = state.tag() {
            ui.label(RichText::new(tag).color(state.colour()))
                .on_hover_text(state.why());
        }
    }

    fn inputs(&mut self, _node: &GlyphNode) -> usize {
        1
    }

    fn outputs(&mut self, _node: &GlyphNode) -> usize {
        1
    }

    fn show_input(
        &mut self,
        pin: &InPin,
        ui: &mut Ui,
        snarl: &mut Snarl<GlyphNode>,
    ) -> impl SnarlPin + 'static {
        ui.label("link")
            .on_hover_text("Drop a wire here to link; right-click to unlink all");
        self.pin(&snarl[pin.id.node].id.clone())
    }

    fn show_output(
        &mut self,
        pin: &OutPin,
        ui: &mut Ui,
        snarl: &mut Snarl<GlyphNode>,
    ) -> impl SnarlPin + 'static {
        ui.label("link")
            .on_hover_text("Drag a wire from here to another glyph to link them");
        self.pin(&snarl[pin.id.node].id.clone())
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
        let id = snarl[node].id.clone();
        let Some(def) = self.def(&id) else {
            return;
        };
        let dismissed = self.state(&id) == RunState::Dismissed;
        ui.vertical(|ui| {
            // Nodes stay narrower than a unit of distance so neighbours do not overlap.
            ui.set_max_width(NODE_BODY_WIDTH);
            let lines = sigilforge_engine::wording::glyph::ability_lines(def);
            if lines.is_empty() {
                ui.weak("no abilities");
            }
            for line in lines {
                let mut text = RichText::new(line);
                if dismissed {
                    text = text.strikethrough().weak();
                }
                // Not selectable: a click or drag on the text is the node's (select, move).
                ui.add(egui::Label::new(text).wrap().selectable(false));
            }
        });
    }

    fn final_node_rect(
        &mut self,
        node: NodeId,
        rect: Rect,
        _ui: &mut Ui,
        snarl: &mut Snarl<GlyphNode>,
    ) {
        self.node_rects.push((snarl[node].id.clone(), rect));
    }

    fn current_transform(&mut self, to_global: &mut TSTransform, snarl: &mut Snarl<GlyphNode>) {
        self.shown_transform = *to_global;
        let Some(fit) = self.fit.take() else {
            return;
        };
        // The transform differs from the last fit's in the same panel: the user panned or
        // zoomed, and the view is theirs until "Fit".
        if let Some((last, rect)) = fit.last
            && rect == fit.screen
            && differs(*to_global, last)
        {
            self.user_moved = true;
            return;
        }
        let next = match fit.last {
            Some((last, rect)) if fit.hold && rect == fit.screen => Some(last),
            _ => self.fitting_transform(fit.screen, snarl),
        };
        if let Some(next) = next {
            *to_global = next;
            self.shown_transform = next;
            self.fitted = Some((next, fit.screen));
        }
    }

    fn draw_background(
        &mut self,
        background: Option<&egui_snarl::ui::BackgroundPattern>,
        viewport: &Rect,
        snarl_style: &SnarlStyle,
        style: &egui::Style,
        painter: &egui::Painter,
        _snarl: &Snarl<GlyphNode>,
    ) {
        if let Some(background) = background {
            background.draw(viewport, snarl_style, style, painter);
        }
        // A link broken in the run: a ✕ and "broken" between its nodes (the wire itself is
        // drawn by egui-snarl; a dismissed glyph's pins grey it).
        let rect_of = |id: &str| {
            self.previous_rects
                .iter()
                .find(|(g, _)| g == id)
                .map(|(_, r)| *r)
        };
        for (a, b) in &self.frame.net.links {
            if !self.sandbox.link_broken(a, b) {
                continue;
            }
            let (Some(ra), Some(rb)) = (rect_of(a), rect_of(b)) else {
                continue;
            };
            let (from, to) = (ra.right_center(), rb.left_center());
            let mid = from.lerp(to, 0.5);
            painter.text(
                mid,
                egui::Align2::CENTER_CENTER,
                "✕",
                egui::FontId::proportional(18.0),
                BROKEN,
            );
            // The word where there is room for it between the nodes (the legend says the rest).
            if from.distance(to) > 90.0 {
                painter.text(
                    mid + egui::vec2(0.0, 12.0),
                    egui::Align2::CENTER_TOP,
                    "broken",
                    egui::FontId::proportional(13.0),
                    BROKEN,
                );
            }
        }
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

/// A broken link's mark.
const BROKEN: Color32 = Color32::from_rgb(200, 90, 90);

impl GlyphViewer<'_, '_> {
    /// A glyph's link pin: its wires grey when the glyph is dismissed (its links are broken).
    fn pin(&self, id: &str) -> PinInfo {
        let pin = PinInfo::circle().with_fill(Color32::from_rgb(120, 170, 255));
        if self.state(id) == RunState::Dismissed {
            pin.with_fill(Color32::from_gray(80))
                .with_wire_color(Color32::from_gray(60))
        } else {
            pin
        }
    }

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
