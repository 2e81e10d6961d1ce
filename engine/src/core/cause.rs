//! Typed causes and the "why" walk.
//!
//! Every logged event says why it happened: which ability of which object did it (`A`, in the
//! system's own terms: a battle creature's keyword, a glyph's listed ability, a card's
//! triggered ability) and which earlier event it answers. [`why`] walks that chain back.

/// An event's place in its log, from 0.
pub type EventId = u32;

/// Why an event happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cause<A> {
    /// The ability that did it (none for the structure of the game itself).
    pub ability: Option<A>,
    /// The earlier event it answers (an index into the log).
    pub after: Option<EventId>,
}

impl<A> Default for Cause<A> {
    fn default() -> Self {
        Self::RULES
    }
}

impl<A> Cause<A> {
    /// No cause: the structure of the game itself (a turn begins, a round begins).
    pub const RULES: Self = Self {
        ability: None,
        after: None,
    };

    /// Caused by an earlier event, without an ability.
    #[must_use]
    pub const fn after(index: EventId) -> Self {
        Self {
            ability: None,
            after: Some(index),
        }
    }

    /// Caused by an earlier event, if there is one, without an ability.
    #[must_use]
    pub const fn after_opt(index: Option<EventId>) -> Self {
        Self {
            ability: None,
            after: index,
        }
    }

    /// Done by an ability, in reply to an earlier event if there is one.
    #[must_use]
    pub const fn by(ability: A, after: Option<EventId>) -> Self {
        Self {
            ability: Some(ability),
            after,
        }
    }

    /// The earlier event as a log index.
    #[must_use]
    pub fn after_index(&self) -> Option<usize> {
        self.after.map(|a| a as usize)
    }
}

/// A logged event that carries a [`Cause`].
pub trait Caused {
    /// How the system names an ability of an object.
    type Ability;

    /// Why it happened.
    fn cause(&self) -> &Cause<Self::Ability>;
}

/// The "why" of an event: the event itself, then the event it answers, and so on back to an
/// event with no earlier cause (indices into `log`). Empty if `event` is not in the log.
/// Causes always point backwards; one that does not ends the walk, so a malformed log cannot
/// loop.
#[must_use]
pub fn why<E: Caused>(log: &[E], event: usize) -> Vec<usize> {
    let mut chain = Vec::new();
    let mut at = Some(event);
    while let Some(i) = at {
        let Some(e) = log.get(i) else { break };
        chain.push(i);
        at = e.cause().after_index().filter(|&b| b < i);
    }
    chain
}

#[cfg(test)]
mod tests {
    use super::*;

    struct E(Cause<&'static str>);

    impl Caused for E {
        type Ability = &'static str;
        fn cause(&self) -> &Cause<&'static str> {
            &self.0
        }
    }

    #[test]
    fn why_starts_at_the_event_and_walks_back() {
        let log = [
            E(Cause::RULES),
            E(Cause::after(0)),
            E(Cause::by("Burst", Some(1))),
            E(Cause::after(1)),
        ];
        assert_eq!(why(&log, 2), [2, 1, 0]);
        assert_eq!(why(&log, 0), [0]);
        assert!(why(&log, 9).is_empty());
    }

    #[test]
    fn a_cause_pointing_forward_ends_the_walk() {
        let log = [E(Cause::after(1)), E(Cause::after(0))];
        assert_eq!(why(&log, 1), [1, 0]);
        assert_eq!(why(&log, 0), [0]);
    }
}
