//! The Balance panel in the editor (`egui_kittest`): a run over a pack with one card made
//! stronger flags it, the table sorts, the flagged card opens; the run is saved beside the
//! pack and shown again, saying what changed since, when the pack is reopened; an A/B after an
//! edit opens a flipped game in both versions at the first event where their logs differ; an A/B
//! against another folder, picked in the file dialog, shows what that folder's version changes.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;
use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::sandbox::SystemSandbox as _;
use sigilforge::sets::balance_ab::flip_label;
use sigilforge::shell::tab::Tab;
use sigilforge::shell::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;

/// A pack of 24 plain 2/4 creatures, `plain_07` a 5/8.
fn pool_pack(dir: &Path, strong_life: i32) {
    std::fs::write(
        dir.join("pack.ron"),
        "Pack(id: \"pool\", name: \"Pool\", version: \"0.1.0\", schema_version: 1)\n",
    )
    .unwrap();
    let mut cards = String::new();
    for i in 0..24 {
        let (attack, life) = if i == 7 { (5, strong_life) } else { (2, 4) };
        writeln!(
            cards,
            "        (id: \"plain_{i:02}\", name: \"Plain {i:02}\", attack: {attack}, life: {life}),"
        )
        .unwrap();
    }
    std::fs::write(
        dir.join("cards.ron"),
        format!("CardSet(\n    cards: [\n{cards}    ],\n)\n"),
    )
    .unwrap();
}

fn open_editor(dir: &Path) -> Harness<'static, SigilforgeApp> {
    let mut diags = Diagnostics::new();
    let mut app = SigilforgeApp::with_pack(load_pack(dir, &mut diags), Settings::default());
    // Fewer battles than the panel's default: the debug engine is slow, the card much stronger.
    app.balance_panel_mut().config.runs = 4_000;
    let mut harness = Harness::builder()
        .with_size([1600.0, 1400.0])
        .with_max_steps(1_000)
        .build_eframe(move |_cc| app);
    harness.run();
    show_balance(&mut harness);
    harness
}

/// Brings the Balance tab to the front (what clicking its tab or View › Balance lab does; dock
/// tab titles are not in the accessibility tree).
fn show_balance(harness: &mut Harness<'_, SigilforgeApp>) {
    harness
        .state_mut()
        .apply(EditCommand::ShowTab(Tab::Balance));
    harness.run();
}

/// Frames until the comparison is in (bounded in frames, not timed: a slow machine only waits
/// longer).
fn wait_for_comparison(
    harness: &mut Harness<'_, SigilforgeApp>,
) -> Option<sigilforge_engine::balance::AbReport> {
    for _ in 0..6_000 {
        let ab = &harness.state().balance_panel().ab;
        if let Some(report) = ab.report() {
            return Some(report.clone());
        }
        assert!(ab.error.is_none(), "the comparison failed: {:?}", ab.error);
        std::thread::sleep(std::time::Duration::from_millis(10));
        harness.run();
    }
    None
}

/// An edit not saved: the strong card `plain_07` made fragile (life 1).
fn make_strong_card_fragile(harness: &mut Harness<'_, SigilforgeApp>) {
    let doc = harness.state().document().unwrap();
    let addr = doc.card_addr("plain_07").unwrap();
    let mut card = doc
        .pack()
        .cards()
        .find(|(_, c)| c.id == "plain_07")
        .unwrap()
        .1
        .clone();
    card.life = 1;
    harness.state_mut().apply(EditCommand::SetCard {
        addr,
        card: Box::new(card),
        field: "life".into(),
    });
    harness.run();
}

