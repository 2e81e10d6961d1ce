//! The glyph editor's map, analysis and sandbox on a starter network (`egui_kittest`): a map drag
//! is one `MoveGlyph` edit, the analyser's findings are listed, and the sandbox follows edits.
#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::path::Path;

use egui::{Event, PointerButton, Pos2, Vec2};
use egui_kittest::kittest::Queryable;
use sigilforge::glyphs::GlyphEdit;
use sigilforge::glyphs::map_view::fit_zoom;
use sigilforge_engine::glyph::{GlyphNetwork, load};

mod glyph_ui_common;
use glyph_ui_common::ui_common::click;
use glyph_ui_common::{harness, host_edit};

fn broken_relay() -> GlyphNetwork {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/tests/fixtures/pack/glyphs/broken-relay.ron");
    let source = std::fs::read_to_string(&path).unwrap();
    load(&source, &path).unwrap().0
}

#[test]
fn analysis_lists_links_a_move_breaks() {
    let mut harness = harness(broken_relay());
    click(&mut harness, "Analysis");
    harness.get_by_label("Quiet in round 6");
    harness.get_by_label("Heard in the run");
    harness.get_by_label("Link sentinel–relay breaks in round 4 (moved 7.00u apart, beyond 4u)");
    harness.get_by_label("Link relay–gate breaks in round 4 (moved 5.00u apart, beyond 4u)");
    harness.get_by_label("\"intruder\" injected at sentinel in round 1:");
}

#[test]
fn analysis_follows_the_network() {
    let mut harness = harness(broken_relay());
    click(&mut harness, "Analysis");
    assert!(
        harness
            .query_by_label("Never reached by any command: gate")
            .is_none()
    );
    // The host applies an edit (e.g. undo, or another panel): the analysis is recomputed.
    host_edit(
        &mut harness,
        &GlyphEdit::RemoveLink {
            a: "relay".into(),
            b: "gate".into(),
        },
    );
    harness.run();
    harness.get_by_label("Never reached by any command: gate");
}

#[test]
fn dragging_a_glyph_on_the_map_is_one_move_edit() {
    let mut harness = harness(broken_relay());
    click(&mut harness, "Map");
    let map = harness.get_by_label("Glyph map").rect();
    // The map opens fitted to its panel, centred on the glyphs ((1, 0) here): gate, at (2, 0),
    // is drawn one unit right of the centre.
    let zoom = fit_zoom(&broken_relay(), map.size());
    let from = map.center() + Vec2::new(zoom, 0.0);
    let to = from + Vec2::new(0.5, 1.0) * zoom; // (2.5, 1.0)
    harness.event(Event::PointerMoved(from));
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
    for i in 1..=10 {
        let p: Pos2 = from + (to - from) * (i as f32 / 10.0);
        harness.event(Event::PointerMoved(p));
        harness.run();
    }
    assert!(harness.state().applied.is_empty(), "no edit while dragging");
    harness.event(Event::PointerButton {
        pos: to,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
    assert_eq!(
        harness.state().applied,
        vec![GlyphEdit::MoveGlyph {
            id: "gate".into(),
            to: (2.5, 1.0)
        }]
    );
    assert_eq!(harness.state().net.glyphs[2].pos, (2.5, 1.0));
}

#[test]
fn sandbox_runs_to_quiet_and_replays_after_an_edit() {
    let mut harness = harness(broken_relay());
    assert!(harness.state().editor.shining().is_empty());
    click(&mut harness, "Step");
    // Round 1: sentinel sends "warn" and shines in its colour #99ccff.
    assert_eq!(
        harness.state().editor.shining(),
        vec![(
            "sentinel".to_owned(),
            egui::Color32::from_rgb(0x99, 0xcc, 0xff)
        )]
    );
    click(&mut harness, "Step");
    assert_eq!(
        harness.state().editor.shining(),
        vec![(
            "relay".to_owned(),
            egui::Color32::from_rgb(0x99, 0xcc, 0xff)
        )]
    );
    click(&mut harness, "Step");
    assert!(
        harness.state().editor.shining().is_empty(),
        "gate only has an effect"
    );
    assert_eq!(harness.state().editor.sandbox_round(), 3);
    harness.get_by_label_contains("round 3: gate: effect “portcullis drops”");
    // An edit replays the run to the same round: without gate's ability, no portcullis.
    host_edit(
        &mut harness,
        &GlyphEdit::RemoveAbility {
            id: "gate".into(),
            index: 0,
        },
    );
    harness.run();
    assert_eq!(harness.state().editor.sandbox_round(), 3);
    assert!(
        harness
            .query_by_label_contains("gate: effect “portcullis drops”")
            .is_none()
    );
    harness.get_by_label_contains("gate receives “drop gate” from relay, sent last round");
    click(&mut harness, "Run to end");
    assert_eq!(harness.state().editor.sandbox_round(), 6);
    harness.get_by_label("Quiet: nothing waits and nothing is scheduled");
    harness.get_by_label_contains(
        "link sentinel–relay breaks for good: 7.00u apart, beyond Spitting Distance of 4u",
    );
    click(&mut harness, "Reset");
    assert_eq!(harness.state().editor.sandbox_round(), 0);
}

#[test]
fn graph_nodes_list_their_abilities() {
    let harness = harness(broken_relay());
    harness.get_by_label("When “intruder” arrives — Free Reaction: send “warn”");
    harness.get_by_label("When “warn” arrives — Free Reaction: send “drop gate”");
    harness.get_by_label("When “drop gate” arrives — Reaction: the effect portcullis drops");
}

#[test]
fn renaming_to_a_taken_id_is_refused_with_the_reason_shown() {
    let mut harness = harness(broken_relay());
    harness.state_mut().editor.select(Some("gate".into()));
    harness.run();
    harness.get_by_label("Glyph id").focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Glyph id").type_text("relay");
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(harness.state().applied.is_empty());
    assert_eq!(harness.state().net, broken_relay());
    harness.get_by_label("Refused: a glyph with the id \"relay\" already exists");
}
