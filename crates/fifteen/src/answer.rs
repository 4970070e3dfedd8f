//! Answers in the goal's own frame: the search runs in the canonical goal's frame of the
//! class, and its moves are turned back.

use tilebase_core::Move;
use tilebase_pattern::{FOUR_BY_FOUR, SolveError, Solver, cells_to_string};

use crate::files::PatternSet;

/// A state's answer: an optimal solution, or none because it cannot reach the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solved {
    /// The blank's moves, from the state to the goal.
    Moves(Vec<Move>),
    /// The state is in the other parity half.
    Unsolvable,
}

/// A move from a state, as `query --hint` lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The blank's move.
    pub slide: Move,
    /// The tile it slides.
    pub tile: u8,
    /// The distance it leads to.
    pub distance: usize,
}

impl Hint {
    /// Whether the move keeps a solution optimal from a state at `distance`.
    pub fn optimal(&self, distance: usize) -> bool {
        self.distance + 1 == distance
    }
}

/// Answers states for the goal of a [`PatternSet`].
pub struct Answerer<'a> {
    set: &'a PatternSet,
    solver: Solver<'a>,
}

impl<'a> Answerer<'a> {
    /// The answerer over `set`'s files, with the reflected lookup where the goal allows it.
    pub fn new(set: &'a PatternSet) -> Result<Answerer<'a>, String> {
        Ok(Answerer {
            set,
            solver: set.solver(true)?,
        })
    }

    /// The goal answered for.
    pub fn goal(&self) -> &[u8] {
        &self.set.goal
    }

    /// The files answered from.
    pub fn set(&self) -> &PatternSet {
        self.set
    }

    /// Whether `cells` (a permutation of the board's tiles) can reach the goal: a parity, no
    /// search.
    pub fn solvable(&self, cells: &[u8]) -> bool {
        tilebase_pattern::solvable(&FOUR_BY_FOUR, &self.set.goal, cells)
    }

    /// An optimal solution of `cells` (a permutation of the board's tiles) in its own frame,
    /// giving up after `max_nodes` nodes. With `threads` above 1 and no node limit, the search
    /// is shared among that many threads: the same solution, sooner.
    pub fn solve(
        &self,
        cells: &[u8],
        max_nodes: u64,
        threads: usize,
    ) -> Result<Solved, SolveError> {
        let frame = &self.set.frame;
        let image = frame.state(cells);
        let result = if threads > 1 && max_nodes == u64::MAX {
            self.solver.solve_parallel(&image, threads)
        } else {
            self.solver.solve(&image, max_nodes)
        };
        match result {
            Ok(solution) => {
                let moves: Vec<Move> = solution.moves.iter().map(|&m| frame.move_back(m)).collect();
                debug_assert_eq!(boards_of(cells, &moves).pop(), Some(self.set.goal.clone()));
                Ok(Solved::Moves(moves))
            }
            Err(SolveError::Unsolvable) => Ok(Solved::Unsolvable),
            Err(e) => Err(e),
        }
    }

    /// The optimal distance of `cells`, or `None` if it cannot reach the goal.
    pub fn distance(&self, cells: &[u8], max_nodes: u64) -> Result<Option<usize>, SolveError> {
        Ok(match self.solve(cells, max_nodes, 1)? {
            Solved::Moves(moves) => Some(moves.len()),
            Solved::Unsolvable => None,
        })
    }

    /// Optimal distances of many states, on every core, in their order; `None` where a state
    /// cannot reach the goal.
    pub fn distances<S: AsRef<[u8]> + Sync>(
        &self,
        states: &[S],
        max_nodes: u64,
    ) -> Vec<Result<Option<usize>, SolveError>> {
        let images: Vec<Vec<u8>> = states
            .iter()
            .map(|s| self.set.frame.state(s.as_ref()))
            .collect();
        self.solver
            .solve_all(&images, max_nodes)
            .into_iter()
            .map(|r| match r {
                Ok(solution) => Ok(Some(solution.moves.len())),
                Err(SolveError::Unsolvable) => Ok(None),
                Err(e) => Err(e),
            })
            .collect()
    }

    /// Every legal move from `cells`, at distance `distance`: the move, the tile it slides,
    /// and the exact distance it leads to (one search each).
    pub fn hints(
        &self,
        cells: &[u8],
        distance: usize,
        max_nodes: u64,
        threads: usize,
    ) -> Result<Vec<Hint>, SolveError> {
        let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
        let mut hints = Vec::new();
        for slide in Move::ALL {
            let Some(to) = FOUR_BY_FOUR.step(blank, slide) else {
                continue;
            };
            let mut next = cells.to_vec();
            next.swap(blank, to);
            // A neighbour is one move nearer or farther: d − 1 or d + 1.
            let reached = match self.solve(&next, max_nodes, threads)? {
                Solved::Moves(moves) => moves.len(),
                Solved::Unsolvable => distance + 1,
            };
            hints.push(Hint {
                slide,
                tile: cells[to],
                distance: reached,
            });
        }
        Ok(hints)
    }
}

/// The cells after each move from `cells`, the start first; a move off the board ends the
/// list.
pub fn boards_of(cells: &[u8], moves: &[Move]) -> Vec<Vec<u8>> {
    let mut boards = vec![cells.to_vec()];
    let mut state = cells.to_vec();
    let mut blank = state.iter().position(|&t| t == 0).unwrap_or(0);
    for &m in moves {
        let Some(to) = FOUR_BY_FOUR.step(blank, m) else {
            break;
        };
        state.swap(blank, to);
        blank = to;
        boards.push(state.clone());
    }
    boards
}

/// The tile each move slides.
pub fn tiles_moved(cells: &[u8], moves: &[Move]) -> Vec<u8> {
    let boards = boards_of(cells, moves);
    boards
        .windows(2)
        .map(|w| {
            let blank_after = w[1].iter().position(|&t| t == 0).unwrap_or(0);
            w[0][blank_after]
        })
        .collect()
}

/// Why `cells` cannot reach `goal`, as `query` says it on the other boards of even width.
pub fn unsolvable_reason(cells: &[u8], goal: &[u8]) -> String {
    let inversions = |c: &[u8]| -> u32 {
        let tiles: Vec<u8> = c.iter().copied().filter(|&t| t != 0).collect();
        let mut n = 0;
        for i in 0..tiles.len() {
            for j in i + 1..tiles.len() {
                n += u32::from(tiles[i] > tiles[j]);
            }
        }
        n
    };
    let row_from_bottom =
        |c: &[u8]| -> u32 { 3 - (c.iter().position(|&t| t == 0).unwrap_or(0) / 4) as u32 };
    let word = |n: u32| if n.is_multiple_of(2) { "even" } else { "odd" };
    let (si, sr, gi, gr) = (
        inversions(cells),
        row_from_bottom(cells),
        inversions(goal),
        row_from_bottom(goal),
    );
    format!(
        "inversions plus the blank's row from the bottom make {si}+{sr} ({}) where goal {} makes \
         {gi}+{gr} ({}), and no move on a board 4 wide changes that parity",
        word(si + sr),
        cells_to_string(goal),
        word(gi + gr)
    )
}
