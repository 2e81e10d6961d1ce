//! The seeded random generator every system draws from: `ChaCha8` seeded from a `u64`, so the
//! same seed gives the same numbers on every machine and in every version of this program.

use rand::{RngCore, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

/// A seeded generator (use it through `rand::Rng`: `rng.random_range(1..=6)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeededRng(ChaCha8Rng);

impl SeededRng {
    /// A generator at the start of the stream for `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }
}

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
}
