//! Proven bounds on sliding-tile puzzles of any board up to 10x10, within a budget: a lower
//! bound on the optimal length, a solution (an upper bound), and "optimal" where they meet.
//!
//! Boards past 25 cells are beyond optimal search in general: a random 6x6 state needs about
//! 120 moves, and no one has proven the optimal length of one. What can be proven in seconds:
//! - the lower bound: the Manhattan distance plus linear conflicts, raised by every iteration
//!   of IDA* that completes without a solution ([`lower`](crate::Bounds::lower_bound));
//! - a solution: built piece by piece first (row by row, as people solve large boards: found
//!   for any state), then weighted A* and beam search over the same heuristic, each beam twice
//!   as wide as the last and, under a time budget, the last as wide as fits in what is left,
//!   each solution shortened by replacing its stretches with optimal paths.
//!
//! ```
//! use tilebase_bounds::{Budget, Puzzle, bound};
//!
//! let board = "6x6".parse()?;
//! let puzzle = Puzzle::ordered(board);
//! let mut cells = board.ordered_cells();
//! cells.swap(35, 29); // the blank one step up
//! cells.swap(29, 28); // and one left
//! let bounds = bound(&puzzle, &cells, Budget::seconds(1.0))?;
//! assert_eq!((bounds.lower_bound, bounds.length()), (2, Some(2)));
//! assert!(bounds.optimal());
//! assert_eq!(bounds.solution.unwrap().to_string(), "RD");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod beam;
mod budget;
mod construct;
mod lower;
pub mod patterns;
pub mod progress;
mod puzzle;
mod shorten;
mod walker;
mod weighted;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

use tilebase_core::{Move, Path};
use web_time::Instant;

#[doc(hidden)]
pub use beam::beam_solution;
pub use budget::Budget;
pub use patterns::{Partition, PartitionError, Patterns, Table};
pub use puzzle::{CellsError, Puzzle, check_cells, solvable};
#[doc(hidden)]
pub use shorten::shorten_solution;
#[doc(hidden)]
pub use weighted::weighted_solution;

use budget::Clock;

/// What is proven about one state's distance to its goal.
#[derive(Clone, Debug, PartialEq)]
pub struct Bounds {
    /// No solution is shorter: the heuristic, raised by the iterations of IDA* completed.
    pub lower_bound: u32,
    /// The shortest solution found, replayed to the goal before it is returned; `None` when
    /// the budget ran out before any (or was zero).
    pub solution: Option<Path>,
    /// Nodes generated, by every part of the search.
    pub nodes: u64,
    /// The time taken.
    pub seconds: f64,
}

impl Bounds {
    /// The solution's length: an upper bound on the optimal length.
    pub fn length(&self) -> Option<u32> {
        self.solution.as_ref().map(|p| p.len() as u32)
    }

    /// Whether the solution is proven optimal: the bounds meet.
    pub fn optimal(&self) -> bool {
        self.length() == Some(self.lower_bound)
    }
}

/// The bounds on `cells`' distance to the puzzle's goal within `budget`, on one thread.
///
/// The budget is spent in turn: up to half on raising the lower bound (an iteration of IDA*
/// foreseen not to end within the half is not begun), the rest on solutions (one built piece
/// by piece, weighted A*, then beams twice as wide each time, the last as wide as fits in what
/// is left), each solution shortened; the work ends early when the bounds meet. Refused,
/// before any search, when `cells` are not a state of the board or cannot reach the goal.
pub fn bound(puzzle: &Puzzle, cells: &[u8], budget: Budget) -> Result<Bounds, CellsError> {
    bound_with(puzzle, cells, budget, 1, None)
}

/// [`bound`] on `threads` threads, ended early (with what is proven by then) when `stop` is
/// set. With two or more, two are used: the lower bound is raised on one while the other seeks
/// solutions, each for the whole time and half the nodes.
pub fn bound_with(
    puzzle: &Puzzle,
    cells: &[u8],
    budget: Budget,
    threads: usize,
    stop: Option<&AtomicBool>,
) -> Result<Bounds, CellsError> {
    let heuristic = puzzle.heuristic(cells)?;
    let started = Instant::now();
    progress::begin(heuristic);
    let shared = Shared::new(puzzle, cells, heuristic, stop);
    if heuristic == 0 {
        shared.offer(Vec::new());
    } else if !budget.is_zero() {
        if threads >= 2 {
            // The bound on one thread and the solutions on the other, each with the whole
            // time and half the nodes.
            let half = Budget {
                time: budget.time,
                max_nodes: budget.share(0.5).max_nodes,
            };
            std::thread::scope(|scope| {
                scope.spawn(|| shared.raise(half, false));
                shared.solve(half);
            });
        } else {
            // Half for the bound, first: with no limit it runs until it meets the optimal
            // length, and near the goal that is at once. Then what is left for solutions,
            // with the time of an iteration that would not have ended within the half.
            let clock = shared.clock(budget);
            shared.raise(budget.share(0.5), true);
            let mut left = clock.remaining();
            if left.max_nodes != u64::MAX {
                left.max_nodes = budget
                    .max_nodes
                    .saturating_sub(shared.nodes.load(Ordering::Relaxed));
            }
            shared.solve(left);
        }
    }
    Ok(shared.bounds(started))
}

