//! Why a question got no answer.

use tilebase_pattern::SolveError;

use crate::question::QuestionError;
use crate::question::position::{Position, ReadError};
use tilebase_core::Board;

/// Why a question got no answer. A state that cannot reach the goal is an answer, not an
/// error; so is a state of the other parity half in a batch.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The question cannot be asked: see [`QuestionError`].
    #[error(transparent)]
    Question(#[from] QuestionError),
    /// A position that is not one of the board's.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A database file that cannot be opened or read, or a table entry that cannot be right:
    /// the lookup crate's words.
    #[error(transparent)]
    Lookup(#[from] tilebase_lookup::Error),
    /// Files that cannot answer as found or built: a file that holds another goal or pattern
    /// than its name says, pattern files that make no partition, a build that failed.
    #[error("{0}")]
    Files(String),
    /// A file that a build would replace, which was not asked for.
    #[error("{}: already exists", .0.display())]
    Exists(std::path::PathBuf),
    /// A distance no position is at.
    #[error("{0}")]
    Distance(String),
    /// A file given by name that cannot answer the question asked: another board, metric, or
    /// class of goals.
    #[error("{0}")]
    NotAsked(String),
    /// A search gave up on a position (its node limit reached).
    #[error("{position}: {error}")]
    Search {
        /// The position searched.
        position: Position,
        /// Why it stopped.
        error: SolveError,
    },
    /// Something only a full table holds (states drawn at a distance, the distribution),
    /// asked of a board answered from pattern databases.
    #[error("{board}: {what} come from full tables, which stop at 12 cells")]
    NoTable {
        /// The board.
        board: Board,
        /// What was asked for.
        what: &'static str,
    },
    /// A search's piece of work (a split, a subtree) asked of the multi-tile search, which is
    /// not cut into pieces.
    #[error("{board}, {metric}: {what} is for single-tile searches")]
    NotInMetric {
        /// The board.
        board: Board,
        /// The metric.
        metric: tilebase_core::Metric,
        /// What was asked for.
        what: &'static str,
    },
    /// Something only an optimal answer gives (a distance, every solution, hints), asked of a
    /// board past 25 cells, where a search within a budget proves bounds.
    #[error(
        "{board}: past 25 cells only bounds are proven (a lower bound and a solution, as query \
         answers); {what} needs the optimal length"
    )]
    OnlyBounds {
        /// The board.
        board: Board,
        /// What was asked for.
        what: &'static str,
    },
    /// A search's piece of work (a bound, a split, a subtree) asked of a board answered from
    /// a full table, which needs no search.
    #[error("{board}: answered from its full table; {what} is for boards answered by search")]
    NoSearch {
        /// The board.
        board: Board,
        /// What was asked for.
        what: &'static str,
    },
}

impl From<tilebase_engine::SaveError> for Error {
    /// A file that exists where a build was not asked to replace one, or a save that failed.
    fn from(error: tilebase_engine::SaveError) -> Error {
        match error {
            tilebase_engine::SaveError::Exists { path } => Error::Exists(path),
            other => Error::Files(other.to_string()),
        }
    }
}
