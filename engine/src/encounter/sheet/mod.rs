//! The printable encounter sheet a game master runs the fight from: one self-contained HTML file
//! (no scripts, no outside links, no style sheet — inline styles only) in plain words. Per
//! creature: its numbers as the engine starts them (Passives applied), its resources and
//! statuses, and each ability as the engine runs it for that creature (its Flavor and Upgrades
//! applied: the Hag's High Elemental Blast reads "6 Fire damage"); then the save-by-band table,
//! a status glossary, the map with coordinates and a legend, the turn order and the difficulty
//! estimate with its interval. Every piece of text from content is escaped.
//!
//! Numbers a test compares with the engine carry a `data-n="combatant.what"` attribute.

mod card;
pub mod doc;

use card::{ability_card, all_effects};

use crate::model::StatusKind;
use crate::rules::text::capitalise;

use super::ability::{AbilityTime, Effect};
use super::dice::DiceRule;
use super::difficulty::{Difficulty, EstimatePlan, PlayStyle, estimate_difficulty};
use super::file::{Encounter, EncounterContent};
use super::policy::SimulationReport;
use super::run::EncounterRun;
use super::state::Combatant;

pub use doc::{Block, Card, Line, MapCell, MapGrid, Sheet, Span, list_item, to_html};

/// Largest map side drawn on the sheet (a bigger map is cut, with a note).
const MAX_DRAWN_SIDE: i32 = 200;

/// The sheet's HTML, with the difficulty estimated as the encounter tab estimates it by default
/// ([`EstimatePlan::default`]).
#[must_use]
pub fn encounter_sheet(encounter: &Encounter, content: &EncounterContent) -> String {
    to_html(&encounter_sheet_content(
        encounter,
        content,
        EstimatePlan::default(),
    ))
}

/// Whether `path` names a PDF (its extension is `pdf`, in any case): the sheet is written as
/// PDF there and as HTML anywhere else.
#[must_use]
pub fn is_pdf_path(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pdf"))
}

/// Writes the sheet's content as a PDF's bytes. The engine has no PDF writer of its own: the
/// app hands in the render crate's (with the paper the user chose).
pub type PdfWriter<'a> =
    &'a dyn Fn(&Sheet) -> Result<Vec<u8>, Box<dyn std::error::Error + Send + Sync>>;

