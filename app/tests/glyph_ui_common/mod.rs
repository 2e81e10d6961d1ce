//! Shared host for the glyph editor GUI tests: a local network that applies the editor's edits
//! and sandbox commands each frame, as the real host (`SigilforgeApp::apply`) does.
#![allow(dead_code)] // Each test binary uses a different subset of these helpers.

use egui_kittest::Harness;
use sigilforge::glyphs::{GlyphEdit, GlyphEditor, GlyphSandboxCommand, apply_glyph_edit};
use sigilforge_engine::glyph::GlyphNetwork;

#[path = "../ui_common/mod.rs"]
pub mod ui_common;

/// The host: the document and what was applied.
pub struct Host {
    pub editor: GlyphEditor,
    pub net: GlyphNetwork,
    /// The network's revision: moved by every change (the editor rebuilds when it moves).
    pub revision: u64,
    /// Edits of the network, in order.
    pub applied: Vec<GlyphEdit>,
    /// What the sandbox asked for, in order.
    pub sandbox: Vec<GlyphSandboxCommand>,
}

/// A harness hosting the editor on `net`.
pub fn harness(net: GlyphNetwork) -> Harness<'static, Host> {
    let host = Host {
        editor: GlyphEditor::new(),
        net,
        revision: 0,
        applied: Vec::new(),
        sandbox: Vec::new(),
    };
    let mut harness = Harness::builder()
        .with_size([1500.0, 1000.0])
        .with_max_steps(30)
        .build_ui_state(
            |ui, host: &mut Host| {
                let (mut edits, mut runs) = (Vec::new(), Vec::new());
                host.editor
                    .ui(ui, &host.net, host.revision, &mut edits, &mut runs);
                for edit in edits {
                    match apply_glyph_edit(&mut host.net, &edit) {
                        Ok(()) => {
                            host.revision += 1;
                            host.applied.push(edit);
                        }
                        Err(reason) => host.editor.set_refusal(Some(reason.to_string())),
                    }
                }
                for command in runs {
                    host.editor.apply_sandbox(&command);
                    host.sandbox.push(command);
                }
            },
            host,
        );
    harness.run();
    harness
}

/// Changes the host's network as another panel or an undo would (the revision moves).
pub fn host_edit(harness: &mut Harness<'static, Host>, edit: &GlyphEdit) {
    let host = harness.state_mut();
    apply_glyph_edit(&mut host.net, edit).unwrap();
    host.revision += 1;
}
