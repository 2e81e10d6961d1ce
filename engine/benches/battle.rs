//! Battle-line benchmark (filled in by the battle-line engine work).
#![allow(missing_docs)] // criterion's macros generate undocumented items.
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(_c: &mut Criterion) {}

criterion_group!(benches, bench);
criterion_main!(benches);
