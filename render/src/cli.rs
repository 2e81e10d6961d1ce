//! `sigilforge render`, `print` and `tts` as functions returning a
//! [`CommandOutput`](sigilforge_engine::command::CommandOutput), so they are tested without
//! the binary. Exit 0 when written (warnings on standard error), 1 when the pack has problems
//! or a file cannot be written, 2 for a bad option or an unreadable input.

use std::fmt::Write as _;
use std::path::Path;

use sigilforge_engine::command::CommandOutput;
use sigilforge_engine::pack::load_for_command;

use crate::paper::{CardSize, OptionError, Paper, parse_length_mm, parse_offset_mm};
use crate::print::PrintOptions;
use crate::raster::PngOptions;
use crate::tts::TtsOptions;
use crate::{BackChoice, Deck, Progress, RenderError, Report};

/// `--cards a,b,c` split into ids.
#[must_use]
pub fn split_ids(list: &str) -> Vec<String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The cards a command works on: deck list `deck` with its copies (`Deck::from_deck_list`),
/// else the pack's cards (those in `cards` when given, `--cards a,b`).
fn choose(
    pack: &sigilforge_engine::pack::Pack,
    cards: Option<&str>,
    deck: Option<&str>,
    back: &BackChoice,
) -> Result<Deck, RenderError> {
    match (deck, cards) {
        (Some(_), Some(_)) => Err(RenderError::Option(
            "--deck and --cards cannot be used together".into(),
        )),
        (Some(name), None) => Deck::from_deck_list(pack, name, back),
        (None, cards) => {
            let ids = cards.map(split_ids);
            Deck::from_pack(pack, ids.as_deref(), back)
        }
    }
}

/// Turns a job's result into the command's answer.
#[must_use]
pub fn finish(result: Result<Report, RenderError>, what: &str) -> CommandOutput {
    match result {
        Ok(report) => {
            let mut out = CommandOutput::ok(String::new());
            for w in &report.warnings {
                let _ = writeln!(out.stderr, "warning: {w}");
            }
            let pages = if report.pages > 0 {
                format!(", {} pages", report.pages)
            } else {
                String::new()
            };
            let _ = writeln!(
                out.stdout,
                "{what} {} cards{pages}: {} files",
                report.cards,
                report.files.len()
            );
            for f in &report.files {
                let _ = writeln!(out.stdout, "  {}", f.display());
            }
            out
        }
        Err(e @ (RenderError::Write { .. } | RenderError::Pdf(_) | RenderError::Cancelled)) => {
            CommandOutput {
                stdout: String::new(),
                stderr: format!("{e}\n"),
                code: 1,
            }
        }
        Err(e) => CommandOutput::bad_input(e.to_string()),
    }
}

/// An option of a command that cannot be read: which one, and why.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{option}: {error}")]
pub struct ArgError {
    /// The option as written on the command line (`--paper`).
    pub option: &'static str,
    /// Why its value cannot be read.
    pub error: OptionError,
}

fn arg<T>(option: &'static str, value: Result<T, OptionError>) -> Result<T, ArgError> {
    value.map_err(|error| ArgError { option, error })
}

/// `sigilforge render PACK -o DIR [--dpi 300] [--cards ID,... | --deck NAME] [--bleed 0mm]`,
/// each card at its template's size. A deck's copies are files of their own (`grunt.png`,
/// `grunt-2.png`, …).
#[must_use]
pub fn render_command(
    pack_dir: &Path,
    out_dir: &Path,
    dpi: f32,
    cards: Option<&str>,
    deck: Option<&str>,
    bleed: &str,
    progress: &Progress,
) -> CommandOutput {
    let args = RenderArgs {
        dpi,
        cards: cards.map(str::to_owned),
        deck: deck.map(str::to_owned),
        bleed: bleed.to_owned(),
        card: None,
    };
    render_command_with(pack_dir, out_dir, &args, progress)
}

/// The options of `sigilforge render` as written on the command line.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderArgs {
    /// Resolution.
    pub dpi: f32,
    /// Only these cards (`a,b,c`).
    pub cards: Option<String>,
    /// A deck of the pack (its id or name): its cards with their copies, in its order.
    pub deck: Option<String>,
    /// `3mm`.
    pub bleed: String,
    /// `poker`, `bridge`, `tarot`, `WxHmm`, or `None` for the template's size.
    pub card: Option<String>,
}

impl Default for RenderArgs {
    fn default() -> Self {
        Self {
            dpi: 300.0,
            cards: None,
            deck: None,
            bleed: "0mm".into(),
            card: None,
        }
    }
}

impl RenderArgs {
    /// The options, or which option is bad and why.
    pub fn parse(&self) -> Result<PngOptions, ArgError> {
        Ok(PngOptions {
            dpi: self.dpi,
            bleed_mm: arg("--bleed", parse_length_mm(&self.bleed))?,
            card: self
                .card
                .as_deref()
                .map(|c| arg("--card", CardSize::parse(c)))
                .transpose()?,
        })
    }
}

