//! Fingerprints of every rule system's full output, to prove a refactor changes no log.
//!
//! Each line of `tests/fixtures/fingerprints.txt` is `name sha256-prefix` of one run's full
//! text: every battle scenario of the fixture pack for seeds 0..5 (each event's index, turn,
//! kind, text and cause, then the outcome JSON) and the same for 40 random 7-versus-7 boards;
//! every glyph network's JSON and readable log with each event's cause; every encounter's JSON
//! for seeds 0..4 and its 40-run difficulty estimate; every rules scenario's JSON and readable
//! report.
//!
//! The runs read `tests/fixtures/pack/` (the engine tests' own pack, a copy of the starter pack
//! kept apart from `content/`), so a designer editing the starter pack changes no fingerprint;
//! an engine change that changes any log fails this test. When a change of a log is meant,
//! record a new baseline with `FINGERPRINTS_WRITE=1 cargo test -p sigilforge-engine --test
//! core_fingerprints` and commit it with the change that explains it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use sha2::{Digest as _, Sha256};
use sigilforge_engine::battle::simulate::simulate;
use sigilforge_engine::battle::{Battle, BattleContent, load_scenario_file, prepare};
use sigilforge_engine::encounter::cli::encounter_command;
use sigilforge_engine::glyph::cli::glyph_command;
use sigilforge_engine::glyph::{GlyphRun, load_file};
use sigilforge_engine::model::{BattleScenario, Card, CardKind, Player, ScheduledPlay};
use sigilforge_engine::rules::cli::rules_command;

mod battle_common;
use battle_common::{KEYWORDS, TRIBES};

const PACK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pack");
const BASELINE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/fingerprints.txt"
);

fn hash(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    digest[..12].iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(Path::new(PACK).join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    out.sort();
    out
}

fn name_of(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A battle's full log, event by event, and its outcome.
fn battle_text(mut battle: Battle) -> String {
    let mut out = String::new();
    while let Some(e) = battle.step() {
        let _ = writeln!(
            out,
            "{} t{} {:?} | {} | {}",
            e.index,
            e.turn,
            e.kind,
            battle.describe(&e),
            battle.describe_cause(&e)
        );
    }
    let _ = writeln!(out, "{}", battle.outcome_json());
    out
}

/// A random 7-versus-7 board with an artifact and plays, drawn from `rng`.
fn random_board(rng: &mut ChaCha8Rng) -> BattleScenario {
    let mut sc = BattleScenario {
        name: "random".into(),
        seed: 0,
        max_turns: rng.random_range(1..30),
        life: 20,
        slots: 7,
        pack: None,
        cards: std::collections::BTreeMap::default(),
        a: (0..7).map(|i| format!("c{i}")).collect(),
        b: (7..14).map(|i| format!("c{i}")).collect(),
        plays: Vec::new(),
        expect: None,
    };
    for i in 0..14 {
        let keywords = (0..rng.random_range(0..3))
            .map(|_| KEYWORDS[rng.random_range(0..KEYWORDS.len())].to_owned())
            .collect();
        sc.cards.insert(
            format!("c{i}"),
            Card {
                name: format!("C{}", i % 3),
                attack: rng.random_range(0..7),
                life: rng.random_range(1..9),
                keywords,
                tribes: vec![TRIBES[rng.random_range(0..TRIBES.len())].to_owned()],
                ..Card::default()
            },
        );
    }
    sc.cards.insert(
        "blade".into(),
        Card {
            name: "Blade".into(),
            kind: CardKind::Artifact,
            attack: 1,
            ..Card::default()
        },
    );
    for _ in 0..rng.random_range(0..6) {
        let card = match rng.random_range(0..15) {
            14 => "blade".to_owned(),
            n => format!("c{n}"),
        };
        sc.plays.push(ScheduledPlay {
            turn: rng.random_range(1..6),
            player: if rng.random_bool(0.5) {
                Player::A
            } else {
                Player::B
            },
            card,
            target: Some(1),
        });
    }
    sc
}

fn fingerprints() -> Vec<String> {
    let mut lines = Vec::new();
    for path in files("battle-line/scenarios", "ron") {
        let (_, setup) = load_scenario_file(&path).unwrap_or_else(|e| panic!("{e}"));
        for seed in 0..5 {
            let text = battle_text(Battle::new(&setup, seed));
            lines.push(format!("battle/{}/{seed} {}", name_of(&path), hash(&text)));
        }
        let report = simulate(&setup, 200, Some(1), &|_| {});
        lines.push(format!(
            "simulate/{} {}",
            name_of(&path),
            hash(&report.to_json().to_string())
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for board in 0..40 {
        let sc = random_board(&mut rng);
        let setup = prepare(&BattleContent::standard(), &sc).expect("a random board resolves");
        for seed in [0, 1, 99, 12_345] {
            let text = battle_text(Battle::new(&setup, seed));
            lines.push(format!("random/{board}/{seed} {}", hash(&text)));
        }
    }
    for path in files("glyphs", "ron") {
        let json = glyph_command(&path, true, false);
        let text = glyph_command(&path, false, false);
        let (net, _) = load_file(&path).unwrap_or_else(|d| panic!("{d:?}"));
        let mut run = GlyphRun::new(&net);
        run.run_to_end();
        let mut why = String::new();
        for (i, _) in run.log().iter().enumerate() {
            let chain: Vec<String> = run.why(i).iter().map(|e| e.text.clone()).collect();
            let _ = writeln!(why, "{i}: {}", chain.join(" <- "));
        }
        let all = format!("{json:?}\n{text:?}\n{why}");
        lines.push(format!("glyph/{} {}", name_of(&path), hash(&all)));
    }
    for path in files("encounters", "ron") {
        for seed in 0..4 {
            let out = encounter_command(&path, Some(seed), true, None, None);
            lines.push(format!(
                "encounter/{}/{seed} {}",
                name_of(&path),
                hash(&format!("{out:?}"))
            ));
        }
        let out = encounter_command(&path, None, true, Some(40), None);
        lines.push(format!(
            "encounter-simulate/{} {}",
            name_of(&path),
            hash(&format!("{out:?}"))
        ));
    }
    for path in files("rules-tests", "ron") {
        let json = rules_command(&path, true);
        let text = rules_command(&path, false);
        lines.push(format!(
            "rules/{} {}",
            name_of(&path),
            hash(&format!("{json:?}\n{text:?}"))
        ));
    }
    lines
}

#[test]
fn every_log_matches_the_baseline() {
    let now = fingerprints();
    if std::env::var_os("FINGERPRINTS_WRITE").is_some() {
        let mut text = now.join("\n");
        text.push('\n');
        std::fs::write(BASELINE, text).expect("the fixtures folder is writable");
        return;
    }
    let baseline = std::fs::read_to_string(BASELINE).expect("a recorded baseline");
    let before: Vec<&str> = baseline.lines().collect();
    let changed: Vec<String> = now
        .iter()
        .filter(|line| !before.contains(&line.as_str()))
        .cloned()
        .collect();
    assert!(
        changed.is_empty() && before.len() == now.len(),
        "{} of {} fingerprints differ from the baseline ({} recorded):\n{}",
        changed.len(),
        now.len(),
        before.len(),
        changed.join("\n")
    );
}
