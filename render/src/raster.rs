//! Card images: a drawing rasterised by resvg at a resolution, PNG files named from card ids
//! (`sigilforge render`), rendered in parallel, each card's pixels freed once it is written.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex, PoisonError};

use rayon::prelude::*;

use crate::compose::{ArtFit, Frame};
use crate::deck::{Deck, Drawn, bare_edge_of};
use crate::layers::{self, LAYERS, Layer, layer_bytes};
use crate::paper::{CardSize, MM_PER_INCH};
use crate::pixels::{MAX_SIDE_PX, check_dpi, encode_png, px};
use crate::{Progress, RenderError, Report};

/// Rasterises a drawing (its size in millimetres) at `dpi`.
pub fn rasterize(drawn: &Drawn, dpi: f32) -> Result<tiny_skia::Pixmap, RenderError> {
    let (mut pixmap, transform) = canvas(drawn.tree.size(), dpi)?;
    resvg::render(&drawn.tree, transform, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// An empty canvas for a drawing of `size` millimetres at `dpi`, and the transform that maps
/// the drawing onto it.
fn canvas(
    size: usvg::Size,
    dpi: f32,
) -> Result<(tiny_skia::Pixmap, tiny_skia::Transform), RenderError> {
    let (w, h) = (px(size.width(), dpi), px(size.height(), dpi));
    if w > MAX_SIDE_PX || h > MAX_SIDE_PX {
        return Err(RenderError::Option(format!(
            "an image of {w}×{h} pixels is too large (at most {MAX_SIDE_PX} a side); lower --dpi"
        )));
    }
    let pixmap = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| RenderError::Option(format!("cannot make a {w}×{h} image")))?;
    let transform =
        tiny_skia::Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
    Ok((pixmap, transform))
}

/// Card `index` of `deck` in `frame` as pixels at `dpi`, its art cropped to its box, with its
/// drawing's warnings: the pixels of `rasterize(&deck.draw_card(..), dpi)`, but the
/// template's static layer (`crate::layers`) is drawn once per process and copied, and only
/// the card's own part is drawn over it.
pub fn rasterize_card(
    deck: &Deck,
    index: usize,
    frame: Frame,
    dpi: f32,
) -> Result<(tiny_skia::Pixmap, Vec<String>), RenderError> {
    let fit = ArtFit::Crop {
        px_per_mm: dpi / MM_PER_INCH,
    };
    let composed = deck.compose_card(index, frame, fit);
    let id = &deck.cards[index].id;
    let layered = match composed
        .static_end
        .and_then(|cut| layers::split(&composed.svg, cut))
    {
        Some(split) => rasterize_layered(deck, &split, dpi, id)?,
        None => None,
    };
    let (pixmap, warnings) = if let Some((pixmap, bare)) = layered {
        let mut warnings = composed.warnings;
        warnings.extend(bare);
        (pixmap, warnings)
    } else {
        let drawn = deck.parse(&composed, id)?;
        (rasterize(&drawn, dpi)?, drawn.warnings)
    };
    Ok((pixmap, deck.card_warnings(index, warnings)))
}

/// The static layer, kept or drawn now, with the rest of the card drawn over a copy of it,
/// and the bare-edge warning of the two together; `None` when the static part cannot be drawn
/// alone.
fn rasterize_layered(
    deck: &Deck,
    split: &layers::Split,
    dpi: f32,
    what: &str,
) -> Result<Option<(tiny_skia::Pixmap, Option<String>)>, RenderError> {
    let images = deck.images();
    let options = images.options();
    let rest = usvg::Tree::from_str(&split.rest_svg, &options).map_err(|e| RenderError::Svg {
        what: what.to_owned(),
        message: e.to_string(),
    })?;
    let size = rest.size();
    let (blank, transform) = canvas(size, dpi)?;
    let key = format!(
        "{}x{} {}\n{}",
        blank.width(),
        blank.height(),
        images.identity(),
        split.static_svg
    );
    let layer = LAYERS.get_or_make(
        &key,
        || {
            let tree = usvg::Tree::from_str(&split.static_svg, &options).ok()?;
            if tree.size() != size {
                return None;
            }
            let mut pixmap = blank.clone();
            resvg::render(&tree, transform, &mut pixmap.as_mut());
            Some(Arc::new(Layer {
                pixmap,
                covers: covers(&tree),
            }))
        },
        |l| layer_bytes(l.as_ref()),
    );
    let Some(layer) = layer else {
        return Ok(None);
    };
    drop(blank);
    let mut pixmap = layer.pixmap.clone();
    resvg::render(&rest, transform, &mut pixmap.as_mut());
    let covered = match (layer.covers, covers(&rest)) {
        (Some([l, t, r, b]), Some([l2, t2, r2, b2])) => {
            Some([l.min(l2), t.min(t2), r.max(r2), b.max(b2)])
        }
        (one, other) => one.or(other),
    };
    let bare = covered.and_then(|c| bare_edge_of(size, c));
    Ok(Some((pixmap, bare)))
}

/// What a drawing covers (left, top, right, bottom), `None` when it draws nothing.
fn covers(tree: &usvg::Tree) -> Option<[f32; 4]> {
    let root = tree.root();
    root.has_children().then(|| {
        let b = root.abs_bounding_box();
        [b.left(), b.top(), b.right(), b.bottom()]
    })
}

/// Options of `sigilforge render`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PngOptions {
    /// Resolution.
    pub dpi: f32,
    /// Bleed around each card, in millimetres (0 = the trimmed card).
    pub bleed_mm: f32,
    /// The card size; `None` = each template's own size.
    pub card: Option<CardSize>,
}

