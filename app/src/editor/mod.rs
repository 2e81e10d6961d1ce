//! The editor: an eframe app over a content pack.

use std::path::PathBuf;

/// Opens the editor window on the pack at `pack_dir` (the bundled starter content by default).
pub fn run_editor(pack_dir: Option<PathBuf>) -> anyhow::Result<()> {
    let pack_dir = pack_dir.unwrap_or_else(default_pack_dir);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Sigilforge")
            .with_inner_size([1400.0, 900.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Sigilforge",
        options,
        Box::new(move |_cc| Ok(Box::new(SigilforgeApp { pack_dir }))),
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

/// The editor application.
pub struct SigilforgeApp {
    pack_dir: PathBuf,
}

impl eframe::App for SigilforgeApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.heading("Sigilforge");
            ui.label(format!("Pack: {}", self.pack_dir.display()));
        });
    }
}
