//! The Rules tab on the real app (`egui_kittest`): a rules scenario of the pack picked from the
//! list and stepped through in the one sandbox panel; the refusal names the restriction; the
//! board shows vitae, resource and fealty, the zones and, on hover, a characteristic's
//! breakdown; editing the scenario re-runs it to the same step.
#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use egui_kittest::kittest::Queryable;
use sigilforge::sandbox::SystemSandbox;
use sigilforge::shell::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;
use ui_common::{CHIAXIS_WITH_LEVELS, click, pack_fixture};

mod ui_common;

/// Grand Archive's level restriction (`content/rules-tests/ga_level.ron`, trimmed).
const LEVEL: &str = r#"RulesScenario(
    name: "Level restriction",
    description: "The tower's Signal needs the champion at level 2.",
    cards: {
        "lorraine": (name: "Lorraine", kind: Champion, stats: {"level": 1}, tribes: ["Warrior"]),
        "tower": (name: "Watchtower", kind: Structure, abilities: [(
            name: "Signal", kind: Activated(), restrictions: [(requires: Level(2))],
            target: Controller, effects: [GainLife(Fixed(2))],
        )]),
    },
    a: (champion: Some("lorraine"), city: ["tower"]),
    script: [
        Activate(player: A, card: "tower", ability: "Signal"),
        Apply(player: A, effects: [Modify(Named("level"), Fixed(1))]),
        Activate(player: A, card: "tower", ability: "Signal"),
        ResolveAll,
    ],
    expect: [Level(A, 2), Rejected(1), Vitae(A, 22)],
)
"#;

fn harness() -> (tempfile::TempDir, Harness<'static, SigilforgeApp>) {
    let dir = pack_fixture(&[("profile.ron", CHIAXIS_WITH_LEVELS), ("level.ron", LEVEL)]);
    let pack = load_pack(dir.path(), &mut Diagnostics::new());
    let app = SigilforgeApp::with_pack(pack, Settings::default());
    let mut harness = Harness::builder()
        .with_size([1400.0, 1000.0])
        .with_max_steps(1_000)
        .build_eframe(move |_cc| app);
    harness.run();
    (dir, harness)
}

fn sandbox<'a>(h: &'a Harness<'_, SigilforgeApp>) -> &'a sigilforge::sandbox::rules::RulesSandbox {
    h.state().rules_panel().sandbox().unwrap()
}

#[test]
fn a_rules_scenario_is_picked_stepped_explained_and_rerun_after_an_edit() {
    let (_dir, mut harness) = harness();
    harness
        .state_mut()
        .apply(EditCommand::ShowTab(sigilforge::shell::tab::Tab::Rules));
    harness.run();
    click(&mut harness, "Rules scenario");
    click(&mut harness, "Level restriction");
    assert_eq!(
        harness.state().rules_panel().source.as_deref(),
        Some("level.ron")
    );
    harness.get_by_label("Step 0");
    harness.get_by_label("A: vitae 20, resource 0, fealty 0");

    // Level 1: the activation is refused, and the log names the restriction.
    click(&mut harness, "Step");
    let sys = sandbox(&harness);
    let refused = (0..sys.log_len())
        .map(|i| sys.line(i))
        .find(|l| l.contains("refused") || l.contains("cannot"))
        .unwrap_or_else(|| panic!("no refusal in {:?}", sys.run().game().log));
    assert!(
        refused.contains("restriction LV 2+ is unmet: A's champion is level 1"),
        "{refused}"
    );
    harness.get_by_label_contains(&refused);

    // Level raised, activated: it goes on the stack with its source, then resolves.
    click(&mut harness, "Step");
    click(&mut harness, "Step");
    harness.get_by_label("Stack (top first): 1");
    harness.get_by_label_contains("Watchtower: Signal, A's, from Watchtower");
    // Hovering the champion shows its level's breakdown: printed 1, then the +1.
    harness
        .get_all_by_label("Lorraine")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Label)
        .expect("the champion on the board")
        .hover();
    harness.run();
    harness.get_by_label("level 2, printed 1");
    click(&mut harness, "Run to end");
    harness.get_by_label("The script is done: every expectation holds");
    harness.get_by_label("A: vitae 22, resource 0, fealty 0");

    // Step back, then an edit of the scenario re-runs it to the same step.
    click(&mut harness, "Step back");
    let steps = sandbox(&harness).steps();
    harness.state_mut().apply(EditCommand::SetText {
        file: "level.ron".into(),
        text: LEVEL.replace("GainLife(Fixed(2))", "GainLife(Fixed(5))"),
    });
    harness.run();
    assert_eq!(sandbox(&harness).steps(), steps, "re-run to the same step");
    click(&mut harness, "Run to end");
    harness.get_by_label("A: vitae 25, resource 0, fealty 0");
    // The expectation written for the old text now fails, and the panel says so.
    let outcome = sandbox(&harness).outcome().unwrap();
    assert!(outcome.contains("22"), "{outcome}");
    harness.get_by_label(&outcome);
}

/// The scenario list's filter: focused as the list opens even when a field of the editor had
/// the focus, and a click into it keeps the list open (it once closed the list, so nothing
/// could be typed).
#[test]
fn the_scenario_lists_filter_takes_clicks_and_typing() {
    let (_dir, mut harness) = harness();
    harness
        .state_mut()
        .apply(EditCommand::ShowTab(sigilforge::shell::tab::Tab::Rules));
    harness.run();
    click(&mut harness, "Rules scenario");
    harness.get_by_label("Filter");
    harness.get_by_label("Filter").click();
    harness.run();
    harness.get_by_label("Level restriction");
    harness.get_by_label("Filter").type_text("no such");
    harness.run();
    assert!(harness.query_by_label("Level restriction").is_none());
    harness.get_by_label("Filter").focus();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Filter").type_text("level");
    harness.run();
    click(&mut harness, "Level restriction");
    assert_eq!(
        harness.state().rules_panel().source.as_deref(),
        Some("level.ron")
    );
    assert!(
        harness.query_by_label("Filter").is_none(),
        "the list closes on a pick"
    );
}
