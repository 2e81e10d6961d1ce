//! GUI tests of the workspaces (issue #30): the real editor on the tests' pack, driven by the
//! labels a user reads. Each kind of content shows its own panels; a panel closes and comes
//! back from the View menu; Reset layout keeps the open tabs.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::shell::SigilforgeApp;
use sigilforge::shell::tab::Tab;
use sigilforge::shell::workspace::Workspace;

mod ui_common;
use ui_common::{CHIAXIS_WITH_LEVELS, fixture_copy, hosted_harness, pack_fixture};

/// Opens a library tab's item by the label of its row.
fn open(harness: &mut Harness<'_, SigilforgeApp>, library_tab: &str, row: &str) {
    harness.get_by_label(library_tab).click();
    harness.run();
    harness.get_by_label_contains(row).click();
    harness.run();
    harness.run();
}

fn panels(harness: &Harness<'_, SigilforgeApp>) -> Vec<Tab> {
    harness.state().open_panels()
}

/// The dock's tab titled `title` (a button; a library row of the same name is a label).
fn tab_rect(harness: &Harness<'_, SigilforgeApp>, title: &str) -> egui::Rect {
    harness
        .get_by_role_and_label(egui::accesskit::Role::Button, title)
        .rect()
}

/// Clicks at `pos` with the primary button.
fn click_at(harness: &mut Harness<'_, SigilforgeApp>, pos: egui::Pos2) {
    harness.event(egui::Event::PointerMoved(pos));
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        harness.run();
    }
    harness.run();
}

/// Clicks the dock's tab titled `title`.
fn click_tab(harness: &mut Harness<'_, SigilforgeApp>, title: &str) {
    let rect = tab_rect(harness, title);
    click_at(harness, rect.center());
}

/// Clicks the × at the right end of the dock's tab titled `title`.
fn close_tab(harness: &mut Harness<'_, SigilforgeApp>, title: &str) {
    let rect = tab_rect(harness, title);
    click_at(harness, egui::pos2(rect.right() - 8.0, rect.center().y));
}

/// Ticks or unticks a panel in the View menu.
fn toggle_in_view_menu(harness: &mut Harness<'_, SigilforgeApp>, panel: &str) {
    harness.get_by_label("View").click();
    harness.run();
    harness
        .get_by_role_and_label(egui::accesskit::Role::CheckBox, panel)
        .click();
    harness.run();
    harness.run();
}

#[test]
fn each_kind_of_content_shows_its_own_panels() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    open(&mut harness, "Cards", "Goblin Sapper");
    assert_eq!(harness.state().workspace(), Workspace::BattleCards);
    let cards = panels(&harness);
    for panel in [Tab::Library, Tab::Preview, Tab::Sandbox, Tab::Problems] {
        assert!(
            cards.contains(&panel),
            "{panel:?} open for a card: {cards:?}"
        );
    }
    assert!(
        !cards.contains(&Tab::Rules),
        "a battle-line card plays in the battle sandbox"
    );

    open(&mut harness, "Encounters", "(encounters/goblin_ambush.ron)");
    assert_eq!(harness.state().workspace(), Workspace::Encounter);
    assert_eq!(
        panels(&harness),
        [Tab::Library, Tab::Problems, Tab::Log],
        "no card preview or battle sandbox beside an encounter"
    );
    // The encounter's own parts: its map, sandbox and table.
    for part in ["Prep", "Sandbox", "Run at the table"] {
        harness.get_by_label(part);
    }

    open(&mut harness, "Glyph networks", "(glyphs/vault-alarm.ron)");
    assert_eq!(harness.state().workspace(), Workspace::Glyph);
    assert_eq!(panels(&harness), [Tab::Library, Tab::Problems, Tab::Log]);
    for part in ["Graph", "Map", "Sandbox round 0"] {
        harness.get_by_label(part);
    }

    // Back to the card by its tab: the card's layout, every editor tab still open.
    click_tab(&mut harness, "Goblin Sapper");
    assert_eq!(harness.state().workspace(), Workspace::BattleCards);
    assert_eq!(panels(&harness), cards);
    assert_eq!(harness.state().open_editor_tabs().len(), 3);
}

#[test]
fn a_closed_panel_comes_back_from_the_view_menu_and_each_kind_remembers() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    open(&mut harness, "Cards", "Goblin Sapper");
    assert!(panels(&harness).contains(&Tab::Preview));
    // The tab's close button works.
    close_tab(&mut harness, "Preview");
    assert!(!panels(&harness).contains(&Tab::Preview));

    // Another kind and back: the card workspace remembers the Preview was closed.
    open(&mut harness, "Glyph networks", "(glyphs/vault-alarm.ron)");
    click_tab(&mut harness, "Goblin Sapper");
    assert_eq!(harness.state().workspace(), Workspace::BattleCards);
    assert!(!panels(&harness).contains(&Tab::Preview));

    toggle_in_view_menu(&mut harness, "Preview");
    assert!(panels(&harness).contains(&Tab::Preview));
    harness.get_by_label_contains("Card preview:");
}

