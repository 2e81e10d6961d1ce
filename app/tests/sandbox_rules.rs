//! The rules system in the one sandbox panel (`egui_kittest`), hosted as the rules tab of
//! issue #13 will host it: a scripted rules test sought on the timeline, stepped back, and an
//! event selected with its Why and "why this order"; the board shows the zones, the stack and
//! priority at the selected event.
#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::path::Path;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::sandbox::panel::CAUSE_ARROW;
use sigilforge::sandbox::rules::RulesSandbox;
use sigilforge::sandbox::{SandboxCommand, SystemSandbox, sandbox_ui};
use sigilforge_engine::core::Sandbox;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::rules::{RulesRun, RulesScenario, load_scenario_pack};
use ui_common::{click, move_timeline};

mod ui_common;

/// 19.3a: two totems' triggers at dusk, the ruler choosing their order.
fn trigger_order() -> RulesRun {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/tests/fixtures/pack/rules-tests/19_3a_trigger_order.ron");
    let source = std::fs::read_to_string(&path).unwrap();
    let mut scenario: RulesScenario = ron::from_str(&source).unwrap();
    let mut problems = Diagnostics::new();
    load_scenario_pack(&mut scenario, &source, &path, &mut problems);
    assert!(!problems.has_errors(), "{problems:?}");
    RulesRun::new(&scenario).unwrap()
}

/// The panel and a host that applies what it pushes, after drawing.
fn harness(run: RulesRun) -> Harness<'static, RulesSandbox> {
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(
            |ui, sys: &mut RulesSandbox| {
                let mut commands = Vec::new();
                sandbox_ui(ui, &*sys, &mut |c| commands.push(c));
                for c in &commands {
                    sys.apply(c);
                }
            },
            RulesSandbox::new(run),
        );
    harness.run();
    harness
}

/// An event's line in the log, with its cause.
fn log_line(sys: &RulesSandbox, i: usize) -> String {
    format!("#{i} {}  {CAUSE_ARROW} {}", sys.line(i), sys.cause(i))
}

/// The board's line of waiting triggers for a run ("Waiting triggers: a, b").
fn waiting_line(run: &RulesRun) -> String {
    let names = sigilforge_engine::wording::rules_names(run.game());
    let waiting: Vec<String> = run
        .game()
        .waiting()
        .iter()
        .map(|i| names.in_text(&i.label))
        .collect();
    format!("Waiting triggers: {}", waiting.join(", "))
}

#[test]
fn a_rules_test_is_sought_stepped_back_and_explained_in_the_one_panel() {
    let run = trigger_order();
    let mut whole = run.clone();
    whole.run_to_end();
    let total = whole.steps();
    assert!(total >= 3, "the script has actions to step through");
    let mut harness = harness(run.clone());
    harness.get_by_label("Step 0");

    // The timeline seeks to the end (replaying the script), then back to where the triggers
    // wait in the order their ruler chose.
    move_timeline(&mut harness, Key::ArrowRight, total);
    harness.get_by_label(&format!("Step {total}"));
    harness.get_by_label("The script is done: every expectation holds");
    click(&mut harness, "Step back");
    harness.get_by_label(&format!("Step {}", total - 1));
    assert_eq!(harness.state().run().log(), run.seek(total - 1).log());
    // Back to right after `OrderTriggers` (the script: Advance, OrderTriggers, ResolveAll).
    move_timeline(&mut harness, Key::ArrowLeft, total - 1 - 2);
    harness.get_by_label("Step 2");
    let chosen = waiting_line(&run.seek(2));
    assert!(
        chosen.contains(&{
            let names = sigilforge_engine::wording::rules_names(run.game());
            let totem = names.name("totem#2");
            format!("{totem}: Surge, {totem}: Reset")
        }),
        "{chosen}"
    );
    harness.get_by_label(&chosen);

    // Selecting the first trigger shows the board after the action that logged it (the
    // triggers in the order written, before the ruler chose), its Why and its order rule.
    let sys = harness.state();
    let first = (0..sys.log_len())
        .find(|&i| sys.line(i).ends_with(" triggers"))
        .unwrap();
    let line = log_line(sys, first);
    let because = format!(
        "because #{} {}",
        sys.why(first)[1],
        sys.line(sys.why(first)[1])
    );
    let order = sys.order(first);
    let written = waiting_line(&run.seek_event(first));
    assert_ne!(written, chosen);
    harness.get_by_label(&line).click();
    harness.run();
    harness.get_by_label(&written);
    assert!(harness.query_by_label(&chosen).is_none());
    harness.get_by_label_contains(&because);
    harness.get_by_label("Why this order");
    harness.get_by_label(&order);

    // To the end: a trigger going on the stack answers its trigger, and the stack's rule says
    // why it went on when it did.
    click(&mut harness, "Run to end");
    assert_eq!(
        harness.state().selected(),
        None,
        "stepping clears the selection"
    );
    let sys = harness.state();
    let onto = (0..sys.log_len())
        .find(|&i| sys.line(i).contains("goes on the stack"))
        .unwrap();
    let chain = sys.why(onto);
    assert!(
        sys.line(chain[1]).ends_with(" triggers"),
        "{}",
        sys.line(chain[1])
    );
    let (line, order) = (log_line(sys, onto), sys.order(onto));
    assert!(order.contains("stack"), "{order}");
    let because = format!("because #{} {}", chain[1], sys.line(chain[1]));
    harness.get_by_label(&line).click();
    harness.run();
    harness.get_by_label(&order);
    harness.get_by_label_contains(&because);
    // Deselecting hides the Why again.
    harness.get_by_label(&line).click();
    harness.run();
    assert_eq!(harness.state().selected(), None);
    assert!(harness.query_by_label("Why this order").is_none());
}

