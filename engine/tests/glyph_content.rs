//! Glyph networks as a GM writes them: each starter network in `content/glyphs/` loads cleanly
//! and ends (the `content_*` test); the engine tests' copies of them (`tests/fixtures/pack/`)
//! run to the outcome their comments promise, and the analyser says what a GM should hear.

use std::path::{Path, PathBuf};

use sigilforge_engine::glyph::{
    GlyphAnalysis, GlyphEnd, GlyphOutcome, GlyphRun, analyse, load_file,
};

mod glyph_common;
use glyph_common::{effects, fx};

/// A starter network: only the `content_*` test, whose job is checking the starter pack, reads it.
fn content(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../content/glyphs")
        .join(name)
}

/// A network of the engine tests' own pack.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pack/glyphs")
        .join(name)
}

fn run_and_analyse(name: &str) -> (GlyphOutcome, GlyphAnalysis) {
    run_and_analyse_file(&fixture(name))
}

fn run_and_analyse_file(path: &Path) -> (GlyphOutcome, GlyphAnalysis) {
    let name = path.display();
    let (net, warnings) = match load_file(path) {
        Ok(loaded) => loaded,
        Err(d) => panic!(
            "{:?}",
            d.iter().map(ToString::to_string).collect::<Vec<_>>()
        ),
    };
    assert!(warnings.is_empty(), "{name}: {warnings:?}");
    assert!(!net.name.is_empty());
    (GlyphRun::new(&net).run_to_end(), analyse(&net))
}

fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

#[test]
fn content_every_starter_network_is_valid_and_ends() {
    let mut names: Vec<String> = std::fs::read_dir(content(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 4, "{names:?}");
    for name in names {
        let text = std::fs::read_to_string(content(&name)).unwrap();
        assert!(text.contains("//"), "{name} has GM comments");
        let (outcome, _) = run_and_analyse_file(&content(&name));
        assert!(outcome.end.is_some(), "{name}");
    }
}

#[test]
fn vault_alarm_rings_until_the_all_clear() {
    let (o, a) = run_and_analyse("vault-alarm.ron");
    assert_eq!(o.end, Some(GlyphEnd::Quiet));
    assert_eq!(o.rounds.len(), 5);
    assert_eq!(
        effects(&o),
        fx(&[
            (2, "bell", "ring"),
            (3, "bell", "ring"),
            (3, "guard_post", "guards wake"),
            (4, "bell", "ring"),
        ])
    );
    assert_eq!(o.dismissed, ["bell"]);
    assert!(o.links.is_empty());
    // The analyser warns that without the all-clear the bell loops forever.
    let lp = a.runaway.expect("the bell's loop");
    assert_eq!(lp.steps, pairs(&[("bell", "alarm")]));
    // ...and that the all-clear injected in round 5 may stop it.
    let stops: Vec<(&str, &str, u32)> = lp
        .may_stop
        .iter()
        .map(|r| (r.glyph.as_str(), r.command.as_str(), r.round))
        .collect();
    assert_eq!(stops, [("bell", "all clear", 5)]);
    // The prediction is the run: the all-clear does stop it, in round 5.
    assert_eq!(a.predicted_end, GlyphEnd::Quiet);
    assert_eq!(a.quiet_by, Some(5));
    assert!(a.unreached.is_empty() && a.unheard.is_empty());
}

#[test]
fn trap_corridor_code_puts_the_plates_to_sleep() {
    let (o, a) = run_and_analyse("trap-corridor.ron");
    assert_eq!(o.end, Some(GlyphEnd::Quiet));
    assert_eq!(o.rounds.len(), 10);
    // The step in round 5 lands on a sleeping plate: nothing. The step in round 9 fires.
    assert!(o.rounds[4].received.is_empty(), "{:?}", o.rounds[4]);
    assert_eq!(effects(&o), fx(&[(10, "darts", "darts")]));
    assert!(a.runaway.is_none());
    assert_eq!(a.predicted_end, GlyphEnd::Quiet);
    assert_eq!(a.quiet_by, Some(10));
    assert!(a.unheard.is_empty(), "{:?}", a.unheard);
}

#[test]
fn relay_carried_off_breaks_both_links() {
    let (o, a) = run_and_analyse("broken-relay.ron");
    assert_eq!(o.end, Some(GlyphEnd::Quiet));
    assert_eq!(effects(&o), fx(&[(3, "gate", "portcullis drops")]));
    assert!(o.links.is_empty());
    assert_eq!(o.rounds[5].received, pairs(&[("sentinel", "warn")]));
    let broken: Vec<(&str, &str, u32)> = a
        .breaking_links
        .iter()
        .map(|b| (b.a.as_str(), b.b.as_str(), b.round))
        .collect();
    assert_eq!(broken, [("sentinel", "relay", 4), ("relay", "gate", 4)]);
    assert_eq!(a.quiet_by, Some(6));
}

#[test]
fn hijacked_warden_strikes_its_owner() {
    let (o, a) = run_and_analyse("hijacked-warden.ron");
    assert_eq!(o.end, Some(GlyphEnd::Quiet));
    assert_eq!(effects(&o), fx(&[(2, "warden", "lightning in the study")]));
    assert_eq!(o.rounds[1].skipped, pairs(&[("warden", "strike hall")]));
    // The analyser shows the whisper reaching the warden as "strike study" in round 2.
    let whisper = &a.reach[0];
    assert_eq!(whisper.command, "intruder in study");
    assert!(
        whisper
            .reaches
            .iter()
            .any(|r| r.glyph == "warden" && r.command == "strike study" && r.round == 2)
    );
    assert_eq!(a.quiet_by, Some(2));
}

#[test]
fn format_doc_example_loads_and_runs() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/formats/glyph-network.md"),
    )
    .unwrap();
    let start = doc.find("```ron\n").unwrap() + "```ron\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let (net, warnings) = sigilforge_engine::glyph::load(&doc[start..end], Path::new("doc.ron"))
        .unwrap_or_else(|d| {
            panic!(
                "{:?}",
                d.iter().map(ToString::to_string).collect::<Vec<_>>()
            )
        });
    assert!(warnings.is_empty());
    let o = GlyphRun::new(&net).run_to_end();
    assert_eq!(o.end, Some(GlyphEnd::Quiet));
    assert_eq!(o.dismissed, ["bell"]);
}
