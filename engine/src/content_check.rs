//! Checks shared by the pack validator (`pack::validate`, which the editor and `sigilforge
//! validate` run) and the engine that runs the file (`battle`): each problem is found by one
//! function, so it is reported at the same place with the same words wherever it shows up, and
//! `validate` can never pass what `battle` refuses for these reasons.

use std::collections::BTreeMap;
use std::path::Path;

use crate::battle::program::MAX_SLOTS;
use crate::diag::{Diagnostics, Location, locate_literal, locate_literal_after};
use crate::model::keyword::normalise;
use crate::model::{BattleScenario, Card, CardKind, KeywordRef};
use crate::ron_io::edit_distance;

/// Where a card or keyword that is not found gets reported.
///
/// `battle` reports it as written ([`AsWritten`]); the pack validator reports it once as
/// unavailable when a file that could define it has a syntax error (the root problem), so one
/// missing `)` does not also give a "does not exist" for every reference.
pub trait ReportUnknown {
    /// Reports `what` (e.g. "keyword `Flyng` on card `bat`"), not found; `message` is the
    /// problem as written when nothing else explains it. `keyword` says which kind is missing.
    fn unknown(
        &self,
        diags: &mut Diagnostics,
        file: &Path,
        at: Location,
        keyword: bool,
        what: &str,
        message: String,
    );
}

/// Reports an unknown card or keyword as written.
#[derive(Debug, Clone, Copy)]
pub struct AsWritten;

impl ReportUnknown for AsWritten {
    fn unknown(
        &self,
        diags: &mut Diagnostics,
        file: &Path,
        at: Location,
        _keyword: bool,
        _what: &str,
        message: String,
    ) {
        diags.error(file, at, message);
    }
}

/// A keyword a card may name, as the caller knows it.
#[derive(Debug, Clone, Copy)]
pub struct KnownKeyword<'a, K> {
    /// What the caller wants back for it (an index, or `()`).
    pub key: K,
    /// Its name as defined.
    pub name: &'a str,
    /// Whether it takes a value (`Armor 2`).
    pub has_param: bool,
}

/// Checks every keyword a card writes against the known ones (`find` looks a name up, in any
/// case): an empty keyword, an unknown name (with the nearest of `names` as a hint), a missing
/// value or a value where none belongs, each located at the keyword's text after `anchor` (the
/// card's id) in `source`. Returns the keywords that resolved with their values (0 for none).
#[allow(clippy::too_many_arguments)] // the context of one check, passed down as it is
pub fn check_card_keywords<'a, K>(
    card: &Card,
    anchor: &str,
    source: &str,
    file: &Path,
    find: impl Fn(&str) -> Option<KnownKeyword<'a, K>>,
    names: impl Fn() -> Vec<&'a str>,
    unknown: &dyn ReportUnknown,
    diags: &mut Diagnostics,
) -> Vec<(K, i32)> {
    let mut resolved = Vec::new();
    for written in &card.keywords {
        // Locating scans the file, so it is done only for a keyword that has a problem.
        let at = || locate_literal_after(source, anchor, written);
        let Some(KeywordRef { name, value }) = KeywordRef::parse(written) else {
            diags.error(file, at(), format!("card `{anchor}` has an empty keyword"));
            continue;
        };
        let Some(known) = find(&name) else {
            let hint = nearest(&name, names())
                .map(|k| format!("; did you mean `{k}`?"))
                .unwrap_or_default();
            unknown.unknown(
                diags,
                file,
                at(),
                true,
                &format!("keyword `{name}` on card `{anchor}`"),
                format!("unknown keyword `{name}` on card `{anchor}`{hint}"),
            );
            continue;
        };
        match (known.has_param, value) {
            (true, None) => diags.error(
                file,
                at(),
                format!(
                    "keyword `{}` needs a value, e.g. `{} 2`",
                    known.name, known.name
                ),
            ),
            (false, Some(v)) => diags.error(
                file,
                at(),
                format!(
                    "keyword `{}` takes no value, but `{v}` is written",
                    known.name
                ),
            ),
            (_, v) => resolved.push((known.key, v.unwrap_or(0))),
        }
    }
    resolved
}

/// The name among `names` nearest to `name` (at most two edits apart, compared normalised).
#[must_use]
pub fn nearest<'a>(name: &str, names: Vec<&'a str>) -> Option<&'a str> {
    let wanted = normalise(name);
    names
        .into_iter()
        .map(|n| (edit_distance(&wanted, &normalise(n)), n))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, n)| n)
}

/// Checks a battle scenario's own shape and the cards it names (`kind_of` says whether an id
/// is a card the battle can use, and of what kind): `slots` in range, no more creatures in a
/// line than slots, every id in a line or play known, lines holding creatures only, plays from
/// turn 1. Each problem is located at the value in `source`, the scenario file's text.
pub fn check_scenario_refs(
    scenario: &BattleScenario,
    source: &str,
    file: &Path,
    kind_of: impl Fn(&str) -> Option<CardKind>,
    unknown: &dyn ReportUnknown,
    diags: &mut Diagnostics,
) {
    let report_unknown = |diags: &mut Diagnostics, at: Location, id: &str| {
        unknown.unknown(
            diags,
            file,
            at,
            false,
            &format!("card `{id}` (used by this scenario)"),
            format!("unknown card id `{id}`"),
        );
    };
    let slots_ok = (1..=MAX_SLOTS).contains(&(scenario.slots as usize));
    if !slots_ok {
        let offset = source.find("slots").unwrap_or(0);
        diags.error(
            file,
            Location::of_offset(source, offset),
            format!("slots must be 1 to {MAX_SLOTS}, not {}", scenario.slots),
        );
    }
    // The n-th mention of an id, counted past its inline definition (if any), is where it is named.
    let mut mentions: BTreeMap<String, usize> = BTreeMap::new();
    let mut at = |id: &str| {
        let n = mentions.entry(id.to_owned()).or_default();
        let occurrence = *n + usize::from(scenario.cards.contains_key(id));
        *n += 1;
        locate_literal(source, id, occurrence)
    };
    for (side, ids) in [("a", &scenario.a), ("b", &scenario.b)] {
        if slots_ok && ids.len() > scenario.slots as usize {
            diags.error(
                file,
                crate::locate::field(source, side),
                format!(
                    "line {side} has {} creatures but only {} slots",
                    ids.len(),
                    scenario.slots
                ),
            );
        }
        for id in ids {
            let here = at(id);
            match kind_of(id) {
                None => report_unknown(diags, here, id),
                Some(kind) if !is_creature(kind) => diags.error(
                    file,
                    here,
                    format!("`{id}` is not a creature; a line holds creatures"),
                ),
                Some(_) => {}
            }
        }
    }
    for play in &scenario.plays {
        let here = at(&play.card);
        if kind_of(&play.card).is_none() {
            report_unknown(diags, here, &play.card);
        }
        if play.turn == 0 {
            diags.error(
                file,
                here,
                format!(
                    "the play of `{}` is on turn 0; turns are numbered from 1",
                    play.card
                ),
            );
        }
    }
}

/// Whether a card can stand in a line.
#[must_use]
pub fn is_creature(kind: CardKind) -> bool {
    !matches!(kind, CardKind::Artifact | CardKind::Spell)
}
