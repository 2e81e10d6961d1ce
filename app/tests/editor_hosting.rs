//! GUI tests of the glyph network and encounter editors hosted as tabs in the real editor:
//! opened from the library, edits recorded in the editor's undo history, the sandbox stepping,
//! the A/B of an encounter edit against the encounter as saved.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sigilforge::encounters::ab::change_text;
use sigilforge::encounters::{EncounterEdit, EncounterSandboxCommand};
use sigilforge::glyphs::GlyphEdit;
use sigilforge::sandbox::SandboxCommand;
use sigilforge::shell::{EditCommand, SigilforgeApp};
use sigilforge_engine::encounter::PlayStyle;
use sigilforge_engine::encounter::ab::EncounterAb;
use sigilforge_engine::pack::Content;

mod ui_common;
use ui_common::{
    click_topmost, fixture_copy, hosted_harness, pdf_page_sizes, press_topmost, set_field,
    wait_for_label_contains,
};

const VAULT: &str = "glyphs/vault-alarm.ron";

fn harness(dir: &Path) -> Harness<'static, SigilforgeApp> {
    hosted_harness(dir)
}

fn glyph_count(harness: &Harness<'_, SigilforgeApp>) -> usize {
    let doc = harness.state().document().unwrap();
    match &doc.pack().file(VAULT).unwrap().content {
        Content::GlyphNetwork(net) => net.glyphs.len(),
        other => panic!("{VAULT} is not a glyph network: {other:?}"),
    }
}

#[test]
fn glyph_tab_adds_a_glyph_marks_dirty_and_undoes() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    harness.get_by_label("Glyph networks").click();
    harness.run();
    harness
        .get_by_label_contains("(glyphs/vault-alarm.ron)")
        .click();
    harness.run();
    harness.run();
    let before = glyph_count(&harness);
    assert_eq!(harness.state().hosted_tab_titles(), ["Vault alarm"]);

    harness.get_by_label("Add glyph").click();
    harness.run();
    harness.run();
    assert_eq!(glyph_count(&harness), before + 1);
    assert_eq!(harness.state().hosted_tab_titles(), ["Vault alarm •"]);
    assert!(harness.state().is_dirty());

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    harness.run();
    assert_eq!(glyph_count(&harness), before);
    assert_eq!(harness.state().hosted_tab_titles(), ["Vault alarm"]);
    assert!(!harness.state().is_dirty());
}

/// Opens the starter Goblin Ambush encounter in its tab from the library.
fn open_goblin_ambush(harness: &mut Harness<'_, SigilforgeApp>) {
    harness.get_by_label("Encounters").click();
    harness.run();
    harness
        .get_by_label_contains("(encounters/goblin_ambush.ron)")
        .click();
    harness.run();
    harness.run();
}

#[test]
fn encounter_tab_opens_from_the_library_and_its_sandbox_steps() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    open_goblin_ambush(&mut harness);
    // The tab's title is the encounter's name.
    assert_eq!(harness.state().hosted_tab_titles(), ["Goblin Ambush"]);
    assert!(harness.query_by_label_contains("#1 r1").is_none());

    click_topmost(&mut harness, "Sandbox");
    click_topmost(&mut harness, "Step");
    harness.run();
    harness.get_by_label_contains("#1 r1");
}

