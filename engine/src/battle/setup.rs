//! From a scenario (and its content) to a ready-to-run [`BattleSetup`]: card ids resolved,
//! every problem located in the file it is written in.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diag::{Diagnostics, Location, locate_literal};
use crate::model::{BattleScenario, Player};

use super::content::{BattleContent, Origin};
use super::program::{CardIdx, Program};

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
/// What `battle` and `simulate` run; `Err` holds every problem found, located.
pub fn load_scenario_file(path: &Path) -> Result<(BattleScenario, BattleSetup), LoadError> {
    let mut diags = Diagnostics::new();
    let loaded = match std::fs::read_to_string(path) {
        Ok(source) => load_scenario_source(&source, path, &mut diags),
        Err(err) => {
            diags.error(path, Location::START, format!("cannot read: {err}"));
            None
        }
    };
    match loaded {
        Some(loaded) if !diags.has_errors() => Ok(loaded),
        _ => Err(LoadError(diags)),
    }
}

/// Every check `battle` runs on a scenario's text (`path` names it and anchors its `pack`):
/// the RON, its pack, the compiled content and the scenario's own references. Records every
/// problem in `diags` (it goes on past a typo'd field, so one pass reports them all) and gives
/// the scenario with its setup when there were none.
pub fn load_scenario_source(
    source: &str,
    path: &Path,
    diags: &mut Diagnostics,
) -> Option<(BattleScenario, BattleSetup)> {
    load_scenario_with(source, path, &mut PackCache::default(), diags)
}

/// [`load_scenario_source`] with the packs the scenarios name read and compiled once for a
/// whole run of scenarios (`validate` and `test` of a pack folder): the same checks, the same
/// problems in the same order, the pack's cost paid once instead of once per scenario.
pub fn load_scenario_with(
    source: &str,
    path: &Path,
    packs: &mut PackCache,
    diags: &mut Diagnostics,
) -> Option<(BattleScenario, BattleSetup)> {
    let mut found = Diagnostics::new();
    let loaded = resolve_source(source, path, packs, Want::Setup, &mut found);
    let clean = !found.has_errors();
    diags.extend(found);
    loaded.filter(|_| clean)
}

/// Records every problem [`load_scenario_source`] finds (the checks `battle` refuses a
/// scenario for), without building the setup a battle would run.
pub fn check_scenario_source(
    source: &str,
    path: &Path,
    packs: &mut PackCache,
    diags: &mut Diagnostics,
) {
    // Nothing but the problems is wanted: `Want::Problems` builds no setup.
    let _ = resolve_source(source, path, packs, Want::Problems, diags);
}

/// Pack folders named by scenarios, each read and compiled once (by the folder as the
/// scenario's `pack` joins it, so every problem names its files exactly as a lone run would).
#[derive(Debug, Default)]
pub struct PackCache {
    packs: BTreeMap<PathBuf, Arc<CompiledPack>>,
    standard: Option<Arc<CompiledPack>>,
}

/// A pack folder's battle content (with the standard library) and what compiling it gives.
#[derive(Debug)]
struct CompiledPack {
    content: BattleContent,
    /// Problems reading the folder's card and keyword files.
    read: Diagnostics,
    /// The content compiled, for scenarios that define no cards of their own.
    program: Program,
    /// Problems compiling it.
    compiled: Diagnostics,
}

impl CompiledPack {
    fn new(content: BattleContent, read: Diagnostics) -> Self {
        let mut compiled = Diagnostics::new();
        let program = content.compile(&mut compiled);
        Self {
            content,
            read,
            program,
            compiled,
        }
    }
}

impl PackCache {
    fn standard(&mut self) -> Arc<CompiledPack> {
        Arc::clone(self.standard.get_or_insert_with(|| {
            Arc::new(CompiledPack::new(
                BattleContent::standard(),
                Diagnostics::new(),
            ))
        }))
    }

    fn pack(&mut self, dir: &Path) -> Arc<CompiledPack> {
        Arc::clone(self.packs.entry(dir.to_owned()).or_insert_with(|| {
            let mut content = BattleContent::standard();
            let mut read = Diagnostics::new();
            content.add_pack_dir(dir, &mut read);
            Arc::new(CompiledPack::new(content, read))
        }))
    }
}

