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
mod contest;
mod effects;
pub mod event;
mod expect;
mod game;
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