#[test]
fn new_glyph_network_and_new_encounter_are_created_and_undone() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    harness.get_by_label("Glyph networks").click();
    harness.run();
    harness.get_by_label("New glyph network").click();
    harness.run();
    harness.run();
    let doc = harness.state().document().unwrap();
    assert!(matches!(
        doc.pack().file("glyphs/network.ron").map(|f| &f.content),
        Some(Content::GlyphNetwork(_))
    ));
    assert_eq!(harness.state().hosted_tab_titles(), ["New network •"]);

    harness.get_by_label("Encounters").click();
    harness.run();
    harness.get_by_label("New encounter").click();
    harness.run();
    harness.run();
    let doc = harness.state().document().unwrap();
    let Some(Content::Encounter(enc)) = doc
        .pack()
        .file("encounters/encounter.ron")
        .map(|f| &f.content)
    else {
        panic!("no new encounter");
    };
    assert_eq!(enc.combatants.len(), 2);
    assert!(
        doc.problems()
            .iter()
            .all(|p| !p.diagnostic.file.ends_with("encounters/encounter.ron")),
        "the starter encounter has problems: {:?}",
        doc.problems()
    );

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    harness.run();
    let doc = harness.state().document().unwrap();
    assert!(doc.pack().file("encounters/encounter.ron").is_none());
    assert!(doc.pack().file("glyphs/network.ron").is_some());
    // Undoing the creation closed the encounter's tab.
    assert_eq!(harness.state().hosted_tab_titles(), ["New network •"]);

    // Saving writes the new network as a canonical content file.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let saved = std::fs::read_to_string(dir.path().join("glyphs/network.ron")).unwrap();
    assert!(saved.starts_with("GlyphNetwork("), "{saved}");
    assert!(!dir.path().join("encounters/encounter.ron").exists());
    assert_eq!(harness.state().hosted_tab_titles(), ["New network"]);
}

#[test]
fn a_refused_glyph_edit_changes_nothing_and_says_why() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    harness.get_by_label("Glyph networks").click();
    harness.run();
    harness
        .get_by_label_contains("(glyphs/vault-alarm.ron)")
        .click();
    harness.run();
    let before = harness
        .state()
        .document()
        .unwrap()
        .pack()
        .file(VAULT)
        .unwrap()
        .content
        .clone();

    // Two glyphs cannot share an id: the component's edit is refused by `apply_glyph_edit`.
    harness.state_mut().apply(EditCommand::Glyph {
        file: VAULT.to_owned(),
        edit: GlyphEdit::RenameGlyph {
            id: "bell".to_owned(),
            new_id: "door".to_owned(),
        },
    });
    harness.run();
    let doc = harness.state().document().unwrap();
    assert_eq!(doc.pack().file(VAULT).unwrap().content, before);
    assert!(!harness.state().is_dirty());
    let status = harness.state().status_text().unwrap().to_owned();
    assert!(status.starts_with(VAULT), "{status}");
    // The tab shows the reason too.
    let reason = status.trim_start_matches(VAULT).trim_start_matches(": ");
    assert!(
        harness.query_all_by_label_contains(reason).count() >= 1,
        "{reason}"
    );
}

#[test]
fn an_encounter_ab_after_an_edit_shows_the_change_in_the_heroes_win_rate() {
    const FILE: &str = "encounters/goblin_ambush.ron";
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    open_goblin_ambush(&mut harness);
    click_topmost(&mut harness, "Sandbox");
    // Fewer seeds than the default: the debug engine is slow, the change large.
    let app = harness.state_mut();
    app.apply(EditCommand::EncounterSandbox {
        file: FILE.into(),
        command: EncounterSandboxCommand::Run(SandboxCommand::SetRuns(120)),
    });
    // Not saved: the two goblins leave.
    for id in ["goblin_1", "goblin_2"] {
        app.apply(EditCommand::Encounter {
            file: FILE.into(),
            edit: EncounterEdit::RemoveCombatant { id: id.into() },
        });
    }
    harness.run();
    let both = compare_with_saved(&mut harness, FILE);
    // Both of the estimate's tables, each labelled, on the estimate's seeds (issue #32).
    assert_eq!(both.plan.runs, 120);
    for style in PlayStyle::ALL {
        let report = both.table(style);
        assert!(report.change > 0.0 && report.significant, "{both:?}");
        assert!(report.flipped > 0);
        harness.get_by_label(&change_text(style, report));
        harness.get_by_label_contains(&format!(
            "With {}: {} of 120 seeds flipped: {}",
            style.label(),
            report.flipped,
            report.flips[0].0
        ));
    }
    // Undone, the encounter is as saved: the comparison of the edit is gone at once (never
    // shown for a version it was not made for), and a new one shows no change at all.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert!(!harness.state().is_dirty());
    assert_eq!(encounter_ab(&mut harness, FILE), None);
    let careful_text = change_text(PlayStyle::Careful, &both.careful);
    assert!(harness.query_by_label(&careful_text).is_none());
    let both = compare_with_saved(&mut harness, FILE);
    for style in PlayStyle::ALL {
        let report = both.table(style);
        assert!(!report.significant && report.flipped == 0, "{both:?}");
        let text = change_text(style, report);
        assert!(text.ends_with("+0.0 to +0.0), not significant"), "{text}");
        harness.get_by_label(&text);
    }
}

