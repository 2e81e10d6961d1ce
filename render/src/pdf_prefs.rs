//! Viewer preferences for a print-and-play PDF: print at 100 % (`/PrintScaling /None`, so a
//! print dialog does not "fit to page" and shrink every card) and, when the backs follow the
//! fronts, duplex flipped on the long edge (`/Duplex /DuplexFlipLongEdge`, the way the backs
//! are mirrored). krilla has no setting for either, so they are added to its finished file as
//! a PDF incremental update (ISO 32000-1 §7.5.6) written by lopdf: the catalog again with the
//! preferences, and a cross-reference section of the kind krilla wrote (a stream when its
//! objects are in object streams) pointing back at the first. krilla's bytes are kept as they
//! are; every reader applies the update.

use lopdf::{Dictionary, Document, IncrementalDocument, Object};

/// The preferences to add.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewerPrefs {
    /// Ask for duplex flipped on the long edge (backs follow fronts).
    pub duplex_long_edge: bool,
}

/// Why the preferences could not be added to the PDF.
#[derive(Debug, thiserror::Error)]
pub enum PrefsError {
    /// The PDF could not be read back.
    #[error("cannot add print settings to the PDF: {0}")]
    Pdf(#[from] lopdf::Error),
    /// The update could not be written.
    #[error("cannot add print settings to the PDF: {0}")]
    Write(#[from] std::io::Error),
    /// The catalog already names print settings (the file was updated before).
    #[error("cannot add print settings to the PDF: it already has them")]
    AlreadySet,
}

/// `pdf` with the catalog's viewer preferences set, as an incremental update. Preferences
/// krilla wrote itself (a document title shown, a reading direction) are kept.
pub fn with_viewer_prefs(pdf: Vec<u8>, prefs: ViewerPrefs) -> Result<Vec<u8>, PrefsError> {
    let previous = Document::load_mem(&pdf)?;
    let root = previous.trailer.get(b"Root")?.as_reference()?;
    let mut viewer = match previous.get_dictionary(root)?.get(b"ViewerPreferences") {
        Ok(existing) => previous.dereference(existing)?.1.as_dict()?.clone(),
        Err(_) => Dictionary::new(),
    };
    if viewer.has(b"PrintScaling") || viewer.has(b"Duplex") {
        return Err(PrefsError::AlreadySet);
    }
    viewer.set("PrintScaling", Object::Name(b"None".to_vec()));
    if prefs.duplex_long_edge {
        viewer.set("Duplex", Object::Name(b"DuplexFlipLongEdge".to_vec()));
    }
    let mut update = IncrementalDocument::create_from(pdf, previous);
    update.opt_clone_object_to_new_document(root)?;
    update
        .new_document
        .get_dictionary_mut(root)?
        .set("ViewerPreferences", Object::Dictionary(viewer));
    let mut bytes = Vec::with_capacity(update.get_prev_documents_bytes().len() + 1024);
    update.save_to(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-page PDF as krilla writes it, with `settings`.
    fn krilla_pdf(settings: krilla::SerializeSettings) -> Vec<u8> {
        let mut document = krilla::Document::new_with(settings);
        let page_settings = krilla::page::PageSettings::from_wh(100.0, 100.0).unwrap();
        document.start_page_with(page_settings).finish();
        document.finish().unwrap()
    }

    fn viewer_prefs(pdf: &[u8]) -> Dictionary {
        let doc = Document::load_mem(pdf).unwrap();
        assert_eq!(doc.get_pages().len(), 1);
        let prefs = doc.catalog().unwrap().get(b"ViewerPreferences").unwrap();
        doc.dereference(prefs).unwrap().1.as_dict().unwrap().clone()
    }

    #[test]
    fn the_update_adds_the_preferences_and_keeps_krillas_bytes() {
        // krilla's default output (object streams, compressed) and its plain one: both are
        // read back with the preferences, krilla's bytes left as they were.
        for settings in [
            krilla::SerializeSettings::default(),
            krilla::SerializeSettings {
                compress_content_streams: false,
                ascii_compatible: true,
                ..krilla::SerializeSettings::default()
            },
        ] {
            let pdf = krilla_pdf(settings);
            let updated = with_viewer_prefs(
                pdf.clone(),
                ViewerPrefs {
                    duplex_long_edge: true,
                },
            )
            .unwrap();
            assert!(updated.starts_with(&pdf));
            let prefs = viewer_prefs(&updated);
            assert_eq!(
                prefs.get(b"PrintScaling").unwrap().as_name().unwrap(),
                b"None"
            );
            assert_eq!(
                prefs.get(b"Duplex").unwrap().as_name().unwrap(),
                b"DuplexFlipLongEdge"
            );
            // Twice is refused, not written twice.
            assert!(matches!(
                with_viewer_prefs(
                    updated,
                    ViewerPrefs {
                        duplex_long_edge: false
                    }
                ),
                Err(PrefsError::AlreadySet)
            ));
        }
    }

    #[test]
    fn fronts_only_ask_for_actual_size_and_no_duplex() {
        let updated = with_viewer_prefs(
            krilla_pdf(krilla::SerializeSettings::default()),
            ViewerPrefs {
                duplex_long_edge: false,
            },
        )
        .unwrap();
        let prefs = viewer_prefs(&updated);
        assert_eq!(
            prefs.get(b"PrintScaling").unwrap().as_name().unwrap(),
            b"None"
        );
        assert!(prefs.get(b"Duplex").is_err());
    }

    #[test]
    fn bytes_that_are_not_a_pdf_are_an_error() {
        assert!(matches!(
            with_viewer_prefs(
                b"not a pdf".to_vec(),
                ViewerPrefs {
                    duplex_long_edge: true
                }
            ),
            Err(PrefsError::Pdf(_))
        ));
    }
}
