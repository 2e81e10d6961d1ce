//! `sigilforge print`: the PDF parses, has the pages and page size expected, vector text in
//! subset fonts, every card clipped to its own bleed box, crop marks outside the cards, and back
//! pages that mirror the fronts (shifted by the duplex offset).

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod common;

use common::{fixture_pack, fixture_pack_dir};
use lopdf::{Document, Object};
use sigilforge_render::Progress;
use sigilforge_render::cli::{PrintArgs, print_command};

const PT_PER_MM: f32 = 72.0 / 25.4;
/// How many cards the tests' pack holds (every one is printed), counted, not written down.
fn pack_cards() -> usize {
    fixture_pack().cards().count()
}

fn print(args: &PrintArgs) -> (Document, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cards.pdf");
    let result = print_command(&fixture_pack_dir(), &out, args, &Progress::new());
    assert_eq!(result.code, 0, "{}", result.stderr);
    let bytes = std::fs::read(&out).unwrap();
    (Document::load_mem(&bytes).unwrap(), bytes)
}

fn number(o: &Object) -> f32 {
    match o {
        Object::Integer(i) => *i as f32,
        Object::Real(r) => *r,
        other => panic!("not a number: {other:?}"),
    }
}

/// A rectangle (x0, y0, x1, y1) in points, PDF coordinates (y up).
type Rect = (f32, f32, f32, f32);

/// What a page draws: the clip rectangle each card is drawn in (`q`, a four-point path, `W
/// n`, then the card until the matching `Q`), the stroked segments drawn outside any card
/// (crop marks), and how many text-showing operations it has.
struct PageDrawing {
    cards: Vec<Rect>,
    marks: Vec<Rect>,
    text_ops: usize,
}

fn page_drawing(doc: &Document, page: lopdf::ObjectId) -> PageDrawing {
    let ops = lopdf::content::Content::decode(&doc.get_page_content(page))
        .unwrap()
        .operations;
    let mut cards = Vec::new();
    let mut marks = Vec::new();
    let mut text_ops = 0;
    let mut depth = 0;
    let mut in_card = false;
    let mut path: Vec<(f32, f32)> = Vec::new();
    let mut segments: Vec<Rect> = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        match op.operator.as_str() {
            "q" => depth += 1,
            "Q" => {
                depth -= 1;
                if depth == 0 {
                    in_card = false;
                }
            }
            "m" | "l" => {
                let (x, y) = (number(&op.operands[0]), number(&op.operands[1]));
                if op.operator == "m" && !path.is_empty() && !in_card {
                    let (a, b) = (path[0], path[path.len() - 1]);
                    segments.push((a.0, a.1, b.0, b.1));
                    path.clear();
                }
                path.push((x, y));
            }
            "W" if depth == 1 && ops[i - 1].operator == "h" && path.len() == 4 => {
                let xs = path.iter().map(|p| p.0);
                let ys = path.iter().map(|p| p.1);
                in_card = true;
                cards.push((
                    xs.clone().fold(f32::MAX, f32::min),
                    ys.clone().fold(f32::MAX, f32::min),
                    xs.fold(f32::MIN, f32::max),
                    ys.fold(f32::MIN, f32::max),
                ));
                path.clear();
            }
            "S" if !in_card => {
                if path.len() >= 2 {
                    let (a, b) = (path[0], path[path.len() - 1]);
                    segments.push((a.0, a.1, b.0, b.1));
                }
                marks.append(&mut segments);
                path.clear();
            }
            "Tj" | "TJ" => text_ops += 1,
            "n" | "f" | "B" => path.clear(),
            _ => {}
        }
    }
    PageDrawing {
        cards,
        marks,
        text_ops,
    }
}

fn media_box(doc: &Document, page: lopdf::ObjectId) -> Vec<f32> {
    let dict = doc.get_dictionary(page).unwrap();
    let b = dict.get(b"MediaBox").unwrap().as_array().unwrap();
    b.iter().map(number).collect()
}

/// Whether segment `m` (x0, y0, x1, y1) enters the inside of rectangle `c`.
fn crosses(m: Rect, c: Rect) -> bool {
    let e = 0.05;
    let (x0, x1) = (m.0.min(m.2), m.0.max(m.2));
    let (y0, y1) = (m.1.min(m.3), m.1.max(m.3));
    x1 > c.0 + e && x0 < c.2 - e && y1 > c.1 + e && y0 < c.3 - e
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 0.05
}

#[test]
fn pages_size_text_and_fonts() {
    let (doc, _) = print(&PrintArgs::default());
    let pages = doc.get_pages();
    // 9 poker cards a page on A4, each page of fronts followed by its backs.
    assert_eq!(pages.len(), 2 * pack_cards().div_ceil(9));
    for id in pages.values() {
        let b = media_box(&doc, *id);
        assert!(
            close(b[2], 210.0 * PT_PER_MM) && close(b[3], 297.0 * PT_PER_MM),
            "{b:?}"
        );
    }
    let first = page_drawing(&doc, pages[&1]);
    assert_eq!(first.cards.len(), 9);
    for (x0, y0, x1, y1) in &first.cards {
        assert!(close(x1 - x0, 63.5 * PT_PER_MM) && close(y1 - y0, 88.9 * PT_PER_MM));
    }
    // The text is text (glyphs shown with Tj/TJ), not paths, in embedded subset fonts.
    assert!(first.text_ops > 100, "{} text operations", first.text_ops);
    let mut subset_fonts = 0;
    for object in doc.objects.values() {
        if let Ok(dict) = object.as_dict()
            && dict.get(b"Type").ok().and_then(|t| t.as_name().ok()) == Some(b"FontDescriptor")
        {
            let name = String::from_utf8_lossy(dict.get(b"FontName").unwrap().as_name().unwrap())
                .into_owned();
            assert!(name.contains('+'), "{name} is not a subset");
            assert!(
                dict.has(b"FontFile2") || dict.has(b"FontFile3"),
                "{name} is not embedded"
            );
            subset_fonts += 1;
        }
    }
    assert!(subset_fonts >= 3, "{subset_fonts} fonts");
    // Letter paper.
    let (doc, _) = print(&PrintArgs {
        paper: "letter".into(),
        backs: Some("none".into()),
        ..PrintArgs::default()
    });
    let pages = doc.get_pages();
    assert_eq!(pages.len(), pack_cards().div_ceil(9));
    let b = media_box(&doc, pages[&1]);
    assert!(close(b[2], 612.0) && close(b[3], 792.0), "{b:?}");
}

