//! Speed and memory of the outputs on 1,000 cards (issue #15's numbers): run with
//! `cargo test --release -p sigilforge-render --test bench -- --ignored --nocapture`.
//! It prints; it asserts nothing about time (CI machines differ).

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::path::Path;
use std::time::Instant;

use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::model::CardSet;
use sigilforge_engine::pack::{Content, load_pack};
use sigilforge_render::compose::ArtFit;
use sigilforge_render::print::PrintOptions;
use sigilforge_render::raster::PngOptions;
use sigilforge_render::{BackChoice, Deck, Progress};

/// The tests' pack with its cards repeated (new ids) until there are `n`.
fn big_pack(n: usize) -> sigilforge_engine::pack::Pack {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures/pack");
    let mut diags = Diagnostics::new();
    let mut pack = load_pack(&root, &mut diags);
    let starter: Vec<_> = pack.cards().map(|(_, c)| c.clone()).collect();
    let cards = (0..n)
        .map(|i| {
            let mut c = starter[i % starter.len()].clone();
            c.id = format!("{}_{i}", c.id);
            c
        })
        .collect();
    pack.files
        .retain(|f| !matches!(f.content, Content::Cards(_)));
    pack.files.push(sigilforge_engine::pack::PackFile::new(
        "big.ron",
        Content::Cards(CardSet { cards }),
    ));
    pack
}

/// CPU seconds this process has used (user + system): on a loaded machine the wall clock says
/// little, and on an idle 2-core machine a parallel job's wall time is about half of this.
fn cpu_seconds() -> f64 {
    stat_cpu("/proc/self/stat")
}

/// CPU seconds this thread has used (10 ms resolution: sum it over many cards).
fn thread_cpu_seconds() -> f64 {
    stat_cpu("/proc/thread-self/stat")
}

fn stat_cpu(file: &str) -> f64 {
    let stat = std::fs::read_to_string(file).unwrap_or_default();
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the name).
    (ticks(11) + ticks(12)) / 100.0
}

fn peak_rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

#[test]
#[ignore = "benchmark: prints timings"]
fn thousand_cards() {
    let pack = big_pack(1000);
    let deck = Deck::from_pack(&pack, None, &BackChoice::Default).unwrap();
    let dir = tempfile::tempdir().unwrap();
    println!("threads: {}", rayon::current_num_threads());

    let (start, cpu) = (Instant::now(), cpu_seconds());
    let report = sigilforge_render::raster::render_pngs(
        &deck,
        dir.path(),
        PngOptions {
            dpi: 300.0,
            bleed_mm: 0.0,
            card: None,
        },
        &Progress::new(),
    )
    .unwrap();
    println!(
        "1,000 cards to 300-dpi PNGs: {:.2} s wall, {:.2} CPU-s ({} files), peak RSS so far {:.0} MiB",
        start.elapsed().as_secs_f64(),
        cpu_seconds() - cpu,
        report.files.len(),
        peak_rss_mib()
    );

    let (start, cpu) = (Instant::now(), cpu_seconds());
    let (bytes, report) = sigilforge_render::print::pdf_bytes(
        &deck,
        &PrintOptions {
            crop_marks: true,
            ..PrintOptions::default()
        },
        &Progress::new(),
    )
    .unwrap();
    println!(
        "1,000-card PDF (fronts and backs, {} pages, {:.1} MiB): {:.2} s wall, {:.2} CPU-s, peak RSS so far {:.0} MiB",
        report.pages,
        bytes.len() as f64 / 1_048_576.0,
        start.elapsed().as_secs_f64(),
        cpu_seconds() - cpu,
        peak_rss_mib()
    );
}

