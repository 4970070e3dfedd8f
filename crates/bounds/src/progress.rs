//! How far the bounds of this process have come: the lower bound proven and the shortest
//! solution found so far, for a program to show while one state's budget runs (seconds on a
//! large board). Process-wide, as `tilebase_pattern::progress` is: with several states at once
//! (a batch) they are the latest state's.
//!
//! ```standalone_crate
//! use tilebase_bounds::{Budget, Puzzle, bound, progress};
//!
//! let board = "6x6".parse()?;
//! let puzzle = Puzzle::ordered(board);
//! let mut cells = board.ordered_cells();
//! cells.swap(35, 34);
//! bound(&puzzle, &cells, Budget::seconds(1.0))?;
//! assert_eq!((progress::lower(), progress::upper()), (1, Some(1)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::atomic::{AtomicU32, Ordering};

static LOWER: AtomicU32 = AtomicU32::new(0);
static UPPER: AtomicU32 = AtomicU32::new(u32::MAX);

/// The lower bound proven so far: no solution is shorter.
pub fn lower() -> u32 {
    LOWER.load(Ordering::Relaxed)
}

/// The length of the shortest solution found so far, if any.
pub fn upper() -> Option<u32> {
    Some(UPPER.load(Ordering::Relaxed)).filter(|&u| u != u32::MAX)
}

/// A state's bounds begin, from its heuristic.
pub(crate) fn begin(heuristic: u32) {
    LOWER.store(heuristic, Ordering::Relaxed);
    UPPER.store(u32::MAX, Ordering::Relaxed);
}

/// The lower bound is now `lower`.
pub(crate) fn raised(lower: u32) {
    LOWER.store(lower, Ordering::Relaxed);
}

/// A solution of `length` moves was found.
pub(crate) fn found(length: u32) {
    UPPER.fetch_min(length, Ordering::Relaxed);
}
