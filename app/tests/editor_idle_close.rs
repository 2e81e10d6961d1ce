//! GUI tests of the editor and the files under it: live reload of a file changed on disk, and
//! the "save changes before closing?" dialog. They drive the real editor with `egui_kittest`.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::path::Path;
use std::time::Duration;

use egui::{Key, ViewportEvent, ViewportId};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::shell::{Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Pack, load_pack};

mod ui_common;
use ui_common::{editor_harness as harness, pack_fixture};

const CARDS: &str = r#"CardSet(
    cards: [
        (id: "grunt", name: "Grunt", cost: 1, attack: 2, life: 2),
    ],
)
"#;

/// The test pack: `pack.ron` and `cards.ron`.
fn fixture() -> tempfile::TempDir {
    pack_fixture(&[("cards.ron", CARDS)])
}

fn load(dir: &Path) -> Pack {
    let mut diags = Diagnostics::new();
    load_pack(dir, &mut diags)
}

fn grunt_attack(harness: &Harness<'_, SigilforgeApp>) -> Option<i32> {
    harness
        .state()
        .document()
        .and_then(|d| d.pack().card("grunt"))
        .map(|c| c.attack)
}

#[test]
fn a_card_changed_on_disk_with_no_unsaved_edits_shows_the_new_value() {
    let dir = fixture();
    let settings = Settings {
        autosave: None,
        watch: true,
    };
    let mut harness = harness(SigilforgeApp::with_pack(load(dir.path()), settings));
    assert_eq!(grunt_attack(&harness), Some(2));
    // Idle: watching the folder asks for no frame (the harness settled, nothing is pending).
    assert!(
        !harness.ctx.has_requested_repaint(),
        "an idle editor asks for frames"
    );

    std::fs::write(
        dir.path().join("cards.ron"),
        CARDS.replace("attack: 2", "attack: 9"),
    )
    .unwrap();
    // No frame runs here: the watcher's own thread must wake the UI when the system reports
    // the change (a bound on how long to look, not a timing claim).
    for _ in 0..400 {
        if harness.ctx.has_requested_repaint() {
            break;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    assert!(
        harness.ctx.has_requested_repaint(),
        "the watcher did not wake the UI"
    );
    harness.run();
    assert_eq!(grunt_attack(&harness), Some(9));
    assert!(
        !harness.state().is_dirty(),
        "a reload is not an unsaved edit"
    );
}

/// Asks the window to close, as the window manager's close button does.
fn request_close(harness: &mut Harness<'_, SigilforgeApp>) {
    harness
        .input_mut()
        .viewports
        .entry(ViewportId::ROOT)
        .or_default()
        .events
        .push(ViewportEvent::Close);
    harness.run();
}

/// A pack with one unsaved edit (the grunt's attack typed as 5).
fn edited(dir: &Path) -> Harness<'static, SigilforgeApp> {
    let mut harness = harness(SigilforgeApp::with_pack(load(dir), Settings::default()));
    harness.get_by_label("Grunt").click();
    harness.run();
    harness.get_by_label("Attack").focus();
    harness.run();
    harness.get_by_label("Attack").type_text("5");
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
    assert!(harness.state().is_dirty());
    harness
}

#[test]
fn closing_with_unsaved_edits_asks_and_cancel_keeps_them() {
    let dir = fixture();
    let mut harness = edited(dir.path());
    request_close(&mut harness);
    harness.get_by_label("Save changes before closing?");
    harness.get_by_label("Cancel").click();
    harness.run();
    assert!(
        harness
            .query_by_label("Save changes before closing?")
            .is_none()
    );
    assert!(harness.state().is_dirty());
    assert_eq!(load(dir.path()).card("grunt").map(|c| c.attack), Some(2));
}

#[test]
fn save_and_close_writes_the_edits() {
    let dir = fixture();
    let mut harness = edited(dir.path());
    let attack = grunt_attack(&harness);
    assert_ne!(attack, Some(2));
    request_close(&mut harness);
    harness.get_by_label("Save and close").click();
    harness.run();
    assert!(!harness.state().is_dirty());
    assert_eq!(load(dir.path()).card("grunt").map(|c| c.attack), attack);
}
