//! The graph view (egui-snarl) driven by the pointer (`egui_kittest`): a wire between two glyph
//! nodes links them or is refused with the reason, a node drag is one edit, node menus work.
#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use egui::emath::TSTransform;
use egui::{Event, PointerButton, Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sigilforge::glyphs::{GlyphEdit, apply_glyph_edit, new_network};
use sigilforge_engine::glyph::GlyphNetwork;

mod glyph_ui_common;
use glyph_ui_common::{Host, harness};

fn two_glyphs(bell_x: f64) -> GlyphNetwork {
    let mut net = new_network("wire");
    for (id, pos) in [("door", (0.0, 0.0)), ("bell", (bell_x, 0.0))] {
        let edit = GlyphEdit::AddGlyph { id: id.into(), pos };
        apply_glyph_edit(&mut net, &edit).unwrap();
    }
    net
}

/// The graph layer's transform (graph coordinates to screen): the only transformed layer.
fn graph_transform(harness: &Harness<'_, Host>) -> TSTransform {
    let transforms: Vec<TSTransform> = harness
        .ctx
        .memory(|m| m.to_global.values().copied().collect());
    assert_eq!(transforms.len(), 1, "one transformed layer: the graph");
    transforms[0]
}

/// The "link" pin labels, in graph coordinates, left to right: door in, door out, bell in, bell out.
fn pin_labels(harness: &Harness<'_, Host>) -> Vec<Rect> {
    let mut rects: Vec<Rect> = harness.get_all_by_label("link").map(|n| n.rect()).collect();
    rects.sort_by(|a, b| a.min.x.total_cmp(&b.min.x));
    assert_eq!(rects.len(), 4);
    rects
}

fn drag(harness: &mut Harness<'_, Host>, from: Pos2, to: Pos2) {
    harness.event(Event::PointerMoved(from));
    harness.run();
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run_steps(2);
    // While a button is held the graph repaints every frame: step, don't run to rest.
    for i in 1..=8 {
        harness.event(Event::PointerMoved(from + (to - from) * (i as f32 / 8.0)));
        harness.run_steps(2);
    }
    harness.event(Event::PointerButton {
        pos: to,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
}

/// Screen points of door's output pin and bell's input pin (just outside their labels).
fn pins(harness: &Harness<'_, Host>) -> (Pos2, Pos2) {
    let t = graph_transform(harness);
    let labels = pin_labels(harness);
    let door_out = t * Pos2::new(labels[1].right() + 4.0, labels[1].center().y);
    let bell_in = t * Pos2::new(labels[2].left() - 12.0, labels[2].center().y);
    (door_out, bell_in)
}

#[test]
fn a_wire_between_two_glyphs_within_one_unit_links_them() {
    let mut harness = harness(two_glyphs(1.0));
    let (door_out, bell_in) = pins(&harness);
    drag(&mut harness, door_out, bell_in);
    assert_eq!(
        harness.state().applied,
        vec![GlyphEdit::AddLink {
            a: "door".into(),
            b: "bell".into()
        }]
    );
    assert_eq!(
        harness.state().net.links,
        vec![("door".to_owned(), "bell".to_owned())]
    );
    assert_eq!(harness.state().editor.refusal(), None);
}

#[test]
fn a_wire_over_one_unit_is_refused_with_the_reason_shown() {
    let mut harness = harness(two_glyphs(1.5));
    let (door_out, bell_in) = pins(&harness);
    drag(&mut harness, door_out, bell_in);
    assert!(harness.state().applied.is_empty());
    assert!(harness.state().net.links.is_empty());
    let reason = "door and bell are 1.5u apart; glyphs link only within Swinging Distance (1u)";
    assert_eq!(harness.state().editor.refusal(), Some(reason));
    harness.get_by_label(&format!("Refused: {reason}"));
    // And as a tooltip where the wire was dropped.
    harness.get_by_label(reason);
}

#[test]
fn dragging_a_node_is_one_move_edit() {
    let mut harness = harness(two_glyphs(1.0));
    let t = graph_transform(&harness);
    let labels = pin_labels(&harness);
    // Inside door's frame, right of its output pin.
    let from = t * Pos2::new(labels[1].right() + 12.0, labels[1].center().y);
    let to = from + egui::vec2(135.0, 54.0) * t.scaling;
    drag(&mut harness, from, to);
    let applied = &harness.state().applied;
    assert_eq!(applied.len(), 1, "one edit for the whole drag: {applied:?}");
    let GlyphEdit::MoveGlyph { id, to } = &applied[0] else {
        panic!("expected a MoveGlyph, got {applied:?}");
    };
    assert_eq!(id, "door");
    // 135 and 54 graph points at 270 points per unit: (0.5, 0.2), snapped to 0.05.
    assert!(
        (to.0 - 0.5).abs() <= 0.05 && (to.1 - 0.2).abs() <= 0.05,
        "{to:?}"
    );
    assert_eq!(harness.state().net.glyphs[0].pos, *to);
}

#[test]
fn injecting_from_a_nodes_context_menu() {
    let mut harness = harness(two_glyphs(1.0));
    let t = graph_transform(&harness);
    let labels = pin_labels(&harness);
    // Inside bell's frame, right of its output pin.
    let at = t * Pos2::new(labels[3].right() + 12.0, labels[3].center().y);
    harness.event(Event::PointerMoved(at));
    harness.run();
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos: at,
            button: PointerButton::Secondary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run();
    harness.get_by_label("Inject \"ping\" here").click();
    harness.run();
    harness.get_by_label("\"ping\" arrives at bell in round 1");
    harness.get_by_label("Step").click();
    harness.run();
    harness.get_by_label_contains("bell receives “ping”, injected");
    // The sandbox's injection is not an edit of the network.
    assert!(harness.state().applied.is_empty());
}

#[test]
fn a_nodes_title_opens_its_menu_too() {
    let mut harness = harness(two_glyphs(1.0));
    let t = graph_transform(&harness);
    let at = t * harness.get_by_label("door").rect().center();
    harness.event(Event::PointerMoved(at));
    harness.run();
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos: at,
            button: PointerButton::Secondary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run();
    harness.get_by_label("Delete glyph").click();
    harness.run();
    assert_eq!(
        harness.state().applied,
        vec![GlyphEdit::RemoveGlyph { id: "door".into() }]
    );
}

#[test]
fn the_graph_keeps_fitting_its_panel_until_the_user_zooms() {
    let mut harness = harness(two_glyphs(1.0));
    let wide = graph_transform(&harness);
    // The panel narrows: the nodes are fitted again (centred in the narrower graph).
    harness.set_size(egui::vec2(1100.0, 1000.0));
    harness.run();
    let narrow = graph_transform(&harness);
    assert!(
        (narrow.translation.x - wide.translation.x).abs() > 50.0,
        "refitted: {wide:?} then {narrow:?}"
    );
    // The user zooms out over the graph: the view is theirs, a resize no longer refits it.
    let over = narrow * Pos2::new(0.0, 0.0);
    harness.event(Event::PointerMoved(over));
    harness.event(Event::Zoom(0.8));
    harness.run();
    let zoomed = graph_transform(&harness);
    assert!(zoomed.scaling < narrow.scaling, "zoomed out: {zoomed:?}");
    harness.set_size(egui::vec2(1500.0, 1000.0));
    harness.run();
    let after = graph_transform(&harness);
    assert!(
        (after.scaling - zoomed.scaling).abs() < 1e-3,
        "the user's zoom stays: {zoomed:?} then {after:?}"
    );
}
