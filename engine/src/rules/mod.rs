//! The rules sandbox for trading-card-style content (ChiAxis 19 and 22, Grand Archive
//! restrictions): rulers with zones, a champion, phases, priority and an effects stack;
//! activated, triggered, static and replacement abilities from `model::ability`; continuous
//! effects in timestamp order with the reasons for every characteristic.
//!
//! Entry points: [`cli::rules_command`] (the CLI), [`Game::new`] + [`Game::run_script`] (the
//! API), [`Game::characteristic_breakdown`] (why a stat is what it is), and
//! [`text::ability_text`] / [`text::card_ability_text`] / [`text::keyword_text`] (rules text
//! generated from structure).
//! `docs/rules/abilities-and-effects.md` maps each seed rule to the code and its test.

mod activation;
mod cache;
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

/// Adds the cards and keywords of the scenario's `pack` (a folder relative to `base`, the
/// scenario file's folder) under its inline ones. `Err` is the pack's first problem, located.
pub fn load_scenario_pack(
    scenario: &mut RulesScenario,
    base: &std::path::Path,
) -> Result<(), String> {
    let Some(pack) = &scenario.pack else {
        return Ok(());
    };
    let mut diags = crate::diag::Diagnostics::new();
    let loaded = crate::pack::load_pack(&base.join(pack), &mut diags);
    if let Some(problem) = diags
        .iter()
        .find(|d| d.severity == crate::diag::Severity::Error)
    {
        return Err(problem.to_string());
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
    Ok(())
}