/// What a caller of [`resolve_source`] wants past the problems.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    /// The setup a battle runs.
    Setup,
    /// Only the problems.
    Problems,
}

fn resolve_source(
    source: &str,
    path: &Path,
    packs: &mut PackCache,
    want: Want,
    diags: &mut Diagnostics,
) -> Option<(BattleScenario, BattleSetup)> {
    let scenario = crate::ron_io::parse::<BattleScenario>(source, path, diags)?;
    let mut compiled = None;
    if let Some(pack) = &scenario.pack {
        let dir = path.parent().unwrap_or(Path::new(".")).join(pack);
        if dir.join(crate::pack::MANIFEST_FILE).is_file() {
            let pack = packs.pack(&dir);
            diags.extend(pack.read.clone());
            compiled = Some(pack);
        } else if dir.is_dir() {
            // Only a pack is read: any other folder (`/`, a home folder) could be a walk
            // through the whole disk.
            diags.error(
                path,
                locate_literal(source, pack, 0),
                format!(
                    "pack folder `{}` has no {}: not a pack",
                    dir.display(),
                    crate::pack::MANIFEST_FILE
                ),
            );
        } else {
            diags.error(
                path,
                locate_literal(source, pack, 0),
                format!("pack folder `{}` not found", dir.display()),
            );
        }
    }
    let compiled = compiled.unwrap_or_else(|| packs.standard());
    let program = if scenario.cards.is_empty() {
        // The scenario adds nothing to its pack: the pack's program is the battle's.
        diags.extend(compiled.compiled.clone());
        Cow::Borrowed(&compiled.program)
    } else {
        Cow::Owned(compile_with_inline(
            &compiled.content,
            &scenario,
            path,
            source,
            diags,
        ))
    };
    check_refs(&program, &scenario, path, source, diags);
    if diags.has_errors() || want == Want::Problems {
        return None;
    }
    let setup = finish_setup(program.into_owned(), &scenario);
    Some((scenario, setup))
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
    let program = compile_with_inline(content, scenario, file, source, diags);
    check_refs(&program, scenario, file, source, diags);
    if diags.has_errors() {
        return None;
    }
    Some(finish_setup(program, scenario))
}

/// `content` plus the scenario's own cards (`cards: {..}`, replacing pack cards of the same
/// id), compiled.
fn compile_with_inline(
    content: &BattleContent,
    scenario: &BattleScenario,
    file: &Path,
    source: &str,
    diags: &mut Diagnostics,
) -> Program {
    let mut content = content.clone();
    let origin = Origin::new(PathBuf::from(file), source);
    for (id, card) in &scenario.cards {
        let mut card = card.clone();
        card.id.clone_from(id);
        content.add_card(card, origin.clone());
    }
    content.compile(diags)
}

/// The scenario's references (slots, line sizes, cards, plays) against the compiled content.
fn check_refs(
    program: &Program,
    scenario: &BattleScenario,
    file: &Path,
    source: &str,
    diags: &mut Diagnostics,
) {
    crate::content_check::check_scenario_refs(
        scenario,
        source,
        file,
        |id| {
            program
                .card_index(id)
                .map(|c| program.cards[c as usize].kind)
        },
        &crate::content_check::AsWritten,
        diags,
    );
}

/// The setup of a scenario whose every reference was checked against `program`.
fn finish_setup(program: Program, scenario: &BattleScenario) -> BattleSetup {
    // Every id was checked, so the lookups below find their cards.
    let index = |id: &str| program.card_index(id).unwrap_or_default();
    let lines = [&scenario.a, &scenario.b].map(|ids| ids.iter().map(|id| index(id)).collect());
    let mut plays: Vec<Play> = scenario
        .plays
        .iter()
        .map(|play| Play {
            turn: play.turn,
            player: u8::from(play.player == Player::B),
            card: index(&play.card),
            target: play.target.map(|t| t.saturating_sub(1).min(255) as u8),
        })
        .collect();
    plays.sort_by_key(|p| (p.turn, p.player));
    let slots = scenario.slots as usize;
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
    BattleSetup {
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
    }
}
