//! Exit codes and error lines shared by the programs.

use std::fmt::Display;
use std::process::ExitCode;

use tilebase_answer::Outcome;

/// Every state answered, every state solvable; or nothing went wrong.
pub const OK: u8 = 0;
/// At least one state cannot reach the goal (query only).
pub const UNSOLVABLE: u8 = 1;
/// Something went wrong: an unreadable input, a bad flag, a missing or damaged database.
pub const ERROR: u8 = 2;

/// Prints a one-line error, `program: message`, on stderr. A closed stderr is ignored rather
/// than allowed to panic, as `eprintln!` would.
pub fn report(program: &str, message: impl Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{program}: {message}");
}

/// Parses the command line. Help and version go to stdout with exit 0; any other problem is one
/// line on stderr with exit 2, instead of clap's several lines of usage.
pub fn parse_args<A: clap::Parser>(program: &str) -> Result<A, ExitCode> {
    A::try_parse().map_err(|err| {
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
    })
}

/// The exit status of a run whose inputs fared as `outcome` says: 0, 1 (some state cannot reach
/// the goal) or 2 (some input could not be answered).
pub fn status(outcome: Outcome) -> u8 {
    match outcome {
        Outcome::Answered => OK,
        Outcome::Unsolvable => UNSOLVABLE,
        Outcome::Failed => ERROR,
    }
}

/// How a program that prints one text ends: the text on stdout and exit 0, or the error as one
/// line on stderr and exit 2.
pub fn print_or_report(program: &str, result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::from(OK)
        }
        Err(message) => {
            report(program, message);
            ExitCode::from(ERROR)
        }
    }
}
