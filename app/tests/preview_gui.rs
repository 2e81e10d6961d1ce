//! The card preview is rasterised off the UI thread (issue #29): the frame that applies an edit
//! goes on showing the card's previous drawing, the new one is shown on a frame the drawing
//! thread asks for, and then the editor is idle again.

// Setup helpers outside #[test] fns: a failed setup should fail the test loudly.
#![allow(clippy::unwrap_used)]

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sigilforge::shell::{Settings, SigilforgeApp};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::load_pack;

mod ui_common;
use ui_common::editor_harness;

fn preview_label(harness: &Harness<'_, SigilforgeApp>) -> String {
    harness
        .get_by_label_contains("Card preview:")
        .accesskit_node()
        .label()
        .unwrap_or_default()
}

fn new_card_attack(harness: &Harness<'_, SigilforgeApp>) -> Option<i32> {
    harness
        .state()
        .document()
        .and_then(|d| d.pack().card("new_card"))
        .map(|c| c.attack)
}

#[test]
fn an_edit_shows_the_previous_drawing_until_the_new_one_is_in() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pack.ron"),
        "Pack(id: \"test\", name: \"Test Pack\", version: \"0.1.0\", schema_version: 1)\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("cards.ron"), "CardSet(cards: [])\n").unwrap();
    let mut diags = Diagnostics::new();
    let pack = load_pack(dir.path(), &mut diags);
    let mut harness = editor_harness(SigilforgeApp::with_pack(pack, Settings::default()));

    harness.get_by_label("New card").click();
    harness.run();
    // `run` waits for the drawing like for any image being loaded.
    assert!(
        preview_label(&harness).contains("New card, cost 1, attack 1"),
        "{}",
        preview_label(&harness)
    );

    harness.get_by_label("Attack").focus();
    harness.run();
    // A number field applies what is typed at once.
    harness.get_by_label("Attack").type_text("5");
    // Frame by frame until the preview starts drawing the edited card.
    let mut drawing = false;
    for _ in 0..10 {
        harness.step();
        if harness.ctx.has_pending_images() {
            drawing = true;
            break;
        }
    }
    assert!(drawing, "the preview was not drawn off the UI thread");
    assert_eq!(new_card_attack(&harness), Some(5));
    // That frame shows the drawing there was: the card as it was drawn.
    assert!(
        preview_label(&harness).contains("attack 1"),
        "{}",
        preview_label(&harness)
    );

    harness.run();
    assert!(
        preview_label(&harness).contains("attack 5"),
        "{}",
        preview_label(&harness)
    );
    // In, and idle: no frame asked for, nothing pending.
    assert!(!harness.ctx.has_pending_images());
    assert!(
        !harness.ctx.has_requested_repaint(),
        "an idle editor asks for frames"
    );
}
