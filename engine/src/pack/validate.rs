//! Cross-file checks: duplicate ids, unknown keywords, keyword values, and references to ids
//! that do not exist. Each problem is located at the offending value in its file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{Content, Pack, PackFile};
use crate::content_check::{KnownKeyword, ReportUnknown, check_card_keywords, check_scenario_refs};
use crate::diag::{Diagnostics, locate_literal, locate_literal_after};
use crate::model::ability::{Ability, Effect};
use crate::model::keyword::normalise;
use crate::model::{BattleScenario, Card, CardKind, CardSet, KeywordDef, KeywordRef, KeywordSet};

/// Checks references across the whole pack, recording every problem in `diags`.
pub fn validate(pack: &Pack, diags: &mut Diagnostics) {
    crate::encounter::check_pack(pack, diags);
    crate::rules::validate_pack_names(pack, diags);
    super::decks::check_decks(pack, diags);
    let missing = Unavailable::of(pack);
    let keywords = keyword_index(pack, diags);
    let mut card_ids: BTreeMap<&str, (&PackFile, usize)> = BTreeMap::new();
    let mut seen_literal: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for (file, card) in pack.cards() {
        let path = pack.root.join(&file.path);
        if card.id.trim().is_empty() {
            diags.error(
                &path,
                locate_literal(&file.source, &card.name, 0),
                format!("card `{}` has no id", card.name),
            );
            continue;
        }
        let n = seen_literal
            .entry((file.path.as_str(), card.id.as_str()))
            .or_default();
        let occurrence = *n;
        *n += 1;
        if let Some((first_file, _)) = card_ids.get(card.id.as_str()) {
            let first = locate_literal(&first_file.source, &card.id, 0);
            diags.error(
                &path,
                locate_literal(&file.source, &card.id, occurrence),
                format!(
                    "duplicate card id `{}` (first defined at {}:{}:{})",
                    card.id,
                    pack.root.join(&first_file.path).display(),
                    first.line,
                    first.column
                ),
            );
        } else {
            card_ids.insert(&card.id, (file, occurrence));
        }
    }
    let card_exists = |id: &str| card_ids.contains_key(id);
    for (file, card) in pack.cards() {
        let path = pack.root.join(&file.path);
        check_card(
            card,
            &card.id,
            &file.source,
            &path,
            &keywords,
            &missing,
            diags,
        );
        for ability in &card.abilities {
            check_ability_refs(
                ability,
                &card.id,
                &file.source,
                &path,
                &card_exists,
                &keywords,
                &missing,
                diags,
            );
        }
    }
    for (file, keyword) in pack.keywords() {
        let path = pack.root.join(&file.path);
        for ability in &keyword.abilities {
            check_ability_refs(
                ability,
                &keyword.name,
                &file.source,
                &path,
                &card_exists,
                &keywords,
                &missing,
                diags,
            );
        }
    }
    let mut dirs = SamePack::new(pack);
    for file in &pack.files {
        let path = pack.root.join(&file.path);
        match &file.content {
            Content::BattleScenario(scenario) => {
                let cards = scenario_pack_cards(pack, file, scenario, &path, &mut dirs, diags);
                check_scenario(file, scenario, &cards, &path, &keywords, &missing, diags);
            }
            Content::GlyphNetwork(net) => crate::glyph::check(net, &file.source, &path, diags),
            Content::StatBlocks(set) => {
                let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
                for creature in &set.creatures {
                    let n = ids.entry(&creature.id).or_default();
                    if *n > 0 {
                        diags.error(
                            &path,
                            locate_literal(&file.source, &creature.id, *n),
                            format!("duplicate stat block id `{}`", creature.id),
                        );
                    }
                    *n += 1;
                }
            }
            _ => {}
        }
    }
}

/// Known keywords by normalised name: the pack's own, then the standard battle-line library
/// for names the pack does not define (so a pack may use or override the seed's keywords).
/// Duplicate names within the pack are reported.
pub(crate) fn keyword_index<'p>(
    pack: &'p Pack,
    diags: &mut Diagnostics,
) -> BTreeMap<String, &'p KeywordDef> {
    let mut index: BTreeMap<String, &KeywordDef> = BTreeMap::new();
    for (file, keyword) in pack.keywords() {
        let key = normalise(&keyword.name);
        if index.insert(key, keyword).is_some() {
            diags.error(
                &pack.root.join(&file.path),
                locate_literal(&file.source, &keyword.name, 1),
                format!("keyword `{}` is defined twice", keyword.name),
            );
        }
    }
    for keyword in &standard_keywords().keywords {
        index.entry(normalise(&keyword.name)).or_insert(keyword);
    }
    index
}

