//! A pack too big to check in a frame (issue #29): File > Open reads it on a thread while the
//! window says so, the editor shows it at once and checks it on a thread of its own, the status
//! bar saying so; after an outside change and after an edit, the problems shown are exactly
//! what `validate` finds in the pack as it stands; the thread wakes the UI when it is done and
//! an idle editor asks for no frames. Driven on the real editor with `egui_kittest`.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::shell::{EditCommand, ItemAddr, Settings, SigilforgeApp};
use sigilforge_engine::big_pack::BigPack;
use sigilforge_engine::diag::{Diagnostic, Diagnostics};
use sigilforge_engine::pack::validate;

mod ui_common;
use ui_common::{editor_harness as harness, retype_field};

/// Over the 2,000 cards the editor checks in a frame.
const SIZE: BigPack = BigPack {
    cards: 2_400,
    card_files: 4,
    scenarios: 2,
};

/// What `validate` finds in the open pack as it stands.
fn validate_finds(harness: &Harness<'_, SigilforgeApp>) -> Vec<Diagnostic> {
    let mut diags = Diagnostics::new();
    validate(harness.state().document().unwrap().pack(), &mut diags);
    diags.into_vec()
}

/// The problems the editor shows (its Problems panel and status bar read this list).
fn shown(harness: &Harness<'_, SigilforgeApp>) -> Vec<Diagnostic> {
    let doc = harness.state().document().unwrap();
    doc.problems()
        .iter()
        .map(|p| p.diagnostic.clone())
        .collect()
}

