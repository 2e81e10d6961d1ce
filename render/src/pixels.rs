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
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for p in pixmap.pixels() {
        let c = p.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
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