#[test]
fn an_encounter_ab_plays_an_unsaved_stat_block_edit_as_edited() {
    const FILE: &str = "encounters/goblin_ambush.ron";
    const CREATURES: &str = "encounters/tabletop/creatures.ron";
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    // Not saved: the goblin's stat block (in the pack's library, not the encounter) gets ten
    // times its health, typed in the file's text.
    let text = harness
        .state()
        .document()
        .unwrap()
        .pack()
        .file(CREATURES)
        .unwrap()
        .source
        .clone();
    let goblin = text.find("id: \"goblin\"").unwrap();
    let at = goblin + text[goblin..].find("health: 5,").unwrap();
    let edited = format!(
        "{}health: 50,{}",
        &text[..at],
        &text[at + "health: 5,".len()..]
    );
    harness.state_mut().apply(EditCommand::SetText {
        file: CREATURES.into(),
        text: edited,
    });
    harness.run();
    assert!(harness.state().is_dirty());
    open_goblin_ambush(&mut harness);
    click_topmost(&mut harness, "Sandbox");
    harness.state_mut().apply(EditCommand::EncounterSandbox {
        file: FILE.into(),
        command: EncounterSandboxCommand::Run(SandboxCommand::SetRuns(120)),
    });
    harness.run();
    // The sandbox plays the stat block as edited.
    let editor = harness.state_mut().hosted_encounter_editor(FILE);
    let (_, content) = editor.sandbox.source().unwrap();
    assert_eq!(content.creatures["goblin"].health, 50);
    // As saved the goblins fall far sooner: the heroes win less as edited.
    let both = compare_with_saved(&mut harness, FILE);
    for style in PlayStyle::ALL {
        let report = both.table(style);
        assert!(report.change < 0.0 && report.significant, "{both:?}");
        assert!(report.flipped > 0);
        harness.get_by_label(&change_text(style, report));
    }
    // Saved: "as saved" is now the edited version, so the comparison with the old one goes.
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    assert!(!harness.state().is_dirty());
    assert_eq!(encounter_ab(&mut harness, FILE), None);
    let careful = change_text(PlayStyle::Careful, &both.careful);
    assert!(harness.query_by_label(&careful).is_none());
}

