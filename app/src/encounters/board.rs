//! What the sandbox and table mode draw from an engine state, in one place: a log line, a
//! combatant's state line, the map's tokens, a status's counter.

use sigilforge_engine::encounter::state::{Combatant, CombatantView, Stacks};
use sigilforge_engine::encounter::words::status_effect_words;
use sigilforge_engine::encounter::{EncounterContent, EncounterRun, LogEntry, StateView};
use sigilforge_engine::model::StatusKind;
use sigilforge_engine::wording::{Names, encounter_names};

use super::map_view::Token;
use crate::sandbox::panel::CAUSE_ARROW;

/// One log line as table mode shows it, in the wording layer's words (names for ids):
/// `#5 r1 The Hag: text  ⬅ by The Hag's Claw, after #3`.
#[must_use]
pub fn log_line(run: &EncounterRun, entry: &LogEntry) -> String {
    use sigilforge_engine::wording::Worded as _;
    let names = sigilforge_engine::wording::encounter_names(run);
    let who = entry.actor.as_deref().map_or("-", |a| names.name(a));
    let line = format!(
        "#{} r{} {who}: {}",
        entry.index,
        entry.round,
        displayable(&run.line(entry.index))
    );
    let cause = run.cause_line(entry.index);
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

/// A combatant's state line, by its display name: `#Bob: 8/8 health, 2 Beats`.
#[must_use]
pub fn state_line(c: &CombatantView, names: &Names) -> String {
    let beats = if c.beats == 1 { "Beat" } else { "Beats" };
    let cover = if c.in_cover { ", behind cover" } else { "" };
    format!(
        "{}: {}/{} health, {} {beats}{cover}",
        names.name(&c.id),
        c.health,
        c.max_health,
        c.beats
    )
}

/// Tokens for the map from a state of `run` (names from the stat blocks; everything shown).
#[must_use]
pub fn tokens_of(run: &EncounterRun, state: &StateView) -> Vec<Token> {
    let names = encounter_names(run);
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
            waiting: None,
            statuses: c.conditions.iter().map(|(n, s)| (n.clone(), *s)).collect(),
            hidden: run.is_hidden(&c.id),
            detail: {
                let chips: Vec<String> = c
                    .conditions
                    .iter()
                    .map(|(n, s)| format!("{n} ×{s}"))
                    .collect();
                if chips.is_empty() {
                    state_line(c, &names)
                } else {
                    format!("{}; {}", state_line(c, &names), chips.join(", "))
                }
            },
        })
        .collect()
}

/// How a status's stacks go, in words, for its counter: `fleeting: 1 goes at the end of #Bob's
/// turn` (`who` is the bearer's display name).
#[must_use]
pub fn status_counter(who: &str, stacks: Stacks, kind: StatusKind) -> String {
    match kind {
        StatusKind::Fleeting => {
            let settled = stacks.stacks.saturating_sub(stacks.fresh);
            if settled > 0 {
                format!("fleeting: 1 goes at the end of {who}'s turn")
            } else {
                format!(
                    "fleeting: gained on {who}'s own turn, it stays until the end of its next turn"
                )
            }
        }
        StatusKind::Persistent => "persistent: lasts until the end of the episode".to_owned(),
        StatusKind::Concentrating => "one per active Concentration effect".to_owned(),
    }
}

/// Every status of a creature (`bearer` is its display name) with its counter and what it does:
/// `Vulnerable ×2 (fleeting: …)`; Concentrating included.
#[must_use]
pub fn status_lines(who: &Combatant, bearer: &str, content: &EncounterContent) -> Vec<String> {
    let mut out: Vec<String> = who
        .statuses
        .iter()
        .filter(|(_, s)| s.stacks > 0)
        .map(|(name, s)| {
            let def = content.conditions.get(name);
            let kind = def.map_or(StatusKind::Fleeting, |d| d.kind);
            let mut what = vec![status_counter(bearer, *s, kind)];
            what.extend(def.map(status_effect_words).unwrap_or_default());
            format!("{name} ×{} ({})", s.stacks, what.join("; "))
        })
        .collect();
    if !who.concentration.is_empty() {
        out.push(format!(
            "Concentrating ×{} ({})",
            who.concentration.len(),
            status_counter(bearer, Stacks::default(), StatusKind::Concentrating)
        ));
    }
    out
}