/// Solutions of `cells` within `budget`, on one thread, with `lower_bound` already proven (by
/// another search: no solution is shorter) and not raised here: what a search for the optimal
/// length that ran out of its budget gives, its last bound and a solution. The lower bound
/// returned is the larger of `lower_bound` and the heuristic; the work ends early when a
/// solution meets it.
pub fn solutions(
    puzzle: &Puzzle,
    cells: &[u8],
    lower_bound: u32,
    budget: Budget,
    stop: Option<&AtomicBool>,
) -> Result<Bounds, CellsError> {
    let heuristic = puzzle.heuristic(cells)?;
    let started = Instant::now();
    let shared = Shared::new(puzzle, cells, heuristic.max(lower_bound), stop);
    if heuristic == 0 {
        shared.offer(Vec::new());
    } else if !budget.is_zero() {
        shared.solve(budget);
    }
    Ok(shared.bounds(started))
}

/// One state's bounds being worked on, by one thread or two.
struct Shared<'a> {
    puzzle: &'a Puzzle,
    cells: &'a [u8],
    /// No solution is shorter.
    lower: AtomicU32,
    /// The best solution's length.
    upper: AtomicU32,
    best: Mutex<Option<Vec<Move>>>,
    nodes: AtomicU64,
    /// Set when the bounds meet: every part stops.
    met: AtomicBool,
    stop: Option<&'a AtomicBool>,
}

/// The first solution's weight on the heuristic, in tenths: on DeepCubeA's 7x7 states about
/// a million nodes each, twice the optimal length or so before it is shortened.
const FIRST_WEIGHT: u32 = 100;

/// The most nodes weighted A* may take for it: about 2 seconds and 300 MB.
const FIRST_NODES: u64 = 3_000_000;

/// The first beam's width.
const FIRST_WIDTH: usize = 256;

/// The stretches replaced by optimal paths, and the nodes each may take.
const WINDOW: usize = 16;
const PER_WINDOW: u64 = 20_000;

