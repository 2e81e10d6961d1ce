//! The grid map: cells in units, blocking cells dark, cover cells hatched, combatants as tokens
//! with side colour and health bar; the selected combatant's ability reach (a square: Distances
//! are Chebyshev) and, for Shapes, the cells the engine says the Shape affects from the hovered
//! cell. The map reports clicks and drops as [`MapAction`]s; it never changes the encounter.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2};
use sigilforge_engine::encounter::ShapeKind;
use sigilforge_engine::encounter::ability::ShapeSpec;
use sigilforge_engine::encounter::space::{
    Cell, GridMap, ShapePlacement, affected_cells, origin_allowed,
};
use sigilforge_engine::wording::Names;

/// The largest zoom fitting sets (72-point cells): a big panel is used, a small map is not
/// blown up past it.
const MAX_FIT_ZOOM: f32 = 2.0;

/// The smallest text the map draws, in points (readable at 1280×720 whatever the zoom).
const MIN_TEXT: f32 = 11.0;

/// Side of a cell at zoom 1, in screen points.
pub const BASE_CELL: f32 = 36.0;

/// A combatant as the map draws it (from the encounter, or from a sandbox run's state).
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// Combatant id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Side.
    pub side: String,
    /// Cell.
    pub position: Cell,
    /// Health now.
    pub health: i32,
    /// Maximum health.
    pub max_health: i32,
    /// Whether its health bar is drawn (the player window hides foes' health).
    pub show_health: bool,
    /// Whether it is this combatant's turn (sandbox).
    pub acting: bool,
    /// Beats left (sandbox), drawn as dots.
    pub beats: Option<u32>,
    /// Its state in words, shown when the pointer is over it.
    pub detail: String,
    /// Something it started or Prepared waits (table mode): `Some`, with the cells it will
    /// reach; the token and those cells are marked.
    pub waiting: Option<Vec<Cell>>,
    /// Its statuses with their stacks, drawn as short badges on the token.
    pub statuses: Vec<(String, u32)>,
    /// Hidden from the players: the GM's map draws it dimmed.
    pub hidden: bool,
}

/// What the selected combatant's chosen ability reaches: drawn over the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Overlay {
    /// The user's cell.
    pub user: Cell,
    /// Reach in units (a targeted ability's Distance, or a Shape's range).
    pub reach: Option<i32>,
    /// The ability's Shape, previewed from the hovered cell.
    pub shape: Option<ShapeSpec>,
}

/// What the user did on the map this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MapAction {
    /// Clicked an empty cell (or a cell with a token while painting).
    ClickCell(Cell),
    /// Clicked a token.
    ClickToken(String),
    /// Dropped a dragged token on a cell (one move, on release).
    DropToken {
        /// Combatant id.
        id: String,
        /// The cell it was dropped on.
        to: Cell,
    },
}

/// The map's view state.
#[derive(Debug, Default)]
pub struct MapView {
    /// Zoom factor (1 = 36 points a cell); 0 until first drawn.
    pub zoom: f32,
    /// The user has zoomed (slider, pinch): until then the map is fitted to its space each
    /// frame, so it follows the panel it is drawn in (Prep, the table's narrower column).
    pub zoom_chosen: bool,
    /// Only looked at (the player window): no hint about clicking and dragging.
    pub look_only: bool,
    /// Cells hidden from the players: the GM's map marks them, the players' map ([`Self::fog`])
    /// draws them blank with nothing in them.
    pub hidden_cells: Vec<Cell>,
    /// The players' map: hidden cells are blank and their tokens are not drawn.
    pub fog: bool,
    /// Text size factor for tokens' labels (the player window's TV size); 0 or 1: normal.
    pub text_scale: f32,
    /// Where each token was drawn last frame (screen rectangle of its cell), for what the
    /// host draws beside a token (table mode's quick actions).
    pub token_rects: Vec<(String, Rect)>,
    /// Where the map was drawn last frame (screen rectangle).
    pub map_rect: Option<Rect>,
    dragging: Option<(String, Pos2)>,
}

/// Side colour: heroes blue, foes red, anyone else grey-green.
#[must_use]
pub fn side_colour(side: &str) -> Color32 {
    match side {
        "heroes" => Color32::from_rgb(70, 130, 220),
        "foes" => Color32::from_rgb(200, 70, 60),
        _ => Color32::from_rgb(110, 160, 110),
    }
}