impl Default for PngOptions {
    fn default() -> Self {
        Self {
            dpi: 300.0,
            bleed_mm: 0.0,
            card: None,
        }
    }
}

/// Writes one PNG per card into `dir` (created if missing), named from the card ids.
pub fn render_pngs(
    deck: &Deck,
    dir: &Path,
    options: PngOptions,
    progress: &Progress,
) -> Result<Report, RenderError> {
    check_dpi(options.dpi)?;
    check_bleed(options.bleed_mm)?;
    std::fs::create_dir_all(dir).map_err(|e| RenderError::Write {
        path: dir.to_owned(),
        message: e.to_string(),
    })?;
    let ids: Vec<&str> = deck.cards.iter().map(|c| c.id.as_str()).collect();
    let names = file_names(&ids, "png");
    progress.start(deck.cards.len());
    // The rayon threads draw and encode; writing (a temporary file, fsync, rename: several
    // milliseconds of waiting per file) is handed to threads of its own, so the drawing
    // threads never wait on the disk and every core stays busy. The queue is short: encoded
    // cards do not pile up in memory when the disk is slower than the drawing.
    let (queue, jobs) = std::sync::mpsc::sync_channel::<(usize, Vec<u8>)>(WRITE_QUEUE);
    let jobs = Mutex::new(jobs);
    let written: Mutex<Vec<Option<Result<PathBuf, RenderError>>>> =
        Mutex::new((0..deck.cards.len()).map(|_| None).collect());
    let drawn: Vec<Result<Vec<String>, RenderError>> = std::thread::scope(|scope| {
        for _ in 0..WRITERS {
            scope.spawn(|| write_queued(&jobs, dir, &names, &written, progress));
        }
        let drawn = (0..deck.cards.len())
            .into_par_iter()
            .map(|i| {
                if progress.is_cancelled() {
                    return Err(RenderError::Cancelled);
                }
                let frame = match options.card {
                    Some(size) => Frame {
                        width_mm: size.width_mm,
                        height_mm: size.height_mm,
                        bleed_mm: options.bleed_mm,
                    },
                    None => deck.natural_frame(i, options.bleed_mm),
                };
                let (pixmap, warnings) = rasterize_card(deck, i, frame, options.dpi)?;
                let bytes = encode_png(&pixmap, options.dpi)?;
                drop(pixmap);
                // The writers end only when the queue closes, so this waits for room.
                queue.send((i, bytes)).map_err(|_| RenderError::Cancelled)?;
                Ok(warnings)
            })
            .collect();
        // Closing the queue ends the writers once it is empty.
        drop(queue);
        drawn
    });
    let written = written.into_inner().unwrap_or_else(PoisonError::into_inner);
    let mut report = Report::default();
    for (i, (warnings, path)) in drawn.into_iter().zip(written).enumerate() {
        let warnings = warnings?;
        let path = path.ok_or(RenderError::Cancelled)??;
        report.files.push(path);
        let id = &deck.cards[i].id;
        report
            .warnings
            .extend(warnings.into_iter().map(|w| format!("{id}: {w}")));
    }
    report.cards = deck.cards.len();
    Ok(report)
}

/// Encoded cards waiting for a writer, at most.
const WRITE_QUEUE: usize = 8;
/// Threads writing files: a few, so one file's fsync does not hold up the next.
const WRITERS: usize = 3;

/// A writer thread: writes each queued card to its file in `dir` until the queue closes,
/// recording each outcome at the card's index.
fn write_queued(
    jobs: &Mutex<Receiver<(usize, Vec<u8>)>>,
    dir: &Path,
    names: &[String],
    written: &Mutex<Vec<Option<Result<PathBuf, RenderError>>>>,
    progress: &Progress,
) {
    loop {
        // The lock is held only to take the next card, not while writing it. A writer never
        // stops before the queue closes (the drawing threads would wait on a full queue), so a
        // poisoned lock is taken as it is: the data behind it stays sound.
        let next = jobs.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok((i, bytes)) = next else {
            return;
        };
        let path = dir.join(&names[i]);
        let outcome = crate::write_file(&path, &bytes).map(|()| path);
        progress.step();
        written.lock().unwrap_or_else(PoisonError::into_inner)[i] = Some(outcome);
    }
}

