//! What is said of a damaged file. One in the cache is tilebase's own: it is built again in
//! place, with a warning naming it. One under `db/` or given by name is the user's: it stays an
//! error, which names it and gives the command that rebuilds exactly that file (the lower
//! crates' generic "rebuild it with build-db" would write into `./db/`, wherever the file was).

use std::path::Path;

use tilebase_core::{Metric, State};
use tilebase_pattern::{Partition, cells_to_string};

use crate::error::Error;
use tilebase_core::Board;

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
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./,:=+@%".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
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

/// The command that rebuilds the full table at `path`, of `goal` in `metric`.
pub(crate) fn table_command(path: &Path, goal: &State, metric: Metric) -> String {
    let mut command = format!("build-db --board {} --goal {goal}", goal.board());
    if metric == Metric::Multi {
        command.push_str(" --metric mtm");
    }
    if path.extension().is_some_and(|e| e == "zst") {
        command.push_str(" --compress");
    }
    command.push_str(&format!(
        " --out {} --force",
        shell_word(&path.to_string_lossy())
    ));
    command
}

/// The goal and metric a table file's name says (`3x3-123804765-mtm.tilebase.zst`), as
/// [`tilebase_format::file_name`] writes it.
fn named(path: &Path) -> Option<(State, Metric)> {
    let name = path.file_name()?.to_str()?;
    let name = name.strip_suffix(".zst").unwrap_or(name);
    let name = name.strip_suffix(".tilebase")?;
    let (name, metric) = match name.strip_suffix("-mtm") {
        Some(name) => (name, Metric::Multi),
        None => (name, Metric::Single),
    };
    let (board, goal) = name.split_once('-')?;
    let board = board.parse().ok()?;
    let goal = State::parse(board, &goal.replace('-', ",")).ok()?;
    Some((goal, metric))
}

/// Opens the full table a user names (`--db`): when it is damaged, the error names it and says
/// the command that rebuilds it (from what its name says, or with the board and goal left to
/// the user when its name says neither).
pub fn open_given(path: &Path) -> Result<tilebase_lookup::Database, Error> {
    tilebase_lookup::Database::open(path).map_err(|e| match e {
        tilebase_lookup::Error::Format { .. } | tilebase_lookup::Error::Decompress { .. } => {
            let command = match named(path) {
                Some((goal, metric)) => table_command(path, &goal, metric),
                None => format!(
                    "build-db --board WxH --goal G --out {} --force, with the board and goal it \
                     was built for",
                    shell_word(&path.to_string_lossy())
                ),
            };
            Error::Files(to_rebuild(&e.to_string(), &command))
        }
        other => Error::Lookup(other),
    })
}

/// The command that rebuilds the pattern files of `partition` for the canonical goal
/// `canonical` in the directory `dir`, the damaged one among them (the others are rebuilt
/// byte for byte as they were).
pub(crate) fn patterns_command(
    dir: &Path,
    board: Board,
    canonical: &[u8],
    partition: Partition,
) -> String {
    let mut command = format!("build-db --board {board}");
    let standard: Vec<u8> = (1..board.cells() as u8).chain([0]).collect();
    if canonical != standard {
        command.push_str(&format!(" --goal {}", cells_to_string(canonical)));
    }
    if partition != Partition::default() {
        command.push_str(&format!(" --pdb {partition}"));
    }
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

/// The command that rebuilds the multi-tile relabelled table of the canonical goal `canonical`
/// in the directory `dir`.
pub(crate) fn relabelled_command(
    dir: &Path,
    board: Board,
    canonical: &[u8],
    which: crate::MultiTables,
) -> String {
    let mut command = format!("build-db --board {board} --metric mtm");
    if which == crate::MultiTables::Strong {
        command.push_str(" --strong");
    }
    let standard: Vec<u8> = (1..board.cells() as u8).chain([0]).collect();
    if canonical != standard {
        command.push_str(&format!(" --goal {}", cells_to_string(canonical)));
    }
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

    #[test]
    fn names_say_goal_and_metric() {
        let said = |name: &str| named(Path::new(name)).map(|(g, m)| (g.to_string(), m));
        assert_eq!(
            said("db/3x3-123804765.tilebase"),
            Some(("123804765".into(), Metric::Single))
        );
        assert_eq!(
            said("4x3-1-2-3-4-5-6-7-8-9-10-11-0-mtm.tilebase.zst"),
            Some(("1,2,3,4,5,6,7,8,9,10,11,0".into(), Metric::Multi))
        );
        assert_eq!(said("mine.tilebase"), None);
        assert_eq!(said("3x3-12345678.tilebase"), None);
    }

    #[test]
    fn commands_name_exactly_the_file() {
        let goal: State = "123804765".parse().unwrap();
        assert_eq!(
            table_command(
                Path::new("db/3x3-123804765.tilebase"),
                &goal,
                Metric::Single
            ),
            "build-db --board 3x3 --goal 123804765 --out db/3x3-123804765.tilebase --force"
        );
        assert_eq!(
            table_command(
                Path::new("my tables/t's.tilebase.zst"),
                &goal,
                Metric::Multi
            ),
            "build-db --board 3x3 --goal 123804765 --metric mtm --compress --out \
             'my tables/t'\\''s.tilebase.zst' --force"
        );
        let standard: Vec<u8> = (1..16).chain([0]).collect();
        let four = Board::FOUR_BY_FOUR;
        assert_eq!(
            patterns_command(Path::new("db"), four, &standard, Partition::SEVEN_EIGHT),
            "build-db --board 4x4 --out db --force"
        );
        let edge: Vec<u8> = (0..16).collect();
        assert_eq!(
            patterns_command(Path::new(""), four, &edge, Partition::FIVE_FIVE_FIVE),
            "build-db --board 4x4 --goal 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --pdb 5-5-5 \
             --out . --force"
        );
    }
}
