//! Files people can trust, through the real editor: outside edits merge item by item (a
//! conflict goes to the dialog), undo refuses to overwrite an outside change, a reloaded typo is
//! reported, the text view edits and re-parses a broken file, and a file dialog that cannot
//! open offers a path field.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::dialogs::{PickResult, script};
use sigilforge::sandbox::SandboxCommand;
use sigilforge::sandbox::battle::BattleCommand;
use sigilforge::shell::{EditCommand, ItemAddr, Settings, SigilforgeApp};
use sigilforge_engine::diag::{Diagnostics, Location};
use sigilforge_engine::model::Card;
use sigilforge_engine::pack::{Content, Pack, load_pack};

mod ui_common;
use ui_common::{editor_harness, fixture_copy, pack_fixture, wait_until_opened};

const CARDS: &str = "// The test cards.\nCardSet(\n    cards: [\n        (id: \"wolf\", name: \"Grey Wolf\", attack: 2, life: 3),\n        (id: \"bear\", name: \"Bear\", attack: 4, life: 6),\n    ],\n)\n";

/// The test pack: `pack.ron` and `cards.ron`.
fn fixture() -> tempfile::TempDir {
    pack_fixture(&[("cards.ron", CARDS)])
}

fn load(dir: &Path) -> Pack {
    let mut diags = Diagnostics::new();
    load_pack(dir, &mut diags)
}

fn harness(dir: &Path) -> Harness<'static, SigilforgeApp> {
    editor_harness(SigilforgeApp::with_pack(load(dir), Settings::default()))
}

/// The test pack with the bear's `)` missing, opened the way the user opens it (so its reading
/// problems are kept).
fn broken_pack_opened() -> (tempfile::TempDir, Harness<'static, SigilforgeApp>) {
    let dir = fixture();
    outside_edit(dir.path(), "life: 6),", "life: 6,");
    let mut harness = editor_harness(SigilforgeApp::without_pack(Settings::default()));
    harness
        .state_mut()
        .apply(EditCommand::OpenPack(dir.path().to_owned()));
    wait_until_opened(&mut harness);
    (dir, harness)
}

fn card(harness: &Harness<'_, SigilforgeApp>, index: usize) -> Card {
    harness
        .state()
        .document()
        .unwrap()
        .card(&ItemAddr::card("cards.ron", index))
        .unwrap()
        .clone()
}

fn set_attack(harness: &mut Harness<'_, SigilforgeApp>, index: usize, attack: i32) {
    let mut c = card(harness, index);
    c.attack = attack;
    harness.state_mut().apply(EditCommand::SetCard {
        addr: ItemAddr::card("cards.ron", index),
        card: Box::new(c),
        field: "attack".into(),
    });
    harness.run();
}

fn outside_edit(dir: &Path, from: &str, to: &str) {
    let path = dir.join("cards.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{text}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// "Keep mine" for the one waiting conflict, then Apply, by clicks.
fn keep_mine_and_apply(harness: &mut Harness<'_, SigilforgeApp>) {
    harness.get_by_label("Keep mine").click();
    harness.run();
    harness.get_by_label("Apply").click();
    harness.run();
}

/// Saves and reads `cards.ron` back from disk.
fn save_and_read(harness: &mut Harness<'_, SigilforgeApp>, dir: &Path) -> String {
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    std::fs::read_to_string(dir.join("cards.ron")).unwrap()
}

fn reload(harness: &mut Harness<'_, SigilforgeApp>) {
    harness
        .state_mut()
        .apply(EditCommand::ReloadFromDisk(vec!["cards.ron".into()]));
    harness.run();
}

#[test]
fn an_outside_edit_merges_with_an_unsaved_edit_elsewhere_and_save_keeps_both() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    set_attack(&mut harness, 1, 5); // unsaved: Bear attacks 5
    outside_edit(dir.path(), "attack: 2", "attack: 9"); // on disk: Grey Wolf attacks 9
    reload(&mut harness);
    assert!(harness.state().pending_conflicts().is_empty());
    assert_eq!(card(&harness, 0).attack, 9, "the disk's change is taken");
    assert_eq!(card(&harness, 1).attack, 5, "the unsaved edit is kept");
    let saved = save_and_read(&mut harness, dir.path());
    assert_eq!(
        saved,
        CARDS
            .replace("attack: 2", "attack: 9")
            .replace("attack: 4", "attack: 5")
    );
}

#[test]
fn an_item_changed_on_both_sides_waits_in_the_conflict_dialog() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    set_attack(&mut harness, 0, 5);
    outside_edit(dir.path(), "attack: 2", "attack: 9");
    reload(&mut harness);
    assert_eq!(harness.state().pending_conflicts().len(), 1);
    harness.get_by_label("cards.ron changed on disk and here");
    // Save is refused while the conflict waits: the disk's 9 is not overwritten unseen.
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    assert!(
        std::fs::read_to_string(dir.path().join("cards.ron"))
            .unwrap()
            .contains("attack: 9")
    );
    harness.get_by_label("Take the file's").click();
    harness.run();
    harness.get_by_label("See both side by side").click();
    harness.run();
    harness.get_by_label("On disk");
    // Through accesskit: kittest's pointer click on Apply misses once the side-by-side view
    // is open (not understood yet; the real window's miss was the dialog re-centring late).
    harness.get_by_label("Apply").click_accesskit();
    harness.run();
    assert!(
        harness.state().pending_conflicts().is_empty(),
        "{:?} {:?}",
        harness.state().status_text(),
        harness.state().pending_conflicts()
    );
    assert_eq!(card(&harness, 0).attack, 9);
    assert!(!harness.state().is_dirty());
}

