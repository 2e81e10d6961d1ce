//! Space: a grid of 1u cells, the six Distances, sight and line of effect, and the five Shapes.
//!
//! Readings (see `docs/rules/encounters.md`): distance between cells is Chebyshev (a diagonal
//! step is 1u); round shapes (cylinder, sphere) take cells whose centre is within the radius
//! (Euclidean); the map is flat, so a cube is its square footprint and a cylinder its circle.

use serde::{Deserialize, Serialize};

use super::ability::{ShapeKind, ShapeSpec};

/// A cell: `(x, y)`, x to the east, y to the south.
pub type Cell = (i32, i32);

/// The battle map.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridMap {
    /// Cells across.
    pub width: i32,
    /// Cells down.
    pub height: i32,
    /// Cells holding a blocking object (walls, pillars): they stop sight and a Shape's flow.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocking: Vec<Cell>,
    /// Cells that give cover (low walls, barrels): a creature standing there counts as behind
    /// cover, so non-True Distances cannot target it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cover: Vec<Cell>,
}

/// A cell in words, as the sheet's map labels it: "x 3, y 4".
#[must_use]
pub fn cell_words(c: Cell) -> String {
    format!("x {}, y {}", c.0, c.1)
}

/// Distance in units between two cells (Chebyshev).
#[must_use]
pub fn distance(a: Cell, b: Cell) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

impl GridMap {
    /// Whether a cell is on the map.
    #[must_use]
    pub fn contains(&self, c: Cell) -> bool {
        c.0 >= 0 && c.1 >= 0 && c.0 < self.width && c.1 < self.height
    }

    /// Whether a cell holds a blocking object.
    #[must_use]
    pub fn blocks(&self, c: Cell) -> bool {
        self.blocking.contains(&c)
    }

    /// Whether a cell gives cover.
    #[must_use]
    pub fn gives_cover(&self, c: Cell) -> bool {
        self.cover.contains(&c)
    }

    /// Whether a straight line from the centre of `from` to the centre of `to` passes no blocking
    /// cell in between (the two end cells themselves are not checked). Used for sight and for a
    /// Shape's flow. The segment is sampled finely; touching a blocking cell's corner blocks.
    #[must_use]
    pub fn clear_line(&self, from: Cell, to: Cell) -> bool {
        let (dx, dy) = (f64::from(to.0 - from.0), f64::from(to.1 - from.1));
        let steps = ((dx.abs().max(dy.abs())) * 8.0).ceil().max(1.0) as i32;
        for i in 1..steps {
            let t = f64::from(i) / f64::from(steps);
            let x = f64::from(from.0) + dx * t;
            let y = f64::from(from.1) + dy * t;
            let cell = (x.round() as i32, y.round() as i32);
            if cell != from && cell != to && self.blocks(cell) {
                return false;
            }
        }
        true
    }

    /// Every cell of the map, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| (x, y)))
    }
}

/// A placed Shape: its origin and the point it faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShapePlacement {
    /// The Shape Origin.
    pub origin: Cell,
    /// A cell it points toward (cone, line, cube); ignored by round shapes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toward: Option<Cell>,
    /// Include the origin although the seed leaves it out (cone, cube, line: "unless you decide
    /// otherwise").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub include_origin: bool,
}

/// Tolerance for points exactly on a Shape's edge (they count as inside).
const EPS: f64 = 1e-9;

/// The cells a Shape covers, in row order, before blocking objects are considered.
#[must_use]
pub fn shape_cells(map: &GridMap, spec: &ShapeSpec, place: &ShapePlacement) -> Vec<Cell> {
    let size = f64::from(spec.size.units());
    let o = place.origin;
    let dir = place
        .toward
        .map(|t| (f64::from(t.0 - o.0), f64::from(t.1 - o.1)))
        .filter(|(x, y)| *x != 0.0 || *y != 0.0)
        .unwrap_or((1.0, 0.0));
    let len = (dir.0 * dir.0 + dir.1 * dir.1).sqrt();
    let u = (dir.0 / len, dir.1 / len);
    let inside = |c: Cell| -> bool {
        let v = (f64::from(c.0 - o.0), f64::from(c.1 - o.1));
        let forward = v.0 * u.0 + v.1 * u.1;
        let lateral = (v.0 * u.1 - v.1 * u.0).abs();
        // Length is measured like every Distance (a diagonal step is 1u); width is geometric.
        let length_ok = f64::from(distance(o, c)) <= size + EPS;
        match spec.kind {
            ShapeKind::Cone => forward > EPS && length_ok && lateral <= forward / 2.0 + EPS,
            ShapeKind::Line => forward > EPS && length_ok && lateral <= 0.5 + EPS,
            ShapeKind::Sphere | ShapeKind::Cylinder => v.0 * v.0 + v.1 * v.1 <= size * size + EPS,
            ShapeKind::Cube => {
                // The origin sits at the centre of one face; the cube extends away from it
                // along the dominant axis of `toward`.
                let (ax, ay) = if u.0.abs() >= u.1.abs() {
                    (u.0.signum() as i32, 0)
                } else {
                    (0, u.1.signum() as i32)
                };
                let (dx, dy) = (c.0 - o.0, c.1 - o.1);
                let fwd = dx * ax + dy * ay;
                let lat = if ax == 0 { dx } else { dy };
                let s = spec.size.units();
                fwd >= 1 && fwd <= s && lat >= -((s - 1) / 2) && lat <= s / 2
            }
        }
    };
    let origin_default = matches!(spec.kind, ShapeKind::Sphere | ShapeKind::Cylinder);
    let reach = spec.size.units() + 1;
    let mut out = Vec::new();
    for y in (o.1 - reach)..=(o.1 + reach) {
        for x in (o.0 - reach)..=(o.0 + reach) {
            let c = (x, y);
            if !map.contains(c) {
                continue;
            }
            let is_origin = c == o;
            let included = if is_origin {
                origin_default || place.include_origin
            } else {
                inside(c)
            };
            if included {
                out.push(c);
            }
        }
    }
    out
}

/// The cells a Shape affects: covered cells the effect can flow to from the origin in a straight
/// line (blocking cells stop a non-True Shape and are never affected themselves).
#[must_use]
pub fn affected_cells(map: &GridMap, spec: &ShapeSpec, place: &ShapePlacement) -> Vec<Cell> {
    shape_cells(map, spec, place)
        .into_iter()
        .filter(|c| spec.r#true || (!map.blocks(*c) && map.clear_line(place.origin, *c)))
        .collect()
}

/// Whether a Shape's origin sits where the seed puts it: cones and lines at the user's cell,
/// the others within the Shape's range of the user.
#[must_use]
pub fn origin_allowed(spec: &ShapeSpec, user: Cell, origin: Cell) -> bool {
    match spec.kind {
        ShapeKind::Cone | ShapeKind::Line => origin == user,
        _ => distance(user, origin) <= spec.range.map_or(0, super::ability::Distance::units),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wall_between_two_cells_blocks_the_line() {
        let map = GridMap {
            width: 5,
            height: 5,
            blocking: vec![(2, 2)],
            cover: Vec::new(),
        };
        assert!(!map.clear_line((0, 2), (4, 2)));
        assert!(map.clear_line((0, 0), (4, 0)));
        assert!(!map.clear_line((0, 0), (4, 4)), "through the wall's cell");
        assert!(
            map.clear_line((2, 1), (2, 0)),
            "the end cells are not checked"
        );
    }
}
