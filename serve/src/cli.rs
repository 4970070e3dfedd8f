//! The command line's part of the service: its flags read in one line of error, its messages
//! on stderr, its exit codes.

use std::fmt::Display;
use std::process::ExitCode;

/// Served until stopped.
pub const OK: u8 = 0;
/// A bad flag, or a port that cannot be listened on.
pub const ERROR: u8 = 2;

/// Prints a one-line message, `program: message`, on stderr. A closed stderr is ignored rather
/// than allowed to panic, as `eprintln!` would.
pub fn report(program: &str, message: impl Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{program}: {message}");
}

/// Parses the command line. Help and version go to stdout with exit 0; any other problem is one
/// line on stderr with exit 2, instead of clap's several lines of usage.
pub fn parse_args<A: clap::Parser>(program: &str) -> Result<A, ExitCode> {
    A::try_parse().map_err(|err| match err.kind() {
        clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
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
    })
}
