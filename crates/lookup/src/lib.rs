//! Answers about sliding-tile puzzles from a tilebase database, in constant time per move:
//! the optimal distance of any state, the moves that stay optimal, one optimal solution, or all
//! of them. Databases are built once by `build-db` (crate `tilebase-engine`); this crate only
//! reads them, and depends on neither the builder nor any command-line code.
//!
//! Link it into a program that needs exact answers, such as a game that gives hints:
//!
//! ```
//! use tilebase_lookup::{Database, Move, State};
//!
//! # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/3x3-123804765.tilebase");
//! // let path = "db/3x3-123804765.tilebase";
//! let db = Database::open(path)?; // reads the header; the table is memory-mapped
//! let state: State = "603712458".parse()?;
//!
//! assert_eq!(db.distance(&state)?, 23);
//! let hint = db.optimal_moves(&state)?; // every move that keeps the solution optimal
//! assert!(hint.contains(Move::Down));
//! let path = db.solve(&state)?; // one optimal solution
//! assert_eq!(path.to_string(), "DDLURRDLLUURDDLURRDLLUR");
//! assert_eq!(state.apply(&path), Ok(db.goal()));
//!
//! // A state of the other parity half is an error that says why, not a panic.
//! let other: State = "864072513".parse()?;
//! assert!(db.distance(&other).unwrap_err().to_string().starts_with("unsolvable"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The memory map is the only `unsafe` code in tilebase; its contract is documented on
//! [`Database::open`].
#![deny(unsafe_code)]
#![warn(clippy::undocumented_unsafe_blocks)]

mod bounds;
mod checked;
mod database;
mod draw;
mod error;
mod goal;
mod patterns;
mod relabelled;
mod solutions;
mod storage;
mod tablebase;
mod verify;
mod view;

pub use bounds::BoundsFile;
pub use checked::{Checked, CheckedFile};
pub use database::Database;
pub use draw::Draw;
pub use error::Error;
pub use goal::{Entries, Goal, Hint};
pub use patterns::PatternFile;
pub use relabelled::{RelabelFault, RelabelledFile};
pub use solutions::Solutions;
pub use storage::{HUGE_PAGES_FROM, Storage};
pub use tablebase::Tablebase;
pub use tilebase_core::{
    Board, Frame, Metric, Move, MoveSet, Parity, Path, Slide, State, StateError, Unsolvable,
};
pub use tilebase_format::{FormatError, Header};
pub use verify::{BadEntry, Report};