#[test]
fn reset_layout_keeps_the_open_tabs() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    open(&mut harness, "Cards", "Goblin Sapper");
    open(&mut harness, "Cards", "Iron Knight");
    toggle_in_view_menu(&mut harness, "Sandbox");
    assert!(!panels(&harness).contains(&Tab::Sandbox));
    let tabs = harness.state().open_editor_tabs();
    assert_eq!(tabs.len(), 2);

    harness.get_by_label("View").click();
    harness.run();
    harness.get_by_label("Reset layout").click();
    harness.run();
    harness.run();
    assert!(
        panels(&harness).contains(&Tab::Sandbox),
        "the panels are back"
    );
    assert_eq!(harness.state().open_editor_tabs(), tabs, "the tabs stay");
    assert_eq!(harness.state().workspace(), Workspace::BattleCards);
}

/// The glyph graph's layer transform (graph coordinates to screen): the only transformed layer.
fn graph_transform(harness: &Harness<'_, SigilforgeApp>) -> egui::emath::TSTransform {
    let transforms: Vec<egui::emath::TSTransform> = harness
        .ctx
        .memory(|m| m.to_global.values().copied().collect());
    assert_eq!(transforms.len(), 1, "one transformed layer: the graph");
    transforms[0]
}

#[test]
fn a_left_click_on_a_glyph_node_selects_it() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    open(&mut harness, "Glyph networks", "(glyphs/vault-alarm.ron)");
    assert!(
        harness.query_by_label("Glyph id").is_none(),
        "nothing selected yet"
    );
    // The guard post's abilities, in the graph (graph coordinates on a zoomed layer).
    let line = harness
        .get_by_label_contains("the effect guards wake")
        .rect();
    let at = graph_transform(&harness) * line.center();
    click_at(&mut harness, at);
    let id = harness.get_by_label("Glyph id");
    assert_eq!(id.value().as_deref(), Some("guard_post"));
}

#[test]
fn a_dismissed_glyph_is_drawn_so_on_the_graph() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    open(&mut harness, "Glyph networks", "(glyphs/vault-alarm.ron)");
    assert!(harness.query_by_label("dismissed").is_none());
    harness.get_by_label("Run to end").click();
    harness.run();
    harness.run();
    // The steward's all-clear dismisses the bell: its node says so, and its links are broken.
    harness.get_by_label("dismissed");
}

#[test]
fn a_card_of_a_game_with_a_profile_is_played_in_the_rules_tab() {
    let dir = pack_fixture(&[
        (
            "battle/cards.ron",
            "CardSet(cards: [(id: \"wolf\", name: \"Grey Wolf\")])\n",
        ),
        ("game/profile.ron", CHIAXIS_WITH_LEVELS),
        (
            "game/cards.ron",
            "CardSet(cards: [(id: \"owl\", name: \"Night Owl\")])\n",
        ),
    ]);
    let mut harness = hosted_harness(dir.path());
    open(&mut harness, "Cards", "Night Owl");
    assert_eq!(harness.state().workspace(), Workspace::RulesCards);
    let game = panels(&harness);
    assert!(
        game.contains(&Tab::Rules) && game.contains(&Tab::Preview),
        "{game:?}"
    );
    assert!(
        !game.contains(&Tab::Sandbox),
        "no battle sandbox for a game card"
    );

    open(&mut harness, "Cards", "Grey Wolf");
    assert_eq!(harness.state().workspace(), Workspace::BattleCards);
    let battle = panels(&harness);
    assert!(
        battle.contains(&Tab::Sandbox) && !battle.contains(&Tab::Rules),
        "{battle:?}"
    );
}

/// Whether the start page is drawn (its tab and its text).
fn start_page_shown(harness: &Harness<'_, SigilforgeApp>) -> bool {
    let tab = harness
        .query_by_role_and_label(egui::accesskit::Role::Button, "Start")
        .is_some();
    let text = harness.query_by_label_contains("This pack holds").is_some();
    assert_eq!(tab, text, "the start page's tab without its page, or back");
    tab
}

#[test]
fn the_start_page_fills_the_editor_area_while_no_editor_is_open() {
    let dir = fixture_copy();
    let mut harness = hosted_harness(dir.path());
    harness.run();
    // A pack open, no editor tab: the start page names the pack and counts what it holds.
    assert!(start_page_shown(&harness));
    harness.get_by_label("Start: Sigilforge Starter Pack");
    harness.get_by_label_contains("3 encounters");
    harness.get_by_label("1. Open or start a pack ✔");
    assert!(harness.state().open_editor_tabs().is_empty());

    // Its step opens a card editor in its place.
    harness.get_by_label("Start a new card").click();
    harness.run();
    harness.run();
    let editors = harness.state().open_editor_tabs();
    assert!(
        matches!(editors.as_slice(), [Tab::Editor(_)]),
        "{editors:?}"
    );
    assert!(!start_page_shown(&harness));

    // The last editor closed: the start page is back, the panels as they were.
    let panels_before = panels(&harness);
    let title = sigilforge::shell::dock::tab_title(harness.state().document(), &editors[0]);
    close_tab(&mut harness, &title);
    harness.run();
    assert!(harness.state().open_editor_tabs().is_empty());
    assert!(start_page_shown(&harness));
    assert_eq!(panels(&harness), panels_before);
}