struct Grid {
    origin: Pos2,
    cell: f32,
}

impl Grid {
    fn rect(&self, c: Cell) -> Rect {
        Rect::from_min_size(
            self.origin + Vec2::new(c.0 as f32, c.1 as f32) * self.cell,
            Vec2::splat(self.cell),
        )
    }
    fn cell_at(&self, p: Pos2) -> Cell {
        let v = (p - self.origin) / self.cell;
        (v.x.floor() as i32, v.y.floor() as i32)
    }
}

impl MapView {
    /// Draws the map and returns what the user did. `editable`: tokens can be dragged.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        map: &GridMap,
        tokens: &[Token],
        selected: Option<&str>,
        overlay: Option<&Overlay>,
        editable: bool,
    ) -> Vec<MapAction> {
        if !self.zoom_chosen {
            // Until the user zooms: the whole map fitted to the space it has, each frame (so it
            // follows the panel's size), so a narrow column (table mode, the player window)
            // shows every creature and a wide panel draws cells big enough to read (up to
            // MAX_FIT_ZOOM).
            let whole = Vec2::new(map.width.max(1) as f32, map.height.max(1) as f32) * BASE_CELL;
            let room = ui.available_size();
            self.zoom = (room.x / whole.x)
                .min(room.y / whole.y)
                .clamp(0.4, MAX_FIT_ZOOM);
        }
        let cell = BASE_CELL * self.zoom;
        let size = Vec2::new(map.width.max(1) as f32, map.height.max(1) as f32) * cell;
        let mut actions = Vec::new();
        egui::ScrollArea::both()
            .id_salt("encounter_map_scroll")
            .show(ui, |ui| {
                let (response, painter) = ui.allocate_painter(size, Sense::click_and_drag());
                // Named for screen readers and GUI tests; cell (x, y) is drawn at the top-left
                // corner + (x, y) × cell size.
                response.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::WidgetType::Other, true, "Encounter map")
                });
                let grid = Grid {
                    origin: response.rect.min,
                    cell,
                };
                draw_cells(&painter, map, &grid);
                self.draw_hidden_cells(&painter, &grid);
                let hovered = response
                    .hover_pos()
                    .map(|p| grid.cell_at(p))
                    .filter(|c| map.contains(*c));
                if let Some(o) = overlay {
                    draw_overlay(&painter, map, &grid, o, hovered);
                }
                let dragged_id = self.dragging.as_ref().map(|(id, _)| id.clone());
                let labels = token_labels(tokens);
                let text_scale = if self.text_scale > 0.0 {
                    self.text_scale
                } else {
                    1.0
                };
                self.token_rects.clear();
                self.map_rect = Some(response.rect);
                let shown: Vec<usize> = (0..tokens.len())
                    .filter(|&i| !(self.fog && self.hidden_cells.contains(&tokens[i].position)))
                    .collect();
                for &i in &shown {
                    draw_waiting(&painter, &grid, &tokens[i], None);
                }
                for &i in &shown {
                    let t = &tokens[i];
                    let at = match &self.dragging {
                        Some((id, p)) if *id == t.id => *p,
                        _ => grid.rect(t.position).center(),
                    };
                    let look = TokenLook {
                        at,
                        cell,
                        selected: selected == Some(t.id.as_str()),
                        labels: &labels[i],
                        text_scale,
                        bounds: response.rect,
                    };
                    draw_token(&painter, t, &look);
                    draw_waiting(&painter, &grid, t, Some(at));
                    self.token_rects
                        .push((t.id.clone(), Rect::from_center_size(at, Vec2::splat(cell))));
                }
                let tokens: Vec<&Token> = shown.iter().map(|&i| &tokens[i]).collect();
                let token_at =
                    |c: Cell| tokens.iter().find(|t| t.position == c).map(|t| t.id.clone());
                if editable
                    && response.drag_started()
                    && let Some(p) = response.interact_pointer_pos()
                    && let Some(id) = token_at(grid.cell_at(p))
                {
                    self.dragging = Some((id, p));
                }
                if let (Some((_, p)), Some(now)) =
                    (self.dragging.as_mut(), response.interact_pointer_pos())
                {
                    *p = now;
                }
                if response.drag_stopped()
                    && let Some((id, p)) = self.dragging.take()
                {
                    let to = grid.cell_at(p);
                    if map.contains(to) && tokens.iter().any(|t| t.id == id && t.position != to) {
                        actions.push(MapAction::DropToken { id, to });
                    }
                } else if response.clicked()
                    && dragged_id.is_none()
                    && let Some(p) = response.interact_pointer_pos()
                {
                    let c = grid.cell_at(p);
                    if map.contains(c) {
                        actions.push(match token_at(c) {
                            Some(id) => MapAction::ClickToken(id),
                            None => MapAction::ClickCell(c),
                        });
                    }
                }
                if response.hovered() {
                    // Pinch or Ctrl + scroll zooms the map.
                    let factor = ui.input(egui::InputState::zoom_delta);
                    if (factor - 1.0).abs() > f32::EPSILON {
                        self.zoom = (self.zoom * factor).clamp(0.4, 2.5);
                        self.zoom_chosen = true;
                    }
                }
                let under = hovered.and_then(|c| tokens.iter().find(|t| t.position == c));
                match under {
                    Some(t) => {
                        response.on_hover_text(&t.detail);
                    }
                    // The players' map is only looked at: no hint about clicking.
                    None if self.look_only => {}
                    None => {
                        response.on_hover_text(
                            "Click a token to select it; click a cell to place the selected combatant or paint; drag a token to move it",
                        );
                    }
                }
            });
        actions
    }
}

