//! Reading a CSV of cards back: every cell checked, the changes it would make planned.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::damage::{lost_leading_zeros, text_damage};
use super::sniff::{Encoding, decode, delimiter_name, sniff_delimiter};
use super::{
    CLASSES_COLUMN, COLUMNS, CardChange, CellError, ImportPlan, LIST_SEPARATOR, STAT_PREFIX,
};
use crate::model::{Card, CardKind, KeywordDef};
use crate::pack::{Content, Pack};

/// Reads a CSV file's bytes against `pack`: the encoding and delimiter sniffed
/// ([`super::sniff::decode`], said in the plan's notes when not UTF-8 and comma), then
/// [`plan_import`].
pub fn plan_import_bytes(pack: &Pack, bytes: &[u8]) -> Result<ImportPlan, Vec<CellError>> {
    let decoded = decode(bytes);
    let mut plan = plan_with(pack, &decoded.text, decoded.delimiter)?;
    match decoded.encoding {
        Encoding::Utf8 => {}
        Encoding::Utf16 => plan
            .notes
            .insert(0, "read as UTF-16 (it starts with a UTF-16 byte order mark)".into()),
        Encoding::Windows1252 => plan.notes.insert(
            0,
            "read as Windows-1252: the file is not UTF-8 (Excel's \"CSV\" on Windows writes this; \"CSV UTF-8\" keeps every character)".into(),
        ),
    }
    Ok(plan)
}

/// Reads `text` (a CSV of cards, comma, semicolon or tab separated) against `pack`: the
/// changes it would make with the cells a spreadsheet probably damaged, or every problem.
pub fn plan_import(pack: &Pack, text: &str) -> Result<ImportPlan, Vec<CellError>> {
    plan_with(
        pack,
        text,
        sniff_delimiter(text.trim_start_matches(super::BOM)),
    )
}

