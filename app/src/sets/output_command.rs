//! What the File menu's outputs are and what their windows ask for: a leaf module, so the
//! command list (`commands`) names them without depending on the app (`outputs` does the work).

use std::path::PathBuf;

use sigilforge_engine::pack::Pack;

use crate::dialogs::PathRequest;

/// One of the File menu's outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputKind {
    /// The pack's files as saved, in one zip archive (`sigilforge export`).
    PackExport,
    /// A pack archive unpacked into a new folder and opened (`sigilforge import`).
    PackImport,
    /// A PNG per card into a folder (`sigilforge render`).
    Images,
    /// A print-and-play PDF (`sigilforge print`).
    Print,
    /// Tabletop Simulator deck sheets, back and deck JSON into a folder (`sigilforge tts`).
    Tts,
    /// Every card as a CSV row (`sigilforge csv export`).
    CsvExport,
    /// Cards changed and added from a CSV file.
    CsvImport,
}

impl OutputKind {
    /// The File menu's items, in order.
    pub const ALL: [OutputKind; 7] = [
        OutputKind::PackExport,
        OutputKind::PackImport,
        OutputKind::Images,
        OutputKind::Print,
        OutputKind::Tts,
        OutputKind::CsvExport,
        OutputKind::CsvImport,
    ];

    /// The menu item's label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            OutputKind::PackExport => "Export pack…",
            OutputKind::PackImport => "Import pack…",
            OutputKind::Images => "Export card images…",
            OutputKind::Print => "Print sheet (PDF)…",
            OutputKind::Tts => "Tabletop Simulator deck…",
            OutputKind::CsvExport => "Export CSV…",
            OutputKind::CsvImport => "Import CSV…",
        }
    }

    pub(crate) fn tip(self) -> &'static str {
        match self {
            OutputKind::PackExport => "The pack's files as saved, in one archive to share",
            OutputKind::PackImport => "Unpack a pack archive into a new folder and open it",
            OutputKind::Images => "A PNG image of each card, named from its id",
            OutputKind::Print => "A print-and-play PDF: cards filling each page, backs mirrored",
            OutputKind::Tts => "Deck sheets, a back image and a deck Tabletop Simulator loads",
            OutputKind::CsvExport => "Every card as one spreadsheet row",
            OutputKind::CsvImport => "Change and add cards from a spreadsheet (shown first)",
        }
    }

    pub(crate) fn dialog_id(self) -> egui::Id {
        egui::Id::new(("dialog-output", self.label()))
    }

    pub(crate) fn request(self, pack: &Pack) -> PathRequest {
        let request = match self {
            OutputKind::PackExport => PathRequest::save_file(
                "Export the pack",
                "Pack archive",
                &["zip"],
                &format!("{}-{}.zip", pack.manifest.id, pack.manifest.version),
            ),
            OutputKind::PackImport => {
                PathRequest::open_file("Import a pack archive", "Pack archive", &["zip"])
            }
            OutputKind::Images => PathRequest::folder("Folder for the card images"),
            OutputKind::Print => PathRequest::save_file(
                "Save the print sheet",
                "PDF",
                &["pdf"],
                &format!("{}-cards.pdf", pack.manifest.id),
            ),
            OutputKind::Tts => PathRequest::folder("Folder for the Tabletop Simulator deck"),
            OutputKind::CsvExport => PathRequest::save_file(
                "Export the cards as CSV",
                "CSV",
                &["csv"],
                &format!("{}-cards.csv", pack.manifest.id),
            ),
            OutputKind::CsvImport => {
                PathRequest::open_file("Import cards from a CSV file", "CSV", &["csv"])
            }
        };
        // What is written goes beside the pack, not into it: an image folder, a PDF or an
        // archive inside the pack would be read as the pack's own files (and an archive would
        // carry the last one). Only a spreadsheet to import is looked for in the pack.
        let beside = pack
            .root
            .parent()
            .map_or_else(|| pack.root.clone(), std::path::Path::to_owned);
        let start = match self {
            OutputKind::CsvImport => pack.root.clone(),
            _ => beside,
        };
        request.start_in(start)
    }

    /// Whether the output has options to set before the path is asked for.
    pub(crate) fn has_options(self) -> bool {
        matches!(
            self,
            OutputKind::PackExport | OutputKind::Images | OutputKind::Print | OutputKind::Tts
        )
    }
}

/// What the outputs' windows ask the editor for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutputCommand {
    /// Start an output: its options first (if it has any), then the path.
    Start(OutputKind),
    /// The options are set: ask for the path.
    ChoosePath(OutputKind),
    /// Close the options window.
    CloseOptions,
    /// Stop the job in progress (what it wrote so far stays).
    Cancel,
    /// Show a folder in the system's file manager.
    OpenFolder(PathBuf),
    /// Close the message about the last job.
    Dismiss,
    /// Apply the import shown.
    ApplyImport,
    /// Drop the import shown.
    DropImport,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_start_beside_the_pack_and_only_an_import_in_it() {
        let manifest = sigilforge_engine::model::PackManifest::new("starter", "Starter");
        let pack = Pack::new(std::path::Path::new("/work/games/starter"), manifest);
        for kind in OutputKind::ALL {
            let start = kind.request(&pack).start_in;
            let want = if kind == OutputKind::CsvImport {
                "/work/games/starter"
            } else {
                "/work/games"
            };
            assert_eq!(
                start.as_deref(),
                Some(std::path::Path::new(want)),
                "{kind:?}"
            );
        }
        assert_eq!(
            OutputKind::Print.request(&pack).file_name.as_deref(),
            Some("starter-cards.pdf")
        );
    }
}
