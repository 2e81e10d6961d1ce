//! Battle content: the standard keyword library (embedded), pack folders and a scenario's inline
//! cards, merged and compiled into a [`Program`]. Every name is resolved here, once; problems are
//! reported with file, line and column.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::content_check::{AsWritten, KnownKeyword, check_card_keywords};
use crate::diag::{Diagnostics, Location, locate_literal};
use crate::model::keyword::normalise;
use crate::model::{Card, CardSet, KeywordDef, KeywordSet};

use super::compile::Compiler;
pub use super::origin::Origin;
use super::program::{CardProgram, Program};

/// The standard keywords every battle has (`engine/standard/keywords.ron`). The engine owns
/// them: the starter pack's `keywords.ron` is a copy a designer may change freely, its
/// definitions replacing these by name in that pack's battles.
pub const STANDARD_KEYWORDS: &str = include_str!("../../standard/keywords.ron");
/// The cards the standard keywords create (`engine/standard/tokens.ron`).
pub const STANDARD_TOKENS: &str = include_str!("../../standard/tokens.ron");

/// Cards and keywords available to a battle, with where each came from.
#[derive(Debug, Clone, Default)]
pub struct BattleContent {
    /// Cards by id (a later definition replaces an earlier one).
    pub cards: BTreeMap<String, (Card, Arc<Origin>)>,
    /// Keyword definitions (a later one with the same name replaces an earlier one).
    pub keywords: Vec<(KeywordDef, Arc<Origin>)>,
}

impl BattleContent {
    /// The standard library only: every keyword of seed 001 and the tokens they create. Read
    /// once per process (the editor rebuilds its sandbox's content after every edit).
    #[must_use]
    pub fn standard() -> Self {
        static STANDARD: std::sync::OnceLock<BattleContent> = std::sync::OnceLock::new();
        STANDARD.get_or_init(Self::read_standard).clone()
    }

    fn read_standard() -> Self {
        let mut content = Self::default();
        let mut diags = Diagnostics::new();
        content.add_source(
            Path::new("engine/standard/keywords.ron"),
            STANDARD_KEYWORDS,
            &mut diags,
        );
        content.add_source(
            Path::new("engine/standard/tokens.ron"),
            STANDARD_TOKENS,
            &mut diags,
        );
        debug_assert!(diags.is_empty(), "standard library: {diags:?}");
        content
    }

    /// Adds a card, replacing one with the same id.
    pub fn add_card(&mut self, card: Card, origin: Arc<Origin>) {
        self.cards.insert(card.id.clone(), (card, origin));
    }

    /// Adds a keyword, replacing one with the same name.
    pub fn add_keyword(&mut self, keyword: KeywordDef, origin: Arc<Origin>) {
        let name = normalise(&keyword.name);
        self.keywords.retain(|(k, _)| normalise(&k.name) != name);
        self.keywords.push((keyword, origin));
    }

    /// Adds whatever a RON file holds if it is a `CardSet(` or `KeywordSet(`; other files are ignored.
    pub fn add_source(&mut self, file: &Path, source: &str, diags: &mut Diagnostics) {
        let origin = Origin::new(file, source);
        match crate::ron_io::leading_tag(source) {
            Some("CardSet") => {
                if let Some(set) = crate::ron_io::parse::<CardSet>(source, file, diags) {
                    for card in set.cards {
                        self.add_card(card, origin.clone());
                    }
                }
            }
            Some("KeywordSet") => {
                if let Some(set) = crate::ron_io::parse::<KeywordSet>(source, file, diags) {
                    for keyword in set.keywords {
                        self.add_keyword(keyword, origin.clone());
                    }
                }
            }
            _ => {}
        }
    }

