//! The map view: glyphs where they stand, in units, on a grid, with their link ring (1u,
//! Swinging Distance) and break ring (4u, Spitting Distance). Drag a glyph to move it (one
//! [`GlyphEdit::MoveGlyph`] when the drag ends); drag empty space to pan; scroll to zoom.
//! The map fits the glyphs and their link rings to its panel, again whenever the panel changes
//! size, until the user pans or zooms ("Fit" fits again). The sandbox's run state is drawn on
//! each glyph (dismissed: dim and struck out, its links broken; disabled; waiting).

use egui::{Color32, Pos2, Rect, RichText, Sense, Shape, Stroke, Ui, Vec2};
use sigilforge_engine::glyph::GlyphNetwork;
use sigilforge_engine::glyph::run::{BREAK_RANGE, LINK_RANGE, distance};

use super::analysis::AnalysisPanel;
use super::sandbox::{RUN_LEGEND, RunState, Sandbox};
use super::widgets::snap;
use super::{Frame, GlyphEdit};

/// Hit radius of a glyph dot, in screen points.
const DOT_RADIUS: f32 = 7.0;

/// The map's view state.
pub struct MapView {
    /// Screen points per unit.
    zoom: f32,
    /// Offset of the origin from the view's centre, in points.
    pan: Vec2,
    /// The glyph being dragged and where it is now (in units).
    dragging: Option<(String, (f64, f64))>,
    /// Whether the view follows the panel (fitted each frame) rather than the user's pan and
    /// zoom: true until the user pans or zooms, and again after "Fit".
    fitting: bool,
}

/// The smallest zoom fitting sets, in points per unit (a glyph's label stays clear of its
/// neighbours' 1u apart).
const MIN_FIT_ZOOM: f32 = 40.0;
/// The largest zoom fitting sets (one glyph is not blown up to the whole panel).
const MAX_FIT_ZOOM: f32 = 220.0;

impl Default for MapView {
    fn default() -> Self {
        MapView {
            zoom: 90.0,
            pan: Vec2::ZERO,
            dragging: None,
            fitting: true,
        }
    }
}

struct Transform {
    origin: Pos2,
    zoom: f32,
}

impl Transform {
    fn to_screen(&self, p: (f64, f64)) -> Pos2 {
        self.origin + Vec2::new(p.0 as f32, p.1 as f32) * self.zoom
    }
    fn to_units(&self, p: Pos2) -> (f64, f64) {
        let v = (p - self.origin) / self.zoom;
        (f64::from(v.x), f64::from(v.y))
    }
}

