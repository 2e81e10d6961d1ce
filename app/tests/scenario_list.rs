//! The Library's Scenarios list on the real app (`egui_kittest`): every scenario of every
//! system listed; "Run all scenarios" gives each a badge and `N passed, M failed`, the same
//! count `sigilforge test` gives; a failure opens its file at the failing expectation.
#![allow(clippy::unwrap_used)] // Test set-up: a panic with the error is the failure report.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sigilforge::shell::panels::library::LibraryTab;
use sigilforge::shell::{Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;
use sigilforge_engine::pack::scenario_tests::{summary, test_pack};
use ui_common::{click, fixture_copy, pack_fixture};

mod ui_common;

fn harness(dir: &std::path::Path) -> Harness<'static, SigilforgeApp> {
    let pack = load_pack(dir, &mut Diagnostics::new());
    let mut app = SigilforgeApp::with_pack(pack, Settings::default());
    app.library_mut().tab = LibraryTab::Scenarios;
    let mut harness = Harness::builder()
        .with_size([1400.0, 1000.0])
        .with_max_steps(1_000)
        .build_eframe(move |_cc| app);
    harness.run();
    harness
}

#[test]
fn run_all_scenarios_passes_every_starter_scenario() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    let results = test_pack(dir.path(), &mut Diagnostics::new());
    let expected = summary(results.iter().map(|(_, r)| r));
    assert!(expected.ends_with(" 0 failed"), "{expected}");
    // Every system's scenarios are listed.
    for heading in [
        "Battle scenarios (",
        "Rules scenarios (",
        "Glyph networks (",
        "Encounters (",
    ] {
        harness.get_by_label_contains(heading);
    }
    click(&mut harness, "Run all scenarios");
    harness.get_by_label(&expected);
    assert!(harness.query_all_by_label("✔ pass").count() >= 10);
    assert!(harness.query_by_label("✖ FAIL").is_none());
}

const FAILING: &str = r#"RulesScenario(
    name: "Wells give two",
    cards: {"well": (name: "Well", kind: Structure)},
    a: (city: ["well"]),
    script: [Apply(player: A, effects: [GainLife(Fixed(2))])],
    expect: [Vitae(A, 30)],
)
"#;

#[test]
fn a_failed_scenario_opens_at_its_failing_expectation() {
    let dir = pack_fixture(&[("wells.ron", FAILING)]);
    let mut harness = harness(dir.path());
    click(&mut harness, "Run all scenarios");
    harness.get_by_label("0 passed, 1 failed");
    harness.get_by_label("✖ FAIL");
    let failure = harness
        .get_by_label_contains("6:")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    assert!(failure.contains("expectation failed"), "{failure}");
    harness.get_by_label_contains("6:").click();
    harness.run();
    // The file is open as text (the text view shows it as it is).
    harness.get_by_value(FAILING);
}