/// Frames only when the editor asks for one (a timer, or the thread's wake-up), until the
/// check is in; true if the editor waited with no frame asked for and was then woken.
fn until_checked(harness: &mut Harness<'_, SigilforgeApp>) -> bool {
    let mut woken = false;
    let mut waiting_unasked = false;
    // A bound on how long to look, not a timing claim.
    for _ in 0..6_000 {
        if !harness.state().is_validating() {
            break;
        }
        if harness.ctx.has_requested_repaint() {
            woken |= waiting_unasked;
            harness.step();
        } else {
            waiting_unasked = true;
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    assert!(!harness.state().is_validating(), "the check never ended");
    harness.run();
    woken
}

/// Asserts that the editor asks for no frames once what was in flight has landed. A thread
/// wakes the UI after sending its answer, so a frame may take the answer before that wake-up
/// comes, which then asks for one frame more: a few rounds allow for those; an editor that
/// keeps asking fails every round.
#[track_caller]
fn assert_idle(harness: &mut Harness<'_, SigilforgeApp>) {
    for _ in 0..5 {
        harness.run();
        // Room for a late wake-up to come (not a timing claim).
        std::thread::sleep(Duration::from_millis(50));
        if !harness.ctx.has_requested_repaint() {
            return;
        }
    }
    panic!("an idle editor asks for frames");
}

#[test]
fn a_big_pack_opens_at_once_and_shows_what_validate_finds_after_an_edit() {
    let dir = tempfile::tempdir().unwrap();
    SIZE.write(dir.path()).unwrap();
    let mut harness = harness(SigilforgeApp::without_pack(Settings::default()));
    assert!(!harness.ctx.has_requested_repaint());

    // File > Open: the pack is read on a thread while the window keeps drawing; the reading
    // thread wakes the UI when it is in.
    harness
        .state_mut()
        .apply(EditCommand::OpenPack(dir.path().to_owned()));
    assert!(harness.state().is_opening());
    assert!(harness.state().document().is_none());
    harness.step();
    let folder = dir.path().canonicalize().unwrap();
    let opening = format!("Opening {}…", folder.display());
    assert!(
        harness
            .query_all_by_role_and_label(egui::accesskit::Role::Label, &opening)
            .next()
            .is_some(),
        "the window does not say it is opening the pack"
    );
    for _ in 0..6_000 {
        if !harness.state().is_opening() {
            break;
        }
        if harness.ctx.has_requested_repaint() {
            harness.step();
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    // The frame that took the pack showed it before it was checked, and said so. (The check
    // may answer before that frame ends, whose last step takes in a finished check: what the
    // frame said is in the log.)
    assert!(
        harness.state().document().is_some(),
        "the pack was never read"
    );
    let folder = folder.display().to_string();
    assert!(
        harness
            .state()
            .messages()
            .any(|m| m.starts_with(&format!("Opened {folder} ("))
                && m.ends_with(", checking 2,400 cards)")),
        "{:?}",
        harness.state().messages().collect::<Vec<_>>()
    );
    until_checked(&mut harness);
    assert_eq!(
        harness.state().status_text(),
        Some("Checked 2,400 cards: 0 problems")
    );
    assert!(validate_finds(&harness).is_empty());
    assert_eq!(shown(&harness), validate_finds(&harness));
    assert_idle(&mut harness);

    // A file changed by another program, read again with no frame run: the check's thread
    // must wake the UI when it is done. Card 5 gains a misspelt keyword.
    let file = SIZE.card_file(5);
    let path = dir.path().join(&file);
    let text = std::fs::read_to_string(&path).unwrap();
    let card = text.find("name: \"Generated 5\"").unwrap();
    let keywords = card + text[card..].find("keywords: [").unwrap() + "keywords: [".len();
    let edited = format!("{}\"Flyyng\", {}", &text[..keywords], &text[keywords..]);
    std::fs::write(&path, edited).unwrap();
    harness
        .state_mut()
        .apply(EditCommand::ReloadFromDisk(vec![file]));
    assert!(harness.state().is_validating());
    assert!(!harness.ctx.has_requested_repaint());
    for _ in 0..6_000 {
        if harness.ctx.has_requested_repaint() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        harness.ctx.has_requested_repaint(),
        "the validation thread did not wake the UI"
    );
    until_checked(&mut harness);
    let found = validate_finds(&harness);
    assert!(
        found.iter().any(|d| d.message.contains("Flyyng")),
        "{found:?}"
    );
    assert_eq!(shown(&harness), found);

    // An edit: a card in the second file takes the first card's id (a duplicate).
    let n = 1_234;
    let per_file = SIZE.cards / SIZE.card_files;
    harness.state_mut().apply(EditCommand::Open {
        addr: ItemAddr::card(&SIZE.card_file(n), n % per_file),
        field: None,
    });
    harness.run();
    retype_field(&mut harness, "Id", &BigPack::card_id(0));
    let addr = ItemAddr::card(&SIZE.card_file(n), n % per_file);
    let doc = harness.state().document().unwrap();
    assert_eq!(doc.card(&addr).unwrap().id, BigPack::card_id(0));
    until_checked(&mut harness);
    let found = validate_finds(&harness);
    assert!(
        found
            .iter()
            .any(|d| d.message.contains(&BigPack::card_id(0))),
        "{found:?}"
    );
    assert_eq!(shown(&harness), found);
    // The status bar counts it, with the misspelt keyword.
    assert_eq!(found.len(), 2, "{found:?}");
    harness.get_by_label("⚠ 2 problems");
    assert_idle(&mut harness);
}

#[test]
fn the_editor_draws_before_its_pack_is_read_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    SIZE.write(dir.path()).unwrap();
    let folder = dir.path().to_owned();
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_max_steps(1_000)
        .build_eframe(move |cc| SigilforgeApp::new(cc, folder));
    // Start-up reads the pack on a thread: the app is there before the pack is.
    assert!(harness.state().document().is_none());
    // Frames only when asked for: the reading thread wakes the UI when the pack is in.
    for _ in 0..6_000 {
        if harness.state().document().is_some() {
            break;
        }
        if harness.ctx.has_requested_repaint() {
            harness.step();
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    let doc = harness.state().document().expect("the pack was never read");
    assert_eq!(doc.pack().cards().count(), SIZE.cards);
    until_checked(&mut harness);
    assert_eq!(shown(&harness), validate_finds(&harness));
    // The first card is open, as when a pack is opened by hand.
    harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "Id");
    assert_idle(&mut harness);
}
