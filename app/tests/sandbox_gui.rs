//! The one sandbox panel in the editor (`egui_kittest`): a battle sought on the timeline,
//! stepped back, an event selected with its whole "why" and "why this order"; and a battle
//! built in the sandbox as edits of its scenario file: undone, saved and loaded back; and the
//! live odds, re-run after an edit (never showing an older line-up's), their bars loading seeds.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sigilforge::sandbox::SandboxCommand;
use sigilforge::sandbox::battle::{BattleCommand, battle_tally};
use sigilforge::sandbox::simulate::{CLICKABLE_CHART, Tally};
use sigilforge::shell::{EditCommand, Settings, SigilforgeApp};
use sigilforge_engine::battle::simulate::simulate;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Content, Pack, load_pack};
use ui_common::{click, fixture_copy, move_timeline};

mod ui_common;

fn load(dir: &Path) -> Pack {
    let mut diags = Diagnostics::new();
    load_pack(dir, &mut diags)
}

fn harness(dir: &Path) -> Harness<'static, SigilforgeApp> {
    let app = SigilforgeApp::with_pack(load(dir), Settings::default());
    let mut harness = Harness::builder()
        .with_size([1600.0, 1400.0])
        .with_max_steps(1_000)
        .build_eframe(move |_cc| app);
    harness.run();
    harness
}

fn labels_containing(harness: &Harness<'_, SigilforgeApp>, text: &str) -> Vec<String> {
    harness
        .query_all_by_label_contains(text)
        .filter_map(|n| {
            let node = n.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .collect()
}

#[test]
fn a_battle_is_sought_stepped_back_and_explained_in_the_one_panel() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    click(&mut harness, "Scenario");
    click(&mut harness, "Armor 2 takes two off each attack");
    // The timeline seeks, replaying from the seed: eight arrow keys, eight events.
    move_timeline(&mut harness, Key::ArrowRight, 8);
    harness.get_by_label("Step 8");
    click(&mut harness, "Step back");
    harness.get_by_label("Step 7");
    move_timeline(&mut harness, Key::ArrowLeft, 3);
    harness.get_by_label("Step 4");
    harness.key_press(Key::F5);
    harness.run();
    // Select the first attack's damage: the board is the one right after it, the Why pane
    // walks back to the attack, and says why it came then.
    let damage = labels_containing(&harness, "attack damage from")
        .into_iter()
        .next()
        .unwrap();
    assert!(
        !damage.contains('['),
        "no brackets in a log line; copies are told apart as Name #id: {damage}"
    );
    let index: usize = damage[1..damage.find(' ').unwrap()].parse().unwrap();
    harness.get_by_label(&damage).click();
    harness.run();
    harness.get_by_label(&format!("The board right after #{index}"));
    let why = labels_containing(&harness, "because #");
    assert!(why.iter().any(|l| l.contains("attacks")), "{why:?}");
    harness.get_by_label("Why this order");
    harness.get_by_label(
        "An attack's damage is dealt right after both attacks of its slot are declared.",
    );
    // The board shows that moment, not the end of the battle.
    let battle = harness.state().sandbox_battle().unwrap();
    assert!(battle.is_over());
}

#[test]
fn a_battle_built_in_the_sandbox_is_undone_saved_and_loaded_back() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    harness.get_by_label("New battle").click();
    harness.run();
    let path = harness.state().sandbox_source().unwrap().to_owned();
    assert!(path.ends_with("sandbox-battle.ron"), "{path}");
    // Dropping a card on a line pushes this; apply it as the drop would.
    for (side, card) in [(0, "iron_knight"), (1, "training_dummy")] {
        harness
            .state_mut()
            .apply(EditCommand::Sandbox(BattleCommand::AddCard {
                side,
                card: card.into(),
            }));
        harness.run();
    }
    harness.get_by_label("Iron Knight ×");
    harness.get_by_label("Training Dummy ×");
    // Each card added is one undo step.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert!(harness.query_by_label("Training Dummy ×").is_none());
    harness.get_by_label("Iron Knight ×");
    harness.get_by_label("Save scenario").click();
    harness.run();
    assert!(!harness.state().is_dirty());
    let saved = std::fs::read_to_string(dir.path().join(&path)).unwrap();
    assert!(
        saved.contains("iron_knight") && !saved.contains("training_dummy"),
        "{saved}"
    );
    // The saved battle names its pack: the pack validates and exports with it.
    let validated = sigilforge_engine::pack::validate_command(dir.path());
    assert_eq!(validated.code, 0, "{}", validated.stdout);
    let out = tempfile::tempdir().unwrap();
    sigilforge_engine::archive::export_pack(dir.path(), &out.path().join("pack.zip")).unwrap();

    // A fresh editor on the folder loads it back as a scenario of the pack.
    let mut again = self::harness(dir.path());
    let doc = again.state().document().unwrap();
    let Some(Content::BattleScenario(s)) = doc.pack().file(&path).map(|f| &f.content) else {
        panic!("{path} is not a battle scenario");
    };
    assert_eq!(s.a, ["iron_knight"]);
    // Picking it in the Scenario list pushes this (the list is long: it sorts near the end).
    again
        .state_mut()
        .apply(EditCommand::Sandbox(BattleCommand::Load(path.clone())));
    again.run();
    // A scenario with cards opens with its build rows folded away.
    assert!(again.query_by_label("Iron Knight ×").is_none());
    again.get_by_label("Build the battle").click();
    again.run();
    again.get_by_label("Iron Knight ×");
    again.key_press(Key::F5);
    again.run();
    let battle = again.state().sandbox_battle().unwrap();
    assert!(battle.is_over());
    assert!(battle.life()[1] < 20, "the knight attacks B");
}