/// Clicks "Compare with saved" and waits for the report (bounded in frames, not timed).
fn compare_with_saved(harness: &mut Harness<'_, SigilforgeApp>, file: &str) -> EncounterAb {
    let before = encounter_ab(harness, file);
    harness.get_by_label("Compare with saved").click();
    // The spinner keeps asking for frames while it runs: step, not run.
    for _ in 0..6_000 {
        harness.step();
        if let Some(report) = encounter_ab(harness, file)
            && Some(&report) != before.as_ref()
        {
            harness.run();
            return report;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the comparison did not finish");
}

fn encounter_ab(harness: &mut Harness<'_, SigilforgeApp>, file: &str) -> Option<EncounterAb> {
    harness
        .state_mut()
        .hosted_encounter_editor(file)
        .sandbox
        .ab
        .report()
        .cloned()
}

/// Opens the Goblin Ambush, answers the file dialog with `name` in a temporary folder and
/// clicks Export sheet…; returns the harness, the folder (kept alive) and the path.
fn export_sheet_as(
    dir: &Path,
    name: &str,
) -> (Harness<'static, SigilforgeApp>, tempfile::TempDir, PathBuf) {
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join(name);
    let mut harness = harness(dir);
    open_goblin_ambush(&mut harness);
    few_estimate_runs(&mut harness);
    sigilforge::dialogs::script(
        &harness.ctx,
        vec![sigilforge::dialogs::PickResult::Picked(path.clone())],
    );
    ui_common::press_topmost(&mut harness, "Export sheet…");
    // The sheet is written on a thread of its own (it may estimate the difficulty first).
    ui_common::wait_for_label_contains(&mut harness, "Sheet written to");
    (harness, out, path)
}

#[test]
fn export_sheet_writes_the_gm_sheet_and_says_where() {
    let dir = fixture_copy();
    let (harness, _out, path) = export_sheet_as(dir.path(), "ambush.html");
    let html = std::fs::read_to_string(&path).unwrap();
    assert!(html.contains("Saves by the Test"), "the GM sheet");
    assert!(html.contains("Goblin Ambush"));
    harness.get_by_label_contains("Sheet written to");
}

/// The chosen file's extension picks the format: a `.pdf` name gets the print-ready PDF.
#[test]
fn export_sheet_as_pdf_writes_a_pdf_and_says_where() {
    let dir = fixture_copy();
    let (harness, _out, path) = export_sheet_as(dir.path(), "ambush.pdf");
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
    harness.get_by_label_contains(&format!("Sheet written to {}", path.display()));
}

/// The Paper choice beside Export sheet…: Letter gives Letter pages (612 × 792 pt), and the
/// choice stays for the session (a second export without choosing again is Letter too).
#[test]
fn export_sheet_on_letter_paper() {
    let dir = fixture_copy();
    let out = tempfile::tempdir().unwrap();
    let mut harness = harness(dir.path());
    open_goblin_ambush(&mut harness);
    few_estimate_runs(&mut harness);
    harness
        .get_by(|n| {
            n.role() == egui::accesskit::Role::ComboBox && n.value().as_deref() == Some("Paper: A4")
        })
        .click_accesskit();
    harness.run();
    click_topmost(&mut harness, "Letter");
    harness.run();
    harness.get_by(|n| {
        n.role() == egui::accesskit::Role::ComboBox && n.value().as_deref() == Some("Paper: Letter")
    });
    for name in ["first.pdf", "second.pdf"] {
        let path = out.path().join(name);
        sigilforge::dialogs::script(
            &harness.ctx,
            vec![sigilforge::dialogs::PickResult::Picked(path.clone())],
        );
        ui_common::press_topmost(&mut harness, "Export sheet…");
        // The sheet is written on a thread of its own (it may estimate the difficulty first).
        ui_common::wait_for_label_contains(
            &mut harness,
            &format!("Sheet written to {}", path.display()),
        );
        let sizes = pdf_page_sizes(&std::fs::read(&path).unwrap());
        assert!(!sizes.is_empty());
        for (w, h) in sizes {
            assert!(
                (w - 612.0).abs() < 0.1 && (h - 792.0).abs() < 0.1,
                "{name}: {w} × {h}"
            );
        }
    }
}

/// "Preview sheet" shows the GM sheet inside the editor: a creature's heading and the difficulty.
#[test]
fn preview_sheet_shows_creatures_and_the_difficulty() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    open_goblin_ambush(&mut harness);
    few_estimate_runs(&mut harness);
    press_topmost(&mut harness, "Preview sheet");
    // The estimate is played on the sandbox's thread, not the UI's: the sheet says so, then
    // shows it when done (frames drawn one by one: the spinner keeps asking for them).
    wait_for_label_contains(
        &mut harness,
        "Estimating the difficulty (50 runs, seeds 0–49)",
    );
    // Creatures by name, two of one name told apart, never by id (issue #31).
    harness.get_by_label("Goblin 1");
    harness.get_by_label("Saves by the Test's band");
    wait_for_label_contains(
        &mut harness,
        "With careful play (every creature weighs its whole kit",
    );
    assert!(
        harness
            .query_by_label_contains("Estimating the difficulty")
            .is_none()
    );
    harness.get_by_label_contains("With simple play (every creature uses");

    // An edit made while the preview is open shows without clicking it again, and Undo too.
    let text = harness
        .state()
        .document()
        .unwrap()
        .pack()
        .file(AMBUSH)
        .unwrap()
        .source
        .clone();
    harness.state_mut().apply(EditCommand::SetText {
        file: AMBUSH.into(),
        text: text.replace("position: (9, 3)", "position: (8, 2)"),
    });
    wait_for_label_contains(&mut harness, "Side foes, starts at x 8, y 2.");
    harness.state_mut().apply(EditCommand::Undo);
    wait_for_label_contains(&mut harness, "Side foes, starts at x 9, y 3.");
    assert!(
        harness
            .query_by_label("Side foes, starts at x 8, y 2.")
            .is_none()
    );
}

const AMBUSH: &str = "encounters/goblin_ambush.ron";

/// Fewer seeds than the default for the Goblin Ambush's estimate: the sheet estimates on the
/// tab's seeds (issue #32: the screen's numbers), and a debug build plays them slowly.
fn few_estimate_runs(harness: &mut Harness<'_, SigilforgeApp>) {
    harness.state_mut().apply(EditCommand::EncounterSandbox {
        file: AMBUSH.into(),
        command: EncounterSandboxCommand::Run(SandboxCommand::SetRuns(50)),
    });
}

/// A creature's health in the live table session.
fn table_health(harness: &mut Harness<'_, SigilforgeApp>, id: &str) -> (i32, i32) {
    let editor = harness.state_mut().hosted_encounter_editor(AMBUSH);
    let c = editor.table.session().unwrap().run().combatant(id).unwrap();
    (c.health, c.max_health)
}

/// Opens the Goblin Ambush and starts table mode from its tab.
fn start_table(harness: &mut Harness<'_, SigilforgeApp>) {
    open_goblin_ambush(harness);
    click_topmost(harness, "Run at the table");
    harness.run();
}

#[test]
fn table_mode_applies_damage_and_a_status_ends_the_turn_and_undoes() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    harness.get_by_label_contains("Round 1: Goblin 1's turn");

    // Damage: pick bob, 3 Fire, one click.
    let (full, max) = table_health(&mut harness, "bob");
    harness
        .get_by_label_contains(&format!("#Bob: {full}/{max} health"))
        .click();
    harness.run();
    set_field(&mut harness, "Amount", "3");
    harness.get_by_label("Damage type").focus();
    harness.get_by_label("Damage type").type_text("Fire");
    harness.run();
    click_topmost(&mut harness, "Apply damage");
    assert_eq!(table_health(&mut harness, "bob"), (full - 3, max));
    harness.get_by_label_contains(&format!("#Bob: {}/{max} health", full - 3));
    harness.get_by_label_contains("The GM deals 3 Fire damage to #Bob");
    harness.get_by_label_contains(&format!(
        "#Bob takes 3 Fire damage; health {} of {max}",
        full - 3
    ));

    // bob's resource: gain 3 Dodge Points (Amount is still 3), spend them back.
    click_topmost(&mut harness, "Gain");
    harness.get_by_label_contains("Resources: Dodge Point 3");
    click_topmost(&mut harness, "Spend");
    harness.get_by_label_contains("Resources: Dodge Point 0");
    click_topmost(&mut harness, "Spend");
    harness.get_by_label_contains("Refused: #Bob has only 0 Dodge Point");

    // A status with its counter.
    harness.get_by_label("Status").click();
    harness.run();
    harness.get_by_label("Vulnerable").click();
    harness.run();
    set_field(&mut harness, "Stacks", "2");
    click_topmost(&mut harness, "Give status");
    harness.get_by_label_contains(
        "Vulnerable ×2 (fleeting: 1 goes at the end of #Bob's turn; +1 damage taken per stack)",
    );

    // goblin_1 spends a Beat; then the next creature's turn.
    click_topmost(&mut harness, "Spend a Beat");
    harness.get_by_label_contains("Round 1: Goblin 1's turn, 1 Beat left");
    click_topmost(&mut harness, "End turn");
    harness.get_by_label_contains("Round 1: #Bob's turn");
    assert!(
        harness
            .query_by_label_contains("Round 1: Goblin 1's turn")
            .is_none()
    );

    // Undo: the turn, the Beat, the status, the two resource changes, the damage.
    click_topmost(&mut harness, "Undo table action");
    harness.get_by_label_contains("Round 1: Goblin 1's turn, 1 Beat left");
    click_topmost(&mut harness, "Undo table action");
    harness.get_by_label_contains("Round 1: Goblin 1's turn, 2 Beats left");
    click_topmost(&mut harness, "Undo table action");
    assert!(harness.query_by_label_contains("Vulnerable ×").is_none());
    click_topmost(&mut harness, "Undo table action");
    harness.get_by_label_contains("Resources: Dodge Point 3");
    click_topmost(&mut harness, "Undo table action");
    harness.get_by_label_contains("Resources: Dodge Point 0");
    click_topmost(&mut harness, "Undo table action");
    assert_eq!(table_health(&mut harness, "bob"), (full, max));
    // The session is not the file: nothing was edited.
    assert!(!harness.state().is_dirty());
}

