//! Encounters in the one sandbox panel: a step is an action (a script action or one policy
//! decision); the board is each combatant's state right after the selected event, and the map
//! shows the same moment. Simulate is the difficulty estimate (`encounter::estimate_difficulty`:
//! careful play and simple play on both sides, seeds 0..N−1 each, with the band word).

use egui::Ui;
use sigilforge_engine::core::Sandbox;
use sigilforge_engine::encounter::{
    Difficulty, Encounter, EncounterContent, EncounterRun, EstimatePlan, LogEntry, LogKind,
    PlayStyle, SimulationReport, estimate_difficulty,
};

use super::simulate::{Chart, ChartBar, OutcomeCount, Tally, Work};
use sigilforge_engine::wording::{Names, Worded as _, encounter_names};

use super::{Runner, SandboxCommand, Simulation, SystemSandbox};
use crate::encounters::builder::combatant_names;
use crate::encounters::sandbox::{KeptEstimate, Sandbox as EncounterSandbox, displayable};

/// "Heroes' win rate: 62.0% (95% interval 58.9%–65.0%)".
#[must_use]
pub fn win_rate_text(r: &SimulationReport) -> String {
    format!(
        "Heroes' win rate: {:.1}% (95% interval {:.1}%–{:.1}%)",
        r.win_rate * 100.0,
        r.win_rate_low * 100.0,
        r.win_rate_high * 100.0
    )
}

/// "bob drops in 12.0% of runs".
#[must_use]
pub fn drop_text(hero: &str, chance: f64) -> String {
    format!("{hero} drops in {:.1}% of runs", chance * 100.0)
}

/// "With careful play — heroes' win rate: 62.0% (95% interval 58.9%–65.0%)".
#[must_use]
pub fn table_win_rate_text(style: PlayStyle, r: &SimulationReport) -> String {
    format!("With {} — {}", style.label(), win_rate_text(r))
}

/// The encounter's simulation for the shared Simulate control. The estimate itself is kept in
/// `kept` with the encounter and content it was made from, so the sheet can use it instead of
/// simulating again ([`crate::encounters::Sandbox::estimate_for`]).
#[must_use]
pub fn encounter_work(
    enc: Encounter,
    content: EncounterContent,
    plan: EstimatePlan,
    kept: KeptEstimate,
) -> Work {
    Box::new(move |_, _| {
        let difficulty = estimate_difficulty(&content, &enc, plan)?;
        let tally = difficulty_tally(&difficulty, &combatant_names(&enc, &content));
        if let Ok(mut slot) = kept.lock() {
            *slot = Some((enc, content, difficulty));
        }
        Ok(tally)
    })
}

/// Both tables as the shared control shows them: the headline (band word and both win rates,
/// as the sheet and the A/B say them), the careful table's counts (labelled so), rounds and drop
/// chances (heroes by `names`), with each table's win rate and interval.
#[must_use]
pub fn difficulty_tally(d: &Difficulty, names: &Names) -> Tally {
    let mut tally = encounter_tally(&d.careful, names);
    tally.headline = Some(d.headline());
    // The counts are careful play's: said once, before the first.
    if let Some(first) = tally.outcomes.first_mut() {
        first.label = format!("With {}: {}", PlayStyle::Careful.label(), first.label);
    }
    let careful = win_rate_text(&d.careful);
    tally.lines.retain(|l| *l != careful);
    for (i, style) in PlayStyle::ALL.into_iter().enumerate() {
        tally
            .lines
            .insert(i, table_win_rate_text(style, d.table(style)));
    }
    tally
}

/// The engine's report as the shared control shows it: the heroes' wins, losses and draws, the
/// win rate with its interval, the average rounds, and each hero's chance to drop (named by
/// `names`, as the logs and the sheet name them) as a chart.
#[must_use]
pub fn encounter_tally(r: &SimulationReport, names: &Names) -> Tally {
    let lost = r.runs.saturating_sub(r.hero_wins).saturating_sub(r.draws);
    let outcomes = [
        ("Heroes win", r.hero_wins),
        ("Heroes lose", lost),
        ("Draw", r.draws),
    ]
    .into_iter()
    .map(|(label, count)| OutcomeCount {
        label: label.to_owned(),
        count: u64::from(count),
        example: None,
    })
    .collect();
    let mut lines = vec![
        win_rate_text(r),
        format!(
            "Average {:.1} rounds; a draw: time ran out or everyone dropped",
            r.average_rounds
        ),
    ];
    lines.extend(
        r.drop_chance
            .iter()
            .map(|(id, c)| drop_text(names.name(id), *c)),
    );
    let bars = r
        .drop_chance
        .iter()
        .enumerate()
        .map(|(i, (id, chance))| ChartBar {
            x: i as f64,
            name: Some(names.name(id).to_owned()),
            value: chance * 100.0,
            good: None,
            seed: None,
        })
        .collect();
    Tally {
        runs: u64::from(r.runs),
        headline: None,
        outcomes,
        lines,
        chart: Some(Chart {
            caption: "Each hero's chance to drop:".to_owned(),
            y_label: Some("drop chance %".to_owned()),
            bars,
        }),
    }
}

impl EncounterSandbox {
    fn entry(&self, i: usize) -> Option<&LogEntry> {
        self.run().and_then(|r| r.log().get(i))
    }