#[test]
fn keep_mine_in_the_conflict_dialog_saves_mine_over_the_disk() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    set_attack(&mut harness, 0, 5);
    outside_edit(dir.path(), "attack: 2", "attack: 9");
    reload(&mut harness);
    keep_mine_and_apply(&mut harness);
    assert_eq!(card(&harness, 0).attack, 5);
    let saved = save_and_read(&mut harness, dir.path());
    assert_eq!(saved, CARDS.replace("attack: 2", "attack: 5"));
}

#[test]
fn undo_is_refused_when_the_item_changed_on_disk_since() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    set_attack(&mut harness, 0, 5);
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    outside_edit(dir.path(), "attack: 5", "attack: 9");
    reload(&mut harness);
    assert_eq!(card(&harness, 0).attack, 9);
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert_eq!(
        card(&harness, 0).attack,
        9,
        "undo must not write 2 over the disk's 9"
    );
    let status = harness.state().status_text().unwrap_or_default().to_owned();
    assert!(status.starts_with("Cannot undo"), "{status}");
}

/// Issue #31: an outside edit of the wolf's life and an unsaved edit of its attack are two
/// fields, so the merge keeps both without asking; undo then takes back the attack only.
#[test]
fn a_field_level_merge_keeps_both_sides_and_undo_still_takes_back_mine() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    set_attack(&mut harness, 0, 5);
    outside_edit(dir.path(), "life: 3", "life: 8");
    reload(&mut harness);
    assert!(
        harness.state().pending_conflicts().is_empty(),
        "two fields are no conflict: {:?}",
        harness.state().pending_conflicts()
    );
    assert_eq!((card(&harness, 0).attack, card(&harness, 0).life), (5, 8));
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert_eq!(
        (card(&harness, 0).attack, card(&harness, 0).life),
        (2, 8),
        "{:?}",
        harness.state().status_text()
    );
}

/// Issue #25: deleting a card and undoing the delete lost the comment written above it (the
/// card came back in the splice's canonical form). The undo puts back the text it had.
#[test]
fn undoing_a_delete_puts_back_the_cards_comment_and_layout() {
    let commented = CARDS.replace(
        "        (id: \"bear\"",
        "        // The bear hits hard: keep its attack above the wolf's.\n        (id: \"bear\"",
    );
    let dir = pack_fixture(&[("cards.ron", commented.as_str())]);
    let mut harness = harness(dir.path());
    harness
        .state_mut()
        .apply(EditCommand::Delete(ItemAddr::card("cards.ron", 1)));
    harness.run();
    let file = |h: &Harness<'_, SigilforgeApp>| {
        h.state()
            .document()
            .unwrap()
            .pack()
            .file("cards.ron")
            .unwrap()
            .source
            .clone()
    };
    assert!(!file(&harness).contains("bear"), "{}", file(&harness));
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert_eq!(file(&harness), commented);
    assert_eq!(save_and_read(&mut harness, dir.path()), commented);
}