impl MapView {
    /// Hidden cells: blank on the players' map, tinted and marked on the GM's.
    fn draw_hidden_cells(&self, painter: &egui::Painter, grid: &Grid) {
        for &c in &self.hidden_cells {
            let r = grid.rect(c);
            if self.fog {
                // Unknown ground: a flat blue-grey, unlike a wall's black, with no grid lines.
                painter.rect_filled(r, 0.0, Color32::from_rgb(30, 33, 46));
            } else {
                painter.rect_filled(r, 0.0, Color32::from_rgba_unmultiplied(150, 80, 200, 60));
                painter.rect_stroke(
                    r.shrink(1.0),
                    0.0,
                    Stroke::new(1.0, Color32::from_rgb(170, 110, 220)),
                    StrokeKind::Inside,
                );
            }
        }
    }
}

/// Each creature of a run by its display name (index for index with `run.combatants`): the
/// wording layer's names, so the maps, the turn order, the GM's panel, the player window and
/// the log call a creature the same ("Goblin 1", "Goblin A"), never by its id.
#[must_use]
pub fn creature_names(run: &sigilforge_engine::encounter::EncounterRun) -> Vec<String> {
    let names = sigilforge_engine::wording::encounter_names(run);
    run.combatants
        .iter()
        .map(|c| names.name(&c.id).to_owned())
        .collect()
}

/// What fits inside a token: a name's initials ("Goblin 2" → "G2", "Goblin Archer" → "GA"; a
/// number is kept whole), or a one-word name's first three letters ("#Bob" → "Bob").
#[must_use]
pub fn initials(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    if words.len() < 2 {
        return name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .take(3)
            .collect();
    }
    words
        .iter()
        .filter_map(|w| {
            if w.chars().all(|c| c.is_ascii_digit()) {
                Some((*w).to_owned())
            } else {
                w.chars().find(|c| c.is_alphanumeric()).map(String::from)
            }
        })
        .take(3)
        .collect()
}

/// Each token's labels: (inside the token, above it), never the same for two tokens of one
/// name (the wording layer's [`Names`], [`initials`]).
#[must_use]
pub fn token_labels(tokens: &[Token]) -> Vec<(String, String)> {
    let names = Names::new(tokens.iter().map(|t| (t.id.as_str(), t.name.as_str())));
    tokens
        .iter()
        .map(|t| {
            let full = names.name(&t.id).to_owned();
            (initials(&full), full)
        })
        .collect()
}

/// A status's badge on a token: its first two letters ("Vu"), and its stacks past one.
#[must_use]
pub fn status_badge(name: &str, stacks: u32) -> String {
    let short: String = name.chars().take(2).collect();
    if stacks > 1 {
        format!("{short}{stacks}")
    } else {
        short
    }
}

