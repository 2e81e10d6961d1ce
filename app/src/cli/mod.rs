//! The command-line interface. Each command's logic lives in the engine (tested there); this
//! module parses arguments with clap, prints what the engine returns and sets the exit status.

mod battle_commands;
mod output_commands;
mod pack_commands;

use sigilforge_engine::{balance, battle, encounter, glyph, rules};

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use sigilforge_engine::command::CommandOutput;

/// Sigilforge: build and test card-game and tabletop-RPG content.
#[derive(Debug, Parser)]
#[command(
    name = "sigilforge",
    version,
    about,
    long_about = None,
    after_help = "File formats: docs/formats/ in the Sigilforge repository (battle-scenario.md, \
glyph-network.md, encounter.md, rules-scenario.md); the rules readings: docs/rules/."
)]
pub struct Cli {
    /// What to do; with none, the editor opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the editor (the default), optionally on a pack folder.
    Edit {
        /// The pack folder (default: the bundled starter content).
        pack: Option<PathBuf>,
    },
    /// Check a pack (or one file) and print every problem as `file:line:col: message`.
    Validate {
        /// A pack folder or a single .ron file.
        path: PathBuf,
    },
    /// Rewrite files in canonical form (files with problems are left untouched).
    Fmt {
        /// A pack folder or a single .ron file.
        path: PathBuf,
        /// Only report which files would change; exit 1 if any.
        #[arg(long)]
        check: bool,
    },
    /// Write a content pack archive (validation must pass first).
    Export {
        /// The pack folder.
        pack: PathBuf,
        /// The archive to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Only this deck (its id or name): the manifest, keywords, the deck and its cards.
        #[arg(long, value_name = "NAME")]
        deck: Option<String>,
    },
    /// Unpack a content pack archive safely into a folder.
    Import {
        /// The archive.
        archive: PathBuf,
        /// The folder to create.
        dir: PathBuf,
        /// Replace an existing folder.
        #[arg(long)]
        force: bool,
    },
    /// Draw each card as a PNG image, named from its id (templates: docs/formats/templates.md).
    Render {
        /// The pack folder.
        pack: PathBuf,
        /// The folder to write the images into (created if missing).
        #[arg(short, long)]
        output: PathBuf,
        /// Resolution in dots per inch.
        #[arg(long, default_value_t = 300.0)]
        dpi: f32,
        /// Only these cards: ids separated by commas.
        #[arg(long, value_name = "ID,...", conflicts_with = "deck")]
        cards: Option<String>,
        /// A deck of the pack (its id or name): its cards with their copies, in its order.
        #[arg(long, value_name = "NAME")]
        deck: Option<String>,
        /// Bleed drawn around each card (e.g. 3mm).
        #[arg(long, default_value = "0mm")]
        bleed: String,
        /// Card size: poker, bridge, tarot or `WIDTHxHEIGHTmm` (default: the template's size).
        #[arg(long)]
        card: Option<String>,
        /// A character no bundled font has is an error (nothing is written), not a warning.
        #[arg(long)]
        strict: bool,
    },
    /// Write a print-and-play PDF: cards filling each page, backs on the following page
    /// mirrored for long-edge duplex.
    Print {
        /// The pack folder.
        pack: PathBuf,
        /// The PDF to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Paper: a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: String,
        /// Card size: poker, bridge, tarot or `WIDTHxHEIGHTmm` (default: the template's size).
        #[arg(long)]
        card: Option<String>,
        /// Bleed printed around each card (e.g. 3mm).
        #[arg(long, default_value = "0mm")]
        bleed: String,
        /// Draw cut marks in the margins.
        #[arg(long)]
        crop_marks: bool,
        /// The backs: a template (.svg), an image (.png, .jpg), or `none` (default: the pack's
        /// assets/templates/back.svg, else the built-in back).
        #[arg(long, value_name = "TEMPLATE|PNG|none")]
        backs: Option<String>,
        /// Shift of the back pages, right and down in mm, to line up with your printer.
        #[arg(
            long,
            value_name = "X,Y",
            default_value = "0,0",
            allow_hyphen_values = true
        )]
        duplex_offset: String,
        /// A character no bundled font has is an error (nothing is written), not a warning.
        #[arg(long)]
        strict: bool,
        /// A deck of the pack (its id or name): its cards with their copies, in its order.
        #[arg(long, value_name = "NAME")]
        deck: Option<String>,
    },
    /// Write Tabletop Simulator deck sheets, a back image and a saved-object deck (deck.json).
    Tts {
        /// The pack folder.
        pack: PathBuf,
        /// The folder to write into (created if missing).
        #[arg(short, long)]
        output: PathBuf,
        /// Resolution of the cards on the sheets.
        #[arg(long, default_value_t = 150.0)]
        dpi: f32,
        /// Where the images will be online (https://…/); default: this computer's files.
        #[arg(long, value_name = "URL")]
        url_base: Option<String>,
        /// A character no bundled font has is an error (nothing is written), not a warning.
        #[arg(long)]
        strict: bool,
        /// A deck of the pack (its id or name): its cards with their copies, in its order.
        #[arg(long, value_name = "NAME")]
        deck: Option<String>,
    },
    /// Spreadsheet round trip: every card as a CSV row, and back.
    Csv {
        /// Export or import.
        #[command(subcommand)]
        action: CsvCommand,
    },
    /// Run a battle-line scenario to its end (format: docs/formats/battle-scenario.md).
    Battle {
        /// The scenario file (`BattleScenario(...)`).
        file: PathBuf,
        /// Seed for the battle's random generator (default: the file's seed).
        #[arg(long)]
        seed: Option<u64>,
        /// End the game with no winner after this turn (default: the file's `max_turns`).
        #[arg(long)]
        max_turns: Option<u32>,
        /// Print the outcome as JSON instead of the step-by-step log.
        #[arg(long)]
        json: bool,
    },
    /// Run N battles with seeds 0..N-1 in parallel and report the odds.
    Simulate {
        /// The scenario file.
        file: PathBuf,
        /// How many battles.
        #[arg(long, default_value_t = 10_000)]
        runs: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Set statistics: cost curve, stat spread, keyword, tribe, kind and rarity counts, for the
    /// pack's cards or a deck's copies (JSON: docs/formats/stats.md).
    Stats {
        /// The pack folder.
        pack: PathBuf,
        /// Count this deck of the pack (its id or name), copies included.
        #[arg(long, value_name = "NAME")]
        deck: Option<String>,
        /// Print the statistics as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Card impact over a pool: random line-ups drawn from the pack's creatures, each match
    /// played both ways; per card and keyword, the win rate with it minus without it (95%
    /// interval). With --against or --against-rev, an A/B of two versions on the same matches.
    Balance {
        /// The pack folder.
        pack: PathBuf,
        /// How many battles (two per match: the sides swapped).
        #[arg(long, default_value_t = 100_000)]
        runs: u64,
        /// Creatures per line (and the line's length).
        #[arg(long, default_value_t = 7)]
        line_size: usize,
        /// Which creatures: `tribe:Beast keyword:Bolt tag:x file:dir/ id:a,b -term text`.
        #[arg(long, value_name = "FILTER", default_value = "")]
        pool: String,
        /// Draw line-ups from this deck's creatures only (its id or name).
        #[arg(long, value_name = "NAME")]
        deck: Option<String>,
        /// Seed of the match draws.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Flag a card when its interval clears zero by more than this (0.03 = 3 points).
        #[arg(long, default_value_t = 0.03)]
        margin: f64,
        /// Starting life.
        #[arg(long, default_value_t = 20)]
        life: i32,
        /// Turn limit (a game reaching it counts as a draw).
        #[arg(long, default_value_t = 30)]
        max_turns: u32,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// A/B against another pack folder (before = that folder, after = PACK).
        #[arg(long, value_name = "DIR", conflicts_with = "against_rev")]
        against: Option<PathBuf>,
        /// A/B against the pack folder at a git revision (before = REV, after = PACK as on disk).
        #[arg(long, value_name = "REV")]
        against_rev: Option<String>,
        /// Save the results beside the pack (the editor's Balance panel shows them).
        #[arg(long)]
        save: bool,
        /// For each flagged card, find the smallest change to one number (attack, life, a
        /// keyword's value) that brings it inside the margin, on the same matches and seeds.
        #[arg(long, conflicts_with_all = ["against", "against_rev"])]
        suggest: bool,
        /// Print the report as JSON (docs/formats/balance.md).
        #[arg(long)]
        json: bool,
    },
    /// Run a rules scenario (abilities, effects, restrictions) and print the final state.
    Rules {
        /// The scenario file (`RulesScenario(...)`).
        file: PathBuf,
        /// Print the final state as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Run every scenario of a pack (battle, rules, glyph, encounter) as a test: each checked
    /// against its `expect`; ends with `N passed, M failed`, exit 1 if any failed.
    Test {
        /// The pack folder.
        pack: PathBuf,
    },
    /// Run a glyph network round by round (or analyse it without running it).
    Glyph {
        /// The network file (`GlyphNetwork(...)`).
        file: PathBuf,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
        /// Analyse instead of running: reach, runaway loops, unreached glyphs, breaking links.
        #[arg(long, alias = "analyze")]
        analyse: bool,
    },
    /// Run a tabletop encounter, estimate its difficulty, or print its sheet.
    Encounter {
        /// The encounter file (`Encounter(...)`).
        file: PathBuf,
        /// Seed for the dice (default: the file's seed).
        #[arg(long)]
        seed: Option<u64>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
        /// Play N seeded encounters with the documented policies and report the odds.
        #[arg(long, value_name = "N")]
        simulate: Option<u32>,
        /// Write a printable encounter sheet to this file: PDF for a `.pdf` path, HTML otherwise.
        #[arg(long, value_name = "OUT.pdf|OUT.html")]
        sheet: Option<PathBuf>,
        /// The PDF sheet's paper: a4 or letter (an HTML sheet prints on the browser's paper).
        #[arg(long, value_name = "a4|letter", default_value = "a4")]
        paper: String,
    },
}

/// `sigilforge csv …`.
#[derive(Debug, Subcommand)]
pub enum CsvCommand {
    /// Write every card of the pack as one row of a CSV file.
    Export {
        /// The pack folder.
        pack: PathBuf,
        /// The CSV file to write.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Change and add cards from a CSV file: rows matched by id change those cards only
    /// (their lines in the files; comments and layout stay), new ids append; nothing is
    /// written if any row is bad.
    Import {
        /// The CSV file (a header row naming the columns, at least `id`).
        csv: PathBuf,
        /// The pack folder.
        pack: PathBuf,
        /// Write even when cells look changed by a spreadsheet (`007` saved as `7`, a date,
        /// a formula, garbled letters); they are listed either way.
        #[arg(long)]
        accept_warnings: bool,
    },
}

/// Runs the command line and returns the process exit status.
#[must_use]
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let output = match cli.command {
        None => return open_editor(None),
        Some(Command::Edit { pack }) => return open_editor(pack),
        Some(Command::Validate { path }) => pack_commands::validate(&path),
        Some(Command::Fmt { path, check }) => pack_commands::fmt(&path, check),
        Some(Command::Export { pack, output, deck }) => {
            pack_commands::export(&pack, &output, deck.as_deref())
        }
        Some(Command::Import {
            archive,
            dir,
            force,
        }) => pack_commands::import(&archive, &dir, force),
        Some(Command::Render {
            pack,
            output,
            dpi,
            cards,
            deck,
            bleed,
            card,
            strict,
        }) => output_commands::render(
            &pack,
            &output,
            &sigilforge_render::cli::RenderArgs {
                dpi,
                cards,
                deck,
                bleed,
                card,
            },
            strict,
        ),
        Some(Command::Print {
            pack,
            output,
            paper,
            card,
            bleed,
            crop_marks,
            backs,
            duplex_offset,
            strict,
            deck,
        }) => output_commands::print(
            &pack,
            &output,
            &sigilforge_render::cli::PrintArgs {
                paper,
                card,
                bleed,
                crop_marks,
                backs,
                duplex_offset,
                deck,
            },
            strict,
        ),
        Some(Command::Tts {
            pack,
            output,
            dpi,
            url_base,
            strict,
            deck,
        }) => output_commands::tts(&pack, &output, dpi, url_base, deck.as_deref(), strict),
        Some(Command::Csv {
            action: CsvCommand::Export { pack, output },
        }) => sigilforge_engine::cards_csv::export_command(&pack, &output),
        Some(Command::Csv {
            action:
                CsvCommand::Import {
                    csv,
                    pack,
                    accept_warnings,
                },
        }) => sigilforge_engine::cards_csv::import_command_with(&csv, &pack, accept_warnings),
        Some(Command::Glyph {
            file,
            json,
            analyse,
        }) => glyph::cli::glyph_command(&file, json, analyse),
        Some(Command::Encounter {
            file,
            seed,
            json,
            simulate,
            sheet,
            paper,
        }) => match sigilforge_render::paper::Paper::parse(&paper) {
            Ok(paper) => encounter::cli::encounter_command_with(
                &file,
                seed,
                json,
                simulate,
                sheet.as_deref(),
                Some(&crate::encounters::pdf_writer(paper)),
            ),
            Err(e) => CommandOutput::bad_input(format!("--paper: {e}")),
        },
        Some(Command::Battle {
            file,
            seed,
            max_turns,
            json,
        }) => battle::cli::battle_command(&file, seed, max_turns, json),
        Some(Command::Simulate {
            file,
            runs,
            threads,
            json,
        }) => battle_commands::simulate(&file, runs, threads, json),
        Some(Command::Rules { file, json }) => rules::cli::rules_command(&file, json),
        Some(Command::Test { pack }) => sigilforge_engine::pack::test_command(&pack),
        Some(Command::Stats { pack, deck, json }) => {
            sigilforge_engine::set_stats::stats_command(&pack, deck.as_deref(), json)
        }
        Some(Command::Balance {
            pack,
            runs,
            line_size,
            pool,
            deck,
            seed,
            margin,
            life,
            max_turns,
            threads,
            against,
            against_rev,
            save,
            suggest,
            json,
        }) => {
            let config = balance::BalanceConfig {
                runs,
                line_size,
                life,
                max_turns,
                seed,
                filter: pool,
                margin,
                deck,
            };
            let options = balance::cli::Options {
                threads,
                json,
                against: against
                    .map(balance::cli::Against::Folder)
                    .or(against_rev.map(balance::cli::Against::Revision)),
                save,
                suggest,
            };
            battle_commands::balance(&pack, &config, &options)
        }
    };
    emit(&output)
}

fn open_editor(pack: Option<PathBuf>) -> ExitCode {
    match crate::shell::run_editor(pack) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sigilforge: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Prints a command's output and turns its code into an exit status.
fn emit(output: &CommandOutput) -> ExitCode {
    use std::io::Write as _;
    // A closed pipe (`sigilforge ... | head`) is not an error worth a panic: ignore write failures.
    let _ = std::io::stdout().write_all(output.stdout.as_bytes());
    let _ = std::io::stderr().write_all(output.stderr.as_bytes());
    ExitCode::from(u8::try_from(output.code).unwrap_or(1))
}
