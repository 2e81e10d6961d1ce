//! A stat block changed for one encounter only (issue #30): the change is applied when the
//! encounter's content is built, so the run and the sheet play the changed creature, while the
//! shared stat block file and the encounters that do not change it stay as they were; and every
//! name in a change is validated at its line and column in the encounter file.

use std::path::{Path, PathBuf};

use sigilforge_engine::diag::{Diagnostics, Severity};
use sigilforge_engine::encounter::sheet::sheet_html;
use std::sync::atomic::AtomicBool;

use sigilforge_engine::encounter::ab::compare;
use sigilforge_engine::encounter::{
    Encounter, EncounterContent, EncounterRun, TableSession, load, load_source,
};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/encounter-changes")
        .join(name)
}

fn shared_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pack/encounters/tabletop/creatures.ron")
}

fn loaded(name: &str) -> (Encounter, EncounterContent, Diagnostics) {
    let mut diags = Diagnostics::new();
    let (enc, content) = load(&fixture(name), &mut diags).expect("loads");
    (enc, content, diags)
}

#[test]
fn the_change_is_played_and_printed_and_the_shared_block_is_kept() {
    let shared_before = std::fs::read(shared_file()).expect("the shared file");
    let (enc, content, diags) = loaded("hag_changed_here.ron");
    assert!(diags.is_empty(), "{diags:?}");

    let hag = &content.creatures["hag"];
    assert_eq!(hag.name, "The Frost Hag");
    assert_eq!(hag.health, 24);
    assert_eq!(hag.stats["Mage"], 3);
    let blast = hag
        .abilities
        .iter()
        .find(|k| k.id == "elemental_blast")
        .expect("the Hag knows Elemental Blast");
    assert_eq!(blast.flavors, ["Frost Bolt"]);
    assert_eq!(blast.upgrades, ["Powerful(1)", "Powerful(2)"]);
    // The shared block as its file has it, and an unchanged block untouched.
    let shared = &content.shared_creatures["hag"];
    assert_eq!((shared.name.as_str(), shared.health), ("The Hag", 16));
    assert!(!content.shared_creatures.contains_key("bob"));

    let mut run = EncounterRun::new(&content, &enc, 0).expect("starts");
    run.run_to_end();
    let log: Vec<&str> = run.log().iter().map(|e| e.text.as_str()).collect();
    assert!(
        log.iter().any(|l| l.contains("Cold")),
        "the Frost Bolt's Cold damage is not in the log:\n{}",
        log.join("\n")
    );
    assert!(
        !log.iter().any(|l| l.contains("Fire")),
        "{}",
        log.join("\n")
    );
    assert_eq!(run.combatant("hag").map(|c| c.max_health), Some(24));

    let html = sheet_html(&enc, &content, None);
    assert!(html.contains("The Frost Hag"), "{html}");
    assert!(html.contains("Flavor: Frost Bolt"), "{html}");
    assert!(
        html.contains("Stat block changed for this encounter only: name The Hag → The Frost Hag; health 16 → 24; Mage +2 → +3; Elemental Blast: Flavor Frost Bolt added, Flavor Fiery Bolt taken away, Upgrade Powerful(2) added."),
        "{html}"
    );

    assert_eq!(
        std::fs::read(shared_file()).expect("the shared file"),
        shared_before
    );
}

/// The table and the A/B play the changed Hag too: they start from the same content.
#[test]
fn the_table_and_the_ab_play_the_changed_creature() {
    let (enc, content, _) = loaded("hag_changed_here.ron");
    let table = TableSession::new(&content, &enc, 0).expect("a table session");
    assert_eq!(table.run().combatant("hag").map(|c| c.max_health), Some(24));

    // The same encounter with its change dropped, read as the engine reads it.
    let mut shared = enc.clone();
    shared.stat_block_changes.clear();
    let text = sigilforge_engine::ron_io::to_canonical("Encounter", &shared).expect("written");
    let mut diags = Diagnostics::new();
    let (shared, shared_content) =
        load_source(&text, &fixture("hag_changed_here.ron"), &mut diags).expect("loads");
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(shared_content.creatures["hag"].health, 16);
    let ab = compare(
        (&shared_content, &shared),
        (&content, &enc),
        20,
        &AtomicBool::new(false),
    )
    .expect("both start")
    .expect("not cancelled");
    // #Bob alone loses to either Hag; the changed one (a stronger Blast) ends it sooner. Were
    // the A/B playing the shared Hag on both sides, the two reports would be equal.
    assert!(
        ab.naive.after.win_rate <= ab.naive.before.win_rate,
        "{ab:?}"
    );
    assert!(
        ab.careful.after.win_rate <= ab.careful.before.win_rate,
        "{ab:?}"
    );
    assert!(
        ab.naive.after.average_rounds < ab.naive.before.average_rounds,
        "{ab:?}"
    );
}

