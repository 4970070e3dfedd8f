//! Exit codes and error lines shared by the programs.

use std::fmt::Display;

use tilebase_answer::Outcome;

/// Every state answered, every state solvable; or nothing went wrong.
pub const OK: u8 = 0;
/// At least one state cannot reach the goal (query, analyse, compare).
pub const UNSOLVABLE: u8 = 1;
/// Something went wrong: an unreadable input, a bad flag, a missing or damaged database, a port
/// that cannot be listened on.
pub const ERROR: u8 = 2;

/// Prints a one-line error, `program: message`, on stderr. A closed stderr is ignored rather
/// than allowed to panic, as `eprintln!` would.
pub fn report(program: &str, message: impl Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{program}: {message}");
}

/// Prints a note (what is found, built, resumed or left out: never an error) as [`report`]
/// does, unless `--quiet` was given: `--quiet` silences every note.
pub fn note(program: &str, message: impl Display) {
    if !crate::quiet::is_quiet() {
        report(program, message);
    }
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
