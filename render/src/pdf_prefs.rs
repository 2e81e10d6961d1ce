//! Viewer preferences for a print-and-play PDF: print at 100 % (`/PrintScaling /None`, so a
//! print dialog does not "fit to page" and shrink every card) and, when the backs follow the
//! fronts, duplex flipped on the long edge (`/Duplex /DuplexFlipLongEdge`, the way the backs
//! are mirrored). krilla does not write these, so they are added to its finished file as a PDF
//! incremental update (ISO 32000-1 §7.5.6): the catalog again with the preferences, a
//! cross-reference section for it and a trailer pointing at the first. The original bytes
//! are kept as they are; every reader applies the update.

use std::fmt::Write as _;

/// The preferences to add.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewerPrefs {
    /// Ask for duplex flipped on the long edge (backs follow fronts).
    pub duplex_long_edge: bool,
}

/// Why the preferences could not be added (the PDF is not shaped as krilla writes it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot add print settings to the PDF: {0}")]
pub struct PrefsError(&'static str);

/// `pdf` with the catalog's viewer preferences set, as an incremental update.
pub fn with_viewer_prefs(mut pdf: Vec<u8>, prefs: ViewerPrefs) -> Result<Vec<u8>, PrefsError> {
    let text = String::from_utf8_lossy(&pdf).into_owned();
    let type_at = text
        .find("/Type /Catalog")
        .ok_or(PrefsError("no document catalog"))?;
    let obj_at = text[..type_at]
        .rfind(" 0 obj")
        .ok_or(PrefsError("the catalog is not an object"))?;
    let number_start = text[..obj_at]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    let number: u32 = text[number_start..obj_at]
        .parse()
        .map_err(|_| PrefsError("the catalog's object number"))?;
    let dict_start = text[obj_at..]
        .find("<<")
        .map(|i| obj_at + i)
        .ok_or(PrefsError("the catalog has no dictionary"))?;
    let end_at = text[dict_start..]
        .find("endobj")
        .map(|i| dict_start + i)
        .ok_or(PrefsError("the catalog does not end"))?;
    let dict = text[dict_start..end_at].trim_end();
    if dict.contains("/ViewerPreferences") {
        return Err(PrefsError("the catalog already has viewer preferences"));
    }
    let body = dict
        .strip_suffix(">>")
        .ok_or(PrefsError("the catalog's dictionary does not close"))?;
    let startxref_at = text.rfind("startxref").ok_or(PrefsError("no startxref"))?;
    let prev: usize = text[startxref_at + "startxref".len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or(PrefsError("the startxref offset"))?;
    let trailer_at = text[..startxref_at]
        .rfind("trailer")
        .ok_or(PrefsError("no trailer"))?;
    let trailer = text[trailer_at + "trailer".len()..startxref_at].trim();
    let trailer_body = trailer
        .strip_suffix(">>")
        .ok_or(PrefsError("the trailer does not close"))?;
    if trailer_body.contains("/Prev") {
        return Err(PrefsError("the file was already updated"));
    }

    if !pdf.ends_with(b"\n") {
        pdf.push(b'\n');
    }
    let object_at = pdf.len();
    let mut update = String::new();
    let _ = write!(
        update,
        "{number} 0 obj\n{body}\n  /ViewerPreferences << /PrintScaling /None{} >>\n>>\nendobj\n",
        if prefs.duplex_long_edge {
            " /Duplex /DuplexFlipLongEdge"
        } else {
            ""
        }
    );
    let xref_at = object_at + update.len();
    // Each entry is exactly 20 bytes: offset, generation, kind, then space and newline.
    let _ = write!(
        update,
        "xref\n0 1\n0000000000 65535 f \n{number} 1\n{object_at:010} 00000 n \ntrailer\n{trailer_body} /Prev {prev}\n>>\nstartxref\n{xref_at}\n%%EOF\n"
    );
    pdf.extend_from_slice(update.as_bytes());
    Ok(pdf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_update_adds_the_preferences_and_points_back() {
        let mut document = krilla::Document::new();
        let settings = krilla::page::PageSettings::from_wh(100.0, 100.0).unwrap();
        let page = document.start_page_with(settings);
        page.finish();
        let pdf = document.finish().unwrap();
        let updated = with_viewer_prefs(
            pdf.clone(),
            ViewerPrefs {
                duplex_long_edge: true,
            },
        )
        .unwrap();
        assert!(updated.starts_with(&pdf));
        let doc = lopdf::Document::load_mem(&updated).unwrap();
        let catalog = doc.catalog().unwrap();
        let prefs = catalog
            .get(b"ViewerPreferences")
            .unwrap()
            .as_dict()
            .unwrap();
        assert_eq!(
            prefs.get(b"PrintScaling").unwrap().as_name().unwrap(),
            b"None"
        );
        assert_eq!(
            prefs.get(b"Duplex").unwrap().as_name().unwrap(),
            b"DuplexFlipLongEdge"
        );
        assert_eq!(doc.get_pages().len(), 1);
        // Twice is refused, not written twice.
        assert!(
            with_viewer_prefs(
                updated,
                ViewerPrefs {
                    duplex_long_edge: false
                }
            )
            .is_err()
        );
    }
}
