//! The spreadsheet round trip: every card of a pack as one CSV row (`sigilforge csv export`),
//! and a CSV read back into the changes it makes (`sigilforge csv import`).
//!
//! Columns: `file`, `id`, `name`, `kind`, `cost`, `attack`, `life`, `tribes`, `tags`,
//! `keywords`, `text`, `art`, `abilities`, then `stat:NAME` for every named stat in the pack.
//! Lists are written `Armor 2; Fury`; abilities as one line of RON. Rows are matched to cards
//! by `id`: a row that differs from its card changes that card only, a new id is appended to
//! the file its `file` cell names (the first card file when blank), and cards with no row are
//! left as they are. Only `id` is required; a missing column leaves that field unchanged.
//! Reading checks every cell and reports each problem as `cards.csv:ROW:COL: message`;
//! any problem means no change at all.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use crate::command::CommandOutput;
use crate::model::{Card, CardKind, KeywordDef};
use crate::pack::{Content, Pack};

/// The fixed columns, in order (the `stat:NAME` columns follow).
pub const COLUMNS: [&str; 13] = [
    "file",
    "id",
    "name",
    "kind",
    "cost",
    "attack",
    "life",
    "tribes",
    "tags",
    "keywords",
    "text",
    "art",
    "abilities",
];

/// The prefix of a named stat's column (`stat:INT`).
pub const STAT_PREFIX: &str = "stat:";

/// How list cells are joined.
const LIST_SEPARATOR: &str = "; ";

/// The pack's cards as CSV text (a header row, then one row per card in pack order).
#[must_use]
pub fn export_csv(pack: &Pack) -> String {
    let stat_names: BTreeSet<&str> = pack
        .cards()
        .flat_map(|(_, c)| c.stats.keys().map(String::as_str))
        .collect();
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    let mut header: Vec<String> = COLUMNS.iter().map(|c| (*c).to_owned()).collect();
    header.extend(stat_names.iter().map(|n| format!("{STAT_PREFIX}{n}")));
    // Writing to a Vec cannot fail; a failure would only lose this row, never a file.
    let _ = writer.write_record(&header);
    for (file, card) in pack.cards() {
        let mut row = vec![
            file.path.clone(),
            card.id.clone(),
            card.name.clone(),
            card.kind.name().to_owned(),
            card.cost.to_string(),
            card.attack.to_string(),
            card.life.to_string(),
            card.tribes.join(LIST_SEPARATOR),
            card.tags.join(LIST_SEPARATOR),
            card.keywords.join(LIST_SEPARATOR),
            card.text.clone(),
            card.art.clone().unwrap_or_default(),
            if card.abilities.is_empty() {
                String::new()
            } else {
                ron::to_string(&card.abilities).unwrap_or_default()
            },
        ];
        row.extend(stat_names.iter().map(|n| {
            card.stats
                .get(*n)
                .map(ToString::to_string)
                .unwrap_or_default()
        }));
        let _ = writer.write_record(&row);
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// One problem in a CSV file, at a row and column (both 1-based; row 1 is the header).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct CellError {
    /// The row, counted as a spreadsheet does (the header is row 1).
    pub row: u64,
    /// The column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl CellError {
    /// `cards.csv:ROW:COL: message`.
    #[must_use]
    pub fn display(&self, file: &Path) -> String {
        format!(
            "{}:{}:{}: {}",
            file.display(),
            self.row,
            self.column,
            self.message
        )
    }
}

/// What importing a CSV would do to one card.
#[derive(Debug, Clone, PartialEq)]
pub struct CardChange {
    /// The pack file the card is (or will be) in.
    pub file: String,
    /// Its index in that file (for a new card: the index it will have).
    pub index: usize,
    /// The card before; `None` for a new card.
    pub before: Option<Card>,
    /// The card after.
    pub after: Card,
}

impl CardChange {
    /// The changed fields as `field: old → new`, for showing before writing.
    #[must_use]
    pub fn describe(&self) -> Vec<String> {
        let Some(before) = &self.before else {
            return vec![format!(
                "new card `{}` ({})",
                self.after.id, self.after.name
            )];
        };
        let mut out = Vec::new();
        let mut field = |name: &str, a: String, b: String| {
            if a != b {
                out.push(format!("{name}: {a} → {b}"));
            }
        };
        let (a, b) = (before, &self.after);
        field("name", a.name.clone(), b.name.clone());
        field("kind", a.kind.name().into(), b.kind.name().into());
        field("cost", a.cost.to_string(), b.cost.to_string());
        field("attack", a.attack.to_string(), b.attack.to_string());
        field("life", a.life.to_string(), b.life.to_string());
        field(
            "tribes",
            a.tribes.join(LIST_SEPARATOR),
            b.tribes.join(LIST_SEPARATOR),
        );
        field(
            "tags",
            a.tags.join(LIST_SEPARATOR),
            b.tags.join(LIST_SEPARATOR),
        );
        field(
            "keywords",
            a.keywords.join(LIST_SEPARATOR),
            b.keywords.join(LIST_SEPARATOR),
        );
        field("text", a.text.clone(), b.text.clone());
        field(
            "art",
            a.art.clone().unwrap_or_default(),
            b.art.clone().unwrap_or_default(),
        );
        if a.abilities != b.abilities {
            out.push("abilities changed".into());
        }
        if a.stats != b.stats {
            out.push(format!("stats: {:?} → {:?}", a.stats, b.stats));
        }
        out
    }
}

/// What importing a CSV would do.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ImportPlan {
    /// Changed and new cards, in row order.
    pub changes: Vec<CardChange>,
    /// Rows whose card is already exactly as the row says.
    pub unchanged: usize,
    /// Cards of the pack no row mentions (left as they are).
    pub not_in_sheet: usize,
}

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
        Column::Name => cell.trim().clone_into(&mut card.name),
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
        Column::Text => cell.trim().clone_into(&mut card.text),
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