/// Issue #31: every open tab of a file showed the unsaved dot; only the edited item's does.
#[test]
fn only_the_edited_cards_tab_shows_the_unsaved_dot() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    for index in [0, 1] {
        harness.state_mut().apply(EditCommand::Open {
            addr: ItemAddr::card("cards.ron", index),
            field: None,
        });
        harness.run();
    }
    set_attack(&mut harness, 1, 5);
    let titles = harness.state().tab_titles();
    assert!(titles.contains(&"Bear •".to_owned()), "{titles:?}");
    assert!(titles.contains(&"Grey Wolf".to_owned()), "{titles:?}");
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    let titles = harness.state().tab_titles();
    assert!(titles.contains(&"Bear".to_owned()), "{titles:?}");
}

/// A step the disk overtook is left out of the history with a message; the steps before it
/// still undo.
#[test]
fn a_refused_undo_does_not_block_the_steps_before_it() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    set_attack(&mut harness, 1, 7);
    set_attack(&mut harness, 0, 5);
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    outside_edit(dir.path(), "attack: 5", "attack: 9");
    reload(&mut harness);
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    let status = harness.state().status_text().unwrap_or_default().to_owned();
    assert!(status.starts_with("Cannot undo"), "{status}");
    assert!(status.contains("goes on with the one before"), "{status}");
    assert_eq!(card(&harness, 0).attack, 9);
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert_eq!(card(&harness, 1).attack, 4, "the older step undoes");
    assert_eq!(card(&harness, 0).attack, 9, "the disk's value stays");
}

/// An outside edit goes through `apply` as what the design says it is: no undo step of its own
/// (undo takes back the user's edits, never the disk's), and the end of the current one (an
/// edit of the same field before and after it are two steps).
#[test]
fn undo_after_an_outside_edit_takes_back_the_users_steps_and_keeps_the_disks() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    set_attack(&mut harness, 1, 5);
    outside_edit(dir.path(), "attack: 2", "attack: 9");
    reload(&mut harness);
    set_attack(&mut harness, 1, 6);
    let attacks = |h: &Harness<'_, SigilforgeApp>| (card(h, 0).attack, card(h, 1).attack);
    assert_eq!(attacks(&harness), (9, 6));
    let undo = |h: &mut Harness<'_, SigilforgeApp>| {
        h.state_mut().apply(EditCommand::Undo);
        h.run();
    };
    undo(&mut harness);
    assert_eq!(
        attacks(&harness),
        (9, 5),
        "the edit after the reload is a step"
    );
    undo(&mut harness);
    assert_eq!(attacks(&harness), (9, 4), "the wolf keeps the disk's 9");
    undo(&mut harness);
    assert_eq!(attacks(&harness), (9, 4));
    assert_eq!(harness.state().status_text(), Some("Nothing to undo"));
    assert!(
        !harness.state().is_dirty(),
        "the editor holds what the disk holds"
    );
}

#[test]
fn a_typo_made_on_disk_is_reported_and_its_text_kept() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    outside_edit(dir.path(), "life: 3", "lief: 3");
    reload(&mut harness);
    let doc = harness.state().document().unwrap();
    assert!(
        doc.problems()
            .iter()
            .any(|p| p.diagnostic.message.contains("did you mean `life`")),
        "{:?}",
        doc.problems()
    );
    // Another card's edit and a save keep the typo's text for the user to fix.
    set_attack(&mut harness, 1, 7);
    let saved = save_and_read(&mut harness, dir.path());
    assert!(saved.contains("lief: 3"), "{saved}");
}

#[test]
fn the_text_view_shows_a_syntax_error_and_typing_fixes_it() {
    let (_dir, mut harness) = broken_pack_opened();
    let doc = harness.state().document().unwrap();
    assert!(matches!(
        doc.pack().file("cards.ron").unwrap().content,
        Content::Unread { .. }
    ));
    harness.state_mut().apply(EditCommand::OpenText {
        file: "cards.ron".into(),
        at: Some(Location { line: 5, column: 1 }),
    });
    harness.run();
    let problems = &harness.state().document().unwrap().problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    let broken = harness
        .state()
        .document()
        .unwrap()
        .pack()
        .file("cards.ron")
        .unwrap()
        .source
        .clone();
    // The text view shows the broken file as it is.
    harness.get_by_value(&broken);
    harness.state_mut().apply(EditCommand::SetText {
        file: "cards.ron".into(),
        text: broken.replace("life: 6,", "life: 6),"),
    });
    harness.run();
    let doc = harness.state().document().unwrap();
    assert!(matches!(
        doc.pack().file("cards.ron").unwrap().content,
        Content::Cards(_)
    ));
    assert!(doc.problems().is_empty(), "{:?}", doc.problems());
    harness.get_by_role_and_label(egui::accesskit::Role::Button, "No problems");
    // Undo covers the text edit.
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert!(matches!(
        harness
            .state()
            .document()
            .unwrap()
            .pack()
            .file("cards.ron")
            .unwrap()
            .content,
        Content::Unread { .. }
    ));
}

