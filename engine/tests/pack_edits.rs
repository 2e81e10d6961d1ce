//! Saves touch only what was edited: random sequences of item edits (a field changed, an item
//! added, deleted or moved) go through a file's document on every starter file and on files
//! with comments everywhere a comment can stand. After each save every item not edited is
//! byte-identical (comments included), and the file loads back to the edited values.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use sigilforge_engine::diag::Diagnostics;
use sigilforge_engine::pack::{Content, PackFile};
use sigilforge_engine::ron_doc::lex::{TokenKind, tokenize};
use sigilforge_engine::ron_doc::parts::{FieldValue, Parts};
use sigilforge_engine::ron_doc::tree::{Node, parse};

fn content_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "ron") && !path.ends_with("pack.ron") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn parse_content(text: &str) -> Content {
    let mut diags = Diagnostics::new();
    Content::parse(text, Path::new("file.ron"), &mut diags)
}

/// One edit of the items of a file.
#[derive(Debug, Clone)]
enum Edit {
    /// Change the first integer (`pick` = which one) inside an item.
    Field { item: usize, pick: usize },
    /// Add a copy of an item (with its identity changed) at the end.
    Add { item: usize },
    /// Delete an item.
    Delete { item: usize },
    /// Swap two items.
    Reorder { a: usize, b: usize },
}

/// The list fields of a content value and how many items each has.
fn lists(parts: &Parts) -> Vec<(String, usize)> {
    parts
        .fields
        .iter()
        .filter_map(|(n, v)| match v {
            FieldValue::List(items) if !items.is_empty() => Some((n.clone(), items.len())),
            _ => None,
        })
        .collect()
}

/// Applies an edit to one list of `parts`; returns the keys of the items it touched, or `None`
/// when the edit does not apply (the caller skips it).
fn edit_parts(parts: &mut Parts, list: &str, edit: &Edit) -> Option<BTreeSet<String>> {
    let items = parts.fields.iter_mut().find_map(|(n, v)| match v {
        FieldValue::List(items) if n == list => Some(items),
        _ => None,
    })?;
    let n = items.len();
    let mut touched = BTreeSet::new();
    match *edit {
        Edit::Field { item, pick } => {
            let (key, text) = items.get(item % n)?.clone();
            let numbers: Vec<_> = tokenize(&text)
                .ok()?
                .into_iter()
                .filter(|t| {
                    t.kind == TokenKind::Number
                        && text[t.start..t.end].bytes().all(|b| b.is_ascii_digit())
                })
                .collect();
            let t = numbers.get(pick % numbers.len().max(1))?;
            let value: u64 = text[t.start..t.end].parse().ok()?;
            let changed = format!(
                "{}{}{}",
                &text[..t.start],
                value.saturating_add(1).min(99),
                &text[t.end..]
            );
            if changed == text {
                return None;
            }
            items[item % n].1 = changed;
            touched.insert(key);
        }
        Edit::Add { item } => {
            let (key, text) = items.get(item % n)?.clone();
            let renamed =
                text.replacen("id:\"", "id:\"copy_", 1)
                    .replacen("name:\"", "name:\"Copy ", 1);
            items.push((format!("{key} copy"), renamed));
        }
        Edit::Delete { item } => {
            let (key, _) = items.remove(item % n);
            touched.insert(key);
        }
        Edit::Reorder { a, b } => {
            items.swap(a % n, b % n);
        }
    }
    Some(touched)
}

/// Each keyed item's text in the file: the comment lines directly above it, itself, and the
/// rest of its last line. Items without an `id` or `name` are keyed by position.
fn item_texts(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let Ok(doc) = parse(text, usize::MAX) else {
        return out;
    };
    for elem in doc.root.elems().unwrap_or(&[]) {
        let field = elem.field_name(text).unwrap_or("").to_owned();
        let Some(items) = elem.value.elems() else {
            continue;
        };
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for item in items {
            let Some(id) = identity(text, &item.value) else {
                continue;
            };
            let n = seen.entry(id.clone()).or_default();
            *n += 1;
            let start = item.start();
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            let mut block_start = line_start;
            while block_start > 0 {
                let prev = text[..block_start - 1].rfind('\n').map_or(0, |i| i + 1);
                if text[prev..block_start - 1].trim().starts_with("//") {
                    block_start = prev;
                } else {
                    break;
                }
            }
            let end = item.end_with_comma();
            let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
            // A comment after it on its line belongs to it; another item there does not.
            let rest = &text[end..line_end];
            let trailing = if rest.trim_start().starts_with("//") {
                rest.trim_end()
            } else {
                ""
            };
            let above = &text[block_start..line_start];
            // Its comma is left out: an item that becomes the last one but one gains one.
            out.insert(
                format!("{field} {id} #{n}"),
                format!("{above}{}{trailing}", &text[start..item.value.end]),
            );
        }
    }
    out
}

fn identity(text: &str, node: &Node) -> Option<String> {
    node.field(text, "id")
        .or_else(|| node.field(text, "name"))
        .map(|e| e.value.text(text).to_owned())
}

