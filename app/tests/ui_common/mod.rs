//! Helpers every component GUI test uses, whatever its host: click by label, type into a
//! field, move the one sandbox panel's timeline with the keyboard.
#![allow(dead_code)] // Each test binary uses a different subset of these helpers.
#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// Clicks the widget a user reads as `label`, then lets the frame settle.
pub fn click<S>(harness: &mut Harness<'_, S>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Replaces the text of the field labelled `label` with `text` and presses Enter.
pub fn set_field<S>(harness: &mut Harness<'_, S>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label(label).type_text(text);
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
}

/// Moves the sandbox's timeline as a user does with the keyboard: focus it, then press an
/// arrow key `presses` times (right: forward).
pub fn move_timeline<S>(harness: &mut Harness<'_, S>, key: Key, presses: usize) {
    harness.get_by_label("Timeline").focus();
    harness.run();
    for _ in 0..presses {
        harness.key_press(key);
        harness.run();
    }
}

/// The tests' pack (`engine/tests/fixtures/pack`, a copy of the starter pack the tests own:
/// a designer may change `content/` freely).
#[must_use]
pub fn fixture_pack_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures/pack")
}

/// Copies the tests' pack ([`fixture_pack_dir`]) into a temporary folder, so a test can edit
/// and save it.
pub fn fixture_copy() -> tempfile::TempDir {
    fn copy(from: &std::path::Path, to: &std::path::Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    copy(&fixture_pack_dir(), dir.path());
    dir
}

/// A pack in a temporary folder: a `pack.ron` and the given `(file, text)` pairs.
pub fn pack_fixture(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"test\", name: \"Test Pack\", version: \"0.1.0\", schema_version: 1)\n",
    )
    .unwrap();
    for (file, text) in files {
        let path = dir.path().join(file);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).unwrap();
        }
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// A designer's game on ChiAxis's turn (dawn, main, dusk, end; vitae) that also prints Grand
/// Archive's level restrictions: the `profile.ron` of a test pack whose cards need both. A
/// pack that names no profile plays ChiAxis, which has no restriction kinds.
pub const CHIAXIS_WITH_LEVELS: &str = r#"GameProfile(
    name: "ChiAxis with levels",
    phases: ["dawn", "main", "dusk", "end"],
    start_phase: "main",
    zones: [
        (zone: Hand, name: "hand"),
        (zone: City, name: "city"),
        (zone: Den, name: "den"),
        (zone: Deck, name: "deck"),
        (zone: Discard, name: "discard"),
        (zone: Graveyard, name: "graveyard"),
        (zone: Champion, name: "champion"),
    ],
    resolved_to: Discard,
    destroyed_to: Discard,
    discarded_to: Discard,
    buried_to: Graveyard,
    priority_after_trigger: ControllersOpponent,
    item_needs_beast: true,
    player_life: "vitae",
    stats: [
        (stat: "attack", name: "ATK"),
        (stat: "life", name: "life"),
        (stat: "level", name: "level"),
    ],
    restriction_kinds: ["Level"],
)
"#;

/// The real editor in a test window (1400×900); card frame images decode on a background
/// thread, so a busy machine may take a few hundred frames to settle.
pub fn editor_harness(
    app: sigilforge::shell::SigilforgeApp,
) -> Harness<'static, sigilforge::shell::SigilforgeApp> {
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_max_steps(1_000)
        .build_eframe(move |_cc| app);
    harness.run();
    harness
}

/// The real editor on the pack in `dir`, in a 1600×1000 window (room for a hosted tab beside
/// the library and the bottom panels).
pub fn hosted_harness(dir: &std::path::Path) -> Harness<'static, sigilforge::shell::SigilforgeApp> {
    let mut diags = sigilforge_engine::diag::Diagnostics::new();
    let app = sigilforge::shell::SigilforgeApp::with_pack(
        sigilforge_engine::pack::load_pack(dir, &mut diags),
        sigilforge::shell::Settings::default(),
    );
    let mut harness = Harness::builder()
        .with_size([1600.0, 1000.0])
        .build_eframe(move |_cc| app);
    harness.run();
    harness
}