#[test]
fn player_window_shows_turn_order_and_map_but_no_foe_health() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    click_topmost(&mut harness, "Player window");
    harness.run();
    // Embedded in the test (no second native window there), titled for the players.
    harness.get_by_label("Players: Goblin Ambush");
    // Open and idle, it asks for no frames.
    assert!(
        !harness.ctx.has_requested_repaint(),
        "an idle editor with the player window asks for frames"
    );
    assert_eq!(harness.get_all_by_label("Encounter map").count(), 2);
    // Named as the map names them, never by id.
    harness.get_by_label_contains("▶ Goblin 1: unhurt");
    let (bob, bob_max) = table_health(&mut harness, "bob");
    // The player window's line is exactly this (the GM's row goes on with Beats).
    harness.get_by_label(&format!("#Bob: {bob}/{bob_max} health"));

    // goblin_1 (the target at the start) is hurt: the players see a word, never numbers.
    let (_, goblin_max) = table_health(&mut harness, "goblin_1");
    set_field(&mut harness, "Amount", "1");
    click_topmost(&mut harness, "Apply damage");
    assert_eq!(table_health(&mut harness, "goblin_1").0, goblin_max - 1);
    harness.get_by_label_contains("Goblin 1: hurt");
    let mut player_lines = 0;
    for node in harness.get_all_by_label_contains("Goblin ") {
        let label = node.accesskit_node().label().unwrap_or_default();
        // The GM's creature rows name them the same way and go on with their Beats.
        if !label.trim_start_matches("▶ ").starts_with("Goblin ") || label.contains(" Beat") {
            continue;
        }
        player_lines += 1;
        let health = label.split_once(": ").map_or("", |(_, h)| h);
        assert!(
            !health.chars().any(|c| c.is_ascii_digit()),
            "a foe's health in numbers: {label}"
        );
    }
    assert!(player_lines >= 2, "the player window lists the goblins");
    // It follows the session live: the turn passes on (the players' line has no Beats).
    click_topmost(&mut harness, "End turn");
    assert!(
        harness.get_all_by_label_contains("▶ #Bob: ").any(|n| {
            !n.accesskit_node()
                .label()
                .unwrap_or_default()
                .contains(" Beat")
        }),
        "the player window shows whose turn it is"
    );

    // Closing it is fine; the session goes on.
    click_topmost(&mut harness, "Player window");
    harness.run();
    assert!(harness.query_by_label("Players: Goblin Ambush").is_none());
    assert_eq!(harness.get_all_by_label("Encounter map").count(), 1);
    harness.get_by_label_contains("Round 1: #Bob's turn");
}

#[test]
fn table_log_is_saved_and_says_where() {
    let dir = fixture_copy();
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join("ambush table log.txt");
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    click_topmost(&mut harness, "Apply damage");
    sigilforge::dialogs::script(
        &harness.ctx,
        vec![sigilforge::dialogs::PickResult::Picked(path.clone())],
    );
    click_topmost(&mut harness, "Save table log…");
    harness.run();
    harness.run();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("Goblin 1: The GM deals 1 damage to Goblin 1"),
        "{text}"
    );
    assert!(text.contains("Goblin 1 takes 1 damage"), "{text}");
    harness.get_by_label_contains("Table log written to");
    // A record, not the encounter: nothing in the pack changed.
    assert!(!harness.state().is_dirty());
}
