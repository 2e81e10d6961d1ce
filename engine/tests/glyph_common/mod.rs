//! Helpers for glyph network tests: read a network from text, list a run's effects.
#![allow(dead_code)] // each test binary uses a different subset

use std::path::Path;

use sigilforge_engine::glyph::{GlyphNetwork, GlyphOutcome, load};

/// The network `src` holds; panics with every problem when it does not load.
pub fn net(src: &str) -> GlyphNetwork {
    match load(src, Path::new("t.ron")) {
        Ok((n, _)) => n,
        Err(d) => panic!(
            "{:?}",
            d.iter().map(ToString::to_string).collect::<Vec<_>>()
        ),
    }
}

/// `(round, glyph, effect)` for every effect of a run.
pub fn effects(o: &GlyphOutcome) -> Vec<(u32, String, String)> {
    o.rounds
        .iter()
        .flat_map(|r| {
            r.effects
                .iter()
                .map(move |(g, e)| (r.round, g.clone(), e.clone()))
        })
        .collect()
}

/// The expected side of [`effects`], written with `&str`s.
pub fn fx(v: &[(u32, &str, &str)]) -> Vec<(u32, String, String)> {
    v.iter()
        .map(|(r, g, e)| (*r, (*g).to_owned(), (*e).to_owned()))
        .collect()
}