impl MapView {
    /// Draws the map.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        frame: &mut Frame<'_>,
        sandbox: &Sandbox,
        analysis: &AnalysisPanel,
    ) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Fit")
                .on_hover_text("Show every glyph, and keep fitting the panel as it is resized")
                .clicked()
            {
                self.fitting = true;
            }
            ui.label("Drag a glyph to move it; drag the background to pan; scroll to zoom. Faint dashed ring: 4u (links break beyond it).")
                .on_hover_text("1u = Swinging Distance (links are made within it); 4u = Spitting Distance");
            ui.label(RichText::new("Run state (?)").weak())
                .on_hover_text(RUN_LEGEND);
        });
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        // Named for screen readers and GUI tests; glyph (x, y) is drawn at the centre + pan +
        // (x, y) * zoom.
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Other, true, "Glyph map"));
        let rect = response.rect;
        let net = frame.net;
        if self.fitting && !net.glyphs.is_empty() {
            self.zoom = fit_zoom(net, rect.size());
            self.pan = -extent_of(net).0 * self.zoom;
        }
        let t = Transform {
            origin: rect.center() + self.pan,
            zoom: self.zoom,
        };
        draw_grid(&painter, rect, &t);
        let positions = self.positions(net);

        // Links, as designed (a link over 1u is invalid; one a move breaks is dashed, and one
        // already broken in the sandbox's run is grey).
        for (a, b) in &net.links {
            let (Some(ia), Some(ib)) = (index(net, a), index(net, b)) else {
                continue;
            };
            let (pa, pb) = (t.to_screen(positions[ia]), t.to_screen(positions[ib]));
            let d = distance(positions[ia], positions[ib]);
            if sandbox.link_broken(a, b) {
                let grey = Color32::from_gray(90);
                painter.extend(Shape::dashed_line(
                    &[pa, pb],
                    Stroke::new(1.5, grey),
                    3.0,
                    4.0,
                ));
                painter.text(
                    pa.lerp(pb, 0.5) + Vec2::new(0.0, 4.0),
                    egui::Align2::CENTER_TOP,
                    "broken",
                    egui::FontId::proportional(12.0),
                    grey,
                );
            } else if let Some(round) = analysis.breaks(a, b) {
                let colour = Color32::from_rgb(230, 150, 60);
                painter.extend(Shape::dashed_line(
                    &[pa, pb],
                    Stroke::new(2.0, colour),
                    6.0,
                    5.0,
                ));
                painter.text(
                    pa.lerp(pb, 0.5) + Vec2::new(0.0, 4.0),
                    egui::Align2::CENTER_TOP,
                    format!("breaks r{round}"),
                    egui::FontId::proportional(12.0),
                    colour,
                );
            } else if d > LINK_RANGE {
                painter.line_segment([pa, pb], Stroke::new(2.0, Color32::from_rgb(230, 70, 70)));
            } else {
                painter.line_segment([pa, pb], Stroke::new(2.0, Color32::from_rgb(120, 170, 255)));
            }
        }
        // Scheduled moves: a faint arrow to where the glyph goes.
        for m in &net.moves {
            let Some(i) = index(net, &m.glyph) else {
                continue;
            };
            let (from, to) = (t.to_screen(positions[i]), t.to_screen(m.to));
            painter.arrow(from, to - from, Stroke::new(1.0, Color32::from_gray(140)));
            painter.text(
                to + Vec2::new(DOT_RADIUS + 3.0, -DOT_RADIUS - 3.0),
                egui::Align2::LEFT_BOTTOM,
                format!("{} moves here in round {}", m.glyph, m.round),
                egui::FontId::proportional(12.0),
                Color32::from_gray(150),
            );
        }
        // Where the sandbox's run has carried glyphs: a hollow ghost.
        let run_positions = sandbox.positions();
        for (i, g) in net.glyphs.iter().enumerate() {
            let Some(&now) = run_positions.get(i) else {
                continue;
            };
            if now != g.pos {
                let p = t.to_screen(now);
                let colour = Color32::from_gray(160);
                painter.circle_stroke(p, DOT_RADIUS, Stroke::new(1.5, colour));
                painter.text(
                    p + Vec2::new(DOT_RADIUS + 3.0, DOT_RADIUS),
                    egui::Align2::LEFT_TOP,
                    format!("{} now (round {})", g.id, sandbox.round()),
                    egui::FontId::proportional(12.0),
                    colour,
                );
            }
        }
        // Glyphs with their rings.
        for (i, g) in net.glyphs.iter().enumerate() {
            let p = t.to_screen(positions[i]);
            let ring = Color32::from_rgba_unmultiplied(120, 170, 255, 70);
            painter.circle_stroke(p, LINK_RANGE as f32 * t.zoom, Stroke::new(1.0, ring));
            let faint = Color32::from_rgba_unmultiplied(200, 200, 200, 40);
            let break_ring = circle_points(p, BREAK_RANGE as f32 * t.zoom);
            painter.extend(Shape::dashed_line(
                &break_ring,
                Stroke::new(1.0, faint),
                4.0,
                6.0,
            ));
            let shine = sandbox.shine_of(&g.id);
            let state = sandbox.state_of(i, &g.id);
            let dismissed = state == RunState::Dismissed;
            let fill = match (&state, shine) {
                (RunState::Dismissed, _) => Color32::from_gray(70),
                (RunState::Disabled { .. }, _) => state.colour().gamma_multiply(0.6),
                (_, Some(c)) => c,
                _ => Color32::from_gray(200),
            };
            if let (Some(c), false) = (shine, dismissed) {
                painter.circle_filled(p, DOT_RADIUS * 2.2, c.gamma_multiply(0.35));
            }
            painter.circle_filled(p, DOT_RADIUS, fill);
            if let RunState::Disabled { .. } = state {
                painter.circle_stroke(p, DOT_RADIUS + 1.5, Stroke::new(2.0, state.colour()));
            }
            if frame.selected.as_deref() == Some(g.id.as_str()) {
                painter.circle_stroke(p, DOT_RADIUS + 3.0, Stroke::new(2.0, Color32::LIGHT_BLUE));
            }
            let text_colour = if dismissed {
                Color32::from_gray(110)
            } else {
                ui.visuals().text_color()
            };
            let label = painter.text(
                p + Vec2::new(DOT_RADIUS + 3.0, -DOT_RADIUS - 3.0),
                egui::Align2::LEFT_BOTTOM,
                &g.id,
                egui::FontId::proportional(14.0),
                text_colour,
            );
            if dismissed {
                // Struck out: the glyph is gone from the run.
                painter.line_segment(
                    [label.left_center(), label.right_center()],
                    Stroke::new(1.5, text_colour),
                );
            }
            if let Some(tag) = state.tag() {
                painter.text(
                    label.right_center() + Vec2::new(6.0, 0.0),
                    egui::Align2::LEFT_CENTER,
                    tag,
                    egui::FontId::proportional(12.0),
                    state.colour(),
                );
            }
        }
        // Why a glyph is drawn so: its run state under the pointer.
        if let Some(pos) = response.hover_pos()
            && let Some((i, g)) = net
                .glyphs
                .iter()
                .enumerate()
                .find(|(i, _)| t.to_screen(positions[*i]).distance(pos) <= DOT_RADIUS + 4.0)
        {
            let why = sandbox.state_of(i, &g.id).why();
            response.clone().on_hover_text(format!("{}: {why}", g.id));
        }
        self.interact(ui, &response, &t, frame, &positions, sandbox);
    }

    /// Glyph positions as drawn: the design position, or the dragged one.
    fn positions(&self, net: &GlyphNetwork) -> Vec<(f64, f64)> {
        net.glyphs
            .iter()
            .map(|g| match &self.dragging {
                Some((id, at)) if *id == g.id => *at,
                _ => g.pos,
            })
            .collect()
    }

    fn interact(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        t: &Transform,
        frame: &mut Frame<'_>,
        positions: &[(f64, f64)],
        sandbox: &Sandbox,
    ) {
        let net = frame.net;
        let hit = |pos: Pos2| {
            net.glyphs
                .iter()
                .enumerate()
                .filter(|(i, _)| t.to_screen(positions[*i]).distance(pos) <= DOT_RADIUS + 4.0)
                .map(|(_, g)| g.id.clone())
                .next_back()
        };
        if response.hovered() {
            let scroll = ui.input(|i| i.smooth_scroll_delta.y);
            if scroll != 0.0 {
                self.zoom = (self.zoom * (1.0 + scroll * 0.002)).clamp(15.0, 400.0);
                self.fitting = false;
            }
        }
        let pointer = response.interact_pointer_pos();
        // A drag starts where the button went down (the pointer may be well past it by the
        // time the drag is recognised, at a big zoom).
        let press = ui.input(|i| i.pointer.press_origin()).or(pointer);
        if response.drag_started()
            && let Some(id) = press.and_then(hit)
        {
            let at = net
                .glyphs
                .iter()
                .find(|g| g.id == id)
                .map_or((0.0, 0.0), |g| g.pos);
            self.dragging = Some((id, at));
        }
        if response.dragged() {
            if let (Some((_, at)), Some(p)) = (&mut self.dragging, pointer) {
                let u = t.to_units(p);
                *at = (snap(u.0), snap(u.1));
            } else {
                // Panning: the view is the user's until "Fit".
                self.pan += response.drag_delta();
                self.fitting = false;
            }
        }
        if response.drag_stopped()
            && let Some((id, to)) = self.dragging.take()
        {
            let moved = net.glyphs.iter().any(|g| g.id == id && g.pos != to);
            if moved {
                frame.emit(GlyphEdit::MoveGlyph { id, to });
            }
        }
        if response.clicked()
            && let Some(id) = pointer.and_then(hit)
        {
            frame.glyph_clicked(&id);
        }
        if response.secondary_clicked()
            && let Some(id) = pointer.and_then(hit)
        {
            *frame.selected = Some(id);
        }
        let selected = frame.selected.clone();
        let command = sandbox.command().to_owned();
        response.context_menu(|ui| {
            let Some(id) = selected.clone() else {
                ui.label("Right-click a glyph");
                return;
            };
            ui.label(&id);
            if ui
                .button(format!("Inject \"{command}\" here"))
                .on_hover_text("The sandbox command arrives here at the start of the next round")
                .clicked()
            {
                frame.inject(&id, &command);
                ui.close();
            }
            if ui
                .button("Link from here")
                .on_hover_text("Then click the glyph to link with")
                .clicked()
            {
                *frame.link_from = Some(id.clone());
                ui.close();
            }
            if ui
                .button("Delete glyph")
                .on_hover_text("Delete it with its links, injections and moves")
                .clicked()
            {
                frame.delete_glyph(&id);
                ui.close();
            }
        });
    }
}

