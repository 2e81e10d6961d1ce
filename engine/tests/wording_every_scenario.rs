//! The wording layer's promise, checked over every scenario of every rule system in the engine
//! tests' pack: no log line, Why text or generated card or ability text a person reads shows
//! the file's syntax (`(`, `[`, `"`, `Some`, `None`, `@3`), a verb that does not agree with
//! "you", or an item's id where the item has a name.

use std::path::{Path, PathBuf};

use sigilforge_engine::battle::{Battle, load_scenario_file};
use sigilforge_engine::core::Sandbox;
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::encounter::EncounterRun;
use sigilforge_engine::glyph::{GlyphRun, load_file};
use sigilforge_engine::pack::{Content, load_pack};
use sigilforge_engine::rules::card_text::{CardTextLine, card_text_lines_in};
use sigilforge_engine::rules::text::{Words, ability_text_in};
use sigilforge_engine::rules::{RulesRun, file_profile};
use sigilforge_engine::wording::{Worded, leak};

const PACK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pack");

fn files(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(Path::new(PACK).join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    out.sort();
    out
}

/// What is wrong with one sentence a person reads, if anything.
fn problem(text: &str, named: &[(String, String)]) -> Option<String> {
    if let Some(what) = leak(text) {
        return Some(what.to_owned());
    }
    named
        .iter()
        .find(|(id, _)| has_word(text, id))
        .map(|(id, name)| format!("the id `{id}` of {name}"))
}

/// `word` as a whole word of `text` (ids are letters, digits, `_` and `#`).
fn has_word(text: &str, word: &str) -> bool {
    let id_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '#';
    text.match_indices(word).any(|(i, _)| {
        !text[..i].chars().next_back().is_some_and(id_char)
            && !text[i + word.len()..].chars().next().is_some_and(id_char)
    })
}

/// Ids that differ from their item's name (an id equal to its name is no leak).
fn named<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<(String, String)> {
    pairs
        .into_iter()
        .filter(|(id, name)| !name.is_empty() && id != name)
        .map(|(id, name)| (id.to_owned(), name.to_owned()))
        .collect()
}

struct Findings(Vec<String>);

impl Findings {
    fn check(&mut self, place: &str, text: &str, named: &[(String, String)]) {
        if let Some(p) = problem(text, named) {
            self.0.push(format!("{place}: {p}: {text}"));
        }
    }

    fn run<S: Worded>(&mut self, place: &str, run: &S, named: &[(String, String)]) {
        for i in 0..run.log().len() {
            self.check(&format!("{place} #{i}"), &run.line(i), named);
            self.check(&format!("{place} #{i} cause"), &run.cause_line(i), named);
            for (n, line) in run.why_lines(i).iter().enumerate().skip(1) {
                self.check(&format!("{place} #{i} why {n}"), line, named);
            }
        }
    }
}

#[test]
#[allow(clippy::too_many_lines)]
fn no_sentence_of_any_scenario_shows_syntax_or_ids() {
    let mut found = Findings(Vec::new());
    let mut diags = Diagnostics::new();
    let pack = load_pack(Path::new(PACK), &mut diags);
    let card_ids = named(pack.cards().map(|(_, c)| (c.id.as_str(), c.name.as_str())));
    let mut runs = 0;

    for path in files("battle-line/scenarios") {
        let (_, setup) = load_scenario_file(&path).unwrap_or_else(|e| panic!("{e}"));
        let mut battle = Battle::new(&setup, 0);
        battle.run_to_end();
        found.run(&path.display().to_string(), &battle, &card_ids);
        runs += 1;
    }
    for path in files("glyphs") {
        let (net, _) = load_file(&path).unwrap_or_else(|d| panic!("{d:?}"));
        let mut run = GlyphRun::new(&net);
        run.run_to_end();
        found.run(&path.display().to_string(), &run, &[]);
        runs += 1;
    }
    for path in files("encounters") {
        let mut d = Diagnostics::new();
        let (encounter, content) = sigilforge_engine::encounter::load::load(&path, &mut d)
            .unwrap_or_else(|| panic!("{}: {d:?}", path.display()));
        let mut run = EncounterRun::new(&content, &encounter, 0).expect("the encounter starts");
        run.run_to_end();
        let ids = named(
            run.combatants
                .iter()
                .map(|c| (c.id.as_str(), c.name.as_str())),
        );
        found.run(&path.display().to_string(), &run, &ids);
        runs += 1;
    }
    for path in files("rules-tests") {
        let source = std::fs::read_to_string(&path).expect("a readable scenario");
        let mut d = Diagnostics::new();
        let Some((scenario, _)) =
            sigilforge_engine::rules::cli::load_source(&source, &path, &mut d)
        else {
            panic!("{}: {d:?}", path.display());
        };
        let mut run = RulesRun::new(&scenario).expect("the scenario sets up");
        run.run_to_end();
        let ids = named(
            scenario
                .cards
                .iter()
                .map(|(id, c)| (id.as_str(), c.name.as_str())),
        );
        found.run(&path.display().to_string(), &run, &ids);
        let scenario_name = |id: &str| scenario.cards.get(id).map(|c| c.name.clone());
        let words = Words {
            profile: Some(run.game().profile()),
            card_name: Some(&scenario_name),
        };
        for (id, card) in &scenario.cards {
            let mut card = card.clone();
            card.id.clone_from(id);
            for line in card_text_lines_in(&words, &card, |k| {
                scenario.keywords.iter().find(|d| d.matches(k))
            }) {
                found.check(
                    &format!("{} card {id}", path.display()),
                    &CardTextLine::to_plain(&line),
                    &ids,
                );
            }
        }
        runs += 1;
    }

    // Generated card text and the Abilities library, in each file's game.
    let pack_name = |id: &str| {
        pack.cards()
            .find(|(_, c)| c.id == id)
            .map(|(_, c)| c.name.clone())
    };
    for file in &pack.files {
        let profile = file_profile(&pack, &file.path).and_then(Result::ok);
        let words = Words {
            profile: profile.as_ref(),
            card_name: Some(&pack_name),
        };
        match &file.content {
            Content::Cards(set) => {
                for card in &set.cards {
                    for line in card_text_lines_in(&words, card, |k| pack.keyword_def(k)) {
                        found.check(
                            &format!("{} card {}", file.path, card.id),
                            &CardTextLine::to_plain(&line),
                            &card_ids,
                        );
                    }
                }
            }
            Content::Keywords(set) => {
                for keyword in &set.keywords {
                    for ability in &keyword.abilities {
                        found.check(
                            &format!("{} keyword {}", file.path, keyword.name),
                            &ability_text_in(&words, ability, None),
                            &card_ids,
                        );
                    }
                }
            }
            _ => {}
        }
    }

    assert!(runs >= 60, "only {runs} scenarios ran");
    assert!(
        found.0.is_empty(),
        "{} sentences read wrong:\n{}",
        found.0.len(),
        found.0.join("\n")
    );
}
