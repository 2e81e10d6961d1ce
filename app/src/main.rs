//! Sigilforge binary.
fn main() {}
