//! The pool: which of a pack's creature cards line-ups are drawn from, chosen with a small
//! filter language (`--pool` on the command line, the Pool field of the Balance panel).
//!
//! A filter is a list of terms separated by spaces, all of which must hold:
//! `tribe:Beast`, `keyword:Bolt` (or `kw:`), `tag:core`, `file:battle-line/` (the card's file
//! starts with it), `id:wolf,boar` (any of these ids), or bare text found in the id, name,
//! tribes, tags, keywords or text. A leading `-` negates a term; double quotes keep spaces
//! (`keyword:"Warrior's Oath"`). Matching ignores case.

use crate::model::{Card, CardKind};
use crate::pack::Pack;

/// One term of a pool filter.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Test {
    Tribe(String),
    Keyword(String),
    Tag(String),
    File(String),
    Ids(Vec<String>),
    Text(String),
}

/// A parsed pool filter.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PoolFilter {
    terms: Vec<(bool, Test)>,
}

/// A filter that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    /// `key:` is not one the filter knows.
    #[error("pool filter: unknown key `{0}:` (use tribe:, keyword:, tag:, file: or id:)")]
    UnknownKey(String),
    /// A quote was opened and not closed.
    #[error("pool filter: a double quote is not closed")]
    OpenQuote,
    /// `key:` with nothing after it.
    #[error("pool filter: `{0}:` needs a value")]
    Empty(String),
}

impl PoolFilter {
    /// Reads a filter; an empty text keeps every creature.
    pub fn parse(text: &str) -> Result<Self, FilterError> {
        let mut terms = Vec::new();
        for word in split_words(text)? {
            let (negate, word) = match word.strip_prefix('-') {
                Some(rest) if !rest.is_empty() => (true, rest.to_owned()),
                _ => (false, word),
            };
            let term = match word.split_once(':') {
                Some((key, value)) => {
                    let value = value.trim().to_lowercase();
                    if value.is_empty() {
                        return Err(FilterError::Empty(key.to_owned()));
                    }
                    match key.to_ascii_lowercase().as_str() {
                        "tribe" => Test::Tribe(value),
                        "keyword" | "kw" => Test::Keyword(value),
                        "tag" => Test::Tag(value),
                        "file" => Test::File(value),
                        "id" => Test::Ids(
                            value
                                .split(',')
                                .map(|s| s.trim().to_owned())
                                .filter(|s| !s.is_empty())
                                .collect(),
                        ),
                        _ => return Err(FilterError::UnknownKey(key.to_owned())),
                    }
                }
                None => Test::Text(word.to_lowercase()),
            };
            terms.push((negate, term));
        }
        Ok(Self { terms })
    }

    /// Whether the filter asks for this card by id (`id:` not negated): tokens join the pool
    /// only when named so.
    #[must_use]
    pub fn names(&self, id: &str) -> bool {
        self.terms.iter().any(|(negate, test)| {
            !negate
                && matches!(test, Test::Ids(ids) if ids.iter().any(|i| i.eq_ignore_ascii_case(id)))
        })
    }

    /// Whether a card (in the file at `path`) passes every term.
    #[must_use]
    pub fn matches(&self, card: &Card, path: &str) -> bool {
        self.terms
            .iter()
            .all(|(negate, test)| test_card(test, card, path) != *negate)
    }
}

fn test_card(test: &Test, card: &Card, path: &str) -> bool {
    let eq = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
    match test {
        Test::Tribe(t) => card.tribes.iter().any(|x| eq(x, t)),
        Test::Tag(t) => card.tags.iter().any(|x| eq(x, t)),
        Test::Keyword(k) => card.keyword_refs().flatten().any(|r| eq(&r.name, k)),
        Test::File(prefix) => path.to_lowercase().starts_with(prefix.as_str()),
        Test::Ids(ids) => ids.iter().any(|id| eq(id, &card.id)),
        Test::Text(needle) => card_mentions(card, needle),
    }
}

/// Whether `needle_lower` (already lower case) appears in a card's id, name, tribes, tags,
/// keywords or text: the library's search and the pool filter's bare words.
#[must_use]
pub fn card_mentions(card: &Card, needle_lower: &str) -> bool {
    let has = |s: &str| s.to_lowercase().contains(needle_lower);
    has(&card.id)
        || has(&card.name)
        || card.tribes.iter().any(|t| has(t))
        || card.tags.iter().any(|t| has(t))
        || card.keywords.iter().any(|k| has(k))
        || has(&card.text)
}

fn split_words(text: &str) -> Result<Vec<String>, FilterError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for ch in text.chars() {
        match ch {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if quoted {
        return Err(FilterError::OpenQuote);
    }
    if !word.is_empty() {
        words.push(word);
    }
    Ok(words)
}

/// The ids of the pack's creature cards that pass `filter`, in pack order (a card id defined
/// twice counts once, as the later definition wins in battle). `is_token(id)` tells cards an
/// ability creates: they are left out unless the filter names them by id.
#[must_use]
pub fn pool_ids(pack: &Pack, filter: &PoolFilter, is_token: &dyn Fn(&str) -> bool) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for (file, card) in pack.cards() {
        if card.kind == CardKind::Creature
            && !card.id.is_empty()
            && filter.matches(card, &file.path)
            && (!is_token(&card.id) || filter.names(&card.id))
            && !ids.contains(&card.id)
        {
            ids.push(card.id.clone());
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: &str, tribes: &[&str], keywords: &[&str]) -> Card {
        Card {
            id: id.into(),
            name: id.to_uppercase(),
            tribes: tribes.iter().map(|s| (*s).to_owned()).collect(),
            keywords: keywords.iter().map(|s| (*s).to_owned()).collect(),
            ..Card::default()
        }
    }

    #[test]
    fn terms_all_hold_and_can_be_negated() {
        let f = PoolFilter::parse("tribe:beast -keyword:Fury").unwrap();
        assert!(f.matches(&card("wolf", &["Beast"], &["Swarm 1"]), "a.ron"));
        assert!(!f.matches(&card("ogre", &["Beast"], &["Fury"]), "a.ron"));
        assert!(!f.matches(&card("knight", &["Warrior"], &[]), "a.ron"));
    }

    #[test]
    fn quotes_ids_files_and_bare_text() {
        let f = PoolFilter::parse("keyword:\"Warrior's Oath\"").unwrap();
        assert!(f.matches(&card("c", &[], &["Warrior's Oath"]), "x.ron"));
        let f = PoolFilter::parse("id:wolf,boar").unwrap();
        assert!(f.matches(&card("boar", &[], &[]), "x.ron"));
        assert!(!f.matches(&card("bear", &[], &[]), "x.ron"));
        let f = PoolFilter::parse("file:battle-line/ olf").unwrap();
        assert!(f.matches(&card("wolf", &[], &[]), "battle-line/cards.ron"));
        assert!(!f.matches(&card("wolf", &[], &[]), "other/cards.ron"));
        assert!(
            PoolFilter::parse("")
                .unwrap()
                .matches(&card("x", &[], &[]), "")
        );
    }

    #[test]
    fn bad_filters_say_what_is_wrong() {
        assert_eq!(
            PoolFilter::parse("colour:red"),
            Err(FilterError::UnknownKey("colour".into()))
        );
        assert_eq!(
            PoolFilter::parse("keyword:\"Oath"),
            Err(FilterError::OpenQuote)
        );
        assert_eq!(
            PoolFilter::parse("tribe:"),
            Err(FilterError::Empty("tribe".into()))
        );
    }
}