/// Runs a sequence of edits on a file, checking after each save.
fn run_edits(name: &str, text: &str, edits: &[(usize, Edit)]) {
    let mut file = PackFile::loaded("file.ron", text.to_owned(), parse_content(text));
    if matches!(file.content, Content::Unread { .. }) {
        return;
    }
    for (list_pick, edit) in edits {
        let Ok(mut parts) = file.content.parts() else {
            return;
        };
        let lists = lists(&parts);
        if lists.is_empty() {
            return;
        }
        let (list, _) = &lists[list_pick % lists.len()];
        let Some(touched_parts) = edit_parts(&mut parts, list, edit) else {
            continue;
        };
        let Ok(new_content) = file.content.with_parts(&parts, Path::new("file.ron")) else {
            continue;
        };
        let before = item_texts(&file.source);
        let touched: BTreeSet<String> = touched_parts
            .iter()
            .map(|k| format!("{list} {k}"))
            .collect();
        file.content = new_content.clone();
        file.sync().unwrap();
        let after = item_texts(&file.source);
        for (key, old) in &before {
            // Keys of touched items (and of items renamed by a duplicate) are skipped. The
            // document names a second item of the same id `"x" #2`, as this file's keys do; the
            // first is plain `"x"` there and `"x" #1` here.
            let id_part = key.rsplit_once(" #").map_or(key.as_str(), |(k, _)| k);
            if touched.contains(id_part) || touched.contains(key) {
                continue;
            }
            if let Some(new) = after.get(key) {
                assert_eq!(
                    new, old,
                    "{name}: {key} changed after {edit:?}\n{}",
                    file.source
                );
            }
        }
        let back = parse_content(&file.source);
        assert_eq!(
            back, new_content,
            "{name}: does not load back after {edit:?}\n{}",
            file.source
        );
        // The header before the value is kept.
        let head = |t: &str| t[..t.find(|c: char| c.is_ascii_uppercase()).unwrap_or(0)].to_owned();
        assert_eq!(head(&file.source), head(text), "{name}: header changed");
    }
}

fn random_edits(rng: &mut rand_chacha::ChaCha8Rng, n: usize) -> Vec<(usize, Edit)> {
    (0..n)
        .map(|_| {
            let (a, b) = (rng.random_range(0..64), rng.random_range(0..64));
            let edit = match rng.random_range(0..4) {
                0 => Edit::Field { item: a, pick: b },
                1 => Edit::Add { item: a },
                2 => Edit::Delete { item: a },
                _ => Edit::Reorder { a, b },
            };
            (rng.random_range(0..4), edit)
        })
        .collect()
}

#[test]
fn random_edits_on_every_starter_file_touch_only_the_edited_items() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for path in content_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        for _ in 0..3 {
            let edits = random_edits(&mut rng, 5);
            run_edits(&path.display().to_string(), &text, &edits);
        }
    }
}

/// A file with a comment in every gap between two tokens: block comments inside lines, a line
/// comment at the end of every line.
fn commented(text: &str) -> String {
    let tokens = tokenize(text).unwrap();
    let mut out = String::new();
    let mut at = 0;
    for (i, t) in tokens.iter().enumerate() {
        let gap = &text[at..t.start];
        if gap.contains('\n') {
            let (first, rest) = gap.split_once('\n').unwrap();
            out.push_str(first);
            let _ = write!(out, " // line {i}\n// above {i}\n");
            out.push_str(rest);
        } else if i > 0 {
            let _ = write!(out, "{gap}/* c{i} */ ");
        } else {
            out.push_str(gap);
        }
        out.push_str(&text[t.start..t.end]);
        at = t.end;
    }
    out.push_str(&text[at..]);
    out
}

fn edit_strategy() -> impl Strategy<Value = (usize, Edit)> {
    (0usize..4, 0usize..4, 0usize..64, 0usize..64).prop_map(|(list, kind, a, b)| {
        let edit = match kind {
            0 => Edit::Field { item: a, pick: b },
            1 => Edit::Add { item: a },
            2 => Edit::Delete { item: a },
            _ => Edit::Reorder { a, b },
        };
        (list, edit)
    })
}

const COMMENTED_SOURCES: [&str; 4] = [
    "battle-line/cards.ron",
    "glyphs/trap-corridor.ron",
    "encounters/goblin_ambush.ron",
    "rules-tests/19_2_activated.ron",
];

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        // FILE.proptest-regressions beside this file, committed (README, Tests)
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_edits_on_files_with_comments_everywhere(
        which in 0usize..COMMENTED_SOURCES.len(),
        edits in proptest::collection::vec(edit_strategy(), 1..6),
    ) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
        let text = std::fs::read_to_string(root.join(COMMENTED_SOURCES[which])).unwrap();
        let text = commented(&text);
        prop_assume!(!matches!(parse_content(&text), Content::Unread { .. }));
        run_edits(COMMENTED_SOURCES[which], &text, &edits);
    }
}

#[test]
fn commented_files_still_load() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
    for rel in COMMENTED_SOURCES {
        let text = commented(&std::fs::read_to_string(root.join(rel)).unwrap());
        let plain = parse_content(&std::fs::read_to_string(root.join(rel)).unwrap());
        assert_eq!(parse_content(&text), plain, "{rel}:\n{text}");
    }
}

/// A map written in another order than it serializes (stat blocks' `stats`): the right entry
/// changes.
#[test]
fn map_entries_are_found_by_key_not_position() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
    let text = std::fs::read_to_string(root.join("encounters/tabletop/creatures.ron")).unwrap();
    let old = parse_content(&text);
    let mut parts = old.parts().unwrap();
    edit_parts(&mut parts, "creatures", &Edit::Field { item: 3, pick: 3 }).unwrap();
    let new = old.with_parts(&parts, Path::new("file.ron")).unwrap();
    let spliced = new.splice_into(&text, &old).unwrap();
    assert_eq!(parse_content(&spliced), new);
    let changed: Vec<_> = text
        .lines()
        .zip(spliced.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
}
