//! What every tilebase program shares, written once: running a program (its flags read with a
//! one-line error, `--quiet` applied, its end mapped to an exit status and a one-line message),
//! the exit codes, progress bars on a terminal, the flags that choose what answers, and files
//! written whole. The programs (`tilebase-tools`, `tilebase-serve`) are thin `main`s over their
//! own modules and this crate.
//!
//! This crate is for programs: it links clap and indicatif, which the libraries under `crates/`
//! never do.
#![forbid(unsafe_code)]

pub mod exit;
pub mod files;
pub mod progress;
pub mod quiet;
pub mod which;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

use crate::exit::{ERROR, OK, report};

/// Runs a program once, as its `main`: reads its arguments `A` from the command line (help and
/// version on stdout with exit 0; any other problem one line on stderr, `program: ... (see
/// program --help)`, with exit 2, instead of clap's several lines of usage), applies
/// [`quiet::Quiet`] where `A` has it, then runs `main`. `Ok(status)` is the exit status;
/// `Err(message)` is printed on stderr as `program: message`, with exit 2.
pub fn run<A: Parser>(program: &str, main: impl FnOnce(&A) -> Result<u8, String>) -> ExitCode {
    let args = match parse::<A>(std::env::args_os()) {
        Ok(args) => args,
        Err(err) => return refused(program, &err),
    };
    on_interrupt(program);
    match main(&args) {
        Ok(status) => ExitCode::from(status),
        Err(message) => {
            report(program, message);
            ExitCode::from(ERROR)
        }
    }
}

/// On a terminal, Ctrl-C while a table or pattern database is being built stops the build at once, with the
/// last layer it finished saved beside the file (the next run goes on from there and says
/// so): the program says it is saving, and ends once it has (a second Ctrl-C ends it at
/// once). Otherwise, and then, Ctrl-C clears the line a progress bar or spinner
/// was drawing and says the program was interrupted (files are written whole or not at all,
/// so nothing half-written is left to open). Either way the program ends with status 130, as
/// a shell reports an interrupted program.
///
/// Where stderr is not a terminal, Ctrl-C ends the program as it always does (and `serve`
/// stops gracefully on it, by its own handler).
fn on_interrupt(program: &str) {
    use std::io::IsTerminal;
    use std::sync::atomic::{AtomicBool, Ordering};
    static ASKED: AtomicBool = AtomicBool::new(false);
    if !std::io::stderr().is_terminal() {
        return;
    }
    let program = program.to_string();
    // A handler that cannot be set (one is set already) leaves Ctrl-C as it was.
    let _ = ctrlc::set_handler(move || {
        if !ASKED.swap(true, Ordering::SeqCst) && tilebase_answer::stop_builds() > 0 {
            clear_line();
            exit::note(
                &program,
                "stopping: saving the build so far, to go on from there next time (Ctrl-C again \
                 to quit at once)",
            );
            let program = program.clone();
            // The handler returns at once, so that a second Ctrl-C is heard.
            std::thread::spawn(move || {
                while tilebase_answer::builds_under_way() > 0 {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                interrupted(&program);
            });
            return;
        }
        interrupted(&program);
    });
}

/// Clears the line a progress bar was drawing.
fn clear_line() {
    use std::io::Write;
    let _ = write!(std::io::stderr(), "\r\x1b[2K");
}

/// Ends the program as interrupted: says so on a cleared line; status 130.
fn interrupted(program: &str) -> ! {
    clear_line();
    exit::report(program, "interrupted");
    std::process::exit(130);
}

/// Reads `A` from the command line `args` as clap's `Parser::try_parse_from` does, applying
/// `--quiet` on the way when `A` has the flag.
fn parse<A: Parser>(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
) -> Result<A, clap::Error> {
    let mut matches = A::command().try_get_matches_from(args)?;
    if let Ok(Some(&quiet)) = matches.try_get_one::<bool>(quiet::Quiet::ID) {
        quiet::set_quiet(quiet);
    }
    A::from_arg_matches_mut(&mut matches).map_err(|err| err.format(&mut A::command()))
}

/// How a command line clap refused ends: help and version printed on stdout, exit 0; anything
/// else its first line on stderr, exit 2.
fn refused(program: &str, err: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            ExitCode::from(OK)
        }
        _ => {
            let text = err.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            report(program, format_args!("{first} (see {program} --help)"));
            ExitCode::from(ERROR)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Parser)]
    #[command(name = "loud")]
    struct Loud {
        #[arg(long)]
        count: Option<u32>,
    }

    #[derive(Debug, Parser)]
    #[command(name = "hushed")]
    struct Hushed {
        #[arg(long)]
        count: Option<u32>,
        #[command(flatten)]
        quiet: quiet::Quiet,
    }

    /// `--quiet` is applied by reading the arguments, for every program whose arguments have
    /// it; arguments without it read as clap reads them. (One test: the flag is the process's.)
    #[test]
    fn quiet_is_applied_where_the_program_has_it() {
        let hushed: Hushed = parse(["hushed", "-q", "--count", "3"]).unwrap();
        assert!(hushed.quiet.quiet && quiet::is_quiet());
        assert_eq!(hushed.count, Some(3));
        let hushed: Hushed = parse(["hushed"]).unwrap();
        assert!(!hushed.quiet.quiet && !quiet::is_quiet());
        let loud: Loud = parse(["loud", "--count", "4"]).unwrap();
        assert_eq!(loud.count, Some(4));
        assert!(parse::<Loud>(["loud", "--quiet"]).is_err());
    }

    /// Errors are clap's own, formatted for the program's command: the same first line as
    /// `Parser::try_parse_from` gives.
    #[test]
    fn errors_are_claps() {
        for args in [
            &["loud", "--count", "x"][..],
            &["loud", "--counts"],
            &["loud", "extra"],
        ] {
            let ours = parse::<Loud>(args).unwrap_err();
            let claps = Loud::try_parse_from(args).unwrap_err();
            assert_eq!(ours.kind(), claps.kind());
            assert_eq!(ours.to_string(), claps.to_string());
        }
    }
}