impl<'a> Shared<'a> {
    /// `cells` of `puzzle` to be worked on, `lower` proven, no solution yet.
    fn new(
        puzzle: &'a Puzzle,
        cells: &'a [u8],
        lower: u32,
        stop: Option<&'a AtomicBool>,
    ) -> Shared<'a> {
        Shared {
            puzzle,
            cells,
            lower: AtomicU32::new(lower),
            upper: AtomicU32::new(u32::MAX),
            best: Mutex::new(None),
            nodes: AtomicU64::new(0),
            met: AtomicBool::new(false),
            stop,
        }
    }

    /// What was proven and found since `started`.
    fn bounds(self, started: Instant) -> Bounds {
        let solution = self
            .best
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .map(Path::from);
        let lower_bound = self.lower.load(Ordering::Relaxed);
        debug_assert!(
            solution
                .as_ref()
                .is_none_or(|s| s.len() >= lower_bound as usize),
            "a solution shorter than the lower bound {lower_bound}"
        );
        Bounds {
            lower_bound,
            solution,
            nodes: self.nodes.load(Ordering::Relaxed),
            seconds: started.elapsed().as_secs_f64(),
        }
    }

    /// A clock for `budget` from now, stopped by the caller's stop or the bounds meeting.
    fn clock(&self, budget: Budget) -> Clock<'_> {
        Clock::start(budget, self.stop).or_stop(&self.met)
    }

    /// Whether the bounds meet; if so, every part is told to stop.
    fn check_met(&self) -> bool {
        let met = self.upper.load(Ordering::Relaxed) <= self.lower.load(Ordering::Relaxed);
        if met {
            self.met.store(true, Ordering::Relaxed);
        }
        met
    }

    /// Keeps `moves` if it is a solution shorter than the best.
    fn offer(&self, moves: Vec<Move>) {
        if self.puzzle.replay(self.cells, &moves).as_deref() != Some(self.puzzle.goal()) {
            return;
        }
        let mut best = self.best.lock().unwrap_or_else(|e| e.into_inner());
        if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
            self.upper.store(moves.len() as u32, Ordering::Relaxed);
            progress::found(moves.len() as u32);
            *best = Some(moves);
        }
        drop(best);
        self.check_met();
    }

    /// Shortens a beam's solution (worth it even when a little longer than the best), then
    /// offers it.
    fn shorten_and_offer(&self, moves: Vec<Move>, clock: &mut Clock<'_>) {
        self.shorten_by(moves, WINDOW, PER_WINDOW, clock);
    }

    /// Offers `moves` with each stretch of `window` made optimal within `per_window` nodes.
    fn shorten_by(&self, moves: Vec<Move>, window: usize, per_window: u64, clock: &mut Clock<'_>) {
        let before = clock.nodes;
        let moves = shorten::shorten(self.puzzle, self.cells, moves, window, per_window, clock);
        self.nodes
            .fetch_add(clock.nodes - before, Ordering::Relaxed);
        self.offer(moves);
    }

    /// Raises the lower bound within `budget`, up to the best solution's length; with
    /// `foresee`, ending before an iteration foreseen not to end within it.
    fn raise(&self, budget: Budget, foresee: bool) {
        let mut clock = self.clock(budget);
        let raised = lower::raise(
            self.puzzle,
            self.cells,
            &self.upper,
            true,
            foresee,
            &mut clock,
        );
        self.nodes.fetch_add(clock.nodes, Ordering::Relaxed);
        self.lower.fetch_max(raised.lower_bound, Ordering::Relaxed);
        if let Some(moves) = raised.solution {
            self.offer(moves);
        }
        self.check_met();
    }

    /// Solutions within `budget`, each shortened and offered: one built piece by piece (long,
    /// but found on any state), one by weighted A* (usually shorter), then beams each twice as
    /// wide as the last (without pattern databases, each width twice: towards the goal, and
    /// from the goal back to the state, [`backwards`]); under a time budget, once few more
    /// doublings would fit, one last beam (or pair) as wide as fits in most of what is left,
    /// then the best solution's longer stretches made optimal (without a time to foresee by,
    /// the doubling goes on, and where the next beam would not end, the longer stretches are
    /// made optimal before it).
    fn solve(&self, budget: Budget) {
        let mut clock = self.clock(budget);
        if self.check_met() {
            return;
        }
        let built = construct::construct(self.puzzle, self.cells, &mut clock);
        self.nodes.fetch_add(clock.nodes, Ordering::Relaxed);
        if let Some(moves) = built {
            self.shorten_and_offer(moves, &mut clock);
        }
        // Within a bound on its nodes (and memory) that random 6x6 and 7x7 states fit in.
        let before = clock.nodes;
        let first = weighted::weighted(
            self.puzzle,
            self.cells,
            FIRST_WEIGHT,
            FIRST_NODES,
            &mut clock,
        );
        self.nodes
            .fetch_add(clock.nodes - before, Ordering::Relaxed);
        if let Some(moves) = first {
            self.shorten_and_offer(moves, &mut clock);
        }
        let reverse = backwards(self.puzzle, self.cells);
        let mut width = FIRST_WIDTH;
        let mut windows = LONGER_WINDOWS.iter();
        let mut last = false;
        while !self.check_met() && !clock.is_out() {
            let best = self.upper.load(Ordering::Relaxed) as usize;
            // No wider beam fits in memory, or could end shorter than the best: what is left
            // goes to its longer stretches.
            if width > beam::widest(self.puzzle, best) {
                self.shorten_longer(&mut windows, &mut clock);
                break;
            }
            let before = clock.nodes;
            let began = Instant::now();
            let found = beam::beam(self.puzzle, self.cells, width, best, &mut clock);
            self.nodes
                .fetch_add(clock.nodes - before, Ordering::Relaxed);
            if let Some(moves) = found {
                self.shorten_and_offer(moves, &mut clock);
            }
            if let Some(back) = &reverse {
                let best = self.upper.load(Ordering::Relaxed) as usize;
                let before = clock.nodes;
                let found = beam::beam(back, self.puzzle.goal(), width, best, &mut clock);
                self.nodes
                    .fetch_add(clock.nodes - before, Ordering::Relaxed);
                if let Some(moves) = found {
                    self.shorten_and_offer(undone(moves), &mut clock);
                }
            }
            let spent = began.elapsed();
            if last {
                self.shorten_longer(LONGER_WINDOWS.iter(), &mut clock);
                break;
            }
            // Under a time budget, once what is left holds few more doublings, the doubling
            // ends with one last beam as wide as fits in most of it (each beam before it was
            // only half as wide as the next, so this is the widest by far), and the rest makes
            // the best solution's longer stretches optimal.
            if let Some(left) = clock.remaining().time
                && doubling_ends(width, spent, left)
            {
                let best = self.upper.load(Ordering::Relaxed) as usize;
                let wider = last_width(width, spent, left, beam::widest(self.puzzle, best));
                if wider > width {
                    width = wider;
                    last = true;
                    continue;
                }
                self.shorten_longer(LONGER_WINDOWS.iter(), &mut clock);
                break;
            }
            width *= 2;
            // A beam twice as wide takes about twice as long; where that is more than is
            // left, the best solution's longer stretches are made optimal first.
            if clock.remaining().time.is_some_and(|left| left < spent * 2) {
                self.shorten_longer(&mut windows, &mut clock);
            }
        }
    }

    /// The best solution with its longer stretches made optimal in turn, one for each of
    /// `windows` taken while the clock lasts.
    fn shorten_longer<'w>(
        &self,
        windows: impl IntoIterator<Item = &'w (usize, u64)>,
        clock: &mut Clock<'_>,
    ) {
        for &(window, per_window) in windows {
            if clock.is_out() {
                break;
            }
            let best = self.best.lock().unwrap_or_else(|e| e.into_inner()).clone();
            if let Some(moves) = best {
                self.shorten_by(moves, window, per_window, clock);
            }
        }
    }
}

