//! The File menu's outputs on screen and in `apply` (see `outputs` for the state): the options
//! windows, the path through the one file dialog, the job started on its thread, the progress
//! bar, the message with "Open folder", and Import CSV shown, then applied as one edit.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::channel;

use anyhow::Context as _;

use sigilforge_engine::cards_csv;
use sigilforge_engine::diag::Severity;
use sigilforge_render::cli::split_ids;
use sigilforge_render::paper::{CardSize, parse_length_mm};
use sigilforge_render::raster::PngOptions;
use sigilforge_render::tts::TtsOptions;
use sigilforge_render::{BackChoice, Deck, Progress};

use super::app::SigilforgeApp;
use super::commands::EditCommand;
use super::document::{Change, Item};
use crate::encounters::sandbox::displayable;
use crate::sets::outputs::{
    Finished, Job, OutputCommand, OutputKind, OutputOptions, PendingImport,
};

impl SigilforgeApp {
    /// Carries out an [`OutputCommand`].
    pub(super) fn apply_output(&mut self, command: OutputCommand) {
        match command {
            OutputCommand::Start(kind) => {
                self.outputs.finished = None;
                if kind.has_options() {
                    self.outputs.asking = Some(kind);
                } else {
                    self.ask_output_path(kind);
                }
            }
            OutputCommand::ChoosePath(kind) => {
                self.outputs.asking = None;
                self.ask_output_path(kind);
            }
            OutputCommand::CloseOptions => self.outputs.asking = None,
            OutputCommand::Cancel => {
                if let Some(job) = &self.outputs.job {
                    job.progress.cancel();
                }
            }
            OutputCommand::OpenFolder(dir) => {
                let failed = Arc::clone(&self.outputs.open_failed);
                if let Err(e) = open_folder(FILE_MANAGER, &dir, self.ctx.clone(), failed) {
                    self.outputs.finished = Some(Finished {
                        text: format!("Cannot open {}: {e}", dir.display()),
                        folder: None,
                    });
                }
            }
            OutputCommand::Dismiss => self.outputs.finished = None,
            OutputCommand::ApplyImport => self.apply_import(),
            OutputCommand::DropImport => self.outputs.import = None,
        }
    }

    fn ask_output_path(&mut self, kind: OutputKind) {
        let Some(doc) = &self.doc else { return };
        let request = kind.request(doc.pack());
        if let Some(ctx) = &self.ctx {
            crate::dialogs::open(ctx, kind.dialog_id(), request);
        }
    }

    /// Acts on a path picked for an output.
    pub(super) fn take_output_answers(&mut self, ctx: &egui::Context) {
        for kind in OutputKind::ALL {
            if let Some(path) = crate::dialogs::take(ctx, kind.dialog_id())
                && let Err(e) = self.start_output(kind, path)
            {
                self.outputs.finished = Some(Finished {
                    text: format!("{e:#}"),
                    folder: None,
                });
            }
        }
        if let Some(folder) = crate::dialogs::take(ctx, pack_folder_dialog_id())
            && let Some(archive) = self.outputs.pack_archive.take()
        {
            self.outputs.finished = Some(match self.import_pack_into(&archive, &folder) {
                Ok(finished) => finished,
                Err(e) => Finished {
                    text: format!("{e:#}"),
                    folder: None,
                },
            });
        }
    }

    /// Unpacks `archive` into `folder` (when it is empty) or into a new folder inside it named
    /// after the archive, then opens it unless this pack has unsaved changes.
    fn import_pack_into(&mut self, archive: &Path, folder: &Path) -> anyhow::Result<Finished> {
        let empty = std::fs::read_dir(folder).is_ok_and(|mut d| d.next().is_none());
        let dest = if empty {
            folder.to_owned()
        } else {
            let stem = archive
                .file_stem()
                .map_or_else(|| "pack".into(), |s| s.to_string_lossy().into_owned());
            folder.join(stem)
        };
        let report = sigilforge_engine::archive::import_pack(archive, &dest, false)
            .context("Nothing was unpacked")?;
        let unpacked = format!(
            "Unpacked {} files from {} into {}.",
            report.files,
            archive.display(),
            dest.display()
        );
        let text = if self.is_dirty() {
            format!(
                "{unpacked} This pack has unsaved changes: save or undo them, then open it with File ➡ Open pack…"
            )
        } else {
            self.apply(EditCommand::OpenPack(dest.clone()));
            // With a window up the pack is read on a thread: the status bar says when it is
            // open (and what went wrong if it could not be).
            if self.is_opening() {
                format!("{unpacked} Opening it now.")
            } else if self.is_open(&dest) {
                format!("{unpacked} It is open now.")
            } else {
                format!("{unpacked} It could not be opened: the status bar says why.")
            }
        };
        Ok(Finished {
            text,
            folder: Some(dest),
        })
    }

