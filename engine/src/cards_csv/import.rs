//! Reading a CSV of cards back: every cell checked, the changes it would make planned.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::{COLUMNS, CardChange, CellError, ImportPlan, STAT_PREFIX};
use crate::model::{Card, CardKind, KeywordDef};
use crate::pack::{Content, Pack};

/// Reads `text` (a CSV of cards) against `pack`: the changes it would make, or every problem.
pub fn plan_import(pack: &Pack, text: &str) -> Result<ImportPlan, Vec<CellError>> {
    let mut errors = Vec::new();
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
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
        let mut file_cell: Option<String> = None;
        for (col, kind) in columns.iter().enumerate() {
            let Some(cell) = record.get(col) else {
                continue;
            };
            if let Err(message) = apply_cell(&mut card, kind, cell, &known, &mut file_cell) {
                at(col, message);
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
    Cost,
    Attack,
    Life,
    Tribes,
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
            "cost" => Column::Cost,
            "attack" => Column::Attack,
            "life" => Column::Life,
            "tribes" => Column::Tribes,
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
                        "unknown column `{name}` (columns are: {}, and {STAT_PREFIX}NAME for a stat)",
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

fn number(cell: &str, what: &str) -> Result<i32, String> {
    let cell = cell.trim();
    if cell.is_empty() {
        return Ok(0);
    }
    cell.parse::<i32>()
        .map_err(|_| format!("{what} `{cell}` is not a whole number"))
}

/// Sets the field `column` of `card` from `cell`.
fn apply_cell(
    card: &mut Card,
    column: &Column,
    cell: &str,
    known: &BTreeMap<String, &KeywordDef>,
    file: &mut Option<String>,
) -> Result<(), String> {
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
                        format!("unknown kind `{name}` (one of: {})", all.join(", "))
                    })?
            };
        }
        Column::Cost => card.cost = number(cell, "cost")?,
        Column::Attack => card.attack = number(cell, "attack")?,
        Column::Life => card.life = number(cell, "life")?,
        Column::Tribes => card.tribes = list(cell),
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
                return Err(messages.join("; "));
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
                ron::from_str(text).map_err(|e| {
                    format!(
                        "abilities are not readable (write them as RON, as the export does): {}",
                        e.code
                    )
                })?
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
