//! Damage as dice: an effect's damage may be a fixed number plus dice written as text
//! (`Damage(amount: 2, dice: Some("1d6"))` deals 1d6+2). The text is parsed here, once, for the
//! engine's roll, validation, the sheet's words and the policies' expected damage.

use std::fmt;

/// The most dice one damage effect rolls.
pub const MAX_DAMAGE_DICE: u32 = 100;
/// The most sides a damage die has.
pub const MAX_DAMAGE_SIDES: u32 = 1000;

/// Dice of one kind: `count` dice of `sides` sides ("2d6").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DamageDice {
    /// How many dice.
    pub count: u32,
    /// Sides of each die.
    pub sides: u32,
}

/// Why a dice text is not dice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceTextError {
    /// Nothing written.
    #[error("the dice text is empty: write dice as `1d6` or `2d8`")]
    Empty,
    /// Not of the form `NdM`.
    #[error("`{0}` is not dice: write dice as `1d6` or `2d8` (a number of dice, `d`, their sides)")]
    NotDice(String),
    /// Too many or too few dice.
    #[error("`{0}` rolls {1} dice: roll 1 to {MAX_DAMAGE_DICE}")]
    Count(String, u64),
    /// Too many or too few sides.
    #[error("`{0}` has dice of {1} sides: a die has 2 to {MAX_DAMAGE_SIDES} sides")]
    Sides(String, u64),
}

impl DamageDice {
    /// Parses `NdM` (`d6` = `1d6`; case and surrounding spaces do not matter).
    ///
    /// # Errors
    /// [`DiceTextError`] when the text is not dice or out of bounds.
    pub fn parse(text: &str) -> Result<Self, DiceTextError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(DiceTextError::Empty);
        }
        let not_dice = || DiceTextError::NotDice(t.to_owned());
        let (count, sides) = t.split_once(['d', 'D']).ok_or_else(not_dice)?;
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !(count.is_empty() || digits(count)) || !digits(sides) {
            return Err(not_dice());
        }
        // Digits only: a parse fails only on overflow, which is out of bounds anyway.
        let count: u64 = if count.is_empty() {
            1
        } else {
            count.parse().unwrap_or(u64::MAX)
        };
        let sides: u64 = sides.parse().unwrap_or(u64::MAX);
        if !(1..=u64::from(MAX_DAMAGE_DICE)).contains(&count) {
            return Err(DiceTextError::Count(t.to_owned(), count));
        }
        if !(2..=u64::from(MAX_DAMAGE_SIDES)).contains(&sides) {
            return Err(DiceTextError::Sides(t.to_owned(), sides));
        }
        Ok(Self {
            count: u32::try_from(count).unwrap_or(MAX_DAMAGE_DICE),
            sides: u32::try_from(sides).unwrap_or(MAX_DAMAGE_SIDES),
        })
    }

    /// The average of one roll (`1d6`: 3.5).
    #[must_use]
    pub fn average(self) -> f64 {
        f64::from(self.count) * (f64::from(self.sides) + 1.0) / 2.0
    }
}

impl fmt::Display for DamageDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

/// The damage a `Damage` effect deals on average: its fixed `amount` plus its dice's average
/// (dice that do not parse count 0, as the engine rolls none). The policies weigh damage with
/// this.
#[must_use]
pub fn expected_damage(amount: i32, dice: Option<&str>) -> f64 {
    f64::from(amount)
        + dice
            .and_then(|d| DamageDice::parse(d).ok())
            .map_or(0.0, DamageDice::average)
}

/// A damage expression in words: `1d6+2`, `2d8`, `1d4-1`, or the plain number without dice.
#[must_use]
pub fn damage_expression(amount: i32, dice: Option<&str>) -> String {
    match dice.and_then(|d| DamageDice::parse(d).ok()) {
        None => amount.to_string(),
        Some(d) if amount == 0 => d.to_string(),
        Some(d) => format!("{d}{amount:+}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn dice_text_parses_and_reads_back() {
        assert_eq!(
            DamageDice::parse(" 2D8 "),
            Ok(DamageDice { count: 2, sides: 8 })
        );
        assert_eq!(
            DamageDice::parse("d6").map(|d| d.to_string()).as_deref(),
            Ok("1d6")
        );
        assert_eq!(damage_expression(2, Some("1d6")), "1d6+2");
        assert_eq!(damage_expression(-1, Some("1d4")), "1d4-1");
        assert_eq!(damage_expression(0, Some("2d6")), "2d6");
        assert_eq!(damage_expression(5, None), "5");
        assert!((expected_damage(2, Some("1d6")) - 5.5).abs() < 1e-9);
        assert!((expected_damage(3, Some("oops")) - 3.0).abs() < 1e-9);
    }

    #[test]
    fn bad_dice_text_says_why() {
        for (text, why) in [
            ("", "empty"),
            ("1d", "is not dice"),
            ("d", "is not dice"),
            ("2x6", "is not dice"),
            ("-1d6", "is not dice"),
            ("1d6+2", "is not dice"),
            ("0d6", "rolls 0 dice"),
            ("1d1", "dice of 1 sides"),
            ("99999999999999999999999d6", "dice: roll 1 to 100"),
        ] {
            let err = DamageDice::parse(text).expect_err(text).to_string();
            assert!(err.contains(why), "{text}: {err}");
        }
    }

    proptest! {
        /// Any text: a dice value or an error, never a panic; a value reads back as itself.
        #[test]
        fn any_text_never_panics_the_parser(text in ".{0,24}") {
            if let Ok(d) = DamageDice::parse(&text) {
                prop_assert_eq!(DamageDice::parse(&d.to_string()), Ok(d));
                prop_assert!(d.average() >= 1.0);
            }
        }

        /// Text shaped like dice parses exactly when it is within bounds.
        #[test]
        fn dice_shaped_text_parses_within_bounds(count in 0u32..200, sides in 0u32..2000) {
            let parsed = DamageDice::parse(&format!("{count}d{sides}"));
            let ok = (1..=MAX_DAMAGE_DICE).contains(&count) && (2..=MAX_DAMAGE_SIDES).contains(&sides);
            prop_assert_eq!(parsed.is_ok(), ok);
            // Random text above seldom parses: the read-back is checked on dice-shaped text.
            if let Ok(d) = parsed {
                prop_assert_eq!(DamageDice::parse(&d.to_string()), Ok(d));
            }
        }
    }
}
