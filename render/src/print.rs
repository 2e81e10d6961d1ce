//! Print-and-play PDF (`sigilforge print`): cards laid out to fill the page, vector text with
//! subset fonts (krilla + krilla-svg draw the same usvg drawing the PNGs come from), optional
//! bleed and crop marks, and a page of backs after each page of fronts, mirrored for long-edge
//! duplex and shifted by the duplex offset. Pages are drawn one at a time: only one page's
//! drawings are held.

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Size, Transform};
use krilla::page::PageSettings;
use krilla::paint::Stroke;
use krilla_svg::{SurfaceExt as _, SvgSettings};
use rayon::prelude::*;

use crate::compose::{ArtFit, Frame};
use crate::deck::{Deck, Drawn};
use crate::paper::{CardSize, PT_PER_MM, Paper};
use crate::pdf_prefs::{ViewerPrefs, with_viewer_prefs};
use crate::raster::check_bleed;
use crate::{Progress, RenderError, Report};

/// Options of `sigilforge print`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintOptions {
    /// The paper.
    pub paper: Paper,
    /// The card size; `None` = each template's own size (the first card's sets the grid).
    pub card: Option<CardSize>,
    /// Bleed printed around each card, in millimetres.
    pub bleed_mm: f32,
    /// Draw cut marks in the margins at every cut line.
    pub crop_marks: bool,
    /// Shift of the back pages, in millimetres (right, down), to line up with the fronts.
    pub duplex_offset_mm: (f32, f32),
}

impl Default for PrintOptions {
    fn default() -> Self {
        Self {
            paper: Paper::A4,
            card: None,
            bleed_mm: 0.0,
            crop_marks: false,
            duplex_offset_mm: (0.0, 0.0),
        }
    }
}

/// The smallest margin kept clear at the paper's edge (printers cannot print there).
pub const MARGIN_MM: f32 = 5.0;
/// Crop marks start this far from the card block…
pub const MARK_GAP_MM: f32 = 1.0;
/// …and are this long.
pub const MARK_LENGTH_MM: f32 = 3.5;

/// Where cards go on a page, in millimetres from the page's top-left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SheetLayout {
    /// The paper.
    pub paper: Paper,
    /// The card frame (trim size and bleed).
    pub frame: Frame,
    /// Cards across.
    pub columns: usize,
    /// Cards down.
    pub rows: usize,
    /// Left edge of the block of cards.
    pub left: f32,
    /// Top edge of the block of cards.
    pub top: f32,
}

impl SheetLayout {
    /// As many cards as fit inside the margins, the block centred on the page.
    pub fn new(paper: Paper, frame: Frame) -> Result<Self, RenderError> {
        let (cw, ch) = (frame.outer_width(), frame.outer_height());
        let fit =
            |space: f32, cell: f32| ((space - 2.0 * MARGIN_MM) / cell).floor().max(0.0) as usize;
        let columns = fit(paper.width_mm, cw);
        let rows = fit(paper.height_mm, ch);
        if columns == 0 || rows == 0 {
            return Err(RenderError::Option(format!(
                "a {}×{} mm card with {} mm bleed does not fit on {}×{} mm paper inside {MARGIN_MM} mm margins",
                frame.width_mm, frame.height_mm, frame.bleed_mm, paper.width_mm, paper.height_mm
            )));
        }
        Ok(Self {
            paper,
            frame,
            columns,
            rows,
            left: (paper.width_mm - columns as f32 * cw) / 2.0,
            top: (paper.height_mm - rows as f32 * ch) / 2.0,
        })
    }

    /// Cards on one page.
    #[must_use]
    pub fn per_page(&self) -> usize {
        self.columns * self.rows
    }

    /// Top-left corner (of the bleed box) of the `slot`-th card on a front page, row by row.
    #[must_use]
    pub fn front(&self, slot: usize) -> (f32, f32) {
        let (col, row) = (slot % self.columns, slot / self.columns);
        (
            self.left + col as f32 * self.frame.outer_width(),
            self.top + row as f32 * self.frame.outer_height(),
        )
    }

