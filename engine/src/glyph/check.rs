//! Validating a glyph network after parsing: the spec's errors (a link over 1u, a link or
//! injection naming an unknown glyph, two glyphs with one id) plus the project's own limits,
//! each located at `file:line:column`.

use std::collections::BTreeMap;
use std::path::Path;

use super::model::{GlyphAction, GlyphNetwork, GlyphTime, GlyphTrigger};
use super::run::{BREAK_RANGE, LINK_RANGE, glyph_gap};
use crate::diag::{Diagnostics, Location};
use crate::locate;

/// The most rounds a network may ask for (keeps a runaway's run and log bounded).
pub const MAX_ROUNDS_LIMIT: u32 = 10_000;

/// Records every problem of `net` (parsed from `source`, the text of `file`) in `diags`.
/// Errors mean the network must not run; warnings are suspicious but runnable.
pub fn check(net: &GlyphNetwork, source: &str, file: &Path, diags: &mut Diagnostics) {
    let mut first_of: BTreeMap<&str, usize> = BTreeMap::new();
    let mut seen_count: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, g) in net.glyphs.iter().enumerate() {
        let count = seen_count.entry(g.id.as_str()).or_insert(0);
        *count += 1;
        if let Some(&first) = first_of.get(g.id.as_str()) {
            diags.error(
                file,
                locate::literal_in_item(source, "glyphs", i, &g.id),
                format!(
                    "two glyphs have the id \"{}\" (glyph {} and glyph {}); each id must be unique",
                    g.id,
                    first + 1,
                    i + 1
                ),
            );
        } else {
            first_of.insert(g.id.as_str(), i);
        }
        if !(g.pos.0.is_finite() && g.pos.1.is_finite()) {
            diags.error(
                file,
                locate::item(source, "glyphs", i),
                format!(
                    "glyph \"{}\" has a position that is not a finite number",
                    g.id
                ),
            );
        }
    }
    let known = |id: &str| first_of.contains_key(id);
    let def_of = |id: &str| first_of.get(id).map(|&i| &net.glyphs[i]);
    let ids = || net.glyphs.iter().map(|g| g.id.as_str());

    for (i, (a, b)) in net.links.iter().enumerate() {
        let mut both_known = true;
        for id in [a, b] {
            if !known(id) {
                both_known = false;
                diags.error(
                    file,
                    locate::literal_in_item(source, "links", i, id),
                    unknown_glyph("link", id, ids()),
                );
            }
        }
        if let (true, Some(da), Some(db)) = (both_known, def_of(a), def_of(b)) {
            let d = glyph_gap(da, db);
            if d > LINK_RANGE {
                diags.error(
                    file,
                    locate::item(source, "links", i),
                    format!(
                        "link \"{a}\"–\"{b}\" is {d:.2}u long; glyphs can only be linked within Swinging Distance (1u)"
                    ),
                );
            }
        }
    }
    for i in 0..net.glyphs.len() {
        check_glyph(net, i, source, file, diags, &known);
    }
    // An entry scheduled for a glyph in a round: the glyph must exist and the round must play.
    let mut check_scheduled =
        |list: &str, i: usize, kind: &str, glyph: &str, round: u32, what: &dyn Fn() -> String| {
            if !known(glyph) {
                diags.error(
                    file,
                    locate::literal_in_item(source, list, i, glyph),
                    unknown_glyph(kind, glyph, ids()),
                );
            }
            if round == 0 || round > net.max_rounds {
                diags.warning(
                    file,
                    locate::item(source, list, i),
                    format!(
                        "{} is for round {round}, which never plays (rounds 1 to {})",
                        what(),
                        net.max_rounds
                    ),
                );
            }
        };
    for (i, ev) in net.events.iter().enumerate() {
        let what = || format!("event {}", ev.what);
        check_scheduled("events", i, "event", &ev.glyph, ev.round, &what);
    }
    for (i, inj) in net.inject.iter().enumerate() {
        let what = || format!("injection of \"{}\"", inj.command);
        check_scheduled("inject", i, "injection", &inj.glyph, inj.round, &what);
    }
    for (i, m) in net.moves.iter().enumerate() {
        if !known(&m.glyph) {
            diags.error(
                file,
                locate::literal_in_item(source, "moves", i, &m.glyph),
                unknown_glyph("move", &m.glyph, ids()),
            );
        }
        if !(m.to.0.is_finite() && m.to.1.is_finite()) {
            diags.error(
                file,
                locate::item(source, "moves", i),
                "the move's target is not a finite position",
            );
        }
        if m.round == 0 || m.round > net.max_rounds {
            diags.warning(
                file,
                locate::item(source, "moves", i),
                format!(
                    "move of \"{}\" is for round {}, which never plays (rounds 1 to {})",
                    m.glyph, m.round, net.max_rounds
                ),
            );
        }
    }
    if net.max_rounds > MAX_ROUNDS_LIMIT {
        diags.error(
            file,
            locate::field(source, "max_rounds"),
            format!(
                "max_rounds is {}; the limit is {MAX_ROUNDS_LIMIT}",
                net.max_rounds
            ),
        );
    }
}