#[test]
fn a_file_dialog_that_cannot_open_offers_a_path_field() {
    let dir = fixture();
    // Another pack, whose cards are in a file of another name.
    let other = pack_fixture(&[("more_cards.ron", CARDS)]);
    let mut harness = harness(dir.path());
    // A card in the editor and its preview.
    harness.state_mut().apply(EditCommand::Open {
        addr: ItemAddr::card("cards.ron", 0),
        field: None,
    });
    harness.run();
    harness.get_by_label("Inspector");
    script(
        &harness.ctx,
        vec![PickResult::Unavailable("no desktop portal".into())],
    );
    harness.state_mut().apply(EditCommand::OpenDialog);
    harness.run();
    harness.get_by_label_contains("could not open: no desktop portal");
    harness
        .get_by_label("Type the path of the folder instead:")
        .focus();
    harness.run();
    harness
        .get_by_label("Type the path of the folder instead:")
        .type_text(&other.path().display().to_string());
    harness.run();
    harness.get_by_label("OK").click();
    harness.run();
    wait_until_opened(&mut harness);
    let root = harness.state().document().unwrap().pack().root.clone();
    assert_eq!(
        root,
        other.path().canonicalize().unwrap(),
        "{:?}",
        harness.state().status_text()
    );
    // The card the preview showed was the other pack's: nothing says it was deleted.
    assert!(
        harness.query_by_label_contains("was deleted").is_none(),
        "the preview mourns the other pack's card"
    );
}

#[test]
fn the_open_sandbox_reruns_with_reloaded_stats() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    harness
        .state_mut()
        .apply(EditCommand::Sandbox(BattleCommand::Load(
            "battle-line/scenarios/armor.ron".into(),
        )));
    harness.run();
    harness
        .state_mut()
        .apply(EditCommand::Sandbox(BattleCommand::Run(
            SandboxCommand::RunToEnd,
        )));
    harness.run();
    let outcome = |h: &Harness<'_, SigilforgeApp>| {
        h.state()
            .sandbox_battle()
            .map(|b| b.outcome_json().to_string())
    };
    let before = outcome(&harness);
    assert!(before.is_some(), "the sandbox did not load the scenario");
    let cards = dir.path().join("battle-line/cards.ron");
    let text = std::fs::read_to_string(&cards).unwrap();
    std::fs::write(
        &cards,
        text.replace("attack: 2, life: 6", "attack: 40, life: 60"),
    )
    .unwrap();
    harness.state_mut().apply(EditCommand::ReloadFromDisk(vec![
        "battle-line/cards.ron".into(),
    ]));
    harness.run();
    let after = outcome(&harness);
    assert_ne!(before, after, "the sandbox still runs the old stats");
}

/// Whether the conflict dialog waits, and for which items.
fn conflict_keys(harness: &Harness<'_, SigilforgeApp>) -> Vec<String> {
    harness
        .state()
        .pending_conflicts()
        .iter()
        .flat_map(|p| p.conflicts.iter().map(|c| c.key.describe()))
        .collect()
}

fn card_ids(harness: &Harness<'_, SigilforgeApp>) -> Vec<String> {
    harness
        .state()
        .document()
        .unwrap()
        .pack()
        .cards()
        .map(|(_, c)| c.id.clone())
        .collect()
}

const BEAR_LINE: &str = "        (id: \"bear\", name: \"Bear\", attack: 4, life: 6),\n";

#[test]
fn an_item_deleted_on_disk_goes_when_unedited_here() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    set_attack(&mut harness, 0, 5); // an unsaved edit of another card
    outside_edit(dir.path(), BEAR_LINE, "");
    reload(&mut harness);
    assert!(conflict_keys(&harness).is_empty());
    assert_eq!(card_ids(&harness), ["wolf"]);
    assert_eq!(card(&harness, 0).attack, 5, "the unsaved edit is kept");
    let saved = save_and_read(&mut harness, dir.path());
    assert_eq!(
        saved,
        CARDS
            .replace(BEAR_LINE, "")
            .replace("attack: 2", "attack: 5")
    );
}