/// Why a sheet file was not written.
#[derive(Debug, thiserror::Error)]
pub enum SheetWriteError {
    /// A `.pdf` path, and no PDF writer was handed in.
    #[error("{0}: this build cannot write PDF sheets; use an .html path")]
    NoPdfWriter(String),
    /// The PDF writer failed.
    #[error("{path}: {source}")]
    Pdf {
        /// The file.
        path: String,
        /// Why.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The file system refused.
    #[error(transparent)]
    Write(#[from] crate::atomic::WriteError),
}

/// Writes `sheet` to `out` (atomically): a PDF through `pdf` when the path ends in `.pdf`
/// ([`is_pdf_path`]), HTML otherwise. The one place the command line and the editor's Export
/// sheet… choose the format.
///
/// # Errors
/// A `.pdf` path with no writer, the writer's failure, or the file system's refusal.
pub fn write_sheet_file(
    out: &std::path::Path,
    sheet: &Sheet,
    pdf: Option<PdfWriter<'_>>,
) -> Result<(), SheetWriteError> {
    let bytes = if is_pdf_path(out) {
        let pdf = pdf.ok_or_else(|| SheetWriteError::NoPdfWriter(out.display().to_string()))?;
        pdf(sheet).map_err(|source| SheetWriteError::Pdf {
            path: out.display().to_string(),
            source,
        })?
    } else {
        to_html(sheet).into_bytes()
    };
    crate::atomic::write_bytes_atomic(out, &bytes)?;
    Ok(())
}

/// The sheet's content (for the HTML, the PDF and the preview), with the difficulty estimated
/// over `plan`'s seeds: the plan the encounter tab shows, so the numbers are the tab's.
#[must_use]
pub fn encounter_sheet_content(
    encounter: &Encounter,
    content: &EncounterContent,
    plan: EstimatePlan,
) -> Sheet {
    let difficulty = estimate_difficulty(content, encounter, plan).ok();
    sheet_content(encounter, content, difficulty.as_ref())
}

/// The sheet's HTML with a given difficulty estimate (`None`: the sheet says it is missing).
#[must_use]
pub fn sheet_html(
    encounter: &Encounter,
    content: &EncounterContent,
    difficulty: Option<&Difficulty>,
) -> String {
    to_html(&sheet_content(encounter, content, difficulty))
}

/// The sheet's content with a given difficulty estimate (`None`: the sheet says it is missing).
#[must_use]
pub fn sheet_content(
    encounter: &Encounter,
    content: &EncounterContent,
    difficulty: Option<&Difficulty>,
) -> Sheet {
    let mut h = Sheet {
        title: encounter.name.clone(),
        blocks: Vec::new(),
    };
    let dice = content.dice_for(encounter);
    dice_section(&mut h, &dice);
    let start = EncounterRun::new(content, encounter, 0);
    // Creatures are named as the table and the logs name them (two of one name told apart as
    // "Goblin 1", "Goblin 2"), never by id.
    let names = start
        .as_ref()
        .map(crate::wording::encounter_names)
        .unwrap_or_default();
    difficulty_section(&mut h, difficulty, &names);
    match start {
        Ok(run) => {
            turn_order_section(&mut h, &run, &names);
            map_section(&mut h, encounter, &names);
            h.heading(2, "Creatures");
            for c in &run.combatants {
                creature_section(&mut h, c, &names, encounter, content, &dice);
            }
        }
        Err(err) => {
            h.blocks.push(Block::Paragraph(vec![Span {
                text: format!("This encounter cannot start: {err}."),
                strong: true,
                ..Span::default()
            }]));
            map_section(&mut h, encounter, &crate::wording::Names::default());
        }
    }
    save_table(&mut h, &dice);
    status_glossary(&mut h, content);
    h
}

/// "Low (6 or less)" and the like, from the dice rule.
fn band_labels(dice: &DiceRule) -> [(&'static str, String); 5] {
    [
        ("Critical Failure", "every kept die shows 1".to_owned()),
        ("Low", format!("{} or less", dice.low_max)),
        (
            "Mixed",
            format!("{} to {}", dice.low_max.saturating_add(1), dice.mixed_max),
        ),
        (
            "High",
            format!("{} or more", dice.mixed_max.saturating_add(1)),
        ),
        (
            "Critical Success",
            format!("every kept die shows {}", dice.sides),
        ),
    ]
}

fn dice_section(h: &mut Sheet, dice: &DiceRule) {
    let bands = band_labels(dice);
    h.para(format!(
        "Tests and Saves: roll {}d{} and add the modifier. {}. Each Advantage adds a die and \
         keeps the highest {}; each Disadvantage adds a die and keeps the lowest {}; they cancel \
         one for one.",
        dice.dice,
        dice.sides,
        bands
            .iter()
            .map(|(name, when)| format!("{name}: {when}"))
            .collect::<Vec<_>>()
            .join("; "),
        dice.dice,
        dice.dice
    ));
}

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn difficulty_section(h: &mut Sheet, d: Option<&Difficulty>, names: &crate::wording::Names) {
    h.heading(2, "Difficulty");
    let Some(d) = d else {
        h.para("No estimate: the encounter cannot be simulated.");
        return;
    };
    // The headline the encounter tab shows, its band word tagged for the sheet's number checks.
    let headline = d.headline();
    let rest = headline
        .strip_prefix(d.band.word())
        .unwrap_or(&headline)
        .to_owned();
    h.blocks.push(Block::Paragraph(vec![
        Span {
            text: d.band.word().to_owned(),
            strong: true,
            number: Some("difficulty.band".to_owned()),
            ..Span::default()
        },
        Span {
            text: rest,
            strong: true,
            ..Span::default()
        },
    ]));
    for style in PlayStyle::ALL {
        // The number keys predate the play styles' names: `difficulty` is the simple table.
        let key = match style {
            PlayStyle::Careful => "difficulty.careful",
            PlayStyle::Simple => "difficulty",
        };
        let label = format!("With {} ({})", style.label(), style.explanation());
        table_line(h, &label, key, d.table(style));
    }
    if !d.careful.drop_chance.is_empty() {
        let names: Vec<String> = d
            .careful
            .drop_chance
            .iter()
            .map(|(id, p)| format!("{} {}", names.name(id), percent(*p)))
            .collect();
        h.para(format!(
            "Chance each hero drops with careful play: {}.",
            names.join(", ")
        ));
    }
}

/// One table's estimate; its numbers carry the keys `{key}.win`, `.low` and `.high`.
fn table_line(h: &mut Sheet, label: &str, key: &str, d: &SimulationReport) {
    let line = vec![
        Span::plain(format!("{label}: the ")),
        Span {
            text: d.heroes.clone(),
            em: true,
            ..Span::default()
        },
        Span::plain(" side wins "),
        Span {
            text: percent(d.win_rate),
            strong: true,
            number: Some(format!("{key}.win")),
            ..Span::default()
        },
        Span::plain(format!(" of {} simulated fights (95% interval ", d.runs)),
        Span::number(format!("{key}.low"), percent(d.win_rate_low)),
        Span::plain(" to "),
        Span::number(format!("{key}.high"), percent(d.win_rate_high)),
        Span::plain(format!(
            "); {} ended with no winner; a fight lasts {:.1} rounds on average.",
            d.draws, d.average_rounds
        )),
    ];
    h.blocks.push(Block::Paragraph(line));
}

fn turn_order_section(h: &mut Sheet, run: &EncounterRun, names: &crate::wording::Names) {
    h.heading(2, "Turn order");
    let items = run
        .order
        .iter()
        .map(|i| {
            let c = &run.combatants[*i];
            vec![Span::plain(format!(
                "{}, side {}",
                names.name(&c.id),
                c.side
            ))]
        })
        .collect();
    h.blocks.push(Block::List {
        ordered: true,
        items,
    });
    h.para("Each creature gets its Beats back at the start of its turn.");
}

/// A creature's mark on the map: its side's initial and its number in the legend ("H1" a hero,
/// "F2" a foe), so the map itself shows who is on which side.
fn map_mark(side: &str, number: usize) -> String {
    let initial = side
        .chars()
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().collect());
    format!("{initial}{number}")
}

/// The map with a legend naming each creature and its side; `names` gives the names (none when
/// the encounter cannot start: ids stand in).
fn map_section(h: &mut Sheet, encounter: &Encounter, names: &crate::wording::Names) {
    let map = &encounter.map;
    let (w, ht) = (
        map.width.clamp(0, MAX_DRAWN_SIDE),
        map.height.clamp(0, MAX_DRAWN_SIDE),
    );
    h.heading(2, "Map");
    h.para(format!(
        "{} by {} cells of 1u; x counts across from 0, y counts down from 0; a diagonal step \
         is 1u.",
        map.width, map.height
    ));
    if w < map.width || ht < map.height {
        h.para(format!("Only the first {w} by {ht} cells are drawn."));
    }
    let mut cells = Vec::new();
    for y in 0..ht {
        for x in 0..w {
            let who = encounter
                .combatants
                .iter()
                .position(|c| c.position == (x, y));
            let wall = map.blocks((x, y));
            let cover = !wall && map.gives_cover((x, y));
            let label = match (wall, who) {
                (false, Some(i)) => map_mark(&encounter.combatants[i].side, i + 1),
                (false, None) if cover => "c".to_owned(),
                _ => String::new(),
            };
            cells.push(MapCell { wall, cover, label });
        }
    }
    h.blocks.push(Block::Map(MapGrid {
        width: w,
        height: ht,
        cells,
    }));
    h.para("Legend:");
    let mut items: Vec<Line> = encounter
        .combatants
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let name = names.name(&c.id);
            vec![Span::plain(format!(
                "{} = {name}, side {}, starts at x {}, y {}",
                map_mark(&c.side, i + 1),
                c.side,
                c.position.0,
                c.position.1
            ))]
        })
        .collect();
    items.push(vec![Span::plain(
        "dark cell = a wall: it blocks movement, sight and a Shape's flow",
    )]);
    items.push(vec![Span::plain(
        "light cell, c = cover: a creature standing there cannot be targeted at a non-True \
         Distance",
    )]);
    h.blocks.push(Block::List {
        ordered: false,
        items,
    });
}

