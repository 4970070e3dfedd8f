//! Sliding-tile puzzles as data: boards of any shape tilebase answers ([`Board`], up to 100
//! cells, with every limit on boards in one place), and for boards of up to 12 cells states and
//! how to read and write them, moves, the parity rule that decides solvability, and the dense
//! index that gives every reachable state its own slot in a table; on every board, the move
//! sequences a depth-first search need not take ([`twins`]: another sequence reaches the same
//! state as soon or sooner).
//!
//! ```
//! use tilebase_core::{Move, State};
//!
//! let start: State = "283104765".parse()?;
//! let goal: State = "1 2 3/8 0 4/7 6 5".parse()?;
//! assert!(start.check_solvable(&goal).is_ok());
//! assert_eq!(start.apply(&[Move::Up, Move::Left, Move::Down, Move::Right]), Ok(goal));
//! # Ok::<(), tilebase_core::StateError>(())
//! ```
#![forbid(unsafe_code)]

pub mod board;
pub mod cursor;
pub mod frame;
pub mod index;
pub mod metric;
pub mod moves;
pub mod parity;
pub mod parse;
pub mod state;
pub mod twins;
pub mod walk;

pub use board::{Board, BoardError, MAX_BOARD_CELLS, MAX_CELLS, MAX_SIDE, Method, TABLE_CELLS};
pub use cursor::{Cursor, Step};
pub use frame::{Frame, Symmetry};
pub use metric::{Metric, MetricError, Slide};
pub use moves::{Move, MoveSet, ParsePathError, Path};
pub use parity::{Parity, Unsolvable};
pub use parse::StateError;
pub use state::{Grid, State};
pub use walk::Walk;
