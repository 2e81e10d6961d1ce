//! Pixels of every raster output: the resolution limits, millimetres to pixels, and PNG
//! encoding. Kept apart from [`crate::raster`] (which draws cards) so the image store can
//! encode cropped art without depending on the card drawing.

use crate::RenderError;
use crate::paper::MM_PER_INCH;

/// The lowest resolution accepted.
pub const MIN_DPI: f32 = 30.0;
/// The highest resolution accepted.
pub const MAX_DPI: f32 = 1200.0;
/// No image side may exceed this many pixels (a guard against a typo in `--dpi`).
pub const MAX_SIDE_PX: u32 = 20_000;

/// Checks a resolution option.
pub fn check_dpi(dpi: f32) -> Result<(), RenderError> {
    if dpi.is_finite() && (MIN_DPI..=MAX_DPI).contains(&dpi) {
        Ok(())
    } else {
        Err(RenderError::Option(format!(
            "--dpi {dpi}: use {MIN_DPI} to {MAX_DPI}"
        )))
    }
}

/// The pixel size of `mm` millimetres at `dpi`.
#[must_use]
pub fn px(mm: f32, dpi: f32) -> u32 {
    (mm / MM_PER_INCH * dpi).round().max(1.0) as u32
}

/// Encodes a pixmap as PNG (fast compression; the resolution recorded in the file).
pub fn encode_png(pixmap: &tiny_skia::Pixmap, dpi: f32) -> Result<Vec<u8>, RenderError> {
    encode_with(pixmap, dpi, png::Compression::Fast)
}

/// Encodes a pixmap as an uncompressed, unfiltered PNG: for pixels handed from one drawing to
/// another within this process (a cropped art image resvg reads once per card), where reading
/// it back quickly matters and its size does not. The same pixels as [`encode_png`].
pub(crate) fn encode_png_uncompressed(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    encode_with(pixmap, 96.0, png::Compression::NoCompression)
}

fn encode_with(
    pixmap: &tiny_skia::Pixmap,
    dpi: f32,
    compression: png::Compression,
) -> Result<Vec<u8>, RenderError> {
    let rgba = straight_rgba(pixmap);
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(compression);
    let per_metre = (dpi / MM_PER_INCH * 1000.0).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: png::Unit::Meter,
    }));
    let png_err = |e: png::EncodingError| RenderError::Option(format!("PNG encoding failed: {e}"));
    let mut writer = encoder.write_header().map_err(png_err)?;
    writer.write_image_data(&rgba).map_err(png_err)?;
    writer.finish().map_err(png_err)?;
    Ok(out)
}

/// The pixmap's pixels as straight (not premultiplied) RGBA bytes, as PNG stores them. An
/// opaque pixel reads the same either way and a card is nearly all opaque, so the bytes are
/// copied whole and only the other pixels are worked out (by tiny-skia's own `demultiply`,
/// so every pixel is what it was when each one went through it).
fn straight_rgba(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
    let mut rgba = pixmap.data().to_vec();
    for (bytes, pixel) in rgba.chunks_exact_mut(4).zip(pixmap.pixels()) {
        if pixel.alpha() != u8::MAX {
            let c = pixel.demultiply();
            bytes.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
    }
    rgba
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pixmap with opaque, translucent and transparent pixels, every channel value used.
    fn sample() -> tiny_skia::Pixmap {
        let mut pixmap = tiny_skia::Pixmap::new(64, 48).expect("a small pixmap");
        for (i, p) in pixmap.pixels_mut().iter_mut().enumerate() {
            let alpha = [255, 255, 128, 1, 0, 254][i % 6];
            let channel = |k: usize| ((i * 7 + k * 85) % 256) as u8;
            let color = tiny_skia::ColorU8::from_rgba(channel(0), channel(1), channel(2), alpha);
            *p = color.premultiply();
        }
        pixmap
    }

    /// Straight RGBA as the encoder was given it before opaque pixels were copied whole: every
    /// pixel through `demultiply`.
    fn each_pixel_demultiplied(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
        pixmap
            .pixels()
            .iter()
            .flat_map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue(), c.alpha()]
            })
            .collect()
    }

    #[test]
    fn the_encoder_is_given_the_same_bytes_as_before() {
        // Same input, same encoder settings: the same PNG bytes.
        assert_eq!(straight_rgba(&sample()), each_pixel_demultiplied(&sample()));
    }

    #[test]
    fn png_pixels_are_the_demultiplied_pixmap() {
        let pixmap = sample();
        for png in [
            encode_png(&pixmap, 300.0).expect("encodes"),
            encode_png_uncompressed(&pixmap).expect("encodes"),
        ] {
            assert_eq!(decoded(png), each_pixel_demultiplied(&pixmap));
        }
    }

    /// A PNG's pixels as the decoder gives them.
    fn decoded(png: Vec<u8>) -> Vec<u8> {
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut pixels).expect("a frame");
        assert_eq!((info.width, info.height), (64, 48));
        pixels.truncate(info.buffer_size());
        pixels
    }
}
