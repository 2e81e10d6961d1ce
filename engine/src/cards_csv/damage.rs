//! Spreadsheet damage: what Excel and other spreadsheets do to a cell when they open a CSV and save
//! it again (leading zeros dropped, a formula run, text turned into a date or a number in
//! scientific notation, accented letters garbled by the wrong encoding). Each is found by
//! comparing the cell with what the card held, so a sheet that round-trips says nothing.

use super::sniff::unmangle;

/// What looks wrong with `cell`, a text cell (an id, a name, a list) whose card held `before`
/// (`None` for a new card): the message for a located warning, or `None`.
#[must_use]
pub fn text_damage(cell: &str, before: Option<&str>) -> Option<String> {
    if before == Some(cell) {
        return None;
    }
    let trimmed = cell.trim();
    if let Some(fixed) = unmangle(cell) {
        return Some(format!(
            "`{cell}` looks like `{fixed}` garbled by the wrong encoding (a UTF-8 file opened as Windows-1252 and saved again): open the CSV as UTF-8"
        ));
    }
    if FORMULA_ERRORS.contains(&trimmed) {
        return Some(format!(
            "`{trimmed}` is a spreadsheet's formula error: the cell was run as a formula{}",
            was(before)
        ));
    }
    // Text starting with `=`, `+`, `-` or `@` that came back as a number: the spreadsheet
    // ran it (an edit to other text is an edit).
    if let Some(b) = before.filter(|b| {
        b.starts_with(['=', '+', '-', '@'])
            && (trimmed.is_empty() || trimmed.parse::<f64>().is_ok())
    }) {
        return Some(format!(
            "`{cell}` replaces `{b}`, which starts with `{}`: a spreadsheet reads that as a formula and saves its result (type it with a leading ' in the sheet)",
            &b[..1]
        ));
    }
    if trimmed.starts_with('=') && trimmed.len() > 1 {
        return Some(format!(
            "`{trimmed}` is a formula, not a value (save the sheet's values){}",
            was(before)
        ));
    }
    if let Some(b) = before.filter(|b| lost_leading_zeros(b, trimmed)) {
        return Some(format!(
            "`{trimmed}` was `{b}`: a spreadsheet dropped its leading zeros (format the column as text)"
        ));
    }
    if looks_like_date(trimmed) {
        return Some(format!(
            "`{trimmed}` looks like a date a spreadsheet made of the text{} (format the column as text)",
            was(before)
        ));
    }
    if looks_scientific(trimmed) {
        return Some(format!(
            "`{trimmed}` is a number a spreadsheet wrote in scientific notation{}",
            was(before)
        ));
    }
    None
}

/// The error values spreadsheets save for a formula that failed.
const FORMULA_ERRORS: [&str; 8] = [
    "#NAME?", "#VALUE!", "#REF!", "#DIV/0!", "#N/A", "#NUM!", "#NULL!", "Err:508",
];

fn was(before: Option<&str>) -> String {
    before.map_or_else(String::new, |b| format!("; the card has `{b}`"))
}

/// `7` for `007`: the same digits without the leading zeros.
#[must_use]
pub fn lost_leading_zeros(before: &str, cell: &str) -> bool {
    before.len() > 1
        && before.starts_with('0')
        && before.bytes().all(|b| b.is_ascii_digit())
        && !cell.is_empty()
        && cell.bytes().all(|b| b.is_ascii_digit())
        && before.trim_start_matches('0') == cell.trim_start_matches('0')
        && before != cell
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// `2024-03-07`, `3/7/2024`, `07.03.24`, `7-Mar`, `Mar-07`, `07-Mar-2024`: what a
/// spreadsheet writes for a date.
#[must_use]
pub fn looks_like_date(cell: &str) -> bool {
    let parts: Vec<&str> = cell.split(['-', '/', '.', ' ']).collect();
    if !(2..=3).contains(&parts.len()) || parts.iter().any(|part| part.is_empty()) {
        return false;
    }
    let digits =
        |part: &str, max: usize| part.len() <= max && part.bytes().all(|b| b.is_ascii_digit());
    let month = |part: &str| {
        MONTHS.contains(&part.to_ascii_lowercase().get(..3).unwrap_or(""))
            && part.len() <= 9
            && part.bytes().all(|b| b.is_ascii_alphabetic())
    };
    match parts.as_slice() {
        [year, mon, day] if year.len() == 4 => digits(year, 4) && digits(mon, 2) && digits(day, 2),
        [first, second, year] => {
            ((digits(first, 2) && (digits(second, 2) || month(second)))
                || (month(first) && digits(second, 2)))
                && (year.len() == 2 || year.len() == 4)
                && digits(year, 4)
        }
        [first, second] => {
            (digits(first, 2) && month(second)) || (month(first) && digits(second, 4))
        }
        _ => false,
    }
}

/// `1.23E+15`.
fn looks_scientific(cell: &str) -> bool {
    let Some((mantissa, exponent)) = cell.split_once(['E', 'e']) else {
        return false;
    };
    let exponent = exponent.trim_start_matches(['+', '-']);
    !mantissa.is_empty()
        && mantissa
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
        && mantissa.bytes().next().is_some_and(|b| b.is_ascii_digit())
        && !exponent.is_empty()
        && exponent.bytes().all(|b| b.is_ascii_digit())
        && cell.contains(['+', '-'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_is_found_and_a_round_trip_is_not() {
        assert!(text_damage("007", Some("007")).is_none());
        assert!(text_damage("Grün", Some("Grün")).is_none());
        let w = |cell: &str, before: Option<&str>| text_damage(cell, before).unwrap_or_default();
        assert!(w("7", Some("007")).contains("leading zeros"));
        assert!(w("GrÃ¼n", Some("Grün")).contains("`Grün`"));
        assert!(w("0", Some("=Fire")).contains("formula"));
        assert!(w("#NAME?", None).contains("formula error"));
        assert!(w("=A1+1", None).contains("formula"));
        assert!(w("2-Jan", Some("1-2")).contains("date"));
        assert!(w("2024-01-02", None).contains("date"));
        assert!(w("1.23E+15", Some("1234567890123456")).contains("scientific"));
        // Ordinary text is not damage.
        for fine in [
            "Ash Hound",
            "Armor 2; Fury",
            "x-1",
            "12",
            "E+1",
            "Deals 2-3 damage",
            "May",
        ] {
            assert!(text_damage(fine, None).is_none(), "{fine}");
        }
    }

    #[test]
    fn dates_are_recognised() {
        for d in [
            "2024-03-07",
            "3/7/2024",
            "07.03.24",
            "7-Mar",
            "Mar-07",
            "07-Mar-2024",
            "7 March 2024",
        ] {
            assert!(looks_like_date(d), "{d}");
        }
        for n in ["1-2-3-4", "Armor-2", "12", "a/b", "2024-13"] {
            assert!(!looks_like_date(n), "{n}");
        }
    }
}
