//! The encounter sheet as a print-ready PDF: the engine's sheet content
//! ([`sigilforge_engine::encounter::sheet::Sheet`]) laid out on A4 or Letter with 15 mm margins,
//! text wrapped to the column, tables and ability cards drawn as ruled cells, the map as a grid
//! with coordinates, and a new page whenever the next line or card does not fit. Text is real
//! text in the bundled Noto Sans faces (embedded as subsets), so it can be searched and copied.
//!
//! A table split across pages repeats its header row; a card breaks only between its rows; a
//! map wider than the page at a legible cell size is split into parts of whole columns, each
//! with its real coordinates.
//!
//! Layout first makes a list of pages of drawing operations, then writes them with krilla. Each
//! cell and paragraph is wrapped once (each span shaped once) and measured from that.

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};
use sigilforge_engine::encounter::sheet::{
    Block, Card, Line, MapCell, MapGrid, Sheet, Span, list_item,
};

use crate::RenderError;
use crate::fonts::{FontSpec, Fonts, sans_face_bytes};
use crate::paper::{PT_PER_MM, Paper};

/// Margin on every side, in millimetres (fits both A4 and Letter printers).
const MARGIN_MM: f32 = 15.0;
/// Body text size, in points.
const BODY: f32 = 9.5;
/// Line height as a multiple of the text size.
const LEADING: f32 = 1.3;
/// Padding inside a table cell, in points.
const PAD: f32 = 3.0;
/// Largest side of a map cell, in points.
const MAX_MAP_CELL: f32 = 16.0;
/// Smallest side of a map cell, in points (its coordinates and labels stay legible): a map
/// whose columns do not fit at this size is split into parts.
const MIN_MAP_CELL: f32 = 12.0;

/// Which face a run of text is set in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Face {
    Regular,
    Bold,
    Italic,
}

impl Face {
    fn of(span: &Span) -> Self {
        if span.strong {
            Face::Bold
        } else if span.em {
            Face::Italic
        } else {
            Face::Regular
        }
    }

    fn spec(self) -> FontSpec {
        FontSpec {
            family: crate::fonts::DEFAULT_FAMILY.to_owned(),
            bold: self == Face::Bold,
            italic: self == Face::Italic,
        }
    }
}

/// One drawing operation on a page (points, origin top left, y down).
#[derive(Debug, Clone)]
enum Op {
    /// Text with its baseline starting at (x, y).
    Text {
        x: f32,
        y: f32,
        size: f32,
        face: Face,
        text: String,
    },
    /// A rectangle filled with a grey level (0 black, 255 white) and/or outlined.
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<u8>,
        stroke: bool,
    },
}

/// A laid-out line: runs of text at x offsets from the line's start.
type LaidLine = Vec<(f32, Face, String)>;

fn width_of(face: Face, size: f32, text: &str) -> f32 {
    Fonts::bundled().advance_em(&face.spec(), text) * size
}

/// Wraps `line` to `width` points at `size`: words move to the next line whole (a word wider
/// than the line stays on a line of its own). Each span is shaped once and its words measured
/// from that shaping.
fn wrap(line: &Line, width: f32, size: f32) -> Vec<LaidLine> {
    let mut lines: Vec<LaidLine> = vec![Vec::new()];
    let mut x = 0.0_f32;
    for span in line {
        let face = Face::of(span);
        let advances = Fonts::bundled().cluster_advances_em(&face.spec(), &span.text);
        let mut glyph = advances.iter().peekable();
        let mut start = 0;
        for word in span.text.split_inclusive(' ') {
            let end = start + word.len();
            let ink_end = start + word.trim_end().len();
            // The word's advance, and its ink (without the trailing space).
            let (mut w, mut ink) = (0.0_f32, 0.0_f32);
            while let Some((cluster, advance)) = glyph.next_if(|(c, _)| *c < end) {
                w += advance * size;
                if *cluster < ink_end {
                    ink += advance * size;
                }
            }
            start = end;
            if x > 0.0 && x + ink > width {
                lines.push(Vec::new());
                x = 0.0;
            }
            let current = lines.last_mut().expect("never empty");
            match current.last_mut() {
                Some((_, f, text)) if *f == face => text.push_str(word),
                _ => current.push((x, face, word.to_owned())),
            }
            x += w;
        }
    }
    lines
}