/// Checks a bleed option.
pub fn check_bleed(bleed_mm: f32) -> Result<(), RenderError> {
    if bleed_mm.is_finite() && (0.0..=10.0).contains(&bleed_mm) {
        Ok(())
    } else {
        Err(RenderError::Option(format!(
            "--bleed {bleed_mm}mm: use 0 to 10 mm"
        )))
    }
}

/// A file name per id (`grunt.png`): characters that are not letters, digits, `-`, `_` or
/// `.` become `_`; an empty id becomes `card-N`; a name already taken gets `-2`, `-3`, ….
#[must_use]
pub fn file_names(ids: &[&str], extension: &str) -> Vec<String> {
    let mut taken = BTreeSet::new();
    ids.iter()
        .enumerate()
        .map(|(i, id)| {
            let mut stem: String = id
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            if stem.is_empty() || stem.starts_with('.') {
                stem = format!("card-{}", i + 1);
            }
            let mut name = format!("{stem}.{extension}");
            let mut n = 2;
            while !taken.insert(name.to_ascii_lowercase()) {
                name = format!("{stem}-{n}.{extension}");
                n += 1;
            }
            name
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::Frame;

    #[test]
    fn file_names_are_safe_and_unique() {
        assert_eq!(
            file_names(&["grunt", "Grunt", "a/b c", "", "..", "grunt"], "png"),
            [
                "grunt.png",
                "Grunt-2.png",
                "a_b_c.png",
                "card-4.png",
                "card-5.png",
                "grunt-3.png"
            ]
        );
    }

    /// One card of each template the tests' pack draws with, then a creature of the tests'
    /// pack on each built-in template (the back too).
    fn a_card_per_template() -> Deck {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures/pack");
        let mut diags = sigilforge_engine::diag::Diagnostics::new();
        let pack = sigilforge_engine::pack::load_pack(&root, &mut diags);
        let mut deck = Deck::from_pack(&pack, None, &crate::BackChoice::None).expect("a deck");
        let mut seen = BTreeSet::new();
        deck.cards.retain(|c| seen.insert(c.template.file.clone()));
        let creature = deck
            .cards
            .iter()
            .find(|c| c.template.file.ends_with("creature.svg"))
            .expect("a creature")
            .clone();
        for (name, _) in crate::template::BUILTIN {
            if let Ok(Some(template)) = crate::template::load_named(None, name) {
                let mut card = creature.clone();
                card.template = Arc::new(template);
                deck.cards.push(card);
            }
        }
        assert!(deck.cards.len() >= 15, "{}", deck.cards.len());
        deck
    }

    #[test]
    fn a_card_drawn_over_its_static_layer_is_the_card_drawn_whole() {
        let deck = a_card_per_template();
        for i in 0..deck.cards.len() {
            let natural = deck.natural_frame(i, 0.0);
            let frames = [
                natural,
                deck.natural_frame(i, 3.0),
                // Another shape: drawn in three passes, so whole (a template with no art is
                // centred instead, in one).
                Frame {
                    width_mm: 70.0,
                    height_mm: 120.0,
                    bleed_mm: 0.0,
                },
            ];
            for (frame, dpi) in frames.into_iter().zip([100.0, 150.0, 100.0]) {
                let fit = ArtFit::Crop {
                    px_per_mm: dpi / MM_PER_INCH,
                };
                let composed = deck.compose_card(i, frame, fit);
                let split = composed
                    .static_end
                    .and_then(|cut| layers::split(&composed.svg, cut));
                let what = format!("{} at {frame:?}", deck.cards[i].template.file);
                let one_pass = frame != frames[2] || deck.cards[i].template.art_slot().is_none();
                assert_eq!(split.is_some(), one_pass, "{what}");
                let whole = deck.draw_card(i, frame, fit).expect("draws");
                let expected = rasterize(&whole, dpi).expect("rasterises");
                // Twice: the layer drawn now, then the kept one.
                for _ in 0..2 {
                    let (pixmap, warnings) =
                        rasterize_card(&deck, i, frame, dpi).expect("rasterises");
                    assert!(pixmap.data() == expected.data(), "{what}: other pixels");
                    assert_eq!(warnings, whole.warnings, "{what}");
                }
            }
        }
    }

    #[test]
    fn sizes_round_to_whole_pixels() {
        assert_eq!(px(63.0, 300.0), 744);
        assert_eq!(px(88.0, 300.0), 1039);
        assert!(check_dpi(10.0).is_err());
        assert!(check_dpi(300.0).is_ok());
    }
}
