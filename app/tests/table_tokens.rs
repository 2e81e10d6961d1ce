//! GUI tests of table mode's initiative, token-first play and hiding (issue #32) on the real
//! editor, by label and by pointer on the map: Earlier/Later and a dragged row change whose
//! turn is next; a clicked token's quick actions damage that creature; a dragged token moves;
//! a hidden creature and a hidden area are absent from the player window; End turn stays put
//! when a status appears.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use egui::Event;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sigilforge::shell::SigilforgeApp;

mod table_common;
use table_common::ui_common::{click_topmost, fixture_copy, set_field};
use table_common::{
    AMBUSH, click_cell, creature, drag_token, end_turn_rect, harness, press, start_table,
};

/// The turn order's ids, first to last.
fn order(harness: &mut Harness<'_, SigilforgeApp>) -> Vec<String> {
    let editor = harness.state_mut().hosted_encounter_editor(AMBUSH);
    let run = editor.table.session().unwrap().run();
    (run.order.iter())
        .map(|&i| run.combatants[i].id.clone())
        .collect()
}

/// Clicks the `n`th (from the top) button labelled `label`.
fn click_nth(harness: &mut Harness<'_, SigilforgeApp>, label: &str, n: usize) {
    let mut nodes: Vec<_> = harness.get_all_by_label(label).collect();
    nodes.sort_by(|a, b| a.rect().min.y.total_cmp(&b.rect().min.y));
    nodes.remove(n).click();
    harness.run();
}

#[test]
fn earlier_later_and_a_dragged_row_change_whose_turn_is_next() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    harness.get_by_label_contains("Round 1: Goblin 1's turn");
    // bob (2nd) one place later: goblin_2 is next.
    click_nth(&mut harness, "Later", 1);
    assert_eq!(order(&mut harness)[..3], ["goblin_1", "goblin_2", "bob"]);
    click_topmost(&mut harness, "End turn");
    harness.get_by_label_contains("Round 1: Goblin 2's turn");

    // alice's row (4th) dragged onto the 3rd row (bob's): she is next.
    let from = harness.get_by_label("☰ 4. #Alice").rect().center();
    let to = harness.get_by_label("☰ 3. #Bob").rect().center();
    harness.event(Event::PointerMoved(from));
    harness.run();
    press(&mut harness, from, true);
    harness.run_steps(2);
    for i in 1..=8 {
        harness.event(Event::PointerMoved(from + (to - from) * (i as f32 / 8.0)));
        harness.run_steps(2);
    }
    press(&mut harness, to, false);
    harness.run();
    assert_eq!(order(&mut harness)[2..4], ["alice", "bob"]);
    click_topmost(&mut harness, "End turn");
    harness.get_by_label_contains("Round 1: #Alice's turn");

    // Earlier takes it back, and undo undoes an order change like any table action.
    click_topmost(&mut harness, "Undo table action");
    click_topmost(&mut harness, "Undo table action");
    assert_eq!(order(&mut harness)[2..4], ["bob", "alice"]);
    // Initiative is rolled before the first turn ends only.
    assert!(
        harness
            .get_by_label("Roll initiative")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn a_delayed_creature_acts_after_the_one_picked() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    // Roll initiative first: a seeded roll, undone by Undo.
    let before = order(&mut harness);
    click_topmost(&mut harness, "Roll initiative");
    harness.get_by_label_contains("The GM rolls initiative");
    click_topmost(&mut harness, "Undo table action");
    assert_eq!(order(&mut harness), before);
    // goblin_1 delays until after goblin_2 (the default: the last of the order is skeleton).
    harness.get_by_label("Delay until after").click();
    harness.run();
    harness.get_by_label("Goblin 2").click();
    harness.run();
    click_topmost(&mut harness, "Delay");
    harness.get_by_label_contains("Round 1: #Bob's turn");
    click_topmost(&mut harness, "End turn");
    click_topmost(&mut harness, "End turn");
    harness.get_by_label_contains("Round 1: Goblin 1's turn");
}

