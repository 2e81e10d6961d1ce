//! The battle-line engine (seed 001 and `shared/rules/battle-line.md`).
