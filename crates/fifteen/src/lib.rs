//! The 15-puzzle (4x4) answered optimally, for every program that answers it: `query`,
//! `serve` and the Python module. Full tables stop at 12 cells; 4x4 answers come from IDA*
//! over additive pattern databases ([`tilebase_pattern`]), one set of files per class of the
//! goal's blank (a corner, an edge, inside), as the small boards have one table per class.
//!
//! - [`files`]: the files' names, where they are looked for, and the build of missing ones.
//! - [`answer`]: solutions in the goal's own frame, hints, and the words for an unsolvable
//!   state.
//!
//! ```no_run
//! use tilebase_fifteen::{Answerer, Partition, Places, Quietly, find_or_build};
//!
//! let goal: Vec<u8> = (1..16).chain([0]).collect();
//! let places = Places::new("db".into(), None);
//! let set = find_or_build(goal, Partition::FiveFiveFive, &places, &Quietly).unwrap();
//! let answerer = Answerer::new(&set).unwrap();
//! let cells = tilebase_pattern::parse_cells(
//!     &tilebase_pattern::FOUR_BY_FOUR,
//!     "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15",
//! )
//! .unwrap();
//! assert_eq!(answerer.distance(&cells, u64::MAX).unwrap(), Some(1));
//! ```

#![forbid(unsafe_code)]

pub mod answer;
pub mod files;

pub use answer::{Answerer, Hint, Solved, boards_of, tiles_moved, unsolvable_reason};
pub use files::{
    Building, PatternSet, Places, Quietly, Watch, build_files, build_time, file_name, find_or_build,
};
pub use tilebase_pattern::{FOUR_BY_FOUR, Partition, SolveError, cells_to_string, parse_cells};

/// Whether a board written `WxH` is the 15-puzzle's (`4x4`, `4X4`, `4×4`).
///
/// ```
/// assert!(tilebase_fifteen::is_four_by_four(" 4X4"));
/// assert!(!tilebase_fifteen::is_four_by_four("4x3"));
/// ```
pub fn is_four_by_four(board: &str) -> bool {
    let b = board.trim().to_ascii_lowercase().replace('×', "x");
    b == "4x4"
}

/// The goal named by `text` on 4x4 (the tiles in order, the blank last, by default), or the
/// message `--goal` gets.
///
/// ```
/// let goal = tilebase_fifteen::goal_of(None).unwrap();
/// assert_eq!(goal[15], 0);
/// assert_eq!(
///     tilebase_fifteen::goal_of(Some("1,2")).unwrap_err(),
///     "goal \"1,2\": 2 cells, but a 4x4 board has 16"
/// );
/// ```
pub fn goal_of(text: Option<&str>) -> Result<Vec<u8>, String> {
    match text {
        None => Ok((1..16).chain([0]).collect()),
        Some(t) => parse_cells(&FOUR_BY_FOUR, t).map_err(|e| format!("goal {t:?}: {e}")),
    }
}