fn plan_with(pack: &Pack, text: &str, delimiter: u8) -> Result<ImportPlan, Vec<CellError>> {
    let text = text.trim_start_matches(super::BOM);
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => return Err(vec![csv_error(&e)]),
        None => {
            return Err(vec![CellError {
                row: 1,
                column: 1,
                message: "the file is empty; the first row must name the columns (at least `id`)"
                    .into(),
            }]);
        }
    };
    let columns = read_header(&header, &mut errors);
    let Some(id_col) = columns.iter().position(|c| matches!(c, Column::Id)) else {
        errors.push(CellError {
            row: 1,
            column: 1,
            message: format!("no `id` column (columns are: {})", COLUMNS.join(", ")),
        });
        return Err(errors);
    };
    let known = crate::pack::validate::keyword_index(pack, &mut crate::diag::Diagnostics::new());
    let first_card_file = pack
        .files
        .iter()
        .find(|f| matches!(f.content, Content::Cards(_)))
        .map(|f| f.path.clone());
    let mut plan = ImportPlan::default();
    if delimiter != b',' {
        plan.notes
            .push(format!("{}-separated", delimiter_name(delimiter)));
    }
    let mut seen: BTreeMap<String, u64> = BTreeMap::new();
    let mut appended: BTreeMap<String, usize> = BTreeMap::new();
    for record in records {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                errors.push(csv_error(&e));
                continue;
            }
        };
        // A spreadsheet's row is the record's number (a quoted cell may span lines).
        let row = record.position().map_or(0, |p| p.record() + 1);
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let mut at = |column: usize, message: String| {
            errors.push(CellError {
                row,
                column: column + 1,
                message,
            });
        };
        if record.len() > columns.len() {
            at(
                columns.len(),
                format!(
                    "this row has {} cells but the header names {} columns",
                    record.len(),
                    columns.len()
                ),
            );
            continue;
        }
        let id = record.get(id_col).unwrap_or("").trim().to_owned();
        if id.is_empty() {
            at(id_col, "the id is empty".into());
            continue;
        }
        let mut warn = |column: usize, message: String| {
            warnings.push(CellError {
                row,
                column: column + 1,
                message,
            });
        };
        if let Some(first) = seen.insert(id.clone(), row) {
            at(id_col, format!("id `{id}` is also on row {first}"));
            continue;
        }
        let existing = pack
            .files
            .iter()
            .filter_map(|f| match &f.content {
                Content::Cards(set) => Some((f, set)),
                _ => None,
            })
            .find_map(|(f, set)| {
                set.cards
                    .iter()
                    .position(|c| c.id == id)
                    .map(|i| (f.path.clone(), i, &set.cards[i], set.cards.len()))
            });
        let mut card = existing.as_ref().map_or_else(
            || Card {
                id: id.clone(),
                ..Card::default()
            },
            |(_, _, c, _)| (*c).clone(),
        );
        if existing.is_none() {
            // `7` for a card `007`: the spreadsheet dropped the zeros and the row would add
            // a new card.
            if let Some((_, twin)) = pack.cards().find(|(_, c)| lost_leading_zeros(&c.id, &id)) {
                warn(
                    id_col,
                    format!(
                        "id `{id}` is not in the pack but `{}` is: a spreadsheet dropped its leading zeros (format the column as text); this row would add a new card",
                        twin.id
                    ),
                );
            } else if let Some(message) = text_damage(&id, None) {
                warn(id_col, message);
            }
        }
        let before = existing.as_ref().map(|(_, _, c, _)| *c);
        let mut file_cell: Option<String> = None;
        for (col, kind) in columns.iter().enumerate() {
            let Some(cell) = record.get(col) else {
                continue;
            };
            // A new card's cell has nothing to compare with (`was` is `None`): only the
            // damage that shows on its own (a formula error, a date, garbled letters).
            if let Some(was) = text_of(kind, before, cell)
                && let Some(message) = text_damage(cell, was.as_deref())
            {
                warn(col, message);
            }
            if let Err(problem) = apply_cell(&mut card, kind, cell, &known, &mut file_cell) {
                at(col, problem.to_string());
            }
        }
        if let Some((path, index, before, _)) = existing {
            if let Some(file) = file_cell.filter(|f| !f.is_empty() && *f != path) {
                let col = columns
                    .iter()
                    .position(|c| matches!(c, Column::File))
                    .unwrap_or(0);
                at(
                    col,
                    format!(
                        "card `{id}` is in `{path}`; moving it to `{file}` is not supported (edit the file cell only for new cards)"
                    ),
                );
                continue;
            }
            if before == &card {
                plan.unchanged += 1;
            } else {
                plan.changes.push(CardChange {
                    file: path,
                    index,
                    before: Some(before.clone()),
                    after: card,
                });
            }
        } else {
            let Some(file) = file_cell
                .filter(|f| !f.is_empty())
                .or_else(|| first_card_file.clone())
            else {
                at(
                    id_col,
                    "the pack has no card file to add this card to; name one in the `file` column"
                        .into(),
                );
                continue;
            };
            let Some(len) = pack.file(&file).and_then(|f| match &f.content {
                Content::Cards(set) => Some(set.cards.len()),
                _ => None,
            }) else {
                let col = columns
                    .iter()
                    .position(|c| matches!(c, Column::File))
                    .unwrap_or(id_col);
                at(col, format!("`{file}` is not a card file of this pack"));
                continue;
            };
            let slot = appended.entry(file.clone()).or_insert(len);
            plan.changes.push(CardChange {
                file,
                index: *slot,
                before: None,
                after: card,
            });
            *slot += 1;
        }
    }
    plan.not_in_sheet = pack
        .cards()
        .filter(|(_, c)| !seen.contains_key(&c.id))
        .count();
    if errors.is_empty() {
        warnings.sort();
        plan.warnings = warnings;
        Ok(plan)
    } else {
        errors.sort();
        Err(errors)
    }
}

