//! File dialogs, in one place. Every "pick a file or folder" goes through [`open`]; the answer
//! comes back through [`take`] under the caller's id, the same frame when the native dialog
//! works, later when the user typed a path into the fallback:
//!
//! ```ignore
//! if ui.button("Browse…").clicked() {
//!     dialogs::open(ui.ctx(), id, PathRequest::open_file("Pick an image", &["png"]));
//! }
//! if let Some(path) = dialogs::take(ui.ctx(), id) { /* use it */ }
//! ```
//!
//! When the native dialog cannot open (no display server, no desktop portal and no dialog
//! program: rfd then returns at once with nothing), the user is told why and offered a path
//! field ([`fallback_ui`], drawn by the app every frame). Tests replace the native dialog with
//! scripted answers ([`script`]).

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use egui::{Context, Id};

/// What to ask for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathRequest {
    /// The dialog's title ("Open a Sigilforge pack folder").
    pub title: String,
    /// A folder, a file to open or a file to save.
    pub kind: PathKind,
    /// File name filters (`("images", ["png", "jpg"])`).
    pub filters: Vec<(String, Vec<String>)>,
    /// The folder the dialog starts in.
    pub start_in: Option<PathBuf>,
    /// A suggested file name (saving).
    pub file_name: Option<String>,
}

/// Which kind of path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathKind {
    /// An existing folder.
    Folder,
    /// An existing file.
    OpenFile,
    /// A file to write.
    SaveFile,
}

impl PathRequest {
    /// Asks for a folder.
    #[must_use]
    pub fn folder(title: &str) -> Self {
        Self::new(title, PathKind::Folder)
    }

    /// Asks for a file to open, with one filter.
    #[must_use]
    pub fn open_file(title: &str, what: &str, extensions: &[&str]) -> Self {
        Self::new(title, PathKind::OpenFile).filter(what, extensions)
    }

    /// Asks for a file to save, with one filter and a suggested name.
    #[must_use]
    pub fn save_file(title: &str, what: &str, extensions: &[&str], file_name: &str) -> Self {
        let mut r = Self::new(title, PathKind::SaveFile).filter(what, extensions);
        r.file_name = Some(file_name.to_owned());
        r
    }

    fn new(title: &str, kind: PathKind) -> Self {
        Self {
            title: title.to_owned(),
            kind,
            filters: Vec::new(),
            start_in: None,
            file_name: None,
        }
    }

    /// Offers one more filter (the first is the one the dialog starts with).
    #[must_use]
    pub fn filter(mut self, what: &str, extensions: &[&str]) -> Self {
        self.filters.push((
            what.to_owned(),
            extensions.iter().map(|e| (*e).to_owned()).collect(),
        ));
        self
    }

    /// Starts the dialog in `dir`.
    #[must_use]
    pub fn start_in(mut self, dir: PathBuf) -> Self {
        self.start_in = Some(dir);
        self
    }
}

/// What a dialog gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PickResult {
    /// A path.
    Picked(PathBuf),
    /// The user closed the dialog.
    Cancelled,
    /// No dialog could open; why.
    Unavailable(String),
}

/// Scripted answers a test put in place of the native dialog.
type Script = Arc<Mutex<VecDeque<PickResult>>>;

/// The fallback path field waiting for the user.
#[derive(Debug, Clone)]
struct Fallback {
    id: Id,
    request: PathRequest,
    reason: String,
    typed: String,
}

fn script_id() -> Id {
    Id::new("sigilforge-dialog-script")
}

fn fallback_id() -> Id {
    Id::new("sigilforge-dialog-fallback")
}

fn result_id(id: Id) -> Id {
    id.with("sigilforge-dialog-result")
}

/// Replaces the native dialog with these answers, in order (for tests).
pub fn script(ctx: &Context, answers: Vec<PickResult>) {
    let script: Script = Arc::new(Mutex::new(answers.into()));
    ctx.data_mut(|d| d.insert_temp(script_id(), script));
}