    /// Starts `kind` into `dest`: a job on its thread, or (CSV, packs) done at once.
    fn start_output(&mut self, kind: OutputKind, dest: PathBuf) -> anyhow::Result<()> {
        // The problems checked below are those of the pack as it is now.
        self.validate_pending();
        let doc = self.doc.as_ref().context("No pack is open.")?;
        if kind == OutputKind::PackImport {
            let request = crate::dialogs::PathRequest::folder(
                "Folder to unpack the pack into (an empty one, or one to hold a new pack folder)",
            )
            .start_in(
                doc.pack()
                    .root
                    .parent()
                    .unwrap_or(&doc.pack().root)
                    .to_owned(),
            );
            self.outputs.pack_archive = Some(dest);
            if let Some(ctx) = &self.ctx {
                crate::dialogs::open(ctx, pack_folder_dialog_id(), request);
            }
            return Ok(());
        }
        if kind == OutputKind::PackExport {
            // The archive holds the files as saved; `export_pack` checks them as `validate` does.
            let report = sigilforge_engine::archive::export_pack(&doc.pack().root, &dest)
                .context("Nothing was written")?;
            let unsaved = if doc.is_dirty() {
                " Unsaved changes are not in it."
            } else {
                ""
            };
            self.outputs.finished = Some(Finished {
                text: format!(
                    "Wrote pack `{}` version {} ({} files) to {}.{unsaved}",
                    report.pack_id,
                    report.version,
                    report.files,
                    dest.display()
                ),
                folder: dest.parent().map(Path::to_owned),
            });
            return Ok(());
        }
        if kind == OutputKind::CsvImport {
            let bytes =
                std::fs::read(&dest).with_context(|| format!("Cannot read {}", dest.display()))?;
            let plan = cards_csv::plan_import_bytes(doc.pack(), &bytes).map_err(|errors| {
                let mut lines = vec![format!("Nothing was imported; fix these rows first:")];
                lines.extend(errors.iter().map(|e| e.display(&dest)));
                anyhow::anyhow!(lines.join("\n"))
            })?;
            self.outputs.import = Some(PendingImport { path: dest, plan });
            return Ok(());
        }
        if let Some(problem) = doc
            .problems()
            .iter()
            .find(|p| p.diagnostic.severity == Severity::Error)
        {
            anyhow::bail!(
                "The pack has problems; fix them first (nothing was written). The first: {}",
                problem.diagnostic
            );
        }
        if kind == OutputKind::CsvExport {
            let text = cards_csv::export_csv(doc.pack())?;
            sigilforge_engine::atomic::write_atomic(&dest, &text)?;
            let cards = doc.pack().cards().count();
            self.outputs.finished = Some(Finished {
                text: format!("Wrote {cards} cards to {}.", dest.display()),
                folder: dest.parent().map(Path::to_owned),
            });
            return Ok(());
        }
        let options = self.outputs.options.clone();
        let (deck, work): (Deck, Work) = match kind {
            OutputKind::Images => {
                let bleed_mm =
                    parse_length_mm(&options.bleed).map_err(|e| anyhow::anyhow!("Bleed: {e}"))?;
                let ids = (!options.cards.trim().is_empty()).then(|| split_ids(&options.cards));
                let deck = Deck::from_pack(doc.pack(), ids.as_deref(), &BackChoice::None)?;
                let card = (!options.card.trim().is_empty())
                    .then(|| CardSize::parse(&options.card))
                    .transpose()
                    .map_err(|e| anyhow::anyhow!("Card size: {e}"))?;
                let png = PngOptions {
                    dpi: options.dpi,
                    bleed_mm,
                    card,
                };
                (deck, Work::Images(png))
            }
            OutputKind::Print => {
                let (print, back) = options.print.parse().map_err(anyhow::Error::msg)?;
                let deck = Deck::from_pack(doc.pack(), None, &back)?;
                (deck, Work::Print(print))
            }
            _ => {
                let deck = Deck::from_pack(doc.pack(), None, &BackChoice::Default)?;
                let tts = TtsOptions {
                    dpi: options.tts_dpi,
                    url_base: None,
                };
                (deck, Work::Tts(tts))
            }
        };
        let progress = Arc::new(Progress::new());
        let (tx, rx) = channel();
        let (counter, target) = (Arc::clone(&progress), dest.clone());
        std::thread::spawn(move || {
            let result = match work {
                Work::Images(png) => {
                    sigilforge_render::raster::render_pngs(&deck, &target, png, &counter)
                }
                Work::Print(print) => {
                    sigilforge_render::print::print_pdf(&deck, &print, &target, &counter)
                }
                Work::Tts(tts) => {
                    sigilforge_render::tts::tts_export(&deck, &target, &tts, &counter)
                }
            };
            // Only the message is shown; the editor may have closed: nobody to tell.
            tx.send(result.map_err(anyhow::Error::from)).ok();
        });
        self.outputs.job = Some(Job {
            kind,
            progress,
            result: rx,
            dest,
        });
        Ok(())
    }