#[test]
fn an_encounter_without_changes_reads_and_writes_as_before() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack/encounters/hags_hut.ron");
    let mut diags = Diagnostics::new();
    let (enc, content) = load(&path, &mut diags).expect("loads");
    assert!(diags.is_empty(), "{diags:?}");
    assert!(enc.stat_block_changes.is_empty());
    assert!(content.shared_creatures.is_empty());
    assert_eq!(content.creatures["hag"].name, "The Hag");
    let text = sigilforge_engine::ron_io::to_canonical("Encounter", &enc).expect("writes");
    assert!(!text.contains("stat_block_changes"), "{text}");
}

#[test]
fn every_name_in_a_change_is_checked_at_its_line_and_column() {
    let (_, _, diags) = loaded("bad_changes.ron");
    let file = fixture("bad_changes.ron");
    let found: Vec<(usize, usize, String)> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| {
            assert_eq!(d.file, file, "{d}");
            (d.location.line, d.location.column, d.message.clone())
        })
        .collect();
    let expect = [
        (
            15,
            26,
            "`hag` knows unknown ability `no_such_ability` (changed here)",
        ),
        (
            16,
            22,
            "`hag` cannot forget `dodge`: its stat block does not know it",
        ),
        (
            19,
            35,
            "`Sleet Bolt` is not a Flavor of `elemental_blast` (changed here)",
        ),
        (
            20,
            38,
            "`Shock Bolt` is not a Flavor `hag` has for `elemental_blast`",
        ),
        (
            18,
            17,
            "`elemental_blast` needs 1 Flavor(s) chosen when gained; 2 given (changed here)",
        ),
        (
            21,
            36,
            "`Far-Reaching` of `elemental_blast` is a Prestige Upgrade: only a Prestige Upgrade buys it; list it in `prestige` too (changed here)",
        ),
        (
            21,
            52,
            "`Mighty(1)` is not an Upgrade of `elemental_blast` (changed here)",
        ),
        (
            23,
            64,
            "`Powerful(2)` of `melee_attack` needs level 3; `hag` is level 2 (if a Prestige Upgrade bought it, list it in `prestige`) (changed here)",
        ),
        (24, 17, "`hag` does not know `bite`; learn it instead"),
        (
            27,
            68,
            "`Powerful(2)` is not an Upgrade `bob` took for `melee_attack`",
        ),
        (28, 14, "a change of unknown stat block `dragon`"),
        (29, 14, "`bob` is changed twice here; merge the two changes"),
    ];
    for (line, column, message) in expect {
        assert!(
            found
                .iter()
                .any(|(l, c, m)| (*l, *c, m.as_str()) == (line, column, message)),
            "missing {line}:{column} {message}\nfound:\n{}",
            found
                .iter()
                .map(|(l, c, m)| format!("{l}:{c} {m}"))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    assert_eq!(found.len(), expect.len(), "{found:#?}");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("a fixture folder") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copied");
        }
    }
}

/// `sigilforge validate` on a pack holding the bad changes: each problem once, at its place.
#[test]
fn validate_reports_each_problem_of_a_change_once() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack"),
        dir.path(),
    );
    let bad = std::fs::read_to_string(fixture("bad_changes.ron"))
        .expect("the fixture")
        .replace("../pack/encounters/tabletop", "tabletop");
    let file = dir.path().join("encounters/bad_changes.ron");
    std::fs::write(&file, bad).expect("written");
    let out = sigilforge_engine::pack::validate_command(dir.path());
    assert_eq!(out.code, 1, "{}", out.stdout);
    let lines: Vec<&str> = out.stdout.lines().collect();
    for needle in [
        "bad_changes.ron:15:26: `hag` knows unknown ability `no_such_ability` (changed here)",
        "bad_changes.ron:19:35: `Sleet Bolt` is not a Flavor of `elemental_blast` (changed here)",
        "bad_changes.ron:28:14: a change of unknown stat block `dragon`",
    ] {
        let n = lines.iter().filter(|l| l.ends_with(needle)).count();
        assert_eq!(n, 1, "{needle}\n{}", out.stdout);
    }
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains("bad_changes.ron:"))
            .count(),
        12,
        "{}",
        out.stdout
    );
}
