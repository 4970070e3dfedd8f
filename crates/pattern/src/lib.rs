//! tilebase's pattern databases: optimal answers on boards too large for a full table, from
//! 13 cells to the 24-puzzle's 25.
//!
//! A [`Pattern`] is a set of tiles; its database holds, for every placement of those tiles,
//! the fewest moves *of those tiles* that bring them home, other tiles moving for free. The
//! engine (tilebase-engine) builds it by a breadth-first search over abstract states, here
//! indexed ([`Pattern::for_each_neighbour`], and [`Expander`], the same moves made fast for the
//! search). Databases of disjoint patterns add up to a lower bound of the distance, and
//! [`Solver`] runs IDA* over that sum ([`Solver::solve_all`] for a batch on every core), never
//! ending a path with a move sequence that has a shorter or earlier [`Twins`] twin; while
//! searches run, [`progress`] counts their nodes for a program to show.
//!
//! ```
//! use tilebase_pattern::{Grid, Pattern};
//!
//! let grid = Grid::new(4, 4).unwrap();
//! let goal: Vec<u8> = (1..16).chain([0]).collect();
//! let pattern = Pattern::new(grid, &goal, &[1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
//! assert_eq!(pattern.placements(), 518_918_400);
//! ```
#![forbid(unsafe_code)]

mod astar;
mod expand;
mod frame;
mod grid;
mod in_order;
mod manhattan;
mod multi;
mod odometer;
mod partition;
mod pattern;
pub mod progress;
mod relabel;
mod solve;
mod table;
mod verify;

pub use expand::{Expander, Placement};
pub use frame::{
    CellsError, ClassFrame, FOUR_BY_FOUR, cells_to_string, parse_board_cells, parse_cells,
};
pub use grid::Grid;
pub use manhattan::{Classic, solve_classic};
pub use multi::{MAX_LOOKUPS, MultiError, MultiSolution, MultiSolver};
pub use odometer::Odometer;
pub use partition::{MAX_PARTITION_PATTERNS, PARTITION_HELP, Partition};
pub use pattern::{MAX_PATTERN_TILES, MAX_PLACEMENTS, Pattern, PatternError, placements};
pub use relabel::{MAX_LABELS, RelabelError, Relabelling};
pub use solve::{
    BYTES_PER_STATE, Below, HYBRID_FROM, MAX_PARTITIONS, MAX_PATTERNS, NODES_PER_STATE, Piece,
    Solution, SolveError, Solver, SolverError, Split, TWINS_FROM, solvable,
};
pub use table::{EncodeError, Encoding, PatternValues, encode, encode_into};
pub use tilebase_core::twins::{MAX_TWIN_MOVES, PathState, TWINNED, Twins};
pub use verify::{PatternFault, compare_values};