/// The puzzle whose goal is `cells`, for beams from `puzzle`'s goal back to them, where
/// `puzzle` has no pattern databases (they serve its own goal alone). Without them, a beam from
/// the goal back is as well guided as one towards it, and goes another way: on 7x7 the shorter
/// of the two is about as short as one beam four times as wide (first ten of DeepCubeA's
/// 48-puzzle states: 292.8 moves, and 310.2 towards the goal alone; 292.4 four times as wide).
fn backwards(puzzle: &Puzzle, cells: &[u8]) -> Option<Puzzle> {
    if puzzle.patterns().is_some() {
        return None;
    }
    Puzzle::new(puzzle.board(), cells).ok()
}

/// The moves that undo `moves`: from where they end back to where they began.
fn undone(moves: Vec<Move>) -> Vec<Move> {
    moves.into_iter().rev().map(Move::opposite).collect()
}

/// The beams' doubling ends once what is left is less than this many times the last beam's
/// time: no more than three more doublings would end in it (2 + 4 + 8 = 14 times), the widest
/// of them 8 times as wide as the last, where one beam that fills it is up to 14 times (and
/// when less is left, the one doubling or two that fit would leave as much again unused).
const LAST_WHEN: f64 = 16.0;

/// Nor before a beam this wide: a narrower one's time is mostly the endgame's tries of
/// weighted A*, which do not grow with its width, and would foresee too wide a last beam.
const LAST_FROM_WIDTH: usize = 1 << 14;

/// The share of what is left that the last beam is sized to take: its time grows a little
/// faster than its width (on 6x6, 1.1 million states took 4% more than 8.4 times what 131,072
/// did), and what it leaves makes the best solution's longer stretches optimal.
const LAST_SHARE: f64 = 0.9;

/// Whether the doubling of the beams ends after one of `width` that took `spent`, with `left`.
fn doubling_ends(width: usize, spent: Duration, left: Duration) -> bool {
    width >= LAST_FROM_WIDTH && left.as_secs_f64() < spent.as_secs_f64() * LAST_WHEN
}

/// The last beam's width: what [`LAST_SHARE`] of `left` allows at the pace of the beam of
/// `width` that took `spent`, up to `widest` (what memory allows, [`beam::widest`]).
fn last_width(width: usize, spent: Duration, left: Duration, widest: usize) -> usize {
    let pace = width as f64 / spent.as_secs_f64().max(1e-3);
    let wide = pace * left.as_secs_f64() * LAST_SHARE;
    (wide as usize).min(widest)
}