/// A table row wrapped once: each cell's lines, and the row's height with its padding.
struct LaidRow {
    cells: Vec<Vec<LaidLine>>,
    height: f32,
    size: f32,
}

impl LaidRow {
    /// Wraps each cell to its column (`widths`, padding included) at `size`.
    fn new(cells: &[Line], widths: &[f32], size: f32) -> Self {
        let cells: Vec<Vec<LaidLine>> = cells
            .iter()
            .zip(widths)
            .map(|(c, w)| wrap(c, w - 2.0 * PAD, size))
            .collect();
        let height = cells
            .iter()
            .map(|lines| lines.len() as f32 * size * LEADING)
            .fold(size * LEADING, f32::max)
            + 2.0 * PAD;
        Self {
            cells,
            height,
            size,
        }
    }
}

/// Pages of operations, filled top to bottom.
struct Layout {
    pages: Vec<Vec<Op>>,
    /// Page size in points.
    page: (f32, f32),
    margin: f32,
    y: f32,
    /// The creature whose section is being laid out (a level-3 heading; a level-2 heading ends
    /// it), for the running header.
    running: Option<String>,
    /// Each page's running header: the creature whose section it starts in, if any.
    headers: Vec<Option<String>>,
}

impl Layout {
    fn new(paper: Paper) -> Self {
        let margin = MARGIN_MM * PT_PER_MM;
        Self {
            pages: vec![Vec::new()],
            page: (paper.width_mm * PT_PER_MM, paper.height_mm * PT_PER_MM),
            margin,
            y: margin,
            running: None,
            headers: vec![None],
        }
    }

    fn width(&self) -> f32 {
        self.page.0 - 2.0 * self.margin
    }

    fn bottom(&self) -> f32 {
        self.page.1 - self.margin
    }

    fn page_height(&self) -> f32 {
        self.bottom() - self.margin
    }

    /// Starts a new page unless `height` more points fit on this one.
    fn room_for(&mut self, height: f32) {
        if self.y + height > self.bottom() && self.y > self.margin {
            self.new_page();
        }
    }

    fn push(&mut self, op: Op) {
        self.pages.last_mut().expect("never empty").push(op);
    }

    /// Text lines at `x`, one after another, each moved to a new page if it does not fit.
    fn lines(&mut self, x: f32, lines: &[LaidLine], size: f32) {
        let step = size * LEADING;
        for l in lines {
            self.room_for(step);
            self.y += step;
            for (dx, face, text) in l {
                self.push(Op::Text {
                    x: x + dx,
                    y: self.y - size * 0.3,
                    size,
                    face: *face,
                    text: text.trim_end().to_owned(),
                });
            }
        }
    }

    fn heading(&mut self, level: u8, text: &str) {
        let size = match level {
            1 => 18.0,
            2 => 14.0,
            _ => 12.0,
        };
        let line = vec![Span {
            text: text.to_owned(),
            strong: true,
            ..Span::default()
        }];
        let laid = wrap(&line, self.width(), size);
        // A heading is kept with at least two lines of what follows.
        self.room_for(size * 0.6 + size * LEADING * laid.len() as f32 + 3.0 * BODY * LEADING);
        self.y += size * 0.6;
        let x = self.margin;
        self.lines(x, &laid, size);
        self.y += size * 0.2;
    }

    fn paragraph(&mut self, x: f32, width: f32, line: &Line) {
        let laid = wrap(line, width, BODY);
        self.lines(x, &laid, BODY);
        self.y += BODY * 0.4;
    }

