//! Builds a glyph network in the glyph editor by clicking and typing (`egui_kittest`), runs it in
//! the sandbox and reads the log; and checks a link over 1u is refused with the reason shown.
#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sigilforge::glyphs::new_network;
use sigilforge_engine::glyph::{GlyphAction, GlyphTime};

mod glyph_ui_common;
use glyph_ui_common::ui_common::{click, move_timeline, set_field};
use glyph_ui_common::{Host, harness};

/// Clicks a glyph's node in the graph. The graph is drawn on a zoomed layer, so the node's
/// accesskit rect is not where the pointer would hit it: click through accesskit instead.
fn click_node(harness: &mut Harness<'_, Host>, id: &str) {
    harness.get_by_label(id).click_accesskit();
    harness.run();
}

#[test]
fn build_link_inject_and_step_by_clicking() {
    let mut harness = harness(new_network("test"));
    harness.run();

    click(&mut harness, "Add glyph");
    set_field(&mut harness, "Glyph id", "door");
    click(&mut harness, "Add glyph");
    set_field(&mut harness, "Glyph id", "bell");
    set_field(&mut harness, "Position x", "0.8");
    set_field(&mut harness, "Position y", "0.2");
    {
        let net = &harness.state().net;
        let ids: Vec<&str> = net.glyphs.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, ["door", "bell"]);
        assert_eq!(net.glyphs[0].pos, (0.0, 0.0));
        assert_eq!(net.glyphs[1].pos, (0.8, 0.2));
    }

    // Link: bell is selected; "Link", then click door's node in the graph.
    click(&mut harness, "Link");
    click_node(&mut harness, "door");
    assert_eq!(
        harness.state().net.links,
        vec![("bell".to_owned(), "door".to_owned())]
    );
    assert_eq!(harness.state().editor.selected(), Some("door"));

    // door: when “ping” (the default) arrives — Reaction: send “alarm”.
    // The ability is drawn by the generic form: its action's variant picker reads the
    // model's words ("Send a command"), and Send's text box is "Sends".
    click(&mut harness, "Add ability");
    harness
        .get_by_role_and_label(egui::accesskit::Role::ComboBox, "Glyph action")
        .click();
    harness.run();
    click(&mut harness, "Send a command");
    harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "Sends")
        .focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "Sends")
        .type_text("alarm");
    harness.run();
    {
        let door = &harness.state().net.glyphs[0];
        assert_eq!(door.abilities.len(), 1);
        assert_eq!(door.abilities[0].on, "ping");
        assert_eq!(door.abilities[0].time, GlyphTime::Reaction);
        assert_eq!(
            door.abilities[0].does,
            vec![GlyphAction::Send("alarm".into())]
        );
    }

    // Sandbox: inject "ping" at door (the selected glyph), step two rounds.
    set_field(&mut harness, "Command", "ping");
    click(&mut harness, "Inject");
    click(&mut harness, "Step");
    click(&mut harness, "Step");
    assert_eq!(harness.state().editor.sandbox_round(), 2);
    for line in [
        "door receives “ping”, injected",
        "door: ability 1 answers “ping” as a Reaction and spends its Beat",
        "door shines and sends “alarm”, delivered next round",
        "door receives its own “alarm”, sent last round",
        "bell receives “alarm” from door, sent last round",
        "the network is quiet: nothing waits and nothing is scheduled",
    ] {
        assert!(harness.query_by_label_contains(line).is_some(), "{line}");
    }

    // Selecting the delivery shows why: the send, the ability, the injection, and why it came
    // when it did.
    harness
        .get_by_label_contains("bell receives “alarm” from door, sent last round")
        .click();
    harness.run();
    let why: Vec<String> = harness
        .query_all_by_label_contains("because #")
        .filter_map(|n| {
            let node = n.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .collect();
    assert!(
        why.iter().any(|l| l.starts_with("  because #")
            && l.contains("door shines and sends “alarm”")
            && l.contains("by ability 1 of door")),
        "{why:?}"
    );
    assert!(
        why.iter()
            .any(|l| l.starts_with("      because #0 round 1: door receives “ping”, injected")),
        "{why:?}"
    );
    harness.get_by_label("Why this order");
    harness.get_by_label_contains("Step 2: glyphs receive in file order");

    // Step back replays to round 1.
    click(&mut harness, "Step back");
    assert_eq!(harness.state().editor.sandbox_round(), 1);
    // The timeline seeks any round, replaying with the injection kept: one arrow key, one
    // round forward.
    move_timeline(&mut harness, Key::ArrowRight, 1);
    assert_eq!(harness.state().editor.sandbox_round(), 2);
    harness.get_by_label("Step 2");
    click(&mut harness, "Step back");
    assert!(
        harness
            .query_by_label_contains("bell receives “alarm” from door, sent last round")
            .is_none()
    );
}

#[test]
fn link_over_one_unit_is_refused_with_the_reason_shown() {
    let mut harness = harness(new_network("far"));
    harness.run();
    click(&mut harness, "Add glyph");
    set_field(&mut harness, "Glyph id", "door");
    click(&mut harness, "Add glyph");
    set_field(&mut harness, "Glyph id", "bell");
    set_field(&mut harness, "Position x", "1.8");
    click(&mut harness, "Link");
    click_node(&mut harness, "door");
    assert!(harness.state().net.links.is_empty());
    harness.get_by_label(
        "Refused: bell and door are 1.8u apart; glyphs link only within Swinging Distance (1u)",
    );
    let reason = "bell and door are 1.8u apart; glyphs link only within Swinging Distance (1u)";
    assert_eq!(harness.state().editor.refusal(), Some(reason));
    // The reason also shows as a tooltip where the pointer is, until it moves away.
    harness.get_by_label(reason);
    harness.hover_at(egui::pos2(700.0, 500.0));
    harness.run();
    assert!(harness.query_by_label(reason).is_none());
    harness.get_by_label(&format!("Refused: {reason}"));
}