    /// The difficulty estimate is live: re-run once the quiet moment after an edit passed;
    /// picks up a finished run. True while one runs or is pending (keep repainting).
    pub fn poll_simulation(&mut self) -> bool {
        if self.simulation.take_due()
            && let Some((enc, content, _, _)) = &self.source
        {
            let work = encounter_work(
                enc.clone(),
                content.clone(),
                self.plan(),
                self.kept_estimate.clone(),
            );
            self.simulation.start(work);
        }
        self.simulation.poll()
    }
}

impl SystemSandbox for EncounterSandbox {
    fn step_word(&self) -> &'static str {
        "action"
    }

    fn steps(&self) -> usize {
        self.run().map_or(0, Sandbox::steps)
    }

    fn total_steps(&self) -> usize {
        self.runner.as_ref().map_or(0, Runner::total)
    }

    fn seed(&self) -> Option<u64> {
        Some(self.seed)
    }

    fn log_len(&self) -> usize {
        self.run().map_or(0, |r| r.log().len())
    }

    fn line(&self, i: usize) -> String {
        let Some(run) = self.run() else {
            return String::new();
        };
        self.entry(i)
            .map(|e| {
                let names = encounter_names(run);
                let who = e.actor.as_deref().map_or("-", |a| names.name(a));
                format!("r{} {who}: {}", e.round, displayable(&run.line(i)))
            })
            .unwrap_or_default()
    }

    fn cause(&self, i: usize) -> String {
        self.entry(i)
            .map(|_| self.run().map(|r| r.cause_line(i)).unwrap_or_default())
            .unwrap_or_default()
    }

    fn why(&self, i: usize) -> Vec<usize> {
        self.run().map(|r| Sandbox::why(r, i)).unwrap_or_default()
    }

    fn order(&self, i: usize) -> String {
        let Some(e) = self.entry(i) else {
            return String::new();
        };
        match e.kind {
            LogKind::Round | LogKind::TurnStart => {
                "Turn order: the encounter's turn_order, or file order, skipping anyone who has dropped; a round begins when the order comes round again."
            }
            LogKind::TurnEnd => {
                "A turn ends when its creature ends it or has nothing left to do; Fleeting stacks and spent Prepared abilities go then."
            }
            LogKind::Reaction => {
                "Reactions answer a trigger before it resolves, in turn order; a Reaction spends a Beat, a Free Reaction does not."
            }
            LogKind::Test | LogKind::Save | LogKind::Damage | LogKind::Healing => {
                "An ability resolves in its order: its Test, then each target's Save, then its effects, target by target."
            }
            LogKind::Start => {
                "It is this creature's turn: the script's next action, or its policy's choice."
            }
            LogKind::End => "The encounter ends at the first check where at most one side stands.",
            _ if e.cause.ability.is_some() => {
                "It comes with the ability being resolved, in the order the ability says."
            }
            _ => "The script's actions run in the order written; then the policies play.",
        }
        .to_owned()
    }

    fn outcome(&self) -> Option<String> {
        self.run().and_then(EncounterRun::outcome).map(|o| {
            let who = o.winner.as_deref().unwrap_or("nobody");
            format!("Over: {who} won in round {}: {}", o.rounds, o.reason)
        })
    }

    fn selected(&self) -> Option<usize> {
        self.runner.as_ref().and_then(Runner::selected)
    }

    fn board_ui(&self, ui: &mut Ui) {
        self.state_ui(ui);
    }

    fn simulation(&self) -> Option<&Simulation> {
        Some(&self.simulation)
    }

    fn apply(&mut self, command: &SandboxCommand) {
        // The encounter is copied for the job only when Simulate starts one, not every step.
        let source = &self.source;
        let kept = &self.kept_estimate;
        let simulated = self.simulation.apply(command, |runs| {
            let (enc, content, _, _) = source.as_ref()?;
            Some(encounter_work(
                enc.clone(),
                content.clone(),
                EstimatePlan::from(runs),
                kept.clone(),
            ))
        });
        if !simulated {
            self.run_control(command);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[test]
    fn the_tally_counts_losses_as_what_is_neither_a_win_nor_a_draw() {
        let report = SimulationReport {
            runs: 10,
            heroes: "heroes".into(),
            hero_wins: 6,
            draws: 1,
            win_rate: 0.6,
            win_rate_low: 0.31,
            win_rate_high: 0.83,
            average_rounds: 3.25,
            drop_chance: BTreeMap::from([("alice".into(), 0.3), ("bob".into(), 0.5)]),
        };
        let names = Names::new([("alice", "#Alice"), ("bob", "#Bob")]);
        let tally = encounter_tally(&report, &names);
        let counts: Vec<(&str, u64)> = tally
            .outcomes
            .iter()
            .map(|o| (o.label.as_str(), o.count))
            .collect();
        assert_eq!(counts, [("Heroes win", 6), ("Heroes lose", 3), ("Draw", 1)]);
        assert_eq!(tally.runs, 10);
        assert!(tally.lines.contains(&win_rate_text(&report)));
        assert!(tally.lines.contains(&drop_text("#Bob", 0.5)));
        let chart = tally.chart.unwrap();
        let bars: Vec<(Option<&str>, f64)> = chart
            .bars
            .iter()
            .map(|b| (b.name.as_deref(), b.value))
            .collect();
        assert_eq!(bars, [(Some("#Alice"), 30.0), (Some("#Bob"), 50.0)]);
    }
}
