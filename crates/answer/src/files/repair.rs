//! What is said of a damaged file. One in the cache is tilebase's own: it is built again in
//! place, with a warning naming it. One under `db/` or given by name is the user's: it stays an
//! error, which names it and gives the command that rebuilds exactly that file (the lower
//! crates' generic "rebuild it with build-db" would write into `./db/`, wherever the file was).
//! The command for each kind of file is made beside its kind (`tables`, `patterns`,
//! `relabelled`).

use std::path::Path;

use tilebase_core::Board;
use tilebase_pattern::cells_to_string;

use crate::error::Error;

/// The generic advice the format and lookup crates end their messages with.
const ADVICE: [&str; 4] = [
    "; run verify, and rebuild the database with build-db",
    "; rebuild it with build-db",
    ", rebuild it with build-db",
    ": rebuild the database with build-db",
];

/// `message` without the lower crates' generic advice.
pub(crate) fn without_advice(message: &str) -> &str {
    ADVICE
        .iter()
        .find_map(|advice| message.strip_suffix(advice))
        .unwrap_or(message)
}

/// The message of a damaged file that is the user's: what is wrong, and how to rebuild it.
pub(crate) fn to_rebuild(message: &str, command: &str) -> String {
    format!("{}; rebuild it with: {command}", without_advice(message))
}

/// The message of a damaged file in the cache, built again where it was.
pub(crate) fn rebuilding(message: &str) -> String {
    format!("{}: building it again in place", without_advice(message))
}

/// `text` as a shell reads it back: bare when it holds only characters no shell treats
/// specially, else in single quotes.
pub(crate) fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./,:=+@%".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// The command that rebuilds the files of the canonical goal `canonical` of a goal class of
/// `board` into the directory `dir`: `build-db --board B{before} [--goal G]{after} --out DIR
/// --force`, the goal named where it is not the tiles in order.
pub(crate) fn class_command(
    board: Board,
    before: &str,
    canonical: &[u8],
    after: &str,
    dir: &Path,
) -> String {
    let mut command = format!("build-db --board {board}{before}");
    if canonical != board.ordered_cells() {
        command.push_str(&format!(" --goal {}", cells_to_string(canonical)));
    }
    command.push_str(after);
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    command.push_str(&format!(
        " --out {} --force",
        shell_word(&dir.to_string_lossy())
    ));
    command
}

/// A full table's file, as a damaged entry of it is reported.
#[derive(Clone, Debug)]
pub(crate) struct TableFile {
    /// The path, as messages write it.
    pub(crate) path: String,
    /// The command that rebuilds it.
    pub(crate) command: String,
}

/// A table's error: a damaged entry of a table read from a file names the file and the command
/// that rebuilds it (the lookup crate's own words name only the entry).
pub(crate) fn damaged_entry(file: Option<&TableFile>, e: tilebase_lookup::Error) -> Error {
    match (&e, file) {
        (tilebase_lookup::Error::Damaged { .. }, Some(file)) => {
            Error::Files(to_rebuild(&format!("{}: {e}", file.path), &file.command))
        }
        _ => Error::Lookup(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn the_generic_advice_is_replaced() {
        let damaged = "db/x.tilebase: table block 0 (bytes 0 to 10 of the table) does not match \
                       its checksum: the table is damaged; rebuild it with build-db";
        assert_eq!(
            to_rebuild(damaged, "build-db --out db --force"),
            "db/x.tilebase: table block 0 (bytes 0 to 10 of the table) does not match its \
             checksum: the table is damaged; rebuild it with: build-db --out db --force"
        );
        assert_eq!(
            rebuilding(damaged),
            "db/x.tilebase: table block 0 (bytes 0 to 10 of the table) does not match its \
             checksum: the table is damaged: building it again in place"
        );
    }
}