#[test]
fn an_item_deleted_on_disk_and_edited_here_is_a_conflict() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    set_attack(&mut harness, 1, 7); // the bear, edited here
    outside_edit(dir.path(), BEAR_LINE, ""); // and deleted on disk
    reload(&mut harness);
    let keys = conflict_keys(&harness);
    assert_eq!(keys.len(), 1, "{keys:?}");
    assert!(keys[0].contains("bear"), "{keys:?}");
    // Nothing is lost while the dialog waits: the edit is still here, the disk unchanged.
    assert_eq!(card(&harness, 1).attack, 7);
    keep_mine_and_apply(&mut harness);
    assert!(conflict_keys(&harness).is_empty());
    assert_eq!(card_ids(&harness), ["wolf", "bear"]);
    let saved = save_and_read(&mut harness, dir.path());
    assert_eq!(saved, CARDS.replace("attack: 4", "attack: 7"));
}

#[test]
fn a_file_removed_on_disk_leaves_the_pack_and_is_not_written_again() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    std::fs::remove_file(dir.path().join("cards.ron")).unwrap();
    reload(&mut harness);
    assert!(conflict_keys(&harness).is_empty());
    assert!(card_ids(&harness).is_empty());
    let status = harness.state().status_text().unwrap_or_default().to_owned();
    assert!(status.contains("cards.ron was deleted"), "{status}");
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    assert!(!dir.path().join("cards.ron").exists(), "re-created on save");
}

#[test]
fn a_file_removed_on_disk_with_edits_here_waits_and_is_kept_when_chosen() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    set_attack(&mut harness, 0, 5);
    std::fs::remove_file(dir.path().join("cards.ron")).unwrap();
    reload(&mut harness);
    assert_eq!(conflict_keys(&harness).len(), 1);
    harness.get_by_label("cards.ron changed on disk and here");
    // The edits stay, and save does not silently write the file back while the choice waits.
    assert_eq!(card(&harness, 0).attack, 5);
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    assert!(
        !dir.path().join("cards.ron").exists(),
        "written back unseen"
    );
    keep_mine_and_apply(&mut harness);
    assert!(conflict_keys(&harness).is_empty());
    let saved = save_and_read(&mut harness, dir.path());
    assert_eq!(saved, CARDS.replace("attack: 2", "attack: 5"));
}

#[test]
fn a_file_renamed_on_disk_keeps_its_items_under_the_new_name() {
    const DUEL: &str = "BattleScenario(\n    name: \"Duel\",\n    max_turns: 1,\n    pack: Some(\".\"),\n    a: [\"wolf\"],\n    b: [\"bear\"],\n)\n";
    let dir = pack_fixture(&[("cards.ron", CARDS), ("duel.ron", DUEL)]);
    let mut harness = harness(dir.path());
    assert!(
        harness.state().document().unwrap().problems().is_empty(),
        "{:?}",
        harness.state().document().unwrap().problems()
    );
    set_attack(&mut harness, 1, 7); // an unsaved edit travels with the file
    std::fs::rename(dir.path().join("cards.ron"), dir.path().join("beasts.ron")).unwrap();
    harness.state_mut().apply(EditCommand::ReloadFromDisk(vec![
        "cards.ron".into(),
        "beasts.ron".into(),
    ]));
    harness.run();
    assert!(conflict_keys(&harness).is_empty());
    let doc = harness.state().document().unwrap();
    assert!(doc.pack().file("cards.ron").is_none());
    assert_eq!(card_ids(&harness), ["wolf", "bear"], "no duplicates");
    assert!(doc.problems().is_empty(), "{:?}", doc.problems());
    let card = doc.card(&ItemAddr::card("beasts.ron", 1)).unwrap().clone();
    assert_eq!(card.attack, 7);
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    assert!(
        !dir.path().join("cards.ron").exists(),
        "the old name came back"
    );
    let saved = std::fs::read_to_string(dir.path().join("beasts.ron")).unwrap();
    assert_eq!(saved, CARDS.replace("attack: 4", "attack: 7"));
}

