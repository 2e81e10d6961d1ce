//! The spreadsheet round trip: every card of a pack as one CSV row (`sigilforge csv export`),
//! and a CSV read back into the changes it makes (`sigilforge csv import`).
//!
//! Columns: `file`, `id`, `name`, `kind`, `cost`, `attack`, `life`, `tribes`, `tags`,
//! `keywords`, `text`, `art`, `abilities`, `element` (last, so sheets made before it still
//! line up), then `classes` when a card of the pack has classes (Grand Archive), then
//! `stat:NAME` for every named stat in the pack. The export is UTF-8 with a byte order mark, so
//! Excel and other spreadsheets read accented names right; the import reads UTF-8 (with or without the mark), UTF-16 and
//! Windows-1252, comma, semicolon or tab separated (`sniff`), and reports cells a spreadsheet
//! probably damaged as located warnings before anything is written (`damage`).
//! Lists are written `Armor 2; Fury`; abilities as one line of RON. Rows are matched to cards
//! by `id`: a row that differs from its card changes that card only, a new id is appended to
//! the file its `file` cell names (the first card file when blank), and cards with no row are
//! left as they are. Only `id` is required; a missing column leaves that field unchanged.
//! Reading checks every cell and reports each problem as `cards.csv:ROW:COL: message`;
//! any problem means no change at all.

mod command;
pub mod damage;
mod import;
pub mod sniff;

pub use command::{export_command, import_command, import_command_with};
pub use import::{plan_import, plan_import_bytes};

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use crate::model::Card;
use crate::pack::{Content, Pack};

/// The fixed columns, in order (the `stat:NAME` columns follow).
pub const COLUMNS: [&str; 14] = [
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
    "element",
];

/// The column of Grand Archive's classes (`Card::classes`), written only when a card of the
/// pack has classes (after the fixed columns, before the stats), so other packs' sheets keep
/// their columns.
pub const CLASSES_COLUMN: &str = "classes";

/// The prefix of a named stat's column (`stat:INT`).
pub const STAT_PREFIX: &str = "stat:";

/// How list cells are joined.
const LIST_SEPARATOR: &str = "; ";

/// The byte order mark the export starts with: without it Excel reads UTF-8 as the system's
/// code page and accented names come out garbled.
pub const BOM: char = '\u{feff}';

/// Why a pack cannot be exported as CSV.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// A card's abilities cannot be written as one line of RON (an empty cell would read back
    /// as "no abilities" and wipe them).
    #[error(
        "card `{card}`: its abilities cannot be written as RON ({message}); nothing was written"
    )]
    Abilities {
        /// The card's id.
        card: String,
        /// The serialiser's message.
        message: String,
    },
    /// The CSV writer failed. It writes to memory, so only a bug in it gets here.
    #[error("cannot write the CSV: {0}; nothing was written")]
    Csv(String),
}

/// The pack's cards as CSV text: a byte order mark, a header row, then one row per card in
/// pack order.
pub fn export_csv(pack: &Pack) -> Result<String, ExportError> {
    let stat_names: BTreeSet<&str> = pack
        .cards()
        .flat_map(|(_, c)| c.stats.keys().map(String::as_str))
        .collect();
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    let with_classes = pack.cards().any(|(_, c)| !c.classes.is_empty());
    let mut header: Vec<String> = COLUMNS.iter().map(|c| (*c).to_owned()).collect();
    if with_classes {
        header.push(CLASSES_COLUMN.to_owned());
    }
    header.extend(stat_names.iter().map(|n| format!("{STAT_PREFIX}{n}")));
    let csv_error = |e: &dyn std::fmt::Display| ExportError::Csv(e.to_string());
    writer.write_record(&header).map_err(|e| csv_error(&e))?;
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
                ron::to_string(&card.abilities).map_err(|e| ExportError::Abilities {
                    card: card.id.clone(),
                    message: e.to_string(),
                })?
            },
            card.element.clone().unwrap_or_default(),
        ];
        if with_classes {
            row.push(card.classes.join(LIST_SEPARATOR));
        }
        row.extend(stat_names.iter().map(|n| {
            card.stats
                .get(*n)
                .map(ToString::to_string)
                .unwrap_or_default()
        }));
        writer.write_record(&row).map_err(|e| csv_error(&e))?;
    }
    let bytes = writer.into_inner().map_err(|e| csv_error(&e))?;
    // The writer was given only `String`s: its bytes are UTF-8.
    let text = String::from_utf8(bytes).map_err(|e| csv_error(&e))?;
    Ok(format!("{BOM}{text}"))
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
    /// The changed fields as `field old → new`, for showing before writing: the same words
    /// as every other item change the editor shows (`ron_doc::describe`).
    #[must_use]
    pub fn describe(&self) -> Vec<String> {
        let Some(before) = &self.before else {
            return vec![format!(
                "new card `{}` ({})",
                self.after.id, self.after.name
            )];
        };
        match (ron::to_string(before), ron::to_string(&self.after)) {
            (Ok(a), Ok(b)) => crate::ron_doc::describe::value_changes(&a, &b),
            // A card always serialises; were it not to, say so rather than nothing.
            _ => vec!["changed".to_owned()],
        }
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
    /// How the file was read (`read as Windows-1252`, `semicolon-separated`), for the user to
    /// check; none for a UTF-8, comma-separated file.
    pub notes: Vec<String>,
    /// Cells a spreadsheet probably damaged, each located (`007` saved as `7`, a formula, a
    /// date, garbled letters): shown before anything is written.
    pub warnings: Vec<CellError>,
}