/// One glyph's own fields: its extent, and each ability's trigger, Time and actions.
fn check_glyph(
    net: &GlyphNetwork,
    i: usize,
    source: &str,
    file: &Path,
    diags: &mut Diagnostics,
    known: &dyn Fn(&str) -> bool,
) {
    let g = &net.glyphs[i];
    let at = || locate::item(source, "glyphs", i);
    if let Some((dx, dy)) = g.extent {
        let len = dx.hypot(dy);
        if !len.is_finite() {
            diags.error(
                file,
                at(),
                format!(
                    "glyph \"{}\" has an extent that is not a finite number",
                    g.id
                ),
            );
        } else if len > BREAK_RANGE {
            diags.error(
                file,
                at(),
                format!(
                    "glyph \"{}\" is a line {len:.2}u long; a glyph's extent reaches at most Spitting Distance (4u)",
                    g.id
                ),
            );
        }
    }
    let states: Vec<&str> = g
        .state
        .iter()
        .map(String::as_str)
        .chain(g.abilities.iter().flat_map(|a| {
            a.does.iter().filter_map(|x| match x {
                GlyphAction::SetState(s) => Some(s.as_str()),
                _ => None,
            })
        }))
        .collect();
    for (k, a) in g.abilities.iter().enumerate() {
        let what = format!("glyph \"{}\", ability {}", g.id, k + 1);
        match (&a.when, a.on.is_empty()) {
            (None, true) => diags.error(
                file,
                at(),
                format!("{what} has no trigger: give it `on: \"command\"` (\"*\" for any command) or `when: ...`"),
            ),
            (Some(t), false) => diags.error(
                file,
                at(),
                format!("{what} has both `on: \"{}\"` and `when: {t}`; keep one", a.on),
            ),
            _ => {}
        }
        if a.delay > 0 && a.time != GlyphTime::Action {
            diags.error(
                file,
                at(),
                format!(
                    "{what} has a delay of {} rounds but its Time is {}; only an Action waits",
                    a.delay,
                    a.time.label()
                ),
            );
        }
        let mut wanted: Vec<&str> = a.if_state.iter().map(String::as_str).collect();
        if let Some(GlyphTrigger::Became(s)) = &a.when {
            wanted.push(s);
        }
        for s in wanted {
            if !states.contains(&s) {
                diags.warning(
                    file,
                    at(),
                    format!("{what} waits for the state \"{s}\", which the glyph never starts in nor sets"),
                );
            }
        }
        for action in &a.does {
            if let GlyphAction::Connect(other) = action
                && !known(other)
            {
                diags.error(
                    file,
                    at(),
                    unknown_glyph(
                        &format!("{what}: Connect"),
                        other,
                        net.glyphs.iter().map(|g| g.id.as_str()),
                    ),
                );
            }
        }
    }
}

