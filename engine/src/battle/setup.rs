//! From a scenario (and its content) to a ready-to-run [`BattleSetup`]: card ids resolved,
//! every problem located in the file it is written in.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diag::{Diagnostics, Location, locate_literal};
use crate::model::{BattleScenario, Player};

use super::content::{BattleContent, Origin, is_creature};
use super::program::{CardIdx, MAX_SLOTS, Program};

/// A scheduled play with its card resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Play {
    /// The turn.
    pub turn: u32,
    /// Who plays: 0 = A, 1 = B.
    pub player: u8,
    /// The card.
    pub card: CardIdx,
    /// The target slot (0-based), if given.
    pub target: Option<u8>,
}

/// A scenario, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The scenario's name.
    pub name: String,
    /// Starting lines, slot 1 first.
    pub lines: [Vec<CardIdx>; 2],
    /// Plays sorted by turn, A's before B's, then as listed.
    pub plays: Vec<Play>,
    /// Starting life.
    pub life: i32,
    /// Line length.
    pub slots: usize,
    /// Last turn.
    pub max_turns: u32,
    /// The scenario's seed.
    pub seed: u64,
}

/// Compiled content plus a resolved scenario: everything [`super::Battle::new`] needs.
#[derive(Debug, Clone)]
pub struct BattleSetup {
    /// The compiled content.
    pub program: Arc<Program>,
    /// The resolved scenario.
    pub setup: Arc<Setup>,
}

/// Errors loading a scenario: every problem found, located.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{}", first_line(.0))]
pub struct LoadError(pub Diagnostics);

fn first_line(d: &Diagnostics) -> String {
    d.iter().next().map_or_else(
        || "could not load the scenario".to_owned(),
        ToString::to_string,
    )
}

/// Reads a scenario file, its pack (if any) and the standard library, and resolves everything.
pub fn load_scenario_file(path: &Path) -> Result<(BattleScenario, BattleSetup), LoadError> {
    let mut diags = Diagnostics::new();
    let source = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(err) => {
            diags.error(path, Location::START, format!("cannot read: {err}"));
            return Err(LoadError(diags));
        }
    };
    let Some(scenario) = crate::ron_io::parse::<BattleScenario>(&source, path, &mut diags) else {
        return Err(LoadError(diags));
    };
    if diags.has_errors() {
        return Err(LoadError(diags));
    }
    let mut content = BattleContent::standard();
    if let Some(pack) = &scenario.pack {
        let dir = path.parent().unwrap_or(Path::new(".")).join(pack);
        if dir.is_dir() {
            content.add_pack_dir(&dir, &mut diags);
        } else {
            diags.error(
                path,
                locate_literal(&source, pack, 0),
                format!("pack folder `{}` not found", dir.display()),
            );
        }
    }
    let setup = prepare_with_source(&content, &scenario, path, &source, &mut diags);
    match setup {
        Some(s) if !diags.has_errors() => Ok((scenario, s)),
        _ => Err(LoadError(diags)),
    }
}

/// Resolves a scenario against content (for the sandbox, where the scenario is in memory).
/// `file` and `source` locate problems; pass the scenario's own text if there is one.
pub fn prepare(
    content: &BattleContent,
    scenario: &BattleScenario,
) -> Result<BattleSetup, LoadError> {
    let mut diags = Diagnostics::new();
    let source = crate::ron_io::to_canonical("BattleScenario", scenario).unwrap_or_default();
    let setup = prepare_with_source(
        content,
        scenario,
        Path::new("scenario.ron"),
        &source,
        &mut diags,
    );
    match setup {
        Some(s) if !diags.has_errors() => Ok(s),
        _ => Err(LoadError(diags)),
    }
}

fn prepare_with_source(
    content: &BattleContent,
    scenario: &BattleScenario,
    file: &Path,
    source: &str,
    diags: &mut Diagnostics,
) -> Option<BattleSetup> {
    let mut content = content.clone();
    let origin = Origin::new(PathBuf::from(file), source);
    for (id, card) in &scenario.cards {
        let mut card = card.clone();
        card.id.clone_from(id);
        content.add_card(card, origin.clone());
    }
    let program = content.compile(diags);
    let at = |text: &str| locate_literal(source, text, 0);
    if scenario.slots as usize > MAX_SLOTS || scenario.slots == 0 {
        let offset = source.find("slots").unwrap_or(0);
        diags.error(
            file,
            Location::of_offset(source, offset),
            format!("slots must be 1 to {MAX_SLOTS}, not {}", scenario.slots),
        );
        return None;
    }
    let slots = scenario.slots as usize;
    let mut lines = [Vec::new(), Vec::new()];
    for (side, ids) in [&scenario.a, &scenario.b].into_iter().enumerate() {
        if ids.len() > slots {
            diags.error(
                file,
                Location::START,
                format!(
                    "line {} has {} creatures but only {slots} slots",
                    ["a", "b"][side],
                    ids.len()
                ),
            );
        }
        for id in ids {
            match program.card_index(id) {
                Some(c) if is_creature(program.cards[c as usize].kind) => lines[side].push(c),
                Some(_) => diags.error(
                    file,
                    at(id),
                    format!("`{id}` is not a creature; a line holds creatures"),
                ),
                None => diags.error(file, at(id), format!("unknown card id `{id}`")),
            }
        }
    }
    let mut plays = Vec::new();
    for play in &scenario.plays {
        let Some(card) = program.card_index(&play.card) else {
            diags.error(
                file,
                at(&play.card),
                format!("unknown card id `{}`", play.card),
            );
            continue;
        };
        plays.push(Play {
            turn: play.turn,
            player: u8::from(play.player == Player::B),
            card,
            target: play.target.map(|t| t.saturating_sub(1).min(255) as u8),
        });
    }
    plays.sort_by_key(|p| (p.turn, p.player));
    if diags.has_errors() {
        return None;
    }
    // The hot path's shortcuts depend on which static abilities can be in play: narrow them
    // from the whole library to what this battle's cards can bring.
    let mut program = program;
    let in_play = program.reachable_keywords(
        lines
            .iter()
            .flatten()
            .copied()
            .chain(plays.iter().map(|p| p.card)),
    );
    program.set_static_flags(|k| in_play[k as usize]);
    Some(BattleSetup {
        program: Arc::new(program),
        setup: Arc::new(Setup {
            name: scenario.name.clone(),
            lines,
            plays,
            life: scenario.life,
            slots,
            max_turns: scenario.max_turns,
            seed: scenario.seed,
        }),
    })
}