#[test]
fn the_rules_sandbox_pushes_commands_and_changes_nothing_itself() {
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(
            |ui, (sys, pushed): &mut (RulesSandbox, Vec<SandboxCommand>)| {
                sandbox_ui(ui, &*sys, &mut |c| pushed.push(c));
            },
            (RulesSandbox::new(trigger_order()), Vec::new()),
        );
    harness.run();
    click(&mut harness, "Step");
    click(&mut harness, "Run to end");
    let (sys, pushed) = harness.state();
    assert_eq!(pushed, &[SandboxCommand::Step, SandboxCommand::RunToEnd]);
    assert_eq!(sys.steps(), 0, "nothing applied: the host applies");
}

/// The board says who lost, and marks damage on a card: a Grand Archive champion killed in
/// combat (the engine's own fixture), run to the end.
#[test]
fn the_board_shows_a_lost_game_and_the_damage_on_cards() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/tests/fixtures/rules-ga/ga_champion_dies.ron");
    let source = std::fs::read_to_string(&path).unwrap();
    let scenario: RulesScenario = ron::from_str(&source).unwrap();
    let mut run = RulesRun::new(&scenario).unwrap();
    run.run_to_end();
    let harness = harness(run);
    harness.get_by_label("B lost the game: nothing more is played");
    harness.get_by_label("Frail Wisp (3 damage, rested)");
    assert!(
        harness
            .query_by_label("A lost the game: nothing more is played")
            .is_none()
    );
}

/// Grand Archive's "the next card you play this turn costs 2 less" (issue #26): the board says
/// what the player holds, until a card uses it.
#[test]
fn the_board_shows_a_reduction_held_for_the_next_card() {
    let scenario: RulesScenario = ron::from_str(
        r#"RulesScenario(
            name: "held",
            profile: Some("Grand Archive"),
            cards: {
                "stone": (name: "Channel Stone", kind: Item, abilities: [(
                    name: "Channel", kind: Activated(cost: (pay: [BanishThis])), target: Controller,
                    effects: [NextCardCostsLess(Fixed(2))], duration: EndOfTurn,
                )]),
            },
            a: (city: ["stone"]),
            script: [Activate(player: A, card: "stone", ability: "Channel"), ResolveAll],
        )"#,
    )
    .unwrap();
    let mut run = RulesRun::new(&scenario).unwrap();
    run.run_to_end();
    let harness = harness(run);
    harness.get_by_label("The next card A plays costs 2 less");
}