/// `sigilforge render PACK -o DIR [--dpi 300] [--cards ID,... | --deck NAME] [--bleed 0mm]
/// [--card SIZE]`.
#[must_use]
pub fn render_command_with(
    pack_dir: &Path,
    out_dir: &Path,
    args: &RenderArgs,
    progress: &Progress,
) -> CommandOutput {
    let options = match args.parse() {
        Ok(o) => o,
        Err(e) => return CommandOutput::bad_input(e.to_string()),
    };
    let pack = match load_for_command(pack_dir) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let deck = match choose(
        &pack,
        args.cards.as_deref(),
        args.deck.as_deref(),
        &BackChoice::None,
    ) {
        Ok(d) => d,
        Err(e) => return finish(Err(e), ""),
    };
    finish(
        crate::raster::render_pngs(&deck, out_dir, options, progress),
        "rendered",
    )
}

/// `--strict`: a character no bundled font has is an error, not a warning. Checks the cards
/// of the pack (those in `cards` when given) and the back before anything is written: `None`
/// when every character has a font, else the command's answer (exit 1, each character with
/// where it is written).
#[must_use]
pub fn refuse_missing_glyphs(pack_dir: &Path, cards: Option<&str>) -> Option<CommandOutput> {
    let pack = match load_for_command(pack_dir) {
        Ok(p) => p,
        Err(out) => return Some(out),
    };
    let ids = cards.map(split_ids);
    let deck = match Deck::from_pack(&pack, ids.as_deref(), &BackChoice::Default) {
        Ok(d) => d,
        Err(e) => return Some(finish(Err(e), "")),
    };
    let mut problems: Vec<String> = deck
        .cards
        .iter()
        .flat_map(|c| {
            c.missing_glyphs
                .iter()
                .map(move |m| format!("{}: {m}", c.id))
        })
        .collect();
    problems.extend(deck.back_missing_glyphs(&pack));
    if problems.is_empty() {
        return None;
    }
    let mut stderr = String::new();
    for p in &problems {
        let _ = writeln!(stderr, "error: {p}");
    }
    let _ = writeln!(
        stderr,
        "--strict: {} characters no bundled font has; nothing was written",
        problems.len()
    );
    Some(CommandOutput {
        stdout: String::new(),
        stderr,
        code: 1,
    })
}

/// The options of `sigilforge print` as written on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintArgs {
    /// `a4` or `letter`.
    pub paper: String,
    /// `poker`, `bridge`, `tarot`, `WxHmm`, or `None` for the template's size.
    pub card: Option<String>,
    /// `3mm`.
    pub bleed: String,
    /// Draw crop marks.
    pub crop_marks: bool,
    /// `none`, a template (`.svg`) or an image; `None` = the pack's or the built-in back.
    pub backs: Option<String>,
    /// `X,Y` in mm.
    pub duplex_offset: String,
    /// `--deck NAME`: the deck's cards with their copies instead of one of each card.
    pub deck: Option<String>,
}

impl Default for PrintArgs {
    fn default() -> Self {
        Self {
            paper: "a4".into(),
            card: None,
            bleed: "0mm".into(),
            crop_marks: false,
            backs: None,
            duplex_offset: "0,0".into(),
            deck: None,
        }
    }
}

impl PrintArgs {
    /// The options and the back, or which option is bad and why.
    pub fn parse(&self) -> Result<(PrintOptions, BackChoice), ArgError> {
        let options = PrintOptions {
            paper: arg("--paper", Paper::parse(&self.paper))?,
            card: self
                .card
                .as_deref()
                .map(|c| arg("--card", CardSize::parse(c)))
                .transpose()?,
            bleed_mm: arg("--bleed", parse_length_mm(&self.bleed))?,
            crop_marks: self.crop_marks,
            duplex_offset_mm: arg("--duplex-offset", parse_offset_mm(&self.duplex_offset))?,
        };
        let back = self
            .backs
            .as_deref()
            .map_or(BackChoice::Default, BackChoice::parse);
        Ok((options, back))
    }
}

/// `sigilforge print PACK -o FILE.pdf [options]`.
#[must_use]
pub fn print_command(
    pack_dir: &Path,
    output: &Path,
    args: &PrintArgs,
    progress: &Progress,
) -> CommandOutput {
    let (options, back) = match args.parse() {
        Ok(v) => v,
        Err(e) => return CommandOutput::bad_input(e.to_string()),
    };
    let pack = match load_for_command(pack_dir) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let deck = match choose(&pack, None, args.deck.as_deref(), &back) {
        Ok(d) => d,
        Err(e) => return finish(Err(e), ""),
    };
    finish(
        crate::print::print_pdf(&deck, &options, output, progress),
        "printed",
    )
}

/// `sigilforge tts PACK -o DIR [--dpi 150] [--url-base URL] [--deck NAME]`: with a deck, the
/// TTS deck holds each copy.
#[must_use]
pub fn tts_command(
    pack_dir: &Path,
    out_dir: &Path,
    options: &TtsOptions,
    deck: Option<&str>,
    progress: &Progress,
) -> CommandOutput {
    let pack = match load_for_command(pack_dir) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let deck = match choose(&pack, None, deck, &BackChoice::Default) {
        Ok(d) => d,
        Err(e) => return finish(Err(e), ""),
    };
    finish(
        crate::tts::tts_export(&deck, out_dir, options, progress),
        "made a Tabletop Simulator deck of",
    )
}
