//! `sigilforge render` and the card drawing: image sizes, text inside its slots, nothing outside
//! the bleed, pack templates, and the command's answers.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod common;

use common::{fixture_pack, fixture_pack_dir, png_size, small_pack};
use sigilforge_render::cli::render_command;
use sigilforge_render::compose::ArtFit;
use sigilforge_render::pixels::px;
use sigilforge_render::raster::rasterize;
use sigilforge_render::template::SlotKind;
use sigilforge_render::{BackChoice, Deck, Progress};

const DPI: f32 = 100.0;

#[test]
fn png_size_is_the_card_size_times_the_dpi_and_names_come_from_ids() {
    let out = tempfile::tempdir().unwrap();
    // The built-in templates are poker size, 63.5 × 88.9 mm.
    for (dpi, bleed, w_mm, h_mm) in [(300.0, "0", 63.5, 88.9), (150.0, "3mm", 69.5, 94.9)] {
        let result = render_command(
            &fixture_pack_dir(),
            out.path(),
            dpi,
            Some("orc_grunt, holy_aegis"),
            None,
            bleed,
            &Progress::new(),
        );
        assert_eq!(result.code, 0, "{}", result.stderr);
        let mut names: Vec<String> = std::fs::read_dir(out.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["holy_aegis.png", "orc_grunt.png"]);
        for name in &names {
            let bytes = std::fs::read(out.path().join(name)).unwrap();
            assert_eq!(
                png_size(&bytes),
                (px(w_mm, dpi), px(h_mm, dpi)),
                "{name} at {dpi}"
            );
        }
    }
    // 2.5 × 3.5 in at 300 dpi is 750 × 1050 pixels.
    assert_eq!((px(63.5, 300.0), px(88.9, 300.0)), (750, 1050));
}

/// The pixels (x, y) where two images differ.
fn differences(a: &tiny_skia::Pixmap, b: &tiny_skia::Pixmap) -> Vec<(u32, u32)> {
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    let mut out = Vec::new();
    for (i, (p, q)) in a.pixels().iter().zip(b.pixels()).enumerate() {
        if p != q {
            out.push((i as u32 % a.width(), i as u32 / a.width()));
        }
    }
    out
}

#[test]
fn the_name_and_rules_text_land_inside_their_slots() {
    let pack = fixture_pack();
    let deck = Deck::from_pack(
        &pack,
        Some(&["blood_countess".to_owned()]),
        &BackChoice::None,
    )
    .unwrap();
    let frame = deck.natural_frame(0, 0.0);
    let full = rasterize(
        &deck
            .draw_card(
                0,
                frame,
                ArtFit::Crop {
                    px_per_mm: DPI / 25.4,
                },
            )
            .unwrap(),
        DPI,
    )
    .unwrap();
    let template = deck.cards[0].template.clone();
    for slot_name in ["name", "rules", "type", "attack", "life"] {
        let slot = template
            .slots()
            .into_iter()
            .find(|s| s.name == slot_name)
            .unwrap()
            .clone();
        assert!(matches!(slot.kind, SlotKind::Text(_)));
        let mut without = deck.clone();
        without.cards[0].face.values.remove(slot_name);
        let empty = rasterize(
            &without
                .draw_card(
                    0,
                    frame,
                    ArtFit::Crop {
                        px_per_mm: DPI / 25.4,
                    },
                )
                .unwrap(),
            DPI,
        )
        .unwrap();
        let diff = differences(&full, &empty);
        // The slot is not empty: its text changed a fair number of pixels…
        assert!(
            diff.len() > 30,
            "{slot_name}: only {} pixels of text",
            diff.len()
        );
        // …and all of them inside the slot's box (one pixel of anti-aliasing either side).
        // (Template units are millimetres from the viewBox's corner.)
        let scale = DPI / 25.4;
        let (ox, oy) = template.origin;
        let (x0, y0) = (
            (slot.rect.x - ox) * scale - 1.0,
            (slot.rect.y - oy) * scale - 1.0,
        );
        let (x1, y1) = (
            (slot.rect.x - ox + slot.rect.width) * scale + 1.0,
            (slot.rect.y - oy + slot.rect.height) * scale + 1.0,
        );
        for (x, y) in diff {
            let (x, y) = (x as f32, y as f32);
            assert!(
                x >= x0 && x <= x1 && y >= y0 && y <= y1,
                "{slot_name}: ink at ({x}, {y}) outside ({x0}, {y0})–({x1}, {y1})"
            );
        }
    }
}

