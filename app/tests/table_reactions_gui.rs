//! GUI tests of table mode's Reactions on the real editor (issue #32, items 1 to 3): an action
//! that would trigger a Reaction holds a prompt, and nothing fires before the GM answers;
//! "React with …" applies the Reaction at the table's Score, "Skip …'s Reaction" leaves the
//! creature untouched; the prompt does not move the End turn button; a delayed ability shows
//! on its owner's row of the creature list and marks its token and its target's cell.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::shell::SigilforgeApp;
use sigilforge_engine::encounter::TableSession;

mod table_common;
use table_common::ui_common::{click_topmost, fixture_copy, hosted_harness, set_field};
use table_common::{AMBUSH, click_cell, creature, end_turn_rect, start_table};

fn session(harness: &mut Harness<'_, SigilforgeApp>) -> TableSession {
    let editor = harness.state_mut().hosted_encounter_editor(AMBUSH);
    editor.table.session().unwrap().clone()
}

fn log_text(harness: &mut Harness<'_, SigilforgeApp>) -> String {
    let s = session(harness);
    let lines: Vec<&str> = s.run().log().iter().map(|e| e.text.as_str()).collect();
    lines.join("\n")
}

/// Bob steps out of the wall's shadow on his turn, then turns pass to the archer, who aims
/// at him (not shot yet).
fn archer_aims_at_bob(harness: &mut Harness<'_, SigilforgeApp>) {
    click_topmost(harness, "End turn");
    harness.get_by_label_contains("Round 1: #Bob's turn");
    click_cell(harness, (3, 8));
    click_topmost(harness, "Move #Bob here");
    for _ in 0..3 {
        click_topmost(harness, "End turn");
    }
    harness.get_by_label_contains("Round 1: Goblin Archer's turn");
    harness.get_by_label("#Bob").click();
    harness.run();
}

/// Issue #32, item 1: the prompt appears when the trigger happens and nothing fires before the
/// answer (the log has no Reaction line, no action is taken, End turn is refused and has not
/// moved); Skip leaves bob untouched; "React with Delay" at the table's Score makes the shot
/// wait, and the creature list shows it waiting on the archer (item 3).
#[test]
fn a_reaction_prompt_waits_for_the_gm_skip_leaves_the_creature_and_use_applies_it() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    start_table(&mut harness);
    let before = end_turn_rect(&harness);
    archer_aims_at_bob(&mut harness);
    let log_before_shot = log_text(&mut harness);
    click_topmost(&mut harness, "Use Aimed Shot");
    harness.get_by_label("Reaction? #Bob may react");
    harness.get_by_label("Trigger: Goblin Archer starts Aimed Shot on #Bob");
    harness.get_by_label("Reaction: costs a Beat (1 Beat left); 1 Dodge Point (has 0: missing, a Disadvantage on its Test)");
    assert_eq!(end_turn_rect(&harness), before, "the prompt moved End turn");
    // Held: nothing of the shot has happened, and nothing else can.
    assert_eq!(log_text(&mut harness), log_before_shot);
    click_topmost(&mut harness, "End turn");
    harness.get_by_label_contains("Refused: first answer the Reaction question of #Bob");
    harness.get_by_label("Reaction? #Bob may react");
    assert_eq!(log_text(&mut harness), log_before_shot);

    let bob = creature(&mut harness, "bob");
    click_topmost(&mut harness, "Skip #Bob's Reaction");
    harness.get_by_label("Reaction? #Alice may react");
    assert_eq!(log_text(&mut harness), log_before_shot);
    click_topmost(&mut harness, "The table rolled the Reaction");
    set_field(&mut harness, "Reaction Score", "13");
    click_topmost(&mut harness, "React with Delay");
    assert!(harness.query_by_label_contains("may react").is_none());
    let log = log_text(&mut harness);
    assert!(log.contains("The GM skips bob's Reaction (Dodge)"), "{log}");
    assert!(!log.contains("bob spends a Beat and answers"), "{log}");
    assert!(
        log.contains("alice spends a Beat and answers with Delay"),
        "{log}"
    );
    assert!(
        log.contains("= 13 → High Score; the table's Score, typed by the GM"),
        "{log}"
    );
    let now = creature(&mut harness, "bob");
    assert_eq!(
        (now.beats, now.health, now.resources),
        (bob.beats, bob.health, bob.resources)
    );
    assert_eq!(creature(&mut harness, "alice").beats, 1);
    harness.get_by_label(
        "Waiting: Aimed Shot on #Bob (its Test comes at the start of Goblin Archer's next turn)",
    );
    // On the map: the archer's token is marked and bob's cell framed.
    let tokens = harness
        .state_mut()
        .hosted_encounter_editor(AMBUSH)
        .table
        .tokens();
    let waiting = |id: &str| tokens.iter().find(|t| t.id == id).unwrap().waiting.clone();
    assert_eq!(waiting("archer"), Some(vec![(3, 8)]));
    assert_eq!(waiting("bob"), None);
    assert_eq!(end_turn_rect(&harness), before);
}

/// "React with Dodge" spends bob's Beat and answers with Dodge; undo brings the prompt back.
#[test]
fn react_with_applies_the_reaction_and_undo_reopens_the_prompt() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    start_table(&mut harness);
    archer_aims_at_bob(&mut harness);
    click_topmost(&mut harness, "Use Aimed Shot");
    click_topmost(&mut harness, "React with Dodge");
    harness.get_by_label("Reaction? #Alice may react");
    click_topmost(&mut harness, "Skip #Alice's Reaction");
    assert_eq!(creature(&mut harness, "bob").beats, 0);
    assert!(log_text(&mut harness).contains("bob spends a Beat and answers with Dodge"));
    click_topmost(&mut harness, "Undo table action");
    harness.get_by_label("Reaction? #Alice may react");
    click_topmost(&mut harness, "Undo table action");
    harness.get_by_label("Reaction? #Bob may react");
    assert_eq!(creature(&mut harness, "bob").beats, 1);
}

/// A side handed to the engine reacts by its policy, logged, without a prompt.
#[test]
fn a_side_the_engine_decides_is_not_asked() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    start_table(&mut harness);
    click_topmost(&mut harness, "heroes: GM decides");
    harness.get_by_label("heroes: engine decides");
    archer_aims_at_bob(&mut harness);
    click_topmost(&mut harness, "Use Aimed Shot");
    assert!(harness.query_by_label_contains("may react").is_none());
    assert!(log_text(&mut harness).contains("bob spends a Beat and answers with Dodge"));
}