/// The zoom (points per unit) at which the glyphs and their link rings fill a map of `size`
/// points; the map centres them (their bounding box's centre on the map's).
#[must_use]
pub fn fit_zoom(net: &GlyphNetwork, size: Vec2) -> f32 {
    // The glyphs with their link rings (1u round each), and a little room for labels.
    let span = extent_of(net).1 + Vec2::splat(2.0 * LINK_RANGE as f32 + 0.6);
    (size / span).min_elem().clamp(MIN_FIT_ZOOM, MAX_FIT_ZOOM)
}

/// The centre and size of the glyphs' bounding box, in units.
fn extent_of(net: &GlyphNetwork) -> (Vec2, Vec2) {
    let (mut min, mut max) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    for g in &net.glyphs {
        min = (min.0.min(g.pos.0), min.1.min(g.pos.1));
        max = (max.0.max(g.pos.0), max.1.max(g.pos.1));
    }
    (
        Vec2::new(
            f64::midpoint(min.0, max.0) as f32,
            f64::midpoint(min.1, max.1) as f32,
        ),
        Vec2::new((max.0 - min.0) as f32, (max.1 - min.1) as f32),
    )
}

fn index(net: &GlyphNetwork, id: &str) -> Option<usize> {
    net.glyphs.iter().position(|g| g.id == id)
}

