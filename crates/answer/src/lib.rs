//! Everything between tilebase's tables and a front end, for every board tilebase answers: the
//! one library that `query` and the other programs, `serve`, and the Python module all stand
//! on, so that a new board or metric reaches them all at once.
//!
//! - [`Question`]: the board, goal, metric and pattern databases, read once with the defaults
//!   and refusals every front end shares, and one rule ([`Board::method`]) for which method
//!   answers: a full table up to 12 cells, IDA* over pattern databases for the 15-puzzle.
//! - [`Library`]: finding files (`db/`, then the cache), building the missing ones (told to a
//!   [`Watch`]: a progress bar, a logger, a line on stderr), each file opened once per process,
//!   builds safe across processes.
//! - [`Answers`]: the one door every question goes through: distances, solutions, hints,
//!   batches on every core ([`Answers::distances`]), draws at a distance, statistics.
//! - [`Answer`]: answers as typed values; [`Printer`] writes them as text, JSON Lines
//!   ([`json`], the contract, in one place) or distance lines.
//!
//! Open a board's answers with one call, then ask:
//!
//! ```
//! use tilebase_answer::{Answers, Question};
//!
//! # std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
//! // Goal 123804765 on 3x3, from db/3x3-123804765.tilebase.
//! # tilebase_answer::use_cache_dir(std::env::temp_dir().join("tilebase-examples"));
//! let answers = Answers::open(&Question::default())?;
//! let state = answers.read("603712458")?;
//! assert_eq!(answers.distance(&state)?, Some(23));
//! let moves = answers.solve(&state)?.unwrap();
//! assert_eq!(moves.to_string(), "DDLURRDLLUURDDLURRDLLUR");
//! for hint in answers.hints(&state)?.unwrap() {
//!     println!("{}: tile {}, {} moves left", hint.slide, hint.tile, hint.distance);
//! }
//!
//! // A NumPy-style batch: one state per row of cells, answered on every core.
//! let rows = [6, 0, 3, 7, 1, 2, 4, 5, 8, 8, 6, 4, 0, 7, 2, 5, 1, 3];
//! let mut out = [0i16; 2];
//! answers.distances(&rows, &mut out).unwrap();
//! assert_eq!(out, [23, -1]); // -1: the other parity half
//! # Ok::<(), tilebase_answer::Error>(())
//! ```
//!
//! The 15-puzzle, through the same door: its pattern databases found, or built into the cache
//! on first use (so this example is compiled, not run, by the tests):
//!
//! ```no_run
//! use tilebase_answer::{Answers, Question};
//!
//! let question = Question::read_text(Some("4x4"), None, None, Some("5-5-5"))?;
//! # tilebase_answer::use_cache_dir(std::env::temp_dir().join("tilebase-examples"));
//! let fifteen = Answers::open(&question)?;
//! let one = fifteen.read("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")?;
//! assert_eq!(fifteen.distance(&one)?, Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This crate depends on neither clap, indicatif, an async runtime nor PyO3, and no function
//! takes a program's name: the words a program prints around these answers are the program's.
#![forbid(unsafe_code)]

mod answering;
mod data;
mod error;
mod files;
mod print;
mod question;

pub use answering::analyse::{
    AnalyseError, Analysis, Judged, Letters, SolutionError, read_solution,
};
pub use answering::answer::{Answer, Bounded, Hint, Solved, Unsolvable, tiles_moved};
pub use answering::batch::{RowError, UNSOLVABLE, distances_without_files};
pub use answering::library::Library;
pub use answering::pieces::{Pieces, Searched};
pub use answering::{
    Answers, Ask, DEFAULT_BOUNDS_SECONDS, DEFAULT_SEARCH_MEMORY, Effort, parse_nodes,
    parse_seconds, parse_size, slow_search_note,
};
pub use data::label::{
    Labels, Sample, label_rows, label_rows_into, optimal_moves, optimal_paths, positions,
    sample_without_files,
};
pub use data::published::{FIFTEEN_FROM_A_CORNER, FIFTEEN_SOURCE, Published, published};
pub use data::random::{Distances, scrambles};
pub use data::stats::{
    DatabaseFacts, FIFTEEN_MTM_RADIUS, FileValues, PatternFacts, PatternStats, RelabelFacts,
    RelabelStats, Stats, TableStats,
};
pub use error::Error;
pub use files::bounds::{
    build_bounds_files, default_partition as default_bounds_partition,
    file_name as bounds_file_name, partition as bounds_partition,
};
pub use files::build::{Built, build_table, builds_under_way, stop_builds};
pub use files::cost::{BuildCost, pdb_help};
pub use files::patterns::{
    PatternSource, build_files as build_patterns, file_name as pattern_file_name,
};
pub use files::places::{CACHE_ENV, LOCAL_DIR, MEMORY_DIR, Places, cache_dir, use_cache_dir};
pub use files::relabelled::{
    MultiTables, RelabelSource, build_files as build_relabelled, file_name as relabelled_file_name,
};
pub use files::tables::{TableSource, open_given};
pub use files::watch::{Building, Job, Quietly, Watch};
pub use print::bytes::moves_text;
pub use print::{Input, Mode, Notation, Outcome, Printer, draw, json};
pub use question::given::{Given, Int, quote};
pub use question::position::{Position, ReadError, board_of_cell_count};
pub use question::{
    Asked, GOAL_PRESETS, Question, QuestionError, read_board, read_metric, read_pdb,
};
pub use tilebase_core::{
    Board, MAX_BOARD_CELLS, MAX_CELLS, Method, Metric, Move, Path, Slide, State,
};
pub use tilebase_lookup::Draw;
pub use tilebase_pattern::{Partition, SolveError};
