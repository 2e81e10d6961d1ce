//! The rules sandbox for trading-card-style content (ChiAxis 19 and 22, Grand Archive
//! restrictions): rulers with zones, a champion, phases, priority and an effects stack;
//! activated, triggered, static and replacement abilities from `model::ability`; continuous
//! effects in timestamp order with the reasons for every characteristic.
//!
//! Entry points: [`cli::rules_command`] (the CLI), [`Game::new`] + [`Game::run_script`] (the
//! API), [`Game::characteristic_breakdown`] (why a stat is what it is), and
//! [`text::ability_text`] / [`text::card_ability_text`] / [`text::keyword_text`] (rules text
//! generated from structure), [`card_text::card_text_lines`] (a card's printed text).
//! `docs/rules/abilities-and-effects.md` maps each seed rule to the code and its test.

mod activation;
mod cache;
pub mod card_text;
pub mod cli;
mod combat;
mod contest;
mod costs;
mod effects;
pub mod event;
mod expect;
mod game;
mod keyword_actions;
pub mod names;
mod oneoff;
mod output;
mod query;
mod replace;
mod resolve;
pub mod run;
pub mod scenario;
mod script;
pub mod state;
mod statics;
pub mod text;
mod triggers;
mod turns;
mod view;
mod zones;

pub use combat::AttackView;
pub use event::{RulesAbility, RulesCause, RulesEvent};
pub use game::{Game, PHASES, PlayerState, SetupError};
pub use run::RulesRun;
pub use scenario::{Action, Expect, PlayerSetup, RulesScenario};
pub use state::{AbilityEntry, stat_key, stat_name};
pub use state::{Breakdown, BreakdownStep};

/// Sets up a scenario and runs its whole script, checking `At(step, ...)` expectations on the
/// way (the final ones are for [`Game::check`]).
pub fn run_scenario(scenario: &RulesScenario) -> Result<Game, SetupError> {
    let mut game = Game::new(scenario)?;
    game.run_checked(&scenario.script, &scenario.expect);
    Ok(game)
}

/// The file name of a folder's game profile: a `GameProfile(...)` in `profile.ron` applies
/// to the cards and rules scenarios in its folder and below (the nearest one wins), so one
/// pack can hold several games.
pub const PROFILE_FILE: &str = "profile.ron";

/// Reads the game profile a scenario follows when it is a file: its own `profile` naming a
/// `.ron` file (relative to `file`, the scenario file); with no `profile`, the nearest
/// [`PROFILE_FILE`] in its folder or above it within its pack, else the `profile` its pack's
/// `pack.ron` names. A profile that cannot be read is recorded at the `profile` value in
/// `source` (or at the file's start).
pub fn load_scenario_profile(
    scenario: &mut RulesScenario,
    source: &str,
    file: &std::path::Path,
    diags: &mut crate::diag::Diagnostics,
) {
    let here = file.parent().unwrap_or(std::path::Path::new("."));
    let path = match &scenario.profile {
        Some(name) if crate::model::profile::names_a_file(name) => here.join(name),
        Some(_) => return,
        None => match folder_profile(here) {
            FolderProfile::File(path) => path,
            FolderProfile::Named(name) => {
                scenario.profile = Some(name);
                return;
            }
            FolderProfile::None => return,
        },
    };
    match read_profile(&path) {
        Ok(profile) => scenario.profile_file = Some(profile),
        Err(why) => {
            let at = scenario
                .profile
                .as_deref()
                .map_or(crate::diag::Location::START, |p| {
                    crate::diag::locate_literal(source, p, 0)
                });
            diags.error(
                file,
                at,
                format!("game profile `{}`: {why}", path.display()),
            );
        }
    }
}

/// Where a folder's profile comes from.
enum FolderProfile {
    File(std::path::PathBuf),
    Named(String),
    None,
}

/// The nearest [`PROFILE_FILE`] from `dir` up to its pack's root, else the pack's own.
fn folder_profile(dir: &std::path::Path) -> FolderProfile {
    for d in dir.ancestors() {
        let candidate = d.join(PROFILE_FILE);
        if candidate.is_file() {
            return FolderProfile::File(candidate);
        }
        let manifest = d.join(crate::pack::MANIFEST_FILE);
        if manifest.is_file() {
            let named = std::fs::read_to_string(&manifest)
                .ok()
                .and_then(|t| ron::from_str::<crate::model::PackManifest>(&t).ok())
                .and_then(|m| m.profile);
            return match named {
                Some(n) if crate::model::profile::names_a_file(&n) => {
                    FolderProfile::File(d.join(n))
                }
                Some(n) => FolderProfile::Named(n),
                None => FolderProfile::None,
            };
        }
    }
    FolderProfile::None
}

