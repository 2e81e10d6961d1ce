//! The images a card drawing refers to: the pack's art (`PACK/assets/…`), the built-in
//! placeholder and a back image, handed to usvg by key.
//!
//! Art is cropped to its box's shape. In a PDF the drawing clips it (cheap, and the file keeps
//! the original image); for pixels, clipping would make resvg mask a whole card-sized layer per
//! card, so the image is cropped and scaled to the box's pixel size once (a key ending
//! `#crop=x,y,w,h,out_w,out_h`) and each card copies it. Crops are kept for the process
//! (`crate::cache`), keyed by the source file's identity: a job makes each crop once, and the
//! editor's preview does not make its card's crop again on every edit (issue #29). A crop is
//! kept as an uncompressed PNG, which resvg reads back once per card several times faster than
//! a compressed one (usvg takes images as encoded files only).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::cache::{Kept, buffer_bytes};

use crate::compose::{CROP_MARK, SlotValue};
use crate::fonts::{DEFAULT_FAMILY, Fonts};

/// The built-in art placeholder (`assets/art/placeholder.png`), drawn when a card has no art.
const PLACEHOLDER_ART: &[u8] = include_bytes!("../../assets/art/placeholder.png");
/// The image key of the placeholder.
pub const PLACEHOLDER_KEY: &str = "sigilforge:placeholder";
/// The image key of a PNG/JPEG back.
pub const BACK_KEY: &str = "sigilforge:back";
/// Image keys of pack art start with this, followed by the path under `PACK/assets/`.
const ART_PREFIX: &str = "art:";

/// The slot value of the placeholder art.
#[must_use]
pub fn placeholder_value() -> SlotValue {
    // The placeholder is a PNG compiled in (a test reads its size).
    let (width, height) =
        imagesize::blob_size(PLACEHOLDER_ART).map_or((1, 1), |s| (s.width as u32, s.height as u32));
    SlotValue::Image {
        key: PLACEHOLDER_KEY.to_owned(),
        width,
        height,
    }
}

/// The key of the art at `path` (relative to the pack's `assets/`).
#[must_use]
pub fn art_key(path: &str) -> String {
    format!("{ART_PREFIX}{path}")
}

/// The size in pixels of the art file at `path` (relative to `PACK/assets/`), refusing paths
/// that leave that folder and files that are not images.
pub fn art_size(pack_root: &Path, path: &str) -> Result<(u32, u32), &'static str> {
    if !is_plain_relative(path) {
        return Err("is not a plain path inside the pack's assets/ folder");
    }
    let file = pack_root.join("assets").join(path);
    if !file.is_file() {
        return Err("was not found in the pack's assets/ folder");
    }
    match imagesize::size(&file) {
        Ok(size) => Ok((size.width as u32, size.height as u32)),
        Err(_) => Err("is not an image this program reads (PNG, JPEG, GIF or WebP)"),
    }
}

/// A relative path with no `..`, root or drive: it stays inside the folder it is joined to.
fn is_plain_relative(path: &str) -> bool {
    let rel = Path::new(path);
    !rel.is_absolute()
        && rel
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
}

/// The image's kind by its first bytes.
#[must_use]
pub fn image_kind(data: Arc<Vec<u8>>) -> Option<usvg::ImageKind> {
    let probe = data.as_slice();
    if probe.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(usvg::ImageKind::PNG(data))
    } else if probe.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(usvg::ImageKind::JPEG(data))
    } else if probe.starts_with(b"GIF8") {
        Some(usvg::ImageKind::GIF(data))
    } else if probe.len() > 12 && &probe[0..4] == b"RIFF" && &probe[8..12] == b"WEBP" {
        Some(usvg::ImageKind::WEBP(data))
    } else {
        None
    }
}

/// A crop of a source image: the key, the part (x, y, width, height) in its pixels, and the
/// size to scale it to.
type CropKey = (String, [u32; 6]);

/// Cropped art, as uncompressed PNG (`None`: the image could not be read). 256 MiB holds the
/// crops of several hundred distinct art files at 300 dpi.
static CROPS: Kept<Option<Arc<Vec<u8>>>> = Kept::new(256 << 20);

/// Numbers each back image set, so crops of two different backs are kept apart.
static BACKS: AtomicU64 = AtomicU64::new(0);

/// Where a job's drawings get their images.
#[derive(Debug, Clone)]
pub struct ImageStore {
    assets: PathBuf,
    fonts: &'static Fonts,
    /// The back image's bytes and its number (from `BACKS`).
    back: Option<(Arc<Vec<u8>>, u64)>,
}

impl ImageStore {
    /// Images of the pack at `pack_root`.
    #[must_use]
    pub fn new(pack_root: &Path) -> Self {
        Self {
            assets: pack_root.join("assets"),
            fonts: Fonts::for_pack(pack_root),
            back: None,
        }
    }

