//! Small widgets the glyph editor's panels share: buffered text fields and colours.

use egui::{Color32, TextEdit, Ui};

/// The colour a glyph shines in when it has none of its own.
pub const DEFAULT_SHINE: Color32 = Color32::from_rgb(255, 200, 60);

/// A labelled one-line text field that edits a copy of `current` and reports the new text
/// once, when the user leaves the field (Enter or click elsewhere) with a different text. The
/// copy lives in egui's memory under `id_salt` while the field has focus, so typing never
/// produces an edit per keystroke.
pub fn committed_text(
    ui: &mut Ui,
    id_salt: impl egui::AsIdSalt,
    label: &str,
    current: &str,
    tooltip: &str,
) -> Option<String> {
    let id = ui.make_persistent_id(id_salt);
    let mut buffer = ui
        .data(|d| d.get_temp::<String>(id))
        .unwrap_or_else(|| current.to_owned());
    let label = ui.label(label).on_hover_text(tooltip);
    let response = ui
        .add(
            TextEdit::singleline(&mut buffer)
                .id(id.with("field"))
                .desired_width(110.0),
        )
        .labelled_by(label.id)
        .on_hover_text(tooltip);
    if response.has_focus() {
        ui.data_mut(|d| d.insert_temp(id, buffer));
        return None;
    }
    ui.data_mut(|d| d.remove::<String>(id));
    (response.lost_focus() && buffer != current).then_some(buffer)
}

/// Parses `"#rrggbb"` into a colour.
#[must_use]
pub fn parse_colour(text: &str) -> Option<Color32> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    Some(Color32::from_rgb(byte(0)?, byte(2)?, byte(4)?))
}

/// Formats a colour as `"#rrggbb"`.
#[must_use]
pub fn format_colour(colour: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", colour[0], colour[1], colour[2])
}

/// Formats a position in units for display.
#[must_use]
pub fn format_units(pos: (f64, f64)) -> String {
    format!("({:.2}, {:.2})", pos.0, pos.1)
}

/// Rounds a coordinate to a twentieth of a unit (what dragging snaps to).
#[must_use]
pub fn snap(v: f64) -> f64 {
    (v * 20.0).round() / 20.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_round_trip() {
        assert_eq!(
            parse_colour("#ff8000"),
            Some(Color32::from_rgb(255, 128, 0))
        );
        assert_eq!(format_colour([255, 128, 0]), "#ff8000");
        assert_eq!(parse_colour("ff8000"), None);
        assert_eq!(parse_colour("#ff80"), None);
        assert_eq!(parse_colour("#gg8000"), None);
    }

    #[test]
    fn snapping_rounds_to_twentieths() {
        assert!((snap(0.512) - 0.5).abs() < 1e-9);
        assert!((snap(-1.276) + 1.3).abs() < 1e-9);
    }
}