fn creature_section(
    h: &mut Sheet,
    c: &Combatant,
    names: &crate::wording::Names,
    encounter: &Encounter,
    content: &EncounterContent,
    dice: &DiceRule,
) {
    let id = &c.id;
    h.heading(3, names.name(id).to_owned());
    h.para(format!(
        "Side {}, starts at x {}, y {}.",
        c.side, c.position.0, c.position.1
    ));
    // The GM must know this creature is not the one in the shared stat block file.
    if let (Some(change), Some(shared)) = (
        encounter.stat_block_change(&c.block.id),
        content.shared_creatures.get(&c.block.id),
    ) {
        h.para(format!(
            "Stat block changed for this encounter only: {}.",
            change.describe(shared, &content.abilities).join("; ")
        ));
    }
    let mut numbers: Vec<(String, String, String)> = vec![
        ("Health".into(), "health".into(), c.max_health.to_string()),
        (
            "Beats a turn".into(),
            "beats".into(),
            c.block.beats.to_string(),
        ),
        (
            "Speed".into(),
            "speed".into(),
            format!("{}u", c.block.speed),
        ),
        ("Level".into(), "level".into(), c.block.level.to_string()),
    ];
    for (stat, v) in &c.block.stats {
        numbers.push((stat.clone(), format!("stat.{stat}"), format!("{v:+}")));
    }
    let header = numbers.iter().map(|(label, _, _)| label.clone()).collect();
    let row = numbers
        .into_iter()
        .map(|(_, key, value)| Span::number(format!("{id}.{key}"), value))
        .collect();
    h.blocks.push(Block::Table {
        header,
        rows: vec![row],
    });
    if !c.block.tags.is_empty() {
        h.para(format!("Tags: {}.", c.block.tags.join(", ")));
    }
    let mut resources = vec![Span::plain("Resources: ")];
    for (i, (name, n)) in c.resources.iter().enumerate() {
        if i > 0 {
            resources.push(Span::plain(", "));
        }
        resources.push(Span::plain(format!("{name}: ")));
        resources.push(Span::number(format!("{id}.resource.{name}"), n.to_string()));
    }
    if c.resources.is_empty() {
        resources.push(Span::plain("none"));
    }
    resources.push(Span::plain("."));
    h.blocks.push(Block::Paragraph(resources));
    let statuses: Vec<String> = c
        .condition_list()
        .iter()
        .map(|(name, n)| format!("{name} ({n})"))
        .collect();
    h.para(format!(
        "Statuses at the start: {}.",
        if statuses.is_empty() {
            "none".to_owned()
        } else {
            statuses.join(", ")
        }
    ));
    let mut prepared: Vec<String> = Vec::new();
    for known in &c.block.abilities {
        let Some(base) = content.abilities.get(&known.id) else {
            continue;
        };
        let def = base.as_known(known);
        // Montages and Episodic abilities cannot be used in an encounter: not on its sheet.
        if matches!(def.time, AbilityTime::Montage | AbilityTime::Episodic) {
            continue;
        }
        ability_card(h, &c.id, &def, Some(known), base, content, dice);
        for effect in all_effects(&def) {
            if let Effect::Prepare { ability, .. } = effect
                && !prepared.contains(ability)
                && !c.block.abilities.iter().any(|k| &k.id == ability)
            {
                prepared.push(ability.clone());
            }
        }
    }
    for id_ in prepared {
        if let Some(def) = content.abilities.get(&id_) {
            ability_card(h, &c.id, def, None, def, content, dice);
        }
    }
}