/// Clicks the topmost widget with this label (the hosted tabs sit above the bottom panels, which
/// have widgets of the same name, e.g. the battle sandbox's "Step").
pub fn click_topmost<S>(harness: &mut Harness<'_, S>, label: &str) {
    press_topmost(harness, label);
    harness.run();
}

/// Clicks the topmost widget with this label and draws no frame: for what starts a background
/// job (the frames come from [`wait_for_label_contains`]).
pub fn press_topmost<S>(harness: &mut Harness<'_, S>, label: &str) {
    let nodes: Vec<_> = harness.get_all_by_label(label).collect();
    let top = nodes
        .into_iter()
        .min_by(|a, b| {
            let y = |n: &egui_kittest::Node<'_>| {
                use egui_kittest::kittest::NodeT;
                n.accesskit_node().bounding_box().map_or(f64::MAX, |r| r.y0)
            };
            y(a).total_cmp(&y(b))
        })
        .unwrap_or_else(|| panic!("no widget labelled {label:?}"));
    top.click();
}

/// Each page's `MediaBox` size (width, height) in points.
pub fn pdf_page_sizes(bytes: &[u8]) -> Vec<(f32, f32)> {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    doc.get_pages()
        .values()
        .map(|id| {
            let media = doc.get_dictionary(*id).unwrap().get(b"MediaBox").unwrap();
            let n: Vec<f32> = media
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o.as_float().unwrap())
                .collect();
            (n[2] - n[0], n[3] - n[1])
        })
        .collect()
}

/// Types `text` over what the text field labelled `label` holds, then Enter.
pub fn retype_field<S>(harness: &mut Harness<'_, S>, label: &str, text: &str) {
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .type_text(text);
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
}

/// Types `text` into the `nth` text box named `label` (0: the first drawn).
pub fn type_into<S>(harness: &mut Harness<'_, S>, label: &str, nth: usize, text: &str) {
    harness
        .get_all_by_role_and_label(Role::TextInput, label)
        .nth(nth)
        .unwrap_or_else(|| panic!("no text box {label:?} #{nth}"))
        .scroll_to_me();
    harness.run();
    harness
        .get_all_by_role_and_label(Role::TextInput, label)
        .nth(nth)
        .unwrap()
        .focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness
        .get_all_by_role_and_label(Role::TextInput, label)
        .nth(nth)
        .unwrap()
        .type_text(text);
    harness.run();
    harness.key_press(Key::Tab);
    harness.run();
}

/// Scrolls a form to the widget labelled `label` and clicks it (the form is taller than
/// its tab).
pub fn tap<S>(harness: &mut Harness<'_, S>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    click(harness, label);
}

/// Clicks the last "▾" (the names a text field offers) and picks `name`.
pub fn pick_last<S>(harness: &mut Harness<'_, S>, name: &str) {
    harness.get_all_by_label("▾").last().unwrap().scroll_to_me();
    harness.run();
    harness.get_all_by_label("▾").last().unwrap().click();
    harness.run();
    // The names scroll inside the menu.
    harness.get_by_label(name).scroll_to_me();
    harness.run();
    click(harness, name);
}

/// Draws frames until a label containing `text` shows (what a background job brings, such as
/// the difficulty estimate), pausing a little between frames; fails if it never does within
/// the bounded wait. Asserts what shows, never how long it took.
#[track_caller]
pub fn wait_for_label_contains<S>(harness: &mut Harness<'_, S>, text: &str) {
    for _ in 0..3000 {
        if harness.query_by_label_contains(text).is_some() {
            return;
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("no label containing {text:?} showed within the bounded wait");
}

/// Draws frames until the pack being opened (File > Open reads it on a thread) is the
/// document, then until the editor settles; fails if it never is within the bounded wait.
#[track_caller]
pub fn wait_until_opened(harness: &mut Harness<'_, sigilforge::shell::SigilforgeApp>) {
    for _ in 0..3000 {
        if !harness.state().is_opening() {
            harness.run();
            return;
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the pack being opened was never read within the bounded wait");
}