/// `sigilforge csv export PACK -o cards.csv`: exit 0 when written, 1 when the pack has
/// problems (listed; nothing is written) or the file cannot be written, 2 for no pack.
#[must_use]
pub fn export_command(pack_dir: &Path, output: &Path) -> CommandOutput {
    let pack = match crate::pack::load_for_command(pack_dir) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let text = export_csv(&pack);
    match crate::ron_io::write_atomic(output, &text) {
        Ok(_) => CommandOutput::ok(format!(
            "wrote {} ({} cards)\n",
            output.display(),
            pack.cards().count()
        )),
        Err(e) => CommandOutput {
            stdout: String::new(),
            stderr: format!("{e}\n"),
            code: 1,
        },
    }
}

/// A summary of a plan, a line per change, for the CLI and the editor's preview.
#[must_use]
pub fn describe_plan(plan: &ImportPlan) -> String {
    let mut out = String::new();
    for change in &plan.changes {
        let what = change.describe();
        let _ = writeln!(
            out,
            "{} `{}` ({}): {}",
            if change.before.is_some() {
                "change"
            } else {
                "add"
            },
            change.after.id,
            change.file,
            what.join("; ")
        );
    }
    let _ = writeln!(
        out,
        "{} changed, {} new, {} unchanged, {} cards not in the sheet left as they are",
        plan.changes.iter().filter(|c| c.before.is_some()).count(),
        plan.changes.iter().filter(|c| c.before.is_none()).count(),
        plan.unchanged,
        plan.not_in_sheet
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CardSet;
    use crate::pack::PackFile;

    fn pack() -> Pack {
        let mut pack = Pack::new(
            Path::new("/nonexistent"),
            crate::model::PackManifest::new("t", "T"),
        );
        let mut stats = BTreeMap::new();
        stats.insert("INT".to_owned(), 3);
        pack.files.push(PackFile::new(
            "cards.ron",
            Content::Cards(CardSet {
                cards: vec![
                    Card {
                        id: "grunt".into(),
                        name: "Grunt".into(),
                        cost: 1,
                        attack: 2,
                        life: 3,
                        keywords: vec!["Armor 2".into(), "Fury".into()],
                        text: "Says \"hi\", twice.\nThen leaves.".into(),
                        ..Card::default()
                    },
                    Card {
                        id: "sage".into(),
                        name: "Sage".into(),
                        kind: CardKind::Beast,
                        stats,
                        ..Card::default()
                    },
                ],
            }),
        ));
        pack
    }

    #[test]
    fn export_then_import_changes_nothing() {
        let pack = pack();
        let text = export_csv(&pack);
        assert!(text.starts_with("file,id,name,kind,cost,attack,life,tribes,tags,keywords,text,art,abilities,stat:INT\r\n"));
        assert!(text.contains("Armor 2; Fury"));
        let plan = plan_import(&pack, &text).unwrap();
        assert!(plan.changes.is_empty(), "{plan:?}");
        assert_eq!(plan.unchanged, 2);
    }

    #[test]
    fn one_changed_cell_changes_one_card_and_new_ids_append() {
        let pack = pack();
        let text = export_csv(&pack).replace("Grunt,Creature,1,", "Grunt,Creature,4,")
            + "cards.ron,imp,Imp,Creature,1,1,1,,,,,,,\r\n";
        let plan = plan_import(&pack, &text).unwrap();
        assert_eq!(plan.changes.len(), 2);
        assert_eq!(plan.changes[0].after.cost, 4);
        assert_eq!(plan.changes[0].describe(), ["cost: 1 → 4"]);
        assert_eq!(
            (plan.changes[1].file.as_str(), plan.changes[1].index),
            ("cards.ron", 2)
        );
        assert!(plan.changes[1].before.is_none());
        assert_eq!(plan.unchanged, 1);
    }

    #[test]
    fn bad_cells_are_located_and_all_reported() {
        let pack = pack();
        let text = "id,cost,keywords,kind,bogus\r\ngrunt,three,Armor 2,Creature,\r\nsage,1,Flyy,Dragon,\r\n,1,,,\r\n";
        let errors = plan_import(&pack, text).unwrap_err();
        let shown: Vec<String> = errors
            .iter()
            .map(|e| e.display(Path::new("cards.csv")))
            .collect();
        assert_eq!(
            shown[0],
            "cards.csv:1:5: unknown column `bogus` (columns are: file, id, name, kind, cost, attack, life, tribes, tags, keywords, text, art, abilities, and stat:NAME for a stat)"
        );
        assert_eq!(
            shown[1],
            "cards.csv:2:2: cost `three` is not a whole number"
        );
        assert!(
            shown[2].starts_with("cards.csv:3:3: unknown keyword `Flyy` on card `sage`"),
            "{}",
            shown[2]
        );
        assert!(
            shown[3].starts_with("cards.csv:3:4: unknown kind `Dragon`"),
            "{}",
            shown[3]
        );
        assert_eq!(shown[4], "cards.csv:4:1: the id is empty");
        assert_eq!(shown.len(), 5);
    }

    #[test]
    fn moving_a_card_and_duplicate_ids_are_refused() {
        let pack = pack();
        let text = "file,id\r\nother.ron,grunt\r\ncards.ron,sage\r\ncards.ron,sage\r\n";
        let errors = plan_import(&pack, text).unwrap_err();
        assert_eq!(errors.len(), 2);
        assert!(errors[0].message.contains("moving it"), "{errors:?}");
        assert_eq!((errors[1].row, errors[1].column), (4, 2));
    }
}
