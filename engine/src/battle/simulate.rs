//! Monte Carlo: many seeds of one battle.
