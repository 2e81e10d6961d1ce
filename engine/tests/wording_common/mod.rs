//! The wording layer's promise, checked over every scenario of every rule system of a pack
//! (the fixture pack's own test and a `content_*` one over the starter pack): no log line, Why
//! text or generated card or ability text a person reads shows the file's syntax (`(`, `[`,
//! `"`, `Some`, `None`, `@3`), a verb that does not agree with "you", or an item's id where
//! the item has a name.

use std::path::Path;

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

/// Runs every scenario of every system in the pack at `root` (battle scenarios on seed 0,
/// glyph networks, encounters on seed 0, rules scenarios) and reads every card's and
/// keyword ability's generated text; returns how many scenarios ran and every sentence that
/// reads wrong.
#[allow(clippy::too_many_lines)]
pub fn check_pack(root: &Path) -> (usize, Vec<String>) {
    let mut found = Findings(Vec::new());
    let mut diags = Diagnostics::new();
    let pack = load_pack(root, &mut diags);
    let card_ids = named(pack.cards().map(|(_, c)| (c.id.as_str(), c.name.as_str())));
    let pack_name = |id: &str| {
        pack.cards()
            .find(|(_, c)| c.id == id)
            .map(|(_, c)| c.name.clone())
    };
    let mut runs = 0;
    for file in &pack.files {
        let path = root.join(&file.path);
        let place = file.path.clone();
        let profile = file_profile(&pack, &file.path).and_then(Result::ok);
        let words = Words {
            profile: profile.as_ref(),
            card_name: Some(&pack_name),
        };
        match &file.content {
            Content::BattleScenario(_) => {
                let (_, setup) = load_scenario_file(&path).unwrap_or_else(|e| panic!("{e}"));
                let mut battle = Battle::new(&setup, 0);
                battle.run_to_end();
                found.run(&place, &battle, &card_ids);
                runs += 1;
            }
            Content::GlyphNetwork(_) => {
                let (net, _) = load_file(&path).unwrap_or_else(|d| panic!("{d:?}"));
                let mut run = GlyphRun::new(&net);
                run.run_to_end();
                found.run(&place, &run, &[]);
                runs += 1;
            }
            Content::Encounter(_) => {
                let mut d = Diagnostics::new();
                let (encounter, content) = sigilforge_engine::encounter::load::load(&path, &mut d)
                    .unwrap_or_else(|| panic!("{place}: {d:?}"));
                let mut run =
                    EncounterRun::new(&content, &encounter, 0).expect("the encounter starts");
                run.run_to_end();
                let ids = named(
                    run.combatants
                        .iter()
                        .map(|c| (c.id.as_str(), c.name.as_str())),
                );
                found.run(&place, &run, &ids);
                runs += 1;
            }
            Content::RulesScenario(_) => {
                let source = std::fs::read_to_string(&path).expect("a readable scenario");
                let mut d = Diagnostics::new();
                let Some((scenario, _)) =
                    sigilforge_engine::rules::cli::load_source(&source, &path, &mut d)
                else {
                    panic!("{place}: {d:?}");
                };
                let mut run = RulesRun::new(&scenario).expect("the scenario sets up");
                run.run_to_end();
                let ids = named(
                    scenario
                        .cards
                        .iter()
                        .map(|(id, c)| (id.as_str(), c.name.as_str())),
                );
                found.run(&place, &run, &ids);
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
                            &format!("{place} card {id}"),
                            &CardTextLine::to_plain(&line),
                            &ids,
                        );
                    }
                }
                runs += 1;
            }
            // Generated card text and the Abilities library, in each file's game.
            Content::Cards(set) => {
                for card in &set.cards {
                    for line in card_text_lines_in(&words, card, |k| pack.keyword_def(k)) {
                        found.check(
                            &format!("{place} card {}", card.id),
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
                            &format!("{place} keyword {}", keyword.name),
                            &ability_text_in(&words, ability, None),
                            &card_ids,
                        );
                    }
                }
            }
            _ => {}
        }
    }
    (runs, found.0)
}