/// Runs `git` in `dir` with a fixed identity; `None` when git cannot be started.
fn git(dir: &Path, args: &[&str]) -> Option<()> {
    let status = std::process::Command::new("git")
        .args([
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.invalid",
        ])
        .args(["-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .status()
        .ok()?;
    assert!(status.success(), "git {args:?} failed in {}", dir.display());
    Some(())
}

/// The card ids in the table's order.
fn table_ids(harness: &Harness<'_, SigilforgeApp>) -> Vec<String> {
    harness
        .state()
        .balance_panel()
        .rows()
        .iter()
        .map(|c| c.id.clone())
        .collect()
}

#[test]
fn a_balance_flags_the_strong_card_sorts_and_opens_it() {
    let dir = tempfile::tempdir().unwrap();
    pool_pack(dir.path(), 8);
    let mut harness = open_editor(dir.path());
    harness.get_by_label("Run balance").click();
    harness.run();
    // The run is on a background thread: frames until it is in (bounded in frames, not timed).
    for _ in 0..30_000 {
        if !harness.state().balance_panel().running() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        harness.run();
    }
    harness.run();
    let ids = table_ids(&harness);
    assert_eq!(ids.first().map(String::as_str), Some("plain_07"), "{ids:?}");
    // Flagged, and only it.
    harness.get_by_label("⚠ Plain 07");
    assert_eq!(harness.query_all_by_label_contains("⚠ Plain").count(), 1);
    harness.get_by_label_contains("1 outlier(s)");
    // The outlier opens in its editor.
    harness.get_by_label("⚠ Plain 07").click();
    harness.run();
    assert_eq!(
        harness
            .get_by_role_and_label(egui::accesskit::Role::TextInput, "Name")
            .value()
            .as_deref(),
        Some("Plain 07")
    );
    show_balance(&mut harness);
    // Sorting by the difference again puts it last.
    harness.get_by_label_contains("Δ win rate").click();
    harness.run();
    let ids = table_ids(&harness);
    assert_eq!(ids.last().map(String::as_str), Some("plain_07"), "{ids:?}");
    // The results were saved beside the pack.
    assert!(dir.path().join(".sigilforge-balance.json").is_file());
    // Reopened after the card changed on disk: the last run shows, with what changed since.
    drop(harness);
    pool_pack(dir.path(), 9);
    let harness = open_editor(dir.path());
    harness.get_by_label("⚠ Plain 07");
    harness.get_by_label_contains("The pack changed since this run: `plain_07` was edited");
}

#[test]
fn an_ab_after_an_edit_opens_a_flipped_game_at_the_first_difference() {
    let dir = tempfile::tempdir().unwrap();
    pool_pack(dir.path(), 8);
    let mut harness = open_editor(dir.path());
    harness.state_mut().balance_panel_mut().config.runs = 1_000;
    make_strong_card_fragile(&mut harness);
    harness.get_by_label("Compare with saved").click();
    harness.run();
    let report = wait_for_comparison(&mut harness).expect("the comparison finished");
    assert_eq!(report.edited, ["plain_07"]);
    let weaker = report.cards.iter().find(|c| c.id == "plain_07").unwrap();
    assert!(weaker.change < 0.0 && weaker.significant, "{weaker:?}");
    assert!(report.flipped > 0);
    // The first flipped game's button opens it in both versions.
    let flip = &report.flips[0];
    let label = flip_label(flip);
    harness.query_all_by_label(&label).next().unwrap().click();
    harness.run();
    let opened = harness.state().balance_panel().ab.opened.as_ref().unwrap();
    assert_eq!(opened.index, 0);
    let at = opened.first_difference;
    assert_eq!(opened.before.selected(), Some(at));
    assert_eq!(opened.after.selected(), Some(at));
    assert_ne!(opened.before.line(at), opened.after.line(at));
    for i in 0..at {
        assert_eq!(opened.before.line(i), opened.after.line(i));
    }
    harness.get_by_label(&format!(
        "The logs part at event #{at}: each side is selected there, its Why below it."
    ));
    // Side by side, each with that event's Why.
    assert_eq!(harness.query_all_by_label("Why this order").count(), 2);
}

#[test]
fn an_ab_against_a_folder_picked_in_the_dialog_compares_with_that_pack() {
    let (dir, other) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    pool_pack(dir.path(), 8);
    // The other folder's version of the strong card is fragile.
    pool_pack(other.path(), 1);
    let mut harness = open_editor(dir.path());
    harness.state_mut().balance_panel_mut().config.runs = 1_000;
    sigilforge::dialogs::script(
        &harness.ctx,
        vec![sigilforge::dialogs::PickResult::Picked(
            other.path().to_owned(),
        )],
    );
    harness.get_by_label("Compare with folder…").click();
    harness.run();
    let report = wait_for_comparison(&mut harness).expect("the comparison finished");
    assert_eq!(report.before_label, other.path().display().to_string());
    assert_eq!(report.after_label, "as edited");
    assert_eq!(report.edited, ["plain_07"]);
    // The pack as edited has the strong card: against the fragile one it wins more.
    let stronger = report.cards.iter().find(|c| c.id == "plain_07").unwrap();
    assert!(
        stronger.change > 0.0 && stronger.significant,
        "{stronger:?}"
    );
    assert!(report.flipped > 0);
    harness.get_by_label_contains("vs as edited; edited: plain_07");
    harness.get_by_label_contains(&other.path().display().to_string());
}

#[test]
fn an_ab_against_a_git_revision_shows_the_unsaved_edit() {
    let dir = tempfile::tempdir().unwrap();
    pool_pack(dir.path(), 8);
    // The pack committed in a repository of its own (the `git` the feature itself runs).
    if git(dir.path(), &["init", "--quiet"]).is_none() {
        // Visible where it matters: CI has git, so there a missing git is a failure, not a
        // silent pass; on a machine without git the test says why it did nothing.
        assert!(
            std::env::var_os("CI").is_none(),
            "`git` cannot be run, and CI is set: comparing with a revision needs git"
        );
        eprintln!("skipped: `git` cannot be run here, and comparing with a revision needs it");
        return;
    }
    git(dir.path(), &["add", "."]).unwrap();
    git(dir.path(), &["commit", "--quiet", "-m", "the pool"]).unwrap();
    // Saved since the commit, not committed: `plain_03` hits harder. Only HEAD lacks it.
    let cards = dir.path().join("cards.ron");
    let text = std::fs::read_to_string(&cards).unwrap();
    let text = text.replace("Plain 03\", attack: 2", "Plain 03\", attack: 3");
    std::fs::write(&cards, text).unwrap();
    let mut harness = open_editor(dir.path());
    harness.state_mut().balance_panel_mut().config.runs = 1_000;
    make_strong_card_fragile(&mut harness);
    harness.get_by_label("Git revision").focus();
    harness.run();
    harness.get_by_label("Git revision").type_text("HEAD");
    harness.run();
    assert_eq!(harness.state().balance_panel().ab.revision, "HEAD");
    harness.get_by_label("Compare with revision").click();
    harness.run();
    let report = wait_for_comparison(&mut harness).expect("the comparison finished");
    assert_eq!(report.before_label, "git:HEAD");
    assert_eq!(report.after_label, "as edited");
    // The saved change and the unsaved edit both differ from HEAD.
    assert_eq!(report.edited, ["plain_03", "plain_07"]);
    // At HEAD the card is strong; as edited it is fragile: it wins less.
    let weaker = report.cards.iter().find(|c| c.id == "plain_07").unwrap();
    assert!(weaker.change < 0.0 && weaker.significant, "{weaker:?}");
    assert!(report.flipped > 0);
    harness.get_by_label_contains("git:HEAD vs as edited; edited: plain_03, plain_07");
}
