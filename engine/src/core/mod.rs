//! What every rule system shares: the event log with typed causes and the one "why" walk
//! ([`cause`]), the sandbox contract with replay by re-running from the seed ([`sandbox`]), the
//! board right after any event ([`moment`]), the seeded random generator ([`rng`]) and the
//! loop guard ([`guard`]).
//!
//! The battle line, the rules sandbox, glyph networks and encounters each keep their own event
//! kinds and state; what they have in common lives here once, so the editor's one sandbox panel
//! can drive any of them.

pub mod cause;
pub mod guard;
pub mod moment;
pub mod rng;
pub mod sandbox;

pub use cause::{Cause, Caused, EventId, why};
pub use guard::{LOOP_LIMIT, LoopGuard, LoopLimit};
pub use moment::{AtEvent, Moments};
pub use rng::SeededRng;
pub use sandbox::Sandbox;