    /// Adds every `CardSet` and `KeywordSet` file under `dir` (sorted, recursively).
    pub fn add_pack_dir(&mut self, dir: &Path, diags: &mut Diagnostics) {
        let mut files = Vec::new();
        collect_ron_files(dir, &mut files, 0);
        files.sort();
        for file in files {
            match std::fs::read_to_string(&file) {
                Ok(text) => self.add_source(&file, &text, diags),
                Err(err) => diags.error(&file, Location::START, format!("cannot read: {err}")),
            }
        }
    }

    /// Compiles everything, checking every name. Problems go to `diags`; the program is only
    /// usable when no error was recorded.
    #[must_use]
    pub fn compile(&self, diags: &mut Diagnostics) -> Program {
        let mut program = Program::default();
        // Keyword and card indices first, so definitions may refer to each other in any order.
        for (keyword, _) in &self.keywords {
            program.keywords.push(super::program::KeywordProgram {
                name: keyword.name.clone(),
                has_param: keyword.param.is_some(),
                abilities: Vec::new(),
                flags: 0,
                hooks: 0,
            });
        }
        for (id, (card, _)) in &self.cards {
            program.cards.push(CardProgram {
                id: id.clone(),
                name: card.name.clone(),
                kind: card.kind,
                attack: card.attack,
                life: card.life,
                tribes: 0,
                keywords: Vec::new(),
                abilities: Vec::new(),
                hooks: 0,
                flags: 0,
            });
        }
        let mut compiler = Compiler::new(&mut program);
        for (index, (keyword, origin)) in self.keywords.iter().enumerate() {
            compiler.keyword(index, keyword, origin, diags);
        }
        for (index, (id, (card, origin))) in self.cards.iter().enumerate() {
            let lookup = &compiler;
            let program = compiler.program();
            let mut keywords = check_card_keywords(
                card,
                id,
                &origin.source,
                &origin.file,
                |name| {
                    let kw = lookup.keyword_index(name)?;
                    let def = &program.keywords[kw as usize];
                    Some(KnownKeyword {
                        key: kw,
                        name: def.name.as_str(),
                        has_param: def.has_param,
                    })
                },
                || program.keywords.iter().map(|k| k.name.as_str()).collect(),
                &AsWritten,
                diags,
            );
            if !card.abilities.is_empty() {
                // A card's own abilities become a hidden keyword named after the card.
                let def = KeywordDef {
                    name: format!("{} (card)", card.name),
                    abilities: card.abilities.clone(),
                    hidden: true,
                    ..KeywordDef::default()
                };
                let kw = compiler.push_keyword(&def, origin, diags);
                keywords.push((kw, 0));
            }
            let tribes = card
                .tribes
                .iter()
                .map(|t| compiler.tribe(t, &origin.file, &origin.source, diags))
                .fold(0u128, |mask, bit| mask | bit.map_or(0, |b| 1u128 << b));
            let program = compiler.program_mut();
            let (hooks, flags) = keywords.iter().fold((0, 0), |(h, f), (kw, _)| {
                let k = &program.keywords[*kw as usize];
                (h | k.hooks, f | k.flags)
            });
            let abilities = keywords
                .iter()
                .flat_map(|&(keyword, value)| {
                    program.keywords[keyword as usize]
                        .abilities
                        .iter()
                        .enumerate()
                        .map(move |(i, a)| super::program::PrintedAbility {
                            hook: a.hook,
                            keyword,
                            ability: i as u8,
                            value,
                            quick: a.quick,
                        })
                })
                .collect();
            let entry = &mut program.cards[index];
            entry.keywords = keywords;
            entry.abilities = abilities;
            entry.tribes = tribes;
            entry.hooks = hooks;
            entry.flags = flags;
        }
        program.set_static_flags(|_| true);
        program
    }
}

fn collect_ron_files(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    if depth > 16 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_ron_files(&path, out, depth + 1);
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
}

pub use crate::content_check::is_creature;

/// Locates a quoted value in a source, for errors found after parsing.
#[must_use]
pub fn locate(source: &str, text: &str) -> Location {
    locate_literal(source, text, 0)
}