/// A column of the sheet.
#[derive(Debug, Clone, PartialEq)]
enum Column {
    File,
    Id,
    Name,
    Kind,
    Element,
    Cost,
    Attack,
    Life,
    Tribes,
    Classes,
    Tags,
    Keywords,
    Text,
    Art,
    Abilities,
    Stat(String),
}

fn read_header(header: &csv::StringRecord, errors: &mut Vec<CellError>) -> Vec<Column> {
    let mut seen = BTreeSet::new();
    let mut columns = Vec::new();
    for (i, name) in header.iter().enumerate() {
        let name = name.trim().trim_start_matches('\u{feff}');
        let column = match name.to_ascii_lowercase().as_str() {
            "file" => Column::File,
            "id" => Column::Id,
            "name" => Column::Name,
            "kind" => Column::Kind,
            "element" => Column::Element,
            "cost" => Column::Cost,
            "attack" => Column::Attack,
            "life" => Column::Life,
            "tribes" => Column::Tribes,
            CLASSES_COLUMN => Column::Classes,
            "tags" => Column::Tags,
            "keywords" => Column::Keywords,
            "text" => Column::Text,
            "art" => Column::Art,
            "abilities" => Column::Abilities,
            lower if lower.starts_with(STAT_PREFIX) && name.len() > STAT_PREFIX.len() => {
                Column::Stat(name[STAT_PREFIX.len()..].trim().to_owned())
            }
            _ => {
                errors.push(CellError {
                    row: 1,
                    column: i + 1,
                    message: format!(
                        "unknown column `{name}` (columns are: {}, {CLASSES_COLUMN}, and {STAT_PREFIX}NAME for a stat)",
                        COLUMNS.join(", ")
                    ),
                });
                Column::File
            }
        };
        if !seen.insert(format!("{column:?}")) {
            errors.push(CellError {
                row: 1,
                column: i + 1,
                message: format!("column `{name}` appears twice"),
            });
        }
        columns.push(column);
    }
    columns
}

/// For a text column: `Some(what the card holds, as the export writes it)` (`Some(None)` for
/// a new card); `None` for numbers, the file and abilities, which are checked as they are
/// read.
#[allow(clippy::option_option)]
fn text_of(column: &Column, card: Option<&Card>, cell: &str) -> Option<Option<String>> {
    let value = |card: &Card| -> Option<String> {
        Some(match column {
            Column::Name => card.name.clone(),
            Column::Element => card.element.clone().unwrap_or_default(),
            Column::Tribes => card.tribes.join(LIST_SEPARATOR),
            Column::Classes => card.classes.join(LIST_SEPARATOR),
            Column::Tags => card.tags.join(LIST_SEPARATOR),
            Column::Keywords => card.keywords.join(LIST_SEPARATOR),
            Column::Text => card.text.clone(),
            Column::Art => card.art.clone().unwrap_or_default(),
            Column::Kind => card.kind.name().to_owned(),
            _ => return None,
        })
    };
    match card {
        Some(c) => value(c).map(Some),
        // Numbers are checked as numbers; a new card's text cells on their own.
        None => value(&Card::default())
            .map(|_| None)
            .filter(|_| !cell.trim().is_empty()),
    }
}

fn csv_error(e: &csv::Error) -> CellError {
    let row = e.position().map_or(1, |p| p.record() + 1);
    CellError {
        row,
        column: 1,
        message: format!("not readable as CSV: {e}"),
    }
}

fn list(cell: &str) -> Vec<String> {
    cell.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Why one cell does not read into its card's field (shown at the cell's row and column).