fn draw_cells(painter: &egui::Painter, map: &GridMap, grid: &Grid) {
    let line = Stroke::new(1.0, Color32::from_gray(90));
    let floor = Color32::from_gray(45);
    for c in map.cells() {
        let r = grid.rect(c);
        let fill = if map.blocks(c) {
            Color32::from_gray(12)
        } else {
            floor
        };
        painter.rect(r, 0.0, fill, line, StrokeKind::Inside);
        if map.gives_cover(c) {
            hatch(
                painter,
                r,
                Stroke::new(1.0, Color32::from_rgb(170, 150, 90)),
            );
        }
    }
}

/// Diagonal hatching: segments where x + y is constant, clipped to the square.
fn hatch(painter: &egui::Painter, r: Rect, stroke: Stroke) {
    let w = r.width();
    for s in [0.4_f32, 0.8, 1.2, 1.6] {
        let (a, b) = if s <= 1.0 {
            (
                Pos2::new(r.min.x + s * w, r.min.y),
                Pos2::new(r.min.x, r.min.y + s * w),
            )
        } else {
            (
                Pos2::new(r.max.x, r.min.y + (s - 1.0) * w),
                Pos2::new(r.min.x + (s - 1.0) * w, r.max.y),
            )
        };
        painter.line_segment([a, b], stroke);
    }
}

fn draw_overlay(
    painter: &egui::Painter,
    map: &GridMap,
    grid: &Grid,
    o: &Overlay,
    hovered: Option<Cell>,
) {
    let map_rect = grid
        .rect((0, 0))
        .union(grid.rect((map.width - 1, map.height - 1)));
    if let Some(d) = o.reach {
        // Every cell within d units (Chebyshev) of the user: a square around it.
        let r = grid
            .rect((o.user.0 - d, o.user.1 - d))
            .union(grid.rect((o.user.0 + d, o.user.1 + d)))
            .intersect(map_rect);
        painter.rect(
            r,
            2.0,
            Color32::from_rgba_unmultiplied(120, 170, 255, 25),
            Stroke::new(2.0, Color32::from_rgb(120, 170, 255)),
            StrokeKind::Inside,
        );
    }
    let (Some(spec), Some(h)) = (o.shape, hovered) else {
        return;
    };
    let (cells, allowed) = shape_preview(map, o.user, &spec, h);
    let colour = if allowed {
        Color32::from_rgba_unmultiplied(240, 150, 40, 110)
    } else {
        Color32::from_rgba_unmultiplied(150, 150, 150, 70)
    };
    for c in cells {
        painter.rect_filled(grid.rect(c).shrink(2.0), 2.0, colour);
    }
}

/// The cells a Shape would affect when the user points at `hovered` (cones and lines start at
/// the user and face the hovered cell; the others are centred on it, a cube facing away from
/// the user), from the engine's own shape code, and whether the engine allows that origin.
#[must_use]
pub fn shape_preview(
    map: &GridMap,
    user: Cell,
    spec: &ShapeSpec,
    hovered: Cell,
) -> (Vec<Cell>, bool) {
    let place = match spec.kind {
        ShapeKind::Cone | ShapeKind::Line => ShapePlacement {
            origin: user,
            toward: Some(hovered),
            include_origin: false,
        },
        _ => ShapePlacement {
            origin: hovered,
            toward: Some((
                hovered.0 + (hovered.0 - user.0).signum(),
                hovered.1 + (hovered.1 - user.1).signum(),
            )),
            include_origin: false,
        },
    };
    (
        affected_cells(map, spec, &place),
        origin_allowed(spec, user, place.origin),
    )
}

/// What waits on a token (table mode): an amber frame on each cell it will reach (under the
/// tokens), then (`mark`: the token's centre, dragged or not) an amber diamond at the token's
/// lower right, over it.
fn draw_waiting(painter: &egui::Painter, grid: &Grid, t: &Token, mark: Option<Pos2>) {
    let Some(cells) = &t.waiting else { return };
    let amber = Color32::from_rgb(240, 180, 60);
    let Some(centre) = mark else {
        for c in cells {
            painter.rect_stroke(
                grid.rect(*c).shrink(3.0),
                3.0,
                Stroke::new(2.0, amber),
                StrokeKind::Inside,
            );
        }
        return;
    };
    let at = centre + Vec2::new(grid.cell * 0.36, grid.cell * 0.22);
    let d = (grid.cell * 0.12).max(4.0);
    let diamond = vec![
        at + Vec2::new(0.0, -d),
        at + Vec2::new(d, 0.0),
        at + Vec2::new(0.0, d),
        at + Vec2::new(-d, 0.0),
    ];
    painter.add(egui::Shape::convex_polygon(
        diamond,
        amber,
        Stroke::new(1.0, Color32::BLACK),
    ));
}

