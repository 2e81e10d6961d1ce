//! The tabletop encounter engine (seed 004, section 1.8).