/// The cards the standard keywords create (tokens), parsed once: a scenario may name them.
fn standard_tokens() -> &'static CardSet {
    static TOKENS: std::sync::OnceLock<CardSet> = std::sync::OnceLock::new();
    TOKENS.get_or_init(|| {
        // The embedded file is tested to parse (battle tests); an empty set is the safe fallback.
        ron::from_str(crate::battle::content::STANDARD_TOKENS).unwrap_or_default()
    })
}

/// The standard battle-line keyword library embedded in the engine, parsed once.
pub(crate) fn standard_keywords() -> &'static KeywordSet {
    static STANDARD: std::sync::OnceLock<KeywordSet> = std::sync::OnceLock::new();
    STANDARD.get_or_init(|| {
        // The embedded file is tested to parse (battle tests); an empty set is the safe fallback.
        ron::from_str(crate::battle::content::STANDARD_KEYWORDS).unwrap_or_default()
    })
}

/// Files of the pack that did not parse, by what they would have defined. A reference that
/// finds nothing while one of them is broken is reported once per broken file, as unavailable
/// ("the root problem"), not once per reference.
struct Unavailable {
    card_files: Vec<String>,
    keyword_files: Vec<String>,
    reported: std::cell::RefCell<std::collections::BTreeSet<String>>,
}

impl Unavailable {
    fn of(pack: &Pack) -> Self {
        let broken = |tag: &str| -> Vec<String> {
            pack.unread_files(tag)
                .into_iter()
                .map(str::to_owned)
                .collect()
        };
        Self {
            card_files: broken("CardSet"),
            keyword_files: broken("KeywordSet"),
            reported: std::cell::RefCell::default(),
        }
    }
}

impl ReportUnknown for Unavailable {
    /// Reports a missing card or keyword: as unavailable (once per broken file) when a file
    /// that could define it has a syntax error, else with `otherwise`.
    fn unknown(
        &self,
        diags: &mut Diagnostics,
        path: &Path,
        at: crate::diag::Location,
        keyword: bool,
        what: &str,
        otherwise: String,
    ) {
        let files = if keyword {
            &self.keyword_files
        } else {
            &self.card_files
        };
        if files.is_empty() {
            diags.error(path, at, otherwise);
            return;
        }
        let mut reported = self.reported.borrow_mut();
        if let Some(file) = files.iter().find(|f| !reported.contains(*f)) {
            diags.error(
                path,
                at,
                format!(
                    "{what} is unavailable: {file} has a syntax error (other references to what it defines are not listed until it is fixed)"
                ),
            );
            reported.insert(file.clone());
        }
    }
}

/// Checks a card's keywords against the known keywords (the check `battle` runs too).
fn check_card(
    card: &Card,
    anchor: &str,
    source: &str,
    path: &Path,
    keywords: &BTreeMap<String, &KeywordDef>,
    missing: &Unavailable,
    diags: &mut Diagnostics,
) {
    check_card_keywords(
        card,
        anchor,
        source,
        path,
        |name| {
            keywords.get(&normalise(name)).map(|def| KnownKeyword {
                key: (),
                name: def.name.as_str(),
                has_param: def.param.is_some(),
            })
        },
        || keywords.values().map(|k| k.name.as_str()).collect(),
        missing,
        diags,
    );
}

/// Checks ids an ability names (cards it summons or becomes, keywords it grants).
#[allow(clippy::too_many_arguments)] // the context of one check, passed down as it is
fn check_ability_refs(
    ability: &Ability,
    owner: &str,
    source: &str,
    path: &Path,
    card_exists: &dyn Fn(&str) -> bool,
    keywords: &BTreeMap<String, &KeywordDef>,
    missing: &Unavailable,
    diags: &mut Diagnostics,
) {
    let mut stack: Vec<&Effect> = ability.effects.iter().collect();
    while let Some(effect) = stack.pop() {
        match effect {
            Effect::Summon { card, .. } | Effect::Transform(card) if !card_exists(card) => {
                missing.unknown(
                    diags,
                    path,
                    locate_literal_after(source, owner, card),
                    false,
                    &format!("card `{card}` (used by `{owner}`)"),
                    format!("`{owner}` refers to card `{card}`, which does not exist"),
                );
            }
            Effect::Grant(keyword) | Effect::Remove(keyword) => {
                let name = KeywordRef::parse(keyword)
                    .map(|k| k.name)
                    .unwrap_or_default();
                if !keywords.contains_key(&normalise(&name)) {
                    missing.unknown(
                        diags,
                        path,
                        locate_literal_after(source, owner, keyword),
                        true,
                        &format!("keyword `{name}` (used by `{owner}`)"),
                        format!("`{owner}` refers to keyword `{name}`, which does not exist"),
                    );
                }
            }
            Effect::Delayed { effects, .. } => stack.extend(effects.iter()),
            _ => {}
        }
    }
}

