//! Outputs read the way their consumers read them (issue #28): card sizes from the PDF's
//! geometry, circles that stay circles at every card size, symbols drawn from the fallback
//! fonts (or warned about with their place in the pack), text cut with "…" inside its box,
//! line breaks kept, the PDF's print settings, and Tabletop Simulator's URLs, sheet sizes and
//! fields. Each test builds its own small pack.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

mod common;

use std::path::Path;

use common::png_size;
use lopdf::{Document, Object};
use sigilforge_render::cli::{
    PrintArgs, RenderArgs, print_command, refuse_missing_glyphs, render_command_with, tts_command,
};
use sigilforge_render::paper::CardSize;
use sigilforge_render::tts::TtsOptions;
use sigilforge_render::{BackChoice, Deck, Progress};

/// A pack in a temporary folder: `pack.ron` and `cards.ron` holding `cards` (RON items).
fn pack_of(cards: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"fx\", name: \"Fixture Pack\", version: \"0.1.0\")\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("cards.ron"),
        format!(
            "CardSet(\n    cards: [\n        {},\n    ],\n)\n",
            cards.join(",\n        ")
        ),
    )
    .unwrap();
    dir
}

fn number(o: &Object) -> f32 {
    match o {
        Object::Integer(i) => *i as f32,
        Object::Real(r) => *r,
        other => panic!("not a number: {other:?}"),
    }
}

/// The boxes (width, height in points) each card is clipped to on `page`: a closed four-point
/// path made the clip (`W n`) right inside the page's outermost `q`.
fn card_boxes(doc: &Document, page: lopdf::ObjectId) -> Vec<(f32, f32)> {
    let ops = lopdf::content::Content::decode(&doc.get_page_content(page))
        .unwrap()
        .operations;
    let (mut depth, mut path, mut boxes) = (0, Vec::<(f32, f32)>::new(), Vec::new());
    for op in &ops {
        match op.operator.as_str() {
            "q" => depth += 1,
            "Q" => depth -= 1,
            "m" => path = vec![(number(&op.operands[0]), number(&op.operands[1]))],
            "l" => path.push((number(&op.operands[0]), number(&op.operands[1]))),
            "W" if depth == 1 && path.len() == 4 => {
                let w = path.iter().map(|p| p.0).fold(f32::MIN, f32::max)
                    - path.iter().map(|p| p.0).fold(f32::MAX, f32::min);
                let h = path.iter().map(|p| p.1).fold(f32::MIN, f32::max)
                    - path.iter().map(|p| p.1).fold(f32::MAX, f32::min);
                boxes.push((w, h));
            }
            _ => {}
        }
    }
    boxes
}

fn print(pack: &Path, args: &PrintArgs) -> (Document, String) {
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("cards.pdf");
    let result = print_command(pack, &file, args, &Progress::new());
    assert_eq!(result.code, 0, "{}", result.stderr);
    let bytes = std::fs::read(&file).unwrap();
    (Document::load_mem(&bytes).unwrap(), result.stderr)
}

#[test]
fn card_sizes_are_the_standard_ones_in_the_pdf_geometry() {
    let pack = pack_of(&[
        r#"(id: "a", name: "Alpha", attack: 1, life: 2)"#,
        r#"(id: "b", name: "Beta", attack: 2, life: 1)"#,
    ]);
    for (name, w_in, h_in) in [
        ("poker", 2.5, 3.5),
        ("bridge", 2.25, 3.5),
        ("tarot", 2.75, 4.75),
    ] {
        let (doc, _) = print(
            pack.path(),
            &PrintArgs {
                card: Some(name.into()),
                backs: Some("none".into()),
                ..PrintArgs::default()
            },
        );
        let boxes = card_boxes(&doc, doc.get_pages()[&1]);
        assert_eq!(boxes.len(), 2, "{name}");
        for (w, h) in boxes {
            // Points are 1/72 in: exact to a hundredth of a point.
            assert!(
                (w - w_in * 72.0).abs() < 0.01 && (h - h_in * 72.0).abs() < 0.01,
                "{name}: {w}×{h} pt, want {}×{}",
                w_in * 72.0,
                h_in * 72.0
            );
        }
    }
    // Without --card, the built-in templates are poker size.
    let (doc, _) = print(
        pack.path(),
        &PrintArgs {
            backs: Some("none".into()),
            ..PrintArgs::default()
        },
    );
    for (w, h) in card_boxes(&doc, doc.get_pages()[&1]) {
        assert!(
            (w - 180.0).abs() < 0.01 && (h - 252.0).abs() < 0.01,
            "{w}×{h}"
        );
    }
}