    /// Starts a new page (from its top margin).
    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.headers.push(self.running.clone());
        self.y = self.margin;
    }

    /// Draws a laid-out row of ruled cells at the current line; the caller made room.
    fn draw_row(&mut self, row: &LaidRow, widths: &[f32], fills: &[Option<u8>]) {
        let size = row.size;
        let mut x = self.margin;
        let top = self.y;
        for ((lines, w), fill) in row.cells.iter().zip(widths).zip(fills) {
            self.push(Op::Rect {
                x,
                y: top,
                w: *w,
                h: row.height,
                fill: *fill,
                stroke: true,
            });
            let mut y = top + PAD;
            for l in lines {
                y += size * LEADING;
                for (dx, face, text) in l {
                    self.push(Op::Text {
                        x: x + PAD + dx,
                        y: y - size * 0.3,
                        size,
                        face: *face,
                        text: text.trim_end().to_owned(),
                    });
                }
            }
            x += w;
        }
        self.y = top + row.height;
    }

    /// A table: the header row, then each row whole on a page (a row never splits); a row that
    /// goes to a new page has the header repeated above it. The header stays with the first row.
    fn table(&mut self, header: &[String], rows: &[Vec<Span>]) {
        let n = header
            .len()
            .max(rows.iter().map(Vec::len).max().unwrap_or(0))
            .max(1);
        let widths = vec![self.width() / n as f32; n];
        let head: Vec<Line> = header
            .iter()
            .map(|h| {
                vec![Span {
                    text: h.clone(),
                    strong: true,
                    ..Span::default()
                }]
            })
            .collect();
        let size = if n > 6 { BODY - 1.5 } else { BODY };
        let head = LaidRow::new(&head, &widths, size);
        let head_fills = vec![Some(235); n];
        let fills = vec![None; n];
        let rows: Vec<LaidRow> = rows
            .iter()
            .map(|r| {
                let cells: Vec<Line> = r.iter().map(|s| vec![s.clone()]).collect();
                LaidRow::new(&cells, &widths, size)
            })
            .collect();
        self.room_for(head.height + rows.first().map_or(0.0, |r| r.height));
        self.draw_row(&head, &widths, &head_fills);
        for row in &rows {
            if self.y + row.height > self.bottom() {
                self.new_page();
                self.draw_row(&head, &widths, &head_fills);
            }
            self.draw_row(row, &widths, &fills);
        }
        self.y += BODY * 0.6;
    }

    /// An ability card: its title, then a ruled row per label (Time, Target, each band's
    /// effects, Saves, …), then its description. The card stays on one page when it fits on
    /// one; a longer card breaks only between rows (never inside one, so a band's line stays
    /// whole), and its title stays with its first row.
    fn card(&mut self, card: &Card) {
        let width = self.width();
        let widths = [width * 0.3, width * 0.7];
        let fills = [Some(235), None];
        let rows: Vec<LaidRow> = card
            .rows
            .iter()
            .map(|(label, value)| {
                let cells = [
                    vec![Span {
                        text: label.clone(),
                        strong: true,
                        ..Span::default()
                    }],
                    vec![value.clone()],
                ];
                LaidRow::new(&cells, &widths, BODY)
            })
            .collect();
        let title = vec![Span {
            text: card.title.clone(),
            strong: true,
            ..Span::default()
        }];
        let title_lines = wrap(&title, width, BODY + 1.0);
        let description = vec![Span::plain(card.description.clone())];
        let description_lines = if card.description.is_empty() {
            Vec::new()
        } else {
            wrap(&description, width, BODY)
        };
        let title_height = BODY * 0.4 + title_lines.len() as f32 * (BODY + 1.0) * LEADING + 2.0;
        let height = title_height
            + rows.iter().map(|r| r.height).sum::<f32>()
            + description_lines.len() as f32 * BODY * LEADING
            + BODY * 0.6;
        if height <= self.page_height() {
            self.room_for(height);
        } else {
            self.room_for(title_height + rows.first().map_or(0.0, |r| r.height));
        }
        self.y += BODY * 0.4;
        let x = self.margin;
        self.lines(x, &title_lines, BODY + 1.0);
        self.y += 2.0;
        for r in &rows {
            self.room_for(r.height);
            self.draw_row(r, &widths, &fills);
        }
        self.lines(x, &description_lines, BODY);
        self.y += BODY * 0.6;
    }

    /// The map grid with its coordinates. Cells shrink to fit the width down to
    /// [`MIN_MAP_CELL`]; a map wider than that is split into parts of whole columns, each part
    /// drawn below the last (with a caption naming its columns), and rows go on to the next page
    /// when the page is full. Every page of the map starts with the column numbers and every row
    /// has its row number, so each piece reads on its own with the true coordinates.
    fn map(&mut self, m: &MapGrid) {
        let cols = usize::try_from(m.width).unwrap_or(0);
        if cols == 0 {
            return;
        }
        let cell = (self.width() / (cols as f32 + 1.0)).clamp(MIN_MAP_CELL, MAX_MAP_CELL);
        // Columns per part: what fits beside the row numbers.
        let per_part = ((self.width() / cell) as usize).saturating_sub(1).max(1);
        let parts = cols.div_ceil(per_part);
        for part in 0..parts {
            let from = part * per_part;
            let to = cols.min(from + per_part);
            let caption = (parts > 1).then(|| {
                vec![Span::plain(format!(
                    "Map part {} of {parts}: columns x {from} to {}.",
                    part + 1,
                    to - 1
                ))]
            });
            let caption = caption.map(|c| wrap(&c, self.width(), BODY));
            let caption_height = caption
                .as_ref()
                .map_or(0.0, |c| c.len() as f32 * BODY * LEADING);
            self.room_for(caption_height + cell * 3.0);
            if let Some(caption) = &caption {
                let x = self.margin;
                self.lines(x, caption, BODY);
            }
            self.column_numbers(from..to, cell);
            for (y, row) in m.cells.chunks(cols).enumerate() {
                if self.y + cell > self.bottom() {
                    self.new_page();
                    self.column_numbers(from..to, cell);
                }
                self.map_row(y, &row[from.min(row.len())..to.min(row.len())], cell);
            }
            self.y += BODY * 0.6;
        }
    }

    /// The x coordinates of `columns` above the grid.
    fn column_numbers(&mut self, columns: std::ops::Range<usize>, cell: f32) {
        let coord = (cell * 0.45).min(7.0);
        let x0 = self.margin + cell;
        for (i, x) in columns.enumerate() {
            self.centred(x0 + i as f32 * cell, self.y, cell, coord, &x.to_string());
        }
        self.y += cell;
    }

    /// Map row `y` (its cells already cut to the part drawn), its number at the left.
    fn map_row(&mut self, y: usize, cells: &[MapCell], cell: f32) {
        let label = (cell * 0.55).min(BODY);
        let coord = (cell * 0.45).min(7.0);
        let x0 = self.margin + cell;
        let top = self.y;
        self.centred(self.margin, top, cell, coord, &y.to_string());
        for (x, c) in cells.iter().enumerate() {
            let left = x0 + x as f32 * cell;
            let fill = if c.wall {
                Some(70)
            } else if c.cover {
                Some(205)
            } else {
                None
            };
            self.push(Op::Rect {
                x: left,
                y: top,
                w: cell,
                h: cell,
                fill,
                stroke: true,
            });
            if !c.label.is_empty() {
                self.centred(left, top, cell, label, &c.label);
            }
        }
        self.y += cell;
    }

    /// `text` centred in the square cell at (x, y).
    fn centred(&mut self, x: f32, y: f32, cell: f32, size: f32, text: &str) {
        let w = width_of(Face::Regular, size, text);
        self.push(Op::Text {
            x: x + (cell - w) / 2.0,
            y: y + f32::midpoint(cell, size * 0.7),
            size,
            face: Face::Regular,
            text: text.to_owned(),
        });
    }

    /// In the margins of every page: "Page i of n" at the foot and, on a page inside a
    /// creature's section, the encounter and that creature at the head, so an ability card at
    /// the top of a page says whose it is.
    fn page_furniture(&mut self, title: &str) {
        let total = self.pages.len();
        let size = 8.0;
        let (head_y, foot_y) = (self.margin * 0.6, self.page.1 - self.margin * 0.4);
        for (i, (ops, header)) in self.pages.iter_mut().zip(&self.headers).enumerate() {
            ops.push(Op::Text {
                x: self.margin,
                y: foot_y,
                size,
                face: Face::Regular,
                text: format!("Page {} of {total}", i + 1),
            });
            if let Some(creature) = header {
                ops.push(Op::Text {
                    x: self.margin,
                    y: head_y,
                    size,
                    face: Face::Italic,
                    text: format!("{title} — {creature}"),
                });
            }
        }
    }

    fn block(&mut self, b: &Block) {
        let (x, width) = (self.margin, self.width());
        match b {
            Block::Heading { level, text } => {
                // Set before the heading, which may start the page it heads.
                match level {
                    3 => self.running = Some(text.clone()),
                    2 => self.running = None,
                    _ => {}
                }
                self.heading(*level, text);
            }
            Block::Paragraph(l) => self.paragraph(x, width, l),
            Block::List { ordered, items } => {
                for (i, item) in items.iter().enumerate() {
                    let line = list_item(*ordered, i, item);
                    self.paragraph(x + 10.0, width - 10.0, &line);
                }
            }
            Block::Table { header, rows } => self.table(header, rows),
            Block::Card(c) => self.card(c),
            Block::Map(m) => self.map(m),
            Block::Terms(terms) => {
                for (term, meaning) in terms {
                    let line = vec![
                        Span {
                            text: format!("{term}: "),
                            strong: true,
                            ..Span::default()
                        },
                        Span::plain(meaning.clone()),
                    ];
                    self.paragraph(x, width, &line);
                }
            }
        }
    }
}

