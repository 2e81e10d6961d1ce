//! The sheet's content, described once: headings, paragraphs, lists, tables, ability cards,
//! the map grid and a glossary, in plain text (nothing escaped). The HTML sheet is written from
//! it here ([`to_html`]); the PDF sheet in the render crate and the editor's preview draw the
//! same description, so the wording lives in one place.

use std::fmt::Write as _;

use crate::markup::escape;

/// A piece of text; `number` names a number a test compares with the engine's
/// (`hag.health`, `difficulty.win`), written as `data-n` in the HTML.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Span {
    /// The words.
    pub text: String,
    /// Set in bold.
    pub strong: bool,
    /// Set in italics.
    pub em: bool,
    /// The key of an engine number this text shows.
    pub number: Option<String>,
}

impl Span {
    /// Plain text.
    #[must_use]
    pub fn plain(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            ..Self::default()
        }
    }

    /// A number from the engine, with its key.
    #[must_use]
    pub fn number(key: impl Into<String>, text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            number: Some(key.into()),
            ..Self::default()
        }
    }
}

/// A line of text made of spans.
pub type Line = Vec<Span>;

/// List item `index` (from 0) with its mark in front, "1. " or "• ", for writers that draw
/// the mark themselves (the PDF, the preview; HTML has its own lists).
#[must_use]
pub fn list_item(ordered: bool, index: usize, item: &Line) -> Line {
    let mark = if ordered {
        format!("{}. ", index + 1)
    } else {
        "• ".to_owned()
    };
    let mut line = vec![Span::plain(mark)];
    line.extend(item.iter().cloned());
    line
}

/// One cell of the map grid.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MapCell {
    /// A wall (blocks movement and sight).
    pub wall: bool,
    /// Gives cover.
    pub cover: bool,
    /// What is written in it (a creature's number, `c` for empty cover).
    pub label: String,
}

/// The map as drawn: `cells[y * width + x]`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MapGrid {
    /// Columns drawn.
    pub width: i32,
    /// Rows drawn.
    pub height: i32,
    /// Row by row.
    pub cells: Vec<MapCell>,
}

/// One ability's card: a title, label/value rows and its description.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Card {
    /// Its name with Flavor and Upgrades.
    pub title: String,
    /// (label, value) rows.
    pub rows: Vec<(String, Span)>,
    /// The content's description, if any.
    pub description: String,
}

/// One block of the sheet, top to bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// A heading: level 1 (the title) to 3 (a creature).
    Heading {
        /// 1, 2 or 3.
        level: u8,
        /// The words.
        text: String,
    },
    /// A paragraph.
    Paragraph(Line),
    /// A bulleted (or numbered) list.
    List {
        /// Numbered.
        ordered: bool,
        /// One line per item.
        items: Vec<Line>,
    },
    /// A table with a header row.
    Table {
        /// Column headings.
        header: Vec<String>,
        /// Rows of cells.
        rows: Vec<Vec<Span>>,
    },
    /// An ability card.
    Card(Card),
    /// The map grid, with coordinates along its edges.
    Map(MapGrid),
    /// Terms and their meanings (the status glossary).
    Terms(Vec<(String, String)>),
}

/// The whole sheet.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sheet {
    /// The encounter's name.
    pub title: String,
    /// Its content.
    pub blocks: Vec<Block>,
}

impl Sheet {
    /// Adds a heading.
    pub fn heading(&mut self, level: u8, text: impl Into<String>) {
        self.blocks.push(Block::Heading {
            level,
            text: text.into(),
        });
    }

    /// Adds a paragraph of plain text.
    pub fn para(&mut self, text: impl Into<String>) {
        self.blocks.push(Block::Paragraph(vec![Span::plain(text)]));
    }
}

const CELL: &str = "border:1px solid #444;padding:2px 6px;vertical-align:top";
const HEAD: &str = "border:1px solid #444;padding:2px 6px;text-align:left;background:#eee";
const MAP_CELL: &str = "border:1px solid #999;width:1.6em;height:1.6em;text-align:center;padding:0";