/// Where and how one token is drawn.
struct TokenLook<'a> {
    at: Pos2,
    cell: f32,
    selected: bool,
    /// (inside the token, above it), from [`token_labels`].
    labels: &'a (String, String),
    text_scale: f32,
    /// The map's rectangle: the label above the token is kept inside it (the top row's too).
    bounds: Rect,
}

fn draw_token(painter: &egui::Painter, t: &Token, look: &TokenLook<'_>) {
    let TokenLook { at, cell, .. } = *look;
    let radius = cell * 0.36;
    let mut fill = if t.health > 0 {
        side_colour(&t.side)
    } else {
        side_colour(&t.side).gamma_multiply(0.35)
    };
    if t.hidden {
        fill = fill.gamma_multiply(0.45);
    }
    let stroke = if look.selected {
        Stroke::new(3.0, Color32::WHITE)
    } else if t.acting {
        Stroke::new(3.0, Color32::from_rgb(250, 210, 60))
    } else if t.hidden {
        Stroke::new(2.0, Color32::from_rgb(170, 110, 220))
    } else {
        Stroke::new(1.0, Color32::BLACK)
    };
    let centre = at - Vec2::new(0.0, cell * 0.06);
    painter.circle(centre, radius, fill, stroke);
    // TV size raises the smallest text; bigger cells make the rest bigger by themselves.
    let text = |size: f32| FontId::proportional(size.max(MIN_TEXT * look.text_scale));
    painter.text(
        centre,
        Align2::CENTER_CENTER,
        &look.labels.0,
        text(cell * 0.26),
        Color32::WHITE,
    );
    // The full name above the token, kept inside the map so the top row's is not cut.
    let name = if t.hidden {
        format!("{} (hidden)", look.labels.1)
    } else {
        look.labels.1.clone()
    };
    let galley = painter.layout_no_wrap(name, text(cell * 0.22), Color32::from_gray(235));
    let size = galley.size();
    // Its bottom on the token's top edge.
    let mut min = centre - Vec2::new(size.x / 2.0, radius + size.y);
    min.x = min.x.clamp(
        look.bounds.min.x,
        (look.bounds.max.x - size.x).max(look.bounds.min.x),
    );
    min.y = min.y.max(look.bounds.min.y);
    painter.rect_filled(
        Rect::from_min_size(min, size).expand(1.0),
        2.0,
        Color32::from_black_alpha(140),
    );
    painter.galley(min, galley, Color32::from_gray(235));
    if t.show_health {
        // Health bar along the bottom of the cell.
        let bar = Rect::from_min_size(
            at + Vec2::new(-cell * 0.42, cell * 0.36),
            Vec2::new(cell * 0.84, (cell * 0.09).max(3.0)),
        );
        painter.rect_filled(bar, 1.0, Color32::from_gray(20));
        let share = if t.max_health > 0 {
            (t.health.max(0) as f32 / t.max_health as f32).min(1.0)
        } else {
            0.0
        };
        let mut filled = bar;
        filled.set_width(bar.width() * share);
        painter.rect_filled(filled, 1.0, Color32::from_rgb(80, 200, 90));
    }
    // Beats left: small yellow dots in the bottom-left corner, clear of the name above.
    for i in 0..t.beats.unwrap_or(0).min(6) {
        let p = at + Vec2::new(-cell * 0.42 + i as f32 * cell * 0.1, cell * 0.24);
        painter.circle_filled(p, (cell * 0.045).max(1.5), Color32::from_rgb(250, 210, 60));
    }
    // Statuses: short badges down the token's right side (the hover text names them).
    let mut y = at.y - cell * 0.3;
    for (name, stacks) in &t.statuses {
        let galley = painter.layout_no_wrap(
            status_badge(name, *stacks),
            FontId::proportional((cell * 0.18).max(9.0 * look.text_scale)),
            Color32::BLACK,
        );
        let r = Rect::from_min_size(
            Pos2::new(at.x + cell * 0.5 - galley.size().x - 3.0, y),
            galley.size() + Vec2::new(2.0, 0.0),
        );
        painter.rect_filled(r, 3.0, Color32::from_rgb(240, 200, 90));
        painter.galley(r.min + Vec2::new(1.0, 0.0), galley, Color32::BLACK);
        y += r.height() + 1.0;
    }
}

