//! The lower bound: IDA* over Manhattan distance and linear conflicts. Each iteration that ends
//! without a solution proves that none is as short as its threshold allowed, and raises the
//! bound to the least cost it cut off; a search stopped by its budget keeps the bound of the
//! last iteration it completed. No path is searched that ends with a twinned sequence of moves
//! ([`Twins`]): every state is still reached by its least path, along which the heuristic never
//! cuts a solution as short as the threshold, so the bound holds, with 15% to 27% fewer
//! nodes on DeepCubeA's 35- and 48-puzzle states.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use tilebase_core::Move;
use tilebase_core::twins::{PathState, TWINNED, Twins};
use web_time::Instant;

use crate::Budget;
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

/// What the iterations so far cost, to foresee the next one's cost.
///
/// Each iteration of IDA* costs some times the one before: on DeepCubeA's 35- and 48-puzzle
/// states between about 12 and 40 times, the factor falling slowly from one iteration to the
/// next. The next is foreseen as the last times the last factor (no less than
/// [`Growth::LEAST_FACTOR`]), which errs long where the factor falls: an iteration foreseen
/// not to fit rarely would have.
#[derive(Default)]
struct Growth {
    /// The last iteration's nodes and time.
    last: Option<(u64, Duration)>,
    /// Its nodes over the one's before.
    factor: Option<f64>,
}

impl Growth {
    /// The least factor assumed: IDA*'s iterations past 25 cells never grew by less (each
    /// walks again the whole tree of the one before, and more).
    const LEAST_FACTOR: f64 = 4.0;

    /// Iterations below this many nodes are too short to measure a factor by.
    const MEASURED_FROM: u64 = 10_000;

    /// Counts an iteration of `nodes` that took `time`.
    fn ended(&mut self, nodes: u64, time: Duration) {
        if let Some((last, _)) = self.last.filter(|&(n, _)| n >= Self::MEASURED_FROM) {
            self.factor = Some(nodes as f64 / last as f64);
        }
        self.last = Some((nodes, time));
    }

    /// Whether the next iteration is foreseen to end within `left`; so it is until two
    /// iterations have been measured.
    fn fits(&self, left: Budget) -> bool {
        let (Some((nodes, time)), Some(factor)) = (self.last, self.factor) else {
            return true;
        };
        let factor = factor.max(Self::LEAST_FACTOR);
        let time_fits = left
            .time
            .is_none_or(|left| time.as_secs_f64() * factor <= left.as_secs_f64());
        time_fits && nodes as f64 * factor <= left.max_nodes as f64
    }
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
/// With `report`, each bound proven is told to [`crate::progress`]. With `foresee`, an
/// iteration foreseen not to end within what is left of the budget is not begun (see
/// [`Growth`]): what is left then goes to whatever the caller does next, where otherwise it
/// would be spent on an iteration cut off before it proves anything.
pub(crate) fn raise(
    puzzle: &Puzzle,
    cells: &[u8],
    ceiling: &AtomicU32,
    report: bool,
    foresee: bool,
    clock: &mut Clock<'_>,
) -> Raised {
    let mut walker = Walker::new(puzzle, cells);
    // Made on the first iteration begun (tens of milliseconds on 6x6 and 7x7), not for a
    // budget that ends at the heuristic.
    let mut twins: Option<Arc<Twins>> = None;
    let mut threshold = walker.h();
    let mut path = Vec::new();
    let mut growth = Growth::default();
    loop {
        let ceiling = ceiling.load(Ordering::Relaxed);
        if report {
            crate::progress::raised(threshold.min(ceiling));
        }
        if threshold >= ceiling || clock.is_out() || (foresee && !growth.fits(clock.remaining())) {
            return Raised {
                lower_bound: threshold.min(ceiling),
                solution: None,
            };
        }
        let twins = twins.get_or_insert_with(|| Twins::shared(puzzle.board()));
        let root = twins.start(walker.blank());
        let began = (clock.nodes, Instant::now());
        let iteration = dig(&mut walker, twins, root, &mut path, None, threshold, clock);
        growth.ended(clock.nodes - began.0, began.1.elapsed());
        match iteration {
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

/// One depth-first iteration below the walker's state, `path` the moves so far (in `state` of
/// the twins' automaton).
fn dig(
    walker: &mut Walker<'_>,
    twins: &Twins,
    state: PathState,
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
        let next = twins.step(state, m);
        if next == TWINNED {
            continue;
        }
        if !clock.tick() {
            return Iteration::OutOfBudget;
        }
        let undo = walker.apply(to);
        let f = g + 1 + walker.h();
        if f > threshold {
            least = least.min(f);
        } else {
            path.push(m);
            match dig(walker, twins, next, path, Some(m), threshold, clock) {
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
            raise(&puzzle, &cells, &unknown, false, false, &mut clock).lower_bound,
            h
        );
        let mut clock = Clock::start(Budget::UNLIMITED, None);
        let known = AtomicU32::new(21);
        assert_eq!(
            raise(&puzzle, &cells, &known, false, false, &mut clock).lower_bound,
            21
        );
    }

    #[test]
    fn the_next_iteration_is_foreseen_from_the_last_two() {
        let mut growth = Growth::default();
        assert!(growth.fits(Budget::ZERO), "nothing measured: it may begin");
        growth.ended(9_000, Duration::from_millis(1));
        growth.ended(200_000, Duration::from_millis(10));
        assert!(
            growth.fits(Budget::ZERO),
            "the first too short to measure by"
        );
        growth.ended(4_000_000, Duration::from_secs(1));
        // 20 times the last: 80 million nodes, 20 seconds.
        assert!(growth.fits(Budget::nodes(80_000_000)));
        assert!(!growth.fits(Budget::nodes(79_999_999)));
        assert!(growth.fits(Budget::seconds(20.0)));
        assert!(!growth.fits(Budget::seconds(19.9)));
        assert!(!growth.fits(Budget {
            time: Some(Duration::from_secs(30)),
            max_nodes: 50_000_000,
        }));
        // A factor below the least assumed is taken as the least.
        growth.ended(6_000_000, Duration::from_secs(1));
        assert!(!growth.fits(Budget::seconds(3.9)));
        assert!(growth.fits(Budget::seconds(4.0)));
    }

    #[test]
    fn an_iteration_foreseen_not_to_end_is_not_begun() {
        let puzzle = Puzzle::ordered(Board::new(6, 6).unwrap());
        let state = &tilebase_testdata::deepcubea35()[0];
        let unknown = AtomicU32::new(u32::MAX);
        // Its iterations take 1.2 million nodes to 104 moves, 15.9 million to 106.
        let budget = Budget::nodes(15_000_000);
        let mut cut = Clock::start(budget, None);
        let cut_off = raise(&puzzle, &state.cells, &unknown, false, false, &mut cut);
        let mut foreseen = Clock::start(budget, None);
        let left = raise(&puzzle, &state.cells, &unknown, false, true, &mut foreseen);
        // The same bound either way; without foresight the budget is spent to its end on an
        // iteration that proves nothing, with it most of the budget is left.
        assert_eq!(left.lower_bound, cut_off.lower_bound);
        assert!(cut.nodes > 15_000_000, "{}", cut.nodes);
        assert!(foreseen.nodes < 2_000_000, "{}", foreseen.nodes);
        assert!(cut_off.lower_bound > puzzle.heuristic(&state.cells).unwrap());
    }
}