    /// Applies the import shown, as one undoable edit (changed cards replaced, new ones added).
    fn apply_import(&mut self) {
        let Some(import) = self.outputs.import.take() else {
            return;
        };
        let changes: Result<Vec<Change>, _> = import
            .plan
            .changes
            .iter()
            .map(|c| match &c.before {
                Some(before) => Change::card_replaced(&c.file, c.index, before, &c.after),
                None => Change::item_inserted(&c.file, c.index, &Item::Card(c.after.clone())),
            })
            .collect();
        if changes.as_ref().is_ok_and(Vec::is_empty) {
            return;
        }
        let name = import
            .path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        self.edit_or_report(format!("Import {name}"), changes, None);
    }

    /// Draws the outputs' windows: options, progress, the last job's message, the import.
    pub(super) fn outputs_ui(&mut self, ctx: &egui::Context, commands: &mut Vec<EditCommand>) {
        let open_failed = self
            .outputs
            .open_failed
            .lock()
            .ok()
            .and_then(|mut slot| slot.take());
        if let Some(text) = open_failed {
            self.outputs.finished = Some(Finished { text, folder: None });
        }
        let mut save_now = false;
        let mut push = |c: OutputCommand| commands.push(EditCommand::Output(c));
        if let Some(kind) = self.outputs.asking {
            egui::Window::new(kind.label().trim_end_matches('…'))
                .collapsible(false)
                .resizable(false)
                .show(ctx, |ui| {
                    if kind == OutputKind::PackExport
                        && let Some(doc) = &self.doc
                    {
                        save_now = pack_export_ui(ui, doc);
                    }
                    options_ui(ui, kind, &mut self.outputs.options);
                    ui.horizontal(|ui| {
                        if ui.button("Choose where…").clicked() {
                            push(OutputCommand::ChoosePath(kind));
                        }
                        if ui.button("Cancel").clicked() {
                            push(OutputCommand::CloseOptions);
                        }
                    });
                });
        }
        if let Some(job) = &self.outputs.job {
            egui::Window::new("Working")
                .collapsible(false)
                .resizable(false)
                .show(ctx, |ui| {
                    let (done, total) = job.progress.get();
                    ui.label(format!(
                        "{}: {done} of {total} cards",
                        job.kind.label().trim_end_matches('…')
                    ));
                    ui.add(egui::ProgressBar::new(job.progress.fraction()).show_percentage());
                    if ui.button("Cancel").clicked() {
                        push(OutputCommand::Cancel);
                    }
                });
        }
        if let Some(finished) = &self.outputs.finished {
            egui::Window::new("Output")
                .collapsible(false)
                .show(ctx, |ui| {
                    ui.label(&finished.text);
                    ui.horizontal(|ui| {
                        if let Some(folder) = &finished.folder
                            && ui.button("Open folder").clicked()
                        {
                            push(OutputCommand::OpenFolder(folder.clone()));
                        }
                        if ui.button("OK").clicked() {
                            push(OutputCommand::Dismiss);
                        }
                    });
                });
        }
        if let Some(import) = &self.outputs.import {
            egui::Window::new("Import CSV")
                .collapsible(false)
                .show(ctx, |ui| import_ui(ui, import, &mut push));
        }
        if save_now {
            commands.push(EditCommand::Save);
        }
    }
}

