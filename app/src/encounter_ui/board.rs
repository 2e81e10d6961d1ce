//! What the sandbox and table mode draw from an engine state, in one place: a log line, a
//! combatant's state line, the map's tokens.

use sigilforge_engine::encounter::state::CombatantView;
use sigilforge_engine::encounter::{EncounterRun, LogEntry, StateView};

use super::map_view::Token;
use crate::sandbox::panel::CAUSE_ARROW;

/// One log line as the sandbox panel shows it: `#5 r1 hag: text  ⬅ by hag's Claw, after #3`.
#[must_use]
pub fn log_line(entry: &LogEntry) -> String {
    let who = entry.actor.as_deref().unwrap_or("-");
    let line = format!(
        "#{} r{} {who}: {}",
        entry.index,
        entry.round,
        displayable(&entry.text)
    );
    let cause = crate::sandbox::cause_text(&entry.cause);
    if cause.is_empty() {
        line
    } else {
        format!("{line}  {CAUSE_ARROW} {cause}")
    }
}

/// The engine's text with the arrows egui's default fonts lack swapped for ones they have.
#[must_use]
pub fn displayable(text: &str) -> String {
    text.replace('→', "➡").replace('←', CAUSE_ARROW)
}

/// A combatant's state line: `bob: 8/8 health, 2 Beats`.
#[must_use]
pub fn state_line(c: &CombatantView) -> String {
    let beats = if c.beats == 1 { "Beat" } else { "Beats" };
    let cover = if c.in_cover { ", behind cover" } else { "" };
    format!(
        "{}: {}/{} health, {} {beats}{cover}",
        c.id, c.health, c.max_health, c.beats
    )
}

/// Tokens for the map from a state of `run` (names from the stat blocks; everything shown).
#[must_use]
pub fn tokens_of(run: &EncounterRun, state: &StateView) -> Vec<Token> {
    state
        .combatants
        .iter()
        .map(|c| Token {
            id: c.id.clone(),
            name: run
                .combatant(&c.id)
                .map_or(c.id.clone(), |x| x.name.clone()),
            side: c.side.clone(),
            position: c.position,
            health: c.health,
            max_health: c.max_health,
            show_health: true,
            acting: state.turn.as_deref() == Some(c.id.as_str()),
            beats: Some(c.beats),
            detail: {
                let chips: Vec<String> = c
                    .conditions
                    .iter()
                    .map(|(n, s)| format!("{n} ×{s}"))
                    .collect();
                if chips.is_empty() {
                    state_line(c)
                } else {
                    format!("{}; {}", state_line(c), chips.join(", "))
                }
            },
        })
        .collect()
}