fn save_table(h: &mut Sheet, dice: &DiceRule) {
    h.heading(2, "Saves by the Test's band");
    h.para(format!(
        "A Save is {}d{} plus the target's modifier and passes on {} or more. The Score of the \
         Test changes it:",
        dice.dice,
        dice.sides,
        dice.low_max.saturating_add(1)
    ));
    let rows = [
        ("Critical Failure", "passes automatically"),
        ("Low", "rolls with an Advantage"),
        ("Mixed", "rolls with no change"),
        ("High", "rolls with a Disadvantage"),
        ("Critical Success", "fails automatically"),
    ];
    h.blocks.push(Block::Table {
        header: vec!["The Test's band".to_owned(), "The target's Save".to_owned()],
        rows: rows
            .iter()
            .map(|(band, save)| vec![Span::plain(*band), Span::plain(*save)])
            .collect(),
    });
}

fn status_glossary(h: &mut Sheet, content: &EncounterContent) {
    h.heading(2, "Statuses");
    let mut terms = Vec::new();
    for s in content.conditions.values() {
        let kind = match s.kind {
            StatusKind::Fleeting => {
                "Fleeting: one stack goes at the end of each of the bearer's turns (a stack \
                 gained on its own turn stays until the end of its next turn)"
            }
            StatusKind::Persistent => "Persistent: the stacks stay until the end of the episode",
            StatusKind::Concentrating => {
                "one stack per active Concentration effect; taking damage or losing a Component \
                 of one forces a Focus Save with a Disadvantage per stack, and failing it ends \
                 them all"
            }
        };
        let mut parts = vec![kind.to_owned()];
        parts.extend(super::words::status_effect_words(s));
        if !s.summary.is_empty() {
            parts.push(s.summary.clone());
        }
        let sentences: Vec<String> = parts.iter().map(|p| capitalise(p)).collect();
        terms.push((s.name.clone(), sentences.join(". ")));
    }
    h.blocks.push(Block::Terms(terms));
}
