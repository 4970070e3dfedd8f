//! What the benchmarks share: seeded inputs, and the baseline solver.
#![forbid(unsafe_code)]

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tilebase_core::{Board, Parity, State};

/// The seed of every benchmark's inputs: the same states on every run.
pub const SEED: u64 = 0x7113_ba5e;

/// How many distinct states a benchmark of a fast answer runs over: more than a branch predictor
/// can learn. Over the same 1,024 states again and again, the processor learns which way the
/// search's branches go, and `solve` measured a third faster than over states it had not seen.
pub const FRESH: usize = 1 << 16;

/// `n` states drawn uniformly at random among those that can reach `goal`, the same for the same
/// seed.
pub fn random_states(goal: &State, n: usize, seed: u64) -> Vec<State> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let board = goal.board();
    (0..n)
        .map(|_| {
            let index = rng.random_range(0..board.states());
            State::from_index(board, goal.parity(), index).expect("an index in range")
        })
        .collect()
}

/// `n` arrangements of the board's tiles drawn uniformly at random, solvable or not: for any
/// goal, half cannot reach it. What a batch of random input looks like. The same for the same
/// seed.
pub fn random_arrangements(board: Board, n: usize, seed: u64) -> Vec<State> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            // Each parity half holds exactly half of the arrangements.
            let parity = if rng.random() {
                Parity::Even
            } else {
                Parity::Odd
            };
            let index = rng.random_range(0..board.states());
            State::from_index(board, parity, index).expect("an index in range")
        })
        .collect()
}

/// The baseline: the `pathfinding` crate's A* and IDA* with the Manhattan distance, on 3x3
/// positions as arrays. What a careful programmer writes without a table.
pub mod baseline {
    use pathfinding::prelude::{astar, idastar};

    /// A 3x3 position, row by row, 0 the blank.
    pub type Position = [u8; 9];

    fn successors(p: &Position) -> Vec<(Position, u32)> {
        let blank = p.iter().position(|&t| t == 0).unwrap_or(0);
        let (row, col) = (blank / 3, blank % 3);
        let mut out = Vec::with_capacity(4);
        let mut swap = |to: usize| {
            let mut next = *p;
            next.swap(blank, to);
            out.push((next, 1));
        };
        if row > 0 {
            swap(blank - 3);
        }
        if row < 2 {
            swap(blank + 3);
        }
        if col > 0 {
            swap(blank - 1);
        }
        if col < 2 {
            swap(blank + 1);
        }
        out
    }

    /// Manhattan distance to `goal`, with the goal cell of each tile.
    fn manhattan(p: &Position, goal_cell: &[usize; 9]) -> u32 {
        p.iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(cell, &t)| {
                let g = goal_cell[usize::from(t)];
                ((cell / 3).abs_diff(g / 3) + (cell % 3).abs_diff(g % 3)) as u32
            })
            .sum()
    }

    fn goal_cells(goal: &Position) -> [usize; 9] {
        let mut cells = [0; 9];
        for (cell, &t) in goal.iter().enumerate() {
            cells[usize::from(t)] = cell;
        }
        cells
    }

    /// The optimal number of moves by A*.
    pub fn astar_moves(start: &Position, goal: &Position) -> Option<u32> {
        let cells = goal_cells(goal);
        astar(start, successors, |p| manhattan(p, &cells), |p| p == goal).map(|(_, cost)| cost)
    }

    /// The optimal number of moves by IDA*.
    pub fn idastar_moves(start: &Position, goal: &Position) -> Option<u32> {
        let cells = goal_cells(goal);
        idastar(start, successors, |p| manhattan(p, &cells), |p| p == goal).map(|(_, cost)| cost)
    }
}