    /// Where the back of the `slot`-th card goes: mirrored left-right (the sheet turns over
    /// its long edge) and shifted by `offset`.
    #[must_use]
    pub fn back(&self, slot: usize, offset: (f32, f32)) -> (f32, f32) {
        let (x, y) = self.front(slot);
        (
            self.paper.width_mm - x - self.frame.outer_width() + offset.0,
            y + offset.1,
        )
    }

    /// The crop marks: line segments (x1, y1, x2, y2) on every cut line, outside the cards'
    /// cut area and inside the printable area (never in the [`MARGIN_MM`] band at the paper's
    /// edge printers do not print; over the outer cards' bleed where there is some). A side
    /// whose marks would be shorter than [`MIN_MARK_MM`] there gets none: its name is in
    /// `missing` (`top`, `left`, …).
    #[must_use]
    pub fn crop_marks(&self) -> CropMarks {
        let (cw, ch) = (self.frame.outer_width(), self.frame.outer_height());
        let b = self.frame.bleed_mm;
        let right = self.left + self.columns as f32 * cw;
        let bottom = self.top + self.rows as f32 * ch;
        let mut cuts_x = Vec::new();
        for c in 0..self.columns {
            let x = self.left + c as f32 * cw;
            cuts_x.push(x + b);
            cuts_x.push(x + cw - b);
        }
        let mut cuts_y = Vec::new();
        for r in 0..self.rows {
            let y = self.top + r as f32 * ch;
            cuts_y.push(y + b);
            cuts_y.push(y + ch - b);
        }
        dedup(&mut cuts_x);
        dedup(&mut cuts_y);
        let (g, l) = (MARK_GAP_MM, MARK_LENGTH_MM);
        let (pw, ph) = (self.paper.width_mm, self.paper.height_mm);
        // Each side: from `gap` outside the block of cards, away from them, at most `length`
        // long and stopping at the printable area's edge; where that leaves too little, over
        // the outer cards' bleed up to `gap` before the cut line (the bleed is cut off).
        let before = |edge: f32| {
            let outside = (edge - g - l).max(MARGIN_MM)..(edge - g);
            if outside.end - outside.start >= MIN_MARK_MM {
                outside
            } else {
                (edge + b - g - l).max(MARGIN_MM)..(edge + b - g)
            }
        };
        let after = |edge: f32, paper: f32| {
            let outside = (edge + g)..(edge + g + l).min(paper - MARGIN_MM);
            if outside.end - outside.start >= MIN_MARK_MM {
                outside
            } else {
                (edge - b + g)..(edge - b + g + l).min(paper - MARGIN_MM)
            }
        };
        let sides = [
            ("top", before(self.top)),
            ("bottom", after(bottom, ph)),
            ("left", before(self.left)),
            ("right", after(right, pw)),
        ];
        let mut marks = Vec::new();
        let mut missing = Vec::new();
        for (i, (name, span)) in sides.into_iter().enumerate() {
            if span.end - span.start < MIN_MARK_MM {
                missing.push(name);
                continue;
            }
            if i < 2 {
                marks.extend(cuts_x.iter().map(|&x| (x, span.start, x, span.end)));
            } else {
                marks.extend(cuts_y.iter().map(|&y| (span.start, y, span.end, y)));
            }
        }
        CropMarks { marks, missing }
    }

