//! The Balance panel's suggested fix (`egui_kittest`, issue #33): after a run flags the strong
//! card, "Suggest a fix" finds the smallest change, "Apply" makes it as one edit of the card,
//! and one Undo puts the card back.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;
use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::shell::tab::Tab;
use sigilforge::shell::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::balance::suggest::Outcome;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;

/// 24 plain 2/4 creatures, `plain_07` a 4/4.
fn pool_pack(dir: &Path) {
    std::fs::write(
        dir.join("pack.ron"),
        "Pack(id: \"pool\", name: \"Pool\", version: \"0.1.0\", schema_version: 1)\n",
    )
    .unwrap();
    let mut cards = String::new();
    for i in 0..24 {
        let attack = if i == 7 { 4 } else { 2 };
        writeln!(
            cards,
            "        (id: \"plain_{i:02}\", name: \"Plain {i:02}\", attack: {attack}, life: 4),"
        )
        .unwrap();
    }
    std::fs::write(
        dir.join("cards.ron"),
        format!("CardSet(\n    cards: [\n{cards}    ],\n)\n"),
    )
    .unwrap();
}

/// Frames until `busy` is false (bounded in frames, not timed: a slow machine only waits longer).
fn wait(harness: &mut Harness<'_, SigilforgeApp>, busy: impl Fn(&SigilforgeApp) -> bool) {
    for _ in 0..30_000 {
        if !busy(harness.state()) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        harness.run();
    }
    harness.run();
}

fn attack_of(harness: &Harness<'_, SigilforgeApp>, id: &str) -> i32 {
    harness
        .state()
        .document()
        .unwrap()
        .pack()
        .card(id)
        .unwrap()
        .attack
}

#[test]
fn a_suggested_fix_applies_as_one_edit_and_undoes_in_one_step() {
    let dir = tempfile::tempdir().unwrap();
    pool_pack(dir.path());
    let mut diags = Diagnostics::new();
    let mut app = SigilforgeApp::with_pack(load_pack(dir.path(), &mut diags), Settings::default());
    // Fewer battles than the panel's default: the debug engine is slow, the card much stronger.
    app.balance_panel_mut().config.runs = 4_000;
    let mut harness = Harness::builder()
        .with_size([1600.0, 1400.0])
        .with_max_steps(1_000)
        .build_eframe(move |_cc| app);
    harness.run();
    harness
        .state_mut()
        .apply(EditCommand::ShowTab(Tab::Balance));
    harness.run();
    harness.get_by_label("Run balance").click();
    harness.run();
    wait(&mut harness, |app| app.balance_panel().running());
    harness.get_by_label("Suggest a fix for Plain 07").click();
    harness.run();
    wait(&mut harness, |app| app.balance_panel().suggest.running());
    let Some(Outcome::Suggested(fix)) = harness
        .state()
        .balance_panel()
        .suggest
        .found
        .get("plain_07")
    else {
        panic!(
            "no fix: {:?} {:?}",
            harness.state().balance_panel().suggest.found,
            harness.state().balance_panel().suggest.error
        );
    };
    let fix = fix.clone();
    assert_eq!(fix.from, 4);
    harness.get_by_label_contains(&format!("Plain 07: {}", fix.describe()));
    harness
        .get_by_label(&format!("Apply: {} 4 → {}", fix.knob.label(), fix.to))
        .click();
    harness.run();
    let doc = harness.state().document().unwrap();
    assert_eq!(doc.pack().card("plain_07").unwrap(), &fix.card);
    assert!(doc.pack().is_dirty());
    // One undo step puts the card back as it was.
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert_eq!(attack_of(&harness, "plain_07"), 4);
    assert_eq!(
        harness
            .state()
            .document()
            .unwrap()
            .pack()
            .card("plain_07")
            .unwrap()
            .life,
        4
    );
}
