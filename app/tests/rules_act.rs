//! Acting by clicking in the Rules tab (`egui_kittest`, the real app): an activation refused
//! with its restriction named, a branch from a mid-script step, an activation and a play with a
//! chosen target resolved by passing priority, the phase advanced, and two simultaneous
//! triggers put in the user's order. Every click is the rules engine's own script action.
#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::editor::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;
use sigilforge_engine::rules::Game;
use ui_common::{click, editor_harness, pack_fixture};

mod ui_common;

/// A champion at level 1, a tower whose Signal needs level 2, a beast, a totem with two
/// abilities that trigger at dusk, and an action in hand that targets; the script raises the
/// level by one.
pub const ACTING: &str = r#"RulesScenario(
    name: "Acting",
    cards: {
        "lorraine": (name: "Lorraine", kind: Champion, stats: {"level": 1}, tribes: ["Warrior"]),
        "tower": (name: "Watchtower", kind: Structure, abilities: [(
            name: "Signal", kind: Activated(), restrictions: [(requires: Level(2))],
            target: Controller, effects: [GainLife(Fixed(2))],
        )]),
        "wolf": (name: "Wolf", kind: Beast, attack: 2, life: 2),
        "bolt": (name: "Bolt", kind: Action, abilities: [(
            name: "Zap", kind: Static, target: Chosen(count: 1), effects: [Modify(Attack, Fixed(1))],
        )]),
        "totem": (name: "Totem", kind: Structure, attack: 0, abilities: [
            (name: "Reset", kind: Triggered(PhaseBegins("dusk")), effects: [SetStat(Attack, Fixed(1))]),
            (name: "Surge", kind: Triggered(PhaseBegins("dusk")), effects: [Modify(Attack, Fixed(2))]),
        ]),
    },
    a: (champion: Some("lorraine"), city: ["tower", "wolf", "totem"], hand: ["bolt"], resource: 3),
    script: [
        Apply(player: A, effects: [Modify(Named("level"), Fixed(1))]),
        Pass,
    ],
)
"#;

fn harness() -> (tempfile::TempDir, Harness<'static, SigilforgeApp>) {
    let dir = pack_fixture(&[("acting.ron", ACTING)]);
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let app = SigilforgeApp::with_pack(pack, Settings::default());
    let mut harness = editor_harness(app);
    harness
        .state_mut()
        .apply(EditCommand::ShowTab(sigilforge::editor::tab::Tab::Rules));
    harness.run();
    click(&mut harness, "Rules scenario");
    click(&mut harness, "Acting");
    // The list closes under the pointer: start from the scenario's first step whatever it hit.
    click(&mut harness, "Reset");
    harness.get_by_label("Step 0");
    (dir, harness)
}

fn game<'a>(h: &'a Harness<'_, SigilforgeApp>) -> &'a Game {
    h.state().rules_panel().sandbox().unwrap().run().game()
}

fn stat(h: &Harness<'_, SigilforgeApp>, card: &str, name: &str) -> i32 {
    game(h).characteristic_breakdown(card, name).unwrap().value
}