/// Opens a dialog for `request`; its path arrives through [`take`] under `id`.
pub fn open(ctx: &Context, id: Id, request: PathRequest) {
    let scripted: Option<Script> = ctx.data(|d| d.get_temp(script_id()));
    let result = match scripted {
        Some(script) => script
            .lock()
            .ok()
            .and_then(|mut s| s.pop_front())
            .unwrap_or(PickResult::Cancelled),
        None => native(&request),
    };
    match result {
        PickResult::Picked(path) => {
            ctx.data_mut(|d| d.insert_temp(result_id(id), path));
        }
        PickResult::Cancelled => {}
        PickResult::Unavailable(reason) => {
            // The path field starts where the dialog would have: the folder, and for a file to
            // save the suggested name in it, so OK alone writes where the dialog suggested.
            let typed = match (&request.start_in, &request.file_name) {
                (Some(dir), Some(name)) => dir.join(name).display().to_string(),
                (Some(dir), None) => dir.display().to_string(),
                (None, Some(name)) => name.clone(),
                (None, None) => String::new(),
            };
            let fallback = Fallback {
                id,
                request,
                reason,
                typed,
            };
            ctx.data_mut(|d| d.insert_temp(fallback_id(), Some(fallback)));
        }
    }
    ctx.request_repaint();
}

/// The path picked for `id`, once (`None` until there is one).
#[must_use]
pub fn take(ctx: &Context, id: Id) -> Option<PathBuf> {
    ctx.data_mut(|d| d.remove_temp::<PathBuf>(result_id(id)))
}

/// Whether the fallback path field is showing.
#[must_use]
pub fn fallback_open(ctx: &Context) -> bool {
    ctx.data(|d| d.get_temp::<Option<Fallback>>(fallback_id()))
        .flatten()
        .is_some()
}

/// Draws the fallback: why the dialog could not open, and a path field.
pub fn fallback_ui(ctx: &Context) {
    let Some(mut fallback) = ctx
        .data(|d| d.get_temp::<Option<Fallback>>(fallback_id()))
        .flatten()
    else {
        return;
    };
    let mut done: Option<Option<PathBuf>> = None;
    egui::Modal::new(Id::new("dialog-fallback")).show(ctx, |ui| {
        ui.heading(&fallback.request.title);
        ui.label(format!(
            "The file dialog could not open: {}.",
            fallback.reason
        ));
        let what = match fallback.request.kind {
            PathKind::Folder => "folder",
            PathKind::OpenFile => "file",
            PathKind::SaveFile => "file to write",
        };
        let prompt = ui.label(format!("Type the path of the {what} instead:"));
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut fallback.typed)
                    .hint_text("/home/me/packs/my-pack")
                    .desired_width(480.0),
            )
            .labelled_by(prompt.id);
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.horizontal(|ui| {
            let ready = !fallback.typed.trim().is_empty();
            if (ui.add_enabled(ready, egui::Button::new("OK")).clicked() || entered) && ready {
                done = Some(Some(PathBuf::from(fallback.typed.trim())));
            }
            if ui.button("Cancel").clicked() {
                done = Some(None);
            }
        });
    });
    match done {
        Some(path) => {
            if let Some(path) = path {
                ctx.data_mut(|d| d.insert_temp(result_id(fallback.id), path));
            }
            ctx.data_mut(|d| d.insert_temp::<Option<Fallback>>(fallback_id(), None));
        }
        None => {
            ctx.data_mut(|d| d.insert_temp(fallback_id(), Some(fallback)));
        }
    }
}

/// A dialog that answers faster than this without a path did not open (nobody can close a
/// real one that quickly): rfd returns at once when no portal or dialog program exists.
const TOO_FAST: Duration = Duration::from_millis(250);

fn native(request: &PathRequest) -> PickResult {
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return PickResult::Unavailable("there is no display server".to_owned());
    }
    let mut dialog = rfd::FileDialog::new().set_title(&request.title);
    for (what, extensions) in &request.filters {
        dialog = dialog.add_filter(what, extensions);
    }
    if let Some(dir) = &request.start_in {
        dialog = dialog.set_directory(dir);
    }
    if let Some(name) = &request.file_name {
        dialog = dialog.set_file_name(name);
    }
    let started = Instant::now();
    let picked = match request.kind {
        PathKind::Folder => dialog.pick_folder(),
        PathKind::OpenFile => dialog.pick_file(),
        PathKind::SaveFile => dialog.save_file(),
    };
    match picked {
        Some(path) => PickResult::Picked(path),
        None if started.elapsed() < TOO_FAST => {
            PickResult::Unavailable("no desktop portal or file dialog program answered".to_owned())
        }
        None => PickResult::Cancelled,
    }
}