    /// The fonts the pack's cards are drawn with (the bundled ones and the pack's own).
    #[must_use]
    pub fn fonts(&self) -> &'static Fonts {
        self.fonts
    }

    /// What a drawing made with [`ImageStore::options`] reads besides its text (the fonts and
    /// the pack's assets folder), for keeping pixels drawn from the same text apart.
    #[must_use]
    pub(crate) fn identity(&self) -> String {
        format!("{:p}|{}", self.fonts, self.assets.display())
    }

    /// The back image's bytes.
    pub fn set_back(&mut self, bytes: Arc<Vec<u8>>) {
        self.back = Some((bytes, BACKS.fetch_add(1, Ordering::Relaxed)));
    }

    /// usvg options that read fonts and images from here.
    #[must_use]
    pub fn options(&self) -> usvg::Options<'_> {
        usvg::Options {
            font_family: DEFAULT_FAMILY.to_owned(),
            fontdb: self.fonts.database(),
            image_href_resolver: usvg::ImageHrefResolver {
                resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
                resolve_string: Box::new(move |href, _| self.resolve(href)),
            },
            ..usvg::Options::default()
        }
    }

    /// The image behind a key (`None` when it cannot be read: the drawing leaves it out).
    fn resolve(&self, href: &str) -> Option<usvg::ImageKind> {
        match href.split_once(CROP_MARK) {
            Some((key, crop)) => {
                let numbers: Vec<u32> = crop.split(',').filter_map(|p| p.parse().ok()).collect();
                let crop: [u32; 6] = numbers.try_into().ok()?;
                // A guard against a key asking for an absurd size.
                if crop[4] > crate::pixels::MAX_SIDE_PX || crop[5] > crate::pixels::MAX_SIDE_PX {
                    return None;
                }
                self.cropped(&(key.to_owned(), crop))
                    .map(usvg::ImageKind::PNG)
            }
            None => image_kind(self.bytes(href)?),
        }
    }

    fn bytes(&self, key: &str) -> Option<Arc<Vec<u8>>> {
        if key == PLACEHOLDER_KEY {
            static PLACEHOLDER: std::sync::OnceLock<Arc<Vec<u8>>> = std::sync::OnceLock::new();
            return Some(Arc::clone(
                PLACEHOLDER.get_or_init(|| Arc::new(PLACEHOLDER_ART.to_vec())),
            ));
        }
        if key == BACK_KEY {
            return self.back.as_ref().map(|(bytes, _)| Arc::clone(bytes));
        }
        let path = key
            .strip_prefix(ART_PREFIX)
            .filter(|p| is_plain_relative(p))?;
        std::fs::read(self.assets.join(path)).ok().map(Arc::new)
    }

    /// What the image behind `key` is, for keeping its crops: the file's path, length and
    /// modification time for pack art (an edited file is a new image), the back's number.
    /// `None` when the file cannot be read.
    fn source_identity(&self, key: &str) -> Option<String> {
        if key == PLACEHOLDER_KEY {
            return Some(key.to_owned());
        }
        if key == BACK_KEY {
            return self.back.as_ref().map(|(_, n)| format!("{key}#{n}"));
        }
        let path = key
            .strip_prefix(ART_PREFIX)
            .filter(|p| is_plain_relative(p))?;
        let file = self.assets.join(path);
        let meta = std::fs::metadata(&file).ok()?;
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        Some(format!("{}|{}|{modified}", file.display(), meta.len()))
    }

    /// The crop as PNG, made on first use.
    fn cropped(&self, key: &CropKey) -> Option<Arc<Vec<u8>>> {
        let identity = self.source_identity(&key.0)?;
        let kept = format!("{identity}{CROP_MARK}{:?}", key.1);
        CROPS.get_or_make(&kept, || self.make_crop(key), |v| buffer_bytes(v.as_ref()))
    }

    fn make_crop(&self, (source, [x, y, w, h, out_w, out_h]): &CropKey) -> Option<Arc<Vec<u8>>> {
        let bytes = self.bytes(source)?;
        let (iw, ih) = imagesize::blob_size(&bytes)
            .ok()
            .map(|s| (s.width, s.height))?;
        // The crop's part of the image on a canvas of the output size, scaled with bicubic
        // filtering: the canvas's edges do the cropping, so there is no clip.
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}" height="{h}" viewBox="0 0 {w} {h}"><image xlink:href="{source}" x="-{x}" y="-{y}" width="{iw}" height="{ih}" preserveAspectRatio="none" image-rendering="optimizeQuality"/></svg>"#
        );
        let tree = usvg::Tree::from_str(&svg, &self.options()).ok()?;
        let mut pixmap = tiny_skia::Pixmap::new(*out_w, *out_h)?;
        resvg::render(
            &tree,
            tiny_skia::Transform::from_scale(*out_w as f32 / *w as f32, *out_h as f32 / *h as f32),
            &mut pixmap.as_mut(),
        );
        crate::pixels::encode_png_uncompressed(&pixmap)
            .ok()
            .map(Arc::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::cover_crop;

    #[test]
    fn crops_keep_the_box_shape_and_stay_centred() {
        assert_eq!(cover_crop(200, 100, 1.0, 1.0), (50, 0, 100, 100));
        assert_eq!(cover_crop(100, 200, 2.0, 1.0), (0, 75, 100, 50));
        assert_eq!(cover_crop(100, 50, 2.0, 1.0), (0, 0, 100, 50));
    }

    #[test]
    fn the_placeholder_is_readable() {
        assert!(matches!(
            placeholder_value(),
            SlotValue::Image {
                width: 214,
                height: 140,
                ..
            }
        ));
    }

    #[test]
    fn a_crop_is_made_once_and_has_the_size_asked() {
        let store = ImageStore::new(Path::new("/nonexistent"));
        let Some(usvg::ImageKind::PNG(bytes)) =
            store.resolve(&format!("{PLACEHOLDER_KEY}{CROP_MARK}10,0,100,140,300,420"))
        else {
            panic!("no crop")
        };
        let size = imagesize::blob_size(&bytes).unwrap();
        assert_eq!((size.width, size.height), (300, 420));
        // Kept for the next job (a new store), not made again.
        let other = ImageStore::new(Path::new("/elsewhere"));
        let Some(again) = other.cropped(&(PLACEHOLDER_KEY.to_owned(), [10, 0, 100, 140, 300, 420]))
        else {
            panic!("no crop")
        };
        assert!(Arc::ptr_eq(&bytes, &again));
        assert!(store.resolve("art:../../etc/passwd").is_none());
    }
}