    /// A problem with the backs shifted by `offset`: an error when a back's cut box would
    /// leave the paper, a warning when it would reach into the [`MARGIN_MM`] band printers do
    /// not print.
    pub fn check_duplex_offset(&self, offset: (f32, f32)) -> Result<Option<String>, RenderError> {
        let bleed = self.frame.bleed_mm;
        let (width, height) = (self.frame.width_mm, self.frame.height_mm);
        let (pw, ph) = (self.paper.width_mm, self.paper.height_mm);
        let mut worst = f32::INFINITY;
        for slot in 0..self.per_page() {
            let (x, y) = self.back(slot, offset);
            let (x, y) = (x + bleed, y + bleed);
            worst = worst.min(x).min(y).min(pw - x - width).min(ph - y - height);
        }
        let (dx, dy) = offset;
        if worst < 0.0 {
            return Err(RenderError::Option(format!(
                "--duplex-offset {dx},{dy}: the backs would run {:.1} mm off the paper; use a smaller offset",
                -worst
            )));
        }
        Ok((worst < MARGIN_MM).then(|| {
            format!(
                "--duplex-offset {dx},{dy}: the backs reach {:.1} mm into the {MARGIN_MM} mm band at the paper's edge most printers do not print; their edge may be cut off",
                MARGIN_MM - worst
            )
        }))
    }
}

/// The shortest crop mark worth drawing, in millimetres.
pub const MIN_MARK_MM: f32 = 1.5;

/// Crop marks, and the sides left without them.
#[derive(Debug, Clone, PartialEq)]
pub struct CropMarks {
    /// Line segments (x1, y1, x2, y2) in millimetres.
    pub marks: Vec<(f32, f32, f32, f32)>,
    /// Sides with no room for marks (`top`, `bottom`, `left`, `right`).
    pub missing: Vec<&'static str>,
}

fn dedup(values: &mut Vec<f32>) {
    values.sort_by(f32::total_cmp);
    values.dedup_by(|a, b| (*a - *b).abs() < 1e-3);
}

/// Writes the print-and-play PDF of `deck` to `path`.
pub fn print_pdf(
    deck: &Deck,
    options: &PrintOptions,
    path: &std::path::Path,
    progress: &Progress,
) -> Result<Report, RenderError> {
    let bytes = pdf_bytes(deck, options, progress)?;
    crate::write_file(path, &bytes.0)?;
    let mut report = bytes.1;
    report.files.push(path.to_owned());
    Ok(report)
}

/// The PDF's bytes and what went into it.
pub fn pdf_bytes(
    deck: &Deck,
    options: &PrintOptions,
    progress: &Progress,
) -> Result<(Vec<u8>, Report), RenderError> {
    check_bleed(options.bleed_mm)?;
    if deck.cards.is_empty() {
        return Err(RenderError::Option("the pack has no cards to print".into()));
    }
    let frame = match options.card {
        Some(size) => Frame {
            width_mm: size.width_mm,
            height_mm: size.height_mm,
            bleed_mm: options.bleed_mm,
        },
        None => deck.natural_frame(0, options.bleed_mm),
    };
    let layout = SheetLayout::new(options.paper, frame)?;
    let back = deck.draw_back(frame, ArtFit::Clip)?;
    let mut report = Report::default();
    if back.is_some() {
        report
            .warnings
            .extend(layout.check_duplex_offset(options.duplex_offset_mm)?);
    }
    let crop_marks = layout.crop_marks();
    if options.crop_marks && !crop_marks.missing.is_empty() {
        report.warnings.push(format!(
            "no crop marks on the {} side(s): the cards leave less than {MIN_MARK_MM} mm outside the {MARGIN_MM} mm band at the paper's edge printers do not print (other paper, or --bleed, makes room)",
            crop_marks.missing.join(", ")
        ));
    }
    if let Some(back) = &back {
        report
            .warnings
            .extend(back.warnings.iter().map(|w| format!("back: {w}")));
    }
    let per_page = layout.per_page();
    progress.start(deck.cards.len());
    let mut document = Document::new();
    document.set_metadata(
        krilla::metadata::Metadata::new()
            .title(format!("{} — print and play", deck.pack_name))
            .creator("Sigilforge".to_owned()),
    );
    let page_size = (
        options.paper.width_mm * PT_PER_MM,
        options.paper.height_mm * PT_PER_MM,
    );
    for first in (0..deck.cards.len()).step_by(per_page) {
        if progress.is_cancelled() {
            return Err(RenderError::Cancelled);
        }
        let indices: Vec<usize> = (first..(first + per_page).min(deck.cards.len())).collect();
        // The page's drawings are made in parallel, then written in order.
        let drawn: Vec<Result<Drawn, RenderError>> = indices
            .par_iter()
            .map(|&i| deck.draw_card(i, frame, ArtFit::Clip))
            .collect();
        let mut drawn_ok = Vec::with_capacity(drawn.len());
        for (slot, d) in drawn.into_iter().enumerate() {
            let d = d?;
            let id = &deck.cards[indices[slot]].id;
            report
                .warnings
                .extend(d.warnings.iter().map(|w| format!("{id}: {w}")));
            drawn_ok.push(d);
        }
        let page_settings = PageSettings::from_wh(page_size.0, page_size.1)
            .ok_or_else(|| RenderError::Option("the paper has no area".into()))?;
        let mut page = document.start_page_with(page_settings.clone());
        let mut surface = page.surface();
        for (slot, d) in drawn_ok.iter().enumerate() {
            place(&mut surface, &d.tree, layout.front(slot), frame);
            progress.step();
        }
        if options.crop_marks {
            draw_marks(&mut surface, &crop_marks.marks);
        }
        surface.finish();
        page.finish();
        report.pages += 1;
        if let Some(back) = &back {
            let mut page = document.start_page_with(page_settings);
            let mut surface = page.surface();
            for slot in 0..indices.len() {
                place(
                    &mut surface,
                    &back.tree,
                    layout.back(slot, options.duplex_offset_mm),
                    frame,
                );
            }
            surface.finish();
            page.finish();
            report.pages += 1;
        }
    }
    let bytes = document
        .finish()
        .map_err(|e| RenderError::Pdf(format!("{e:?}")))?;
    let bytes = with_viewer_prefs(
        bytes,
        ViewerPrefs {
            duplex_long_edge: back.is_some(),
        },
    )
    .map_err(|e| RenderError::Pdf(e.to_string()))?;
    report.cards = deck.cards.len();
    Ok((bytes, report))
}