#[test]
fn typing_in_the_text_view_at_the_problem_fixes_the_file() {
    let (_dir, mut harness) = broken_pack_opened();
    let doc = harness.state().document().unwrap();
    let broken = doc.pack().file("cards.ron").unwrap().source.clone();
    // The one problem sits where the `)` was due: just past `life: 6,` on the bear's line.
    assert_eq!(doc.problems().len(), 1, "{:?}", doc.problems());
    let at = doc.problems()[0].diagnostic.location;
    let bear_line = broken.lines().nth(4).unwrap();
    let due = bear_line.find("life: 6,").unwrap() + "life: 6,".len() + 1;
    assert_eq!(
        at,
        Location {
            line: 5,
            column: due
        },
        "{:?}",
        doc.problems()
    );
    // Open the text view on the problem (the cursor goes there) and type the bracket.
    harness.state_mut().apply(EditCommand::OpenText {
        file: "cards.ron".into(),
        at: Some(at),
    });
    harness.run();
    harness.get_by_value(&broken).type_text(")");
    harness.run();
    let doc = harness.state().document().unwrap();
    let file = doc.pack().file("cards.ron").unwrap();
    assert_eq!(file.source, CARDS.replace("life: 6),", "life: 6,)"));
    assert!(
        matches!(file.content, Content::Cards(_)),
        "parsed again live"
    );
    assert!(doc.problems().is_empty(), "{:?}", doc.problems());
    harness.get_by_role_and_label(egui::accesskit::Role::Button, "No problems");
}

#[test]
fn an_open_card_whose_file_breaks_says_so_and_opens_the_text() {
    let dir = fixture();
    let mut harness = harness(dir.path());
    harness.state_mut().apply(EditCommand::Open {
        addr: ItemAddr::card("cards.ron", 1),
        field: None,
    });
    harness.run();
    outside_edit(dir.path(), "life: 6),", "life: 6,");
    reload(&mut harness);
    // The editor tab and the preview say why the bear is not shown: not "deleted".
    let reason = "The card shown here cannot be read: cards.ron has a syntax error. Open it with Problems ➡ Text to fix it; the card comes back as soon as the file reads.";
    assert!(harness.query_all_by_label(reason).count() >= 1);
    assert!(harness.query_by_label_contains("was deleted").is_none());
    harness.get_by_label("Open as text").click();
    harness.run();
    let broken = std::fs::read_to_string(dir.path().join("cards.ron")).unwrap();
    harness.get_by_value(&broken);
    // Fixed in the text view, the card's tab shows the bear again.
    harness.state_mut().apply(EditCommand::SetText {
        file: "cards.ron".into(),
        text: broken.replace("life: 6,", "life: 6),"),
    });
    harness.state_mut().apply(EditCommand::Open {
        addr: ItemAddr::card("cards.ron", 1),
        field: None,
    });
    harness.run();
    assert!(harness.query_all_by_label(reason).next().is_none());
    assert!(harness.query_all_by_value("Bear").count() >= 1);
}

/// The x of the text view's line-number column: it moves left as the view scrolls right.
fn line_numbers_x(harness: &Harness<'_, SigilforgeApp>) -> f32 {
    let node = harness.get_by_label_contains("   1\n");
    node.rect().min.x
}

#[test]
fn the_text_view_scrolls_sideways_to_a_problem_far_right() {
    let long = "x".repeat(400);
    // The wolf's `)` is missing at the end of a 450-character line.
    let cards = format!(
        "CardSet(\n    cards: [\n        (id: \"wolf\", name: \"Grey Wolf\", text: \"{long}\", attack: 2, life: 3,\n    ],\n)\n"
    );
    let dir = pack_fixture(&[("cards.ron", &cards)]);
    let mut harness = editor_harness(SigilforgeApp::without_pack(Settings::default()));
    harness
        .state_mut()
        .apply(EditCommand::OpenPack(dir.path().to_owned()));
    wait_until_opened(&mut harness);
    let at = harness.state().document().unwrap().problems()[0]
        .diagnostic
        .location;
    assert!(at.column > 400, "{at:?}");
    harness.state_mut().apply(EditCommand::OpenText {
        file: "cards.ron".into(),
        at: Some(Location { line: 1, column: 1 }),
    });
    harness.run();
    let start = line_numbers_x(&harness);
    harness.state_mut().apply(EditCommand::OpenText {
        file: "cards.ron".into(),
        at: Some(at),
    });
    harness.run();
    let scrolled = line_numbers_x(&harness);
    assert!(
        scrolled < start - 500.0,
        "the view did not scroll to column {}: numbers at x {start} then {scrolled}",
        at.column
    );
}
