//! The seeded random generator every system draws from: `ChaCha8` seeded from a `u64`, so the
//! same seed gives the same numbers on every machine and in every version of this program.

use rand::{RngCore, SeedableRng as _};
use rand_chacha::ChaCha8Core;
use rand_chacha::rand_core::block::BlockRng;

/// A seeded generator (use it through `rand::Rng`: `rng.random_range(1..=6)`).
///
/// `ChaCha8Rng` is this same block generator around the same core; holding them directly lets
/// [`SeededRng::reseed`] start a new stream in place (a Monte Carlo reset per battle) without
/// building a whole generator, its 256-byte buffer zeroed, and copying it over the old one.
#[derive(Debug, Clone)]
pub struct SeededRng(BlockRng<ChaCha8Core>);

impl SeededRng {
    /// A generator at the start of the stream for `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(BlockRng::new(ChaCha8Core::seed_from_u64(seed)))
    }

    /// Makes this generator [`SeededRng::new`]`(seed)`: the same numbers from here on. The
    /// buffer's old words stay, unread: the emptied buffer is refilled from the new core first.
    #[inline]
    pub fn reseed(&mut self, seed: u64) {
        self.0.core = ChaCha8Core::seed_from_u64(seed);
        self.0.reset();
    }
}

/// At the same point of the same stream: the same core (key, stream and block counter) and
/// the same word read next from its buffer, which that core made.
impl PartialEq for SeededRng {
    fn eq(&self, other: &Self) -> bool {
        self.0.core == other.0.core && self.0.index() == other.0.index()
    }
}

impl Eq for SeededRng {}

impl RngCore for SeededRng {
    #[inline]
    fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    #[inline]
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    #[inline]
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        self.0.fill_bytes(dst);
    }
}

#[cfg(test)]
mod tests {
    use rand::Rng as _;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn the_same_seed_draws_the_same_numbers_as_chacha8() {
        let mut ours = SeededRng::new(42);
        let mut raw = ChaCha8Rng::seed_from_u64(42);
        for _ in 0..100 {
            assert_eq!(ours.random_range(0..1000u32), raw.random_range(0..1000u32));
        }
        assert_ne!(SeededRng::new(1), SeededRng::new(2));
    }

    #[test]
    fn a_reseeded_generator_draws_as_a_new_one() {
        let mut reused = SeededRng::new(7);
        // Part way through a buffer, so that stale words are left in it.
        for _ in 0..37 {
            reused.next_u32();
        }
        reused.reseed(42);
        assert_eq!(reused, SeededRng::new(42));
        let mut raw = ChaCha8Rng::seed_from_u64(42);
        for _ in 0..200 {
            assert_eq!(reused.next_u64(), raw.next_u64());
        }
    }
}
