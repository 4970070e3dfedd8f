//! Builds a tilebase database: a breadth-first search from the goal over every reachable state
//! ([`build_table`]), then a file written so that it is either complete or absent ([`save`]).
//!
//! ```
//! use tilebase_core::Board;
//!
//! let goal = "3x2".parse::<Board>().unwrap().ordered_goal();
//! let table = tilebase_build::build_table(&goal);
//! assert_eq!(table.len(), 360);
//! assert_eq!(table.iter().max(), Some(&21)); // the 3x2 radius
//! ```
#![forbid(unsafe_code)]

mod bfs;
mod rotations;
mod save;

pub use bfs::{build_table, build_table_in};
pub use save::{SaveError, Saved, save};