/// Longer stretches made optimal, and the nodes each may take: after the last beam, or (without
/// one sized by time) once the next beam is foreseen not to end in time.
const LONGER_WINDOWS: [(usize, u64); 4] = [
    (24, 200_000),
    (32, 1_000_000),
    (40, 5_000_000),
    (48, 20_000_000),
];

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn the_beams_double_until_few_more_doublings_fit() {
        // 131,072 states in 2 s: with 16 times that left, they go on; with less, they end.
        assert!(!doubling_ends(1 << 17, 2 * SECOND, 32 * SECOND));
        assert!(doubling_ends(1 << 17, 2 * SECOND, 31 * SECOND));
        // A narrow beam's time is mostly the endgame's: it says little of a wider one's.
        assert!(!doubling_ends(1 << 13, SECOND, SECOND));
        assert!(doubling_ends(1 << 14, SECOND, SECOND));
    }

    #[test]
    fn the_last_beam_is_as_wide_as_fits_in_what_is_left() {
        let widest = beam::MAX_WIDTH;
        // 131,072 states in 3.5 s, 35 s left: 90% of ten times as many.
        let width = last_width(1 << 17, Duration::from_secs_f64(3.5), 35 * SECOND, widest);
        assert_eq!(width, (131_072.0 * 10.0 * LAST_SHARE) as usize);
        // No wider than memory allows, and narrower than the last when little is left (the
        // caller then makes none).
        assert_eq!(last_width(1 << 20, SECOND, 600 * SECOND, widest), widest);
        assert_eq!(last_width(1 << 20, SECOND, 600 * SECOND, 1 << 22), 1 << 22);
        assert!(last_width(1 << 17, 10 * SECOND, SECOND, widest) < 1 << 17);
        // A beam that took no measurable time is taken as a millisecond's.
        let width = last_width(1 << 14, Duration::ZERO, SECOND, widest);
        assert_eq!(width, (16_384_000.0 * LAST_SHARE) as usize);
    }

    #[test]
    fn a_beam_from_the_goal_back_undone_is_a_solution() {
        let board = "7x7".parse().expect("a board");
        let puzzle = Puzzle::ordered(board);
        let cells = &tilebase_testdata::deepcubea48()[0].cells;
        let back = backwards(&puzzle, cells).expect("no pattern databases");
        let mut clock = Clock::start(Budget::UNLIMITED, None);
        let moves = beam::beam(&back, puzzle.goal(), 256, usize::MAX, &mut clock).expect("found");
        // From the goal to the state; undone, from the state to the goal.
        assert_eq!(
            back.replay(puzzle.goal(), &moves).as_deref(),
            Some(&cells[..])
        );
        let moves = undone(moves);
        assert_eq!(puzzle.replay(cells, &moves).as_deref(), Some(puzzle.goal()));
        // Pattern databases serve their own goal alone: no beams back with them.
        let four = tilebase_core::Board::FOUR_BY_FOUR;
        let tiles: Vec<u8> = (1..16).collect();
        let groups = tiles.chunks(3).map(<[u8]>::to_vec).collect();
        let goal = Puzzle::ordered(four).goal().to_vec();
        let tables = Patterns::new(Partition::new(four, groups).expect("groups"), &goal, |h| {
            Table::build(four, h, 1, |_, _| {})
        })
        .expect("tables");
        let tabled = Puzzle::ordered(four)
            .with_patterns(std::sync::Arc::new(tables))
            .expect("the same goal");
        let mut cells = goal.clone();
        cells.swap(14, 15);
        assert!(backwards(&Puzzle::ordered(four), &cells).is_some());
        assert!(backwards(&tabled, &cells).is_none());
    }

    #[test]
    fn the_widest_beam_fits_in_its_memory() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        // 8 GB a beam, less where a beam on each core would pass 16 GB together.
        assert_eq!(
            beam::max_bytes() as u64,
            (8u64 << 30).min((16u64 << 30) / cores.max(2) as u64)
        );
        // 7x7 without pattern databases: 80 bytes a packed state; 290 moves deep.
        let puzzle = Puzzle::ordered("7x7".parse().expect("a board"));
        let per_state = 2 * 80 + 4 * 290 + 72;
        assert_eq!(beam::widest(&puzzle, 290), beam::max_bytes() / per_state);
        assert!(beam::widest(&puzzle, 290) * per_state <= beam::max_bytes());
        // A short solution leaves the width to its own bound; with none yet, the beam's
        // deepest (20 moves a cell and 100) is counted.
        assert_eq!(beam::widest(&puzzle, 10), beam::MAX_WIDTH);
        let per_state = 2 * 80 + 4 * (20 * 49 + 100) + 72;
        assert_eq!(
            beam::widest(&puzzle, u32::MAX as usize),
            beam::max_bytes() / per_state
        );
    }
}