fn unknown_glyph<'a>(what: &str, id: &str, ids: impl Iterator<Item = &'a str>) -> String {
    let ids: Vec<&str> = ids.collect();
    let hint = ids
        .iter()
        .map(|k| (crate::ron_io::edit_distance(id, k), *k))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, k)| format!(" (did you mean \"{k}\"?)"))
        .unwrap_or_default();
    format!("{what} names glyph \"{id}\", which is not in this network{hint}")
}

/// Parses and checks a network file's text: the network, or every problem found (located).
/// Warnings alone do not refuse the network; they are returned alongside it. What `glyph`
/// runs and `validate` reports.
pub fn load(source: &str, file: &Path) -> Result<(GlyphNetwork, Diagnostics), Diagnostics> {
    let mut diags = Diagnostics::new();
    if crate::ron_io::leading_tag(source).is_some_and(|t| t != "GlyphNetwork") {
        let tag = crate::ron_io::leading_tag(source).unwrap_or_default();
        let at = source
            .find(tag)
            .map_or(Location::START, |o| Location::of_offset(source, o));
        diags.error(
            file,
            at,
            format!("this file holds a {tag}, not a GlyphNetwork"),
        );
        return Err(diags);
    }
    let Some(net) = crate::ron_io::parse::<GlyphNetwork>(source, file, &mut diags) else {
        return Err(diags);
    };
    // A typo'd field was reported and skipped: check the rest too, so one pass lists it all.
    check(&net, source, file, &mut diags);
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok((net, diags))
    }
}

/// Reads and loads a network file; an unreadable file is one located error.
pub fn load_file(path: &Path) -> Result<(GlyphNetwork, Diagnostics), Diagnostics> {
    match std::fs::read_to_string(path) {
        Ok(source) => load(&source, path),
        Err(e) => {
            let mut diags = Diagnostics::new();
            diags.error(path, Location::START, format!("cannot read the file: {e}"));
            Err(diags)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(src: &str) -> Vec<String> {
        match load(src, Path::new("n.ron")) {
            Ok((_, warnings)) => warnings.iter().map(ToString::to_string).collect(),
            Err(d) => d.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn integer_positions_are_read_as_units() {
        let (net, _) = load(
            "GlyphNetwork(name: \"n\", glyphs: [(id: \"a\", pos: (1, 0))])",
            Path::new("n.ron"),
        )
        .unwrap();
        assert!((net.glyphs[0].pos.0 - 1.0).abs() < f64::EPSILON);
    }

    #[test]
    fn another_files_tag_is_refused_at_the_tag() {
        let m = messages("// cards\nCardSet(cards: [])");
        assert_eq!(
            m,
            ["n.ron:2:1: this file holds a CardSet, not a GlyphNetwork"]
        );
    }

    #[test]
    fn unknown_field_is_refused_with_a_hint() {
        let m = messages("GlyphNetwork(name: \"n\", glyphs: [], linkz: [])");
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(m[0].starts_with("n.ron:1:"), "{m:?}");
        assert!(m[0].contains("linkz"), "{m:?}");
    }

    #[test]
    fn too_many_rounds_is_an_error_at_the_field() {
        let m = messages("GlyphNetwork(\n  name: \"n\",\n  max_rounds: 99999,\n  glyphs: [])");
        assert_eq!(m, ["n.ron:3:3: max_rounds is 99999; the limit is 10000"]);
    }

    #[test]
    fn injection_that_never_plays_is_a_warning() {
        let m = messages(
            "GlyphNetwork(name: \"n\", max_rounds: 3, glyphs: [(id: \"a\", pos: (0.0, 0.0))],\n inject: [(round: 4, glyph: \"a\", command: \"x\")])",
        );
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(m[0].starts_with("n.ron:2:11: warning: "), "{m:?}");
    }
}