#[cfg(test)]
mod tests {
    use sigilforge_engine::encounter::Distance;

    use super::*;

    fn spec(kind: ShapeKind, size: Distance, range: Option<Distance>) -> ShapeSpec {
        ShapeSpec {
            kind,
            size,
            range,
            height: None,
            r#true: false,
        }
    }

    fn token(id: &str, name: &str) -> Token {
        Token {
            id: id.to_owned(),
            name: name.to_owned(),
            side: "foes".to_owned(),
            position: (0, 0),
            health: 1,
            max_health: 1,
            show_health: false,
            acting: false,
            beats: None,
            detail: String::new(),
            waiting: None,
            statuses: Vec::new(),
            hidden: false,
        }
    }

    #[test]
    fn two_of_one_name_are_numbered_never_the_same_label() {
        let tokens = [
            token("wolf_1", "Wolf"),
            token("hag", "Hag"),
            token("wolf_2", "Wolf"),
        ];
        let labels = token_labels(&tokens);
        assert_eq!(
            labels,
            [
                ("W1".to_owned(), "Wolf 1".to_owned()),
                ("Hag".to_owned(), "Hag".to_owned()),
                ("W2".to_owned(), "Wolf 2".to_owned()),
            ]
        );
        // The log's names: ids with a short suffix of their own keep it.
        let lettered = [token("wolf_a", "Wolf"), token("wolf_b", "Wolf")];
        let labels: Vec<String> = token_labels(&lettered).into_iter().map(|l| l.1).collect();
        assert_eq!(labels, ["Wolf A", "Wolf B"]);
        assert_eq!(initials("#Bob"), "Bob");
        assert_eq!(initials("Goblin Archer"), "GA");
        assert_eq!(initials("Goblin 12"), "G12");
        assert_eq!(status_badge("Vulnerable", 2), "Vu2");
        assert_eq!(status_badge("Exhausted", 1), "Ex");
    }

    #[test]
    fn a_cone_faces_the_hovered_cell_from_the_user() {
        let map = GridMap {
            width: 10,
            height: 10,
            ..GridMap::default()
        };
        let cone = spec(ShapeKind::Cone, Distance::Spearing, None);
        let (cells, allowed) = shape_preview(&map, (2, 5), &cone, (6, 5));
        assert!(allowed);
        let place = ShapePlacement {
            origin: (2, 5),
            toward: Some((6, 5)),
            include_origin: false,
        };
        assert_eq!(cells, affected_cells(&map, &cone, &place));
        assert!(cells.contains(&(3, 5)) && cells.contains(&(4, 5)));
        assert!(cells.iter().all(|c| c.0 > 2), "{cells:?}");
    }

    #[test]
    fn a_sphere_is_centred_on_the_hovered_cell_within_range() {
        let map = GridMap {
            width: 20,
            height: 10,
            blocking: vec![(9, 5)],
            cover: Vec::new(),
        };
        let sphere = spec(
            ShapeKind::Sphere,
            Distance::Swinging,
            Some(Distance::Spitting),
        );
        let (cells, allowed) = shape_preview(&map, (2, 5), &sphere, (6, 5));
        assert!(allowed);
        assert_eq!(cells, [(6, 4), (5, 5), (6, 5), (7, 5), (6, 6)]);
        let (_, allowed) = shape_preview(&map, (2, 5), &sphere, (12, 5));
        assert!(!allowed, "beyond its range of 4u");
        // A blocking cell is never affected.
        let (cells, _) = shape_preview(&map, (2, 5), &sphere, (8, 5));
        assert!(!cells.contains(&(9, 5)));
    }
}