/// The sheet's PDF bytes on `paper`.
pub fn sheet_pdf(sheet: &Sheet, paper: Paper) -> Result<Vec<u8>, RenderError> {
    let mut layout = Layout::new(paper);
    layout.heading(1, &sheet.title);
    for b in &sheet.blocks {
        layout.block(b);
    }
    layout.page_furniture(&sheet.title);
    let font = |face: Face| {
        let bytes = sans_face_bytes(face == Face::Bold, face == Face::Italic);
        Font::new(bytes.into(), 0)
            .ok_or_else(|| RenderError::Pdf("a bundled font cannot be read".into()))
    };
    let faces = [
        (Face::Regular, font(Face::Regular)?),
        (Face::Bold, font(Face::Bold)?),
        (Face::Italic, font(Face::Italic)?),
    ];
    let mut document = Document::new();
    document.set_metadata(
        krilla::metadata::Metadata::new()
            .title(format!("{} — encounter sheet", sheet.title))
            .creator("Sigilforge".to_owned()),
    );
    let settings = PageSettings::from_wh(layout.page.0, layout.page.1)
        .ok_or_else(|| RenderError::Option("the paper has no area".into()))?;
    for ops in &layout.pages {
        let mut page = document.start_page_with(settings.clone());
        let mut surface = page.surface();
        for op in ops {
            match op {
                Op::Text {
                    x,
                    y,
                    size,
                    face,
                    text,
                } => {
                    let Some((_, f)) = faces.iter().find(|(k, _)| k == face) else {
                        continue;
                    };
                    surface.set_fill(Some(Fill::default()));
                    surface.set_stroke(None);
                    surface.draw_text(
                        Point::from_xy(*x, *y),
                        f.clone(),
                        *size,
                        text,
                        false,
                        TextDirection::Auto,
                    );
                }
                Op::Rect {
                    x,
                    y,
                    w,
                    h,
                    fill,
                    stroke,
                } => {
                    let Some(rect) = Rect::from_xywh(*x, *y, *w, *h) else {
                        continue;
                    };
                    let mut builder = PathBuilder::new();
                    builder.push_rect(rect);
                    let Some(path) = builder.finish() else {
                        continue;
                    };
                    surface.set_fill(fill.map(|g| Fill {
                        paint: rgb::Color::new(g, g, g).into(),
                        ..Fill::default()
                    }));
                    surface.set_stroke(stroke.then(|| Stroke {
                        paint: rgb::Color::new(90, 90, 90).into(),
                        width: 0.5,
                        ..Stroke::default()
                    }));
                    surface.draw_path(&path);
                }
            }
        }
        surface.finish();
        page.finish();
    }
    document
        .finish()
        .map_err(|e| RenderError::Pdf(format!("{e:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_within_the_width() {
        let line = vec![Span::plain(
            "the quick brown fox jumps over the lazy dog ".repeat(8),
        )];
        let laid = wrap(&line, 120.0, BODY);
        assert!(laid.len() > 3, "{} lines", laid.len());
        for l in &laid {
            let text: String = l.iter().map(|(_, _, t)| t.as_str()).collect();
            assert!(
                width_of(Face::Regular, BODY, text.trim_end()) <= 120.0,
                "{text}"
            );
        }
    }

    /// A 150 × 150 map: every cell is at least the legible size and inside the margins.
    #[test]
    fn map_cells_stay_legible_and_inside_the_page() {
        let side = 150;
        let grid = MapGrid {
            width: side,
            height: side,
            cells: vec![MapCell::default(); 150 * 150],
        };
        let mut layout = Layout::new(Paper::LETTER);
        layout.map(&grid);
        let mut cells = 0;
        for page in &layout.pages {
            for op in page {
                if let Op::Rect { x, y, w, h, .. } = op {
                    cells += 1;
                    assert!(*w >= MIN_MAP_CELL && *h >= MIN_MAP_CELL, "{w} × {h}");
                    assert!(*x >= layout.margin && x + w <= layout.page.0 - layout.margin + 0.01);
                    assert!(*y >= layout.margin && y + h <= layout.bottom() + 0.01);
                }
            }
        }
        assert_eq!(cells, 150 * 150, "every cell drawn once");
    }

    /// A card longer than a page: nothing is drawn below the bottom margin (rows go to the
    /// next page whole).
    #[test]
    fn a_long_card_stays_inside_the_pages() {
        let card = Card {
            title: "Long".into(),
            rows: (0..80)
                .map(|i| {
                    (
                        format!("Band {i}"),
                        Span::plain("words to wrap ".repeat(12)),
                    )
                })
                .collect(),
            description: String::new(),
        };
        let mut layout = Layout::new(Paper::A4);
        layout.card(&card);
        assert!(layout.pages.len() >= 3, "{} pages", layout.pages.len());
        for page in &layout.pages {
            for op in page {
                let bottom = match op {
                    Op::Text { y, .. } => *y,
                    Op::Rect { y, h, .. } => y + h,
                };
                assert!(bottom <= layout.bottom() + 0.01, "{bottom}");
            }
        }
    }

    #[test]
    fn a_long_sheet_breaks_into_pages() {
        let mut sheet = Sheet {
            title: "Long".into(),
            blocks: Vec::new(),
        };
        for i in 0..200 {
            sheet.para(format!("Line {i} of a long sheet."));
        }
        let mut layout = Layout::new(Paper::A4);
        for b in &sheet.blocks {
            layout.block(b);
        }
        assert!(layout.pages.len() >= 3, "{} pages", layout.pages.len());
        for page in &layout.pages {
            for op in page {
                if let Op::Text { y, .. } = op {
                    assert!(*y <= layout.bottom(), "{y}");
                }
            }
        }
    }
}