#[test]
#[ignore = "benchmark: prints where the time of one card goes"]
fn phases() {
    let pack = big_pack(120);
    let deck = Deck::from_pack(&pack, None, &BackChoice::Default).unwrap();
    let (mut compose, mut parse, mut raster, mut encode) = (0.0, 0.0, 0.0, 0.0);
    let (mut layered, mut fastest, mut fastest_bytes, mut fast_bytes) = (0.0, 0.0, 0, 0);
    for i in 0..deck.cards.len() {
        let frame = deck.natural_frame(i, 0.0);
        let t = thread_cpu_seconds();
        let composed = sigilforge_render::compose::compose(
            &deck.cards[i].template,
            &deck.cards[i].face,
            frame,
            ArtFit::Crop {
                px_per_mm: 300.0 / 25.4,
            },
        );
        compose += thread_cpu_seconds() - t;
        let t = thread_cpu_seconds();
        let drawn = deck
            .draw_card(
                i,
                frame,
                ArtFit::Crop {
                    px_per_mm: 300.0 / 25.4,
                },
            )
            .unwrap();
        parse += thread_cpu_seconds() - t;
        let t = thread_cpu_seconds();
        let pixmap = sigilforge_render::raster::rasterize(&drawn, 300.0).unwrap();
        raster += thread_cpu_seconds() - t;
        let t = thread_cpu_seconds();
        let png = sigilforge_render::pixels::encode_png(&pixmap, 300.0).unwrap();
        encode += thread_cpu_seconds() - t;
        fast_bytes += png.len();
        // The same pixels with `Compression::Fastest` (the Up filter, not adaptive).
        let t = thread_cpu_seconds();
        fastest_bytes += encode_fastest(&pixmap).len();
        fastest += thread_cpu_seconds() - t;
        let t = thread_cpu_seconds();
        let (card, _) = sigilforge_render::raster::rasterize_card(&deck, i, frame, 300.0).unwrap();
        layered += thread_cpu_seconds() - t;
        assert!(card.data() == pixmap.data());
        assert!(!png.is_empty() && !composed.svg.is_empty());
    }
    let mut noart = deck.clone();
    for c in &mut noart.cards {
        c.face.values.remove("art");
    }
    let t = thread_cpu_seconds();
    for i in 0..noart.cards.len() {
        let drawn = noart
            .draw_card(
                i,
                noart.natural_frame(i, 0.0),
                ArtFit::Crop {
                    px_per_mm: 300.0 / 25.4,
                },
            )
            .unwrap();
        let _ = sigilforge_render::raster::rasterize(&drawn, 300.0).unwrap();
    }
    println!(
        "without art: {:.1} ms a card",
        (thread_cpu_seconds() - t) * 1000.0 / noart.cards.len() as f64
    );
    let n = deck.cards.len() as f64 / 1000.0;
    println!(
        "per card (ms): compose {:.1}, compose+parse {:.1}, rasterise {:.1}, encode {:.1}; compose+parse+rasterise over the kept static layer {:.1}; encode with Compression::Fastest {:.1} ({:.0} KiB a card, Fast {:.0} KiB)",
        compose / n,
        parse / n,
        raster / n,
        encode / n,
        layered / n,
        fastest / n,
        fastest_bytes as f64 / 1024.0 / deck.cards.len() as f64,
        fast_bytes as f64 / 1024.0 / deck.cards.len() as f64,
    );
}

/// A pixmap as PNG with `Compression::Fastest`, straight RGBA as `encode_png` gives it.
fn encode_fastest(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
    let mut rgba = pixmap.data().to_vec();
    for (bytes, pixel) in rgba.chunks_exact_mut(4).zip(pixmap.pixels()) {
        if pixel.alpha() != u8::MAX {
            let c = pixel.demultiply();
            bytes.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fastest);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&rgba).unwrap();
    writer.finish().unwrap();
    out
}

#[test]
#[ignore = "benchmark: prints what the PDF's viewer preferences cost"]
fn viewer_preferences_update() {
    let pack = big_pack(1000);
    let deck = Deck::from_pack(&pack, None, &BackChoice::Default).unwrap();
    let start = Instant::now();
    let (bytes, report) =
        sigilforge_render::print::pdf_bytes(&deck, &PrintOptions::default(), &Progress::new())
            .unwrap();
    let whole = start.elapsed().as_secs_f64();
    // The update reads the whole PDF back with lopdf, then appends one object: on the
    // finished file it reads it all and stops at the preferences already there, which is
    // the update's cost but for writing that object.
    let start = Instant::now();
    let again = sigilforge_render::pdf_prefs::with_viewer_prefs(
        bytes.clone(),
        sigilforge_render::pdf_prefs::ViewerPrefs {
            duplex_long_edge: true,
        },
    );
    let read_back = start.elapsed().as_secs_f64();
    assert!(matches!(
        again,
        Err(sigilforge_render::pdf_prefs::PrefsError::AlreadySet)
    ));
    println!(
        "1,000-card PDF ({} pages, {:.1} MiB): {whole:.2} s in all, of which reading it back for the viewer preferences {read_back:.3} s",
        report.pages,
        bytes.len() as f64 / 1_048_576.0,
    );
}