#[test]
fn a_clicked_tokens_quick_actions_damage_that_creature() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    let before = creature(&mut harness, "goblin_2").health;
    click_cell(&mut harness, (9, 5));
    set_field(&mut harness, "Points", "2");
    click_topmost(&mut harness, "Damage Goblin 2");
    assert_eq!(creature(&mut harness, "goblin_2").health, before - 2);
    assert_eq!(creature(&mut harness, "goblin_1").health, before);
    click_topmost(&mut harness, "Heal Goblin 2");
    assert_eq!(creature(&mut harness, "goblin_2").health, before);
}

#[test]
fn a_dragged_token_moves() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    // Not the acting creature: the GM puts it there, no Beat spent.
    drag_token(&mut harness, (3, 4), (4, 5));
    assert_eq!(creature(&mut harness, "bob").position, (4, 5));
    harness.get_by_label_contains("Round 1: Goblin 1's turn, 2 Beats left");
    // The acting creature: a Move.
    drag_token(&mut harness, (9, 3), (8, 3));
    assert_eq!(creature(&mut harness, "goblin_1").position, (8, 3));
    harness.get_by_label_contains("Round 1: Goblin 1's turn, 1 Beat left");
}

/// Whether the player window's turn order lists this creature, by the name the players read
/// ("Goblin 2: unhurt", "▶ #Bob: 10/10 health": the players' list only; the GM's creature
/// rows name creatures the same way and go on with their Beats).
fn players_list(harness: &Harness<'_, SigilforgeApp>, name: &str) -> bool {
    let line = format!("{name}: ");
    harness.query_all_by_label_contains(&line).any(|n| {
        let node = n.accesskit_node();
        (node.label().or_else(|| node.value()))
            .is_some_and(|l| l.trim_start_matches("▶ ").starts_with(&line) && !l.contains(" Beat"))
    })
}

#[test]
fn a_hidden_creature_and_area_are_absent_from_the_player_window() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    // The archer hidden from its token's quick actions; the GM's list marks it.
    click_cell(&mut harness, (12, 8));
    click_topmost(&mut harness, "Hide from players");
    harness.get_by_label("hidden");
    // The area around goblin_2 (both goblins stand in it).
    click_cell(&mut harness, (10, 4));
    click_topmost(&mut harness, "Hide 3×3 area");
    click_topmost(&mut harness, "Player window");
    harness.run();
    harness.get_by_label("Players: Goblin Ambush");
    for gone in ["Goblin Archer", "Goblin 1", "Goblin 2"] {
        assert!(!players_list(&harness, gone), "the players see {gone}");
    }
    for seen in ["#Bob", "#Alice", "Skeleton"] {
        assert!(players_list(&harness, seen), "the players miss {seen}");
    }
    // goblin_1 acts, hidden: the players' heading names no one.
    harness.get_by_label("Round 1");
    // Revealed: back.
    click_cell(&mut harness, (12, 8));
    click_topmost(&mut harness, "Reveal to players");
    harness.run();
    assert!(players_list(&harness, "Goblin Archer"));
}

#[test]
fn end_turn_stays_put_when_a_status_appears_on_a_token() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    start_table(&mut harness);
    let before = end_turn_rect(&harness);
    click_cell(&mut harness, (9, 3));
    let status = harness
        .state_mut()
        .hosted_encounter_editor(AMBUSH)
        .table
        .controls
        .status
        .clone();
    click_topmost(&mut harness, &format!("Give {status}"));
    assert_eq!(creature(&mut harness, "goblin_1").statuses.len(), 1);
    assert!(
        harness
            .query_all_by_label_contains(&format!("{status} ×1"))
            .next()
            .is_some(),
        "the status line shows"
    );
    assert_eq!(end_turn_rect(&harness), before, "a status moved End turn");
}