#[test]
fn backs_mirror_fronts_for_long_edge_duplex_with_the_offset() {
    let (dx, dy) = (1.5, -0.5);
    let (doc, _) = print(&PrintArgs {
        bleed: "2mm".into(),
        crop_marks: true,
        duplex_offset: format!("{dx},{dy}"),
        ..PrintArgs::default()
    });
    let pages = doc.get_pages();
    // 67.5 × 92.9 mm with bleed: 2 × 3 a page.
    assert_eq!(pages.len(), 2 * pack_cards().div_ceil(6));
    let width = 210.0 * PT_PER_MM;
    for n in (1..=pages.len() as u32).step_by(2) {
        let front = page_drawing(&doc, pages[&n]);
        let back = page_drawing(&doc, pages[&(n + 1)]);
        assert_eq!(front.cards.len(), back.cards.len(), "page {n}");
        for (f, b) in front.cards.iter().zip(&back.cards) {
            // Card i's back is card i's front reflected across the page's middle, shifted
            // right by dx and down by dy (PDF y runs up).
            let (x0, y0, x1, y1) = *f;
            let want = (
                width - x1 + dx * PT_PER_MM,
                y0 - dy * PT_PER_MM,
                width - x0 + dx * PT_PER_MM,
                y1 - dy * PT_PER_MM,
            );
            assert!(
                close(b.0, want.0)
                    && close(b.1, want.1)
                    && close(b.2, want.2)
                    && close(b.3, want.3),
                "page {n}: back {b:?}, want {want:?}"
            );
        }
        // Every card's drawing is clipped to its bleed box, and boxes do not overlap.
        for (i, a) in front.cards.iter().enumerate() {
            assert!(close(a.2 - a.0, 67.5 * PT_PER_MM) && close(a.3 - a.1, 92.9 * PT_PER_MM));
            for b in &front.cards[i + 1..] {
                let overlap =
                    a.0 < b.2 - 0.05 && b.0 < a.2 - 0.05 && a.1 < b.3 - 0.05 && b.1 < a.3 - 0.05;
                assert!(!overlap, "{a:?} overlaps {b:?}");
            }
        }
        // Crop marks on the fronts only, every one outside every card.
        assert!(!front.marks.is_empty(), "page {n} has no crop marks");
        assert!(back.marks.is_empty());
        // …and outside the 5 mm band at the paper's edge printers do not print.
        let (band, height) = (5.0 * PT_PER_MM - 0.05, 297.0 * PT_PER_MM);
        for m in &front.marks {
            for c in &front.cards {
                assert!(!crosses(*m, *c), "mark {m:?} crosses card {c:?}");
            }
            assert!(
                m.0.min(m.2) >= band
                    && m.1.min(m.3) >= band
                    && m.0.max(m.2) <= width - band
                    && m.1.max(m.3) <= height - band,
                "mark {m:?} is in the unprintable band"
            );
        }
    }
}

#[test]
fn the_same_pack_prints_the_same_bytes() {
    let args = PrintArgs {
        backs: Some("none".into()),
        ..PrintArgs::default()
    };
    assert!(print(&args).1 == print(&args).1);
}

#[test]
fn bad_options_are_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cards.pdf");
    for args in [
        PrintArgs {
            paper: "a3".into(),
            ..PrintArgs::default()
        },
        PrintArgs {
            card: Some("63x88".into()),
            ..PrintArgs::default()
        },
        PrintArgs {
            duplex_offset: "1".into(),
            ..PrintArgs::default()
        },
        PrintArgs {
            backs: Some(dir.path().join("missing.png").display().to_string()),
            ..PrintArgs::default()
        },
        PrintArgs {
            card: Some("300x300mm".into()),
            ..PrintArgs::default()
        },
    ] {
        let r = print_command(&fixture_pack_dir(), &out, &args, &Progress::new());
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(!out.exists());
    }
}

#[test]
fn other_card_sizes_and_a_png_back() {
    let dir = tempfile::tempdir().unwrap();
    let back = dir.path().join("back.png");
    std::fs::write(&back, include_bytes!("../../assets/art/placeholder.png")).unwrap();
    let (doc, _) = print(&PrintArgs {
        card: Some("tarot".into()),
        backs: Some(back.display().to_string()),
        ..PrintArgs::default()
    });
    let pages = doc.get_pages();
    // Tarot, 2.75 × 4.75 in (69.85 × 120.65 mm): 2 × 2 on A4.
    assert_eq!(pages.len(), 2 * pack_cards().div_ceil(4));
    let front = page_drawing(&doc, pages[&1]);
    let c = front.cards[0];
    assert!(
        close(c.2 - c.0, 2.75 * 72.0) && close(c.3 - c.1, 4.75 * 72.0),
        "{} × {} pt",
        c.2 - c.0,
        c.3 - c.1
    );
    let back_page = page_drawing(&doc, pages[&2]);
    assert_eq!(back_page.cards.len(), 4);
}