/// The work a job does on its thread.
enum Work {
    Images(PngOptions),
    Print(sigilforge_render::print::PrintOptions),
    Tts(TtsOptions),
}

/// What Export pack… will write: the pack as saved, and a way to save first.
/// Returns whether "Save now" was clicked.
fn pack_export_ui(ui: &mut egui::Ui, doc: &super::Document) -> bool {
    let manifest = &doc.pack().manifest;
    ui.label(format!(
        "Pack `{}` version {}: every file in {}, as saved, in one archive (checked first, as \
         `sigilforge validate` checks it).",
        manifest.id,
        manifest.version,
        doc.pack().root.display()
    ));
    if !doc.is_dirty() {
        return false;
    }
    ui.horizontal(|ui| {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            "You have unsaved changes; the archive will not have them.",
        );
        ui.button("Save now").clicked()
    })
    .inner
}

/// The options of `kind`, as the command line has them.
fn options_ui(ui: &mut egui::Ui, kind: OutputKind, options: &mut OutputOptions) {
    egui::Grid::new("output-options")
        .num_columns(2)
        .show(ui, |ui| match kind {
            OutputKind::Images => {
                ui.label("Resolution (dpi)");
                ui.add(egui::DragValue::new(&mut options.dpi).range(30.0..=1200.0));
                ui.end_row();
                text_option(
                    ui,
                    "Cards (ids, comma-separated; empty: all)",
                    &mut options.cards,
                );
                text_option(ui, "Bleed", &mut options.bleed);
                text_option(
                    ui,
                    "Card size (poker, bridge, tarot, WxHmm; empty: the template's)",
                    &mut options.card,
                );
            }
            OutputKind::Print => {
                ui.label("Paper");
                egui::ComboBox::from_id_salt("output-paper")
                    .selected_text(&options.print.paper)
                    .show_ui(ui, |ui| {
                        for paper in ["a4", "letter"] {
                            ui.selectable_value(&mut options.print.paper, paper.to_owned(), paper);
                        }
                    });
                ui.end_row();
                let mut card = options.print.card.clone().unwrap_or_default();
                text_option(
                    ui,
                    "Card size (poker, bridge, tarot, WxHmm; empty: the template's)",
                    &mut card,
                );
                options.print.card = (!card.trim().is_empty()).then_some(card);
                text_option(ui, "Bleed", &mut options.print.bleed);
                ui.label("Crop marks");
                ui.checkbox(&mut options.print.crop_marks, "");
                ui.end_row();
                let mut backs = options.print.backs.clone().unwrap_or_default();
                text_option(
                    ui,
                    "Backs (template, image or none; empty: the pack's)",
                    &mut backs,
                );
                options.print.backs = (!backs.trim().is_empty()).then_some(backs);
                text_option(
                    ui,
                    "Duplex offset (X,Y mm)",
                    &mut options.print.duplex_offset,
                );
            }
            OutputKind::Tts => {
                ui.label("Resolution (dpi)");
                ui.add(egui::DragValue::new(&mut options.tts_dpi).range(30.0..=600.0));
                ui.end_row();
            }
            OutputKind::CsvExport
            | OutputKind::CsvImport
            | OutputKind::PackImport
            | OutputKind::PackExport => {}
        });
}

fn text_option(ui: &mut egui::Ui, label: &str, value: &mut String) {
    let label = ui.label(label);
    ui.text_edit_singleline(value).labelled_by(label.id);
    ui.end_row();
}

