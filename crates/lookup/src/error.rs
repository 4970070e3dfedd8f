//! Everything a lookup can refuse.

use std::io;
use std::path::{Path, PathBuf};

use tilebase_core::{Board, Metric, State, Unsolvable};
use tilebase_format::FormatError;

/// Why a database could not be opened or a question not answered.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The file could not be opened or read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A directory was given where a database file was expected.
    #[error("{}: is a directory, not a database file", path.display())]
    IsDirectory {
        /// The directory.
        path: PathBuf,
    },
    /// Something other than a regular file or a directory: a pipe, a socket, a device.
    #[error("{}: is {kind}, not a database file", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is, with its article: "a pipe", "a device".
        kind: &'static str,
    },
    /// The bytes are not a valid database: see [`FormatError`].
    #[error("{}{source}", prefix(path))]
    Format {
        /// The file, when opened by path.
        path: Option<PathBuf>,
        /// What is wrong.
        source: FormatError,
    },
    /// A compressed database whose zstd stream is damaged or cut short.
    #[error(
        "{}damaged or truncated zstd data ({source}); rebuild it with build-db",
        prefix(path)
    )]
    Decompress {
        /// The file, when opened by path.
        path: Option<PathBuf>,
        /// What the decoder said.
        source: io::Error,
    },
    /// A compressed database, in a build that reads plain databases only.
    #[cfg(not(feature = "zstd"))]
    #[error(
        "{}zstd-compressed, but this build reads only plain databases (tilebase-lookup's zstd \
         feature is off): decompress it first (zstd -d)",
        prefix(path)
    )]
    Compressed {
        /// The file, when opened by path.
        path: Option<PathBuf>,
    },
    /// A state of another board than the database's.
    #[error("{state} is a state of a {} board, but this database is for {board}", state.board())]
    WrongBoard {
        /// The state.
        state: State,
        /// The database's board.
        board: Board,
    },
    /// A goal that the database cannot answer for: its blank is in a different class of cells
    /// than the database's goal's, so no relabelling and symmetry make one into the other.
    #[error(
        "goal {goal} has its blank in a different class of cells than the database's goal {holds} \
         ({}), so the database cannot answer for it: build the database of goal {} with build-db",
        class_name(holds),
        goal.canonical_goal()
    )]
    OtherClass {
        /// The goal asked for.
        goal: State,
        /// The database's goal.
        holds: State,
    },
    /// One of the databases of a [`crate::Tablebase`] is missing.
    #[error(
        "{}: not found: it is the database of goal {goal} ({metric}), one of those that answer \
         for every goal; build them with build-db --all-goals --board {} --metric {metric}",
        path.display(),
        goal.board()
    )]
    MissingClass {
        /// Where it was looked for.
        path: PathBuf,
        /// Its goal.
        goal: State,
        /// Its metric.
        metric: Metric,
    },
    /// Databases of different boards or metrics were put in one [`crate::Tablebase`].
    #[error("databases of {first} and of {other} cannot answer together: one board and metric")]
    Mixed {
        /// The first database's board and metric.
        first: String,
        /// One that differs.
        other: String,
    },
    /// No database of a [`crate::Tablebase`] answers for the goal.
    #[error("no database here answers for goal {goal}: build them all with build-db --all-goals")]
    NoneAnswers {
        /// The goal.
        goal: State,
    },
    /// The state cannot reach the goal.
    #[error("unsolvable: {0}")]
    Unsolvable(#[from] Unsolvable),
    /// A lookup met a table entry that cannot be right. Opening checks only the header; this is
    /// how damage inside the table shows up, instead of as a wrong answer.
    #[error(
        "the table is damaged at entry {index} (state {state}): {problem}; run verify, and rebuild the database with build-db"
    )]
    Damaged {
        /// The entry's index.
        index: u32,
        /// The state it belongs to.
        state: State,
        /// What is wrong with it.
        problem: String,
    },
}

/// Where a goal's blank is, in words, for a message.
fn class_name(goal: &State) -> String {
    let board = goal.board();
    let (row, col) = board.row_col(goal.blank());
    let edge_row = row == 0 || row + 1 == board.height();
    let edge_col = col == 0 || col + 1 == board.width();
    match (edge_row, edge_col) {
        (true, true) => "blank in a corner".into(),
        (false, false) => "blank inside the board".into(),
        _ => "blank on an edge".into(),
    }
}

fn prefix(path: &Option<PathBuf>) -> String {
    path.as_ref()
        .map_or_else(String::new, |p| format!("{}: ", p.display()))
}

impl Error {
    /// The same error, naming the file it came from.
    pub(crate) fn at(self, file: &Path) -> Error {
        match self {
            Error::Format { path: None, source } => Error::Format {
                path: Some(file.to_path_buf()),
                source,
            },
            Error::Decompress { path: None, source } => Error::Decompress {
                path: Some(file.to_path_buf()),
                source,
            },
            #[cfg(not(feature = "zstd"))]
            Error::Compressed { path: None } => Error::Compressed {
                path: Some(file.to_path_buf()),
            },
            other => other,
        }
    }
}