#[test]
fn bleed_adds_a_painted_margin_and_changes_nothing_inside_the_cut() {
    // 254 dpi is 10 pixels a millimetre: the cut line (63.5 × 88.9 mm) falls on whole pixels.
    let dpi = 254.0;
    let fit = ArtFit::Crop { px_per_mm: 10.0 };
    let pack = fixture_pack();
    let deck =
        Deck::from_pack(&pack, Some(&["orc_grunt".to_owned()]), &BackChoice::Default).unwrap();
    let trim = deck.natural_frame(0, 0.0);
    let bled = deck.natural_frame(0, 3.0);
    let pairs = [
        (
            deck.draw_card(0, trim, fit).unwrap(),
            deck.draw_card(0, bled, fit).unwrap(),
        ),
        (
            deck.draw_back(trim, fit).unwrap().unwrap(),
            deck.draw_back(bled, fit).unwrap().unwrap(),
        ),
    ];
    for (plain, with_bleed) in pairs {
        let plain = rasterize(&plain, dpi).unwrap();
        let with_bleed = rasterize(&with_bleed, dpi).unwrap();
        assert_eq!((plain.width(), plain.height()), (635, 889));
        assert_eq!((with_bleed.width(), with_bleed.height()), (695, 949));
        // Pixel for pixel the same, but for anti-aliasing: 88.9 mm is not exact in binary, so
        // an edge's coverage may round one sub-sample differently (a few levels, on a few
        // pixels). Anything moved or redrawn changes thousands of pixels by far more.
        let (mut changed, mut worst) = (0, 0);
        for y in 0..plain.height() {
            for x in 0..plain.width() {
                let a = plain.pixel(x, y).unwrap();
                let b = with_bleed.pixel(x + 30, y + 30).unwrap();
                let diff = [
                    a.red().abs_diff(b.red()),
                    a.green().abs_diff(b.green()),
                    a.blue().abs_diff(b.blue()),
                    a.alpha().abs_diff(b.alpha()),
                ]
                .into_iter()
                .max()
                .unwrap_or(0);
                if diff > 2 {
                    changed += 1;
                    worst = worst.max(diff);
                }
            }
        }
        assert!(
            changed <= 10 && worst <= 32,
            "{changed} pixels inside the cut changed, by up to {worst} levels"
        );
        // The bleed is painted all round (the background runs past the cut).
        for (x, y) in [(0, 0), (694, 0), (0, 948), (694, 948), (347, 1), (1, 474)] {
            assert_eq!(with_bleed.pixel(x, y).unwrap().alpha(), 255, "({x}, {y})");
        }
    }
}

#[test]
fn a_pack_template_replaces_the_builtin_one() {
    let dir = small_pack(2);
    let templates = dir.path().join("assets/templates");
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::write(
        templates.join("creature.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="50mm" height="70mm" viewBox="0 0 50 70">
  <rect x="-5" y="-5" width="60" height="80" fill="#00ff00"/>
  <rect id="name" x="2" y="2" width="46" height="8"/>
</svg>"##,
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let result = render_command(
        dir.path(),
        out.path(),
        DPI,
        None,
        None,
        "0",
        &Progress::new(),
    );
    assert_eq!(result.code, 0, "{}", result.stderr);
    let bytes = std::fs::read(out.path().join("c1.png")).unwrap();
    assert_eq!(png_size(&bytes), (px(50.0, DPI), px(70.0, DPI)));
    let image = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let c = image.pixel(image.width() / 2, image.height() - 3).unwrap();
    assert_eq!((c.red(), c.green(), c.blue()), (0, 255, 0));
}

#[test]
fn bad_input_is_reported_and_nothing_is_written() {
    let out = tempfile::tempdir().unwrap();
    let target = out.path().join("cards");
    // Not a pack.
    let r = render_command(out.path(), &target, DPI, None, None, "0", &Progress::new());
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("not a pack folder"));
    // An id the pack does not have.
    let r = render_command(
        &fixture_pack_dir(),
        &target,
        DPI,
        Some("orc_grunt,nobody"),
        None,
        "0",
        &Progress::new(),
    );
    assert_eq!(r.code, 2);
    assert_eq!(r.stderr, "no card with id nobody in the pack\n");
    // A resolution out of range, and a bad bleed.
    let r = render_command(
        &fixture_pack_dir(),
        &target,
        5000.0,
        None,
        None,
        "0",
        &Progress::new(),
    );
    assert_eq!(r.code, 2);
    let r = render_command(
        &fixture_pack_dir(),
        &target,
        DPI,
        None,
        None,
        "lots",
        &Progress::new(),
    );
    assert_eq!(r.code, 2);
    // A broken pack template, located.
    let dir = small_pack(1);
    let templates = dir.path().join("assets/templates");
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::write(
        templates.join("creature.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"63mm\" height=\"88mm\" viewBox=\"0 0 63 88\">\n  <circle id=\"rules\" r=\"3\"/>\n</svg>\n",
    )
    .unwrap();
    let r = render_command(dir.path(), &target, DPI, None, None, "0", &Progress::new());
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .ends_with("creature.svg:2:3: slot `rules` must be a <rect> (its box), not <circle>\n"),
        "{}",
        r.stderr
    );
    // A pack with problems.
    let dir = small_pack(1);
    std::fs::write(
        dir.path().join("broken.ron"),
        "CardSet(cards: [(id: \"x\", name: 3)])",
    )
    .unwrap();
    let r = render_command(dir.path(), &target, DPI, None, None, "0", &Progress::new());
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("broken.ron:1:"), "{}", r.stderr);
    assert!(!target.exists(), "nothing may be written");
}

#[test]
fn the_same_card_draws_the_same_pixels() {
    let pack = fixture_pack();
    let deck = Deck::from_pack(
        &pack,
        Some(&["vengeful_spirit".to_owned()]),
        &BackChoice::None,
    )
    .unwrap();
    let frame = deck.natural_frame(0, 0.0);
    let a = rasterize(
        &deck
            .draw_card(
                0,
                frame,
                ArtFit::Crop {
                    px_per_mm: DPI / 25.4,
                },
            )
            .unwrap(),
        DPI,
    )
    .unwrap();
    let b = rasterize(
        &deck
            .draw_card(
                0,
                frame,
                ArtFit::Crop {
                    px_per_mm: DPI / 25.4,
                },
            )
            .unwrap(),
        DPI,
    )
    .unwrap();
    assert!(differences(&a, &b).is_empty());
}