fn draw_grid(painter: &egui::Painter, rect: Rect, t: &Transform) {
    let (min, max) = (t.to_units(rect.min), t.to_units(rect.max));
    let stroke = Stroke::new(1.0, Color32::from_gray(45));
    let axis = Stroke::new(1.0, Color32::from_gray(80));
    let step = if t.zoom < 30.0 { 5.0 } else { 1.0 };
    let mut x = (min.0 / step).floor() * step;
    while x <= max.0 {
        let sx = t.to_screen((x, 0.0)).x;
        let s = if x == 0.0 { axis } else { stroke };
        painter.line_segment([Pos2::new(sx, rect.top()), Pos2::new(sx, rect.bottom())], s);
        x += step;
    }
    let mut y = (min.1 / step).floor() * step;
    while y <= max.1 {
        let sy = t.to_screen((0.0, y)).y;
        let s = if y == 0.0 { axis } else { stroke };
        painter.line_segment([Pos2::new(rect.left(), sy), Pos2::new(rect.right(), sy)], s);
        y += step;
    }
}

fn circle_points(centre: Pos2, radius: f32) -> Vec<Pos2> {
    (0..=64)
        .map(|i| {
            let a = i as f32 / 64.0 * std::f32::consts::TAU;
            centre + Vec2::new(a.cos(), a.sin()) * radius
        })
        .collect()
}