/// Applies `plan` to `pack`'s cards in memory: changed cards replaced, new ones inserted at
/// the index the plan gave them. `Pack::save` then rewrites only those items (comments and
/// layout stay). An error leaves the caller nothing to save: it should drop `pack`.
pub fn apply_plan(pack: &mut Pack, plan: &ImportPlan) -> Result<(), PlanError> {
    for change in &plan.changes {
        let file = pack
            .file_mut(&change.file)
            .ok_or_else(|| PlanError::NoFile(change.file.clone()))?;
        let Content::Cards(set) = &mut file.content else {
            return Err(PlanError::NotCards(change.file.clone()));
        };
        match &change.before {
            Some(_) => {
                let card = set
                    .cards
                    .get_mut(change.index)
                    .ok_or_else(|| PlanError::NoCard {
                        file: change.file.clone(),
                        number: change.index + 1,
                    })?;
                card.clone_from(&change.after);
            }
            None if change.index <= set.cards.len() => {
                set.cards.insert(change.index, change.after.clone());
            }
            None => return Err(PlanError::TooFewCards(change.file.clone())),
        }
    }
    Ok(())
}

/// Why a plan does not fit the pack it is applied to (the pack changed since it was made).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// The file the plan names is gone.
    #[error("the pack has no file `{0}`")]
    NoFile(String),
    /// The file no longer holds cards.
    #[error("`{0}` is not a card file")]
    NotCards(String),
    /// The card to change is gone.
    #[error("`{file}` has no card {number}")]
    NoCard {
        /// The file.
        file: String,
        /// The card's position, from 1.
        number: usize,
    },
    /// A new card's place is past the end of its file.
    #[error("`{0}` has too few cards")]
    TooFewCards(String),
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
    use std::collections::BTreeMap;

    use super::*;
    use crate::model::CardKind;
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
        let text = export_csv(&pack).unwrap();
        assert!(text.starts_with("\u{feff}file,id,name,kind,cost,attack,life,tribes,tags,keywords,text,art,abilities,element,stat:INT\r\n"));
        assert!(text.contains("Armor 2; Fury"));
        let plan = plan_import(&pack, &text).unwrap();
        assert!(plan.changes.is_empty(), "{plan:?}");
        assert_eq!(plan.unchanged, 2);
    }

    #[test]
    fn classes_get_a_column_only_when_a_card_has_them_and_round_trip() {
        let mut pack = pack();
        if let Content::Cards(set) = &mut pack.files[0].content {
            set.cards[1].classes = vec!["Mage".into(), "Cleric".into()];
        }
        let text = export_csv(&pack).unwrap();
        assert!(text.contains(",element,classes,stat:INT\r\n"), "{text}");
        assert!(text.contains("Mage; Cleric"), "{text}");
        assert!(plan_import(&pack, &text).unwrap().changes.is_empty());
        let changed = text.replace("Mage; Cleric", "Warrior");
        let plan = plan_import(&pack, &changed).unwrap();
        assert_eq!(plan.changes.len(), 1);
        assert_eq!(plan.changes[0].after.classes, ["Warrior"]);
    }

    #[test]
    fn one_changed_cell_changes_one_card_and_new_ids_append() {
        let pack = pack();
        let text = export_csv(&pack)
            .unwrap()
            .replace("Grunt,Creature,1,", "Grunt,Creature,4,")
            + "cards.ron,imp,Imp,Creature,1,1,1,,,,,,,\r\n";
        let plan = plan_import(&pack, &text).unwrap();
        assert_eq!(plan.changes.len(), 2);
        assert_eq!(plan.changes[0].after.cost, 4);
        assert_eq!(plan.changes[0].describe(), ["cost 1 → 4"]);
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
            "cards.csv:1:5: unknown column `bogus` (columns are: file, id, name, kind, cost, attack, life, tribes, tags, keywords, text, art, abilities, element, classes, and stat:NAME for a stat)"
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