fn span_html(h: &mut String, s: &Span) {
    let text = escape(&s.text);
    let attr = s
        .number
        .as_ref()
        .map(|k| format!(" data-n=\"{}\"", escape(k)))
        .unwrap_or_default();
    let _ = match (s.strong, s.em) {
        (true, _) => write!(h, "<strong{attr}>{text}</strong>"),
        (false, true) => write!(h, "<em{attr}>{text}</em>"),
        (false, false) if s.number.is_some() => write!(h, "<span{attr}>{text}</span>"),
        (false, false) => write!(h, "{text}"),
    };
}

fn line_html(h: &mut String, l: &Line) {
    for s in l {
        span_html(h, s);
    }
}

/// A cell: `data-n` sits on the `td` itself.
fn cell_html(h: &mut String, s: &Span) {
    let attr = s
        .number
        .as_ref()
        .map(|k| format!(" data-n=\"{}\"", escape(k)))
        .unwrap_or_default();
    let _ = write!(h, "<td style=\"{CELL}\"{attr}>{}</td>", escape(&s.text));
}

/// The sheet as one self-contained HTML file (inline styles, no scripts, no outside links).
#[must_use]
pub fn to_html(sheet: &Sheet) -> String {
    let e = escape;
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title></head>\n\
         <body style=\"font-family:serif;margin:1.5em;max-width:60em\">\n<h1>{}</h1>\n",
        e(&sheet.title),
        e(&sheet.title)
    );
    for b in &sheet.blocks {
        match b {
            Block::Heading { level, text } => {
                let _ = writeln!(h, "<h{level}>{}</h{level}>", e(text));
            }
            Block::Paragraph(l) => {
                h.push_str("<p>");
                line_html(&mut h, l);
                h.push_str("</p>\n");
            }
            Block::List { ordered, items } => {
                let tag = if *ordered { "ol" } else { "ul" };
                let _ = writeln!(h, "<{tag}>");
                for l in items {
                    h.push_str("<li>");
                    line_html(&mut h, l);
                    h.push_str("</li>\n");
                }
                let _ = writeln!(h, "</{tag}>");
            }
            Block::Table { header, rows } => {
                h.push_str("<table style=\"border-collapse:collapse\">\n<tr>");
                for c in header {
                    let _ = write!(h, "<th style=\"{HEAD}\">{}</th>", e(c));
                }
                h.push_str("</tr>\n");
                for r in rows {
                    h.push_str("<tr>");
                    for c in r {
                        cell_html(&mut h, c);
                    }
                    h.push_str("</tr>\n");
                }
                h.push_str("</table>\n");
            }
            Block::Card(c) => {
                let _ = writeln!(
                    h,
                    "<div style=\"border:1px solid #888;margin:.5em 0;padding:.4em;page-break-inside:avoid\">\
                     <h4 style=\"margin:.2em 0\">{}</h4>\n<table style=\"border-collapse:collapse\">",
                    e(&c.title)
                );
                for (label, value) in &c.rows {
                    let _ = write!(h, "<tr><th style=\"{HEAD}\">{}</th>", e(label));
                    cell_html(&mut h, value);
                    h.push_str("</tr>\n");
                }
                h.push_str("</table>");
                if !c.description.is_empty() {
                    let _ = write!(h, "<p>{}</p>", e(&c.description));
                }
                h.push_str("</div>\n");
            }
            Block::Map(m) => map_html(&mut h, m),
            Block::Terms(terms) => {
                h.push_str("<dl>\n");
                for (t, d) in terms {
                    let _ = writeln!(h, "<dt><strong>{}</strong></dt><dd>{}</dd>", e(t), e(d));
                }
                h.push_str("</dl>\n");
            }
        }
    }
    h.push_str("</body></html>\n");
    h
}

fn map_html(h: &mut String, m: &MapGrid) {
    h.push_str("<table style=\"border-collapse:collapse\">\n<tr><th></th>");
    for x in 0..m.width {
        let _ = write!(h, "<th style=\"font-size:70%\">{x}</th>");
    }
    h.push_str("</tr>\n");
    let width = usize::try_from(m.width).unwrap_or(0).max(1);
    for (y, row) in m.cells.chunks(width).enumerate() {
        let _ = write!(
            h,
            "<tr><th style=\"font-size:70%;padding-right:4px\">{y}</th>"
        );
        for c in row {
            let bg = if c.wall {
                "background:#444;"
            } else if c.cover {
                "background:#ccc;"
            } else {
                ""
            };
            let _ = write!(h, "<td style=\"{MAP_CELL};{bg}\">{}</td>", escape(&c.label));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}
