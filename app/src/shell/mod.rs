//! The editor: an eframe app over a content pack.
//!
//! Shape (after rerun's viewer): panels draw from a `&Document` and push [`EditCommand`]s;
//! [`SigilforgeApp::apply`] is the only code that changes the document, so undo, dirty marks,
//! autosave and re-validation happen in one place.

mod app;
mod apply;
mod apply_decks;
mod apply_files;
mod apply_hosted;
mod apply_outputs;
mod apply_tabletop;
pub mod bulk;
pub mod census;
mod chrome;
pub mod commands;
mod conflict;
pub mod dock;
pub mod document;
pub mod history;
pub mod hosted;
mod opening;
pub mod panels;
pub mod recovery;
mod reload;
pub mod rename;
pub mod tab;
pub mod tabletop_items;
mod validation;
mod watch;
pub mod workspace;

use std::path::PathBuf;

pub use app::{Settings, SigilforgeApp};
pub use commands::EditCommand;
pub use document::{Document, ItemAddr, ItemKind};
pub use recovery::{AutosaveSettings, RECOVERY_FILE, RecoverySnapshot};

/// Opens the editor window on the pack at `pack_dir` (the bundled starter content by default).
pub fn run_editor(pack_dir: Option<PathBuf>) -> anyhow::Result<()> {
    opening::mark_start();
    let pack_dir = pack_dir.unwrap_or_else(default_pack_dir);
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Sigilforge")
        .with_inner_size([1400.0, 900.0])
        .with_min_inner_size([800.0, 500.0]);
    match eframe::icon_data::from_png_bytes(include_bytes!("../../../assets/icons/sigilforge.png"))
    {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(e) => eprintln!("warning: the app icon could not be read: {e}"),
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    eframe::run_native(
        "Sigilforge",
        options,
        Box::new(move |cc| Ok(Box::new(SigilforgeApp::new(cc, pack_dir)))),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the editor window: {e}"))
}

/// The bundled starter content: `content/` next to the workspace, or beside the executable.
#[must_use]
pub fn default_pack_dir() -> PathBuf {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../content");
    if workspace.join("pack.ron").is_file() {
        return workspace;
    }
    std::env::current_dir().unwrap_or_default().join("content")
}
