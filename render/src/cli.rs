//! `sigilforge render`, `print` and `tts` as functions returning a
//! [`CommandOutput`](sigilforge_engine::command::CommandOutput), so they are tested without
//! the binary. Exit 0 when written (warnings on standard error), 1 when the pack has problems
//! or a file cannot be written, 2 for a bad option or an unreadable input.

use std::fmt::Write as _;
use std::path::Path;

use sigilforge_engine::command::CommandOutput;
use sigilforge_engine::pack::load_for_command;

use crate::paper::{CardSize, Paper, parse_length_mm, parse_offset_mm};
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

/// `sigilforge render PACK -o DIR [--dpi 300] [--cards ID,... | --deck NAME] [--bleed 0mm]`.
/// A deck's copies are files of their own (`grunt.png`, `grunt-2.png`, …).
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
    let bleed_mm = match parse_length_mm(bleed) {
        Ok(b) => b,
        Err(e) => return CommandOutput::bad_input(format!("--bleed: {e}")),
    };
    let pack = match load_for_command(pack_dir) {
        Ok(p) => p,
        Err(out) => return out,
    };
    let deck = match choose(&pack, cards, deck, &BackChoice::None) {
        Ok(d) => d,
        Err(e) => return finish(Err(e), ""),
    };
    let options = PngOptions { dpi, bleed_mm };
    finish(
        crate::raster::render_pngs(&deck, out_dir, options, progress),
        "rendered",
    )
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
    /// The options and the back, or the message for a bad option.
    pub fn parse(&self) -> Result<(PrintOptions, BackChoice), String> {
        let options = PrintOptions {
            paper: Paper::parse(&self.paper).map_err(|e| format!("--paper: {e}"))?,
            card: self
                .card
                .as_deref()
                .map(CardSize::parse)
                .transpose()
                .map_err(|e| format!("--card: {e}"))?,
            bleed_mm: parse_length_mm(&self.bleed).map_err(|e| format!("--bleed: {e}"))?,
            crop_marks: self.crop_marks,
            duplex_offset_mm: parse_offset_mm(&self.duplex_offset)
                .map_err(|e| format!("--duplex-offset: {e}"))?,
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
        Err(e) => return CommandOutput::bad_input(e),
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