#[test]
fn clicks_act_through_the_rules_engine_and_branch_the_run() {
    let (_dir, mut harness) = harness();
    harness.get_by_label("A has priority and may act:");

    // Level 1: the engine refuses the activation and the tab names the restriction.
    click(&mut harness, "Activate tower: Signal");
    let refusal = harness.state().rules_panel().refusal.clone().unwrap();
    assert!(
        refusal.contains("restriction [LV 2+] is unmet (A's champion is level 1)"),
        "{refusal}"
    );
    harness.get_by_label(&format!("Refused: {refusal}"));
    let branch = harness.state().rules_panel().branch.clone().unwrap();
    assert_eq!((branch.from, branch.script.len()), (0, 1));

    // Back to the script at the same step: its first action, which raises the level; acting
    // there branches after it.
    click(&mut harness, "Back to the scenario's script");
    assert!(harness.state().rules_panel().branch.is_none());
    harness.get_by_label("Step 1");
    assert_eq!(game(&harness).level(sigilforge_engine::model::Player::A), 2);
    click(&mut harness, "Activate tower: Signal");
    assert!(harness.state().rules_panel().refusal.is_none());
    harness.get_by_label("Stack (top first): 1");
    harness.get_by_label_contains("the first 1 action(s) of \"Acting\", then 1 of yours");
    // The script's own second action (Pass) is set aside: the run ends after the user's.
    assert_eq!(
        harness
            .state()
            .rules_panel()
            .branch
            .as_ref()
            .unwrap()
            .script
            .len(),
        2
    );

    // Both players pass: Signal resolves.
    click(&mut harness, "Pass priority");
    click(&mut harness, "Pass priority");
    assert_eq!(
        game(&harness).vitae(sigilforge_engine::model::Player::A),
        22
    );
    assert!(game(&harness).stack().is_empty());

    // Play the action from hand with a chosen target, then resolve it.
    click(&mut harness, "Play bolt");
    harness.get_by_label("Targets (up to 1; locked as it goes on the stack):");
    click(&mut harness, "Target wolf");
    click(&mut harness, "Play with these choices");
    harness.get_by_label_contains("targets wolf");
    click(&mut harness, "Pass priority");
    click(&mut harness, "Pass priority");
    assert_eq!(stat(&harness, "wolf", "ATK"), 3);

    // Dusk: the totem's two abilities trigger at once; A puts Surge first.
    click(&mut harness, "Advance phase");
    assert_eq!(game(&harness).phase(), "dusk");
    harness.get_by_label("A has 2 triggers at once: put them in order (the first resolves first)");
    click(&mut harness, "Earlier: totem: Surge");
    click(&mut harness, "Order A's triggers like this");
    let waiting: Vec<&str> = game(&harness)
        .waiting()
        .iter()
        .map(|i| i.label.as_str())
        .collect();
    assert_eq!(waiting, ["totem: Surge", "totem: Reset"]);
    click(&mut harness, "Pass priority");
    let top_first: Vec<&str> = game(&harness)
        .stack()
        .iter()
        .rev()
        .map(|i| i.label.as_str())
        .collect();
    assert_eq!(top_first, ["totem: Surge", "totem: Reset"]);

    // Step back undoes the last click; the branch keeps every recorded action.
    let steps = harness
        .state()
        .rules_panel()
        .sandbox()
        .unwrap()
        .run()
        .actions_run();
    click(&mut harness, "Step back");
    assert_eq!(
        harness
            .state()
            .rules_panel()
            .sandbox()
            .unwrap()
            .run()
            .actions_run(),
        steps - 1
    );
    let recorded = harness.state().rules_panel().branch.clone().unwrap();
    assert_eq!(recorded.recorded().len(), 9, "{:?}", recorded.recorded());
}

#[test]
fn a_recorded_run_saved_as_a_scenario_reloads_and_passes() {
    let (dir, mut harness) = harness();
    click(&mut harness, "Step");
    click(&mut harness, "Activate tower: Signal");
    click(&mut harness, "Pass priority");
    click(&mut harness, "Pass priority");
    click(&mut harness, "Play bolt");
    click(&mut harness, "Target wolf");
    click(&mut harness, "Play with these choices");
    // Saved mid-stack: the bolt waits on the stack, and the new scenario expects it there.
    ui_common::set_field(&mut harness, "New scenario's name", "Signal (answered)");
    click(&mut harness, "Save as scenario");
    assert_eq!(
        harness.state().rules_panel().source.as_deref(),
        Some("signal-answered.ron")
    );
    let doc = harness.state().document().unwrap();
    let saved =
        sigilforge::editor::panels::rules_sandbox::rules_scenario_in(doc, "signal-answered.ron")
            .unwrap()
            .clone();
    assert_eq!(saved.name, "Signal (answered)");
    assert_eq!(saved.script.len(), 5, "{:?}", saved.script);
    assert!(
        saved
            .expect
            .contains(&sigilforge_engine::rules::Expect::Stack(1)),
        "{:?}",
        saved.expect
    );
    // Played from its start in the tab, it meets every expectation.
    click(&mut harness, "Run to end");
    harness.get_by_label("The script is done: every expectation holds");

    // One undoable edit: undo removes the file, redo brings it back.
    harness.state_mut().apply(EditCommand::Undo);
    harness.run();
    assert!(
        harness
            .state()
            .document()
            .unwrap()
            .pack
            .file("signal-answered.ron")
            .is_none()
    );
    harness.state_mut().apply(EditCommand::Redo);
    harness.run();

    // Saved to disk, reloaded, and run as designers' CI runs it: it passes.
    harness.state_mut().apply(EditCommand::Save);
    harness.run();
    let path = dir.path().join("signal-answered.ron");
    let source = std::fs::read_to_string(&path).unwrap();
    let result = sigilforge_engine::pack::run_scenario(&path, &source).unwrap();
    assert!(result.passed(), "{:?}\n{source}", result.failures);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sigilforge"))
        .arg("test")
        .arg(dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Signal (answered)"), "{stdout}");
    assert!(stdout.trim_end().ends_with(" passed, 0 failed"), "{stdout}");
}