/// What an import will change, and Apply / Cancel.
fn import_ui(ui: &mut egui::Ui, import: &PendingImport, push: &mut impl FnMut(OutputCommand)) {
    let plan = &import.plan;
    let added = plan.changes.iter().filter(|c| c.before.is_none()).count();
    ui.label(format!(
        "{}: {added} new cards, {} changed, {} unchanged, {} not in the sheet (left as they are).",
        import.path.display(),
        plan.changes.len() - added,
        plan.unchanged,
        plan.not_in_sheet
    ));
    for note in &plan.notes {
        ui.label(format!("Read as: {}", displayable(note)));
    }
    if !plan.warnings.is_empty() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "{} cells look changed by a spreadsheet; check them before applying:",
                plan.warnings.len()
            ),
        );
    }
    egui::ScrollArea::vertical()
        .max_height(300.0)
        .show(ui, |ui| {
            for warning in &plan.warnings {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    displayable(&warning.display(&import.path)),
                );
            }
            for change in &plan.changes {
                ui.strong(format!("{} ({})", change.after.id, change.file));
                for line in change.describe() {
                    ui.label(format!("  {}", displayable(&line)));
                }
            }
        });
    ui.horizontal(|ui| {
        let label = if plan.changes.is_empty() {
            "Nothing to change"
        } else {
            "Apply"
        };
        if ui
            .add_enabled(!plan.changes.is_empty(), egui::Button::new(label))
            .on_hover_text("One edit: undo takes it back; Save writes the changed cards only")
            .clicked()
        {
            push(OutputCommand::ApplyImport);
        }
        if ui.button("Cancel").clicked() {
            push(OutputCommand::DropImport);
        }
    });
}

/// The program that shows a folder in the system's file manager.
const FILE_MANAGER: &str = if cfg!(target_os = "windows") {
    "explorer"
} else if cfg!(target_os = "macos") {
    "open"
} else {
    "xdg-open"
};

/// Opens `dir` with `program`. A program that starts can still fail (xdg-open with no file
/// manager set up exits 3 or 4 and nothing opens): its exit is awaited on a thread, and a
/// failure is put in `failed` and the UI woken, so the user is told instead of left waiting.
/// (Explorer's exit code says nothing, so it is not awaited.)
fn open_folder(
    program: &str,
    dir: &Path,
    ctx: Option<egui::Context>,
    failed: Arc<std::sync::Mutex<Option<String>>>,
) -> std::io::Result<()> {
    let mut child = std::process::Command::new(program).arg(dir).spawn()?;
    if cfg!(target_os = "windows") {
        return Ok(());
    }
    let (program, dir) = (program.to_owned(), dir.to_owned());
    std::thread::spawn(move || {
        let why = match child.wait() {
            Ok(status) if status.success() => return,
            Ok(status) => format!(
                "Cannot open {}: {program} ended with {status} (is a file manager set up?). The files are there.",
                dir.display()
            ),
            Err(e) => format!("Cannot open {}: {e}", dir.display()),
        };
        if let Ok(mut slot) = failed.lock() {
            *slot = Some(why);
        }
        if let Some(ctx) = ctx {
            ctx.request_repaint();
        }
    });
    Ok(())
}

/// The File menu's output items.
pub(super) fn menu_items(ui: &mut egui::Ui, enabled: bool, commands: &mut Vec<EditCommand>) {
    for kind in OutputKind::ALL {
        if ui
            .add_enabled(enabled, egui::Button::new(kind.label()))
            .on_hover_text(kind.tip())
            .clicked()
        {
            commands.push(EditCommand::Output(OutputCommand::Start(kind)));
            ui.close();
        }
    }
}

/// The id under which Import pack… asks for the folder to unpack into.
fn pack_folder_dialog_id() -> egui::Id {
    egui::Id::new("dialog-pack-import-folder")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program that starts and then fails is reported, not silent.
    #[cfg(unix)]
    #[test]
    fn a_file_manager_that_fails_after_starting_is_reported() {
        let failed = Arc::default();
        open_folder("false", Path::new("/tmp"), None, Arc::clone(&failed)).unwrap();
        let mut why = None;
        for _ in 0..200 {
            why = failed.lock().unwrap().clone();
            if why.is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let why = why.expect("the failure comes back");
        assert!(why.contains("Cannot open /tmp: false ended with"), "{why}");
        let ok: Arc<std::sync::Mutex<Option<String>>> = Arc::default();
        open_folder("true", Path::new("/tmp"), None, Arc::clone(&ok)).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
        assert!(ok.lock().unwrap().is_none());
        assert!(
            open_folder(
                "no-such-program-here",
                Path::new("/tmp"),
                None,
                Arc::default()
            )
            .is_err()
        );
    }
}