/// Checks a battle scenario's inline cards and the cards it names, as `battle` does: inline
/// cards, then the cards of its `pack` (when it names one), then the standard tokens.
fn check_scenario(
    file: &PackFile,
    scenario: &BattleScenario,
    pack_cards: &BTreeMap<String, CardKind>,
    path: &Path,
    keywords: &BTreeMap<String, &KeywordDef>,
    missing: &Unavailable,
    diags: &mut Diagnostics,
) {
    for (id, card) in &scenario.cards {
        check_card(card, id, &file.source, path, keywords, missing, diags);
    }
    let tokens = standard_tokens();
    let kind_of = |id: &str| {
        scenario
            .cards
            .get(id)
            .map(|c| c.kind)
            .or_else(|| pack_cards.get(id).copied())
            .or_else(|| tokens.cards.iter().find(|c| c.id == id).map(|c| c.kind))
    };
    check_scenario_refs(scenario, &file.source, path, kind_of, missing, diags);
}

/// Which folders named by scenarios' `pack` fields are the pack being validated: each folder
/// is resolved on disk once per validation (most scenarios name the same one or two).
struct SamePack {
    root: Option<PathBuf>,
    seen: BTreeMap<PathBuf, bool>,
    /// The pack's own cards by id, listed once for every scenario that names the pack.
    cards: Option<std::rc::Rc<BTreeMap<String, CardKind>>>,
}

impl SamePack {
    fn new(pack: &Pack) -> Self {
        Self {
            root: pack.root.canonicalize().ok(),
            seen: BTreeMap::new(),
            cards: None,
        }
    }

    fn own_cards(&mut self, pack: &Pack) -> std::rc::Rc<BTreeMap<String, CardKind>> {
        std::rc::Rc::clone(self.cards.get_or_insert_with(|| {
            std::rc::Rc::new(pack.cards().map(|(_, c)| (c.id.clone(), c.kind)).collect())
        }))
    }

    fn is_pack(&mut self, dir: &Path) -> bool {
        let root = &self.root;
        *self.seen.entry(dir.to_owned()).or_insert_with(|| {
            root.as_ref()
                .is_some_and(|root| dir.canonicalize().is_ok_and(|d| d == *root))
        })
    }
}

/// Cards available to a scenario through its `pack` field, by id.
fn scenario_pack_cards(
    pack: &Pack,
    file: &PackFile,
    scenario: &BattleScenario,
    path: &Path,
    dirs: &mut SamePack,
    diags: &mut Diagnostics,
) -> std::rc::Rc<BTreeMap<String, CardKind>> {
    let Some(rel) = &scenario.pack else {
        return std::rc::Rc::default();
    };
    let dir = path
        .parent()
        .map_or_else(PathBuf::new, Path::to_path_buf)
        .join(rel);
    if dirs.is_pack(&dir) {
        return dirs.own_cards(pack);
    }
    if !dir.join(super::MANIFEST_FILE).is_file() {
        diags.error(
            path,
            locate_literal(&file.source, rel, 0),
            format!(
                "`pack: Some(\"{rel}\")` names {}, which has no pack.ron",
                dir.display()
            ),
        );
        return std::rc::Rc::default();
    }
    // Another pack: read its cards without validating it (it is checked on its own).
    let mut ignored = Diagnostics::new();
    let mut cards = BTreeMap::new();
    for rel_file in super::ron_files(&dir, &mut ignored) {
        let p = dir.join(&rel_file);
        if let Some(text) = super::read_text(&p, &mut ignored)
            && let Content::Cards(set) = Content::parse(&text, &p, &mut ignored)
        {
            cards.extend(set.cards.into_iter().map(|c| (c.id, c.kind)));
        }
    }
    std::rc::Rc::new(cards)
}