/// Draws a card's drawing with its bleed box's corner at `at` (millimetres).
fn place(surface: &mut krilla::surface::Surface, tree: &usvg::Tree, at: (f32, f32), frame: Frame) {
    surface.push_transform(&Transform::from_translate(
        at.0 * PT_PER_MM,
        at.1 * PT_PER_MM,
    ));
    if let Some(size) = Size::from_wh(
        frame.outer_width() * PT_PER_MM,
        frame.outer_height() * PT_PER_MM,
    ) {
        // `None` only for a drawing with no size, which a composed card never is.
        let _ = surface.draw_svg(tree, size, SvgSettings::default());
    }
    surface.pop();
}

fn draw_marks(surface: &mut krilla::surface::Surface, marks: &[(f32, f32, f32, f32)]) {
    let mut builder = PathBuilder::new();
    for &(x1, y1, x2, y2) in marks {
        builder.move_to(x1 * PT_PER_MM, y1 * PT_PER_MM);
        builder.line_to(x2 * PT_PER_MM, y2 * PT_PER_MM);
    }
    let Some(path) = builder.finish() else {
        return;
    };
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke {
        paint: rgb::Color::new(0, 0, 0).into(),
        width: 0.25 * PT_PER_MM,
        ..Stroke::default()
    }));
    surface.draw_path(&path);
    surface.set_stroke(None);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poker(bleed: f32) -> Frame {
        Frame {
            width_mm: CardSize::POKER.width_mm,
            height_mm: CardSize::POKER.height_mm,
            bleed_mm: bleed,
        }
    }

    #[test]
    fn poker_cards_fill_a4_and_backs_mirror_fronts() {
        let layout = SheetLayout::new(Paper::A4, poker(0.0)).unwrap();
        assert_eq!((layout.columns, layout.rows), (3, 3));
        let (x0, y0) = layout.front(0);
        assert!(
            (x0 - 9.75).abs() < 1e-3 && (y0 - 15.15).abs() < 1e-3,
            "{x0} {y0}"
        );
        // The first card's back is at the right-hand end of the row.
        let (bx, by) = layout.back(0, (0.0, 0.0));
        assert!((bx - layout.front(2).0).abs() < 1e-4 && (by - y0).abs() < 1e-4);
        let (sx, sy) = layout.back(0, (1.0, -0.5));
        assert!((sx - bx - 1.0).abs() < 1e-4 && (sy - by + 0.5).abs() < 1e-4);
        // With 3 mm bleed only two fit across.
        let bled = SheetLayout::new(Paper::A4, poker(3.0)).unwrap();
        assert_eq!((bled.columns, bled.rows), (2, 3));
    }

    #[test]
    fn crop_marks_stay_outside_the_cards_and_the_unprintable_band() {
        for (paper, bleed) in [
            (Paper::LETTER, 2.0),
            (Paper::A4, 0.0),
            (Paper::A4, 3.0),
            (Paper::LETTER, 0.0),
        ] {
            let layout = SheetLayout::new(paper, poker(bleed)).unwrap();
            let CropMarks { marks, missing } = layout.crop_marks();
            let (cw, ch) = (layout.frame.outer_width(), layout.frame.outer_height());
            // The cut area: the block less the outer bleed.
            let (left, top) = (layout.left + bleed, layout.top + bleed);
            let right = layout.left + layout.columns as f32 * cw - bleed;
            let bottom = layout.top + layout.rows as f32 * ch - bleed;
            // One mark per cut line: with bleed each card has its own two, without it
            // neighbours share one.
            let cuts = |cards: usize| if bleed > 0.0 { 2 * cards } else { cards + 1 };
            let per_side = |s: &str| match s {
                "top" | "bottom" => cuts(layout.columns),
                _ => cuts(layout.rows),
            };
            let expected: usize = ["top", "bottom", "left", "right"]
                .iter()
                .filter(|s| !missing.contains(*s))
                .map(|s| per_side(s))
                .sum();
            assert_eq!(marks.len(), expected, "{paper:?} {bleed}");
            for (x1, y1, x2, y2) in marks {
                let outside = y2 <= top || y1 >= bottom || x2 <= left || x1 >= right;
                assert!(outside, "{x1},{y1} {x2},{y2}");
                let band = MARGIN_MM - 1e-3;
                assert!(
                    x1 >= band
                        && y1 >= band
                        && x2 <= paper.width_mm - band
                        && y2 <= paper.height_mm - band,
                    "{x1},{y1} {x2},{y2} in the unprintable band"
                );
                assert!((x2 - x1).max(y2 - y1) >= MIN_MARK_MM - 1e-3);
            }
        }
        // Letter with poker cards and no bleed leaves 1.35 mm above and below: no marks
        // there, said; A4 has room on every side.
        let letter = SheetLayout::new(Paper::LETTER, poker(0.0)).unwrap();
        assert_eq!(letter.crop_marks().missing, ["top", "bottom"]);
        let a4 = SheetLayout::new(Paper::A4, poker(0.0)).unwrap();
        assert!(a4.crop_marks().missing.is_empty());
    }

    #[test]
    fn a_duplex_offset_off_the_paper_is_refused_and_into_the_band_warned() {
        let layout = SheetLayout::new(Paper::A4, poker(0.0)).unwrap();
        assert_eq!(layout.check_duplex_offset((0.0, 0.0)).unwrap(), None);
        // 9.75 mm of margin left and right: 6 mm reaches into the 5 mm band…
        let warned = layout.check_duplex_offset((6.0, 0.0)).unwrap();
        assert!(warned.is_some_and(|w| w.contains("mm into the 5 mm band")));
        // …and 12 mm runs off the paper.
        assert!(layout.check_duplex_offset((-12.0, 0.0)).is_err());
    }

    #[test]
    fn a_card_too_large_for_the_paper_is_an_error() {
        let huge = Frame {
            width_mm: 300.0,
            height_mm: 300.0,
            bleed_mm: 0.0,
        };
        assert!(SheetLayout::new(Paper::A4, huge).is_err());
    }
}
