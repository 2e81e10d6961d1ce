//! Runs a rules scenario file and prints the readable log (a developer convenience until the
//! `sigilforge rules` subcommand is wired into the app).

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: rules_run FILE [--json]");
        std::process::exit(2);
    };
    let json = args.next().is_some_and(|a| a == "--json");
    let out = sigilforge_engine::rules::cli::rules_command(std::path::Path::new(&path), json);
    print!("{}", out.stdout);
    eprint!("{}", out.stderr);
    std::process::exit(out.code);
}
