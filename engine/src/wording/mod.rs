//! The one wording layer: how every rule system's log, Why text, tooltip and generated text
//! names things for a person. Each system writes its log lines with the ids it knows (the event
//! data, what scenario expectations, JSON and fingerprints read); what a person reads goes
//! through here: ids become names ([`Names`], two items of one name told apart as "Goblin 1"
//! and "Goblin 2"), lists read as English ([`list`]), counts take their plural ([`plural`]),
//! and [`leak`] says where a sentence still shows the file's syntax (`(`, `[`, `"`, `Some`,
//! `None`, `@3`) or a wrong person ("you gets"), which the tests over every scenario assert
//! never happens.
//!
//! Generated rules text (`rules::text`) fills in the game profile's words (stat, trigger and
//! life words) through [`crate::rules::text::Words`], which reads its card names from the same
//! [`Names`] when the editor has one.

use std::collections::BTreeMap;

pub mod glyph;
mod logs;
pub mod rules;

pub use logs::{Worded, cause_text, encounter_names, rules_names};

/// Display names by id: each item's name, told apart when two share one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names {
    by_id: BTreeMap<String, String>,
}

impl Names {
    /// Names for `(id, name)` pairs, in the order given. Items that share a name are told apart
    /// by their id's short suffix (`goblin_1` → "Goblin 1", `wolf#2` → "Wolf 2", `goblin_a` →
    /// "Goblin A"), else by their place among the items of that name ("Bear", "Bear 2"). An
    /// empty name reads as the id.
    #[must_use]
    pub fn new<I, S, T>(items: I) -> Self
    where
        I: IntoIterator<Item = (S, T)>,
        S: Into<String>,
        T: Into<String>,
    {
        let items: Vec<(String, String)> = items
            .into_iter()
            .map(|(id, name)| {
                let id = id.into();
                let name = name.into();
                let name = if name.trim().is_empty() {
                    id.clone()
                } else {
                    name
                };
                (id, name)
            })
            .collect();
        let mut groups: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (id, name) in &items {
            let group = groups.entry(name.as_str()).or_default();
            if !group.contains(&id.as_str()) {
                group.push(id);
            }
        }
        let mut by_id = BTreeMap::new();
        for (name, ids) in groups {
            if ids.len() == 1 {
                by_id.insert(ids[0].to_owned(), name.to_owned());
                continue;
            }
            let suffixes: Vec<Option<String>> = ids.iter().map(|id| short_suffix(id)).collect();
            let distinct = {
                let mut seen: Vec<&String> = suffixes.iter().flatten().collect();
                seen.sort();
                seen.dedup();
                seen.len() == suffixes.iter().flatten().count()
                    && suffixes.iter().filter(|s| s.is_none()).count() <= 1
            };
            for (place, (id, suffix)) in ids.iter().zip(&suffixes).enumerate() {
                let shown = match (distinct, suffix) {
                    (true, Some(s)) => format!("{name} {s}"),
                    (true, None) => name.to_owned(),
                    (false, _) if place == 0 => name.to_owned(),
                    (false, _) => format!("{name} {}", place + 1),
                };
                by_id.insert((*id).to_owned(), shown);
            }
        }
        Self { by_id }
    }

    /// Adds more items after those already named (tokens made during a run): an id already
    /// named keeps its name.
    #[must_use]
    pub fn with<I, S, T>(self, more: I) -> Self
    where
        I: IntoIterator<Item = (S, T)>,
        S: Into<String>,
        T: Into<String>,
    {
        let fresh = Self::new(more);
        let mut by_id = fresh.by_id;
        by_id.extend(self.by_id);
        Self { by_id }
    }

    /// The name an id is shown by; an unknown id is shown as written.
    #[must_use]
    pub fn name<'a>(&'a self, id: &'a str) -> &'a str {
        self.by_id.get(id).map_or(id, String::as_str)
    }

    /// Whether the id has a name of its own.
    #[must_use]
    pub fn knows(&self, id: &str) -> bool {
        self.by_id.contains_key(id)
    }

    /// Every id with the name it is shown by.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.by_id.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// A log line with every id in it replaced by its name: a whole word (letters, digits,
    /// `_`, `#`) equal to a named id. A plain word right after "the " or "'s " is the sentence's
    /// own ("the den" is a zone, "A's champion" a role), never an id.
    #[must_use]
    pub fn in_text(&self, text: &str) -> String {
        if self.by_id.is_empty() {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len());
        let mut word_start: Option<usize> = None;
        let flush = |out: &mut String, start: usize, end: usize| {
            let word = &text[start..end];
            let plain = word.chars().all(|c| c.is_ascii_lowercase());
            let before = &text[..start];
            let sentence_own = plain && (before.ends_with("the ") || before.ends_with("'s "));
            match self.by_id.get(word) {
                Some(name) if !sentence_own => out.push_str(name),
                _ => out.push_str(word),
            }
        };
        for (i, c) in text.char_indices() {
            if is_id_char(c) {
                if word_start.is_none() {
                    word_start = Some(i);
                }
                continue;
            }
            if let Some(start) = word_start.take() {
                flush(&mut out, start, i);
            }
            out.push(c);
        }
        if let Some(start) = word_start {
            flush(&mut out, start, text.len());
        }
        out
    }
}

fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '#'
}

/// The short part after an id's last `_` or `#` that tells copies apart (`2`, `t1`, `a`),
/// shown in capitals when it is one letter.
fn short_suffix(id: &str) -> Option<String> {
    let at = id.rfind(['_', '#'])?;
    let suffix = &id[at + 1..];
    if suffix.is_empty() || suffix.len() > 3 {
        return None;
    }
    if suffix.len() == 1 && suffix.chars().all(|c| c.is_ascii_alphabetic()) {
        return Some(suffix.to_ascii_uppercase());
    }
    suffix
        .chars()
        .any(|c| c.is_ascii_digit())
        .then(|| suffix.to_owned())
}

/// Items as English: "nothing", "a", "a and b", "a, b and c" (names, or dice: "3, 5 and 6").
#[must_use]
pub fn list<S: std::fmt::Display>(items: &[S]) -> String {
    match items {
        [] => "nothing".to_owned(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(ToString::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// A noun with its article: "an Action", "a Reaction".
#[must_use]
pub fn a_or_an(noun: &str) -> String {
    let vowel = noun
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

/// A count with its noun: "1 wound", "3 wounds" (the plural given, for "1 story", "2 stories").
#[must_use]
pub fn plural(n: impl std::fmt::Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    if n == "1" || n == "-1" {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A command, an effect's name or a word quoted in a sentence: typographic quotes, never the
/// file's `"`.
#[must_use]
pub fn quoted(word: &str) -> String {
    format!("“{word}”")
}

/// What in a sentence a person should never read: the file's syntax (`(`, `[`, `"`, `Some`,
/// `None`, `@` then a digit) or a verb that does not agree with "you" ("you gets"). `None`:
/// the sentence reads as English.
#[must_use]
pub fn leak(text: &str) -> Option<&'static str> {
    for (token, what) in [
        ("(", "a parenthesis"),
        ("[", "a bracket"),
        ("\"", "a straight quote"),
        ("\u{E000}", "a marker"),
        ("+the ", "a sign before words"),
    ] {
        if text.contains(token) {
            return Some(what);
        }
    }
    if has_word(text, "Some") || has_word(text, "None") {
        return Some("an Option");
    }
    let bytes = text.as_bytes();
    if bytes
        .windows(2)
        .any(|w| w[0] == b'@' && w[1].is_ascii_digit())
    {
        return Some("a timestamp");
    }
    let lower = text.to_ascii_lowercase();
    for verb in [
        "gets", "gains", "loses", "draws", "discards", "has", "is", "takes", "deals", "wins",
    ] {
        if lower.contains(&format!("you {verb} ")) || lower.ends_with(&format!("you {verb}")) {
            return Some("\"you\" with a verb for he or she");
        }
    }
    None
}

fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_of_one_name_are_told_apart_by_their_suffix() {
        let names = Names::new([
            ("goblin_1", "Goblin"),
            ("goblin_2", "Goblin"),
            ("bob", "Bob"),
            ("wolf", "Wolf"),
            ("wolf#2", "Wolf"),
        ]);
        assert_eq!(names.name("goblin_1"), "Goblin 1");
        assert_eq!(names.name("goblin_2"), "Goblin 2");
        assert_eq!(names.name("bob"), "Bob");
        assert_eq!(names.name("wolf"), "Wolf");
        assert_eq!(names.name("wolf#2"), "Wolf 2");
        assert_eq!(names.name("ghost"), "ghost");
    }

    #[test]
    fn copies_without_a_suffix_count_on() {
        let names = Names::new([("bear", "Bear"), ("big_bear", "Bear")]);
        assert_eq!(names.name("bear"), "Bear");
        assert_eq!(names.name("big_bear"), "Bear 2");
    }

    #[test]
    fn ids_in_a_line_become_names_but_not_the_sentence_s_own_words() {
        let names = Names::new([("den", "Den Mother"), ("wolf#2", "Wolf"), ("wolf", "Wolf")]);
        assert_eq!(
            names.in_text("wolf#2 leaves the city for the den; den: Pack"),
            "Wolf 2 leaves the city for the den; Den Mother: Pack"
        );
    }

    #[test]
    fn leaks_are_found() {
        assert_eq!(leak("A plays bolt (targets [])"), Some("a parenthesis"));
        assert_eq!(leak("effect @3 ends"), Some("a timestamp"));
        assert_eq!(leak("mode None"), Some("an Option"));
        assert_eq!(
            leak("you gets +1 level"),
            Some("\"you\" with a verb for he or she")
        );
        assert_eq!(leak("A gets +1 level; Nonesuch @ home"), None);
    }

    #[test]
    fn lists_and_plurals_read_as_english() {
        assert_eq!(list::<&str>(&[]), "nothing");
        assert_eq!(list(&["a", "b", "c"]), "a, b and c");
        assert_eq!(plural(1, "wound", "wounds"), "1 wound");
        assert_eq!(plural(3, "wound", "wounds"), "3 wounds");
    }
}
