//! Card images: a drawing rasterised by resvg at a resolution, PNG files named from card ids
//! (`sigilforge render`), rendered in parallel, each card's pixels freed once it is written.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::compose::{ArtFit, Frame};
use crate::deck::{Deck, Drawn};
use crate::paper::{CardSize, MM_PER_INCH};
use crate::pixels::{MAX_SIDE_PX, check_dpi, encode_png, px};
use crate::{Progress, RenderError, Report};

/// Rasterises a drawing (its size in millimetres) at `dpi`.
pub fn rasterize(drawn: &Drawn, dpi: f32) -> Result<tiny_skia::Pixmap, RenderError> {
    let size = drawn.tree.size();
    let (w, h) = (px(size.width(), dpi), px(size.height(), dpi));
    if w > MAX_SIDE_PX || h > MAX_SIDE_PX {
        return Err(RenderError::Option(format!(
            "an image of {w}×{h} pixels is too large (at most {MAX_SIDE_PX} a side); lower --dpi"
        )));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| RenderError::Option(format!("cannot make a {w}×{h} image")))?;
    let transform =
        tiny_skia::Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
    resvg::render(&drawn.tree, transform, &mut pixmap.as_mut());
    Ok(pixmap)
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
    let results: Vec<Result<(PathBuf, Vec<String>), RenderError>> = (0..deck.cards.len())
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
            let drawn = deck.draw_card(
                i,
                frame,
                ArtFit::Crop {
                    px_per_mm: options.dpi / MM_PER_INCH,
                },
            )?;
            let pixmap = rasterize(&drawn, options.dpi)?;
            let bytes = encode_png(&pixmap, options.dpi)?;
            drop(pixmap);
            let path = dir.join(&names[i]);
            crate::write_file(&path, &bytes)?;
            progress.step();
            Ok((path, drawn.warnings))
        })
        .collect();
    let mut report = Report::default();
    for (i, result) in results.into_iter().enumerate() {
        let (path, warnings) = result?;
        report.files.push(path);
        let id = &deck.cards[i].id;
        report
            .warnings
            .extend(warnings.into_iter().map(|w| format!("{id}: {w}")));
    }
    report.cards = deck.cards.len();
    Ok(report)
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

    #[test]
    fn sizes_round_to_whole_pixels() {
        assert_eq!(px(63.0, 300.0), 744);
        assert_eq!(px(88.0, 300.0), 1039);
        assert!(check_dpi(10.0).is_err());
        assert!(check_dpi(300.0).is_ok());
    }
}
