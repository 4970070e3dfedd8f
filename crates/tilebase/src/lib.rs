#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod options;
mod puzzle;
mod shipped;
mod state;

pub use options::Options;
pub use puzzle::Puzzle;
pub use shipped::{SHIPPED, library};
pub use state::IntoPosition;
/// The tables' own API, for O(1) lookups in a memory-mapped file and nothing else: a
/// [`lookup::Database`] answers distances, optimal moves and solutions of its goal (and of
/// every goal of its class) with no search and no other file.
pub use tilebase_lookup as lookup;

/// The whole answering library every tilebase front end stands on (the programs, the service,
/// the Python module): questions, the files found and built, printers, batches, draws and
/// statistics. [`Puzzle`] is the door most programs need.
pub use tilebase_answer as answer;

pub use tilebase_answer::{
    AnalyseError, Analysis, Answers, Board, Distances, Draw, Error, Hint, Judged, Letters,
    MAX_CELLS, Method, Metric, Move, Partition, Path, Position, QuestionError, ReadError, RowError,
    Slide, SolutionError, UNSOLVABLE,
};

/// The Rust examples of the repository's README and of the guide's library page, run as this
/// crate's doctests (from this crate's folder, whose `db/` holds the 3x3 tables), so that they
/// cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
#[doc = include_str!("../../../docs/library.md")]
pub struct RepositoryExamples;