/// A `w`×`h` PNG, white with a red disc of radius `r` pixels at its centre.
fn disc_png(w: u32, h: u32, r: f32) -> Vec<u8> {
    let mut pixmap = tiny_skia::Pixmap::new(w, h).unwrap();
    pixmap.fill(tiny_skia::Color::WHITE);
    let mut paint = tiny_skia::Paint::default();
    paint.set_color_rgba8(255, 0, 0, 255);
    let circle = tiny_skia::PathBuilder::from_circle(w as f32 / 2.0, h as f32 / 2.0, r).unwrap();
    pixmap.fill_path(
        &circle,
        &paint,
        tiny_skia::FillRule::Winding,
        tiny_skia::Transform::identity(),
        None,
    );
    pixmap.encode_png().unwrap()
}

/// The bounding box (width, height) of the pixels close to `rgb`.
fn extent(image: &tiny_skia::Pixmap, rgb: (u8, u8, u8)) -> (u32, u32) {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in 0..image.height() {
        for x in 0..image.width() {
            let p = image.pixel(x, y).unwrap();
            let near = p.red().abs_diff(rgb.0) <= 12
                && p.green().abs_diff(rgb.1) <= 12
                && p.blue().abs_diff(rgb.2) <= 12;
            if near {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    assert!(x1 >= x0, "no pixels of {rgb:?}");
    (x1 - x0 + 1, y1 - y0 + 1)
}

#[test]
fn art_and_circles_keep_their_shape_at_every_card_size() {
    let pack = pack_of(&[
        r#"(id: "orb", name: "Orb", cost: 3, attack: 2, life: 4, art: Some("disc.png"))"#,
    ]);
    std::fs::create_dir_all(pack.path().join("assets")).unwrap();
    std::fs::write(
        pack.path().join("assets/disc.png"),
        disc_png(330, 200, 20.0),
    )
    .unwrap();
    let dpi = 200.0;
    for size in ["poker", "bridge", "tarot", "100x70mm"] {
        let out = tempfile::tempdir().unwrap();
        let result = render_command_with(
            pack.path(),
            out.path(),
            &RenderArgs {
                dpi,
                card: Some(size.into()),
                ..RenderArgs::default()
            },
            &Progress::new(),
        );
        assert_eq!(result.code, 0, "{}", result.stderr);
        let bytes = std::fs::read(out.path().join("orb.png")).unwrap();
        // The PNG is the card size asked for.
        let card = CardSize::parse(size).unwrap();
        let px = |mm: f32| (mm / 25.4 * dpi).round() as u32;
        assert_eq!(
            png_size(&bytes),
            (px(card.width_mm), px(card.height_mm)),
            "{size}"
        );
        let image = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
        // No seam where the template is cut and moved apart: the frame at the card's left
        // and right edges is opaque all the way down (but for the rounded corners).
        let corner = px(5.0);
        for y in corner..image.height() - corner {
            for x in [px(0.5), image.width() - 1 - px(0.5)] {
                let alpha = image.pixel(x, y).unwrap().alpha();
                assert_eq!(alpha, 255, "{size}: a seam at ({x}, {y}), alpha {alpha}");
            }
        }
        // The art's disc and the template's cost circle (#3b6cc0) stay round: a stretched
        // drawing would make them ovals.
        for (what, rgb) in [
            ("art disc", (255, 0, 0)),
            ("cost circle", (0x3b, 0x6c, 0xc0)),
        ] {
            let (w, h) = extent(&image, rgb);
            assert!(
                w.abs_diff(h) <= 2,
                "{size}: the {what} is {w}×{h} pixels, not round"
            );
        }
    }
}

#[test]
fn a_back_on_a_card_of_another_shape_is_centred_never_stretched() {
    // A back has no art to grow: at tarot size it is the poker back scaled the same both ways
    // and centred, its background filling the rest. Drawn at 110 dpi the poker back is exactly
    // the tarot one's width at 100 dpi (275 px) and sits 45 px (11.43 mm) below its top.
    let pack = pack_of(&[r#"(id: "a", name: "Alpha", attack: 1, life: 2)"#]);
    let loaded = sigilforge_engine::pack::load_pack(
        pack.path(),
        &mut sigilforge_engine::diag::Diagnostics::new(),
    );
    let deck = Deck::from_pack(&loaded, None, &BackChoice::Default).unwrap();
    let fit = sigilforge_render::compose::ArtFit::Clip;
    let frame = |size: CardSize| sigilforge_render::compose::Frame {
        width_mm: size.width_mm,
        height_mm: size.height_mm,
        bleed_mm: 0.0,
    };
    let draw = |size: CardSize, dpi: f32| {
        let back = deck.draw_back(frame(size), fit).unwrap().unwrap();
        sigilforge_render::raster::rasterize(&back, dpi).unwrap()
    };
    let poker = draw(CardSize::POKER, 110.0);
    let tarot = draw(CardSize::TAROT, 100.0);
    // The built-in back's background covers the tarot card: nothing bare to warn about.
    let back = deck
        .draw_back(frame(CardSize::TAROT), fit)
        .unwrap()
        .unwrap();
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
    assert_eq!((poker.width(), poker.height()), (275, 385));
    assert_eq!((tarot.width(), tarot.height()), (275, 475));
    let mut changed = 0;
    for y in 0..poker.height() {
        for x in 0..poker.width() {
            let (a, b) = (poker.pixel(x, y).unwrap(), tarot.pixel(x, y + 45).unwrap());
            let diff = [
                a.red().abs_diff(b.red()),
                a.green().abs_diff(b.green()),
                a.blue().abs_diff(b.blue()),
            ];
            if diff.into_iter().any(|d| d > 8) {
                changed += 1;
            }
        }
    }
    let total = poker.width() * poker.height();
    assert!(
        changed * 200 < total,
        "{changed} of {total} pixels differ from the poker back scaled"
    );
    // The bands above and below are the back's background, not bare.
    for y in (0..45).chain(430..475) {
        assert_eq!(tarot.pixel(137, y).unwrap().alpha(), 255, "bare at y {y}");
    }
}

#[test]
fn a_template_that_leaves_the_card_edge_bare_is_warned() {
    // A pack's back whose background reaches only 2 mm past its edges: centred on a tarot
    // card it leaves 9.2 mm bare above and below, and with 3 mm bleed at its own size 1 mm.
    let pack = pack_of(&[r#"(id: "a", name: "Alpha", attack: 1, life: 2)"#]);
    let templates = pack.path().join("assets/templates");
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::write(
        templates.join("back.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="63.5mm" height="88.9mm" viewBox="0 0 63.5 88.9">
  <rect x="-2" y="-2" width="67.5" height="92.9" fill="#202060"/>
  <circle cx="31.75" cy="44.45" r="20" fill="#c0a050"/>
</svg>"##,
    )
    .unwrap();
    let (_, tarot) = print(
        pack.path(),
        &PrintArgs {
            card: Some("tarot".into()),
            ..PrintArgs::default()
        },
    );
    assert!(
        tarot.contains("warning: back: the template draws nothing on the outer 9.2 mm"),
        "{tarot}"
    );
    let (_, bled) = print(
        pack.path(),
        &PrintArgs {
            bleed: "3mm".into(),
            ..PrintArgs::default()
        },
    );
    assert!(
        bled.contains("warning: back: the template draws nothing on the outer 1.0 mm"),
        "{bled}"
    );
    // The fronts (built-in templates) reach far enough either way.
    assert!(!bled.contains("warning: a:"), "{bled}");
    let (_, plain) = print(pack.path(), &PrintArgs::default());
    assert!(
        !plain.contains("bare") && !plain.contains("draws nothing"),
        "{plain}"
    );
}

#[test]
fn symbols_are_drawn_from_the_fallback_fonts() {
    // The same card with "★ → ≥" and with CJK characters no bundled font has (which draw the
    // empty box): if the symbols had no font they would draw the same boxes.
    let pack = pack_of(&[
        r#"(id: "sym", name: "★ → ≥", attack: 1, life: 1)"#,
        r#"(id: "box", name: "火 火 火", attack: 1, life: 1)"#,
        r#"(id: "outline", name: "☆ → ≥", attack: 1, life: 1)"#,
    ]);
    let out = tempfile::tempdir().unwrap();
    let result = render_command_with(
        pack.path(),
        out.path(),
        &RenderArgs {
            dpi: 150.0,
            ..RenderArgs::default()
        },
        &Progress::new(),
    );
    assert_eq!(result.code, 0, "{}", result.stderr);
    let read = |id: &str| {
        tiny_skia::Pixmap::decode_png(&std::fs::read(out.path().join(format!("{id}.png"))).unwrap())
            .unwrap()
    };
    let (sym, boxed, outline) = (read("sym"), read("box"), read("outline"));
    let differing = |a: &tiny_skia::Pixmap, b: &tiny_skia::Pixmap| {
        a.pixels()
            .iter()
            .zip(b.pixels())
            .filter(|(p, q)| p != q)
            .count()
    };
    assert!(differing(&sym, &boxed) > 100, "★ → ≥ drew empty boxes");
    // A filled star and an outlined one differ: the star is a real glyph.
    assert!(differing(&sym, &outline) > 20, "★ and ☆ drew the same");
    // The symbols are not missing; the CJK ones are, with where they are written.
    assert!(!result.stderr.contains("sym:"), "{}", result.stderr);
    assert!(
        result
            .stderr
            .contains("warning: box: cards.ron:4:28: the name text has `火` (U+706B), which no bundled font has"),
        "{}",
        result.stderr
    );
}

/// The names of the fonts a PDF embeds (`BaseFont`, without a subset's `ABCDEF+` tag).
fn embedded_fonts(doc: &Document) -> Vec<String> {
    let mut names: Vec<String> = doc
        .objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .filter(|d| d.get(b"Type").and_then(Object::as_name).ok() == Some(b"Font".as_slice()))
        .filter_map(|d| d.get(b"BaseFont").and_then(Object::as_name).ok())
        .map(|name| {
            let name = String::from_utf8_lossy(name);
            name.split_once('+')
                .map_or(name.to_string(), |(_, base)| base.to_owned())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn the_pdf_embeds_the_fallback_fonts_for_symbols() {
    // The PDF draws text as text: "★ → ≥" needs the symbol and maths faces embedded (a
    // viewer without them would show boxes), a plain name only the faces templates name.
    let pack = pack_of(&[r#"(id: "sym", name: "★ → ≥", attack: 1, life: 1)"#]);
    let (doc, stderr) = print(
        pack.path(),
        &PrintArgs {
            backs: Some("none".into()),
            ..PrintArgs::default()
        },
    );
    assert!(stderr.is_empty(), "{stderr}");
    let fonts = embedded_fonts(&doc);
    for face in ["NotoSansSymbols2-Regular", "NotoSansMath-Regular"] {
        assert!(fonts.iter().any(|f| f == face), "{face} not in {fonts:?}");
    }
    let plain = pack_of(&[r#"(id: "a", name: "Alpha", attack: 1, life: 2)"#]);
    let (doc, _) = print(
        plain.path(),
        &PrintArgs {
            backs: Some("none".into()),
            ..PrintArgs::default()
        },
    );
    let fonts = embedded_fonts(&doc);
    assert!(
        !fonts.iter().any(|f| f.starts_with("NotoSansSymbols2")),
        "{fonts:?}"
    );
}

#[test]
fn a_character_no_font_has_is_warned_in_every_output_and_an_error_with_strict() {
    let pack = pack_of(&[r#"(id: "fire", name: "Fire 火", attack: 1, life: 1)"#]);
    let located = "fire: cards.ron:3:34: the name text has `火` (U+706B)";
    // PNG.
    let out = tempfile::tempdir().unwrap();
    let png = render_command_with(
        pack.path(),
        out.path(),
        &RenderArgs::default(),
        &Progress::new(),
    );
    assert_eq!(png.code, 0);
    assert!(png.stderr.contains(located), "{}", png.stderr);
    // PDF.
    let (_, stderr) = print(pack.path(), &PrintArgs::default());
    assert!(stderr.contains(located), "{stderr}");
    // Tabletop Simulator.
    let tts = tts_command(
        pack.path(),
        &out.path().join("tts"),
        &TtsOptions {
            dpi: 40.0,
            ..TtsOptions::default()
        },
        None,
        &Progress::new(),
    );
    assert!(tts.stderr.contains(located), "{}", tts.stderr);
    // --strict: exit 1 before anything is written.
    let refused = refuse_missing_glyphs(pack.path(), None).unwrap();
    assert_eq!(refused.code, 1);
    assert!(
        refused.stderr.contains(&format!("error: {located}")),
        "{}",
        refused.stderr
    );
    let fine = pack_of(&[r#"(id: "ok", name: "★ ok", attack: 1, life: 1)"#]);
    assert!(refuse_missing_glyphs(fine.path(), None).is_none());
}

#[test]
fn a_long_name_ends_in_an_ellipsis_and_line_breaks_stay_on_the_card() {
    let pack = pack_of(&[
        r#"(id: "long", name: "Archmage of the Eternal Conflagration Beyond the Ninth Gate", attack: 1, life: 1)"#,
        r#"(id: "lines", name: "Lines", text: "Draw a card.\nThen discard a card.")"#,
        r#"(id: "wordy", name: "Wordy", text: "Deal one damage to each enemy creature, then deal one more damage to each enemy creature that is still standing, then repeat this until no enemy creature is standing or until you have repeated it nine times, counting each repetition aloud to every player at the table, then shuffle your graveyard into your deck, draw three cards, discard two cards at random, and gain one life for each card discarded this way during this turn or the previous turn, whichever is more, and then do all of that again.")"#,
    ]);
    let deck = Deck::from_pack(
        &sigilforge_engine::pack::load_pack(
            pack.path(),
            &mut sigilforge_engine::diag::Diagnostics::new(),
        ),
        None,
        &BackChoice::None,
    )
    .unwrap();
    let frame = deck.natural_frame(0, 0.0);
    let fit = sigilforge_render::compose::ArtFit::Clip;
    let svg = |i: usize| {
        let card = &deck.cards[i];
        sigilforge_render::compose::compose(&card.template, &card.face, frame, fit)
    };
    // The long name: one line ending in "…", and a warning.
    let long = svg(0);
    let name_line = long
        .svg
        .split("<tspan")
        .find(|t| t.contains("Archmage"))
        .unwrap();
    assert!(name_line.contains("…</tspan>"), "{name_line}");
    assert!(!name_line.contains("Ninth Gate"));
    assert!(
        long.warnings
            .iter()
            .any(|w| w.contains("name text does not fit"))
    );
    // The line break: two lines, one above the other.
    let lines = svg(1);
    let y_of = |text: &str| -> f32 {
        let tspan = lines
            .svg
            .split("<tspan")
            .find(|t| t.contains(text))
            .unwrap();
        let y = tspan
            .split("y=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        y.parse().unwrap()
    };
    assert!(
        y_of("Then discard") > y_of("Draw a card") + 1.0,
        "{}",
        lines.svg
    );
    // Rules text squeezed below 6 pt is warned about.
    let wordy = svg(2);
    assert!(
        wordy.warnings.iter().any(|w| w.contains("below 6 pt")),
        "{:?}",
        wordy.warnings
    );
    assert!(!lines.warnings.iter().any(|w| w.contains("below 6 pt")));
}

#[test]
fn the_pdf_asks_for_actual_size_and_long_edge_duplex() {
    let pack = pack_of(&[r#"(id: "a", name: "Alpha", attack: 1, life: 2)"#]);
    let prefs = |doc: &Document| {
        doc.catalog()
            .unwrap()
            .get(b"ViewerPreferences")
            .unwrap()
            .as_dict()
            .unwrap()
            .clone()
    };
    let (with_backs, _) = print(pack.path(), &PrintArgs::default());
    let p = prefs(&with_backs);
    assert_eq!(p.get(b"PrintScaling").unwrap().as_name().unwrap(), b"None");
    assert_eq!(
        p.get(b"Duplex").unwrap().as_name().unwrap(),
        b"DuplexFlipLongEdge"
    );
    assert_eq!(with_backs.get_pages().len(), 2);
    let (fronts_only, _) = print(
        pack.path(),
        &PrintArgs {
            backs: Some("none".into()),
            ..PrintArgs::default()
        },
    );
    let p = prefs(&fronts_only);
    assert_eq!(p.get(b"PrintScaling").unwrap().as_name().unwrap(), b"None");
    assert!(p.get(b"Duplex").is_err());
}

#[test]
fn a_duplex_offset_that_puts_backs_off_the_paper_is_refused() {
    let pack = pack_of(&[r#"(id: "a", name: "Alpha", attack: 1, life: 2)"#]);
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("cards.pdf");
    let refused = print_command(
        pack.path(),
        &file,
        &PrintArgs {
            duplex_offset: "-15,0".into(),
            ..PrintArgs::default()
        },
        &Progress::new(),
    );
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("off the paper"),
        "{}",
        refused.stderr
    );
    assert!(!file.exists());
    let (_, warned) = print(
        pack.path(),
        &PrintArgs {
            duplex_offset: "7,0".into(),
            ..PrintArgs::default()
        },
    );
    assert!(warned.contains("do not print"), "{warned}");
}

#[test]
fn tts_urls_are_percent_encoded_sheets_too_large_warn_and_objects_have_tts_fields() {
    let pack = pack_of(&[
        r#"(id: "a", name: "Alpha", attack: 1, life: 2)"#,
        r#"(id: "b", name: "Beta", attack: 2, life: 1)"#,
        r#"(id: "c", name: "Gamma", attack: 2, life: 2)"#,
    ]);
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("Deck #2 (100%)");
    let result = tts_command(
        pack.path(),
        &dir,
        &TtsOptions {
            dpi: 40.0,
            ..TtsOptions::default()
        },
        None,
        &Progress::new(),
    );
    assert_eq!(result.code, 0, "{}", result.stderr);
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("deck.json")).unwrap()).unwrap();
    let deck = &json["ObjectStates"][0];
    let url = deck["CustomDeck"]["1"]["FaceURL"].as_str().unwrap();
    assert!(
        url.contains("Deck%20%232%20%28100%25%29/sheet-1.png"),
        "{url}"
    );
    // Decoded, the URL names the sheet on disk.
    let path = percent_decode(url.strip_prefix("file://").unwrap());
    assert!(Path::new(&path).is_file(), "{path}");
    // The fields TTS writes in its own saves.
    for field in [
        "Hands",
        "Locked",
        "Tooltip",
        "GMNotes",
        "ColorDiffuse",
        "LuaScript",
        "XmlUI",
    ] {
        assert!(deck.get(field).is_some(), "deck lacks {field}");
        assert!(
            deck["ContainedObjects"][0].get(field).is_some(),
            "card lacks {field}"
        );
    }
    assert_eq!(deck["Hands"], false);
    assert_eq!(deck["ContainedObjects"][0]["Hands"], true);
    assert!(!result.stderr.contains("recommends"), "{}", result.stderr);
    // 300 dpi: 4 cells of 750 px across is 3000 px, under 4096; 20 cards make 10 across.
    let wide = pack_of(
        &(0..20)
            .map(|i| format!(r#"(id: "w{i}", name: "W{i}", attack: 1, life: 1)"#))
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    let result = tts_command(
        wide.path(),
        &out.path().join("wide"),
        &TtsOptions {
            dpi: 300.0,
            ..TtsOptions::default()
        },
        None,
        &Progress::new(),
    );
    assert_eq!(result.code, 0, "{}", result.stderr);
    assert!(
        result.stderr.contains("sheet-1.png is 7500×3150 pixels")
            && result.stderr.contains("--dpi 163"),
        "{}",
        result.stderr
    );
}

/// `%XX` escapes undone (UTF-8).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&text[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn the_templates_doc_art_example_validates_and_finds_its_art() {
    let doc = include_str!("../../docs/formats/templates.md");
    let example = doc
        .split('`')
        .find(|part| part.starts_with("art: ") && part.contains("goblin.png"))
        .unwrap();
    let card = format!(r#"(id: "gob", name: "Goblin", {example})"#);
    let pack = pack_of(&[card.as_str()]);
    std::fs::create_dir_all(pack.path().join("assets")).unwrap();
    std::fs::write(pack.path().join("assets/goblin.png"), disc_png(40, 30, 5.0)).unwrap();
    let mut diags = sigilforge_engine::diag::Diagnostics::new();
    let loaded = sigilforge_engine::pack::load_pack(pack.path(), &mut diags);
    assert!(!diags.has_errors(), "{diags:?}");
    let deck = Deck::from_pack(&loaded, None, &BackChoice::None).unwrap();
    assert!(deck.cards[0].notes.is_empty(), "{:?}", deck.cards[0].notes);
    assert!(deck.cards[0].face.present.contains("art"));
}
