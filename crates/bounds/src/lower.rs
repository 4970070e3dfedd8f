//! The lower bound: IDA* over Manhattan distance and linear conflicts. Each iteration that ends
//! without a solution proves that none is as short as its threshold allowed, and raises the
//! bound to the least cost it cut off; a search stopped by its budget keeps the bound of the
//! last iteration it completed.

use std::sync::atomic::{AtomicU32, Ordering};

use tilebase_core::Move;

use crate::budget::Clock;
use crate::puzzle::Puzzle;
use crate::walker::Walker;

/// What IDA* proved within its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Raised {
    /// No solution is shorter.
    pub(crate) lower_bound: u32,
    /// An optimal solution, when an iteration found one.
    pub(crate) solution: Option<Vec<Move>>,
}

/// How one iteration ended.
enum Iteration {
    Found,
    /// No solution within the threshold; the least cost cut off.
    Exceeded(u32),
    OutOfBudget,
}

/// Raises the lower bound on `cells`' distance to the puzzle's goal, until the budget is
/// spent, a solution is found, or the bound reaches `ceiling` (the length of the best solution
/// known, which another thread may lower meanwhile: the bound cannot pass it, and reaching it
/// proves that solution optimal).
/// With `report`, each bound proven is told to [`crate::progress`].
pub(crate) fn raise(
    puzzle: &Puzzle,
    cells: &[u8],
    ceiling: &AtomicU32,
    report: bool,
    clock: &mut Clock<'_>,
) -> Raised {
    let mut walker = Walker::new(puzzle, cells);
    let mut threshold = walker.h();
    let mut path = Vec::new();
    loop {
        let ceiling = ceiling.load(Ordering::Relaxed);
        if report {
            crate::progress::raised(threshold.min(ceiling));
        }
        if threshold >= ceiling || clock.is_out() {
            return Raised {
                lower_bound: threshold.min(ceiling),
                solution: None,
            };
        }
        match dig(&mut walker, &mut path, None, threshold, clock) {
            Iteration::Found => {
                return Raised {
                    lower_bound: threshold,
                    solution: Some(path),
                };
            }
            Iteration::Exceeded(next) => threshold = next,
            Iteration::OutOfBudget => {
                return Raised {
                    lower_bound: threshold,
                    solution: None,
                };
            }
        }
    }
}

/// One depth-first iteration below the walker's state, `path` the moves so far.
fn dig(
    walker: &mut Walker<'_>,
    path: &mut Vec<Move>,
    last: Option<Move>,
    threshold: u32,
    clock: &mut Clock<'_>,
) -> Iteration {
    let h = walker.h();
    if h == 0 {
        return Iteration::Found;
    }
    let g = path.len() as u32;
    let mut least = u32::MAX;
    for m in Move::ALL {
        if last == Some(m.opposite()) {
            continue;
        }
        let Some(to) = walker.target(m) else { continue };
        if !clock.tick() {
            return Iteration::OutOfBudget;
        }
        let undo = walker.apply(to);
        let f = g + 1 + walker.h();
        if f > threshold {
            least = least.min(f);
        } else {
            path.push(m);
            match dig(walker, path, Some(m), threshold, clock) {
                Iteration::Found => return Iteration::Found,
                Iteration::Exceeded(next) => least = least.min(next),
                Iteration::OutOfBudget => return Iteration::OutOfBudget,
            }
            path.pop();
        }
        walker.undo(undo);
    }
    Iteration::Exceeded(least)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use tilebase_core::Board;

    #[test]
    fn the_articles_case_is_raised_to_its_length() {
        let board = Board::THREE_BY_THREE;
        let puzzle = Puzzle::new(board, &[1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap();
        let cells = [6, 0, 3, 7, 1, 2, 4, 5, 8];
        let mut clock = Clock::start(Budget::UNLIMITED, None);
        let raised = raise(
            &puzzle,
            &cells,
            &AtomicU32::new(u32::MAX),
            false,
            &mut clock,
        );
        assert_eq!(raised.lower_bound, 23);
        let path = raised.solution.unwrap();
        assert_eq!(path.len(), 23);
        assert_eq!(puzzle.replay(&cells, &path).unwrap(), puzzle.goal());
        let mut clock = Clock::start(Budget::ZERO, None);
        let h = puzzle.heuristic(&cells).unwrap();
        let unknown = AtomicU32::new(u32::MAX);
        assert_eq!(
            raise(&puzzle, &cells, &unknown, false, &mut clock).lower_bound,
            h
        );
        let mut clock = Clock::start(Budget::UNLIMITED, None);
        let known = AtomicU32::new(21);
        assert_eq!(
            raise(&puzzle, &cells, &known, false, &mut clock).lower_bound,
            21
        );
    }
}