#[derive(Debug, thiserror::Error)]
enum CellProblem {
    /// A number column holds something else.
    #[error("{what} `{cell}` is not a whole number")]
    NotANumber {
        /// The column's name.
        what: String,
        /// The cell, trimmed.
        cell: String,
    },
    /// The kind column names no kind.
    #[error("unknown kind `{name}` (one of: {all})")]
    UnknownKind {
        /// The cell, trimmed.
        name: String,
        /// Every kind's name, comma separated.
        all: String,
    },
    /// The keywords column fails the validator's keyword check (its messages, `; ` between).
    #[error("{0}")]
    Keywords(String),
    /// The abilities column is not RON.
    #[error("abilities are not readable (write them as RON, as the export does): {0}")]
    Abilities(ron::Error),
}

fn number(cell: &str, what: &str) -> Result<i32, CellProblem> {
    let cell = cell.trim();
    if cell.is_empty() {
        return Ok(0);
    }
    cell.parse::<i32>().map_err(|_| CellProblem::NotANumber {
        what: what.to_owned(),
        cell: cell.to_owned(),
    })
}

/// Sets the field `column` of `card` from `cell`.
fn apply_cell(
    card: &mut Card,
    column: &Column,
    cell: &str,
    known: &BTreeMap<String, &KeywordDef>,
    file: &mut Option<String>,
) -> Result<(), CellProblem> {
    match column {
        Column::File => *file = Some(cell.trim().to_owned()),
        Column::Id => {}
        // Prose is taken exactly as written (a name or text may start or end with a space,
        // a tab or a line break): a sheet exported and read back must change nothing.
        Column::Name => cell.clone_into(&mut card.name),
        Column::Kind => {
            let name = cell.trim();
            card.kind = if name.is_empty() {
                CardKind::default()
            } else {
                CardKind::ALL
                    .into_iter()
                    .find(|k| k.name().eq_ignore_ascii_case(name))
                    .ok_or_else(|| {
                        let all: Vec<&str> = CardKind::ALL.iter().map(|k| k.name()).collect();
                        CellProblem::UnknownKind {
                            name: name.to_owned(),
                            all: all.join(", "),
                        }
                    })?
            };
        }
        Column::Element => {
            let element = cell.trim();
            card.element = (!element.is_empty()).then(|| element.to_owned());
        }
        Column::Cost => card.cost = number(cell, "cost")?,
        Column::Attack => card.attack = number(cell, "attack")?,
        Column::Life => card.life = number(cell, "life")?,
        Column::Tribes => card.tribes = list(cell),
        Column::Classes => card.classes = list(cell),
        Column::Tags => card.tags = list(cell),
        Column::Keywords => {
            card.keywords = list(cell);
            // The validator's own keyword check, so a cell is refused for the same reasons
            // and in the same words as the pack file would be.
            let mut problems = crate::diag::Diagnostics::new();
            crate::content_check::check_card_keywords(
                card,
                &card.id,
                "",
                Path::new(""),
                |name| {
                    known
                        .get(&crate::model::keyword::normalise(name))
                        .map(|def| crate::content_check::KnownKeyword {
                            key: (),
                            name: def.name.as_str(),
                            has_param: def.param.is_some(),
                        })
                },
                || known.values().map(|k| k.name.as_str()).collect(),
                &crate::content_check::AsWritten,
                &mut problems,
            );
            if !problems.is_empty() {
                let messages: Vec<&str> = problems.iter().map(|d| d.message.as_str()).collect();
                return Err(CellProblem::Keywords(messages.join("; ")));
            }
        }
        Column::Text => cell.clone_into(&mut card.text),
        Column::Art => {
            let art = cell.trim();
            card.art = (!art.is_empty()).then(|| art.to_owned());
        }
        Column::Abilities => {
            let text = cell.trim();
            card.abilities = if text.is_empty() {
                Vec::new()
            } else {
                ron::from_str(text)
                    .map_err(|e: ron::error::SpannedError| CellProblem::Abilities(e.code))?
            };
        }
        Column::Stat(name) => {
            let text = cell.trim();
            if text.is_empty() {
                card.stats.remove(name);
            } else {
                card.stats.insert(name.clone(), number(text, name)?);
            }
        }
    }
    Ok(())
}