/// The tally Simulate shows once it is in for the battle as it is now (it runs on a background
/// thread). Bounded in frames, not timed: a slow machine only waits longer.
fn odds_in(harness: &mut Harness<'_, SigilforgeApp>) -> Tally {
    for _ in 0..6_000 {
        if let Some(sim) = harness.state().sandbox_simulation()
            && sim.is_current()
        {
            return sim.tally().unwrap().clone();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        harness.run();
    }
    panic!("the live odds never came");
}

/// The tally of `runs` runs of the sandbox's battle as it is now, counted here.
fn expected_odds(harness: &Harness<'_, SigilforgeApp>, runs: u64) -> Tally {
    let setup = harness.state().sandbox_battle().unwrap().battle_setup();
    battle_tally(&simulate(&setup, runs, Some(1), &|_| {}))
}

#[test]
fn live_odds_follow_every_edit_never_stale_and_their_bars_load_seeds() {
    let dir = fixture_copy();
    let mut harness = harness(dir.path());
    click(&mut harness, "Scenario");
    click(&mut harness, "Armor 2 takes two off each attack");
    // The run count is a setting of the control (what its Runs field pushes).
    harness
        .state_mut()
        .apply(EditCommand::Sandbox(BattleCommand::Run(
            SandboxCommand::SetRuns(400),
        )));
    click(&mut harness, "Simulate");
    let before = odds_in(&mut harness);
    assert_eq!(before, expected_odds(&harness, 400));
    // An edit of the line-up: take A's first card out (the build rows fold away once a
    // scenario has cards).
    click(&mut harness, "Build the battle");
    let first = labels_containing(&harness, " ×")
        .into_iter()
        .next()
        .unwrap();
    click(&mut harness, &first);
    let after_edit = expected_odds(&harness, 400);
    assert_ne!(after_edit, before, "the edit changes the odds");
    // Never the older line-up's numbers: either updating, or already the new ones; no click.
    let sim = harness.state().sandbox_simulation().unwrap();
    if sim.is_current() {
        assert_eq!(sim.tally(), Some(&after_edit));
    } else {
        harness.get_by_label("Updating the odds for the content as edited…");
    }
    assert_eq!(odds_in(&mut harness), after_edit);
    // The run count re-runs them too.
    harness
        .state_mut()
        .apply(EditCommand::Sandbox(BattleCommand::Run(
            SandboxCommand::SetRuns(300),
        )));
    let tally = odds_in(&mut harness);
    assert_eq!(tally, expected_odds(&harness, 300));
    // A click in the histogram loads the seed of the bar under it, at its last step: that
    // battle ends with the bar's life difference.
    let chart = harness.get_by_label(CLICKABLE_CHART).rect();
    let at = chart.center();
    harness.hover_at(at);
    harness.run();
    harness.drag_at(at);
    harness.run();
    harness.drop_at(at);
    harness.run();
    let battle = harness.state().sandbox_battle().unwrap();
    assert!(battle.is_over(), "loaded at its last step");
    let bars = &tally.chart.as_ref().unwrap().bars;
    let bar = bars
        .iter()
        .find(|b| b.seed == Some(battle.seed()))
        .unwrap_or_else(|| panic!("seed {} is no bar's", battle.seed()));
    let [a, b] = battle.life();
    // Bars sit at whole life differences, so half a unit tells them apart.
    let difference = f64::from(a.max(0) - b.max(0));
    assert!(
        (difference - bar.x).abs() < 0.5,
        "the loaded battle ends {difference}, its bar is at {}",
        bar.x
    );
}

#[test]
fn a_line_is_drawn_from_a_deck_of_the_pack_and_undone_in_one_step() {
    let dir = fixture_copy();
    // The test's own deck (the tests' pack has none): six creatures, five drawn.
    let decks = dir.path().join("battle-line/decks");
    std::fs::create_dir_all(&decks).unwrap();
    std::fs::write(
        decks.join("starter.ron"),
        r#"Deck(id: "starter_line", name: "Starter Line", game: "battle-line", cards: [
    (card: "orc_grunt", count: 4), (card: "grey_wolf", count: 4), (card: "iron_knight", count: 3),
    (card: "shield_maiden", count: 3), (card: "boar_charger", count: 3),
    (card: "field_cleric", count: 3),
])
"#,
    )
    .unwrap();
    let mut harness = harness(dir.path());
    harness.get_by_label("New battle").click();
    harness.run();
    let path = harness.state().sandbox_source().unwrap().to_owned();
    click(&mut harness, "Draw line A from a deck");
    click(&mut harness, "Starter Line, into line A");
    let doc = harness.state().document().unwrap();
    let Some(Content::BattleScenario(s)) = doc.pack().file(&path).map(|f| &f.content) else {
        panic!("{path} is not a battle scenario");
    };
    // The engine's own draw, from the scenario's seed: five distinct creatures of the deck.
    let drawn = doc
        .pack()
        .draw_line("starter_line", s.seed, s.slots as usize)
        .unwrap();
    assert_eq!(s.a, drawn);
    assert_eq!(s.a.len(), 5);
    let deck = doc.pack().deck("starter_line").unwrap();
    assert!(
        s.a.iter()
            .all(|id| deck.cards.iter().any(|e| e.card == *id))
    );
    assert!(s.b.is_empty());
    // One undo step takes the whole line back.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    let doc = harness.state().document().unwrap();
    let Some(Content::BattleScenario(s)) = doc.pack().file(&path).map(|f| &f.content) else {
        panic!("{path} is not a battle scenario");
    };
    assert!(s.a.is_empty(), "{:?}", s.a);
}