/// The game profile a pack file follows (`path` relative to the pack's root): the nearest
/// [`PROFILE_FILE`] of the pack in its folder or above, else its manifest's `profile` (a
/// built-in name, or a `GameProfile` file of the pack). `None`: the pack names no game (the
/// battle-line starter cards). `Err` says why the profile named cannot be used.
#[must_use]
pub fn file_profile(
    pack: &crate::pack::Pack,
    path: &str,
) -> Option<Result<crate::model::GameProfile, ProfileError>> {
    use crate::model::GameProfile;
    let mut dir = std::path::Path::new(path).parent();
    while let Some(d) = dir {
        let candidate = d.join(PROFILE_FILE).to_string_lossy().replace('\\', "/");
        if let Some(f) = pack.file(&candidate) {
            return Some(match &f.content {
                crate::pack::Content::GameProfile(p) => Ok(p.as_ref().clone()),
                _ => Err(ProfileError::NotAProfile(candidate)),
            });
        }
        dir = d.parent();
    }
    let name = pack.manifest.profile.as_ref()?;
    if !crate::model::profile::names_a_file(name) {
        return Some(
            GameProfile::built_in(name).ok_or_else(|| ProfileError::Unknown(name.clone())),
        );
    }
    Some(match pack.file(name).map(|f| &f.content) {
        Some(crate::pack::Content::GameProfile(p)) => Ok(p.as_ref().clone()),
        Some(_) => Err(ProfileError::NotAProfile(name.clone())),
        None => Err(ProfileError::MissingFile(name.clone())),
    })
}

/// The game profile the pack as a whole follows (its root's [`PROFILE_FILE`] or manifest's
/// `profile`), else ChiAxis: what the editor's forms suggest.
pub fn pack_profile(pack: &crate::pack::Pack) -> Result<crate::model::GameProfile, ProfileError> {
    file_profile(pack, "pack.ron").unwrap_or_else(|| Ok(crate::model::GameProfile::chiaxis()))
}

/// Checks every pack card file that follows a game profile against it (what `validate` adds
/// for a pack of card-game content), each problem located in its file.
pub fn validate_pack_names(pack: &crate::pack::Pack, diags: &mut crate::diag::Diagnostics) {
    use crate::diag::locate_literal;
    for file in &pack.files {
        let path = pack.root.join(&file.path);
        if let crate::pack::Content::GameProfile(profile) = &file.content {
            for p in names::check_profile(profile) {
                // A name is a string in the file; a zone problem names its field
                // (`sacrificed_to`), whose value is a bare variant.
                let mut at = locate_literal(&file.source, &p.literal, 0);
                if at == crate::diag::Location::START {
                    at = crate::locate::field(&file.source, &p.literal);
                }
                diags.error(&path, at, p.message);
            }
        }
        let crate::pack::Content::Cards(set) = &file.content else {
            continue;
        };
        match file_profile(pack, &file.path) {
            None => {}
            Some(Err(why)) => diags.error(&path, crate::diag::Location::START, why.to_string()),
            Some(Ok(profile)) => {
                for p in names::check_cards(&profile, &set.cards) {
                    let at = locate_literal(&file.source, &p.literal, 0);
                    if p.warning {
                        diags.warning(&path, at, p.message);
                    } else {
                        diags.error(&path, at, p.message);
                    }
                }
            }
        }
    }
}

/// Why a game profile cannot be had for a pack or a scenario.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    /// The profile file could not be read from disk.
    #[error("cannot read: {0}")]
    Unreadable(String),
    /// The profile file is not valid `GameProfile(...)` RON.
    #[error("{0}")]
    Syntax(crate::diag::Diagnostic),
    /// The pack's file of that name holds something else (or has a syntax error).
    #[error("`{0}` is not a readable `GameProfile(...)` file")]
    NotAProfile(String),
    /// The pack names a file it does not have.
    #[error("the pack has no file `{0}`")]
    MissingFile(String),
    /// The name is neither a built-in profile nor a `.ron` file.
    #[error("unknown game profile `{0}`: name a built-in one ({built_in}) or a `.ron` file of the pack", built_in = crate::model::profile::BUILT_IN_PROFILES.join(", "))]
    Unknown(String),
}

/// Reads a `GameProfile(...)` file; the error says what is wrong and where.
fn read_profile(path: &std::path::Path) -> Result<crate::model::GameProfile, ProfileError> {
    let text =
        std::fs::read_to_string(path).map_err(|e| ProfileError::Unreadable(e.to_string()))?;
    crate::ron_io::parse_one(&text, path).map_err(ProfileError::Syntax)
}

/// Adds the cards and keywords of the scenario's `pack` (a folder relative to `file`, the
/// scenario file) under its inline ones. A missing folder is recorded at the `pack` value in
/// `source`; the pack's own problems are recorded in its files.
pub fn load_scenario_pack(
    scenario: &mut RulesScenario,
    source: &str,
    file: &std::path::Path,
    diags: &mut crate::diag::Diagnostics,
) {
    let Some(pack) = &scenario.pack else {
        return;
    };
    let dir = file
        .parent()
        .unwrap_or(std::path::Path::new("."))
        .join(pack);
    if !dir.join(crate::pack::MANIFEST_FILE).is_file() {
        diags.error(
            file,
            crate::diag::locate_literal(source, pack, 0),
            format!(
                "pack folder `{pack}` has no {}: not a pack",
                crate::pack::MANIFEST_FILE
            ),
        );
        return;
    }
    let mut pack_diags = crate::diag::Diagnostics::new();
    let loaded = crate::pack::load_pack(&dir, &mut pack_diags);
    for d in pack_diags
        .into_vec()
        .into_iter()
        .filter(|d| d.severity == crate::diag::Severity::Error)
    {
        diags.error(&d.file, d.location, d.message);
    }
    for (_, card) in loaded.cards() {
        scenario
            .cards
            .entry(card.id.clone())
            .or_insert_with(|| card.clone());
    }
    for (_, def) in loaded.keywords() {
        if !scenario.keywords.iter().any(|k| k.matches(&def.name)) {
            scenario.keywords.push(def.clone());
        }
    }
}
