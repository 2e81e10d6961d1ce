//! Drawing the one sandbox panel from a `&dyn SystemSandbox`: controls and timeline, Simulate
//! (for a system with an outcome), the board at the selected event, the log with causes, and
//! the Why pane.

use egui::{RichText, Ui};

use super::{SandboxCommand, SystemSandbox};

/// The cause arrow: `←` (U+2190) is not in egui's default fonts, `⬅` (U+2B05) is.
pub const CAUSE_ARROW: &str = "⬅";

/// Draws the whole panel; what the user asks for is pushed, never done here.
pub fn sandbox_ui(ui: &mut Ui, sys: &dyn SystemSandbox, push: &mut dyn FnMut(SandboxCommand)) {
    controls_ui(ui, sys, push);
    if let Some(sim) = sys.simulation() {
        ui.separator();
        super::simulate::simulate_ui(ui, sim, push);
    }
    ui.separator();
    // Side by side, so a short dock area still shows all three.
    ui.columns(3, |cols| {
        egui::ScrollArea::vertical()
            .id_salt("sandbox-board")
            .auto_shrink([false, false])
            .show(&mut cols[0], |ui| sys.board_ui(ui));
        log_ui(&mut cols[1], sys, push);
        why_ui(&mut cols[2], sys);
    });
}

/// Step, Step back, Run to end, Reset, the seed and the timeline.
pub fn controls_ui(ui: &mut Ui, sys: &dyn SystemSandbox, push: &mut dyn FnMut(SandboxCommand)) {
    let word = sys.step_word();
    let (steps, total) = (sys.steps(), sys.total_steps());
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(steps < total, egui::Button::new("Step"))
            .on_hover_text(format!("One {word} forward (F10)"))
            .clicked()
        {
            push(SandboxCommand::Step);
        }
        if ui
            .add_enabled(steps > 0, egui::Button::new("Step back"))
            .on_hover_text(format!(
                "One {word} back: the run is replayed from the seed (Shift+F10)"
            ))
            .clicked()
        {
            push(SandboxCommand::StepBack);
        }
        if ui
            .add_enabled(steps < total, egui::Button::new("Run to end"))
            .on_hover_text("Step until the run is over (F5)")
            .clicked()
        {
            push(SandboxCommand::RunToEnd);
        }
        if ui
            .button("Reset")
            .on_hover_text("Back to the start")
            .clicked()
        {
            push(SandboxCommand::Reset);
        }
        if let Some(mut seed) = sys.seed() {
            let label = ui.label("Seed");
            if ui
                .add(egui::DragValue::new(&mut seed))
                .labelled_by(label.id)
                .on_hover_text("The random seed: same seed, same run")
                .changed()
            {
                push(SandboxCommand::SetSeed(seed));
            }
        }
        ui.label(format!("Step {steps}"))
            .on_hover_text(format!("{steps} of {total} {word}s"));
    });
    ui.horizontal(|ui| {
        let label = ui.label("Timeline");
        let mut at = steps;
        // One step a key press (arrow keys once it has the focus), whatever its width.
        let slider = egui::Slider::new(&mut at, 0..=total.max(1))
            .show_value(false)
            .step_by(1.0)
            .clamping(egui::SliderClamping::Always);
        if ui
            .add_enabled(total > 0, slider)
            .labelled_by(label.id)
            .on_hover_text(format!(
                "Seek any {word} (drag, or the arrow keys): the run is replayed from the seed"
            ))
            .changed()
        {
            push(SandboxCommand::Seek(at));
        }
        ui.weak(format!("{total} {word}s in all"));
    });
    if let Some(outcome) = sys.outcome() {
        ui.label(RichText::new(outcome).strong());
    }
}

/// The log, newest last; each line with its cause; a click selects (or deselects) it.
fn log_ui(ui: &mut Ui, sys: &dyn SystemSandbox, push: &mut dyn FnMut(SandboxCommand)) {
    ui.strong("Log");
    let n = sys.log_len();
    if n == 0 {
        ui.weak("Press Step (F10) to see the first event.");
        return;
    }
    let selected = sys.selected();
    egui::ScrollArea::vertical()
        .id_salt("sandbox-log")
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show_rows(ui, 18.0, n, |ui, range| {
            for i in range {
                let cause = sys.cause(i);
                let text = if cause.is_empty() {
                    format!("#{i} {}", sys.line(i))
                } else {
                    format!("#{i} {}  {CAUSE_ARROW} {cause}", sys.line(i))
                };
                let on = selected == Some(i);
                if ui
                    .selectable_label(on, text)
                    .on_hover_text("Click to see why, and the board right after it")
                    .clicked()
                {
                    push(SandboxCommand::Select((!on).then_some(i)));
                }
            }
        });
}

/// The selected event's cause chain, then why it came when it did.
fn why_ui(ui: &mut Ui, sys: &dyn SystemSandbox) {
    ui.strong("Why")
        .on_hover_text("The selected event, then what it answers, back to where the chain starts");
    let Some(i) = sys.selected() else {
        ui.weak("Select an event in the log.");
        return;
    };
    egui::ScrollArea::vertical()
        .id_salt("sandbox-why")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for (depth, e) in sys.why(i).into_iter().enumerate() {
                let prefix = if depth == 0 { "" } else { "because " };
                let cause = sys.cause(e);
                let by = if cause.is_empty() {
                    String::new()
                } else {
                    format!(" — {cause}")
                };
                ui.label(format!(
                    "{}{prefix}#{e} {}{by}",
                    "  ".repeat(depth),
                    sys.line(e)
                ));
            }
            ui.add_space(6.0);
            ui.strong("Why this order");
            ui.label(sys.order(i));
        });
}
