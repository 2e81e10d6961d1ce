//! `render`, `print`, `tts` and `csv`: the render crate and the engine do the work; this adds
//! the terminal progress bar.

use std::io::IsTerminal as _;
use std::path::Path;

use sigilforge_engine::command::CommandOutput;
use sigilforge_render::Progress;
use sigilforge_render::cli::{PrintArgs, RenderArgs};
use sigilforge_render::tts::TtsOptions;

/// Runs `job` with a progress bar on standard error when it is a terminal.
fn with_progress(what: &str, job: impl FnOnce(&Progress) -> CommandOutput + Send) -> CommandOutput {
    let progress = Progress::new();
    if !std::io::stderr().is_terminal() {
        return job(&progress);
    }
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what} ({{eta}} left)"
        ))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let output = std::thread::scope(|scope| {
        let worker = scope.spawn(|| job(&progress));
        while !worker.is_finished() {
            let (done, total) = progress.get();
            bar.set_length(total as u64);
            bar.set_position(done as u64);
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        worker.join()
    });
    bar.finish_and_clear();
    output.unwrap_or_else(|_| CommandOutput {
        stdout: String::new(),
        stderr: "the job stopped unexpectedly\n".into(),
        code: 1,
    })
}

/// `sigilforge render PACK -o DIR [--dpi 300] [--cards ID,... | --deck NAME] [--bleed 0mm]
/// [--card SIZE] [--strict]`.
pub fn render(pack: &Path, output: &Path, args: &RenderArgs, strict: bool) -> CommandOutput {
    if let Some(refused) = strict_check(strict, pack, args.cards.as_deref()) {
        return refused;
    }
    with_progress("cards", |p| {
        sigilforge_render::cli::render_command_with(pack, output, args, p)
    })
}

/// `sigilforge print PACK -o FILE.pdf [options] [--strict]`.
pub fn print(pack: &Path, output: &Path, args: &PrintArgs, strict: bool) -> CommandOutput {
    if let Some(refused) = strict_check(strict, pack, None) {
        return refused;
    }
    with_progress("cards", |p| {
        sigilforge_render::cli::print_command(pack, output, args, p)
    })
}

/// `sigilforge tts PACK -o DIR [--dpi 150] [--url-base URL] [--deck NAME] [--strict]`.
pub fn tts(
    pack: &Path,
    output: &Path,
    dpi: f32,
    url_base: Option<String>,
    deck: Option<&str>,
    strict: bool,
) -> CommandOutput {
    if let Some(refused) = strict_check(strict, pack, None) {
        return refused;
    }
    let options = TtsOptions { dpi, url_base };
    with_progress("cards", |p| {
        sigilforge_render::cli::tts_command(pack, output, &options, deck, p)
    })
}

/// With `--strict`, the refusal when a character has no font (before anything is written).
fn strict_check(strict: bool, pack: &Path, cards: Option<&str>) -> Option<CommandOutput> {
    strict
        .then(|| sigilforge_render::cli::refuse_missing_glyphs(pack, cards))
        .flatten()
}
